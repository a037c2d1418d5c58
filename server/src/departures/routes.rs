//! Departures over HTTP: a guide opens, lists and cancels the departures of their tours;
//! anyone lists the open ones across tours. Joining one is a booking request with a
//! `departureId` (`bookings::routes`).

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::domain::{DepartureRequest, NewDeparture};
use super::store::{self, Departure, DepartureCard, Status};
use crate::bookings::cancellation;
use crate::bookings::lifecycle::{self, Actor};
use crate::bookings::view::{self, Booking};
use crate::calendar::{date_text, parse_date, today_in_nepal};
use crate::db::now_ms;
use crate::error::{AppError, AppResult, ErrorBody, Json, Path, Query};
use crate::http::AppState;
use crate::http::session::Guide;
use crate::paging::{page_and_limit, total_pages};
use crate::tours::domain::TourStatus;
use crate::tours::store as tours;

/// A page holds this many departures unless `limit` says otherwise.
const DEFAULT_LIMIT: i64 = 20;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(open_departure, tour_departures))
        .routes(routes!(cancel_departure))
        .routes(routes!(upcoming_departures))
}

fn tour_not_found() -> AppError {
    AppError::NotFound("Tour not found".into())
}

fn departure_not_found() -> AppError {
    AppError::NotFound("Departure not found".into())
}

#[derive(Serialize, ToSchema)]
pub struct DepartureResponse {
    #[schema(example = "success")]
    status: &'static str,
    departure: Departure,
}

/// Open a departure of one of your published tours: fixed dates sold by the seat. Its days
/// become taken in your calendar at once (409 naming a day already taken).
#[utoipa::path(post, path = "/tours/{id}/departures", tag = "departures", security(("bearer" = [])),
    params(("id" = String, Path, description = "The tour's `_id`")),
    request_body = DepartureRequest,
    responses(
        (status = 201, body = DepartureResponse), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Not a tour of yours"),
        (status = 409, body = ErrorBody, description = "The tour is not published, or a day is taken"),
    ))]
async fn open_departure(
    State(state): State<AppState>,
    Guide(session): Guide,
    Path(id): Path<String>,
    Json(request): Json<DepartureRequest>,
) -> AppResult<(StatusCode, Json<DepartureResponse>)> {
    let tour =
        tours::find_own(&state.db, &session.user_id, &id).await?.ok_or_else(tour_not_found)?;
    if tour.status != TourStatus::Published {
        return Err(AppError::Conflict("Publish the tour before opening departures".into()));
    }
    let now = now_ms();
    let new = NewDeparture::parse(&request, &tour.input, now)?;
    let days = tour.input.days.len();
    let departure_id = store::open(&state.db, &tour.id, &session.user_id, &new, days, now).await?;
    let departure = store::find(&state.db, &departure_id).await?.ok_or_else(departure_not_found)?;
    Ok((
        StatusCode::CREATED,
        Json(DepartureResponse { status: "success", departure: departure.into() }),
    ))
}

/// A departure as its guide sees it: with the bookings that joined it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuideDeparture {
    #[serde(flatten)]
    departure: Departure,
    /// Every booking of it, oldest first, whatever its state.
    bookings: Vec<Booking>,
}

#[derive(Serialize, ToSchema)]
pub struct TourDeparturesResponse {
    #[schema(example = "success")]
    status: &'static str,
    departures: Vec<GuideDeparture>,
}

/// Every departure of one of your tours, soonest first, past and cancelled ones included,
/// each with its bookings.
#[utoipa::path(get, path = "/tours/{id}/departures", tag = "departures", security(("bearer" = [])),
    params(("id" = String, Path, description = "The tour's `_id`")),
    responses(
        (status = 200, body = TourDeparturesResponse), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "Not a tour of yours"),
    ))]
async fn tour_departures(
    State(state): State<AppState>,
    Guide(session): Guide,
    Path(id): Path<String>,
) -> AppResult<Json<TourDeparturesResponse>> {
    tours::find_own(&state.db, &session.user_id, &id).await?.ok_or_else(tour_not_found)?;
    let rows = store::of_tour(&state.db, &id, false).await?;
    let mut departures = Vec::with_capacity(rows.len());
    for row in rows {
        let departure = Departure::from(row);
        let bookings = view::of_departure(&state.db, &departure.id).await?;
        departures.push(GuideDeparture { departure, bookings });
    }
    Ok(Json(TourDeparturesResponse { status: "success", departures }))
}

/// Cancel a departure of yours: its days are free again, and every booking of it is
/// cancelled by you, as a guide's cancellation (paid seats refunded in full), each
/// traveller told and emailed.
#[utoipa::path(delete, path = "/departures/{id}", tag = "departures", security(("bearer" = [])),
    params(("id" = String, Path, description = "The departure's `_id`")),
    responses(
        (status = 200, body = DepartureResponse), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "Not a departure of yours"),
        (status = 409, body = ErrorBody, description = "Already cancelled, or it has started"),
    ))]
async fn cancel_departure(
    State(state): State<AppState>,
    Guide(session): Guide,
    Path(id): Path<String>,
) -> AppResult<Json<DepartureResponse>> {
    let found = store::find(&state.db, &id).await?;
    let departure =
        found.filter(|d| d.guide_id == session.user_id).ok_or_else(departure_not_found)?;
    if departure.status() == Status::Cancelled {
        return Err(AppError::Conflict("This departure is already cancelled".into()));
    }
    let start = lifecycle::trip_start_ms(&departure.start_date, super::domain::START_TIME);
    if now_ms() >= start {
        return Err(AppError::Conflict("This departure has already started".into()));
    }
    let reason = "The guide cancelled this departure";
    // All in one transaction, so that no traveller keeps a seat on a cancelled departure:
    // once it is marked cancelled no seat can be claimed, so the bookings read after that
    // in the transaction are all there are. A booking that moved on meanwhile (a payment
    // confirmed) makes it start over.
    let mut travellers = Vec::new();
    let mut refunds = false;
    for attempt in 1..=3 {
        let now = now_ms();
        let mut tx = state.db.begin_write().await?;
        if !store::mark_cancelled(&mut tx, &id, now).await? {
            return Err(AppError::Conflict("This departure is already cancelled".into()));
        }
        let mut cancelled = Vec::new();
        for booking_id in store::holding_bookings_in(&mut tx, &id).await? {
            let Some(booking) = view::find_on(&mut tx, &booking_id).await? else { continue };
            let paid = cancellation::paid_cents_on(&mut tx, &booking_id).await?;
            let plan =
                lifecycle::plan_cancellation(Actor::Guide, booking.state(), now, start, paid)?;
            if !cancellation::cancel(&mut tx, &booking, plan, Actor::Guide, reason, now).await? {
                break;
            }
            cancelled.push((booking, plan));
        }
        if store::holding_bookings_in(&mut tx, &id).await?.is_empty() {
            tx.commit().await?;
            travellers = cancelled.iter().map(|(b, _)| b.tourist.id.clone()).collect();
            refunds = cancelled.iter().any(|(_, plan)| plan.refund_cents > 0);
            break;
        }
        drop(tx);
        if attempt == 3 {
            return Err(AppError::Conflict(
                "This departure's bookings are changing: try again".into(),
            ));
        }
    }
    let mut told: Vec<&str> = travellers.iter().map(String::as_str).collect();
    told.push(&session.user_id);
    state.notifications.announce(&state.db, &told).await;
    if refunds {
        state.trips.wake();
    }
    let departure = store::find(&state.db, &id).await?.ok_or_else(departure_not_found)?;
    Ok(Json(DepartureResponse { status: "success", departure: departure.into() }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DepartureFilters {
    /// Only departures of tours to this destination.
    destination: Option<String>,
    /// The earliest start date, `YYYY-MM-DD` (default today in Nepal).
    from: Option<String>,
    /// The latest start date, `YYYY-MM-DD` (before `from`: nothing is found).
    to: Option<String>,
    #[param(minimum = 1, maximum = 100000)]
    page: Option<i64>,
    /// 1 to 50, default 20.
    #[param(minimum = 1, maximum = 50)]
    limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeparturesPage {
    #[schema(example = "success")]
    status: &'static str,
    departures: Vec<DepartureCard>,
    total: i64,
    total_pages: i64,
}

fn date_filter(text: Option<&str>, invalid: &str) -> AppResult<Option<String>> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(text) => parse_date(text)
            .map(|date| Some(date_text(date)))
            .ok_or_else(|| AppError::validation(invalid)),
    }
}

/// Departures that are not cancelled, of published tours, starting from `from` (default
/// today), soonest first: where a traveller finds a group to join.
#[utoipa::path(get, path = "/users/departures", tag = "departures", params(DepartureFilters),
    responses((status = 200, body = DeparturesPage), (status = 400, body = ErrorBody)))]
async fn upcoming_departures(
    State(state): State<AppState>,
    Query(filters): Query<DepartureFilters>,
) -> AppResult<Json<DeparturesPage>> {
    let (page, limit) = page_and_limit(filters.page, filters.limit, DEFAULT_LIMIT)?;
    let today = date_text(today_in_nepal());
    let from = date_filter(filters.from.as_deref(), "from must be a real date (YYYY-MM-DD)")?
        .filter(|from| *from > today)
        .unwrap_or(today);
    // A window that ends before it starts holds no departure: an empty page, not an error.
    let to = date_filter(filters.to.as_deref(), "to must be a real date (YYYY-MM-DD)")?;
    let destination = filters.destination.as_deref().map(str::trim).filter(|d| !d.is_empty());
    let wanted = store::Wanted { destination, from, to, page, limit };
    let (departures, total) = store::upcoming(&state.db, &wanted).await?;
    Ok(Json(DeparturesPage {
        status: "success",
        departures,
        total,
        total_pages: total_pages(total, limit),
    }))
}
