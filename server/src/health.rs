//! Liveness and readiness probes for load balancers and orchestrators.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(healthz)).routes(routes!(readyz))
}

#[derive(Serialize, ToSchema)]
pub struct Health {
    /// `ok`, or `error` when a dependency is down.
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'static str>,
}

/// Liveness: the process answers.
#[utoipa::path(get, path = "/healthz", tag = "operations", responses((status = 200, body = Health)))]
async fn healthz() -> Json<Health> {
    Json(Health { status: "ok", message: None })
}

/// Readiness: the database answers too.
#[utoipa::path(get, path = "/readyz", tag = "operations",
    responses((status = 200, body = Health), (status = 503, body = Health, description = "Database unavailable")))]
async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    if state.db.ping().await {
        (StatusCode::OK, Json(Health { status: "ok", message: None }))
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(Health { status: "error", message: Some("Database unavailable") }),
        )
    }
}
