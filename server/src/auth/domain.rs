//! Account values parsed from requests: a handler only ever holds valid ones.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::AppError;

pub const NAME_MAX: usize = 50;
pub const EMAIL_MAX: usize = 254;
pub const PASSWORD_MIN: usize = 8;
pub const PASSWORD_MAX: usize = 128;

/// The roles a person can hold by their own choice, as the document lists them (the
/// requests carry text so that a wrong one gets our message, not serde's).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SelfChosenRole {
    Tourist,
    Guide,
}

/// A trimmed, non-empty person's name of sane length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PersonName(String);

impl PersonName {
    pub fn parse(text: Option<&str>, field: &str) -> Result<Self, AppError> {
        let trimmed = text.unwrap_or("").trim();
        if trimmed.is_empty() {
            return Err(AppError::validation(format!("{field} is required")));
        }
        if trimmed.chars().count() > NAME_MAX {
            return Err(AppError::validation(format!(
                "{field} must be at most {NAME_MAX} characters"
            )));
        }
        if trimmed.chars().any(char::is_control) {
            return Err(AppError::validation(format!(
                "{field} contains characters that are not allowed"
            )));
        }
        Ok(Self(trimmed.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An email address as typed (trimmed), compared case-insensitively.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(text: Option<&str>) -> Result<Self, AppError> {
        let trimmed = text.unwrap_or("").trim();
        let invalid = || AppError::validation("Please enter a valid email address");
        if trimmed.is_empty() {
            return Err(AppError::validation("Email is required"));
        }
        if trimmed.len() > EMAIL_MAX {
            return Err(invalid());
        }
        let parsed: email_address::EmailAddress = trimmed.parse().map_err(|_| invalid())?;
        // The RFC allows dotless domains and quoted local parts; a marketplace account does not.
        // The parser also takes "Name <address>", which would store the name as the address.
        // The client mirrors these rules (web/src/lib/email-address.ts).
        if !parsed.domain().contains('.')
            || trimmed.contains('<')
            || parsed.local_part().starts_with('"')
            || parsed.domain().starts_with('[')
        {
            return Err(invalid());
        }
        Ok(Self(trimmed.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn lower(&self) -> String {
        self.0.to_lowercase()
    }
}

/// A new password that meets the rules.
pub struct NewPassword(String);

impl NewPassword {
    pub fn parse(password: Option<&str>, confirm: Option<&str>) -> Result<Self, AppError> {
        let password = password.unwrap_or("");
        if password.is_empty() {
            return Err(AppError::validation("Password is required"));
        }
        let length = password.chars().count();
        if length < PASSWORD_MIN {
            return Err(AppError::validation(format!(
                "Password must be at least {PASSWORD_MIN} characters"
            )));
        }
        if length > PASSWORD_MAX {
            return Err(AppError::validation(format!(
                "Password must be at most {PASSWORD_MAX} characters"
            )));
        }
        if confirm != Some(password) {
            return Err(AppError::validation("Passwords do not match"));
        }
        Ok(Self(password.to_owned()))
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::Role;

    #[test]
    fn emails_that_people_mistype_are_refused() {
        for bad in [
            "",
            "  ",
            "plainaddress",
            "a@b",
            "tess@example",
            "a@@b.com",
            "a b@c.com",
            "@nepal.np",
            "x@[1.2.3.4]",
            "Tess <tess@example.com>",
        ] {
            assert!(Email::parse(Some(bad)).is_err(), "{bad:?} should be refused");
        }
        assert!(Email::parse(None).is_err());
    }

    #[test]
    fn ordinary_emails_are_accepted_and_trimmed() {
        let email = Email::parse(Some("  Sita.Rai+trek@Example.com.np ")).unwrap();
        assert_eq!(email.as_str(), "Sita.Rai+trek@Example.com.np");
        assert_eq!(email.lower(), "sita.rai+trek@example.com.np");
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(PersonName::parse(Some("  Pemba "), "First name").unwrap().as_str(), "Pemba");
        assert!(PersonName::parse(Some("   "), "First name").is_err());
        assert!(PersonName::parse(Some(&"a".repeat(NAME_MAX + 1)), "First name").is_err());
        assert!(PersonName::parse(Some("नेपाल"), "First name").is_ok());
    }

    #[test]
    fn passwords_need_length_and_a_matching_confirmation() {
        assert!(NewPassword::parse(Some("short"), Some("short")).is_err());
        assert!(NewPassword::parse(Some("long enough"), Some("long enougH")).is_err());
        assert!(NewPassword::parse(Some("long enough"), None).is_err());
        assert!(NewPassword::parse(Some("long enough"), Some("long enough")).is_ok());
    }

    #[test]
    fn admin_cannot_be_chosen_at_sign_up() {
        assert!(Role::parse_self_chosen(Some("admin")).is_err());
        assert_eq!(Role::parse_self_chosen(None).unwrap(), Role::Tourist);
        assert_eq!(Role::parse_self_chosen(Some("guide")).unwrap(), Role::Guide);
    }
}
