//! One test binary for the whole HTTP API (links once, runs in parallel).

mod accounts;
mod admin;
mod blogs;
mod bookings;
mod destinations;
mod directory;
mod fixtures;
mod guides;
mod helpers;
mod media;
mod notifications;
mod payments;
mod platform;
mod reviews;
mod seed;
mod tourists;
