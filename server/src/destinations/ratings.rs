//! A destination's rating: the reviews of trips there (bookings of its tours), counted as
//! they are written, hidden or shown again, as a guide's rating is. Admins do not type it.

use sqlx::AnyConnection;

use crate::error::AppResult;

/// Adds (`count` 1) or takes away (`count` -1) the review `rating_id`, of `score`, in the
/// rating of the destination its trip went to, if the trip was a tour to one.
pub async fn count_review(
    conn: &mut AnyConnection,
    rating_id: &str,
    score: i64,
    count: i64,
    now: i64,
) -> AppResult<()> {
    sqlx::query(
        "UPDATE destinations SET rating_sum = rating_sum + $1, review_count = review_count + $2, \
           rating = CASE WHEN review_count + $2 > 0 THEN (rating_sum + $1) * 1.0 / (review_count + $2) ELSE 0 END, \
           updated_at = $3 \
         WHERE id = (SELECT t.destination_id FROM ratings r JOIN bookings b ON b.id = r.booking_id \
                     JOIN tours t ON t.id = b.tour_id WHERE r.id = $4)",
    )
    .bind(score)
    .bind(count)
    .bind(now)
    .bind(rating_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
