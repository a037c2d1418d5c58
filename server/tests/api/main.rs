//! One test binary for the whole HTTP API (links once, runs in parallel).

mod accounts;
mod admin;
mod destinations;
mod directory;
mod fixtures;
mod guides;
mod helpers;
mod media;
mod platform;
mod reviews;
mod seed;
mod tourists;
