//! Slows down password guessing. Each attempt is counted BEFORE the password is checked,
//! in one transaction over three counters (this account from this address, this address,
//! this account from anywhere), so concurrent guesses cannot all slip past a count read
//! earlier; a correct password gives its count back. The counts live in the database, so
//! the limits hold across every replica.

use crate::error::AppError;
use crate::http::AppState;
use crate::http::rate_limit::{
    self, Hit, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
    LOGIN_FAILURES_PER_ADDRESS,
};

/// A counted sign-in attempt, not yet known to be right or wrong.
pub struct Attempt {
    pair: String,
    hits: Vec<Hit>,
}

/// Counts the attempt as a failure until it succeeds; 429 when any limit is reached.
pub async fn reserve(state: &AppState, email_lower: &str, ip: &str) -> Result<Attempt, AppError> {
    let address = rate_limit::address_key(ip);
    let pair = serde_json::json!([email_lower, address]).to_string();
    if !state.config.server.rate_limits {
        return Ok(Attempt { pair, hits: Vec::new() });
    }
    // The same order on every attempt (pair, address, account): see `rate_limit::count`.
    let hits = rate_limit::hit_all(
        &state.db,
        &[
            (&LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS, pair.clone()),
            (&LOGIN_FAILURES_PER_ADDRESS, address),
            (&LOGIN_FAILURES_PER_ACCOUNT, email_lower.to_owned()),
        ],
    )
    .await?;
    Ok(Attempt { pair, hits })
}

/// The password was right: the attempt was no failure, and this pair's earlier failures
/// are forgiven (the address's and the account's stay: they may be someone else's).
pub async fn succeeded(state: &AppState, attempt: Attempt) -> Result<(), AppError> {
    if !state.config.server.rate_limits {
        return Ok(());
    }
    rate_limit::give_back(&state.db, &attempt.hits).await?;
    rate_limit::clear(&state.db, &LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS, &attempt.pair).await
}
