//! Who may review a guide, and for how long: a traveller with a completed trip with them
//! that has no review yet and ended at most `REVIEW_WINDOW_DAYS` ago (Nepal dates); the
//! author may then change the review for `EDIT_WINDOW_MS`. The guide's page asks this too,
//! to show the review form or not.

use crate::calendar::{date_text, parse_date, today_in_nepal};
use crate::db::Db;
use crate::error::AppResult;
use crate::http::{Role, Session};

/// Days after a trip's last day in which its traveller may review it: long enough to be
/// home again, short enough that the review is about the trip as it was.
pub const REVIEW_WINDOW_DAYS: i64 = 14;

/// How long after writing a review its author may change it: time to fix a slip, not to
/// rewrite history once the guide has answered.
pub const EDIT_WINDOW_MS: i64 = 48 * 60 * 60 * 1000;

/// The earliest last day of a trip that may still be reviewed today, in Nepal.
pub fn earliest_reviewable_last_day() -> String {
    date_text(today_in_nepal() - time::Duration::days(REVIEW_WINDOW_DAYS))
}

/// The last day (`YYYY-MM-DD`, Nepal) a trip that ended on `last_day` may be reviewed.
pub fn review_closes_on(last_day: &str) -> String {
    parse_date(last_day)
        .map(|day| date_text(day + time::Duration::days(REVIEW_WINDOW_DAYS)))
        .unwrap_or_else(|| last_day.to_owned())
}

/// Whether `session`'s account may review this guide now: a traveller with a completed
/// trip with them, still in its review window, that has no review yet.
pub async fn may_review(db: &Db, session: &Session, guide_id: &str) -> AppResult<bool> {
    if session.stored_role(db).await? != Role::Tourist {
        return Ok(false);
    }
    let (waiting,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM bookings b WHERE b.tourist_id = $1 AND b.guide_id = $2 AND b.booking_status = 'completed' \
           AND b.end_date >= $3 AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.booking_id = b.id)",
    )
    .bind(&session.user_id)
    .bind(guide_id)
    .bind(earliest_reviewable_last_day())
    .fetch_one(&db.pool)
    .await?;
    Ok(waiting > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trip_may_be_reviewed_until_fourteen_days_after_its_last_day() {
        assert_eq!(review_closes_on("2026-11-20"), "2026-12-04");
        assert_eq!(review_closes_on("2026-02-20"), "2026-03-06");
    }
}
