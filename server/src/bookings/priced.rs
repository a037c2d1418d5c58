//! What a booking request books and what it costs: a tour (its guide, days, group limit,
//! notice and price for the group), or a guide by the day at their current rate.

use super::domain::NewBooking;
use super::lifecycle;
use crate::db::Db;
use crate::error::{AppError, AppResult};
use crate::tours::pricing;
use crate::tours::store::{self, StoredTour};

/// The price of a request, and the tour it is of.
pub struct Priced {
    pub per_person_cents: i64,
    pub total_cents: i64,
    pub tour: Option<StoredTour>,
}

/// Prices `booking`; for a tour, also fills in its guide and days. Before `now` plus the
/// tour's cutoff is too soon (409).
pub async fn price(db: &Db, booking: &mut NewBooking, now: i64) -> AppResult<Priced> {
    let Some(tour_id) = booking.tour_id.clone() else {
        let rate: Option<(Option<i64>,)> = sqlx::query_as(
            "SELECT g.price_per_day_cents FROM guide_details g JOIN users u ON u.id = g.user_id \
             WHERE g.user_id = $1 AND u.role = 'guide' AND g.status = 'verified' AND u.suspended_at IS NULL",
        )
        .bind(&booking.guide_id)
        .fetch_optional(&db.pool)
        .await?;
        let (rate,) = rate.ok_or_else(|| AppError::NotFound("Guide not found".into()))?;
        let rate = rate
            .ok_or_else(|| AppError::Conflict("This guide has not set a daily rate yet".into()))?;
        let total_cents = rate * booking.group_size * booking.days;
        return Ok(Priced { per_person_cents: rate, total_cents, tour: None });
    };
    let tour = store::find_listed(db, &tour_id)
        .await?
        .ok_or_else(|| AppError::NotFound("Tour not found".into()))?;
    if !booking.guide_id.is_empty() && booking.guide_id != tour.guide_id {
        return Err(AppError::validation("guideId is not this tour's guide"));
    }
    booking.guide_id = tour.guide_id.clone();
    booking.days = tour.input.days.len() as i64;
    let max = tour.input.max_group_size;
    let tier = pricing::tier_for(&tour.input.pricing, booking.group_size as i32)
        .filter(|_| booking.group_size <= max)
        .ok_or_else(|| {
            AppError::validation(format!("This tour takes groups of 1 to {max} people"))
        })?;
    let hours = tour.input.cutoff_hours;
    if lifecycle::trip_start_ms(&booking.date, &booking.time) < now + hours * 3_600_000 {
        return Err(AppError::Conflict(format!(
            "This tour must be booked at least {hours} hours before it starts. Please choose a later date."
        )));
    }
    let (per_person_cents, total_cents) =
        (tier.price_per_person_cents(), pricing::total_cents(tier, booking.group_size as i32));
    Ok(Priced { per_person_cents, total_cents, tour: Some(tour) })
}
