//! Refunds only a person can make (admin accounts only). eSewa has no refund API, so the
//! refund worker parks an eSewa refund (`refunds::NEVER`) with what to give back and where;
//! an admin makes it in eSewa's merchant portal, then records it here with eSewa's
//! reference. Recording it finishes the refund exactly as the worker finishes one the
//! provider made: the refund done, the ledger reversed, the booking `refunded`, both sides
//! told; and the admin's action goes into the audit log in the same transaction.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::refunds::{self, NEVER};
use crate::calendar::trip_dates;
use crate::db::to_rfc3339;
use crate::error::{AppError, AppResult, ErrorBody, Json, Path};
use crate::http::AppState;
use crate::http::session::Admin;
use crate::http::{MessageResponse, success};
use crate::money::dollars;
use crate::profile::optional_text;

const REFERENCE_MAX: usize = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(waiting)).routes(routes!(record_done))
}

/// A refund waiting for an admin to make it in the provider's own portal.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundByHand {
    refund_id: String,
    booking_id: String,
    /// `esewa`.
    provider: String,
    /// What goes back, in dollars.
    amount: f64,
    /// What goes back in rupees, as the wallet charged them.
    amount_npr: f64,
    /// The provider's id for the payment, to find it in the portal.
    payment_reference: String,
    traveller_name: String,
    traveller_email: String,
    guide_name: String,
    /// The trip's dates, as the booking shows them.
    trip_dates: String,
    /// When the refund was decided (RFC 3339).
    created_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct RefundsByHandResponse {
    #[schema(example = "success")]
    status: &'static str,
    /// Oldest first.
    data: Vec<RefundByHand>,
}

#[derive(sqlx::FromRow)]
struct WaitingRow {
    #[sqlx(flatten)]
    refund: refunds::DueRefund,
    created_at: i64,
    selected_date: String,
    days: i64,
    tourist_first: String,
    tourist_last: String,
    tourist_email: String,
    guide_first: String,
    guide_last: String,
}

/// Refunds parked for an admin because their provider cannot be asked for the money back.
#[utoipa::path(get, path = "/admin/refunds", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, body = RefundsByHandResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not an admin account"),
    ))]
async fn waiting(
    State(state): State<AppState>,
    _: Admin,
) -> AppResult<Json<RefundsByHandResponse>> {
    let rows: Vec<WaitingRow> = sqlx::query_as(
        "SELECT r.id, r.booking_id, r.provider, r.amount_cents, r.attempts, r.payment_id, p.payment_intent, \
           p.provider_session_id, p.amount_cents AS payment_cents, p.amount_minor, p.currency, r.created_at, b.selected_date, b.days, \
           t.first_name AS tourist_first, t.last_name AS tourist_last, t.email AS tourist_email, \
           g.first_name AS guide_first, g.last_name AS guide_last \
         FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN bookings b ON b.id = r.booking_id \
           JOIN users t ON t.id = b.tourist_id JOIN users g ON g.id = b.guide_id \
         WHERE r.status = 'pending' AND r.next_attempt_at >= $1 ORDER BY r.created_at, r.id",
    )
    .bind(NEVER)
    .fetch_all(&state.db.pool)
    .await?;
    let data = rows
        .into_iter()
        .map(|row| RefundByHand {
            amount: dollars(row.refund.amount_cents),
            amount_npr: row.refund.minor_to_give_back() as f64 / 100.0,
            payment_reference: row.refund.provider_reference().to_owned(),
            refund_id: row.refund.id,
            booking_id: row.refund.booking_id,
            provider: row.refund.provider,
            traveller_name: format!("{} {}", row.tourist_first, row.tourist_last),
            traveller_email: row.tourist_email,
            guide_name: format!("{} {}", row.guide_first, row.guide_last),
            trip_dates: trip_dates(&row.selected_date, row.days),
            created_at: to_rfc3339(row.created_at),
        })
        .collect();
    Ok(Json(RefundsByHandResponse { status: "success", data }))
}

#[derive(Deserialize, ToSchema)]
pub struct RefundDoneRequest {
    /// The provider's id for the refund the admin made; at most 100 characters.
    #[schema(value_type = String, required = true, example = "0009RX4", min_length = 1, max_length = 100, pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    reference: Option<String>,
}

/// Record that an admin made a parked refund by hand: the booking becomes `refunded`.
#[utoipa::path(post, path = "/admin/refunds/{refundId}/done", tag = "admin", security(("bearer" = [])),
    params(("refundId" = String, Path)), request_body = RefundDoneRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = ErrorBody, description = "No reference, or one that is too long"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not an admin account"),
        (status = 404, body = ErrorBody, description = "No such refund"),
        (status = 409, body = ErrorBody, description = "The refund is done already, or its provider makes it"),
    ))]
async fn record_done(
    State(state): State<AppState>,
    Admin(session): Admin,
    Path(refund_id): Path<String>,
    Json(body): Json<RefundDoneRequest>,
) -> AppResult<Json<MessageResponse>> {
    let reference = optional_text(body.reference.as_deref(), "Reference", REFERENCE_MAX, false)?
        .ok_or_else(|| AppError::validation("Reference is required: eSewa's id for the refund"))?;
    let Some(refund) = refunds::find(&state.db, &refund_id).await? else {
        return Err(AppError::NotFound("No such refund".into()));
    };
    let parked: Option<(i64,)> = sqlx::query_as(
        "SELECT 1 FROM refunds WHERE id = $1 AND status = 'pending' AND next_attempt_at >= $2",
    )
    .bind(&refund_id)
    .bind(NEVER)
    .fetch_optional(&state.db.pool)
    .await?;
    let not_waiting = || AppError::Conflict("This refund is not waiting to be made by hand".into());
    if parked.is_none() {
        return Err(not_waiting());
    }
    if !refunds::finish(
        &state.db,
        &state.notifications,
        &refund,
        Some(&reference),
        Some(&session.user_id),
    )
    .await?
    {
        return Err(not_waiting());
    }
    Ok(success("Refund recorded"))
}
