//! Display currencies: the rates, per US dollar, at which travellers see prices converted.
//! Prices stay stored, edited and charged in dollars; these rates only change what a
//! traveller reads. Admins edit them; every change is in the audit log. Where the server
//! sets `YATRA_NPR_PER_USD` (the rate wallets charge at), that is the rupee's display rate
//! too and admins cannot change it: one rupee rate everywhere.

pub mod rates;
pub mod routes;

use crate::error::AppResult;
use crate::http::AppState;

/// Units of `code` one dollar buys at the rate travellers see prices converted at (the
/// server's rupee rate where it fixes one); `None` for a currency Yatra has no rate for.
pub async fn per_usd(state: &AppState, code: &str) -> AppResult<Option<f64>> {
    if code == rates::BASE {
        return Ok(Some(1.0));
    }
    if let Some(fixed) = (code == rates::NPR).then_some(state.config.payments.npr_per_usd).flatten()
    {
        return Ok(Some(fixed));
    }
    let micros: Option<i64> =
        sqlx::query_scalar("SELECT per_usd_micros FROM currency_rates WHERE code = $1")
            .bind(code)
            .fetch_optional(&state.db.pool)
            .await?;
    Ok(micros.map(|m| rates::RatePerUsd::from_micros(m).per_usd()))
}
