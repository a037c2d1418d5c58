//! Travellers: their profile, photo, cover and ID card.

pub mod profile;
pub mod routes;
