//! Single-use links sent by email (verify the address, reset the password). Only the
//! SHA-256 of a token is stored, like refresh tokens; the token itself exists only in
//! the email.

use crate::db::{Db, new_id, now_ms};
use crate::error::{AppError, AppResult};
use crate::http::tokens::{hash_refresh_token, new_refresh_token};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    VerifyEmail,
    ResetPassword,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::VerifyEmail => "verify_email",
            Purpose::ResetPassword => "reset_password",
        }
    }

    fn lifetime_ms(self) -> i64 {
        match self {
            Purpose::VerifyEmail => 7 * 24 * 3600 * 1000,
            Purpose::ResetPassword => 30 * 60 * 1000,
        }
    }

    /// What the link is called in error messages.
    fn link(self) -> &'static str {
        match self {
            Purpose::VerifyEmail => "verification link",
            Purpose::ResetPassword => "password reset link",
        }
    }
}

/// A new token for `user_id`, valid for the purpose's lifetime.
pub async fn issue(db: &Db, user_id: &str, purpose: Purpose) -> AppResult<String> {
    let token = new_refresh_token();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO account_tokens (id, user_id, purpose, token_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(purpose.as_str())
    .bind(hash_refresh_token(&token))
    .bind(now + purpose.lifetime_ms())
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(token)
}

/// The token's id and account while it can still be used; 400 saying why when it is
/// unknown, used or expired.
async fn usable(
    conn: &mut sqlx::AnyConnection,
    token: Option<&str>,
    purpose: Purpose,
) -> AppResult<(String, String)> {
    let link = purpose.link();
    let unknown =
        || AppError::validation(format!("This {link} is not valid. Please ask for a new one."));
    let token =
        token.map(str::trim).filter(|t| !t.is_empty() && t.len() <= 200).ok_or_else(unknown)?;
    let found: Option<(String, String, i64, Option<i64>)> =
        sqlx::query_as("SELECT id, user_id, expires_at, used_at FROM account_tokens WHERE token_hash = $1 AND purpose = $2")
            .bind(hash_refresh_token(token))
            .bind(purpose.as_str())
            .fetch_optional(&mut *conn)
            .await?;
    let (id, user_id, expires_at, used_at) = found.ok_or_else(unknown)?;
    if used_at.is_some() {
        return Err(used(purpose));
    }
    if expires_at <= now_ms() {
        return Err(AppError::validation(format!(
            "This {link} has expired. Please ask for a new one."
        )));
    }
    Ok((id, user_id))
}

fn used(purpose: Purpose) -> AppError {
    AppError::validation(format!(
        "This {} has already been used. Please ask for a new one.",
        purpose.link()
    ))
}

/// 400 unless `token` could be used now (a cheap look before slow work).
pub async fn check(db: &Db, token: Option<&str>, purpose: Purpose) -> AppResult<()> {
    let mut conn = db.pool.acquire().await?;
    usable(&mut conn, token, purpose).await.map(|_| ())
}

/// Uses up `token` inside `conn`'s transaction and returns its account; 400 saying why
/// when it is unknown, used or expired. Of two concurrent uses, one wins.
pub async fn consume(
    conn: &mut sqlx::AnyConnection,
    token: Option<&str>,
    purpose: Purpose,
) -> AppResult<String> {
    let (id, user_id) = usable(conn, token, purpose).await?;
    let now = now_ms();
    let claimed =
        sqlx::query("UPDATE account_tokens SET used_at = $1 WHERE id = $2 AND used_at IS NULL")
            .bind(now)
            .bind(&id)
            .execute(&mut *conn)
            .await?;
    if claimed.rows_affected() != 1 {
        return Err(used(purpose));
    }
    // The other links of this kind go too: a used reset link must not leave older ones working.
    sqlx::query("UPDATE account_tokens SET used_at = $1 WHERE user_id = $2 AND purpose = $3 AND used_at IS NULL")
        .bind(now)
        .bind(&user_id)
        .bind(purpose.as_str())
        .execute(&mut *conn)
        .await?;
    Ok(user_id)
}
