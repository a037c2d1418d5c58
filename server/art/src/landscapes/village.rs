//! Bandipur (`Scene::Village`): a ridge-top village of tiled houses above terraced fields.

use crate::VIEW_H;
use crate::colour::Rgb;
use crate::light::{Light, Time};
use crate::path::{P, crest, crest_y, poly, smooth};
use crate::rng::Rng;
use crate::scenery::buildings::house;
use crate::scenery::mountains::{peak_row, range};
use crate::scenery::plants::broadleaf;
use crate::scenery::sky::{clouds, mist, sky};
use crate::scenery::terrain::{hill, tilt};
use crate::svg::{Svg, put};

/// Bandipur: a ridge-top village of tiled houses above terraced fields.
pub(crate) fn village(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let horizon = rng.range(480.0, 540.0);
    let light = Light::pick(rng, &[Time::Day, Time::Day, Time::Golden], w, horizon);
    sky(svg, &light, horizon + 60.0, light.time != Time::Day);
    clouds(svg, rng, &light, 50.0, 240.0);
    let snowy = peak_row(rng, w, 6, horizon - 300.0, horizon - 170.0, horizon + 20.0);
    range(svg, rng, &snowy, horizon + 20.0, 0.35, 0.45, &light);
    mist(svg, &light, horizon, 70.0, 0.6);
    let green = Rgb::hex(rng.pick(&[0x5a8a44, 0x4f8050, 0x6a8f3e]));
    let far = crest(rng, w, horizon + 40.0, 40.0, 0.5, 5);
    let c = light.far(green, 0.5);
    hill(svg, &far, c, c.mix(light.haze, 0.3), VIEW_H);
    mist(svg, &light, horizon + 90.0, 60.0, 0.5);

    // The village ridge: a long saddle with houses along its crest.
    let ridge_y = horizon + rng.range(110.0, 150.0);
    let mut ridge = crest(rng, w, ridge_y, 25.0, 0.4, 4);
    tilt(&mut ridge, w, rng.range(-60.0, 40.0), rng.range(-60.0, 40.0));
    let c = light.lit(green);
    let walls = [0xb0563e, 0xe8dcc4, 0xf2ede2, 0xc4674a, 0xd9a05b];
    let roofs = [0x5b3328, 0x4c4a4f, 0x6e3b2c, 0x7a4030];
    let (vx0, vx1) = (rng.range(0.1, 0.3) * w, rng.range(0.65, 0.9) * w);
    for row in 0..2 {
        let mut x = vx0 + row as f32 * 30.0;
        while x < vx1 {
            let hw = rng.range(50.0, 80.0) * (1.0 + 0.2 * row as f32);
            let hh = rng.range(45.0, 80.0) * (1.0 + 0.2 * row as f32);
            let base = (x, crest_y(&ridge, x) + 10.0 + row as f32 * 22.0);
            if rng.chance(0.2) {
                let th = rng.range(60.0, 100.0);
                broadleaf(svg, rng, base, th, green.darken(0.2), &light);
            } else {
                let wall = Rgb::hex(rng.pick(&walls));
                let roof = Rgb::hex(rng.pick(&roofs));
                house(svg, rng, base, hw, hh, wall, Some(roof), &light, 0.1 - 0.05 * row as f32);
            }
            x += hw * rng.range(1.15, 1.6);
        }
    }
    hill(svg, &ridge, c, c.darken(0.15), VIEW_H);
    terraces(svg, rng, &ridge, 26.0, c, &light);

    // Near terraced fields, rice green or harvest gold.
    let field = Rgb::hex(rng.pick(&[0x8fbf4a, 0x9cc24f, 0xd6b94a, 0x7fb24a]));
    let near_y = VIEW_H - rng.range(170.0, 250.0);
    let mut near = crest(rng, w, near_y, 50.0, 0.5, 4);
    tilt(&mut near, w, rng.range(-80.0, 80.0), rng.range(-80.0, 80.0));
    let c = light.lit(field);
    hill(svg, &near, c, c.darken(0.1), VIEW_H);
    terraces(svg, rng, &near, 42.0, c, &light);
    for _ in 0..rng.below(3) + 1 {
        let tx = rng.range(0.0, 1.0) * w;
        let th = rng.range(160.0, 260.0);
        broadleaf(svg, rng, (tx, crest_y(&near, tx) + th * 0.3), th, green.darken(0.15), &light);
    }
}

/// Terraced fields cut into the land under `crest`: bands that widen towards the viewer,
/// each a patchwork of crops, edged by a lit lip and a shadowed wall.
fn terraces(svg: &mut Svg, rng: &mut Rng, crest: &[P], gap: f32, colour: Rgb, light: &Light) {
    let w = svg.w;
    let high = crest.iter().map(|p| p.1).fold(f32::MAX, f32::min);
    let mut lines: Vec<Vec<P>> = vec![crest.to_vec()];
    let (mut offset, mut size) = (gap * 0.5, gap);
    while high + offset < VIEW_H + size {
        lines.push(crest.iter().map(|&(x, y)| (x, y + offset)).collect());
        offset += size;
        size *= 1.12;
    }
    let crops =
        [colour, colour.lighten(0.12), colour.darken(0.1), colour.mix(Rgb::hex(0xd9c04a), 0.35)];
    // Every band lies between two lines under the crest, so nothing needs clipping.
    for pair in lines.windows(2) {
        let (upper, lower) = (&pair[0], &pair[1]);
        let mut x = -0.05 * w;
        while x < 1.05 * w {
            let x2 = x + rng.range(140.0, 420.0);
            let xs: Vec<f32> = (0..=6).map(|i| x + (x2 - x) * i as f32 / 6.0).collect();
            let mut patch: Vec<P> = xs.iter().map(|&px| (px, crest_y(upper, px))).collect();
            patch.extend(xs.iter().rev().map(|&px| (px, crest_y(lower, px) + 1.0)));
            svg.path(&poly(&patch), light.lit(rng.pick(&crops)));
            x = x2;
        }
    }
    let mut edges = String::new();
    for line in &lines[1..] {
        edges.push_str(&smooth(line));
    }
    svg.stroke(&edges, light.shaded(colour).darken(0.1), gap * 0.12, 0.6);
    put!(svg, "<g transform='translate(0 {:.1})'>", -gap * 0.08);
    svg.stroke(&edges, light.lit(colour.lighten(0.35)), gap * 0.06, 0.7);
    put!(svg, "</g>");
}
