//! Reading notifications, marking them read, and the live unread count.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::time::Duration;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::{Stream, StreamExt};
use serde::Serialize;
use tokio::sync::broadcast::error::RecvError;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::Announcement;
use crate::app::AppState;
use crate::auth::domain::Role;
use crate::auth::routes::{MessageResponse, success};
use crate::auth::session::Session;
use crate::conversations;
use crate::db::{Db, now_ms, to_rfc3339};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path};

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
    guide_message: String,
    tourist_message: String,
    status: String,
    payment_status: String,
    booking_id: Option<String>,
    created_at: i64,
}

impl From<NotificationRow> for Notification {
    fn from(row: NotificationRow) -> Self {
        Self {
            id: row.id,
            kind: row.kind,
            is_read: row.is_read == 1,
            guide_message: row.guide_message,
            tourist_message: row.tourist_message,
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

async fn list(state: &AppState, session: &Session, role: Role) -> AppResult<Json<NotificationsResponse>> {
    session.require_stored_role(&state.db, role).await?;
    // `is_read` is read as 0 or 1: the Any driver cannot decode SQLite's booleans.
    let rows: Vec<NotificationRow> = sqlx::query_as(
        "SELECT id, kind, CAST(CASE WHEN is_read THEN 1 ELSE 0 END AS BIGINT) AS is_read, guide_message, tourist_message, \
           status, payment_status, booking_id, created_at \
         FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2",
    )
    .bind(&session.user_id)
    .bind(LIST_MAX)
    .fetch_all(&state.db.pool)
    .await?;
    Ok(Json(NotificationsResponse { status: "success", data: rows.into_iter().map(Notification::from).collect() }))
}

/// The signed-in guide's notifications, newest first.
#[utoipa::path(get, path = "/notifications/guide", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = NotificationsResponse), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn guide_notifications(State(state): State<AppState>, session: Session) -> AppResult<Json<NotificationsResponse>> {
    list(&state, &session, Role::Guide).await
}

/// The signed-in traveller's notifications, newest first.
#[utoipa::path(get, path = "/notifications/tourist", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = NotificationsResponse), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn tourist_notifications(State(state): State<AppState>, session: Session) -> AppResult<Json<NotificationsResponse>> {
    list(&state, &session, Role::Tourist).await
}

/// Mark one of your notifications read. Someone else's is 404, as if it did not exist.
#[utoipa::path(patch, path = "/notifications/{id}/read", tag = "notifications", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn mark_read(State(state): State<AppState>, session: Session, Path(id): Path<String>) -> AppResult<Json<MessageResponse>> {
    let updated = sqlx::query("UPDATE notifications SET is_read = TRUE, updated_at = $1 WHERE id = $2 AND user_id = $3")
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
async fn mark_all_read(State(state): State<AppState>, session: Session) -> AppResult<Json<MessageResponse>> {
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
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND NOT is_read")
        .bind(user_id)
        .fetch_one(&db.pool)
        .await?;
    Ok(count)
}

/// How many of your notifications are unread.
#[utoipa::path(get, path = "/notifications/unread-count", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = UnreadCountResponse), (status = 401, body = ErrorBody)))]
async fn unread_count(State(state): State<AppState>, session: Session) -> AppResult<Json<UnreadCountResponse>> {
    let count = count_unread(&state.db, &session.user_id).await?;
    Ok(Json(UnreadCountResponse { status: "success", data: UnreadCount { count } }))
}

/// Server-sent events, now and whenever something changes for you, on whichever replica
/// it happened: `unread` with `{"count": n}` (unread notifications), `unread-messages`
/// with `{"count": n}` (unread messages in your conversations), and `message` with
/// `{"conversationId", "message"}` for each new message in one of your conversations
/// (yours too, so other tabs see it). The stream ends after ten minutes, or when the
/// server shuts down; reconnect with a fresh token.
#[utoipa::path(get, path = "/notifications/stream", tag = "notifications", security(("bearer" = [])),
    responses(
        (status = 200, description = "`text/event-stream` of `unread`, `unread-messages` and `message` events", content_type = "text/event-stream", body = UnreadCount),
        (status = 401, body = ErrorBody),
    ))]
async fn live_unread_count(
    State(state): State<AppState>,
    session: Session,
) -> AppResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    // Subscribe before the first counts, so a change in between is not missed.
    let changes = state.notifications.subscribe();
    let first = VecDeque::from([
        unread_event(count_unread(&state.db, &session.user_id).await?),
        unread_messages_event(conversations::store::unread_count(&state.db, &session.user_id).await?),
    ]);
    let deadline = tokio::time::Instant::now() + STREAM_LIFETIME;
    let stream = futures_util::stream::unfold(
        (first, changes, state.db.clone(), session.user_id),
        move |(mut pending, mut changes, db, user_id)| async move {
            loop {
                if let Some(event) = pending.pop_front() {
                    return Some((Ok(event), (pending, changes, db, user_id)));
                }
                let announcement = match tokio::time::timeout_at(deadline, changes.recv()).await {
                    Err(_) | Ok(Err(RecvError::Closed)) => return None,
                    Ok(Ok(announcement)) if announcement.user_id() == user_id => Some(announcement),
                    Ok(Ok(_)) => continue,
                    // Fell behind: some of the missed changes may have been ours.
                    Ok(Err(RecvError::Lagged(_))) => None,
                };
                match events_for(&db, &user_id, announcement).await {
                    Ok(events) => pending.extend(events),
                    Err(_) => return None,
                }
            }
        },
    );
    let stream = stream.take_until(state.notifications.closed());
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// What a stream sends for one of its user's announcements; `None` (after falling
/// behind) re-sends both counts, and the page re-reads what it shows.
async fn events_for(db: &Db, user_id: &str, announcement: Option<Announcement>) -> AppResult<Vec<Event>> {
    let unread_messages = || conversations::store::unread_count(db, user_id);
    Ok(match announcement {
        Some(Announcement::Notifications { .. }) => vec![unread_event(count_unread(db, user_id).await?)],
        Some(Announcement::MessagesRead { .. }) => vec![unread_messages_event(unread_messages().await?)],
        Some(Announcement::Message { conversation_id, message_id, .. }) => {
            let mut events = Vec::new();
            if let Some(message) = conversations::store::message(db, &message_id).await? {
                let data = serde_json::json!({ "conversationId": conversation_id, "message": message });
                events.push(Event::default().event("message").data(data.to_string()));
            }
            events.push(unread_messages_event(unread_messages().await?));
            events
        }
        None => vec![unread_event(count_unread(db, user_id).await?), unread_messages_event(unread_messages().await?)],
    })
}

fn unread_event(count: i64) -> Event {
    Event::default().event("unread").data(format!("{{\"count\":{count}}}"))
}

fn unread_messages_event(count: i64) -> Event {
    Event::default().event("unread-messages").data(format!("{{\"count\":{count}}}"))
}
