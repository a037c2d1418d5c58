//! One test binary for the whole HTTP API (links once, runs in parallel).

mod accounts;
mod admin;
mod blogs;
mod bookings;
mod conversations;
mod currencies;
mod destinations;
mod email;
mod directory;
mod fixtures;
mod guides;
mod helpers;
mod limits;
mod media;
mod moderation;
mod notifications;
mod operations;
mod payment_modes;
mod payments;
mod platform;
mod recovery;
mod reviews;
mod seed;
mod static_client;
mod tourists;
mod trips;
