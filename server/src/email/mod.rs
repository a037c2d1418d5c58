//! Email: a durable outbox. `queue` writes the email as a row inside the transaction of
//! the change it announces (a rolled-back change sends nothing); the worker in `outbox`
//! delivers due rows with retries, through SMTP or into the outbox folder.

pub mod outbox;
pub mod templates;
pub mod transport;

use sqlx::AnyConnection;

pub use templates::Template;

use crate::db::{new_id, now_ms};
use crate::error::AppResult;

/// Who receives an email.
pub enum Recipient {
    /// An account, by id: its address is read when the email is sent.
    User(String),
    /// An address as typed (forgot password); nothing is sent unless an account has it.
    Address(String),
    /// Someone with no account (a traveller's emergency contact); only templates written
    /// for such a reader are sent to one.
    Outside(String),
}

pub struct Email {
    pub to: Recipient,
    pub template: Template,
}

/// Adds `email` to the outbox inside the caller's transaction; the worker sends it after
/// the transaction commits.
pub async fn queue(conn: &mut AnyConnection, email: Email) -> AppResult<()> {
    let (user_id, to_address) = match &email.to {
        Recipient::User(id) => (Some(id.as_str()), None),
        Recipient::Address(address) | Recipient::Outside(address) => {
            (None, Some(address.trim().to_lowercase()))
        }
    };
    let stored = serde_json::to_value(&email.template).map_err(anyhow::Error::from)?;
    let now = now_ms();
    sqlx::query(
        "INSERT INTO emails (id, user_id, to_address, template, data, status, attempts, next_attempt_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, 'pending', 0, $6, $6)",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(to_address)
    .bind(email.template.name())
    .bind(stored["data"].to_string())
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
