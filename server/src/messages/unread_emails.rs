//! "A new message is waiting": members with a message from the other side unread for
//! `UNREAD_FOR` are emailed, at most once per conversation per `AT_MOST_EVERY`, and only
//! about messages that arrived since their last such email. Run by the trip sweep on every
//! replica; each member is claimed by a conditional UPDATE of `last_unread_email_at` in the
//! transaction that queues the email, so two replicas never email the same member twice.

use crate::db::{Db, now_ms};
use crate::email::{self, Email, Recipient, Template};
use crate::error::AppResult;

/// How long a message waits unread before it is emailed.
pub const UNREAD_FOR_MS: i64 = 10 * 60 * 1000;
/// At most one such email per conversation and recipient in this time.
pub const AT_MOST_EVERY_MS: i64 = 60 * 60 * 1000;

const BATCH: i64 = 100;

/// Queues the due emails; returns how many.
pub async fn queue_due(db: &Db) -> AppResult<usize> {
    let mut queued = 0;
    loop {
        let now = now_ms();
        let due: Vec<(String, String)> = sqlx::query_as(
            "SELECT cm.conversation_id, cm.user_id FROM conversation_members cm \
             WHERE cm.last_unread_email_at <= $1 AND EXISTS (SELECT 1 FROM messages m \
               WHERE m.conversation_id = cm.conversation_id AND m.seq > cm.last_read_seq AND m.sender_id <> cm.user_id \
                 AND m.created_at <= $2 AND m.created_at > cm.last_unread_email_at) \
             LIMIT $3",
        )
        .bind(now - AT_MOST_EVERY_MS)
        .bind(now - UNREAD_FOR_MS)
        .bind(BATCH)
        .fetch_all(&db.pool)
        .await?;
        let found = due.len();
        for (conversation_id, user_id) in due {
            let mut tx = db.begin_write().await?;
            // Claimed only if no replica emailed this member within the hour and the
            // message is still unread (it may have been read since the SELECT).
            let claimed = sqlx::query(
                "UPDATE conversation_members SET last_unread_email_at = $1 \
                 WHERE conversation_id = $2 AND user_id = $3 AND last_unread_email_at <= $4 AND EXISTS (SELECT 1 FROM messages m \
                   WHERE m.conversation_id = $2 AND m.seq > conversation_members.last_read_seq AND m.sender_id <> $3 \
                     AND m.created_at <= $5 AND m.created_at > conversation_members.last_unread_email_at)",
            )
            .bind(now)
            .bind(&conversation_id)
            .bind(&user_id)
            .bind(now - AT_MOST_EVERY_MS)
            .bind(now - UNREAD_FOR_MS)
            .execute(&mut *tx)
            .await?;
            if claimed.rows_affected() == 0 {
                continue;
            }
            let template = Template::UnreadMessages { conversation_id };
            email::queue(&mut tx, Email { to: Recipient::User(user_id), template }).await?;
            tx.commit().await?;
            queued += 1;
        }
        if found < BATCH as usize {
            return Ok(queued);
        }
    }
}
