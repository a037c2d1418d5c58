//! Group departures: a guide sells fixed dates of a published tour by the seat, so that
//! travellers who do not know each other share one guide. A departure holds the guide's
//! days itself (`trip_days` rows of the departure) from the moment it opens; travellers
//! join it with a booking of some seats, approved at once and paid like any other. Seats
//! are claimed by one conditional UPDATE of `seats_taken`, so however many join at once,
//! on any number of replicas, no seat is sold twice; a booking that expires unpaid or is
//! cancelled gives its seats back in the same transaction (`bookings::lifecycle`).

pub mod decisions;
pub mod domain;
pub mod routes;
pub mod seats;
pub mod store;
