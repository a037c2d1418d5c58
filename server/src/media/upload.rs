//! Storing uploads: reading multipart files with a size cap, saving the re-encoded image
//! and its thumbnail with a `media` row, replacing an image (the old one is deleted) and
//! the URLs the API hands out.

use axum::extract::multipart::{Field, MultipartError};
use serde::Serialize;
use utoipa::ToSchema;

use super::processing::{self, Processed, Variants};
use crate::catalogue_changes::{self, Kind};
use crate::db::{Db, new_id, now_ms};
use crate::error::{AppError, AppResult};
use crate::media_store::MediaStore;

/// What an image is for; decides whether it is public.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MediaKind {
    GuideProfilePicture,
    GuideCover,
    Certificate,
    TouristProfilePicture,
    TouristCover,
    IdCard,
    Destination,
    Blog,
    TourPhoto,
    ReviewPhoto,
}

impl MediaKind {
    pub fn as_str(self) -> &'static str {
        match self {
            MediaKind::GuideProfilePicture => "guide_profile_picture",
            MediaKind::GuideCover => "guide_cover",
            MediaKind::Certificate => "certificate",
            MediaKind::TouristProfilePicture => "tourist_profile_picture",
            MediaKind::TouristCover => "tourist_cover",
            MediaKind::IdCard => "id_card",
            MediaKind::Destination => "destination",
            MediaKind::Blog => "blog",
            MediaKind::TourPhoto => "tour_photo",
            MediaKind::ReviewPhoto => "review_photo",
        }
    }

    /// Only pictures shown in pages get WebP copies.
    pub fn variants(self) -> Variants {
        if self.is_public() { Variants::WebP } else { Variants::None }
    }

    /// ID cards and certificates are seen only by their owner and admins.
    pub fn is_public(self) -> bool {
        !matches!(self, MediaKind::Certificate | MediaKind::IdCard)
    }
}

/// Body limit of a route taking one image: the image plus room for the multipart framing.
pub const SINGLE_IMAGE_BODY_LIMIT: usize = processing::MAX_IMAGE_BYTES + 256 * 1024;

/// Reads an uploaded file, refusing more than `MAX_IMAGE_BYTES` as soon as it is exceeded.
pub async fn read_file(mut field: Field<'_>) -> AppResult<Vec<u8>> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
        if bytes.len() + chunk.len() > processing::MAX_IMAGE_BYTES {
            return Err(processing::too_many_bytes());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// The first file in a field with one of `names`; 400 when there is none (or it is empty).
pub async fn single_image(
    mut multipart: axum::extract::Multipart,
    names: &[&str],
) -> AppResult<Vec<u8>> {
    while let Some(field) = multipart.next_field().await.map_err(multipart_error)? {
        if field.name().is_some_and(|name| names.contains(&name)) {
            let bytes = read_file(field).await?;
            if bytes.is_empty() {
                break;
            }
            return Ok(bytes);
        }
    }
    Err(no_image())
}

/// A multipart form of text fields and at most one image (destinations, blog posts).
#[derive(Debug, Default)]
pub struct ImageForm {
    fields: std::collections::HashMap<String, String>,
    /// The image's bytes; `None` when the field was absent or held an empty file.
    pub image: Option<Vec<u8>>,
}

impl ImageForm {
    /// Reads every field: `image_field` as the image, the others as UTF-8 text of at
    /// most `text_max` bytes each (a later field of the same name wins).
    pub async fn read(
        mut multipart: axum::extract::Multipart,
        image_field: &str,
        text_max: usize,
    ) -> AppResult<Self> {
        let mut form = Self::default();
        while let Some(mut field) = multipart.next_field().await.map_err(multipart_error)? {
            let Some(name) = field.name().map(str::to_owned) else { continue };
            if name == image_field {
                let bytes = read_file(field).await?;
                form.image = Some(bytes).filter(|b| !b.is_empty());
                continue;
            }
            let mut bytes = Vec::new();
            while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
                if bytes.len() + chunk.len() > text_max {
                    return Err(AppError::PayloadTooLarge(format!("The {name} field is too long")));
                }
                bytes.extend_from_slice(&chunk);
            }
            let text = String::from_utf8(bytes)
                .map_err(|_| AppError::validation(format!("The {name} field is not valid text")))?;
            form.fields.insert(name, text);
        }
        Ok(form)
    }

    /// A text field as sent; `None` when absent.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.fields.get(name).map(String::as_str)
    }
}

pub fn no_image() -> AppError {
    AppError::validation("Please choose an image")
}

pub fn multipart_error(error: MultipartError) -> AppError {
    if error.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        processing::too_many_bytes()
    } else {
        AppError::validation("The upload could not be read. Please try again.")
    }
}

/// Checks, re-encodes and stores an image; returns the new media id.
pub async fn save(
    db: &Db,
    store: &MediaStore,
    owner_id: &str,
    kind: MediaKind,
    bytes: Vec<u8>,
) -> AppResult<String> {
    let processed = processing::process(bytes, kind.variants()).await?;
    save_processed(db, store, owner_id, kind, processed).await
}

pub async fn save_processed(
    db: &Db,
    store: &MediaStore,
    owner_id: &str,
    kind: MediaKind,
    processed: Processed,
) -> AppResult<String> {
    let id = new_id();
    let folder = if kind.is_public() { "public" } else { "private" };
    let extension = processed.format.extension();
    let key = format!("{folder}/{id}.{extension}");
    let thumb_key = format!("{folder}/{id}-thumb.{extension}");
    let byte_size = processed.image.len() as i64;
    let webp = if kind.is_public() { processed.webp } else { Vec::new() };
    let webp_widths =
        (!webp.is_empty()).then(|| webp_widths_text(webp.iter().map(|(width, _)| *width)));

    let mut stored = Vec::new();
    let files = [(key.clone(), processed.image), (thumb_key.clone(), processed.thumb)]
        .into_iter()
        .chain(webp.into_iter().map(|(width, bytes)| (webp_key(&key, width), bytes)));
    for (file_key, bytes) in files {
        if let Err(e) = store.put(&file_key, bytes).await {
            remove_files(store, &stored.iter().map(String::as_str).collect::<Vec<_>>()).await;
            return Err(e.into());
        }
        stored.push(file_key);
    }
    let inserted = sqlx::query(
        "INSERT INTO media (id, owner_id, kind, is_public, content_type, storage_key, thumb_key, width, height, byte_size, created_at, webp_widths) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(&id)
    .bind(owner_id)
    .bind(kind.as_str())
    .bind(kind.is_public())
    .bind(processed.format.content_type())
    .bind(&key)
    .bind(&thumb_key)
    .bind(i64::from(processed.width))
    .bind(i64::from(processed.height))
    .bind(byte_size)
    .bind(now_ms())
    .bind(webp_widths)
    .execute(&db.pool)
    .await;
    if let Err(e) = inserted {
        remove_files(store, &stored.iter().map(String::as_str).collect::<Vec<_>>()).await;
        return Err(e.into());
    }
    Ok(id)
}

/// Where the WebP copy `width` pixels wide of the image at `storage_key` is kept:
/// `public/<id>.jpg` has `public/<id>-640w.webp`.
pub fn webp_key(storage_key: &str, width: u32) -> String {
    let stem = storage_key.rsplit_once('.').map_or(storage_key, |(stem, _)| stem);
    format!("{stem}-{width}w.webp")
}

pub fn webp_widths_text(widths: impl Iterator<Item = u32>) -> String {
    widths.map(|w| w.to_string()).collect::<Vec<_>>().join(",")
}

/// The widths in a `media.webp_widths` value; anything unreadable is skipped.
pub fn parse_webp_widths(text: Option<&str>) -> Vec<u32> {
    text.unwrap_or("").split(',').filter_map(|w| w.trim().parse().ok()).collect()
}

/// Deletes media rows and their files. References to them are cleared by the schema
/// (`ON DELETE SET NULL`). A file that cannot be removed is logged, not reported: the
/// row is gone, so nothing can reach it any more.
pub async fn delete(db: &Db, store: &MediaStore, ids: &[String]) -> AppResult<()> {
    for id in ids {
        let keys: Option<(String, Option<String>, Option<String>)> = sqlx::query_as(
            "DELETE FROM media WHERE id = $1 RETURNING storage_key, thumb_key, webp_widths",
        )
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
        if let Some((key, thumb_key, webp_widths)) = keys {
            let copies: Vec<String> = parse_webp_widths(webp_widths.as_deref())
                .into_iter()
                .map(|w| webp_key(&key, w))
                .collect();
            let mut files = vec![key.as_str()];
            files.extend(thumb_key.as_deref());
            files.extend(copies.iter().map(String::as_str));
            remove_files(store, &files).await;
        }
    }
    Ok(())
}

async fn remove_files(store: &MediaStore, keys: &[&str]) {
    for key in keys {
        if let Err(e) = store.delete(key).await {
            tracing::warn!(error = ?e, key, "media file left behind");
        }
    }
}

/// The one image a profile holds in a column; uploading a new one replaces it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    GuideProfilePicture,
    GuideCover,
    TouristProfilePicture,
    TouristCover,
    TouristIdCard,
}

impl Slot {
    fn is_guides(self) -> bool {
        matches!(self, Slot::GuideProfilePicture | Slot::GuideCover)
    }

    pub fn kind(self) -> MediaKind {
        match self {
            Slot::GuideProfilePicture => MediaKind::GuideProfilePicture,
            Slot::GuideCover => MediaKind::GuideCover,
            Slot::TouristProfilePicture => MediaKind::TouristProfilePicture,
            Slot::TouristCover => MediaKind::TouristCover,
            Slot::TouristIdCard => MediaKind::IdCard,
        }
    }

    fn ensure_row_sql(self) -> &'static str {
        match self {
            Slot::GuideProfilePicture | Slot::GuideCover => {
                "INSERT INTO guide_details (user_id, created_at, updated_at) VALUES ($1, $2, $2) ON CONFLICT (user_id) DO NOTHING"
            }
            _ => {
                "INSERT INTO tourist_details (user_id, created_at, updated_at) VALUES ($1, $2, $2) ON CONFLICT (user_id) DO NOTHING"
            }
        }
    }

    fn current_sql(self) -> &'static str {
        match self {
            Slot::GuideProfilePicture => {
                "SELECT profile_picture_id FROM guide_details WHERE user_id = $1"
            }
            Slot::GuideCover => "SELECT cover_image_id FROM guide_details WHERE user_id = $1",
            Slot::TouristProfilePicture => {
                "SELECT profile_picture_id FROM tourist_details WHERE user_id = $1"
            }
            Slot::TouristCover => "SELECT cover_image_id FROM tourist_details WHERE user_id = $1",
            Slot::TouristIdCard => {
                "SELECT id_card_image_id FROM tourist_details WHERE user_id = $1"
            }
        }
    }

    /// Sets the new id only if the column still holds the old one (compare and swap).
    fn swap_sql(self) -> &'static str {
        match self {
            Slot::GuideProfilePicture => {
                "UPDATE guide_details SET profile_picture_id = $1, updated_at = $2 \
                 WHERE user_id = $3 AND profile_picture_id IS NOT DISTINCT FROM $4"
            }
            Slot::GuideCover => {
                "UPDATE guide_details SET cover_image_id = $1, updated_at = $2 \
                 WHERE user_id = $3 AND cover_image_id IS NOT DISTINCT FROM $4"
            }
            Slot::TouristProfilePicture => {
                "UPDATE tourist_details SET profile_picture_id = $1, updated_at = $2 \
                 WHERE user_id = $3 AND profile_picture_id IS NOT DISTINCT FROM $4"
            }
            Slot::TouristCover => {
                "UPDATE tourist_details SET cover_image_id = $1, updated_at = $2 \
                 WHERE user_id = $3 AND cover_image_id IS NOT DISTINCT FROM $4"
            }
            Slot::TouristIdCard => {
                "UPDATE tourist_details SET id_card_image_id = $1, updated_at = $2 \
                 WHERE user_id = $3 AND id_card_image_id IS NOT DISTINCT FROM $4"
            }
        }
    }
}

/// Stores `bytes` as the user's image in `slot` and deletes the image it replaces.
pub async fn replace(
    db: &Db,
    store: &MediaStore,
    user_id: &str,
    slot: Slot,
    bytes: Vec<u8>,
) -> AppResult<()> {
    replace_processed(
        db,
        store,
        user_id,
        slot,
        processing::process(bytes, slot.kind().variants()).await?,
    )
    .await
}

/// Like `replace`, for an image already processed (the demo seed draws its own).
pub async fn replace_processed(
    db: &Db,
    store: &MediaStore,
    user_id: &str,
    slot: Slot,
    processed: Processed,
) -> AppResult<()> {
    let new = save_processed(db, store, user_id, slot.kind(), processed).await?;
    match point_slot_at(db, user_id, slot, &new).await {
        Ok(old) => delete(db, store, &old.into_iter().collect::<Vec<_>>()).await,
        Err(e) => {
            delete(db, store, &[new]).await?;
            Err(e)
        }
    }
}

/// Points the slot at `new`; returns the id it held before. Two uploads racing for one
/// slot both end with their old image deleted: the loser of a swap reads again.
async fn point_slot_at(db: &Db, user_id: &str, slot: Slot, new: &str) -> AppResult<Option<String>> {
    sqlx::query(slot.ensure_row_sql()).bind(user_id).bind(now_ms()).execute(&db.pool).await?;
    for _ in 0..5 {
        let (old,): (Option<String>,) =
            sqlx::query_as(slot.current_sql()).bind(user_id).fetch_one(&db.pool).await?;
        let mut tx = db.begin_write().await?;
        let swapped = sqlx::query(slot.swap_sql())
            .bind(new)
            .bind(now_ms())
            .bind(user_id)
            .bind(old.as_deref())
            .execute(&mut *tx)
            .await?;
        if swapped.rows_affected() == 1 {
            if slot.is_guides() {
                // Their cards show it, tours' cards included.
                catalogue_changes::record(&mut tx, Kind::Guide, &[user_id]).await?;
            }
            tx.commit().await?;
            return Ok(old);
        }
    }
    Err(AppError::Conflict(
        "Another upload changed this image at the same time. Please try again.".into(),
    ))
}

/// How to show a public image without the page shifting: its WebP copies for
/// `<img srcset>` and its size for `width` and `height`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ImageVariants {
    /// `<img srcset>`: the WebP copies with their widths (`/media/<id>-320w.webp 320w,
    /// /media/<id>-640w.webp 640w`), or the image itself at its width while it has none.
    pub srcset: String,
    /// The image's width in pixels (copies keep its proportions).
    pub width: u32,
    pub height: u32,
}

/// The variants of the public image at `storage_key` from its `media` columns; `None`
/// when there is no image (a LEFT JOIN found nothing).
pub fn image_variants(
    storage_key: Option<&str>,
    width: Option<i64>,
    height: Option<i64>,
    webp_widths: Option<&str>,
) -> Option<ImageVariants> {
    let (storage_key, width, height) =
        (storage_key?, u32::try_from(width?).ok()?, u32::try_from(height?).ok()?);
    let copies = parse_webp_widths(webp_widths);
    let srcset = if copies.is_empty() {
        format!("{} {width}w", public_url(storage_key))
    } else {
        copies
            .iter()
            .map(|&w| format!("{} {w}w", public_url(&webp_key(storage_key, w))))
            .collect::<Vec<_>>()
            .join(", ")
    };
    Some(ImageVariants { srcset, width, height })
}

/// URL of a public image: `public/<id>.jpg` is served at `/media/<id>.jpg`.
pub fn public_url(storage_key: &str) -> String {
    format!("/media/{}", storage_key.strip_prefix("public/").unwrap_or(storage_key))
}

/// URL of a private image, served only to its owner and admins with their token.
pub fn private_url(media_id: &str) -> String {
    format!("/api/v1/media/private/{media_id}")
}
