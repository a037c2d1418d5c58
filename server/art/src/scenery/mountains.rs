//! Mountains: snow ranges and bare ridges built of lit and shaded faces, with ragged snow
//! caps computed by clipping polygons rather than with SVG clips.

use crate::colour::Rgb;
use crate::light::Light;
use crate::path::{P, poly};
use crate::rng::Rng;
use crate::svg::Svg;

/// One mountain: summit at (`x`, `top`), its flanks reaching `left` and `right` of it.
/// Flanks fall as t^`bend`: below 1 they are steep under the summit, then level out.
#[derive(Clone, Copy)]
pub(crate) struct Peak {
    pub(crate) x: f32,
    pub(crate) top: f32,
    pub(crate) left: f32,
    pub(crate) right: f32,
    pub(crate) bend: f32,
}

/// A snow range: every peak is a lit face and a shaded face split along its ridge, under a
/// ragged snow cap. `depth` fades it into the haze; `snow` is how far down the snow reaches.
pub(crate) fn range(
    svg: &mut Svg,
    rng: &mut Rng,
    peaks: &[Peak],
    base: f32,
    depth: f32,
    snow: f32,
    light: &Light,
) {
    let rock = Rgb::hex(rng.pick(&[0x5d6478, 0x6a6566, 0x56606a])).mix(light.shade, 0.25);
    ridges(svg, rng, peaks, base, depth, snow, rock, light);
}

/// Like [`range`], in any rock colour; with `snow` at 0 the mountains are bare. Returns the
/// outline of all the peaks, to clip overlays such as grass on their lower slopes.
#[allow(clippy::too_many_arguments)]
pub(crate) fn ridges(
    svg: &mut Svg,
    rng: &mut Rng,
    peaks: &[Peak],
    base: f32,
    depth: f32,
    snow: f32,
    rock: Rgb,
    light: &Light,
) -> String {
    let mut outline = String::new();
    let rock_faces = light.faces(rock);
    let snow_faces = if light.sun_left {
        (light.snow, light.snow_shade)
    } else {
        (light.snow_shade, light.snow)
    };
    let fade = |c: Rgb| c.mix(light.haze, depth);
    let mut order: Vec<Peak> = peaks.to_vec();
    // Lower summits stand in front of higher ones.
    order.sort_by(|a, b| a.top.total_cmp(&b.top));
    for p in order {
        let height = base - p.top;
        let jag = height * 0.035;
        // Each flank falls with its own curve, sometimes over a lesser shoulder summit.
        let flank = |rng: &mut Rng, dir: f32, half: f32| -> Vec<P> {
            let steps = 12;
            let bend = p.bend * rng.range(0.9, 1.1);
            let bump_at = rng.range(0.25, 0.6);
            let bump = if rng.chance(0.6) { rng.range(0.04, 0.12) } else { 0.0 };
            (0..=steps)
                .map(|i| {
                    let t = i as f32 / steps as f32;
                    let wobble = if i == 0 || i == steps { 0.0 } else { rng.range(-jag, jag) };
                    let shoulder = bump * (-((t - bump_at) / 0.1).powi(2)).exp();
                    (
                        p.x + dir * half * t + wobble,
                        p.top + height * (t.powf(bend) - shoulder) + wobble * 0.6,
                    )
                })
                .collect()
        };
        let left = flank(rng, -1.0, p.left);
        let right = flank(rng, 1.0, p.right);
        let drift = rng.range(-0.25, 0.25) * (p.left + p.right) / 2.0;
        let ridge: Vec<P> = (0..=8)
            .map(|i| {
                let t = i as f32 / 8.0;
                let wobble = if i == 0 { 0.0 } else { rng.range(-jag, jag) * 0.8 };
                (p.x + drift * t + wobble, p.top + height * t)
            })
            .collect();
        let whole: Vec<P> = left.iter().rev().chain(right.iter().skip(1)).copied().collect();
        let right_face: Vec<P> = ridge.iter().rev().chain(right.iter().skip(1)).copied().collect();
        let whole_d = poly(&whole);
        let right_d = poly(&right_face);
        // A spur down the left flank adds a third, half-lit facet.
        let k = 4 + rng.below(4);
        let spur_foot = (left[k].0 + (p.x - left[k].0) * rng.range(0.3, 0.6), base);
        let mut spur: Vec<P> = left[k..].to_vec();
        spur.push(spur_foot);
        let spur_d = poly(&spur);

        // Snow line: ragged, with tongues where the snow runs down gullies along the slope.
        let snow_y = p.top + height * snow * rng.range(0.8, 1.2);
        let (x0, x1) = (p.x - p.left - 10.0, p.x + p.right + 10.0);
        let mut snow_line = Vec::new();
        let mut x = x0;
        while x < x1 {
            let side = if x < p.x { -1.0 } else { 1.0 };
            // The snow climbs towards the summit as the flanks fall away.
            let lift = ((x - p.x).abs() / (x1 - x0)).min(0.5) * height * 0.35;
            let y = snow_y - lift + rng.range(-0.03, 0.03) * height;
            snow_line.push((x, y));
            if rng.chance(0.45) {
                let longest = if rng.chance(0.3) { 0.25 } else { 0.1 };
                let reach = rng.range(0.04, longest) * height;
                let wide = rng.range(10.0, 24.0);
                // The tongue leans downhill, but the line must keep moving right.
                snow_line.push((x + wide * (1.0 + 0.7 * side), y + reach));
                snow_line.push((x + 2.0 * wide, y + rng.range(0.0, 0.03) * height));
                x += 2.0 * wide;
            }
            x += rng.range(14.0, 40.0);
        }
        snow_line.push((x.max(x1), snow_y - height * 0.17));
        svg.path(&whole_d, fade(rock_faces.0));
        svg.path(&spur_d, fade(rock_faces.0.mix(rock_faces.1, 0.45)));
        svg.path(&right_d, fade(rock_faces.1));
        outline.push_str(&whole_d);
        if snow <= 0.0 {
            continue;
        }
        // Computed rather than clipped: a clip costs resvg a layer the size of the peak.
        svg.path(&above(&whole, &snow_line), fade(snow_faces.0));
        svg.path(&above(&spur, &snow_line), fade(snow_faces.0.mix(snow_faces.1, 0.45)));
        svg.path(&above(&right_face, &snow_line), fade(snow_faces.1));
    }
    outline
}

/// The part of a polygon where the linear function `side` is not negative (one step of
/// Sutherland-Hodgman clipping).
fn clip_half(points: &[P], side: impl Fn(P) -> f32) -> Vec<P> {
    let mut out = Vec::with_capacity(points.len() + 2);
    for (i, &a) in points.iter().enumerate() {
        let b = points[(i + 1) % points.len()];
        let (sa, sb) = (side(a), side(b));
        if sa >= 0.0 {
            out.push(a);
        }
        if (sa >= 0.0) != (sb >= 0.0) {
            let t = sa / (sa - sb);
            out.push((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t));
        }
    }
    out
}

/// Path data for the part of polygon `shape` above the polyline `line` (x increasing):
/// one convex strip per segment, all in one path so that no seams show between them.
fn above(shape: &[P], line: &[P]) -> String {
    let mut d = String::new();
    for seg in line.windows(2) {
        let (a, b) = (seg[0], seg[1]);
        if b.0 - a.0 < 0.01 {
            continue;
        }
        let slope = (b.1 - a.1) / (b.0 - a.0);
        let piece = clip_half(shape, |p| p.0 - a.0);
        let piece = clip_half(&piece, |p| b.0 - p.0);
        let piece = clip_half(&piece, |p| a.1 + slope * (p.0 - a.0) - p.1);
        if piece.len() >= 3 {
            d.push_str(&poly(&piece));
        }
    }
    d
}

/// `n` peaks spread across the canvas with summits between `high` and `low` (y values).
pub(crate) fn peak_row(
    rng: &mut Rng,
    w: f32,
    n: usize,
    high: f32,
    low: f32,
    base: f32,
) -> Vec<Peak> {
    let span = w * 1.2 / n as f32;
    (0..n)
        .map(|i| {
            let x = -0.1 * w + span * (i as f32 + rng.range(0.2, 0.8));
            let top = rng.range(high, low);
            let h = base - top;
            Peak {
                x,
                top,
                left: h * rng.range(0.9, 1.6),
                right: h * rng.range(0.9, 1.6),
                bend: rng.range(0.75, 1.1),
            }
        })
        .collect()
}
