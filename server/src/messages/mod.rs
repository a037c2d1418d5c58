//! Conversations: one per traveller–guide pair, started by the traveller, written in by
//! both; each participant's read marker gives their unread count, and new messages are
//! announced live through the notification hub to every replica.

pub mod routes;
pub mod store;
pub mod text;
pub mod unread_emails;
