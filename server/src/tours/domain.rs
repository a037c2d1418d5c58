//! A tour as its guide writes it, parsed from the request ("parse, don't validate"): a
//! handler only ever holds a tour whose every field is within its limits, whose nights
//! have altitudes and whose prices cover every group size it takes.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::acclimatisation::{self, Acclimatisation};
use super::pricing::{self, Tier};
use crate::error::AppError;
use crate::profile::{optional_text, required_text, short_texts};

pub const TITLE_MAX: usize = 120;
pub const SUMMARY_MAX: usize = 2000;
pub const DAYS_MAX: usize = 45;
pub const DAY_TITLE_MAX: usize = 120;
pub const DAY_DESCRIPTION_MAX: usize = 2000;
pub const SLEEP_PLACE_MAX: usize = 120;
/// Everest's summit; nobody sleeps higher.
pub const ALTITUDE_MAX: i64 = 8848;
pub const WALK_HOURS_MAX: f64 = 14.0;
pub const GROUP_MAX: i64 = 30;
pub const LIST_ITEMS_MAX: usize = 20;
pub const LIST_ITEM_MAX: usize = 120;
pub const MEETING_POINT_MAX: usize = 200;
/// 30 days: a guide may want a month's notice for an expedition-style trek.
pub const CUTOFF_HOURS_MAX: i64 = 720;

/// Where the group sleeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lodging {
    Teahouse,
    Hotel,
    Homestay,
    Camp,
    None,
}

/// Whether a booking waits for the guide's answer or is approved at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum BookingMode {
    Request,
    Instant,
}

impl BookingMode {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Request => "request",
            Self::Instant => "instant",
        }
    }

    pub fn from_stored(text: &str) -> Self {
        if text == "instant" { Self::Instant } else { Self::Request }
    }
}

/// Only a published tour is listed and bookable; an archived one keeps its bookings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TourStatus {
    Draft,
    Published,
    Archived,
}

impl TourStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Draft => "draft",
            Self::Published => "published",
            Self::Archived => "archived",
        }
    }

    pub fn from_stored(text: &str) -> Self {
        match text {
            "published" => Self::Published,
            "archived" => Self::Archived,
            _ => Self::Draft,
        }
    }
}

/// One day of the itinerary, as stored and shown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Day {
    #[schema(example = "Lukla to Phakding")]
    pub title: String,
    /// May be empty.
    pub description: String,
    /// Where the group sleeps; empty on a last day that ends the tour.
    #[schema(example = "Phakding")]
    pub sleep_place: String,
    /// Metres; null only on the last day, when the tour ends that day.
    #[schema(required = true, minimum = 0, maximum = 8848, example = 2610)]
    pub sleep_altitude_m: Option<i64>,
    #[schema(required = true, minimum = 0, maximum = 14, example = 4)]
    pub walk_hours: Option<f64>,
    pub lodging: Lodging,
}

/// A day as a request gives it.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayRequest {
    #[schema(value_type = String, required = true, min_length = 1, max_length = 120, pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    pub title: Option<String>,
    #[schema(
        required = false,
        max_length = 2000,
        pattern = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$"
    )]
    pub description: Option<String>,
    /// Required unless this is the last day and it has no `sleepAltitudeM`.
    #[schema(required = false, max_length = 120, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    pub sleep_place: Option<String>,
    #[schema(required = false, minimum = 0, maximum = 8848)]
    pub sleep_altitude_m: Option<i64>,
    #[schema(required = false, minimum = 0, maximum = 14)]
    pub walk_hours: Option<f64>,
    #[schema(value_type = Lodging, required = true)]
    pub lodging: Option<Lodging>,
}

/// A tour's fields as the guide sends them. On create every field without a default is
/// required; on update a field left out keeps its value.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TourRequest {
    #[schema(value_type = String, min_length = 1, max_length = 120, example = "Everest Base Camp in 12 days", pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    pub title: Option<String>,
    #[schema(value_type = String, min_length = 1, max_length = 2000, pattern = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$")]
    pub summary: Option<String>,
    /// An existing destination; null for none.
    pub destination_id: Option<Option<String>>,
    #[schema(min_items = 1, max_items = 45)]
    pub days: Option<Vec<DayRequest>>,
    #[schema(value_type = i64, minimum = 1, maximum = 30)]
    pub max_group_size: Option<i64>,
    /// Price tiers covering every group size from 1 to `maxGroupSize` once.
    #[schema(min_items = 1, max_items = 30)]
    pub pricing: Option<Vec<Tier>>,
    /// What the price includes, a short text each (at most 120 characters).
    #[schema(max_items = 20)]
    pub included: Option<Vec<String>>,
    /// What it does not include.
    #[schema(max_items = 20)]
    pub excluded: Option<Vec<String>>,
    #[schema(value_type = String, min_length = 1, max_length = 200, pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    pub meeting_point: Option<String>,
    #[schema(value_type = BookingMode)]
    pub booking_mode: Option<BookingMode>,
    #[schema(value_type = i64, minimum = 0, maximum = 720)]
    pub cutoff_hours: Option<i64>,
}

/// A tour's content, every field checked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TourInput {
    pub title: String,
    pub summary: String,
    pub destination_id: Option<String>,
    pub days: Vec<Day>,
    pub max_group_size: i64,
    pub pricing: Vec<Tier>,
    pub included: Vec<String>,
    pub excluded: Vec<String>,
    pub meeting_point: String,
    pub booking_mode: BookingMode,
    pub cutoff_hours: i64,
}

fn required<T>(value: Option<T>, field: &str) -> Result<T, AppError> {
    value.ok_or_else(|| AppError::validation(format!("{field} is required")))
}

impl TourInput {
    /// The request checked, on top of `base` (the stored tour, for an update).
    pub fn parse(request: TourRequest, base: Option<&TourInput>) -> Result<Self, AppError> {
        let title = match (request.title, base) {
            (None, Some(base)) => base.title.clone(),
            (title, _) => required_text(title.as_deref(), "title", TITLE_MAX, false)?,
        };
        let summary = match (request.summary, base) {
            (None, Some(base)) => base.summary.clone(),
            (summary, _) => required_text(summary.as_deref(), "summary", SUMMARY_MAX, true)?,
        };
        let destination_id = match (request.destination_id, base) {
            (None, Some(base)) => base.destination_id.clone(),
            (given, _) => given.flatten().filter(|id| !id.trim().is_empty()),
        };
        let days = match (request.days, base) {
            (None, Some(base)) => base.days.clone(),
            (days, _) => parse_days(required(days, "days")?)?,
        };
        let max_group_size = match (request.max_group_size, base) {
            (None, Some(base)) => base.max_group_size,
            (size, _) => {
                let size = required(size, "maxGroupSize")?;
                if !(1..=GROUP_MAX).contains(&size) {
                    return Err(AppError::validation(format!(
                        "maxGroupSize must be a whole number from 1 to {GROUP_MAX}"
                    )));
                }
                size
            }
        };
        let pricing = match (request.pricing, base) {
            (None, Some(base)) => base.pricing.clone(),
            (tiers, _) => required(tiers, "pricing")?,
        };
        // Checked against the group size whichever of the two changed.
        pricing::check_tiers(&pricing, max_group_size as i32).map_err(AppError::validation)?;
        let included = match (request.included, base) {
            (None, Some(base)) => base.included.clone(),
            (items, _) => parse_list(items.unwrap_or_default(), "included")?,
        };
        let excluded = match (request.excluded, base) {
            (None, Some(base)) => base.excluded.clone(),
            (items, _) => parse_list(items.unwrap_or_default(), "excluded")?,
        };
        let meeting_point = match (request.meeting_point, base) {
            (None, Some(base)) => base.meeting_point.clone(),
            (place, _) => {
                required_text(place.as_deref(), "meetingPoint", MEETING_POINT_MAX, false)?
            }
        };
        let booking_mode = match (request.booking_mode, base) {
            (None, Some(base)) => base.booking_mode,
            (mode, _) => required(mode, "bookingMode")?,
        };
        let cutoff_hours = match (request.cutoff_hours, base) {
            (None, Some(base)) => base.cutoff_hours,
            (hours, _) => {
                let hours = required(hours, "cutoffHours")?;
                if !(0..=CUTOFF_HOURS_MAX).contains(&hours) {
                    return Err(AppError::validation(format!(
                        "cutoffHours must be a whole number from 0 to {CUTOFF_HOURS_MAX}"
                    )));
                }
                hours
            }
        };
        Ok(Self {
            title,
            summary,
            destination_id,
            days,
            max_group_size,
            pricing,
            included,
            excluded,
            meeting_point,
            booking_mode,
            cutoff_hours,
        })
    }

    /// The altitude check of its nights; `None` for a day tour, which has none.
    pub fn assessment(&self) -> Option<Acclimatisation> {
        let nights: Vec<Option<i32>> =
            self.days.iter().map(|day| day.sleep_altitude_m.map(|m| m as i32)).collect();
        // Parsing let only the last day go without an altitude, so only "no nights" remains.
        acclimatisation::assess(&nights).ok()
    }

    /// The cheapest price per person, in cents.
    pub fn price_from_cents(&self) -> i64 {
        self.pricing.iter().map(Tier::price_per_person_cents).min().unwrap_or(0)
    }
}

/// Day `n`'s sleeping altitude, of `last` days: 0 to 8,848 m, and missing only on the last.
fn sleep_altitude(n: usize, last: usize, altitude: Option<i64>) -> Result<Option<i64>, AppError> {
    match altitude {
        Some(m) if !(0..=ALTITUDE_MAX).contains(&m) => Err(AppError::validation(format!(
            "days[{n}].sleepAltitudeM must be a whole number of metres from 0 to {ALTITUDE_MAX}"
        ))),
        None if n != last => Err(AppError::validation(format!(
            "days[{n}].sleepAltitudeM is required: only the last day may end the tour without a night"
        ))),
        altitude => Ok(altitude),
    }
}

/// The altitude check of nights alone, as the tour editor asks while the guide types: the
/// same rules for the altitudes as a whole tour, and `None` for a day tour.
pub fn assess_altitudes(altitudes: &[Option<i64>]) -> Result<Option<Acclimatisation>, AppError> {
    if altitudes.is_empty() || altitudes.len() > DAYS_MAX {
        return Err(AppError::validation(format!("days must have 1 to {DAYS_MAX} entries")));
    }
    let last = altitudes.len();
    let nights = (1..)
        .zip(altitudes)
        .map(|(n, &altitude)| Ok(sleep_altitude(n, last, altitude)?.map(|m| m as i32)))
        .collect::<Result<Vec<_>, AppError>>()?;
    Ok(acclimatisation::assess(&nights).ok())
}

/// Every day of an itinerary checked, as a tour's (a guide's custom offer has the same).
pub fn parse_days(days: Vec<DayRequest>) -> Result<Vec<Day>, AppError> {
    if days.is_empty() || days.len() > DAYS_MAX {
        return Err(AppError::validation(format!("days must have 1 to {DAYS_MAX} entries")));
    }
    let last = days.len();
    days.into_iter()
        .enumerate()
        .map(|(i, day)| {
            let n = i + 1;
            let title = required_text(
                day.title.as_deref(),
                &format!("days[{n}].title"),
                DAY_TITLE_MAX,
                false,
            )?;
            let description = optional_text(
                day.description.as_deref(),
                &format!("days[{n}].description"),
                DAY_DESCRIPTION_MAX,
                true,
            )?
            .unwrap_or_default();
            let sleep_altitude_m = sleep_altitude(n, last, day.sleep_altitude_m)?;
            let place_field = format!("days[{n}].sleepPlace");
            let sleep_place = if sleep_altitude_m.is_some() {
                required_text(day.sleep_place.as_deref(), &place_field, SLEEP_PLACE_MAX, false)?
            } else {
                optional_text(day.sleep_place.as_deref(), &place_field, SLEEP_PLACE_MAX, false)?
                    .unwrap_or_default()
            };
            let walk_hours = match day.walk_hours {
                Some(hours) if !(0.0..=WALK_HOURS_MAX).contains(&hours) => {
                    return Err(AppError::validation(format!(
                        "days[{n}].walkHours must be from 0 to {WALK_HOURS_MAX}"
                    )));
                }
                hours => hours,
            };
            let lodging = required(day.lodging, &format!("days[{n}].lodging"))?;
            Ok(Day { title, description, sleep_place, sleep_altitude_m, walk_hours, lodging })
        })
        .collect()
}

fn parse_list(items: Vec<String>, field: &str) -> Result<Vec<String>, AppError> {
    short_texts(items, field, LIST_ITEMS_MAX, LIST_ITEM_MAX)
}

/// The orders of the public tour list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TourSort {
    /// The guide's average rating, best first.
    #[default]
    Rating,
    PriceAsc,
    PriceDesc,
    DaysAsc,
    DaysDesc,
    /// Tours of Trusted guides first, then by the guide's rating.
    Trusted,
}
