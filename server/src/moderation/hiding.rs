//! Hiding a blog post or a review from public view, and showing it again. What can be
//! hidden is described once, as `POST` and `REVIEW` below (its table, audit actions,
//! notice and messages); one function, `hide_or_show`, does the work for both, and each
//! URL's handler is a thin annotated wrapper around it. Hiding tells the author why,
//! resolves the open reports about the thing and is audited; showing again is audited. A
//! review counts in its guide's rating only while shown.

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
use crate::notice::Notice;
use crate::notifications::{self, NewNotification};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(hide_blog))
        .routes(routes!(unhide_blog))
        .routes(routes!(hide_review))
        .routes(routes!(unhide_review))
}

/// Something an admin can hide, and everything that differs between the kinds.
struct Hideable {
    /// Its table; each row has an `id` and a `hidden_at`.
    table: &'static str,
    /// The columns of a hidden or shown row that `Changed` reads.
    returning: &'static str,
    /// What its reports name it.
    reported_as: ReportTarget,
    hide_action: AuditAction,
    show_action: AuditAction,
    /// What its author is told when an admin hides it, given the admin's reason.
    notice: fn(&Changed, &str) -> Notice,
    /// The 404 when there is no such thing.
    missing: &'static str,
    /// The 409 when it is already in the wanted state: hiding, then showing.
    already_hidden: &'static str,
    not_hidden: &'static str,
    /// The answer once done: hidden, then shown.
    hidden: &'static str,
    shown: &'static str,
}

const POST: Hideable = Hideable {
    table: "blogs",
    returning: "author_id, title, NULL AS guide_id, NULL AS score",
    reported_as: ReportTarget::Blog,
    hide_action: AuditAction::HideBlog,
    show_action: AuditAction::UnhideBlog,
    notice: |post, reason| Notice::PostHidden {
        title: post.title.clone().unwrap_or_default(),
        reason: reason.to_owned(),
    },
    missing: "Blog not found",
    already_hidden: "This post is already hidden",
    not_hidden: "This post is not hidden",
    hidden: "Post hidden",
    shown: "Post shown again",
};

const REVIEW: Hideable = Hideable {
    table: "ratings",
    returning: "tourist_id AS author_id, NULL AS title, guide_id, score",
    reported_as: ReportTarget::Review,
    hide_action: AuditAction::HideReview,
    show_action: AuditAction::UnhideReview,
    notice: |_, reason| Notice::ReviewHidden { reason: reason.to_owned() },
    missing: "Review not found",
    already_hidden: "This review is already hidden",
    not_hidden: "This review is not hidden",
    hidden: "Review hidden",
    shown: "Review shown again",
};

/// A row just hidden or shown, as its kind's `returning` gives it.
#[derive(sqlx::FromRow)]
struct Changed {
    author_id: String,
    /// A post's title (a review has none).
    title: Option<String>,
    /// A review's guide and score, which count in the guide's rating (a post has none).
    guide_id: Option<String>,
    score: Option<i64>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Change {
    Hide,
    Show,
}

/// The one path behind the four endpoints: hides or shows one post or review, in one
/// transaction with its consequences and its audit row.
async fn hide_or_show(
    state: &AppState,
    admin_id: &str,
    what: &Hideable,
    id: &str,
    change: Change,
    reason: &str,
) -> AppResult<Json<MessageResponse>> {
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let (table, returning) = (what.table, what.returning);
    let sql = match change {
        Change::Hide => format!(
            "UPDATE {table} SET hidden_at = $2 WHERE id = $1 AND hidden_at IS NULL RETURNING {returning}"
        ),
        Change::Show => format!(
            "UPDATE {table} SET hidden_at = NULL WHERE id = $1 AND hidden_at IS NOT NULL RETURNING {returning}"
        ),
    };
    let mut update = sqlx::query_as::<_, Changed>(sqlx::AssertSqlSafe(sql)).bind(id);
    if change == Change::Hide {
        update = update.bind(now);
    }
    let Some(changed) = update.fetch_optional(&mut *tx).await? else {
        let conflict = match change {
            Change::Hide => what.already_hidden,
            Change::Show => what.not_hidden,
        };
        let exists_sql = format!("SELECT id FROM {table} WHERE id = $1");
        return Err(conflict_or_missing(&mut tx, &exists_sql, id, conflict, what.missing).await?);
    };
    if let (Some(guide_id), Some(score)) = (&changed.guide_id, changed.score) {
        let one = match change {
            Change::Hide => -1,
            Change::Show => 1,
        };
        count_review(&mut tx, guide_id, one * score, one, now).await?;
        crate::destinations::ratings::count_review(&mut tx, id, one * score, one, now).await?;
    }
    let (action, done) = match change {
        Change::Hide => {
            notify_hidden(&mut tx, &changed.author_id, (what.notice)(&changed, reason)).await?;
            resolve_reports(&mut tx, admin_id, what.reported_as, id, now).await?;
            (what.hide_action, what.hidden)
        }
        Change::Show => (what.show_action, what.shown),
    };
    audit::record(&mut tx, admin_id, action, id, reason).await?;
    tx.commit().await?;
    if change == Change::Hide {
        state.notifications.announce(&state.db, &[&changed.author_id]).await;
    }
    Ok(success(done))
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

/// Tells an author that an admin hid what they wrote, with the admin's reason.
async fn notify_hidden(conn: &mut AnyConnection, user_id: &str, notice: Notice) -> AppResult<()> {
    notifications::store(
        conn,
        NewNotification {
            user_id,
            kind: "moderation",
            booking_id: None,
            notice,
            status: "hidden",
            payment_status: "",
        },
    )
    .await
}

// ---------------------------------------------------------------- the endpoints

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
    hide_or_show(&state, &session.user_id, &POST, &id, Change::Hide, &reason).await
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
    hide_or_show(&state, &session.user_id, &POST, &id, Change::Show, &reason).await
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
    hide_or_show(&state, &session.user_id, &REVIEW, &id, Change::Hide, &reason).await
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
    hide_or_show(&state, &session.user_id, &REVIEW, &id, Change::Show, &reason).await
}
