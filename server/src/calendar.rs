//! Dates as Nepal sees them. "Today" for an issue date, a booking or a review is the date
//! in Kathmandu (UTC+05:45 all year), wherever the server runs.

use time::macros::format_description;

/// Today's date in Nepal.
pub fn today_in_nepal() -> time::Date {
    day_in_nepal((time::OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000) as i64)
}

/// The date in Nepal at `ms` (milliseconds since the epoch).
pub fn day_in_nepal(ms: i64) -> time::Date {
    let nepal = time::UtcOffset::from_hms(5, 45, 0).unwrap_or(time::UtcOffset::UTC);
    let at = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    at.to_offset(nepal).date()
}

/// A real calendar date written `YYYY-MM-DD`; `None` otherwise.
pub fn parse_date(text: &str) -> Option<time::Date> {
    time::Date::parse(text, format_description!("[year]-[month]-[day]")).ok()
}

/// `YYYY-MM-DD` as people write it in English, "31 March 2027"; other text as it is.
pub fn long_date(text: &str) -> String {
    match parse_date(text) {
        Some(date) => format!("{} {} {}", date.day(), date.month(), date.year()),
        None => text.to_owned(),
    }
}

/// `YYYY-MM-DD`, which also sorts as text in date order.
pub fn date_text(date: time::Date) -> String {
    date.format(format_description!("[year]-[month]-[day]")).unwrap_or_default()
}

/// "12 Dec 2026" for a `YYYY-MM-DD` date, for messages people read.
pub fn readable_date(date: &str) -> String {
    let format = time::macros::format_description!("[day padding:none] [month repr:short] [year]");
    parse_date(date).and_then(|d| d.format(format).ok()).unwrap_or_else(|| date.to_owned())
}

/// "12 Dec 2026", or "12 Dec 2026 (3 days)" for a longer trip.
pub fn trip_dates(first_day: &str, days: i64) -> String {
    if days == 1 {
        readable_date(first_day)
    } else {
        format!("{} ({days} days)", readable_date(first_day))
    }
}
