//! A certificate on paper, with lines standing for the text, for the certificates the demo
//! guides submitted.

use image::DynamicImage;

use crate::colour::Rgb;
use crate::render::rasterise;
use crate::rng::Rng;
use crate::svg::{Svg, put};

/// A certificate on paper (no words: lines stand for the text), for the certificates the
/// demo guides submitted; `width`×`height` pixels, varied by `seed`.
pub fn certificate(seed: u64, width: u32, height: u32) -> DynamicImage {
    const W: f32 = 1100.0;
    const H: f32 = 780.0;
    let mut rng = Rng::new(seed, 0xce_47);
    let mut svg = Svg::new(W, H);
    let paper = Rgb::hex(0xfaf5e6).mix(Rgb::hex(0xeef2f8), rng.unit() * 0.6);
    let ink = [Rgb::hex(0x1c4573), Rgb::hex(0x731f1f), Rgb::hex(0x1f5c42)][rng.below(3)];
    let desk =
        svg.vertical(0.0, H, &[(0.0, Rgb::hex(0x5c4d40), 1.0), (1.0, Rgb::hex(0x433630), 1.0)]);
    svg.rect(0.0, 0.0, W, H, desk);
    let sheet = svg.vertical(40.0, H - 40.0, &[(0.0, paper, 1.0), (1.0, paper.darken(0.06), 1.0)]);
    svg.rect(40.0, 40.0, W - 80.0, H - 80.0, sheet);
    // Double border.
    put!(
        svg,
        "<rect x='70' y='70' width='{:.1}' height='{:.1}' fill='none' stroke='{ink}' stroke-width='6'/>",
        W - 140.0,
        H - 140.0
    );
    put!(
        svg,
        "<rect x='84' y='84' width='{:.1}' height='{:.1}' fill='none' stroke='{ink}' stroke-width='2' opacity='0.6'/>",
        W - 168.0,
        H - 168.0
    );
    // Title and lines of text.
    let centre = W / 2.0;
    let title = 360.0 + rng.range(-40.0, 40.0);
    svg.rect(centre - title / 2.0, 150.0, title, 34.0, ink);
    let subtitle = title * 0.6;
    svg.rect(centre - subtitle / 2.0, 205.0, subtitle, 14.0, ink.lighten(0.35));
    let name = 420.0 + rng.range(-60.0, 60.0);
    svg.rect(centre - name / 2.0, 290.0, name, 26.0, Rgb::hex(0x26262e));
    for row in 0..4 {
        let width = rng.range(520.0, 760.0) - row as f32 * 40.0;
        svg.rect(centre - width / 2.0, 360.0 + row as f32 * 34.0, width, 11.0, Rgb::hex(0x737380));
    }
    // Signatures over their lines, and the seal.
    for x in [230.0, 690.0] {
        let (a, b, c) = (rng.range(-25.0, 25.0), rng.range(-25.0, 25.0), rng.range(-15.0, 15.0));
        svg.stroke(
            &format!("M{x:.1} 600 c 30 {a:.1}, 50 {b:.1}, 80 -10 s 40 {c:.1}, 90 5"),
            Rgb::hex(0x1a1f4d),
            4.0,
            0.9,
        );
        svg.rect(x - 10.0, 625.0, 200.0, 3.0, Rgb::hex(0x4d4d59));
    }
    let gold = Rgb::hex(0xd4a133);
    let seal = (centre, 600.0);
    let rim =
        svg.radial(seal, 70.0, &[(0.0, gold.lighten(0.3), 1.0), (1.0, gold.darken(0.2), 1.0)]);
    svg.circle(seal, 62.0, rim, 1.0);
    svg.circle(seal, 44.0, ink.mix(gold, 0.15), 1.0);
    svg.circle(seal, 30.0, gold.lighten(0.15), 0.9);
    rasterise(&svg.finish(false), W, H, width, height, seed)
}
