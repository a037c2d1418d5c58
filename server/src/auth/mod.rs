//! Accounts: sign-up, login, rotating refresh tokens, logout, profile completion, name,
//! the language emails are written in, deleting an account.

pub mod account_tokens;
pub mod accounts;
pub mod deletion;
pub mod domain;
pub mod language;
pub mod login_guard;
pub mod password;
pub mod recovery;
pub mod routes;
