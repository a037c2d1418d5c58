//! Email going out: the delivery worker, what each email says (`render`) and how it
//! travels (`transport`). Features only queue an email (`crate::email::queue`) in the
//! transaction of the change it announces; this runs after.
//!
//! The delivery worker. Every replica runs one; they share the outbox safely:
//! - a row is claimed by one atomic UPDATE that sets a claim id and a lease (on
//!   PostgreSQL the candidate is picked `FOR UPDATE SKIP LOCKED`), so two workers never
//!   hold the same row, and nothing is sent twice;
//! - a worker that dies mid-send leaves its lease to run out, and the row is claimed
//!   again: nothing is lost;
//! - a failed attempt is retried after `poll * 2^(attempts-1)` (capped at an hour), and
//!   after `MAX_ATTEMPTS` the row is marked failed and logged.

pub mod render;
pub mod transport;

use std::sync::Arc;
use std::time::Duration;

use render::render;
use transport::Mailer;

use crate::config::Config;
use crate::db::{Backend, Db, new_id, now_ms};
use crate::email::Template;

/// Longer than any one delivery can take (the SMTP timeout is 20 s), so a live worker's
/// lease never runs out under it.
pub const LEASE: Duration = Duration::from_secs(120);
/// About six hours of retries at the default poll before an email is given up on.
pub const MAX_ATTEMPTS: i64 = 12;
const MAX_BACKOFF: Duration = Duration::from_secs(3600);

#[derive(Clone)]
pub struct Outbox {
    db: Db,
    mailer: Mailer,
    public_url: Arc<str>,
    poll: Duration,
}

struct Claimed {
    id: String,
    user_id: Option<String>,
    to_address: Option<String>,
    template: String,
    data: String,
    attempts: i64,
    claim_id: String,
}

impl Outbox {
    pub fn new(db: Db, config: &Config) -> anyhow::Result<Self> {
        Ok(Self {
            db,
            mailer: Mailer::from_config(&config.email)?,
            public_url: config.server.public_url.as_str().into(),
            poll: config.email.poll,
        })
    }

    /// Runs the worker for as long as the runtime lives.
    pub fn start(self) {
        tokio::spawn(async move {
            loop {
                match self.deliver_due().await {
                    Ok(_) => {}
                    Err(error) => {
                        tracing::warn!(error = %format!("{error:#}"), "email worker: cannot read the outbox")
                    }
                }
                tokio::time::sleep(self.poll).await;
            }
        });
    }

    /// Delivers every email that is due now, one claimed row at a time; returns how many
    /// rows it handled.
    pub async fn deliver_due(&self) -> anyhow::Result<usize> {
        let mut handled = 0;
        while let Some(row) = self.claim_one().await? {
            self.deliver(row).await?;
            handled += 1;
        }
        Ok(handled)
    }

    async fn claim_one(&self) -> anyhow::Result<Option<Claimed>> {
        let now = now_ms();
        let claim_id = new_id();
        let skip_locked =
            if self.db.backend == Backend::Postgres { " FOR UPDATE SKIP LOCKED" } else { "" };
        let due = "status = 'pending' AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until < $3)";
        let sql = format!(
            "UPDATE emails SET claim_id = $1, lease_until = $2, attempts = attempts + 1 \
             WHERE id = (SELECT id FROM emails WHERE {due} ORDER BY next_attempt_at LIMIT 1{skip_locked}) AND {due} \
             RETURNING id, user_id, to_address, template, data, attempts"
        );
        let claimed: Option<(String, Option<String>, Option<String>, String, String, i64)> =
            sqlx::query_as(sqlx::AssertSqlSafe(sql))
                .bind(&claim_id)
                .bind(now + LEASE.as_millis() as i64)
                .bind(now)
                .fetch_optional(&self.db.pool)
                .await?;
        Ok(claimed.map(|(id, user_id, to_address, template, data, attempts)| Claimed {
            id,
            user_id,
            to_address,
            template,
            data,
            attempts,
            claim_id,
        }))
    }

    async fn deliver(&self, row: Claimed) -> anyhow::Result<()> {
        let template: Result<Template, _> = serde_json::from_value(serde_json::json!({
            "template": row.template,
            "data": serde_json::from_str::<serde_json::Value>(&row.data).unwrap_or_default(),
        }));
        let Ok(template) = template else {
            tracing::error!(email_id = %row.id, template = %row.template, "email worker: unknown template; giving up on this email");
            return self.finish(&row, "failed", Some("unknown template")).await;
        };
        let outcome = match render(
            &self.db,
            &self.public_url,
            row.user_id.as_deref(),
            row.to_address.as_deref(),
            &template,
        )
        .await
        {
            Ok(None) => return self.finish(&row, "skipped", None).await,
            Ok(Some(email)) => self.mailer.send(&row.id, &email).await,
            Err(error) => Err(anyhow::anyhow!("{error}")),
        };
        match outcome {
            Ok(()) => self.finish(&row, "sent", None).await,
            Err(error) => self.retry_later(&row, &format!("{error:#}")).await,
        }
    }

    /// Closes a row. Its data (which may name a person or a reason) is no longer needed.
    async fn finish(&self, row: &Claimed, status: &str, error: Option<&str>) -> anyhow::Result<()> {
        sqlx::query(
            "UPDATE emails SET status = $1, data = '{}', sent_at = $2, last_error = $3, claim_id = NULL, lease_until = NULL \
             WHERE id = $4 AND claim_id = $5",
        )
        .bind(status)
        .bind(if status == "sent" { Some(now_ms()) } else { None })
        .bind(error)
        .bind(&row.id)
        .bind(&row.claim_id)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    async fn retry_later(&self, row: &Claimed, error: &str) -> anyhow::Result<()> {
        let gives_up = row.attempts >= MAX_ATTEMPTS;
        let delay = backoff(self.poll, row.attempts);
        if gives_up {
            tracing::error!(email_id = %row.id, attempts = row.attempts, error, "email could not be delivered; giving up");
        } else {
            tracing::warn!(email_id = %row.id, attempts = row.attempts, retry_in_ms = delay.as_millis() as u64, error, "email not delivered; will retry");
        }
        sqlx::query(
            "UPDATE emails SET status = $1, next_attempt_at = $2, last_error = $3, claim_id = NULL, lease_until = NULL \
             WHERE id = $4 AND claim_id = $5",
        )
        .bind(if gives_up { "failed" } else { "pending" })
        .bind(now_ms() + delay.as_millis() as i64)
        .bind(error.chars().take(500).collect::<String>())
        .bind(&row.id)
        .bind(&row.claim_id)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }
}

/// The wait after the `attempts`-th failure: the poll interval, doubling each time.
pub fn backoff(poll: Duration, attempts: i64) -> Duration {
    let doublings = (attempts - 1).clamp(0, 20) as u32;
    poll.saturating_mul(2u32.saturating_pow(doublings)).min(MAX_BACKOFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_twice_as_long_each_time_up_to_an_hour() {
        let poll = Duration::from_secs(2);
        assert_eq!(backoff(poll, 1), Duration::from_secs(2));
        assert_eq!(backoff(poll, 2), Duration::from_secs(4));
        assert_eq!(backoff(poll, 5), Duration::from_secs(32));
        assert_eq!(backoff(poll, 12), MAX_BACKOFF);
    }
}
