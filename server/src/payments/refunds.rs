//! Carrying out refunds. A refund is written as a `refunds` row in the transaction that
//! decided it (a cancellation, or a payment confirmed for a booking that could no longer be
//! paid); this worker, run by the trip sweep on every replica, claims each due row with a
//! lease (`claim_one`: one UPDATE, so one worker at a time), asks the provider that took the
//! money to give it back, and on success marks the refund done and the booking `refunded`.
//! A failure is tried again with exponential backoff. Stripe is called with an
//! idempotency key per refund, so a retry after a crash never refunds twice; Khalti has
//! no such key, so a retried Khalti refund first looks the payment up and counts one that
//! Khalti already shows refunded. eSewa has no refund API: its refunds are parked for an
//! admin to make by hand in eSewa's merchant portal (`last_error` says so) and never retried.

use std::time::Duration;

use crate::bookings::lifecycle::{self, PaymentStatus, TripState};
use crate::bookings::notify::notify_both;
use crate::bookings::view;
use crate::db::{Backend, Db, now_ms};
use crate::earnings;
use crate::email::{self, Email, Recipient, Template};
use crate::error::AppResult;
use crate::hub::NotificationHub;
use crate::moderation::audit::{self, AuditAction};
use crate::money::paid;
use crate::notice::Notice;
use crate::providers::khalti::Khalti;
use crate::providers::stripe::Stripe;

/// Refunds claimed per pass.
const BATCH: i64 = 20;
/// How long a claimed refund is left to its worker before another may take it over.
const LEASE_MS: i64 = 5 * 60 * 1000;
/// Retries are never further apart than this.
const BACKOFF_MAX_MS: i64 = 6 * 60 * 60 * 1000;
/// `next_attempt_at` of a refund that only a person can make: never picked up again.
pub(super) const NEVER: i64 = i64::MAX / 2;

/// A refund with what its payment took, as carrying it out needs it.
const REFUND_WITH_PAYMENT: &str = "SELECT r.id, r.booking_id, r.provider, r.amount_cents, r.attempts, r.payment_id, p.payment_intent, \
       p.provider_session_id, p.amount_cents AS payment_cents, p.amount_minor, p.currency \
     FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.id = $1";

#[derive(sqlx::FromRow)]
pub(super) struct DueRefund {
    pub(super) id: String,
    pub(super) booking_id: String,
    pub(super) provider: String,
    /// What goes back, in US cents.
    pub(super) amount_cents: i64,
    attempts: i64,
    payment_id: String,
    payment_intent: Option<String>,
    provider_session_id: String,
    /// The payment's price in US cents and what it charged in its currency's minor units.
    payment_cents: i64,
    amount_minor: i64,
    /// `usd` (cents) or `npr` (paisa, a wallet's).
    currency: String,
}

/// What asking the provider for the money back did.
enum GaveBack {
    /// Refunded; the provider's refund id, if it gives one.
    Done(Option<String>),
    /// The provider has no refund API: a person must refund it (why, for `last_error`).
    ByHand(String),
}

/// The wait before the next try after `attempts` failed ones: `base`, doubled each time.
pub fn backoff_ms(base: Duration, attempts: i64) -> i64 {
    let base = i64::try_from(base.as_millis()).unwrap_or(i64::MAX);
    let doublings = u32::try_from((attempts - 1).clamp(0, 30)).unwrap_or(30);
    base.saturating_mul(1i64 << doublings).min(BACKOFF_MAX_MS)
}

/// Carries out the refunds that are due (up to `BATCH`; the sweep comes back for the
/// rest); returns how many the providers confirmed.
pub async fn carry_out_due(
    db: &Db,
    hub: &NotificationHub,
    stripe: Option<&Stripe>,
    khalti: Option<&Khalti>,
    retry: Duration,
) -> AppResult<usize> {
    let mut refunded = 0;
    for _ in 0..BATCH {
        let Some((id, lease)) = claim_one(db).await? else { break };
        let Some(refund) = find(db, &id).await? else { continue };
        match give_back(db, stripe, khalti, &refund).await {
            Ok(GaveBack::Done(provider_refund_id)) => {
                if finish(db, hub, &refund, provider_refund_id.as_deref(), None).await? {
                    refunded += 1;
                }
            }
            Ok(GaveBack::ByHand(why)) => {
                tracing::warn!(refund_id = %refund.id, booking_id = %refund.booking_id, why, "a refund needs to be made by hand");
                sqlx::query("UPDATE refunds SET claimed_until = 0, next_attempt_at = $1, last_error = $2, updated_at = $3 WHERE id = $4 AND claimed_until = $5")
                    .bind(NEVER)
                    .bind(why)
                    .bind(now_ms())
                    .bind(&refund.id)
                    .bind(lease)
                    .execute(&db.pool)
                    .await?;
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

/// The refund `id` with its payment, if there is one.
pub(super) async fn find(db: &Db, id: &str) -> AppResult<Option<DueRefund>> {
    Ok(sqlx::query_as(REFUND_WITH_PAYMENT).bind(id).fetch_optional(&db.pool).await?)
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
    let claimed: Option<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(lease)
        .bind(now)
        .fetch_optional(&db.pool)
        .await?;
    Ok(claimed.map(|(id,)| (id, lease)))
}

/// Asks the provider that took the money for it back; the provider's refund id, if any.
async fn give_back(
    db: &Db,
    stripe: Option<&Stripe>,
    khalti: Option<&Khalti>,
    refund: &DueRefund,
) -> anyhow::Result<GaveBack> {
    match refund.provider.as_str() {
        // The sandbox took no real money: its refund is done as soon as it is carried out.
        "sandbox" => Ok(GaveBack::Done(None)),
        "khalti" => {
            let khalti = khalti.ok_or_else(|| {
                anyhow::anyhow!("a Khalti payment to refund, but no Khalti key is configured")
            })?;
            let transaction_id = refund
                .payment_intent
                .as_deref()
                .ok_or_else(|| anyhow::anyhow!("the Khalti payment has no transaction id"))?;
            // An earlier try may have refunded it and crashed before recording so.
            if refund.attempts > 1
                && khalti.lookup(&refund.provider_session_id).await?.status.contains("Refunded")
            {
                return Ok(GaveBack::Done(None));
            }
            khalti.refund(transaction_id, partial_minor(refund)).await?;
            Ok(GaveBack::Done(None))
        }
        "esewa" => Ok(GaveBack::ByHand(format!(
            "eSewa has no refund API: refund NPR {} (eSewa ref {}) from the eSewa merchant portal",
            rupees(refund.minor_to_give_back()),
            refund.provider_reference(),
        ))),
        "stripe" => {
            let stripe = stripe.ok_or_else(|| {
                anyhow::anyhow!("a Stripe payment to refund, but no Stripe keys are configured")
            })?;
            let payment_intent = match &refund.payment_intent {
                Some(intent) => intent.clone(),
                None => {
                    // Confirmed before the intent was recorded: Stripe's session names it.
                    let session =
                        stripe.retrieve_checkout_session(&refund.provider_session_id).await?;
                    let intent = session.payment_intent.ok_or_else(|| {
                        anyhow::anyhow!("the checkout session has no payment intent")
                    })?;
                    sqlx::query("UPDATE payments SET payment_intent = $1 WHERE id = $2")
                        .bind(&intent)
                        .bind(&refund.payment_id)
                        .execute(&db.pool)
                        .await?;
                    intent
                }
            };
            let created = stripe
                .create_refund(
                    &payment_intent,
                    refund.amount_cents,
                    &refund.booking_id,
                    &format!("yatra-refund-{}", refund.id),
                )
                .await?;
            Ok(GaveBack::Done(Some(created.id)))
        }
        other => anyhow::bail!("unknown payment provider {other:?}"),
    }
}

impl DueRefund {
    /// What goes back, in the charged currency's minor units (paisa for the wallets).
    pub(super) fn minor_to_give_back(&self) -> i64 {
        partial_minor(self).unwrap_or(self.amount_minor)
    }

    /// What goes back in paisa when a wallet charged rupees; `None` for a dollar payment.
    fn paisa_given_back(&self) -> Option<i64> {
        (self.currency == "npr").then(|| self.minor_to_give_back())
    }

    /// The provider's id for the payment, as its merchant portal shows it.
    pub(super) fn provider_reference(&self) -> &str {
        self.payment_intent.as_deref().unwrap_or(&self.provider_session_id)
    }
}

/// Paisa as rupees, with the paisa only when there are some: `10680`, `4672.50`.
fn rupees(paisa: i64) -> String {
    if paisa % 100 == 0 {
        (paisa / 100).to_string()
    } else {
        format!("{}.{:02}", paisa / 100, paisa % 100)
    }
}

/// A partial refund in the charged currency's minor units (the refund's share of what was
/// charged); `None` when all of it goes back.
fn partial_minor(refund: &DueRefund) -> Option<i64> {
    if refund.amount_cents >= refund.payment_cents || refund.payment_cents <= 0 {
        return None;
    }
    Some(
        (refund.amount_minor as f64 * refund.amount_cents as f64 / refund.payment_cents as f64)
            .round() as i64,
    )
}

/// The provider gave the money back: the refund is done, the booking refunded, both told.
/// `by_admin` is the admin who made it by hand, recorded in the audit log in the same
/// transaction. False when the refund was no longer pending (done by another already).
pub(super) async fn finish(
    db: &Db,
    hub: &NotificationHub,
    refund: &DueRefund,
    provider_refund_id: Option<&str>,
    by_admin: Option<&str>,
) -> AppResult<bool> {
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
    earnings::reverse_refund(&mut tx, &refund.id, now).await?;
    if let Some(admin) = by_admin {
        // Only eSewa's refunds are parked for a person today.
        let portal = if refund.provider == "esewa" { "eSewa" } else { refund.provider.as_str() };
        let what = format!(
            "{} refunded by hand through {portal}, reference {}",
            paid(refund.amount_cents, refund.paisa_given_back()),
            provider_refund_id.unwrap_or_default()
        );
        audit::record(&mut tx, admin, AuditAction::RecordRefund, &refund.booking_id, &what).await?;
    }
    let mut told = Vec::new();
    if lifecycle::refunded(&mut tx, &refund.booking_id, now).await?
        && let Some(booking) = &booking
    {
        let (trip, amount_cents, paisa) =
            (booking.trip_days(), refund.amount_cents, refund.paisa_given_back());
        notify_both(
            &mut tx,
            booking,
            "booking_refunded",
            Notice::Refunded { trip: trip.clone(), amount_cents, paisa },
            Notice::RefundedForGuide {
                tourist: booking.tourist.full_name(),
                trip,
                amount_cents,
                paisa,
            },
            TripState::new(booking.booking_status, PaymentStatus::Refunded),
        )
        .await?;
        for (to, to_guide) in [(&booking.tourist.id, false), (&booking.guide.id, true)] {
            let template = Template::BookingRefunded {
                booking_id: booking.id.clone(),
                to_guide,
                amount_cents: refund.amount_cents,
                paisa,
            };
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
    fn rupees_show_paisa_only_when_there_are_some() {
        assert_eq!(rupees(1_068_000), "10680");
        assert_eq!(rupees(467_250), "4672.50");
        assert_eq!(rupees(5), "0.05");
    }

    #[test]
    fn retries_wait_twice_as_long_each_time_up_to_six_hours() {
        let base = Duration::from_secs(30);
        assert_eq!(backoff_ms(base, 1), 30_000);
        assert_eq!(backoff_ms(base, 2), 60_000);
        assert_eq!(backoff_ms(base, 4), 240_000);
        assert_eq!(backoff_ms(base, 40), BACKOFF_MAX_MS);
    }
}
