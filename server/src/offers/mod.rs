//! Custom offers: in a conversation, a traveller asks a guide for changes to a tour and the
//! guide answers with an offer of their own making — dates, group size, a day-by-day
//! itinerary checked for altitude as a tour's, a total price and an expiry. It arrives as a
//! message. The traveller accepts it as an approved booking, to be paid like any other,
//! holding the guide's days; one conditional UPDATE of the offer's status in the booking's
//! transaction makes exactly one booking however many accepts race. An open offer past its
//! `expiresAt` reads as expired; the guide may withdraw an open one.

pub mod domain;
pub mod routes;
pub mod store;
