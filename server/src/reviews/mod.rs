//! Reviews of guides. Only a traveller with a completed, paid trip with the guide may
//! review them, once per trip and within 14 days of its end, so every review is from a real
//! customer; the guide's average and count change in the same transaction as the review is
//! stored. A review may add sub-ratings and photos; its author may change it for 48 hours,
//! the guide may reply, and the traveller is reminded once to write it.

pub mod eligibility;
pub mod photos;
pub mod reminders;
pub mod replies;
pub mod routes;
pub mod sub_ratings;
