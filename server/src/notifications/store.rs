//! Writing a notification, inside the transaction of the change it announces.

use sqlx::AnyConnection;

use crate::db::{new_id, now_ms};
use crate::error::AppResult;
use crate::notice::Notice;

/// What happened, for whom: `kind` groups notifications as the client shows them
/// (`booking_cancelled`), `notice` is what it says, worded when read.
pub struct NewNotification<'a> {
    pub user_id: &'a str,
    pub kind: &'a str,
    pub booking_id: Option<&'a str>,
    pub notice: Notice,
    /// The booking's state (or the verification decision) when it was sent.
    pub status: &'a str,
    pub payment_status: &'a str,
}

/// Stores the notification; announce it with `NotificationHub::announce` after commit.
pub async fn store(conn: &mut AnyConnection, notification: NewNotification<'_>) -> AppResult<()> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO notifications (id, user_id, booking_id, kind, notice, status, payment_status, is_read, \
           created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, FALSE, $8, $8)",
    )
    .bind(new_id())
    .bind(notification.user_id)
    .bind(notification.booking_id)
    .bind(notification.kind)
    .bind(notification.notice.stored())
    .bind(notification.status)
    .bind(notification.payment_status)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
