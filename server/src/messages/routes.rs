//! The conversation endpoints: start one with a guide, list mine, read and write in one,
//! mark one read.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::store::{self, Conversation, Message, conversation_not_found};
use super::text;
use crate::db::now_ms;
use crate::error::{AppError, AppResult, ErrorBody, Json, Path, Query};
use crate::http::Role;
use crate::http::rate_limit;
use crate::http::session::Session;
use crate::http::{AppState, ClientIp};
use crate::http::{MessageResponse, success};
use crate::hub::Announcement;
use crate::paging::invalid_cursor;

/// Messages per page of a thread.
const PAGE_SIZE: i64 = 30;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start_conversation, my_conversations))
        .routes(routes!(conversation_messages, send_message))
        .routes(routes!(mark_conversation_read))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartConversation {
    /// The verified guide to write to.
    guide_id: String,
    /// 1 to 2,000 characters once surrounding spaces are trimmed; stored as written.
    #[schema(min_length = 1, max_length = 2000, pattern = r"\S")]
    text: String,
}

#[derive(Deserialize, ToSchema)]
pub struct NewMessage {
    /// 1 to 2,000 characters once surrounding spaces are trimmed; stored as written.
    #[schema(min_length = 1, max_length = 2000, pattern = r"\S")]
    text: String,
}

#[derive(Serialize, ToSchema)]
pub struct ConversationResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Conversation,
}

#[derive(Serialize, ToSchema)]
pub struct ConversationsResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Vec<Conversation>,
}

#[derive(Serialize, ToSchema)]
pub struct MessageSentResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Message,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessagesPage {
    /// Newest first.
    messages: Vec<Message>,
    /// Pass as `cursor` for the older messages; null on the oldest page.
    #[schema(required = true)]
    next_cursor: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct MessagesResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: MessagesPage,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ConversationsParams {
    /// Only the conversation with this user (at most one).
    with: Option<String>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MessagesParams {
    /// The `nextCursor` of the previous page; none (or empty) for the newest messages.
    #[param(pattern = r"^([0-9]{1,18})?$")]
    cursor: Option<String>,
}

/// Where a message goes: a conversation that may not exist yet (a traveller's first
/// message to a guide), or one of the sender's with its members.
enum Destination<'a> {
    Pair { tourist_id: &'a str, guide_id: &'a str },
    Conversation { id: &'a str, members: Vec<String> },
}

/// Sends a message: first the sender's address is counted, then, in the sending
/// transaction, the sender's own messages of the last minute; the message is announced
/// to every member's open pages after commit.
async fn send(
    state: &AppState,
    ip: &str,
    sender_id: &str,
    destination: Destination<'_>,
    text: &str,
) -> AppResult<(String, Message)> {
    rate_limit::count_one(state, &rate_limit::MESSAGES_PER_ADDRESS, ip).await?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    if state.config.server.rate_limits {
        store::check_send_limit(&mut tx, state.db.backend, sender_id, now).await?;
    }
    let (conversation_id, members) = match destination {
        Destination::Pair { tourist_id, guide_id } => {
            let id = store::find_or_create(&mut tx, tourist_id, guide_id, now).await?;
            (id, vec![tourist_id.to_owned(), guide_id.to_owned()])
        }
        Destination::Conversation { id, members } => (id.to_owned(), members),
    };
    let message = store::append(&mut tx, &conversation_id, sender_id, text, now).await?;
    tx.commit().await?;
    let announcements = members
        .into_iter()
        .map(|user_id| Announcement::Message {
            user_id,
            conversation_id: conversation_id.clone(),
            message_id: message.id.clone(),
        })
        .collect();
    state.notifications.announce_all(&state.db, announcements).await;
    Ok((conversation_id, message))
}

/// Write to a guide: starts your conversation with them, or continues it if you have one.
#[utoipa::path(post, path = "/conversations", tag = "conversations", security(("bearer" = [])), request_body = StartConversation,
    responses(
        (status = 201, body = ConversationResponse, description = "The conversation, with the message appended"),
        (status = 400, body = ErrorBody, description = "The text is empty or longer than 2,000 characters"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Only travellers start conversations"),
        (status = 404, body = ErrorBody, description = "No verified guide has this id"),
        (status = 429, body = ErrorBody, description = "Too many messages this minute (or from your network this hour); see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    ))]
async fn start_conversation(
    State(state): State<AppState>,
    session: Session,
    ClientIp(ip): ClientIp,
    Json(body): Json<StartConversation>,
) -> AppResult<(StatusCode, Json<ConversationResponse>)> {
    if session.require_stored_role(&state.db, Role::Tourist).await.is_err() {
        return Err(AppError::Forbidden(
            "Only travellers can start a conversation with a guide".into(),
        ));
    }
    let text = text::parse(&body.text)?;
    let guide: Option<(String,)> = sqlx::query_as(
        "SELECT u.id FROM users u JOIN guide_details g ON g.user_id = u.id \
         WHERE u.id = $1 AND u.role = 'guide' AND g.status = 'verified'",
    )
    .bind(&body.guide_id)
    .fetch_optional(&state.db.pool)
    .await?;
    let Some((guide_id,)) = guide else {
        return Err(AppError::NotFound("Guide not found".into()));
    };
    let pair = Destination::Pair { tourist_id: &session.user_id, guide_id: &guide_id };
    let (conversation_id, _) = send(&state, &ip, &session.user_id, pair, &text).await?;
    let conversation = store::conversation(&state.db, &session.user_id, &conversation_id)
        .await?
        .ok_or_else(conversation_not_found)?;
    Ok((StatusCode::CREATED, Json(ConversationResponse { status: "success", data: conversation })))
}

/// Your conversations, newest activity first (the latest 100), each with the other
/// party (or, for a group departure's, its members), the last message and how many of
/// the others' messages you have not read.
#[utoipa::path(get, path = "/conversations", tag = "conversations", security(("bearer" = [])), params(ConversationsParams),
    responses((status = 200, body = ConversationsResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_conversations(
    State(state): State<AppState>,
    session: Session,
    Query(params): Query<ConversationsParams>,
) -> AppResult<Json<ConversationsResponse>> {
    let conversations = store::list(&state.db, &session.user_id, params.with.as_deref()).await?;
    Ok(Json(ConversationsResponse { status: "success", data: conversations }))
}

/// A page of a conversation's messages, newest first. Pages are cut by position, so
/// messages arriving meanwhile never shift or repeat an older page.
#[utoipa::path(get, path = "/conversations/{id}/messages", tag = "conversations", security(("bearer" = [])),
    params(("id" = String, Path), MessagesParams),
    responses(
        (status = 200, body = MessagesResponse),
        (status = 400, body = ErrorBody, description = "The cursor is not valid"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No conversation of yours has this id"),
    ))]
async fn conversation_messages(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
    Query(params): Query<MessagesParams>,
) -> AppResult<Json<MessagesResponse>> {
    store::participants(&state.db, &session.user_id, &id).await?;
    let before = match params.cursor.as_deref() {
        None | Some("") => i64::MAX,
        Some(cursor) => cursor
            .parse::<i64>()
            .ok()
            .filter(|seq| *seq >= 0 && cursor.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(invalid_cursor)?,
    };
    let (messages, next_cursor) = store::messages(&state.db, &id, before, PAGE_SIZE).await?;
    Ok(Json(MessagesResponse { status: "success", data: MessagesPage { messages, next_cursor } }))
}

/// Write in one of your conversations.
#[utoipa::path(post, path = "/conversations/{id}/messages", tag = "conversations", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = NewMessage,
    responses(
        (status = 201, body = MessageSentResponse),
        (status = 400, body = ErrorBody, description = "The text is empty or longer than 2,000 characters"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No conversation of yours has this id"),
        (status = 429, body = ErrorBody, description = "Too many messages this minute (or from your network this hour); see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    ))]
async fn send_message(
    State(state): State<AppState>,
    session: Session,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    Json(body): Json<NewMessage>,
) -> AppResult<(StatusCode, Json<MessageSentResponse>)> {
    let members = store::participants(&state.db, &session.user_id, &id).await?;
    let text = text::parse(&body.text)?;
    let destination = Destination::Conversation { id: &id, members };
    let (_, message) = send(&state, &ip, &session.user_id, destination, &text).await?;
    Ok((StatusCode::CREATED, Json(MessageSentResponse { status: "success", data: message })))
}

/// Mark everything in one of your conversations read.
#[utoipa::path(post, path = "/conversations/{id}/read", tag = "conversations", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = MessageResponse),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No conversation of yours has this id"),
    ))]
async fn mark_conversation_read(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
) -> AppResult<Json<MessageResponse>> {
    if !store::mark_read(&state.db, &session.user_id, &id).await? {
        return Err(conversation_not_found());
    }
    let read = Announcement::MessagesRead { user_id: session.user_id.clone() };
    state.notifications.announce_all(&state.db, vec![read]).await;
    Ok(success("Conversation marked as read"))
}
