//! Tour guides: the profile form, profile and cover images, and certificates for
//! verification.

pub mod certificates;
pub mod domain;
pub mod profile;
pub mod routes;
