//! A booking request as the modal sends it, parsed into clean values.

use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::calendar::{date_text, parse_date, today_in_nepal};
use crate::error::AppError;

pub const GROUP_MAX: i64 = 20;
/// How far ahead a trip can be asked for.
const DAYS_AHEAD_MAX: i64 = 2 * 366;
pub const DEFAULT_TIME: &str = "10:00";
pub const DAYS_MAX: i64 = 30;
pub const MESSAGE_MAX: usize = 1000;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingRequest {
    /// The guide; may be left out when `tourId` is given (it must be the tour's guide).
    #[schema(value_type = String, required = false, pattern = r"\S")]
    pub guide_id: Option<String>,
    /// A published tour to book: its days, group limit and price per person for the group
    /// replace `days` and the guide's daily rate. An `instant` tour is approved at once.
    #[schema(required = false)]
    pub tour_id: Option<String>,
    /// A group departure to join: `groupSize` is the seats taken, at its price per seat,
    /// on its dates (`selectedDate` and `selectedTime` are then not needed). Approved at
    /// once, to be paid within `YATRA_PAYMENT_WINDOW`.
    #[schema(required = false)]
    pub departure_id: Option<String>,
    /// The trip's first day: today or later in Nepal, within two years. Required, except
    /// when joining a departure (its own dates).
    #[schema(value_type = String, required = false, format = Date, example = "2026-12-12")]
    pub selected_date: Option<String>,
    /// `HH:MM`, 24-hour (default 10:00).
    #[schema(example = "10:00", pattern = r"^\s*(([01]?[0-9]|2[0-3]):[0-5][0-9])?\s*$")]
    pub selected_time: Option<String>,
    /// Default 1 (a numeric string is accepted too).
    #[schema(value_type = Option<i64>, example = 2, minimum = 1, maximum = 20)]
    pub group_size: Option<Value>,
    /// The trip's length in days, 1 to 30 (default 1; a numeric string is accepted too).
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 30, example = 3)]
    pub days: Option<Value>,
    /// A message to the guide, up to 1,000 characters.
    #[schema(max_length = 1000)]
    pub message: Option<String>,
    /// Ignored: the server prices the booking from the guide's current rate.
    #[schema(value_type = Option<f64>)]
    pub price_per_person: Option<Value>,
}

/// A valid request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewBooking {
    /// Empty until the tour's guide fills it, when a tour is booked without naming them.
    pub guide_id: String,
    pub tour_id: Option<String>,
    /// The departure joined; its dates, tour and guide replace the request's.
    pub departure_id: Option<String>,
    /// `YYYY-MM-DD` (empty until a departure's fills it).
    pub date: String,
    /// `HH:MM`.
    pub time: String,
    pub group_size: i64,
    /// 1 to 30.
    pub days: i64,
    /// Trimmed; may be empty.
    pub message: String,
}

impl NewBooking {
    /// The trip's last day, `YYYY-MM-DD`.
    pub fn end_date(&self) -> String {
        super::lifecycle::trip_days(&self.date, self.days)
            .pop()
            .unwrap_or_else(|| self.date.clone())
    }
}

impl TryFrom<BookingRequest> for NewBooking {
    type Error = AppError;

    /// Checked in the order the modal shows the fields.
    fn try_from(request: BookingRequest) -> Result<Self, AppError> {
        let trimmed =
            |id: Option<String>| id.map(|id| id.trim().to_owned()).filter(|id| !id.is_empty());
        let tour_id = trimmed(request.tour_id);
        let departure_id = trimmed(request.departure_id);
        let guide_id = match (trimmed(request.guide_id), &tour_id, &departure_id) {
            (Some(id), ..) => id,
            (None, Some(_), _) | (None, _, Some(_)) => String::new(),
            (None, None, None) => return Err(AppError::NotFound("Guide not found".into())),
        };
        if departure_id.is_some() {
            let group_size = parse_group_size(request.group_size.as_ref(), GROUP_MAX)?;
            let message = parse_message(request.message.as_deref())?;
            let (date, time, days) = (String::new(), DEFAULT_TIME.to_owned(), 1);
            return Ok(Self {
                guide_id,
                tour_id,
                departure_id,
                date,
                time,
                group_size,
                days,
                message,
            });
        }
        let date = request.selected_date.as_deref().map(str::trim).filter(|d| !d.is_empty());
        let date = date.ok_or_else(|| AppError::validation("Please select a date"))?;
        let date = parse_date(date)
            .ok_or_else(|| AppError::validation("Please select a real date (YYYY-MM-DD)"))?;
        let today = today_in_nepal();
        if date < today {
            return Err(AppError::validation("Date must be today or in the future"));
        }
        if (date - today).whole_days() > DAYS_AHEAD_MAX {
            return Err(AppError::validation("Please choose a date within the next two years"));
        }
        let time = match request.selected_time.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            None => DEFAULT_TIME.to_owned(),
            Some(text) => parse_time(text)
                .ok_or_else(|| AppError::validation("Please select a time (HH:MM)"))?,
        };
        // One booking takes at most GROUP_MAX people, as the database holds it, a tour's
        // too (a bigger tour group books twice); a tour's own limit is checked against it.
        let group_size = parse_group_size(request.group_size.as_ref(), GROUP_MAX)?;
        let days = parse_days(request.days.as_ref())?;
        let message = parse_message(request.message.as_deref())?;
        let date = date_text(date);
        Ok(Self { guide_id, tour_id, departure_id: None, date, time, group_size, days, message })
    }
}

/// The message to the guide, trimmed; at most `MESSAGE_MAX` characters.
fn parse_message(message: Option<&str>) -> Result<String, AppError> {
    let message = message.map(str::trim).unwrap_or("").to_owned();
    if message.chars().count() > MESSAGE_MAX {
        return Err(AppError::validation(
            "Your message to the guide can be at most 1,000 characters",
        ));
    }
    Ok(message)
}

/// `H:MM` or `HH:MM` (24-hour), written back as `HH:MM`.
fn parse_time(text: &str) -> Option<String> {
    let (hours, minutes) = text.split_once(':')?;
    let digits =
        |part: &str| (1..=2).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit());
    if !digits(hours) || minutes.len() != 2 || !digits(minutes) {
        return None;
    }
    let (hours, minutes): (u32, u32) = (hours.parse().ok()?, minutes.parse().ok()?);
    (hours <= 23 && minutes <= 59).then(|| format!("{hours:02}:{minutes:02}"))
}

fn parse_group_size(value: Option<&Value>, max: i64) -> Result<i64, AppError> {
    let invalid =
        || AppError::validation(format!("Group size must be a whole number from 1 to {max}"));
    whole_number(value, 1, max).ok_or_else(invalid)
}

fn parse_days(value: Option<&Value>) -> Result<i64, AppError> {
    let invalid = || {
        AppError::validation(format!(
            "Trip length must be a whole number of days from 1 to {DAYS_MAX}"
        ))
    };
    whole_number(value, 1, DAYS_MAX).ok_or_else(invalid)
}

/// A whole number from `min` to `max`, given as a number or a numeric string; missing or
/// blank means `min`.
fn whole_number(value: Option<&Value>, min: i64, max: i64) -> Option<i64> {
    let number = match value {
        None | Some(Value::Null) => min,
        Some(Value::String(text)) if text.trim().is_empty() => min,
        Some(Value::String(text)) => text.trim().parse::<i64>().ok()?,
        Some(Value::Number(number)) => crate::profile::whole_number(number)?,
        Some(_) => return None,
    };
    (min..=max).contains(&number).then_some(number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn request(date: Option<&str>, time: Option<&str>, group: Value) -> BookingRequest {
        BookingRequest {
            guide_id: Some("g".into()),
            tour_id: None,
            departure_id: None,
            selected_date: date.map(str::to_owned),
            selected_time: time.map(str::to_owned),
            group_size: Some(group),
            days: None,
            message: None,
            price_per_person: Some(json!(0.01)),
        }
    }

    fn today_plus(days: i64) -> String {
        date_text(today_in_nepal() + time::Duration::days(days))
    }

    #[test]
    fn a_valid_request_keeps_the_date_and_defaults_the_time_to_ten() {
        let booking = NewBooking::try_from(request(Some(&today_plus(0)), None, json!(3))).unwrap();
        assert_eq!(booking.date, today_plus(0));
        assert_eq!(booking.time, "10:00");
        assert_eq!(booking.group_size, 3);
        assert_eq!(
            (booking.days, booking.message.as_str(), booking.end_date()),
            (1, "", today_plus(0))
        );
        assert_eq!(
            NewBooking::try_from(request(Some(&today_plus(5)), Some("7:05"), json!("20")))
                .unwrap()
                .time,
            "07:05"
        );
    }

    #[test]
    fn dates_must_be_given_real_and_from_today_in_nepal() {
        let message = |date: Option<&str>| {
            NewBooking::try_from(request(date, None, json!(1))).unwrap_err().to_string()
        };
        assert_eq!(message(None), "Please select a date");
        assert_eq!(message(Some(" ")), "Please select a date");
        assert_eq!(message(Some("2026-02-30")), "Please select a real date (YYYY-MM-DD)");
        assert_eq!(message(Some(&today_plus(-1))), "Date must be today or in the future");
        assert_eq!(
            message(Some(&today_plus(800))),
            "Please choose a date within the next two years"
        );
    }

    #[test]
    fn times_and_group_sizes_are_bounded() {
        for bad in ["24:00", "12:60", "noon", "1:5", "12:5x", ":30", "123:00"] {
            assert!(
                NewBooking::try_from(request(Some(&today_plus(1)), Some(bad), json!(1))).is_err(),
                "{bad}"
            );
        }
        for bad in [json!(0), json!(21), json!(-1), json!(2.5), json!("many"), json!(true)] {
            let error = NewBooking::try_from(request(Some(&today_plus(1)), None, bad.clone()))
                .unwrap_err()
                .to_string();
            assert_eq!(error, "Group size must be a whole number from 1 to 20", "{bad}");
        }
    }

    #[test]
    fn a_trip_lasts_one_to_thirty_days_with_an_optional_message() {
        let with = |days: Value, message: Option<String>| {
            let mut body = request(Some(&today_plus(3)), None, json!(2));
            body.days = Some(days);
            body.message = message;
            NewBooking::try_from(body)
        };
        let trip = with(json!(3), Some("  Namaste!  ".into())).unwrap();
        assert_eq!(
            (trip.days, trip.message.as_str(), trip.end_date()),
            (3, "Namaste!", today_plus(5))
        );
        assert_eq!(with(json!("30"), None).unwrap().days, 30);
        for bad in [json!(0), json!(31), json!(1.5), json!("week"), json!([3])] {
            let error = with(bad.clone(), None).unwrap_err().to_string();
            assert_eq!(error, "Trip length must be a whole number of days from 1 to 30", "{bad}");
        }
        assert!(with(json!(1), Some("é".repeat(1000))).is_ok());
        let error = with(json!(1), Some("é".repeat(1001))).unwrap_err().to_string();
        assert_eq!(error, "Your message to the guide can be at most 1,000 characters");
    }
}
