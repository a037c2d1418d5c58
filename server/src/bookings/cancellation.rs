//! Cancelling a booking with everything that goes with it: the conditional update, the
//! freed days or seats, the refund to carry out, and both sides told (notices and emails),
//! all in one transaction. A traveller's or guide's cancellation and a guide's cancelled
//! departure go through here.

use super::lifecycle::{self, Actor, BookingStatus, Cancellation, PaymentStatus};
use super::notify::notify_both;
use super::view::Booking;
use crate::db::Db;
use crate::email::{self, Email, Recipient, Template};
use crate::error::AppResult;
use crate::moderation::audit::{self, AuditAction};
use crate::money::paisa_share;
use crate::notice::{Notice, Refund};

/// What was paid for `booking_id` and is still held, in cents (0: nothing).
pub async fn paid_cents(db: &Db, booking_id: &str) -> AppResult<i64> {
    paid_cents_on(&mut *db.pool.acquire().await?, booking_id).await
}

/// The same, read on `conn`.
pub async fn paid_cents_on(conn: &mut sqlx::AnyConnection, booking_id: &str) -> AppResult<i64> {
    let (cents,): (i64,) = sqlx::query_as(
        "SELECT CAST(COALESCE(MAX(amount_cents), 0) AS BIGINT) FROM payments WHERE booking_id = $1 AND status = 'paid'",
    )
    .bind(booking_id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(cents)
}

/// Carries out `plan` for `booking` in `tx` and tells both sides. False when the booking
/// had moved on since it was read (nothing is written then).
pub async fn cancel(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    booking: &Booking,
    plan: Cancellation,
    actor: Actor,
    reason: &str,
    now: i64,
) -> AppResult<bool> {
    if !lifecycle::cancel(tx, &booking.id, plan, actor, reason, now).await? {
        return Ok(false);
    }
    if actor == Actor::Guide && plan.from.booking == BookingStatus::Approved {
        // A guide's cancellation of a trip they agreed to counts against their reliability;
        // the audit log keeps it beside the admins' actions.
        audit::record(tx, &booking.guide.id, AuditAction::GuideCancelledTrip, &booking.id, reason)
            .await?;
    }
    let (refund, refund_paisa) = refund_of(tx, &booking.id, plan).await?;
    let (guide, tourist, trip) =
        (booking.guide.full_name(), booking.tourist.full_name(), booking.trip_days());
    let (to_tourist, to_guide) = match actor {
        Actor::Tourist => (
            Notice::CancelledByYou { guide, trip: trip.clone(), refund },
            Notice::CancelledByTravellerForGuide { tourist, trip },
        ),
        _ => (
            Notice::CancelledByGuide { guide, trip: trip.clone(), refund },
            Notice::CancelledByYouForGuide { tourist, trip },
        ),
    };
    notify_both(tx, booking, "booking_cancelled", to_tourist, to_guide, plan.to).await?;
    for (to, to_guide) in [(&booking.tourist.id, false), (&booking.guide.id, true)] {
        let template = Template::BookingCancelled {
            booking_id: booking.id.clone(),
            to_guide,
            by_guide: actor == Actor::Guide,
            reason: reason.to_owned(),
            refund_cents: plan.refund_cents,
            refund_paisa,
            was_paid: plan.from.payment == PaymentStatus::Paid,
        };
        email::queue(tx, Email { to: Recipient::User(to.clone()), template }).await?;
    }
    Ok(true)
}

/// What a cancellation gives back, as notices say it, and in paisa when a wallet charged
/// rupees: the refund is then given and said in rupees (its share of them), since the
/// traveller never paid the dollar figure.
pub async fn refund_of(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    booking_id: &str,
    plan: Cancellation,
) -> AppResult<(Refund, Option<i64>)> {
    let refund_paisa = if plan.refund_cents > 0 {
        let charged: Option<(String, i64, i64)> = sqlx::query_as(
            "SELECT currency, amount_cents, amount_minor FROM payments WHERE booking_id = $1 AND status = 'paid'",
        )
        .bind(booking_id)
        .fetch_optional(&mut **tx)
        .await?;
        charged
            .filter(|(currency, ..)| currency == "npr")
            .map(|(_, cents, paisa)| paisa_share(plan.refund_cents, cents, paisa))
    } else {
        None
    };
    let refund = if let Some(paisa) = refund_paisa {
        Refund::Paisa(paisa)
    } else if plan.refund_cents > 0 {
        Refund::Cents(plan.refund_cents)
    } else if plan.from.payment == PaymentStatus::Paid {
        Refund::TooLate
    } else {
        Refund::Nothing
    };
    Ok((refund, refund_paisa))
}
