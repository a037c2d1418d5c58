//! HTTP handlers for a traveller's own profile (traveller accounts only).

use axum::extract::{DefaultBodyLimit, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::profile::{self, Change, Tourist};
use crate::error::{AppResult, ErrorBody, Json, Multipart};
use crate::http::AppState;
use crate::http::session::{self, Session};
use crate::media::forms::{CoverImageUpload, IdCardUpload, TouristProfileImageUpload};
use crate::media::{Slot, upload};
use crate::profile::{Bio, ListOf, Location, LocationRequest, Nationality, Tag, Tags};

pub fn router() -> OpenApiRouter<AppState> {
    let json = OpenApiRouter::new()
        .routes(routes!(own_profile, update_profile))
        .routes(routes!(update_bio))
        .routes(routes!(update_nationality))
        .routes(routes!(update_location))
        .routes(routes!(update_interests));
    let images = OpenApiRouter::new()
        .routes(routes!(profile_image))
        .routes(routes!(cover_image))
        .routes(routes!(id_card_image))
        .layer(DefaultBodyLimit::max(upload::SINGLE_IMAGE_BODY_LIMIT));
    json.merge(images)
}

#[derive(Serialize, ToSchema)]
pub struct TouristResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Tourist,
}

#[derive(Serialize, ToSchema)]
pub struct TouristUpdateResponse {
    #[schema(example = "success")]
    status: &'static str,
    message: String,
    data: Tourist,
}

async fn change(
    state: &AppState,
    session: &Session,
    change: Change,
    message: &str,
) -> AppResult<Json<TouristUpdateResponse>> {
    profile::apply(&state.db, &session.user_id, change).await?;
    updated(state, session, message).await
}

async fn updated(
    state: &AppState,
    session: &Session,
    message: &str,
) -> AppResult<Json<TouristUpdateResponse>> {
    let data = profile::get(&state.db, &session.user_id).await?;
    Ok(Json(TouristUpdateResponse { status: "success", message: message.to_owned(), data }))
}

/// The signed-in traveller's profile.
#[utoipa::path(operation_id = "tourist_own_profile", get, path = "/tourists/profile", tag = "travellers", security(("bearer" = [])),
    responses(
        (status = 200, body = TouristResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a traveller account"),
    ))]
async fn own_profile(
    State(state): State<AppState>,
    session::Tourist(session): session::Tourist,
) -> AppResult<Json<TouristResponse>> {
    Ok(Json(TouristResponse {
        status: "success",
        data: profile::get(&state.db, &session.user_id).await?,
    }))
}

/// The traveller form.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TouristProfileRequest {
    #[schema(value_type = String, required = true, example = "I love slow treks and tea houses.", min_length = 1, max_length = 2000, pattern = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$")]
    bio: Option<String>,
    #[schema(value_type = String, required = true, example = "French", min_length = 1, max_length = 60, pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    nationality: Option<String>,
    #[schema(value_type = Option<Vec<Tag>>, max_items = 20)]
    preferred_languages: Option<Vec<String>>,
    #[schema(value_type = Vec<Tag>, required = true, min_items = 1, max_items = 20)]
    interests: Option<Vec<String>>,
}

/// Save the traveller form.
#[utoipa::path(operation_id = "tourist_update_profile", post, path = "/tourists/profile", tag = "travellers", security(("bearer" = [])), request_body = TouristProfileRequest,
    responses(
        (status = 200, body = TouristUpdateResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    ))]
async fn update_profile(
    State(state): State<AppState>,
    session::Tourist(session): session::Tourist,
    Json(body): Json<TouristProfileRequest>,
) -> AppResult<Json<TouristUpdateResponse>> {
    let profile = Change::Profile {
        bio: Bio::parse(body.bio.as_deref())?,
        nationality: Nationality::parse(body.nationality.as_deref())?,
        preferred_languages: Tags::parse(body.preferred_languages.as_deref(), ListOf::Languages)?,
        interests: Tags::parse_non_empty(
            body.interests.as_deref(),
            ListOf::Interests,
            INTEREST_REQUIRED,
        )?,
    };
    change(&state, &session, profile, "Profile updated successfully!").await
}

const INTEREST_REQUIRED: &str = "At least one interest is required";

#[derive(Deserialize, ToSchema)]
pub struct BioRequest {
    #[schema(value_type = String, required = true, example = "I love slow treks and tea houses.", min_length = 1, max_length = 2000, pattern = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$")]
    bio: Option<String>,
}

/// Change the bio.
#[utoipa::path(post, path = "/tourists/bio", tag = "travellers", security(("bearer" = [])), request_body = BioRequest,
    responses((status = 200, body = TouristUpdateResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn update_bio(
    State(state): State<AppState>,
    session::Tourist(session): session::Tourist,
    Json(body): Json<BioRequest>,
) -> AppResult<Json<TouristUpdateResponse>> {
    let bio = Bio::parse(body.bio.as_deref())?;
    change(&state, &session, Change::Bio(bio), "Bio updated").await
}

#[derive(Deserialize, ToSchema)]
pub struct NationalityRequest {
    #[schema(value_type = String, required = true, example = "French", min_length = 1, max_length = 60, pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    nationality: Option<String>,
}

/// Change the nationality.
#[utoipa::path(post, path = "/tourists/nationality", tag = "travellers", security(("bearer" = [])), request_body = NationalityRequest,
    responses((status = 200, body = TouristUpdateResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn update_nationality(
    State(state): State<AppState>,
    session::Tourist(session): session::Tourist,
    Json(body): Json<NationalityRequest>,
) -> AppResult<Json<TouristUpdateResponse>> {
    let nationality = Nationality::parse(body.nationality.as_deref())?;
    change(&state, &session, Change::Nationality(nationality), "Nationality updated").await
}

/// Change the location. 0,0 (the browser gave no position) is stored only when the
/// traveller has no location yet: it never replaces a stored place.
#[utoipa::path(post, path = "/tourists/location", tag = "travellers", security(("bearer" = [])), request_body = LocationRequest,
    responses((status = 200, body = TouristUpdateResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn update_location(
    State(state): State<AppState>,
    session::Tourist(session): session::Tourist,
    Json(body): Json<LocationRequest>,
) -> AppResult<Json<TouristUpdateResponse>> {
    let location = Location::parse_required(body)?;
    change(&state, &session, Change::Location(location), "Location updated").await
}

#[derive(Deserialize, ToSchema)]
pub struct InterestsRequest {
    #[schema(value_type = Vec<Tag>, required = true, min_items = 1, max_items = 20)]
    interests: Option<Vec<String>>,
}

/// Change the interests (at least one).
#[utoipa::path(post, path = "/tourists/interests", tag = "travellers", security(("bearer" = [])), request_body = InterestsRequest,
    responses((status = 200, body = TouristUpdateResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn update_interests(
    State(state): State<AppState>,
    session::Tourist(session): session::Tourist,
    Json(body): Json<InterestsRequest>,
) -> AppResult<Json<TouristUpdateResponse>> {
    let interests =
        Tags::parse_non_empty(body.interests.as_deref(), ListOf::Interests, INTEREST_REQUIRED)?;
    change(&state, &session, Change::Interests(interests), "Interests updated").await
}

/// Upload (or replace) the traveller's photo, under `profileImage` or `profilePicture`.
#[utoipa::path(operation_id = "tourist_profile_image", post, path = "/tourists/profile-image", tag = "travellers", security(("bearer" = [])),
    request_body(content = TouristProfileImageUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = TouristUpdateResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "Too many uploads from this account or address, or too many uploads at once; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn profile_image(
    State(state): State<AppState>,
    session::Tourist(session): session::Tourist,
    Multipart(form): Multipart,
) -> AppResult<Json<TouristUpdateResponse>> {
    let bytes = upload::single_image(form, &["profileImage", "profilePicture"]).await?;
    upload::replace(&state.db, &state.media, &session.user_id, Slot::TouristProfilePicture, bytes)
        .await?;
    updated(&state, &session, "Profile image updated").await
}

/// Upload (or replace) the traveller's cover image.
#[utoipa::path(operation_id = "tourist_cover_image", post, path = "/tourists/cover-image", tag = "travellers", security(("bearer" = [])),
    request_body(content = CoverImageUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = TouristUpdateResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "Too many uploads from this account or address, or too many uploads at once; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn cover_image(
    State(state): State<AppState>,
    session::Tourist(session): session::Tourist,
    Multipart(form): Multipart,
) -> AppResult<Json<TouristUpdateResponse>> {
    let bytes = upload::single_image(form, &["coverImage"]).await?;
    upload::replace(&state.db, &state.media, &session.user_id, Slot::TouristCover, bytes).await?;
    updated(&state, &session, "Cover image updated").await
}

/// Upload (or replace) a photo of the traveller's ID card. Private: only the traveller
/// and admins can see it.
#[utoipa::path(post, path = "/tourists/id-image", tag = "travellers", security(("bearer" = [])),
    request_body(content = IdCardUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = TouristUpdateResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "Too many uploads from this account or address, or too many uploads at once; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn id_card_image(
    State(state): State<AppState>,
    session::Tourist(session): session::Tourist,
    Multipart(form): Multipart,
) -> AppResult<Json<TouristUpdateResponse>> {
    let bytes = upload::single_image(form, &["idCardImage"]).await?;
    upload::replace(&state.db, &state.media, &session.user_id, Slot::TouristIdCard, bytes).await?;
    updated(&state, &session, "ID card uploaded").await
}
