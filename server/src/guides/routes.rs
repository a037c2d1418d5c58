//! HTTP handlers for a guide's own profile (guide accounts only).

use axum::extract::{DefaultBodyLimit, State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::certificates;
use super::domain::{GuideProfile, GuideProfileRequest};
use super::profile::{self, Guide};
use super::profile::{GuideUpdateResponse, updated};
use super::reliability::{self, Badge, Reliability, Threshold, thresholds};
use crate::calendar::today_in_nepal;
use crate::error::{AppResult, ErrorBody, Json, Multipart};
use crate::http::AppState;
use crate::http::session::{self};
use crate::media::forms::{CoverImageUpload, ProfileImageUpload};
use crate::media::{Slot, upload};

pub fn router() -> OpenApiRouter<AppState> {
    let json = OpenApiRouter::new()
        .routes(routes!(own_profile))
        .routes(routes!(own_trust))
        .routes(routes!(update_profile))
        .routes(routes!(certificates::update_certificate));
    let images = OpenApiRouter::new()
        .routes(routes!(profile_image))
        .routes(routes!(cover_image))
        .layer(DefaultBodyLimit::max(upload::SINGLE_IMAGE_BODY_LIMIT));
    let certificate_files = OpenApiRouter::new()
        .routes(routes!(certificates::submit_certificates))
        .layer(DefaultBodyLimit::max(certificates::CERTIFICATES_BODY_LIMIT));
    json.merge(images).merge(certificate_files)
}

#[derive(Serialize, ToSchema)]
pub struct GuideResponse {
    #[schema(example = "success")]
    pub status: &'static str,
    pub data: Guide,
}

/// The signed-in guide's profile.
#[utoipa::path(operation_id = "guide_own_profile", get, path = "/guides/guide-profile", tag = "guides", security(("bearer" = [])),
    responses(
        (status = 200, body = GuideResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a guide account"),
    ))]
async fn own_profile(
    State(state): State<AppState>,
    session::Guide(session): session::Guide,
) -> AppResult<Json<GuideResponse>> {
    Ok(Json(GuideResponse {
        status: "success",
        data: profile::get(&state.db, &session.user_id).await?,
    }))
}

/// Where a guide stands with the "Trusted guide" badge.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Trust {
    pub reliability: Reliability,
    pub badges: Vec<Badge>,
    /// Every threshold of the badge, where the guide stands and whether it is met. The
    /// figures are those of the last daily computation; the rating and licence are today's.
    pub thresholds: Vec<Threshold>,
    /// The day (`YYYY-MM-DD`, Nepal) the figures and badge were last computed; null before
    /// the first computation (within a day of being verified).
    #[schema(required = true)]
    pub computed_on: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct TrustResponse {
    #[schema(example = "success")]
    pub status: &'static str,
    pub data: Trust,
}

/// The signed-in guide's reliability figures and the "Trusted guide" thresholds they meet
/// or miss, for their dashboard.
#[utoipa::path(get, path = "/guides/trust", tag = "guides", security(("bearer" = [])),
    responses(
        (status = 200, body = TrustResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a guide account"),
    ))]
async fn own_trust(
    State(state): State<AppState>,
    session::Guide(session): session::Guide,
) -> AppResult<Json<TrustResponse>> {
    let guide_id = &session.user_id;
    let (reliability, badges) = reliability::of_guide(&state.db, guide_id).await?;
    let stored = reliability::stored(&state.db, guide_id).await?;
    let figures = stored.map(|(figures, _)| figures).unwrap_or_default();
    let standing = reliability::standing(&state.db, guide_id).await?;
    let computed_on = reliability::computed_on(&state.db, guide_id).await?;
    Ok(Json(TrustResponse {
        status: "success",
        data: Trust {
            reliability,
            badges,
            thresholds: thresholds(&figures, &standing, today_in_nepal()),
            computed_on,
        },
    }))
}

/// Save the guide profile form.
#[utoipa::path(operation_id = "guide_update_profile", post, path = "/guides/profile", tag = "guides", security(("bearer" = [])), request_body = GuideProfileRequest,
    responses(
        (status = 200, body = GuideUpdateResponse),
        (status = 400, body = ErrorBody, description = "A field is missing or invalid"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a guide account"),
    ))]
async fn update_profile(
    State(state): State<AppState>,
    session::Guide(session): session::Guide,
    Json(body): Json<GuideProfileRequest>,
) -> AppResult<Json<GuideUpdateResponse>> {
    let form = GuideProfile::try_from(body)?;
    profile::save(&state.db, &session.user_id, &form).await?;
    Ok(updated("Profile updated successfully!", profile::get(&state.db, &session.user_id).await?))
}

/// Upload (or replace) the guide's photo.
#[utoipa::path(operation_id = "guide_profile_image", post, path = "/guides/profile-image", tag = "guides", security(("bearer" = [])),
    request_body(content = ProfileImageUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = GuideUpdateResponse),
        (status = 400, body = ErrorBody, description = "No image, or one that cannot be read or has too many pixels"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 413, body = ErrorBody, description = "Over 8 MB"),
        (status = 415, body = ErrorBody, description = "Not a JPEG, PNG or WebP image"),
        (status = 429, body = ErrorBody, description = "Too many uploads from this account or address, or too many uploads at once; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn profile_image(
    State(state): State<AppState>,
    session::Guide(session): session::Guide,
    Multipart(form): Multipart,
) -> AppResult<Json<GuideUpdateResponse>> {
    let bytes = upload::single_image(form, &["profileImage"]).await?;
    upload::replace(&state.db, &state.media, &session.user_id, Slot::GuideProfilePicture, bytes)
        .await?;
    Ok(updated("Profile image updated", profile::get(&state.db, &session.user_id).await?))
}

/// Upload (or replace) the guide's cover image.
#[utoipa::path(operation_id = "guide_cover_image", post, path = "/guides/cover-image", tag = "guides", security(("bearer" = [])),
    request_body(content = CoverImageUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = GuideUpdateResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "Too many uploads from this account or address, or too many uploads at once; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn cover_image(
    State(state): State<AppState>,
    session::Guide(session): session::Guide,
    Multipart(form): Multipart,
) -> AppResult<Json<GuideUpdateResponse>> {
    let bytes = upload::single_image(form, &["coverImage"]).await?;
    upload::replace(&state.db, &state.media, &session.user_id, Slot::GuideCover, bytes).await?;
    Ok(updated("Cover image updated", profile::get(&state.db, &session.user_id).await?))
}
