//! Buildings: Newari pagodas, a shikhara temple, houses and rows of town houses, white
//! stupas and Mustang chortens.

use std::fmt::Write as _;

use crate::colour::Rgb;
use crate::light::Light;
use crate::path::{P, poly};
use crate::rng::Rng;
use crate::svg::{Svg, put};

/// Draws a left-right symmetric shape as two halves, lit and shaded like two faces;
/// `half(dir)` gives the path of the half on side `dir` (-1 left, 1 right).
fn symmetric(svg: &mut Svg, light: &Light, colour: Rgb, half: impl Fn(f32) -> String) {
    let (left, right) = light.faces(colour);
    svg.path(&half(-1.0), left);
    svg.path(&half(1.0), right);
}

/// A tiered Newari pagoda about `h` tall standing at `base`, on a plinth of `steps` steps.
pub(crate) fn pagoda(
    svg: &mut Svg,
    rng: &mut Rng,
    base: P,
    h: f32,
    tiers: usize,
    steps: usize,
    light: &Light,
) {
    let (x, mut y) = base;
    // Everything is measured in `s`, so the parts keep their proportions at any size.
    let s = h / (0.07 * steps as f32 + 0.25 * tiers as f32 + 0.3);
    let brick = Rgb::hex(rng.pick(&[0xa8503a, 0x9c4434, 0xb25d3f]));
    let wood = Rgb::hex(0x5a2a20);
    let tile = Rgb::hex(rng.pick(&[0x4b2a22, 0x3f2c2a, 0x5b3222]));
    let gold = Rgb::hex(0xe9b44c);
    let (_, dark) = light.faces(wood);
    let lit_gold = light.lit(gold);

    let mut step_w = 1.3 * s * (0.85 + 0.05 * tiers as f32);
    for _ in 0..steps {
        let sh = 0.07 * s;
        symmetric(svg, light, brick, |dir| {
            poly(&[
                (x, y),
                (x + dir * step_w / 2.0, y),
                (x + dir * step_w / 2.0, y - sh),
                (x, y - sh),
            ])
        });
        svg.rect(x - step_w / 2.0, y - sh, step_w, sh * 0.16, light.lit(brick.lighten(0.3)));
        y -= sh;
        step_w -= 0.15 * s;
    }
    if steps > 0 {
        let stair_w = 0.16 * s;
        let stair_h = base.1 - y;
        svg.rect(x - stair_w / 2.0, y, stair_w, stair_h, light.lit(brick.lighten(0.15)));
        let mut d = String::new();
        let treads = (steps * 4).max(1);
        for i in 0..treads {
            let ty = y + stair_h * (i as f32 + 0.5) / treads as f32;
            let _ = write!(d, "M{:.1} {ty:.1} h{stair_w:.1} ", x - stair_w / 2.0);
        }
        svg.stroke(&d, light.shaded(brick), s * 0.008, 0.8);
    }

    let mut wall_w = 0.5 * s;
    for i in 0..tiers {
        let k = 0.86f32.powi(i as i32);
        let wall_h = 0.15 * s * k;
        symmetric(svg, light, if i == 0 { brick } else { wood }, |dir| {
            poly(&[
                (x, y),
                (x + dir * wall_w / 2.0, y),
                (x + dir * wall_w / 2.0, y - wall_h),
                (x, y - wall_h),
            ])
        });
        // A door below, latticed windows above, each in a gilded frame.
        let (ww, wh) =
            if i == 0 { (wall_w * 0.22, wall_h * 0.7) } else { (wall_w * 0.16, wall_h * 0.5) };
        let count = if i == 0 { 1 } else { 3 };
        for j in 0..count {
            let wx = x + (j as f32 - (count - 1) as f32 / 2.0) * wall_w * 0.3;
            let wy = y - wall_h * 0.15 - wh;
            svg.rect(
                wx - ww / 2.0 - s * 0.008,
                wy - s * 0.008,
                ww + s * 0.016,
                wh + s * 0.008,
                lit_gold,
            );
            svg.rect(wx - ww / 2.0, wy, ww, wh, dark.darken(0.45));
        }
        let top = y - wall_h;
        let eave = wall_w / 2.0 + 0.24 * s * k;
        let rise = 0.13 * s * k;
        let thick = 0.025 * s;
        let next_w = if i + 1 == tiers { 0.0 } else { wall_w * 0.76 };
        // The dark underside of the eaves with its carved struts.
        let under = poly(&[
            (x - eave, top - thick),
            (x + eave, top - thick),
            (x + wall_w / 2.0, top + 0.03 * s),
            (x - wall_w / 2.0, top + 0.03 * s),
        ]);
        svg.path(&under, dark.darken(0.3));
        let mut struts = String::new();
        for j in 0..6 {
            let t = (j as f32 + 0.5) / 6.0;
            let sx = x - wall_w / 2.0 + wall_w * t;
            let ex = x + (sx - x) * (eave / (wall_w / 2.0)) * 0.92;
            let _ = write!(struts, "M{sx:.1} {:.1} L{ex:.1} {:.1} ", top + 0.02 * s, top - thick);
        }
        svg.stroke(&struts, light.lit(wood.lighten(0.2)), s * 0.01, 0.8);
        // The roof: tiled slopes curving up to a lifted eave.
        let peak_y = top - rise - if next_w == 0.0 { 0.1 * s } else { 0.0 };
        let roof = |dir: f32| {
            format!(
                "M{x:.1} {:.1} L{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} L{:.1} {:.1} L{x:.1} {:.1} Z",
                peak_y,
                x + dir * next_w / 2.0,
                peak_y,
                x + dir * (next_w / 2.0 + (eave - next_w / 2.0) * 0.45),
                top - thick * 0.5,
                x + dir * (eave + 0.02 * s),
                top - thick * 2.2,
                x + dir * eave,
                top - thick * 0.6,
                top - thick * 0.6
            )
        };
        symmetric(svg, light, tile, roof);
        svg.stroke(
            &format!(
                "M{:.1} {:.1} Q{x:.1} {:.1} {:.1} {:.1}",
                x - eave,
                top - thick * 0.6,
                top + thick * 0.2,
                x + eave,
                top - thick * 0.6
            ),
            light.lit(tile.lighten(0.35)),
            s * 0.01,
            0.9,
        );
        // Little bells hang from the eave corners.
        for dir in [-1.0, 1.0] {
            svg.circle((x + dir * (eave + 0.01 * s), top + 0.01 * s), s * 0.012, lit_gold, 1.0);
        }
        y = peak_y;
        wall_w = next_w;
    }
    // The gilded finial: a bell, then a slender spire.
    let fw = 0.035 * s;
    let bell = format!("M{:.1} {y:.1} Q{x:.1} {:.1} {:.1} {y:.1} Z", x - fw, y - 0.11 * s, x + fw);
    svg.path(&bell, lit_gold);
    let spire = format!(
        "M{:.1} {:.1} L{x:.1} {:.1} L{:.1} {:.1} Z",
        x - fw * 0.35,
        y - 0.05 * s,
        y - 0.17 * s,
        x + fw * 0.35,
        y - 0.05 * s
    );
    svg.path(&spire, lit_gold.lighten(0.15));
}

/// A stone shikhara temple (like Krishna Mandir): a curved tower on a stepped base.
pub(crate) fn shikhara(svg: &mut Svg, base: P, h: f32, light: &Light) {
    let (x, y) = base;
    let stone = Rgb::hex(0xc9b08a);
    let s = h;
    symmetric(svg, light, stone, |dir| {
        poly(&[
            (x, y),
            (x + dir * 0.32 * s, y),
            (x + dir * 0.32 * s, y - 0.12 * s),
            (x, y - 0.12 * s),
        ])
    });
    symmetric(svg, light, stone, |dir| {
        poly(&[
            (x, y - 0.12 * s),
            (x + dir * 0.25 * s, y - 0.12 * s),
            (x + dir * 0.25 * s, y - 0.3 * s),
            (x, y - 0.3 * s),
        ])
    });
    // Small pavilions at the corners of the base.
    for dir in [-1.0, 1.0] {
        let px = x + dir * 0.2 * s;
        symmetric(svg, light, stone, |d| {
            format!(
                "M{px:.1} {:.1} L{:.1} {:.1} Q{:.1} {:.1} {px:.1} {:.1} Z",
                y - 0.3 * s,
                px + d * 0.06 * s,
                y - 0.3 * s,
                px + d * 0.06 * s,
                y - 0.42 * s,
                y - 0.45 * s
            )
        });
    }
    symmetric(svg, light, stone, |dir| {
        format!(
            "M{x:.1} {:.1} L{:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {x:.1} {:.1} Z",
            y - 0.3 * s,
            x + dir * 0.16 * s,
            y - 0.3 * s,
            x + dir * 0.16 * s,
            y - 0.7 * s,
            x + dir * 0.06 * s,
            y - 0.9 * s,
            y - 0.95 * s
        )
    });
    let mut rings = String::new();
    for i in 1..6 {
        let ry = y - 0.3 * s - i as f32 * 0.1 * s;
        let half = 0.16 * s * (1.0 - (i as f32 * 0.1 / 0.65).powi(3)).max(0.0);
        let _ = write!(rings, "M{:.1} {ry:.1} h{:.1} ", x - half, 2.0 * half);
    }
    svg.stroke(&rings, light.shaded(stone), s * 0.008, 0.7);
    svg.circle((x, y - 0.97 * s), 0.03 * s, light.lit(Rgb::hex(0xe9b44c)), 1.0);
}

/// A house standing at `base`, `w` wide and `h` tall to the eaves; `roof` None means flat.
#[allow(clippy::too_many_arguments)]
pub(crate) fn house(
    svg: &mut Svg,
    rng: &mut Rng,
    base: P,
    w: f32,
    h: f32,
    wall: Rgb,
    roof: Option<Rgb>,
    light: &Light,
    depth: f32,
) {
    let (x, y) = base;
    let fade = |c: Rgb| light.far(c, depth);
    svg.rect(x - w / 2.0, y - h, w, h, fade(wall));
    let side = light.shaded(wall);
    let side_w = w * 0.22;
    let sx = if light.sun_left { x + w / 2.0 } else { x - w / 2.0 - side_w };
    svg.rect(sx, y - h, side_w, h, side.mix(light.haze, depth));
    let frame = fade(Rgb::hex(0x5a3422));
    let glass = fade(Rgb::hex(0x2a2026));
    let floors = ((h / w * 2.0).round() as usize).clamp(1, 3);
    let cols = if w > 60.0 { 3 } else { 2 };
    for f in 0..floors {
        let fy = y - h + h * (f as f32 + 0.3) / floors as f32;
        for c in 0..cols {
            let cx = x - w / 2.0 + w * (c as f32 + 0.5) / cols as f32;
            let (ww, wh) = (w * 0.16, h / floors as f32 * 0.42);
            svg.rect(
                cx - ww / 2.0 - w * 0.025,
                fy - w * 0.025,
                ww + w * 0.05,
                wh + w * 0.05,
                frame,
            );
            svg.rect(cx - ww / 2.0, fy, ww, wh, glass);
        }
    }
    match roof {
        Some(roof) => {
            let over = w * 0.12;
            let rise = w * rng.range(0.25, 0.38);
            let (left, right) = (x - w / 2.0 - over, x + w / 2.0 + over);
            let ridge = w * rng.range(0.1, 0.3);
            let d = poly(&[
                (left, y - h + 2.0),
                (right + side_w, y - h + 2.0),
                (x + ridge + side_w * 0.5, y - h - rise),
                (x - ridge, y - h - rise),
            ]);
            svg.path(&d, fade(roof));
            svg.rect(left, y - h, right - left + side_w, w * 0.035, fade(roof.darken(0.35)));
        }
        None => {
            // Flat roofs in the dry north are stacked with firewood along their edges.
            svg.rect(
                x - w / 2.0 - 2.0,
                y - h - w * 0.08,
                w + side_w + 4.0,
                w * 0.08,
                fade(Rgb::hex(0x4a3526)),
            );
        }
    }
}

/// A row of old town houses between `x0` and `x1` standing on `ground`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn town(
    svg: &mut Svg,
    rng: &mut Rng,
    x0: f32,
    x1: f32,
    ground: f32,
    scale: f32,
    light: &Light,
    depth: f32,
) {
    const WALLS: [u32; 6] = [0xb0563e, 0xc4674a, 0xe8dcc4, 0xd9a05b, 0x9e4a36, 0xefe6d6];
    const ROOFS: [u32; 3] = [0x5b3328, 0x4c4a4f, 0x6e3b2c];
    let mut x = x0;
    while x < x1 {
        let w = rng.range(90.0, 150.0) * scale;
        let h = rng.range(110.0, 210.0) * scale;
        let wall = Rgb::hex(rng.pick(&WALLS));
        let roof = Rgb::hex(rng.pick(&ROOFS));
        let flat = rng.chance(0.25);
        house(svg, rng, (x + w / 2.0, ground), w, h, wall, (!flat).then_some(roof), light, depth);
        x += w * rng.range(0.95, 1.15);
    }
}

/// A whitewashed stupa (Boudhanath, Swayambhu) whose dome is `s` in radius, standing at `base`;
/// returns the tip of its pinnacle, where the prayer flags are tied.
pub(crate) fn stupa(svg: &mut Svg, base: P, s: f32, light: &Light) -> P {
    let (x, mut y) = base;
    let white = Rgb::hex(0xf6f3ec);
    let gold = Rgb::hex(0xe8b54a);
    let (lit_white, shade_white) = (light.lit(white), light.shaded(white).lighten(0.25));
    // Terraces of the mandala base.
    for (i, half) in [1.35, 1.18, 1.03].into_iter().enumerate() {
        let th = 0.13 * s;
        symmetric(svg, light, white.darken(0.03 * i as f32), |dir| {
            poly(&[(x, y), (x + dir * half * s, y), (x + dir * half * s, y - th), (x, y - th)])
        });
        svg.rect(x - half * s, y - th, 2.0 * half * s, 0.015 * s, light.lit(white.darken(0.2)));
        y -= th;
    }
    // The dome, lit from the sun's side.
    let (rx, ry) = (0.95 * s, 0.66 * s);
    let dome_d = format!("M{:.1} {y:.1} A{rx:.1} {ry:.1} 0 0 1 {:.1} {y:.1} Z", x - rx, x + rx);
    let side = if light.sun_left { -1.0 } else { 1.0 };
    let shading = svg.radial(
        (x + side * 0.45 * s, y - 0.55 * s),
        1.5 * s,
        &[(0.0, lit_white.lighten(0.3), 1.0), (0.5, lit_white, 1.0), (1.0, shade_white, 1.0)],
    );
    svg.path(&dome_d, shading);
    // Saffron arcs thrown over the dome, like the painted lotus petals of Boudhanath.
    let dome_clip = svg.clip(&dome_d);
    let mut petals = String::new();
    let n = 11;
    for i in 0..n {
        let px = x - rx + 2.0 * rx * (i as f32 + 0.5) / n as f32;
        let py = y - ry * (1.0 - ((px - x) / rx).powi(2)).max(0.0).sqrt();
        let r = rx / n as f32;
        let _ =
            write!(petals, "M{:.1} {py:.1} a{r:.1} {:.1} 0 0 0 {:.1} 0 ", px - r, r * 2.4, 2.0 * r);
    }
    put!(svg, "<g clip-path='{dome_clip}'>");
    svg.stroke(&petals, light.lit(Rgb::hex(0xf0a530)), s * 0.035, 0.85);
    put!(svg, "</g>");
    y -= ry * 0.96;

    // The harmika with the Buddha's watchful eyes.
    let (hw, hh) = (0.27 * s, 0.3 * s);
    symmetric(svg, light, gold, |dir| {
        poly(&[
            (x, y + 0.02 * s),
            (x + dir * (hw + 0.04 * s), y + 0.02 * s),
            (x + dir * (hw + 0.04 * s), y - 0.05 * s),
            (x, y - 0.05 * s),
        ])
    });
    y -= 0.05 * s;
    svg.rect(x - hw, y - hh, 2.0 * hw, hh, lit_white);
    let dark = Rgb::hex(0x1e2440);
    for dir in [-1.0, 1.0] {
        let ex = x + dir * 0.12 * s;
        let ey = y - hh * 0.52;
        let (ew, eh) = (0.085 * s, 0.035 * s);
        let eye = format!(
            "M{:.1} {ey:.1} Q{ex:.1} {:.1} {:.1} {ey:.1} Q{ex:.1} {:.1} {:.1} {ey:.1} Z",
            ex - ew,
            ey - eh * 1.6,
            ex + ew,
            ey + eh * 0.9,
            ex - ew
        );
        svg.path(&eye, Rgb::hex(0xfdfbf5));
        svg.circle((ex, ey - eh * 0.15), eh * 0.62, dark, 1.0);
        svg.stroke(
            &format!(
                "M{:.1} {ey:.1} Q{ex:.1} {:.1} {:.1} {ey:.1}",
                ex - ew,
                ey - eh * 1.6,
                ex + ew
            ),
            dark,
            s * 0.014,
            1.0,
        );
        svg.stroke(
            &format!(
                "M{:.1} {:.1} Q{ex:.1} {:.1} {:.1} {:.1}",
                ex - ew,
                ey - eh * 2.3,
                ey - eh * 4.0,
                ex + ew,
                ey - eh * 2.3
            ),
            dark,
            s * 0.012,
            1.0,
        );
    }
    // The nose drawn as the numeral one, and the third eye above.
    let nose_y = y - hh * 0.42;
    svg.stroke(
        &format!(
            "M{:.1} {:.1} Q{:.1} {:.1} {x:.1} {:.1} Q{:.1} {:.1} {x:.1} {:.1}",
            x - 0.025 * s,
            nose_y - 0.05 * s,
            x + 0.03 * s,
            nose_y - 0.06 * s,
            nose_y - 0.02 * s,
            x - 0.03 * s,
            nose_y + 0.03 * s,
            nose_y + 0.1 * s
        ),
        Rgb::hex(0xc0392b),
        s * 0.014,
        1.0,
    );
    svg.circle((x, y - hh * 0.86), 0.018 * s, Rgb::hex(0xc0392b), 1.0);
    y -= hh;

    // Thirteen gilded rings to the parasol and pinnacle.
    let (bottom, top, sh) = (0.2 * s, 0.07 * s, 0.75 * s);
    symmetric(svg, light, gold, |dir| {
        poly(&[(x, y), (x + dir * bottom, y), (x + dir * top, y - sh), (x, y - sh)])
    });
    let mut rings = String::new();
    for i in 1..13 {
        let t = i as f32 / 13.0;
        let half = bottom + (top - bottom) * t;
        let _ = write!(rings, "M{:.1} {:.1} h{:.1} ", x - half, y - sh * t, 2.0 * half);
    }
    svg.stroke(&rings, light.shaded(gold), s * 0.01, 0.8);
    y -= sh;
    let umbrella = format!(
        "M{:.1} {y:.1} Q{x:.1} {:.1} {:.1} {y:.1} Z",
        x - 0.16 * s,
        y - 0.16 * s,
        x + 0.16 * s
    );
    svg.path(&umbrella, light.lit(gold));
    svg.rect(x - 0.17 * s, y - 0.01 * s, 0.34 * s, 0.025 * s, light.shaded(gold));
    let tip = format!(
        "M{:.1} {:.1} Q{x:.1} {:.1} {x:.1} {:.1} Q{x:.1} {:.1} {:.1} {:.1} Z",
        x - 0.035 * s,
        y - 0.06 * s,
        y - 0.12 * s,
        y - 0.24 * s,
        y - 0.12 * s,
        x + 0.035 * s,
        y - 0.06 * s
    );
    svg.path(&tip, light.lit(gold.lighten(0.1)));
    (x, y - 0.2 * s)
}

/// A small Mustang chorten: a stepped, painted shrine in red, white and grey.
pub(crate) fn chorten(svg: &mut Svg, base: P, h: f32, light: &Light) {
    let (x, y) = base;
    let bands = [
        (0.5, 0.3, 0xf0ebe0),
        (0.4, 0.15, 0xb03a2e),
        (0.33, 0.12, 0xf0ebe0),
        (0.22, 0.22, 0x9a9a9a),
    ];
    let mut top = y;
    for (half, th, colour) in bands {
        symmetric(svg, light, Rgb::hex(colour), |dir| {
            poly(&[
                (x, top),
                (x + dir * half * h, top),
                (x + dir * half * h, top - th * h),
                (x, top - th * h),
            ])
        });
        top -= th * h;
    }
    symmetric(svg, light, Rgb::hex(0xb03a2e), |dir| {
        poly(&[(x, top), (x + dir * 0.16 * h, top), (x, top - 0.25 * h)])
    });
}
