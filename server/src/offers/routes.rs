//! Offers over HTTP: the guide of a conversation sends an offer (it arrives as a message),
//! its two members read the conversation's offers, each person lists theirs, the traveller
//! accepts one (an approved booking, to be paid) and the guide withdraws one.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::domain::{self, NewOffer, OfferRequest};
use super::store::{self, Offer, OfferRow, Status, offer_not_found};
use crate::bookings::lifecycle;
use crate::bookings::taken_days::first_unavailable_day;
use crate::bookings::view::{self, Booking};
use crate::calendar::{readable_date, trip_dates};
use crate::db::{Db, new_id, now_ms};
use crate::email::{self, Email, Recipient, Template};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path, Query};
use crate::http::AppState;
use crate::http::session::Session;
use crate::hub::Announcement;
use crate::i18n::Lang;
use crate::messages::store as conversations;
use crate::money::money;
use crate::notice::{Notice, TripDays, people_text};
use crate::notifications::{self, NewNotification};
use crate::paging::{page_and_limit, total_pages};

/// A page holds this many offers unless `limit` says otherwise.
const DEFAULT_LIMIT: i64 = 20;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(make_offer))
        .routes(routes!(conversation_offers))
        .routes(routes!(one_offer))
        .routes(routes!(my_offers))
        .routes(routes!(accept_offer))
        .routes(routes!(withdraw_offer))
}

#[derive(Serialize, ToSchema)]
pub struct OfferResponse {
    #[schema(example = "success")]
    status: &'static str,
    offer: Offer,
}

#[derive(Serialize, ToSchema)]
pub struct OffersResponse {
    #[schema(example = "success")]
    status: &'static str,
    offers: Vec<Offer>,
}

async fn full_name(conn: &mut sqlx::AnyConnection, user_id: &str) -> AppResult<String> {
    let (first, last): (String, String) =
        sqlx::query_as("SELECT first_name, last_name FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_one(&mut *conn)
            .await?;
    Ok(format!("{first} {last}"))
}

/// Send the traveller of one of your conversations an offer: your dates, group size,
/// day-by-day itinerary (checked for altitude as a tour's) and total price, open until
/// `expiresAt`. It arrives in the conversation as a message (`messageId`), with the note
/// as its text; the traveller is notified and emailed.
#[utoipa::path(post, path = "/offers", tag = "offers", security(("bearer" = [])),
    request_body = OfferRequest,
    responses(
        (status = 201, body = OfferResponse), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "You are the traveller of this conversation, not its guide"),
        (status = 404, body = ErrorBody, description = "No conversation of yours has this id"),
        (status = 429, body = ErrorBody, description = "Too many messages this minute (an offer is one); see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    ))]
async fn make_offer(
    State(state): State<AppState>,
    session: Session,
    lang: Lang,
    Json(request): Json<OfferRequest>,
) -> AppResult<(StatusCode, Json<OfferResponse>)> {
    let conversation_id = domain::conversation_id(&request)?;
    let Some((tourist_id, guide_id)) =
        conversations::pair(&state.db, &session.user_id, &conversation_id).await?
    else {
        return Err(AppError::validation(
            "Offers are made in a conversation with one traveller, not in a group's",
        ));
    };
    if guide_id != session.user_id {
        return Err(AppError::Forbidden(
            "Only the guide of this conversation can make an offer".into(),
        ));
    }
    let offer = NewOffer::parse(request, now_ms())?;
    if let Some(tour_id) = &offer.tour_id {
        let own: Option<(String,)> =
            sqlx::query_as("SELECT id FROM tours WHERE id = $1 AND guide_id = $2")
                .bind(tour_id)
                .bind(&guide_id)
                .fetch_optional(&state.db.pool)
                .await?;
        if own.is_none() {
            return Err(AppError::validation("tourId must be one of your own tours"));
        }
    }
    let (start, days) = (offer.start_date(), offer.days.len() as i64);
    let text = match offer.note.as_str() {
        "" => format!(
            "I have sent you an offer: {} for {}, {} in all.",
            trip_dates(&start, days),
            people_text(offer.group_size),
            money(offer.total_price_cents)
        ),
        note => note.to_owned(),
    };
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    // An offer is a message: it counts against the guide's messages of the minute.
    if state.config.server.rate_limits {
        conversations::check_send_limit(&mut tx, state.db.backend, &guide_id, now).await?;
    }
    let message = conversations::append(&mut tx, &conversation_id, &guide_id, &text, now).await?;
    let id = store::insert(&mut tx, &offer, (&tourist_id, &guide_id), &message.id, now).await?;
    let notice = Notice::OfferReceived {
        guide: full_name(&mut tx, &guide_id).await?,
        trip: TripDays::new(&start, days),
        people: offer.group_size,
        amount_cents: offer.total_price_cents,
    };
    notifications::store(
        &mut tx,
        NewNotification {
            user_id: &tourist_id,
            kind: "offer_received",
            booking_id: None,
            notice,
            status: "open",
            payment_status: "",
        },
    )
    .await?;
    let template = Template::OfferReceived { offer_id: id.clone() };
    email::queue(&mut tx, Email { to: Recipient::User(tourist_id.clone()), template }).await?;
    tx.commit().await?;
    let mut announcements: Vec<Announcement> = [&tourist_id, &guide_id]
        .into_iter()
        .map(|user_id| Announcement::Message {
            user_id: user_id.clone(),
            conversation_id: conversation_id.clone(),
            message_id: message.id.clone(),
        })
        .collect();
    announcements.push(Announcement::Notifications { user_id: tourist_id.clone() });
    state.notifications.announce_all(&state.db, announcements).await;
    let offer = store::find(&state.db, &id).await?.ok_or_else(offer_not_found)?;
    Ok((
        StatusCode::CREATED,
        Json(OfferResponse { status: "success", offer: offer.view(now_ms(), lang) }),
    ))
}

/// The offers of one of your conversations, oldest first (as its messages run), whatever
/// their state; `status` is `expired` once an open offer's `expiresAt` has passed.
#[utoipa::path(get, path = "/conversations/{id}/offers", tag = "offers", security(("bearer" = [])),
    params(("id" = String, Path, description = "The conversation's `_id`")),
    responses(
        (status = 200, body = OffersResponse), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No conversation of yours has this id"),
    ))]
async fn conversation_offers(
    State(state): State<AppState>,
    session: Session,
    lang: Lang,
    Path(id): Path<String>,
) -> AppResult<Json<OffersResponse>> {
    conversations::participants(&state.db, &session.user_id, &id).await?;
    let now = now_ms();
    let offers = store::of_conversation(&state.db, &id).await?;
    let offers = offers.into_iter().map(|offer| offer.view(now, lang)).collect();
    Ok(Json(OffersResponse { status: "success", offers }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OffersParams {
    #[param(minimum = 1, maximum = 100000)]
    page: Option<i64>,
    /// 1 to 50, default 20.
    #[param(minimum = 1, maximum = 50)]
    limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OffersPage {
    #[schema(example = "success")]
    status: &'static str,
    offers: Vec<Offer>,
    total: i64,
    total_pages: i64,
}

/// The offers you made (as a guide) or received (as a traveller), newest first, a page at a
/// time: for the dashboards.
#[utoipa::path(get, path = "/users/offers", tag = "offers", security(("bearer" = [])), params(OffersParams),
    responses((status = 200, body = OffersPage), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn my_offers(
    State(state): State<AppState>,
    session: Session,
    lang: Lang,
    Query(params): Query<OffersParams>,
) -> AppResult<Json<OffersPage>> {
    let (page, limit) = page_and_limit(params.page, params.limit, DEFAULT_LIMIT)?;
    let (offers, total) = store::of_user(&state.db, &session.user_id, page, limit).await?;
    let now = now_ms();
    Ok(Json(OffersPage {
        status: "success",
        offers: offers.into_iter().map(|offer| offer.view(now, lang)).collect(),
        total,
        total_pages: total_pages(total, limit),
    }))
}

/// The offer `id` if the caller is a member of its conversation; 404 otherwise, as if it
/// did not exist.
async fn member_offer(db: &Db, session: &Session, id: &str) -> AppResult<OfferRow> {
    let offer = store::find(db, id).await?.ok_or_else(offer_not_found)?;
    if session.user_id != offer.tourist_id && session.user_id != offer.guide_id {
        return Err(offer_not_found());
    }
    Ok(offer)
}

fn day_taken(day: &str) -> AppError {
    AppError::Conflict(format!(
        "The guide is no longer free on {}. Ask them for an offer on other dates.",
        readable_date(day)
    ))
}

#[derive(Serialize, ToSchema)]
pub struct AcceptedResponse {
    #[schema(example = "success")]
    status: &'static str,
    offer: Offer,
    /// The booking it made: approved, to be paid within `YATRA_PAYMENT_WINDOW`.
    booking: Booking,
}

/// Accept an offer made to you: it becomes an approved booking with the guide, at its total
/// price, for its dates and group, holding the guide's days; pay it within
/// `YATRA_PAYMENT_WINDOW` (default 24 hours) as any approved booking. However many accepts
/// race, one booking is made.
#[utoipa::path(post, path = "/offers/{id}/accept", tag = "offers", security(("bearer" = [])),
    params(("id" = String, Path, description = "The offer's `_id`")),
    responses(
        (status = 201, body = AcceptedResponse), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "It is your own offer, or your email is not verified yet"),
        (status = 404, body = ErrorBody, description = "No offer in a conversation of yours has this id"),
        (status = 409, body = ErrorBody, description = "The offer expired, was withdrawn or accepted, or a day of it is no longer free"),
    ))]
async fn accept_offer(
    State(state): State<AppState>,
    session: Session,
    lang: Lang,
    Path(id): Path<String>,
) -> AppResult<(StatusCode, Json<AcceptedResponse>)> {
    let offer = member_offer(&state.db, &session, &id).await?;
    if session.user_id == offer.guide_id {
        return Err(AppError::Forbidden("You cannot accept your own offer".into()));
    }
    crate::auth::accounts::require_verified_email(&state.db, &session.user_id).await?;
    let now = now_ms();
    let status = offer.status(now);
    if status != Status::Open {
        return Err(store::not_open(status));
    }
    // Booked only as a guide who may be booked now is: verified, not suspended.
    let bookable: Option<(String,)> = sqlx::query_as(
        "SELECT u.id FROM users u JOIN guide_details g ON g.user_id = u.id \
         WHERE u.id = $1 AND u.role = 'guide' AND g.status = 'verified' AND u.suspended_at IS NULL \
           AND u.deleted_at IS NULL",
    )
    .bind(&offer.guide_id)
    .fetch_optional(&state.db.pool)
    .await?;
    if bookable.is_none() {
        return Err(AppError::Conflict(
            "This guide cannot be booked at the moment, so the offer cannot be accepted".into(),
        ));
    }
    let (guide_id, first, last) = (&offer.guide_id, &offer.start_date, &offer.end_date);
    if let Some(day) = first_unavailable_day(&state.db, guide_id, first, last).await? {
        // Its own booking, if another accept got in first, holds the days now.
        let now = now_ms();
        return match store::find(&state.db, &id).await?.map(|offer| offer.status(now)) {
            Some(status) if status != Status::Open => Err(store::not_open(status)),
            _ => Err(day_taken(&day)),
        };
    }
    let window = i64::try_from(state.config.trips.payment_window.as_millis()).unwrap_or(i64::MAX);
    let days = lifecycle::trip_days(first, offer.day_count);
    let booking_id = new_id();
    let mut tx = state.db.begin_write().await?;
    store::claim(&mut tx, &id, now).await?;
    store::insert_booking(&mut tx, &offer, &booking_id, now).await?;
    match lifecycle::approve(&mut tx, &booking_id, guide_id, &days, now, window).await {
        Ok(true) => {}
        Ok(false) => {
            return Err(anyhow::anyhow!("the new booking {booking_id} was not pending").into());
        }
        // Another trip took a day since it was checked: name it.
        Err(AppError::Conflict(_)) => {
            drop(tx);
            let taken = first_unavailable_day(&state.db, guide_id, first, last).await?;
            return Err(day_taken(taken.as_deref().unwrap_or(first)));
        }
        Err(e) => return Err(e),
    }
    let notice = Notice::OfferAcceptedForGuide {
        tourist: full_name(&mut tx, &offer.tourist_id).await?,
        trip: TripDays::new(first, offer.day_count),
        people: offer.group_size,
        amount_cents: offer.total_price_cents,
    };
    notifications::store(
        &mut tx,
        NewNotification {
            user_id: guide_id,
            kind: "offer_accepted",
            booking_id: Some(&booking_id),
            notice,
            status: "approved",
            payment_status: "unpaid",
        },
    )
    .await?;
    let template = Template::OfferAccepted { offer_id: id.clone() };
    email::queue(&mut tx, Email { to: Recipient::User(guide_id.to_owned()), template }).await?;
    tx.commit().await?;
    state.notifications.announce(&state.db, &[guide_id, &offer.tourist_id]).await;
    let booking = view::find(&state.db, &booking_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("the booking {booking_id} just made is gone"))?;
    let offer = store::find(&state.db, &id).await?.ok_or_else(offer_not_found)?;
    Ok((
        StatusCode::CREATED,
        Json(AcceptedResponse { status: "success", offer: offer.view(now_ms(), lang), booking }),
    ))
}

/// One offer of a conversation of yours: a booking made from it names it (`offerId`), and
/// the trek pack carries its days.
#[utoipa::path(get, path = "/offers/{id}", tag = "offers", security(("bearer" = [])),
    params(("id" = String, Path, description = "The offer's `_id`")),
    responses(
        (status = 200, body = OfferResponse), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No offer in a conversation of yours has this id"),
    ))]
async fn one_offer(
    State(state): State<AppState>,
    session: Session,
    lang: Lang,
    Path(id): Path<String>,
) -> AppResult<Json<OfferResponse>> {
    let offer = member_offer(&state.db, &session, &id).await?;
    Ok(Json(OfferResponse { status: "success", offer: offer.view(now_ms(), lang) }))
}

/// Withdraw an offer you made, while it is open: the traveller can no longer accept it.
#[utoipa::path(post, path = "/offers/{id}/withdraw", tag = "offers", security(("bearer" = [])),
    params(("id" = String, Path, description = "The offer's `_id`")),
    responses(
        (status = 200, body = OfferResponse), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "You are the traveller it was made to"),
        (status = 404, body = ErrorBody, description = "No offer in a conversation of yours has this id"),
        (status = 409, body = ErrorBody, description = "The offer expired, was withdrawn or accepted"),
    ))]
async fn withdraw_offer(
    State(state): State<AppState>,
    session: Session,
    lang: Lang,
    Path(id): Path<String>,
) -> AppResult<Json<OfferResponse>> {
    let offer = member_offer(&state.db, &session, &id).await?;
    if session.user_id != offer.guide_id {
        return Err(AppError::Forbidden(
            "Only the guide who made this offer can withdraw it".into(),
        ));
    }
    let now = now_ms();
    store::withdraw(&state.db, &id, now).await?.map_err(store::not_open)?;
    let offer = store::find(&state.db, &id).await?.ok_or_else(offer_not_found)?;
    Ok(Json(OfferResponse { status: "success", offer: offer.view(now_ms(), lang) }))
}
