//! The one reminder to review a trip: two days after its last day (in Nepal), while it is
//! still open for review and has none, its traveller is emailed "How was your trip with
//! {guide}?". Run by the trip sweep. Each reminder is claimed by a conditional UPDATE of
//! `bookings.review_reminded_at` in the transaction that queues the email, so replicas
//! sweeping together send it once.

use crate::calendar::{date_text, today_in_nepal};
use crate::db::{Db, now_ms};
use crate::email::{self, Email, Recipient, Template};
use crate::error::AppResult;

use super::eligibility::earliest_reviewable_last_day;

/// Days after a trip's last day that its traveller is reminded.
pub const REMIND_AFTER_DAYS: i64 = 2;

/// Trips reminded per query; the sweep repeats until none is left.
const BATCH: i64 = 100;

/// Queues the reminders due now; answers how many.
pub async fn remind_due(db: &Db) -> AppResult<usize> {
    let latest_last_day = date_text(today_in_nepal() - time::Duration::days(REMIND_AFTER_DAYS));
    let earliest_last_day = earliest_reviewable_last_day();
    let mut reminded = 0;
    loop {
        let due: Vec<(String, String)> = sqlx::query_as(
            "SELECT b.id, b.tourist_id FROM bookings b \
             WHERE b.booking_status = 'completed' AND b.review_reminded_at IS NULL \
               AND b.end_date >= $1 AND b.end_date <= $2 \
               AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.booking_id = b.id) \
             ORDER BY b.end_date, b.id LIMIT $3",
        )
        .bind(&earliest_last_day)
        .bind(&latest_last_day)
        .bind(BATCH)
        .fetch_all(&db.pool)
        .await?;
        let found = due.len();
        for (booking_id, tourist_id) in due {
            let mut tx = db.begin_write().await?;
            // Whoever claims the trip first sends the email; another replica's claim, or a
            // review written meanwhile, leaves nothing to do.
            let claimed = sqlx::query(
                "UPDATE bookings SET review_reminded_at = $1 WHERE id = $2 AND review_reminded_at IS NULL \
                   AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.booking_id = bookings.id)",
            )
            .bind(now_ms())
            .bind(&booking_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if claimed == 0 {
                continue;
            }
            let template = Template::ReviewReminder { booking_id };
            email::queue(&mut tx, Email { to: Recipient::User(tourist_id), template }).await?;
            tx.commit().await?;
            reminded += 1;
        }
        if (found as i64) < BATCH {
            return Ok(reminded);
        }
    }
}
