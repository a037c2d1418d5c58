//! Moderation: anyone signed in reports a post, review or guide; admins hide posts and
//! reviews, suspend accounts and dismiss reports; every admin action lands in the
//! append-only audit log in the same transaction as the action itself.

mod action;
pub mod audit;
pub mod audit_log;
pub mod hiding;
pub mod reports;
pub mod suspension;
