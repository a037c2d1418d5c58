//! Tours over HTTP: a verified guide's own tours (create, change, publish, remove), and the
//! public list, page and all-in price.

use axum::Extension;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::acclimatisation::Risk;
use super::domain::{self, TourInput, TourRequest, TourStatus};
use super::finder::{self, TourFilters};
use super::listing::{QuoteFacts, TourListing};
use super::quote::{Nationality, Quote};
use super::store::{self, StoredTour};
use super::view::{AcclimatisationView, PublicTour, Tour, TourCard, TourDestination};
use crate::calendar::{date_text, parse_date, today_in_nepal};
use crate::db::Db;
use crate::destinations::trek::TrekFacts;
use crate::error::{AppError, AppResult, ErrorBody, Json, Path, Query};
use crate::guides::cards::card_of;
use crate::http::AppState;
use crate::http::session::{Guide, Session};
use crate::http::{MessageResponse, success};
use crate::i18n::Lang;
use crate::paging::total_pages;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_tour))
        .routes(routes!(my_tours))
        .routes(routes!(check_altitudes))
        .routes(routes!(update_tour, delete_tour))
        .routes(routes!(publish_tour))
        .routes(routes!(unpublish_tour))
        .routes(routes!(list_tours))
        .routes(routes!(public_tour))
        .routes(routes!(quote_tour))
}

fn tour_not_found() -> AppError {
    AppError::NotFound("Tour not found".into())
}

#[derive(Serialize, ToSchema)]
pub struct TourResponse {
    #[schema(example = "success")]
    status: &'static str,
    tour: Tour,
}

#[derive(Serialize, ToSchema)]
pub struct MyToursResponse {
    #[schema(example = "success")]
    status: &'static str,
    tours: Vec<Tour>,
}

pub(super) fn answer(tour: StoredTour, lang: Lang) -> Json<TourResponse> {
    Json(TourResponse { status: "success", tour: Tour::new(tour, lang) })
}

/// Only a verified guide whose licence is still valid sells tours (403 otherwise).
pub(super) async fn require_licensed(db: &Db, session: &Session) -> AppResult<()> {
    let (licensed,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM guide_details WHERE user_id = $1 AND status = 'verified' \
           AND licence_expires_on >= $2",
    )
    .bind(&session.user_id)
    .bind(date_text(today_in_nepal()))
    .fetch_one(&db.pool)
    .await?;
    if licensed == 0 {
        return Err(AppError::Forbidden(
            "Only a verified guide with a valid licence can sell tours".into(),
        ));
    }
    Ok(())
}

/// A destination a tour names must exist.
async fn check_destination(db: &Db, tour: &TourInput) -> AppResult<()> {
    if let Some(id) = &tour.destination_id {
        let (found,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM destinations WHERE id = $1")
            .bind(id)
            .fetch_one(&db.pool)
            .await?;
        if found == 0 {
            return Err(AppError::validation("destinationId is not a destination"));
        }
    }
    Ok(())
}

/// The caller's own tour (404 for anyone else's, as if it did not exist).
pub(super) async fn own_tour(db: &Db, session: &Session, id: &str) -> AppResult<StoredTour> {
    store::find_own(db, &session.user_id, id).await?.ok_or_else(tour_not_found)
}

/// Create a tour, as a draft (verified guides with a valid licence).
#[utoipa::path(post, path = "/tours", tag = "tours", security(("bearer" = [])),
    request_body = TourRequest,
    responses(
        (status = 201, body = TourResponse), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a guide, or not verified with a valid licence"),
    ))]
async fn create_tour(
    State(state): State<AppState>,
    Guide(session): Guide,
    lang: Lang,
    Json(request): Json<TourRequest>,
) -> AppResult<(StatusCode, Json<TourResponse>)> {
    require_licensed(&state.db, &session).await?;
    let input = TourInput::parse(request, None)?;
    check_destination(&state.db, &input).await?;
    let mut tx = state.db.begin_write().await?;
    let id = store::insert(&mut tx, &session.user_id, &input).await?;
    tx.commit().await?;
    let tour = own_tour(&state.db, &session, &id).await?;
    Ok((StatusCode::CREATED, answer(tour, lang)))
}

/// The signed-in guide's tours, newest first, drafts and archived ones included.
#[utoipa::path(get, path = "/tours/mine", tag = "tours", security(("bearer" = [])),
    responses((status = 200, body = MyToursResponse), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn my_tours(
    State(state): State<AppState>,
    Guide(session): Guide,
    lang: Lang,
) -> AppResult<Json<MyToursResponse>> {
    let tours = store::list_own(&state.db, &session.user_id).await?;
    Ok(Json(MyToursResponse {
        status: "success",
        tours: tours.into_iter().map(|tour| Tour::new(tour, lang)).collect(),
    }))
}

/// The nights to check, day 1 first.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AltitudeCheckRequest {
    /// Each day's sleeping altitude in metres; null only on the last day, when the tour ends.
    #[schema(min_items = 1, max_items = 45)]
    sleep_altitudes_m: Vec<Option<i64>>,
}

#[derive(Serialize, ToSchema)]
pub struct AltitudeCheckResponse {
    #[schema(example = "success")]
    status: &'static str,
    acclimatisation: AcclimatisationView,
}

/// The altitude check of an itinerary before it is saved, as the tour editor shows it
/// while the guide types the days (guides; the same rules as a saved tour).
#[utoipa::path(post, path = "/tours/altitude-check", tag = "tours", security(("bearer" = [])),
    request_body = AltitudeCheckRequest,
    responses(
        (status = 200, body = AltitudeCheckResponse), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a guide"),
    ))]
async fn check_altitudes(
    Guide(_session): Guide,
    lang: Lang,
    Json(request): Json<AltitudeCheckRequest>,
) -> AppResult<Json<AltitudeCheckResponse>> {
    let assessment = domain::assess_altitudes(&request.sleep_altitudes_m)?;
    let acclimatisation = AcclimatisationView::new(assessment.as_ref(), lang);
    Ok(Json(AltitudeCheckResponse { status: "success", acclimatisation }))
}

/// Change a tour: fields left out keep their values. A published tour stays published,
/// re-checked for altitude as a whole; an archived one cannot be changed.
#[utoipa::path(patch, path = "/tours/{id}", tag = "tours", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = TourRequest,
    responses(
        (status = 200, body = TourResponse), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such tour of yours"),
        (status = 409, body = ErrorBody, description = "The tour is archived"),
    ))]
async fn update_tour(
    State(state): State<AppState>,
    Guide(session): Guide,
    lang: Lang,
    Path(id): Path<String>,
    Json(request): Json<TourRequest>,
) -> AppResult<Json<TourResponse>> {
    require_licensed(&state.db, &session).await?;
    let stored = own_tour(&state.db, &session, &id).await?;
    // Its bookings show it as it was booked.
    if stored.status == TourStatus::Archived {
        return Err(AppError::Conflict("This tour is archived and cannot be changed".into()));
    }
    let input = TourInput::parse(request, Some(&stored.input))?;
    check_destination(&state.db, &input).await?;
    let mut tx = state.db.begin_write().await?;
    store::update(&mut tx, &id, &input).await?;
    tx.commit().await?;
    Ok(answer(own_tour(&state.db, &session, &id).await?, lang))
}

/// Remove a tour. A tour with bookings is archived instead: out of lists and no longer
/// bookable, while its bookings keep showing it.
#[utoipa::path(delete, path = "/tours/{id}", tag = "tours", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = MessageResponse), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    ))]
async fn delete_tour(
    State(state): State<AppState>,
    Guide(session): Guide,
    Path(id): Path<String>,
) -> AppResult<Json<MessageResponse>> {
    own_tour(&state.db, &session, &id).await?;
    if store::has_bookings(&state.db, &id).await? {
        store::set_status(&state.db, &id, TourStatus::Archived).await?;
        return Ok(success("Tour archived: it has bookings"));
    }
    super::photos::delete_all(&state.db, &state.media, &id).await?;
    store::delete(&state.db, &id).await?;
    Ok(success("Tour deleted"))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublishRequest {
    /// Needed, `true`, to publish a tour whose altitude risk is high.
    #[schema(required = false)]
    acknowledge_altitude_risk: Option<bool>,
}

/// The 409 of publishing: a high-risk tour not acknowledged (with the check's reasons), or
/// an archived tour (the usual error body).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AltitudeRiskBody {
    #[schema(example = "error")]
    status: &'static str,
    message: String,
    #[schema(example = "altitude_risk_unacknowledged")]
    code: &'static str,
    /// Only when the altitude risk is the reason.
    #[serde(skip_serializing_if = "Option::is_none")]
    acclimatisation: Option<AcclimatisationView>,
}

/// Publish a tour: it appears in lists and can be booked. A tour whose altitude risk is
/// high needs `{"acknowledgeAltitudeRisk": true}`.
#[utoipa::path(post, path = "/tours/{id}/publish", tag = "tours", security(("bearer" = [])),
    params(("id" = String, Path)), request_body(content = PublishRequest, description = "Optional"),
    responses(
        (status = 200, body = TourResponse), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = AltitudeRiskBody, description = "High altitude risk, not acknowledged; or the tour is archived"),
    ))]
async fn publish_tour(
    State(state): State<AppState>,
    Guide(session): Guide,
    lang: Lang,
    Path(id): Path<String>,
    body: Bytes,
) -> AppResult<Response> {
    // The body is optional: most tours publish without one.
    let request: PublishRequest = if body.iter().all(u8::is_ascii_whitespace) {
        PublishRequest { acknowledge_altitude_risk: None }
    } else {
        serde_json::from_slice(&body)
            .map_err(|_| AppError::validation("The request body is not valid JSON."))?
    };
    require_licensed(&state.db, &session).await?;
    let stored = own_tour(&state.db, &session, &id).await?;
    if stored.status == TourStatus::Archived {
        return Err(AppError::Conflict("This tour is archived and cannot be published".into()));
    }
    let acknowledged = request.acknowledge_altitude_risk.unwrap_or(false);
    let assessment = stored.input.assessment();
    if assessment.as_ref().is_some_and(|a| a.risk == Risk::High) && !acknowledged {
        let message = lang.pick(
            "This itinerary's altitude risk is high. Add rest days or smaller gains, or publish with acknowledgeAltitudeRisk.",
            "यो यात्राक्रममा लेक लाग्ने जोखिम उच्च छ। विश्रामका दिन थप्नुहोस् वा उचाइ कम बढाउनुहोस्, वा acknowledgeAltitudeRisk सहित प्रकाशित गर्नुहोस्।",
        );
        let body = AltitudeRiskBody {
            status: "error",
            message: message.to_owned(),
            code: "altitude_risk_unacknowledged",
            acclimatisation: Some(AcclimatisationView::new(assessment.as_ref(), lang)),
        };
        return Ok((StatusCode::CONFLICT, Json(body)).into_response());
    }
    store::set_status(&state.db, &id, TourStatus::Published).await?;
    Ok(answer(own_tour(&state.db, &session, &id).await?, lang).into_response())
}

/// Take a tour out of lists; it keeps everything and can be published again.
#[utoipa::path(post, path = "/tours/{id}/unpublish", tag = "tours", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = TourResponse), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    ))]
async fn unpublish_tour(
    State(state): State<AppState>,
    Guide(session): Guide,
    lang: Lang,
    Path(id): Path<String>,
) -> AppResult<Json<TourResponse>> {
    let stored = own_tour(&state.db, &session, &id).await?;
    if stored.status != TourStatus::Archived {
        store::set_status(&state.db, &id, TourStatus::Draft).await?;
    }
    Ok(answer(own_tour(&state.db, &session, &id).await?, lang))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToursPage {
    #[schema(example = "success")]
    status: &'static str,
    tours: Vec<TourCard>,
    total: i64,
    total_pages: i64,
}

/// Published tours of listed guides, filtered and sorted.
#[utoipa::path(get, path = "/users/tours", tag = "tours", params(TourFilters),
    responses((status = 200, body = ToursPage), (status = 400, body = ErrorBody)))]
async fn list_tours(
    State(state): State<AppState>,
    listing: Option<Extension<TourListing>>,
    Query(filters): Query<TourFilters>,
) -> AppResult<Json<ToursPage>> {
    let listing = listing.map(|Extension(listing)| listing);
    let (tours, total, limit) = finder::find(&state.db, listing.as_ref(), &filters).await?;
    Ok(Json(ToursPage { status: "success", tours, total, total_pages: total_pages(total, limit) }))
}

#[derive(Serialize, ToSchema)]
pub struct PublicTourResponse {
    #[schema(example = "success")]
    status: &'static str,
    tour: PublicTour,
}

/// A published tour's page: the tour with its days and altitude check, its guide, and the
/// destination's permits.
#[utoipa::path(get, path = "/users/tour/{id}", tag = "tours", params(("id" = String, Path)),
    responses((status = 200, body = PublicTourResponse), (status = 404, body = ErrorBody)))]
async fn public_tour(
    State(state): State<AppState>,
    lang: Lang,
    Path(id): Path<String>,
) -> AppResult<Json<PublicTourResponse>> {
    let (stored, facts) =
        store::find_listed_page(&state.db, &id).await?.ok_or_else(tour_not_found)?;
    let guide = card_of(&state.db, state.search.as_ref(), &stored.guide_id)
        .await?
        .ok_or_else(tour_not_found)?;
    let destination = facts.destination.map(|(id, name, trek)| destination(id, name, trek));
    let departures = crate::departures::store::of_tour(&state.db, &id, true).await?;
    Ok(Json(PublicTourResponse {
        status: "success",
        tour: PublicTour {
            tour: Tour::new(stored, lang),
            guide,
            licence_valid_until: facts.licence_expires_on,
            destination,
            departures: departures.into_iter().map(Into::into).collect(),
        },
    }))
}

/// What a quote reads of a listed tour: from the listing once it has loaded, otherwise
/// from the database. `None` when the tour is not listed.
async fn quote_facts(
    db: &Db,
    listing: Option<&TourListing>,
    id: &str,
) -> AppResult<Option<QuoteFacts>> {
    if let Some(listing) = listing {
        listing.fresh().await?;
        if let Some(found) = listing.quote_facts(id) {
            return Ok(found);
        }
    }
    Ok(store::find_listed(db, id).await?.map(|stored| QuoteFacts {
        tiers: stored
            .input
            .pricing
            .iter()
            .map(|t| (i64::from(t.min_people), i64::from(t.max_people), t.price_per_person_cents()))
            .collect(),
        day_count: stored.input.days.len() as i64,
        max_group_size: stored.input.max_group_size,
        destination_id: stored.input.destination_id,
    }))
}

async fn destination_of(db: &Db, id: &str) -> AppResult<Option<TourDestination>> {
    let found: Option<(String, String, Option<String>)> =
        sqlx::query_as("SELECT id, name, trek FROM destinations WHERE id = $1")
            .bind(id)
            .fetch_optional(&db.pool)
            .await?;
    Ok(found.map(|(id, name, trek)| destination(id, name, trek)))
}

/// A tour's destination from its `destinations` columns.
fn destination(id: String, name: String, trek: Option<String>) -> TourDestination {
    TourDestination { id, name, permits: TrekFacts::from_column(trek.as_deref()).permits }
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct QuoteParams {
    /// How many people; 1 to the tour's `maxGroupSize`.
    #[param(minimum = 1, maximum = 30)]
    group_size: i64,
    /// `YYYY-MM-DD`, the first day; today or later.
    #[param(pattern = r"^\d{4}-\d{2}-\d{2}$")]
    start_date: Option<String>,
    /// Whose permit fees apply (default `other`): SAARC citizens pay their own fee where
    /// a permit has one.
    #[param(inline)]
    nationality: Option<Nationality>,
}

#[derive(Serialize, ToSchema)]
pub struct QuoteResponse {
    #[schema(example = "success")]
    status: &'static str,
    quote: Quote,
}

/// The all-in price of a tour for a group: the guide's part and every permit.
#[utoipa::path(get, path = "/users/tour/{id}/quote", tag = "tours",
    params(("id" = String, Path), QuoteParams),
    responses((status = 200, body = QuoteResponse), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn quote_tour(
    State(state): State<AppState>,
    listing: Option<Extension<TourListing>>,
    Path(id): Path<String>,
    Query(params): Query<QuoteParams>,
) -> AppResult<Json<QuoteResponse>> {
    let listing = listing.map(|Extension(listing)| listing);
    let tour = quote_facts(&state.db, listing.as_ref(), &id).await?.ok_or_else(tour_not_found)?;
    let group = params.group_size;
    let cents_per_person = tour
        .tiers
        .iter()
        .find(|(min, max, _)| (*min..=*max).contains(&group))
        .filter(|_| (1..=tour.max_group_size).contains(&group))
        .map(|tier| tier.2)
        .ok_or_else(|| {
            AppError::validation(format!(
                "This tour takes groups of 1 to {} people",
                tour.max_group_size
            ))
        })?;
    if let Some(start) = &params.start_date {
        let date = parse_date(start)
            .ok_or_else(|| AppError::validation("startDate must be a real date (YYYY-MM-DD)"))?;
        if date < today_in_nepal() {
            return Err(AppError::validation("startDate cannot be in the past"));
        }
    }
    let permits = match &tour.destination_id {
        Some(id) => destination_of(&state.db, id).await?.map(|d| d.permits).unwrap_or_default(),
        None => Vec::new(),
    };
    let quote = Quote::new(
        cents_per_person * group,
        group,
        tour.day_count,
        &permits,
        params.nationality.unwrap_or(Nationality::Other),
        state.config.payments.npr_per_usd,
    );
    Ok(Json(QuoteResponse { status: "success", quote }))
}
