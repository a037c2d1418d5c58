//! The life of a booking, in one place: its states, every transition, who may take it and
//! when. Handlers, the payment confirmation and the sweep ask this module; each transition
//! is one conditional UPDATE (`WHERE booking_status = .. AND payment_status = ..`), so when
//! two of them race the database lets exactly one through and the other sees 0 rows.
//!
//! The state diagram in docs/trips.md is drawn from `TRANSITIONS` (a test checks it).

use serde::Serialize;
use sqlx::{Any, Transaction};
use utoipa::ToSchema;

use crate::calendar::{date_text, parse_date};
use crate::db::{is_unique_violation, new_id};
use crate::error::AppError;
use crate::messages;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BookingStatus {
    Pending,
    Approved,
    Rejected,
    Expired,
    Cancelled,
    Completed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = BookingPaymentStatus)]
pub enum PaymentStatus {
    Unpaid,
    Paid,
    RefundPending,
    Refunded,
}

/// Who takes a transition (`cancelledBy` names one of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CancelledBy)]
pub enum Actor {
    Tourist,
    Guide,
    Admin,
    /// The sweep, or the payment provider's confirmation.
    System,
}

impl BookingStatus {
    pub const ALL: [Self; 6] = [
        Self::Pending,
        Self::Approved,
        Self::Rejected,
        Self::Expired,
        Self::Cancelled,
        Self::Completed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Rejected => "rejected",
            Self::Expired => "expired",
            Self::Cancelled => "cancelled",
            Self::Completed => "completed",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

impl PaymentStatus {
    pub const ALL: [Self; 4] = [Self::Unpaid, Self::Paid, Self::RefundPending, Self::Refunded];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Unpaid => "unpaid",
            Self::Paid => "paid",
            Self::RefundPending => "refund_pending",
            Self::Refunded => "refunded",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

impl Actor {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Tourist => "tourist",
            Self::Guide => "guide",
            Self::Admin => "admin",
            Self::System => "system",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::Tourist, Self::Guide, Self::Admin, Self::System]
            .into_iter()
            .find(|a| a.as_str() == text)
    }
}

/// Where a booking stands: both statuses together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TripState {
    pub booking: BookingStatus,
    pub payment: PaymentStatus,
}

impl TripState {
    pub const fn new(booking: BookingStatus, payment: PaymentStatus) -> Self {
        Self { booking, payment }
    }
}

use BookingStatus as B;
use PaymentStatus as P;

/// One arrow of the state diagram.
#[derive(Clone, Copy, Debug)]
pub struct Transition {
    pub name: &'static str,
    pub from: TripState,
    pub to: TripState,
    pub who: &'static [Actor],
    /// When it may be taken.
    pub when: &'static str,
}

const fn t(
    name: &'static str,
    from: TripState,
    to: TripState,
    who: &'static [Actor],
    when: &'static str,
) -> Transition {
    Transition { name, from, to, who, when }
}

const PENDING: TripState = TripState::new(B::Pending, P::Unpaid);
const APPROVED_UNPAID: TripState = TripState::new(B::Approved, P::Unpaid);
const APPROVED_PAID: TripState = TripState::new(B::Approved, P::Paid);

/// Every transition there is. Anything not listed is refused.
pub const TRANSITIONS: &[Transition] = &[
    t(
        "approve",
        PENDING,
        APPROVED_UNPAID,
        &[Actor::Guide],
        "before the trip starts; none of its days is in another approved trip",
    ),
    t("reject", PENDING, TripState::new(B::Rejected, P::Unpaid), &[Actor::Guide], "any time"),
    t("cancel", PENDING, TripState::new(B::Cancelled, P::Unpaid), &[Actor::Tourist], "any time"),
    t(
        "expire",
        PENDING,
        TripState::new(B::Expired, P::Unpaid),
        &[Actor::System],
        "YATRA_REQUEST_TTL after the request, or when the trip starts, whichever is first",
    ),
    t(
        "pay",
        APPROVED_UNPAID,
        APPROVED_PAID,
        &[Actor::System],
        "the provider confirms a payment started before the trip starts",
    ),
    t(
        "cancel",
        APPROVED_UNPAID,
        TripState::new(B::Cancelled, P::Unpaid),
        &[Actor::Tourist, Actor::Guide, Actor::System],
        "any time; nothing to refund. The sweep: seats on a group departure short of its minimum at the tour's cutoff",
    ),
    t(
        "expire",
        APPROVED_UNPAID,
        TripState::new(B::Expired, P::Unpaid),
        &[Actor::System],
        "YATRA_PAYMENT_WINDOW after approval; frees the days",
    ),
    t(
        "cancel with refund",
        APPROVED_PAID,
        TripState::new(B::Cancelled, P::RefundPending),
        &[Actor::Tourist, Actor::Guide, Actor::System],
        "the traveller: at least 24 hours before the trip starts; the guide: any time; the sweep: a group departure short of its minimum at the tour's cutoff",
    ),
    t(
        "cancel without refund",
        APPROVED_PAID,
        TripState::new(B::Cancelled, P::Paid),
        &[Actor::Tourist],
        "less than 24 hours before the trip starts",
    ),
    t(
        "complete",
        APPROVED_PAID,
        TripState::new(B::Completed, P::Paid),
        &[Actor::System],
        "the trip's last day has ended in Nepal",
    ),
    t(
        "late payment",
        TripState::new(B::Cancelled, P::Unpaid),
        TripState::new(B::Cancelled, P::RefundPending),
        &[Actor::System],
        "a payment is confirmed after the booking was cancelled: it is given back",
    ),
    t(
        "late payment",
        TripState::new(B::Expired, P::Unpaid),
        TripState::new(B::Expired, P::RefundPending),
        &[Actor::System],
        "a payment is confirmed after the booking expired: it is given back",
    ),
    t(
        "refunded",
        TripState::new(B::Cancelled, P::RefundPending),
        TripState::new(B::Cancelled, P::Refunded),
        &[Actor::System],
        "the provider confirms the refund",
    ),
    t(
        "refunded",
        TripState::new(B::Expired, P::RefundPending),
        TripState::new(B::Expired, P::Refunded),
        &[Actor::System],
        "the provider confirms the refund",
    ),
];

/// A paid traveller cancelling at least this long before the trip starts gets everything back.
pub const FREE_CANCELLATION_MS: i64 = 24 * 60 * 60 * 1000;
pub const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// Nepal is UTC+05:45 all year.
const NEPAL_OFFSET_MS: i64 = (5 * 60 + 45) * 60 * 1000;

/// The moment (epoch ms) the trip starts: its first day at `selectedTime`, Nepal time.
pub fn trip_start_ms(first_day: &str, time: &str) -> i64 {
    let midnight = nepal_midnight_ms(first_day);
    let (hours, minutes) = time.split_once(':').unwrap_or(("10", "00"));
    let minutes = hours.parse::<i64>().unwrap_or(10) * 60 + minutes.parse::<i64>().unwrap_or(0);
    midnight + minutes * 60 * 1000
}

/// The moment (epoch ms) the trip's last day ends in Nepal.
pub fn trip_end_ms(last_day: &str) -> i64 {
    nepal_midnight_ms(last_day) + DAY_MS
}

fn nepal_midnight_ms(day: &str) -> i64 {
    let date = parse_date(day).unwrap_or(time::Date::MIN);
    let utc_midnight = date.midnight().assume_utc().unix_timestamp() * 1000;
    utc_midnight - NEPAL_OFFSET_MS
}

/// The last moment a paid traveller can cancel with a full refund.
pub fn free_cancellation_until_ms(first_day: &str, time: &str) -> i64 {
    trip_start_ms(first_day, time) - FREE_CANCELLATION_MS
}

/// When a new request expires unless the guide answers: `ttl` after it is made, or when
/// the trip starts, whichever is first.
pub fn request_expires_at(now: i64, ttl_ms: i64, first_day: &str, time: &str) -> i64 {
    (now + ttl_ms).min(trip_start_ms(first_day, time))
}

/// Every day of a trip, `YYYY-MM-DD`, first to last.
pub fn trip_days(first_day: &str, days: i64) -> Vec<String> {
    let Some(first) = parse_date(first_day) else { return Vec::new() };
    (0..days).filter_map(|n| first.checked_add(time::Duration::days(n))).map(date_text).collect()
}

fn refused(message: impl Into<String>) -> AppError {
    AppError::Conflict(message.into())
}

/// Why a booking in `state` cannot move on: the message every refusal gives.
fn settled(state: TripState) -> AppError {
    refused(format!("This booking is already {}", state.booking.as_str()))
}

/// May the guide approve (or reject) this booking now?
pub fn check_decision(
    state: TripState,
    approving: bool,
    now: i64,
    start: i64,
) -> Result<(), AppError> {
    if state != PENDING {
        return Err(settled(state));
    }
    if approving && now >= start {
        return Err(refused("This trip has already started, so it can no longer be approved"));
    }
    Ok(())
}

/// May the traveller pay for this booking now?
pub fn check_payable(state: TripState, now: i64, start: i64) -> Result<(), AppError> {
    match (state.booking, state.payment) {
        (B::Approved, P::Unpaid) if now >= start => {
            Err(refused("This trip has already started, so it can no longer be paid"))
        }
        (B::Approved, P::Unpaid) => Ok(()),
        (B::Approved, _) => Err(refused("This booking is already paid")),
        (B::Pending, _) => Err(refused("You can pay once the guide approves this booking")),
        (B::Rejected, _) => Err(refused("This booking was declined and cannot be paid")),
        (B::Expired, _) => Err(refused("This booking has expired and cannot be paid")),
        (B::Cancelled, _) => Err(refused("This booking was cancelled and cannot be paid")),
        (B::Completed, _) => Err(refused("This trip is already completed")),
    }
}

/// What a cancellation does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancellation {
    pub from: TripState,
    pub to: TripState,
    /// What is given back, in cents (0: nothing).
    pub refund_cents: i64,
}

/// The cancellation rules: who may cancel what, and what comes back.
pub fn plan_cancellation(
    actor: Actor,
    state: TripState,
    now: i64,
    start: i64,
    paid_cents: i64,
) -> Result<Cancellation, AppError> {
    let cancelled = |payment, refund_cents| {
        Ok(Cancellation { from: state, to: TripState::new(B::Cancelled, payment), refund_cents })
    };
    match (state.booking, state.payment, actor) {
        (B::Pending, P::Unpaid, Actor::Tourist) => cancelled(P::Unpaid, 0),
        (B::Pending, _, _) => {
            Err(refused("A request waiting for your answer is declined, not cancelled"))
        }
        (B::Approved, P::Unpaid, Actor::Tourist | Actor::Guide) => cancelled(P::Unpaid, 0),
        (B::Approved, P::Paid, Actor::Tourist) if now <= start - FREE_CANCELLATION_MS => {
            cancelled(P::RefundPending, paid_cents)
        }
        (B::Approved, P::Paid, Actor::Tourist) => cancelled(P::Paid, 0),
        (B::Approved, P::Paid, Actor::Guide) => cancelled(P::RefundPending, paid_cents),
        // A group departure that fell short of its minimum: everything back.
        (B::Approved, P::Unpaid, Actor::System) => cancelled(P::Unpaid, 0),
        (B::Approved, P::Paid, Actor::System) => cancelled(P::RefundPending, paid_cents),
        (B::Completed, ..) => Err(refused("This trip is completed and can no longer be cancelled")),
        _ => Err(settled(state)),
    }
}

/// Marks a pending booking approved and takes its days for the guide, in `tx`. The
/// `trip_days` primary key refuses a day another approved trip holds; then nothing
/// changes (the caller drops `tx`).
pub async fn approve(
    tx: &mut Transaction<'static, Any>,
    booking_id: &str,
    guide_id: &str,
    days: &[String],
    now: i64,
    payment_window_ms: i64,
) -> Result<bool, AppError> {
    let updated = sqlx::query(
        "UPDATE bookings SET booking_status = 'approved', approved_at = $1, answered_at = $1, expires_at = $2, updated_at = $1 \
         WHERE id = $3 AND booking_status = 'pending' AND payment_status = 'unpaid'",
    )
    .bind(now)
    .bind(now + payment_window_ms)
    .bind(booking_id)
    .execute(&mut **tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(false);
    }
    for day in days {
        let taken =
            sqlx::query("INSERT INTO trip_days (guide_id, day, booking_id) VALUES ($1, $2, $3)")
                .bind(guide_id)
                .bind(day)
                .bind(booking_id)
                .execute(&mut **tx)
                .await;
        match taken {
            Ok(_) => {}
            Err(e) if is_unique_violation(&e) => {
                return Err(refused(format!(
                    "You already have an approved trip on {}. Reject this request, or keep the other trip.",
                    crate::calendar::readable_date(day)
                )));
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(counted(true, "approved"))
}

/// Pending → rejected, in `tx`.
pub async fn reject(
    tx: &mut Transaction<'static, Any>,
    booking_id: &str,
    now: i64,
) -> Result<bool, AppError> {
    let updated = sqlx::query(
        "UPDATE bookings SET booking_status = 'rejected', answered_at = $1, expires_at = NULL, updated_at = $1 \
         WHERE id = $2 AND booking_status = 'pending' AND payment_status = 'unpaid'",
    )
    .bind(now)
    .bind(booking_id)
    .execute(&mut **tx)
    .await?;
    Ok(counted(updated.rows_affected() == 1, "rejected"))
}

/// Carries out a planned cancellation in `tx`: the booking, its freed days, and the refund
/// to make (written here, carried out by the refund worker). False when the booking had
/// moved on meanwhile.
pub async fn cancel(
    tx: &mut Transaction<'static, Any>,
    booking_id: &str,
    plan: Cancellation,
    actor: Actor,
    reason: &str,
    now: i64,
) -> Result<bool, AppError> {
    let updated = sqlx::query(
        "UPDATE bookings SET booking_status = 'cancelled', payment_status = $1, cancelled_by = $2, cancellation_reason = $3, \
           cancelled_at = $4, refund_amount_cents = $5, expires_at = NULL, updated_at = $4 \
         WHERE id = $6 AND booking_status = $7 AND payment_status = $8",
    )
    .bind(plan.to.payment.as_str())
    .bind(actor.as_str())
    .bind(reason)
    .bind(now)
    .bind(plan.refund_cents)
    .bind(booking_id)
    .bind(plan.from.booking.as_str())
    .bind(plan.from.payment.as_str())
    .execute(&mut **tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(false);
    }
    free_days(tx, booking_id).await?;
    messages::store::leave_group(tx, booking_id).await?;
    if plan.refund_cents > 0 {
        let payment: Option<(String, String)> = sqlx::query_as(
            "SELECT id, provider FROM payments WHERE booking_id = $1 AND status = 'paid'",
        )
        .bind(booking_id)
        .fetch_optional(&mut **tx)
        .await?;
        let (payment_id, provider) = payment.ok_or_else(|| {
            anyhow::anyhow!("booking {booking_id} is paid but has no paid payment")
        })?;
        write_refund(tx, booking_id, &payment_id, &provider, plan.refund_cents, now).await?;
    }
    Ok(counted(true, "cancelled"))
}

/// A refund to carry out, in the transaction that decided it. A payment is refunded once.
pub async fn write_refund(
    tx: &mut Transaction<'static, Any>,
    booking_id: &str,
    payment_id: &str,
    provider: &str,
    amount_cents: i64,
    now: i64,
) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO refunds (id, booking_id, payment_id, provider, amount_cents, status, next_attempt_at, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, 'pending', $6, $6, $6) ON CONFLICT (payment_id) DO NOTHING",
    )
    .bind(new_id())
    .bind(booking_id)
    .bind(payment_id)
    .bind(provider)
    .bind(amount_cents)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Gives back what the booking held: its days, or its seats on a departure (whose days the
/// departure keeps).
async fn free_days(tx: &mut Transaction<'static, Any>, booking_id: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM trip_days WHERE booking_id = $1")
        .bind(booking_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query(
        "UPDATE departures SET seats_taken = seats_taken - (SELECT group_size FROM bookings WHERE id = $1) \
         WHERE id = (SELECT departure_id FROM bookings WHERE id = $1)",
    )
    .bind(booking_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Approved, unpaid → paid, in `tx`. False when the booking can no longer be paid.
pub async fn pay(
    tx: &mut Transaction<'static, Any>,
    booking_id: &str,
    now: i64,
) -> Result<bool, AppError> {
    let updated = sqlx::query(
        "UPDATE bookings SET payment_status = 'paid', expires_at = NULL, updated_at = $1 \
         WHERE id = $2 AND booking_status = 'approved' AND payment_status = 'unpaid'",
    )
    .bind(now)
    .bind(booking_id)
    .execute(&mut **tx)
    .await?;
    if updated.rows_affected() == 1 {
        messages::store::join_group(tx, booking_id, now).await?;
    }
    Ok(counted(updated.rows_affected() == 1, "paid"))
}

/// A payment confirmed for a booking that was cancelled or expired meanwhile: the booking
/// now waits for that money to be given back. False when it is not in such a state.
pub async fn late_payment(
    tx: &mut Transaction<'static, Any>,
    booking_id: &str,
    amount_cents: i64,
    now: i64,
) -> Result<bool, AppError> {
    let updated = sqlx::query(
        "UPDATE bookings SET payment_status = 'refund_pending', refund_amount_cents = $1, updated_at = $2 \
         WHERE id = $3 AND booking_status IN ('cancelled', 'expired') AND payment_status = 'unpaid'",
    )
    .bind(amount_cents)
    .bind(now)
    .bind(booking_id)
    .execute(&mut **tx)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Pending or approved-unpaid → expired once its time is up, in `tx`; frees the days.
pub async fn expire(
    tx: &mut Transaction<'static, Any>,
    booking_id: &str,
    from: BookingStatus,
    now: i64,
) -> Result<bool, AppError> {
    let updated = sqlx::query(
        "UPDATE bookings SET booking_status = 'expired', expires_at = NULL, updated_at = $1 \
         WHERE id = $2 AND booking_status = $3 AND payment_status = 'unpaid' AND expires_at <= $1",
    )
    .bind(now)
    .bind(booking_id)
    .bind(from.as_str())
    .execute(&mut **tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(false);
    }
    free_days(tx, booking_id).await?;
    Ok(counted(true, "expired"))
}

/// Approved and paid → completed once its last day has ended in Nepal (`today` is
/// today's date there), in `tx`.
pub async fn complete(
    tx: &mut Transaction<'static, Any>,
    booking_id: &str,
    today: &str,
    now: i64,
) -> Result<bool, AppError> {
    let updated = sqlx::query(
        "UPDATE bookings SET booking_status = 'completed', updated_at = $1 \
         WHERE id = $2 AND booking_status = 'approved' AND payment_status = 'paid' AND end_date < $3",
    )
    .bind(now)
    .bind(booking_id)
    .bind(today)
    .execute(&mut **tx)
    .await?;
    Ok(counted(updated.rows_affected() == 1, "completed"))
}

/// Refund pending → refunded once the provider confirmed, in `tx`.
pub async fn refunded(
    tx: &mut Transaction<'static, Any>,
    booking_id: &str,
    now: i64,
) -> Result<bool, AppError> {
    let updated = sqlx::query(
        "UPDATE bookings SET payment_status = 'refunded', updated_at = $1 WHERE id = $2 AND payment_status = 'refund_pending'",
    )
    .bind(now)
    .bind(booking_id)
    .execute(&mut **tx)
    .await?;
    Ok(counted(updated.rows_affected() == 1, "refunded"))
}

/// Counts a transition that happened, for `/metrics` (`yatra_booking_transitions_total`).
fn counted(changed: bool, to: &'static str) -> bool {
    if changed {
        crate::monitoring::booking_transition(to);
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: i64 = 10 * DAY_MS;

    fn state(booking: BookingStatus, payment: PaymentStatus) -> TripState {
        TripState::new(booking, payment)
    }

    #[test]
    fn a_trip_starts_at_its_time_in_nepal() {
        // 2026-12-12 10:00 in Kathmandu is 04:15 UTC.
        let start = trip_start_ms("2026-12-12", "10:00");
        let utc = time::macros::datetime!(2026-12-12 04:15 UTC).unix_timestamp() * 1000;
        assert_eq!(start, utc);
        assert_eq!(free_cancellation_until_ms("2026-12-12", "10:00"), utc - DAY_MS);
        // The last day ends at midnight in Kathmandu: 18:15 UTC the day before's evening.
        assert_eq!(
            trip_end_ms("2026-12-12"),
            time::macros::datetime!(2026-12-12 18:15 UTC).unix_timestamp() * 1000
        );
    }

    #[test]
    fn a_request_expires_after_its_ttl_or_when_the_trip_starts() {
        let start = trip_start_ms("2026-12-12", "10:00");
        assert_eq!(
            request_expires_at(start - 10 * DAY_MS, 2 * DAY_MS, "2026-12-12", "10:00"),
            start - 8 * DAY_MS
        );
        assert_eq!(request_expires_at(start - DAY_MS, 2 * DAY_MS, "2026-12-12", "10:00"), start);
    }

    #[test]
    fn trip_days_run_from_the_first_day_across_months() {
        assert_eq!(
            trip_days("2026-12-30", 4),
            ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]
        );
        assert_eq!(trip_days("2026-12-30", 1), ["2026-12-30"]);
    }

    #[test]
    fn a_paying_traveller_gets_everything_back_until_24_hours_before() {
        let plan = plan_cancellation(
            Actor::Tourist,
            APPROVED_PAID,
            START - FREE_CANCELLATION_MS,
            START,
            54_000,
        )
        .unwrap();
        assert_eq!(plan.to, state(B::Cancelled, P::RefundPending));
        assert_eq!(plan.refund_cents, 54_000);
        let late = plan_cancellation(
            Actor::Tourist,
            APPROVED_PAID,
            START - FREE_CANCELLATION_MS + 1,
            START,
            54_000,
        )
        .unwrap();
        assert_eq!(late.to, state(B::Cancelled, P::Paid));
        assert_eq!(late.refund_cents, 0);
    }

    #[test]
    fn a_guide_cancelling_refunds_in_full_even_at_the_last_minute() {
        let plan =
            plan_cancellation(Actor::Guide, APPROVED_PAID, START - 1, START, 54_000).unwrap();
        assert_eq!((plan.to, plan.refund_cents), (state(B::Cancelled, P::RefundPending), 54_000));
        let unpaid = plan_cancellation(Actor::Guide, APPROVED_UNPAID, START - 1, START, 0).unwrap();
        assert_eq!((unpaid.to, unpaid.refund_cents), (state(B::Cancelled, P::Unpaid), 0));
        assert!(plan_cancellation(Actor::Guide, PENDING, 0, START, 0).is_err());
    }

    #[test]
    fn settled_bookings_cannot_be_cancelled() {
        for booking in [B::Rejected, B::Expired, B::Cancelled, B::Completed] {
            for actor in [Actor::Tourist, Actor::Guide] {
                let error =
                    plan_cancellation(actor, state(booking, P::Unpaid), 0, START, 0).unwrap_err();
                assert!(matches!(error, AppError::Conflict(_)), "{booking:?} by {actor:?}");
            }
        }
    }

    #[test]
    fn approving_or_paying_after_the_start_is_refused() {
        assert!(check_decision(PENDING, true, START - 1, START).is_ok());
        assert!(check_decision(PENDING, true, START, START).is_err());
        assert!(check_decision(PENDING, false, START, START).is_ok());
        assert!(check_decision(APPROVED_UNPAID, false, 0, START).is_err());
        assert!(check_payable(APPROVED_UNPAID, START - 1, START).is_ok());
        assert!(check_payable(APPROVED_UNPAID, START, START).is_err());
        assert!(check_payable(APPROVED_PAID, 0, START).is_err());
        assert!(check_payable(PENDING, 0, START).is_err());
    }

    #[test]
    fn every_transition_names_who_may_take_it_and_leaves_its_state() {
        for transition in TRANSITIONS {
            assert!(!transition.who.is_empty(), "{}", transition.name);
            assert_ne!(transition.from, transition.to, "{}", transition.name);
        }
        // The settled states have no way out except a refund completing.
        for transition in TRANSITIONS {
            assert!(
                !matches!(transition.from.booking, B::Rejected | B::Completed),
                "{} leaves a final state",
                transition.name
            );
        }
    }

    #[test]
    fn the_docs_diagram_shows_every_transition() {
        let docs = include_str!("../../../docs/trips.md");
        for transition in TRANSITIONS {
            let who: Vec<&str> = transition.who.iter().map(|a| a.as_str()).collect();
            let arrow = format!(
                "{}_{} --> {}_{} : {} ({})",
                transition.from.booking.as_str(),
                transition.from.payment.as_str(),
                transition.to.booking.as_str(),
                transition.to.payment.as_str(),
                transition.name,
                who.join(", ")
            );
            assert!(docs.contains(&arrow), "docs/trips.md lacks `{arrow}`");
        }
    }
}
