//! Destinations: places worth the journey, listed and searched by anyone, written by
//! admins (with a photo through the media store).

pub mod domain;
pub mod ratings;
pub mod routes;
pub mod store;
pub mod trek;
