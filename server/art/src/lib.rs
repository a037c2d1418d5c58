//! Drawn pictures for the demo data: Nepal landscapes and illustrated portraits.
//!
//! Every picture is an SVG document assembled from seeded random choices and rasterised
//! with resvg, so seeding needs neither the network nor image files, and the same
//! (kind, seed) always gives the same picture. The style is a flat travel illustration:
//! layered shapes, gradients and atmospheric perspective, finished with a faint grain so
//! that wide gradients never band.
//!
//! This file holds the public API: [`landscape`] for a [`Scene`], [`portrait`](fn@portrait)
//! and [`certificate`](fn@certificate). Below it, from the bottom up: `rng`, `colour`, `svg`
//! and `path` are the drawing tools, `render` turns a document into pixels, `light` is the
//! time of day, `scenery` the parts landscapes are built from, `landscapes` the eleven
//! scenes, and `portrait` the people.

mod certificate;
mod colour;
mod landscapes;
mod light;
mod path;
mod portrait;
mod render;
mod rng;
mod scenery;
mod svg;

pub use certificate::certificate;

use image::DynamicImage;

use crate::landscapes::desert::desert;
use crate::landscapes::jungle::jungle;
use crate::landscapes::lake::lake;
use crate::landscapes::peaks::peaks;
use crate::landscapes::river::river;
use crate::landscapes::sunrise::sunrise;
use crate::landscapes::tea::tea;
use crate::landscapes::temples::{pagoda_square, stupa_scene};
use crate::landscapes::valley::valley;
use crate::landscapes::village::village;
use crate::portrait::Person;
use crate::render::rasterise;
use crate::rng::Rng;
use crate::svg::Svg;

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
