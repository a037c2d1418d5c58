//! Ilam (`Scene::Tea`): rolling hills combed into rows of tea, shade trees and pickers.

use crate::VIEW_H;
use crate::colour::Rgb;
use crate::light::{Light, Time};
use crate::path::{P, crest, crest_y, land, smooth};
use crate::rng::Rng;
use crate::scenery::buildings::house;
use crate::scenery::details::figure;
use crate::scenery::mountains::{peak_row, range};
use crate::scenery::plants::tall_tree;
use crate::scenery::sky::{clouds, mist, sky};
use crate::scenery::terrain::{hill, tilt};
use crate::svg::{Svg, put};

/// Ilam: rolling hills combed into rows of tea, shade trees and pickers with baskets.
pub(crate) fn tea(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let horizon = rng.range(420.0, 500.0);
    let light = Light::pick(rng, &[Time::Day, Time::Day, Time::Golden], w, horizon);
    sky(svg, &light, horizon + 100.0, light.time != Time::Day);
    clouds(svg, rng, &light, 50.0, 240.0);
    if rng.chance(0.5) {
        let snowy = peak_row(rng, w, 5, horizon - 200.0, horizon - 110.0, horizon + 150.0);
        range(svg, rng, &snowy, horizon + 150.0, 0.5, 0.35, &light);
    }
    let green = Rgb::hex(rng.pick(&[0x55a444, 0x5fae48, 0x47a05a]));
    let c = crest(rng, w, horizon + 40.0, 40.0, 0.5, 5);
    let col = light.far(green, 0.5);
    hill(svg, &c, col, col.mix(light.haze, 0.3), VIEW_H);
    mist(svg, &light, horizon + 90.0, 60.0, 0.5);
    // Three rounded hills, far to near, each combed into rows of tea.
    for i in 0..3 {
        let y = horizon + 150.0 + 170.0 * i as f32;
        let mut c = crest(rng, w, y, 90.0, 0.35, 3);
        tilt(&mut c, w, rng.range(-60.0, 60.0), rng.range(-60.0, 60.0));
        let base = light.far(green.lighten(0.08 * i as f32), 0.25 - 0.12 * i as f32);
        hill(svg, &c, base, base.darken(0.12), VIEW_H);
        tea_rows(svg, rng, &c, 12.0 + 9.0 * i as f32, base, &light);
        if i == 1 && rng.chance(0.5) {
            let hx = rng.range(0.2, 0.8) * w;
            house(
                svg,
                rng,
                (hx, crest_y(&c, hx) + 30.0),
                90.0,
                55.0,
                Rgb::hex(0xf2ede2),
                Some(Rgb::hex(0xb5452f)),
                &light,
                0.1,
            );
        }
        for _ in 0..rng.below(4) + 1 {
            let tx = rng.range(0.0, 1.0) * w;
            let th = 150.0 + 110.0 * i as f32;
            let ty = crest_y(&c, tx) + rng.range(10.0, 80.0) * (1.0 + i as f32);
            tall_tree(svg, rng, (tx, ty), th, green.darken(0.3), &light);
        }
        if i == 2 {
            for _ in 0..rng.below(3) + 1 {
                let px = rng.range(0.15, 0.85) * w;
                let py = crest_y(&c, px) + rng.range(60.0, 140.0);
                let dress = light
                    .lit(Rgb::hex(rng.pick(&[0xd6336c, 0xe8590c, 0xf2c230, 0x7048e8, 0xc92a2a])));
                figure(svg, (px, py), 75.0, dress, Some(light.lit(Rgb::hex(0x9c7a45))));
            }
        }
    }
}

/// Rows of clipped tea bushes following the contour of the land under `crest`, with the
/// dark lanes between them; rows widen towards the viewer.
fn tea_rows(svg: &mut Svg, rng: &mut Rng, crest: &[P], gap: f32, colour: Rgb, light: &Light) {
    // No clip is needed: every row lies below the crest, and the next hill covers the rest.
    svg.path(&land(crest, VIEW_H), light.shaded(colour).darken(0.35));
    let high = crest.iter().map(|p| p.1).fold(f32::MAX, f32::min);
    let mut offset = gap * 0.5;
    let mut size = gap;
    while high + offset < VIEW_H + size {
        let line: Vec<P> = crest.iter().map(|&(x, y)| (x, y + offset)).collect();
        let d = smooth(&line);
        // A continuous hedge, its top catching the light in a broken line of bush crowns.
        svg.stroke(&d, light.lit(colour), size * 0.78, 1.0);
        let (dash, space) = (size * rng.range(0.6, 1.2), size * 0.45);
        let phase = rng.range(0.0, dash + space);
        put!(
            svg,
            "<path d='{d}' fill='none' stroke='{}' stroke-width='{:.1}' stroke-linecap='round' \
             stroke-dasharray='{dash:.1} {space:.1}' stroke-dashoffset='{phase:.1}' transform='translate(0 {:.1})'/>",
            light.lit(colour.lighten(0.2)),
            size * 0.28,
            -size * 0.2
        );
        offset += size;
        size *= 1.1;
    }
}
