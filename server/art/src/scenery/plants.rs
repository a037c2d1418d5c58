//! Trees and plants: conifers, broadleaves, rhododendrons, tall sal trees, forest canopy
//! and tall grass.

use std::fmt::Write as _;

use crate::VIEW_H;
use crate::colour::Rgb;
use crate::light::Light;
use crate::path::{P, poly};
use crate::rng::Rng;
use crate::svg::Svg;

/// A conifer: a slim low-poly cone, lit on one side.
pub(crate) fn conifer(svg: &mut Svg, base: P, h: f32, colour: Rgb, light: &Light) {
    let (x, y) = base;
    let hw = h * 0.2;
    let (left, right) = light.faces(colour);
    svg.path(&poly(&[(x, y - h), (x - hw, y), (x, y)]), left);
    svg.path(&poly(&[(x, y - h), (x + hw, y), (x, y)]), right);
}

/// A round broadleaf tree: a short trunk under a cluster of overlapping crowns.
pub(crate) fn broadleaf(svg: &mut Svg, rng: &mut Rng, base: P, h: f32, colour: Rgb, light: &Light) {
    let (x, y) = base;
    let bark = light.shaded(Rgb::hex(0x5b4030));
    svg.path(
        &poly(&[
            (x - h * 0.045, y),
            (x + h * 0.045, y),
            (x + h * 0.02, y - h * 0.5),
            (x - h * 0.02, y - h * 0.5),
        ]),
        bark,
    );
    let r = h * 0.2;
    let crown_y = y - h + r * 1.6;
    let (lit, shaded) = (light.lit(colour), light.shaded(colour));
    let side = if light.sun_left { -1.0 } else { 1.0 };
    let blobs: Vec<(P, f32)> = (0..6)
        .map(|i| {
            let a = i as f32 * 1.05 + rng.range(0.0, 0.6);
            ((x + a.cos() * r * 0.9, crown_y + a.sin() * r * 0.7), r * rng.range(0.65, 0.9))
        })
        .collect();
    for &(c, rr) in &blobs {
        svg.circle(c, rr, shaded, 1.0);
    }
    svg.circle((x, crown_y), r, shaded, 1.0);
    for &((cx, cy), rr) in &blobs {
        if (cx - x) * side > -r * 0.3 && cy < crown_y + r * 0.3 {
            svg.circle((cx + side * rr * 0.15, cy - rr * 0.2), rr * 0.75, lit, 1.0);
        }
    }
}

/// A rhododendron, Nepal's national flower: a dark rounded tree dotted with red blossom.
pub(crate) fn rhododendron(
    svg: &mut Svg,
    rng: &mut Rng,
    base: P,
    h: f32,
    colour: Rgb,
    light: &Light,
) {
    broadleaf(svg, rng, base, h, colour, light);
    let mut flowers = String::new();
    let (x, y) = base;
    for _ in 0..14 {
        let a = rng.range(0.0, std::f32::consts::TAU);
        let r = rng.range(0.0, 0.3) * h;
        let (fx, fy) = (x + a.cos() * r, y - h * 0.68 + a.sin() * r * 0.7);
        let fr = h * rng.range(0.025, 0.045);
        let _ = write!(
            flowers,
            "M{:.1} {fy:.1} a{fr:.1} {fr:.1} 0 1 0 {:.1} 0 a{fr:.1} {fr:.1} 0 1 0 {:.1} 0 ",
            fx - fr,
            2.0 * fr,
            -2.0 * fr
        );
    }
    svg.path(&flowers, light.lit(Rgb::hex(0xd9304a)));
}

/// A tall tree with an open crown of leaf clumps on its branches: a sal in the Terai, a
/// shade tree in the tea gardens.
pub(crate) fn tall_tree(svg: &mut Svg, rng: &mut Rng, base: P, h: f32, colour: Rgb, light: &Light) {
    let (x, y) = base;
    let bark = light.shaded(Rgb::hex(0x4a3a2e));
    let tw = h * 0.03;
    let top = y - h * 0.82;
    svg.path(&poly(&[(x - tw, y), (x + tw, y), (x + tw * 0.4, top), (x - tw * 0.4, top)]), bark);
    let mut clumps = vec![(x, y - h * 0.88, h * 0.1)];
    let mut twigs = String::new();
    for i in 0..9 {
        let from = y - h * rng.range(0.5, 0.82);
        let side = if i % 2 == 0 { -1.0 } else { 1.0 };
        let end = (x + side * h * rng.range(0.05, 0.2), from - h * rng.range(0.05, 0.14));
        let _ = write!(
            twigs,
            "M{x:.1} {from:.1} Q{:.1} {:.1} {:.1} {:.1} ",
            x + (end.0 - x) * 0.6,
            from,
            end.0,
            end.1
        );
        clumps.push((end.0, end.1, h * rng.range(0.06, 0.1)));
    }
    svg.stroke(&twigs, bark, tw * 0.35, 1.0);
    let (lit, shaded) = (light.lit(colour), light.shaded(colour));
    let side = if light.sun_left { -1.0 } else { 1.0 };
    // All the shaded leaves first, so the lit tops of every clump stay on top.
    let mut dark = String::new();
    let mut bright = String::new();
    for &(cx, cy, r) in &clumps {
        for _ in 0..3 {
            let (ox, oy, rr) = (
                cx + rng.range(-1.0, 1.0) * r,
                cy + rng.range(-0.5, 0.5) * r,
                r * rng.range(0.6, 1.0),
            );
            let _ = write!(
                dark,
                "M{:.1} {oy:.1} a{:.1} {:.1} 0 1 0 {:.1} 0 a{:.1} {:.1} 0 1 0 {:.1} 0 ",
                ox - rr * 1.3,
                rr * 1.3,
                rr,
                rr * 2.6,
                rr * 1.3,
                rr,
                -rr * 2.6
            );
            let (lx, ly, lr) = (ox + side * rr * 0.3, oy - rr * 0.35, rr * 0.7);
            let _ = write!(
                bright,
                "M{:.1} {ly:.1} a{:.1} {:.1} 0 1 0 {:.1} 0 a{:.1} {:.1} 0 1 0 {:.1} 0 ",
                lx - lr * 1.3,
                lr * 1.3,
                lr,
                lr * 2.6,
                lr * 1.3,
                lr,
                -lr * 2.6
            );
        }
    }
    svg.path(&dark, shaded);
    svg.path(&bright, lit);
}

/// A band of forest canopy: rows of round crowns between `top` and `bottom`.
pub(crate) fn canopy(
    svg: &mut Svg,
    rng: &mut Rng,
    top: f32,
    bottom: f32,
    colour: Rgb,
    light: &Light,
    depth: f32,
) {
    let w = svg.w;
    let (lit, shaded) = (light.far(colour, depth), light.far(light.shaded(colour), depth));
    let rows = 3;
    svg.rect(0.0, (top + bottom) / 2.0, w, bottom - (top + bottom) / 2.0 + 2.0, shaded);
    for r in 0..rows {
        let y = top + (bottom - top) * r as f32 / rows as f32;
        let mut x = -20.0;
        let mut d_shade = String::new();
        let mut d_lit = String::new();
        while x < w + 20.0 {
            let rad = rng.range(18.0, 36.0) * (1.0 + 0.25 * r as f32);
            let cy = y + rng.range(-10.0, 10.0);
            let _ = write!(
                d_shade,
                "M{:.1} {cy:.1} a{rad:.1} {rad:.1} 0 1 0 {:.1} 0 a{rad:.1} {rad:.1} 0 1 0 {:.1} 0 ",
                x - rad,
                2.0 * rad,
                -2.0 * rad
            );
            let (lx, lr) = (x - rad * 0.2, rad * 0.7);
            let _ = write!(
                d_lit,
                "M{:.1} {:.1} a{lr:.1} {lr:.1} 0 1 0 {:.1} 0 a{lr:.1} {lr:.1} 0 1 0 {:.1} 0 ",
                lx - lr,
                cy - rad * 0.25,
                2.0 * lr,
                -2.0 * lr
            );
            x += rad * rng.range(1.2, 1.7);
        }
        let tint = 0.08 * r as f32;
        svg.path(&d_shade, shaded.darken(tint));
        svg.path(&d_lit, lit.darken(tint));
    }
}

/// Tufts of tall grass along the bottom of the picture, bigger towards the viewer.
pub(crate) fn grass(svg: &mut Svg, rng: &mut Rng, from: f32, colour: Rgb, light: &Light) {
    let w = svg.w;
    for layer in 0..3 {
        let t = layer as f32 / 2.0;
        let y0 = from + (VIEW_H - from) * (0.25 + 0.35 * t);
        let c = light.lit(colour.darken(0.12 * layer as f32));
        let mut d = String::new();
        let n = 45 - layer * 10;
        for _ in 0..n {
            let x = rng.range(-0.02, 1.02) * w;
            let y = y0 + rng.range(0.0, 40.0);
            let h = rng.range(50.0, 110.0) * (0.6 + 0.7 * t);
            for _ in 0..5 {
                let lean = rng.range(-0.5, 0.5) * h;
                let bw = h * 0.035;
                let _ = write!(
                    d,
                    "M{:.1} {y:.1} Q{:.1} {:.1} {:.1} {:.1} Q{:.1} {:.1} {:.1} {y:.1} Z ",
                    x - bw,
                    x + lean * 0.3,
                    y - h * 0.6,
                    x + lean,
                    y - h,
                    x + lean * 0.3 + bw,
                    y - h * 0.5,
                    x + bw
                );
            }
        }
        svg.path(&d, c);
    }
}
