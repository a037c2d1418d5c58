//! A guide's profile and certificates as parsed from requests.

use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::calendar::{date_text, parse_date, today_in_nepal};
use crate::error::AppError;
use crate::profile::{
    BIO_MAX, Bio, ListOf, Location, LocationRequest, Nationality, Tag, Tags, optional_text,
    required_text, short_texts,
};

pub const PRICE_MAX: f64 = 10_000.0;
pub const PHONE_MAX: usize = 30;
pub const ADDRESS_MAX: usize = 200;
pub const YEARS_MAX: i64 = 70;
pub const MEETING_PLACE_MAX: usize = 200;
pub const BRING_ITEMS_MAX: usize = 20;
pub const BRING_ITEM_MAX: usize = 120;
pub const CERTIFICATE_TEXT_MAX: usize = 120;
pub const CERTIFICATES_MAX: usize = 10;

/// The daily rate in cents (the API speaks dollars).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PricePerDay(i64);

impl PricePerDay {
    /// A JSON number, or a numeric string as HTML forms send, from 0 to 10000.
    pub fn parse(value: Option<&Value>) -> Result<Self, AppError> {
        let invalid = || AppError::validation("Price per day must be a number from 0 to 10000");
        let dollars = match value {
            None | Some(Value::Null) => {
                return Err(AppError::validation("Price per day is required"));
            }
            Some(Value::String(text)) if text.trim().is_empty() => {
                return Err(AppError::validation("Price per day is required"));
            }
            Some(Value::String(text)) => text.trim().parse::<f64>().map_err(|_| invalid())?,
            Some(Value::Number(number)) => number.as_f64().ok_or_else(invalid)?,
            Some(_) => return Err(invalid()),
        };
        if !dollars.is_finite() || !(0.0..=PRICE_MAX).contains(&dollars) {
            return Err(invalid());
        }
        Ok(Self((dollars * 100.0).round() as i64))
    }

    pub fn cents(self) -> i64 {
        self.0
    }
}

/// Whole years from 0 to 70; `None` when not given.
pub fn parse_years_of_experience(value: Option<&Value>) -> Result<Option<i64>, AppError> {
    let invalid = || {
        AppError::validation(format!(
            "Years of experience must be a whole number from 0 to {YEARS_MAX}"
        ))
    };
    let years = match value {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(text)) if text.trim().is_empty() => return Ok(None),
        Some(Value::String(text)) => text.trim().parse::<i64>().map_err(|_| invalid())?,
        Some(Value::Number(number)) => crate::profile::whole_number(number).ok_or_else(invalid)?,
        Some(_) => return Err(invalid()),
    };
    if !(0..=YEARS_MAX).contains(&years) {
        return Err(invalid());
    }
    Ok(Some(years))
}

#[derive(Deserialize, ToSchema, Default)]
pub struct ContactInfoRequest {
    #[schema(value_type = String, required = true, example = "+977 9800000000", min_length = 1, max_length = 30, pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    pub phone: Option<String>,
    #[schema(
        example = "Thamel, Kathmandu",
        max_length = 200,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub address: Option<String>,
}

/// The guide profile form.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuideProfileRequest {
    #[schema(value_type = String, required = true, example = "I love slow treks and tea houses.", min_length = 1, max_length = 2000, pattern = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$")]
    pub bio: Option<String>,
    /// The bio in Nepali (issue 26), shown to readers of Nepali; the same limits as `bio`.
    /// Left out: the stored one stays; empty: none.
    #[schema(value_type = String, required = false, max_length = 2000, pattern = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$")]
    pub bio_ne: Option<String>,
    #[schema(value_type = String, required = true, example = "Nepali", min_length = 1, max_length = 60, pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    pub nationality: Option<String>,
    /// Dollars per day (a numeric string is accepted too).
    #[schema(value_type = f64, required = true, example = 45, minimum = 0, maximum = 10000)]
    pub price_per_day: Option<Value>,
    #[schema(value_type = Vec<Tag>, required = true, min_items = 1, max_items = 20)]
    pub expertise_languages: Option<Vec<String>>,
    #[schema(value_type = Option<Vec<Tag>>, max_items = 20)]
    pub interests: Option<Vec<String>>,
    #[schema(value_type = ContactInfoRequest, required = true)]
    pub contact_info: Option<ContactInfoRequest>,
    /// Left out: the stored location stays. So does 0,0 (the browser gave no position):
    /// it is stored only when the guide has no location yet.
    pub location: Option<LocationRequest>,
    /// Whole years. Left out: the stored value stays.
    #[schema(value_type = Option<i64>, example = 8, minimum = 0, maximum = 70)]
    pub years_of_experience: Option<Value>,
    /// Where the guide meets travellers, for a trip that is not a tour with its own meeting
    /// point (the confirmation email says it). Left out: the stored value stays; empty clears it.
    #[schema(
        example = "The lobby of Hotel Yak & Yeti, Durbar Marg",
        max_length = 200,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub meeting_place: Option<String>,
    /// What travellers should bring, a short text each (at most 120 characters); the
    /// confirmation email lists it. Left out: the stored list stays.
    #[schema(max_items = 20, example = json!(["Rain jacket", "Water bottle"]))]
    pub what_to_bring: Option<Vec<String>>,
}

/// A valid guide profile.
pub struct GuideProfile {
    pub bio: Bio,
    /// `None` when left out (the stored one stays); `Some(None)` clears it.
    pub bio_ne: Option<Option<String>>,
    pub nationality: Nationality,
    pub price_per_day: PricePerDay,
    pub languages: Tags,
    pub interests: Tags,
    pub phone: String,
    pub address: String,
    pub location: Option<Location>,
    pub years_of_experience: Option<i64>,
    /// `None`: keep the stored one; empty: none.
    pub meeting_place: Option<String>,
    /// `None`: keep the stored list.
    pub what_to_bring: Option<Vec<String>>,
}

impl TryFrom<GuideProfileRequest> for GuideProfile {
    type Error = AppError;

    /// Checked in the order the form shows the fields, so the first message is the first problem.
    fn try_from(request: GuideProfileRequest) -> Result<Self, AppError> {
        let contact = request.contact_info.unwrap_or_default();
        Ok(Self {
            bio: Bio::parse(request.bio.as_deref())?,
            bio_ne: request
                .bio_ne
                .as_deref()
                .map(|text| optional_text(Some(text), "Nepali bio", BIO_MAX, true))
                .transpose()?,
            nationality: Nationality::parse(request.nationality.as_deref())?,
            price_per_day: PricePerDay::parse(request.price_per_day.as_ref())?,
            languages: Tags::parse_non_empty(
                request.expertise_languages.as_deref(),
                ListOf::Languages,
                "Please add at least one language",
            )?,
            interests: Tags::parse(request.interests.as_deref(), ListOf::Interests)?,
            phone: required_text(contact.phone.as_deref(), "Phone", PHONE_MAX, false)?,
            address: optional_text(contact.address.as_deref(), "Address", ADDRESS_MAX, false)?
                .unwrap_or_default(),
            location: request.location.map(Location::parse_required).transpose()?,
            years_of_experience: parse_years_of_experience(request.years_of_experience.as_ref())?,
            meeting_place: match request.meeting_place {
                Some(place) => Some(
                    optional_text(Some(&place), "Meeting place", MEETING_PLACE_MAX, false)?
                        .unwrap_or_default(),
                ),
                None => None,
            },
            what_to_bring: request
                .what_to_bring
                .map(|items| short_texts(items, "What to bring", BRING_ITEMS_MAX, BRING_ITEM_MAX))
                .transpose()?,
        })
    }
}

/// One certificate as the form sends it.
#[derive(Deserialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct CertificateRequest {
    #[schema(value_type = String, required = true, example = "Trekking Guide Licence", min_length = 1, max_length = 120, pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    pub name: Option<String>,
    #[schema(value_type = String, required = true, example = "Nepal Tourism Board", min_length = 1, max_length = 120, pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    pub issuing_organization: Option<String>,
    /// Not after today (in Nepal).
    #[schema(value_type = String, required = true, format = Date, example = "2021-04-15")]
    pub issue_date: Option<String>,
    /// A guide licence's number (issue 15); give it with `expiresOn`, or neither.
    #[schema(value_type = String, required = false, example = "NTB-TG-04127", max_length = 40, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    pub licence_number: Option<String>,
    /// The licence's last valid day, after today (in Nepal).
    #[schema(value_type = String, required = false, format = Date, example = "2028-03-31")]
    pub expires_on: Option<String>,
}

/// A valid certificate's text.
pub struct Certificate {
    pub name: String,
    pub issuing_organization: String,
    pub issue_date: IssueDate,
    /// Set when the certificate is a guide licence, with a number and an expiry.
    pub licence: Option<Licence>,
}

/// A guide licence: what an admin needs to verify a guide (issue 15).
pub struct Licence {
    pub number: String,
    /// The last day it is valid, `YYYY-MM-DD`.
    pub expires_on: time::Date,
}

pub const LICENCE_NUMBER_MAX: usize = 40;

impl Licence {
    /// Both fields or neither; a licence already expired is refused.
    pub fn parse(
        number: Option<&str>,
        expires_on: Option<&str>,
        issue_date: IssueDate,
    ) -> Result<Option<Self>, AppError> {
        let number = optional_text(number, "Licence number", LICENCE_NUMBER_MAX, false)?;
        let expires_on = expires_on.map(str::trim).filter(|d| !d.is_empty());
        let (number, expires_on) = match (number, expires_on) {
            (None, None) => return Ok(None),
            (Some(number), Some(expires_on)) => (number, expires_on),
            _ => {
                return Err(AppError::validation(
                    "Please give both the licence number and its expiry date, or neither",
                ));
            }
        };
        let expires_on = parse_date(expires_on)
            .ok_or_else(|| AppError::validation("Expiry date must be a real date (YYYY-MM-DD)"))?;
        if expires_on <= issue_date.0 {
            return Err(AppError::validation("Expiry date must be after the issue date"));
        }
        if expires_on < today_in_nepal() {
            return Err(AppError::validation(
                "This licence has expired: please submit your renewed licence",
            ));
        }
        Ok(Some(Self { number, expires_on }))
    }
}

pub fn fill_every_field() -> AppError {
    AppError::validation("Please fill in all fields and upload a file for each certificate.")
}

impl TryFrom<CertificateRequest> for Certificate {
    type Error = AppError;

    fn try_from(request: CertificateRequest) -> Result<Self, AppError> {
        let text = |value: Option<&str>, field: &str| {
            optional_text(value, field, CERTIFICATE_TEXT_MAX, false)?.ok_or_else(fill_every_field)
        };
        let name = text(request.name.as_deref(), "Certificate name")?;
        let issuing_organization =
            text(request.issuing_organization.as_deref(), "Issuing organization")?;
        let issue_date = request
            .issue_date
            .as_deref()
            .map(str::trim)
            .filter(|d| !d.is_empty())
            .ok_or_else(fill_every_field)?;
        let issue_date = IssueDate::parse(issue_date)?;
        let licence = Licence::parse(
            request.licence_number.as_deref(),
            request.expires_on.as_deref(),
            issue_date,
        )?;
        Ok(Self { name, issuing_organization, issue_date, licence })
    }
}

/// A real calendar date, not after today in Nepal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IssueDate(time::Date);

impl IssueDate {
    pub fn parse(text: &str) -> Result<Self, AppError> {
        let date = parse_date(text)
            .ok_or_else(|| AppError::validation("Issue date must be a real date (YYYY-MM-DD)"))?;
        if date > today_in_nepal() {
            return Err(AppError::validation("Issue date cannot be in the future"));
        }
        Ok(Self(date))
    }

    pub fn to_text(self) -> String {
        date_text(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn price_per_day_accepts_numbers_and_numeric_strings_in_range() {
        assert_eq!(PricePerDay::parse(Some(&json!(45))).unwrap().cents(), 4500);
        assert_eq!(PricePerDay::parse(Some(&json!(12.345))).unwrap().cents(), 1235);
        assert_eq!(PricePerDay::parse(Some(&json!("0"))).unwrap().cents(), 0);
        assert_eq!(PricePerDay::parse(Some(&json!(10000))).unwrap().cents(), 1_000_000);
        for bad in [
            json!(-1),
            json!(10000.01),
            json!("abc"),
            json!(true),
            json!([1]),
            json!("NaN"),
            json!("inf"),
        ] {
            let error = PricePerDay::parse(Some(&bad)).unwrap_err().to_string();
            assert_eq!(error, "Price per day must be a number from 0 to 10000", "{bad}");
        }
        for missing in [None, Some(&json!(null)), Some(&json!(" "))] {
            assert_eq!(
                PricePerDay::parse(missing).unwrap_err().to_string(),
                "Price per day is required"
            );
        }
    }

    #[test]
    fn years_of_experience_is_a_whole_number_up_to_70() {
        assert_eq!(parse_years_of_experience(Some(&json!(8))).unwrap(), Some(8));
        assert_eq!(parse_years_of_experience(None).unwrap(), None);
        for bad in [json!(-1), json!(71), json!(2.5), json!("many")] {
            assert!(parse_years_of_experience(Some(&bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn issue_dates_must_be_real_and_not_in_the_future() {
        assert_eq!(IssueDate::parse("2020-02-29").unwrap().to_text(), "2020-02-29");
        for bad in ["2021-02-29", "2021-13-01", "21-01-01", "yesterday", "2021-1-1"] {
            assert_eq!(
                IssueDate::parse(bad).unwrap_err().to_string(),
                "Issue date must be a real date (YYYY-MM-DD)",
                "{bad}"
            );
        }
        assert_eq!(
            IssueDate::parse("2999-01-01").unwrap_err().to_string(),
            "Issue date cannot be in the future"
        );
    }

    #[test]
    fn a_licence_has_a_number_and_a_real_expiry_after_its_issue_and_today() {
        let issued = IssueDate::parse("2020-01-01").unwrap();
        let licence = Licence::parse(Some(" NTB-1 "), Some("2999-12-31"), issued).unwrap().unwrap();
        assert_eq!(licence.number, "NTB-1");
        assert!(Licence::parse(None, Some(" "), issued).unwrap().is_none());
        for (number, expiry, message) in [
            (
                Some("NTB-1"),
                None,
                "Please give both the licence number and its expiry date, or neither",
            ),
            (
                None,
                Some("2999-12-31"),
                "Please give both the licence number and its expiry date, or neither",
            ),
            (Some("NTB-1"), Some("2999-02-30"), "Expiry date must be a real date (YYYY-MM-DD)"),
            (Some("NTB-1"), Some("2019-12-31"), "Expiry date must be after the issue date"),
            (
                Some("NTB-1"),
                Some("2020-06-01"),
                "This licence has expired: please submit your renewed licence",
            ),
        ] {
            assert_eq!(Licence::parse(number, expiry, issued).err().unwrap().to_string(), message);
        }
    }
}
