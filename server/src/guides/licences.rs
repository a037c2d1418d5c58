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

use sqlx::AnyConnection;
use time::Date;

use crate::calendar::date_text;
use crate::db::{Db, now_ms};
use crate::email::{self, Email, Recipient, Template};
use crate::error::AppResult;
use crate::hub::{Announcement, NotificationHub};
use crate::i18n::Lang;
use crate::notice::Notice;
use crate::notifications::{self, NewNotification};

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
    let swept = LicenceSweep {
        reminded: each_claimed(db, hub, today, Step::Remind).await?,
        expired: each_claimed(db, hub, today, Step::Expire).await?,
    };
    if swept.expired > 0 {
        // Guides left the public lists without an API write: every replica's kept answers go.
        hub.announce_all(db, vec![Announcement::CatalogueChanged]).await;
    }
    Ok(swept)
}

/// The two things a sweep does to licences, each claimed row by row.
#[derive(Clone, Copy)]
enum Step {
    Remind,
    Expire,
}

impl Step {
    /// The next batch of `(guide, last valid day)` this step is due for as of `today`.
    async fn due(self, db: &Db, today: Date) -> AppResult<Vec<(String, String)>> {
        let today_text = date_text(today);
        let due = match self {
            Step::Remind => {
                sqlx::query_as(
                    "SELECT user_id, licence_expires_on FROM guide_details \
                     WHERE status = 'verified' AND licence_expires_on >= $1 AND licence_expires_on <= $2 \
                       AND (licence_reminded_for IS NULL OR licence_reminded_for <> licence_expires_on) \
                     ORDER BY licence_expires_on, user_id LIMIT $3",
                )
                .bind(today_text)
                .bind(date_text(today + time::Duration::days(REMIND_DAYS_BEFORE)))
                .bind(BATCH)
                .fetch_all(&db.pool)
                .await?
            }
            Step::Expire => {
                sqlx::query_as(
                    "SELECT user_id, licence_expires_on FROM guide_details \
                     WHERE status = 'verified' AND licence_expires_on < $1 ORDER BY licence_expires_on, user_id LIMIT $2",
                )
                .bind(today_text)
                .bind(BATCH)
                .fetch_all(&db.pool)
                .await?
            }
        };
        Ok(due)
    }

    /// Takes one due licence in `tx` and tells its guide; false when another replica took it first.
    async fn claim(
        self,
        tx: &mut AnyConnection,
        guide_id: &str,
        expires_on: &str,
    ) -> AppResult<bool> {
        match self {
            Step::Remind => {
                let claimed = sqlx::query(
                    "UPDATE guide_details SET licence_reminded_for = $1, updated_at = $2 \
                     WHERE user_id = $3 AND status = 'verified' AND licence_expires_on = $1 \
                       AND (licence_reminded_for IS NULL OR licence_reminded_for <> $1)",
                )
                .bind(expires_on)
                .bind(now_ms())
                .bind(guide_id)
                .execute(&mut *tx)
                .await?;
                if claimed.rows_affected() != 1 {
                    return Ok(false);
                }
                let notice = Notice::LicenceExpiring { expires_on: expires_on.to_owned() };
                let template = Template::LicenceExpiring { expires_on: expires_on.to_owned() };
                tell(tx, guide_id, notice, "expiring", template).await?;
            }
            Step::Expire => {
                let notice = Notice::LicenceExpired { expires_on: expires_on.to_owned() };
                let note = notice.text(Lang::En);
                // Back to "rejected" with the reason, which the guide's pages already show with
                // the way to submit again; an admin's verification of the new licence relists them.
                let claimed = sqlx::query(
                    "UPDATE guide_details SET status = 'unverified', review_state = 'rejected', review_note = $1, updated_at = $2 \
                     WHERE user_id = $3 AND status = 'verified' AND licence_expires_on = $4",
                )
                .bind(&note)
                .bind(now_ms())
                .bind(guide_id)
                .bind(expires_on)
                .execute(&mut *tx)
                .await?;
                if claimed.rows_affected() != 1 {
                    return Ok(false);
                }
                crate::guides::index::refresh(&mut *tx, guide_id).await?;
                let template = Template::LicenceExpired { expires_on: expires_on.to_owned() };
                tell(tx, guide_id, notice, "expired", template).await?;
            }
        }
        Ok(true)
    }
}

/// Carries out `step` for every licence due as of `today`, a batch at a time, each in its
/// own transaction, which commits (and the guide hears of it live) only when this replica
/// claimed the row. Rows another replica claimed meanwhile drop out of the query: stop
/// when none is left.
async fn each_claimed(db: &Db, hub: &NotificationHub, today: Date, step: Step) -> AppResult<usize> {
    let mut claimed = 0;
    loop {
        let batch = step.due(db, today).await?;
        let found = batch.len();
        let mut claimed_any = false;
        for (guide_id, expires_on) in batch {
            let mut tx = db.begin_write().await?;
            if !step.claim(&mut tx, &guide_id, &expires_on).await? {
                continue;
            }
            tx.commit().await?;
            hub.announce(db, &[&guide_id]).await;
            claimed += 1;
            claimed_any = true;
        }
        if (found as i64) < BATCH || !claimed_any {
            return Ok(claimed);
        }
    }
}

/// The guide's notification and email, in the caller's transaction.
async fn tell(
    tx: &mut AnyConnection,
    guide_id: &str,
    notice: Notice,
    status: &str,
    template: Template,
) -> AppResult<()> {
    notifications::store(
        &mut *tx,
        NewNotification {
            user_id: guide_id,
            kind: "licence",
            booking_id: None,
            notice,
            status,
            payment_status: "",
        },
    )
    .await?;
    email::queue(&mut *tx, Email { to: Recipient::User(guide_id.to_owned()), template }).await?;
    Ok(())
}
