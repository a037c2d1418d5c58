//! Paying with Khalti and eSewa, charged in rupees at `YATRA_NPR_PER_USD`. Each wallet
//! starts a payment (Khalti's initiate API; eSewa's signed form, posted by the browser),
//! and its return page asks the server to confirm: Khalti's lookup, or eSewa's signed
//! answer and then its status API. Only `Completed`/`COMPLETE` with exactly the amount
//! asked for reaches `confirm_paid`. On a sandbox server without a wallet's keys, the
//! wallet's checkout is the built-in test checkout and no money moves.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::confirm::{Confirmation, confirm_paid};
use super::routes::{
    PaymentRow, PaymentStatus, checkout_not_found, close_checkout, own_booking, payment_of,
    status_of,
};
use crate::bookings::lifecycle;
use crate::bookings::view::Booking;
use crate::config::WalletMode;
use crate::db::{new_id, now_ms};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path};
use crate::http::AppState;
use crate::http::Role;
use crate::http::session::Session;
use crate::providers::esewa::{self, EsewaForm};
use crate::providers::khalti::{CustomerInfo, InitiateRequest};

pub const KHALTI_NOT_SET_UP: &str = "Khalti payments are not set up on this server";
pub const ESEWA_NOT_SET_UP: &str = "eSewa payments are not set up on this server";
pub const KHALTI_FAILED: &str = "Failed to initiate Khalti payment";
const KHALTI_UNREACHABLE: &str =
    "Khalti could not be asked about this payment. Please try again in a moment.";
const ESEWA_UNREACHABLE: &str =
    "eSewa could not be asked about this payment. Please try again in a moment.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(khalti_initiate))
        .routes(routes!(khalti_confirm))
        .routes(routes!(esewa_initiate))
        .routes(routes!(esewa_confirm))
}

/// Whole rupees for `usd_cents` at `npr_per_usd`, rounded to the rupee.
pub fn rupees_for(usd_cents: i64, npr_per_usd: f64) -> i64 {
    (usd_cents as f64 * npr_per_usd / 100.0).round() as i64
}

/// A wallet payment about to be started: the booking and what it costs in rupees.
struct Charge {
    booking: Booking,
    payment_id: String,
    usd_cents: i64,
    rupees: i64,
    npr_per_usd: f64,
}

async fn charge_for(
    state: &AppState,
    session: &Session,
    booking_id: &str,
    mode: WalletMode,
    not_set_up: &str,
) -> AppResult<Charge> {
    let npr_per_usd = match (mode, state.config.payments.npr_per_usd) {
        (WalletMode::None, _) | (_, None) => {
            return Err(AppError::ServiceUnavailable(not_set_up.into()));
        }
        (_, Some(rate)) => rate,
    };
    let booking = own_booking(state, session, booking_id).await?;
    lifecycle::check_payable(booking.state(), now_ms(), booking.start_ms())?;
    let usd_cents = (booking.total_amount * 100.0).round() as i64;
    Ok(Charge {
        booking,
        payment_id: new_id(),
        usd_cents,
        rupees: rupees_for(usd_cents, npr_per_usd),
        npr_per_usd,
    })
}

async fn record(
    state: &AppState,
    charge: &Charge,
    provider: &str,
    method: &str,
    session_id: &str,
    url: &str,
) -> AppResult<()> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO payments (id, booking_id, provider, method, provider_session_id, amount_cents, amount_minor, npr_per_usd, currency, \
           status, checkout_url, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'npr', 'pending', $9, $10, $10)",
    )
    .bind(&charge.payment_id)
    .bind(&charge.booking.id)
    .bind(provider)
    .bind(method)
    .bind(session_id)
    .bind(charge.usd_cents)
    .bind(charge.rupees * 100)
    .bind(charge.npr_per_usd)
    .bind(url)
    .bind(now)
    .execute(&state.db.pool)
    .await?;
    Ok(())
}

fn trip_name(booking: &Booking) -> String {
    let guide = format!("{} {}", booking.guide.first_name, booking.guide.last_name);
    if booking.days == 1 {
        format!("Guided day with {guide}")
    } else {
        format!("{}-day guided trip with {guide}", booking.days)
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KhaltiInitiated {
    #[schema(example = "success")]
    status: &'static str,
    /// Khalti's payment page (or the sandbox checkout).
    url: String,
    pidx: String,
    /// Whole rupees to be charged.
    amount_npr: i64,
    npr_per_usd: f64,
}

/// Start paying an approved, unpaid booking with Khalti, in rupees: Khalti's payment page
/// for the booking's price at `YATRA_NPR_PER_USD` (or the sandbox checkout on a test server).
#[utoipa::path(post, path = "/payments/khalti/initiate/{bookingId}", tag = "payments", security(("bearer" = [])),
    params(("bookingId" = String, Path)),
    responses(
        (status = 200, body = KhaltiInitiated),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Not one of your bookings"),
        (status = 409, body = ErrorBody, description = "Not approved, already paid, or the trip has started"),
        (status = 502, body = ErrorBody, description = "Khalti failed; the booking stays unpaid"),
        (status = 503, body = ErrorBody, description = "Khalti is not set up on this server"),
    ))]
async fn khalti_initiate(
    State(state): State<AppState>,
    session: Session,
    Path(booking_id): Path<String>,
) -> AppResult<Json<KhaltiInitiated>> {
    let charge = charge_for(
        &state,
        &session,
        &booking_id,
        state.config.payments.khalti_mode(),
        KHALTI_NOT_SET_UP,
    )
    .await?;
    let (provider, pidx, url) = match &state.khalti {
        Some(khalti) => {
            let public_url = &state.config.server.public_url;
            let booking = &charge.booking;
            let request = InitiateRequest {
                return_url: format!("{public_url}/payments/khalti/return"),
                website_url: public_url,
                amount: charge.rupees * 100,
                purchase_order_id: &booking.id,
                purchase_order_name: trip_name(booking),
                customer_info: CustomerInfo {
                    name: format!("{} {}", booking.tourist.first_name, booking.tourist.last_name),
                    email: booking.tourist.email.clone(),
                    phone: None,
                },
            };
            let initiated = khalti.initiate(&request).await.map_err(|e| {
                tracing::error!(error = %e, booking_id = %booking.id, "Khalti initiate failed");
                AppError::BadGateway(KHALTI_FAILED.into())
            })?;
            if !valid_reference(&initiated.pidx) {
                tracing::error!(pidx = %initiated.pidx, "Khalti answered an unusable pidx");
                return Err(AppError::BadGateway(KHALTI_FAILED.into()));
            }
            ("khalti", initiated.pidx, initiated.payment_url)
        }
        None => {
            let session_id = format!("sandbox_{}", charge.payment_id);
            let url = format!("/sandbox/checkout/{session_id}");
            ("sandbox", session_id, url)
        }
    };
    record(&state, &charge, provider, "khalti", &pidx, &url).await?;
    Ok(Json(KhaltiInitiated {
        status: "success",
        url,
        pidx,
        amount_npr: charge.rupees,
        npr_per_usd: charge.npr_per_usd,
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EsewaInitiated {
    #[schema(example = "success")]
    status: &'static str,
    /// eSewa's form action, posted to with `fields`; on a sandbox server the in-app test
    /// checkout (a path, to open; `fields` is then null).
    url: String,
    fields: Option<EsewaForm>,
    /// Whole rupees to be charged.
    amount_npr: i64,
    npr_per_usd: f64,
}

/// Start paying an approved, unpaid booking with eSewa, in rupees: the signed form for
/// eSewa's payment page (or the sandbox checkout on a test server).
#[utoipa::path(post, path = "/payments/esewa/initiate/{bookingId}", tag = "payments", security(("bearer" = [])),
    params(("bookingId" = String, Path)),
    responses(
        (status = 200, body = EsewaInitiated),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Not one of your bookings"),
        (status = 409, body = ErrorBody, description = "Not approved, already paid, or the trip has started"),
        (status = 503, body = ErrorBody, description = "eSewa is not set up on this server"),
    ))]
async fn esewa_initiate(
    State(state): State<AppState>,
    session: Session,
    Path(booking_id): Path<String>,
) -> AppResult<Json<EsewaInitiated>> {
    let charge = charge_for(
        &state,
        &session,
        &booking_id,
        state.config.payments.esewa_mode(),
        ESEWA_NOT_SET_UP,
    )
    .await?;
    let (provider, session_id, url, fields) = match &state.config.payments.esewa {
        Some(config) => {
            let public_url = &state.config.server.public_url;
            let uuid = charge.payment_id.clone();
            let fields = esewa::form(
                &config.secret_key.0,
                &config.product_code,
                charge.rupees,
                &uuid,
                format!("{public_url}/payments/esewa/success"),
                format!("{public_url}/payments/esewa/failure?booking_id={}", charge.booking.id),
            );
            ("esewa", uuid, config.form_url.clone(), Some(fields))
        }
        None => {
            let session_id = format!("sandbox_{}", charge.payment_id);
            let url = format!("/sandbox/checkout/{session_id}");
            ("sandbox", session_id, url, None)
        }
    };
    record(&state, &charge, provider, "esewa", &session_id, &url).await?;
    Ok(Json(EsewaInitiated {
        status: "success",
        url,
        fields,
        amount_npr: charge.rupees,
        npr_per_usd: charge.npr_per_usd,
    }))
}

/// Ids Yatra accepts from a wallet or a return page: short, plain characters.
fn valid_reference(id: &str) -> bool {
    (1..=100).contains(&id.len())
        && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

#[derive(Serialize, ToSchema)]
pub struct WalletConfirmation {
    #[schema(example = "success")]
    status: &'static str,
    /// What happened, for the traveller.
    message: String,
    /// The payment: `paymentStatus` is paid, pending (still waiting) or cancelled.
    data: PaymentStatus,
}

/// The traveller's own wallet payment behind `session_id` (pidx, transaction_uuid).
async fn wallet_payment(
    state: &AppState,
    session: &Session,
    session_id: &str,
    method: &str,
) -> AppResult<PaymentRow> {
    session.require_stored_role(&state.db, Role::Tourist).await?;
    let (payment, booking) = payment_of(state, session, session_id).await?;
    if payment.method != method || booking.tourist.id != session.user_id {
        return Err(checkout_not_found());
    }
    Ok(payment)
}

async fn answer(
    state: &AppState,
    session: &Session,
    session_id: &str,
    message: &str,
) -> AppResult<Json<WalletConfirmation>> {
    let data = status_of(state, session, session_id).await?.data;
    Ok(Json(WalletConfirmation { status: "success", message: message.into(), data }))
}

const PAID: &str = "Payment successful. Your trip is confirmed.";
const LATE: &str = "Your payment arrived after this booking was cancelled or expired. It will be refunded in full.";

fn confirmed_message(confirmation: &Confirmation) -> &'static str {
    match confirmation {
        Confirmation::Refunding { .. } => LATE,
        _ => PAID,
    }
}

/// A payment still open on our side, as the sandbox leaves it: nothing to ask a wallet.
fn settled_message(payment: &PaymentRow, wallet: &str) -> Option<String> {
    match payment.status.as_str() {
        "paid" => Some(PAID.into()),
        "cancelled" if payment.provider == "sandbox" => Some(format!(
            "The {wallet} payment was cancelled. Nothing was charged; you can pay again."
        )),
        "pending" if payment.provider == "sandbox" => {
            Some(format!("{wallet} has not completed this payment yet."))
        }
        _ => None,
    }
}

#[derive(Deserialize, ToSchema)]
pub struct KhaltiConfirmRequest {
    /// The `pidx` Khalti sent the browser back with.
    pidx: String,
}

/// Confirm a Khalti payment from its return page: Khalti's lookup must say `Completed`
/// with exactly the amount asked for; `Pending` keeps waiting; `Expired` and `User canceled`
/// close the payment, nothing charged. Repeating it is harmless.
#[utoipa::path(post, path = "/payments/khalti/confirm", tag = "payments", security(("bearer" = [])),
    request_body = KhaltiConfirmRequest,
    responses(
        (status = 200, body = WalletConfirmation),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No Khalti payment of yours has this pidx"),
        (status = 409, body = ErrorBody, description = "Khalti reports another amount, or a refunded payment"),
        (status = 502, body = ErrorBody, description = "Khalti could not be asked"),
    ))]
async fn khalti_confirm(
    State(state): State<AppState>,
    session: Session,
    Json(body): Json<KhaltiConfirmRequest>,
) -> AppResult<Json<WalletConfirmation>> {
    let pidx = body.pidx.trim();
    if !valid_reference(pidx) {
        return Err(AppError::validation("Invalid pidx"));
    }
    let payment = wallet_payment(&state, &session, pidx, "khalti").await?;
    if let Some(message) = settled_message(&payment, "Khalti") {
        return answer(&state, &session, pidx, &message).await;
    }
    let Some(khalti) = &state.khalti else {
        return answer(
            &state,
            &session,
            pidx,
            "Khalti payments are no longer set up on this server.",
        )
        .await;
    };
    let lookup = khalti.lookup(pidx).await.map_err(|e| {
        tracing::warn!(error = %e, pidx, "Khalti lookup failed");
        AppError::BadGateway(KHALTI_UNREACHABLE.into())
    })?;
    let message = match lookup.status.as_str() {
        "Completed" if lookup.total_amount == payment.amount_minor => {
            let confirmation = confirm_paid(
                &state.db,
                &state.notifications,
                &state.trips,
                state.config.earnings.commission_percent,
                pidx,
                lookup.transaction_id.as_deref(),
            )
            .await?;
            confirmed_message(&confirmation).to_owned()
        }
        "Completed" => {
            tracing::error!(
                pidx,
                asked = payment.amount_minor,
                paid = lookup.total_amount,
                "Khalti reports another amount than asked"
            );
            return Err(AppError::Conflict(
                "Khalti reports a different amount than this booking costs, so it was not marked paid. Please contact the Yatra team.".into(),
            ));
        }
        "Pending" | "Initiated" => "Khalti has not completed this payment yet.".into(),
        "Expired" => {
            close_checkout(&state.db, pidx).await?;
            "This Khalti payment expired before it was completed. Nothing was charged; you can pay again.".into()
        }
        "User canceled" => {
            close_checkout(&state.db, pidx).await?;
            "The Khalti payment was cancelled. Nothing was charged; you can pay again.".into()
        }
        other => {
            tracing::warn!(pidx, status = other, "Khalti lookup in an unexpected state");
            return Err(AppError::Conflict(format!(
                "Khalti reports this payment as {other:?}, so it was not marked paid."
            )));
        }
    };
    answer(&state, &session, pidx, &message).await
}

#[derive(Deserialize, ToSchema)]
pub struct EsewaConfirmRequest {
    /// The `data` eSewa sent the browser back with (base64 JSON, signed).
    data: String,
}

/// Confirm an eSewa payment from its success page: the answer's signature must match over
/// its own `signed_field_names`, and eSewa's status API must say `COMPLETE` with exactly the
/// amount asked for. Repeating it is harmless.
#[utoipa::path(post, path = "/payments/esewa/confirm", tag = "payments", security(("bearer" = [])),
    request_body = EsewaConfirmRequest,
    responses(
        (status = 200, body = WalletConfirmation),
        (status = 400, body = ErrorBody, description = "Not eSewa's answer, or its signature does not match"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No eSewa payment of yours has this transaction"),
        (status = 409, body = ErrorBody, description = "Another amount, or eSewa reports it refunded or unknown"),
        (status = 502, body = ErrorBody, description = "eSewa could not be asked"),
        (status = 503, body = ErrorBody, description = "eSewa is not set up on this server"),
    ))]
async fn esewa_confirm(
    State(state): State<AppState>,
    session: Session,
    Json(body): Json<EsewaConfirmRequest>,
) -> AppResult<Json<WalletConfirmation>> {
    let (secret, product_code) =
        match (&state.config.payments.esewa, state.config.payments.esewa_mode()) {
            (Some(config), _) => (config.secret_key.0.as_slice(), config.product_code.as_str()),
            (None, WalletMode::Sandbox) => (esewa::SANDBOX_SECRET, esewa::SANDBOX_PRODUCT_CODE),
            _ => return Err(AppError::ServiceUnavailable(ESEWA_NOT_SET_UP.into())),
        };
    if body.data.len() > 4096 {
        return Err(AppError::validation("The eSewa response is not valid"));
    }
    let read = esewa::read_answer(secret, &body.data).map_err(|e| {
        tracing::warn!(reason = %e, "refused an eSewa answer");
        match e {
            esewa::AnswerError::Malformed => {
                AppError::validation("The eSewa response is not valid")
            }
            esewa::AnswerError::Mismatch => {
                AppError::validation("The eSewa response's signature does not match")
            }
        }
    })?;
    if read.product_code != product_code || !valid_reference(&read.transaction_uuid) {
        return Err(AppError::validation("The eSewa response is not for this merchant"));
    }
    let uuid = read.transaction_uuid.as_str();
    let payment = wallet_payment(&state, &session, uuid, "esewa").await?;
    if read.total_paisa != payment.amount_minor {
        tracing::error!(
            uuid,
            asked = payment.amount_minor,
            answered = read.total_paisa,
            "eSewa answered another amount than asked"
        );
        return Err(AppError::Conflict(
            "eSewa reports a different amount than this booking costs, so it was not marked paid."
                .into(),
        ));
    }
    if let Some(message) = settled_message(&payment, "eSewa") {
        return answer(&state, &session, uuid, &message).await;
    }
    let Some(config) = &state.config.payments.esewa else {
        return answer(
            &state,
            &session,
            uuid,
            "eSewa payments are no longer set up on this server.",
        )
        .await;
    };
    let Some(status_api) = &state.esewa else {
        return answer(
            &state,
            &session,
            uuid,
            "eSewa payments are no longer set up on this server.",
        )
        .await;
    };
    let checked = status_api
        .check(&config.product_code, payment.amount_minor / 100, uuid)
        .await
        .map_err(|e| {
            tracing::warn!(error = %e, uuid, "eSewa status check failed");
            AppError::BadGateway(ESEWA_UNREACHABLE.into())
        })?;
    let message = match checked.status.as_str() {
        "COMPLETE" if checked.total_paisa() == Some(payment.amount_minor) => {
            let confirmation = confirm_paid(
                &state.db,
                &state.notifications,
                &state.trips,
                state.config.earnings.commission_percent,
                uuid,
                checked.ref_id.as_deref(),
            )
            .await?;
            confirmed_message(&confirmation).to_owned()
        }
        "COMPLETE" => {
            tracing::error!(uuid, asked = payment.amount_minor, status_amount = ?checked.total_amount, "eSewa's status reports another amount");
            return Err(AppError::Conflict("eSewa reports a different amount than this booking costs, so it was not marked paid.".into()));
        }
        "PENDING" | "AMBIGUOUS" => "eSewa has not completed this payment yet.".into(),
        "CANCELED" => {
            close_checkout(&state.db, uuid).await?;
            "The eSewa payment was cancelled. Nothing was charged; you can pay again.".into()
        }
        other => {
            tracing::warn!(uuid, status = other, "eSewa status in an unexpected state");
            return Err(AppError::Conflict(format!(
                "eSewa reports this payment as {other:?}, so it was not marked paid."
            )));
        }
    };
    answer(&state, &session, uuid, &message).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rupees_are_rounded_to_the_rupee() {
        assert_eq!(rupees_for(8000, 133.5), 10_680);
        assert_eq!(rupees_for(1, 133.5), 1);
        assert_eq!(rupees_for(4555, 133.27), 6070);
    }
}
