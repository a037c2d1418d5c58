//! Slows down password guessing: failed logins are counted per account and per address
//! in the database, so the limit holds across every server replica.

use crate::db::{Db, new_id, now_ms};
use crate::error::AppError;

const WINDOW_MS: i64 = 15 * 60 * 1000;
/// Failed attempts on one account within the window before it is locked for the rest of it.
pub const MAX_FAILURES_PER_ACCOUNT: i64 = 5;
/// Failed attempts from one address within the window, across all accounts.
pub const MAX_FAILURES_PER_IP: i64 = 30;

pub async fn check(db: &Db, email_lower: &str, ip: &str) -> Result<(), AppError> {
    let since = now_ms() - WINDOW_MS;
    let (by_account, by_ip): (i64, i64) = sqlx::query_as(
        "SELECT \
           (SELECT COUNT(*) FROM login_failures WHERE email_lower = $1 AND created_at > $3), \
           (SELECT COUNT(*) FROM login_failures WHERE ip = $2 AND created_at > $3)",
    )
    .bind(email_lower)
    .bind(ip)
    .bind(since)
    .fetch_one(&db.pool)
    .await?;
    if by_account >= MAX_FAILURES_PER_ACCOUNT || by_ip >= MAX_FAILURES_PER_IP {
        return Err(AppError::TooManyRequests(
            "Too many failed sign-in attempts. Please wait 15 minutes and try again.".into(),
        ));
    }
    Ok(())
}

pub async fn record_failure(db: &Db, email_lower: &str, ip: &str) -> Result<(), AppError> {
    let now = now_ms();
    sqlx::query("INSERT INTO login_failures (id, email_lower, ip, created_at) VALUES ($1, $2, $3, $4)")
        .bind(new_id())
        .bind(email_lower)
        .bind(ip)
        .bind(now)
        .execute(&db.pool)
        .await?;
    // Old rows are useless; trimming here keeps the table small without a background job.
    sqlx::query("DELETE FROM login_failures WHERE created_at < $1")
        .bind(now - WINDOW_MS)
        .execute(&db.pool)
        .await?;
    Ok(())
}

pub async fn clear_account(db: &Db, email_lower: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM login_failures WHERE email_lower = $1")
        .bind(email_lower)
        .execute(&db.pool)
        .await?;
    Ok(())
}
