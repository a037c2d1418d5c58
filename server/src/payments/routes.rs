//! Starting a checkout, Stripe's webhook, the payment lookup behind the success page, and
//! the sandbox checkout (only with `YATRA_PAYMENTS_SANDBOX=true` and no Stripe key).

use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::confirm::{Confirmation, confirm_paid};
use crate::bookings::lifecycle;
use crate::bookings::view::{self, Booking};
use crate::calendar::trip_dates;
use crate::config::PaymentMode;
use crate::db::{Db, new_id, now_ms};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path};
use crate::http::AppState;
use crate::http::Role;
use crate::http::session::Session;
use crate::money::dollars;
use crate::providers::esewa;
use crate::providers::stripe::{CheckoutRequest, verify_signature};

/// An open checkout is reused for this long (Stripe's sessions live 24 hours).
const CHECKOUT_REUSE_MS: i64 = 23 * 60 * 60 * 1000;
pub const PAYMENT_FAILED: &str = "Failed to initiate Stripe payment";
pub const PAYMENTS_NOT_SET_UP: &str = "Card payments are not set up on this server";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_checkout))
        .routes(routes!(stripe_webhook))
        .routes(routes!(payment_status))
        .routes(routes!(sandbox_checkout))
        .routes(routes!(sandbox_pay))
        .routes(routes!(sandbox_cancel))
}

fn booking_not_found() -> AppError {
    AppError::NotFound("Booking not found".into())
}

pub(super) fn checkout_not_found() -> AppError {
    AppError::NotFound("Checkout not found".into())
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutResponse {
    #[schema(example = "success")]
    status: &'static str,
    /// Where to send the browser: Stripe's checkout page, or the sandbox checkout.
    url: String,
    session_id: String,
}

/// The signed-in traveller's own booking; anyone else's is 404.
pub(super) async fn own_booking(
    state: &AppState,
    session: &Session,
    booking_id: &str,
) -> AppResult<Booking> {
    session.require_stored_role(&state.db, Role::Tourist).await?;
    view::find(&state.db, booking_id)
        .await?
        .filter(|b| b.tourist.id == session.user_id)
        .ok_or_else(booking_not_found)
}

/// Start paying for an approved, unpaid booking whose trip has not started: a Stripe
/// Checkout Session priced by the server, or the sandbox checkout on a test server. An
/// open checkout is reused. A server with neither answers 503 (see `GET /payments/methods`).
#[utoipa::path(get, path = "/tourists/stripe/create-session/{bookingId}", tag = "payments", security(("bearer" = [])),
    params(("bookingId" = String, Path)),
    responses(
        (status = 200, body = CheckoutResponse),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Not one of your bookings"),
        (status = 409, body = ErrorBody, description = "Not approved, already paid, or the trip has started"),
        (status = 502, body = ErrorBody, description = "Stripe failed; the booking stays unpaid"),
        (status = 503, body = ErrorBody, description = "No card payment provider is set up on this server"),
    ))]
async fn create_checkout(
    State(state): State<AppState>,
    session: Session,
    Path(booking_id): Path<String>,
) -> AppResult<Json<CheckoutResponse>> {
    let provider = match state.config.payments.card_mode() {
        PaymentMode::Stripe => "stripe",
        PaymentMode::Sandbox => "sandbox",
        PaymentMode::None => return Err(AppError::ServiceUnavailable(PAYMENTS_NOT_SET_UP.into())),
    };
    let booking = own_booking(&state, &session, &booking_id).await?;
    lifecycle::check_payable(booking.state(), now_ms(), booking.start_ms())?;
    let open: Option<(String, String)> = sqlx::query_as(
        "SELECT provider_session_id, checkout_url FROM payments \
         WHERE booking_id = $1 AND provider = $2 AND method = 'card' AND status = 'pending' AND checkout_url <> '' AND created_at > $3 \
         ORDER BY created_at DESC LIMIT 1",
    )
    .bind(&booking.id)
    .bind(provider)
    .bind(now_ms() - CHECKOUT_REUSE_MS)
    .fetch_optional(&state.db.pool)
    .await?;
    if let Some((session_id, url)) = open {
        return Ok(Json(CheckoutResponse { status: "success", url, session_id }));
    }

    let payment_id = new_id();
    let amount_cents = (booking.total_amount * 100.0).round() as i64;
    let (session_id, url) = match &state.stripe {
        Some(stripe) => {
            let public_url = &state.config.server.public_url;
            let request = CheckoutRequest {
                booking_id: &booking.id,
                customer_email: &booking.tourist.email,
                product: if booking.days == 1 {
                    format!(
                        "Guided day with {} {}",
                        booking.guide.first_name, booking.guide.last_name
                    )
                } else {
                    format!(
                        "{}-day guided trip with {} {}",
                        booking.days, booking.guide.first_name, booking.guide.last_name
                    )
                },
                description: format!(
                    "{} at {}, {} {}",
                    trip_dates(&booking.selected_date, booking.days),
                    booking.selected_time,
                    booking.group_size,
                    if booking.group_size == 1 { "person" } else { "people" }
                ),
                // One line item per person: the daily rate × days.
                unit_amount_cents: (booking.price_per_person * 100.0).round() as i64 * booking.days,
                quantity: booking.group_size,
                success_url: format!("{public_url}/success?session_id={{CHECKOUT_SESSION_ID}}"),
                cancel_url: format!("{public_url}/cancel?booking_id={}", booking.id),
                idempotency_key: format!("yatra-checkout-{payment_id}"),
            };
            let created = stripe.create_checkout_session(&request).await.map_err(|e| {
                tracing::error!(error = %e, booking_id = %booking.id, "Stripe checkout session failed");
                AppError::BadGateway(PAYMENT_FAILED.into())
            })?;
            let url = created.url.ok_or_else(|| {
                tracing::error!(session = %created.id, "Stripe returned a checkout session without a URL");
                AppError::BadGateway(PAYMENT_FAILED.into())
            })?;
            (created.id, url)
        }
        None => {
            let session_id = format!("sandbox_{payment_id}");
            let url = format!("/sandbox/checkout/{session_id}");
            (session_id, url)
        }
    };
    let now = now_ms();
    sqlx::query(
        "INSERT INTO payments (id, booking_id, provider, provider_session_id, amount_cents, amount_minor, currency, status, checkout_url, \
           created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5, 'usd', 'pending', $6, $7, $7)",
    )
    .bind(&payment_id)
    .bind(&booking.id)
    .bind(provider)
    .bind(&session_id)
    .bind(amount_cents)
    .bind(&url)
    .bind(now)
    .execute(&state.db.pool)
    .await?;
    Ok(Json(CheckoutResponse { status: "success", url, session_id }))
}

#[derive(Deserialize)]
struct WebhookEvent {
    #[serde(rename = "type")]
    kind: String,
    data: WebhookData,
}

#[derive(Deserialize)]
struct WebhookData {
    object: WebhookObject,
}

#[derive(Deserialize)]
struct WebhookObject {
    #[serde(default)]
    id: String,
    #[serde(default)]
    payment_status: String,
    #[serde(default)]
    payment_intent: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct WebhookAck {
    received: bool,
}

/// Stripe's events, verified by their `Stripe-Signature` (HMAC-SHA256, five minutes'
/// tolerance). A completed (or asynchronously succeeded) checkout marks its booking paid,
/// once however often it is delivered; an expired or failed one closes the checkout;
/// any other event is acknowledged and changes nothing.
#[utoipa::path(post, path = "/payments/stripe/webhook", tag = "payments",
    params(("Stripe-Signature" = String, Header)),
    request_body(content = String, content_type = "application/json", description = "A Stripe event"),
    responses((status = 200, body = WebhookAck), (status = 400, body = ErrorBody, description = "Bad signature or body")))]
async fn stripe_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> AppResult<Json<WebhookAck>> {
    let invalid = || AppError::validation("Invalid signature");
    let secret = state.config.payments.stripe_webhook_secret.as_ref().ok_or_else(|| {
        tracing::warn!("a Stripe webhook arrived but YATRA_STRIPE_WEBHOOK_SECRET is not set");
        invalid()
    })?;
    let header =
        headers.get("stripe-signature").and_then(|v| v.to_str().ok()).ok_or_else(invalid)?;
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    verify_signature(&secret.0, header, &body, now).map_err(|e| {
        tracing::warn!(reason = %e, "refused a Stripe webhook");
        invalid()
    })?;
    let event: WebhookEvent =
        serde_json::from_slice(&body).map_err(|_| AppError::validation("Invalid event"))?;
    let session_id = event.data.object.id;
    let intent = event.data.object.payment_intent.as_deref();
    match event.kind.as_str() {
        "checkout.session.completed" if event.data.object.payment_status == "paid" => {
            log_confirmation(
                &session_id,
                confirm_paid(
                    &state.db,
                    &state.notifications,
                    &state.trips,
                    state.config.earnings.commission_percent,
                    &session_id,
                    intent,
                )
                .await?,
            );
        }
        "checkout.session.async_payment_succeeded" => {
            log_confirmation(
                &session_id,
                confirm_paid(
                    &state.db,
                    &state.notifications,
                    &state.trips,
                    state.config.earnings.commission_percent,
                    &session_id,
                    intent,
                )
                .await?,
            );
        }
        "checkout.session.expired" | "checkout.session.async_payment_failed" => {
            close_checkout(&state.db, &session_id).await?;
        }
        _ => {}
    }
    Ok(Json(WebhookAck { received: true }))
}

fn log_confirmation(session_id: &str, confirmation: Confirmation) {
    match confirmation {
        Confirmation::Paid { booking_id } => tracing::info!(session_id, booking_id, "booking paid"),
        Confirmation::AlreadyPaid { .. } => tracing::debug!(session_id, "payment event repeated"),
        Confirmation::Refunding { booking_id } => tracing::warn!(
            session_id,
            booking_id,
            "payment for a booking that cannot take it; refunding"
        ),
        Confirmation::Unknown => {
            tracing::warn!(session_id, "payment event for a checkout Yatra did not start")
        }
    }
}

/// A checkout that can no longer be paid; the traveller may start a new one.
pub(super) async fn close_checkout(db: &Db, session_id: &str) -> AppResult<u64> {
    let closed = sqlx::query("UPDATE payments SET status = 'cancelled', updated_at = $1 WHERE provider_session_id = $2 AND status = 'pending'")
        .bind(now_ms())
        .bind(session_id)
        .execute(&db.pool)
        .await?;
    Ok(closed.rows_affected())
}

#[derive(sqlx::FromRow)]
pub(super) struct PaymentRow {
    pub booking_id: String,
    pub provider: String,
    /// card, khalti or esewa.
    pub method: String,
    pub status: String,
    pub amount_cents: i64,
    /// In the charged currency's minor units (cents, paisa).
    pub amount_minor: i64,
    pub npr_per_usd: Option<f64>,
    pub currency: String,
}

/// The payment behind a checkout session, if it belongs to the caller (or the caller is an admin).
pub(super) async fn payment_of(
    state: &AppState,
    session: &Session,
    session_id: &str,
) -> AppResult<(PaymentRow, Booking)> {
    let payment: Option<PaymentRow> =
        sqlx::query_as(
            "SELECT booking_id, provider, method, status, amount_cents, amount_minor, npr_per_usd, currency FROM payments WHERE provider_session_id = $1",
        )
            .bind(session_id)
            .fetch_optional(&state.db.pool)
            .await?;
    let payment = payment.ok_or_else(checkout_not_found)?;
    let booking =
        view::find(&state.db, &payment.booking_id).await?.ok_or_else(checkout_not_found)?;
    if booking.tourist.id != session.user_id && session.stored_role(&state.db).await? != Role::Admin
    {
        return Err(checkout_not_found());
    }
    Ok((payment, booking))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentStatus {
    session_id: String,
    /// pending, paid or cancelled.
    payment_status: String,
    /// stripe, khalti, esewa or sandbox.
    provider: String,
    /// card, khalti or esewa.
    method: String,
    /// In dollars: the booking's price.
    amount: f64,
    /// What is charged: usd (cards) or npr (wallets).
    currency: String,
    /// A wallet payment: the whole rupees charged.
    amount_npr: Option<i64>,
    /// A wallet payment: the rupees per dollar it was charged at.
    npr_per_usd: Option<f64>,
    booking: Booking,
}

#[derive(Serialize, ToSchema)]
pub struct PaymentStatusResponse {
    #[schema(example = "success")]
    status: &'static str,
    pub(super) data: PaymentStatus,
}

pub(super) async fn status_of(
    state: &AppState,
    session: &Session,
    session_id: &str,
) -> AppResult<PaymentStatusResponse> {
    let (payment, booking) = payment_of(state, session, session_id).await?;
    Ok(PaymentStatusResponse {
        status: "success",
        data: PaymentStatus {
            session_id: session_id.to_owned(),
            payment_status: payment.status,
            amount_npr: (payment.currency == "npr").then_some(payment.amount_minor / 100),
            npr_per_usd: payment.npr_per_usd,
            provider: payment.provider,
            method: payment.method,
            amount: dollars(payment.amount_cents),
            currency: payment.currency,
            booking,
        },
    })
}

/// Where a checkout stands, for the success page. A Stripe checkout still pending here is
/// looked up at Stripe, so the page can confirm a payment before the webhook arrives.
#[utoipa::path(get, path = "/payments/session/{sessionId}", tag = "payments", security(("bearer" = [])),
    params(("sessionId" = String, Path)),
    responses((status = 200, body = PaymentStatusResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn payment_status(
    State(state): State<AppState>,
    session: Session,
    Path(session_id): Path<String>,
) -> AppResult<Json<PaymentStatusResponse>> {
    let (payment, _) = payment_of(&state, &session, &session_id).await?;
    if payment.status == "pending"
        && payment.provider == "stripe"
        && let Some(stripe) = &state.stripe
    {
        match stripe.retrieve_checkout_session(&session_id).await {
            Ok(checkout) if checkout.payment_status == "paid" => {
                let intent = checkout.payment_intent.as_deref();
                confirm_paid(
                    &state.db,
                    &state.notifications,
                    &state.trips,
                    state.config.earnings.commission_percent,
                    &session_id,
                    intent,
                )
                .await?;
            }
            Ok(_) => {}
            // The webhook will still confirm it; the page shows it as pending meanwhile.
            Err(e) => tracing::warn!(error = %e, session_id, "could not look up a Stripe checkout"),
        }
    }
    Ok(Json(status_of(&state, &session, &session_id).await?))
}

/// The sandbox's checkout (only on a server running the sandbox): what is being paid.
#[utoipa::path(get, path = "/payments/sandbox/{sessionId}", tag = "payments", security(("bearer" = [])),
    params(("sessionId" = String, Path)),
    responses((status = 200, body = PaymentStatusResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn sandbox_checkout(
    State(state): State<AppState>,
    session: Session,
    Path(session_id): Path<String>,
) -> AppResult<Json<PaymentStatusResponse>> {
    sandbox_payment(&state, &session, &session_id).await?;
    Ok(Json(status_of(&state, &session, &session_id).await?))
}

/// The traveller's own sandbox checkout; 404 on a server not running the sandbox.
async fn sandbox_payment(
    state: &AppState,
    session: &Session,
    session_id: &str,
) -> AppResult<PaymentRow> {
    if state.config.payments.card_mode() != PaymentMode::Sandbox {
        return Err(checkout_not_found());
    }
    let (payment, booking) = payment_of(state, session, session_id).await?;
    if payment.provider != "sandbox" || booking.tourist.id != session.user_id {
        return Err(checkout_not_found());
    }
    Ok(payment)
}

#[derive(Serialize, ToSchema)]
pub struct SandboxOutcome {
    #[schema(example = "success")]
    status: &'static str,
    message: String,
    /// The page to go to next: `/success?session_id=…` or `/cancel?booking_id=…` for cards,
    /// the wallet's return page (`/payments/khalti/return?…`, `/payments/esewa/success?data=…`) for wallets.
    redirect: String,
}

/// Pay a sandbox checkout: confirmed exactly as a Stripe webhook would confirm it.
#[utoipa::path(post, path = "/payments/sandbox/{sessionId}/pay", tag = "payments", security(("bearer" = [])),
    params(("sessionId" = String, Path)),
    responses(
        (status = 200, body = SandboxOutcome), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The checkout was cancelled, or the booking can no longer be paid"),
    ))]
async fn sandbox_pay(
    State(state): State<AppState>,
    session: Session,
    Path(session_id): Path<String>,
) -> AppResult<Json<SandboxOutcome>> {
    let payment = sandbox_payment(&state, &session, &session_id).await?;
    if payment.status == "cancelled" {
        return Err(AppError::Conflict(
            "This checkout was cancelled. Please start the payment again.".into(),
        ));
    }
    if payment.status != "paid" {
        let booking =
            view::find(&state.db, &payment.booking_id).await?.ok_or_else(checkout_not_found)?;
        lifecycle::check_payable(booking.state(), now_ms(), booking.start_ms())?;
    }
    confirm_paid(
        &state.db,
        &state.notifications,
        &state.trips,
        state.config.earnings.commission_percent,
        &session_id,
        None,
    )
    .await?;
    let redirect = match payment.method.as_str() {
        "khalti" => format!(
            "/payments/khalti/return?pidx={session_id}&status=Completed&purchase_order_id={}",
            payment.booking_id
        ),
        "esewa" => {
            let data = esewa::answer(
                esewa::SANDBOX_SECRET,
                "SANDBOX",
                "COMPLETE",
                &format!("{}.0", payment.amount_minor / 100),
                &session_id,
                esewa::SANDBOX_PRODUCT_CODE,
            );
            format!("/payments/esewa/success?data={}", url_encode_base64(&data))
        }
        _ => format!("/success?session_id={session_id}"),
    };
    Ok(Json(SandboxOutcome { status: "success", message: "Payment successful".into(), redirect }))
}

/// Base64 in a query string: '+', '/' and '=' escaped.
fn url_encode_base64(data: &str) -> String {
    data.replace('+', "%2B").replace('/', "%2F").replace('=', "%3D")
}

/// Cancel a sandbox checkout, as leaving Stripe's page would.
#[utoipa::path(post, path = "/payments/sandbox/{sessionId}/cancel", tag = "payments", security(("bearer" = [])),
    params(("sessionId" = String, Path)),
    responses((status = 200, body = SandboxOutcome), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn sandbox_cancel(
    State(state): State<AppState>,
    session: Session,
    Path(session_id): Path<String>,
) -> AppResult<Json<SandboxOutcome>> {
    let payment = sandbox_payment(&state, &session, &session_id).await?;
    close_checkout(&state.db, &session_id).await?;
    let booking_id = &payment.booking_id;
    let redirect = match payment.method.as_str() {
        "khalti" => format!(
            "/payments/khalti/return?pidx={session_id}&status=User%20canceled&purchase_order_id={booking_id}"
        ),
        "esewa" => format!("/payments/esewa/failure?booking_id={booking_id}"),
        _ => format!("/cancel?booking_id={booking_id}"),
    };
    Ok(Json(SandboxOutcome { status: "success", message: "Payment cancelled".into(), redirect }))
}
