//! Guide licences that expire (issue 15), run by the trip sweep on every replica.
//!
//! 30 days before the verified licence's last day the guide is told (in-app and by email)
//! once: the reminder is claimed by a conditional UPDATE of `licence_reminded_for` in the
//! transaction that stores the notification and queues the email, so two replicas never
//! both remind, and a crash before commit leaves it for the next sweep. The day after the
//! last valid day the guide becomes unverified (a conditional UPDATE again, with the
//! index refresh in the same transaction), which takes them out of every public list,
//! search and page until an admin verifies a new licence.
//!
//! "Today" is a parameter, so tests can sweep as of any day; the server passes today in Nepal.

use time::Date;

use crate::calendar::{date_text, long_date};
use crate::db::{Db, now_ms};
use crate::email::{self, Email, Recipient, Template};
use crate::error::AppResult;
use crate::notifications::{self, Announcement, NewNotification, NotificationHub};

/// How long before the last valid day the guide is reminded.
pub const REMIND_DAYS_BEFORE: i64 = 30;

const BATCH: i64 = 100;

/// What one licence sweep did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LicenceSweep {
    pub reminded: usize,
    pub expired: usize,
}

/// Reminds and expires whatever is due as of `today`.
pub async fn sweep(db: &Db, hub: &NotificationHub, today: Date) -> AppResult<LicenceSweep> {
    let swept = LicenceSweep { reminded: remind_due(db, hub, today).await?, expired: expire_due(db, hub, today).await? };
    if swept.expired > 0 {
        // Guides left the public lists without an API write: every replica's kept answers go.
        hub.announce_all(db, vec![Announcement::CatalogueChanged]).await;
    }
    Ok(swept)
}

async fn remind_due(db: &Db, hub: &NotificationHub, today: Date) -> AppResult<usize> {
    let today_text = date_text(today);
    let horizon = date_text(today + time::Duration::days(REMIND_DAYS_BEFORE));
    let mut reminded = 0;
    loop {
        let due: Vec<(String, String)> = sqlx::query_as(
            "SELECT user_id, licence_expires_on FROM guide_details \
             WHERE status = 'verified' AND licence_expires_on >= $1 AND licence_expires_on <= $2 \
               AND (licence_reminded_for IS NULL OR licence_reminded_for <> licence_expires_on) \
             ORDER BY licence_expires_on, user_id LIMIT $3",
        )
        .bind(&today_text)
        .bind(&horizon)
        .bind(BATCH)
        .fetch_all(&db.pool)
        .await?;
        let found = due.len();
        let mut claimed_any = false;
        for (guide_id, expires_on) in due {
            let mut tx = db.begin_write().await?;
            let claimed = sqlx::query(
                "UPDATE guide_details SET licence_reminded_for = $1, updated_at = $2 \
                 WHERE user_id = $3 AND status = 'verified' AND licence_expires_on = $1 \
                   AND (licence_reminded_for IS NULL OR licence_reminded_for <> $1)",
            )
            .bind(&expires_on)
            .bind(now_ms())
            .bind(&guide_id)
            .execute(&mut *tx)
            .await?;
            if claimed.rows_affected() != 1 {
                continue; // another replica reminded first
            }
            let message = format!(
                "Your guide licence is valid until {}. Submit your renewed licence before then to stay listed.",
                long_date(&expires_on)
            );
            tell(&mut tx, &guide_id, message, "expiring", Template::LicenceExpiring { expires_on }).await?;
            tx.commit().await?;
            hub.announce(db, &[&guide_id]).await;
            reminded += 1;
            claimed_any = true;
        }
        // Rows another replica claimed meanwhile drop out of the query; stop when none is left.
        if (found as i64) < BATCH || !claimed_any {
            return Ok(reminded);
        }
    }
}

async fn expire_due(db: &Db, hub: &NotificationHub, today: Date) -> AppResult<usize> {
    let today_text = date_text(today);
    let mut expired = 0;
    loop {
        let due: Vec<(String, String)> = sqlx::query_as(
            "SELECT user_id, licence_expires_on FROM guide_details \
             WHERE status = 'verified' AND licence_expires_on < $1 ORDER BY licence_expires_on, user_id LIMIT $2",
        )
        .bind(&today_text)
        .bind(BATCH)
        .fetch_all(&db.pool)
        .await?;
        let found = due.len();
        let mut claimed_any = false;
        for (guide_id, expires_on) in due {
            let mut tx = db.begin_write().await?;
            let note = format!("Your guide licence expired after {}. Please submit your renewed licence.", long_date(&expires_on));
            // Back to "rejected" with the reason, which the guide's pages already show with
            // the way to submit again; an admin's verification of the new licence relists them.
            let claimed = sqlx::query(
                "UPDATE guide_details SET status = 'unverified', review_state = 'rejected', review_note = $1, updated_at = $2 \
                 WHERE user_id = $3 AND status = 'verified' AND licence_expires_on = $4",
            )
            .bind(&note)
            .bind(now_ms())
            .bind(&guide_id)
            .bind(&expires_on)
            .execute(&mut *tx)
            .await?;
            if claimed.rows_affected() != 1 {
                continue;
            }
            crate::guides::index::refresh(&mut tx, &guide_id).await?;
            tell(&mut tx, &guide_id, note, "expired", Template::LicenceExpired { expires_on }).await?;
            tx.commit().await?;
            hub.announce(db, &[&guide_id]).await;
            expired += 1;
            claimed_any = true;
        }
        if (found as i64) < BATCH || !claimed_any {
            return Ok(expired);
        }
    }
}

/// The guide's notification and email, in the caller's transaction.
async fn tell(tx: &mut sqlx::AnyConnection, guide_id: &str, message: String, status: &str, template: Template) -> AppResult<()> {
    notifications::store(
        &mut *tx,
        NewNotification {
            user_id: guide_id,
            kind: "licence",
            booking_id: None,
            guide_message: message,
            tourist_message: String::new(),
            status,
            payment_status: "",
        },
    )
    .await?;
    email::queue(&mut *tx, Email { to: Recipient::User(guide_id.to_owned()), template }).await?;
    Ok(())
}
