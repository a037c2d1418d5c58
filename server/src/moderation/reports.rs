//! Reports, from filing to closing. `POST /reports`: anyone signed in flags a public blog
//! post, review or guide for the admins; one open report per reporter and target (a unique
//! index keeps it so). The admins see the open reports oldest first, each with what it is
//! about; a report closes when an admin dismisses it, or is resolved when an admin acts on
//! its target (hiding it, or suspending its author).

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::action::{OptionalReasonRequest, PageParams};
use super::audit::{self, AuditAction};
use crate::db::{Db, is_unique_violation, new_id, now_ms, to_rfc3339};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path, Query};
use crate::http::session::{Admin, Session};
use crate::http::{AppState, MessageResponse, success};
use crate::paging::{page_and_limit, total_pages};
use crate::profile::required_text;

pub const REASON_MAX: usize = 500;

/// How much of a reported post, review or bio the queue shows.
const EXCERPT_MAX: usize = 200;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_report))
        .routes(routes!(open_reports))
        .routes(routes!(dismiss_report))
}

/// What can be reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReportTarget {
    Blog,
    Review,
    Guide,
}

impl ReportTarget {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Blog => "blog",
            Self::Review => "review",
            Self::Guide => "guide",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::Blog, Self::Review, Self::Guide].into_iter().find(|t| t.as_str() == text)
    }

    fn not_found(self) -> AppError {
        AppError::NotFound(
            match self {
                Self::Blog => "Blog not found",
                Self::Review => "Review not found",
                Self::Guide => "Guide not found",
            }
            .into(),
        )
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportRequest {
    target_type: ReportTarget,
    /// The `_id` of the post, review or guide.
    target_id: String,
    /// What is wrong with it, 1 to 500 characters.
    #[schema(value_type = String, min_length = 1, max_length = 500,
        pattern = r"^(?=[\s\S]*\S)[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$")]
    reason: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct ReportCreated {
    #[serde(rename = "_id")]
    id: String,
}

#[derive(Serialize, ToSchema)]
pub struct ReportResponse {
    #[schema(example = "success")]
    status: &'static str,
    message: String,
    data: ReportCreated,
}

/// Whether the target is there for the public to see now.
async fn is_public(db: &Db, target: ReportTarget, id: &str) -> AppResult<bool> {
    let sql = match target {
        ReportTarget::Blog => "SELECT id FROM blogs WHERE id = $1 AND hidden_at IS NULL",
        ReportTarget::Review => {
            "SELECT r.id FROM ratings r JOIN guide_search s ON s.guide_id = r.guide_id WHERE r.id = $1 AND r.hidden_at IS NULL"
        }
        ReportTarget::Guide => "SELECT guide_id FROM guide_search WHERE guide_id = $1",
    };
    let found: Option<(String,)> = sqlx::query_as(sql).bind(id).fetch_optional(&db.pool).await?;
    Ok(found.is_some())
}

/// Report a blog post, review or guide to the admins.
#[utoipa::path(post, path = "/reports", tag = "moderation", security(("bearer" = [])), request_body = ReportRequest,
    responses(
        (status = 201, body = ReportResponse),
        (status = 400, body = ErrorBody, description = "No reason, or too long"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such public post, review or guide"),
        (status = 409, body = ErrorBody, description = "You already have an open report about it"),
    ))]
async fn create_report(
    State(state): State<AppState>,
    session: Session,
    Json(body): Json<ReportRequest>,
) -> AppResult<(StatusCode, Json<ReportResponse>)> {
    let reason = required_text(body.reason.as_deref(), "Reason", REASON_MAX, true)?;
    if !is_public(&state.db, body.target_type, &body.target_id).await? {
        return Err(body.target_type.not_found());
    }
    let id = new_id();
    let inserted = sqlx::query(
        "INSERT INTO reports (id, reporter_id, target_type, target_id, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(&session.user_id)
    .bind(body.target_type.as_str())
    .bind(&body.target_id)
    .bind(&reason)
    .bind(now_ms())
    .execute(&state.db.pool)
    .await;
    match inserted {
        Ok(_) => Ok((
            StatusCode::CREATED,
            Json(ReportResponse {
                status: "success",
                message: "Thank you. An admin will look at your report.".into(),
                data: ReportCreated { id },
            }),
        )),
        Err(e) if is_unique_violation(&e) => Err(AppError::Conflict(
            "You have already reported this. An admin will look at it soon.".into(),
        )),
        Err(e) => Err(e.into()),
    }
}

// ---------------------------------------------------------------- the admins' queue

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

fn excerpt(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(EXCERPT_MAX).collect();
    if chars.next().is_some() { format!("{}…", head.trim_end()) } else { head }
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
pub async fn resolve_reports(
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
    let reason = body.reason()?;
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
