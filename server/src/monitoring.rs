//! Metrics for Prometheus at `GET /metrics`: every request counted and timed by method,
//! matched route and status; the database pool's size; and the business events an
//! operator watches (booking state changes, payments confirmed, failed logins).
//! `YATRA_METRICS=false` leaves the route out (404) and records nothing per request.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::db::Db;
use crate::error::{AppError, ErrorBody};
use crate::http::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(render))
}

const REQUEST_DURATION: &str = "yatra_http_request_duration_seconds";
/// Buckets from 1 ms to 10 s: static files and reads sit low, argon2 logins near 100 ms.
const DURATION_BUCKETS: &[f64] =
    &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];
/// Histogram samples wait in a buffer until drained; draining often keeps it small
/// between scrapes.
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// The process's one recorder (a recorder is global; test servers in one process share it).
fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(REQUEST_DURATION.into()), DURATION_BUCKETS)
            .expect("the duration buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("another metrics recorder is installed; /metrics will stay empty");
        }
        handle
    })
}

/// Installs the recorder and drains it while the server runs.
pub fn start() {
    let handle = handle().clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(UPKEEP_EVERY);
        loop {
            every.tick().await;
            handle.run_upkeep();
        }
    });
}

/// Counts and times each request. The route is the matched pattern
/// (`/api/v1/bookings/{id}`), never the raw path, so ids do not explode the label set;
/// whatever no route matched (the client's files, unknown paths) is `fallback`.
pub async fn track(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().as_str().to_owned();
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_owned())
        .unwrap_or_else(|| "fallback".into());
    let response = next.run(request).await;
    let labels =
        [("method", method), ("route", route), ("status", response.status().as_u16().to_string())];
    metrics::counter!("yatra_http_requests_total", &labels).increment(1);
    metrics::histogram!(REQUEST_DURATION, &labels).record(started.elapsed().as_secs_f64());
    response
}

/// Prometheus text format: request counts and durations, the database pool, booking
/// transitions, payments and failed logins. 404 on a server with `YATRA_METRICS=false`.
#[utoipa::path(get, path = "/metrics", tag = "operations",
    responses(
        (status = 200, description = "Prometheus text exposition format", content_type = "text/plain", body = String),
        (status = 404, body = ErrorBody, description = "Metrics are turned off on this server"),
    ))]
async fn render(State(state): State<AppState>) -> Response {
    if !state.config.server.metrics {
        return AppError::NotFound("Not found".into()).into_response();
    }
    record_pool(&state.db);
    metrics::gauge!("yatra_catalogue_cache_bytes").set(state.catalogue.bytes() as f64);
    let text = handle().render();
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
        )],
        text,
    )
        .into_response()
}

fn record_pool(db: &Db) {
    let size = db.pool.size();
    let idle = db.pool.num_idle();
    metrics::gauge!("yatra_db_pool_connections").set(f64::from(size));
    metrics::gauge!("yatra_db_pool_idle_connections").set(idle as f64);
}

/// A booking moved to `to` (`requested`, `approved`, `rejected`...).
pub fn booking_transition(to: &'static str) {
    metrics::counter!("yatra_booking_transitions_total", "to" => to).increment(1);
}

/// A payment confirmed (once per booking, however often the provider says so).
pub fn payment_confirmed() {
    metrics::counter!("yatra_payments_confirmed_total").increment(1);
}

/// A sign-in refused for a wrong email or password.
pub fn login_failed() {
    metrics::counter!("yatra_logins_failed_total").increment(1);
}
