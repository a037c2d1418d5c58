//! `POST /reports`: anyone signed in flags a public blog post, review or guide for the
//! admins. One open report per reporter and target (a unique index keeps it so).

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::db::{Db, is_unique_violation, new_id, now_ms};
use crate::error::{AppError, AppResult, ErrorBody, Json};
use crate::http::AppState;
use crate::http::session::Session;
use crate::profile::required_text;

pub const REASON_MAX: usize = 500;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create_report))
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
