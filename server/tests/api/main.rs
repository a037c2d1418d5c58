//! One test binary for the whole HTTP API (links once, runs in parallel).

mod accounts;
mod helpers;
mod platform;
