//! The parts landscapes are built from, shared between the scenes: the sky, rolling land,
//! mountains, water, plants, animals, buildings and the small details that give scale.

pub(crate) mod animals;
pub(crate) mod buildings;
pub(crate) mod details;
pub(crate) mod mountains;
pub(crate) mod plants;
pub(crate) mod sky;
pub(crate) mod terrain;
pub(crate) mod water;
