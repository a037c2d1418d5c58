//! Paying guides out (admin accounts only): who has money to be paid and where, recording a
//! payout an admin sent (debited from the guide's available balance, audited, the guide
//! told), and the same list as CSV for the bank's bulk transfer.
//!
//! Two admins paying the same guide at once cannot take more than the balance: the balance
//! is read and the payout written in one transaction that first locks the guide (their
//! `users` row on PostgreSQL; SQLite's `BEGIN IMMEDIATE` already lets one writer in).

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::routes::{PayoutDetails, find_payout_details};
use super::{Balance, PAYOUT, balance, balances};
use crate::db::{Backend, new_id, now_ms, to_rfc3339};
use crate::error::{AppError, AppResult, ErrorBody, Json};
use crate::http::AppState;
use crate::http::session::Admin;
use crate::moderation::audit::{self, AuditAction};
use crate::money::dollars;
use crate::money::money;
use crate::notice::{Notice, PayoutMethod};
use crate::notifications::{self, NewNotification};
use crate::profile::optional_text;

/// The largest single payout, in dollars.
const PAYOUT_MAX: f64 = 1_000_000.0;
const REFERENCE_MAX: usize = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(owed, record_payout)).routes(routes!(owed_csv))
}

/// A guide with money to be paid out.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwedGuide {
    guide_id: String,
    first_name: String,
    last_name: String,
    email: String,
    /// Dollars ready to be paid out.
    available: f64,
    pending: f64,
    paid_out: f64,
    /// `null` when the guide has not said where to be paid.
    #[schema(required = true)]
    payout_details: Option<PayoutDetails>,
}

#[derive(Serialize, ToSchema)]
pub struct OwedResponse {
    #[schema(example = "success")]
    status: &'static str,
    /// Largest available balance first.
    data: Vec<OwedGuide>,
}

#[derive(sqlx::FromRow)]
struct GuideRow {
    id: String,
    first_name: String,
    last_name: String,
    email: String,
}

/// Guides with an available balance, largest first, with their payout details.
async fn owed_guides(state: &AppState) -> AppResult<Vec<OwedGuide>> {
    let mut conn = state.db.pool.acquire().await?;
    let mut owed: Vec<(String, Balance)> =
        balances(&mut conn, None, now_ms(), state.config.earnings.hold)
            .await?
            .into_iter()
            .filter(|(_, b)| b.available > 0)
            .collect();
    owed.sort_by(|a, b| b.1.available.cmp(&a.1.available).then_with(|| a.0.cmp(&b.0)));
    let mut guides = Vec::with_capacity(owed.len());
    for (guide_id, balance) in owed {
        let row: GuideRow =
            sqlx::query_as("SELECT id, first_name, last_name, email FROM users WHERE id = $1")
                .bind(&guide_id)
                .fetch_one(&mut *conn)
                .await?;
        guides.push(OwedGuide {
            payout_details: find_payout_details(&state.db, &guide_id).await?,
            guide_id: row.id,
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            available: dollars(balance.available),
            pending: dollars(balance.pending),
            paid_out: dollars(balance.paid_out),
        });
    }
    Ok(guides)
}

/// Guides with money ready to be paid out, and where to send it.
#[utoipa::path(get, path = "/admin/payouts", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, body = OwedResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not an admin account"),
    ))]
async fn owed(State(state): State<AppState>, _: Admin) -> AppResult<Json<OwedResponse>> {
    Ok(Json(OwedResponse { status: "success", data: owed_guides(&state).await? }))
}

/// A spreadsheet cell: quoted, and a leading `=`, `+`, `-`, `@` defused so a spreadsheet
/// shows the text instead of running it as a formula.
fn cell(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// The guides owed money as CSV, one transfer a line, for the bank.
#[utoipa::path(get, path = "/admin/payouts.csv", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, description = "guide_id, name, email, method, account_name, bank_name, account_number, amount (dollars)",
            content_type = "text/csv", body = String),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not an admin account"),
    ))]
async fn owed_csv(State(state): State<AppState>, _: Admin) -> AppResult<Response> {
    let mut csv =
        String::from("guide_id,name,email,method,account_name,bank_name,account_number,amount\r\n");
    for guide in owed_guides(&state).await? {
        let details = guide.payout_details.unwrap_or(PayoutDetails {
            method: String::new(),
            account_name: String::new(),
            bank_name: String::new(),
            account_number: String::new(),
        });
        let fields = [
            cell(&guide.guide_id),
            cell(&format!("{} {}", guide.first_name, guide.last_name)),
            cell(&guide.email),
            cell(&details.method),
            cell(&details.account_name),
            cell(&details.bank_name),
            cell(&details.account_number),
            format!("{:.2}", guide.available),
        ];
        csv.push_str(&fields.join(","));
        csv.push_str("\r\n");
    }
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"yatra-payouts.csv\""),
            (header::CACHE_CONTROL, "no-store"),
        ],
        csv,
    )
        .into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayoutRequest {
    #[schema(value_type = String, required = true, example = "0190a3c4d5e67f8091a2b3c4d5e6f708", min_length = 1)]
    guide_id: Option<String>,
    /// Dollars sent, in whole cents, at most the guide's available balance.
    #[schema(value_type = f64, required = true, example = 85, minimum = 0.01, maximum = 1000000)]
    amount: Option<Value>,
    /// `bank` or `khalti`.
    #[schema(value_type = String, required = true, example = "bank")]
    method: Option<String>,
    /// The bank's or Khalti's reference for the transfer.
    #[schema(value_type = String, required = true, example = "NABIL-TRF-2026-0042", min_length = 1, max_length = 100,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    reference: Option<String>,
}

/// A payout as recorded.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Payout {
    #[serde(rename = "_id")]
    id: String,
    guide_id: String,
    amount: f64,
    method: String,
    reference: String,
    /// What is left to pay out to this guide (dollars).
    available: f64,
    /// RFC 3339.
    created_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct PayoutResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Payout,
}

/// Whole cents from a positive number of dollars (a JSON number or numeric string).
fn payout_cents(value: Option<&Value>) -> AppResult<i64> {
    let invalid = || {
        AppError::validation(format!(
            "Amount must be a number of dollars from 0.01 to {PAYOUT_MAX}"
        ))
    };
    let amount = match value {
        None | Some(Value::Null) => return Err(AppError::validation("Amount is required")),
        Some(Value::String(text)) => text.trim().parse::<f64>().map_err(|_| invalid())?,
        Some(Value::Number(number)) => number.as_f64().ok_or_else(invalid)?,
        Some(_) => return Err(invalid()),
    };
    if !amount.is_finite() || !(0.01..=PAYOUT_MAX).contains(&amount) {
        return Err(invalid());
    }
    let cents = (amount * 100.0).round();
    if (amount * 100.0 - cents).abs() > 1e-6 {
        return Err(AppError::validation("Amount must be in whole cents"));
    }
    Ok(cents as i64)
}

/// Records a payout an admin sent to a guide: refused above their available balance.
#[utoipa::path(post, path = "/admin/payouts", tag = "admin", security(("bearer" = [])),
    request_body = PayoutRequest,
    responses(
        (status = 201, body = PayoutResponse),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not an admin account"),
        (status = 404, body = ErrorBody, description = "No such guide"),
        (status = 409, body = ErrorBody, description = "More than the guide's available balance"),
    ))]
async fn record_payout(
    State(state): State<AppState>,
    Admin(session): Admin,
    Json(request): Json<PayoutRequest>,
) -> AppResult<(axum::http::StatusCode, Json<PayoutResponse>)> {
    let guide_id = optional_text(request.guide_id.as_deref(), "Guide", 100, false)?
        .ok_or_else(|| AppError::validation("Guide is required"))?;
    let cents = payout_cents(request.amount.as_ref())?;
    let method = match request.method.as_deref().map(str::trim) {
        Some(method @ ("bank" | "khalti")) => method.to_owned(),
        None | Some("") => return Err(AppError::validation("Method is required: bank or khalti")),
        Some(_) => return Err(AppError::validation("Method must be bank or khalti")),
    };
    let reference = optional_text(request.reference.as_deref(), "Reference", REFERENCE_MAX, false)?
        .ok_or_else(|| {
            AppError::validation(
                "Reference is required: the bank's or Khalti's id for the transfer",
            )
        })?;

    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let lock = match state.db.backend {
        Backend::Postgres => "SELECT id FROM users WHERE id = $1 AND role = 'guide' FOR UPDATE",
        Backend::Sqlite => "SELECT id FROM users WHERE id = $1 AND role = 'guide'",
    };
    let guide: Option<(String,)> =
        sqlx::query_as(lock).bind(&guide_id).fetch_optional(&mut *tx).await?;
    if guide.is_none() {
        return Err(AppError::NotFound("No such guide".into()));
    }
    let before = balance(&mut tx, &guide_id, now, state.config.earnings.hold).await?;
    if cents > before.available {
        return Err(AppError::Conflict(format!(
            "Only {} is available to pay out to this guide",
            money(before.available.max(0))
        )));
    }
    let id = new_id();
    sqlx::query(
        "INSERT INTO ledger_entries (id, guide_id, kind, amount_cents, method, reference, recorded_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&id)
    .bind(&guide_id)
    .bind(PAYOUT)
    .bind(-cents)
    .bind(&method)
    .bind(&reference)
    .bind(&session.user_id)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let method_paid = PayoutMethod::from_stored(&method);
    audit::record(
        &mut tx,
        &session.user_id,
        AuditAction::RecordPayout,
        &guide_id,
        &format!("{} {}, reference {reference}", money(cents), method_paid.how()),
    )
    .await?;
    notifications::store(
        &mut tx,
        NewNotification {
            user_id: &guide_id,
            kind: "payout_sent",
            booking_id: None,
            notice: Notice::PayoutSent {
                amount_cents: cents,
                method: method_paid,
                reference: reference.clone(),
            },
            status: "",
            payment_status: "",
        },
    )
    .await?;
    tx.commit().await?;
    state.notifications.announce(&state.db, &[&guide_id]).await;
    let payout = Payout {
        id,
        guide_id,
        amount: dollars(cents),
        method,
        reference,
        available: dollars(before.available - cents),
        created_at: to_rfc3339(now),
    };
    Ok((axum::http::StatusCode::CREATED, Json(PayoutResponse { status: "success", data: payout })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn payouts_are_positive_whole_cents() {
        assert_eq!(payout_cents(Some(&json!(85))).unwrap(), 8_500);
        assert_eq!(payout_cents(Some(&json!("12.34"))).unwrap(), 1_234);
        assert_eq!(payout_cents(Some(&json!(0.01))).unwrap(), 1);
        for bad in
            [json!(0), json!(-5), json!("ten"), json!(true), json!(1.005), json!(1e12), json!([1])]
        {
            assert!(payout_cents(Some(&bad)).is_err(), "{bad}");
        }
        assert!(payout_cents(None).is_err());
    }

    #[test]
    fn spreadsheet_formulas_are_defused_and_quotes_doubled() {
        assert_eq!(cell("=SUM(A1)"), "\"'=SUM(A1)\"");
        assert_eq!(cell("Rita \"Didi\" Gurung"), "\"Rita \"\"Didi\"\" Gurung\"");
        assert_eq!(cell("Nabil Bank"), "\"Nabil Bank\"");
    }
}
