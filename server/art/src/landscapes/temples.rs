//! The temple scenes: a Durbar Square with a tiered pagoda (`Scene::Pagoda`) and a great
//! white stupa hung with prayer flags (`Scene::Stupa`), both with pigeons.

use std::fmt::Write as _;

use crate::VIEW_H;
use crate::colour::Rgb;
use crate::light::{Light, Time};
use crate::path::crest;
use crate::rng::Rng;
use crate::scenery::buildings::{pagoda, shikhara, stupa, town};
use crate::scenery::details::{figure, prayer_flags};
use crate::scenery::plants::broadleaf;
use crate::scenery::sky::{birds, clouds, mist, sky};
use crate::scenery::terrain::hill;
use crate::svg::Svg;

/// A Durbar Square in warm light: a tiered pagoda on its stepped plinth among old houses.
pub(crate) fn pagoda_square(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let ground = rng.range(820.0, 870.0);
    let light = Light::pick(rng, &[Time::Golden, Time::Golden, Time::Dusk, Time::Day], w, 600.0);
    sky(svg, &light, ground, true);
    clouds(svg, rng, &light, 60.0, 300.0);
    let rim = crest(rng, w, ground - 260.0, 40.0, 0.5, 5);
    let c = light.far(Rgb::hex(0x4b5d6e), 0.6);
    hill(svg, &rim, c, c.mix(light.haze, 0.3), ground);
    mist(svg, &light, ground - 160.0, 120.0, 0.5);
    let x = rng.range(0.42, 0.6) * w;
    let tiers = rng.pick(&[2, 3, 3, 5]);
    let steps = if tiers == 5 { 5 } else { rng.below(3) + 2 };
    let h = rng.range(600.0, 700.0);
    town(svg, rng, -40.0, x - 380.0, ground - 30.0, 0.9, &light, 0.35);
    town(svg, rng, x + 380.0, w + 40.0, ground - 30.0, 0.9, &light, 0.35);
    let side = if rng.chance(0.5) { -1.0 } else { 1.0 };
    let other = x + side * rng.range(400.0, 520.0);
    if rng.chance(0.5) {
        shikhara(svg, (other, ground - 10.0), rng.range(330.0, 420.0), &light);
    } else {
        let sh = rng.range(300.0, 380.0);
        pagoda(svg, rng, (other, ground - 10.0), sh, 2, 2, &light);
    }
    pagoda(svg, rng, (x, ground + 10.0), h, tiers, steps, &light);

    // Brick paving, its joints converging on the temple.
    let brick = light.lit(Rgb::hex(0xa35a43));
    let paving = svg.vertical(
        ground,
        VIEW_H,
        &[(0.0, brick.mix(light.haze, 0.3), 1.0), (1.0, brick.darken(0.2), 1.0)],
    );
    svg.rect(0.0, ground + 8.0, w, VIEW_H - ground, paving);
    let mut joints = String::new();
    for i in 0..7 {
        let t = (i as f32 + 1.0) / 7.0;
        let _ = write!(joints, "M0 {:.1} H{w:.1} ", ground + 8.0 + (VIEW_H - ground) * t * t);
    }
    for i in -12..=12 {
        let _ = write!(
            joints,
            "M{:.1} {:.1} L{:.1} {VIEW_H:.1} ",
            x + i as f32 * 60.0,
            ground + 8.0,
            x + i as f32 * 260.0
        );
    }
    svg.stroke(&joints, brick.darken(0.3), 2.0, 0.35);
    for _ in 0..rng.below(4) + 2 {
        let px = rng.range(0.05, 0.95) * w;
        let py = rng.range(ground + 40.0, VIEW_H - 20.0);
        let scale = (py - ground) / (VIEW_H - ground);
        figure(svg, (px, py), 50.0 + 60.0 * scale, light.shade.darken(0.3), None);
    }
    pigeons(svg, rng, ground + 20.0, &light);
    let at = (rng.range(0.2, 0.8) * w, rng.range(120.0, 260.0));
    birds(svg, rng, at, light.shade.darken(0.3));
}

/// A flock of pigeons pecking on the square.
fn pigeons(svg: &mut Svg, rng: &mut Rng, from: f32, light: &Light) {
    let w = svg.w;
    let grey = light.lit(Rgb::hex(0x6d6f7c));
    let (cx, cy) = (rng.range(0.2, 0.8) * w, rng.range(from + 40.0, VIEW_H - 40.0));
    for _ in 0..rng.below(12) + 6 {
        let (x, y) = (cx + rng.range(-200.0, 200.0), cy + rng.range(-30.0, 30.0));
        let s = 6.0 + 10.0 * (y - from) / (VIEW_H - from);
        let dir = if rng.chance(0.5) { 1.0 } else { -1.0 };
        svg.ellipse((x, y - s), s * 1.4, s * 0.8, grey);
        svg.circle((x + dir * s * 1.2, y - s * 1.6), s * 0.5, grey.darken(0.2), 1.0);
    }
}

/// A great white stupa with prayer flags streaming from its spire.
pub(crate) fn stupa_scene(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let on_hill = rng.chance(0.35);
    let ground = if on_hill { rng.range(700.0, 760.0) } else { rng.range(830.0, 880.0) };
    let light = Light::pick(rng, &[Time::Day, Time::Day, Time::Golden, Time::Dusk], w, 500.0);
    sky(svg, &light, ground, light.time != Time::Day);
    clouds(svg, rng, &light, 50.0, 260.0);
    let x = rng.range(0.4, 0.6) * w;
    let s = if on_hill { rng.range(170.0, 200.0) } else { rng.range(250.0, 290.0) };
    if on_hill {
        // Swayambhu: the stupa crowns a wooded hill above the hazy valley.
        let far = crest(rng, w, ground - 120.0, 40.0, 0.5, 5);
        let c = light.far(Rgb::hex(0x50667a), 0.6);
        hill(svg, &far, c, light.haze, VIEW_H);
        mist(svg, &light, ground + 40.0, 120.0, 0.6);
        let hill_d = format!(
            "M{:.1} {VIEW_H:.1} C{:.1} {:.1} {:.1} {ground:.1} {x:.1} {ground:.1} C{:.1} {ground:.1} {:.1} {:.1} {:.1} {VIEW_H:.1} Z",
            x - 900.0,
            x - 500.0,
            ground + 60.0,
            x - 300.0,
            x + 300.0,
            x + 500.0,
            ground + 60.0,
            x + 900.0
        );
        let green = light.lit(Rgb::hex(0x3d6b3f));
        let fill =
            svg.vertical(ground, VIEW_H, &[(0.0, green, 1.0), (1.0, green.darken(0.35), 1.0)]);
        svg.path(&hill_d, fill);
        for _ in 0..26 {
            let tx = x + rng.range(-1.0, 1.0) * 700.0;
            let ty =
                ground + 40.0 + ((tx - x).abs() / 700.0).powf(1.5) * 220.0 + rng.range(0.0, 120.0);
            let th = rng.range(60.0, 110.0);
            broadleaf(svg, rng, (tx, ty), th, Rgb::hex(0x3a6a3a), &light);
        }
    } else {
        // Boudhanath: the stupa sits in a ring of houses.
        let rim = crest(rng, w, ground - 300.0, 50.0, 0.5, 5);
        let c = light.far(Rgb::hex(0x4b5d6e), 0.55);
        hill(svg, &rim, c, c.mix(light.haze, 0.3), ground);
        mist(svg, &light, ground - 150.0, 120.0, 0.5);
        town(svg, rng, -40.0, w + 40.0, ground - 20.0, 1.0, &light, 0.3);
    }
    let tip = stupa(svg, (x, ground + 4.0), s, &light);
    // Strings of flags fan out from the pinnacle and down out of the picture.
    for side in [-1.0, 1.0] {
        for k in 0..rng.below(2) + 2 {
            let reach = w * rng.range(0.45, 0.6);
            let drop = s * (0.9 + 0.45 * k as f32) + rng.range(-20.0, 20.0);
            let to = (x + side * reach, tip.1 + drop);
            prayer_flags(svg, rng, tip, to, 30.0 + 12.0 * k as f32, 17.0, &light);
        }
    }
    if !on_hill {
        let stone = light.lit(Rgb::hex(0xcfc6b4));
        let fill =
            svg.vertical(ground, VIEW_H, &[(0.0, stone, 1.0), (1.0, stone.darken(0.25), 1.0)]);
        svg.rect(0.0, ground, w, VIEW_H - ground, fill);
        for _ in 0..rng.below(6) + 4 {
            let px = rng.range(0.03, 0.97) * w;
            let py = rng.range(ground + 30.0, VIEW_H - 10.0);
            let colour = light.lit(Rgb::hex(rng.pick(&[0x8e2b2b, 0x7a2a3a, 0x3b4a6b, 0xc5762b])));
            figure(svg, (px, py), 50.0 + 0.5 * (py - ground), colour, None);
        }
        pigeons(svg, rng, ground, &light);
    }
}
