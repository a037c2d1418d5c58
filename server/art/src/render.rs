//! Rendering: an SVG document rasterised with resvg to cover the requested size, then
//! finished with a faint film grain.

use image::{DynamicImage, RgbaImage};
use resvg::{tiny_skia, usvg};

use crate::rng::Rng;

/// Renders `svg` (a `view_w`×`view_h` canvas) to cover `width`×`height`, then adds grain.
pub(crate) fn rasterise(
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
