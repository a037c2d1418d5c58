//! A calm lake under a fishtail summit (`Scene::Lake`), with a painted rowing boat or a
//! temple on a wooded island.

use crate::VIEW_H;
use crate::colour::Rgb;
use crate::light::{Light, Time};
use crate::path::{P, crest, crest_y};
use crate::rng::Rng;
use crate::scenery::buildings::pagoda;
use crate::scenery::details::figure;
use crate::scenery::mountains::{Peak, peak_row, range};
use crate::scenery::plants::{broadleaf, conifer};
use crate::scenery::sky::{clouds, mist, sky};
use crate::scenery::terrain::{hill, tilt};
use crate::scenery::water::water;
use crate::svg::Svg;

/// A calm lake under a fishtail summit (Phewa, Rara), everything above reflected below.
pub(crate) fn lake(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let horizon = rng.range(560.0, 630.0);
    let light =
        Light::pick(rng, &[Time::Day, Time::Day, Time::Golden, Time::Dawn, Time::Dusk], w, horizon);
    sky(svg, &light, horizon, light.time != Time::Day);
    clouds(svg, rng, &light, 60.0, 280.0);

    let start = svg.mark();
    let far = peak_row(rng, w, 6, 250.0, 380.0, horizon);
    range(svg, rng, &far, horizon, 0.45, 0.45, &light);
    let x = rng.range(0.35, 0.65) * w;
    let top = rng.range(110.0, 170.0);
    let h = horizon - top;
    let fishtail = [
        Peak { x, top, left: h * 0.62, right: h * 0.7, bend: 0.85 },
        Peak { x: x + h * 0.09, top: top + h * 0.08, left: h * 0.3, right: h * 0.55, bend: 0.9 },
    ];
    range(svg, rng, &fishtail, horizon, 0.12, 0.42, &light);
    mist(svg, &light, horizon - 70.0, 70.0, 0.5);
    let forest = Rgb::hex(rng.pick(&[0x2f5a3c, 0x3a5a34, 0x2c4f46]));
    let mut back = crest(rng, w, horizon - 80.0, 35.0, 0.55, 4);
    tilt(&mut back, w, rng.range(-40.0, 60.0), rng.range(-40.0, 60.0));
    let c = light.far(forest, 0.45);
    hill(svg, &back, c, c.mix(light.haze, 0.2), horizon + 2.0);
    let mut front = crest(rng, w, horizon - 30.0, 25.0, 0.5, 5);
    tilt(&mut front, w, rng.range(0.0, 90.0), rng.range(0.0, 90.0));
    let c = light.far(forest, 0.15);
    for _ in 0..40 {
        let tx = rng.range(0.0, 1.0) * w;
        conifer(svg, (tx, crest_y(&front, tx) + 14.0), rng.range(30.0, 60.0), forest, &light);
    }
    hill(svg, &front, c, c.darken(0.15), horizon + 2.0);
    water(svg, rng, &light, start, horizon, VIEW_H, None);
    if rng.chance(0.45) {
        let at = (rng.range(0.15, 0.85) * w, horizon + 25.0);
        island_temple(svg, rng, at, &light);
    }
    for _ in 0..rng.below(3) + 1 {
        let y = rng.range(horizon + 80.0, VIEW_H - 60.0);
        let x = rng.range(0.1, 0.9) * w;
        boat(svg, rng, (x, y), (y - horizon) / 4.0 + 20.0, &light);
    }
}

/// A painted wooden rowing boat (a doonga), `len` long, with its reflection.
fn boat(svg: &mut Svg, rng: &mut Rng, at: P, len: f32, light: &Light) {
    let (x, y) = at;
    let paint = light.lit(Rgb::hex(rng.pick(&[0x2f78c4, 0xd64541, 0xf0b429, 0x3aa17e, 0xe8702a])));
    let hull = |dir: f32| {
        format!(
            "M{:.1} {:.1} Q{x:.1} {:.1} {:.1} {:.1} L{:.1} {y:.1} Z",
            x - len / 2.0,
            y - dir * len * 0.1,
            y + dir * len * 0.22,
            x + len / 2.0,
            y - dir * len * 0.1,
            x + len / 2.0
        )
    };
    svg.path_o(&hull(-1.0), paint.darken(0.2), 0.35);
    svg.path(&hull(1.0), paint);
    svg.stroke(
        &format!(
            "M{:.1} {:.1} Q{x:.1} {:.1} {:.1} {:.1}",
            x - len / 2.0,
            y - len * 0.1,
            y + len * 0.02,
            x + len / 2.0,
            y - len * 0.1
        ),
        paint.lighten(0.5),
        len * 0.025,
        1.0,
    );
    if rng.chance(0.7) {
        let s = len * 0.32;
        figure(svg, (x + len * 0.1, y + len * 0.02), s, light.shade.darken(0.35), None);
        svg.stroke(
            &format!(
                "M{:.1} {:.1} L{:.1} {:.1}",
                x + len * 0.1,
                y - s * 0.5,
                x - len * 0.25,
                y + len * 0.1
            ),
            light.shade.darken(0.35),
            len * 0.02,
            1.0,
        );
    }
}

/// A small wooded island with a two-tiered temple on it (as Tal Barahi on Phewa).
fn island_temple(svg: &mut Svg, rng: &mut Rng, at: P, light: &Light) {
    let (x, y) = at;
    let green = light.far(Rgb::hex(0x2f5a3c), 0.1);
    svg.ellipse((x, y), 110.0, 12.0, green.darken(0.2));
    for i in 0..5 {
        let tx = x + (i as f32 - 2.0) * 38.0 + rng.range(-8.0, 8.0);
        let h = rng.range(45.0, 70.0);
        broadleaf(svg, rng, (tx, y), h, Rgb::hex(0x2f5a3c), light);
    }
    let x = x + rng.range(-25.0, 25.0);
    pagoda(svg, rng, (x, y - 2.0), 120.0, 2, 0, light);
}
