//! Serving media: public images at stable URLs with long cache headers, private ones
//! (ID cards, certificates) only to their owner and to admins.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::processing::OutputFormat;
use crate::error::{AppError, AppResult, ErrorBody, Path};
use crate::http::AppState;
use crate::http::Role;
use crate::http::session::Session;

/// `/media/...` (public files) and `/api/v1/media/private/...`.
pub fn public_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(public_image))
}

pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(private_image))
}

fn image_not_found() -> AppError {
    AppError::NotFound("Image not found".into())
}

/// A public image, its thumbnail or one of its WebP copies (`<id>.jpg`, `<id>-thumb.jpg`,
/// `<id>-640w.webp`). The file behind a URL never changes (a new upload gets a new id),
/// so browsers and CDNs may keep it a year.
#[utoipa::path(get, path = "/media/{file}", tag = "media",
    params(("file" = String, Path, description = "`<id>.<ext>`, `<id>-thumb.<ext>` or `<id>-<width>w.webp` as given in a profile")),
    responses(
        (status = 200, description = "The image", content_type = "image/*", body = Vec<u8>),
        (status = 404, body = ErrorBody),
    ))]
async fn public_image(
    State(state): State<AppState>,
    Path(file): Path<String>,
) -> AppResult<Response> {
    let content_type = public_file_type(&file).ok_or_else(image_not_found)?;
    let bytes = state.media.get(&format!("public/{file}")).await?.ok_or_else(image_not_found)?;
    Ok(image_response(bytes, content_type, "public, max-age=31536000, immutable"))
}

/// Only names we hand out reach the store: 32 hex digits, then `-thumb` or nothing and
/// our extension, or `-<width>w.webp`.
fn public_file_type(file: &str) -> Option<&'static str> {
    let (stem, extension) = file.rsplit_once('.')?;
    let (id, content_type) = if extension == "webp" {
        let (id, width) = stem.rsplit_once('-')?;
        let digits = width.strip_suffix('w')?;
        let valid_width =
            (1..=4).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit());
        (valid_width.then_some(id)?, "image/webp")
    } else {
        (
            stem.strip_suffix("-thumb").unwrap_or(stem),
            OutputFormat::from_extension(extension)?.content_type(),
        )
    };
    let valid_id =
        id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase());
    valid_id.then_some(content_type)
}

/// A private image: the owner's own ID card or certificate, or any of them for an admin.
/// Fetch it with the bearer token; it is never cached by browsers or proxies.
#[utoipa::path(get, path = "/media/private/{id}", tag = "media", security(("bearer" = [])),
    params(("id" = String, Path, description = "The media id from a profile's private image URL")),
    responses(
        (status = 200, description = "The image", content_type = "image/*", body = Vec<u8>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Neither the owner nor an admin"),
        (status = 404, body = ErrorBody),
    ))]
async fn private_image(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
) -> AppResult<Response> {
    let found: Option<(Option<String>, String, String)> = sqlx::query_as(
        "SELECT owner_id, content_type, storage_key FROM media WHERE id = $1 AND NOT is_public",
    )
    .bind(&id)
    .fetch_optional(&state.db.pool)
    .await?;
    let (owner_id, content_type, key) = found.ok_or_else(image_not_found)?;
    if owner_id.as_deref() != Some(session.user_id.as_str())
        && session.stored_role(&state.db).await? != Role::Admin
    {
        return Err(AppError::Forbidden("Only the owner and admins may see this image".into()));
    }
    let bytes = state.media.get(&key).await?.ok_or_else(image_not_found)?;
    Ok(image_response(bytes, &content_type, "private, no-store"))
}

fn image_response(
    bytes: bytes::Bytes,
    content_type: &str,
    cache_control: &'static str,
) -> Response {
    let content_type = HeaderValue::from_str(content_type)
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, HeaderValue::from_static(cache_control)),
        ],
        bytes,
    )
        .into_response()
}
