//! What a booking request books and what it costs: a tour (its guide, days, group limit,
//! notice and price for the group), or a guide by the day at their current rate.

use super::domain::DAYS_MAX;
use super::domain::NewBooking;
use super::lifecycle;
use crate::db::Db;
use crate::departures::domain::START_TIME;
use crate::departures::seats;
use crate::error::{AppError, AppResult};
use crate::tours::pricing;
use crate::tours::store::{self, StoredTour};

/// The price of a request, and the tour it is of.
pub struct Priced {
    pub per_person_cents: i64,
    pub total_cents: i64,
    pub tour: Option<StoredTour>,
}

/// Prices `booking`; for a tour, also fills in its guide and days, and for a departure its
/// dates too. Before `now` plus the tour's cutoff is too soon (409).
pub async fn price(db: &Db, booking: &mut NewBooking, now: i64) -> AppResult<Priced> {
    if let Some(departure_id) = booking.departure_id.clone() {
        return price_seats(db, booking, &departure_id, now).await;
    }
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
    // A tour may run to tours::domain::DAYS_MAX days; a booking holds at most DAYS_MAX.
    if booking.days > DAYS_MAX {
        return Err(AppError::validation(format!(
            "This tour is longer than {DAYS_MAX} days, the most one booking can hold. Message the guide to book it in parts."
        )));
    }
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

/// Seats on a group departure, at its price per seat: its tour, guide and dates replace the
/// request's (a `tourId` or `guideId` sent must be the departure's).
async fn price_seats(
    db: &Db,
    booking: &mut NewBooking,
    departure_id: &str,
    now: i64,
) -> AppResult<Priced> {
    let departure = seats::joinable(db, departure_id, now).await?;
    let tour = store::find_listed(db, &departure.tour_id)
        .await?
        .ok_or_else(|| AppError::NotFound("Departure not found".into()))?;
    if booking.tour_id.as_ref().is_some_and(|id| *id != tour.id) {
        return Err(AppError::validation("tourId is not this departure's tour"));
    }
    if !booking.guide_id.is_empty() && booking.guide_id != tour.guide_id {
        return Err(AppError::validation("guideId is not this departure's guide"));
    }
    if booking.group_size > departure.seats {
        let seats = departure.seats;
        return Err(AppError::validation(format!("This departure has {seats} seats in all")));
    }
    booking.guide_id = tour.guide_id.clone();
    booking.tour_id = Some(tour.id.clone());
    booking.days = tour.input.days.len() as i64;
    booking.date = departure.start_date.clone();
    booking.time = START_TIME.to_owned();
    let per_person_cents = departure.price_per_seat_cents;
    Ok(Priced {
        per_person_cents,
        total_cents: per_person_cents * booking.group_size,
        tour: Some(tour),
    })
}
