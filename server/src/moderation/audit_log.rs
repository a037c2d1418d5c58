//! `GET /admin/audit`: the audit log for the admins, newest first, each entry with the
//! acting admin's name as it is now. The log itself, and how an action writes to it, is
//! `moderation::audit`.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::action::PageParams;
use super::audit::{AuditAction, AuditTarget};
use crate::db::to_rfc3339;
use crate::error::{AppResult, ErrorBody, Json, Query};
use crate::http::AppState;
use crate::http::session::Admin;
use crate::paging::{page_and_limit, total_pages};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(audit_log))
}

/// One admin action.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    #[serde(rename = "_id")]
    id: String,
    actor_id: String,
    /// The admin's name as it is now.
    actor_name: String,
    action: AuditAction,
    target_type: AuditTarget,
    target_id: String,
    reason: String,
    /// RFC 3339.
    created_at: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPage {
    entries: Vec<AuditEntry>,
    total_pages: i64,
}

#[derive(Serialize, ToSchema)]
pub struct AuditResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: AuditPage,
}

/// Every admin action, newest first.
#[utoipa::path(get, path = "/admin/audit", tag = "moderation", security(("bearer" = [])), params(PageParams),
    responses(
        (status = 200, body = AuditResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    ))]
async fn audit_log(
    State(state): State<AppState>,
    _: Admin,
    Query(params): Query<PageParams>,
) -> AppResult<Json<AuditResponse>> {
    let (page, limit) = page_and_limit(params.page, params.limit, 20)?;
    let rows: Vec<(String, String, Option<String>, Option<String>, String, String, String, i64)> = sqlx::query_as(
        "SELECT a.id, a.actor_id, u.first_name, u.last_name, a.action, a.target_id, a.reason, a.created_at \
         FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id ORDER BY a.created_at DESC, a.id DESC LIMIT $1 OFFSET $2",
    )
    .bind(limit)
    .bind((page - 1) * limit)
    .fetch_all(&state.db.pool)
    .await?;
    let (total,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM audit_log").fetch_one(&state.db.pool).await?;
    let entries = rows
        .into_iter()
        .filter_map(|(id, actor_id, first, last, action, target_id, reason, at)| {
            let action = AuditAction::parse(&action)?;
            Some(AuditEntry {
                id,
                actor_id,
                actor_name: format!("{} {}", first.unwrap_or_default(), last.unwrap_or_default())
                    .trim()
                    .to_owned(),
                action,
                target_type: action.target(),
                target_id,
                reason,
                created_at: to_rfc3339(at),
            })
        })
        .collect();
    Ok(Json(AuditResponse {
        status: "success",
        data: AuditPage { entries, total_pages: total_pages(total, limit) },
    }))
}
