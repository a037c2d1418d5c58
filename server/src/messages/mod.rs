//! Conversations: one per traveller–guide pair, started by the traveller, written in by
//! both, and one per confirmed group departure, shared by its guide and the travellers
//! who paid; each member's read marker gives their unread count, and new messages are
//! announced live through the notification hub to every replica.

pub mod routes;
pub mod store;
pub mod text;
pub mod unread_emails;
