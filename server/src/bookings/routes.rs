//! Booking requests, the guide's decisions, booking details and the guide's dashboard.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::domain::{BookingRequest, NewBooking};
use super::view::{self, Booking, Side, dollars};
use crate::app::AppState;
use crate::auth::domain::Role;
use crate::auth::session::Session;
use crate::calendar::{date_text, parse_date, today_in_nepal};
use crate::db::{Db, is_unique_violation, new_id, now_ms};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path};
use crate::guides::profile::{GuideStatus, VerificationState};
use crate::notifications::{self, NewNotification};

/// The newest this many bookings are listed.
const LIST_MAX: i64 = 200;
const IDEMPOTENCY_KEY_MAX: usize = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(request_booking))
        .routes(routes!(tourist_bookings))
        .routes(routes!(booking_details))
        .routes(routes!(guide_bookings))
        .routes(routes!(decide_booking))
        .routes(routes!(guide_dashboard))
}

#[derive(Serialize, ToSchema)]
pub struct BookingResponse {
    #[schema(example = "success")]
    status: &'static str,
    message: String,
    data: Booking,
}

#[derive(Serialize, ToSchema)]
pub struct BookingsResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Vec<Booking>,
}

fn booking_not_found() -> AppError {
    AppError::NotFound("Booking not found".into())
}

/// "12 Dec 2026" for a `YYYY-MM-DD` date, for messages people read.
pub fn readable_date(date: &str) -> String {
    let format = time::macros::format_description!("[day padding:none] [month repr:short] [year]");
    parse_date(date).and_then(|d| d.format(format).ok()).unwrap_or_else(|| date.to_owned())
}

fn people(count: i64) -> String {
    if count == 1 { "1 person".into() } else { format!("{count} people") }
}

/// The caller's `Idempotency-Key`: the same key always gives the same booking.
fn idempotency_key(headers: &HeaderMap) -> AppResult<Option<String>> {
    let Some(value) = headers.get("idempotency-key") else { return Ok(None) };
    let key = value.to_str().map(str::trim).unwrap_or("");
    let printable = key.bytes().all(|b| b.is_ascii_graphic());
    if key.is_empty() || key.len() > IDEMPOTENCY_KEY_MAX || !printable {
        return Err(AppError::validation("The Idempotency-Key header must be 1 to 100 printable characters"));
    }
    Ok(Some(key.to_owned()))
}

async fn booking_by_key(db: &Db, tourist_id: &str, key: &str) -> AppResult<Option<Booking>> {
    let found: Option<(String,)> = sqlx::query_as("SELECT id FROM bookings WHERE tourist_id = $1 AND idempotency_key = $2")
        .bind(tourist_id)
        .bind(key)
        .fetch_optional(&db.pool)
        .await?;
    match found {
        Some((id,)) => view::find(db, &id).await,
        None => Ok(None),
    }
}

/// Ask a verified guide for a day. Priced by the server from the guide's current daily
/// rate × group size (the client's `pricePerPerson` is ignored). Send an
/// `Idempotency-Key` header to make retries safe: a repeated key answers 200 with the
/// booking it made. A second pending request for the same guide and day is refused.
#[utoipa::path(post, path = "/tourists/booking/request", tag = "bookings", security(("bearer" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "Any unique string per booking attempt")),
    request_body = BookingRequest,
    responses(
        (status = 201, body = BookingResponse, description = "Requested"),
        (status = 200, body = BookingResponse, description = "The booking this Idempotency-Key already made"),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a traveller account"),
        (status = 404, body = ErrorBody, description = "No such verified guide"),
        (status = 409, body = ErrorBody, description = "A pending request for this guide and day exists"),
    ))]
async fn request_booking(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Json(body): Json<BookingRequest>,
) -> AppResult<(StatusCode, Json<BookingResponse>)> {
    if session.require_stored_role(&state.db, Role::Tourist).await.is_err() {
        return Err(AppError::Forbidden("Only travellers can book a guide".into()));
    }
    let key = idempotency_key(&headers)?;
    let booking = NewBooking::try_from(body)?;
    let answered = |status, booking| (status, Json(BookingResponse { status: "success", message: "Booking requested successfully!".into(), data: booking }));
    if let Some(key) = &key
        && let Some(existing) = booking_by_key(&state.db, &session.user_id, key).await?
    {
        return Ok(answered(StatusCode::OK, existing));
    }
    if booking.guide_id == session.user_id {
        return Err(AppError::validation("You cannot book yourself"));
    }
    let rate: Option<(Option<i64>,)> = sqlx::query_as(
        "SELECT g.price_per_day_cents FROM guide_details g JOIN users u ON u.id = g.user_id \
         WHERE g.user_id = $1 AND u.role = 'guide' AND g.status = 'verified'",
    )
    .bind(&booking.guide_id)
    .fetch_optional(&state.db.pool)
    .await?;
    let (rate_cents,) = rate.ok_or_else(|| AppError::NotFound("Guide not found".into()))?;
    let rate_cents = rate_cents.ok_or_else(|| AppError::Conflict("This guide has not set a daily rate yet".into()))?;
    let (tourist_first, tourist_last): (String, String) = sqlx::query_as("SELECT first_name, last_name FROM users WHERE id = $1")
        .bind(&session.user_id)
        .fetch_one(&state.db.pool)
        .await?;

    let id = new_id();
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let inserted = sqlx::query(
        "INSERT INTO bookings (id, tourist_id, guide_id, selected_date, selected_time, group_size, price_per_person_cents, \
           total_amount_cents, booking_status, payment_status, idempotency_key, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', 'unpaid', $9, $10, $10)",
    )
    .bind(&id)
    .bind(&session.user_id)
    .bind(&booking.guide_id)
    .bind(&booking.date)
    .bind(&booking.time)
    .bind(booking.group_size)
    .bind(rate_cents)
    .bind(rate_cents * booking.group_size)
    .bind(key.as_deref())
    .bind(now)
    .execute(&mut *tx)
    .await;
    match inserted {
        Ok(_) => {}
        Err(e) if is_unique_violation(&e) => {
            drop(tx);
            // Either this key's booking was made by a request that raced this one, or a
            // pending request for the same day exists.
            if let Some(key) = &key
                && let Some(existing) = booking_by_key(&state.db, &session.user_id, key).await?
            {
                return Ok(answered(StatusCode::OK, existing));
            }
            return Err(AppError::Conflict(
                "You have already asked this guide for this date. Please wait for their answer.".into(),
            ));
        }
        Err(e) => return Err(e.into()),
    }
    notifications::store(
        &mut tx,
        NewNotification {
            user_id: &booking.guide_id,
            kind: "booking_request",
            booking_id: Some(&id),
            guide_message: format!(
                "New booking request from {tourist_first} {tourist_last} for {} at {} ({}).",
                readable_date(&booking.date),
                booking.time,
                people(booking.group_size)
            ),
            tourist_message: String::new(),
            status: "pending",
            payment_status: "unpaid",
        },
    )
    .await?;
    tx.commit().await?;
    state.notifications.announce(&state.db, &[&booking.guide_id]).await;
    let created = view::find(&state.db, &id).await?.ok_or_else(booking_not_found)?;
    Ok(answered(StatusCode::CREATED, created))
}

/// The signed-in traveller's bookings, newest first.
#[utoipa::path(get, path = "/tourists/bookings", tag = "bookings", security(("bearer" = [])),
    responses((status = 200, body = BookingsResponse), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn tourist_bookings(State(state): State<AppState>, session: Session) -> AppResult<Json<BookingsResponse>> {
    session.require_stored_role(&state.db, Role::Tourist).await?;
    let data = view::list(&state.db, Side::Tourist, &session.user_id, LIST_MAX).await?;
    Ok(Json(BookingsResponse { status: "success", data }))
}

#[derive(Serialize, ToSchema)]
pub struct BookingDetailResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Booking,
}

/// One booking, for its traveller, its guide or an admin; anyone else gets 404, as if it
/// did not exist.
#[utoipa::path(get, path = "/tourists/details/{bookingId}", tag = "bookings", security(("bearer" = [])),
    params(("bookingId" = String, Path)),
    responses((status = 200, body = BookingDetailResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn booking_details(State(state): State<AppState>, session: Session, Path(id): Path<String>) -> AppResult<Json<BookingDetailResponse>> {
    let booking = view::find(&state.db, &id).await?.ok_or_else(booking_not_found)?;
    let party = booking.tourist.id == session.user_id || booking.guide.id == session.user_id;
    if !party && session.stored_role(&state.db).await? != Role::Admin {
        return Err(booking_not_found());
    }
    Ok(Json(BookingDetailResponse { status: "success", data: booking }))
}

/// Requests and trips of the signed-in guide, newest first.
#[utoipa::path(get, path = "/guides/bookings", tag = "bookings", security(("bearer" = [])),
    responses((status = 200, body = BookingsResponse), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn guide_bookings(State(state): State<AppState>, session: Session) -> AppResult<Json<BookingsResponse>> {
    session.require_stored_role(&state.db, Role::Guide).await?;
    let data = view::list(&state.db, Side::Guide, &session.user_id, LIST_MAX).await?;
    Ok(Json(BookingsResponse { status: "success", data }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecisionRequest {
    booking_id: Option<String>,
    /// approve or reject.
    #[schema(example = "approve")]
    action: Option<String>,
}

/// Approve or reject a pending request (the booking's own guide only). A guide takes one
/// approved trip per day.
#[utoipa::path(patch, path = "/guides/booking/status", tag = "bookings", security(("bearer" = [])), request_body = DecisionRequest,
    responses(
        (status = 200, body = BookingResponse),
        (status = 400, body = ErrorBody, description = "The action is not approve or reject"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such booking of this guide"),
        (status = 409, body = ErrorBody, description = "Not pending, or the day is already taken"),
    ))]
async fn decide_booking(State(state): State<AppState>, session: Session, Json(body): Json<DecisionRequest>) -> AppResult<Json<BookingResponse>> {
    session.require_stored_role(&state.db, Role::Guide).await?;
    let (new_status, message, kind) = match body.action.as_deref().map(str::trim) {
        Some("approve") => ("approved", "Booking approved successfully", "booking_approved"),
        Some("reject") => ("rejected", "Booking rejected successfully", "booking_rejected"),
        _ => return Err(AppError::validation("Action must be approve or reject")),
    };
    let id = body.booking_id.unwrap_or_default();
    let booking = view::find(&state.db, &id).await?.filter(|b| b.guide.id == session.user_id).ok_or_else(booking_not_found)?;

    let mut tx = state.db.begin_write().await?;
    let updated = sqlx::query("UPDATE bookings SET booking_status = $1, updated_at = $2 WHERE id = $3 AND booking_status = 'pending'")
        .bind(new_status)
        .bind(now_ms())
        .bind(&id)
        .execute(&mut *tx)
        .await;
    let updated = match updated {
        Ok(done) => done.rows_affected(),
        Err(e) if is_unique_violation(&e) => {
            return Err(AppError::Conflict(format!(
                "You already have an approved trip on {}. Reject this request, or keep the other trip.",
                readable_date(&booking.selected_date)
            )));
        }
        Err(e) => return Err(e.into()),
    };
    if updated == 0 {
        drop(tx);
        let current = view::find(&state.db, &id).await?.ok_or_else(booking_not_found)?;
        return Err(AppError::Conflict(format!("This booking is already {}", current.booking_status)));
    }
    let guide_name = format!("{} {}", booking.guide.first_name, booking.guide.last_name);
    let date = readable_date(&booking.selected_date);
    let tourist_message = if new_status == "approved" {
        format!("{guide_name} approved your trip on {date}. Pay now to confirm it.")
    } else {
        format!("{guide_name} can't guide you on {date}. Your request was declined; try another date or guide.")
    };
    notifications::store(
        &mut tx,
        NewNotification {
            user_id: &booking.tourist.id,
            kind,
            booking_id: Some(&id),
            guide_message: String::new(),
            tourist_message,
            status: new_status,
            payment_status: "unpaid",
        },
    )
    .await?;
    tx.commit().await?;
    state.notifications.announce(&state.db, &[&booking.tourist.id]).await;
    let data = view::find(&state.db, &id).await?.ok_or_else(booking_not_found)?;
    Ok(Json(BookingResponse { status: "success", message: message.into(), data }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuideDashboard {
    /// Requests waiting for the guide's answer.
    pending_requests: Vec<Booking>,
    /// Approved trips from today on, soonest first.
    upcoming_trips: Vec<Booking>,
    earnings: Earnings,
    average_rating: f64,
    review_count: i64,
    /// verified or unverified.
    status: GuideStatus,
    verification: VerificationState,
    /// The admin's reason after a rejection.
    verification_note: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Earnings {
    /// Paid trips, all time, in dollars.
    total: f64,
    /// Paid trips taking place this month (Nepal time), in dollars.
    this_month: f64,
    paid_trips: i64,
    currency: &'static str,
}

#[derive(Serialize, ToSchema)]
pub struct GuideDashboardResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: GuideDashboard,
}

/// What a guide needs at a glance: requests waiting, upcoming trips, earnings, rating and
/// verification state.
#[utoipa::path(get, path = "/guides/dashboard", tag = "bookings", security(("bearer" = [])),
    responses((status = 200, body = GuideDashboardResponse), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn guide_dashboard(State(state): State<AppState>, session: Session) -> AppResult<Json<GuideDashboardResponse>> {
    session.require_stored_role(&state.db, Role::Guide).await?;
    let today = date_text(today_in_nepal());
    let bookings = view::list(&state.db, Side::Guide, &session.user_id, LIST_MAX).await?;
    // Sums are cast: PostgreSQL sums BIGINT as NUMERIC, which the Any driver cannot read.
    let (total, paid_trips, this_month): (i64, i64, i64) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(total_amount_cents), 0) AS BIGINT), COUNT(*), \
           CAST(COALESCE(SUM(CASE WHEN substr(selected_date, 1, 7) = $2 THEN total_amount_cents ELSE 0 END), 0) AS BIGINT) \
         FROM bookings WHERE guide_id = $1 AND payment_status = 'paid'",
    )
    .bind(&session.user_id)
    .bind(&today[..7])
    .fetch_one(&state.db.pool)
    .await?;
    let guide = crate::guides::profile::get(&state.db, &session.user_id).await?;
    let (pending_requests, rest): (Vec<Booking>, Vec<Booking>) = bookings.into_iter().partition(|b| b.booking_status == "pending");
    let mut upcoming_trips: Vec<Booking> = rest.into_iter().filter(|b| b.booking_status == "approved" && b.selected_date >= today).collect();
    upcoming_trips.sort_by(|a, b| (&a.selected_date, &a.selected_time).cmp(&(&b.selected_date, &b.selected_time)));
    Ok(Json(GuideDashboardResponse {
        status: "success",
        data: GuideDashboard {
            pending_requests,
            upcoming_trips,
            earnings: Earnings {
                total: dollars(total),
                this_month: dollars(this_month),
                paid_trips,
                currency: "USD",
            },
            average_rating: (guide.average_rating * 100.0).round() / 100.0,
            review_count: guide.review_count,
            status: guide.guide_details.status,
            verification: guide.guide_details.verification.state,
            verification_note: guide.guide_details.verification.note,
        },
    }))
}
