//! How long a request may take. Most requests get `YATRA_REQUEST_TIMEOUT_SECS` (30 s)
//! from start to answer. An upload (a `multipart/form-data` body) is different: a 4 MB
//! photo on a slow line can take longer than that just to arrive, so its clock starts once
//! the body is in, which bounds the processing that follows. While the body arrives it
//! must keep moving: a stall of `YATRA_UPLOAD_STALL_SECS` (10 s), or an average pace
//! below `MIN_UPLOAD_BYTES_PER_SEC` once the first 30 s have passed, answers 408, so a
//! trickling client cannot hold a connection and an upload permit for ever.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use tokio::sync::Notify;
use tokio::time::Instant;

use crate::error::AppError;
use crate::http::AppState;

/// The slowest average pace an upload may keep after its first `request_timeout`
/// (8 kB/s: a poor mobile uplink; a 4 MB photo at that pace takes about 8 minutes).
pub const MIN_UPLOAD_BYTES_PER_SEC: f64 = 8.0 * 1024.0;

pub async fn enforce(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let limit = state.config.server.request_timeout;
    if !is_upload(&request) {
        return match tokio::time::timeout(limit, next.run(request)).await {
            Ok(response) => response,
            Err(_) => timed_out(),
        };
    }

    let watch = Arc::new(BodyWatch::default());
    let (parts, body) = request.into_parts();
    let body = paced(body, watch.clone(), limit, state.config.server.upload_stall_timeout);
    let handler = next.run(Request::from_parts(parts, body));
    let watchdog = async {
        watch.arrived.notified().await;
        if !watch.stalled.load(Ordering::SeqCst) {
            tokio::time::sleep(limit).await;
        }
    };
    let response = tokio::select! {
        response = handler => response,
        () = watchdog => {
            if watch.stalled.load(Ordering::SeqCst) { stalled() } else { timed_out() }
        }
    };
    // The handler may answer its own "cannot read the upload" first; say what happened.
    if watch.stalled.load(Ordering::SeqCst) { stalled() } else { response }
}

fn is_upload(request: &Request) -> bool {
    request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("multipart/form-data"))
}

fn timed_out() -> Response {
    AppError::ServiceUnavailable("The request took too long. Please try again.".into())
        .into_response()
}

fn stalled() -> Response {
    AppError::RequestTimeout(
        "The upload stopped arriving. Please check your connection and try again.".into(),
    )
    .into_response()
}

/// What the body reader tells the watchdog: the body is in (or no longer read), or it
/// stalled.
#[derive(Default)]
struct BodyWatch {
    arrived: Notify,
    stalled: AtomicBool,
}

/// Reads the body, noting when it is done. `Drop` covers a handler that stops reading
/// early (a multipart parser at the closing boundary, a refusal before the file).
struct Pacing {
    data: axum::body::BodyDataStream,
    watch: Arc<BodyWatch>,
    started: Instant,
    last_chunk: Instant,
    received: u64,
    grace: Duration,
    stall: Duration,
    done: bool,
}

impl Pacing {
    /// The stall limit, or the point where the average pace falls below the minimum,
    /// whichever comes first.
    fn next_chunk_deadline(&self) -> Instant {
        let earned = Duration::from_secs_f64(self.received as f64 / MIN_UPLOAD_BYTES_PER_SEC);
        (self.last_chunk + self.stall).min(self.started + self.grace + earned)
    }

    fn finish(&mut self) {
        if !self.done {
            self.done = true;
            self.watch.arrived.notify_one();
        }
    }
}

impl Drop for Pacing {
    fn drop(&mut self) {
        self.finish();
    }
}

fn paced(body: Body, watch: Arc<BodyWatch>, grace: Duration, stall: Duration) -> Body {
    let now = Instant::now();
    let pacing = Pacing {
        data: body.into_data_stream(),
        watch,
        started: now,
        last_chunk: now,
        received: 0,
        grace,
        stall,
        done: false,
    };
    Body::from_stream(futures_util::stream::unfold(pacing, |mut pacing| async move {
        if pacing.done {
            return None;
        }
        match tokio::time::timeout_at(pacing.next_chunk_deadline(), pacing.data.next()).await {
            Ok(Some(Ok(chunk))) => {
                pacing.received += chunk.len() as u64;
                pacing.last_chunk = Instant::now();
                Some((Ok(chunk), pacing))
            }
            Ok(Some(Err(e))) => {
                pacing.finish();
                Some((Err(e), pacing))
            }
            Ok(None) => {
                pacing.finish();
                None
            }
            Err(_) => {
                pacing.watch.stalled.store(true, Ordering::SeqCst);
                pacing.finish();
                Some((Err(axum::Error::new("the upload stalled")), pacing))
            }
        }
    }))
}
