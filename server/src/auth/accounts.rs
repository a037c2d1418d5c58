//! Creating accounts: one path for sign-up, `create-admin` and the demo seed.

use super::domain::{Email, NewPassword, PersonName};
use super::password;
use crate::db::{Db, is_unique_violation, new_id, now_ms};
use crate::email;
use crate::error::{AppError, AppResult};
use crate::http::Role;
use crate::i18n::Lang;

pub struct NewAccount {
    pub first_name: PersonName,
    pub last_name: PersonName,
    pub email: Email,
    pub password: NewPassword,
    pub role: Role,
}

/// Creates an account whose email counts as verified (made by the operator: `create-admin`,
/// the demo seed) and returns its id; 409 when the email (in any case) is taken.
pub async fn create(db: &Db, account: NewAccount) -> AppResult<String> {
    if find_id_by_email(db, &account.email).await?.is_some() {
        return Err(email_conflict());
    }
    let hash = password::hash(account.password.into_inner()).await?;
    create_with_hash(
        db,
        &account.first_name,
        &account.last_name,
        &account.email,
        account.role,
        &hash,
    )
    .await
}

/// Sign-up: the account, unverified, and the email asking to verify it, in one
/// transaction. `language` (the sign-up request's) is the one its emails are written in.
pub async fn sign_up(db: &Db, account: NewAccount, language: Lang) -> AppResult<String> {
    if find_id_by_email(db, &account.email).await?.is_some() {
        return Err(email_conflict());
    }
    let hash = password::hash(account.password.into_inner()).await?;
    let mut tx = db.begin_write().await?;
    let id = insert(
        &mut tx,
        &account.first_name,
        &account.last_name,
        &account.email,
        account.role,
        &hash,
        None,
        language,
    )
    .await?;
    email::queue(
        &mut tx,
        email::Email {
            to: email::Recipient::User(id.clone()),
            template: email::Template::VerifyEmail {},
        },
    )
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// Stores a verified account whose password is already hashed (the demo seed hashes its
/// one shared password once for dozens of accounts).
pub async fn create_with_hash(
    db: &Db,
    first_name: &PersonName,
    last_name: &PersonName,
    email: &Email,
    role: Role,
    hash: &str,
) -> AppResult<String> {
    let mut conn = db.pool.acquire().await?;
    insert(&mut conn, first_name, last_name, email, role, hash, Some(now_ms()), Lang::En).await
}

async fn insert(
    conn: &mut sqlx::AnyConnection,
    first_name: &PersonName,
    last_name: &PersonName,
    email: &Email,
    role: Role,
    hash: &str,
    verified_at: Option<i64>,
    language: Lang,
) -> AppResult<String> {
    let id = new_id();
    let now = now_ms();
    let inserted = sqlx::query(
        "INSERT INTO users (id, first_name, last_name, email, email_lower, password_hash, role, created_at, updated_at, email_verified_at, language) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10)",
    )
    .bind(&id)
    .bind(first_name.as_str())
    .bind(last_name.as_str())
    .bind(email.as_str())
    .bind(email.lower())
    .bind(hash)
    .bind(role.as_str())
    .bind(now)
    .bind(verified_at)
    .bind(language.as_str())
    .execute(&mut *conn)
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

/// 403 unless the account's email is verified (booking needs a reachable traveller).
pub async fn require_verified_email(db: &Db, user_id: &str) -> AppResult<()> {
    let found: Option<(Option<i64>,)> =
        sqlx::query_as("SELECT email_verified_at FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&db.pool)
            .await?;
    match found {
        Some((Some(_),)) => Ok(()),
        Some((None,)) => {
            Err(AppError::Forbidden("Please verify your email address before booking".into()))
        }
        None => {
            Err(AppError::Unauthorized("Your session has expired. Please sign in again.".into()))
        }
    }
}
