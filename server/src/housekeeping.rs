//! Deleting what nobody needs any more, so tables do not grow without bound: rate-limit
//! counters past their windows and refresh tokens past their family's lifetime (spent,
//! revoked or simply expired). Deletes are idempotent, so every replica may run this.

use std::time::Duration;

use crate::db::{Db, now_ms};

/// How often each server prunes.
const EVERY: Duration = Duration::from_secs(3600);

/// Prunes now, then every hour, for as long as the runtime lives.
pub fn start(db: Db) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(EVERY);
        loop {
            ticks.tick().await;
            if let Err(error) = prune(&db).await {
                tracing::warn!(error = %error, "pruning old rows failed; trying again in an hour");
            }
        }
    });
}

pub async fn prune(db: &Db) -> Result<(), sqlx::Error> {
    let now = now_ms();
    let counters = crate::http::rate_limit::prune(db, now).await?;
    let tokens = crate::http::tokens::prune(db, now).await?;
    if counters + tokens > 0 {
        tracing::info!(counters, tokens, "pruned old rate-limit counters and refresh tokens");
    }
    Ok(())
}
