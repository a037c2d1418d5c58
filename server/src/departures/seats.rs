//! Joining a departure: which departures take bookings, and claiming seats on one.

use super::store::{self, DepartureRow, Status};
use crate::db::Db;
use crate::error::{AppError, AppResult};

fn departure_not_found() -> AppError {
    AppError::NotFound("Departure not found".into())
}

/// The departure `id` if it takes bookings at `now` (epoch ms): 404 when there is no such
/// departure, 409 when it was cancelled or has closed.
pub async fn joinable(db: &Db, id: &str, now: i64) -> AppResult<DepartureRow> {
    let departure = store::find(db, id).await?.ok_or_else(departure_not_found)?;
    if departure.status() == Status::Cancelled {
        return Err(AppError::Conflict("This departure was cancelled".into()));
    }
    if now >= departure.bookable_until_ms() {
        return Err(AppError::Conflict(
            "This departure no longer takes bookings: it closed at the tour's booking notice before the start"
                .into(),
        ));
    }
    Ok(departure)
}

/// Takes `seats` seats of the departure `id` in `tx`, or refuses naming how many are left.
/// One conditional UPDATE: of any number of joins at once, only those that fit get through.
pub async fn claim(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    id: &str,
    seats: i64,
    now: i64,
) -> AppResult<()> {
    let claimed = sqlx::query(
        "UPDATE departures SET seats_taken = seats_taken + $1, updated_at = $2 \
         WHERE id = $3 AND status <> 'cancelled' AND seats_taken + $1 <= seats",
    )
    .bind(seats)
    .bind(now)
    .bind(id)
    .execute(&mut **tx)
    .await?;
    if claimed.rows_affected() == 1 {
        return Ok(());
    }
    let left: Option<(i64, String)> =
        sqlx::query_as("SELECT seats - seats_taken, status FROM departures WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut **tx)
            .await?;
    match left {
        None => Err(departure_not_found()),
        Some((_, status)) if status == "cancelled" => {
            Err(AppError::Conflict("This departure was cancelled".into()))
        }
        Some((1, _)) => Err(AppError::Conflict("Only 1 seat left".into())),
        Some((left, _)) => Err(AppError::Conflict(format!("Only {left} seats left"))),
    }
}
