//! Clients of the outside services Yatra talks to: the card and wallet payment providers
//! and the language model behind Tourist Buddy. Each knows its service's API and nothing
//! of bookings or guides; the features decide what to ask.

pub mod esewa;
pub mod khalti;
pub mod language_model;
pub mod stripe;
