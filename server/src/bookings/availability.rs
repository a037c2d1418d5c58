//! Which days a guide can take a trip: not the days they blocked off, nor any day of one of
//! their approved or paid trips (`trip_days`). Travellers read it for a date range; guides
//! keep their own blocked days.

use std::collections::BTreeSet;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::calendar::{date_text, parse_date, today_in_nepal};
use crate::db::{Db, now_ms};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path, Query};
use crate::http::AppState;
use crate::http::session::Guide;

/// The longest range read, and the most days a guide can block at once.
pub const RANGE_MAX_DAYS: i64 = 366;
/// How far ahead a day can be blocked (as far as a trip can be booked).
const BLOCK_AHEAD_MAX_DAYS: i64 = 2 * 366;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(guide_availability))
        .routes(routes!(blocked_days, replace_blocked_days))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AvailabilityParams {
    /// The first day, `YYYY-MM-DD`.
    #[param(required = true, format = Date, example = "2026-12-01")]
    from: Option<String>,
    /// The last day, `YYYY-MM-DD`: on or after `from`, at most 366 days in all.
    #[param(required = true, format = Date, example = "2026-12-31")]
    to: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Unavailable {
    /// Days (`YYYY-MM-DD`, in order) the guide cannot take a trip.
    #[schema(example = json!(["2026-12-12", "2026-12-13"]))]
    unavailable: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct AvailabilityResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Unavailable,
}

fn required_date(value: Option<&str>, name: &str) -> AppResult<time::Date> {
    let text = value.map(str::trim).filter(|v| !v.is_empty());
    let text =
        text.ok_or_else(|| AppError::validation(format!("Please give `{name}` as YYYY-MM-DD")))?;
    parse_date(text)
        .ok_or_else(|| AppError::validation(format!("`{name}` must be a real date (YYYY-MM-DD)")))
}

/// The days a verified guide is unavailable between `from` and `to` (inclusive, at most
/// 366 days): the days they blocked off and every day of their approved or paid trips.
#[utoipa::path(get, path = "/users/guide/{id}/availability", tag = "guides directory",
    params(("id" = String, Path, description = "The guide's `_id`"), AvailabilityParams),
    responses(
        (status = 200, body = AvailabilityResponse),
        (status = 400, body = ErrorBody, description = "`from` or `to` missing or not a date, `to` before `from`, or more than 366 days"),
        (status = 404, body = ErrorBody, description = "No such verified guide"),
    ))]
async fn guide_availability(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(params): Query<AvailabilityParams>,
) -> AppResult<Json<AvailabilityResponse>> {
    let from = required_date(params.from.as_deref(), "from")?;
    let to = required_date(params.to.as_deref(), "to")?;
    if to < from {
        return Err(AppError::validation("`to` must be on or after `from`"));
    }
    if (to - from).whole_days() + 1 > RANGE_MAX_DAYS {
        return Err(AppError::validation("Ask for at most 366 days at a time"));
    }
    let verified: Option<(String,)> = sqlx::query_as(
        "SELECT u.id FROM users u JOIN guide_details g ON g.user_id = u.id \
         WHERE u.id = $1 AND u.role = 'guide' AND g.status = 'verified'",
    )
    .bind(&id)
    .fetch_optional(&state.db.pool)
    .await?;
    verified.ok_or_else(|| AppError::NotFound("Guide not found".into()))?;
    let days: Vec<(String,)> = sqlx::query_as(
        "SELECT day FROM blocked_days WHERE guide_id = $1 AND day BETWEEN $2 AND $3 \
         UNION SELECT day FROM trip_days WHERE guide_id = $1 AND day BETWEEN $2 AND $3 ORDER BY day",
    )
    .bind(&id)
    .bind(date_text(from))
    .bind(date_text(to))
    .fetch_all(&state.db.pool)
    .await?;
    Ok(Json(AvailabilityResponse {
        status: "success",
        data: Unavailable { unavailable: days.into_iter().map(|(d,)| d).collect() },
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockedDays {
    /// The guide's blocked days from today (Nepal time) on, `YYYY-MM-DD`, in order.
    #[schema(example = json!(["2026-12-24", "2026-12-25"]))]
    blocked_dates: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct BlockedDaysResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: BlockedDays,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockedDaysRequest {
    /// Every day to keep blocked from today on (`YYYY-MM-DD`, today or later, at most 366;
    /// repeats count once). Replaces the blocked days from today on; `[]` frees them all.
    #[schema(max_items = 366, example = json!(["2026-12-24", "2026-12-25"]))]
    blocked_dates: Vec<String>,
}

async fn blocked_from_today(db: &Db, guide_id: &str) -> AppResult<BlockedDaysResponse> {
    let days: Vec<(String,)> = sqlx::query_as(
        "SELECT day FROM blocked_days WHERE guide_id = $1 AND day >= $2 ORDER BY day",
    )
    .bind(guide_id)
    .bind(date_text(today_in_nepal()))
    .fetch_all(&db.pool)
    .await?;
    Ok(BlockedDaysResponse {
        status: "success",
        data: BlockedDays { blocked_dates: days.into_iter().map(|(d,)| d).collect() },
    })
}

/// The signed-in guide's blocked days, from today on.
#[utoipa::path(get, path = "/guides/availability", tag = "bookings", security(("bearer" = [])),
    responses(
        (status = 200, body = BlockedDaysResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a guide account"),
    ))]
async fn blocked_days(
    State(state): State<AppState>,
    Guide(session): Guide,
) -> AppResult<Json<BlockedDaysResponse>> {
    Ok(Json(blocked_from_today(&state.db, &session.user_id).await?))
}

/// Replace the signed-in guide's blocked days from today on. Travellers cannot ask for a
/// trip touching a blocked day; trips already approved stay as they are.
#[utoipa::path(put, path = "/guides/availability", tag = "bookings", security(("bearer" = [])),
    request_body = BlockedDaysRequest,
    responses(
        (status = 200, body = BlockedDaysResponse),
        (status = 400, body = ErrorBody, description = "A day is not a date, is in the past or too far ahead, or more than 366 days"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a guide account"),
    ))]
async fn replace_blocked_days(
    State(state): State<AppState>,
    Guide(session): Guide,
    Json(body): Json<BlockedDaysRequest>,
) -> AppResult<Json<BlockedDaysResponse>> {
    let given = body.blocked_dates;
    if given.len() as i64 > RANGE_MAX_DAYS {
        return Err(AppError::validation("You can block at most 366 days"));
    }
    let today = today_in_nepal();
    let mut days = BTreeSet::new();
    for text in &given {
        let day = parse_date(text.trim())
            .ok_or_else(|| AppError::validation(format!("{text:?} is not a date (YYYY-MM-DD)")))?;
        if day < today {
            return Err(AppError::validation(format!("{} is in the past", date_text(day))));
        }
        if (day - today).whole_days() > BLOCK_AHEAD_MAX_DAYS {
            return Err(AppError::validation("Please block days within the next two years"));
        }
        days.insert(date_text(day));
    }
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    sqlx::query("DELETE FROM blocked_days WHERE guide_id = $1 AND day >= $2")
        .bind(&session.user_id)
        .bind(date_text(today))
        .execute(&mut *tx)
        .await?;
    for day in &days {
        sqlx::query("INSERT INTO blocked_days (guide_id, day, created_at) VALUES ($1, $2, $3)")
            .bind(&session.user_id)
            .bind(day)
            .bind(now)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(Json(blocked_from_today(&state.db, &session.user_id).await?))
}
