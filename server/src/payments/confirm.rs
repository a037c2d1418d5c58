//! The one way a booking becomes paid: the provider confirmed a checkout session. The
//! webhook, the server-side session lookup and the sandbox's Pay button all call
//! `confirm_paid`, which marks the payment and the booking paid and tells both sides,
//! once, however many times and however concurrently it is called for one session.

use crate::bookings::routes::readable_date;
use crate::db::{Db, is_unique_violation, now_ms};
use crate::error::AppResult;
use crate::notifications::{self, NewNotification, NotificationHub};

/// What confirming a session did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Confirmation {
    /// This call marked the booking paid.
    Paid { booking_id: String },
    /// It was paid before (a repeated event).
    AlreadyPaid { booking_id: String },
    /// No payment of ours has this session id.
    Unknown,
}

#[derive(sqlx::FromRow)]
struct Pending {
    payment_id: String,
    booking_id: String,
    tourist_id: String,
    guide_id: String,
    selected_date: String,
    total_amount_cents: i64,
    tourist_name: String,
    guide_name: String,
}

pub async fn confirm_paid(db: &Db, hub: &NotificationHub, session_id: &str) -> AppResult<Confirmation> {
    let found: Option<Pending> = sqlx::query_as(
        "SELECT p.id AS payment_id, b.id AS booking_id, b.tourist_id, b.guide_id, b.selected_date, b.total_amount_cents, \
           t.first_name || ' ' || t.last_name AS tourist_name, g.first_name || ' ' || g.last_name AS guide_name \
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
    let claimed = sqlx::query("UPDATE payments SET status = 'paid', paid_at = $1, updated_at = $1 WHERE id = $2 AND status <> 'paid'")
        .bind(now)
        .bind(&payment.payment_id)
        .execute(&mut *tx)
        .await;
    match claimed {
        Ok(done) if done.rows_affected() == 0 => return Ok(already),
        Ok(_) => {}
        Err(e) if is_unique_violation(&e) => {
            // A second checkout of one booking was paid too: money to give back by hand.
            tracing::error!(session_id, booking_id = %payment.booking_id, "booking paid twice; refund this session");
            return Ok(already);
        }
        Err(e) => return Err(e.into()),
    }
    sqlx::query("UPDATE bookings SET payment_status = 'paid', updated_at = $1 WHERE id = $2")
        .bind(now)
        .bind(&payment.booking_id)
        .execute(&mut *tx)
        .await?;
    let date = readable_date(&payment.selected_date);
    let amount = format!("${:.2}", payment.total_amount_cents as f64 / 100.0);
    notifications::store(
        &mut tx,
        NewNotification {
            user_id: &payment.tourist_id,
            kind: "booking_paid",
            booking_id: Some(&payment.booking_id),
            guide_message: String::new(),
            tourist_message: format!("Payment received ({amount}). Your trip with {} on {date} is confirmed.", payment.guide_name),
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
            guide_message: format!("{} paid {amount} for the trip on {date}. It is confirmed.", payment.tourist_name),
            tourist_message: String::new(),
            status: "approved",
            payment_status: "paid",
        },
    )
    .await?;
    tx.commit().await?;
    hub.announce(db, &[&payment.tourist_id, &payment.guide_id]).await;
    Ok(Confirmation::Paid { booking_id: payment.booking_id })
}
