//! The Terai (`Scene::Jungle`): sal forest mirrored in a slow river, tall grass, and a
//! rhino, an elephant with its mahout, or a dugout canoe.

use crate::VIEW_H;
use crate::colour::Rgb;
use crate::light::{Light, Time};
use crate::path::{P, crest, crest_y};
use crate::rng::Rng;
use crate::scenery::animals::{
    ELEPHANT, ELEPHANT_EAR, ELEPHANT_FAR_LEGS, ELEPHANT_LINES, RHINO, RHINO_LINES, creature,
    creature_lines,
};
use crate::scenery::details::figure;
use crate::scenery::plants::{canopy, grass, tall_tree};
use crate::scenery::sky::{birds, clouds, mist, sky};
use crate::scenery::terrain::{hill, tilt};
use crate::scenery::water::water;
use crate::svg::Svg;

/// The Terai (Chitwan, Bardia): sal forest mirrored in a slow river, tall grass, and a rhino,
/// an elephant with its mahout, or a dugout canoe.
pub(crate) fn jungle(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let horizon = rng.range(500.0, 560.0);
    let light = Light::pick(
        rng,
        &[Time::Golden, Time::Golden, Time::Day, Time::Day, Time::Dawn],
        w,
        horizon,
    );
    sky(svg, &light, horizon + 40.0, true);
    clouds(svg, rng, &light, 60.0, 280.0);
    let start = svg.mark();
    for (i, depth) in [0.65, 0.45].into_iter().enumerate() {
        let c = crest(rng, w, horizon - 60.0 + 40.0 * i as f32, 45.0, 0.5, 5);
        let col = light.far(Rgb::hex(0x3c5f5a), depth);
        hill(svg, &c, col, col.mix(light.haze, 0.3), VIEW_H);
    }
    mist(svg, &light, horizon + 30.0, 60.0, 0.6);
    let leaf = Rgb::hex(rng.pick(&[0x3f7a3a, 0x4a7f34, 0x367048]));
    let river_y = horizon + 140.0;
    canopy(svg, rng, horizon + 30.0, river_y + 2.0, leaf, &light, 0.3);
    // Morning mist hangs over the forest on the water's edge.
    let misty = light.time == Time::Dawn || rng.chance(0.3);
    mist(svg, &light, river_y - 20.0, 40.0, if misty { 0.7 } else { 0.3 });
    water(svg, rng, &light, start, river_y, VIEW_H, Some(Rgb::hex(0x5f8f86)));

    let mut near_bank = crest(rng, w, river_y + 90.0, 30.0, 0.5, 4);
    tilt(&mut near_bank, w, rng.range(-30.0, 30.0), rng.range(-30.0, 30.0));
    let sand = light.lit(Rgb::hex(0xd8c7a0));
    let bank: Vec<P> = near_bank.iter().map(|&(x, y)| (x, y - 14.0)).collect();
    hill(svg, &bank, sand, sand.darken(0.1), VIEW_H);
    let meadow = light.lit(Rgb::hex(rng.pick(&[0x9aa04a, 0x8c9a45, 0xb0a455])));
    hill(svg, &near_bank, meadow, meadow.darken(0.3), VIEW_H);

    let x = rng.range(0.3, 0.7) * w;
    let facing_left = rng.chance(0.5);
    let dark = light.shade.mix(Rgb::hex(0x3a3a40), 0.5).darken(0.2);
    match rng.below(5) {
        0 | 1 => {
            let y = crest_y(&near_bank, x) + 60.0;
            creature(svg, RHINO, (x, y), 1.7, facing_left, dark);
            creature_lines(svg, RHINO_LINES, (x, y), 1.7, facing_left, dark.darken(0.4), 2.5);
        }
        2 | 3 => {
            let y = crest_y(&near_bank, x) + 60.0;
            // The mahout sits on the neck: drawn first, the elephant hides his legs.
            let scale = 1.6;
            let rider_x = x + if facing_left { -1.0 } else { 1.0 } * 172.0 * scale;
            figure(
                svg,
                (rider_x, y - 122.0 * scale),
                95.0,
                light.lit(Rgb::hex(0x6b5b3a)).darken(0.3),
                None,
            );
            creature(svg, ELEPHANT_FAR_LEGS, (x, y), scale, facing_left, dark.darken(0.25));
            creature(svg, ELEPHANT, (x, y), scale, facing_left, dark);
            creature(svg, ELEPHANT_EAR, (x, y), scale, facing_left, dark.lighten(0.08));
            creature_lines(svg, ELEPHANT_LINES, (x, y), scale, facing_left, dark, 4.0);
        }
        _ => {
            let y = (river_y + 45.0).min(crest_y(&near_bank, x) - 20.0);
            dugout(svg, rng, (x, y), 240.0, &light);
        }
    }
    grass(svg, rng, crest_y(&near_bank, w / 2.0), Rgb::hex(0x8d8f3e), &light);
    // Sal trees frame the view on one side, both sides, or not at all.
    let framing: &[f32] = match rng.below(5) {
        0 => &[],
        1 => &[0.06, 0.94],
        _ => &[0.08],
    };
    for &at in framing {
        let tree_x = (at + rng.range(-0.05, 0.05)) * w;
        let tree_h = rng.range(950.0, 1100.0);
        tall_tree(svg, rng, (tree_x, VIEW_H + 20.0), tree_h, leaf.darken(0.2), &light);
    }
    for _ in 0..rng.below(4) {
        let (ex, ey) = (rng.range(0.1, 0.9) * w, rng.range(150.0, 400.0));
        birds(svg, rng, (ex, ey), Rgb::hex(0xfafafa));
    }
}

/// A long dugout canoe with seated passengers and a boatman poling at the stern.
fn dugout(svg: &mut Svg, rng: &mut Rng, at: P, len: f32, light: &Light) {
    let (x, y) = at;
    let people = light.shade.darken(0.35);
    let poler = x + len * 0.4;
    svg.stroke(
        &format!(
            "M{:.1} {:.1} L{:.1} {:.1}",
            poler - len * 0.1,
            y - len * 0.42,
            poler + len * 0.14,
            y + len * 0.12
        ),
        people,
        3.0,
        1.0,
    );
    figure(svg, (poler, y), len * 0.32, people, None);
    for i in 0..rng.below(3) + 2 {
        let px = x - len * 0.35 + i as f32 * len * 0.16;
        let colour =
            light.lit(Rgb::hex(rng.pick(&[0xe8702a, 0xd6336c, 0x2f78c4, 0xf2c230, 0x3aa17e])));
        figure(svg, (px, y + len * 0.02), len * 0.2, colour, None);
    }
    let hull = format!(
        "M{:.1} {:.1} L{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} L{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} Z",
        x - len / 2.0,
        y - len * 0.04,
        x + len / 2.0,
        y - len * 0.04,
        x + len * 0.47,
        y + len * 0.035,
        x + len * 0.38,
        y + len * 0.035,
        x - len * 0.38,
        y + len * 0.035,
        x - len * 0.47,
        y + len * 0.035,
        x - len / 2.0,
        y - len * 0.04
    );
    svg.path(&hull, light.lit(Rgb::hex(0x4a3020)));
    svg.rect(
        x - len * 0.45,
        y + len * 0.045,
        len * 0.9,
        len * 0.03,
        light.lit(Rgb::hex(0x4a3020)).mix(light.sky[3], 0.6),
    );
}
