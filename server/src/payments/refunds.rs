//! Carrying out refunds. A refund is written as a `refunds` row in the transaction that
//! decided it (a cancellation, or a payment confirmed for a booking that could no longer be
//! paid); this worker, run by the trip sweep on every replica, claims each due row with a
//! lease (`claim_one`: one UPDATE, so one worker at a time), asks the provider that took the
//! money to give it back, and on success marks the refund done and the booking `refunded`.
//! A failure is tried again with exponential backoff. Stripe is called with an
//! idempotency key per refund, so a retry after a crash never refunds twice.

use std::time::Duration;

use super::stripe::Stripe;
use crate::bookings::lifecycle::{self, PaymentStatus, TripState};
use crate::email::{self, Email, Recipient, Template};
use crate::bookings::routes::{money, notify_both, trip_dates};
use crate::bookings::view;
use crate::db::{Backend, Db, now_ms};
use crate::error::AppResult;
use crate::notifications::NotificationHub;

/// Refunds claimed per pass.
const BATCH: i64 = 20;
/// How long a claimed refund is left to its worker before another may take it over.
const LEASE_MS: i64 = 5 * 60 * 1000;
/// Retries are never further apart than this.
const BACKOFF_MAX_MS: i64 = 6 * 60 * 60 * 1000;

#[derive(sqlx::FromRow)]
struct DueRefund {
    id: String,
    booking_id: String,
    provider: String,
    amount_cents: i64,
    attempts: i64,
    payment_id: String,
    payment_intent: Option<String>,
    provider_session_id: String,
}

/// The wait before the next try after `attempts` failed ones: `base`, doubled each time.
pub fn backoff_ms(base: Duration, attempts: i64) -> i64 {
    let base = i64::try_from(base.as_millis()).unwrap_or(i64::MAX);
    let doublings = u32::try_from((attempts - 1).clamp(0, 30)).unwrap_or(30);
    base.saturating_mul(1i64 << doublings).min(BACKOFF_MAX_MS)
}

/// Carries out the refunds that are due (up to `BATCH`; the sweep comes back for the
/// rest); returns how many the providers confirmed.
pub async fn carry_out_due(db: &Db, hub: &NotificationHub, stripe: Option<&Stripe>, retry: Duration) -> AppResult<usize> {
    let mut refunded = 0;
    for _ in 0..BATCH {
        let Some((id, lease)) = claim_one(db).await? else { break };
        let refund: DueRefund = sqlx::query_as(
            "SELECT r.id, r.booking_id, r.provider, r.amount_cents, r.attempts, r.payment_id, p.payment_intent, \
               p.provider_session_id FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.id = $1",
        )
        .bind(&id)
        .fetch_one(&db.pool)
        .await?;
        match give_back(db, stripe, &refund).await {
            Ok(provider_refund_id) => {
                if finish(db, hub, &refund, provider_refund_id.as_deref()).await? {
                    refunded += 1;
                }
            }
            Err(e) => {
                let wait = backoff_ms(retry, refund.attempts);
                tracing::warn!(refund_id = %refund.id, attempts = refund.attempts, retry_in_ms = wait, error = %e, "refund failed");
                // Only while the claim is still ours: a worker that outlived its lease
                // must not push back a retry another worker has taken over.
                sqlx::query(
                    "UPDATE refunds SET claimed_until = 0, next_attempt_at = $1, last_error = $2, updated_at = $3 \
                     WHERE id = $4 AND status = 'pending' AND claimed_until = $5",
                )
                .bind(now_ms() + wait)
                .bind(e.to_string().chars().take(500).collect::<String>())
                .bind(now_ms())
                .bind(&refund.id)
                .bind(lease)
                .execute(&db.pool)
                .await?;
            }
        }
    }
    Ok(refunded)
}

/// Claims one due refund for this worker: its id and the lease, which also tells this
/// claim from a later one. One UPDATE sets the lease, so a refund has one worker at a
/// time on every backend; on PostgreSQL the row is picked `FOR UPDATE SKIP LOCKED`, so
/// replicas sweeping together take different refunds instead of queuing for the same.
async fn claim_one(db: &Db) -> AppResult<Option<(String, i64)>> {
    let now = now_ms();
    let lease = now + LEASE_MS;
    let skip_locked = if db.backend == Backend::Postgres { " FOR UPDATE SKIP LOCKED" } else { "" };
    let due = "status = 'pending' AND next_attempt_at <= $2 AND claimed_until <= $2";
    let sql = format!(
        "UPDATE refunds SET claimed_until = $1, attempts = attempts + 1, updated_at = $2 \
         WHERE id = (SELECT id FROM refunds WHERE {due} ORDER BY next_attempt_at LIMIT 1{skip_locked}) AND {due} \
         RETURNING id"
    );
    let claimed: Option<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(lease).bind(now).fetch_optional(&db.pool).await?;
    Ok(claimed.map(|(id,)| (id, lease)))
}

/// Asks the provider that took the money for it back; the provider's refund id, if any.
async fn give_back(db: &Db, stripe: Option<&Stripe>, refund: &DueRefund) -> anyhow::Result<Option<String>> {
    match refund.provider.as_str() {
        // The sandbox took no real money: its refund is done as soon as it is carried out.
        "sandbox" => Ok(None),
        "stripe" => {
            let stripe = stripe.ok_or_else(|| anyhow::anyhow!("a Stripe payment to refund, but no Stripe keys are configured"))?;
            let payment_intent = match &refund.payment_intent {
                Some(intent) => intent.clone(),
                None => {
                    // Confirmed before the intent was recorded: Stripe's session names it.
                    let session = stripe.retrieve_checkout_session(&refund.provider_session_id).await?;
                    let intent = session.payment_intent.ok_or_else(|| anyhow::anyhow!("the checkout session has no payment intent"))?;
                    sqlx::query("UPDATE payments SET payment_intent = $1 WHERE id = $2")
                        .bind(&intent)
                        .bind(&refund.payment_id)
                        .execute(&db.pool)
                        .await?;
                    intent
                }
            };
            let created = stripe
                .create_refund(&payment_intent, refund.amount_cents, &refund.booking_id, &format!("yatra-refund-{}", refund.id))
                .await?;
            Ok(Some(created.id))
        }
        other => anyhow::bail!("unknown payment provider {other:?}"),
    }
}

/// The provider gave the money back: the refund is done, the booking refunded, both told.
async fn finish(db: &Db, hub: &NotificationHub, refund: &DueRefund, provider_refund_id: Option<&str>) -> AppResult<bool> {
    let booking = view::find(db, &refund.booking_id).await?;
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    let done = sqlx::query(
        "UPDATE refunds SET status = 'succeeded', provider_refund_id = $1, claimed_until = 0, updated_at = $2 \
         WHERE id = $3 AND status = 'pending'",
    )
    .bind(provider_refund_id)
    .bind(now)
    .bind(&refund.id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    let mut told = Vec::new();
    if lifecycle::refunded(&mut tx, &refund.booking_id, now).await?
        && let Some(booking) = &booking
    {
        let dates = trip_dates(&booking.selected_date, booking.days);
        let amount = money(refund.amount_cents);
        notify_both(
            &mut tx,
            booking,
            "booking_refunded",
            format!("{amount} for your trip on {dates} has been refunded to you."),
            format!("{amount} for the cancelled trip on {dates} was refunded to {} {}.", booking.tourist.first_name, booking.tourist.last_name),
            TripState::new(booking.booking_status, PaymentStatus::Refunded),
        )
        .await?;
        for (to, to_guide) in [(&booking.tourist.id, false), (&booking.guide.id, true)] {
            let template = Template::BookingRefunded { booking_id: booking.id.clone(), to_guide, amount_cents: refund.amount_cents };
            email::queue(&mut tx, Email { to: Recipient::User(to.clone()), template }).await?;
        }
        told = vec![booking.tourist.id.clone(), booking.guide.id.clone()];
    }
    tx.commit().await?;
    let told: Vec<&str> = told.iter().map(String::as_str).collect();
    hub.announce(db, &told).await;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_twice_as_long_each_time_up_to_six_hours() {
        let base = Duration::from_secs(30);
        assert_eq!(backoff_ms(base, 1), 30_000);
        assert_eq!(backoff_ms(base, 2), 60_000);
        assert_eq!(backoff_ms(base, 4), 240_000);
        assert_eq!(backoff_ms(base, 40), BACKOFF_MAX_MS);
    }
}
