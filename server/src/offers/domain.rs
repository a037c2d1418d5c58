//! An offer as a guide writes it, parsed from the request ("parse, don't validate"): a
//! handler only ever holds an offer whose dates, group, itinerary, price and expiry are
//! within their limits, and whose itinerary has had the tours' altitude check.

use serde::Deserialize;
use time::Date;
use time::format_description::well_known::Rfc3339;
use utoipa::ToSchema;

use crate::bookings::domain::{DAYS_MAX as BOOKING_DAYS_MAX, DEFAULT_TIME, GROUP_MAX};
use crate::bookings::lifecycle;
use crate::calendar::{date_text, parse_date, today_in_nepal};
use crate::error::AppError;
use crate::profile::optional_text;
use crate::tours::acclimatisation::Acclimatisation;
use crate::tours::domain::{self as tours, Day, DayRequest};
use crate::tours::pricing::MAX_PRICE_PER_PERSON_USD;

/// How far ahead an offer's trip may start, as a booking can be asked for.
const DAYS_AHEAD_MAX: i64 = 2 * 366;
/// An offer's trip starts at this time on its first day, Nepal time, as a booking made
/// without a time does.
pub const START_TIME: &str = DEFAULT_TIME;
/// The longest offer: a tour's itinerary may be longer, but a booking holds at most this
/// many days, and an accepted offer is a booking.
pub const DAYS_MAX: usize = if (BOOKING_DAYS_MAX as usize) < tours::DAYS_MAX {
    BOOKING_DAYS_MAX as usize
} else {
    tours::DAYS_MAX
};
pub const NOTE_MAX: usize = 2000;
/// The most an offer may cost: the tours' bound per person, for the largest group.
pub const TOTAL_MAX_USD: f64 = MAX_PRICE_PER_PERSON_USD * GROUP_MAX as f64;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferRequest {
    /// Your conversation with the traveller the offer is for.
    #[schema(value_type = String, required = true, min_length = 1, example = "0190f3c5a1b27c3e8d4f5a6b7c8d9e0f")]
    pub conversation_id: Option<String>,
    /// One of your own tours the offer is based on; null or left out for none.
    #[schema(required = false)]
    pub tour_id: Option<String>,
    /// The first day, `YYYY-MM-DD`: after today in Nepal, within two years.
    #[schema(value_type = String, required = true, format = Date, example = "2027-10-12")]
    pub start_date: Option<String>,
    /// People in the group, 1 to 20.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 20, example = 2)]
    pub group_size: Option<i64>,
    /// The itinerary, one entry a day (1 to 30), checked as a tour's.
    #[schema(value_type = Vec<DayRequest>, required = true, min_items = 1, max_items = 30)]
    pub days: Option<Vec<DayRequest>>,
    /// Dollars for the whole group and trip: more than 0, at most 10,000 a person.
    #[schema(value_type = f64, required = true, exclusive_minimum = 0, maximum = 200000, example = 1380)]
    pub total_price_usd: Option<f64>,
    /// When the offer lapses (RFC 3339): in the future, and before the trip starts (10:00 on
    /// `startDate`, Nepal time).
    #[schema(value_type = String, required = true, format = DateTime, example = "2027-09-01T12:00:00Z")]
    pub expires_at: Option<String>,
    /// A word to the traveller, up to 2,000 characters; it is the text of the message the
    /// offer is sent with.
    #[schema(
        required = false,
        max_length = 2000,
        pattern = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$"
    )]
    pub note: Option<String>,
}

/// A valid offer (who it is from and for, and its tour, are checked against the database).
#[derive(Clone, Debug, PartialEq)]
pub struct NewOffer {
    pub conversation_id: String,
    pub tour_id: Option<String>,
    pub start: Date,
    pub group_size: i64,
    pub days: Vec<Day>,
    /// The altitude check of its nights; `None` for a day trip, which has none.
    pub assessment: Option<Acclimatisation>,
    pub total_price_cents: i64,
    /// Epoch ms.
    pub expires_at: i64,
    /// Trimmed; may be empty.
    pub note: String,
}

fn trimmed(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|text| !text.is_empty())
}

/// The conversation an offer request names, before anything else is read.
pub fn conversation_id(request: &OfferRequest) -> Result<String, AppError> {
    trimmed(request.conversation_id.as_deref())
        .map(str::to_owned)
        .ok_or_else(|| AppError::validation("conversationId is required"))
}

impl NewOffer {
    /// `request` checked at `now` (epoch ms).
    pub fn parse(request: OfferRequest, now: i64) -> Result<Self, AppError> {
        let conversation_id = conversation_id(&request)?;
        let tour_id = trimmed(request.tour_id.as_deref()).map(str::to_owned);
        let start = trimmed(request.start_date.as_deref())
            .ok_or_else(|| AppError::validation("startDate is required"))?;
        let start = parse_date(start)
            .ok_or_else(|| AppError::validation("startDate must be a real date (YYYY-MM-DD)"))?;
        let today = today_in_nepal();
        if start <= today {
            return Err(AppError::validation("startDate must be after today (in Nepal)"));
        }
        if (start - today).whole_days() > DAYS_AHEAD_MAX {
            return Err(AppError::validation(
                "Please choose a start date within the next two years",
            ));
        }
        let group_size =
            request.group_size.filter(|size| (1..=GROUP_MAX).contains(size)).ok_or_else(|| {
                AppError::validation(format!(
                    "groupSize must be a whole number from 1 to {GROUP_MAX}"
                ))
            })?;
        let days = request.days.ok_or_else(|| AppError::validation("days is required"))?;
        if days.is_empty() || days.len() > DAYS_MAX {
            return Err(AppError::validation(format!("days must have 1 to {DAYS_MAX} entries")));
        }
        let days = tours::parse_days(days)?;
        let altitudes: Vec<Option<i64>> = days.iter().map(|day| day.sleep_altitude_m).collect();
        let assessment = tours::assess_altitudes(&altitudes)?;
        let most = MAX_PRICE_PER_PERSON_USD * group_size as f64;
        let total = request
            .total_price_usd
            .filter(|total| total.is_finite() && *total >= 0.01 && *total <= most)
            .ok_or_else(|| {
                AppError::validation(format!(
                    "totalPriceUsd must be from 0.01 to {most}: at most 10000 a person"
                ))
            })?;
        let expires_at = trimmed(request.expires_at.as_deref())
            .ok_or_else(|| AppError::validation("expiresAt is required"))?;
        let expires_at = time::OffsetDateTime::parse(expires_at, &Rfc3339)
            .ok()
            .map(|moment| (moment.unix_timestamp_nanos() / 1_000_000) as i64)
            .ok_or_else(|| {
                AppError::validation(
                    "expiresAt must be a moment in RFC 3339 form, such as 2027-09-01T12:00:00Z",
                )
            })?;
        if expires_at <= now {
            return Err(AppError::validation("expiresAt must be in the future"));
        }
        if expires_at >= lifecycle::trip_start_ms(&date_text(start), START_TIME) {
            return Err(AppError::validation(
                "expiresAt must be before the trip starts (10:00 on startDate, Nepal time)",
            ));
        }
        let note =
            optional_text(request.note.as_deref(), "note", NOTE_MAX, true)?.unwrap_or_default();
        Ok(Self {
            conversation_id,
            tour_id,
            start,
            group_size,
            days,
            assessment,
            total_price_cents: (total * 100.0).round() as i64,
            expires_at,
            note,
        })
    }

    pub fn start_date(&self) -> String {
        date_text(self.start)
    }

    /// Every day the trip takes, `YYYY-MM-DD`.
    pub fn trip_days(&self) -> Vec<String> {
        lifecycle::trip_days(&self.start_date(), self.days.len() as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const HOUR_MS: i64 = 3_600_000;

    fn request(changes: serde_json::Value) -> OfferRequest {
        let start = date_text(today_in_nepal() + time::Duration::days(30));
        let mut body = json!({
            "conversationId": "c1",
            "startDate": start,
            "groupSize": 2,
            "days": [
                {"title": "To Ghorepani", "sleepPlace": "Ghorepani", "sleepAltitudeM": 2860, "lodging": "teahouse"},
                {"title": "Back to Pokhara", "lodging": "none"},
            ],
            "totalPriceUsd": 480.5,
            "expiresAt": crate::db::to_rfc3339(crate::db::now_ms() + 48 * HOUR_MS),
            "note": "  Two days, as you asked.  ",
        });
        for (key, value) in changes.as_object().unwrap() {
            body[key] = value.clone();
        }
        serde_json::from_value(body).unwrap()
    }

    fn refused(changes: serde_json::Value) -> String {
        match NewOffer::parse(request(changes), crate::db::now_ms()) {
            Err(AppError::Validation(message)) => message,
            other => panic!("expected a validation error, got {other:?}"),
        }
    }

    #[test]
    fn a_valid_offer_is_parsed_in_cents_with_its_altitude_check() {
        let offer = NewOffer::parse(request(json!({})), crate::db::now_ms()).unwrap();
        assert_eq!(offer.total_price_cents, 48_050);
        assert_eq!(offer.note, "Two days, as you asked.");
        assert_eq!(offer.trip_days().len(), 2);
        assert_eq!(offer.assessment.unwrap().max_sleep_altitude_m, 2860);
    }

    #[test]
    fn dates_groups_prices_and_expiry_out_of_bounds_are_refused() {
        let today = date_text(today_in_nepal());
        assert!(refused(json!({"startDate": today})).contains("after today"));
        assert!(refused(json!({"startDate": "2027-02-30"})).contains("real date"));
        assert!(refused(json!({"groupSize": 21})).contains("groupSize"));
        assert!(refused(json!({"groupSize": 0})).contains("groupSize"));
        assert!(refused(json!({"totalPriceUsd": 0})).contains("totalPriceUsd"));
        assert!(refused(json!({"totalPriceUsd": 20000.01})).contains("totalPriceUsd"));
        assert!(refused(json!({"expiresAt": "tomorrow"})).contains("RFC 3339"));
        assert!(refused(json!({"expiresAt": "2001-01-01T00:00:00Z"})).contains("future"));
        let late = crate::db::to_rfc3339(crate::db::now_ms() + 60 * 24 * HOUR_MS);
        assert!(refused(json!({"expiresAt": late})).contains("before the trip starts"));
        assert!(refused(json!({"days": []})).contains("days must have"));
        assert!(refused(json!({"note": "a".repeat(NOTE_MAX + 1)})).contains("note"));
    }

    #[test]
    fn an_offer_is_no_longer_than_a_booking_can_hold() {
        assert_eq!(DAYS_MAX, 30);
        let day = json!({"title": "Walk", "sleepPlace": "Pokhara", "sleepAltitudeM": 800, "lodging": "hotel"});
        let days: Vec<_> = (0..31).map(|_| day.clone()).collect();
        assert!(refused(json!({"days": days})).contains("1 to 30"));
    }
}
