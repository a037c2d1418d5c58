//! The reviewed guide's one public reply to a review: `PUT /reviews/{id}/reply` writes or
//! replaces it, `DELETE` takes it away. The traveller is told of a new reply.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::db::{now_ms, to_rfc3339};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path};
use crate::http::session::Session;
use crate::http::{AppState, MessageResponse, success};
use crate::notice::Notice;
use crate::notifications::{self, NewNotification};
use crate::profile::required_text;

pub const REPLY_MAX: usize = 1000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(write_reply, delete_reply))
}

/// The guide's reply under a review.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reply {
    text: String,
    /// RFC 3339.
    created_at: String,
    /// RFC 3339; later than `createdAt` once the guide changed it.
    updated_at: String,
}

impl Reply {
    pub fn new(text: String, created_at: i64, updated_at: i64) -> Self {
        Self { text, created_at: to_rfc3339(created_at), updated_at: to_rfc3339(updated_at) }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct ReplyRequest {
    #[schema(value_type = String, required = true, example = "Thank you, Sita! Come back for the Annapurna circuit.",
        min_length = 1, max_length = 1000, pattern = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$")]
    text: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct ReplyResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Reply,
}

/// The traveller who wrote review `id`, for its guide only: 404 for no such shown review,
/// 403 for anyone but the reviewed guide.
async fn reviewed_guide_only(
    conn: &mut sqlx::AnyConnection,
    session: &Session,
    id: &str,
) -> AppResult<String> {
    let found: Option<(String, String)> = sqlx::query_as(
        "SELECT guide_id, tourist_id FROM ratings WHERE id = $1 AND hidden_at IS NULL",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    let (guide_id, tourist_id) =
        found.ok_or_else(|| AppError::NotFound("Review not found".into()))?;
    if guide_id != session.user_id {
        return Err(AppError::Forbidden(
            "Only the guide this review is about can reply to it".into(),
        ));
    }
    Ok(tourist_id)
}

/// Reply to a review of oneself (the reviewed guide only), or replace one's reply. Shown
/// under the review with its date; the traveller is notified of a new reply.
#[utoipa::path(put, path = "/reviews/{id}/reply", tag = "reviews", security(("bearer" = [])),
    params(("id" = String, Path, description = "The review's id")), request_body = ReplyRequest,
    responses(
        (status = 200, body = ReplyResponse),
        (status = 400, body = ErrorBody, description = "No text, or more than 1000 characters"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not the guide the review is about"),
        (status = 404, body = ErrorBody, description = "No such shown review"),
    ))]
async fn write_reply(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
    Json(body): Json<ReplyRequest>,
) -> AppResult<Json<ReplyResponse>> {
    let text = required_text(body.text.as_deref(), "Reply", REPLY_MAX, true)?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let tourist_id = reviewed_guide_only(&mut tx, &session, &id).await?;
    let created = sqlx::query(
        "INSERT INTO review_replies (rating_id, guide_id, body, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $4) ON CONFLICT (rating_id) DO NOTHING",
    )
    .bind(&id)
    .bind(&session.user_id)
    .bind(&text)
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if created {
        let (guide,): (String,) =
            sqlx::query_as("SELECT first_name || ' ' || last_name FROM users WHERE id = $1")
                .bind(&session.user_id)
                .fetch_one(&mut *tx)
                .await?;
        notifications::store(
            &mut tx,
            NewNotification {
                user_id: &tourist_id,
                kind: "review_reply",
                booking_id: None,
                notice: Notice::ReviewReplied { guide },
                status: "",
                payment_status: "",
            },
        )
        .await?;
    } else {
        sqlx::query("UPDATE review_replies SET body = $1, updated_at = $2 WHERE rating_id = $3")
            .bind(&text)
            .bind(now)
            .bind(&id)
            .execute(&mut *tx)
            .await?;
    }
    let (created_at, updated_at): (i64, i64) =
        sqlx::query_as("SELECT created_at, updated_at FROM review_replies WHERE rating_id = $1")
            .bind(&id)
            .fetch_one(&mut *tx)
            .await?;
    tx.commit().await?;
    if created {
        state.notifications.announce(&state.db, &[&tourist_id]).await;
    }
    Ok(Json(ReplyResponse { status: "success", data: Reply::new(text, created_at, updated_at) }))
}

/// Take one's reply away from a review of oneself (the reviewed guide only). Deleting a
/// reply that is not there changes nothing and succeeds.
#[utoipa::path(delete, path = "/reviews/{id}/reply", tag = "reviews", security(("bearer" = [])),
    params(("id" = String, Path, description = "The review's id")),
    responses(
        (status = 200, body = MessageResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not the guide the review is about"),
        (status = 404, body = ErrorBody, description = "No such shown review"),
    ))]
async fn delete_reply(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
) -> AppResult<Json<MessageResponse>> {
    let mut tx = state.db.begin_write().await?;
    reviewed_guide_only(&mut tx, &session, &id).await?;
    sqlx::query("DELETE FROM review_replies WHERE rating_id = $1")
        .bind(&id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(success("Reply deleted"))
}
