//! Certificates a guide submits for verification, and corrections to them.

use axum::extract::State;
use axum::extract::multipart::Field;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use super::domain::{CERTIFICATES_MAX, Certificate, CertificateRequest, fill_every_field};
use super::profile;
use super::profile::{GuideUpdateResponse, updated};
use crate::calendar::date_text;
use crate::db::{new_id, now_ms};
use crate::error::{AppError, AppResult, ErrorBody, Json, Multipart};
use crate::http::AppState;
use crate::http::session::Guide;
use crate::media::forms::CertificatesUpload;
use crate::media::processing::{self, MAX_IMAGE_BYTES, Variants};
use crate::media::upload::{self, MediaKind, multipart_error};

/// Ten files of 8 MB and the list, with room for the multipart framing.
pub const CERTIFICATES_BODY_LIMIT: usize = CERTIFICATES_MAX * MAX_IMAGE_BYTES + 1024 * 1024;
/// The JSON list of ten certificates is far smaller than this.
const LIST_TEXT_MAX: usize = 64 * 1024;

/// Submit certificates for review. They replace the guide's earlier ones (whose files are
/// deleted), or with `mode=add` join them, and put the guide in the admins' queue; allowed
/// again after a rejection. A verified guide stays listed while the admins look.
#[utoipa::path(post, path = "/guides/certification", tag = "guides", security(("bearer" = [])),
    request_body(content = CertificatesUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = GuideUpdateResponse),
        (status = 400, body = ErrorBody, description = "A field or file is missing, a date is wrong, or an addition would make more than 10"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 413, body = ErrorBody, description = "A file is over 8 MB"),
        (status = 415, body = ErrorBody, description = "A file is not a JPEG, PNG or WebP image"),
        (status = 429, body = ErrorBody, description = "Too many uploads from this account or address, or too many uploads at once; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
pub async fn submit_certificates(
    State(state): State<AppState>,
    Guide(session): Guide,
    Multipart(mut form): Multipart,
) -> AppResult<(StatusCode, Json<GuideUpdateResponse>)> {
    let mut list: Option<String> = None;
    let mut mode = Mode::Replace;
    let mut files: Vec<Vec<u8>> = Vec::new();
    while let Some(field) = form.next_field().await.map_err(multipart_error)? {
        match field.name() {
            Some("certificates") => list = Some(read_list(field).await?),
            Some("mode") => mode = Mode::parse(&read_list(field).await?)?,
            Some("certificateImage") => {
                if files.len() == CERTIFICATES_MAX {
                    return Err(too_many());
                }
                files.push(upload::read_file(field).await?);
            }
            _ => {}
        }
    }
    let certificates = parse_list(list.as_deref(), &files)?;

    // Every image is checked before anything is stored, so a bad one changes nothing.
    let mut processed = Vec::with_capacity(files.len());
    for bytes in files {
        processed.push(processing::process(bytes, Variants::None).await?);
    }
    let mut image_ids = Vec::with_capacity(processed.len());
    for picture in processed {
        match upload::save_processed(
            &state.db,
            &state.media,
            &session.user_id,
            MediaKind::Certificate,
            picture,
        )
        .await
        {
            Ok(id) => image_ids.push(id),
            Err(e) => {
                upload::delete(&state.db, &state.media, &image_ids).await?;
                return Err(e);
            }
        }
    }
    match store_certificates(&state, &session.user_id, mode, &certificates, &image_ids).await {
        Ok(old_images) => upload::delete(&state.db, &state.media, &old_images).await?,
        Err(e) => {
            upload::delete(&state.db, &state.media, &image_ids).await?;
            return Err(e);
        }
    }
    let guide = profile::get(&state.db, &session.user_id).await?;
    Ok((StatusCode::CREATED, updated("Certificates submitted for review", guide)))
}

/// Whether a submission replaces the guide's certificates or adds to them. Adding lets a
/// verified guide send a renewed licence without sending every other certificate again.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Replace,
    Add,
}

impl Mode {
    fn parse(text: &str) -> AppResult<Self> {
        match text.trim() {
            "" | "replace" => Ok(Self::Replace),
            "add" => Ok(Self::Add),
            _ => Err(AppError::validation("The mode must be add or replace")),
        }
    }
}

fn too_many() -> AppError {
    AppError::validation(format!("Please add at most {CERTIFICATES_MAX} certificates"))
}

async fn read_list(mut field: Field<'_>) -> AppResult<String> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
        if bytes.len() + chunk.len() > LIST_TEXT_MAX {
            return Err(too_many());
        }
        bytes.extend_from_slice(&chunk);
    }
    String::from_utf8(bytes).map_err(|_| invalid_list())
}

fn invalid_list() -> AppError {
    AppError::validation("The certificates field must be a JSON list of certificates")
}

/// The list, one valid entry per non-empty file, in the same order.
fn parse_list(list: Option<&str>, files: &[Vec<u8>]) -> AppResult<Vec<Certificate>> {
    let list = list.map(str::trim).filter(|l| !l.is_empty()).ok_or_else(fill_every_field)?;
    let entries: Vec<CertificateRequest> =
        serde_json::from_str(list).map_err(|_| invalid_list())?;
    if entries.len() > CERTIFICATES_MAX {
        return Err(too_many());
    }
    if entries.is_empty() || entries.len() != files.len() || files.iter().any(Vec::is_empty) {
        return Err(fill_every_field());
    }
    entries.into_iter().map(Certificate::try_from).collect()
}

/// Swaps the guide's certificates for the new ones (or adds them) and queues the guide for
/// review, in one transaction; returns the images of replaced certificates, now to be deleted.
async fn store_certificates(
    state: &AppState,
    guide_id: &str,
    mode: Mode,
    certificates: &[Certificate],
    image_ids: &[String],
) -> AppResult<Vec<String>> {
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let old: Vec<(Option<String>,)> =
        sqlx::query_as("SELECT image_id FROM certifications WHERE guide_id = $1")
            .bind(guide_id)
            .fetch_all(&mut *tx)
            .await?;
    let old = if mode == Mode::Add {
        // Counted inside the write transaction, so two additions at once cannot pass 10.
        if old.len() + certificates.len() > CERTIFICATES_MAX {
            return Err(too_many());
        }
        Vec::new()
    } else {
        sqlx::query("DELETE FROM certifications WHERE guide_id = $1")
            .bind(guide_id)
            .execute(&mut *tx)
            .await?;
        old
    };
    for (index, (certificate, image_id)) in certificates.iter().zip(image_ids).enumerate() {
        sqlx::query(
            "INSERT INTO certifications (id, guide_id, name, issuing_organization, issue_date, image_id, licence_number, expires_on, \
               created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
        )
        .bind(new_id())
        .bind(guide_id)
        .bind(&certificate.name)
        .bind(&certificate.issuing_organization)
        .bind(certificate.issue_date.to_text())
        .bind(image_id)
        .bind(certificate.licence.as_ref().map(|l| l.number.clone()))
        .bind(certificate.licence.as_ref().map(|l| date_text(l.expires_on)))
        // One millisecond apart keeps the submitted order when listing by time.
        .bind(now + index as i64)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query(
        "INSERT INTO guide_details (user_id, review_state, submitted_at, created_at, updated_at) \
         VALUES ($1, 'submitted', $2, $2, $2) \
         ON CONFLICT (user_id) DO UPDATE SET review_state = 'submitted', review_note = '', \
           submitted_at = excluded.submitted_at, updated_at = excluded.updated_at",
    )
    .bind(guide_id)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(old.into_iter().filter_map(|(id,)| id).collect())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateUpdateRequest {
    pub certification_id: Option<String>,
    #[serde(flatten)]
    pub certificate: CertificateRequest,
}

/// Correct a certificate's name, issuer or date (the file stays).
#[utoipa::path(patch, path = "/guides/certification", tag = "guides", security(("bearer" = [])),
    request_body = CertificateUpdateRequest,
    responses(
        (status = 200, body = GuideUpdateResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Not one of the guide's certificates"),
    ))]
pub async fn update_certificate(
    State(state): State<AppState>,
    Guide(session): Guide,
    Json(body): Json<CertificateUpdateRequest>,
) -> AppResult<Json<GuideUpdateResponse>> {
    let not_found = || AppError::NotFound("Certificate not found".into());
    let id = body.certification_id.filter(|id| !id.trim().is_empty()).ok_or_else(not_found)?;
    let certificate = Certificate::try_from(body.certificate)?;
    let updated_rows = sqlx::query(
        "UPDATE certifications SET name = $1, issuing_organization = $2, issue_date = $3, licence_number = $4, expires_on = $5, \
           updated_at = $6 WHERE id = $7 AND guide_id = $8",
    )
    .bind(&certificate.name)
    .bind(&certificate.issuing_organization)
    .bind(certificate.issue_date.to_text())
    .bind(certificate.licence.as_ref().map(|l| l.number.clone()))
    .bind(certificate.licence.as_ref().map(|l| date_text(l.expires_on)))
    .bind(now_ms())
    .bind(&id)
    .bind(&session.user_id)
    .execute(&state.db.pool)
    .await?;
    if updated_rows.rows_affected() == 0 {
        return Err(not_found());
    }
    Ok(updated("Certificate updated", profile::get(&state.db, &session.user_id).await?))
}
