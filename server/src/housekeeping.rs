//! Deleting what nobody needs any more, so tables do not grow without bound: rate-limit
//! counters past their windows, refresh tokens past their family's lifetime (spent,
//! revoked or simply expired), and emails older than `EMAILS_KEPT` that are no longer
//! waiting to be sent (the privacy policy promises it). Deletes are idempotent, so every
//! replica may run this.

use std::time::Duration;

use crate::db::{Db, now_ms};

/// How long a sent, skipped or failed email stays in the outbox table (the privacy policy
/// says 90 days). Longer than any limit that counts recent emails.
const EMAILS_KEPT: Duration = Duration::from_secs(90 * 24 * 3600);

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
    let emails = sqlx::query("DELETE FROM emails WHERE status <> 'pending' AND created_at < $1")
        .bind(now - EMAILS_KEPT.as_millis() as i64)
        .execute(&db.pool)
        .await?
        .rows_affected();
    if counters + tokens + emails > 0 {
        tracing::info!(
            counters,
            tokens,
            emails,
            "pruned old rate-limit counters, refresh tokens and emails"
        );
    }
    Ok(())
}
