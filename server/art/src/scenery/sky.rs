//! The sky and what is in it: the sun and its glow, clouds, bands of mist and birds.

use std::fmt::Write as _;

use crate::colour::Rgb;
use crate::light::{Light, Time};
use crate::path::P;
use crate::rng::Rng;
use crate::svg::{Svg, put};

/// The sky down to `horizon`, with the sun's glow and disc.
pub(crate) fn sky(svg: &mut Svg, light: &Light, horizon: f32, show_sun: bool) {
    let [a, b, c, d] = light.sky;
    let fill =
        svg.vertical(0.0, horizon, &[(0.0, a, 1.0), (0.45, b, 1.0), (0.8, c, 1.0), (1.0, d, 1.0)]);
    svg.rect(0.0, 0.0, svg.w, svg.h, fill);
    let glow_r = if light.time == Time::Day { 380.0 } else { 620.0 };
    let glow = svg.radial(
        light.sun_at,
        glow_r,
        &[
            (0.0, light.sun, 0.75),
            (0.2, light.sun, 0.35),
            (0.55, light.sun, 0.1),
            (1.0, light.sun, 0.0),
        ],
    );
    svg.circle(light.sun_at, glow_r, glow, 1.0);
    if show_sun {
        let r = if light.time == Time::Day { 34.0 } else { 44.0 };
        svg.circle(light.sun_at, r * 1.5, light.sun, 0.25);
        svg.circle(light.sun_at, r, light.sun.lighten(0.4), 1.0);
    }
}

/// Clouds between heights `top` and `bottom`: puffy at midday, long lit streaks otherwise.
pub(crate) fn clouds(svg: &mut Svg, rng: &mut Rng, light: &Light, top: f32, bottom: f32) {
    let w = svg.w;
    if light.time == Time::Day {
        for _ in 0..rng.below(4) + 1 {
            let (x, y) = (rng.range(-0.1, 1.0) * w, rng.range(top, bottom));
            let s = rng.range(0.6, 1.3);
            let opacity = rng.range(0.55, 0.85);
            puff(svg, rng, (x, y), s, Rgb::hex(0xffffff), opacity);
        }
    } else {
        let colour = light.sun.mix(light.sky[2], 0.35).lighten(0.25);
        let shadow = light.sky[1].mix(light.sky[2], 0.5);
        for _ in 0..rng.below(6) + 3 {
            let (x, y) = (rng.range(-0.2, 1.0) * w, rng.range(top, bottom));
            let (len, th) = (rng.range(140.0, 480.0), rng.range(7.0, 18.0));
            let c = if rng.chance(0.3) { shadow } else { colour };
            put!(
                svg,
                "<rect x='{x:.1}' y='{y:.1}' width='{len:.1}' height='{th:.1}' rx='{:.1}' fill='{c}' opacity='{:.2}'/>",
                th / 2.0,
                rng.range(0.25, 0.6)
            );
        }
    }
}

/// A flat cartoon cloud: overlapping domes on a flat base.
fn puff(svg: &mut Svg, rng: &mut Rng, at: P, scale: f32, colour: Rgb, opacity: f32) {
    let base = at.1;
    let width = 260.0 * scale;
    let mut d = String::new();
    let n = 3 + rng.below(3);
    for i in 0..n {
        let t = (i as f32 + 0.5) / n as f32;
        let cx = at.0 + t * width;
        let r = (1.0 - (t - 0.5).abs() * 1.2) * rng.range(40.0, 62.0) * scale;
        let _ = write!(d, "M{:.1} {base:.1} a{r:.1} {r:.1} 0 0 1 {:.1} 0 Z ", cx - r, 2.0 * r);
    }
    let shade = colour.mix(Rgb::hex(0x9fb6d6), 0.35);
    put!(svg, "<g opacity='{opacity:.2}'><path d='{d}' fill='{colour}'/>");
    put!(
        svg,
        "<rect x='{:.1}' y='{:.1}' width='{width:.1}' height='{:.1}' rx='{:.1}' fill='{shade}'/></g>",
        at.0,
        base - 6.0 * scale,
        12.0 * scale,
        6.0 * scale
    );
}

/// A band of mist centred on `y`, `depth` thick: it separates layers and gives depth.
pub(crate) fn mist(svg: &mut Svg, light: &Light, y: f32, depth: f32, strength: f32) {
    let haze = light.haze.lighten(0.15);
    let fill = svg.vertical(
        y - depth,
        y + depth,
        &[(0.0, haze, 0.0), (0.5, haze, strength), (1.0, haze, 0.0)],
    );
    svg.rect(0.0, y - depth, svg.w, 2.0 * depth, fill);
}

/// Small birds in flight, as a flock of soft V strokes.
pub(crate) fn birds(svg: &mut Svg, rng: &mut Rng, at: P, colour: Rgb) {
    let mut d = String::new();
    for _ in 0..rng.below(5) + 2 {
        let (x, y) = (at.0 + rng.range(-90.0, 90.0), at.1 + rng.range(-40.0, 40.0));
        let s = rng.range(7.0, 13.0);
        let _ = write!(
            d,
            "M{:.1} {:.1} Q{:.1} {:.1} {x:.1} {y:.1} Q{:.1} {:.1} {:.1} {:.1} ",
            x - s,
            y - s * 0.35,
            x - s * 0.45,
            y - s * 0.5,
            x + s * 0.45,
            y - s * 0.5,
            x + s,
            y - s * 0.35
        );
    }
    svg.stroke(&d, colour, 2.4, 0.8);
}
