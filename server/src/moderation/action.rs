//! What the admins' moderation endpoints share: the reason an admin gives (required to act
//! against someone, optional when undoing or dismissing), the page asked for in a list, and
//! the answer when an action finds nothing to change (409 if the thing is there, else 404).

use serde::Deserialize;
use sqlx::AnyConnection;
use utoipa::{IntoParams, ToSchema};

use crate::error::{AppError, AppResult};
use crate::profile::{optional_text, required_text};

const REASON_MAX: usize = 500;

/// Why the admin acts; shown to the author and kept in the audit log.
#[derive(Deserialize, ToSchema)]
pub struct ReasonRequest {
    /// 1 to 500 characters.
    #[schema(value_type = String, min_length = 1, max_length = 500,
        pattern = r"^(?=[\s\S]*\S)[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$")]
    reason: Option<String>,
}

impl ReasonRequest {
    /// The reason, trimmed; 400 when missing, blank or too long.
    pub fn reason(&self) -> AppResult<String> {
        required_text(self.reason.as_deref(), "Reason", REASON_MAX, true)
    }
}

/// An optional note for the audit log.
#[derive(Deserialize, ToSchema)]
pub struct OptionalReasonRequest {
    /// At most 500 characters.
    #[schema(
        max_length = 500,
        pattern = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$"
    )]
    reason: Option<String>,
}

impl OptionalReasonRequest {
    /// The note, trimmed, or empty; 400 when too long.
    pub fn reason(&self) -> AppResult<String> {
        Ok(optional_text(self.reason.as_deref(), "Reason", REASON_MAX, true)?.unwrap_or_default())
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// From 1 (default 1).
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    /// 1 to 50 (default 20).
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<i64>,
}

/// 409 when the thing exists but is already in the wanted state, else 404. `exists_sql`
/// selects one column of the row whose id is `$1`.
pub async fn conflict_or_missing(
    conn: &mut AnyConnection,
    exists_sql: &str,
    id: &str,
    conflict: &str,
    missing: &str,
) -> AppResult<AppError> {
    let exists: Option<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(exists_sql.to_owned()))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(match exists {
        Some(_) => AppError::Conflict(conflict.into()),
        None => AppError::NotFound(missing.into()),
    })
}
