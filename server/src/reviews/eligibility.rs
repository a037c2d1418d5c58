//! Who may review a guide: a traveller with a completed trip with them that has no
//! review yet. The guide's page asks this too, to show the review form or not.

use crate::db::Db;
use crate::error::AppResult;
use crate::http::{Role, Session};

/// Whether `session`'s account may review this guide now: a traveller with a completed
/// trip with them that has no review yet.
pub async fn may_review(db: &Db, session: &Session, guide_id: &str) -> AppResult<bool> {
    if session.stored_role(db).await? != Role::Tourist {
        return Ok(false);
    }
    let (waiting,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM bookings b WHERE b.tourist_id = $1 AND b.guide_id = $2 AND b.booking_status = 'completed' \
           AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.booking_id = b.id)",
    )
    .bind(&session.user_id)
    .bind(guide_id)
    .fetch_one(&db.pool)
    .await?;
    Ok(waiting > 0)
}
