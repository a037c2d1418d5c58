//! Tours: the trips guides sell by name, with a day-by-day itinerary checked for altitude
//! safety, a price per person by group size, and an all-in price with the destination's
//! permits. Beside them, the "hire a guide for these days" request stays as it is.

pub mod acclimatisation;
pub mod domain;
pub mod finder;
pub mod listing;
pub mod photo_routes;
pub mod photos;
pub mod pricing;
pub mod quote;
pub mod routes;
pub mod store;
pub mod view;
