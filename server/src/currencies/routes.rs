//! `GET /currencies` (anyone) and `PATCH /admin/currencies` (admins, audited).

use std::collections::BTreeMap;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::rates::{self, RatePerUsd};
use crate::db::{Db, now_ms, to_rfc3339};
use crate::error::{AppError, AppResult, ErrorBody, Json};
use crate::http::AppState;
use crate::http::session::Admin;
use crate::moderation::audit::{self, AuditAction};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_currencies)).routes(routes!(update_rates))
}

/// A currency prices can be shown in.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrencyRate {
    /// ISO 4217 code.
    #[schema(example = "NPR")]
    code: &'static str,
    /// Units of this currency one US dollar buys (1 for USD).
    #[schema(example = 141.5)]
    per_usd: f64,
    /// When an admin last changed the rate (RFC 3339).
    updated_at: String,
    /// The rate is set by the server (NPR at `YATRA_NPR_PER_USD`, the rate wallet payments
    /// are charged at; USD always 1): admins cannot change it.
    fixed: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Currencies {
    /// The currency prices are set and charged in.
    #[schema(example = "USD")]
    base: &'static str,
    /// USD, NPR, EUR, GBP, INR, AUD, CNY, JPY, in that order.
    currencies: Vec<CurrencyRate>,
}

#[derive(Serialize, ToSchema)]
pub struct CurrenciesResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Currencies,
}

/// The rates at which prices are shown converted. Approximate and set by Yatra's admins:
/// amounts are charged in the currency the checkout states, never at these rates.
#[utoipa::path(get, path = "/currencies", tag = "currencies",
    responses((status = 200, body = CurrenciesResponse)))]
async fn list_currencies(State(state): State<AppState>) -> AppResult<Json<CurrenciesResponse>> {
    Ok(Json(CurrenciesResponse { status: "success", data: currencies(&state).await? }))
}

async fn currencies(state: &AppState) -> AppResult<Currencies> {
    let db: &Db = &state.db;
    let npr_fixed = state.config.payments.npr_per_usd;
    let rows: Vec<(String, i64, i64)> =
        sqlx::query_as("SELECT code, per_usd_micros, updated_at FROM currency_rates")
            .fetch_all(&db.pool)
            .await?;
    let currencies = rates::CODES
        .into_iter()
        .filter_map(|code| {
            let (_, micros, updated_at) = rows.iter().find(|(stored, ..)| stored == code)?;
            let fixed = (code == rates::NPR).then_some(npr_fixed).flatten();
            Some(CurrencyRate {
                code,
                per_usd: fixed.unwrap_or_else(|| RatePerUsd::from_micros(*micros).per_usd()),
                updated_at: to_rfc3339(*updated_at),
                fixed: code == rates::BASE || fixed.is_some(),
            })
        })
        .collect();
    Ok(Currencies { base: rates::BASE, currencies })
}

/// The rates an admin sets, per US dollar; only those given change.
#[derive(Deserialize, ToSchema)]
pub struct UpdateRatesRequest {
    #[schema(value_type = RateChanges, required = true)]
    rates: Option<BTreeMap<String, serde_json::Value>>,
}

/// New rates by currency code: units per US dollar, from 0.01 to 100,000 (kept to the
/// millionth). The dollar's own rate is always 1.
#[derive(ToSchema)]
#[allow(dead_code)] // Describes `UpdateRatesRequest::rates` in the OpenAPI document only.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateChanges {
    #[serde(rename = "NPR")]
    #[schema(minimum = 0.01, maximum = 100000, nullable = false, example = 141.5)]
    npr: Option<f64>,
    #[serde(rename = "EUR")]
    #[schema(minimum = 0.01, maximum = 100000, nullable = false)]
    eur: Option<f64>,
    #[serde(rename = "GBP")]
    #[schema(minimum = 0.01, maximum = 100000, nullable = false)]
    gbp: Option<f64>,
    #[serde(rename = "INR")]
    #[schema(minimum = 0.01, maximum = 100000, nullable = false)]
    inr: Option<f64>,
    #[serde(rename = "AUD")]
    #[schema(minimum = 0.01, maximum = 100000, nullable = false)]
    aud: Option<f64>,
    #[serde(rename = "CNY")]
    #[schema(minimum = 0.01, maximum = 100000, nullable = false)]
    cny: Option<f64>,
    #[serde(rename = "JPY")]
    #[schema(minimum = 0.01, maximum = 100000, nullable = false)]
    jpy: Option<f64>,
}

/// Sets the display rates of one or more currencies. All or nothing: one bad rate changes
/// none. Each rate that really changes is audited with its old and new value.
#[utoipa::path(patch, path = "/admin/currencies", tag = "currencies", security(("bearer" = [])), request_body = UpdateRatesRequest,
    responses(
        (status = 200, body = CurrenciesResponse, description = "Every rate, as now stored"),
        (status = 400, body = ErrorBody, description = "No `rates`, an unknown currency, the dollar, the rupee while the server fixes its rate, or a rate out of bounds"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not an admin account"),
    ))]
async fn update_rates(
    State(state): State<AppState>,
    Admin(session): Admin,
    Json(body): Json<UpdateRatesRequest>,
) -> AppResult<Json<CurrenciesResponse>> {
    let changes = parse_changes(body.rates, state.config.payments.npr_per_usd.is_some())?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    for (code, rate) in changes {
        let (old,): (i64,) =
            sqlx::query_as("SELECT per_usd_micros FROM currency_rates WHERE code = $1")
                .bind(code)
                .fetch_one(&mut *tx)
                .await?;
        // Saving the rate already shown is no change: no new date, nothing to audit.
        let changed = sqlx::query("UPDATE currency_rates SET per_usd_micros = $1, updated_at = $2 WHERE code = $3 AND per_usd_micros <> $1")
            .bind(rate.micros())
            .bind(now)
            .bind(code)
            .execute(&mut *tx)
            .await?;
        if changed.rows_affected() > 0 {
            let note = format!(
                "{code} per US dollar: {} → {}",
                RatePerUsd::from_micros(old).per_usd(),
                rate.per_usd()
            );
            audit::record(&mut tx, &session.user_id, AuditAction::UpdateCurrencyRate, code, &note)
                .await?;
        }
    }
    tx.commit().await?;
    Ok(Json(CurrenciesResponse { status: "success", data: currencies(&state).await? }))
}

/// An empty `rates` is a valid request that changes nothing (utoipa 5 writes `min_properties`
/// as `maxProperties`, so the document cannot require one).
fn parse_changes(
    rates: Option<BTreeMap<String, serde_json::Value>>,
    npr_fixed: bool,
) -> AppResult<Vec<(&'static str, RatePerUsd)>> {
    let rates = rates.ok_or_else(|| AppError::validation("Give the rates to change."))?;
    rates
        .iter()
        .map(|(code, value)| {
            let code = rates::editable_code(code, npr_fixed)?;
            Ok((code, RatePerUsd::parse(code, value)?))
        })
        .collect()
}
