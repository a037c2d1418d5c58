//! The one way a booking becomes paid: the provider confirmed a checkout session. Stripe's
//! webhook and session lookup, Khalti's lookup, eSewa's status check and the sandbox's Pay
//! button all call `confirm_paid` (each after checking the provider's word and amount), which marks the payment and the booking paid and tells both sides,
//! once, however many times and however concurrently it is called for one session. A
//! payment racing a cancellation ends consistent: either the booking is paid (and the
//! cancellation then refunds it), or it was cancelled first and the payment is refunded.

use crate::bookings::lifecycle;
use crate::db::{Db, is_unique_violation, now_ms};
use crate::earnings;
use crate::email::{self, Email, Recipient, Template};
use crate::error::AppResult;
use crate::http::state::TripSweep;
use crate::hub::NotificationHub;
use crate::notice::{Notice, TripDays};
use crate::notifications::{self, NewNotification};

/// What confirming a session did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Confirmation {
    /// This call marked the booking paid.
    Paid { booking_id: String },
    /// It was paid before (a repeated event).
    AlreadyPaid { booking_id: String },
    /// The money arrived for a booking that cannot take it; it is being refunded.
    Refunding { booking_id: String },
    /// No payment of ours has this session id.
    Unknown,
}

#[derive(sqlx::FromRow)]
struct Pending {
    payment_id: String,
    provider: String,
    amount_cents: i64,
    /// What was charged, in `currency`'s minor units.
    amount_minor: i64,
    currency: String,
    booking_id: String,
    tourist_id: String,
    guide_id: String,
    selected_date: String,
    days: i64,
    tourist_name: String,
    guide_name: String,
}

/// Confirms the payment of checkout `session_id` (Stripe's session, Khalti's pidx, eSewa's
/// transaction_uuid, the sandbox's id), recording the provider's reference for the money,
/// what a refund will name (Stripe's payment intent, Khalti's transaction_id, eSewa's
/// ref_id), and the amount captured in the charged currency's minor units: the caller has
/// checked that the provider took exactly `amount_minor`. The booking becomes paid if it still can be; money that arrives
/// for a booking cancelled or expired meanwhile, or for a booking another checkout already
/// paid, is written as a refund in the same transaction, so it is given back, not lost.
pub async fn confirm_paid(
    db: &Db,
    hub: &NotificationHub,
    trips: &TripSweep,
    commission_percent: i64,
    session_id: &str,
    reference: Option<&str>,
) -> AppResult<Confirmation> {
    let found: Option<Pending> = sqlx::query_as(
        "SELECT p.id AS payment_id, p.provider, p.amount_cents, p.amount_minor, p.currency, b.id AS booking_id, b.tourist_id, b.guide_id, b.selected_date, \
           b.days, t.first_name || ' ' || t.last_name AS tourist_name, \
           g.first_name || ' ' || g.last_name AS guide_name \
         FROM payments p JOIN bookings b ON b.id = p.booking_id \
         JOIN users t ON t.id = b.tourist_id JOIN users g ON g.id = b.guide_id \
         WHERE p.provider_session_id = $1",
    )
    .bind(session_id)
    .fetch_optional(&db.pool)
    .await?;
    let Some(payment) = found else { return Ok(Confirmation::Unknown) };
    let already = Confirmation::AlreadyPaid { booking_id: payment.booking_id.clone() };

    let now = now_ms();
    let mut tx = db.begin_write().await?;
    // The claim: of any number of concurrent confirmations, exactly one changes this row.
    let claimed = sqlx::query(
        "UPDATE payments SET status = 'paid', paid_at = $1, updated_at = $1, payment_intent = COALESCE($2, payment_intent), \
           captured_minor = amount_minor WHERE id = $3 AND status <> 'paid'",
    )
    .bind(now)
    .bind(reference)
    .bind(&payment.payment_id)
    .execute(&mut *tx)
    .await;
    match claimed {
        Ok(done) if done.rows_affected() == 0 => return Ok(already),
        Ok(_) => {}
        Err(e) if is_unique_violation(&e) => {
            // A second checkout of one booking was paid too: that money goes back.
            drop(tx);
            return refund_second_payment(db, trips, &payment, reference, now).await;
        }
        Err(e) => return Err(e.into()),
    }
    // Captured: the guide's share and the commission, whether the booking takes the money
    // or it goes back (then the refund reverses both).
    earnings::credit_payment(
        &mut tx,
        &payment.guide_id,
        &payment.booking_id,
        &payment.payment_id,
        payment.amount_cents,
        commission_percent,
        now,
    )
    .await?;
    let (trip, amount_cents) =
        (TripDays::new(&payment.selected_date, payment.days), payment.amount_cents);
    // A wallet's payment is told in the rupees it charged, not their dollar price.
    let paisa = (payment.currency == "npr").then_some(payment.amount_minor);
    if lifecycle::pay(&mut tx, &payment.booking_id, now).await? {
        notifications::store(
            &mut tx,
            NewNotification {
                user_id: &payment.tourist_id,
                kind: "booking_paid",
                booking_id: Some(&payment.booking_id),
                notice: Notice::PaymentReceived {
                    guide: payment.guide_name.clone(),
                    trip: trip.clone(),
                    amount_cents,
                    paisa,
                },
                status: "approved",
                payment_status: "paid",
            },
        )
        .await?;
        notifications::store(
            &mut tx,
            NewNotification {
                user_id: &payment.guide_id,
                kind: "booking_paid",
                booking_id: Some(&payment.booking_id),
                notice: Notice::PaymentReceivedForGuide {
                    tourist: payment.tourist_name.clone(),
                    trip,
                    amount_cents,
                    paisa,
                },
                status: "approved",
                payment_status: "paid",
            },
        )
        .await?;
        let booking_id = &payment.booking_id;
        email::queue(
            &mut tx,
            Email {
                to: Recipient::User(payment.tourist_id.clone()),
                template: Template::PaymentReceivedTraveller { booking_id: booking_id.clone() },
            },
        )
        .await?;
        email::queue(
            &mut tx,
            Email {
                to: Recipient::User(payment.guide_id.clone()),
                template: Template::PaymentReceivedGuide { booking_id: booking_id.clone() },
            },
        )
        .await?;
        tx.commit().await?;
        crate::monitoring::payment_confirmed();
        hub.announce(db, &[&payment.tourist_id, &payment.guide_id]).await;
        return Ok(Confirmation::Paid { booking_id: payment.booking_id });
    }
    // The booking can no longer be paid (cancelled or expired while the traveller paid).
    let late =
        lifecycle::late_payment(&mut tx, &payment.booking_id, payment.amount_cents, now).await?;
    lifecycle::write_refund(
        &mut tx,
        &payment.booking_id,
        &payment.payment_id,
        &payment.provider,
        payment.amount_cents,
        now,
    )
    .await?;
    if late {
        notifications::store(
            &mut tx,
            NewNotification {
                user_id: &payment.tourist_id,
                kind: "booking_refund_pending",
                booking_id: Some(&payment.booking_id),
                notice: Notice::LatePayment { trip, amount_cents, paisa },
                status: "",
                payment_status: "refund_pending",
            },
        )
        .await?;
    }
    tx.commit().await?;
    tracing::warn!(session_id, booking_id = %payment.booking_id, "payment confirmed for a booking that can no longer be paid; refunding it");
    hub.announce(db, &[&payment.tourist_id]).await;
    trips.wake();
    Ok(Confirmation::Refunding { booking_id: payment.booking_id })
}

async fn refund_second_payment(
    db: &Db,
    trips: &TripSweep,
    payment: &Pending,
    reference: Option<&str>,
    now: i64,
) -> AppResult<Confirmation> {
    let mut tx = db.begin_write().await?;
    sqlx::query("UPDATE payments SET payment_intent = COALESCE($1, payment_intent), captured_minor = amount_minor, updated_at = $2 WHERE id = $3")
        .bind(reference)
        .bind(now)
        .bind(&payment.payment_id)
        .execute(&mut *tx)
        .await?;
    lifecycle::write_refund(
        &mut tx,
        &payment.booking_id,
        &payment.payment_id,
        &payment.provider,
        payment.amount_cents,
        now,
    )
    .await?;
    tx.commit().await?;
    tracing::warn!(booking_id = %payment.booking_id, payment_id = %payment.payment_id, "booking paid twice; refunding the second payment");
    trips.wake();
    Ok(Confirmation::Refunding { booking_id: payment.booking_id.clone() })
}
