//! A portrait's hair, behind the head and in front of it, and hats.

use std::fmt::Write as _;

use super::{CX, CY, Hair, Hat, Person};
use crate::colour::Rgb;
use crate::path::P;
use crate::rng::Rng;
use crate::svg::{Svg, put};

impl Person {
    /// Hair that falls behind the head and shoulders.
    pub(super) fn back_hair(&self, svg: &mut Svg) {
        let a = self.a;
        let hair = self.hair_colour;
        match self.hair {
            Hair::Long | Hair::Braids => {
                let low = if self.hair == Hair::Long {
                    self.chin_y() + 1.2 * a
                } else {
                    self.chin_y() + 0.3 * a
                };
                let top = self.head_top() - 0.12 * a;
                let d = format!(
                    "M{:.1} {low:.1} C{:.1} {:.1} {:.1} {top:.1} {CX:.1} {top:.1} C{:.1} {top:.1} {:.1} {:.1} {:.1} {low:.1} \
                     Q{CX:.1} {:.1} {:.1} {low:.1} Z",
                    CX - 1.3 * a,
                    CX - 1.35 * a,
                    CY - 0.6 * a,
                    CX - 1.2 * a,
                    CX + 1.2 * a,
                    CX + 1.35 * a,
                    CY - 0.6 * a,
                    CX + 1.3 * a,
                    low + 0.25 * a,
                    CX - 1.3 * a
                );
                svg.path(&d, hair.darken(0.15));
            }
            Hair::Bun if self.hat.is_none() => {
                let top = self.head_top();
                svg.circle((CX, top - 0.05 * a), 0.42 * a, hair.darken(0.1), 1.0);
                svg.circle((CX - 0.1 * a, top - 0.14 * a), 0.22 * a, hair.lighten(0.12), 0.5);
            }
            Hair::Ponytail => {
                // Tied at the back, the tail shows just beside the neck.
                let d = format!(
                    "M{:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} Z",
                    CX + 0.6 * a,
                    CY - 0.9 * a,
                    CX + 1.35 * a,
                    CY - 0.8 * a,
                    CX + 1.3 * a,
                    CY + 0.6 * a,
                    CX + 1.02 * a,
                    CY + 1.25 * a,
                    CX + 0.95 * a,
                    CY + 0.6 * a,
                    CX + 0.9 * a,
                    CY - 0.2 * a,
                    CX + 0.6 * a,
                    CY - 0.9 * a
                );
                svg.path(&d, hair.darken(0.12));
            }
            _ => {}
        }
    }

    pub(super) fn front_hair(&self, svg: &mut Svg, rng: &mut Rng) {
        let a = self.a;
        let hair = self.hair_colour;
        let top = self.head_top();
        let volume = match self.hair {
            Hair::SidePart | Hair::Curly => 0.2,
            Hair::Buzz | Hair::Bald => 0.0,
            _ => 0.1,
        } * a;
        let crown = top - volume;
        // The outer edge of the hair over the skull, from the left temple to the right.
        let outer = |low: f32, spread: f32| {
            format!(
                "M{:.1} {low:.1} C{:.1} {:.1} {:.1} {crown:.1} {CX:.1} {crown:.1} C{:.1} {crown:.1} {:.1} {:.1} {:.1} {low:.1}",
                CX - spread * a,
                CX - (spread + 0.06) * a,
                CY - 0.75 * a,
                CX - 0.66 * a,
                CX + 0.66 * a,
                CX + (spread + 0.06) * a,
                CY - 0.75 * a,
                CX + spread * a
            )
        };
        match self.hair {
            Hair::Bald => {
                // A fringe of hair around the ears.
                for dir in [-1.0, 1.0] {
                    let side = format!(
                        "M{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} L{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} Z",
                        CX + dir * 1.03 * a,
                        CY + 0.15 * a,
                        CX + dir * 1.08 * a,
                        CY - 0.35 * a,
                        CX + dir * 0.8 * a,
                        CY - 0.6 * a,
                        CX + dir * 0.86 * a,
                        CY - 0.42 * a,
                        CX + dir * 0.95 * a,
                        CY - 0.2 * a,
                        CX + dir * 0.93 * a,
                        CY + 0.15 * a
                    );
                    svg.path(&side, hair);
                }
                let shine = format!(
                    "M{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1}",
                    CX - 0.5 * a,
                    top + 0.25 * a,
                    CX - 0.35 * a,
                    top + 0.08 * a,
                    CX - 0.1 * a,
                    top + 0.05 * a
                );
                svg.stroke(&shine, self.skin.lighten(0.35), 0.06 * a, 0.6);
            }
            Hair::Long | Hair::Braids => {
                // Parted in the middle, framing the face down to the jaw.
                let part = CX + rng.range(-0.15, 0.15) * a;
                let low =
                    if self.hair == Hair::Long { self.chin_y() + 0.2 * a } else { CY + 0.3 * a };
                let d = format!(
                    "{} L{:.1} {low:.1} C{:.1} {:.1} {:.1} {:.1} {part:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {low:.1} Z",
                    outer(low, 1.12),
                    CX + 0.93 * a,
                    CX + 0.98 * a,
                    CY - 0.5 * a,
                    part + 0.5 * a,
                    CY - 0.85 * a,
                    CY - 0.92 * a,
                    part - 0.5 * a,
                    CY - 0.85 * a,
                    CX - 0.98 * a,
                    CY - 0.5 * a,
                    CX - 0.93 * a
                );
                svg.path(&d, hair);
                if self.hair == Hair::Braids {
                    for dir in [-1.0, 1.0] {
                        let x = CX + dir * 0.98 * a;
                        let mut y = CY + 0.3 * a;
                        while y < self.chin_y() + 1.5 * a {
                            svg.ellipse((x, y), 0.13 * a, 0.15 * a, hair);
                            svg.stroke(
                                &format!(
                                    "M{:.1} {y:.1} q{:.1} {:.1} {:.1} {:.1}",
                                    x - 0.1 * a,
                                    0.1 * a,
                                    0.05 * a,
                                    0.2 * a,
                                    0.1 * a
                                ),
                                hair.lighten(0.15),
                                0.025 * a,
                                0.8,
                            );
                            y += 0.22 * a;
                        }
                        svg.ellipse((x, y), 0.08 * a, 0.05 * a, self.accent);
                    }
                }
            }
            _ => {
                // Short cuts: a cap of hair over a hairline that differs by style.
                let hairline: Vec<P> = match self.hair {
                    Hair::SidePart => vec![
                        (CX + 0.92 * a, CY - 0.05 * a),
                        (CX + 0.85 * a, CY - 0.45 * a),
                        (CX + 0.35 * a, CY - 0.62 * a),
                        (CX - 0.25 * a, CY - 0.78 * a),
                        (CX - 0.6 * a, CY - 0.85 * a),
                        (CX - 0.9 * a, CY - 0.55 * a),
                        (CX - 0.93 * a, CY - 0.05 * a),
                    ],
                    Hair::Ponytail | Hair::Bun => vec![
                        (CX + 0.92 * a, CY - 0.1 * a),
                        (CX + 0.75 * a, CY - 0.6 * a),
                        (CX + 0.1 * a, CY - 0.78 * a),
                        (CX, CY - 0.7 * a),
                        (CX - 0.1 * a, CY - 0.78 * a),
                        (CX - 0.75 * a, CY - 0.6 * a),
                        (CX - 0.92 * a, CY - 0.1 * a),
                    ],
                    _ => vec![
                        (CX + 0.93 * a, CY - 0.05 * a),
                        (CX + 0.8 * a, CY - 0.5 * a),
                        (CX + 0.4 * a, CY - 0.62 * a),
                        (CX + 0.05 * a, CY - 0.58 * a),
                        (CX - 0.35 * a, CY - 0.64 * a),
                        (CX - 0.8 * a, CY - 0.5 * a),
                        (CX - 0.93 * a, CY - 0.05 * a),
                    ],
                };
                let mut d = outer(CY - 0.05 * a, 1.04);
                for (x, y) in &hairline {
                    let _ = write!(d, " L{x:.1} {y:.1}");
                }
                d.push_str(" Z");
                let (fill, opacity) =
                    if self.hair == Hair::Buzz { (hair, 0.85) } else { (hair, 1.0) };
                svg.path_o(&d, fill, opacity);
                if self.hair == Hair::Curly {
                    let mut curls = String::new();
                    for i in 0..11 {
                        let t = i as f32 / 10.0 * std::f32::consts::PI;
                        let (x, y) =
                            (CX - t.cos() * 1.02 * a, CY - 0.2 * a - t.sin() * (1.0 * a + volume));
                        let r = 0.2 * a;
                        let _ = write!(
                            curls,
                            "M{:.1} {y:.1} a{r:.1} {r:.1} 0 1 0 {:.1} 0 a{r:.1} {r:.1} 0 1 0 {:.1} 0 ",
                            x - r,
                            2.0 * r,
                            -2.0 * r
                        );
                    }
                    svg.path(&curls, hair);
                }
            }
        }
        if !matches!(self.hair, Hair::Bald | Hair::Buzz) {
            let shine = format!(
                "M{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1}",
                CX - 0.55 * a,
                crown + 0.22 * a,
                CX - 0.35 * a,
                crown + 0.06 * a,
                CX - 0.05 * a,
                crown + 0.05 * a
            );
            svg.stroke(&shine, hair.lighten(0.25), 0.05 * a, 0.5);
        }
    }

    pub(super) fn hat(&self, svg: &mut Svg, rng: &mut Rng) {
        let Some(hat) = self.hat else { return };
        let a = self.a;
        match hat {
            Hat::Topi => {
                // The weave: bold diamonds and chevrons in bright colours on a dark or pale ground.
                let base = Rgb::hex(rng.pick(&[0x1f1b2e, 0xf3efe6, 0x7a1f2b, 0x1d3557]));
                let motifs = [0xd7263d, 0xf49d37, 0x1b998b, 0xf6f0e8, 0x3a86ff, 0xffd23f, 0x2a9d8f];
                let [c1, c2, c3] = [0, 1, 2].map(|_| Rgb::hex(rng.pick(&motifs)));
                let t = 0.26 * a;
                let h = t / 2.0;
                let tile = format!(
                    "<rect width='{t:.1}' height='{t:.1}' fill='{base}'/>\
                     <path d='M{h:.1} {:.1} L{:.1} {h:.1} L{h:.1} {:.1} L{:.1} {h:.1} Z' fill='{c1}'/>\
                     <path d='M{h:.1} {:.1} L{:.1} {h:.1} L{h:.1} {:.1} L{:.1} {h:.1} Z' fill='{c2}'/>\
                     <path d='M0 0 L{:.1} 0 L0 {:.1} Z M{t:.1} 0 L{:.1} 0 L{t:.1} {:.1} Z M0 {t:.1} L{:.1} {t:.1} L0 {:.1} Z \
                     M{t:.1} {t:.1} L{:.1} {t:.1} L{t:.1} {:.1} Z' fill='{c3}'/>",
                    t * 0.12,
                    t * 0.88,
                    t * 0.88,
                    t * 0.12,
                    t * 0.32,
                    t * 0.68,
                    t * 0.68,
                    t * 0.32,
                    t * 0.22,
                    t * 0.22,
                    t * 0.78,
                    t * 0.22,
                    t * 0.22,
                    t * 0.78,
                    t * 0.78,
                    t * 0.78
                );
                let weave = svg.pattern(t, &tile);
                // One end of the cap stands a little taller than the other.
                let rise = if rng.chance(0.5) { 1.0 } else { -1.0 };
                let (y0, hl, hr) = (CY - 0.6 * a, 0.98 + 0.1 * rise, 0.98 - 0.1 * rise);
                let d = format!(
                    "M{:.1} {y0:.1} L{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1} L{:.1} {y0:.1} Q{CX:.1} {:.1} {:.1} {y0:.1} Z",
                    CX - 1.03 * a,
                    CX - 0.9 * a,
                    y0 - hl * a,
                    y0 - 1.02 * a,
                    CX + 0.9 * a,
                    y0 - hr * a,
                    CX + 1.03 * a,
                    y0 + 0.12 * a,
                    CX - 1.03 * a
                );
                svg.path(&d, weave);
                let clip = svg.clip(&d);
                // A shadow on one side gives it volume.
                put!(svg, "<g clip-path='{clip}'>");
                put!(
                    svg,
                    "<rect x='{:.1}' y='{:.1}' width='{:.1}' height='{:.1}' fill='#000000' opacity='0.16'/>",
                    CX + 0.5 * a,
                    y0 - 1.3 * a,
                    0.7 * a,
                    1.5 * a
                );
                put!(svg, "</g>");
                svg.stroke(
                    &format!(
                        "M{:.1} {y0:.1} Q{CX:.1} {:.1} {:.1} {y0:.1}",
                        CX - 1.03 * a,
                        y0 + 0.12 * a,
                        CX + 1.03 * a
                    ),
                    base.darken(0.35),
                    0.06 * a,
                    1.0,
                );
            }
            Hat::Beanie => {
                let wool = self.accent;
                let band_y = CY - 0.72 * a;
                let dome = format!(
                    "M{:.1} {band_y:.1} C{:.1} {:.1} {:.1} {:.1} {CX:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {band_y:.1} Z",
                    CX - 1.04 * a,
                    CX - 1.08 * a,
                    CY - 1.45 * a,
                    CX - 0.6 * a,
                    CY - 1.62 * a,
                    CY - 1.62 * a,
                    CX + 0.6 * a,
                    CY - 1.62 * a,
                    CX + 1.08 * a,
                    CY - 1.45 * a,
                    CX + 1.04 * a
                );
                svg.path(&dome, wool);
                let mut ribs = String::new();
                for i in 0..13 {
                    let x = CX - 1.0 * a + i as f32 * a / 6.0;
                    let _ = write!(ribs, "M{x:.1} {:.1} v{:.1} ", band_y - 0.02 * a, 0.26 * a);
                }
                put!(
                    svg,
                    "<rect x='{:.1}' y='{:.1}' width='{:.1}' height='{:.1}' rx='{:.1}' fill='{}'/>",
                    CX - 1.1 * a,
                    band_y - 0.05 * a,
                    2.2 * a,
                    0.32 * a,
                    0.12 * a,
                    wool.darken(0.15)
                );
                svg.stroke(&ribs, wool.darken(0.3), 0.03 * a, 0.6);
                if rng.chance(0.6) {
                    svg.circle((CX, CY - 1.66 * a), 0.2 * a, self.cloth.lighten(0.3), 1.0);
                }
            }
            Hat::Brimmed => {
                let canvas = Rgb::hex(rng.pick(&[0xd8c8a0, 0x9aa58a, 0x6f7f8f, 0xe8e0cc]));
                svg.ellipse((CX, CY - 0.68 * a), 1.6 * a, 0.26 * a, canvas.darken(0.08));
                let crown = format!(
                    "M{:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {CX:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} Z",
                    CX - 0.9 * a,
                    CY - 0.7 * a,
                    CX - 0.92 * a,
                    CY - 1.42 * a,
                    CX - 0.5 * a,
                    CY - 1.55 * a,
                    CY - 1.55 * a,
                    CX + 0.5 * a,
                    CY - 1.55 * a,
                    CX + 0.92 * a,
                    CY - 1.42 * a,
                    CX + 0.9 * a,
                    CY - 0.7 * a
                );
                svg.path(&crown, canvas);
                svg.rect(CX - 0.9 * a, CY - 0.92 * a, 1.8 * a, 0.16 * a, self.accent.darken(0.1));
            }
        }
    }
}
