//! One test binary for the whole HTTP API (links once, runs in parallel).

mod accounts;
mod admin;
mod guides;
mod helpers;
mod media;
mod platform;
mod seed;
mod tourists;
