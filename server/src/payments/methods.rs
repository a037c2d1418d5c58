//! Which ways to pay this server offers, so the checkout page can say "not available"
//! instead of showing a button that fails.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::config::{PaymentMode, WalletMode};
use crate::error::Json;
use crate::http::AppState;

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

/// How a wallet (Khalti, eSewa) is offered here.
#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum WalletPayments {
    /// Through the wallet, in rupees.
    Live,
    /// The built-in test checkout: no money moves.
    Sandbox,
    /// Not offered: starting one answers 503.
    None,
}

impl From<WalletMode> for WalletPayments {
    fn from(mode: WalletMode) -> Self {
        match mode {
            WalletMode::Live => Self::Live,
            WalletMode::Sandbox => Self::Sandbox,
            WalletMode::None => Self::None,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethods {
    card: CardPayments,
    khalti: WalletPayments,
    esewa: WalletPayments,
    /// The rupees per US dollar wallet payments are charged at (null when no wallet is offered).
    npr_per_usd: Option<f64>,
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
    let card = match state.config.payments.card_mode() {
        PaymentMode::Stripe => CardPayments::Stripe,
        PaymentMode::Sandbox => CardPayments::Sandbox,
        PaymentMode::None => CardPayments::None,
    };
    let config = &state.config;
    let (khalti, esewa) = (config.payments.khalti_mode(), config.payments.esewa_mode());
    let wallets = khalti != WalletMode::None || esewa != WalletMode::None;
    let data = PaymentMethods {
        card,
        khalti: khalti.into(),
        esewa: esewa.into(),
        npr_per_usd: config.payments.npr_per_usd.filter(|_| wallets),
    };
    Json(PaymentMethodsResponse { status: "success", data })
}
