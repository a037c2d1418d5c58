//! Reading and writing conversations, messages and read markers.

use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::db::{Backend, Db, new_id, now_ms, to_rfc3339};
use crate::error::{AppError, AppResult};
use crate::media::upload::public_url;

/// Messages a person may send in a minute, across all their conversations.
pub const SEND_LIMIT_PER_MINUTE: i64 = 20;
const MINUTE_MS: i64 = 60_000;
/// Conversations listed at most (newest activity first).
pub const LIST_MAX: i64 = 100;

#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    #[serde(rename = "_id")]
    pub id: String,
    pub sender_id: String,
    /// As written; show it as text, never as HTML.
    pub text: String,
    /// RFC 3339.
    pub created_at: String,
}

#[derive(sqlx::FromRow)]
struct MessageRow {
    id: String,
    sender_id: String,
    text: String,
    created_at: i64,
    seq: i64,
}

impl From<MessageRow> for Message {
    fn from(row: MessageRow) -> Self {
        Self {
            id: row.id,
            sender_id: row.sender_id,
            text: row.text,
            created_at: to_rfc3339(row.created_at),
        }
    }
}

/// The other person in a conversation.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OtherParty {
    #[serde(rename = "_id")]
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    /// `guide` or `tourist`.
    pub role: String,
    /// URL of their profile picture's thumbnail.
    #[schema(required = true)]
    pub profile_picture: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    #[serde(rename = "_id")]
    pub id: String,
    pub tourist_id: String,
    pub guide_id: String,
    pub other_party: OtherParty,
    #[schema(required = true)]
    pub last_message: Option<Message>,
    /// The other party's messages you have not read.
    pub unread_count: i64,
    /// RFC 3339: when the last message was sent.
    pub last_message_at: String,
    /// RFC 3339.
    pub created_at: String,
}

#[derive(sqlx::FromRow)]
struct ConversationRow {
    id: String,
    tourist_id: String,
    guide_id: String,
    last_message_at: i64,
    created_at: i64,
    other_id: String,
    other_first_name: String,
    other_last_name: String,
    other_role: String,
    picture_key: Option<String>,
    message_id: Option<String>,
    sender_id: Option<String>,
    text: Option<String>,
    message_created_at: Option<i64>,
    unread_count: i64,
}

impl From<ConversationRow> for Conversation {
    fn from(row: ConversationRow) -> Self {
        let last_message = match (row.message_id, row.sender_id, row.text, row.message_created_at) {
            (Some(id), Some(sender_id), Some(text), Some(at)) => {
                Some(Message { id, sender_id, text, created_at: to_rfc3339(at) })
            }
            _ => None,
        };
        Self {
            id: row.id,
            tourist_id: row.tourist_id,
            guide_id: row.guide_id,
            other_party: OtherParty {
                id: row.other_id,
                first_name: row.other_first_name,
                last_name: row.other_last_name,
                role: row.other_role,
                profile_picture: row.picture_key.as_deref().map(public_url),
            },
            last_message,
            unread_count: row.unread_count,
            last_message_at: to_rfc3339(row.last_message_at),
            created_at: to_rfc3339(row.created_at),
        }
    }
}

/// A member's conversations as they see them; `$1` is the member, filters follow.
const CONVERSATION_SELECT: &str = "SELECT c.id, c.tourist_id, c.guide_id, c.last_message_at, c.created_at, \
      o.id AS other_id, o.first_name AS other_first_name, o.last_name AS other_last_name, o.role AS other_role, \
      COALESCE(gp.thumb_key, tp.thumb_key) AS picture_key, \
      m.id AS message_id, m.sender_id, m.text, m.created_at AS message_created_at, \
      (SELECT COUNT(*) FROM messages u WHERE u.conversation_id = c.id AND u.seq > me.last_read_seq AND u.sender_id <> me.user_id) AS unread_count \
    FROM conversation_members me \
    JOIN conversations c ON c.id = me.conversation_id \
    JOIN users o ON o.id = CASE WHEN c.tourist_id = me.user_id THEN c.guide_id ELSE c.tourist_id END \
    LEFT JOIN guide_details gd ON gd.user_id = o.id LEFT JOIN media gp ON gp.id = gd.profile_picture_id \
    LEFT JOIN tourist_details td ON td.user_id = o.id LEFT JOIN media tp ON tp.id = td.profile_picture_id \
    LEFT JOIN messages m ON m.conversation_id = c.id AND m.seq = c.last_seq \
    WHERE me.user_id = $1";

/// The member's conversations, newest activity first; only the one with `with` if given.
pub async fn list(db: &Db, user_id: &str, with: Option<&str>) -> AppResult<Vec<Conversation>> {
    let rows: Vec<ConversationRow> = match with {
        None => {
            sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "{CONVERSATION_SELECT} ORDER BY me.last_message_at DESC, c.id DESC LIMIT $2"
            )))
            .bind(user_id)
            .bind(LIST_MAX)
            .fetch_all(&db.pool)
            .await?
        }
        Some(other) => {
            sqlx::query_as(sqlx::AssertSqlSafe(format!("{CONVERSATION_SELECT} AND o.id = $2")))
                .bind(user_id)
                .bind(other)
                .fetch_all(&db.pool)
                .await?
        }
    };
    Ok(rows.into_iter().map(Conversation::from).collect())
}

/// One conversation as its member sees it; `None` for anyone else.
pub async fn conversation(
    db: &Db,
    user_id: &str,
    conversation_id: &str,
) -> AppResult<Option<Conversation>> {
    let row: Option<ConversationRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("{CONVERSATION_SELECT} AND c.id = $2")))
            .bind(user_id)
            .bind(conversation_id)
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.map(Conversation::from))
}

pub fn conversation_not_found() -> AppError {
    AppError::NotFound("Conversation not found".into())
}

/// The two participants of a conversation the caller is one of; 404 for anyone else.
pub async fn participants(
    db: &Db,
    user_id: &str,
    conversation_id: &str,
) -> AppResult<(String, String)> {
    let found: Option<(String, String)> = sqlx::query_as(
        "SELECT c.tourist_id, c.guide_id FROM conversations c \
         WHERE c.id = $1 AND (c.tourist_id = $2 OR c.guide_id = $2)",
    )
    .bind(conversation_id)
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await?;
    found.ok_or_else(conversation_not_found)
}

/// A page of messages, newest first, and the cursor of the next (older) page.
pub async fn messages(
    db: &Db,
    conversation_id: &str,
    before_seq: i64,
    limit: i64,
) -> AppResult<(Vec<Message>, Option<String>)> {
    let mut rows: Vec<MessageRow> = sqlx::query_as(
        "SELECT id, sender_id, text, created_at, seq FROM messages \
         WHERE conversation_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT $3",
    )
    .bind(conversation_id)
    .bind(before_seq)
    .bind(limit + 1)
    .fetch_all(&db.pool)
    .await?;
    let more = rows.len() as i64 > limit;
    rows.truncate(limit as usize);
    let next = if more { rows.last().map(|row| row.seq.to_string()) } else { None };
    Ok((rows.into_iter().map(Message::from).collect(), next))
}

/// A message as the live stream sends it: with its conversation, and its time in
/// milliseconds, which is the stream's resume position (see `notifications::routes`).
pub struct LiveMessage {
    pub conversation_id: String,
    pub at_ms: i64,
    pub message: Message,
}

#[derive(sqlx::FromRow)]
struct LiveMessageRow {
    conversation_id: String,
    id: String,
    sender_id: String,
    text: String,
    created_at: i64,
}

impl From<LiveMessageRow> for LiveMessage {
    fn from(row: LiveMessageRow) -> Self {
        let message = Message {
            id: row.id,
            sender_id: row.sender_id,
            text: row.text,
            created_at: to_rfc3339(row.created_at),
        };
        Self { conversation_id: row.conversation_id, at_ms: row.created_at, message }
    }
}

/// One message by id, for the live stream (whose members are already known).
pub async fn live_message(db: &Db, message_id: &str) -> AppResult<Option<LiveMessage>> {
    let row: Option<LiveMessageRow> = sqlx::query_as(
        "SELECT conversation_id, id, sender_id, text, created_at FROM messages WHERE id = $1",
    )
    .bind(message_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(LiveMessage::from))
}

/// The newest `limit` messages of the user's conversations created after `after_ms`,
/// oldest first: what a stream that resumes has to replay.
pub async fn live_messages_since(
    db: &Db,
    user_id: &str,
    after_ms: i64,
    limit: i64,
) -> AppResult<Vec<LiveMessage>> {
    let mut rows: Vec<LiveMessageRow> = sqlx::query_as(
        "SELECT m.conversation_id, m.id, m.sender_id, m.text, m.created_at FROM messages m \
         JOIN conversation_members me ON me.conversation_id = m.conversation_id AND me.user_id = $1 \
         WHERE m.created_at > $2 ORDER BY m.created_at DESC, m.id DESC LIMIT $3",
    )
    .bind(user_id)
    .bind(after_ms)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    rows.reverse();
    Ok(rows.into_iter().map(LiveMessage::from).collect())
}

/// The other parties' messages the user has not read, across all their conversations.
pub async fn unread_count(db: &Db, user_id: &str) -> AppResult<i64> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM conversation_members me \
         JOIN messages m ON m.conversation_id = me.conversation_id AND m.seq > me.last_read_seq AND m.sender_id <> me.user_id \
         WHERE me.user_id = $1",
    )
    .bind(user_id)
    .fetch_one(&db.pool)
    .await?;
    Ok(count)
}

/// Seconds until the sender may send again, when they have used up this minute's
/// messages. Run inside the sending transaction: one sender's sends queue on their
/// account row (PostgreSQL; SQLite's `BEGIN IMMEDIATE` already queues every writer), so
/// concurrent sends cannot all count the same nineteen and all pass.
pub async fn seconds_until_allowed(
    conn: &mut AnyConnection,
    backend: Backend,
    sender_id: &str,
    now: i64,
) -> AppResult<Option<u64>> {
    if backend == Backend::Postgres {
        sqlx::query("SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE")
            .bind(sender_id)
            .execute(&mut *conn)
            .await?;
    }
    let (count, oldest): (i64, Option<i64>) = sqlx::query_as(
        "SELECT COUNT(*), MIN(created_at) FROM messages WHERE sender_id = $1 AND created_at > $2",
    )
    .bind(sender_id)
    .bind(now - MINUTE_MS)
    .fetch_one(&mut *conn)
    .await?;
    if count < SEND_LIMIT_PER_MINUTE {
        return Ok(None);
    }
    let wait_ms = oldest.unwrap_or(now) + MINUTE_MS - now;
    Ok(Some((wait_ms.clamp(1, MINUTE_MS) as u64).div_ceil(1000)))
}

/// The pair's conversation, created (with both read markers) if it is their first.
/// Concurrent first messages meet at the unique (tourist, guide) index: the later
/// insert does nothing and both use the one row.
pub async fn find_or_create(
    conn: &mut AnyConnection,
    tourist_id: &str,
    guide_id: &str,
    now: i64,
) -> AppResult<String> {
    sqlx::query(
        "INSERT INTO conversations (id, tourist_id, guide_id, last_seq, last_message_at, created_at) \
         VALUES ($1, $2, $3, 0, $4, $4) ON CONFLICT (tourist_id, guide_id) DO NOTHING",
    )
    .bind(new_id())
    .bind(tourist_id)
    .bind(guide_id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    let (id,): (String,) =
        sqlx::query_as("SELECT id FROM conversations WHERE tourist_id = $1 AND guide_id = $2")
            .bind(tourist_id)
            .bind(guide_id)
            .fetch_one(&mut *conn)
            .await?;
    for member in [tourist_id, guide_id] {
        sqlx::query(
            "INSERT INTO conversation_members (conversation_id, user_id, last_read_seq, last_message_at) \
             VALUES ($1, $2, 0, $3) ON CONFLICT (conversation_id, user_id) DO NOTHING",
        )
        .bind(&id)
        .bind(member)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(id)
}

/// Appends a message, numbered after the conversation's last; sending also marks the
/// conversation read for the sender (they are looking at it).
pub async fn append(
    conn: &mut AnyConnection,
    conversation_id: &str,
    sender_id: &str,
    text: &str,
    now: i64,
) -> AppResult<Message> {
    let (seq,): (i64,) = sqlx::query_as(
        "UPDATE conversations SET last_seq = last_seq + 1, last_message_at = $1 WHERE id = $2 RETURNING last_seq",
    )
    .bind(now)
    .bind(conversation_id)
    .fetch_one(&mut *conn)
    .await?;
    let id = new_id();
    sqlx::query("INSERT INTO messages (id, conversation_id, seq, sender_id, text, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(&id)
        .bind(conversation_id)
        .bind(seq)
        .bind(sender_id)
        .bind(text)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE conversation_members SET last_message_at = $1 WHERE conversation_id = $2")
        .bind(now)
        .bind(conversation_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE conversation_members SET last_read_seq = $1, last_read_at = $2 WHERE conversation_id = $3 AND user_id = $4")
        .bind(seq)
        .bind(now)
        .bind(conversation_id)
        .bind(sender_id)
        .execute(&mut *conn)
        .await?;
    Ok(Message {
        id,
        sender_id: sender_id.to_owned(),
        text: text.to_owned(),
        created_at: to_rfc3339(now),
    })
}

/// Marks everything in the conversation read for the member; false when they are not one.
pub async fn mark_read(db: &Db, user_id: &str, conversation_id: &str) -> AppResult<bool> {
    let updated = sqlx::query(
        "UPDATE conversation_members SET last_read_seq = (SELECT last_seq FROM conversations WHERE id = $1), last_read_at = $2 \
         WHERE conversation_id = $1 AND user_id = $3",
    )
    .bind(conversation_id)
    .bind(now_ms())
    .bind(user_id)
    .execute(&db.pool)
    .await?;
    Ok(updated.rows_affected() == 1)
}
