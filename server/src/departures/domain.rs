//! A departure as a guide opens it, checked against its tour.

use serde::Deserialize;
use time::Date;
use utoipa::ToSchema;

use crate::bookings::lifecycle;
use crate::calendar::{parse_date, today_in_nepal};
use crate::error::AppError;
use crate::tours::domain::{GROUP_MAX, TourInput};
use crate::tours::pricing::MAX_PRICE_PER_PERSON_USD;

/// How far ahead a departure can be opened, as a booking can be asked for.
const DAYS_AHEAD_MAX: i64 = 2 * 366;
/// A departure starts at this time on its first day, Nepal time, as a tour booked without
/// a time does.
pub const START_TIME: &str = crate::bookings::domain::DEFAULT_TIME;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartureRequest {
    /// The first day, `YYYY-MM-DD`: at least the tour's `cutoffHours` ahead, within two years.
    #[schema(value_type = String, required = true, format = Date, example = "2027-10-12")]
    pub start_date: Option<String>,
    /// Seats for sale, 1 to 30 and at most the tour's `maxGroupSize`.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 30, example = 8)]
    pub seats: Option<i64>,
    /// Paid seats it needs to run, 1 to `seats`: below that at the tour's cutoff, it is
    /// cancelled and everyone refunded.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 30, example = 3)]
    pub min_to_run: Option<i64>,
    /// Dollars per seat, 0.01 to 10,000.
    #[schema(value_type = f64, required = true, exclusive_minimum = 0, maximum = 10000, example = 690)]
    pub price_per_seat_usd: Option<f64>,
}

/// A valid departure of a tour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewDeparture {
    pub start: Date,
    pub seats: i64,
    pub min_to_run: i64,
    pub price_per_seat_cents: i64,
}

impl NewDeparture {
    /// `request` checked for `tour`, at `now` (epoch ms).
    pub fn parse(request: &DepartureRequest, tour: &TourInput, now: i64) -> Result<Self, AppError> {
        let start = request.start_date.as_deref().map(str::trim).filter(|d| !d.is_empty());
        let start = start.ok_or_else(|| AppError::validation("startDate is required"))?;
        let start = parse_date(start)
            .ok_or_else(|| AppError::validation("startDate must be a real date (YYYY-MM-DD)"))?;
        let hours = tour.cutoff_hours;
        let text = crate::calendar::date_text(start);
        if lifecycle::trip_start_ms(&text, START_TIME) < now + hours * 3_600_000 {
            return Err(AppError::validation(format!(
                "A departure of this tour must start at least {hours} hours from now, its booking notice"
            )));
        }
        if (start - today_in_nepal()).whole_days() > DAYS_AHEAD_MAX {
            return Err(AppError::validation(
                "Please choose a start date within the next two years",
            ));
        }
        let most = tour.max_group_size.min(GROUP_MAX);
        let seats = request.seats.filter(|seats| (1..=most).contains(seats)).ok_or_else(|| {
            AppError::validation(format!(
                "seats must be a whole number from 1 to {most}, the tour's largest group"
            ))
        })?;
        let min_to_run =
            request.min_to_run.filter(|min| (1..=seats).contains(min)).ok_or_else(|| {
                AppError::validation(format!("minToRun must be a whole number from 1 to {seats}"))
            })?;
        let price = request
            .price_per_seat_usd
            .filter(|price| {
                price.is_finite() && *price >= 0.01 && *price <= MAX_PRICE_PER_PERSON_USD
            })
            .ok_or_else(|| {
                AppError::validation("pricePerSeatUsd must be between 0.01 and 10000")
            })?;
        Ok(Self { start, seats, min_to_run, price_per_seat_cents: (price * 100.0).round() as i64 })
    }

    /// Every day the departure takes, `YYYY-MM-DD`, for a tour of `days` days.
    pub fn days(&self, days: usize) -> Vec<String> {
        lifecycle::trip_days(&crate::calendar::date_text(self.start), days as i64)
    }
}
