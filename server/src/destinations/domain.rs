//! A destination as an admin's form sends it, parsed into clean values.

use crate::error::AppError;
use crate::media::upload::ImageForm;
use crate::profile::{Location, LocationRequest, optional_text, required_text};

pub const NAME_MAX: usize = 120;
pub const LOCATION_MAX: usize = 120;
pub const DESCRIPTION_MAX: usize = 5000;
const REVIEWS_MAX: i64 = 10_000_000;

/// A valid destination.
#[derive(Clone, Debug, PartialEq)]
pub struct DestinationInput {
    pub name: String,
    pub location: String,
    pub description: String,
    /// 0 to 5, one decimal.
    pub rating: f64,
    pub reviews: i64,
    pub popular: bool,
    pub coordinates: Option<Location>,
}

impl DestinationInput {
    pub fn parse(form: &ImageForm) -> Result<Self, AppError> {
        let name = required_text(form.text("name"), "Name", NAME_MAX, false)?;
        let location = required_text(form.text("location"), "Location", LOCATION_MAX, false)?;
        let description =
            required_text(form.text("description"), "Description", DESCRIPTION_MAX, true)?;
        let rating = match optional_text(form.text("rating"), "Rating", 10, false)? {
            None => 0.0,
            Some(text) => text
                .parse::<f64>()
                .ok()
                .filter(|r| r.is_finite() && (0.0..=5.0).contains(r))
                .map(|r| (r * 10.0).round() / 10.0)
                .ok_or_else(|| AppError::validation("Rating must be a number from 0 to 5"))?,
        };
        let reviews = match optional_text(form.text("reviews"), "Reviews", 12, false)? {
            None => 0,
            Some(text) => {
                text.parse::<i64>().ok().filter(|n| (0..=REVIEWS_MAX).contains(n)).ok_or_else(
                    || AppError::validation("Reviews must be a whole number of 0 or more"),
                )?
            }
        };
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
        Ok(Self { name, location, description, rating, reviews, popular, coordinates })
    }
}
