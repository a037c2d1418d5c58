//! Guides' changes to a tour's photos over HTTP: add one upload at a time (the usual image
//! checks, WebP copies), order them (the first is the cover), remove one.

use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::domain::TourStatus;
use super::photos::{add, archived, begin_change};
use super::routes::{TourResponse, answer, own_tour, require_licensed};
use crate::error::{AppError, AppResult, ErrorBody, Json, Multipart, Path};
use crate::http::AppState;
use crate::http::session::{Guide, Session};
use crate::i18n::Lang;
use crate::media::forms::TourPhotoUpload;
use crate::media::processing;
use crate::media::upload::{self, MediaKind, SINGLE_IMAGE_BODY_LIMIT};

pub fn router() -> OpenApiRouter<AppState> {
    let uploads = OpenApiRouter::new()
        .routes(routes!(add_photo))
        .layer(DefaultBodyLimit::max(SINGLE_IMAGE_BODY_LIMIT));
    OpenApiRouter::new().routes(routes!(order_photos)).routes(routes!(remove_photo)).merge(uploads)
}

/// The guide's own tour, still changeable: 404 for anyone else's, 409 when archived.
async fn changeable(state: &AppState, session: &Session, id: &str) -> AppResult<()> {
    require_licensed(&state.db, session).await?;
    if own_tour(&state.db, session, id).await?.status == TourStatus::Archived {
        return Err(archived());
    }
    Ok(())
}

/// Add a photo at the end of the tour's photos (at most 12). The image is checked and
/// re-encoded like every upload, without its metadata, with WebP copies.
#[utoipa::path(post, path = "/tours/{id}/photos", tag = "tours", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body(content = TourPhotoUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = TourResponse),
        (status = 400, body = ErrorBody, description = "No image, not an image we take, or already 12 photos"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "The tour is archived"),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody, description = "Not a JPEG, PNG or WebP image"),
        (status = 429, body = ErrorBody, description = "Too many uploads from this account or address, or too many uploads at once; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn add_photo(
    State(state): State<AppState>,
    Guide(session): Guide,
    lang: Lang,
    Path(id): Path<String>,
    Multipart(multipart): Multipart,
) -> AppResult<(StatusCode, Json<TourResponse>)> {
    changeable(&state, &session, &id).await?;
    let bytes = upload::single_image(multipart, &["photo"]).await?;
    let processed = processing::process(bytes, MediaKind::TourPhoto.variants()).await?;
    add(&state.db, &state.media, &session.user_id, &id, processed).await?;
    Ok((StatusCode::CREATED, answer(own_tour(&state.db, &session, &id).await?, lang)))
}

/// The tour's photos in a new order.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhotoOrderRequest {
    /// Every photo of the tour, each once; the first becomes the cover.
    #[schema(max_items = 12)]
    photo_ids: Vec<String>,
}

/// Order a tour's photos; the first is the cover.
#[utoipa::path(put, path = "/tours/{id}/photos", tag = "tours", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = PhotoOrderRequest,
    responses(
        (status = 200, body = TourResponse),
        (status = 400, body = ErrorBody, description = "Not the tour's photos, each once"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "The tour is archived"),
    ))]
async fn order_photos(
    State(state): State<AppState>,
    Guide(session): Guide,
    lang: Lang,
    Path(id): Path<String>,
    Json(request): Json<PhotoOrderRequest>,
) -> AppResult<Json<TourResponse>> {
    changeable(&state, &session, &id).await?;
    let mut tx = begin_change(&state.db, &id).await?;
    let current: Vec<(String,)> =
        sqlx::query_as("SELECT media_id FROM tour_photos WHERE tour_id = $1")
            .bind(&id)
            .fetch_all(&mut *tx)
            .await?;
    let mut wanted = request.photo_ids.clone();
    wanted.sort();
    let mut current: Vec<String> = current.into_iter().map(|(id,)| id).collect();
    current.sort();
    if wanted != current {
        return Err(AppError::validation("photoIds must list this tour's photos, each once"));
    }
    for (position, media_id) in request.photo_ids.iter().enumerate() {
        sqlx::query("UPDATE tour_photos SET position = $1 WHERE media_id = $2")
            .bind(position as i64)
            .bind(media_id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(answer(own_tour(&state.db, &session, &id).await?, lang))
}

/// Remove a photo; the ones after it move up (removing the cover makes the next one it).
#[utoipa::path(delete, path = "/tours/{id}/photos/{photoId}", tag = "tours", security(("bearer" = [])),
    params(("id" = String, Path), ("photoId" = String, Path)),
    responses(
        (status = 200, body = TourResponse),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such tour of yours, or no such photo of it"),
        (status = 409, body = ErrorBody, description = "The tour is archived"),
    ))]
async fn remove_photo(
    State(state): State<AppState>,
    Guide(session): Guide,
    lang: Lang,
    Path((id, photo_id)): Path<(String, String)>,
) -> AppResult<Json<TourResponse>> {
    changeable(&state, &session, &id).await?;
    let mut tx = begin_change(&state.db, &id).await?;
    let removed: Option<(i64,)> = sqlx::query_as(
        "DELETE FROM tour_photos WHERE media_id = $1 AND tour_id = $2 RETURNING position",
    )
    .bind(&photo_id)
    .bind(&id)
    .fetch_optional(&mut *tx)
    .await?;
    let (position,) = removed.ok_or_else(|| AppError::NotFound("Photo not found".into()))?;
    sqlx::query(
        "UPDATE tour_photos SET position = position - 1 WHERE tour_id = $1 AND position > $2",
    )
    .bind(&id)
    .bind(position)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    upload::delete(&state.db, &state.media, &[photo_id]).await?;
    Ok(answer(own_tour(&state.db, &session, &id).await?, lang))
}
