//! A tour's photos as stored: in order (the first is the cover), each a public image with
//! its WebP copies. `photo_routes` is how guides add, order and remove them.

use std::collections::HashMap;

use anyhow::Context;
use serde::Serialize;
use utoipa::ToSchema;

use super::domain::TourStatus;
use crate::catalogue_changes::{self, Kind};
use crate::db::{Backend, Db, Sql, now_ms};
use crate::error::{AppError, AppResult};
use crate::media::processing::Processed;
use crate::media::upload::{self, ImageVariants, MediaKind};
use crate::media_store::MediaStore;

/// A tour shows at most this many photos.
pub const PHOTOS_MAX: i64 = 12;

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
        photo(
            &self.media_id,
            &self.storage_key,
            self.thumb_key.as_deref(),
            self.width,
            self.height,
            self.webp_widths.as_deref(),
        )
    }
}

/// A tour's photos in order, as a column of the tour's own query (`Backend::json_rows`):
/// `tour` is the SQL naming the tour's id there.
pub fn photos_column(backend: Backend, tour: &str) -> String {
    backend.json_rows(
        "p.media_id, m.storage_key, m.thumb_key, m.width, m.height, m.webp_widths",
        &format!("FROM tour_photos p JOIN media m ON m.id = p.media_id WHERE p.tour_id = {tour}"),
        "p.position",
    )
}

/// The photos of a `photos_column`.
pub fn from_column(column: &str) -> AppResult<Vec<TourPhoto>> {
    #[allow(clippy::type_complexity)]
    let rows: Vec<(String, String, Option<String>, i64, i64, Option<String>)> =
        serde_json::from_str(column).context("a tour's photos")?;
    Ok(rows
        .iter()
        .filter_map(|(id, key, thumb, width, height, webp)| {
            photo(id, key, thumb.as_deref(), *width, *height, webp.as_deref())
        })
        .collect())
}

/// A public photo from its `media` columns; `None` when its size is not known.
fn photo(
    media_id: &str,
    storage_key: &str,
    thumb_key: Option<&str>,
    width: i64,
    height: i64,
    webp_widths: Option<&str>,
) -> Option<TourPhoto> {
    let variants =
        upload::image_variants(Some(storage_key), Some(width), Some(height), webp_widths)?;
    Some(TourPhoto {
        id: media_id.to_owned(),
        url: upload::public_url(storage_key),
        thumb_url: upload::public_url(thumb_key.unwrap_or(storage_key)),
        variants,
    })
}

/// A tour's cover as the in-memory list keeps it: its `media` columns, without spare
/// capacity, made into a `TourPhoto` only for the page that shows it.
pub struct Cover {
    pub media_id: Box<str>,
    pub storage_key: Box<str>,
    pub thumb_key: Option<Box<str>>,
    pub width: i64,
    pub height: i64,
    pub webp_widths: Option<Box<str>>,
}

impl Cover {
    pub fn photo(&self) -> Option<TourPhoto> {
        photo(
            &self.media_id,
            &self.storage_key,
            self.thumb_key.as_deref(),
            self.width,
            self.height,
            self.webp_widths.as_deref(),
        )
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
pub async fn delete_all(db: &Db, store: &MediaStore, tour_id: &str) -> AppResult<()> {
    let ids: Vec<(String,)> = sqlx::query_as("SELECT media_id FROM tour_photos WHERE tour_id = $1")
        .bind(tour_id)
        .fetch_all(&db.pool)
        .await?;
    let ids: Vec<String> = ids.into_iter().map(|(id,)| id).collect();
    upload::delete(db, store, &ids).await
}

pub fn archived() -> AppError {
    AppError::Conflict("This tour is archived and cannot be changed".into())
}

/// Starts the write that changes a tour's photos: holds the tour's row so that two changes
/// to one tour's photos take turns (PostgreSQL; SQLite's write transaction already does),
/// and checks again that it may change.
pub async fn begin_change(db: &Db, id: &str) -> AppResult<sqlx::Transaction<'static, sqlx::Any>> {
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
        Some(_) => {
            // The cover shows on the tour's card in the list.
            catalogue_changes::record(&mut tx, Kind::Tour, &[id]).await?;
            Ok(tx)
        }
    }
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
