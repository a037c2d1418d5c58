//! The eleven landscapes, one file per [`Scene`](crate::Scene) (the Durbar Square and the
//! stupa share `temples`). Each scene is a function that draws the whole picture into an
//! `Svg` from a seeded `Rng`; the parts they share are in `scenery`.

pub(crate) mod desert;
pub(crate) mod jungle;
pub(crate) mod lake;
pub(crate) mod peaks;
pub(crate) mod river;
pub(crate) mod sunrise;
pub(crate) mod tea;
pub(crate) mod temples;
pub(crate) mod valley;
pub(crate) mod village;
