//! Notifications: stored with the change they announce (a booking request, a decision, a
//! payment, a verification), read and marked read by their owner, and announced live to
//! every server replica so an open page updates its unread count without reloading.

pub mod routes;
pub mod store;

pub use store::{NewNotification, store};
