//! A glacial valley (`Scene::Valley`): a snow peak at its head, steep walls with grass on
//! their lower slopes, and a meadow with a stream, dry-stone walls and yaks.

use std::fmt::Write as _;

use crate::VIEW_H;
use crate::colour::Rgb;
use crate::light::{Light, Time};
use crate::path::{P, ribbon};
use crate::rng::Rng;
use crate::scenery::animals::{YAK, YAK_HORNS, creature, creature_lines};
use crate::scenery::buildings::{chorten, house};
use crate::scenery::details::prayer_flags;
use crate::scenery::mountains::{Peak, range, ridges};
use crate::scenery::sky::{clouds, mist, sky};
use crate::svg::{Svg, put};

/// A glacial valley (Langtang, Khumbu): a snow peak at its head, steep concave walls, and a
/// meadow with a stream, dry-stone walls and grazing yaks.
pub(crate) fn valley(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let floor = rng.range(610.0, 660.0);
    let light = Light::pick(rng, &[Time::Day, Time::Day, Time::Day, Time::Golden], w, floor);
    sky(svg, &light, floor, light.time != Time::Day);
    clouds(svg, rng, &light, 40.0, 250.0);
    let cx = rng.range(0.42, 0.58) * w;
    let top = rng.range(130.0, 200.0);
    let h = floor + 40.0 - top;
    let head = [
        Peak { x: cx, top, left: h * 0.9, right: h * 1.1, bend: 0.9 },
        Peak { x: cx - h * 0.8, top: top + 140.0, left: h * 0.7, right: h * 0.6, bend: 0.9 },
        Peak { x: cx + h * 0.9, top: top + 110.0, left: h * 0.6, right: h * 0.8, bend: 0.9 },
    ];
    range(svg, rng, &head, floor + 40.0, 0.25, 0.5, &light);
    mist(svg, &light, floor - 10.0, 60.0, 0.55);

    let meadow = light.lit(Rgb::hex(rng.pick(&[0x8fa84e, 0x9aa55a, 0x7fa45a])));
    let rock = Rgb::hex(rng.pick(&[0x6e6a5f, 0x6a6f70, 0x75695c]));
    // The far meadow runs under the walls' feet.
    let far_meadow = meadow.mix(light.haze, 0.35);
    svg.rect(0.0, floor - 10.0, w, VIEW_H - floor + 10.0, far_meadow);
    // The walls fall steeply, then sweep out towards us; the grass climbs their lower slopes.
    let foot = rng.range(200.0, 280.0);
    let (left_x, right_x) = (rng.range(0.0, 0.1) * w, w - rng.range(0.0, 0.1) * w);
    let walls = [
        Peak {
            x: left_x,
            top: rng.range(60.0, 170.0),
            left: 500.0,
            right: (cx - left_x) * 1.1,
            bend: 0.45,
        },
        Peak {
            x: right_x,
            top: rng.range(60.0, 170.0),
            left: (right_x - cx) * 1.1,
            right: 500.0,
            bend: 0.45,
        },
    ];
    let outline = ridges(svg, rng, &walls, VIEW_H + 50.0, 0.08, 0.12, rock, &light);
    grass_slopes(svg, &outline, floor - 300.0, VIEW_H, meadow);

    // The floor of the U widens towards us between the feet of the walls.
    let meadow_d = format!(
        "M{:.1} {floor:.1} L{:.1} {floor:.1} Q{:.1} {:.1} {:.1} {:.1} L{:.1} {:.1} Q{:.1} {:.1} {:.1} {floor:.1} Z",
        cx - foot,
        cx + foot,
        cx + foot + 60.0,
        floor + 200.0,
        w + 300.0,
        VIEW_H + 20.0,
        -300.0,
        VIEW_H + 20.0,
        cx - foot - 60.0,
        floor + 200.0,
        cx - foot
    );
    let fill =
        svg.vertical(floor, VIEW_H, &[(0.0, far_meadow, 1.0), (1.0, meadow.darken(0.12), 1.0)]);
    svg.path(&meadow_d, fill);
    let mut boulders = String::new();
    for _ in 0..rng.below(6) + 5 {
        let y = rng.range(floor + 30.0, VIEW_H);
        let near = (y - floor) / (VIEW_H - floor);
        let x = cx + rng.range(-1.0, 1.0) * (foot + 500.0 * near);
        let r = 6.0 + 30.0 * near;
        let _ = write!(
            boulders,
            "M{:.1} {y:.1} a{r:.1} {:.1} 0 0 1 {:.1} 0 Z ",
            x - r,
            r * 0.75,
            2.0 * r
        );
    }
    svg.path(&boulders, light.lit(Rgb::hex(0x9a958a)));
    // The stream widens as it comes towards us.
    let sx = cx + rng.range(-60.0, 60.0);
    let swing = rng.range(150.0, 350.0) * if rng.chance(0.5) { -1.0 } else { 1.0 };
    let stream: Vec<P> = (0..=24)
        .map(|i| {
            let t = i as f32 / 24.0;
            (sx + swing * (t * 5.0).sin() * t, floor + (VIEW_H - floor + 20.0) * t)
        })
        .collect();
    svg.path(&ribbon(&stream, 3.0, 90.0), light.sky[2].mix(Rgb::hex(0x9fd3e0), 0.5));

    // Dry-stone field walls and a chorten on the meadow.
    let stone = light.lit(Rgb::hex(0x8a857a));
    for k in 0..3 {
        let y = floor + 60.0 + k as f32 * 85.0 + rng.range(-15.0, 15.0);
        let scale = 0.4 + (y - floor) / 250.0;
        let x0 = cx + rng.range(-650.0, 150.0);
        let mut d = String::new();
        let mut x = x0;
        while x < x0 + 480.0 * scale {
            let (sw, sh) = (rng.range(6.0, 11.0) * scale, rng.range(5.0, 9.0) * scale);
            let _ = write!(d, "M{x:.1} {y:.1} a{sw:.1} {sh:.1} 0 0 1 {:.1} 0 Z ", 2.0 * sw);
            x += sw * 1.7;
        }
        svg.path(&d, stone);
    }
    // A hamlet of stone lodges with bright tin roofs, and a chorten hung with flags.
    let side = if rng.chance(0.5) { -1.0 } else { 1.0 };
    let hx = cx + side * rng.range(80.0, 180.0);
    for i in 0..rng.below(3) + 2 {
        let roof = Rgb::hex(rng.pick(&[0x2f6fb0, 0x3a9a6a, 0xb5452f, 0x2a8a8a]));
        let at = (hx + side * i as f32 * 70.0, floor + 25.0 + i as f32 * 8.0);
        house(svg, rng, at, 60.0, 34.0, Rgb::hex(0xc9c0ae), Some(roof), &light, 0.15);
    }
    if rng.chance(0.7) {
        let x = cx - side * rng.range(120.0, 260.0);
        let y = floor + rng.range(30.0, 60.0);
        chorten(svg, (x, y), 55.0, &light);
        prayer_flags(svg, rng, (x, y - 48.0), (x - side * 180.0, y - 8.0), 18.0, 11.0, &light);
    }
    let mut herd: Vec<f32> =
        (0..rng.below(4) + 2).map(|_| rng.range(floor + 50.0, VIEW_H - 40.0)).collect();
    herd.sort_by(f32::total_cmp);
    for y in herd {
        let scale = 0.25 + 0.85 * (y - floor) / (VIEW_H - floor);
        let x = cx + rng.range(-550.0, 550.0) * (0.4 + scale);
        let left = rng.chance(0.5);
        let coat = light.lit(Rgb::hex(rng.pick(&[0x2b2420, 0x3a2a22, 0x1f1c1c, 0x5a4030])));
        creature(svg, YAK, (x, y), scale, left, coat);
        creature_lines(svg, YAK_HORNS, (x, y), scale, left, Rgb::hex(0xe8e0cc), 5.0);
    }
}

/// Grass and scrub climbing the lower slopes of the mountains drawn with `outline`.
fn grass_slopes(svg: &mut Svg, outline: &str, from: f32, to: f32, colour: Rgb) {
    let clip = svg.clip(outline);
    let green = svg.vertical(
        from,
        to,
        &[(0.0, colour, 0.0), (0.6, colour.darken(0.1), 0.75), (1.0, colour.darken(0.15), 0.95)],
    );
    put!(svg, "<g clip-path='{clip}'>");
    svg.rect(0.0, from, svg.w, to - from + 400.0, green);
    put!(svg, "</g>");
}
