//! The days a guide cannot take a trip: those they blocked off, and those of their approved
//! or paid trips and of their open departures (`trip_days`).

use crate::db::Db;
use crate::error::AppResult;

/// The first day from `first` to `last` (`YYYY-MM-DD`, inclusive) on which the guide is
/// unavailable, if any.
pub async fn first_unavailable_day(
    db: &Db,
    guide_id: &str,
    first: &str,
    last: &str,
) -> AppResult<Option<String>> {
    let day: Option<(String,)> = sqlx::query_as(
        "SELECT day FROM (SELECT day FROM blocked_days WHERE guide_id = $1 AND day BETWEEN $2 AND $3 \
           UNION SELECT day FROM trip_days WHERE guide_id = $1 AND day BETWEEN $2 AND $3) d ORDER BY day LIMIT 1",
    )
    .bind(guide_id)
    .bind(first)
    .bind(last)
    .fetch_optional(&db.pool)
    .await?;
    Ok(day.map(|(day,)| day))
}
