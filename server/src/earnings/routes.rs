//! A guide's own money: their earnings and payout history, and where they want to be paid
//! (guide accounts only; the payout details are shown to no one else but admins).

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{Balance, EARNING, PAYOUT, balance};
use crate::db::{Db, now_ms, to_rfc3339};
use crate::error::{AppError, AppResult, ErrorBody, Json};
use crate::http::AppState;
use crate::http::session::Guide;
use crate::money::dollars;
use crate::profile::optional_text;

/// The newest entries the earnings page lists.
const ENTRIES_MAX: i64 = 200;
pub const NAME_MAX: usize = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(earnings))
        .routes(routes!(payout_details, update_payout_details))
}

/// One movement of the guide's money (dollars; negative when it left their balance).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerEntry {
    #[serde(rename = "_id")]
    id: String,
    /// `earning` (a payment's share, after commission), `earning_refund` (given back to
    /// the traveller) or `payout` (sent to the guide).
    #[schema(example = "earning")]
    kind: String,
    #[schema(example = 85.0)]
    amount: f64,
    /// On an earning: Yatra's commission kept from that payment.
    #[schema(example = 15.0)]
    commission: f64,
    #[schema(required = true)]
    booking_id: Option<String>,
    /// The trip's first day (`YYYY-MM-DD`), for a trip's entries.
    #[schema(required = true)]
    trip_date: Option<String>,
    #[schema(required = true)]
    traveller_name: Option<String>,
    /// On a payout: `bank` or `khalti`, and the transfer's reference.
    method: String,
    reference: String,
    /// RFC 3339.
    created_at: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuideEarnings {
    /// Earned on trips not yet over, or over less than the hold ago (dollars).
    pending: f64,
    /// Ready to be paid out (dollars).
    available: f64,
    /// Paid out so far (dollars).
    paid_out: f64,
    /// Days a finished trip's earnings wait before they can be paid out.
    hold_days: f64,
    /// Yatra's commission on each payment, in percent.
    commission_percent: i64,
    /// Newest first, at most 200.
    entries: Vec<LedgerEntry>,
}

#[derive(Serialize, ToSchema)]
pub struct GuideEarningsResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: GuideEarnings,
}

#[derive(sqlx::FromRow)]
struct EntryRow {
    id: String,
    kind: String,
    amount_cents: i64,
    commission_cents: i64,
    booking_id: Option<String>,
    selected_date: Option<String>,
    traveller_name: Option<String>,
    method: String,
    reference: String,
    created_at: i64,
}

/// The signed-in guide's earnings: pending, available, paid out, and each movement.
#[utoipa::path(get, path = "/guides/earnings", tag = "guides", security(("bearer" = [])),
    responses(
        (status = 200, body = GuideEarningsResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a guide account"),
    ))]
async fn earnings(
    State(state): State<AppState>,
    Guide(session): Guide,
) -> AppResult<Json<GuideEarningsResponse>> {
    let mut conn = state.db.pool.acquire().await?;
    let Balance { pending, available, paid_out } =
        balance(&mut conn, &session.user_id, now_ms(), state.config.earnings.hold).await?;
    let rows: Vec<EntryRow> = sqlx::query_as(
        "SELECT l.id, l.kind, l.amount_cents, \
           CAST(COALESCE((SELECT SUM(c.amount_cents) FROM ledger_entries c \
             WHERE c.payment_id = l.payment_id AND c.kind = 'commission' AND l.kind = 'earning'), 0) AS BIGINT) AS commission_cents, \
           l.booking_id, b.selected_date, t.first_name || ' ' || t.last_name AS traveller_name, l.method, l.reference, l.created_at \
         FROM ledger_entries l LEFT JOIN bookings b ON b.id = l.booking_id LEFT JOIN users t ON t.id = b.tourist_id \
         WHERE l.guide_id = $1 AND l.kind IN ('earning', 'earning_refund', 'payout') \
         ORDER BY l.created_at DESC, l.id DESC LIMIT $2",
    )
    .bind(&session.user_id)
    .bind(ENTRIES_MAX)
    .fetch_all(&mut *conn)
    .await?;
    let entries = rows
        .into_iter()
        .map(|row| LedgerEntry {
            id: row.id,
            commission: if row.kind == EARNING { dollars(row.commission_cents) } else { 0.0 },
            amount: dollars(row.amount_cents),
            booking_id: row.booking_id,
            trip_date: row.selected_date,
            traveller_name: if row.kind == PAYOUT { None } else { row.traveller_name },
            kind: row.kind,
            method: row.method,
            reference: row.reference,
            created_at: to_rfc3339(row.created_at),
        })
        .collect();
    let hold_days = state.config.earnings.hold.as_secs_f64() / 86_400.0;
    Ok(Json(GuideEarningsResponse {
        status: "success",
        data: GuideEarnings {
            pending: dollars(pending),
            available: dollars(available),
            paid_out: dollars(paid_out),
            hold_days,
            commission_percent: state.config.earnings.commission_percent,
            entries,
        },
    }))
}

/// Where a guide is paid: a bank account, or a Khalti wallet (its mobile number).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayoutDetails {
    /// `bank` or `khalti`.
    #[schema(example = "bank")]
    pub method: String,
    #[schema(example = "Rita Gurung")]
    pub account_name: String,
    /// The bank's name (empty for Khalti).
    #[schema(example = "Nabil Bank")]
    pub bank_name: String,
    /// The bank account number, or the Khalti wallet's 10-digit mobile number.
    #[schema(example = "01234567890123")]
    pub account_number: String,
}

#[derive(Serialize, ToSchema)]
pub struct PayoutDetailsResponse {
    #[schema(example = "success")]
    status: &'static str,
    /// `null` until the guide has said where to be paid.
    #[schema(required = true)]
    data: Option<PayoutDetails>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayoutDetailsRequest {
    #[schema(value_type = String, required = true, example = "khalti")]
    method: Option<String>,
    #[schema(value_type = String, required = true, example = "Rita Gurung", min_length = 1, max_length = 100,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    account_name: Option<String>,
    /// Required for a bank account.
    #[schema(example = "Nabil Bank", max_length = 100, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    bank_name: Option<String>,
    #[schema(value_type = String, required = true, example = "9800000001", min_length = 1, max_length = 40)]
    account_number: Option<String>,
}

impl PayoutDetails {
    /// Checks the form: a bank account needs the bank and a 6 to 20 character account
    /// number (digits, letters, dashes); a Khalti wallet its 10-digit mobile number.
    pub fn parse(request: &PayoutDetailsRequest) -> AppResult<Self> {
        let method = match request.method.as_deref().map(str::trim) {
            Some(method @ ("bank" | "khalti")) => method.to_owned(),
            None | Some("") => {
                return Err(AppError::validation("Choose how you want to be paid: bank or khalti"));
            }
            Some(_) => return Err(AppError::validation("Payout method must be bank or khalti")),
        };
        let account_name =
            optional_text(request.account_name.as_deref(), "Account holder", NAME_MAX, false)?
                .ok_or_else(|| AppError::validation("Account holder is required"))?;
        // Checked for both methods, so a malformed bank name is refused even when unused.
        let bank_name = optional_text(request.bank_name.as_deref(), "Bank", NAME_MAX, false)?;
        let number: String = request
            .account_number
            .as_deref()
            .unwrap_or("")
            .chars()
            .filter(|c| !matches!(c, ' ' | '-'))
            .collect();
        if method == "khalti" {
            let mobile = number.strip_prefix("+977").unwrap_or(&number);
            if mobile.len() != 10
                || !mobile.starts_with('9')
                || !mobile.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(AppError::validation(
                    "Khalti number must be a 10-digit Nepali mobile number, e.g. 98XXXXXXXX",
                ));
            }
            return Ok(Self {
                method,
                account_name,
                bank_name: String::new(),
                account_number: mobile.to_owned(),
            });
        }
        let bank_name =
            bank_name.ok_or_else(|| AppError::validation("Bank is required for a bank account"))?;
        if !(6..=20).contains(&number.len()) || !number.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(AppError::validation("Account number must be 6 to 20 letters or digits"));
        }
        Ok(Self { method, account_name, bank_name, account_number: number.to_ascii_uppercase() })
    }
}

/// The payout details of `guide_id`, if they gave any.
pub async fn find_payout_details(db: &Db, guide_id: &str) -> AppResult<Option<PayoutDetails>> {
    let row: Option<(String, String, String, String)> = sqlx::query_as(
        "SELECT payout_method, payout_account_name, payout_bank_name, payout_account_number FROM guide_details WHERE user_id = $1",
    )
    .bind(guide_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.filter(|row| !row.0.is_empty()).map(
        |(method, account_name, bank_name, account_number)| PayoutDetails {
            method,
            account_name,
            bank_name,
            account_number,
        },
    ))
}

/// Where the signed-in guide is paid.
#[utoipa::path(get, path = "/guides/payout-details", tag = "guides", security(("bearer" = [])),
    responses(
        (status = 200, body = PayoutDetailsResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a guide account"),
    ))]
async fn payout_details(
    State(state): State<AppState>,
    Guide(session): Guide,
) -> AppResult<Json<PayoutDetailsResponse>> {
    Ok(Json(PayoutDetailsResponse {
        status: "success",
        data: find_payout_details(&state.db, &session.user_id).await?,
    }))
}

/// Says where the signed-in guide is paid (replaces what was there).
#[utoipa::path(put, path = "/guides/payout-details", tag = "guides", security(("bearer" = [])),
    request_body = PayoutDetailsRequest,
    responses(
        (status = 200, body = PayoutDetailsResponse),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a guide account"),
        (status = 409, body = ErrorBody, description = "The guide has no profile yet"),
    ))]
async fn update_payout_details(
    State(state): State<AppState>,
    Guide(session): Guide,
    Json(request): Json<PayoutDetailsRequest>,
) -> AppResult<Json<PayoutDetailsResponse>> {
    let details = PayoutDetails::parse(&request)?;
    let updated = sqlx::query(
        "UPDATE guide_details SET payout_method = $1, payout_account_name = $2, payout_bank_name = $3, payout_account_number = $4 \
         WHERE user_id = $5",
    )
    .bind(&details.method)
    .bind(&details.account_name)
    .bind(&details.bank_name)
    .bind(&details.account_number)
    .bind(&session.user_id)
    .execute(&state.db.pool)
    .await?;
    if updated.rows_affected() == 0 {
        return Err(AppError::Conflict(
            "Save your guide profile first, then say where you want to be paid".into(),
        ));
    }
    Ok(Json(PayoutDetailsResponse { status: "success", data: Some(details) }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(method: &str, name: &str, bank: &str, number: &str) -> PayoutDetailsRequest {
        PayoutDetailsRequest {
            method: Some(method.into()),
            account_name: Some(name.into()),
            bank_name: Some(bank.into()),
            account_number: Some(number.into()),
        }
    }

    #[test]
    fn a_khalti_wallet_is_a_nepali_mobile_number() {
        let details =
            PayoutDetails::parse(&request("khalti", "Rita", "ignored", "+977 980-000-0001"))
                .unwrap();
        assert_eq!(details.account_number, "9800000001");
        assert_eq!(details.bank_name, "");
        assert!(PayoutDetails::parse(&request("khalti", "Rita", "\u{84}", "9800000001")).is_err());
        assert!(PayoutDetails::parse(&request("khalti", "Rita", "", "12345")).is_err());
        assert!(PayoutDetails::parse(&request("khalti", "Rita", "", "1800000001")).is_err());
    }

    #[test]
    fn a_bank_account_needs_its_bank_and_a_plain_number() {
        assert!(
            PayoutDetails::parse(&request("bank", "Rita", "Nabil Bank", "0123 4567 89")).is_ok()
        );
        assert!(PayoutDetails::parse(&request("bank", "Rita", "", "0123456789")).is_err());
        assert!(PayoutDetails::parse(&request("bank", "Rita", "Nabil", "12")).is_err());
        assert!(PayoutDetails::parse(&request("bank", "Rita", "Nabil", "=HYPERLINK(1)")).is_err());
        assert!(PayoutDetails::parse(&request("paypal", "Rita", "Nabil", "0123456789")).is_err());
        assert!(PayoutDetails::parse(&request("bank", " ", "Nabil", "0123456789")).is_err());
    }
}
