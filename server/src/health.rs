//! Liveness and readiness probes for load balancers and orchestrators.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::app::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/healthz", get(healthz)).route("/readyz", get(readyz))
}

async fn healthz() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    if state.db.ping().await {
        (StatusCode::OK, Json(json!({ "status": "ok" })))
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "status": "error", "message": "Database unavailable" })))
    }
}
