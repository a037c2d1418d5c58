//! The admins' moderation endpoints: the open reports, hiding posts and reviews,
//! suspending accounts, dismissing reports, and the audit log. Admin accounts only
//! (re-checked in the database); every action is audited in its own transaction.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::audit::{self, AuditAction, AuditTarget};
use super::reports::ReportTarget;
use crate::db::{Db, now_ms, to_rfc3339};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path, Query};
use crate::http::AppState;
use crate::http::Role;
use crate::http::session::Admin;
use crate::http::{MessageResponse, success};
use crate::notifications::{self, NewNotification};
use crate::paging::{page_and_limit, total_pages};
use crate::profile::{optional_text, required_text};

const REASON_MAX: usize = 500;
/// How much of a reported post, review or bio the queue shows.
const EXCERPT_MAX: usize = 200;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(open_reports))
        .routes(routes!(dismiss_report))
        .routes(routes!(hide_blog))
        .routes(routes!(unhide_blog))
        .routes(routes!(hide_review))
        .routes(routes!(unhide_review))
        .routes(routes!(suspend_user))
        .routes(routes!(unsuspend_user))
        .routes(routes!(suspended_users))
        .routes(routes!(audit_log))
}

/// Why the admin acts; shown to the author and kept in the audit log.
#[derive(Deserialize, ToSchema)]
pub struct ReasonRequest {
    /// 1 to 500 characters.
    #[schema(value_type = String, min_length = 1, max_length = 500,
        pattern = r"^(?=[\s\S]*\S)[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$")]
    reason: Option<String>,
}

/// An optional note for the audit log.
#[derive(Deserialize, ToSchema)]
pub struct OptionalReasonRequest {
    /// At most 500 characters.
    #[schema(
        max_length = 500,
        pattern = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$"
    )]
    reason: Option<String>,
}

fn required_reason(reason: Option<&str>) -> AppResult<String> {
    required_text(reason, "Reason", REASON_MAX, true)
}

fn optional_reason(reason: Option<&str>) -> AppResult<String> {
    Ok(optional_text(reason, "Reason", REASON_MAX, true)?.unwrap_or_default())
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// From 1 (default 1).
    #[param(minimum = 1, maximum = 100000)]
    page: Option<i64>,
    /// 1 to 50 (default 20).
    #[param(minimum = 1, maximum = 50)]
    limit: Option<i64>,
}

fn excerpt(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(EXCERPT_MAX).collect();
    if chars.next().is_some() { format!("{}…", head.trim_end()) } else { head }
}

// ---------------------------------------------------------------- the open reports

/// An open report with what it is about.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportItem {
    #[serde(rename = "_id")]
    id: String,
    target_type: ReportTarget,
    target_id: String,
    /// The post's title, "Review of <guide>", or the guide's name.
    title: String,
    /// The start of the post, the review or the guide's bio.
    excerpt: String,
    /// Who wrote the post or review, or the guide; `null` when the post is deleted.
    #[schema(required = true)]
    author_id: Option<String>,
    author_name: String,
    /// Whether the author's account is suspended already.
    author_suspended: bool,
    /// The guide whose page shows the review, or the reported guide.
    #[schema(required = true)]
    guide_id: Option<String>,
    /// Whether the target is already gone from public view (hidden, deleted, suspended).
    target_gone: bool,
    reporter_id: String,
    reporter_name: String,
    reason: String,
    /// RFC 3339.
    created_at: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportsPage {
    reports: Vec<ReportItem>,
    total_pages: i64,
}

#[derive(Serialize, ToSchema)]
pub struct ReportsResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: ReportsPage,
}

#[derive(sqlx::FromRow)]
struct ReportRow {
    id: String,
    target_type: String,
    target_id: String,
    reason: String,
    created_at: i64,
    reporter_id: String,
    reporter_first: String,
    reporter_last: String,
}

/// What a report is about, as the queue describes it.
struct Described {
    title: String,
    excerpt: String,
    author_id: Option<String>,
    author_name: String,
    author_suspended: bool,
    guide_id: Option<String>,
    gone: bool,
}

impl Described {
    fn deleted(what: &str) -> Self {
        Self {
            title: format!("(this {what} was deleted)"),
            excerpt: String::new(),
            author_id: None,
            author_name: String::new(),
            author_suspended: false,
            guide_id: None,
            gone: true,
        }
    }
}

async fn describe(db: &Db, target: ReportTarget, id: &str) -> AppResult<Described> {
    match target {
        ReportTarget::Blog => {
            let found: Option<(String, String, String, String, String, Option<i64>, Option<i64>)> = sqlx::query_as(
                "SELECT b.title, b.description, b.author_id, u.first_name, u.last_name, b.hidden_at, u.suspended_at \
                 FROM blogs b JOIN users u ON u.id = b.author_id WHERE b.id = $1",
            )
            .bind(id)
            .fetch_optional(&db.pool)
            .await?;
            Ok(match found {
                None => Described::deleted("post"),
                Some((title, body, author, first, last, hidden, suspended)) => Described {
                    title,
                    excerpt: excerpt(&body),
                    author_id: Some(author),
                    author_name: format!("{first} {last}"),
                    author_suspended: suspended.is_some(),
                    guide_id: None,
                    gone: hidden.is_some(),
                },
            })
        }
        ReportTarget::Review => {
            let found: Option<(String, String, String, String, String, String, String, Option<i64>, Option<i64>)> = sqlx::query_as(
                "SELECT r.comment, r.tourist_id, t.first_name, t.last_name, r.guide_id, g.first_name, g.last_name, r.hidden_at, \
                   t.suspended_at FROM ratings r JOIN users t ON t.id = r.tourist_id JOIN users g ON g.id = r.guide_id WHERE r.id = $1",
            )
            .bind(id)
            .fetch_optional(&db.pool)
            .await?;
            Ok(match found {
                None => Described::deleted("review"),
                Some((
                    comment,
                    author,
                    first,
                    last,
                    guide,
                    guide_first,
                    guide_last,
                    hidden,
                    suspended,
                )) => Described {
                    title: format!("Review of {guide_first} {guide_last}"),
                    excerpt: excerpt(&comment),
                    author_id: Some(author),
                    author_name: format!("{first} {last}"),
                    author_suspended: suspended.is_some(),
                    guide_id: Some(guide),
                    gone: hidden.is_some(),
                },
            })
        }
        ReportTarget::Guide => {
            let found: Option<(String, String, Option<String>, Option<i64>)> = sqlx::query_as(
                "SELECT u.first_name, u.last_name, g.bio, u.suspended_at FROM users u LEFT JOIN guide_details g ON g.user_id = u.id \
                 WHERE u.id = $1",
            )
            .bind(id)
            .fetch_optional(&db.pool)
            .await?;
            Ok(match found {
                None => Described::deleted("guide"),
                Some((first, last, bio, suspended)) => Described {
                    title: format!("{first} {last}"),
                    excerpt: excerpt(bio.as_deref().unwrap_or("")),
                    author_id: Some(id.to_owned()),
                    author_name: format!("{first} {last}"),
                    author_suspended: suspended.is_some(),
                    guide_id: Some(id.to_owned()),
                    gone: suspended.is_some(),
                },
            })
        }
    }
}

/// Open reports, oldest first, each with what was reported and by whom.
#[utoipa::path(get, path = "/admin/reports", tag = "moderation", security(("bearer" = [])), params(PageParams),
    responses(
        (status = 200, body = ReportsResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not an admin account"),
    ))]
async fn open_reports(
    State(state): State<AppState>,
    _: Admin,
    Query(params): Query<PageParams>,
) -> AppResult<Json<ReportsResponse>> {
    let (page, limit) = page_and_limit(params.page, params.limit, 20)?;
    let rows: Vec<ReportRow> = sqlx::query_as(
        "SELECT r.id, r.target_type, r.target_id, r.reason, r.created_at, r.reporter_id, \
           u.first_name AS reporter_first, u.last_name AS reporter_last \
         FROM reports r JOIN users u ON u.id = r.reporter_id WHERE r.status = 'open' \
         ORDER BY r.created_at, r.id LIMIT $1 OFFSET $2",
    )
    .bind(limit)
    .bind((page - 1) * limit)
    .fetch_all(&state.db.pool)
    .await?;
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM reports WHERE status = 'open'")
        .fetch_one(&state.db.pool)
        .await?;
    let mut reports = Vec::with_capacity(rows.len());
    for row in rows {
        let Some(target) = ReportTarget::parse(&row.target_type) else { continue };
        let about = describe(&state.db, target, &row.target_id).await?;
        reports.push(ReportItem {
            id: row.id,
            target_type: target,
            target_id: row.target_id,
            title: about.title,
            excerpt: about.excerpt,
            author_id: about.author_id,
            author_name: about.author_name,
            author_suspended: about.author_suspended,
            guide_id: about.guide_id,
            target_gone: about.gone,
            reporter_id: row.reporter_id,
            reporter_name: format!("{} {}", row.reporter_first, row.reporter_last),
            reason: row.reason,
            created_at: to_rfc3339(row.created_at),
        });
    }
    Ok(Json(ReportsResponse {
        status: "success",
        data: ReportsPage { reports, total_pages: total_pages(total, limit) },
    }))
}

/// Closes the open reports about one thing: an admin acted on it.
async fn resolve_reports(
    conn: &mut AnyConnection,
    admin_id: &str,
    target: ReportTarget,
    target_id: &str,
    now: i64,
) -> AppResult<()> {
    sqlx::query(
        "UPDATE reports SET status = 'resolved', resolved_by = $1, resolved_at = $2 \
         WHERE target_type = $3 AND target_id = $4 AND status = 'open'",
    )
    .bind(admin_id)
    .bind(now)
    .bind(target.as_str())
    .bind(target_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Close a report without acting on what it is about.
#[utoipa::path(post, path = "/admin/reports/{id}/dismiss", tag = "moderation", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = OptionalReasonRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such report"),
        (status = 409, body = ErrorBody, description = "The report is no longer open"),
    ))]
async fn dismiss_report(
    State(state): State<AppState>,
    Admin(session): Admin,
    Path(id): Path<String>,
    Json(body): Json<OptionalReasonRequest>,
) -> AppResult<Json<MessageResponse>> {
    let reason = optional_reason(body.reason.as_deref())?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let dismissed = sqlx::query("UPDATE reports SET status = 'dismissed', resolved_by = $1, resolved_at = $2 WHERE id = $3 AND status = 'open'")
        .bind(&session.user_id)
        .bind(now)
        .bind(&id)
        .execute(&mut *tx)
        .await?;
    if dismissed.rows_affected() == 0 {
        let exists: Option<(String,)> = sqlx::query_as("SELECT id FROM reports WHERE id = $1")
            .bind(&id)
            .fetch_optional(&mut *tx)
            .await?;
        return Err(match exists {
            Some(_) => AppError::Conflict("This report is no longer open".into()),
            None => AppError::NotFound("Report not found".into()),
        });
    }
    audit::record(&mut tx, &session.user_id, AuditAction::DismissReport, &id, &reason).await?;
    tx.commit().await?;
    Ok(success("Report dismissed"))
}

// ---------------------------------------------------------------- hiding posts and reviews

/// 409 when the thing exists but is already in the wanted state, else 404.
async fn conflict_or_missing(
    conn: &mut AnyConnection,
    exists_sql: &str,
    id: &str,
    conflict: &str,
    missing: &str,
) -> AppResult<AppError> {
    let exists: Option<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(exists_sql.to_owned()))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(match exists {
        Some(_) => AppError::Conflict(conflict.into()),
        None => AppError::NotFound(missing.into()),
    })
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
    let reason = required_reason(body.reason.as_deref())?;
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
    let reason = optional_reason(body.reason.as_deref())?;
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
    let reason = required_reason(body.reason.as_deref())?;
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
    let reason = optional_reason(body.reason.as_deref())?;
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

// ---------------------------------------------------------------- suspending accounts

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
    let reason = required_reason(body.reason.as_deref())?;
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
    let reason = optional_reason(body.reason.as_deref())?;
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

// ---------------------------------------------------------------- the audit log

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
