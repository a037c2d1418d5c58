//! Small details that give a scene scale and life: tiny standing figures and prayer flags.

use crate::colour::Rgb;
use crate::light::Light;
use crate::path::{P, quad};
use crate::rng::Rng;
use crate::svg::{Svg, put};

/// Tibetan prayer flags on a sagging string from `a` to `b`.
pub(crate) fn prayer_flags(
    svg: &mut Svg,
    rng: &mut Rng,
    a: P,
    b: P,
    sag: f32,
    size: f32,
    light: &Light,
) {
    const COLOURS: [u32; 5] = [0x2f6fd0, 0xf4f1e8, 0xd8383a, 0x2f9e5b, 0xf2c230];
    let c = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0 + sag);
    let line = format!("M{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1}", a.0, a.1, c.0, c.1, b.0, b.1);
    svg.stroke(&line, light.shaded(Rgb::hex(0x5a4a40)), size * 0.06, 0.9);
    let length = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let n = (length / (size * 1.25)) as usize;
    let start = rng.below(5);
    for i in 1..n {
        let (x, y) = quad(a, c, b, i as f32 / n as f32);
        let colour = light.lit(Rgb::hex(COLOURS[(start + i) % 5]));
        let tilt = rng.range(-9.0, 9.0);
        let (fw, fh) = (size * 0.95, size * rng.range(1.05, 1.3));
        put!(
            svg,
            "<path d='M{:.1} {y:.1} l{fw:.1} 0 l{:.1} {fh:.1} l{:.1} 0 Z' fill='{colour}' \
             transform='rotate({tilt:.1} {x:.1} {y:.1})'/>",
            x - fw / 2.0,
            rng.range(-1.0, 1.0) * size * 0.12,
            -fw
        );
    }
}

/// A tiny standing figure for scale, `h` tall, feet at `base`.
pub(crate) fn figure(svg: &mut Svg, base: P, h: f32, colour: Rgb, pack: Option<Rgb>) {
    let (x, y) = base;
    let s = h / 10.0;
    svg.circle((x, y - 9.0 * s), 1.1 * s, colour, 1.0);
    let body = format!(
        "M{:.1} {:.1} L{:.1} {:.1} L{:.1} {:.1} L{:.1} {y:.1} L{:.1} {y:.1} L{:.1} {:.1} L{:.1} {:.1} Z",
        x - 1.5 * s,
        y - 7.6 * s,
        x + 1.5 * s,
        y - 7.6 * s,
        x + 1.3 * s,
        y - 3.5 * s,
        x + 1.1 * s,
        x - 1.1 * s,
        x - 1.3 * s,
        y - 3.5 * s,
        x - 1.5 * s,
        y - 7.6 * s
    );
    svg.path(&body, colour);
    if let Some(pack) = pack {
        put!(
            svg,
            "<rect x='{:.1}' y='{:.1}' width='{:.1}' height='{:.1}' rx='{:.1}' fill='{pack}'/>",
            x - 2.4 * s,
            y - 7.8 * s,
            2.2 * s,
            3.6 * s,
            0.6 * s
        );
    }
}
