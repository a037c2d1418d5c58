//! Creating accounts: one path for sign-up, `create-admin` and the demo seed.

use super::domain::{Email, NewPassword, PersonName, Role};
use super::password;
use crate::db::{Db, is_unique_violation, new_id, now_ms};
use crate::error::{AppError, AppResult};

pub struct NewAccount {
    pub first_name: PersonName,
    pub last_name: PersonName,
    pub email: Email,
    pub password: NewPassword,
    pub role: Role,
}

/// Creates the account and returns its id; 409 when the email (in any case) is taken.
pub async fn create(db: &Db, account: NewAccount) -> AppResult<String> {
    if find_id_by_email(db, &account.email).await?.is_some() {
        return Err(email_conflict());
    }
    let hash = password::hash(account.password.into_inner()).await?;
    create_with_hash(db, &account.first_name, &account.last_name, &account.email, account.role, &hash).await
}

/// Stores an account whose password is already hashed (the demo seed hashes its one
/// shared password once for dozens of accounts).
pub async fn create_with_hash(
    db: &Db,
    first_name: &PersonName,
    last_name: &PersonName,
    email: &Email,
    role: Role,
    hash: &str,
) -> AppResult<String> {
    let id = new_id();
    let now = now_ms();
    let inserted = sqlx::query(
        "INSERT INTO users (id, first_name, last_name, email, email_lower, password_hash, role, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
    )
    .bind(&id)
    .bind(first_name.as_str())
    .bind(last_name.as_str())
    .bind(email.as_str())
    .bind(email.lower())
    .bind(hash)
    .bind(role.as_str())
    .bind(now)
    .execute(&db.pool)
    .await;
    match inserted {
        Ok(_) => Ok(id),
        // Two sign-ups racing with one email: the unique index decides.
        Err(e) if is_unique_violation(&e) => Err(email_conflict()),
        Err(e) => Err(e.into()),
    }
}

pub async fn find_id_by_email(db: &Db, email: &Email) -> AppResult<Option<String>> {
    let found: Option<(String,)> = sqlx::query_as("SELECT id FROM users WHERE email_lower = $1")
        .bind(email.lower())
        .fetch_optional(&db.pool)
        .await?;
    Ok(found.map(|(id,)| id))
}

fn email_conflict() -> AppError {
    AppError::Conflict("An account with this email already exists".into())
}
