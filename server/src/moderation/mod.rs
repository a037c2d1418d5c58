//! Moderation: anyone signed in reports a post, review or guide; admins hide posts and
//! reviews, suspend accounts and dismiss reports; every admin action lands in the
//! append-only audit log in the same transaction as the action itself.

pub mod audit;
pub mod reports;
pub mod routes;
