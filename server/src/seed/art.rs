//! Drawn pictures for the demo data: Nepal landscapes and illustrated portraits.
//!
//! Every picture is an SVG document assembled from seeded random choices and rasterised
//! with resvg, so seeding needs neither the network nor image files, and the same
//! (kind, seed) always gives the same picture. The style is a flat travel illustration:
//! layered shapes, gradients and atmospheric perspective, finished with a faint grain so
//! that wide gradients never band.

use std::fmt::{self, Write as _};

use image::{DynamicImage, RgbaImage};
use resvg::{tiny_skia, usvg};

/// A landscape kind for destinations, covers and blog posts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scene {
    Peaks,
    Lake,
    Pagoda,
    Stupa,
    Jungle,
    Desert,
    Village,
    Tea,
    Sunrise,
    Valley,
    River,
}

/// Landscapes are composed on a canvas this tall; its width follows the requested aspect.
const VIEW_H: f32 = 1000.0;
/// Portraits are composed on a square canvas this wide.
const FACE_VIEW: f32 = 1000.0;

/// Draws a landscape of `scene`, varied by `seed`, at `width`×`height` pixels. Pictures of the
/// same shape are the same composition at any size; other shapes are cropped from it.
///
/// Panics only if the picture is too large to allocate.
pub fn landscape(scene: Scene, seed: u64, width: u32, height: u32) -> DynamicImage {
    let (width, height) = (width.max(1), height.max(1));
    // Very tall or very wide requests are cropped from a canvas of a sane shape.
    let view_w = (VIEW_H * width as f32 / height as f32).clamp(VIEW_H, VIEW_H * 2.4);
    let mut rng = Rng::new(seed, scene as u64 + 1);
    let mut svg = Svg::new(view_w, VIEW_H);
    let draw = match scene {
        Scene::Peaks => peaks,
        Scene::Lake => lake,
        Scene::Pagoda => pagoda_square,
        Scene::Stupa => stupa_scene,
        Scene::Jungle => jungle,
        Scene::Desert => desert,
        Scene::Village => village,
        Scene::Tea => tea,
        Scene::Sunrise => sunrise,
        Scene::Valley => valley,
        Scene::River => river,
    };
    draw(&mut svg, &mut rng);
    // A mirrored composition is as natural as the original and doubles the variety.
    let mirrored = rng.chance(0.5);
    rasterise(&svg.finish(mirrored), view_w, VIEW_H, width, height, seed)
}

/// Draws a friendly head-and-shoulders portrait, different for every `seed`, `size` pixels square.
///
/// Panics only if the picture is too large to allocate.
pub fn portrait(seed: u64, size: u32) -> DynamicImage {
    let size = size.max(1);
    let mut rng = Rng::new(seed, 0xfa_ce);
    let mut svg = Svg::new(FACE_VIEW, FACE_VIEW);
    Person::random(&mut rng).draw(&mut svg, &mut rng);
    rasterise(&svg.finish(false), FACE_VIEW, FACE_VIEW, size, size, seed)
}

// ---------------------------------------------------------------------------------------
// Rendering

/// Renders `svg` (a `view_w`×`view_h` canvas) to cover `width`×`height`, then adds grain.
fn rasterise(
    svg: &str,
    view_w: f32,
    view_h: f32,
    width: u32,
    height: u32,
    seed: u64,
) -> DynamicImage {
    // Default options load no fonts (and with resvg's default features off there is no text
    // support at all); our documents contain no text and no external references.
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .expect("the generated SVG is well-formed");
    let mut pixmap = tiny_skia::Pixmap::new(width, height).expect("picture size fits in memory");
    let scale = (width as f32 / view_w).max(height as f32 / view_h);
    let transform = tiny_skia::Transform::from_row(
        scale,
        0.0,
        0.0,
        scale,
        (width as f32 - view_w * scale) / 2.0,
        (height as f32 - view_h * scale) / 2.0,
    );
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    add_grain(&mut pixmap, seed);
    // Every document starts with an opaque full-canvas fill, so premultiplied RGBA is plain
    // RGBA, and dropping the alpha loses nothing.
    let rgba =
        RgbaImage::from_raw(width, height, pixmap.take()).expect("buffer matches the picture size");
    DynamicImage::ImageRgba8(rgba).into_rgb8().into()
}

/// Film grain: a small tile of grey noise overlaid on the picture. It is invisible as
/// texture but dithers wide gradients so that they never band. tiny-skia does the per-pixel
/// work, which stays fast even in a debug build of this crate.
fn add_grain(pixmap: &mut tiny_skia::Pixmap, seed: u64) {
    const TILE: u32 = 128;
    let Some(mut tile) = tiny_skia::Pixmap::new(TILE, TILE) else { return };
    let mut noise = Rng::new(seed, 0x6a_a1);
    for px in tile.data_mut().chunks_exact_mut(4) {
        // Triangular noise around mid grey, which the overlay blend leaves unchanged.
        let grey = (128.0 + (noise.unit() + noise.unit() - 1.0) * 10.0).round() as u8;
        px.copy_from_slice(&[grey, grey, grey, 255]);
    }
    let paint = tiny_skia::Paint {
        shader: tiny_skia::Pattern::new(
            tile.as_ref(),
            tiny_skia::SpreadMode::Repeat,
            tiny_skia::FilterQuality::Nearest,
            1.0,
            tiny_skia::Transform::identity(),
        ),
        blend_mode: tiny_skia::BlendMode::Overlay,
        ..tiny_skia::Paint::default()
    };
    let whole = tiny_skia::Rect::from_xywh(0.0, 0.0, pixmap.width() as f32, pixmap.height() as f32);
    if let Some(whole) = whole {
        pixmap.fill_rect(whole, &paint, tiny_skia::Transform::identity(), None);
    }
}

// ---------------------------------------------------------------------------------------
// Small tools: randomness, colour, SVG assembly

/// splitmix64: tiny, fast and good enough to make pictures reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn new(seed: u64, salt: u64) -> Self {
        let mut rng = Rng(seed ^ salt.wrapping_mul(0xA24B_AED4_963E_E407));
        rng.next();
        rng
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in [0, 1).
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }

    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, p: f32) -> bool {
        self.unit() < p
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// An sRGB colour with channels in 0..=255, kept as floats so mixing stays smooth.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Rgb(f32, f32, f32);

impl Rgb {
    const fn hex(v: u32) -> Self {
        Rgb(((v >> 16) & 0xff) as f32, ((v >> 8) & 0xff) as f32, (v & 0xff) as f32)
    }

    fn mix(self, other: Rgb, t: f32) -> Rgb {
        let t = t.clamp(0.0, 1.0);
        Rgb(
            self.0 + (other.0 - self.0) * t,
            self.1 + (other.1 - self.1) * t,
            self.2 + (other.2 - self.2) * t,
        )
    }

    fn darken(self, t: f32) -> Rgb {
        self.mix(Rgb(0.0, 0.0, 0.0), t)
    }

    fn lighten(self, t: f32) -> Rgb {
        self.mix(Rgb(255.0, 255.0, 255.0), t)
    }

    /// Rotates the hue (the standard luminance-preserving matrix, as in feColorMatrix).
    fn hue_rotate(self, degrees: f32) -> Rgb {
        let (s, c) = degrees.to_radians().sin_cos();
        let Rgb(r, g, b) = self;
        let ch = |a: [f32; 3]| (r * a[0] + g * a[1] + b * a[2]).clamp(0.0, 255.0);
        Rgb(
            ch([
                0.213 + c * 0.787 - s * 0.213,
                0.715 - c * 0.715 - s * 0.715,
                0.072 - c * 0.072 + s * 0.928,
            ]),
            ch([
                0.213 - c * 0.213 + s * 0.143,
                0.715 + c * 0.285 + s * 0.140,
                0.072 - c * 0.072 - s * 0.283,
            ]),
            ch([
                0.213 - c * 0.213 - s * 0.787,
                0.715 - c * 0.715 + s * 0.715,
                0.072 + c * 0.928 + s * 0.072,
            ]),
        )
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = |v: f32| v.round().clamp(0.0, 255.0) as u8;
        write!(f, "#{:02x}{:02x}{:02x}", c(self.0), c(self.1), c(self.2))
    }
}

type P = (f32, f32);

/// Collects the SVG markup of one picture; gradients and clips get numbered ids.
struct Svg {
    w: f32,
    h: f32,
    defs: String,
    body: String,
    ids: u32,
}

/// Appends formatted markup to an [`Svg`]'s body.
macro_rules! put {
    ($svg:expr, $($arg:tt)*) => { $svg.add(format_args!($($arg)*)) };
}

impl Svg {
    fn new(w: f32, h: f32) -> Self {
        Svg { w, h, defs: String::new(), body: String::new(), ids: 0 }
    }

    fn add(&mut self, markup: fmt::Arguments<'_>) {
        // Writing into a String cannot fail.
        let _ = self.body.write_fmt(markup);
    }

    fn id(&mut self) -> u32 {
        self.ids += 1;
        self.ids
    }

    /// A linear gradient in canvas units; returns the paint to use in `fill`.
    fn linear(&mut self, from: P, to: P, stops: &[(f32, Rgb, f32)]) -> String {
        let id = self.id();
        let _ = write!(
            self.defs,
            "<linearGradient id='g{id}' gradientUnits='userSpaceOnUse' x1='{:.1}' y1='{:.1}' x2='{:.1}' y2='{:.1}'>",
            from.0, from.1, to.0, to.1
        );
        self.stops(stops);
        self.defs.push_str("</linearGradient>");
        format!("url(#g{id})")
    }

    /// A vertical gradient between two heights.
    fn vertical(&mut self, y0: f32, y1: f32, stops: &[(f32, Rgb, f32)]) -> String {
        self.linear((0.0, y0), (0.0, y1), stops)
    }

    /// A radial gradient in canvas units; returns the paint to use in `fill`.
    fn radial(&mut self, centre: P, r: f32, stops: &[(f32, Rgb, f32)]) -> String {
        let id = self.id();
        let _ = write!(
            self.defs,
            "<radialGradient id='g{id}' gradientUnits='userSpaceOnUse' cx='{:.1}' cy='{:.1}' r='{:.1}'>",
            centre.0, centre.1, r
        );
        self.stops(stops);
        self.defs.push_str("</radialGradient>");
        format!("url(#g{id})")
    }

    fn stops(&mut self, stops: &[(f32, Rgb, f32)]) {
        for (offset, colour, opacity) in stops {
            let _ = write!(
                self.defs,
                "<stop offset='{offset:.3}' stop-color='{colour}' stop-opacity='{opacity:.3}'/>"
            );
        }
    }

    /// A repeating tile of `size` units drawn by `content`; returns the paint to use in `fill`.
    fn pattern(&mut self, size: f32, content: &str) -> String {
        let id = self.id();
        let _ = write!(
            self.defs,
            "<pattern id='p{id}' patternUnits='userSpaceOnUse' width='{size:.1}' height='{size:.1}'>{content}</pattern>"
        );
        format!("url(#p{id})")
    }

    /// A clip path from path data; returns the reference for `clip-path`.
    fn clip(&mut self, d: &str) -> String {
        let id = self.id();
        let _ = write!(self.defs, "<clipPath id='c{id}'><path d='{d}'/></clipPath>");
        format!("url(#c{id})")
    }

    fn path(&mut self, d: &str, fill: impl fmt::Display) {
        put!(self, "<path d='{d}' fill='{fill}'/>");
    }

    fn path_o(&mut self, d: &str, fill: impl fmt::Display, opacity: f32) {
        put!(self, "<path d='{d}' fill='{fill}' opacity='{opacity:.3}'/>");
    }

    /// A stroked open line with round ends.
    fn stroke(&mut self, d: &str, colour: impl fmt::Display, width: f32, opacity: f32) {
        put!(
            self,
            "<path d='{d}' fill='none' stroke='{colour}' stroke-width='{width:.1}' \
             stroke-linecap='round' stroke-linejoin='round' opacity='{opacity:.3}'/>"
        );
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: impl fmt::Display) {
        put!(self, "<rect x='{x:.1}' y='{y:.1}' width='{w:.1}' height='{h:.1}' fill='{fill}'/>");
    }

    fn circle(&mut self, c: P, r: f32, fill: impl fmt::Display, opacity: f32) {
        put!(
            self,
            "<circle cx='{:.1}' cy='{:.1}' r='{r:.1}' fill='{fill}' opacity='{opacity:.3}'/>",
            c.0,
            c.1
        );
    }

    fn ellipse(&mut self, c: P, rx: f32, ry: f32, fill: impl fmt::Display) {
        put!(
            self,
            "<ellipse cx='{:.1}' cy='{:.1}' rx='{rx:.1}' ry='{ry:.1}' fill='{fill}'/>",
            c.0,
            c.1
        );
    }

    /// Where the body currently ends, to copy what is drawn after it (see [`Svg::since`]).
    fn mark(&self) -> usize {
        self.body.len()
    }

    /// The markup drawn since `mark`, e.g. to draw it again as a reflection.
    fn since(&self, mark: usize) -> String {
        self.body[mark..].to_owned()
    }

    fn finish(self, mirrored: bool) -> String {
        let Svg { w, h, defs, body, .. } = self;
        let flip = if mirrored { format!("matrix(-1 0 0 1 {w:.1} 0)") } else { String::new() };
        format!(
            "<svg xmlns='http://www.w3.org/2000/svg' width='{w:.1}' height='{h:.1}' \
             viewBox='0 0 {w:.1} {h:.1}'><defs>{defs}</defs>\
             <rect width='{w:.1}' height='{h:.1}' fill='#808080'/>\
             <g transform='{flip}'>{body}</g></svg>"
        )
    }
}

/// Path data for a closed polygon.
fn poly(points: &[P]) -> String {
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
fn smooth(points: &[P]) -> String {
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
fn land(crest: &[P], bottom: f32) -> String {
    let (Some(first), Some(last)) = (crest.first(), crest.last()) else { return String::new() };
    format!("{} L{:.1} {bottom:.1} L{:.1} {bottom:.1} Z", smooth(crest), last.0, first.0)
}

/// A natural crest line across the canvas by midpoint displacement: `2^detail + 1` points
/// around height `y`, wandering by up to `amp`; `rough` (0..1) keeps fine detail.
fn crest(rng: &mut Rng, w: f32, y: f32, amp: f32, rough: f32, detail: u32) -> Vec<P> {
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
fn crest_y(crest: &[P], x: f32) -> f32 {
    match crest.windows(2).find(|pair| x <= pair[1].0) {
        Some(pair) => {
            let t = ((x - pair[0].0) / (pair[1].0 - pair[0].0)).clamp(0.0, 1.0);
            pair[0].1 + (pair[1].1 - pair[0].1) * t
        }
        None => crest.last().map_or(0.0, |p| p.1),
    }
}

/// A point on a quadratic Bézier.
fn quad(a: P, c: P, b: P, t: f32) -> P {
    let u = 1.0 - t;
    (u * u * a.0 + 2.0 * u * t * c.0 + t * t * b.0, u * u * a.1 + 2.0 * u * t * c.1 + t * t * b.1)
}

// ---------------------------------------------------------------------------------------
// Light: the time of day sets the sky and tints everything under it

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Time {
    Dawn,
    Day,
    Golden,
    Dusk,
}

/// The light of one picture: sky colours and how it tints and fades what it falls on.
struct Light {
    time: Time,
    /// Zenith to horizon.
    sky: [Rgb; 4],
    sun: Rgb,
    sun_at: P,
    /// What far things fade into (atmospheric perspective).
    haze: Rgb,
    /// The cast of the light on lit surfaces, and how strong it is.
    tint: Rgb,
    tint_amount: f32,
    /// The colour shadows lean towards.
    shade: Rgb,
    snow: Rgb,
    snow_shade: Rgb,
    /// True when the sun is on the left, so faces turned left are the lit ones.
    sun_left: bool,
}

impl Light {
    /// A light for one of `times` (picked by the seed), with the sun somewhere above `horizon`.
    fn pick(rng: &mut Rng, times: &[Time], w: f32, horizon: f32) -> Light {
        let time = rng.pick(times);
        let hex = |v: [u32; 4]| v.map(Rgb::hex);
        let (sky, sun, haze, tint, tint_amount, shade, snow, snow_shade, sun_y) = match time {
            Time::Dawn => (
                hex([0x27315f, 0x6d5f9e, 0xe8969f, 0xffcf9e]),
                0xfff0c8,
                0xc4a3c4,
                0xff8fa8,
                0.14,
                0x3b3a78,
                0xffcfc2,
                0x9492c8,
                rng.range(0.82, 1.0),
            ),
            Time::Day => (
                hex([0x2c6cc0, 0x5898dd, 0x98c7ee, 0xdaedfb]),
                0xfffdf2,
                0xc3dbee,
                0xfff3d6,
                0.06,
                0x34507e,
                0xffffff,
                0xb3c4e6,
                rng.range(0.12, 0.35),
            ),
            Time::Golden => (
                hex([0x4a67a3, 0x9d95b8, 0xf3b982, 0xffdb96]),
                0xfff2c4,
                0xf0c69c,
                0xffab55,
                0.13,
                0x57467a,
                0xffe5bd,
                0xa79cc6,
                rng.range(0.55, 0.85),
            ),
            Time::Dusk => (
                hex([0x1d2150, 0x503c7c, 0xc5647b, 0xf99f6c]),
                0xffc983,
                0xa3708f,
                0xff7b5c,
                0.16,
                0x2d2552,
                0xf6baa6,
                0x7470a2,
                rng.range(0.85, 1.0),
            ),
        };
        // A small hue drift keeps two pictures at the same hour from matching exactly.
        let drift = rng.range(-9.0, 9.0);
        let c = |v: u32| Rgb::hex(v).hue_rotate(drift);
        let sun_left = rng.chance(0.5);
        let sun_x = if sun_left { rng.range(0.12, 0.4) } else { rng.range(0.6, 0.88) } * w;
        Light {
            time,
            sky: sky.map(|s| s.hue_rotate(drift)),
            sun: c(sun),
            sun_at: (sun_x, horizon * sun_y),
            haze: c(haze),
            tint: c(tint),
            tint_amount,
            shade: c(shade),
            snow: c(snow),
            snow_shade: c(snow_shade),
            sun_left,
        }
    }

    /// The same light with every colour's hue turned by `degrees`.
    fn hue_shifted(self, degrees: f32) -> Light {
        let turn = |c: Rgb| c.hue_rotate(degrees);
        Light {
            sky: self.sky.map(turn),
            sun: turn(self.sun),
            haze: turn(self.haze),
            tint: turn(self.tint),
            shade: turn(self.shade),
            snow: turn(self.snow),
            snow_shade: turn(self.snow_shade),
            ..self
        }
    }

    /// `colour` as it looks in this light.
    fn lit(&self, colour: Rgb) -> Rgb {
        colour.mix(self.tint, self.tint_amount)
    }

    /// `colour` in this light, `depth` (0 near .. 1 gone) of the way into the haze.
    fn far(&self, colour: Rgb, depth: f32) -> Rgb {
        self.lit(colour).mix(self.haze, depth)
    }

    /// The shaded side of a surface of `colour`.
    fn shaded(&self, colour: Rgb) -> Rgb {
        colour.mix(self.shade, 0.3).darken(0.15)
    }

    /// Sunlit and shaded versions of `colour`, in the order (left face, right face).
    fn faces(&self, colour: Rgb) -> (Rgb, Rgb) {
        let (lit, shaded) = (self.lit(colour), self.shaded(colour));
        if self.sun_left { (lit, shaded) } else { (shaded, lit) }
    }
}

/// The sky down to `horizon`, with the sun's glow and disc.
fn sky(svg: &mut Svg, light: &Light, horizon: f32, show_sun: bool) {
    let [a, b, c, d] = light.sky;
    let fill =
        svg.vertical(0.0, horizon, &[(0.0, a, 1.0), (0.45, b, 1.0), (0.8, c, 1.0), (1.0, d, 1.0)]);
    svg.rect(0.0, 0.0, svg.w, svg.h, fill);
    let glow_r = if light.time == Time::Day { 380.0 } else { 620.0 };
    let glow = svg.radial(
        light.sun_at,
        glow_r,
        &[
            (0.0, light.sun, 0.75),
            (0.2, light.sun, 0.35),
            (0.55, light.sun, 0.1),
            (1.0, light.sun, 0.0),
        ],
    );
    svg.circle(light.sun_at, glow_r, glow, 1.0);
    if show_sun {
        let r = if light.time == Time::Day { 34.0 } else { 44.0 };
        svg.circle(light.sun_at, r * 1.5, light.sun, 0.25);
        svg.circle(light.sun_at, r, light.sun.lighten(0.4), 1.0);
    }
}

/// Clouds between heights `top` and `bottom`: puffy at midday, long lit streaks otherwise.
fn clouds(svg: &mut Svg, rng: &mut Rng, light: &Light, top: f32, bottom: f32) {
    let w = svg.w;
    if light.time == Time::Day {
        for _ in 0..rng.below(4) + 1 {
            let (x, y) = (rng.range(-0.1, 1.0) * w, rng.range(top, bottom));
            let s = rng.range(0.6, 1.3);
            let opacity = rng.range(0.55, 0.85);
            puff(svg, rng, (x, y), s, Rgb::hex(0xffffff), opacity);
        }
    } else {
        let colour = light.sun.mix(light.sky[2], 0.35).lighten(0.25);
        let shadow = light.sky[1].mix(light.sky[2], 0.5);
        for _ in 0..rng.below(6) + 3 {
            let (x, y) = (rng.range(-0.2, 1.0) * w, rng.range(top, bottom));
            let (len, th) = (rng.range(140.0, 480.0), rng.range(7.0, 18.0));
            let c = if rng.chance(0.3) { shadow } else { colour };
            put!(
                svg,
                "<rect x='{x:.1}' y='{y:.1}' width='{len:.1}' height='{th:.1}' rx='{:.1}' fill='{c}' opacity='{:.2}'/>",
                th / 2.0,
                rng.range(0.25, 0.6)
            );
        }
    }
}

/// A flat cartoon cloud: overlapping domes on a flat base.
fn puff(svg: &mut Svg, rng: &mut Rng, at: P, scale: f32, colour: Rgb, opacity: f32) {
    let base = at.1;
    let width = 260.0 * scale;
    let mut d = String::new();
    let n = 3 + rng.below(3);
    for i in 0..n {
        let t = (i as f32 + 0.5) / n as f32;
        let cx = at.0 + t * width;
        let r = (1.0 - (t - 0.5).abs() * 1.2) * rng.range(40.0, 62.0) * scale;
        let _ = write!(d, "M{:.1} {base:.1} a{r:.1} {r:.1} 0 0 1 {:.1} 0 Z ", cx - r, 2.0 * r);
    }
    let shade = colour.mix(Rgb::hex(0x9fb6d6), 0.35);
    put!(svg, "<g opacity='{opacity:.2}'><path d='{d}' fill='{colour}'/>");
    put!(
        svg,
        "<rect x='{:.1}' y='{:.1}' width='{width:.1}' height='{:.1}' rx='{:.1}' fill='{shade}'/></g>",
        at.0,
        base - 6.0 * scale,
        12.0 * scale,
        6.0 * scale
    );
}

/// A band of mist centred on `y`, `depth` thick: it separates layers and gives depth.
fn mist(svg: &mut Svg, light: &Light, y: f32, depth: f32, strength: f32) {
    let haze = light.haze.lighten(0.15);
    let fill = svg.vertical(
        y - depth,
        y + depth,
        &[(0.0, haze, 0.0), (0.5, haze, strength), (1.0, haze, 0.0)],
    );
    svg.rect(0.0, y - depth, svg.w, 2.0 * depth, fill);
}

/// A hill layer under `crest`, coloured `top` on the crest and fading towards `foot` below.
fn hill(svg: &mut Svg, crest: &[P], top: Rgb, foot: Rgb, bottom: f32) {
    let high = crest.iter().map(|p| p.1).fold(f32::MAX, f32::min);
    let low = crest.iter().map(|p| p.1).fold(f32::MIN, f32::max);
    let fill = svg.vertical(high, low + (bottom - low) * 0.6, &[(0.0, top, 1.0), (1.0, foot, 1.0)]);
    svg.path(&land(crest, bottom), fill);
}

/// Small birds in flight, as a flock of soft V strokes.
fn birds(svg: &mut Svg, rng: &mut Rng, at: P, colour: Rgb) {
    let mut d = String::new();
    for _ in 0..rng.below(5) + 2 {
        let (x, y) = (at.0 + rng.range(-90.0, 90.0), at.1 + rng.range(-40.0, 40.0));
        let s = rng.range(7.0, 13.0);
        let _ = write!(
            d,
            "M{:.1} {:.1} Q{:.1} {:.1} {x:.1} {y:.1} Q{:.1} {:.1} {:.1} {:.1} ",
            x - s,
            y - s * 0.35,
            x - s * 0.45,
            y - s * 0.5,
            x + s * 0.45,
            y - s * 0.5,
            x + s,
            y - s * 0.35
        );
    }
    svg.stroke(&d, colour, 2.4, 0.8);
}

/// Tibetan prayer flags on a sagging string from `a` to `b`.
fn prayer_flags(svg: &mut Svg, rng: &mut Rng, a: P, b: P, sag: f32, size: f32, light: &Light) {
    const COLOURS: [u32; 5] = [0x2f6fd0, 0xf4f1e8, 0xd8383a, 0x2f9e5b, 0xf2c230];
    let c = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0 + sag);
    let line = format!("M{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1}", a.0, a.1, c.0, c.1, b.0, b.1);
    svg.stroke(&line, light.shaded(Rgb::hex(0x5a4a40)), size * 0.06, 0.9);
    let length = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let n = (length / (size * 1.25)) as usize;
    let start = rng.below(5);
    for i in 1..n {
        let (x, y) = quad(a, c, b, i as f32 / n as f32);
        let colour = light.lit(Rgb::hex(COLOURS[(start + i) % 5]));
        let tilt = rng.range(-9.0, 9.0);
        let (fw, fh) = (size * 0.95, size * rng.range(1.05, 1.3));
        put!(
            svg,
            "<path d='M{:.1} {y:.1} l{fw:.1} 0 l{:.1} {fh:.1} l{:.1} 0 Z' fill='{colour}' \
             transform='rotate({tilt:.1} {x:.1} {y:.1})'/>",
            x - fw / 2.0,
            rng.range(-1.0, 1.0) * size * 0.12,
            -fw
        );
    }
}

/// A conifer: a slim low-poly cone, lit on one side.
fn conifer(svg: &mut Svg, base: P, h: f32, colour: Rgb, light: &Light) {
    let (x, y) = base;
    let hw = h * 0.2;
    let (left, right) = light.faces(colour);
    svg.path(&poly(&[(x, y - h), (x - hw, y), (x, y)]), left);
    svg.path(&poly(&[(x, y - h), (x + hw, y), (x, y)]), right);
}

/// A round broadleaf tree: a short trunk under a cluster of overlapping crowns.
fn broadleaf(svg: &mut Svg, rng: &mut Rng, base: P, h: f32, colour: Rgb, light: &Light) {
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

/// A tiny standing figure for scale, `h` tall, feet at `base`.
fn figure(svg: &mut Svg, base: P, h: f32, colour: Rgb, pack: Option<Rgb>) {
    let (x, y) = base;
    let s = h / 10.0;
    svg.circle((x, y - 9.0 * s), 1.1 * s, colour, 1.0);
    let body = format!(
        "M{:.1} {:.1} L{:.1} {:.1} L{:.1} {:.1} L{:.1} {y:.1} L{:.1} {y:.1} L{:.1} {:.1} L{:.1} {:.1} Z",
        x - 1.5 * s,
        y - 7.6 * s,
        x + 1.5 * s,
        y - 7.6 * s,
        x + 1.3 * s,
        y - 3.5 * s,
        x + 1.1 * s,
        x - 1.1 * s,
        x - 1.3 * s,
        y - 3.5 * s,
        x - 1.5 * s,
        y - 7.6 * s
    );
    svg.path(&body, colour);
    if let Some(pack) = pack {
        put!(
            svg,
            "<rect x='{:.1}' y='{:.1}' width='{:.1}' height='{:.1}' rx='{:.1}' fill='{pack}'/>",
            x - 2.4 * s,
            y - 7.8 * s,
            2.2 * s,
            3.6 * s,
            0.6 * s
        );
    }
}

// ---------------------------------------------------------------------------------------
// Mountains

/// One mountain: summit at (`x`, `top`), its flanks reaching `left` and `right` of it.
/// Flanks fall as t^`bend`: below 1 they are steep under the summit, then level out.
#[derive(Clone, Copy)]
struct Peak {
    x: f32,
    top: f32,
    left: f32,
    right: f32,
    bend: f32,
}

/// A snow range: every peak is a lit face and a shaded face split along its ridge, under a
/// ragged snow cap. `depth` fades it into the haze; `snow` is how far down the snow reaches.
fn range(
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
fn ridges(
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
fn peak_row(rng: &mut Rng, w: f32, n: usize, high: f32, low: f32, base: f32) -> Vec<Peak> {
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

// ---------------------------------------------------------------------------------------
// Scenes

/// Lifts a crest line by `left` at the left edge and `right` at the right edge, linearly.
fn tilt(crest: &mut [P], w: f32, left: f32, right: f32) {
    for p in crest {
        p.1 -= left + (right - left) * (p.0 / w);
    }
}

/// Rolling foothills in `n` layers from `from` to `to` (crest heights), near colour `ground`.
fn foothills(
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

/// The high Himalaya: a snow range over layered ridges, seen from a flag-hung knoll, across
/// a glacial lake (as at Gokyo) or along a trail with trekkers.
fn peaks(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let light = Light::pick(
        rng,
        &[Time::Day, Time::Day, Time::Day, Time::Golden, Time::Dawn, Time::Dusk],
        w,
        600.0,
    );
    sky(svg, &light, 720.0, light.time != Time::Day || rng.chance(0.5));
    clouds(svg, rng, &light, 60.0, 330.0);
    let start = svg.mark();
    let far = peak_row(rng, w, 7, 280.0, 420.0, 700.0);
    range(svg, rng, &far, 700.0, 0.45, 0.45, &light);
    mist(svg, &light, 600.0, 90.0, 0.45);
    let n = 3 + rng.below(3);
    let mut near = peak_row(rng, w, n, 130.0, 320.0, 760.0);
    // Sometimes one summit towers over the rest, as Ama Dablam does over the Khumbu.
    if rng.chance(0.4) {
        let x = rng.range(0.3, 0.7) * w;
        near.push(Peak {
            x,
            top: rng.range(50.0, 100.0),
            left: rng.range(380.0, 480.0),
            right: rng.range(380.0, 480.0),
            bend: 0.8,
        });
    }
    range(svg, rng, &near, 760.0, 0.08, 0.38, &light);
    mist(svg, &light, 690.0, 80.0, 0.4);
    let ground = Rgb::hex(rng.pick(&[0x5f8a3f, 0x7a8a3c, 0x8a8045, 0x4f7f55]));
    match rng.below(3) {
        0 => flag_knoll(svg, rng, ground, &light),
        1 => glacial_lake(svg, rng, start, ground, &light),
        _ => trail(svg, rng, ground, &light),
    }
    if rng.chance(0.5) {
        let at = (rng.range(0.3, 0.8) * w, rng.range(150.0, 300.0));
        birds(svg, rng, at, light.shade.darken(0.3));
    }
}

/// Foreground for [`peaks`]: a knoll with a cairn and a pole strung with prayer flags.
fn flag_knoll(svg: &mut Svg, rng: &mut Rng, ground: Rgb, light: &Light) {
    let w = svg.w;
    foothills(svg, rng, light, ground, 3, 700.0, 830.0);
    let mut knoll = crest(rng, w, 930.0, 25.0, 0.5, 4);
    tilt(&mut knoll, w, 130.0, -40.0);
    let near_ground = light.lit(ground.darken(0.3));
    hill(svg, &knoll, near_ground, near_ground.darken(0.35), VIEW_H);
    let pole_x = rng.range(0.06, 0.16) * w;
    let pole_base = crest_y(&knoll, pole_x) + 8.0;
    let pole_top = pole_base - rng.range(240.0, 330.0);
    svg.stroke(
        &format!("M{pole_x:.1} {pole_base:.1} L{pole_x:.1} {pole_top:.1}"),
        near_ground.darken(0.3),
        7.0,
        1.0,
    );
    cairn(svg, rng, (pole_x, pole_base), 60.0, light);
    // The strings run out of the picture, to a pole we do not see.
    for k in 0..2 {
        let end = (w * 1.05, pole_top + rng.range(40.0, 200.0) + k as f32 * 60.0);
        prayer_flags(svg, rng, (pole_x, pole_top + k as f32 * 30.0), end, 90.0, 26.0, light);
    }
    if rng.chance(0.6) {
        let x = rng.range(0.25, 0.4) * w;
        figure(
            svg,
            (x, crest_y(&knoll, x) + 6.0),
            60.0,
            near_ground.darken(0.5),
            Some(Rgb::hex(0xc8553d)),
        );
    }
}

/// Foreground for [`peaks`]: a turquoise glacial lake mirroring the range, a moraine shore
/// with a blue-roofed lodge.
fn glacial_lake(svg: &mut Svg, rng: &mut Rng, mark: usize, ground: Rgb, light: &Light) {
    let w = svg.w;
    let shore = rng.range(720.0, 750.0);
    let moraine = Rgb::hex(0x8a8070);
    let mut far = crest(rng, w, shore - 30.0, 20.0, 0.5, 5);
    tilt(&mut far, w, rng.range(-20.0, 40.0), rng.range(-20.0, 40.0));
    let c = light.far(moraine, 0.3);
    hill(svg, &far, c, c.darken(0.1), shore + 2.0);
    let bottom = shore + rng.range(150.0, 190.0);
    water(svg, rng, light, mark, shore, bottom + 40.0, Some(Rgb::hex(0x3fb8c4)));
    let mut near = crest(rng, w, bottom, 25.0, 0.5, 5);
    tilt(&mut near, w, rng.range(-40.0, 40.0), rng.range(-40.0, 40.0));
    let c = light.lit(moraine.mix(ground, 0.35));
    hill(svg, &near, c, c.darken(0.3), VIEW_H);
    let mut stones = String::new();
    for _ in 0..40 {
        let x = rng.range(0.0, 1.0) * w;
        let y = crest_y(&near, x) + rng.range(10.0, VIEW_H - bottom);
        let r = 4.0 + 14.0 * (y - bottom) / (VIEW_H - bottom);
        let _ =
            write!(stones, "M{:.1} {y:.1} a{r:.1} {:.1} 0 0 1 {:.1} 0 Z ", x - r, r * 0.7, 2.0 * r);
    }
    svg.path(&stones, light.lit(Rgb::hex(0xa8a296)));
    let lx = rng.range(0.15, 0.85) * w;
    let roof = Rgb::hex(rng.pick(&[0x2f6fb0, 0x3a9a6a, 0xb5452f]));
    house(
        svg,
        rng,
        (lx, crest_y(&near, lx) + 30.0),
        120.0,
        60.0,
        Rgb::hex(0xd8d2c4),
        Some(roof),
        light,
        0.0,
    );
    if rng.chance(0.7) {
        let x = lx + rng.range(120.0, 260.0) * if rng.chance(0.5) { -1.0 } else { 1.0 };
        figure(
            svg,
            (x, crest_y(&near, x) + 40.0),
            55.0,
            light.shade.darken(0.4),
            Some(Rgb::hex(0xe8702a)),
        );
    }
}

/// Foreground for [`peaks`]: a trail winding up over the nearest hill, walked by trekkers.
fn trail(svg: &mut Svg, rng: &mut Rng, ground: Rgb, light: &Light) {
    let w = svg.w;
    let near = foothills(svg, rng, light, ground, 3, 700.0, 820.0);
    // The far end of the trail tops the crest and disappears behind it.
    let x1 = rng.range(0.3, 0.7) * w;
    let far = (x1, crest_y(&near, x1) + 3.0);
    let x0 = rng.range(0.35, 0.65) * w;
    let swing = rng.range(120.0, 260.0) * if rng.chance(0.5) { -1.0 } else { 1.0 };
    let path: Vec<P> = (0..=24)
        .map(|i| {
            let t = i as f32 / 24.0;
            (
                far.0 + (x0 - far.0) * t + swing * (t * 3.5).sin() * t,
                far.1 + (VIEW_H + 30.0 - far.1) * t.powf(1.6),
            )
        })
        .collect();
    svg.path(&ribbon(&path, 6.0, 120.0), light.lit(Rgb::hex(0xcdb892)));
    if rng.chance(0.6) {
        let (x, y) = path[14];
        let side = if rng.chance(0.5) { -1.0 } else { 1.0 };
        chorten(svg, (x + side * 110.0, y), 90.0, light);
    }
    let packs = [0xe8702a, 0xd6336c, 0x2f78c4, 0xf2c230];
    let walkers = 2 + rng.below(3);
    for (k, i) in [6usize, 8, 10, 19].into_iter().enumerate().take(walkers) {
        let (x, y) = path[i];
        let t = i as f32 / 24.0;
        let h = 30.0 + 130.0 * t * t;
        figure(
            svg,
            (x, y + h * 0.05),
            h,
            light.shade.darken(0.45),
            Some(light.lit(Rgb::hex(packs[k]))),
        );
    }
}

/// A stack of flat stones (a trail cairn) standing at `base`.
fn cairn(svg: &mut Svg, rng: &mut Rng, base: P, h: f32, light: &Light) {
    let mut y = base.1;
    let mut r = h * 0.45;
    while r > h * 0.12 {
        let ry = r * 0.45;
        let stone = light.lit(Rgb::hex(0x8d8a86).darken(rng.range(0.0, 0.35)));
        svg.ellipse((base.0 + rng.range(-0.1, 0.1) * r, y - ry), r, ry, stone);
        y -= ry * 1.7;
        r *= rng.range(0.7, 0.85);
    }
}

/// A calm lake under a fishtail summit (Phewa, Rara), everything above reflected below.
fn lake(svg: &mut Svg, rng: &mut Rng) {
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

/// Calm water from `horizon` down to `bottom` mirroring everything drawn since `mark`,
/// coloured by the sky or, for glacial and jungle waters, leaning towards `tint`.
fn water(
    svg: &mut Svg,
    rng: &mut Rng,
    light: &Light,
    mark: usize,
    horizon: f32,
    bottom: f32,
    tint: Option<Rgb>,
) {
    let w = svg.w;
    let mirrored = svg.since(mark);
    let (mut top, mut low) =
        (light.sky[3].mix(light.sky[2], 0.4), light.sky[1].mix(light.sky[0], 0.4).darken(0.1));
    if let Some(tint) = tint {
        top = top.mix(tint, 0.45);
        low = low.mix(tint, 0.6);
    }
    let fill = svg.vertical(horizon, bottom, &[(0.0, top, 1.0), (1.0, low, 1.0)]);
    svg.rect(0.0, horizon, w, bottom - horizon, fill);
    let below = svg.clip(&format!("M0 {horizon:.1} H{w:.1} V{bottom:.1} H0 Z"));
    put!(
        svg,
        "<g clip-path='{below}'><g transform='matrix(1 0 0 -1 0 {:.1})' opacity='0.85'>{mirrored}</g></g>",
        2.0 * horizon
    );
    // Reflections fade and the water's own colour takes over towards the viewer.
    let veil = svg.vertical(horizon, bottom, &[(0.0, top, 0.2), (1.0, low, 0.75)]);
    svg.rect(0.0, horizon, w, bottom - horizon, veil);
    ripples(svg, rng, horizon, bottom, light.sky[3].lighten(0.4));
}

/// Thin light streaks on calm water, finer towards the horizon.
fn ripples(svg: &mut Svg, rng: &mut Rng, horizon: f32, bottom: f32, colour: Rgb) {
    let w = svg.w;
    let mut d = String::new();
    for _ in 0..90 {
        let t = rng.unit();
        let y = horizon + 6.0 + (bottom - horizon - 6.0) * t * t;
        let len = rng.range(20.0, 140.0) * (0.3 + t);
        let th = 1.0 + 2.5 * t;
        let x = rng.range(-0.05, 1.0) * w;
        let _ = write!(d, "M{x:.1} {y:.1} h{len:.1} v{th:.1} h{:.1} Z ", -len);
    }
    svg.path_o(&d, colour, 0.35);
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

/// Dawn from a hill top (Nagarkot, Poon Hill): the Himalaya glowing pink above layered
/// ridges, or above a sea of clouds, with a dark near ridge of pines or flowering rhododendrons.
fn sunrise(svg: &mut Svg, rng: &mut Rng) {
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

/// A rhododendron, Nepal's national flower: a dark rounded tree dotted with red blossom.
fn rhododendron(svg: &mut Svg, rng: &mut Rng, base: P, h: f32, colour: Rgb, light: &Light) {
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

// ---------------------------------------------------------------------------------------
// Buildings

/// Draws a left-right symmetric shape as two halves, lit and shaded like two faces;
/// `half(dir)` gives the path of the half on side `dir` (-1 left, 1 right).
fn symmetric(svg: &mut Svg, light: &Light, colour: Rgb, half: impl Fn(f32) -> String) {
    let (left, right) = light.faces(colour);
    svg.path(&half(-1.0), left);
    svg.path(&half(1.0), right);
}

/// A tiered Newari pagoda about `h` tall standing at `base`, on a plinth of `steps` steps.
fn pagoda(
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
fn shikhara(svg: &mut Svg, base: P, h: f32, light: &Light) {
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
fn house(
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
fn town(
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
fn stupa(svg: &mut Svg, base: P, s: f32, light: &Light) -> P {
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

// ---------------------------------------------------------------------------------------
// Animals and plants

/// Silhouette outlines drawn facing right, feet on y = 0 of their own box.
const RHINO: &str = "M12 -58 C10 -84 30 -100 60 -102 C84 -104 100 -96 118 -96 C136 -98 150 -108 164 -104 \
    C174 -100 180 -92 186 -86 C200 -80 212 -70 220 -58 L222 -62 L226 -84 Q230 -62 236 -52 C240 -46 238 -40 232 -40 \
    C226 -38 222 -34 216 -34 C206 -34 196 -40 188 -44 C182 -42 178 -36 176 -30 L178 0 L156 0 L154 -22 \
    C130 -18 100 -18 82 -22 L80 0 L58 0 L54 -26 C30 -28 14 -40 12 -58 Z \
    M180 -86 L176 -110 Q186 -104 192 -84 Z M170 -92 L164 -112 Q174 -108 182 -90 Z";
/// The rhino's armour folds and tail.
const RHINO_LINES: &str = "M150 -104 C142 -80 144 -50 154 -24 M78 -100 C70 -76 72 -48 80 -24 M182 -88 C174 -70 176 -52 182 -42 M10 -60 Q2 -48 6 -34";
const ELEPHANT: &str = "M20 -60 C18 -100 40 -128 80 -134 C110 -140 140 -140 160 -136 C172 -150 190 -156 204 -150 \
    C220 -144 228 -128 226 -110 C224 -96 222 -86 224 -72 C226 -52 230 -30 236 -16 C238 -10 234 -4 228 -8 \
    C220 -26 214 -50 210 -66 C208 -72 204 -74 200 -72 L198 0 L176 0 L172 -48 C150 -44 120 -44 96 -48 L92 0 \
    L68 0 L62 -40 C40 -44 24 -50 20 -60 Z";
/// The legs on the elephant's far side, drawn behind it in a darker tone.
const ELEPHANT_FAR_LEGS: &str = "M168 -40 L170 0 L188 0 L190 -44 Z M70 -40 L74 0 L92 0 L96 -44 Z";
const ELEPHANT_EAR: &str = "M190 -134 C176 -128 170 -100 178 -80 C186 -78 196 -90 198 -112 Z";
/// The elephant's tail and tusk.
const ELEPHANT_LINES: &str = "M22 -70 Q12 -50 16 -26 M208 -72 Q218 -66 226 -70";
const PONY: &str = "M10 -50 C10 -62 20 -66 40 -64 L70 -64 C76 -70 80 -80 86 -86 L92 -88 L96 -80 \
    C98 -76 100 -72 98 -68 L92 -66 C88 -62 84 -56 82 -48 L80 -30 L82 0 L76 0 L72 -30 L50 -32 L46 0 L40 0 \
    L40 -30 C28 -30 18 -34 14 -40 L6 -30 L8 -48 Z";
/// The pony's saddle blanket.
const PONY_BLANKET: &str = "M34 -66 L62 -66 L60 -46 L36 -46 Z";
const YAK: &str = "M20 -60 C22 -78 50 -86 90 -86 C110 -86 118 -96 132 -94 C146 -92 154 -80 158 -68 \
    C166 -66 174 -58 176 -46 C178 -38 172 -32 164 -34 C160 -30 152 -28 148 -26 L146 0 L136 0 L134 -18 \
    L120 -14 L110 -20 L98 -13 L86 -20 L74 -13 L62 -19 L56 0 L46 0 L42 -20 C26 -26 18 -42 20 -60 Z";
const YAK_HORNS: &str = "M158 -70 C164 -84 176 -84 174 -94 M150 -72 C146 -86 150 -94 158 -98";

/// Places one of the silhouettes above at `base`, `scale` times its drawn size.
fn creature(svg: &mut Svg, d: &str, base: P, scale: f32, facing_left: bool, fill: Rgb) {
    let sx = if facing_left { -scale } else { scale };
    put!(
        svg,
        "<path d='{d}' fill='{fill}' transform='matrix({sx:.3} 0 0 {scale:.3} {:.1} {:.1})'/>",
        base.0,
        base.1
    );
}

/// Like [`creature`] for strokes (horns, skin folds), so their width scales too.
fn creature_lines(
    svg: &mut Svg,
    d: &str,
    base: P,
    scale: f32,
    facing_left: bool,
    colour: Rgb,
    width: f32,
) {
    let sx = if facing_left { -scale } else { scale };
    put!(
        svg,
        "<path d='{d}' fill='none' stroke='{colour}' stroke-width='{width:.1}' stroke-linecap='round' \
         transform='matrix({sx:.3} 0 0 {scale:.3} {:.1} {:.1})'/>",
        base.0,
        base.1
    );
}

/// A tall tree with an open crown of leaf clumps on its branches: a sal in the Terai, a
/// shade tree in the tea gardens.
fn tall_tree(svg: &mut Svg, rng: &mut Rng, base: P, h: f32, colour: Rgb, light: &Light) {
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
fn canopy(
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
fn grass(svg: &mut Svg, rng: &mut Rng, from: f32, colour: Rgb, light: &Light) {
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

// ---------------------------------------------------------------------------------------
// More scenes

/// A Durbar Square in warm light: a tiered pagoda on its stepped plinth among old houses.
fn pagoda_square(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let ground = rng.range(820.0, 870.0);
    let light = Light::pick(rng, &[Time::Golden, Time::Golden, Time::Dusk, Time::Day], w, 600.0);
    sky(svg, &light, ground, true);
    clouds(svg, rng, &light, 60.0, 300.0);
    let rim = crest(rng, w, ground - 260.0, 40.0, 0.5, 5);
    let c = light.far(Rgb::hex(0x4b5d6e), 0.6);
    hill(svg, &rim, c, c.mix(light.haze, 0.3), ground);
    mist(svg, &light, ground - 160.0, 120.0, 0.5);
    let x = rng.range(0.42, 0.6) * w;
    let tiers = rng.pick(&[2, 3, 3, 5]);
    let steps = if tiers == 5 { 5 } else { rng.below(3) + 2 };
    let h = rng.range(600.0, 700.0);
    town(svg, rng, -40.0, x - 380.0, ground - 30.0, 0.9, &light, 0.35);
    town(svg, rng, x + 380.0, w + 40.0, ground - 30.0, 0.9, &light, 0.35);
    let side = if rng.chance(0.5) { -1.0 } else { 1.0 };
    let other = x + side * rng.range(400.0, 520.0);
    if rng.chance(0.5) {
        shikhara(svg, (other, ground - 10.0), rng.range(330.0, 420.0), &light);
    } else {
        let sh = rng.range(300.0, 380.0);
        pagoda(svg, rng, (other, ground - 10.0), sh, 2, 2, &light);
    }
    pagoda(svg, rng, (x, ground + 10.0), h, tiers, steps, &light);

    // Brick paving, its joints converging on the temple.
    let brick = light.lit(Rgb::hex(0xa35a43));
    let paving = svg.vertical(
        ground,
        VIEW_H,
        &[(0.0, brick.mix(light.haze, 0.3), 1.0), (1.0, brick.darken(0.2), 1.0)],
    );
    svg.rect(0.0, ground + 8.0, w, VIEW_H - ground, paving);
    let mut joints = String::new();
    for i in 0..7 {
        let t = (i as f32 + 1.0) / 7.0;
        let _ = write!(joints, "M0 {:.1} H{w:.1} ", ground + 8.0 + (VIEW_H - ground) * t * t);
    }
    for i in -12..=12 {
        let _ = write!(
            joints,
            "M{:.1} {:.1} L{:.1} {VIEW_H:.1} ",
            x + i as f32 * 60.0,
            ground + 8.0,
            x + i as f32 * 260.0
        );
    }
    svg.stroke(&joints, brick.darken(0.3), 2.0, 0.35);
    for _ in 0..rng.below(4) + 2 {
        let px = rng.range(0.05, 0.95) * w;
        let py = rng.range(ground + 40.0, VIEW_H - 20.0);
        let scale = (py - ground) / (VIEW_H - ground);
        figure(svg, (px, py), 50.0 + 60.0 * scale, light.shade.darken(0.3), None);
    }
    pigeons(svg, rng, ground + 20.0, &light);
    let at = (rng.range(0.2, 0.8) * w, rng.range(120.0, 260.0));
    birds(svg, rng, at, light.shade.darken(0.3));
}

/// A flock of pigeons pecking on the square.
fn pigeons(svg: &mut Svg, rng: &mut Rng, from: f32, light: &Light) {
    let w = svg.w;
    let grey = light.lit(Rgb::hex(0x6d6f7c));
    let (cx, cy) = (rng.range(0.2, 0.8) * w, rng.range(from + 40.0, VIEW_H - 40.0));
    for _ in 0..rng.below(12) + 6 {
        let (x, y) = (cx + rng.range(-200.0, 200.0), cy + rng.range(-30.0, 30.0));
        let s = 6.0 + 10.0 * (y - from) / (VIEW_H - from);
        let dir = if rng.chance(0.5) { 1.0 } else { -1.0 };
        svg.ellipse((x, y - s), s * 1.4, s * 0.8, grey);
        svg.circle((x + dir * s * 1.2, y - s * 1.6), s * 0.5, grey.darken(0.2), 1.0);
    }
}

/// A great white stupa with prayer flags streaming from its spire.
fn stupa_scene(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let on_hill = rng.chance(0.35);
    let ground = if on_hill { rng.range(700.0, 760.0) } else { rng.range(830.0, 880.0) };
    let light = Light::pick(rng, &[Time::Day, Time::Day, Time::Golden, Time::Dusk], w, 500.0);
    sky(svg, &light, ground, light.time != Time::Day);
    clouds(svg, rng, &light, 50.0, 260.0);
    let x = rng.range(0.4, 0.6) * w;
    let s = if on_hill { rng.range(170.0, 200.0) } else { rng.range(250.0, 290.0) };
    if on_hill {
        // Swayambhu: the stupa crowns a wooded hill above the hazy valley.
        let far = crest(rng, w, ground - 120.0, 40.0, 0.5, 5);
        let c = light.far(Rgb::hex(0x50667a), 0.6);
        hill(svg, &far, c, light.haze, VIEW_H);
        mist(svg, &light, ground + 40.0, 120.0, 0.6);
        let hill_d = format!(
            "M{:.1} {VIEW_H:.1} C{:.1} {:.1} {:.1} {ground:.1} {x:.1} {ground:.1} C{:.1} {ground:.1} {:.1} {:.1} {:.1} {VIEW_H:.1} Z",
            x - 900.0,
            x - 500.0,
            ground + 60.0,
            x - 300.0,
            x + 300.0,
            x + 500.0,
            ground + 60.0,
            x + 900.0
        );
        let green = light.lit(Rgb::hex(0x3d6b3f));
        let fill =
            svg.vertical(ground, VIEW_H, &[(0.0, green, 1.0), (1.0, green.darken(0.35), 1.0)]);
        svg.path(&hill_d, fill);
        for _ in 0..26 {
            let tx = x + rng.range(-1.0, 1.0) * 700.0;
            let ty =
                ground + 40.0 + ((tx - x).abs() / 700.0).powf(1.5) * 220.0 + rng.range(0.0, 120.0);
            let th = rng.range(60.0, 110.0);
            broadleaf(svg, rng, (tx, ty), th, Rgb::hex(0x3a6a3a), &light);
        }
    } else {
        // Boudhanath: the stupa sits in a ring of houses.
        let rim = crest(rng, w, ground - 300.0, 50.0, 0.5, 5);
        let c = light.far(Rgb::hex(0x4b5d6e), 0.55);
        hill(svg, &rim, c, c.mix(light.haze, 0.3), ground);
        mist(svg, &light, ground - 150.0, 120.0, 0.5);
        town(svg, rng, -40.0, w + 40.0, ground - 20.0, 1.0, &light, 0.3);
    }
    let tip = stupa(svg, (x, ground + 4.0), s, &light);
    // Strings of flags fan out from the pinnacle and down out of the picture.
    for side in [-1.0, 1.0] {
        for k in 0..rng.below(2) + 2 {
            let reach = w * rng.range(0.45, 0.6);
            let drop = s * (0.9 + 0.45 * k as f32) + rng.range(-20.0, 20.0);
            let to = (x + side * reach, tip.1 + drop);
            prayer_flags(svg, rng, tip, to, 30.0 + 12.0 * k as f32, 17.0, &light);
        }
    }
    if !on_hill {
        let stone = light.lit(Rgb::hex(0xcfc6b4));
        let fill =
            svg.vertical(ground, VIEW_H, &[(0.0, stone, 1.0), (1.0, stone.darken(0.25), 1.0)]);
        svg.rect(0.0, ground, w, VIEW_H - ground, fill);
        for _ in 0..rng.below(6) + 4 {
            let px = rng.range(0.03, 0.97) * w;
            let py = rng.range(ground + 30.0, VIEW_H - 10.0);
            let colour = light.lit(Rgb::hex(rng.pick(&[0x8e2b2b, 0x7a2a3a, 0x3b4a6b, 0xc5762b])));
            figure(svg, (px, py), 50.0 + 0.5 * (py - ground), colour, None);
        }
        pigeons(svg, rng, ground, &light);
    }
}

/// The Terai (Chitwan, Bardia): sal forest mirrored in a slow river, tall grass, and a rhino,
/// an elephant with its mahout, or a dugout canoe.
fn jungle(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let horizon = rng.range(500.0, 560.0);
    let light = Light::pick(
        rng,
        &[Time::Golden, Time::Golden, Time::Day, Time::Day, Time::Dawn],
        w,
        horizon,
    );
    sky(svg, &light, horizon + 40.0, true);
    clouds(svg, rng, &light, 60.0, 280.0);
    let start = svg.mark();
    for (i, depth) in [0.65, 0.45].into_iter().enumerate() {
        let c = crest(rng, w, horizon - 60.0 + 40.0 * i as f32, 45.0, 0.5, 5);
        let col = light.far(Rgb::hex(0x3c5f5a), depth);
        hill(svg, &c, col, col.mix(light.haze, 0.3), VIEW_H);
    }
    mist(svg, &light, horizon + 30.0, 60.0, 0.6);
    let leaf = Rgb::hex(rng.pick(&[0x3f7a3a, 0x4a7f34, 0x367048]));
    let river_y = horizon + 140.0;
    canopy(svg, rng, horizon + 30.0, river_y + 2.0, leaf, &light, 0.3);
    // Morning mist hangs over the forest on the water's edge.
    let misty = light.time == Time::Dawn || rng.chance(0.3);
    mist(svg, &light, river_y - 20.0, 40.0, if misty { 0.7 } else { 0.3 });
    water(svg, rng, &light, start, river_y, VIEW_H, Some(Rgb::hex(0x5f8f86)));

    let mut near_bank = crest(rng, w, river_y + 90.0, 30.0, 0.5, 4);
    tilt(&mut near_bank, w, rng.range(-30.0, 30.0), rng.range(-30.0, 30.0));
    let sand = light.lit(Rgb::hex(0xd8c7a0));
    let bank: Vec<P> = near_bank.iter().map(|&(x, y)| (x, y - 14.0)).collect();
    hill(svg, &bank, sand, sand.darken(0.1), VIEW_H);
    let meadow = light.lit(Rgb::hex(rng.pick(&[0x9aa04a, 0x8c9a45, 0xb0a455])));
    hill(svg, &near_bank, meadow, meadow.darken(0.3), VIEW_H);

    let x = rng.range(0.3, 0.7) * w;
    let facing_left = rng.chance(0.5);
    let dark = light.shade.mix(Rgb::hex(0x3a3a40), 0.5).darken(0.2);
    match rng.below(5) {
        0 | 1 => {
            let y = crest_y(&near_bank, x) + 60.0;
            creature(svg, RHINO, (x, y), 1.7, facing_left, dark);
            creature_lines(svg, RHINO_LINES, (x, y), 1.7, facing_left, dark.darken(0.4), 2.5);
        }
        2 | 3 => {
            let y = crest_y(&near_bank, x) + 60.0;
            // The mahout sits on the neck: drawn first, the elephant hides his legs.
            let scale = 1.6;
            let rider_x = x + if facing_left { -1.0 } else { 1.0 } * 172.0 * scale;
            figure(
                svg,
                (rider_x, y - 122.0 * scale),
                95.0,
                light.lit(Rgb::hex(0x6b5b3a)).darken(0.3),
                None,
            );
            creature(svg, ELEPHANT_FAR_LEGS, (x, y), scale, facing_left, dark.darken(0.25));
            creature(svg, ELEPHANT, (x, y), scale, facing_left, dark);
            creature(svg, ELEPHANT_EAR, (x, y), scale, facing_left, dark.lighten(0.08));
            creature_lines(svg, ELEPHANT_LINES, (x, y), scale, facing_left, dark, 4.0);
        }
        _ => {
            let y = (river_y + 45.0).min(crest_y(&near_bank, x) - 20.0);
            dugout(svg, rng, (x, y), 240.0, &light);
        }
    }
    grass(svg, rng, crest_y(&near_bank, w / 2.0), Rgb::hex(0x8d8f3e), &light);
    // Sal trees frame the view on one side, both sides, or not at all.
    let framing: &[f32] = match rng.below(5) {
        0 => &[],
        1 => &[0.06, 0.94],
        _ => &[0.08],
    };
    for &at in framing {
        let tree_x = (at + rng.range(-0.05, 0.05)) * w;
        let tree_h = rng.range(950.0, 1100.0);
        tall_tree(svg, rng, (tree_x, VIEW_H + 20.0), tree_h, leaf.darken(0.2), &light);
    }
    for _ in 0..rng.below(4) {
        let (ex, ey) = (rng.range(0.1, 0.9) * w, rng.range(150.0, 400.0));
        birds(svg, rng, (ex, ey), Rgb::hex(0xfafafa));
    }
}

/// A long dugout canoe with seated passengers and a boatman poling at the stern.
fn dugout(svg: &mut Svg, rng: &mut Rng, at: P, len: f32, light: &Light) {
    let (x, y) = at;
    let people = light.shade.darken(0.35);
    let poler = x + len * 0.4;
    svg.stroke(
        &format!(
            "M{:.1} {:.1} L{:.1} {:.1}",
            poler - len * 0.1,
            y - len * 0.42,
            poler + len * 0.14,
            y + len * 0.12
        ),
        people,
        3.0,
        1.0,
    );
    figure(svg, (poler, y), len * 0.32, people, None);
    for i in 0..rng.below(3) + 2 {
        let px = x - len * 0.35 + i as f32 * len * 0.16;
        let colour =
            light.lit(Rgb::hex(rng.pick(&[0xe8702a, 0xd6336c, 0x2f78c4, 0xf2c230, 0x3aa17e])));
        figure(svg, (px, y + len * 0.02), len * 0.2, colour, None);
    }
    let hull = format!(
        "M{:.1} {:.1} L{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} L{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} Z",
        x - len / 2.0,
        y - len * 0.04,
        x + len / 2.0,
        y - len * 0.04,
        x + len * 0.47,
        y + len * 0.035,
        x + len * 0.38,
        y + len * 0.035,
        x - len * 0.38,
        y + len * 0.035,
        x - len * 0.47,
        y + len * 0.035,
        x - len / 2.0,
        y - len * 0.04
    );
    svg.path(&hull, light.lit(Rgb::hex(0x4a3020)));
    svg.rect(
        x - len * 0.45,
        y + len * 0.045,
        len * 0.9,
        len * 0.03,
        light.lit(Rgb::hex(0x4a3020)).mix(light.sky[3], 0.6),
    );
}

/// Upper Mustang: eroded ochre cliffs with cave dwellings above a dry valley and an oasis.
fn desert(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let horizon = rng.range(470.0, 530.0);
    let light = Light::pick(rng, &[Time::Day, Time::Day, Time::Day, Time::Golden], w, horizon);
    sky(svg, &light, horizon + 80.0, light.time != Time::Day);
    clouds(svg, rng, &light, 40.0, 200.0);
    let snowy = peak_row(rng, w, 4, horizon - 280.0, horizon - 150.0, horizon + 40.0);
    range(svg, rng, &snowy, horizon + 40.0, 0.4, 0.35, &light);
    let brown = peak_row(rng, w, 6, horizon - 150.0, horizon - 60.0, horizon + 120.0);
    ridges(svg, rng, &brown, horizon + 120.0, 0.25, 0.0, Rgb::hex(0xa47a5a), &light);

    // The cliff wall: stepped table-top, banded strata, fluted gullies and caves.
    let top_y = horizon + rng.range(10.0, 60.0);
    let mut edge = Vec::new();
    let mut x = -20.0;
    let mut y = top_y;
    while x < w + 40.0 {
        edge.push((x, y));
        x += rng.range(60.0, 180.0);
        edge.push((x, y));
        y = (y + rng.range(-50.0, 50.0)).clamp(top_y - 60.0, top_y + 80.0);
        x += rng.range(10.0, 30.0);
    }
    let cliff_foot = top_y + rng.range(190.0, 240.0);
    let mut outline = edge.clone();
    outline.push((w + 40.0, cliff_foot));
    outline.push((-20.0, cliff_foot));
    let cliff_d = poly(&outline);
    let clip = svg.clip(&cliff_d);
    let ochre = [0xc9743f, 0xd99a5b, 0xb85f3c, 0xe2b27a, 0xa9573b];
    put!(svg, "<g clip-path='{clip}'>");
    let mut sy = top_y - 90.0;
    let mut i = rng.below(5);
    while sy < cliff_foot {
        let band = rng.range(18.0, 55.0);
        svg.rect(-20.0, sy, w + 60.0, band + 1.0, light.far(Rgb::hex(ochre[i % 5]), 0.08));
        sy += band;
        i += 1 + rng.below(2);
    }
    // Vertical flutes: shadowed gullies hanging from the rim.
    let shade = light.shade.mix(Rgb::hex(0x5a2e22), 0.5);
    let mut flutes = String::new();
    let mut fx = 0.0;
    while fx < w {
        let fw = rng.range(6.0, 16.0);
        let rim = crest_y(&edge, fx);
        let len = rng.range(60.0, cliff_foot - rim);
        let _ = write!(
            flutes,
            "M{:.1} {rim:.1} L{:.1} {rim:.1} L{fx:.1} {:.1} Z ",
            fx - fw,
            fx + fw,
            rim + len
        );
        fx += rng.range(18.0, 40.0);
    }
    svg.path_o(&flutes, shade, 0.35);
    let mut caves = String::new();
    for _ in 0..rng.below(14) + 8 {
        let cx = rng.range(0.05, 0.95) * w;
        let cy = crest_y(&edge, cx) + rng.range(30.0, 120.0);
        let (cw, ch) = (rng.range(8.0, 14.0), rng.range(12.0, 18.0));
        let _ = write!(
            caves,
            "M{:.1} {:.1} v{:.1} a{:.1} {:.1} 0 0 1 {cw:.1} 0 v{ch:.1} Z ",
            cx - cw / 2.0,
            cy + ch,
            -ch,
            cw / 2.0,
            cw / 2.0
        );
    }
    svg.path(&caves, light.shade.darken(0.4));
    put!(svg, "</g>");
    let scree = svg.vertical(
        cliff_foot - 60.0,
        cliff_foot,
        &[(0.0, light.haze, 0.0), (1.0, light.lit(Rgb::hex(0xd9b98c)), 0.8)],
    );
    svg.rect(0.0, cliff_foot - 60.0, w, 60.0, scree);

    // The valley floor with the braided Kali Gandaki.
    let gravel = light.lit(Rgb::hex(0xd8c4a0));
    let floor =
        svg.vertical(cliff_foot, VIEW_H, &[(0.0, gravel, 1.0), (1.0, gravel.darken(0.18), 1.0)]);
    svg.rect(0.0, cliff_foot, w, VIEW_H - cliff_foot, floor);
    let water = light.sky[2].mix(Rgb::hex(0x8fa7b3), 0.4);
    for k in 0..4 {
        let y0 = cliff_foot + 20.0 + k as f32 * 25.0;
        let c = crest(rng, w, y0, 18.0, 0.6, 4);
        svg.stroke(&smooth(&c), water, 3.0 + 2.5 * k as f32, 0.8);
    }
    match rng.below(3) {
        0 => caravan(svg, rng, cliff_foot, &light),
        1 => {
            // Close by, a big chorten hung with flags.
            let x = rng.range(0.2, 0.8) * w;
            let h = rng.range(260.0, 320.0);
            let side = if rng.chance(0.5) { -1.0 } else { 1.0 };
            let village_x = x - side * rng.range(350.0, 500.0);
            oasis(svg, rng, village_x, cliff_foot + 110.0, &light);
            chorten(svg, (x, VIEW_H - rng.range(30.0, 60.0)), h, &light);
            let top = (x, VIEW_H - h * 1.05);
            prayer_flags(svg, rng, top, (x + side * w, top.1 + 140.0), 90.0, 22.0, &light);
        }
        _ => {
            let vx = rng.range(0.25, 0.75) * w;
            let vy = cliff_foot + rng.range(120.0, 180.0);
            oasis(svg, rng, vx, vy, &light);
            let cx = vx + rng.range(-500.0, 500.0);
            let h = rng.range(90.0, 130.0);
            chorten(svg, (cx, VIEW_H - rng.range(40.0, 120.0)), h, &light);
        }
    }
}

/// An oasis village of the dry north around (`x`, `y`): barley fields, poplars and
/// flat-roofed whitewashed houses.
fn oasis(svg: &mut Svg, rng: &mut Rng, x: f32, y: f32, light: &Light) {
    let greens = [0x7fb046, 0x9cc24f, 0x6a9e3c, 0xc9c45a];
    for _ in 0..6 {
        let fx = x + rng.range(-380.0, 300.0);
        let fy = y + rng.range(-40.0, 90.0);
        let (fw, fh) = (rng.range(90.0, 200.0), rng.range(24.0, 50.0));
        let skew = rng.range(-30.0, 30.0);
        let field =
            poly(&[(fx, fy), (fx + fw, fy), (fx + fw + skew, fy + fh), (fx + skew, fy + fh)]);
        svg.path(&field, light.lit(Rgb::hex(rng.pick(&greens))));
    }
    for i in 0..rng.below(6) + 5 {
        let hx = x + (i as f32 - 4.0) * 48.0 + rng.range(-10.0, 10.0);
        let hy = y + rng.range(-10.0, 14.0);
        let wall = Rgb::hex(rng.pick(&[0xf1ece0, 0xe6d3b3, 0xd9bf97]));
        let (hw, hh) = (rng.range(40.0, 60.0), rng.range(30.0, 52.0));
        house(svg, rng, (hx, hy), hw, hh, wall, None, light, 0.0);
    }
    for _ in 0..rng.below(5) + 3 {
        let px = x + rng.range(-420.0, 420.0);
        let py = y + rng.range(10.0, 70.0);
        let h = rng.range(90.0, 150.0);
        let crown = light.lit(Rgb::hex(rng.pick(&[0x8fb04a, 0xd8b640])));
        svg.rect(px - 2.0, py - h * 0.3, 4.0, h * 0.3, light.shaded(Rgb::hex(0x5b4030)));
        svg.ellipse((px, py - h * 0.6), h * 0.12, h * 0.36, crown);
    }
}

/// A pony caravan on a dusty trail across the valley floor, past a row of chortens.
fn caravan(svg: &mut Svg, rng: &mut Rng, from: f32, light: &Light) {
    let w = svg.w;
    let start = (rng.range(0.6, 0.9) * w, from + 40.0);
    let swing = rng.range(-300.0, 300.0);
    let path: Vec<P> = (0..=24)
        .map(|i| {
            let t = i as f32 / 24.0;
            (
                start.0 - t * w * 0.45 + swing * (t * 3.0).sin(),
                start.1 + (VIEW_H + 30.0 - start.1) * t * t,
            )
        })
        .collect();
    svg.path(&ribbon(&path, 8.0, 150.0), light.lit(Rgb::hex(0xe6d2ae)));
    for k in 0..3 {
        let (x, y) = path[6 + k];
        chorten(svg, (x + 60.0 + 20.0 * k as f32, y - 6.0), 40.0 + 12.0 * k as f32, light);
    }
    let coats = [0x5a3a28, 0x2e2622, 0x8a6a48, 0xd8cfc0];
    let blankets = [0xc0392b, 0xe8702a, 0x2f6fb0, 0xf2c230];
    for i in (8..=20).step_by(3) {
        let (x, y) = path[i];
        let t = i as f32 / 24.0;
        let scale = 0.25 + 1.1 * t * t;
        let coat = light.lit(Rgb::hex(rng.pick(&coats)));
        let facing_left = path[i + 1].0 < x;
        if rng.chance(0.5) {
            let rider_x = x + if facing_left { 10.0 } else { -10.0 } * scale * 4.0;
            figure(svg, (rider_x, y - 48.0 * scale), 55.0 * scale, light.shade.darken(0.4), None);
        }
        creature(svg, PONY, (x, y), scale, facing_left, coat);
        creature(
            svg,
            PONY_BLANKET,
            (x, y),
            scale,
            facing_left,
            light.lit(Rgb::hex(rng.pick(&blankets))),
        );
    }
}

/// A small Mustang chorten: a stepped, painted shrine in red, white and grey.
fn chorten(svg: &mut Svg, base: P, h: f32, light: &Light) {
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

/// Bandipur: a ridge-top village of tiled houses above terraced fields.
fn village(svg: &mut Svg, rng: &mut Rng) {
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

/// Ilam: rolling hills combed into rows of tea, shade trees and pickers with baskets.
fn tea(svg: &mut Svg, rng: &mut Rng) {
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

/// A glacial valley (Langtang, Khumbu): a snow peak at its head, steep concave walls, and a
/// meadow with a stream, dry-stone walls and grazing yaks.
fn valley(svg: &mut Svg, rng: &mut Rng) {
    let w = svg.w;
    let floor = rng.range(610.0, 660.0);
    let light = Light::pick(rng, &[Time::Day, Time::Day, Time::Day, Time::Golden], w, floor);
    sky(svg, &light, floor, light.time != Time::Day);
    clouds(svg, rng, &light, 40.0, 250.0);
    let cx = rng.range(0.42, 0.58) * w;
    let top = rng.range(130.0, 200.0);
    let h = floor + 40.0 - top;
    let head = [
        Peak { x: cx, top, left: h * 0.9, right: h * 1.1, bend: 0.9 },
        Peak { x: cx - h * 0.8, top: top + 140.0, left: h * 0.7, right: h * 0.6, bend: 0.9 },
        Peak { x: cx + h * 0.9, top: top + 110.0, left: h * 0.6, right: h * 0.8, bend: 0.9 },
    ];
    range(svg, rng, &head, floor + 40.0, 0.25, 0.5, &light);
    mist(svg, &light, floor - 10.0, 60.0, 0.55);

    let meadow = light.lit(Rgb::hex(rng.pick(&[0x8fa84e, 0x9aa55a, 0x7fa45a])));
    let rock = Rgb::hex(rng.pick(&[0x6e6a5f, 0x6a6f70, 0x75695c]));
    // The far meadow runs under the walls' feet.
    let far_meadow = meadow.mix(light.haze, 0.35);
    svg.rect(0.0, floor - 10.0, w, VIEW_H - floor + 10.0, far_meadow);
    // The walls fall steeply, then sweep out towards us; the grass climbs their lower slopes.
    let foot = rng.range(200.0, 280.0);
    let (left_x, right_x) = (rng.range(0.0, 0.1) * w, w - rng.range(0.0, 0.1) * w);
    let walls = [
        Peak {
            x: left_x,
            top: rng.range(60.0, 170.0),
            left: 500.0,
            right: (cx - left_x) * 1.1,
            bend: 0.45,
        },
        Peak {
            x: right_x,
            top: rng.range(60.0, 170.0),
            left: (right_x - cx) * 1.1,
            right: 500.0,
            bend: 0.45,
        },
    ];
    let outline = ridges(svg, rng, &walls, VIEW_H + 50.0, 0.08, 0.12, rock, &light);
    grass_slopes(svg, &outline, floor - 300.0, VIEW_H, meadow);

    // The floor of the U widens towards us between the feet of the walls.
    let meadow_d = format!(
        "M{:.1} {floor:.1} L{:.1} {floor:.1} Q{:.1} {:.1} {:.1} {:.1} L{:.1} {:.1} Q{:.1} {:.1} {:.1} {floor:.1} Z",
        cx - foot,
        cx + foot,
        cx + foot + 60.0,
        floor + 200.0,
        w + 300.0,
        VIEW_H + 20.0,
        -300.0,
        VIEW_H + 20.0,
        cx - foot - 60.0,
        floor + 200.0,
        cx - foot
    );
    let fill =
        svg.vertical(floor, VIEW_H, &[(0.0, far_meadow, 1.0), (1.0, meadow.darken(0.12), 1.0)]);
    svg.path(&meadow_d, fill);
    let mut boulders = String::new();
    for _ in 0..rng.below(6) + 5 {
        let y = rng.range(floor + 30.0, VIEW_H);
        let near = (y - floor) / (VIEW_H - floor);
        let x = cx + rng.range(-1.0, 1.0) * (foot + 500.0 * near);
        let r = 6.0 + 30.0 * near;
        let _ = write!(
            boulders,
            "M{:.1} {y:.1} a{r:.1} {:.1} 0 0 1 {:.1} 0 Z ",
            x - r,
            r * 0.75,
            2.0 * r
        );
    }
    svg.path(&boulders, light.lit(Rgb::hex(0x9a958a)));
    // The stream widens as it comes towards us.
    let sx = cx + rng.range(-60.0, 60.0);
    let swing = rng.range(150.0, 350.0) * if rng.chance(0.5) { -1.0 } else { 1.0 };
    let stream: Vec<P> = (0..=24)
        .map(|i| {
            let t = i as f32 / 24.0;
            (sx + swing * (t * 5.0).sin() * t, floor + (VIEW_H - floor + 20.0) * t)
        })
        .collect();
    svg.path(&ribbon(&stream, 3.0, 90.0), light.sky[2].mix(Rgb::hex(0x9fd3e0), 0.5));

    // Dry-stone field walls and a chorten on the meadow.
    let stone = light.lit(Rgb::hex(0x8a857a));
    for k in 0..3 {
        let y = floor + 60.0 + k as f32 * 85.0 + rng.range(-15.0, 15.0);
        let scale = 0.4 + (y - floor) / 250.0;
        let x0 = cx + rng.range(-650.0, 150.0);
        let mut d = String::new();
        let mut x = x0;
        while x < x0 + 480.0 * scale {
            let (sw, sh) = (rng.range(6.0, 11.0) * scale, rng.range(5.0, 9.0) * scale);
            let _ = write!(d, "M{x:.1} {y:.1} a{sw:.1} {sh:.1} 0 0 1 {:.1} 0 Z ", 2.0 * sw);
            x += sw * 1.7;
        }
        svg.path(&d, stone);
    }
    // A hamlet of stone lodges with bright tin roofs, and a chorten hung with flags.
    let side = if rng.chance(0.5) { -1.0 } else { 1.0 };
    let hx = cx + side * rng.range(80.0, 180.0);
    for i in 0..rng.below(3) + 2 {
        let roof = Rgb::hex(rng.pick(&[0x2f6fb0, 0x3a9a6a, 0xb5452f, 0x2a8a8a]));
        let at = (hx + side * i as f32 * 70.0, floor + 25.0 + i as f32 * 8.0);
        house(svg, rng, at, 60.0, 34.0, Rgb::hex(0xc9c0ae), Some(roof), &light, 0.15);
    }
    if rng.chance(0.7) {
        let x = cx - side * rng.range(120.0, 260.0);
        let y = floor + rng.range(30.0, 60.0);
        chorten(svg, (x, y), 55.0, &light);
        prayer_flags(svg, rng, (x, y - 48.0), (x - side * 180.0, y - 8.0), 18.0, 11.0, &light);
    }
    let mut herd: Vec<f32> =
        (0..rng.below(4) + 2).map(|_| rng.range(floor + 50.0, VIEW_H - 40.0)).collect();
    herd.sort_by(f32::total_cmp);
    for y in herd {
        let scale = 0.25 + 0.85 * (y - floor) / (VIEW_H - floor);
        let x = cx + rng.range(-550.0, 550.0) * (0.4 + scale);
        let left = rng.chance(0.5);
        let coat = light.lit(Rgb::hex(rng.pick(&[0x2b2420, 0x3a2a22, 0x1f1c1c, 0x5a4030])));
        creature(svg, YAK, (x, y), scale, left, coat);
        creature_lines(svg, YAK_HORNS, (x, y), scale, left, Rgb::hex(0xe8e0cc), 5.0);
    }
}

/// Grass and scrub climbing the lower slopes of the mountains drawn with `outline`.
fn grass_slopes(svg: &mut Svg, outline: &str, from: f32, to: f32, colour: Rgb) {
    let clip = svg.clip(outline);
    let green = svg.vertical(
        from,
        to,
        &[(0.0, colour, 0.0), (0.6, colour.darken(0.1), 0.75), (1.0, colour.darken(0.15), 0.95)],
    );
    put!(svg, "<g clip-path='{clip}'>");
    svg.rect(0.0, from, svg.w, to - from + 400.0, green);
    put!(svg, "</g>");
}

/// Path data for a band along `centre` whose width grows from `start` to `end`.
fn ribbon(centre: &[P], start: f32, end: f32) -> String {
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

/// A turquoise river in a forested gorge, crossed by a suspension bridge hung with flags.
fn river(svg: &mut Svg, rng: &mut Rng) {
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

// ---------------------------------------------------------------------------------------
// Portraits

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Hair {
    Short,
    SidePart,
    Buzz,
    Bald,
    Long,
    Ponytail,
    Bun,
    Braids,
    Curly,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Hat {
    /// The Nepali dhaka topi, woven in bright geometric patterns.
    Topi,
    Beanie,
    /// A wide-brimmed trekking hat.
    Brimmed,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Beard {
    Stubble,
    Full,
    Moustache,
    Goatee,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outfit {
    Tee,
    VNeck,
    Collar,
    Fleece,
    /// A daura (cross-fastened tunic) under a waistcoat.
    Daura,
    Hoodie,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Eyes {
    Dots,
    Almond,
    /// Closed in a laugh.
    Happy,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Nose {
    Hook,
    Button,
    Shadow,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mouth {
    Smile,
    Grin,
    Lips,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Backdrop {
    Plain,
    Gradient,
    Disc,
    Hills,
}

/// Mostly South Asian and Himalayan tones, from fair to deep brown.
const SKINS: [u32; 12] = [
    0xf5d5b8, 0xefc6a0, 0xe4b48c, 0xd9a57c, 0xcd966b, 0xc08660, 0xb07650, 0x9c6644, 0x87573a,
    0x6f452d, 0xf0c8a8, 0xe8b898,
];
const DARK_HAIR: [u32; 6] = [0x1d1716, 0x1d1716, 0x2a1e1a, 0x3b2a21, 0x4e3526, 0x6b4a33];
const GREY_HAIR: [u32; 3] = [0xa19c99, 0xd6d1cb, 0x7d7876];
const CLOTHES: [u32; 16] = [
    0x2f6fb0, 0xe07a3f, 0x3aa17e, 0xc0392b, 0xf2b134, 0x6c5ce7, 0x2d3436, 0x8e44ad, 0x16a085,
    0xd35400, 0x1e3a5f, 0xe84393, 0x27ae60, 0xf5f0e6, 0x7f8c8d, 0x9b2c2c,
];
const BACKDROPS: [u32; 10] = [
    0xfde2c7, 0xd6ecf3, 0xe3f1d9, 0xf9e0e8, 0xe8e1f5, 0xfff1c1, 0xd9ecea, 0xf2e6d9, 0xcfe3f7,
    0xf7d9c4,
];

/// One illustrated person: the choices that make a face recognisable.
struct Person {
    skin: Rgb,
    hair_colour: Rgb,
    hair: Hair,
    hat: Option<Hat>,
    beard: Option<Beard>,
    glasses: Option<Rgb>,
    outfit: Outfit,
    cloth: Rgb,
    accent: Rgb,
    khata: bool,
    backdrop: Backdrop,
    bg: [Rgb; 2],
    /// Half the face's width; every feature is measured in it.
    a: f32,
    /// How far the chin is below the eyes' line, in `a`.
    chin: f32,
    /// How pointed the jaw is (smaller is narrower).
    jaw: f32,
    eyes: Eyes,
    iris: Rgb,
    nose: Nose,
    mouth: Mouth,
    lip_colour: Rgb,
    brow: f32,
    /// How much the brows arch (0 is straight).
    arch: f32,
    blush: f32,
    tika: bool,
    nose_stud: bool,
    earrings: bool,
    elder: bool,
}

/// Where the face is centred on the portrait canvas.
const CX: f32 = 500.0;
const CY: f32 = 425.0;

impl Person {
    fn random(rng: &mut Rng) -> Person {
        let feminine = rng.chance(0.5);
        let elder = rng.chance(0.15);
        let hair_colour = Rgb::hex(if elder { rng.pick(&GREY_HAIR) } else { rng.pick(&DARK_HAIR) });
        let mut hair = if feminine {
            rng.pick(&[
                Hair::Long,
                Hair::Long,
                Hair::Ponytail,
                Hair::Bun,
                Hair::Braids,
                Hair::Curly,
                Hair::Short,
            ])
        } else {
            rng.pick(&[
                Hair::Short,
                Hair::Short,
                Hair::SidePart,
                Hair::SidePart,
                Hair::Buzz,
                Hair::Curly,
                Hair::Ponytail,
            ])
        };
        if elder {
            hair = if feminine {
                rng.pick(&[Hair::Bun, Hair::Bun, Hair::Short, Hair::Ponytail])
            } else if rng.chance(0.4) {
                Hair::Bald
            } else {
                hair
            };
        }
        let hat = if rng.chance(0.3) {
            Some(if feminine {
                rng.pick(&[Hat::Beanie, Hat::Brimmed])
            } else {
                rng.pick(&[Hat::Topi, Hat::Topi, Hat::Beanie, Hat::Brimmed])
            })
        } else {
            None
        };
        // Hats sit on pulled-back or short hair.
        if hat.is_some() {
            hair = match hair {
                Hair::Bun | Hair::Curly => {
                    if feminine {
                        Hair::Ponytail
                    } else {
                        Hair::Short
                    }
                }
                other => other,
            };
        }
        let beard = (!feminine && rng.chance(0.45))
            .then(|| rng.pick(&[Beard::Stubble, Beard::Full, Beard::Moustache, Beard::Goatee]));
        let glasses = rng
            .chance(if elder { 0.55 } else { 0.22 })
            .then(|| Rgb::hex(rng.pick(&[0x222222, 0x5a3a22, 0xb8860b, 0x2f4f6f, 0x8b2e2e])));
        let outfit = if hat == Some(Hat::Topi) && rng.chance(0.6) {
            Outfit::Daura
        } else {
            rng.pick(&[
                Outfit::Tee,
                Outfit::VNeck,
                Outfit::Collar,
                Outfit::Fleece,
                Outfit::Hoodie,
                Outfit::Daura,
            ])
        };
        let bg0 = Rgb::hex(rng.pick(&BACKDROPS));
        let bg1 = Rgb::hex(rng.pick(&BACKDROPS));
        Person {
            skin: Rgb::hex(rng.pick(&SKINS)),
            hair_colour,
            hair,
            hat,
            beard,
            glasses,
            outfit,
            cloth: Rgb::hex(rng.pick(&CLOTHES)),
            accent: Rgb::hex(rng.pick(&CLOTHES)),
            khata: rng.chance(0.15),
            backdrop: rng.pick(&[
                Backdrop::Plain,
                Backdrop::Gradient,
                Backdrop::Disc,
                Backdrop::Hills,
            ]),
            bg: [bg0, bg1],
            a: rng.range(172.0, 188.0),
            chin: rng.range(1.12, 1.3),
            jaw: rng.range(0.42, 0.7),
            eyes: rng.pick(&[Eyes::Dots, Eyes::Dots, Eyes::Almond, Eyes::Almond, Eyes::Happy]),
            iris: Rgb::hex(rng.pick(&[0x2b1a12, 0x3b2418, 0x4a2e1c, 0x5b3b22])),
            nose: rng.pick(&[Nose::Hook, Nose::Button, Nose::Shadow]),
            mouth: if feminine && rng.chance(0.4) {
                Mouth::Lips
            } else {
                rng.pick(&[Mouth::Smile, Mouth::Grin, Mouth::Grin])
            },
            lip_colour: Rgb::hex(rng.pick(&[0xb4525a, 0xc0605a, 0x9e3f4f, 0xa8564a])),
            brow: rng.range(0.04, 0.07),
            arch: rng.range(0.0, 0.12),
            blush: rng.range(0.1, 0.3),
            tika: rng.chance(0.15),
            nose_stud: feminine && rng.chance(0.35),
            earrings: feminine && rng.chance(0.6),
            elder,
        }
    }

    fn eye_y(&self) -> f32 {
        CY + 0.12 * self.a
    }

    fn chin_y(&self) -> f32 {
        self.eye_y() + self.chin * self.a
    }

    fn head_top(&self) -> f32 {
        CY - 1.22 * self.a
    }

    fn head_path(&self) -> String {
        let (a, top, chin) = (self.a, self.head_top(), self.chin_y());
        let (l, r) = (CX - a, CX + a);
        let jaw = self.jaw * a;
        format!(
            "M{l:.1} {CY:.1} C{l:.1} {:.1} {:.1} {top:.1} {CX:.1} {top:.1} C{:.1} {top:.1} {r:.1} {:.1} {r:.1} {CY:.1} \
             C{r:.1} {:.1} {:.1} {chin:.1} {CX:.1} {chin:.1} C{:.1} {chin:.1} {l:.1} {:.1} {l:.1} {CY:.1} Z",
            CY - 0.7 * a,
            CX - 0.62 * a,
            CX + 0.62 * a,
            CY - 0.7 * a,
            CY + 0.6 * a,
            CX + jaw,
            CX - jaw,
            CY + 0.6 * a
        )
    }

    fn draw(&self, svg: &mut Svg, rng: &mut Rng) {
        self.backdrop(svg, rng);
        self.back_hair(svg);
        self.body(svg);
        self.head(svg);
        self.features(svg);
        self.beard(svg);
        self.front_hair(svg, rng);
        self.jewellery(svg);
        self.glasses(svg);
        self.hat(svg, rng);
    }

    fn backdrop(&self, svg: &mut Svg, rng: &mut Rng) {
        let [c0, c1] = self.bg;
        let size = FACE_VIEW;
        match self.backdrop {
            Backdrop::Plain => svg.rect(0.0, 0.0, size, size, c0),
            Backdrop::Gradient => {
                let fill = svg.vertical(0.0, size, &[(0.0, c0.lighten(0.3), 1.0), (1.0, c1, 1.0)]);
                svg.rect(0.0, 0.0, size, size, fill);
            }
            Backdrop::Disc => {
                svg.rect(0.0, 0.0, size, size, c0);
                svg.circle((CX, CY + 20.0), 360.0, c0.lighten(0.45), 1.0);
            }
            Backdrop::Hills => {
                // A nod to the trail: pale snow peaks behind the shoulders.
                let fill = svg.vertical(0.0, size, &[(0.0, c0.lighten(0.35), 1.0), (1.0, c0, 1.0)]);
                svg.rect(0.0, 0.0, size, size, fill);
                let far = c1.mix(Rgb::hex(0x9fb3c8), 0.5).lighten(0.2);
                let mut d = format!("M0 {size:.1} L0 700");
                let mut x = 0.0;
                while x < size {
                    let peak = rng.range(430.0, 600.0);
                    let wide = rng.range(140.0, 260.0);
                    let _ = write!(
                        d,
                        " L{:.1} {peak:.1} L{:.1} {:.1}",
                        x + wide / 2.0,
                        x + wide,
                        rng.range(640.0, 720.0)
                    );
                    x += wide;
                }
                let _ = write!(d, " L{size:.1} {size:.1} Z");
                svg.path_o(&d, far, 0.6);
            }
        }
    }

    /// Hair that falls behind the head and shoulders.
    fn back_hair(&self, svg: &mut Svg) {
        let a = self.a;
        let hair = self.hair_colour;
        match self.hair {
            Hair::Long | Hair::Braids => {
                let low = if self.hair == Hair::Long {
                    self.chin_y() + 1.2 * a
                } else {
                    self.chin_y() + 0.3 * a
                };
                let top = self.head_top() - 0.12 * a;
                let d = format!(
                    "M{:.1} {low:.1} C{:.1} {:.1} {:.1} {top:.1} {CX:.1} {top:.1} C{:.1} {top:.1} {:.1} {:.1} {:.1} {low:.1} \
                     Q{CX:.1} {:.1} {:.1} {low:.1} Z",
                    CX - 1.3 * a,
                    CX - 1.35 * a,
                    CY - 0.6 * a,
                    CX - 1.2 * a,
                    CX + 1.2 * a,
                    CX + 1.35 * a,
                    CY - 0.6 * a,
                    CX + 1.3 * a,
                    low + 0.25 * a,
                    CX - 1.3 * a
                );
                svg.path(&d, hair.darken(0.15));
            }
            Hair::Bun if self.hat.is_none() => {
                let top = self.head_top();
                svg.circle((CX, top - 0.05 * a), 0.42 * a, hair.darken(0.1), 1.0);
                svg.circle((CX - 0.1 * a, top - 0.14 * a), 0.22 * a, hair.lighten(0.12), 0.5);
            }
            Hair::Ponytail => {
                // Tied at the back, the tail shows just beside the neck.
                let d = format!(
                    "M{:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} Z",
                    CX + 0.6 * a,
                    CY - 0.9 * a,
                    CX + 1.35 * a,
                    CY - 0.8 * a,
                    CX + 1.3 * a,
                    CY + 0.6 * a,
                    CX + 1.02 * a,
                    CY + 1.25 * a,
                    CX + 0.95 * a,
                    CY + 0.6 * a,
                    CX + 0.9 * a,
                    CY - 0.2 * a,
                    CX + 0.6 * a,
                    CY - 0.9 * a
                );
                svg.path(&d, hair.darken(0.12));
            }
            _ => {}
        }
    }

    fn body(&self, svg: &mut Svg) {
        let a = self.a;
        let skin = self.skin;
        let shoulder = self.chin_y() + 0.34 * a;
        let nw = 0.42 * a;
        // The neck, shadowed under the chin.
        let neck_fill = svg.vertical(
            self.chin_y() - 0.2 * a,
            self.chin_y() + 0.4 * a,
            &[(0.0, skin.darken(0.25), 1.0), (1.0, skin.darken(0.08), 1.0)],
        );
        svg.rect(CX - nw, CY + 0.5 * a, 2.0 * nw, shoulder - CY, neck_fill);

        if self.outfit == Outfit::Hoodie {
            // The hood lies around the neck behind the head.
            let hood = format!(
                "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1} L{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1} Z",
                CX - 1.25 * a,
                shoulder + 0.1 * a,
                shoulder - 0.55 * a,
                CX + 1.25 * a,
                shoulder + 0.1 * a,
                CX + 0.9 * a,
                shoulder + 0.5 * a,
                shoulder + 0.3 * a,
                CX - 0.9 * a,
                shoulder + 0.5 * a
            );
            svg.path(&hood, self.cloth.darken(0.2));
        }
        let sw = 2.35 * a;
        // From the neck the trapezius slopes down to round shoulders, then the arms fall away.
        let side = |dir: f32| {
            [
                (CX + dir * sw, 1010.0),
                (CX + dir * sw, shoulder + 0.95 * a),
                (CX + dir * 2.05 * a, shoulder + 0.4 * a),
                (CX + dir * 1.6 * a, shoulder + 0.28 * a),
                (CX + dir * 1.05 * a, shoulder + 0.12 * a),
                (CX + dir * 0.75 * a, shoulder),
                (CX + dir * 0.5 * a, shoulder - 0.02 * a),
            ]
        };
        let [l0, l1, l2, l3, l4, l5, l6] = side(-1.0);
        let [r0, r1, r2, r3, r4, r5, r6] = side(1.0);
        let torso = format!(
            "M{:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} L{:.1} {:.1} \
             C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} Z",
            l0.0,
            l0.1,
            l1.0,
            l1.1,
            l2.0,
            l2.1,
            l3.0,
            l3.1,
            l4.0,
            l4.1,
            l5.0,
            l5.1,
            l6.0,
            l6.1,
            r6.0,
            r6.1,
            r5.0,
            r5.1,
            r4.0,
            r4.1,
            r3.0,
            r3.1,
            r2.0,
            r2.1,
            r1.0,
            r1.1,
            r0.0,
            r0.1
        );
        let cloth = self.cloth;
        let fill = svg.vertical(
            shoulder,
            1000.0,
            &[(0.0, cloth.lighten(0.08), 1.0), (1.0, cloth.darken(0.12), 1.0)],
        );
        svg.path(&torso, fill);
        let seam = cloth.darken(0.25);
        let neckline = |depth: f32, width: f32| {
            format!(
                "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1} Z",
                CX - width,
                shoulder - 2.0,
                shoulder + depth,
                CX + width,
                shoulder - 2.0
            )
        };
        match self.outfit {
            Outfit::Tee | Outfit::Hoodie => {
                svg.path(&neckline(0.35 * a, nw * 1.25), skin.darken(0.08));
                let rib = format!(
                    "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1}",
                    CX - nw * 1.25,
                    shoulder - 2.0,
                    shoulder + 0.35 * a,
                    CX + nw * 1.25,
                    shoulder - 2.0
                );
                svg.stroke(&rib, seam, 0.07 * a, 1.0);
                if self.outfit == Outfit::Hoodie {
                    for dir in [-1.0, 1.0] {
                        let x = CX + dir * 0.3 * a;
                        svg.stroke(
                            &format!(
                                "M{x:.1} {:.1} l{:.1} {:.1}",
                                shoulder + 0.35 * a,
                                dir * 0.04 * a,
                                0.9 * a
                            ),
                            Rgb::hex(0xf4f1ea),
                            0.05 * a,
                            1.0,
                        );
                    }
                }
            }
            Outfit::VNeck => {
                let v = poly(&[
                    (CX - nw * 1.2, shoulder - 2.0),
                    (CX + nw * 1.2, shoulder - 2.0),
                    (CX, shoulder + 0.75 * a),
                ]);
                svg.path(&v, skin.darken(0.08));
                svg.stroke(
                    &format!(
                        "M{:.1} {:.1} L{CX:.1} {:.1} L{:.1} {:.1}",
                        CX - nw * 1.2,
                        shoulder - 2.0,
                        shoulder + 0.75 * a,
                        CX + nw * 1.2,
                        shoulder - 2.0
                    ),
                    seam,
                    0.06 * a,
                    1.0,
                );
            }
            Outfit::Collar => {
                let v = poly(&[
                    (CX - nw * 1.1, shoulder - 2.0),
                    (CX + nw * 1.1, shoulder - 2.0),
                    (CX, shoulder + 0.6 * a),
                ]);
                svg.path(&v, skin.darken(0.08));
                let collar = self.accent.lighten(0.5);
                for dir in [-1.0, 1.0] {
                    let flap = poly(&[
                        (CX + dir * nw * 1.15, shoulder - 0.3 * a),
                        (CX + dir * nw * 1.9, shoulder + 0.15 * a),
                        (CX + dir * 0.12 * a, shoulder + 0.62 * a),
                        (CX + dir * nw * 0.9, shoulder + 0.05 * a),
                    ]);
                    svg.path(&flap, collar);
                }
                for i in 0..2 {
                    svg.circle((CX, shoulder + (0.85 + 0.35 * i as f32) * a), 0.04 * a, seam, 1.0);
                }
            }
            Outfit::Fleece => {
                let collar = format!(
                    "M{:.1} {:.1} L{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1} L{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1} Z",
                    CX - nw * 1.35,
                    shoulder + 0.1 * a,
                    CX - nw * 1.15,
                    shoulder - 0.35 * a,
                    shoulder - 0.2 * a,
                    CX + nw * 1.15,
                    shoulder - 0.35 * a,
                    CX + nw * 1.35,
                    shoulder + 0.1 * a,
                    shoulder + 0.3 * a,
                    CX - nw * 1.35,
                    shoulder + 0.1 * a
                );
                svg.path(&collar, self.accent);
                svg.stroke(
                    &format!("M{CX:.1} {:.1} L{CX:.1} 1000", shoulder + 0.22 * a),
                    self.accent.darken(0.3),
                    0.05 * a,
                    1.0,
                );
                let yoke = format!(
                    "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1}",
                    CX - sw * 0.8,
                    shoulder + 0.5 * a,
                    shoulder + 0.9 * a,
                    CX + sw * 0.8,
                    shoulder + 0.5 * a
                );
                svg.stroke(&yoke, seam, 0.05 * a, 0.6);
            }
            Outfit::Daura => {
                // The light daura shows between the lapels of the waistcoat, fastened across.
                let daura = self.accent.lighten(0.75);
                let front = poly(&[
                    (CX - nw * 1.3, shoulder - 2.0),
                    (CX + nw * 1.3, shoulder - 2.0),
                    (CX + 0.75 * a, 1000.0),
                    (CX - 0.75 * a, 1000.0),
                ]);
                svg.path(&front, daura);
                svg.path(&neckline(0.3 * a, nw * 1.05), skin.darken(0.08));
                svg.stroke(
                    &format!(
                        "M{:.1} {:.1} L{:.1} 1000",
                        CX - nw * 0.9,
                        shoulder + 0.2 * a,
                        CX + 0.55 * a
                    ),
                    daura.darken(0.2),
                    0.04 * a,
                    1.0,
                );
                for dir in [-1.0, 1.0] {
                    let lapel = poly(&[
                        (CX + dir * nw * 1.3, shoulder - 2.0),
                        (CX + dir * 0.45 * a, 1000.0),
                        (CX + dir * 1.0 * a, 1000.0),
                        (CX + dir * nw * 2.0, shoulder),
                    ]);
                    svg.path(&lapel, cloth);
                }
            }
        }
        if self.khata {
            // A white silk khata, the scarf of welcome, draped around the neck.
            let silk = Rgb::hex(0xfbf7ea);
            for dir in [-1.0, 1.0] {
                let band = format!(
                    "M{:.1} {:.1} Q{:.1} {:.1} {:.1} 1000 L{:.1} 1000 Q{:.1} {:.1} {:.1} {:.1} Z",
                    CX + dir * nw * 1.0,
                    shoulder - 0.15 * a,
                    CX + dir * nw * 1.6,
                    shoulder + 0.6 * a,
                    CX + dir * 0.35 * a,
                    CX + dir * 0.75 * a,
                    CX + dir * nw * 2.3,
                    shoulder + 0.5 * a,
                    CX + dir * nw * 1.9,
                    shoulder - 0.1 * a
                );
                svg.path(&band, silk);
            }
            svg.stroke(
                &format!(
                    "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1}",
                    CX - nw * 1.5,
                    shoulder - 0.12 * a,
                    shoulder + 0.1 * a,
                    CX + nw * 1.5,
                    shoulder - 0.12 * a
                ),
                silk,
                0.14 * a,
                1.0,
            );
        }
    }

    fn head(&self, svg: &mut Svg) {
        let a = self.a;
        let skin = self.skin;
        if self.hair != Hair::Long {
            for dir in [-1.0, 1.0] {
                let ear = (CX + dir * 0.97 * a, self.eye_y() + 0.12 * a);
                svg.ellipse(ear, 0.17 * a, 0.27 * a, skin);
                svg.ellipse((ear.0 + dir * 0.02 * a, ear.1), 0.08 * a, 0.16 * a, skin.darken(0.12));
            }
        }
        let head = self.head_path();
        svg.path(&head, skin);
        // A soft shadow along one cheek gives the flat face some roundness.
        let clip = svg.clip(&head);
        put!(svg, "<g clip-path='{clip}'>");
        svg.ellipse((CX + 1.45 * a, CY + 0.2 * a), 0.7 * a, 1.7 * a, skin.darken(0.06));
        put!(svg, "</g>");
    }

    fn features(&self, svg: &mut Svg) {
        let a = self.a;
        let ey = self.eye_y();
        let ink = Rgb::hex(0x241816);
        let brow_colour = self.hair_colour.darken(0.3).mix(ink, if self.elder { 0.2 } else { 0.5 });
        for dir in [-1.0, 1.0] {
            let ex = CX + dir * 0.42 * a;
            match self.eyes {
                Eyes::Happy => {
                    let arc = format!(
                        "M{:.1} {:.1} Q{ex:.1} {:.1} {:.1} {:.1}",
                        ex - 0.11 * a,
                        ey + 0.02 * a,
                        ey - 0.11 * a,
                        ex + 0.11 * a,
                        ey + 0.02 * a
                    );
                    svg.stroke(&arc, ink, 0.045 * a, 1.0);
                }
                Eyes::Dots => {
                    svg.ellipse((ex, ey), 0.09 * a, 0.105 * a, ink);
                    svg.circle((ex + 0.03 * a, ey - 0.04 * a), 0.032 * a, Rgb::hex(0xffffff), 0.9);
                }
                Eyes::Almond => {
                    let (l, r) = (ex - 0.13 * a, ex + 0.13 * a);
                    let eye = format!(
                        "M{l:.1} {ey:.1} Q{ex:.1} {:.1} {r:.1} {ey:.1} Q{ex:.1} {:.1} {l:.1} {ey:.1} Z",
                        ey - 0.15 * a,
                        ey + 0.11 * a
                    );
                    svg.path(&eye, Rgb::hex(0xfbf7f0));
                    let clip = svg.clip(&eye);
                    put!(svg, "<g clip-path='{clip}'>");
                    svg.circle((ex, ey - 0.01 * a), 0.072 * a, self.iris, 1.0);
                    svg.circle((ex, ey - 0.01 * a), 0.035 * a, ink, 1.0);
                    put!(svg, "</g>");
                    svg.circle((ex + 0.025 * a, ey - 0.035 * a), 0.02 * a, Rgb::hex(0xffffff), 0.9);
                    let lid = format!(
                        "M{:.1} {:.1} Q{ex:.1} {:.1} {:.1} {:.1}",
                        l - 0.01 * a,
                        ey + 0.01 * a,
                        ey - 0.16 * a,
                        r + dir * 0.03 * a,
                        ey - 0.03 * a
                    );
                    svg.stroke(&lid, ink, 0.035 * a, 1.0);
                }
            }
            // Brows sit relaxed and rise a little outwards: a friendly look.
            let (inner, outer) = (ex - dir * 0.14 * a, ex + dir * 0.15 * a);
            let brow = format!(
                "M{inner:.1} {:.1} Q{ex:.1} {:.1} {outer:.1} {:.1}",
                ey - 0.27 * a,
                ey - (0.32 + self.arch) * a,
                ey - 0.3 * a
            );
            svg.stroke(&brow, brow_colour, self.brow * a, 1.0);
            if self.elder {
                let lines = format!(
                    "M{:.1} {:.1} l{:.1} {:.1} M{:.1} {:.1} l{:.1} {:.1}",
                    ex + dir * 0.17 * a,
                    ey + 0.02 * a,
                    dir * 0.08 * a,
                    0.03 * a,
                    ex + dir * 0.17 * a,
                    ey + 0.08 * a,
                    dir * 0.07 * a,
                    0.07 * a
                );
                svg.stroke(&lines, self.skin.darken(0.25), 0.02 * a, 0.8);
            }
        }
        let shade = self.skin.darken(0.28);
        let ny = ey + 0.45 * a;
        match self.nose {
            Nose::Hook => {
                let nose = format!(
                    "M{:.1} {:.1} Q{:.1} {:.1} {CX:.1} {ny:.1}",
                    CX + 0.04 * a,
                    ey + 0.12 * a,
                    CX + 0.14 * a,
                    ny - 0.03 * a
                );
                svg.stroke(&nose, shade, 0.035 * a, 0.8);
                svg.stroke(
                    &format!(
                        "M{:.1} {ny:.1} Q{CX:.1} {:.1} {:.1} {ny:.1}",
                        CX - 0.09 * a,
                        ny + 0.05 * a,
                        CX + 0.05 * a
                    ),
                    shade,
                    0.035 * a,
                    0.9,
                );
            }
            Nose::Button => {
                svg.stroke(
                    &format!(
                        "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1}",
                        CX - 0.1 * a,
                        ny - 0.04 * a,
                        ny + 0.06 * a,
                        CX + 0.1 * a,
                        ny - 0.04 * a
                    ),
                    shade,
                    0.038 * a,
                    0.9,
                );
            }
            Nose::Shadow => {
                let wedge = format!(
                    "M{CX:.1} {:.1} Q{:.1} {:.1} {:.1} {ny:.1} Q{CX:.1} {:.1} {:.1} {:.1} Z",
                    ey + 0.1 * a,
                    CX + 0.1 * a,
                    ny - 0.15 * a,
                    CX + 0.11 * a,
                    ny + 0.05 * a,
                    CX - 0.1 * a,
                    ny
                );
                svg.path_o(&wedge, self.skin.darken(0.18), 0.8);
            }
        }

        for dir in [-1.0, 1.0] {
            svg.circle(
                (CX + dir * 0.58 * a, ey + 0.38 * a),
                0.16 * a,
                Rgb::hex(0xff6f6f),
                self.blush,
            );
        }
        let my = ny + 0.27 * a;
        let line = self.skin.darken(0.45).mix(Rgb::hex(0x8a2f3a), 0.45);
        match self.mouth {
            Mouth::Grin => {
                let mouth = format!(
                    "M{:.1} {my:.1} Q{CX:.1} {:.1} {:.1} {my:.1} Z",
                    CX - 0.28 * a,
                    my + 0.42 * a,
                    CX + 0.28 * a
                );
                svg.path(&mouth, Rgb::hex(0x5a1f24));
                let clip = svg.clip(&mouth);
                put!(svg, "<g clip-path='{clip}'>");
                svg.rect(CX - 0.3 * a, my - 0.02 * a, 0.6 * a, 0.1 * a, Rgb::hex(0xfbf8f2));
                svg.ellipse((CX, my + 0.24 * a), 0.16 * a, 0.08 * a, Rgb::hex(0xe0707a));
                put!(svg, "</g>");
            }
            Mouth::Smile => {
                let smile = format!(
                    "M{:.1} {my:.1} Q{CX:.1} {:.1} {:.1} {my:.1}",
                    CX - 0.24 * a,
                    my + 0.2 * a,
                    CX + 0.24 * a
                );
                svg.stroke(&smile, line, 0.05 * a, 1.0);
            }
            Mouth::Lips => {
                let lips = format!(
                    "M{:.1} {my:.1} Q{:.1} {:.1} {CX:.1} {:.1} Q{:.1} {:.1} {:.1} {my:.1} Q{CX:.1} {:.1} {:.1} {my:.1} Z",
                    CX - 0.23 * a,
                    CX - 0.1 * a,
                    my - 0.06 * a,
                    my - 0.02 * a,
                    CX + 0.1 * a,
                    my - 0.06 * a,
                    CX + 0.23 * a,
                    my + 0.2 * a,
                    CX - 0.23 * a
                );
                svg.path(&lips, self.lip_colour.mix(self.skin, 0.25));
                let parting = format!(
                    "M{:.1} {my:.1} Q{CX:.1} {:.1} {:.1} {my:.1}",
                    CX - 0.22 * a,
                    my + 0.07 * a,
                    CX + 0.22 * a
                );
                svg.stroke(&parting, self.lip_colour.darken(0.4), 0.025 * a, 1.0);
            }
        }
        if self.tika {
            svg.ellipse((CX, ey - 0.42 * a), 0.045 * a, 0.07 * a, Rgb::hex(0xd42a2a));
        }
    }

    fn beard(&self, svg: &mut Svg) {
        let Some(beard) = self.beard else { return };
        let a = self.a;
        let ey = self.eye_y();
        let ny = ey + 0.45 * a;
        let my = ny + 0.27 * a;
        let hair = self.hair_colour.darken(0.05);
        let moustache = format!(
            "M{CX:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} Q{:.1} {:.1} {CX:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} Q{:.1} {:.1} {CX:.1} {:.1} Z",
            ny + 0.06 * a,
            CX - 0.25 * a,
            ny + 0.02 * a,
            CX - 0.33 * a,
            my + 0.04 * a,
            CX - 0.15 * a,
            my - 0.06 * a,
            my - 0.05 * a,
            CX + 0.15 * a,
            my - 0.06 * a,
            CX + 0.33 * a,
            my + 0.04 * a,
            CX + 0.25 * a,
            ny + 0.02 * a,
            ny + 0.06 * a
        );
        let chin = self.chin_y();
        let full = format!(
            "M{:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {CX:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} \
             L{:.1} {:.1} Q{:.1} {:.1} {CX:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} Z",
            CX - 1.0 * a,
            CY + 0.1 * a,
            CX - 1.0 * a,
            chin - 0.1 * a,
            CX - self.jaw * a,
            chin + 0.12 * a,
            chin + 0.12 * a,
            CX + self.jaw * a,
            chin + 0.12 * a,
            CX + 1.0 * a,
            chin - 0.1 * a,
            CX + 1.0 * a,
            CY + 0.1 * a,
            CX + 0.82 * a,
            CY + 0.2 * a,
            CX + 0.55 * a,
            my + 0.25 * a,
            my + 0.22 * a,
            CX - 0.55 * a,
            my + 0.25 * a,
            CX - 0.82 * a,
            CY + 0.2 * a
        );
        match beard {
            Beard::Stubble => {
                svg.path_o(&full, hair, 0.28);
                svg.path_o(&moustache, hair, 0.3);
            }
            Beard::Full => {
                svg.path(&full, hair);
                svg.path(&moustache, hair);
            }
            Beard::Moustache => svg.path(&moustache, hair),
            Beard::Goatee => {
                svg.path(&moustache, hair);
                let goatee = format!(
                    "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1} Q{:.1} {:.1} {CX:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} Z",
                    CX - 0.22 * a,
                    my + 0.2 * a,
                    my + 0.12 * a,
                    CX + 0.22 * a,
                    my + 0.2 * a,
                    CX + 0.2 * a,
                    chin,
                    chin + 0.08 * a,
                    CX - 0.2 * a,
                    chin,
                    CX - 0.22 * a,
                    my + 0.2 * a
                );
                svg.path(&goatee, hair);
            }
        }
        // The smile shows through the beard.
        if matches!(beard, Beard::Full | Beard::Goatee) && self.mouth != Mouth::Grin {
            let lips = self.skin.darken(0.45).mix(Rgb::hex(0x8a2f3a), 0.45);
            let smile = format!(
                "M{:.1} {my:.1} Q{CX:.1} {:.1} {:.1} {my:.1}",
                CX - 0.2 * a,
                my + 0.16 * a,
                CX + 0.2 * a
            );
            svg.stroke(&smile, lips.lighten(0.2), 0.05 * a, 1.0);
        }
    }

    fn front_hair(&self, svg: &mut Svg, rng: &mut Rng) {
        let a = self.a;
        let hair = self.hair_colour;
        let top = self.head_top();
        let volume = match self.hair {
            Hair::SidePart | Hair::Curly => 0.2,
            Hair::Buzz | Hair::Bald => 0.0,
            _ => 0.1,
        } * a;
        let crown = top - volume;
        // The outer edge of the hair over the skull, from the left temple to the right.
        let outer = |low: f32, spread: f32| {
            format!(
                "M{:.1} {low:.1} C{:.1} {:.1} {:.1} {crown:.1} {CX:.1} {crown:.1} C{:.1} {crown:.1} {:.1} {:.1} {:.1} {low:.1}",
                CX - spread * a,
                CX - (spread + 0.06) * a,
                CY - 0.75 * a,
                CX - 0.66 * a,
                CX + 0.66 * a,
                CX + (spread + 0.06) * a,
                CY - 0.75 * a,
                CX + spread * a
            )
        };
        match self.hair {
            Hair::Bald => {
                // A fringe of hair around the ears.
                for dir in [-1.0, 1.0] {
                    let side = format!(
                        "M{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} L{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1} Z",
                        CX + dir * 1.03 * a,
                        CY + 0.15 * a,
                        CX + dir * 1.08 * a,
                        CY - 0.35 * a,
                        CX + dir * 0.8 * a,
                        CY - 0.6 * a,
                        CX + dir * 0.86 * a,
                        CY - 0.42 * a,
                        CX + dir * 0.95 * a,
                        CY - 0.2 * a,
                        CX + dir * 0.93 * a,
                        CY + 0.15 * a
                    );
                    svg.path(&side, hair);
                }
                let shine = format!(
                    "M{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1}",
                    CX - 0.5 * a,
                    top + 0.25 * a,
                    CX - 0.35 * a,
                    top + 0.08 * a,
                    CX - 0.1 * a,
                    top + 0.05 * a
                );
                svg.stroke(&shine, self.skin.lighten(0.35), 0.06 * a, 0.6);
            }
            Hair::Long | Hair::Braids => {
                // Parted in the middle, framing the face down to the jaw.
                let part = CX + rng.range(-0.15, 0.15) * a;
                let low =
                    if self.hair == Hair::Long { self.chin_y() + 0.2 * a } else { CY + 0.3 * a };
                let d = format!(
                    "{} L{:.1} {low:.1} C{:.1} {:.1} {:.1} {:.1} {part:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {low:.1} Z",
                    outer(low, 1.12),
                    CX + 0.93 * a,
                    CX + 0.98 * a,
                    CY - 0.5 * a,
                    part + 0.5 * a,
                    CY - 0.85 * a,
                    CY - 0.92 * a,
                    part - 0.5 * a,
                    CY - 0.85 * a,
                    CX - 0.98 * a,
                    CY - 0.5 * a,
                    CX - 0.93 * a
                );
                svg.path(&d, hair);
                if self.hair == Hair::Braids {
                    for dir in [-1.0, 1.0] {
                        let x = CX + dir * 0.98 * a;
                        let mut y = CY + 0.3 * a;
                        while y < self.chin_y() + 1.5 * a {
                            svg.ellipse((x, y), 0.13 * a, 0.15 * a, hair);
                            svg.stroke(
                                &format!(
                                    "M{:.1} {y:.1} q{:.1} {:.1} {:.1} {:.1}",
                                    x - 0.1 * a,
                                    0.1 * a,
                                    0.05 * a,
                                    0.2 * a,
                                    0.1 * a
                                ),
                                hair.lighten(0.15),
                                0.025 * a,
                                0.8,
                            );
                            y += 0.22 * a;
                        }
                        svg.ellipse((x, y), 0.08 * a, 0.05 * a, self.accent);
                    }
                }
            }
            _ => {
                // Short cuts: a cap of hair over a hairline that differs by style.
                let hairline: Vec<P> = match self.hair {
                    Hair::SidePart => vec![
                        (CX + 0.92 * a, CY - 0.05 * a),
                        (CX + 0.85 * a, CY - 0.45 * a),
                        (CX + 0.35 * a, CY - 0.62 * a),
                        (CX - 0.25 * a, CY - 0.78 * a),
                        (CX - 0.6 * a, CY - 0.85 * a),
                        (CX - 0.9 * a, CY - 0.55 * a),
                        (CX - 0.93 * a, CY - 0.05 * a),
                    ],
                    Hair::Ponytail | Hair::Bun => vec![
                        (CX + 0.92 * a, CY - 0.1 * a),
                        (CX + 0.75 * a, CY - 0.6 * a),
                        (CX + 0.1 * a, CY - 0.78 * a),
                        (CX, CY - 0.7 * a),
                        (CX - 0.1 * a, CY - 0.78 * a),
                        (CX - 0.75 * a, CY - 0.6 * a),
                        (CX - 0.92 * a, CY - 0.1 * a),
                    ],
                    _ => vec![
                        (CX + 0.93 * a, CY - 0.05 * a),
                        (CX + 0.8 * a, CY - 0.5 * a),
                        (CX + 0.4 * a, CY - 0.62 * a),
                        (CX + 0.05 * a, CY - 0.58 * a),
                        (CX - 0.35 * a, CY - 0.64 * a),
                        (CX - 0.8 * a, CY - 0.5 * a),
                        (CX - 0.93 * a, CY - 0.05 * a),
                    ],
                };
                let mut d = outer(CY - 0.05 * a, 1.04);
                for (x, y) in &hairline {
                    let _ = write!(d, " L{x:.1} {y:.1}");
                }
                d.push_str(" Z");
                let (fill, opacity) =
                    if self.hair == Hair::Buzz { (hair, 0.85) } else { (hair, 1.0) };
                svg.path_o(&d, fill, opacity);
                if self.hair == Hair::Curly {
                    let mut curls = String::new();
                    for i in 0..11 {
                        let t = i as f32 / 10.0 * std::f32::consts::PI;
                        let (x, y) =
                            (CX - t.cos() * 1.02 * a, CY - 0.2 * a - t.sin() * (1.0 * a + volume));
                        let r = 0.2 * a;
                        let _ = write!(
                            curls,
                            "M{:.1} {y:.1} a{r:.1} {r:.1} 0 1 0 {:.1} 0 a{r:.1} {r:.1} 0 1 0 {:.1} 0 ",
                            x - r,
                            2.0 * r,
                            -2.0 * r
                        );
                    }
                    svg.path(&curls, hair);
                }
            }
        }
        if !matches!(self.hair, Hair::Bald | Hair::Buzz) {
            let shine = format!(
                "M{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1}",
                CX - 0.55 * a,
                crown + 0.22 * a,
                CX - 0.35 * a,
                crown + 0.06 * a,
                CX - 0.05 * a,
                crown + 0.05 * a
            );
            svg.stroke(&shine, hair.lighten(0.25), 0.05 * a, 0.5);
        }
    }

    fn jewellery(&self, svg: &mut Svg) {
        let a = self.a;
        let gold = Rgb::hex(0xe6b43c);
        if self.nose_stud {
            svg.circle((CX - 0.1 * a, self.eye_y() + 0.43 * a), 0.028 * a, gold, 1.0);
        }
        if self.earrings && self.hair != Hair::Long {
            for dir in [-1.0, 1.0] {
                let (x, y) = (CX + dir * 0.98 * a, self.eye_y() + 0.45 * a);
                put!(
                    svg,
                    "<circle cx='{x:.1}' cy='{y:.1}' r='{:.1}' fill='none' stroke='{gold}' stroke-width='{:.1}'/>",
                    0.07 * a,
                    0.03 * a
                );
            }
        }
    }

    fn glasses(&self, svg: &mut Svg) {
        let Some(frame) = self.glasses else { return };
        let a = self.a;
        let ey = self.eye_y();
        let (r, wdt) = (0.19 * a, 0.035 * a);
        for dir in [-1.0, 1.0] {
            let ex = CX + dir * 0.42 * a;
            put!(
                svg,
                "<rect x='{:.1}' y='{:.1}' width='{:.1}' height='{:.1}' rx='{:.1}' fill='#ffffff' fill-opacity='0.18' \
                 stroke='{frame}' stroke-width='{wdt:.1}'/>",
                ex - r * 1.1,
                ey - r * 0.85,
                2.2 * r,
                1.7 * r,
                r * 0.6
            );
            svg.stroke(
                &format!(
                    "M{:.1} {:.1} L{:.1} {:.1}",
                    ex + dir * r * 1.1,
                    ey - r * 0.3,
                    CX + dir * 0.97 * a,
                    ey - r * 0.1
                ),
                frame,
                wdt,
                1.0,
            );
        }
        svg.stroke(
            &format!(
                "M{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1}",
                CX - 0.42 * a + r * 1.1,
                ey - r * 0.2,
                ey - r * 0.55,
                CX + 0.42 * a - r * 1.1,
                ey - r * 0.2
            ),
            frame,
            wdt,
            1.0,
        );
    }

    fn hat(&self, svg: &mut Svg, rng: &mut Rng) {
        let Some(hat) = self.hat else { return };
        let a = self.a;
        match hat {
            Hat::Topi => {
                // The weave: bold diamonds and chevrons in bright colours on a dark or pale ground.
                let base = Rgb::hex(rng.pick(&[0x1f1b2e, 0xf3efe6, 0x7a1f2b, 0x1d3557]));
                let motifs = [0xd7263d, 0xf49d37, 0x1b998b, 0xf6f0e8, 0x3a86ff, 0xffd23f, 0x2a9d8f];
                let [c1, c2, c3] = [0, 1, 2].map(|_| Rgb::hex(rng.pick(&motifs)));
                let t = 0.26 * a;
                let h = t / 2.0;
                let tile = format!(
                    "<rect width='{t:.1}' height='{t:.1}' fill='{base}'/>\
                     <path d='M{h:.1} {:.1} L{:.1} {h:.1} L{h:.1} {:.1} L{:.1} {h:.1} Z' fill='{c1}'/>\
                     <path d='M{h:.1} {:.1} L{:.1} {h:.1} L{h:.1} {:.1} L{:.1} {h:.1} Z' fill='{c2}'/>\
                     <path d='M0 0 L{:.1} 0 L0 {:.1} Z M{t:.1} 0 L{:.1} 0 L{t:.1} {:.1} Z M0 {t:.1} L{:.1} {t:.1} L0 {:.1} Z \
                     M{t:.1} {t:.1} L{:.1} {t:.1} L{t:.1} {:.1} Z' fill='{c3}'/>",
                    t * 0.12,
                    t * 0.88,
                    t * 0.88,
                    t * 0.12,
                    t * 0.32,
                    t * 0.68,
                    t * 0.68,
                    t * 0.32,
                    t * 0.22,
                    t * 0.22,
                    t * 0.78,
                    t * 0.22,
                    t * 0.22,
                    t * 0.78,
                    t * 0.78,
                    t * 0.78
                );
                let weave = svg.pattern(t, &tile);
                // One end of the cap stands a little taller than the other.
                let rise = if rng.chance(0.5) { 1.0 } else { -1.0 };
                let (y0, hl, hr) = (CY - 0.6 * a, 0.98 + 0.1 * rise, 0.98 - 0.1 * rise);
                let d = format!(
                    "M{:.1} {y0:.1} L{:.1} {:.1} Q{CX:.1} {:.1} {:.1} {:.1} L{:.1} {y0:.1} Q{CX:.1} {:.1} {:.1} {y0:.1} Z",
                    CX - 1.03 * a,
                    CX - 0.9 * a,
                    y0 - hl * a,
                    y0 - 1.02 * a,
                    CX + 0.9 * a,
                    y0 - hr * a,
                    CX + 1.03 * a,
                    y0 + 0.12 * a,
                    CX - 1.03 * a
                );
                svg.path(&d, weave);
                let clip = svg.clip(&d);
                // A shadow on one side gives it volume.
                put!(svg, "<g clip-path='{clip}'>");
                put!(
                    svg,
                    "<rect x='{:.1}' y='{:.1}' width='{:.1}' height='{:.1}' fill='#000000' opacity='0.16'/>",
                    CX + 0.5 * a,
                    y0 - 1.3 * a,
                    0.7 * a,
                    1.5 * a
                );
                put!(svg, "</g>");
                svg.stroke(
                    &format!(
                        "M{:.1} {y0:.1} Q{CX:.1} {:.1} {:.1} {y0:.1}",
                        CX - 1.03 * a,
                        y0 + 0.12 * a,
                        CX + 1.03 * a
                    ),
                    base.darken(0.35),
                    0.06 * a,
                    1.0,
                );
            }
            Hat::Beanie => {
                let wool = self.accent;
                let band_y = CY - 0.72 * a;
                let dome = format!(
                    "M{:.1} {band_y:.1} C{:.1} {:.1} {:.1} {:.1} {CX:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {band_y:.1} Z",
                    CX - 1.04 * a,
                    CX - 1.08 * a,
                    CY - 1.45 * a,
                    CX - 0.6 * a,
                    CY - 1.62 * a,
                    CY - 1.62 * a,
                    CX + 0.6 * a,
                    CY - 1.62 * a,
                    CX + 1.08 * a,
                    CY - 1.45 * a,
                    CX + 1.04 * a
                );
                svg.path(&dome, wool);
                let mut ribs = String::new();
                for i in 0..13 {
                    let x = CX - 1.0 * a + i as f32 * a / 6.0;
                    let _ = write!(ribs, "M{x:.1} {:.1} v{:.1} ", band_y - 0.02 * a, 0.26 * a);
                }
                put!(
                    svg,
                    "<rect x='{:.1}' y='{:.1}' width='{:.1}' height='{:.1}' rx='{:.1}' fill='{}'/>",
                    CX - 1.1 * a,
                    band_y - 0.05 * a,
                    2.2 * a,
                    0.32 * a,
                    0.12 * a,
                    wool.darken(0.15)
                );
                svg.stroke(&ribs, wool.darken(0.3), 0.03 * a, 0.6);
                if rng.chance(0.6) {
                    svg.circle((CX, CY - 1.66 * a), 0.2 * a, self.cloth.lighten(0.3), 1.0);
                }
            }
            Hat::Brimmed => {
                let canvas = Rgb::hex(rng.pick(&[0xd8c8a0, 0x9aa58a, 0x6f7f8f, 0xe8e0cc]));
                svg.ellipse((CX, CY - 0.68 * a), 1.6 * a, 0.26 * a, canvas.darken(0.08));
                let crown = format!(
                    "M{:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {CX:.1} {:.1} C{:.1} {:.1} {:.1} {:.1} {:.1} {:.1} Z",
                    CX - 0.9 * a,
                    CY - 0.7 * a,
                    CX - 0.92 * a,
                    CY - 1.42 * a,
                    CX - 0.5 * a,
                    CY - 1.55 * a,
                    CY - 1.55 * a,
                    CX + 0.5 * a,
                    CY - 1.55 * a,
                    CX + 0.92 * a,
                    CY - 1.42 * a,
                    CX + 0.9 * a,
                    CY - 0.7 * a
                );
                svg.path(&crown, canvas);
                svg.rect(CX - 0.9 * a, CY - 0.92 * a, 1.8 * a, 0.16 * a, self.accent.darken(0.1));
            }
        }
    }
}

/// A certificate on paper (no words: lines stand for the text), for the certificates the
/// demo guides submitted; `width`×`height` pixels, varied by `seed`.
pub fn certificate(seed: u64, width: u32, height: u32) -> DynamicImage {
    const W: f32 = 1100.0;
    const H: f32 = 780.0;
    let mut rng = Rng::new(seed, 0xce_47);
    let mut svg = Svg::new(W, H);
    let paper = Rgb::hex(0xfaf5e6).mix(Rgb::hex(0xeef2f8), rng.unit() * 0.6);
    let ink = [Rgb::hex(0x1c4573), Rgb::hex(0x731f1f), Rgb::hex(0x1f5c42)][rng.below(3)];
    let desk =
        svg.vertical(0.0, H, &[(0.0, Rgb::hex(0x5c4d40), 1.0), (1.0, Rgb::hex(0x433630), 1.0)]);
    svg.rect(0.0, 0.0, W, H, desk);
    let sheet = svg.vertical(40.0, H - 40.0, &[(0.0, paper, 1.0), (1.0, paper.darken(0.06), 1.0)]);
    svg.rect(40.0, 40.0, W - 80.0, H - 80.0, sheet);
    // Double border.
    put!(
        svg,
        "<rect x='70' y='70' width='{:.1}' height='{:.1}' fill='none' stroke='{ink}' stroke-width='6'/>",
        W - 140.0,
        H - 140.0
    );
    put!(
        svg,
        "<rect x='84' y='84' width='{:.1}' height='{:.1}' fill='none' stroke='{ink}' stroke-width='2' opacity='0.6'/>",
        W - 168.0,
        H - 168.0
    );
    // Title and lines of text.
    let centre = W / 2.0;
    let title = 360.0 + rng.range(-40.0, 40.0);
    svg.rect(centre - title / 2.0, 150.0, title, 34.0, ink);
    let subtitle = title * 0.6;
    svg.rect(centre - subtitle / 2.0, 205.0, subtitle, 14.0, ink.lighten(0.35));
    let name = 420.0 + rng.range(-60.0, 60.0);
    svg.rect(centre - name / 2.0, 290.0, name, 26.0, Rgb::hex(0x26262e));
    for row in 0..4 {
        let width = rng.range(520.0, 760.0) - row as f32 * 40.0;
        svg.rect(centre - width / 2.0, 360.0 + row as f32 * 34.0, width, 11.0, Rgb::hex(0x737380));
    }
    // Signatures over their lines, and the seal.
    for x in [230.0, 690.0] {
        let (a, b, c) = (rng.range(-25.0, 25.0), rng.range(-25.0, 25.0), rng.range(-15.0, 15.0));
        svg.stroke(
            &format!("M{x:.1} 600 c 30 {a:.1}, 50 {b:.1}, 80 -10 s 40 {c:.1}, 90 5"),
            Rgb::hex(0x1a1f4d),
            4.0,
            0.9,
        );
        svg.rect(x - 10.0, 625.0, 200.0, 3.0, Rgb::hex(0x4d4d59));
    }
    let gold = Rgb::hex(0xd4a133);
    let seal = (centre, 600.0);
    let rim =
        svg.radial(seal, 70.0, &[(0.0, gold.lighten(0.3), 1.0), (1.0, gold.darken(0.2), 1.0)]);
    svg.circle(seal, 62.0, rim, 1.0);
    svg.circle(seal, 44.0, ink.mix(gold, 0.15), 1.0);
    svg.circle(seal, 30.0, gold.lighten(0.15), 0.9);
    rasterise(&svg.finish(false), W, H, width, height, seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Scene; 11] = [
        Scene::Peaks,
        Scene::Lake,
        Scene::Pagoda,
        Scene::Stupa,
        Scene::Jungle,
        Scene::Desert,
        Scene::Village,
        Scene::Tea,
        Scene::Sunrise,
        Scene::Valley,
        Scene::River,
    ];

    #[test]
    fn the_same_seed_draws_the_same_picture_and_another_seed_another() {
        for scene in ALL {
            let picture = landscape(scene, 7, 96, 60);
            assert_eq!(picture, landscape(scene, 7, 96, 60), "{scene:?}");
            assert_ne!(picture, landscape(scene, 8, 96, 60), "{scene:?}");
        }
        assert_eq!(portrait(3, 48), portrait(3, 48));
        assert_ne!(portrait(3, 48), portrait(4, 48));
    }

    #[test]
    fn any_size_is_drawn_in_full() {
        for (width, height) in [(0, 0), (1, 1), (300, 20), (20, 300)] {
            let picture = landscape(Scene::Lake, 1, width, height);
            assert_eq!((picture.width(), picture.height()), (width.max(1), height.max(1)));
        }
        assert_eq!(portrait(1, 0).width(), 1);
    }
}
