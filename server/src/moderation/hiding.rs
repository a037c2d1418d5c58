//! Hiding a blog post or a review from public view, and showing it again. Hiding tells
//! the author why, resolves the open reports about the thing and is audited; showing
//! again is audited. A review counts in its guide's rating only while shown.

use axum::extract::State;
use sqlx::AnyConnection;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::action::{OptionalReasonRequest, ReasonRequest, conflict_or_missing};
use super::audit::{self, AuditAction};
use super::reports::{ReportTarget, resolve_reports};
use crate::db::now_ms;
use crate::error::{AppResult, ErrorBody, Json, Path};
use crate::http::session::Admin;
use crate::http::{AppState, MessageResponse, success};
use crate::notifications::{self, NewNotification};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(hide_blog))
        .routes(routes!(unhide_blog))
        .routes(routes!(hide_review))
        .routes(routes!(unhide_review))
}

/// Tells an author that an admin hid what they wrote, with the admin's reason.
async fn notify_hidden(conn: &mut AnyConnection, user_id: &str, message: String) -> AppResult<()> {
    notifications::store(
        conn,
        NewNotification {
            user_id,
            kind: "moderation",
            booking_id: None,
            guide_message: message.clone(),
            tourist_message: message,
            status: "hidden",
            payment_status: "",
        },
    )
    .await
}

/// Hide a blog post from every public list, search and page; its author is told why.
#[utoipa::path(post, path = "/admin/blogs/{id}/hide", tag = "moderation", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ReasonRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = ErrorBody, description = "No reason given"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such post"),
        (status = 409, body = ErrorBody, description = "Already hidden"),
    ))]
async fn hide_blog(
    State(state): State<AppState>,
    Admin(session): Admin,
    Path(id): Path<String>,
    Json(body): Json<ReasonRequest>,
) -> AppResult<Json<MessageResponse>> {
    let reason = body.reason()?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let hidden: Option<(String, String)> =
        sqlx::query_as("UPDATE blogs SET hidden_at = $1 WHERE id = $2 AND hidden_at IS NULL RETURNING author_id, title")
            .bind(now)
            .bind(&id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((author_id, title)) = hidden else {
        return Err(conflict_or_missing(
            &mut tx,
            "SELECT id FROM blogs WHERE id = $1",
            &id,
            "This post is already hidden",
            "Blog not found",
        )
        .await?);
    };
    notify_hidden(&mut tx, &author_id, format!("An admin hid your post \"{title}\": {reason}"))
        .await?;
    resolve_reports(&mut tx, &session.user_id, ReportTarget::Blog, &id, now).await?;
    audit::record(&mut tx, &session.user_id, AuditAction::HideBlog, &id, &reason).await?;
    tx.commit().await?;
    state.notifications.announce(&state.db, &[&author_id]).await;
    Ok(success("Post hidden"))
}

/// Show a hidden blog post again.
#[utoipa::path(post, path = "/admin/blogs/{id}/unhide", tag = "moderation", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = OptionalReasonRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such post"),
        (status = 409, body = ErrorBody, description = "Not hidden"),
    ))]
async fn unhide_blog(
    State(state): State<AppState>,
    Admin(session): Admin,
    Path(id): Path<String>,
    Json(body): Json<OptionalReasonRequest>,
) -> AppResult<Json<MessageResponse>> {
    let reason = body.reason()?;
    let mut tx = state.db.begin_write().await?;
    let shown =
        sqlx::query("UPDATE blogs SET hidden_at = NULL WHERE id = $1 AND hidden_at IS NOT NULL")
            .bind(&id)
            .execute(&mut *tx)
            .await?;
    if shown.rows_affected() == 0 {
        return Err(conflict_or_missing(
            &mut tx,
            "SELECT id FROM blogs WHERE id = $1",
            &id,
            "This post is not hidden",
            "Blog not found",
        )
        .await?);
    }
    audit::record(&mut tx, &session.user_id, AuditAction::UnhideBlog, &id, &reason).await?;
    tx.commit().await?;
    Ok(success("Post shown again"))
}

/// Hide a review: gone from the guide's page, and no longer in their rating or count.
#[utoipa::path(post, path = "/admin/reviews/{id}/hide", tag = "moderation", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ReasonRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = ErrorBody, description = "No reason given"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such review"),
        (status = 409, body = ErrorBody, description = "Already hidden"),
    ))]
async fn hide_review(
    State(state): State<AppState>,
    Admin(session): Admin,
    Path(id): Path<String>,
    Json(body): Json<ReasonRequest>,
) -> AppResult<Json<MessageResponse>> {
    let reason = body.reason()?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let hidden: Option<(String, String, i64)> =
        sqlx::query_as("UPDATE ratings SET hidden_at = $1 WHERE id = $2 AND hidden_at IS NULL RETURNING guide_id, tourist_id, score")
            .bind(now)
            .bind(&id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((guide_id, tourist_id, score)) = hidden else {
        return Err(conflict_or_missing(
            &mut tx,
            "SELECT id FROM ratings WHERE id = $1",
            &id,
            "This review is already hidden",
            "Review not found",
        )
        .await?);
    };
    count_review(&mut tx, &guide_id, -score, -1, now).await?;
    notify_hidden(&mut tx, &tourist_id, format!("An admin hid your review: {reason}")).await?;
    resolve_reports(&mut tx, &session.user_id, ReportTarget::Review, &id, now).await?;
    audit::record(&mut tx, &session.user_id, AuditAction::HideReview, &id, &reason).await?;
    tx.commit().await?;
    state.notifications.announce(&state.db, &[&tourist_id]).await;
    Ok(success("Review hidden"))
}

/// Adds (or takes away) one review in the guide's rating, and their public rows follow.
async fn count_review(
    conn: &mut AnyConnection,
    guide_id: &str,
    score: i64,
    count: i64,
    now: i64,
) -> AppResult<()> {
    sqlx::query("UPDATE guide_details SET rating_sum = rating_sum + $1, review_count = review_count + $2, updated_at = $3 WHERE user_id = $4")
        .bind(score)
        .bind(count)
        .bind(now)
        .bind(guide_id)
        .execute(&mut *conn)
        .await?;
    crate::guides::index::refresh(conn, guide_id).await
}

/// Show a hidden review again; it counts in the guide's rating again.
#[utoipa::path(post, path = "/admin/reviews/{id}/unhide", tag = "moderation", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = OptionalReasonRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such review"),
        (status = 409, body = ErrorBody, description = "Not hidden"),
    ))]
async fn unhide_review(
    State(state): State<AppState>,
    Admin(session): Admin,
    Path(id): Path<String>,
    Json(body): Json<OptionalReasonRequest>,
) -> AppResult<Json<MessageResponse>> {
    let reason = body.reason()?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let shown: Option<(String, i64)> =
        sqlx::query_as("UPDATE ratings SET hidden_at = NULL WHERE id = $1 AND hidden_at IS NOT NULL RETURNING guide_id, score")
            .bind(&id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((guide_id, score)) = shown else {
        return Err(conflict_or_missing(
            &mut tx,
            "SELECT id FROM ratings WHERE id = $1",
            &id,
            "This review is not hidden",
            "Review not found",
        )
        .await?);
    };
    count_review(&mut tx, &guide_id, score, 1, now).await?;
    audit::record(&mut tx, &session.user_id, AuditAction::UnhideReview, &id, &reason).await?;
    tx.commit().await?;
    Ok(success("Review shown again"))
}
