//! Rolling land: hill layers under a crest line, tilted crests, and layered foothills that
//! fade into the haze.

use crate::VIEW_H;
use crate::colour::Rgb;
use crate::light::{Light, Time};
use crate::path::{P, crest, land};
use crate::rng::Rng;
use crate::scenery::sky::mist;
use crate::svg::Svg;

/// A hill layer under `crest`, coloured `top` on the crest and fading towards `foot` below.
pub(crate) fn hill(svg: &mut Svg, crest: &[P], top: Rgb, foot: Rgb, bottom: f32) {
    let high = crest.iter().map(|p| p.1).fold(f32::MAX, f32::min);
    let low = crest.iter().map(|p| p.1).fold(f32::MIN, f32::max);
    let fill = svg.vertical(high, low + (bottom - low) * 0.6, &[(0.0, top, 1.0), (1.0, foot, 1.0)]);
    svg.path(&land(crest, bottom), fill);
}

/// Lifts a crest line by `left` at the left edge and `right` at the right edge, linearly.
pub(crate) fn tilt(crest: &mut [P], w: f32, left: f32, right: f32) {
    for p in crest {
        p.1 -= left + (right - left) * (p.0 / w);
    }
}

/// Rolling foothills in `n` layers from `from` to `to` (crest heights), near colour `ground`.
pub(crate) fn foothills(
    svg: &mut Svg,
    rng: &mut Rng,
    light: &Light,
    ground: Rgb,
    n: usize,
    from: f32,
    to: f32,
) -> Vec<P> {
    let w = svg.w;
    let mut last = Vec::new();
    // Away from midday the land falls into shadow rather than fading to grey.
    let ground = if matches!(light.time, Time::Dawn | Time::Dusk) {
        ground.mix(light.shade, 0.45).darken(0.2)
    } else {
        ground
    };
    for i in 0..n {
        let t = i as f32 / (n - 1).max(1) as f32;
        let y = from + (to - from) * t;
        let depth = 0.6 * (1.0 - t).powf(1.3);
        let c = crest(rng, w, y, 45.0 - 15.0 * t, 0.5, 5);
        let top = light.far(ground.darken(0.25 * t), depth);
        hill(svg, &c, top, top.mix(light.haze, 0.25 + 0.2 * (1.0 - t)), VIEW_H);
        if i + 1 < n {
            mist(svg, light, y + 40.0, 50.0, 0.35);
        }
        last = c;
    }
    last
}
