//! Who may upload right now. Every multipart request of a signed-in account (an image
//! upload, or a form that may carry one) is counted per account and per address, and every
//! multipart request holds one of a fixed number of
//! upload places while its body is read and its image processed. When all places are
//! taken the next upload is refused at once (429) instead of queueing bodies in memory.

use axum::extract::{Request, State};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::client_ip::ClientIp;
use super::rate_limit;
use super::state::AppState;
use crate::error::AppError;

/// Seconds a refused upload is told to wait: places free as other uploads finish.
const RETRY_AFTER_BUSY: u64 = 5;

/// Middleware over the whole router; requests other than multipart pass untouched.
pub async fn admit(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    request: Request,
    next: Next,
) -> Response {
    if !is_multipart(&request) {
        return next.run(request).await;
    }
    let Ok(place) = state.upload_places.0.clone().try_acquire_owned() else {
        return AppError::too_many_requests(
            "Too many uploads are in progress right now. Please try again in a few seconds.",
            RETRY_AFTER_BUSY,
        )
        .into_response();
    };
    // Only the account a valid token names; a bad token is the handler's 401 to give.
    let account = request
        .headers()
        .get(AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer ")))
        .and_then(|token| state.tokens.verify_access(token.trim()))
        .map(|claims| claims.sub);
    // Every upload route needs a signed-in account, whose extractor answers 401 before the
    // body is read: a request without a valid token uploads nothing, so it is not counted
    // (and is never told "too many uploads" instead of being told to sign in).
    if let Some(account) = account.as_deref()
        && let Err(refused) =
            rate_limit::count(&state, &rate_limit::UPLOADS, Some(account), &ip).await
    {
        return refused.into_response();
    }
    let response = next.run(request).await;
    drop(place);
    response
}

fn is_multipart(request: &Request) -> bool {
    request
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.trim_start().to_ascii_lowercase().starts_with("multipart/"))
}
