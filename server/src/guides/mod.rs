//! Tour guides: the profile form, profile and cover images, and certificates for
//! verification.

pub mod cards;
pub mod categories;
pub mod certificates;
pub mod directory;
pub mod domain;
pub mod finder;
pub mod index;
pub mod licences;
pub mod list_counts;
pub mod map;
pub mod profile;
pub mod reliability;
pub mod routes;
