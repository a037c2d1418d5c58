//! Which ways to pay this server offers, so the checkout page can say "not available"
//! instead of showing a button that fails.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::app::AppState;
use crate::config::PaymentMode;
use crate::error::Json;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(payment_methods))
}

/// How card payments are taken here.
#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum CardPayments {
    /// Stripe Checkout.
    Stripe,
    /// The built-in test checkout: no money moves.
    Sandbox,
    /// Not set up: starting a checkout answers 503.
    None,
}

#[derive(Serialize, ToSchema)]
pub struct PaymentMethods {
    card: CardPayments,
}

#[derive(Serialize, ToSchema)]
pub struct PaymentMethodsResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: PaymentMethods,
}

/// The payment methods this server offers (public).
#[utoipa::path(get, path = "/payments/methods", tag = "payments",
    responses((status = 200, body = PaymentMethodsResponse)))]
async fn payment_methods(State(state): State<AppState>) -> Json<PaymentMethodsResponse> {
    let card = match state.config.payment_mode() {
        PaymentMode::Stripe => CardPayments::Stripe,
        PaymentMode::Sandbox => CardPayments::Sandbox,
        PaymentMode::None => CardPayments::None,
    };
    Json(PaymentMethodsResponse { status: "success", data: PaymentMethods { card } })
}
