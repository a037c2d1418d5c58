//! Calm water: a mirror of everything drawn above it, with thin ripples of light.

use std::fmt::Write as _;

use crate::colour::Rgb;
use crate::light::Light;
use crate::rng::Rng;
use crate::svg::{Svg, put};

/// Calm water from `horizon` down to `bottom` mirroring everything drawn since `mark`,
/// coloured by the sky or, for glacial and jungle waters, leaning towards `tint`.
pub(crate) fn water(
    svg: &mut Svg,
    rng: &mut Rng,
    light: &Light,
    mark: usize,
    horizon: f32,
    bottom: f32,
    tint: Option<Rgb>,
) {
    let w = svg.w;
    let mirrored = svg.since(mark);
    let (mut top, mut low) =
        (light.sky[3].mix(light.sky[2], 0.4), light.sky[1].mix(light.sky[0], 0.4).darken(0.1));
    if let Some(tint) = tint {
        top = top.mix(tint, 0.45);
        low = low.mix(tint, 0.6);
    }
    let fill = svg.vertical(horizon, bottom, &[(0.0, top, 1.0), (1.0, low, 1.0)]);
    svg.rect(0.0, horizon, w, bottom - horizon, fill);
    let below = svg.clip(&format!("M0 {horizon:.1} H{w:.1} V{bottom:.1} H0 Z"));
    put!(
        svg,
        "<g clip-path='{below}'><g transform='matrix(1 0 0 -1 0 {:.1})' opacity='0.85'>{mirrored}</g></g>",
        2.0 * horizon
    );
    // Reflections fade and the water's own colour takes over towards the viewer.
    let veil = svg.vertical(horizon, bottom, &[(0.0, top, 0.2), (1.0, low, 0.75)]);
    svg.rect(0.0, horizon, w, bottom - horizon, veil);
    ripples(svg, rng, horizon, bottom, light.sky[3].lighten(0.4));
}

/// Thin light streaks on calm water, finer towards the horizon.
fn ripples(svg: &mut Svg, rng: &mut Rng, horizon: f32, bottom: f32, colour: Rgb) {
    let w = svg.w;
    let mut d = String::new();
    for _ in 0..90 {
        let t = rng.unit();
        let y = horizon + 6.0 + (bottom - horizon - 6.0) * t * t;
        let len = rng.range(20.0, 140.0) * (0.3 + t);
        let th = 1.0 + 2.5 * t;
        let x = rng.range(-0.05, 1.0) * w;
        let _ = write!(d, "M{x:.1} {y:.1} h{len:.1} v{th:.1} h{:.1} Z ", -len);
    }
    svg.path_o(&d, colour, 0.35);
}
