//! The high Himalaya (`Scene::Peaks`): a snow range over layered ridges, seen from a
//! flag-hung knoll, across a glacial lake or along a trail with trekkers.

use std::fmt::Write as _;

use crate::VIEW_H;
use crate::colour::Rgb;
use crate::light::{Light, Time};
use crate::path::{P, crest, crest_y, ribbon};
use crate::rng::Rng;
use crate::scenery::buildings::{chorten, house};
use crate::scenery::details::{figure, prayer_flags};
use crate::scenery::mountains::{Peak, peak_row, range};
use crate::scenery::sky::{birds, clouds, mist, sky};
use crate::scenery::terrain::{foothills, hill, tilt};
use crate::scenery::water::water;
use crate::svg::Svg;

/// The high Himalaya: a snow range over layered ridges, seen from a flag-hung knoll, across
/// a glacial lake (as at Gokyo) or along a trail with trekkers.
pub(crate) fn peaks(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let light = Light::pick(
        rng,
        &[Time::Day, Time::Day, Time::Day, Time::Golden, Time::Dawn, Time::Dusk],
        w,
        600.0,
    );
    sky(svg, &light, 720.0, light.time != Time::Day || rng.chance(0.5));
    clouds(svg, rng, &light, 60.0, 330.0);
    let start = svg.mark();
    let far = peak_row(rng, w, 7, 280.0, 420.0, 700.0);
    range(svg, rng, &far, 700.0, 0.45, 0.45, &light);
    mist(svg, &light, 600.0, 90.0, 0.45);
    let n = 3 + rng.below(3);
    let mut near = peak_row(rng, w, n, 130.0, 320.0, 760.0);
    // Sometimes one summit towers over the rest, as Ama Dablam does over the Khumbu.
    if rng.chance(0.4) {
        let x = rng.range(0.3, 0.7) * w;
        near.push(Peak {
            x,
            top: rng.range(50.0, 100.0),
            left: rng.range(380.0, 480.0),
            right: rng.range(380.0, 480.0),
            bend: 0.8,
        });
    }
    range(svg, rng, &near, 760.0, 0.08, 0.38, &light);
    mist(svg, &light, 690.0, 80.0, 0.4);
    let ground = Rgb::hex(rng.pick(&[0x5f8a3f, 0x7a8a3c, 0x8a8045, 0x4f7f55]));
    match rng.below(3) {
        0 => flag_knoll(svg, rng, ground, &light),
        1 => glacial_lake(svg, rng, start, ground, &light),
        _ => trail(svg, rng, ground, &light),
    }
    if rng.chance(0.5) {
        let at = (rng.range(0.3, 0.8) * w, rng.range(150.0, 300.0));
        birds(svg, rng, at, light.shade.darken(0.3));
    }
}

/// Foreground for [`peaks`]: a knoll with a cairn and a pole strung with prayer flags.
fn flag_knoll(svg: &mut Svg, rng: &mut Rng, ground: Rgb, light: &Light) {
    let w = svg.w;
    foothills(svg, rng, light, ground, 3, 700.0, 830.0);
    let mut knoll = crest(rng, w, 930.0, 25.0, 0.5, 4);
    tilt(&mut knoll, w, 130.0, -40.0);
    let near_ground = light.lit(ground.darken(0.3));
    hill(svg, &knoll, near_ground, near_ground.darken(0.35), VIEW_H);
    let pole_x = rng.range(0.06, 0.16) * w;
    let pole_base = crest_y(&knoll, pole_x) + 8.0;
    let pole_top = pole_base - rng.range(240.0, 330.0);
    svg.stroke(
        &format!("M{pole_x:.1} {pole_base:.1} L{pole_x:.1} {pole_top:.1}"),
        near_ground.darken(0.3),
        7.0,
        1.0,
    );
    cairn(svg, rng, (pole_x, pole_base), 60.0, light);
    // The strings run out of the picture, to a pole we do not see.
    for k in 0..2 {
        let end = (w * 1.05, pole_top + rng.range(40.0, 200.0) + k as f32 * 60.0);
        prayer_flags(svg, rng, (pole_x, pole_top + k as f32 * 30.0), end, 90.0, 26.0, light);
    }
    if rng.chance(0.6) {
        let x = rng.range(0.25, 0.4) * w;
        figure(
            svg,
            (x, crest_y(&knoll, x) + 6.0),
            60.0,
            near_ground.darken(0.5),
            Some(Rgb::hex(0xc8553d)),
        );
    }
}

/// Foreground for [`peaks`]: a turquoise glacial lake mirroring the range, a moraine shore
/// with a blue-roofed lodge.
fn glacial_lake(svg: &mut Svg, rng: &mut Rng, mark: usize, ground: Rgb, light: &Light) {
    let w = svg.w;
    let shore = rng.range(720.0, 750.0);
    let moraine = Rgb::hex(0x8a8070);
    let mut far = crest(rng, w, shore - 30.0, 20.0, 0.5, 5);
    tilt(&mut far, w, rng.range(-20.0, 40.0), rng.range(-20.0, 40.0));
    let c = light.far(moraine, 0.3);
    hill(svg, &far, c, c.darken(0.1), shore + 2.0);
    let bottom = shore + rng.range(150.0, 190.0);
    water(svg, rng, light, mark, shore, bottom + 40.0, Some(Rgb::hex(0x3fb8c4)));
    let mut near = crest(rng, w, bottom, 25.0, 0.5, 5);
    tilt(&mut near, w, rng.range(-40.0, 40.0), rng.range(-40.0, 40.0));
    let c = light.lit(moraine.mix(ground, 0.35));
    hill(svg, &near, c, c.darken(0.3), VIEW_H);
    let mut stones = String::new();
    for _ in 0..40 {
        let x = rng.range(0.0, 1.0) * w;
        let y = crest_y(&near, x) + rng.range(10.0, VIEW_H - bottom);
        let r = 4.0 + 14.0 * (y - bottom) / (VIEW_H - bottom);
        let _ =
            write!(stones, "M{:.1} {y:.1} a{r:.1} {:.1} 0 0 1 {:.1} 0 Z ", x - r, r * 0.7, 2.0 * r);
    }
    svg.path(&stones, light.lit(Rgb::hex(0xa8a296)));
    let lx = rng.range(0.15, 0.85) * w;
    let roof = Rgb::hex(rng.pick(&[0x2f6fb0, 0x3a9a6a, 0xb5452f]));
    house(
        svg,
        rng,
        (lx, crest_y(&near, lx) + 30.0),
        120.0,
        60.0,
        Rgb::hex(0xd8d2c4),
        Some(roof),
        light,
        0.0,
    );
    if rng.chance(0.7) {
        let x = lx + rng.range(120.0, 260.0) * if rng.chance(0.5) { -1.0 } else { 1.0 };
        figure(
            svg,
            (x, crest_y(&near, x) + 40.0),
            55.0,
            light.shade.darken(0.4),
            Some(Rgb::hex(0xe8702a)),
        );
    }
}

/// Foreground for [`peaks`]: a trail winding up over the nearest hill, walked by trekkers.
fn trail(svg: &mut Svg, rng: &mut Rng, ground: Rgb, light: &Light) {
    let w = svg.w;
    let near = foothills(svg, rng, light, ground, 3, 700.0, 820.0);
    // The far end of the trail tops the crest and disappears behind it.
    let x1 = rng.range(0.3, 0.7) * w;
    let far = (x1, crest_y(&near, x1) + 3.0);
    let x0 = rng.range(0.35, 0.65) * w;
    let swing = rng.range(120.0, 260.0) * if rng.chance(0.5) { -1.0 } else { 1.0 };
    let path: Vec<P> = (0..=24)
        .map(|i| {
            let t = i as f32 / 24.0;
            (
                far.0 + (x0 - far.0) * t + swing * (t * 3.5).sin() * t,
                far.1 + (VIEW_H + 30.0 - far.1) * t.powf(1.6),
            )
        })
        .collect();
    svg.path(&ribbon(&path, 6.0, 120.0), light.lit(Rgb::hex(0xcdb892)));
    if rng.chance(0.6) {
        let (x, y) = path[14];
        let side = if rng.chance(0.5) { -1.0 } else { 1.0 };
        chorten(svg, (x + side * 110.0, y), 90.0, light);
    }
    let packs = [0xe8702a, 0xd6336c, 0x2f78c4, 0xf2c230];
    let walkers = 2 + rng.below(3);
    for (k, i) in [6usize, 8, 10, 19].into_iter().enumerate().take(walkers) {
        let (x, y) = path[i];
        let t = i as f32 / 24.0;
        let h = 30.0 + 130.0 * t * t;
        figure(
            svg,
            (x, y + h * 0.05),
            h,
            light.shade.darken(0.45),
            Some(light.lit(Rgb::hex(packs[k]))),
        );
    }
}

/// A stack of flat stones (a trail cairn) standing at `base`.
fn cairn(svg: &mut Svg, rng: &mut Rng, base: P, h: f32, light: &Light) {
    let mut y = base.1;
    let mut r = h * 0.45;
    while r > h * 0.12 {
        let ry = r * 0.45;
        let stone = light.lit(Rgb::hex(0x8d8a86).darken(rng.range(0.0, 0.35)));
        svg.ellipse((base.0 + rng.range(-0.1, 0.1) * r, y - ry), r, ry, stone);
        y -= ry * 1.7;
        r *= rng.range(0.7, 0.85);
    }
}
