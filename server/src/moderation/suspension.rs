//! Suspending and unsuspending accounts, and the list of suspended ones. A suspended
//! account cannot sign in or refresh, its tokens stop working at once (the check each
//! request makes is `http::suspension`), and a suspended guide leaves every public list,
//! search and page. Suspending resolves the open reports about the account and what it
//! wrote; both directions are audited.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::action::{OptionalReasonRequest, ReasonRequest, conflict_or_missing};
use super::audit::{self, AuditAction};
use crate::db::{now_ms, to_rfc3339};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path};
use crate::http::Role;
use crate::http::session::Admin;
use crate::http::{AppState, MessageResponse, success};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(suspend_user))
        .routes(routes!(unsuspend_user))
        .routes(routes!(suspended_users))
}

/// Suspend an account: it cannot sign in or refresh, its tokens stop working at once, and
/// a suspended guide leaves every public list, search and page. Resolves the open reports
/// about the account and about what it wrote.
#[utoipa::path(post, path = "/admin/users/{id}/suspend", tag = "moderation", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ReasonRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = ErrorBody, description = "No reason given, or your own account"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such account"),
        (status = 409, body = ErrorBody, description = "Already suspended"),
    ))]
async fn suspend_user(
    State(state): State<AppState>,
    Admin(session): Admin,
    Path(id): Path<String>,
    Json(body): Json<ReasonRequest>,
) -> AppResult<Json<MessageResponse>> {
    let reason = body.reason()?;
    if id == session.user_id {
        return Err(AppError::validation("You cannot suspend your own account"));
    }
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let suspended = sqlx::query(
        "UPDATE users SET suspended_at = $1, suspension_reason = $2, updated_at = $1 WHERE id = $3 AND suspended_at IS NULL",
    )
    .bind(now)
    .bind(&reason)
    .bind(&id)
    .execute(&mut *tx)
    .await?;
    if suspended.rows_affected() == 0 {
        return Err(conflict_or_missing(
            &mut tx,
            "SELECT id FROM users WHERE id = $1",
            &id,
            "This account is already suspended",
            "Account not found",
        )
        .await?);
    }
    // Signing in again is needed after an unsuspension: the old sessions are over.
    sqlx::query(
        "UPDATE refresh_tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL",
    )
    .bind(now)
    .bind(&id)
    .execute(&mut *tx)
    .await?;
    crate::guides::index::refresh(&mut tx, &id).await?;
    sqlx::query(
        "UPDATE reports SET status = 'resolved', resolved_by = $1, resolved_at = $2 WHERE status = 'open' AND ( \
           (target_type = 'guide' AND target_id = $3) \
           OR (target_type = 'blog' AND target_id IN (SELECT id FROM blogs WHERE author_id = $3)) \
           OR (target_type = 'review' AND target_id IN (SELECT id FROM ratings WHERE tourist_id = $3)))",
    )
    .bind(&session.user_id)
    .bind(now)
    .bind(&id)
    .execute(&mut *tx)
    .await?;
    audit::record(&mut tx, &session.user_id, AuditAction::SuspendUser, &id, &reason).await?;
    tx.commit().await?;
    Ok(success("Account suspended"))
}

/// Lift a suspension: the account can sign in again, and a verified guide is listed again.
#[utoipa::path(post, path = "/admin/users/{id}/unsuspend", tag = "moderation", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = OptionalReasonRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such account"),
        (status = 409, body = ErrorBody, description = "Not suspended"),
    ))]
async fn unsuspend_user(
    State(state): State<AppState>,
    Admin(session): Admin,
    Path(id): Path<String>,
    Json(body): Json<OptionalReasonRequest>,
) -> AppResult<Json<MessageResponse>> {
    let reason = body.reason()?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let lifted = sqlx::query(
        "UPDATE users SET suspended_at = NULL, suspension_reason = '', updated_at = $1 WHERE id = $2 AND suspended_at IS NOT NULL",
    )
    .bind(now)
    .bind(&id)
    .execute(&mut *tx)
    .await?;
    if lifted.rows_affected() == 0 {
        return Err(conflict_or_missing(
            &mut tx,
            "SELECT id FROM users WHERE id = $1",
            &id,
            "This account is not suspended",
            "Account not found",
        )
        .await?);
    }
    crate::guides::index::refresh(&mut tx, &id).await?;
    audit::record(&mut tx, &session.user_id, AuditAction::UnsuspendUser, &id, &reason).await?;
    tx.commit().await?;
    Ok(success("Account unsuspended"))
}

/// A suspended account.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuspendedAccount {
    #[serde(rename = "_id")]
    id: String,
    first_name: String,
    last_name: String,
    email: String,
    role: Role,
    reason: String,
    /// RFC 3339.
    suspended_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct SuspendedAccountsResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Vec<SuspendedAccount>,
}

/// Suspended accounts, most recently suspended first (at most 500).
#[utoipa::path(get, path = "/admin/users/suspended", tag = "moderation", security(("bearer" = [])),
    responses(
        (status = 200, body = SuspendedAccountsResponse),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    ))]
async fn suspended_users(
    State(state): State<AppState>,
    _: Admin,
) -> AppResult<Json<SuspendedAccountsResponse>> {
    let rows: Vec<(String, String, String, String, String, String, i64)> = sqlx::query_as(
        "SELECT id, first_name, last_name, email, role, suspension_reason, suspended_at FROM users \
         WHERE suspended_at IS NOT NULL ORDER BY suspended_at DESC, id DESC LIMIT 500",
    )
    .fetch_all(&state.db.pool)
    .await?;
    let data = rows
        .into_iter()
        .filter_map(|(id, first_name, last_name, email, role, reason, at)| {
            Some(SuspendedAccount {
                id,
                first_name,
                last_name,
                email,
                role: Role::parse(&role)?,
                reason,
                suspended_at: to_rfc3339(at),
            })
        })
        .collect();
    Ok(Json(SuspendedAccountsResponse { status: "success", data }))
}
