//! A traveller's emergency contact and travel insurance: parsed from the traveller form,
//! stored apart from the profile (see migration 0021), and read only by the traveller and
//! by the guide of a paid trip with them while that trip runs.

use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::auth::domain::Email;
use crate::db::{Db, now_ms};
use crate::error::{AppError, AppResult};
use crate::profile::optional_text;

pub const NAME_MAX: usize = 100;
pub const PHONE_MAX: usize = 30;
pub const POLICY_MAX: usize = 60;
/// A phone number has at least this many digits (Nepal's shortest, the police's 100, is
/// not a contact's number; a mobile has ten).
const PHONE_DIGITS_MIN: usize = 6;

/// The traveller form's emergency section, as sent. Every field may be empty; the rules
/// between them are in `EmergencyInfo::parse`.
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct EmergencyInfoRequest {
    #[schema(example = "Maya Rai", max_length = 100, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    contact_name: Option<String>,
    #[schema(
        example = "+977 9841000000",
        max_length = 30,
        pattern = r"^\s*(\+?[ ()\-]*([0-9][ ()\-]*){6,})?\s*$"
    )]
    contact_phone: Option<String>,
    #[schema(example = "maya@example.com", max_length = 254)]
    contact_email: Option<String>,
    #[schema(example = "World Nomads", max_length = 100, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    insurance_provider: Option<String>,
    #[schema(example = "WN-2026-448812", max_length = 60, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    insurance_policy_number: Option<String>,
    #[schema(
        example = "+61 2 8263 0484",
        max_length = 30,
        pattern = r"^\s*(\+?[ ()\-]*([0-9][ ()\-]*){6,})?\s*$"
    )]
    insurance_emergency_phone: Option<String>,
}

/// Who to call and who pays for a rescue. Empty text means not given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct EmergencyInfo {
    pub contact_name: String,
    pub contact_phone: String,
    pub contact_email: String,
    pub insurance_provider: String,
    pub insurance_policy_number: String,
    pub insurance_emergency_phone: String,
}

impl EmergencyInfo {
    /// Clean values, or the first problem in words the form can show next to its field.
    pub fn parse(request: &EmergencyInfoRequest) -> AppResult<Self> {
        let text = |value: &Option<String>, field: &str, max: usize| -> AppResult<String> {
            Ok(optional_text(value.as_deref(), field, max, false)?.unwrap_or_default())
        };
        let contact_name = text(&request.contact_name, "Emergency contact name", NAME_MAX)?;
        let contact_phone = phone(&request.contact_phone, "Emergency contact phone")?;
        let contact_email =
            match request.contact_email.as_deref().map(str::trim).filter(|email| !email.is_empty())
            {
                None => String::new(),
                Some(email) => Email::parse(Some(email))
                    .map_err(|_| {
                        AppError::validation(
                            "Emergency contact email must be a valid email address",
                        )
                    })?
                    .as_str()
                    .to_owned(),
            };
        let insurance_provider = text(&request.insurance_provider, "Insurance provider", NAME_MAX)?;
        let insurance_policy_number =
            text(&request.insurance_policy_number, "Insurance policy number", POLICY_MAX)?;
        let insurance_emergency_phone =
            phone(&request.insurance_emergency_phone, "Insurance emergency phone")?;

        let has_contact_way = !contact_phone.is_empty() || !contact_email.is_empty();
        if contact_name.is_empty() && has_contact_way {
            return Err(AppError::validation("Please give your emergency contact's name"));
        }
        if !contact_name.is_empty() && !has_contact_way {
            return Err(AppError::validation(
                "Please give a phone number or an email for your emergency contact",
            ));
        }
        let has_insurance_detail =
            !insurance_policy_number.is_empty() || !insurance_emergency_phone.is_empty();
        if insurance_provider.is_empty() && has_insurance_detail {
            return Err(AppError::validation("Please give your insurance provider"));
        }
        Ok(Self {
            contact_name,
            contact_phone,
            contact_email,
            insurance_provider,
            insurance_policy_number,
            insurance_emergency_phone,
        })
    }
}

/// A phone number as people write them: an optional `+`, digits, spaces, dashes and
/// brackets, with enough digits to dial. Empty is allowed (the caller decides).
fn phone(value: &Option<String>, field: &str) -> AppResult<String> {
    let Some(trimmed) = optional_text(value.as_deref(), field, PHONE_MAX, false)? else {
        return Ok(String::new());
    };
    let body = trimmed.strip_prefix('+').unwrap_or(&trimmed);
    let allowed = body.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '(' | ')'));
    let digits = body.chars().filter(char::is_ascii_digit).count();
    if !allowed || digits < PHONE_DIGITS_MIN {
        return Err(AppError::validation(format!(
            "{field} must be a phone number, like +977 9841000000"
        )));
    }
    Ok(trimmed)
}

const COLUMNS: &str = "contact_name, contact_phone, contact_email, insurance_provider, \
    insurance_policy AS insurance_policy_number, insurance_phone AS insurance_emergency_phone";

/// The traveller's details (all empty until given).
pub async fn get(conn: &mut AnyConnection, tourist_id: &str) -> AppResult<EmergencyInfo> {
    let found: Option<EmergencyInfo> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM emergency_info WHERE user_id = $1"
    )))
    .bind(tourist_id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.unwrap_or_default())
}

pub async fn save(db: &Db, tourist_id: &str, info: &EmergencyInfo) -> AppResult<()> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO emergency_info (user_id, contact_name, contact_phone, contact_email, insurance_provider, insurance_policy, \
           insurance_phone, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) \
         ON CONFLICT (user_id) DO UPDATE SET contact_name = excluded.contact_name, contact_phone = excluded.contact_phone, \
           contact_email = excluded.contact_email, insurance_provider = excluded.insurance_provider, \
           insurance_policy = excluded.insurance_policy, insurance_phone = excluded.insurance_phone, updated_at = excluded.updated_at",
    )
    .bind(tourist_id)
    .bind(&info.contact_name)
    .bind(&info.contact_phone)
    .bind(&info.contact_email)
    .bind(&info.insurance_provider)
    .bind(&info.insurance_policy_number)
    .bind(&info.insurance_emergency_phone)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(name: &str, phone: &str, email: &str) -> EmergencyInfoRequest {
        EmergencyInfoRequest {
            contact_name: Some(name.into()),
            contact_phone: Some(phone.into()),
            contact_email: Some(email.into()),
            ..Default::default()
        }
    }

    #[test]
    fn a_contact_needs_a_name_and_a_way_to_reach_them() {
        assert!(EmergencyInfo::parse(&request("Maya Rai", "+977 984-100 0000", "")).is_ok());
        assert!(EmergencyInfo::parse(&request("Maya Rai", "", "maya@example.com")).is_ok());
        assert!(EmergencyInfo::parse(&request("", "", "")).is_ok());
        assert!(EmergencyInfo::parse(&request("Maya Rai", "", "")).is_err());
        assert!(EmergencyInfo::parse(&request("", "9841000000", "")).is_err());
    }

    #[test]
    fn phone_numbers_are_digits_with_the_usual_separators() {
        assert!(EmergencyInfo::parse(&request("Maya", "(01) 4247041", "")).is_ok());
        assert!(EmergencyInfo::parse(&request("Maya", "call me", "")).is_err());
        assert!(EmergencyInfo::parse(&request("Maya", "12345", "")).is_err());
        assert!(EmergencyInfo::parse(&request("Maya", "+977+9841000000", "")).is_err());
    }

    #[test]
    fn a_policy_without_a_provider_is_refused() {
        let policy = EmergencyInfoRequest {
            insurance_policy_number: Some("P-1".into()),
            ..Default::default()
        };
        assert!(EmergencyInfo::parse(&policy).is_err());
    }
}
