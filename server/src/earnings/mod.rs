//! The guides' ledger: what each guide has earned, what the platform kept, what was given
//! back and what was paid out, as rows that are only ever added (the database refuses
//! updates and deletes). Every entry is written in the transaction of the state change it
//! records: a payment confirmed (`credit_payment`, from `payments::confirm`), a refund
//! carried out (`reverse_refund`, from `payments::refunds`), a payout sent
//! (`payouts::record`). So for every booking the entries sum to what was captured minus
//! what was refunded, and a guide's balance is a sum, never a stored number to keep right.

pub mod payouts;
pub mod routes;

use std::collections::HashMap;
use std::time::Duration;

use sqlx::AnyConnection;

use crate::bookings::lifecycle::trip_end_ms;
use crate::db::new_id;
use crate::error::AppResult;

/// Kinds of entry, as stored.
pub const EARNING: &str = "earning";
pub const COMMISSION: &str = "commission";
pub const EARNING_REFUND: &str = "earning_refund";
pub const COMMISSION_REFUND: &str = "commission_refund";
pub const PAYOUT: &str = "payout";

/// `amount_cents` split into the guide's share and the platform's commission (rounded
/// down, so the guide never gets less than their share).
pub fn split(amount_cents: i64, commission_percent: i64) -> (i64, i64) {
    let commission = (i128::from(amount_cents) * i128::from(commission_percent) / 100) as i64;
    (amount_cents - commission, commission)
}

/// Of `refund_cents` given back from a payment that credited `commission_cents` out of
/// `captured_cents`, the commission's part; the guide's part is the rest.
pub fn commission_part(refund_cents: i64, commission_cents: i64, captured_cents: i64) -> i64 {
    if captured_cents <= 0 {
        return 0;
    }
    (i128::from(commission_cents) * i128::from(refund_cents) / i128::from(captured_cents)) as i64
}

async fn append(
    conn: &mut AnyConnection,
    guide_id: &str,
    kind: &str,
    amount_cents: i64,
    booking_id: &str,
    payment_id: &str,
    refund_id: Option<&str>,
    now: i64,
) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO ledger_entries (id, guide_id, kind, amount_cents, booking_id, payment_id, refund_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(new_id())
    .bind(guide_id)
    .bind(kind)
    .bind(amount_cents)
    .bind(booking_id)
    .bind(payment_id)
    .bind(refund_id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A payment of `amount_cents` was captured for the guide's booking: their share and the
/// commission, in the transaction that marked the payment paid.
pub async fn credit_payment(
    conn: &mut AnyConnection,
    guide_id: &str,
    booking_id: &str,
    payment_id: &str,
    amount_cents: i64,
    commission_percent: i64,
    now: i64,
) -> AppResult<()> {
    let (share, commission) = split(amount_cents, commission_percent);
    append(conn, guide_id, EARNING, share, booking_id, payment_id, None, now).await?;
    append(conn, guide_id, COMMISSION, commission, booking_id, payment_id, None, now).await
}

/// Refund `refund_id` was carried out: the guide's share and the commission are reversed
/// in proportion to what its payment credited, in the transaction that marked it done. A
/// payment that credited nothing (a second checkout of a booking already paid, given
/// straight back) has nothing to reverse.
pub async fn reverse_refund(conn: &mut AnyConnection, refund_id: &str, now: i64) -> AppResult<()> {
    let (payment_id, refund_cents): (String, i64) =
        sqlx::query_as("SELECT payment_id, amount_cents FROM refunds WHERE id = $1")
            .bind(refund_id)
            .fetch_one(&mut *conn)
            .await?;
    let credited: Vec<(String, String, String, i64)> = sqlx::query_as(
        "SELECT kind, guide_id, booking_id, amount_cents FROM ledger_entries WHERE payment_id = $1 AND refund_id IS NULL",
    )
    .bind(&payment_id)
    .fetch_all(&mut *conn)
    .await?;
    let Some((_, guide_id, booking_id, _)) = credited.first().cloned() else { return Ok(()) };
    let sum = |kind: &str| {
        credited.iter().filter(|entry| entry.0 == kind).map(|entry| entry.3).sum::<i64>()
    };
    let commission = commission_part(refund_cents, sum(COMMISSION), sum(EARNING) + sum(COMMISSION));
    append(
        conn,
        &guide_id,
        COMMISSION_REFUND,
        -commission,
        &booking_id,
        &payment_id,
        Some(refund_id),
        now,
    )
    .await?;
    append(
        conn,
        &guide_id,
        EARNING_REFUND,
        -(refund_cents - commission),
        &booking_id,
        &payment_id,
        Some(refund_id),
        now,
    )
    .await
}

/// A guide's money, in cents.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Balance {
    /// Earned on trips not yet over, or over less than the hold ago.
    pub pending: i64,
    /// Earned and held long enough, less what was paid out: what a payout may take.
    pub available: i64,
    /// Paid out, all time.
    pub paid_out: i64,
}

#[derive(sqlx::FromRow)]
struct BookingEarning {
    guide_id: String,
    net_cents: i64,
    payment_status: String,
    booking_status: String,
    end_date: String,
}

/// When a booking's earnings can be paid out: `hold` after its last day ended, once the
/// money is surely the guide's (the trip completed, or cancelled too late for a refund).
fn releasable(booking: &BookingEarning, now: i64, hold: Duration) -> bool {
    let hold_ms = i64::try_from(hold.as_millis()).unwrap_or(i64::MAX);
    booking.payment_status == "paid"
        && matches!(booking.booking_status.as_str(), "completed" | "cancelled")
        && trip_end_ms(&booking.end_date).saturating_add(hold_ms) <= now
}

/// The balances of `guide_id`, or of every guide with a ledger entry when `None`.
pub async fn balances(
    conn: &mut AnyConnection,
    guide_id: Option<&str>,
    now: i64,
    hold: Duration,
) -> AppResult<HashMap<String, Balance>> {
    let earned: Vec<BookingEarning> = sqlx::query_as(
        "SELECT l.guide_id, CAST(SUM(l.amount_cents) AS BIGINT) AS net_cents, b.payment_status, b.booking_status, b.end_date \
         FROM ledger_entries l JOIN bookings b ON b.id = l.booking_id \
         WHERE l.kind IN ('earning', 'earning_refund') AND ($1 IS NULL OR l.guide_id = $1) \
         GROUP BY l.guide_id, l.booking_id, b.payment_status, b.booking_status, b.end_date",
    )
    .bind(guide_id)
    .fetch_all(&mut *conn)
    .await?;
    let paid: Vec<(String, i64)> = sqlx::query_as(
        "SELECT guide_id, CAST(SUM(amount_cents) AS BIGINT) FROM ledger_entries WHERE kind = 'payout' AND ($1 IS NULL OR guide_id = $1) GROUP BY guide_id",
    )
    .bind(guide_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut balances: HashMap<String, Balance> = HashMap::new();
    for booking in earned {
        let balance = balances.entry(booking.guide_id.clone()).or_default();
        if releasable(&booking, now, hold) {
            balance.available += booking.net_cents;
        } else {
            balance.pending += booking.net_cents;
        }
    }
    for (guide_id, payouts) in paid {
        let balance = balances.entry(guide_id).or_default();
        balance.paid_out -= payouts;
        balance.available += payouts;
    }
    Ok(balances)
}

/// The balance of one guide.
pub async fn balance(
    conn: &mut AnyConnection,
    guide_id: &str,
    now: i64,
    hold: Duration,
) -> AppResult<Balance> {
    Ok(balances(conn, Some(guide_id), now, hold).await?.remove(guide_id).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commission_is_rounded_down_and_the_guide_gets_the_rest() {
        assert_eq!(split(10_000, 15), (8_500, 1_500));
        assert_eq!(split(999, 15), (850, 149));
        assert_eq!(split(1, 15), (1, 0));
        assert_eq!(split(5_000, 0), (5_000, 0));
        assert_eq!(split(5_000, 100), (0, 5_000));
    }

    #[test]
    fn a_refund_takes_back_commission_in_proportion() {
        assert_eq!(commission_part(10_000, 1_500, 10_000), 1_500);
        assert_eq!(commission_part(5_000, 1_500, 10_000), 750);
        assert_eq!(commission_part(999, 149, 999), 149);
        assert_eq!(commission_part(100, 0, 0), 0);
    }
}
