//! Upper Mustang (`Scene::Desert`): eroded ochre cliffs with cave dwellings, an oasis
//! village and a pony caravan.

use std::fmt::Write as _;

use crate::VIEW_H;
use crate::colour::Rgb;
use crate::light::{Light, Time};
use crate::path::{P, crest, crest_y, poly, ribbon, smooth};
use crate::rng::Rng;
use crate::scenery::animals::{PONY, PONY_BLANKET, creature};
use crate::scenery::buildings::{chorten, house};
use crate::scenery::details::{figure, prayer_flags};
use crate::scenery::mountains::{peak_row, range, ridges};
use crate::scenery::sky::{clouds, sky};
use crate::svg::{Svg, put};

/// Upper Mustang: eroded ochre cliffs with cave dwellings above a dry valley and an oasis.
pub(crate) fn desert(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let horizon = rng.range(470.0, 530.0);
    let light = Light::pick(rng, &[Time::Day, Time::Day, Time::Day, Time::Golden], w, horizon);
    sky(svg, &light, horizon + 80.0, light.time != Time::Day);
    clouds(svg, rng, &light, 40.0, 200.0);
    let snowy = peak_row(rng, w, 4, horizon - 280.0, horizon - 150.0, horizon + 40.0);
    range(svg, rng, &snowy, horizon + 40.0, 0.4, 0.35, &light);
    let brown = peak_row(rng, w, 6, horizon - 150.0, horizon - 60.0, horizon + 120.0);
    ridges(svg, rng, &brown, horizon + 120.0, 0.25, 0.0, Rgb::hex(0xa47a5a), &light);

    // The cliff wall: stepped table-top, banded strata, fluted gullies and caves.
    let top_y = horizon + rng.range(10.0, 60.0);
    let mut edge = Vec::new();
    let mut x = -20.0;
    let mut y = top_y;
    while x < w + 40.0 {
        edge.push((x, y));
        x += rng.range(60.0, 180.0);
        edge.push((x, y));
        y = (y + rng.range(-50.0, 50.0)).clamp(top_y - 60.0, top_y + 80.0);
        x += rng.range(10.0, 30.0);
    }
    let cliff_foot = top_y + rng.range(190.0, 240.0);
    let mut outline = edge.clone();
    outline.push((w + 40.0, cliff_foot));
    outline.push((-20.0, cliff_foot));
    let cliff_d = poly(&outline);
    let clip = svg.clip(&cliff_d);
    let ochre = [0xc9743f, 0xd99a5b, 0xb85f3c, 0xe2b27a, 0xa9573b];
    put!(svg, "<g clip-path='{clip}'>");
    let mut sy = top_y - 90.0;
    let mut i = rng.below(5);
    while sy < cliff_foot {
        let band = rng.range(18.0, 55.0);
        svg.rect(-20.0, sy, w + 60.0, band + 1.0, light.far(Rgb::hex(ochre[i % 5]), 0.08));
        sy += band;
        i += 1 + rng.below(2);
    }
    // Vertical flutes: shadowed gullies hanging from the rim.
    let shade = light.shade.mix(Rgb::hex(0x5a2e22), 0.5);
    let mut flutes = String::new();
    let mut fx = 0.0;
    while fx < w {
        let fw = rng.range(6.0, 16.0);
        let rim = crest_y(&edge, fx);
        let len = rng.range(60.0, cliff_foot - rim);
        let _ = write!(
            flutes,
            "M{:.1} {rim:.1} L{:.1} {rim:.1} L{fx:.1} {:.1} Z ",
            fx - fw,
            fx + fw,
            rim + len
        );
        fx += rng.range(18.0, 40.0);
    }
    svg.path_o(&flutes, shade, 0.35);
    let mut caves = String::new();
    for _ in 0..rng.below(14) + 8 {
        let cx = rng.range(0.05, 0.95) * w;
        let cy = crest_y(&edge, cx) + rng.range(30.0, 120.0);
        let (cw, ch) = (rng.range(8.0, 14.0), rng.range(12.0, 18.0));
        let _ = write!(
            caves,
            "M{:.1} {:.1} v{:.1} a{:.1} {:.1} 0 0 1 {cw:.1} 0 v{ch:.1} Z ",
            cx - cw / 2.0,
            cy + ch,
            -ch,
            cw / 2.0,
            cw / 2.0
        );
    }
    svg.path(&caves, light.shade.darken(0.4));
    put!(svg, "</g>");
    let scree = svg.vertical(
        cliff_foot - 60.0,
        cliff_foot,
        &[(0.0, light.haze, 0.0), (1.0, light.lit(Rgb::hex(0xd9b98c)), 0.8)],
    );
    svg.rect(0.0, cliff_foot - 60.0, w, 60.0, scree);

    // The valley floor with the braided Kali Gandaki.
    let gravel = light.lit(Rgb::hex(0xd8c4a0));
    let floor =
        svg.vertical(cliff_foot, VIEW_H, &[(0.0, gravel, 1.0), (1.0, gravel.darken(0.18), 1.0)]);
    svg.rect(0.0, cliff_foot, w, VIEW_H - cliff_foot, floor);
    let water = light.sky[2].mix(Rgb::hex(0x8fa7b3), 0.4);
    for k in 0..4 {
        let y0 = cliff_foot + 20.0 + k as f32 * 25.0;
        let c = crest(rng, w, y0, 18.0, 0.6, 4);
        svg.stroke(&smooth(&c), water, 3.0 + 2.5 * k as f32, 0.8);
    }
    match rng.below(3) {
        0 => caravan(svg, rng, cliff_foot, &light),
        1 => {
            // Close by, a big chorten hung with flags.
            let x = rng.range(0.2, 0.8) * w;
            let h = rng.range(260.0, 320.0);
            let side = if rng.chance(0.5) { -1.0 } else { 1.0 };
            let village_x = x - side * rng.range(350.0, 500.0);
            oasis(svg, rng, village_x, cliff_foot + 110.0, &light);
            chorten(svg, (x, VIEW_H - rng.range(30.0, 60.0)), h, &light);
            let top = (x, VIEW_H - h * 1.05);
            prayer_flags(svg, rng, top, (x + side * w, top.1 + 140.0), 90.0, 22.0, &light);
        }
        _ => {
            let vx = rng.range(0.25, 0.75) * w;
            let vy = cliff_foot + rng.range(120.0, 180.0);
            oasis(svg, rng, vx, vy, &light);
            let cx = vx + rng.range(-500.0, 500.0);
            let h = rng.range(90.0, 130.0);
            chorten(svg, (cx, VIEW_H - rng.range(40.0, 120.0)), h, &light);
        }
    }
}

/// An oasis village of the dry north around (`x`, `y`): barley fields, poplars and
/// flat-roofed whitewashed houses.
fn oasis(svg: &mut Svg, rng: &mut Rng, x: f32, y: f32, light: &Light) {
    let greens = [0x7fb046, 0x9cc24f, 0x6a9e3c, 0xc9c45a];
    for _ in 0..6 {
        let fx = x + rng.range(-380.0, 300.0);
        let fy = y + rng.range(-40.0, 90.0);
        let (fw, fh) = (rng.range(90.0, 200.0), rng.range(24.0, 50.0));
        let skew = rng.range(-30.0, 30.0);
        let field =
            poly(&[(fx, fy), (fx + fw, fy), (fx + fw + skew, fy + fh), (fx + skew, fy + fh)]);
        svg.path(&field, light.lit(Rgb::hex(rng.pick(&greens))));
    }
    for i in 0..rng.below(6) + 5 {
        let hx = x + (i as f32 - 4.0) * 48.0 + rng.range(-10.0, 10.0);
        let hy = y + rng.range(-10.0, 14.0);
        let wall = Rgb::hex(rng.pick(&[0xf1ece0, 0xe6d3b3, 0xd9bf97]));
        let (hw, hh) = (rng.range(40.0, 60.0), rng.range(30.0, 52.0));
        house(svg, rng, (hx, hy), hw, hh, wall, None, light, 0.0);
    }
    for _ in 0..rng.below(5) + 3 {
        let px = x + rng.range(-420.0, 420.0);
        let py = y + rng.range(10.0, 70.0);
        let h = rng.range(90.0, 150.0);
        let crown = light.lit(Rgb::hex(rng.pick(&[0x8fb04a, 0xd8b640])));
        svg.rect(px - 2.0, py - h * 0.3, 4.0, h * 0.3, light.shaded(Rgb::hex(0x5b4030)));
        svg.ellipse((px, py - h * 0.6), h * 0.12, h * 0.36, crown);
    }
}

/// A pony caravan on a dusty trail across the valley floor, past a row of chortens.
fn caravan(svg: &mut Svg, rng: &mut Rng, from: f32, light: &Light) {
    let w = svg.w;
    let start = (rng.range(0.6, 0.9) * w, from + 40.0);
    let swing = rng.range(-300.0, 300.0);
    let path: Vec<P> = (0..=24)
        .map(|i| {
            let t = i as f32 / 24.0;
            (
                start.0 - t * w * 0.45 + swing * (t * 3.0).sin(),
                start.1 + (VIEW_H + 30.0 - start.1) * t * t,
            )
        })
        .collect();
    svg.path(&ribbon(&path, 8.0, 150.0), light.lit(Rgb::hex(0xe6d2ae)));
    for k in 0..3 {
        let (x, y) = path[6 + k];
        chorten(svg, (x + 60.0 + 20.0 * k as f32, y - 6.0), 40.0 + 12.0 * k as f32, light);
    }
    let coats = [0x5a3a28, 0x2e2622, 0x8a6a48, 0xd8cfc0];
    let blankets = [0xc0392b, 0xe8702a, 0x2f6fb0, 0xf2c230];
    for i in (8..=20).step_by(3) {
        let (x, y) = path[i];
        let t = i as f32 / 24.0;
        let scale = 0.25 + 1.1 * t * t;
        let coat = light.lit(Rgb::hex(rng.pick(&coats)));
        let facing_left = path[i + 1].0 < x;
        if rng.chance(0.5) {
            let rider_x = x + if facing_left { 10.0 } else { -10.0 } * scale * 4.0;
            figure(svg, (rider_x, y - 48.0 * scale), 55.0 * scale, light.shade.darken(0.4), None);
        }
        creature(svg, PONY, (x, y), scale, facing_left, coat);
        creature(
            svg,
            PONY_BLANKET,
            (x, y),
            scale,
            facing_left,
            light.lit(Rgb::hex(rng.pick(&blankets))),
        );
    }
}
