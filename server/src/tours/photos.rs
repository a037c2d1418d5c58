//! A tour's photos: the guide adds them one upload at a time (the usual image checks, WebP
//! copies), orders them (the first is the cover) and removes them.

use std::collections::HashMap;

use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::domain::TourStatus;
use super::routes::{TourResponse, answer, own_tour, require_licensed};
use crate::db::{Db, Sql, now_ms};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path};
use crate::http::AppState;
use crate::http::session::{Guide, Session};
use crate::i18n::Lang;
use crate::media::forms::TourPhotoUpload;
use crate::media::processing::{self, Processed};
use crate::media::upload::{self, ImageVariants, MediaKind, SINGLE_IMAGE_BODY_LIMIT};
use crate::media_store::MediaStore;

/// A tour shows at most this many photos.
pub const PHOTOS_MAX: i64 = 12;

pub fn router() -> OpenApiRouter<AppState> {
    let uploads = OpenApiRouter::new()
        .routes(routes!(add_photo))
        .layer(DefaultBodyLimit::max(SINGLE_IMAGE_BODY_LIMIT));
    OpenApiRouter::new().routes(routes!(order_photos)).routes(routes!(remove_photo)).merge(uploads)
}

/// One photo of a tour.
#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TourPhoto {
    #[serde(rename = "_id")]
    pub id: String,
    /// The photo as uploaded (re-encoded, without metadata).
    pub url: String,
    /// A smaller copy (at most 480 px) for cards.
    pub thumb_url: String,
    /// WebP copies and size, for `<img srcset width height>`.
    pub variants: ImageVariants,
}

#[derive(sqlx::FromRow)]
struct PhotoRow {
    tour_id: String,
    media_id: String,
    storage_key: String,
    thumb_key: Option<String>,
    width: i64,
    height: i64,
    webp_widths: Option<String>,
}

impl PhotoRow {
    fn photo(self) -> Option<TourPhoto> {
        let variants = upload::image_variants(
            Some(&self.storage_key),
            Some(self.width),
            Some(self.height),
            self.webp_widths.as_deref(),
        )?;
        Some(TourPhoto {
            url: upload::public_url(&self.storage_key),
            thumb_url: upload::public_url(self.thumb_key.as_deref().unwrap_or(&self.storage_key)),
            id: self.media_id,
            variants,
        })
    }
}

/// The photos of these tours, each tour's in order; `covers_only` keeps the first of each.
pub async fn photos_of(
    db: &Db,
    tour_ids: &[String],
    covers_only: bool,
) -> AppResult<HashMap<String, Vec<TourPhoto>>> {
    let mut photos: HashMap<String, Vec<TourPhoto>> = HashMap::new();
    if tour_ids.is_empty() {
        return Ok(photos);
    }
    let mut sql = Sql::new(
        "SELECT p.tour_id, p.media_id, m.storage_key, m.thumb_key, m.width, m.height, m.webp_widths \
         FROM tour_photos p JOIN media m ON m.id = p.media_id WHERE p.tour_id IN (",
    );
    let params: Vec<String> = tour_ids.iter().map(|id| sql.param(id.as_str())).collect();
    sql.push(&format!("{})", params.join(", ")));
    if covers_only {
        sql.push(" AND p.position = 0");
    }
    sql.push(" ORDER BY p.tour_id, p.position");
    let rows: Vec<PhotoRow> = sql.query_as().fetch_all(&db.pool).await?;
    for row in rows {
        let tour_id = row.tour_id.clone();
        if let Some(photo) = row.photo() {
            photos.entry(tour_id).or_default().push(photo);
        }
    }
    Ok(photos)
}

/// Deletes every photo of a tour about to be deleted, files included.
pub async fn delete_all(state: &AppState, tour_id: &str) -> AppResult<()> {
    let ids: Vec<(String,)> = sqlx::query_as("SELECT media_id FROM tour_photos WHERE tour_id = $1")
        .bind(tour_id)
        .fetch_all(&state.db.pool)
        .await?;
    let ids: Vec<String> = ids.into_iter().map(|(id,)| id).collect();
    upload::delete(&state.db, &state.media, &ids).await
}

fn archived() -> AppError {
    AppError::Conflict("This tour is archived and cannot be changed".into())
}

/// The guide's own tour, still changeable: 404 for anyone else's, 409 when archived.
async fn changeable(state: &AppState, session: &Session, id: &str) -> AppResult<()> {
    require_licensed(&state.db, session).await?;
    if own_tour(&state.db, session, id).await?.status == TourStatus::Archived {
        return Err(archived());
    }
    Ok(())
}

/// Starts the write that changes a tour's photos: holds the tour's row so that two changes
/// to one tour's photos take turns (PostgreSQL; SQLite's write transaction already does),
/// and checks again that it may change.
async fn begin_change(db: &Db, id: &str) -> AppResult<sqlx::Transaction<'static, sqlx::Any>> {
    let mut tx = db.begin_write().await?;
    let status: Option<(String,)> =
        sqlx::query_as("UPDATE tours SET updated_at = $1 WHERE id = $2 RETURNING status")
            .bind(now_ms())
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
    match status {
        None => Err(AppError::NotFound("Tour not found".into())),
        Some((status,)) if TourStatus::from_stored(&status) == TourStatus::Archived => {
            Err(archived())
        }
        Some(_) => Ok(tx),
    }
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
    ))]
async fn add_photo(
    State(state): State<AppState>,
    Guide(session): Guide,
    lang: Lang,
    Path(id): Path<String>,
    multipart: Multipart,
) -> AppResult<(StatusCode, Json<TourResponse>)> {
    changeable(&state, &session, &id).await?;
    let bytes = upload::single_image(multipart, &["photo"]).await?;
    let processed = processing::process(bytes, MediaKind::TourPhoto.variants()).await?;
    add(&state.db, &state.media, &session.user_id, &id, processed).await?;
    Ok((StatusCode::CREATED, answer(own_tour(&state.db, &session, &id).await?, lang)))
}

/// Stores a processed image as the tour's last photo (the demo seed draws its own).
pub async fn add(
    db: &Db,
    store: &MediaStore,
    owner_id: &str,
    tour_id: &str,
    processed: Processed,
) -> AppResult<()> {
    let media_id =
        upload::save_processed(db, store, owner_id, MediaKind::TourPhoto, processed).await?;
    if let Err(error) = attach(db, tour_id, &media_id).await {
        upload::delete(db, store, &[media_id]).await?;
        return Err(error);
    }
    Ok(())
}

async fn attach(db: &Db, id: &str, media_id: &str) -> AppResult<()> {
    let mut tx = begin_change(db, id).await?;
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM tour_photos WHERE tour_id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    if count >= PHOTOS_MAX {
        return Err(AppError::validation(format!("A tour can have at most {PHOTOS_MAX} photos")));
    }
    sqlx::query(
        "INSERT INTO tour_photos (media_id, tour_id, position, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(media_id)
    .bind(id)
    .bind(count)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
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
