//! Reading notifications, marking them read, and the live unread count.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::time::Duration;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::{Stream, StreamExt};
use serde::Serialize;
use tokio::sync::broadcast::error::RecvError;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::db::{Db, now_ms, to_rfc3339};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path};
use crate::http::AppState;
use crate::http::Role;
use crate::http::session::Session;
use crate::http::{MessageResponse, success};
use crate::hub::Announcement;
use crate::i18n::Lang;
use crate::messages;
use crate::notice::Notice;

/// The newest this many are listed.
const LIST_MAX: i64 = 100;
/// A live stream ends after this; the client reconnects (refreshing its token), so a
/// signed-out or expired session never keeps one open for long.
const STREAM_LIFETIME: Duration = Duration::from_secs(10 * 60);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(guide_notifications))
        .routes(routes!(tourist_notifications))
        .routes(routes!(mark_read))
        .routes(routes!(mark_all_read))
        .routes(routes!(unread_count))
        .routes(routes!(live_unread_count))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    #[serde(rename = "_id")]
    id: String,
    /// booking_request, booking_approved, booking_rejected, booking_paid or verification.
    kind: String,
    is_read: bool,
    /// What a guide reads (empty on a traveller's notification).
    guide_message: String,
    /// What a traveller reads (empty on a guide's notification).
    tourist_message: String,
    /// The booking's state (pending, approved, rejected) or the verification decision.
    status: String,
    /// unpaid or paid, for booking notifications.
    payment_status: String,
    #[schema(required = true)]
    booking_id: Option<String>,
    /// RFC 3339.
    created_at: String,
}

#[derive(sqlx::FromRow)]
struct NotificationRow {
    id: String,
    kind: String,
    is_read: i64,
    notice: Option<String>,
    status: String,
    payment_status: String,
    booking_id: Option<String>,
    created_at: i64,
}

impl Notification {
    /// Stored as a notice, worded in the reader's language.
    fn read_in(row: NotificationRow, lang: Lang) -> Self {
        let notice = Notice::from_stored(row.notice.as_deref().unwrap_or_default());
        let (guide_message, tourist_message) = notice.messages(lang);
        Self {
            id: row.id,
            kind: row.kind,
            is_read: row.is_read == 1,
            guide_message,
            tourist_message,
            status: row.status,
            payment_status: row.payment_status,
            booking_id: row.booking_id,
            created_at: to_rfc3339(row.created_at),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct NotificationsResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Vec<Notification>,
}

async fn list(
    state: &AppState,
    session: &Session,
    role: Role,
    lang: Lang,
) -> AppResult<Json<NotificationsResponse>> {
    session.require_stored_role(&state.db, role).await?;
    // `is_read` is read as 0 or 1: the Any driver cannot decode SQLite's booleans.
    let rows: Vec<NotificationRow> = sqlx::query_as(
        "SELECT id, kind, CAST(CASE WHEN is_read THEN 1 ELSE 0 END AS BIGINT) AS is_read, notice, status, \
           payment_status, booking_id, created_at \
         FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2",
    )
    .bind(&session.user_id)
    .bind(LIST_MAX)
    .fetch_all(&state.db.pool)
    .await?;
    Ok(Json(NotificationsResponse {
        status: "success",
        data: rows.into_iter().map(|row| Notification::read_in(row, lang)).collect(),
    }))
}

/// The signed-in guide's notifications, newest first, in the language `Accept-Language`
/// asks for (`ne` or `en`; English otherwise).
#[utoipa::path(get, path = "/notifications/guide", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = NotificationsResponse), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn guide_notifications(
    State(state): State<AppState>,
    session: Session,
    lang: Lang,
) -> AppResult<Json<NotificationsResponse>> {
    list(&state, &session, Role::Guide, lang).await
}

/// The signed-in traveller's notifications, newest first, in the language
/// `Accept-Language` asks for (`ne` or `en`; English otherwise).
#[utoipa::path(get, path = "/notifications/tourist", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = NotificationsResponse), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn tourist_notifications(
    State(state): State<AppState>,
    session: Session,
    lang: Lang,
) -> AppResult<Json<NotificationsResponse>> {
    list(&state, &session, Role::Tourist, lang).await
}

/// Mark one of your notifications read. Someone else's is 404, as if it did not exist.
#[utoipa::path(patch, path = "/notifications/{id}/read", tag = "notifications", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn mark_read(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
) -> AppResult<Json<MessageResponse>> {
    let updated = sqlx::query(
        "UPDATE notifications SET is_read = TRUE, updated_at = $1 WHERE id = $2 AND user_id = $3",
    )
    .bind(now_ms())
    .bind(&id)
    .bind(&session.user_id)
    .execute(&state.db.pool)
    .await?;
    if updated.rows_affected() == 0 {
        return Err(AppError::NotFound("Notification not found".into()));
    }
    state.notifications.announce(&state.db, &[&session.user_id]).await;
    Ok(success("Notification marked as read"))
}

/// Mark all of your notifications read.
#[utoipa::path(patch, path = "/notifications/read-all", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorBody)))]
async fn mark_all_read(
    State(state): State<AppState>,
    session: Session,
) -> AppResult<Json<MessageResponse>> {
    sqlx::query("UPDATE notifications SET is_read = TRUE, updated_at = $1 WHERE user_id = $2 AND NOT is_read")
        .bind(now_ms())
        .bind(&session.user_id)
        .execute(&state.db.pool)
        .await?;
    state.notifications.announce(&state.db, &[&session.user_id]).await;
    Ok(success("All notifications marked as read"))
}

#[derive(Serialize, ToSchema)]
pub struct UnreadCount {
    count: i64,
}

#[derive(Serialize, ToSchema)]
pub struct UnreadCountResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: UnreadCount,
}

async fn count_unread(db: &Db, user_id: &str) -> AppResult<i64> {
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND NOT is_read")
            .bind(user_id)
            .fetch_one(&db.pool)
            .await?;
    Ok(count)
}

/// How many of your notifications are unread.
#[utoipa::path(get, path = "/notifications/unread-count", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = UnreadCountResponse), (status = 401, body = ErrorBody)))]
async fn unread_count(
    State(state): State<AppState>,
    session: Session,
) -> AppResult<Json<UnreadCountResponse>> {
    let count = count_unread(&state.db, &session.user_id).await?;
    Ok(Json(UnreadCountResponse { status: "success", data: UnreadCount { count } }))
}

/// Server-sent events, now and whenever something changes for you, on whichever replica
/// it happened: `unread` with `{"count": n}` (unread notifications), `unread-messages`
/// with `{"count": n}` (unread messages in your conversations), and `message` with
/// `{"conversationId", "message"}` for each new message in one of your conversations
/// (yours too, so other tabs see it). The stream ends after ten minutes, or when the
/// server shuts down; reconnect with a fresh token.
///
/// Every event has an `id`: a position that means the same on every replica (a message
/// time in milliseconds). Reconnecting with it in `Last-Event-ID`, to this replica or
/// another, replays the `message` events created since (ten seconds more, for clocks
/// and commits that lag: a client skips messages it has). Counts are sent afresh on every
/// connection, so nothing else needs replaying; an id that is not a position is ignored.
#[utoipa::path(get, path = "/notifications/stream", tag = "notifications", security(("bearer" = [])),
    params(("Last-Event-ID" = Option<String>, Header, description = "The `id` of the last event received, to resume after a dropped connection")),
    responses(
        (status = 200, description = "`text/event-stream` of `unread`, `unread-messages` and `message` events", content_type = "text/event-stream", body = UnreadCount),
        (status = 401, body = ErrorBody),
    ))]
async fn live_unread_count(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
) -> AppResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let resume_from = headers
        .get("last-event-id")
        .and_then(|value| value.to_str().ok())
        .and_then(resume_position);
    // Subscribe before the first counts and the replay, so a change in between is not
    // missed (it may come twice: clients skip a message they have).
    let changes = state.notifications.subscribe();
    // The missed messages first, then the counts as they stand after them.
    let (mut first, position) = match resume_from {
        Some(position) => {
            (VecDeque::from(replay(&state.db, &session.user_id, position).await?), position)
        }
        None => (VecDeque::new(), now_ms()),
    };
    first
        .push_back(Outgoing::plain(unread_event(count_unread(&state.db, &session.user_id).await?)));
    first.push_back(Outgoing::plain(unread_messages_event(
        messages::store::unread_count(&state.db, &session.user_id).await?,
    )));
    let deadline = tokio::time::Instant::now() + STREAM_LIFETIME;
    let stream = futures_util::stream::unfold(
        (first, changes, state.db.clone(), session.user_id, position),
        move |(mut pending, mut changes, db, user_id, mut position)| async move {
            loop {
                if let Some(outgoing) = pending.pop_front() {
                    position = position.max(outgoing.at_ms.unwrap_or(i64::MIN));
                    let event = outgoing.event.id(position.to_string());
                    return Some((Ok(event), (pending, changes, db, user_id, position)));
                }
                let announcement = match tokio::time::timeout_at(deadline, changes.recv()).await {
                    Err(_) | Ok(Err(RecvError::Closed)) => return None,
                    Ok(Ok(announcement)) if announcement.user_id() == Some(user_id.as_str()) => {
                        Some(announcement)
                    }
                    Ok(Ok(_)) => continue,
                    // Fell behind: some of the missed changes may have been ours.
                    Ok(Err(RecvError::Lagged(_))) => None,
                };
                match events_for(&db, &user_id, announcement, position).await {
                    Ok(events) => pending.extend(events),
                    Err(_) => return None,
                }
            }
        },
    );
    let stream = stream.take_until(state.notifications.closed());
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// Messages replayed to a stream that resumes, at most (the newest; a client that missed
/// more re-reads its lists when the unread counts change).
const REPLAY_MAX: i64 = 200;
/// How far before a resume position the replay starts: a message is stamped when its
/// replica writes it, and may commit, or come from a replica whose clock runs behind, a
/// little after a later one was delivered.
const REPLAY_SLACK_MS: i64 = 10_000;
/// A resume position older than this replays only this far back: a page away that long
/// reloads its lists anyway.
const REPLAY_WINDOW_MS: i64 = 24 * 60 * 60 * 1000;

/// The position in a `Last-Event-ID`, if it is one, within the replay window.
fn resume_position(last_event_id: &str) -> Option<i64> {
    let position: i64 = last_event_id.trim().parse().ok()?;
    let now = now_ms();
    Some(position.clamp(now - REPLAY_WINDOW_MS, now))
}

/// The `message` events a stream resuming at `position` missed.
async fn replay(db: &Db, user_id: &str, position: i64) -> AppResult<Vec<Outgoing>> {
    let missed =
        messages::store::live_messages_since(db, user_id, position - REPLAY_SLACK_MS, REPLAY_MAX)
            .await?;
    Ok(missed.into_iter().map(message_event).collect())
}

/// An event to send, and the time of the message it carries (which moves the stream's
/// position on).
struct Outgoing {
    event: Event,
    at_ms: Option<i64>,
}

impl Outgoing {
    fn plain(event: Event) -> Self {
        Self { event, at_ms: None }
    }
}

fn message_event(live: messages::store::LiveMessage) -> Outgoing {
    let data =
        serde_json::json!({ "conversationId": live.conversation_id, "message": live.message });
    Outgoing {
        event: Event::default().event("message").data(data.to_string()),
        at_ms: Some(live.at_ms),
    }
}

/// What a stream at `position` sends for one of its user's announcements; `None` (after
/// falling behind) re-sends both counts and replays the messages since `position`.
async fn events_for(
    db: &Db,
    user_id: &str,
    announcement: Option<Announcement>,
    position: i64,
) -> AppResult<Vec<Outgoing>> {
    let unread_messages = async || {
        Ok::<_, AppError>(Outgoing::plain(unread_messages_event(
            messages::store::unread_count(db, user_id).await?,
        )))
    };
    Ok(match announcement {
        Some(Announcement::Notifications { .. }) => {
            vec![Outgoing::plain(unread_event(count_unread(db, user_id).await?))]
        }
        Some(Announcement::MessagesRead { .. }) => vec![unread_messages().await?],
        // Never sent to a stream (it is no one's); nothing to tell.
        Some(Announcement::CatalogueChanged) => Vec::new(),
        Some(Announcement::Message { message_id, .. }) => {
            let mut events = Vec::new();
            if let Some(live) = messages::store::live_message(db, &message_id).await? {
                events.push(message_event(live));
            }
            events.push(unread_messages().await?);
            events
        }
        None => {
            let mut events = replay(db, user_id, position).await?;
            events.extend([
                Outgoing::plain(unread_event(count_unread(db, user_id).await?)),
                unread_messages().await?,
            ]);
            events
        }
    })
}

fn unread_event(count: i64) -> Event {
    Event::default().event("unread").data(format!("{{\"count\":{count}}}"))
}

fn unread_messages_event(count: i64) -> Event {
    Event::default().event("unread-messages").data(format!("{{\"count\":{count}}}"))
}
