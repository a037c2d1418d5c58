//! What happens to a group departure at the tour's cutoff (`cutoffHours`, its current
//! value, before the start), run by the trip sweep: with at least `minToRun` paid seats it
//! is confirmed, its travellers told "Your departure is confirmed" and given one
//! conversation with their guide; with fewer it is
//! cancelled, every seat's booking cancelled by the system and every paid one refunded in
//! full, everyone told and emailed. One conditional UPDATE of the departure's status in
//! the transaction that writes it all: replicas sweeping together decide each departure
//! once, and a crash leaves it open for the next sweep.

use super::domain::START_TIME;
use super::store::{self, COLUMNS, DepartureRow};
use crate::bookings::cancellation;
use crate::bookings::lifecycle::{self, Actor, BookingStatus, PaymentStatus};
use crate::bookings::view::{self, Booking};
use crate::calendar::{date_text, today_in_nepal};
use crate::db::{Db, now_ms};
use crate::email::{self, Email, Recipient, Template};
use crate::error::AppResult;
use crate::hub::NotificationHub;
use crate::messages;
use crate::notice::{Notice, TripDays};
use crate::notifications::{self, NewNotification};
use crate::tours::domain::CUTOFF_HOURS_MAX;

/// What one pass decided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Decided {
    pub confirmed: usize,
    pub cancelled: usize,
}

/// Decides every open departure whose cutoff has passed.
pub async fn decide_due(db: &Db, hub: &NotificationHub) -> AppResult<Decided> {
    let now = now_ms();
    // No cutoff is longer than CUTOFF_HOURS_MAX: a departure starting later is not due.
    let horizon = today_in_nepal() + time::Duration::days(CUTOFF_HOURS_MAX / 24 + 2);
    let open: Vec<DepartureRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM departures d JOIN tours t ON t.id = d.tour_id \
         WHERE d.status = 'open' AND d.start_date <= $1 ORDER BY d.start_date, d.id"
    )))
    .bind(date_text(horizon))
    .fetch_all(&db.pool)
    .await?;
    let mut decided = Decided::default();
    for departure in open.iter().filter(|d| now >= d.bookable_until_ms()) {
        match decide(db, hub, departure).await? {
            Some(true) => decided.confirmed += 1,
            Some(false) => decided.cancelled += 1,
            None => {}
        }
    }
    Ok(decided)
}

/// Confirms (`Some(true)`) or cancels (`Some(false)`) the departure; `None` when another
/// replica has it or a booking moved on meanwhile (the next sweep tries again).
async fn decide(
    db: &Db,
    hub: &NotificationHub,
    departure: &DepartureRow,
) -> AppResult<Option<bool>> {
    let holding: Vec<Booking> = view::of_departure(db, &departure.id)
        .await?
        .into_iter()
        .filter(|b| b.booking_status == BookingStatus::Approved)
        .collect();
    let is_paid = |b: &&Booking| b.payment_status == PaymentStatus::Paid;
    let paid_seats: i64 = holding.iter().filter(is_paid).map(|b| b.group_size).sum();
    let mut paid_cents = Vec::with_capacity(holding.len());
    for booking in &holding {
        paid_cents.push(cancellation::paid_cents(db, &booking.id).await?);
    }
    let now = now_ms();
    let trip = TripDays::new(&departure.start_date, departure.day_count);
    let tour = departure.tour_title.clone();
    let mut tx = db.begin_write().await?;
    if !db.lock_unless_taken(&mut tx, "departures", &departure.id).await? {
        return Ok(None);
    }
    // A seat booked or paid since the bookings were read: decide at the next sweep.
    let read: Vec<&str> = holding.iter().map(|b| b.id.as_str()).collect();
    if store::holding_bookings_in(&mut tx, &departure.id).await? != read {
        return Ok(None);
    }
    let confirmed = paid_seats >= departure.min_to_run;
    let guide_notice = if confirmed {
        let updated = sqlx::query(
            "UPDATE departures SET status = 'confirmed', updated_at = $1 WHERE id = $2 AND status = 'open'",
        )
        .bind(now)
        .bind(&departure.id)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            return Ok(None);
        }
        for booking in holding.iter().filter(is_paid) {
            let notice = Notice::DepartureConfirmed { tour: tour.clone(), trip: trip.clone() };
            tell_traveller(&mut tx, booking, "departure_confirmed", notice, ("approved", "paid"))
                .await?;
            let template = Template::DepartureConfirmed {
                departure_id: departure.id.clone(),
                to_guide: false,
            };
            let to = Recipient::User(booking.tourist.id.clone());
            email::queue(&mut tx, Email { to, template }).await?;
        }
        let travellers: Vec<&str> =
            holding.iter().filter(is_paid).map(|b| b.tourist.id.as_str()).collect();
        messages::store::open_group(&mut tx, &departure.id, &departure.guide_id, &travellers, now)
            .await?;
        Notice::DepartureConfirmedForGuide { tour, trip, people: paid_seats }
    } else {
        if !store::mark_cancelled(&mut tx, &departure.id, now).await? {
            return Ok(None);
        }
        let start = lifecycle::trip_start_ms(&departure.start_date, START_TIME);
        let reason = format!(
            "Fewer than {} travellers had paid by the tour's booking notice",
            departure.min_to_run
        );
        for (booking, paid) in holding.iter().zip(paid_cents) {
            let plan =
                lifecycle::plan_cancellation(Actor::System, booking.state(), now, start, paid)?;
            if !lifecycle::cancel(&mut tx, &booking.id, plan, Actor::System, &reason, now).await? {
                return Ok(None);
            }
            let (refund, refund_paisa) =
                cancellation::refund_of(&mut tx, &booking.id, plan).await?;
            let notice =
                Notice::DepartureCancelled { tour: tour.clone(), trip: trip.clone(), refund };
            let state = (plan.to.booking.as_str(), plan.to.payment.as_str());
            tell_traveller(&mut tx, booking, "departure_cancelled", notice, state).await?;
            let template = Template::DepartureCancelled {
                departure_id: departure.id.clone(),
                to_guide: false,
                refund_cents: plan.refund_cents,
                refund_paisa,
            };
            let to = Recipient::User(booking.tourist.id.clone());
            email::queue(&mut tx, Email { to, template }).await?;
        }
        Notice::DepartureCancelledForGuide { tour, trip }
    };
    let (kind, status) = if confirmed {
        ("departure_confirmed", "confirmed")
    } else {
        ("departure_cancelled", "cancelled")
    };
    let guide_id = departure.guide_id.as_str();
    notifications::store(
        &mut tx,
        NewNotification {
            user_id: guide_id,
            kind,
            booking_id: None,
            notice: guide_notice,
            status,
            payment_status: "",
        },
    )
    .await?;
    let template = if confirmed {
        Template::DepartureConfirmed { departure_id: departure.id.clone(), to_guide: true }
    } else {
        Template::DepartureCancelled {
            departure_id: departure.id.clone(),
            to_guide: true,
            refund_cents: 0,
            refund_paisa: None,
        }
    };
    email::queue(&mut tx, Email { to: Recipient::User(guide_id.to_owned()), template }).await?;
    tx.commit().await?;
    let mut told: Vec<&str> = holding.iter().map(|b| b.tourist.id.as_str()).collect();
    told.push(guide_id);
    hub.announce(db, &told).await;
    Ok(Some(confirmed))
}

/// A notification to the booking's traveller, with the booking's state after it.
async fn tell_traveller(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    booking: &Booking,
    kind: &str,
    notice: Notice,
    (status, payment_status): (&str, &str),
) -> AppResult<()> {
    let user_id = &booking.tourist.id;
    let booking_id = Some(booking.id.as_str());
    notifications::store(
        tx,
        NewNotification { user_id, kind, booking_id, notice, status, payment_status },
    )
    .await
}
