//! A portrait's head and face: the skin, eyes, brows, nose and mouth, beards, jewellery
//! and glasses.

use super::{Beard, CX, CY, Eyes, Hair, Mouth, Nose, Person};
use crate::colour::Rgb;
use crate::svg::{Svg, put};

impl Person {
    pub(super) fn head(&self, svg: &mut Svg) {
        let a = self.a;
        let skin = self.skin;
        if self.hair != Hair::Long {
            for dir in [-1.0, 1.0] {
                let ear = (CX + dir * 0.97 * a, self.eye_y() + 0.12 * a);
                svg.ellipse(ear, 0.17 * a, 0.27 * a, skin);
                svg.ellipse((ear.0 + dir * 0.02 * a, ear.1), 0.08 * a, 0.16 * a, skin.darken(0.12));
            }
        }
        let head = self.head_path();
        svg.path(&head, skin);
        // A soft shadow along one cheek gives the flat face some roundness.
        let clip = svg.clip(&head);
        put!(svg, "<g clip-path='{clip}'>");
        svg.ellipse((CX + 1.45 * a, CY + 0.2 * a), 0.7 * a, 1.7 * a, skin.darken(0.06));
        put!(svg, "</g>");
    }

    pub(super) fn features(&self, svg: &mut Svg) {
        let a = self.a;
        let ey = self.eye_y();
        let ink = Rgb::hex(0x241816);
        let brow_colour = self.hair_colour.darken(0.3).mix(ink, if self.elder { 0.2 } else { 0.5 });
        for dir in [-1.0, 1.0] {
            let ex = CX + dir * 0.42 * a;
            match self.eyes {
                Eyes::Happy => {
                    let arc = format!(
                        "M{:.1} {:.1} Q{ex:.1} {:.1} {:.1} {:.1}",
                        ex - 0.11 * a,
                        ey + 0.02 * a,
                        ey - 0.11 * a,
                        ex + 0.11 * a,
                        ey + 0.02 * a
                    );
                    svg.stroke(&arc, ink, 0.045 * a, 1.0);
                }
                Eyes::Dots => {
                    svg.ellipse((ex, ey), 0.09 * a, 0.105 * a, ink);
                    svg.circle((ex + 0.03 * a, ey - 0.04 * a), 0.032 * a, Rgb::hex(0xffffff), 0.9);
                }
                Eyes::Almond => {
                    let (l, r) = (ex - 0.13 * a, ex + 0.13 * a);
                    let eye = format!(
                        "M{l:.1} {ey:.1} Q{ex:.1} {:.1} {r:.1} {ey:.1} Q{ex:.1} {:.1} {l:.1} {ey:.1} Z",
                        ey - 0.15 * a,
                        ey + 0.11 * a
                    );
                    svg.path(&eye, Rgb::hex(0xfbf7f0));
                    let clip = svg.clip(&eye);
                    put!(svg, "<g clip-path='{clip}'>");
                    svg.circle((ex, ey - 0.01 * a), 0.072 * a, self.iris, 1.0);
                    svg.circle((ex, ey - 0.01 * a), 0.035 * a, ink, 1.0);
                    put!(svg, "</g>");
                    svg.circle((ex + 0.025 * a, ey - 0.035 * a), 0.02 * a, Rgb::hex(0xffffff), 0.9);
                    let lid = format!(
                        "M{:.1} {:.1} Q{ex:.1} {:.1} {:.1} {:.1}",
                        l - 0.01 * a,
                        ey + 0.01 * a,
                        ey - 0.16 * a,
                        r + dir * 0.03 * a,
                        ey - 0.03 * a
                    );
                    svg.stroke(&lid, ink, 0.035 * a, 1.0);
                }
            }
            // Brows sit relaxed and rise a little outwards: a friendly look.
            let (inner, outer) = (ex - dir * 0.14 * a, ex + dir * 0.15 * a);
            let brow = format!(
                "M{inner:.1} {:.1} Q{ex:.1} {:.1} {outer:.1} {:.1}",
                ey - 0.27 * a,
                ey - (0.32 + self.arch) * a,
                ey - 0.3 * a
            );
            svg.stroke(&brow, brow_colour, self.brow * a, 1.0);
            if self.elder {
                let lines = format!(
                    "M{:.1} {:.1} l{:.1} {:.1} M{:.1} {:.1} l{:.1} {:.1}",
                    ex + dir * 0.17 * a,
                    ey + 0.02 * a,
                    dir * 0.08 * a,
                    0.03 * a,
                    ex + dir * 0.17 * a,
                    ey + 0.08 * a,
                    dir * 0.07 * a,
                    0.07 * a
                );
                svg.stroke(&lines, self.skin.darken(0.25), 0.02 * a, 0.8);
            }
        }
        let shade = self.skin.darken(0.28);
        let ny = ey + 0.45 * a;
        match self.nose {
            Nose::Hook => {
                let nose = format!(
                    "M{:.1} {:.1} Q{:.1} {:.1} {CX:.1} {ny:.1}",
                    CX + 0.04 * a,
                    ey + 0.12 * a,
                    CX + 0.14 * a,
                    ny - 0.03 * a
                );
                svg.stroke(&nose, shade, 0.035 * a, 0.8);
                svg.stroke(
                    &format!(
                        "M{:.1} {ny:.1} Q{CX:.1} {:.1} {:.1} {ny:.1}",
                        CX - 0.09 * a,
                        ny + 0.05 * a,
                        CX + 0.05 * a
                    ),
                    shade,
                    0.035 * a,
                    0.9,
                );
            }
            Nose::Button => {
                svg.stroke(
                    &format!(
                        "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1}",
                        CX - 0.1 * a,
                        ny - 0.04 * a,
                        ny + 0.06 * a,
                        CX + 0.1 * a,
                        ny - 0.04 * a
                    ),
                    shade,
                    0.038 * a,
                    0.9,
                );
            }
            Nose::Shadow => {
                let wedge = format!(
                    "M{CX:.1} {:.1} Q{:.1} {:.1} {:.1} {ny:.1} Q{CX:.1} {:.1} {:.1} {:.1} Z",
                    ey + 0.1 * a,
                    CX + 0.1 * a,
                    ny - 0.15 * a,
                    CX + 0.11 * a,
                    ny + 0.05 * a,
                    CX - 0.1 * a,
                    ny
                );
                svg.path_o(&wedge, self.skin.darken(0.18), 0.8);
            }
        }

        for dir in [-1.0, 1.0] {
            svg.circle(
                (CX + dir * 0.58 * a, ey + 0.38 * a),
                0.16 * a,
                Rgb::hex(0xff6f6f),
                self.blush,
            );
        }
        let my = ny + 0.27 * a;
        let line = self.skin.darken(0.45).mix(Rgb::hex(0x8a2f3a), 0.45);
        match self.mouth {
            Mouth::Grin => {
                let mouth = format!(
                    "M{:.1} {my:.1} Q{CX:.1} {:.1} {:.1} {my:.1} Z",
                    CX - 0.28 * a,
                    my + 0.42 * a,
                    CX + 0.28 * a
                );
                svg.path(&mouth, Rgb::hex(0x5a1f24));
                let clip = svg.clip(&mouth);
                put!(svg, "<g clip-path='{clip}'>");
                svg.rect(CX - 0.3 * a, my - 0.02 * a, 0.6 * a, 0.1 * a, Rgb::hex(0xfbf8f2));
                svg.ellipse((CX, my + 0.24 * a), 0.16 * a, 0.08 * a, Rgb::hex(0xe0707a));
                put!(svg, "</g>");
            }
            Mouth::Smile => {
                let smile = format!(
                    "M{:.1} {my:.1} Q{CX:.1} {:.1} {:.1} {my:.1}",
                    CX - 0.24 * a,
                    my + 0.2 * a,
                    CX + 0.24 * a
                );
                svg.stroke(&smile, line, 0.05 * a, 1.0);
            }
            Mouth::Lips => {
                let lips = format!(
                    "M{:.1} {my:.1} Q{:.1} {:.1} {CX:.1} {:.1} Q{:.1} {:.1} {:.1} {my:.1} Q{CX:.1} {:.1} {:.1} {my:.1} Z",
                    CX - 0.23 * a,
                    CX - 0.1 * a,
                    my - 0.06 * a,
                    my - 0.02 * a,
                    CX + 0.1 * a,
                    my - 0.06 * a,
                    CX + 0.23 * a,
                    my + 0.2 * a,
                    CX - 0.23 * a
                );
                svg.path(&lips, self.lip_colour.mix(self.skin, 0.25));
                let parting = format!(
                    "M{:.1} {my:.1} Q{CX:.1} {:.1} {:.1} {my:.1}",
                    CX - 0.22 * a,
                    my + 0.07 * a,
                    CX + 0.22 * a
                );
                svg.stroke(&parting, self.lip_colour.darken(0.4), 0.025 * a, 1.0);
            }
        }
        if self.tika {
            svg.ellipse((CX, ey - 0.42 * a), 0.045 * a, 0.07 * a, Rgb::hex(0xd42a2a));
        }
    }

    pub(super) fn beard(&self, svg: &mut Svg) {
        let Some(beard) = self.beard else { return };
        let a = self.a;
        let ey = self.eye_y();
        let ny = ey + 0.45 * a;
        let my = ny + 0.27 * a;
        let hair = self.hair_colour.darken(0.05);
        let moustache = format!(
            "M{CX:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} Q{:.1} {:.1} {CX:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} Q{:.1} {:.1} {CX:.1} {:.1} Z",
            ny + 0.06 * a,
            CX - 0.25 * a,
            ny + 0.02 * a,
            CX - 0.33 * a,
            my + 0.04 * a,
            CX - 0.15 * a,
            my - 0.06 * a,
            my - 0.05 * a,
            CX + 0.15 * a,
            my - 0.06 * a,
            CX + 0.33 * a,
            my + 0.04 * a,
            CX + 0.25 * a,
            ny + 0.02 * a,
            ny + 0.06 * a
        );
        let chin = self.chin_y();
        let full = format!(
            "M{:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {CX:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} \
             L{:.1} {:.1} Q{:.1} {:.1} {CX:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} Z",
            CX - 1.0 * a,
            CY + 0.1 * a,
            CX - 1.0 * a,
            chin - 0.1 * a,
            CX - self.jaw * a,
            chin + 0.12 * a,
            chin + 0.12 * a,
            CX + self.jaw * a,
            chin + 0.12 * a,
            CX + 1.0 * a,
            chin - 0.1 * a,
            CX + 1.0 * a,
            CY + 0.1 * a,
            CX + 0.82 * a,
            CY + 0.2 * a,
            CX + 0.55 * a,
            my + 0.25 * a,
            my + 0.22 * a,
            CX - 0.55 * a,
            my + 0.25 * a,
            CX - 0.82 * a,
            CY + 0.2 * a
        );
        match beard {
            Beard::Stubble => {
                svg.path_o(&full, hair, 0.28);
                svg.path_o(&moustache, hair, 0.3);
            }
            Beard::Full => {
                svg.path(&full, hair);
                svg.path(&moustache, hair);
            }
            Beard::Moustache => svg.path(&moustache, hair),
            Beard::Goatee => {
                svg.path(&moustache, hair);
                let goatee = format!(
                    "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1} Q{:.1} {:.1} {CX:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} Z",
                    CX - 0.22 * a,
                    my + 0.2 * a,
                    my + 0.12 * a,
                    CX + 0.22 * a,
                    my + 0.2 * a,
                    CX + 0.2 * a,
                    chin,
                    chin + 0.08 * a,
                    CX - 0.2 * a,
                    chin,
                    CX - 0.22 * a,
                    my + 0.2 * a
                );
                svg.path(&goatee, hair);
            }
        }
        // The smile shows through the beard.
        if matches!(beard, Beard::Full | Beard::Goatee) && self.mouth != Mouth::Grin {
            let lips = self.skin.darken(0.45).mix(Rgb::hex(0x8a2f3a), 0.45);
            let smile = format!(
                "M{:.1} {my:.1} Q{CX:.1} {:.1} {:.1} {my:.1}",
                CX - 0.2 * a,
                my + 0.16 * a,
                CX + 0.2 * a
            );
            svg.stroke(&smile, lips.lighten(0.2), 0.05 * a, 1.0);
        }
    }

    pub(super) fn jewellery(&self, svg: &mut Svg) {
        let a = self.a;
        let gold = Rgb::hex(0xe6b43c);
        if self.nose_stud {
            svg.circle((CX - 0.1 * a, self.eye_y() + 0.43 * a), 0.028 * a, gold, 1.0);
        }
        if self.earrings && self.hair != Hair::Long {
            for dir in [-1.0, 1.0] {
                let (x, y) = (CX + dir * 0.98 * a, self.eye_y() + 0.45 * a);
                put!(
                    svg,
                    "<circle cx='{x:.1}' cy='{y:.1}' r='{:.1}' fill='none' stroke='{gold}' stroke-width='{:.1}'/>",
                    0.07 * a,
                    0.03 * a
                );
            }
        }
    }

    pub(super) fn glasses(&self, svg: &mut Svg) {
        let Some(frame) = self.glasses else { return };
        let a = self.a;
        let ey = self.eye_y();
        let (r, wdt) = (0.19 * a, 0.035 * a);
        for dir in [-1.0, 1.0] {
            let ex = CX + dir * 0.42 * a;
            put!(
                svg,
                "<rect x='{:.1}' y='{:.1}' width='{:.1}' height='{:.1}' rx='{:.1}' fill='#ffffff' fill-opacity='0.18' \
                 stroke='{frame}' stroke-width='{wdt:.1}'/>",
                ex - r * 1.1,
                ey - r * 0.85,
                2.2 * r,
                1.7 * r,
                r * 0.6
            );
            svg.stroke(
                &format!(
                    "M{:.1} {:.1} L{:.1} {:.1}",
                    ex + dir * r * 1.1,
                    ey - r * 0.3,
                    CX + dir * 0.97 * a,
                    ey - r * 0.1
                ),
                frame,
                wdt,
                1.0,
            );
        }
        svg.stroke(
            &format!(
                "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1}",
                CX - 0.42 * a + r * 1.1,
                ey - r * 0.2,
                ey - r * 0.55,
                CX + 0.42 * a - r * 1.1,
                ey - r * 0.2
            ),
            frame,
            wdt,
            1.0,
        );
    }
}
