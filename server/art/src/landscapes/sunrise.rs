//! Dawn from a hill top (`Scene::Sunrise`): the Himalaya glowing pink above layered ridges
//! or above a sea of clouds.

use crate::VIEW_H;
use crate::colour::Rgb;
use crate::light::{Light, Time};
use crate::path::{crest, crest_y, land, smooth};
use crate::rng::Rng;
use crate::scenery::details::figure;
use crate::scenery::mountains::{peak_row, range};
use crate::scenery::plants::{conifer, rhododendron};
use crate::scenery::sky::{clouds, mist, sky};
use crate::scenery::terrain::{hill, tilt};
use crate::svg::Svg;

/// Dawn from a hill top (Nagarkot, Poon Hill): the Himalaya glowing pink above layered
/// ridges, or above a sea of clouds, with a dark near ridge of pines or flowering rhododendrons.
pub(crate) fn sunrise(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let horizon = 560.0;
    // Dawns differ more than other hours: some lean blue, some rose.
    let shift = rng.range(-28.0, 22.0);
    let light = Light::pick(rng, &[Time::Dawn], w, horizon).hue_shifted(shift);
    sky(svg, &light, horizon + 80.0, rng.chance(0.7));
    clouds(svg, rng, &light, 60.0, 300.0);
    let n = 5 + rng.below(3);
    let peaks = peak_row(rng, w, n, 200.0, 330.0, horizon + 30.0);
    range(svg, rng, &peaks, horizon + 30.0, 0.12, 0.5, &light);
    mist(svg, &light, horizon, 60.0, 0.7);
    // The ridges run from the haze to a deep blue-violet; the hue of that violet varies.
    let near = light.shade.hue_rotate(rng.range(-25.0, 15.0)).darken(0.45);
    if rng.chance(0.4) {
        // A sea of cloud fills the valleys; the higher hill tops rise out of it like islands.
        for (i, y) in [horizon + 90.0, horizon + 170.0].into_iter().enumerate() {
            let c = crest(rng, w, y, 70.0, 0.55, 5);
            let col = near.mix(light.haze, 0.55 - 0.3 * i as f32);
            hill(svg, &c, col, col, VIEW_H);
        }
        let lit = light.sun.mix(light.sky[3], 0.5).lighten(0.35);
        cloud_sea(svg, rng, horizon + 190.0, lit, light.haze.mix(light.sky[1], 0.35));
    } else {
        let layers = 4 + rng.below(2);
        for i in 0..layers {
            let t = i as f32 / (layers - 1) as f32;
            let y = horizon + 40.0 + t * 300.0;
            let c = crest(rng, w, y, 50.0, 0.5, 5);
            let col = near.mix(light.haze, 0.75 * (1.0 - t));
            hill(svg, &c, col, col.mix(light.haze, 0.35), VIEW_H);
            mist(svg, &light, y + 60.0, 50.0, 0.3 * (1.0 - t));
        }
    }
    let mut ridge = crest(rng, w, 940.0, 30.0, 0.5, 5);
    tilt(&mut ridge, w, rng.range(-60.0, 120.0), rng.range(-60.0, 120.0));
    let dark = near.darken(0.3);
    svg.path(&land(&ridge, VIEW_H), dark);
    let blossom = rng.chance(0.5);
    for _ in 0..rng.below(5) + 3 {
        let x = rng.range(0.0, 1.0) * w;
        let base = (x, crest_y(&ridge, x) + 10.0);
        let h = rng.range(70.0, 170.0);
        if blossom {
            rhododendron(svg, rng, base, h, dark, &light);
        } else {
            conifer(svg, base, h, dark, &light);
        }
    }
    if rng.chance(0.6) {
        let x = rng.range(0.3, 0.7) * w;
        let y = crest_y(&ridge, x) + 6.0;
        figure(svg, (x, y), 55.0, dark.darken(0.2), None);
        figure(svg, (x + 22.0, y + 1.0), 48.0, dark.darken(0.2), None);
    }
}

/// A layer of cloud seen from above: a softly billowing top, lit along its rim, fading
/// into shade below.
fn cloud_sea(svg: &mut Svg, rng: &mut Rng, top: f32, lit: Rgb, shade: Rgb) {
    let w = svg.w;
    let mut billows = Vec::new();
    let mut x = -60.0;
    while x < w + 60.0 {
        billows.push((x, top + rng.range(-14.0, 14.0)));
        x += rng.range(40.0, 90.0);
    }
    hill(svg, &billows, lit, shade, VIEW_H);
    svg.stroke(&smooth(&billows), lit.lighten(0.5), 3.0, 0.5);
}
