//! Reviews of guides. Only a traveller with a paid booking with the guide may review
//! them, once per booking, so every review is from a real customer; the guide's average
//! and count change in the same transaction as the review is stored.

pub mod eligibility;
pub mod routes;
