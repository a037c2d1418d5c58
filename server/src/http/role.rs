//! The three kinds of account. A role is a fact about the caller, so the kernel owns it:
//! every feature and the role extractors (`session`) name it.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Tourist,
    Guide,
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Tourist => "tourist",
            Role::Guide => "guide",
            Role::Admin => "admin",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "tourist" => Some(Role::Tourist),
            "guide" => Some(Role::Guide),
            "admin" => Some(Role::Admin),
            _ => None,
        }
    }

    /// The roles a person may choose for themselves at sign-up (exactly as the document
    /// spells them: anything else is refused, not guessed at).
    pub fn parse_self_chosen(text: Option<&str>) -> Result<Self, AppError> {
        match text {
            None => Ok(Role::Tourist),
            Some("tourist") => Ok(Role::Tourist),
            Some("guide") => Ok(Role::Guide),
            Some(_) => Err(AppError::validation("Role must be tourist or guide")),
        }
    }
}
