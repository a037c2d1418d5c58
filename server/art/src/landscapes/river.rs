//! A turquoise river in a forested gorge (`Scene::River`), crossed by a suspension bridge,
//! with rafts on the rapids.

use std::fmt::Write as _;

use crate::VIEW_H;
use crate::colour::Rgb;
use crate::light::{Light, Time};
use crate::path::{P, poly, quad};
use crate::rng::Rng;
use crate::scenery::details::{figure, prayer_flags};
use crate::scenery::mountains::{peak_row, range};
use crate::scenery::plants::conifer;
use crate::scenery::sky::{clouds, mist, sky};
use crate::svg::{Svg, put};

/// A turquoise river in a forested gorge, crossed by a suspension bridge hung with flags.
pub(crate) fn river(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let horizon = rng.range(380.0, 450.0);
    let light = Light::pick(rng, &[Time::Day, Time::Day, Time::Golden], w, horizon);
    sky(svg, &light, horizon + 80.0, light.time != Time::Day);
    clouds(svg, rng, &light, 40.0, 220.0);
    if rng.chance(0.7) {
        let snowy = peak_row(rng, w, 4, horizon - 230.0, horizon - 120.0, horizon + 160.0);
        range(svg, rng, &snowy, horizon + 160.0, 0.4, 0.3, &light);
    }
    mist(svg, &light, horizon + 50.0, 80.0, 0.55);

    // The river's course: from deep in the gorge down to a wide near stretch.
    let vx = rng.range(0.4, 0.6) * w;
    let bend = rng.range(-400.0, 400.0);
    let course = |t: f32| -> (P, f32) {
        let y = horizon + 60.0 + (VIEW_H + 40.0 - horizon - 60.0) * t;
        let x = vx + bend * (t * std::f32::consts::PI).sin() * t + 200.0 * t * t;
        ((x, y), 8.0 + 560.0 * t * t)
    };
    let first = 0.08;
    let bank = |dir: f32, from: f32| -> Vec<P> {
        (0..=20)
            .map(|i| {
                let t = from + (1.0 - from) * i as f32 / 20.0;
                let ((x, y), wd) = course(t);
                (x + dir * wd / 2.0, y)
            })
            .collect()
    };
    let water = light.lit(Rgb::hex(rng.pick(&[0x2bb3b1, 0x36a9c0, 0x3fbfa8])));
    let mut outline = bank(-1.0, first);
    outline.extend(bank(1.0, first).iter().rev());
    let fill = svg.vertical(
        horizon + 60.0,
        VIEW_H,
        &[(0.0, water.mix(light.haze, 0.4), 1.0), (1.0, water.darken(0.12), 1.0)],
    );
    svg.path(&poly(&outline), fill);
    let mut rapids = String::new();
    for _ in 0..60 {
        let t = rng.range(0.2, 1.0);
        let ((x, y), wd) = course(t);
        let off = rng.range(-0.4, 0.4) * wd;
        let len = rng.range(0.05, 0.2) * wd;
        let _ =
            write!(rapids, "M{:.1} {y:.1} q{:.1} {:.1} {len:.1} 0 ", x + off, len / 2.0, -3.0 * t);
    }
    svg.stroke(&rapids, Rgb::hex(0xf4fbfb), 3.0, 0.7);

    // Forested spurs of the gorge, far to near, each coming down to the river bank; the
    // far ones pale into the haze, the near ones deep and dark.
    let forest = Rgb::hex(rng.pick(&[0x3f7a44, 0x4a8048, 0x356f4f]));
    let wings = 4;
    for i in 0..wings {
        let t = first + 0.22 * i as f32;
        let near = i as f32 / (wings - 1) as f32;
        let colour = light.far(forest.darken(0.3 * near), 0.5 * (1.0 - near));
        let mut anchors = [(0.0, 0.0); 2];
        for (k, dir) in [-1.0f32, 1.0].into_iter().enumerate() {
            let ((x, y), wd) = course(t);
            let meet = (x + dir * wd / 2.0, y);
            let edge = (
                if dir < 0.0 { -40.0 } else { w + 40.0 },
                horizon - 40.0 + 150.0 * i as f32 + rng.range(-60.0, 40.0),
            );
            let ctrl = ((edge.0 + meet.0) / 2.0, (edge.1 + meet.1) / 2.0 - rng.range(30.0, 110.0));
            let mut d = format!(
                "M{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1}",
                edge.0, edge.1, ctrl.0, ctrl.1, meet.0, meet.1
            );
            for p in bank(dir, t) {
                let _ = write!(d, " L{:.1} {:.1}", p.0, p.1);
            }
            let _ = write!(d, " L{:.1} {:.1} Z", edge.0, VIEW_H + 50.0);
            let fill = svg.vertical(
                edge.1.min(meet.1),
                VIEW_H,
                &[(0.0, colour, 1.0), (1.0, colour.darken(0.35), 1.0)],
            );
            svg.path(&d, fill);
            // A forest edge along the crest, thinning out down the slope.
            let tree_h = 28.0 + 26.0 * i as f32;
            for _ in 0..26 {
                let s = rng.range(0.0, 0.97);
                let (px, py) = quad(edge, ctrl, meet, s);
                let drop = rng.range(0.0, 1.0).powi(3) * 160.0 * (1.0 + near);
                let th = tree_h * rng.range(0.7, 1.3);
                conifer(svg, (px, py + th * 0.25 + drop), th, colour.darken(0.12), &light);
            }
            anchors[k] = quad(edge, ctrl, meet, 0.72);
        }
        if i == 1 {
            bridge(svg, rng, anchors[0], anchors[1], &light);
        }
    }
    if rng.chance(0.6) {
        let ((x, y), wd) = course(0.82);
        let x = x + rng.range(-0.2, 0.2) * wd;
        raft(svg, rng, (x, y), 120.0, &light);
    }
}

/// A steel-cable suspension footbridge from `a` to `b`, hung with prayer flags.
fn bridge(svg: &mut Svg, rng: &mut Rng, a: P, b: P, light: &Light) {
    let span = (b.0 - a.0).abs();
    let sag = span * 0.12;
    let rail = 34.0;
    let cable = light.shaded(Rgb::hex(0x4a4f57));
    let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0 + sag * 2.0);
    let deck = format!("M{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1}", a.0, a.1, mid.0, mid.1, b.0, b.1);
    let rail_d = format!(
        "M{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1}",
        a.0,
        a.1 - rail,
        mid.0,
        mid.1 - rail,
        b.0,
        b.1 - rail
    );
    let mut hangers = String::new();
    for i in 1..24 {
        let t = i as f32 / 24.0;
        let (x, y) = quad(a, mid, b, t);
        let _ = write!(hangers, "M{x:.1} {y:.1} v{:.1} ", -rail);
    }
    svg.stroke(&hangers, cable, 1.5, 0.8);
    svg.stroke(&deck, cable, 7.0, 1.0);
    svg.stroke(&rail_d, cable, 2.5, 1.0);
    for end in [a, b] {
        let tower = poly(&[
            (end.0 - 12.0, end.1 + 14.0),
            (end.0 + 12.0, end.1 + 14.0),
            (end.0 + 7.0, end.1 - rail - 10.0),
            (end.0 - 7.0, end.1 - rail - 10.0),
        ]);
        svg.path(&tower, light.lit(Rgb::hex(0xbdb6a8)));
    }
    prayer_flags(svg, rng, (a.0, a.1 - rail), (b.0, b.1 - rail), sag * 2.0, 13.0, light);
    if rng.chance(0.6) {
        let (x, y) = quad(a, mid, b, rng.range(0.3, 0.7));
        figure(svg, (x, y - 2.0), 30.0, light.shade.darken(0.3), Some(Rgb::hex(0xd9480f)));
    }
}

/// A rafting boat with helmeted paddlers, going down the rapids.
fn raft(svg: &mut Svg, rng: &mut Rng, at: P, len: f32, light: &Light) {
    let (x, y) = at;
    let hull = light.lit(Rgb::hex(rng.pick(&[0xe03131, 0xf59f00, 0x1c7ed6])));
    put!(
        svg,
        "<rect x='{:.1}' y='{:.1}' width='{len:.1}' height='{:.1}' rx='{:.1}' fill='{hull}'/>",
        x - len / 2.0,
        y - len * 0.12,
        len * 0.24,
        len * 0.12
    );
    for i in 0..4 {
        let px = x - len * 0.3 + i as f32 * len * 0.2;
        svg.rect(
            px - len * 0.04,
            y - len * 0.3,
            len * 0.08,
            len * 0.2,
            light.lit(Rgb::hex(0xf2c230)),
        );
        svg.circle(
            (px, y - len * 0.34),
            len * 0.055,
            light.lit(Rgb::hex(0xe03131).darken(0.1)),
            1.0,
        );
    }
    svg.stroke(
        &format!("M{:.1} {:.1} h{:.1}", x - len * 0.7, y + len * 0.05, len * 1.4),
        Rgb::hex(0xffffff),
        3.0,
        0.6,
    );
}
