//! HTTP handlers: the traveller's emergency details, the guide's view of them during a
//! paid trip, and sending an SOS.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::alert::{self, NewAlert, SOS_ALERTS, SosRequest, SosSent, TRIP_NOW, trip_now_dates};
use super::emergency_info::{self, EmergencyInfo, EmergencyInfoRequest};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path};
use crate::http::rate_limit;
use crate::http::session::{Guide, Tourist};
use crate::http::{AppState, ClientIp};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(own_emergency_info, save_emergency_info))
        .routes(routes!(trip_emergency_info))
        .routes(routes!(send_sos))
}

#[derive(Serialize, ToSchema)]
pub struct EmergencyInfoResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: EmergencyInfo,
}

#[derive(Serialize, ToSchema)]
pub struct EmergencyInfoSaved {
    #[schema(example = "success")]
    status: &'static str,
    message: String,
    data: EmergencyInfo,
}

/// The signed-in traveller's emergency contact and travel insurance (empty until given).
/// Private: only the traveller, and the guide of a paid trip with them while it runs.
#[utoipa::path(get, path = "/tourists/emergency-info", tag = "travellers", security(("bearer" = [])),
    responses(
        (status = 200, body = EmergencyInfoResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a traveller account"),
    ))]
async fn own_emergency_info(
    State(state): State<AppState>,
    Tourist(session): Tourist,
) -> AppResult<Json<EmergencyInfoResponse>> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(EmergencyInfoResponse {
        status: "success",
        data: emergency_info::get(&mut conn, &session.user_id).await?,
    }))
}

/// Replace the emergency contact and travel insurance. Every field may be empty; a contact
/// needs a name and a phone or email, a policy number needs its provider.
#[utoipa::path(put, path = "/tourists/emergency-info", tag = "travellers", security(("bearer" = [])), request_body = EmergencyInfoRequest,
    responses(
        (status = 200, body = EmergencyInfoSaved),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    ))]
async fn save_emergency_info(
    State(state): State<AppState>,
    Tourist(session): Tourist,
    Json(body): Json<EmergencyInfoRequest>,
) -> AppResult<Json<EmergencyInfoSaved>> {
    let info = EmergencyInfo::parse(&body)?;
    emergency_info::save(&state.db, &session.user_id, &info).await?;
    Ok(Json(EmergencyInfoSaved {
        status: "success",
        message: "Emergency details saved".into(),
        data: info,
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TripEmergencyInfo {
    #[schema(example = "Sita Rai")]
    traveller_name: String,
    emergency_info: EmergencyInfo,
}

#[derive(Serialize, ToSchema)]
pub struct TripEmergencyInfoResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: TripEmergencyInfo,
}

/// The traveller's emergency contact and insurance, for the guide of this booking while
/// the paid trip runs (from the day before it starts to its last day, Nepal time).
#[utoipa::path(get, path = "/guides/booking/{bookingId}/emergency-info", tag = "bookings", security(("bearer" = [])),
    params(("bookingId" = String, Path, description = "The booking's id")),
    responses(
        (status = 200, body = TripEmergencyInfoResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a guide account, or the trip is not paid and under way"),
        (status = 404, body = ErrorBody, description = "No such booking of this guide"),
    ))]
async fn trip_emergency_info(
    State(state): State<AppState>,
    Guide(session): Guide,
    Path(booking_id): Path<String>,
) -> AppResult<Json<TripEmergencyInfoResponse>> {
    let (tomorrow, today) = trip_now_dates();
    let found: Option<(String, String, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT b.tourist_id, t.first_name || ' ' || t.last_name, CAST(CASE WHEN {TRIP_NOW} THEN 1 ELSE 0 END AS BIGINT) \
         FROM bookings b JOIN users t ON t.id = b.tourist_id WHERE b.id = $1 AND b.guide_id = $4"
    )))
    .bind(&booking_id)
    .bind(&tomorrow)
    .bind(&today)
    .bind(&session.user_id)
    .fetch_optional(&state.db.pool)
    .await?;
    let Some((tourist_id, traveller_name, now)) = found else {
        return Err(AppError::NotFound("Booking not found".into()));
    };
    if now != 1 {
        return Err(AppError::Forbidden(
            "Emergency details are shared only during a paid trip".into(),
        ));
    }
    let mut conn = state.db.pool.acquire().await?;
    let emergency_info = emergency_info::get(&mut conn, &tourist_id).await?;
    Ok(Json(TripEmergencyInfoResponse {
        status: "success",
        data: TripEmergencyInfo { traveller_name, emergency_info },
    }))
}

#[derive(Serialize, ToSchema)]
pub struct SosResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: SosSent,
}

/// Send an SOS (travellers): the guide of every paid trip running today or starting within
/// a day is told live, in their notifications and by email, and the emergency contact by
/// email, each with a map link. Recorded even when nobody could be reached (`notified` 0).
#[utoipa::path(post, path = "/sos", tag = "travellers", security(("bearer" = [])), request_body = SosRequest,
    responses(
        (status = 200, body = SosResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a traveller account"),
        (status = 429, body = ErrorBody, description = "Too many alerts from this account or address; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn send_sos(
    State(state): State<AppState>,
    Tourist(session): Tourist,
    ClientIp(ip): ClientIp,
    Json(body): Json<SosRequest>,
) -> AppResult<Json<SosResponse>> {
    let alert = NewAlert::parse(&body)?;
    rate_limit::count(&state, &SOS_ALERTS, Some(&session.user_id), &ip).await?;
    Ok(Json(SosResponse {
        status: "success",
        data: alert::send(&state, &session.user_id, alert).await?,
    }))
}
