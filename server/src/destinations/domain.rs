//! A destination as an admin's form sends it, parsed into clean values. Its rating is not
//! the admin's to type: it comes from the reviews of trips there (`ratings`).

use crate::error::AppError;
use crate::media::upload::ImageForm;
use crate::profile::{Location, LocationRequest, optional_text, required_text};

pub const NAME_MAX: usize = 120;
pub const LOCATION_MAX: usize = 120;
pub const DESCRIPTION_MAX: usize = 5000;

/// A valid destination.
#[derive(Clone, Debug, PartialEq)]
pub struct DestinationInput {
    pub name: String,
    pub location: String,
    pub description: String,
    pub popular: bool,
    pub coordinates: Option<Location>,
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
        Ok(Self { name, location, description, popular, coordinates })
    }
}
