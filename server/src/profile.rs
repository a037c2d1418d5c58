//! Profile fields that guides and travellers share, parsed from requests ("parse, don't
//! validate"): a handler only ever holds clean values.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;

pub const BIO_MAX: usize = 2000;
pub const NATIONALITY_MAX: usize = 60;
pub const LIST_MAX_ITEMS: usize = 20;
pub const LIST_ITEM_MAX: usize = 40;

/// Trimmed text of at most `max` characters without control characters (line breaks and
/// tabs allowed where `multiline`); `None` when empty. Line breaks are stored as `\n`:
/// browsers send a form's line breaks as `\r\n`, and a limit should count what people see.
/// The limit counts the text as sent, spaces around it included, as the API document
/// states it: a field too long is refused even when it is only blanks.
pub fn optional_text(
    text: Option<&str>,
    field: &str,
    max: usize,
    multiline: bool,
) -> Result<Option<String>, AppError> {
    let unified = text.unwrap_or("").replace("\r\n", "\n");
    if unified.chars().count() > max {
        return Err(AppError::validation(format!("{field} must be at most {max} characters")));
    }
    let trimmed = unified.trim();
    if trimmed.is_empty() {
        return Ok(None);
    }
    let allowed = |c: char| !c.is_control() || (multiline && matches!(c, '\n' | '\r' | '\t'));
    if !trimmed.chars().all(allowed) {
        return Err(AppError::validation(format!(
            "{field} contains characters that are not allowed"
        )));
    }
    Ok(Some(trimmed.to_owned()))
}

/// Like `optional_text`, but empty is refused with "<field> is required".
pub fn required_text(
    text: Option<&str>,
    field: &str,
    max: usize,
    multiline: bool,
) -> Result<String, AppError> {
    optional_text(text, field, max, multiline)?
        .ok_or_else(|| AppError::validation(format!("{field} is required")))
}

/// A list of short texts (what a tour includes, what to bring): at most `max_items`, each
/// filled and at most `max` characters.
pub fn short_texts(
    items: Vec<String>,
    field: &str,
    max_items: usize,
    max: usize,
) -> Result<Vec<String>, AppError> {
    if items.len() > max_items {
        return Err(AppError::validation(format!("{field} may have at most {max_items} items")));
    }
    items.iter().map(|item| required_text(Some(item), field, max, false)).collect()
}

/// A few sentences about the person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bio(String);

impl Bio {
    pub fn parse(text: Option<&str>) -> Result<Self, AppError> {
        required_text(text, "Bio", BIO_MAX, true).map(Self)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nationality(String);

impl Nationality {
    pub fn parse(text: Option<&str>) -> Result<Self, AppError> {
        required_text(text, "Nationality", NATIONALITY_MAX, false).map(Self)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What a list holds, for its messages.
#[derive(Clone, Copy, Debug)]
pub enum ListOf {
    Languages,
    Interests,
}

impl ListOf {
    fn plural(self) -> &'static str {
        match self {
            ListOf::Languages => "languages",
            ListOf::Interests => "interests",
        }
    }

    fn singular(self) -> &'static str {
        match self {
            ListOf::Languages => "language",
            ListOf::Interests => "interest",
        }
    }
}

/// One language or interest as the document describes it: a line of at most 40
/// characters with something besides spaces.
pub struct Tag;

impl utoipa::PartialSchema for Tag {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .examples([serde_json::json!("Trekking")])
            .min_length(Some(1))
            .max_length(Some(LIST_ITEM_MAX))
            .pattern(Some(r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"))
            .into()
    }
}

impl ToSchema for Tag {}

/// A list of short labels (languages, interests): trimmed, empties and case-insensitive
/// duplicates dropped (the first spelling kept), at most 20 of at most 40 characters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(Vec<String>);

impl Tags {
    pub fn parse(items: Option<&[String]>, of: ListOf) -> Result<Self, AppError> {
        let mut kept: Vec<String> = Vec::new();
        for item in items.unwrap_or_default() {
            let Some(item) = optional_text(Some(item), "", LIST_ITEM_MAX, false).map_err(|_| {
                AppError::validation(format!(
                    "Each {} must be at most {LIST_ITEM_MAX} characters, without special characters",
                    of.singular()
                ))
            })?
            else {
                continue;
            };
            if !kept.iter().any(|k| k.to_lowercase() == item.to_lowercase()) {
                kept.push(item);
            }
        }
        if kept.len() > LIST_MAX_ITEMS {
            return Err(AppError::validation(format!(
                "Please add at most {LIST_MAX_ITEMS} {}",
                of.plural()
            )));
        }
        Ok(Self(kept))
    }

    /// Like `parse`, but an empty list is refused with `message`.
    pub fn parse_non_empty(
        items: Option<&[String]>,
        of: ListOf,
        message: &str,
    ) -> Result<Self, AppError> {
        let tags = Self::parse(items, of)?;
        if tags.0.is_empty() {
            return Err(AppError::validation(message));
        }
        Ok(tags)
    }

    /// As stored: JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.0).unwrap_or_else(|_| "[]".into())
    }

    /// A stored list back; anything unreadable reads as empty.
    pub fn from_json(text: &str) -> Vec<String> {
        serde_json::from_str(text).unwrap_or_default()
    }
}

/// A JSON number that is a whole number, however written (`4` or `4.0`: JSON Schema's
/// `integer` counts both).
pub fn whole_number(number: &serde_json::Number) -> Option<i64> {
    number.as_i64().or_else(|| {
        let value = number.as_f64()?;
        (value.fract() == 0.0 && value.abs() < 9.0e15).then_some(value as i64)
    })
}

/// A point on the map, as requests send it. The parts are `Option` so that a missing one
/// gets a clear message; both are required.
#[derive(Clone, Copy, Debug, Deserialize, ToSchema)]
pub struct LocationRequest {
    #[schema(value_type = f64, required = true, example = 85.324, minimum = -180, maximum = 180)]
    pub longitude: Option<f64>,
    #[schema(value_type = f64, required = true, example = 27.7172, minimum = -90, maximum = 90)]
    pub latitude: Option<f64>,
}

/// A point on the map in range.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, ToSchema)]
pub struct Location {
    #[schema(example = 85.324)]
    pub longitude: f64,
    #[schema(example = 27.7172)]
    pub latitude: f64,
}

impl Location {
    /// `None` when no location was sent at all.
    pub fn parse_optional(location: Option<LocationRequest>) -> Result<Option<Self>, AppError> {
        match location {
            None | Some(LocationRequest { longitude: None, latitude: None }) => Ok(None),
            Some(LocationRequest { longitude: Some(longitude), latitude: Some(latitude) }) => {
                Self::new(longitude, latitude).map(Some)
            }
            Some(_) => Err(AppError::validation("Location needs both longitude and latitude")),
        }
    }

    /// A point in range, to the nearest 0.000001° (about 11 cm): finer is noise, and a
    /// subnormal coordinate would make PostgreSQL's distance arithmetic underflow.
    pub fn new(longitude: f64, latitude: f64) -> Result<Self, AppError> {
        if !(-180.0..=180.0).contains(&longitude) || !(-90.0..=90.0).contains(&latitude) {
            return Err(AppError::validation("Location is out of range"));
        }
        let round = |degrees: f64| (degrees * 1e6).round() / 1e6;
        Ok(Self { longitude: round(longitude), latitude: round(latitude) })
    }

    /// Longitude 0, latitude 0: what the spec's forms send when the browser gives no
    /// position (denied, unsupported). It means "no position", never a place someone
    /// chose, so it never replaces a stored place (issue 26); nobody guides in the Gulf
    /// of Guinea.
    pub fn is_no_position(&self) -> bool {
        self.longitude == 0.0 && self.latitude == 0.0
    }

    pub fn parse_required(location: LocationRequest) -> Result<Self, AppError> {
        Self::parse_optional(Some(location))?
            .ok_or_else(|| AppError::validation("Location is required"))
    }

    /// From the two stored columns; `None` unless both are there.
    pub fn from_columns(longitude: Option<f64>, latitude: Option<f64>) -> Option<Self> {
        Some(Self { longitude: longitude?, latitude: latitude? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn tags_are_trimmed_and_lose_empties_and_case_insensitive_duplicates() {
        let tags = Tags::parse(
            Some(&strings(&[" English ", "", "  ", "english", "Nepali", "NEPALI"])),
            ListOf::Languages,
        )
        .unwrap();
        assert_eq!(tags.to_json(), r#"["English","Nepali"]"#);
    }

    #[test]
    fn tags_are_bounded_in_count_and_length() {
        let many: Vec<String> = (0..21).map(|i| format!("Language {i}")).collect();
        assert_eq!(
            Tags::parse(Some(&many), ListOf::Languages).unwrap_err().to_string(),
            "Please add at most 20 languages"
        );
        assert!(Tags::parse(Some(&strings(&[&"x".repeat(41)])), ListOf::Interests).is_err());
        assert!(Tags::parse(Some(&strings(&[&"x".repeat(40)])), ListOf::Interests).is_ok());
    }

    #[test]
    fn an_empty_list_can_be_refused_with_its_own_message() {
        let error = Tags::parse_non_empty(
            Some(&strings(&[" "])),
            ListOf::Interests,
            "At least one interest is required",
        );
        assert_eq!(error.unwrap_err().to_string(), "At least one interest is required");
    }

    #[test]
    fn a_location_must_be_on_the_globe() {
        let at = |longitude, latitude| LocationRequest {
            longitude: Some(longitude),
            latitude: Some(latitude),
        };
        assert!(Location::parse_optional(Some(at(85.3, 27.7))).unwrap().is_some());
        assert!(Location::parse_optional(Some(at(180.0, -90.0))).is_ok());
        for (longitude, latitude) in [(180.1, 0.0), (0.0, 90.5), (-181.0, 0.0), (0.0, -91.0)] {
            let error = Location::parse_optional(Some(at(longitude, latitude))).unwrap_err();
            assert_eq!(error.to_string(), "Location is out of range");
        }
        assert!(Location::parse_optional(None).unwrap().is_none());
    }

    #[test]
    fn only_0_0_is_no_position() {
        assert!(Location::new(0.0, 0.0).unwrap().is_no_position());
        assert!(Location::new(-0.0, 0.0).unwrap().is_no_position());
        assert!(!Location::new(0.0, 0.000001).unwrap().is_no_position());
        assert!(!Location::new(83.9595, 28.2096).unwrap().is_no_position());
    }

    #[test]
    fn line_breaks_are_stored_as_newlines_and_counted_once() {
        let text = format!("{}\r\n{}", "a".repeat(5), "b".repeat(4));
        assert_eq!(optional_text(Some(&text), "Body", 10, true).unwrap().unwrap(), "aaaaa\nbbbb");
    }

    #[test]
    fn bio_keeps_line_breaks_but_not_other_control_characters() {
        assert_eq!(
            Bio::parse(Some(" Namaste.\nI guide treks. ")).unwrap().as_str(),
            "Namaste.\nI guide treks."
        );
        assert!(Bio::parse(Some("bad\u{0}bio")).is_err());
        assert_eq!(Bio::parse(Some("  ")).unwrap_err().to_string(), "Bio is required");
        assert!(Bio::parse(Some(&"b".repeat(BIO_MAX + 1))).is_err());
    }
}
