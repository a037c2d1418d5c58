//! The one check every way in makes: a suspended account is refused at sign-in, at
//! refresh, and on every request carrying one of its access tokens. A deleted account
//! (auth/deletion.rs) is refused the same way, as a session that has ended.

use crate::db::Db;
use crate::error::{AppError, AppResult};

pub const SUSPENDED: &str =
    "This account is suspended. Please contact support if you think this is a mistake.";

/// Whether the account is suspended now (one primary-key lookup); unknown accounts are not.
pub async fn is_suspended(db: &Db, user_id: &str) -> AppResult<bool> {
    let found: Option<(Option<i64>,)> =
        sqlx::query_as("SELECT suspended_at FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&db.pool)
            .await?;
    Ok(matches!(found, Some((Some(_),))))
}

/// 403 with a clear message for a suspended account signing in with the right password.
pub async fn refuse_sign_in(db: &Db, user_id: &str) -> AppResult<()> {
    if is_suspended(db, user_id).await? {
        Err(AppError::Forbidden(SUSPENDED.into()))
    } else {
        Ok(())
    }
}

/// 401 for a suspended or deleted account's token or refresh token: the client signs out.
pub async fn refuse_session(db: &Db, user_id: &str) -> AppResult<()> {
    let found: Option<(Option<i64>, Option<i64>)> =
        sqlx::query_as("SELECT suspended_at, deleted_at FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&db.pool)
            .await?;
    match found {
        Some((_, Some(_))) => {
            Err(AppError::Unauthorized("Your session has expired. Please sign in again.".into()))
        }
        Some((Some(_), None)) => Err(AppError::Unauthorized(SUSPENDED.into())),
        _ => Ok(()),
    }
}
