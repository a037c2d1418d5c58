//! A destination as an admin's form sends it, parsed into clean values. Its rating is not
//! the admin's to type: it comes from the reviews of trips there (`ratings`). Its texts may
//! come in Nepali too (issue 26); readers of Nepali see those where given, the English
//! otherwise (the client picks, so one answer serves both languages).

use crate::error::AppError;
use crate::media::upload::ImageForm;
use crate::profile::{Location, LocationRequest, optional_text, required_text};

pub const NAME_MAX: usize = 120;
pub const LOCATION_MAX: usize = 120;
pub const DESCRIPTION_MAX: usize = 5000;
pub const HIGHLIGHTS_MAX: usize = 8;
pub const HIGHLIGHT_MAX: usize = 80;

/// A valid destination.
#[derive(Clone, Debug, PartialEq)]
pub struct DestinationInput {
    pub name: String,
    pub location: String,
    pub description: String,
    pub popular: bool,
    pub coordinates: Option<Location>,
    pub highlights: Highlights,
    pub nepali: NepaliTexts,
}

/// The destination's texts in Nepali; each `None` where the admin wrote none.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NepaliTexts {
    pub name: Option<String>,
    pub location: Option<String>,
    pub description: Option<String>,
    pub highlights: Highlights,
}

/// A destination's own highlights, in the order the admin put them: at most 8, each one
/// line of 1 to 80 characters. Empty where none are given; the pages then show the spec's
/// four.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Highlights(Vec<String>);

impl Highlights {
    /// From the form's field: a JSON list of texts (`["Sunrise over the Annapurnas"]`);
    /// left out or empty, none. `nepali` names the list in messages.
    pub fn parse_field(text: Option<&str>, nepali: bool) -> Result<Self, AppError> {
        let text = text.map(str::trim).unwrap_or("");
        if text.is_empty() {
            return Ok(Self::default());
        }
        let items: Vec<String> = serde_json::from_str(text).map_err(|_| {
            AppError::validation(if nepali {
                "Nepali highlights must be a JSON list of texts"
            } else {
                "Highlights must be a JSON list of texts"
            })
        })?;
        Self::parse(items, nepali)
    }

    pub fn parse(items: Vec<String>, nepali: bool) -> Result<Self, AppError> {
        let (item, items_name) = if nepali {
            ("Nepali highlight", "Nepali highlights")
        } else {
            ("highlight", "highlights")
        };
        if items.len() > HIGHLIGHTS_MAX {
            return Err(AppError::validation(format!(
                "Please add at most {HIGHLIGHTS_MAX} {items_name}"
            )));
        }
        let invalid = || {
            AppError::validation(format!(
                "Each {item} must be from 1 to {HIGHLIGHT_MAX} characters, on one line"
            ))
        };
        items
            .iter()
            .map(|text| {
                let trimmed = text.trim();
                let fits = (1..=HIGHLIGHT_MAX).contains(&trimmed.chars().count());
                if fits && !trimmed.chars().any(char::is_control) {
                    Ok(trimmed.to_owned())
                } else {
                    Err(invalid())
                }
            })
            .collect::<Result<_, _>>()
            .map(Self)
    }

    /// Stored text: `None` for none.
    pub fn to_column(&self) -> Option<String> {
        (!self.0.is_empty()).then(|| serde_json::to_string(&self.0).unwrap_or_default())
    }

    /// Read back from the column the server wrote; unreadable text counts as none.
    pub fn from_column(text: Option<&str>) -> Vec<String> {
        text.and_then(|t| serde_json::from_str(t).ok()).unwrap_or_default()
    }
}

impl DestinationInput {
    pub fn parse(form: &ImageForm) -> Result<Self, AppError> {
        let name = required_text(form.text("name"), "Name", NAME_MAX, false)?;
        let location = required_text(form.text("location"), "Location", LOCATION_MAX, false)?;
        let description =
            required_text(form.text("description"), "Description", DESCRIPTION_MAX, true)?;
        let popular = match form.text("popular").map(|p| p.trim().to_lowercase()).as_deref() {
            None | Some("") | Some("false") | Some("off") | Some("0") => false,
            Some("true") | Some("on") | Some("1") => true,
            Some(_) => return Err(AppError::validation("Popular must be true or false")),
        };
        let coordinate = |name: &str| -> Result<Option<f64>, AppError> {
            match optional_text(form.text(name), name, 30, false)? {
                None => Ok(None),
                Some(text) => text
                    .parse::<f64>()
                    .map(Some)
                    .map_err(|_| AppError::validation("Location is out of range")),
            }
        };
        let coordinates = Location::parse_optional(Some(LocationRequest {
            longitude: coordinate("longitude")?,
            latitude: coordinate("latitude")?,
        }))?;
        let nepali = NepaliTexts {
            name: optional_text(form.text("nameNe"), "Nepali name", NAME_MAX, false)?,
            location: optional_text(
                form.text("locationNe"),
                "Nepali location",
                LOCATION_MAX,
                false,
            )?,
            description: optional_text(
                form.text("descriptionNe"),
                "Nepali description",
                DESCRIPTION_MAX,
                true,
            )?,
            highlights: Highlights::parse_field(form.text("highlightsNe"), true)?,
        };
        let highlights = Highlights::parse_field(form.text("highlights"), false)?;
        Ok(Self { name, location, description, popular, coordinates, highlights, nepali })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn highlights_are_trimmed_and_kept_in_order() {
        let parsed =
            Highlights::parse_field(Some(r#"[" Sunrise ", "Tea houses"]"#), false).unwrap();
        assert_eq!(parsed, Highlights(vec!["Sunrise".into(), "Tea houses".into()]));
        assert_eq!(Highlights::from_column(parsed.to_column().as_deref()), parsed.0);
        assert_eq!(Highlights::parse_field(Some(" "), false).unwrap().to_column(), None);
    }

    #[test]
    fn bad_highlights_are_refused_with_a_reason() {
        let nine = serde_json::to_string(&vec!["x"; 9]).unwrap();
        for (text, nepali, message) in [
            (nine.as_str(), false, "Please add at most 8 highlights"),
            (r#"["", "b"]"#, false, "Each highlight must be from 1 to 80 characters, on one line"),
            (
                r#"["a\nb"]"#,
                true,
                "Each Nepali highlight must be from 1 to 80 characters, on one line",
            ),
            ("Sunrise", false, "Highlights must be a JSON list of texts"),
            ("[1]", true, "Nepali highlights must be a JSON list of texts"),
        ] {
            let error = Highlights::parse_field(Some(text), nepali).unwrap_err();
            assert_eq!(error.to_string(), message);
        }
        let long = serde_json::to_string(&vec!["क".repeat(81)]).unwrap();
        assert!(Highlights::parse_field(Some(&long), true).is_err());
        let fits = serde_json::to_string(&vec!["क".repeat(80)]).unwrap();
        assert!(Highlights::parse_field(Some(&fits), true).is_ok());
    }
}
