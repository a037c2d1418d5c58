//! Booking requests, the guide's decisions, booking details and the guide's dashboard.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::cancellation;
use super::domain::{BookingRequest, NewBooking};
use super::lifecycle::{self, Actor, BookingStatus};
use super::priced;
use super::view::{self, Booking, Side};
use crate::calendar::{date_text, readable_date, today_in_nepal};
use crate::db::{Db, is_unique_violation, new_id, now_ms};
use crate::departures::seats;
use crate::earnings;
use crate::email::{self, Email, Recipient, Template};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path};
use crate::guides::profile::{GuideStatus, VerificationState};
use crate::http::AppState;
use crate::http::Role;
use crate::http::session::{Admin, Guide, Session, Tourist};
use crate::money::dollars;
use crate::monitoring;
use crate::notice::{Notice, TripDays};
use crate::notifications::{self, NewNotification};
use crate::tours::domain::BookingMode;

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
        .routes(routes!(cancel_booking))
        .routes(routes!(guide_cancellations))
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

pub fn millis(duration: std::time::Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// The caller's `Idempotency-Key`: the same key always gives the same booking.
fn idempotency_key(headers: &HeaderMap) -> AppResult<Option<String>> {
    let Some(value) = headers.get("idempotency-key") else { return Ok(None) };
    let key = value.to_str().map(str::trim).unwrap_or("");
    let printable = key.bytes().all(|b| b.is_ascii_graphic());
    if key.is_empty() || key.len() > IDEMPOTENCY_KEY_MAX || !printable {
        return Err(AppError::validation(
            "The Idempotency-Key header must be 1 to 100 printable characters",
        ));
    }
    Ok(Some(key.to_owned()))
}

async fn booking_by_key(db: &Db, tourist_id: &str, key: &str) -> AppResult<Option<Booking>> {
    let found: Option<(String,)> =
        sqlx::query_as("SELECT id FROM bookings WHERE tourist_id = $1 AND idempotency_key = $2")
            .bind(tourist_id)
            .bind(key)
            .fetch_optional(&db.pool)
            .await?;
    match found {
        Some((id,)) => view::find(db, &id).await,
        None => Ok(None),
    }
}

/// Ask a verified guide for a trip of `days` days from `selectedDate`. Priced by the
/// server from the guide's current daily rate × group size × days (the client's
/// `pricePerPerson` is ignored). Send an `Idempotency-Key` header to make retries safe: a
/// repeated key answers 200 with the booking it made. A trip touching a day the guide is
/// unavailable (blocked, or in an approved or paid trip) is refused naming the first such
/// day, as is a second pending request for the same guide and first day. The request
/// expires after `YATRA_REQUEST_TTL` (default 48 hours) or when the trip starts.
#[utoipa::path(post, path = "/tourists/booking/request", tag = "bookings", security(("bearer" = [])),
    params(("Idempotency-Key" = Option<String>, Header, description = "Any unique string per booking attempt",
        pattern = r"^[!-~]{1,100}$")),
    request_body = BookingRequest,
    responses(
        (status = 201, body = BookingResponse, description = "Requested"),
        (status = 200, body = BookingResponse, description = "The booking this Idempotency-Key already made"),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a traveller account, or the email is not verified yet"),
        (status = 404, body = ErrorBody, description = "No such verified guide"),
        (status = 409, body = ErrorBody, description = "A day of the trip is unavailable, or a pending request for this guide and day exists"),
        (status = 429, body = ErrorBody, description = "Too many booking requests from this account or address; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn request_booking(
    State(state): State<AppState>,
    session: Session,
    crate::http::ClientIp(ip): crate::http::ClientIp,
    headers: HeaderMap,
    Json(body): Json<BookingRequest>,
) -> AppResult<(StatusCode, Json<BookingResponse>)> {
    crate::http::rate_limit::count(
        &state,
        &crate::http::rate_limit::BOOKING_REQUESTS,
        Some(&session.user_id),
        &ip,
    )
    .await?;
    if session.require_stored_role(&state.db, Role::Tourist).await.is_err() {
        return Err(AppError::Forbidden("Only travellers can book a guide".into()));
    }
    crate::auth::accounts::require_verified_email(&state.db, &session.user_id).await?;
    let key = idempotency_key(&headers)?;
    let mut booking = NewBooking::try_from(body)?;
    let answered = |status, booking| {
        (
            status,
            Json(BookingResponse {
                status: "success",
                message: "Booking requested successfully!".into(),
                data: booking,
            }),
        )
    };
    if let Some(key) = &key
        && let Some(existing) = booking_by_key(&state.db, &session.user_id, key).await?
    {
        return Ok(answered(StatusCode::OK, existing));
    }
    // A departure's own dates are checked with it, when it is priced.
    let joining = booking.departure_id.is_some();
    if !joining && lifecycle::trip_start_ms(&booking.date, &booking.time) <= now_ms() {
        return Err(AppError::validation(
            "That time has already passed in Nepal. Please choose a later time or date.",
        ));
    }
    let priced = priced::price(&state.db, &mut booking, now_ms()).await?;
    if booking.guide_id == session.user_id {
        return Err(AppError::validation("You cannot book yourself"));
    }
    let end_date = booking.end_date();
    // A departure holds its guide's days itself.
    let unavailable = match joining {
        true => None,
        false => {
            super::taken_days::first_unavailable_day(
                &state.db,
                &booking.guide_id,
                &booking.date,
                &end_date,
            )
            .await?
        }
    };
    if let Some(day) = unavailable {
        return Err(AppError::Conflict(format!(
            "This guide is not available on {}. Please choose other dates.",
            readable_date(&day)
        )));
    }
    let (tourist_first, tourist_last): (String, String) =
        sqlx::query_as("SELECT first_name, last_name FROM users WHERE id = $1")
            .bind(&session.user_id)
            .fetch_one(&state.db.pool)
            .await?;

    let id = new_id();
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let inserted = sqlx::query(
        "INSERT INTO bookings (id, tourist_id, guide_id, selected_date, selected_time, group_size, price_per_person_cents, \
           total_amount_cents, booking_status, payment_status, idempotency_key, created_at, updated_at, days, end_date, message, \
           expires_at, tour_id, departure_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', 'unpaid', $9, $10, $10, $11, $12, $13, $14, $15, $16)",
    )
    .bind(&id)
    .bind(&session.user_id)
    .bind(&booking.guide_id)
    .bind(&booking.date)
    .bind(&booking.time)
    .bind(booking.group_size)
    .bind(priced.per_person_cents)
    .bind(priced.total_cents)
    .bind(key.as_deref())
    .bind(now)
    .bind(booking.days)
    .bind(&end_date)
    .bind(&booking.message)
    .bind(lifecycle::request_expires_at(now, millis(state.config.trips.request_ttl), &booking.date, &booking.time))
    .bind(booking.tour_id.as_deref())
    .bind(booking.departure_id.as_deref())
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
                "You have already asked this guide for this date. Please wait for their answer."
                    .into(),
            ));
        }
        Err(e) => return Err(e.into()),
    }
    let tourist = format!("{tourist_first} {tourist_last}");
    let trip = TripDays::new(&booking.date, booking.days);
    let instant =
        priced.tour.as_ref().filter(|t| joining || t.input.booking_mode == BookingMode::Instant);
    if let Some(tour) = instant {
        approve_at_once(&state, &mut tx, &id, &booking, now).await?;
        let guide = booking_guide_name(&mut tx, &booking.guide_id).await?;
        let title = tour.input.title.clone();
        for (user_id, notice) in [
            (
                &booking.guide_id,
                Notice::TourBookedForGuide {
                    tourist,
                    tour: title.clone(),
                    trip: trip.clone(),
                    people: booking.group_size,
                },
            ),
            (&session.user_id, Notice::TourBookingApproved { guide, tour: title, trip }),
        ] {
            let booking_id = Some(id.as_str());
            let (status, payment_status) = ("approved", "unpaid");
            let kind = "booking_approved";
            notifications::store(
                &mut tx,
                NewNotification { user_id, kind, booking_id, notice, status, payment_status },
            )
            .await?;
        }
        // The traveller pays next, as after a guide's approval; the guide hears of the
        // booking now and of the payment when it comes.
        for (to, template) in [
            (&session.user_id, Template::BookingApproved { booking_id: id.clone() }),
            (&booking.guide_id, Template::TourBooked { booking_id: id.clone() }),
        ] {
            email::queue(&mut tx, Email { to: Recipient::User(to.clone()), template }).await?;
        }
    } else {
        let notice = match &priced.tour {
            Some(tour) => Notice::TourRequested {
                tourist,
                tour: tour.input.title.clone(),
                trip,
                time: booking.time.clone(),
                people: booking.group_size,
            },
            None => Notice::TripRequested {
                tourist,
                trip,
                time: booking.time.clone(),
                people: booking.group_size,
            },
        };
        notifications::store(
            &mut tx,
            NewNotification {
                user_id: &booking.guide_id,
                kind: "booking_request",
                booking_id: Some(&id),
                notice,
                status: "pending",
                payment_status: "unpaid",
            },
        )
        .await?;
        let template = Template::BookingRequested { booking_id: id.clone() };
        email::queue(&mut tx, Email { to: Recipient::User(booking.guide_id.clone()), template })
            .await?;
    }
    tx.commit().await?;
    monitoring::booking_transition("requested");
    state.notifications.announce(&state.db, &[&booking.guide_id, &session.user_id]).await;
    let created = view::find(&state.db, &id).await?.ok_or_else(booking_not_found)?;
    Ok(answered(StatusCode::CREATED, created))
}

/// An instant tour's booking, approved in the transaction that makes it: its days are
/// claimed for the guide there, so of any number of travellers booking the same days at
/// once, exactly one gets them. Seats on a departure are claimed the same way.
async fn approve_at_once(
    state: &AppState,
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    id: &str,
    booking: &NewBooking,
    now: i64,
) -> AppResult<()> {
    let window = millis(state.config.trips.payment_window);
    if let Some(departure_id) = &booking.departure_id {
        // The departure holds the days; the booking holds seats.
        seats::claim(tx, departure_id, booking.group_size, now).await?;
        lifecycle::approve(tx, id, &booking.guide_id, &[], now, window).await?;
        return Ok(());
    }
    let days = lifecycle::trip_days(&booking.date, booking.days);
    match lifecycle::approve(tx, id, &booking.guide_id, &days, now, window).await {
        Ok(true) => Ok(()),
        Ok(false) | Err(AppError::Conflict(_)) => Err(AppError::Conflict(format!(
            "This tour is no longer free from {}. Please choose other dates.",
            readable_date(&booking.date)
        ))),
        Err(e) => Err(e),
    }
}

/// Read in the booking's own transaction: another connection from the pool could be
/// a long wait while every other one queues for the write lock.
async fn booking_guide_name(conn: &mut sqlx::AnyConnection, guide_id: &str) -> AppResult<String> {
    let (first, last): (String, String) =
        sqlx::query_as("SELECT first_name, last_name FROM users WHERE id = $1")
            .bind(guide_id)
            .fetch_one(&mut *conn)
            .await?;
    Ok(format!("{first} {last}"))
}

/// The signed-in traveller's bookings, newest first.
#[utoipa::path(get, path = "/tourists/bookings", tag = "bookings", security(("bearer" = [])),
    responses((status = 200, body = BookingsResponse), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn tourist_bookings(
    State(state): State<AppState>,
    Tourist(session): Tourist,
) -> AppResult<Json<BookingsResponse>> {
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
async fn booking_details(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
) -> AppResult<Json<BookingDetailResponse>> {
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
async fn guide_bookings(
    State(state): State<AppState>,
    Guide(session): Guide,
) -> AppResult<Json<BookingsResponse>> {
    let data = view::list(&state.db, Side::Guide, &session.user_id, LIST_MAX).await?;
    Ok(Json(BookingsResponse { status: "success", data }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecisionRequest {
    #[schema(value_type = String, required = true)]
    booking_id: Option<String>,
    #[schema(value_type = String, required = true, example = "approve", pattern = r"^\s*(approve|reject)\s*$")]
    action: Option<String>,
}

/// Approve or reject a pending request (the booking's own guide only). Approving takes
/// every day of the trip: a guide never has two approved or paid trips on one day. The
/// traveller then has `YATRA_PAYMENT_WINDOW` (default 24 hours) to pay.
#[utoipa::path(patch, path = "/guides/booking/status", tag = "bookings", security(("bearer" = [])), request_body = DecisionRequest,
    responses(
        (status = 200, body = BookingResponse),
        (status = 400, body = ErrorBody, description = "The action is not approve or reject"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such booking of this guide"),
        (status = 409, body = ErrorBody, description = "Not pending, the trip has started, or a day is in another approved trip"),
    ))]
async fn decide_booking(
    State(state): State<AppState>,
    Guide(session): Guide,
    Json(body): Json<DecisionRequest>,
) -> AppResult<Json<BookingResponse>> {
    let (approving, message, kind) = match body.action.as_deref().map(str::trim) {
        Some("approve") => (true, "Booking approved successfully", "booking_approved"),
        Some("reject") => (false, "Booking rejected successfully", "booking_rejected"),
        _ => return Err(AppError::validation("Action must be approve or reject")),
    };
    let id = body.booking_id.unwrap_or_default();
    let booking = view::find(&state.db, &id)
        .await?
        .filter(|b| b.guide.id == session.user_id)
        .ok_or_else(booking_not_found)?;
    let now = now_ms();
    lifecycle::check_decision(booking.state(), approving, now, booking.start_ms())?;

    let mut tx = state.db.begin_write().await?;
    let changed = if approving {
        let days = lifecycle::trip_days(&booking.selected_date, booking.days);
        lifecycle::approve(
            &mut tx,
            &id,
            &booking.guide.id,
            &days,
            now,
            millis(state.config.trips.payment_window),
        )
        .await?
    } else {
        lifecycle::reject(&mut tx, &id, now).await?
    };
    if !changed {
        drop(tx);
        let current = view::find(&state.db, &id).await?.ok_or_else(booking_not_found)?;
        return Err(AppError::Conflict(format!(
            "This booking is already {}",
            current.booking_status.as_str()
        )));
    }
    let (guide, trip) = (booking.guide.full_name(), booking.trip_days());
    let notice = if approving {
        Notice::TripApproved { guide, trip }
    } else {
        Notice::TripDeclined { guide, trip }
    };
    notifications::store(
        &mut tx,
        NewNotification {
            user_id: &booking.tourist.id,
            kind,
            booking_id: Some(&id),
            notice,
            status: if approving { "approved" } else { "rejected" },
            payment_status: "unpaid",
        },
    )
    .await?;
    let template = if approving {
        Template::BookingApproved { booking_id: id.clone() }
    } else {
        Template::BookingRejected { booking_id: id.clone() }
    };
    email::queue(&mut tx, Email { to: Recipient::User(booking.tourist.id.clone()), template })
        .await?;
    tx.commit().await?;
    state.notifications.announce(&state.db, &[&booking.tourist.id]).await;
    let data = view::find(&state.db, &id).await?.ok_or_else(booking_not_found)?;
    Ok(Json(BookingResponse { status: "success", message: message.into(), data }))
}

#[derive(Deserialize, ToSchema)]
pub struct CancelRequest {
    /// Why, in a few words (up to 500 characters; may be empty).
    #[schema(max_length = 500)]
    reason: Option<String>,
}

const REASON_MAX: usize = 500;

/// Cancel a booking: its traveller or its guide (anyone else gets 404). The traveller may
/// cancel a pending or approved-unpaid booking (nothing to refund), or a paid one: with a
/// full refund at least 24 hours before the trip starts (`freeCancellationUntil`), without
/// one later. The guide may cancel an approved or paid trip, always with a full refund
/// (pending requests are rejected instead). Completed, rejected, expired or cancelled
/// bookings cannot be cancelled. A refund shows as `refund_pending`, then `refunded`.
#[utoipa::path(post, path = "/bookings/{id}/cancel", tag = "bookings", security(("bearer" = [])),
    params(("id" = String, Path, description = "The booking's `_id`")),
    request_body = CancelRequest,
    responses(
        (status = 200, body = BookingResponse, description = "Cancelled"),
        (status = 400, body = ErrorBody, description = "The reason is too long"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Not a booking of yours"),
        (status = 409, body = ErrorBody, description = "It cannot be cancelled in its state"),
    ))]
async fn cancel_booking(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
    Json(body): Json<CancelRequest>,
) -> AppResult<Json<BookingResponse>> {
    let booking = view::find(&state.db, &id).await?.ok_or_else(booking_not_found)?;
    let actor = if booking.tourist.id == session.user_id {
        Actor::Tourist
    } else if booking.guide.id == session.user_id {
        Actor::Guide
    } else {
        return Err(booking_not_found());
    };
    let reason = body.reason.as_deref().map(str::trim).unwrap_or("").to_owned();
    if reason.chars().count() > REASON_MAX {
        return Err(AppError::validation("The reason can be at most 500 characters"));
    }
    // Planned from the booking as read; if it moved on before the conditional update (a
    // payment confirmed meanwhile), plan again from where it is now.
    let mut booking = booking;
    let mut attempts = 0;
    let (tx, plan) = loop {
        let now = now_ms();
        let paid_cents = cancellation::paid_cents(&state.db, &id).await?;
        let plan = lifecycle::plan_cancellation(
            actor,
            booking.state(),
            now,
            booking.start_ms(),
            paid_cents,
        )?;
        let mut tx = state.db.begin_write().await?;
        if cancellation::cancel(&mut tx, &booking, plan, actor, &reason, now).await? {
            break (tx, plan);
        }
        drop(tx);
        attempts += 1;
        booking = view::find(&state.db, &id).await?.ok_or_else(booking_not_found)?;
        if attempts == 3 {
            return Err(AppError::Conflict(format!(
                "This booking is already {}",
                booking.booking_status.as_str()
            )));
        }
    };
    tx.commit().await?;
    state.notifications.announce(&state.db, &[&booking.tourist.id, &booking.guide.id]).await;
    if plan.refund_cents > 0 {
        state.trips.wake();
    }
    let data = view::find(&state.db, &id).await?.ok_or_else(booking_not_found)?;
    Ok(Json(BookingResponse { status: "success", message: "Booking cancelled".into(), data }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuideDashboard {
    /// Requests waiting for the guide's answer.
    pending_requests: Vec<Booking>,
    /// Approved trips (paid or not) not over yet, soonest first.
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
    /// What paid trips earned the guide, all time, in dollars, after Yatra's commission (as
    /// the earnings ledger credits it): upcoming, completed, and those cancelled too late
    /// for a refund; refunded trips count nothing.
    total: f64,
    /// The same, after commission, of paid trips taking place this month (Nepal time).
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
async fn guide_dashboard(
    State(state): State<AppState>,
    Guide(session): Guide,
) -> AppResult<Json<GuideDashboardResponse>> {
    let today = date_text(today_in_nepal());
    let bookings = view::list(&state.db, Side::Guide, &session.user_id, LIST_MAX).await?;
    // The guide's share after Yatra's commission, as the ledger credited it (the earnings
    // panel beside these figures counts the same way), of trips still paid: refunded ones
    // count nothing. Sums are cast: PostgreSQL sums BIGINT as NUMERIC, which the Any driver
    // cannot read.
    let (total, this_month): (i64, i64) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(l.amount_cents), 0) AS BIGINT), \
           CAST(COALESCE(SUM(CASE WHEN substr(b.selected_date, 1, 7) = $2 THEN l.amount_cents ELSE 0 END), 0) AS BIGINT) \
         FROM ledger_entries l JOIN bookings b ON b.id = l.booking_id \
         WHERE l.guide_id = $1 AND l.kind IN ($3, $4) AND b.payment_status = 'paid'",
    )
    .bind(&session.user_id)
    .bind(&today[..7])
    .bind(earnings::EARNING)
    .bind(earnings::EARNING_REFUND)
    .fetch_one(&state.db.pool)
    .await?;
    let (paid_trips,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM bookings WHERE guide_id = $1 AND payment_status = 'paid'",
    )
    .bind(&session.user_id)
    .fetch_one(&state.db.pool)
    .await?;
    let guide = crate::guides::profile::get(&state.db, &session.user_id).await?;
    let (pending_requests, rest): (Vec<Booking>, Vec<Booking>) =
        bookings.into_iter().partition(|b| b.booking_status == BookingStatus::Pending);
    let mut upcoming_trips: Vec<Booking> = rest
        .into_iter()
        .filter(|b| b.booking_status == BookingStatus::Approved && b.end_date >= today)
        .collect();
    upcoming_trips.sort_by(|a, b| {
        (&a.selected_date, &a.selected_time).cmp(&(&b.selected_date, &b.selected_time))
    });
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

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuideCancellations {
    guide_id: String,
    first_name: String,
    last_name: String,
    email: String,
    /// Approved or paid trips this guide cancelled, all time.
    guide_cancellations: i64,
}

#[derive(Serialize, ToSchema)]
pub struct GuideCancellationsResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Vec<GuideCancellations>,
}

#[derive(sqlx::FromRow)]
struct CancellationRow {
    id: String,
    first_name: String,
    last_name: String,
    email: String,
    cancellations: i64,
}

/// Guides who have cancelled trips, most cancellations first (at most 200), for admins.
#[utoipa::path(get, path = "/admin/guide-cancellations", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, body = GuideCancellationsResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not an admin account"),
    ))]
async fn guide_cancellations(
    State(state): State<AppState>,
    _: Admin,
) -> AppResult<Json<GuideCancellationsResponse>> {
    let rows: Vec<CancellationRow> = sqlx::query_as(
        "SELECT u.id, u.first_name, u.last_name, u.email, c.cancellations FROM users u \
         JOIN (SELECT guide_id, COUNT(*) AS cancellations FROM bookings WHERE cancelled_by = 'guide' GROUP BY guide_id) c \
           ON c.guide_id = u.id \
         ORDER BY c.cancellations DESC, u.id LIMIT $1",
    )
    .bind(LIST_MAX)
    .fetch_all(&state.db.pool)
    .await?;
    let data = rows
        .into_iter()
        .map(|row| GuideCancellations {
            guide_id: row.id,
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            guide_cancellations: row.cancellations,
        })
        .collect();
    Ok(Json(GuideCancellationsResponse { status: "success", data }))
}
