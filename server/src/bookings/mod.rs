//! Bookings: a traveller asks a guide for a day, the guide approves or rejects, and an
//! approved booking is paid (see `payments`). The server prices every booking from the
//! guide's current rate; the database refuses a second pending request for the same day
//! and a second approved trip for a guide on one day, however requests race.

pub mod domain;
pub mod routes;
pub mod view;
