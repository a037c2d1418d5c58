//! Public destination list and page; admins create, edit and delete destinations.

use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::domain::DestinationInput;
use super::store::{Destination, DestinationRow, SELECT, find};
use super::trek::{TrekFacts, TrekFactsRequest};
use crate::db::{Db, Sql, is_unique_violation, new_id, now_ms};
use crate::error::{AppError, AppResult, ErrorBody, Json, Multipart, Path, Query};
use crate::http::AppState;
use crate::http::session::Admin;
use crate::http::{MessageResponse, success};
use crate::media::processing::{self, Processed, Variants};
use crate::media::upload::{self, ImageForm, MediaKind};
use crate::media_store::MediaStore;
use crate::moderation::audit::{self, AuditAction};
use crate::paging::{page_and_limit, total_pages};
use crate::text_search::{Query as SearchQuery, normalize};

/// Text fields of the form; the description is the longest at 5000 characters.
const FORM_TEXT_MAX: usize = 32 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    let public =
        OpenApiRouter::new().routes(routes!(list_destinations)).routes(routes!(destination_detail));
    let admin = OpenApiRouter::new()
        .routes(routes!(create_destination))
        .routes(routes!(update_destination, delete_destination))
        .routes(routes!(update_trek_facts))
        .layer(DefaultBodyLimit::max(upload::SINGLE_IMAGE_BODY_LIMIT));
    public.merge(admin)
}

fn not_found() -> AppError {
    AppError::NotFound("Destination not found".into())
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DestinationListParams {
    /// Default 1.
    #[param(minimum = 1, maximum = 100000)]
    page: Option<i64>,
    /// Default 6.
    #[param(minimum = 1, maximum = 50)]
    limit: Option<i64>,
    /// Words to find in the name, location and description (all must match).
    query: Option<String>,
    /// `featured` (default): popular ones first, then the best rated; `newest`: the most
    /// recently added first, as the admin's list shows them.
    #[param(inline)]
    sort: Option<DestinationSort>,
}

#[derive(Clone, Copy, Default, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DestinationSort {
    #[default]
    Featured,
    Newest,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DestinationListResponse {
    destinations: Vec<Destination>,
    total_pages: i64,
}

/// Destinations, popular ones first, then by rating (then id, a total order); or the newest
/// first.
#[utoipa::path(get, path = "/users/destinations", tag = "destinations", params(DestinationListParams),
    responses((status = 200, body = DestinationListResponse), (status = 400, body = ErrorBody)))]
async fn list_destinations(
    State(state): State<AppState>,
    Query(params): Query<DestinationListParams>,
) -> AppResult<Json<DestinationListResponse>> {
    let (page, limit) = page_and_limit(params.page, params.limit, 6)?;
    let words = SearchQuery::parse(params.query.as_deref());
    let mut sql = Sql::new(SELECT);
    let mut count = Sql::new("SELECT COUNT(*) FROM destinations d");
    if !words.is_empty() {
        for (target, column) in [(&mut sql, "d.search_text"), (&mut count, "d.search_text")] {
            let conditions: Vec<String> = words
                .words()
                .iter()
                .map(|w| format!("{column} LIKE {}", target.param(format!("%{w}%"))))
                .collect();
            target.push(&format!(" WHERE {}", conditions.join(" AND ")));
        }
    }
    let fetch = sql.param(limit);
    let offset = sql.param((page - 1) * limit);
    let order = match params.sort.unwrap_or_default() {
        DestinationSort::Featured => "d.popular DESC, d.rating DESC, d.id",
        DestinationSort::Newest => "d.created_at DESC, d.id DESC",
    };
    sql.push(&format!(" ORDER BY {order} LIMIT {fetch} OFFSET {offset}"));
    let rows: Vec<DestinationRow> = sql.query_as().fetch_all(&state.db.pool).await?;
    let (total,): (i64,) = count.query_as().fetch_one(&state.db.pool).await?;
    Ok(Json(DestinationListResponse {
        destinations: rows.into_iter().map(Destination::from).collect(),
        total_pages: total_pages(total, limit),
    }))
}

#[derive(Serialize, ToSchema)]
pub struct DestinationResponse {
    destination: Destination,
}

/// One destination.
#[utoipa::path(get, path = "/users/destination/{id}", tag = "destinations", params(("id" = String, Path)),
    responses((status = 200, body = DestinationResponse), (status = 404, body = ErrorBody)))]
async fn destination_detail(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> AppResult<Json<DestinationResponse>> {
    let destination = find(&state.db, &id).await?.ok_or_else(not_found)?;
    Ok(Json(DestinationResponse { destination }))
}

/// The admin's form, documented for OpenAPI (the handler reads the multipart stream).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
pub struct DestinationForm {
    #[schema(
        example = "Phewa Lake, Pokhara",
        min_length = 1,
        max_length = 120,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub name: String,
    #[schema(
        example = "Pokhara, Gandaki Province",
        min_length = 1,
        max_length = 120,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub location: String,
    #[schema(
        example = "The second largest lake in Nepal, under the Annapurna range.",
        min_length = 1,
        max_length = 5000,
        pattern = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$"
    )]
    pub description: String,
    /// Left out or empty: false.
    #[schema(value_type = String, required = false, pattern = r"^(true|false|on|off|1|0)?$")]
    pub popular: Option<String>,
    /// Degrees, -90 to 90; give both or neither of `latitude` and `longitude`.
    #[schema(value_type = String, required = false, example = "27.7172", pattern = r"^-?([0-8]?[0-9](\.[0-9]{1,8})?|90(\.0{1,8})?)$")]
    pub latitude: Option<String>,
    /// Degrees, -180 to 180.
    #[schema(value_type = String, required = false, example = "85.324", pattern = r"^-?((1[0-7][0-9]|[0-9]?[0-9])(\.[0-9]{1,8})?|180(\.0{1,8})?)$")]
    pub longitude: Option<String>,
    /// The destination's own highlights as a JSON list of texts, in order: at most 8, each
    /// 1 to 80 characters on one line. Left out or `[]`: none (the pages show the spec's four).
    #[schema(
        required = false,
        example = r#"["Sunrise over the Annapurnas", "Boating on Phewa Lake"]"#
    )]
    pub highlights: Option<String>,
    /// The same in Nepali.
    #[schema(required = false)]
    pub highlights_ne: Option<String>,
    /// The name in Nepali; left out or empty: none (readers of Nepali see the English).
    #[schema(required = false, max_length = 120, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    pub name_ne: Option<String>,
    /// The location in Nepali; left out or empty: none.
    #[schema(required = false, max_length = 120, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    pub location_ne: Option<String>,
    /// The description in Nepali; left out or empty: none.
    #[schema(
        required = false,
        max_length = 5000,
        pattern = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$"
    )]
    pub description_ne: Option<String>,
    /// JPEG, PNG or WebP, at most 8 MB: required when creating, optional when editing.
    #[schema(value_type = String, required = false, format = Binary)]
    pub image: Option<Vec<u8>>,
}

#[derive(Serialize, ToSchema)]
pub struct DestinationSaved {
    #[schema(example = "success")]
    status: &'static str,
    message: String,
    destination: Destination,
}

fn name_taken(error: sqlx::Error) -> AppError {
    if is_unique_violation(&error) {
        AppError::Conflict("A destination with this name already exists".into())
    } else {
        error.into()
    }
}

/// Add a destination with its photo.
#[utoipa::path(post, path = "/admin/destinations", tag = "admin", security(("bearer" = [])),
    request_body(content = DestinationForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = DestinationSaved),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The name is taken"),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "Too many uploads from this account or address, or too many uploads at once; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn create_destination(
    State(state): State<AppState>,
    Admin(session): Admin,
    Multipart(multipart): Multipart,
) -> AppResult<(StatusCode, Json<DestinationSaved>)> {
    let form = ImageForm::read(multipart, "image", FORM_TEXT_MAX).await?;
    let input = DestinationInput::parse(&form)?;
    let image = form
        .image
        .ok_or_else(|| AppError::validation("Please choose an image for the destination"))?;
    let image = processing::process(image, Variants::WebP).await?;
    let id = create(
        &state.db,
        &state.media,
        &session.user_id,
        &input,
        image,
        Audited::By(&session.user_id),
    )
    .await?;
    let destination = find(&state.db, &id).await?.ok_or_else(not_found)?;
    Ok((
        StatusCode::CREATED,
        Json(DestinationSaved {
            status: "success",
            message: "Destination created".into(),
            destination,
        }),
    ))
}

/// Who a destination change is recorded against in the audit log.
pub enum Audited<'a> {
    /// An admin, through the API.
    By(&'a str),
    /// The demo seed: not an admin's action.
    Seed,
}

/// Stores a new destination with its image; returns its id. Used by the seed too.
pub async fn create(
    db: &Db,
    media: &MediaStore,
    owner_id: &str,
    input: &DestinationInput,
    image: Processed,
    audited: Audited<'_>,
) -> AppResult<String> {
    let image_id =
        upload::save_processed(db, media, owner_id, MediaKind::Destination, image).await?;
    let id = new_id();
    let now = now_ms();
    if let Err(e) = insert(db, &id, &image_id, input, now, audited).await {
        upload::delete(db, media, &[image_id]).await?;
        return Err(e);
    }
    Ok(id)
}

/// The row and its audit entry, in one transaction.
async fn insert(
    db: &Db,
    id: &str,
    image_id: &str,
    input: &DestinationInput,
    now: i64,
    audited: Audited<'_>,
) -> AppResult<()> {
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "INSERT INTO destinations (id, name, location, description, image_id, popular, longitude, latitude, \
           search_text, created_at, updated_at, highlights, highlights_ne, name_ne, location_ne, description_ne) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12, $13, $14, $15)",
    )
    // Not a cached statement: sqlx 0.9.0's Any driver binds a missing f64 as a float4
    // NULL, so a statement first prepared without coordinates refuses later ones on
    // PostgreSQL ("incorrect binary data format in bind parameter").
    .persistent(false)
    .bind(id)
    .bind(&input.name)
    .bind(&input.location)
    .bind(&input.description)
    .bind(image_id)
    .bind(input.popular)
    .bind(input.coordinates.map(|c| c.longitude))
    .bind(input.coordinates.map(|c| c.latitude))
    .bind(search_text(input))
    .bind(now)
    .bind(input.highlights.to_column())
    .bind(input.nepali.highlights.to_column())
    .bind(&input.nepali.name)
    .bind(&input.nepali.location)
    .bind(&input.nepali.description)
    .execute(&mut *tx)
    .await
    .map_err(name_taken)?;
    if let Audited::By(admin_id) = audited {
        audit::record(&mut tx, admin_id, AuditAction::CreateDestination, id, "").await?;
    }
    Ok(tx.commit().await?)
}

/// The English and Nepali texts, so a search in either language finds the destination.
fn search_text(input: &DestinationInput) -> String {
    let nepali = &input.nepali;
    let texts = [
        Some(&input.name),
        Some(&input.location),
        Some(&input.description),
        nepali.name.as_ref(),
        nepali.location.as_ref(),
        nepali.description.as_ref(),
    ];
    normalize(&texts.into_iter().flatten().map(String::as_str).collect::<Vec<_>>().join(" "))
}

/// Edit a destination; a new photo replaces (and deletes) the old one.
#[utoipa::path(patch, path = "/admin/destinations/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    request_body(content = DestinationForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = DestinationSaved),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "Too many uploads from this account or address, or too many uploads at once; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn update_destination(
    State(state): State<AppState>,
    Admin(session): Admin,
    Path(id): Path<String>,
    Multipart(multipart): Multipart,
) -> AppResult<Json<DestinationSaved>> {
    let old_image: Option<(Option<String>,)> =
        sqlx::query_as("SELECT image_id FROM destinations WHERE id = $1")
            .bind(&id)
            .fetch_optional(&state.db.pool)
            .await?;
    let (old_image,) = old_image.ok_or_else(not_found)?;
    let form = ImageForm::read(multipart, "image", FORM_TEXT_MAX).await?;
    let input = DestinationInput::parse(&form)?;
    let new_image = match form.image {
        Some(bytes) => Some(
            upload::save(&state.db, &state.media, &session.user_id, MediaKind::Destination, bytes)
                .await?,
        ),
        None => None,
    };
    let updated = update(&state.db, &session.user_id, &id, &input, new_image.as_deref()).await;
    match updated {
        Ok(true) => {
            if new_image.is_some() {
                upload::delete(&state.db, &state.media, &old_image.into_iter().collect::<Vec<_>>())
                    .await?;
            }
        }
        outcome => {
            upload::delete(&state.db, &state.media, &new_image.into_iter().collect::<Vec<_>>())
                .await?;
            outcome?;
            return Err(not_found());
        }
    }
    let destination = find(&state.db, &id).await?.ok_or_else(not_found)?;
    Ok(Json(DestinationSaved {
        status: "success",
        message: "Destination updated".into(),
        destination,
    }))
}

/// The change and its audit row, in one transaction; false when the destination is gone.
async fn update(
    db: &Db,
    admin_id: &str,
    id: &str,
    input: &DestinationInput,
    new_image: Option<&str>,
) -> AppResult<bool> {
    let mut tx = db.begin_write().await?;
    crate::catalogue_changes::record_tours_at(&mut tx, id).await?;
    let updated = sqlx::query(
        "UPDATE destinations SET name = $1, location = $2, description = $3, popular = $4, \
           longitude = $5, latitude = $6, search_text = $7, image_id = COALESCE($8, image_id), updated_at = $9, \
           highlights = $11, highlights_ne = $12, name_ne = $13, location_ne = $14, description_ne = $15 WHERE id = $10",
    )
    // Not a cached statement: sqlx 0.9.0's Any driver binds a missing f64 as a float4
    // NULL, so a statement first prepared without coordinates refuses later ones on
    // PostgreSQL ("incorrect binary data format in bind parameter").
    .persistent(false)
    .bind(&input.name)
    .bind(&input.location)
    .bind(&input.description)
    .bind(input.popular)
    .bind(input.coordinates.map(|c| c.longitude))
    .bind(input.coordinates.map(|c| c.latitude))
    .bind(search_text(input))
    .bind(new_image)
    .bind(now_ms())
    .bind(id)
    .bind(input.highlights.to_column())
    .bind(input.nepali.highlights.to_column())
    .bind(&input.nepali.name)
    .bind(&input.nepali.location)
    .bind(&input.nepali.description)
    .execute(&mut *tx)
    .await
    .map_err(name_taken)?;
    if updated.rows_affected() != 1 {
        return Ok(false);
    }
    audit::record(&mut tx, admin_id, AuditAction::UpdateDestination, id, "").await?;
    tx.commit().await?;
    Ok(true)
}

/// Set a destination's trek facts and permits; they replace the earlier ones whole (an
/// empty body clears them, and the pages show the spec's fixed labels again).
#[utoipa::path(put, path = "/admin/destinations/{id}/trek", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    request_body = TrekFactsRequest,
    responses(
        (status = 200, body = DestinationSaved),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
async fn update_trek_facts(
    State(state): State<AppState>,
    Admin(session): Admin,
    Path(id): Path<String>,
    Json(body): Json<TrekFactsRequest>,
) -> AppResult<Json<DestinationSaved>> {
    let facts = TrekFacts::parse(body)?;
    let mut tx = state.db.begin_write().await?;
    let updated = sqlx::query("UPDATE destinations SET trek = $1, updated_at = $2 WHERE id = $3")
        .bind(facts.to_column())
        .bind(now_ms())
        .bind(&id)
        .execute(&mut *tx)
        .await?;
    if updated.rows_affected() != 1 {
        return Err(not_found());
    }
    audit::record(&mut tx, &session.user_id, AuditAction::UpdateDestination, &id, "trek facts")
        .await?;
    tx.commit().await?;
    let destination = find(&state.db, &id).await?.ok_or_else(not_found)?;
    Ok(Json(DestinationSaved {
        status: "success",
        message: "Trek facts updated".into(),
        destination,
    }))
}

/// Stores the seed's facts where a destination has none yet, so running the seed again (or
/// over an older demo database) fills them in without undoing an admin's edits.
pub async fn fill_trek_facts(db: &Db, name: &str, facts: &TrekFacts) -> AppResult<bool> {
    let updated = sqlx::query("UPDATE destinations SET trek = $1, updated_at = $2 WHERE lower(name) = lower($3) AND trek IS NULL")
        .bind(facts.to_column())
        .bind(now_ms())
        .bind(name)
        .execute(&db.pool)
        .await?;
    Ok(updated.rows_affected() == 1)
}

/// Stores the seed's highlights and Nepali texts where a destination has none of them (a
/// demo database made before issue 26), as `fill_trek_facts` does for its facts.
pub async fn fill_seed_texts(db: &Db, input: &DestinationInput) -> AppResult<()> {
    sqlx::query(
        "UPDATE destinations SET highlights = $1, highlights_ne = $2, name_ne = $3, location_ne = $4, \
           description_ne = $5 WHERE lower(name) = lower($6) AND highlights IS NULL AND highlights_ne IS NULL \
           AND name_ne IS NULL AND location_ne IS NULL AND description_ne IS NULL",
    )
    .bind(input.highlights.to_column())
    .bind(input.nepali.highlights.to_column())
    .bind(&input.nepali.name)
    .bind(&input.nepali.location)
    .bind(&input.nepali.description)
    .bind(&input.name)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Delete a destination and its photo.
#[utoipa::path(delete, path = "/admin/destinations/{id}", tag = "admin", security(("bearer" = [])), params(("id" = String, Path)),
    responses(
        (status = 200, body = MessageResponse),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    ))]
async fn delete_destination(
    State(state): State<AppState>,
    Admin(session): Admin,
    Path(id): Path<String>,
) -> AppResult<Json<MessageResponse>> {
    let mut tx = state.db.begin_write().await?;
    crate::catalogue_changes::record_tours_at(&mut tx, &id).await?;
    let deleted: Option<(Option<String>,)> =
        sqlx::query_as("DELETE FROM destinations WHERE id = $1 RETURNING image_id")
            .bind(&id)
            .fetch_optional(&mut *tx)
            .await?;
    let (image,) = deleted.ok_or_else(not_found)?;
    audit::record(&mut tx, &session.user_id, AuditAction::DeleteDestination, &id, "").await?;
    tx.commit().await?;
    upload::delete(&state.db, &state.media, &image.into_iter().collect::<Vec<_>>()).await?;
    Ok(success("Destination deleted"))
}
