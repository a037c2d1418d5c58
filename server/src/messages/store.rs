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

/// The other person in a two-party conversation; in a departure's, the guide as its
/// travellers see them.
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

/// Someone in a departure's conversation. Travellers see each other's first name and
/// country only.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupMember {
    #[serde(rename = "_id")]
    pub id: String,
    pub first_name: String,
    /// The traveller's nationality as they gave it; null when they gave none, and for the guide.
    #[schema(required = true)]
    pub country: Option<String>,
    /// `guide` or `tourist`.
    pub role: String,
}

/// The group departure a conversation belongs to, and who is in it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Group {
    pub departure_id: String,
    pub tour_title: String,
    /// YYYY-MM-DD: the departure's first day.
    pub start_date: String,
    /// The guide first, then the travellers in the order they joined the conversation.
    pub members: Vec<GroupMember>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    #[serde(rename = "_id")]
    pub id: String,
    /// Null in a departure's conversation (see `group`).
    #[schema(required = true)]
    pub tourist_id: Option<String>,
    pub guide_id: String,
    /// The reader's own id: which messages are "mine".
    pub my_id: String,
    /// Null only for the guide of a departure's conversation (see `group`).
    #[schema(required = true)]
    pub other_party: Option<OtherParty>,
    /// Set when this is the shared conversation of a confirmed group departure.
    #[schema(required = true)]
    pub group: Option<Group>,
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
    tourist_id: Option<String>,
    guide_id: String,
    my_id: String,
    departure_id: Option<String>,
    tour_title: Option<String>,
    start_date: Option<String>,
    last_message_at: i64,
    created_at: i64,
    other_id: Option<String>,
    other_first_name: Option<String>,
    other_last_name: Option<String>,
    other_role: Option<String>,
    picture_key: Option<String>,
    message_id: Option<String>,
    sender_id: Option<String>,
    text: Option<String>,
    message_created_at: Option<i64>,
    unread_count: i64,
}

impl ConversationRow {
    fn into_conversation(self, members: Vec<GroupMember>) -> Conversation {
        let row = self;
        let last_message = match (row.message_id, row.sender_id, row.text, row.message_created_at) {
            (Some(id), Some(sender_id), Some(text), Some(at)) => {
                Some(Message { id, sender_id, text, created_at: to_rfc3339(at) })
            }
            _ => None,
        };
        let other_party =
            match (row.other_id, row.other_first_name, row.other_last_name, row.other_role) {
                (Some(id), Some(first_name), Some(last_name), Some(role)) => Some(OtherParty {
                    id,
                    first_name,
                    last_name,
                    role,
                    profile_picture: row.picture_key.as_deref().map(public_url),
                }),
                _ => None,
            };
        let group = match (row.departure_id, row.tour_title, row.start_date) {
            (Some(departure_id), Some(tour_title), Some(start_date)) => {
                Some(Group { departure_id, tour_title, start_date, members })
            }
            _ => None,
        };
        Conversation {
            id: row.id,
            tourist_id: row.tourist_id,
            guide_id: row.guide_id,
            my_id: row.my_id,
            other_party,
            group,
            last_message,
            unread_count: row.unread_count,
            last_message_at: to_rfc3339(row.last_message_at),
            created_at: to_rfc3339(row.created_at),
        }
    }
}

/// A member's conversations as they see them; `$1` is the member, filters follow. The
/// other party is the guide for a traveller, the traveller for the guide, and nobody for
/// the guide of a departure's conversation.
const CONVERSATION_SELECT: &str = "SELECT c.id, c.tourist_id, c.guide_id, me.user_id AS my_id, c.departure_id, t.title AS tour_title, d.start_date, \
      c.last_message_at, c.created_at, \
      o.id AS other_id, o.first_name AS other_first_name, o.last_name AS other_last_name, o.role AS other_role, \
      COALESCE(gp.thumb_key, tp.thumb_key) AS picture_key, \
      m.id AS message_id, m.sender_id, m.text, m.created_at AS message_created_at, \
      (SELECT COUNT(*) FROM messages u WHERE u.conversation_id = c.id AND u.seq > me.last_read_seq AND u.sender_id <> me.user_id) AS unread_count \
    FROM conversation_members me \
    JOIN conversations c ON c.id = me.conversation_id \
    LEFT JOIN users o ON o.id = CASE WHEN c.guide_id = me.user_id THEN c.tourist_id ELSE c.guide_id END \
    LEFT JOIN departures d ON d.id = c.departure_id LEFT JOIN tours t ON t.id = d.tour_id \
    LEFT JOIN guide_details gd ON gd.user_id = o.id LEFT JOIN media gp ON gp.id = gd.profile_picture_id \
    LEFT JOIN tourist_details td ON td.user_id = o.id LEFT JOIN media tp ON tp.id = td.profile_picture_id \
    LEFT JOIN messages m ON m.conversation_id = c.id AND m.seq = c.last_seq \
    WHERE me.user_id = $1";

/// The member's conversations, newest activity first; only the two-party one with `with`
/// if given.
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
            sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "{CONVERSATION_SELECT} AND o.id = $2 AND c.departure_id IS NULL"
            )))
            .bind(user_id)
            .bind(other)
            .fetch_all(&db.pool)
            .await?
        }
    };
    let mut conversations = Vec::with_capacity(rows.len());
    for row in rows {
        conversations.push(with_members(db, row).await?);
    }
    Ok(conversations)
}

/// The row as its member sees it, with the group's members when it is a departure's.
async fn with_members(db: &Db, row: ConversationRow) -> AppResult<Conversation> {
    if row.departure_id.is_none() {
        return Ok(row.into_conversation(Vec::new()));
    }
    let members: Vec<(String, String, Option<String>, String)> = sqlx::query_as(
        "SELECT u.id, u.first_name, NULLIF(td.nationality, ''), u.role FROM conversation_members cm \
         JOIN users u ON u.id = cm.user_id LEFT JOIN tourist_details td ON td.user_id = u.id \
         WHERE cm.conversation_id = $1 ORDER BY CASE WHEN u.role = 'guide' THEN 0 ELSE 1 END, cm.joined_at, u.id",
    )
    .bind(&row.id)
    .fetch_all(&db.pool)
    .await?;
    let members = members
        .into_iter()
        .map(|(id, first_name, country, role)| {
            let country = if role == "guide" { None } else { country };
            GroupMember { id, first_name, country, role }
        })
        .collect();
    Ok(row.into_conversation(members))
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
    match row {
        Some(row) => Ok(Some(with_members(db, row).await?)),
        None => Ok(None),
    }
}

pub fn conversation_not_found() -> AppError {
    AppError::NotFound("Conversation not found".into())
}

/// The members of a conversation the caller is one of; 404 for anyone else.
pub async fn participants(db: &Db, user_id: &str, conversation_id: &str) -> AppResult<Vec<String>> {
    let members: Vec<(String,)> = sqlx::query_as(
        "SELECT cm.user_id FROM conversation_members cm WHERE cm.conversation_id = $1 \
         AND EXISTS (SELECT 1 FROM conversation_members me WHERE me.conversation_id = $1 AND me.user_id = $2) \
         ORDER BY cm.user_id",
    )
    .bind(conversation_id)
    .bind(user_id)
    .fetch_all(&db.pool)
    .await?;
    if members.is_empty() {
        return Err(conversation_not_found());
    }
    Ok(members.into_iter().map(|(id,)| id).collect())
}

/// The traveller and guide of a two-party conversation the caller is in; `None` for a
/// group departure's; 404 for anyone not in it.
pub async fn pair(
    db: &Db,
    user_id: &str,
    conversation_id: &str,
) -> AppResult<Option<(String, String)>> {
    let found: Option<(Option<String>, String)> = sqlx::query_as(
        "SELECT c.tourist_id, c.guide_id FROM conversations c JOIN conversation_members me \
           ON me.conversation_id = c.id AND me.user_id = $2 WHERE c.id = $1",
    )
    .bind(conversation_id)
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await?;
    let (tourist_id, guide_id) = found.ok_or_else(conversation_not_found)?;
    Ok(tourist_id.map(|tourist_id| (tourist_id, guide_id)))
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

/// Refuses a message (or an offer, which is one) past the sender's messages of the minute,
/// with 429 and how long to wait; see `seconds_until_allowed`.
pub async fn check_send_limit(
    conn: &mut AnyConnection,
    backend: Backend,
    sender_id: &str,
    now: i64,
) -> AppResult<()> {
    let Some(seconds) = seconds_until_allowed(conn, backend, sender_id, now).await? else {
        return Ok(());
    };
    let wait = if seconds == 1 { "1 second".to_owned() } else { format!("{seconds} seconds") };
    Err(AppError::too_many_requests(
        format!("Too many messages. Please try again in {wait}."),
        seconds,
    ))
}

/// Seconds until the sender may send again, when they have used up this minute's
/// messages. Run inside the sending transaction: one sender's sends queue on their
/// account row (PostgreSQL; SQLite's `BEGIN IMMEDIATE` already queues every writer), so
/// concurrent sends cannot all count the same nineteen and all pass.
async fn seconds_until_allowed(
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
        add_member(conn, &id, member, now).await?;
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

/// Puts `user_id` in the conversation (once), with nothing read yet.
async fn add_member(
    conn: &mut AnyConnection,
    conversation_id: &str,
    user_id: &str,
    now: i64,
) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO conversation_members (conversation_id, user_id, last_read_seq, last_message_at, joined_at) \
         VALUES ($1, $2, 0, $3, $3) ON CONFLICT (conversation_id, user_id) DO NOTHING",
    )
    .bind(conversation_id)
    .bind(user_id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Opens the shared conversation of a confirmed departure for its guide and the
/// travellers who paid, in the transaction that confirms it (one per departure).
pub async fn open_group(
    conn: &mut AnyConnection,
    departure_id: &str,
    guide_id: &str,
    travellers: &[&str],
    now: i64,
) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO conversations (id, tourist_id, guide_id, departure_id, last_seq, last_message_at, created_at) \
         VALUES ($1, NULL, $2, $3, 0, $4, $4) ON CONFLICT (departure_id) DO NOTHING",
    )
    .bind(new_id())
    .bind(guide_id)
    .bind(departure_id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    let (id,): (String,) = sqlx::query_as("SELECT id FROM conversations WHERE departure_id = $1")
        .bind(departure_id)
        .fetch_one(&mut *conn)
        .await?;
    for member in std::iter::once(guide_id).chain(travellers.iter().copied()) {
        add_member(conn, &id, member, now).await?;
    }
    Ok(())
}

/// Adds the traveller of a seat booking just paid to their departure's conversation, if
/// it is open already (the departure was confirmed before they paid); nothing otherwise.
pub async fn join_group(conn: &mut AnyConnection, booking_id: &str, now: i64) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO conversation_members (conversation_id, user_id, last_read_seq, last_message_at, joined_at) \
         SELECT c.id, b.tourist_id, 0, c.last_message_at, $2 FROM bookings b \
         JOIN conversations c ON c.departure_id = b.departure_id WHERE b.id = $1 \
         ON CONFLICT (conversation_id, user_id) DO NOTHING",
    )
    .bind(booking_id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Takes the traveller of a seat booking just cancelled out of their departure's
/// conversation, unless another paid seat booking of theirs keeps them on it.
pub async fn leave_group(conn: &mut AnyConnection, booking_id: &str) -> AppResult<()> {
    sqlx::query(
        "DELETE FROM conversation_members WHERE EXISTS (SELECT 1 FROM bookings b \
           JOIN conversations c ON c.departure_id = b.departure_id \
           WHERE b.id = $1 AND c.id = conversation_members.conversation_id AND b.tourist_id = conversation_members.user_id \
             AND NOT EXISTS (SELECT 1 FROM bookings o WHERE o.departure_id = b.departure_id AND o.tourist_id = b.tourist_id \
               AND o.id <> b.id AND o.booking_status = 'approved' AND o.payment_status = 'paid'))",
    )
    .bind(booking_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
