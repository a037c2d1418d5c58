//! HTTP handlers for admins (admin accounts only, re-checked in the database).

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::calendar::{date_text, today_in_nepal};
use crate::db::{Db, now_ms, to_rfc3339};
use crate::email::{self, Email, Recipient, Template};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path};
use crate::guides::profile::{Certification, certifications};
use crate::http::AppState;
use crate::http::session::Admin;
use crate::http::{MessageResponse, success};
use crate::hub::NotificationHub;
use crate::media::upload::public_url;
use crate::moderation::audit::{self, AuditAction};
use crate::notice::Notice;
use crate::notifications::{self, NewNotification};
use crate::profile::required_text;

pub const REASON_MAX: usize = 500;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(verification_queue))
        .routes(routes!(verify_guide))
        .routes(routes!(reject_guide))
}

/// A guide waiting for an admin's decision.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerificationQueueItem {
    guide_id: String,
    first_name: String,
    last_name: String,
    email: String,
    /// When the certificates were submitted (RFC 3339).
    submitted_at: String,
    bio: String,
    nationality: String,
    /// Public URL of the guide's photo.
    #[schema(required = true)]
    profile_picture: Option<String>,
    /// Each with a private image URL (fetch with the admin's bearer token).
    certifications: Vec<Certification>,
    /// Approved or paid trips this guide has cancelled, all time.
    guide_cancellations: i64,
}

#[derive(Serialize, ToSchema)]
pub struct VerificationQueueResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Vec<VerificationQueueItem>,
}

#[derive(sqlx::FromRow)]
struct QueueRow {
    id: String,
    first_name: String,
    last_name: String,
    email: String,
    submitted_at: Option<i64>,
    bio: String,
    nationality: String,
    picture_key: Option<String>,
    guide_cancellations: i64,
}

/// Guides whose certificates wait for review, oldest submission first.
#[utoipa::path(get, path = "/admin/verifications", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, body = VerificationQueueResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not an admin account"),
    ))]
async fn verification_queue(
    State(state): State<AppState>,
    _: Admin,
) -> AppResult<Json<VerificationQueueResponse>> {
    let rows: Vec<QueueRow> = sqlx::query_as(
        "SELECT u.id, u.first_name, u.last_name, u.email, g.submitted_at, g.bio, g.nationality, pp.storage_key AS picture_key, \
           (SELECT COUNT(*) FROM bookings b WHERE b.guide_id = u.id AND b.cancelled_by = 'guide') AS guide_cancellations \
         FROM guide_details g JOIN users u ON u.id = g.user_id \
         LEFT JOIN media pp ON pp.id = g.profile_picture_id \
         WHERE g.review_state = 'submitted' ORDER BY g.submitted_at, u.id",
    )
    .fetch_all(&state.db.pool)
    .await?;
    let mut queue = Vec::with_capacity(rows.len());
    for row in rows {
        queue.push(VerificationQueueItem {
            certifications: certifications(&state.db, &row.id).await?,
            guide_id: row.id,
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            submitted_at: row.submitted_at.map(to_rfc3339).unwrap_or_default(),
            bio: row.bio,
            nationality: row.nationality,
            profile_picture: row.picture_key.as_deref().map(public_url),
            guide_cancellations: row.guide_cancellations,
        });
    }
    Ok(Json(VerificationQueueResponse { status: "success", data: queue }))
}

/// Verify a guide whose certificates wait for review: travellers can now find them.
#[utoipa::path(post, path = "/admin/guides/{guideId}/verify", tag = "admin", security(("bearer" = [])),
    params(("guideId" = String, Path)),
    responses(
        (status = 200, body = MessageResponse),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such guide"),
        (status = 409, body = ErrorBody, description = "Nothing waits for review, or the guide has no valid licence"),
    ))]
async fn verify_guide(
    State(state): State<AppState>,
    Admin(session): Admin,
    Path(guide_id): Path<String>,
) -> AppResult<Json<MessageResponse>> {
    decide(&state.db, &state.notifications, &session.user_id, &guide_id, Decision::Approve).await?;
    Ok(success("Guide verified"))
}

#[derive(Deserialize, ToSchema)]
pub struct RejectRequest {
    /// Shown to the guide; at most 500 characters.
    #[schema(value_type = String, required = true, example = "The licence photo is unreadable.", min_length = 1, max_length = 500, pattern = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$")]
    reason: Option<String>,
}

/// Reject a guide's submission with a reason; the guide may submit again.
#[utoipa::path(post, path = "/admin/guides/{guideId}/reject", tag = "admin", security(("bearer" = [])),
    params(("guideId" = String, Path)), request_body = RejectRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = ErrorBody, description = "No reason given"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
    ))]
async fn reject_guide(
    State(state): State<AppState>,
    Admin(session): Admin,
    Path(guide_id): Path<String>,
    Json(body): Json<RejectRequest>,
) -> AppResult<Json<MessageResponse>> {
    let reason = required_text(body.reason.as_deref(), "Reason", REASON_MAX, true)
        .map_err(|_| AppError::validation("Please give a reason for the rejection"))?;
    decide(&state.db, &state.notifications, &session.user_id, &guide_id, Decision::Reject(reason))
        .await?;
    Ok(success("Guide rejected"))
}

fn no_submission() -> AppError {
    AppError::Conflict("This guide has no submission waiting for review".into())
}

enum Decision {
    Approve,
    Reject(String),
}

/// Records the decision, the guide's notification and the audit row together, only while
/// the submission still waits (two admins deciding at once: the second gets 409).
async fn decide(
    db: &Db,
    hub: &NotificationHub,
    admin_id: &str,
    guide_id: &str,
    decision: Decision,
) -> AppResult<()> {
    let is_guide: Option<(String,)> =
        sqlx::query_as("SELECT id FROM users WHERE id = $1 AND role = 'guide'")
            .bind(guide_id)
            .fetch_optional(&db.pool)
            .await?;
    if is_guide.is_none() {
        return Err(AppError::NotFound("Guide not found".into()));
    }
    let approving = matches!(decision, Decision::Approve);
    let action = match decision {
        Decision::Approve => AuditAction::VerifyGuide,
        Decision::Reject(_) => AuditAction::RejectGuide,
    };
    let template = match &decision {
        Decision::Approve => Template::GuideVerified {},
        Decision::Reject(reason) => Template::GuideVerificationRejected { reason: reason.clone() },
    };
    let (status, state, note, notice, notification_status) = match decision {
        Decision::Approve => {
            ("verified", "approved", String::new(), Notice::GuideVerified, "verified")
        }
        Decision::Reject(reason) => {
            let notice = Notice::VerificationRejected { reason: reason.clone() };
            ("unverified", "rejected", reason, notice, "rejected")
        }
    };
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    // A guide is verified on a licence with a number and a future expiry (issue 15); its
    // expiry is copied here, so the reminders and the expiry sweep follow what the admin
    // saw, not later edits of the certificate.
    let waiting: Option<(String,)> =
        sqlx::query_as("SELECT review_state FROM guide_details WHERE user_id = $1")
            .bind(guide_id)
            .fetch_optional(&mut *tx)
            .await?;
    if !matches!(waiting.as_ref().map(|(state,)| state.as_str()), Some("submitted")) {
        return Err(no_submission());
    }
    let licence_expires_on = if approving {
        let (latest,): (Option<String>,) = sqlx::query_as(
            "SELECT MAX(expires_on) FROM certifications WHERE guide_id = $1 AND licence_number IS NOT NULL AND expires_on >= $2",
        )
        .bind(guide_id)
        .bind(date_text(today_in_nepal()))
        .fetch_one(&mut *tx)
        .await?;
        Some(latest.ok_or_else(|| {
            AppError::Conflict(
                "This guide has no valid licence: a licence with its number and a future expiry date is needed to verify a guide. Reject the submission and ask for one.".into(),
            )
        })?)
    } else {
        None
    };
    let decided = sqlx::query(
        "UPDATE guide_details SET status = $1, review_state = $2, review_note = $3, updated_at = $4, \
           licence_expires_on = COALESCE($5, licence_expires_on), licence_reminded_for = NULL \
         WHERE user_id = $6 AND review_state = 'submitted'",
    )
    .bind(status)
    .bind(state)
    .bind(&note)
    .bind(now)
    .bind(licence_expires_on)
    .bind(guide_id)
    .execute(&mut *tx)
    .await?;
    if decided.rows_affected() == 0 {
        return Err(no_submission());
    }
    notifications::store(
        &mut tx,
        NewNotification {
            user_id: guide_id,
            kind: "verification",
            booking_id: None,
            notice,
            status: notification_status,
            payment_status: "",
        },
    )
    .await?;
    email::queue(&mut tx, Email { to: Recipient::User(guide_id.to_owned()), template }).await?;
    // Verified guides appear in public lists and search from now on; rejected ones leave them.
    crate::guides::index::refresh(&mut tx, guide_id).await?;
    audit::record(&mut tx, admin_id, action, guide_id, &note).await?;
    tx.commit().await?;
    hub.announce(db, &[guide_id]).await;
    Ok(())
}
