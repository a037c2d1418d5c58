//! `POST /assistant/chat`: the Buddy's answer as JSON, or as server-sent events when the
//! client asks for `text/event-stream` (the text in pieces, then the whole answer).

use std::convert::Infallible;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::http::header::ACCEPT;
use axum::response::sse::{Event, Sse};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{Answer, ChatRequest, Conversation};
use crate::error::{AppResult, ErrorBody, Json};
use crate::http::rate_limit;
use crate::http::session::MaybeSession;
use crate::http::{AppState, ClientIp};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(chat))
}

#[derive(Serialize, ToSchema)]
#[schema(as = BuddyChatResponse)]
pub struct ChatResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Answer,
}

/// One piece of the reply's text, in an `event: reply` of the stream.
#[derive(Serialize)]
struct ReplyPiece {
    text: String,
}

/// Words per `reply` event: small enough to show the answer arriving.
const WORDS_PER_PIECE: usize = 4;

/// Ask Tourist Buddy. Anyone may ask; signed in, the limit is the account's own, else the
/// network's.
///
/// With `Accept: text/event-stream` the answer comes as server-sent events: `reply`
/// events (`{"text": ...}`, pieces of the reply to append in order), then one `done`
/// event with the whole answer (the `data` of the JSON response).
#[utoipa::path(post, path = "/assistant/chat", tag = "assistant", request_body = ChatRequest,
    responses(
        (status = 200, description = "The answer (JSON), or its events (`text/event-stream`)", content(
            (ChatResponse = "application/json"),
            (String = "text/event-stream"),
        )),
        (status = 400, body = ErrorBody, description = "No messages, too many or too long, an empty one, or the last one not the traveller's"),
        (status = 401, body = ErrorBody, description = "An expired or invalid token (sign in again or ask without one)"),
        (status = 429, body = ErrorBody, description = "Too many questions from this account or network; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn chat(
    State(state): State<AppState>,
    MaybeSession(session): MaybeSession,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Json(body): Json<ChatRequest>,
) -> AppResult<Response> {
    let conversation = Conversation::parse(body)?;
    let account = session.as_ref().map(|s| s.user_id.as_str());
    rate_limit::count_caller(&state, &rate_limit::ASSISTANT_QUESTIONS, account, &ip).await?;
    let answer = super::answer(&state, &conversation).await?;
    if wants_events(&headers) {
        return Ok(events(answer).into_response());
    }
    Ok(Json(ChatResponse { status: "success", data: answer }).into_response())
}

fn wants_events(headers: &HeaderMap) -> bool {
    headers
        .get_all(ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.contains("text/event-stream"))
}

/// The answer as events: the reply in pieces of a few words (whitespace kept, so the
/// pieces join back into the reply exactly), then `done`.
fn events(answer: Answer) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>>> {
    let mut pieces: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut words = 0;
    for part in answer.reply.split_inclusive(char::is_whitespace) {
        current.push_str(part);
        if part.ends_with(char::is_whitespace) {
            words += 1;
        }
        if words == WORDS_PER_PIECE || part.ends_with('\n') {
            pieces.push(std::mem::take(&mut current));
            words = 0;
        }
    }
    if !current.is_empty() {
        pieces.push(current);
    }
    let mut events: Vec<Result<Event, Infallible>> = pieces
        .into_iter()
        .map(|text| Ok(Event::default().event("reply").data(json_text(&ReplyPiece { text }))))
        .collect();
    events.push(Ok(Event::default().event("done").data(json_text(&answer))));
    Sse::new(futures_util::stream::iter(events))
}

fn json_text(value: &impl Serialize) -> String {
    // Our own types always serialise.
    serde_json::to_string(value).unwrap_or_default()
}
