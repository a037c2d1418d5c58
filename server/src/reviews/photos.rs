//! A review's photos: uploaded one at a time beforehand (`POST /reviews/photos`, the usual
//! image checks, metadata stripped, WebP copies), then named by id in the review. Only the
//! traveller's own review photos, five at most, each in one review.

use anyhow::Context;
use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::db::{Backend, Db, is_unique_violation};
use crate::error::{AppError, AppResult};
use crate::media::upload::{self, ImageVariants, MediaKind};

/// Photos one review may have.
pub const MAX_PHOTOS: usize = 5;

/// Photos in a guide's photo strip: their latest reviews' photos.
const STRIP_MAX: i64 = 12;

/// A photo of a review.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewPhoto {
    #[serde(rename = "_id")]
    pub id: String,
    /// The photo as uploaded (re-encoded, without metadata).
    pub url: String,
    /// A smaller copy (at most 480 px) for the strip and the review.
    pub thumb_url: String,
    /// WebP copies and size, for `<img srcset width height>`.
    pub variants: ImageVariants,
}

type PhotoColumns = (String, String, Option<String>, i64, i64, Option<String>);

fn photo((id, key, thumb, width, height, webp): &PhotoColumns) -> Option<ReviewPhoto> {
    Some(ReviewPhoto {
        id: id.clone(),
        url: upload::public_url(key),
        thumb_url: upload::public_url(thumb.as_deref().unwrap_or(key)),
        variants: upload::image_variants(Some(key), Some(*width), Some(*height), webp.as_deref())?,
    })
}

/// A review's photos in order, as a column of the review's own query: `rating` is the SQL
/// naming the review's id there.
pub fn photos_column(backend: Backend, rating: &str) -> String {
    backend.json_rows(
        "p.media_id, m.storage_key, m.thumb_key, m.width, m.height, m.webp_widths",
        &format!(
            "FROM review_photos p JOIN media m ON m.id = p.media_id WHERE p.rating_id = {rating}"
        ),
        "p.position",
    )
}

/// The photos of a `photos_column`.
pub fn from_column(column: &str) -> AppResult<Vec<ReviewPhoto>> {
    let rows: Vec<PhotoColumns> = serde_json::from_str(column).context("a review's photos")?;
    Ok(rows.iter().filter_map(photo).collect())
}

/// The guide's latest review photos, for the strip on their page.
pub async fn strip(db: &Db, guide_id: &str) -> AppResult<Vec<ReviewPhoto>> {
    let rows: Vec<PhotoColumns> = sqlx::query_as(
        "SELECT m.id, m.storage_key, m.thumb_key, m.width, m.height, m.webp_widths \
         FROM review_photos p JOIN ratings r ON r.id = p.rating_id JOIN media m ON m.id = p.media_id \
         WHERE r.guide_id = $1 AND r.hidden_at IS NULL \
         ORDER BY r.created_at DESC, r.id DESC, p.position LIMIT $2",
    )
    .bind(guide_id)
    .bind(STRIP_MAX)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.iter().filter_map(photo).collect())
}

fn not_yours() -> AppError {
    AppError::validation("Photos must be ones you uploaded for this review")
}

/// The photo ids of a request, checked: at most five, each once.
pub fn parse_ids(ids: &[String]) -> AppResult<Vec<String>> {
    if ids.len() > MAX_PHOTOS {
        return Err(AppError::validation(format!("A review can have at most {MAX_PHOTOS} photos")));
    }
    let mut seen = std::collections::HashSet::new();
    if !ids.iter().all(|id| seen.insert(id.as_str())) {
        return Err(AppError::validation("Each photo can be added once"));
    }
    Ok(ids.to_vec())
}

/// Makes `ids` the photos of review `rating_id`, in that order, inside the caller's
/// transaction; answers the ids of the photos it had and no longer has, whose media the
/// caller deletes once committed. Each id must be a review photo `tourist_id` uploaded
/// that is in no other review.
pub async fn set(
    conn: &mut AnyConnection,
    tourist_id: &str,
    rating_id: &str,
    ids: &[String],
    now: i64,
) -> AppResult<Vec<String>> {
    for id in ids {
        let found: Option<(Option<String>,)> = sqlx::query_as(
            "SELECT p.rating_id FROM media m LEFT JOIN review_photos p ON p.media_id = m.id \
             WHERE m.id = $1 AND m.owner_id = $2 AND m.kind = $3",
        )
        .bind(id)
        .bind(tourist_id)
        .bind(MediaKind::ReviewPhoto.as_str())
        .fetch_optional(&mut *conn)
        .await?;
        match found {
            Some((None,)) => {}
            Some((Some(review),)) if review == rating_id => {}
            _ => return Err(not_yours()),
        }
    }
    let before: Vec<(String,)> =
        sqlx::query_as("DELETE FROM review_photos WHERE rating_id = $1 RETURNING media_id")
            .bind(rating_id)
            .fetch_all(&mut *conn)
            .await?;
    for (position, id) in ids.iter().enumerate() {
        let inserted = sqlx::query(
            "INSERT INTO review_photos (media_id, rating_id, position, created_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(rating_id)
        .bind(position as i64)
        .bind(now)
        .execute(&mut *conn)
        .await;
        match inserted {
            Ok(_) => {}
            // Another review took this photo at the same moment.
            Err(e) if is_unique_violation(&e) => return Err(not_yours()),
            Err(e) => return Err(e.into()),
        }
    }
    Ok(before.into_iter().map(|(id,)| id).filter(|id| !ids.contains(id)).collect())
}

/// A review photo by its media id.
pub async fn find(db: &Db, media_id: &str) -> AppResult<Option<ReviewPhoto>> {
    let row: Option<PhotoColumns> = sqlx::query_as(
        "SELECT id, storage_key, thumb_key, width, height, webp_widths FROM media WHERE id = $1 AND kind = $2",
    )
    .bind(media_id)
    .bind(MediaKind::ReviewPhoto.as_str())
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.as_ref().and_then(photo))
}
