//! Points and path data: polygons, smooth curves and ribbons as SVG `d` strings, and
//! natural crest lines as lists of points.

use std::fmt::Write as _;

use crate::rng::Rng;

pub(crate) type P = (f32, f32);

/// Path data for a closed polygon.
pub(crate) fn poly(points: &[P]) -> String {
    let mut d = String::with_capacity(points.len() * 14);
    if points.is_empty() {
        return d;
    }
    for (i, (x, y)) in points.iter().enumerate() {
        let _ = write!(d, "{}{x:.1} {y:.1} ", if i == 0 { 'M' } else { 'L' });
    }
    d.push('Z');
    d
}

/// Path data for a smooth open curve through `points` (Catmull-Rom as cubic Béziers).
pub(crate) fn smooth(points: &[P]) -> String {
    let mut d = String::with_capacity(points.len() * 40);
    let Some(&(x0, y0)) = points.first() else { return d };
    let _ = write!(d, "M{x0:.1} {y0:.1}");
    let n = points.len();
    for i in 0..n.saturating_sub(1) {
        let p0 = points[i.saturating_sub(1)];
        let (p1, p2) = (points[i], points[i + 1]);
        let p3 = points[(i + 2).min(n - 1)];
        let c1 = (p1.0 + (p2.0 - p0.0) / 6.0, p1.1 + (p2.1 - p0.1) / 6.0);
        let c2 = (p2.0 - (p3.0 - p1.0) / 6.0, p2.1 - (p3.1 - p1.1) / 6.0);
        let _ =
            write!(d, " C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1}", c1.0, c1.1, c2.0, c2.1, p2.0, p2.1);
    }
    d
}

/// Path data for the land under a smooth crest line, down to `bottom`.
pub(crate) fn land(crest: &[P], bottom: f32) -> String {
    let (Some(first), Some(last)) = (crest.first(), crest.last()) else { return String::new() };
    format!("{} L{:.1} {bottom:.1} L{:.1} {bottom:.1} Z", smooth(crest), last.0, first.0)
}

/// A natural crest line across the canvas by midpoint displacement: `2^detail + 1` points
/// around height `y`, wandering by up to `amp`; `rough` (0..1) keeps fine detail.
pub(crate) fn crest(rng: &mut Rng, w: f32, y: f32, amp: f32, rough: f32, detail: u32) -> Vec<P> {
    let n = 1usize << detail;
    let mut ys = vec![y; n + 1];
    ys[0] = y + rng.range(-amp, amp);
    ys[n] = y + rng.range(-amp, amp);
    let (mut step, mut a) = (n, amp);
    while step > 1 {
        let half = step / 2;
        for i in (half..n).step_by(step) {
            ys[i] = (ys[i - half] + ys[i + half]) / 2.0 + rng.range(-a, a);
        }
        a *= rough;
        step = half;
    }
    let (x0, dx) = (-0.04 * w, 1.08 * w / n as f32);
    ys.into_iter().enumerate().map(|(i, y)| (x0 + i as f32 * dx, y)).collect()
}

/// The height of a crest line at `x` (linear between its points).
pub(crate) fn crest_y(crest: &[P], x: f32) -> f32 {
    match crest.windows(2).find(|pair| x <= pair[1].0) {
        Some(pair) => {
            let t = ((x - pair[0].0) / (pair[1].0 - pair[0].0)).clamp(0.0, 1.0);
            pair[0].1 + (pair[1].1 - pair[0].1) * t
        }
        None => crest.last().map_or(0.0, |p| p.1),
    }
}

/// A point on a quadratic Bézier.
pub(crate) fn quad(a: P, c: P, b: P, t: f32) -> P {
    let u = 1.0 - t;
    (u * u * a.0 + 2.0 * u * t * c.0 + t * t * b.0, u * u * a.1 + 2.0 * u * t * c.1 + t * t * b.1)
}

/// Path data for a band along `centre` whose width grows from `start` to `end`.
pub(crate) fn ribbon(centre: &[P], start: f32, end: f32) -> String {
    let n = centre.len().max(2) - 1;
    let mut edge: Vec<P> = Vec::with_capacity(centre.len() * 2);
    for (i, &(x, y)) in centre.iter().enumerate() {
        let wd = start + (end - start) * (i as f32 / n as f32).powi(2);
        edge.push((x - wd / 2.0, y));
    }
    for (i, &(x, y)) in centre.iter().enumerate().rev() {
        let wd = start + (end - start) * (i as f32 / n as f32).powi(2);
        edge.push((x + wd / 2.0, y));
    }
    poly(&edge)
}
