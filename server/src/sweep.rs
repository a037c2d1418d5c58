//! The trip sweep, run by every replica every `YATRA_SWEEP_EVERY` (and woken at once when a
//! refund is written): decides group departures at their tour's cutoff
//! (`departures::decisions`), expires requests and unpaid approvals whose time is up, completes
//! paid trips whose last day has ended in Nepal, carries out pending refunds, and emails
//! members about messages left unread (`messages::unread_emails`), reminds or
//! unlists guides whose licence is ending or has ended (`guides::licences`), asks
//! travellers to review a trip two days after it (`reviews::reminders`), and recomputes
//! each guide's reliability and badge once a day (`guides::reliability`). Each
//! change is a conditional UPDATE (see `lifecycle`) in the transaction that writes its
//! notifications and emails, so replicas sweeping together change each booking, and tell
//! about it, once; on PostgreSQL a booking another replica is changing is skipped rather
//! than waited for (`Db::lock_unless_taken`). A crash leaves the rest for the next sweep.

use std::time::Duration;

use crate::bookings::lifecycle::{self, BookingStatus, PaymentStatus, TripState};
use crate::bookings::notify::notify_both;
use crate::bookings::view;
use crate::calendar::{date_text, today_in_nepal};
use crate::db::{Db, now_ms};
use crate::departures::decisions;
use crate::email::{self, Email, Recipient, Template};
use crate::error::AppResult;
use crate::guides::{licences, reliability};
use crate::http::state::TripSweep;
use crate::hub::NotificationHub;
use crate::messages::unread_emails;
use crate::notice::Notice;
use crate::payments::refunds;
use crate::providers::khalti::Khalti;
use crate::providers::stripe::Stripe;
use crate::reviews::reminders;

/// Bookings changed per query; the sweep repeats until none is left.
const BATCH: i64 = 100;

/// What one sweep changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Swept {
    pub expired: usize,
    pub completed: usize,
    pub refunded: usize,
    /// "A new message is waiting" emails queued.
    pub unread_emails: usize,
    /// Guides reminded that their licence ends within 30 days, and guides whose licence
    /// ended (`guides::licences`).
    pub licence_reminders: usize,
    pub licences_expired: usize,
    /// Group departures decided at their tour's cutoff (`departures::decisions`).
    pub departures_confirmed: usize,
    pub departures_cancelled: usize,
    /// Guides whose reliability was recomputed for the day, and of them those who gained
    /// or lost the badge (`guides::reliability`).
    pub reliability_computed: usize,
    pub badges_changed: usize,
    /// Travellers emailed to review a trip two days after it (`reviews::reminders`).
    pub review_reminders: usize,
}

/// What the sweep works with.
#[derive(Clone)]
pub struct SweepContext {
    pub db: Db,
    pub hub: NotificationHub,
    pub stripe: Option<Stripe>,
    pub khalti: Option<Khalti>,
    pub every: Duration,
    pub refund_retry: Duration,
}

/// Sweeps now and then every `context.every`, or sooner when `trips` is woken, until the
/// task is aborted.
pub fn start(trips: &TripSweep, context: SweepContext) -> tokio::task::JoinHandle<()> {
    let trips = trips.clone();
    tokio::spawn(async move {
        loop {
            match sweep(&context).await {
                Ok(swept) if swept != Swept::default() => tracing::info!(?swept, "trip sweep"),
                Ok(_) => {}
                Err(e) => {
                    tracing::error!(error = %e, "the trip sweep failed; it runs again at the next tick")
                }
            }
            tokio::select! {
                _ = tokio::time::sleep(context.every) => {}
                _ = trips.woken() => {}
            }
        }
    })
}

/// One pass over everything due.
pub async fn sweep(context: &SweepContext) -> AppResult<Swept> {
    // Before the refunds, so that a cancelled departure's are carried out in this pass.
    let departures = decisions::decide_due(&context.db, &context.hub).await?;
    let swept = Swept {
        departures_confirmed: departures.confirmed,
        departures_cancelled: departures.cancelled,
        expired: expire_due(&context.db, &context.hub).await?,
        completed: complete_due(&context.db, &context.hub).await?,
        refunded: refunds::carry_out_due(
            &context.db,
            &context.hub,
            context.stripe.as_ref(),
            context.khalti.as_ref(),
            context.refund_retry,
        )
        .await?,
        unread_emails: unread_emails::queue_due(&context.db).await?,
        review_reminders: reminders::remind_due(&context.db).await?,
        ..Swept::default()
    };
    let licences = licences::sweep(&context.db, &context.hub, today_in_nepal()).await?;
    let reliability = reliability::sweep(&context.db, &context.hub, now_ms()).await?;
    Ok(Swept {
        licence_reminders: licences.reminded,
        licences_expired: licences.expired,
        reliability_computed: reliability.guides,
        badges_changed: reliability.badges_changed,
        ..swept
    })
}

async fn expire_due(db: &Db, hub: &NotificationHub) -> AppResult<usize> {
    let mut expired = 0;
    loop {
        let now = now_ms();
        let due: Vec<(String, String)> = sqlx::query_as(
            "SELECT id, booking_status FROM bookings \
             WHERE booking_status IN ('pending', 'approved') AND payment_status = 'unpaid' AND expires_at <= $1 \
             ORDER BY expires_at LIMIT $2",
        )
        .bind(now)
        .bind(BATCH)
        .fetch_all(&db.pool)
        .await?;
        let found = due.len();
        for (id, status) in due {
            let Some(from) = BookingStatus::parse(&status) else { continue };
            let Some(booking) = view::find(db, &id).await? else { continue };
            let mut tx = db.begin_write().await?;
            if !db.lock_unless_taken(&mut tx, "bookings", &id).await?
                || !lifecycle::expire(&mut tx, &id, from, now).await?
            {
                continue;
            }
            let (guide, tourist, trip) =
                (booking.guide.full_name(), booking.tourist.full_name(), booking.trip_days());
            let (to_tourist, to_guide) = if from == BookingStatus::Pending {
                (
                    Notice::RequestExpired { guide, trip: trip.clone() },
                    Notice::RequestExpiredForGuide { tourist, trip },
                )
            } else {
                (
                    Notice::UnpaidTripExpired { guide, trip: trip.clone() },
                    Notice::UnpaidTripExpiredForGuide { tourist, trip },
                )
            };
            let now_state = TripState::new(BookingStatus::Expired, PaymentStatus::Unpaid);
            notify_both(&mut tx, &booking, "booking_expired", to_tourist, to_guide, now_state)
                .await?;
            let was_approved = from == BookingStatus::Approved;
            for (to, to_guide) in [(&booking.tourist.id, false), (&booking.guide.id, true)] {
                let template =
                    Template::BookingExpired { booking_id: id.clone(), to_guide, was_approved };
                email::queue(&mut tx, Email { to: Recipient::User(to.clone()), template }).await?;
            }
            tx.commit().await?;
            hub.announce(db, &[&booking.tourist.id, &booking.guide.id]).await;
            expired += 1;
        }
        if found < BATCH as usize {
            return Ok(expired);
        }
    }
}

async fn complete_due(db: &Db, hub: &NotificationHub) -> AppResult<usize> {
    let today = date_text(today_in_nepal());
    let mut completed = 0;
    loop {
        let due: Vec<(String,)> = sqlx::query_as(
            "SELECT id FROM bookings WHERE booking_status = 'approved' AND payment_status = 'paid' AND end_date < $1 \
             ORDER BY end_date LIMIT $2",
        )
        .bind(&today)
        .bind(BATCH)
        .fetch_all(&db.pool)
        .await?;
        let found = due.len();
        for (id,) in due {
            let Some(booking) = view::find(db, &id).await? else { continue };
            let mut tx = db.begin_write().await?;
            if !db.lock_unless_taken(&mut tx, "bookings", &id).await?
                || !lifecycle::complete(&mut tx, &id, &today, now_ms()).await?
            {
                continue;
            }
            let trip = booking.trip_days();
            notify_both(
                &mut tx,
                &booking,
                "booking_completed",
                Notice::TripCompleted { guide: booking.guide.full_name(), trip: trip.clone() },
                Notice::TripCompletedForGuide { tourist: booking.tourist.full_name(), trip },
                TripState::new(BookingStatus::Completed, PaymentStatus::Paid),
            )
            .await?;
            tx.commit().await?;
            hub.announce(db, &[&booking.tourist.id, &booking.guide.id]).await;
            completed += 1;
        }
        if found < BATCH as usize {
            return Ok(completed);
        }
    }
}
