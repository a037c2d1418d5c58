//! The public guide directory: the paged list (by rating, optionally by category), each
//! guide's public page, and search by words, place and distance. Everything here reads
//! `guide_search`, which only ever holds verified guides.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::categories::Category;
use super::profile::{self, Guide, GuideStatus};
use crate::app::AppState;
use crate::db::{Backend, Db, Sql};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path, Query};
use crate::media::upload::{ImageVariants, image_variants, public_url};
use crate::paging::{invalid_cursor, page_and_limit, total_pages};
use crate::profile::{Location, Tags};
use crate::text_search::Query as SearchQuery;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_guides)).routes(routes!(guide_detail)).routes(routes!(search_guides))
}

const RADIUS_KM_DEFAULT: f64 = 50.0;
const RADIUS_KM_MAX: f64 = 1_000.0;
const KM_PER_DEGREE: f64 = 111.32;

/// A guide as cards show them, in lists and search results.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuideCard {
    #[serde(rename = "_id")]
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    /// A small copy (at most 480 px) of the guide's photo.
    #[schema(required = true)]
    pub profile_picture: Option<String>,
    /// WebP copies and size of the photo, for `<img srcset width height>`.
    #[schema(required = true)]
    pub profile_picture_variants: Option<ImageVariants>,
    /// A small copy of the cover image.
    #[schema(required = true)]
    pub cover_image: Option<String>,
    #[schema(required = true)]
    pub cover_image_variants: Option<ImageVariants>,
    pub bio: String,
    pub expertise_languages: Vec<String>,
    pub interests: Vec<String>,
    pub contact_info: CardContact,
    /// Dollars per day.
    #[schema(required = true)]
    pub price_per_day: Option<f64>,
    /// 0 when there are no reviews yet.
    pub average_rating: f64,
    pub review_count: i64,
    #[schema(required = true)]
    pub years_of_experience: Option<i64>,
    #[schema(required = true)]
    pub location: Option<Location>,
    /// Only in searches near a point: how far the guide is based from it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance_km: Option<f64>,
}

#[derive(Serialize, ToSchema)]
pub struct CardContact {
    pub address: String,
}

#[derive(sqlx::FromRow)]
struct CardRow {
    guide_id: String,
    first_name: String,
    last_name: String,
    bio: String,
    price_per_day_cents: Option<i64>,
    expertise_languages: String,
    interests: String,
    address: String,
    longitude: Option<f64>,
    latitude: Option<f64>,
    rating_sum: i64,
    review_count: i64,
    years_of_experience: Option<i64>,
    picture_key: Option<String>,
    picture_full_key: Option<String>,
    picture_width: Option<i64>,
    picture_height: Option<i64>,
    picture_webp: Option<String>,
    cover_key: Option<String>,
    cover_full_key: Option<String>,
    cover_width: Option<i64>,
    cover_height: Option<i64>,
    cover_webp: Option<String>,
}

const CARD_COLUMNS: &str = "s.guide_id, u.first_name, u.last_name, g.bio, g.price_per_day_cents, \
    g.expertise_languages, g.interests, g.address, g.longitude, g.latitude, g.rating_sum, g.review_count, \
    g.years_of_experience, pp.thumb_key AS picture_key, cv.thumb_key AS cover_key, \
    pp.storage_key AS picture_full_key, pp.width AS picture_width, pp.height AS picture_height, pp.webp_widths AS picture_webp, \
    cv.storage_key AS cover_full_key, cv.width AS cover_width, cv.height AS cover_height, cv.webp_widths AS cover_webp";
const CARD_JOINS: &str = " JOIN users u ON u.id = s.guide_id JOIN guide_details g ON g.user_id = s.guide_id \
    LEFT JOIN media pp ON pp.id = g.profile_picture_id LEFT JOIN media cv ON cv.id = g.cover_image_id";

/// Average of `sum` over `count`, to two decimals; 0 without reviews.
pub fn average(sum: i64, count: i64) -> f64 {
    if count <= 0 { 0.0 } else { (sum as f64 / count as f64 * 100.0).round() / 100.0 }
}

impl CardRow {
    fn into_card(self, distance_km: Option<f64>) -> GuideCard {
        GuideCard {
            id: self.guide_id,
            first_name: self.first_name,
            last_name: self.last_name,
            profile_picture: self.picture_key.as_deref().map(public_url),
            profile_picture_variants: image_variants(self.picture_full_key.as_deref(), self.picture_width, self.picture_height, self.picture_webp.as_deref()),
            cover_image: self.cover_key.as_deref().map(public_url),
            cover_image_variants: image_variants(self.cover_full_key.as_deref(), self.cover_width, self.cover_height, self.cover_webp.as_deref()),
            bio: self.bio,
            expertise_languages: Tags::from_json(&self.expertise_languages),
            interests: Tags::from_json(&self.interests),
            contact_info: CardContact { address: self.address },
            price_per_day: self.price_per_day_cents.map(|cents| cents as f64 / 100.0),
            average_rating: average(self.rating_sum, self.review_count),
            review_count: self.review_count,
            years_of_experience: self.years_of_experience,
            location: Location::from_columns(self.longitude, self.latitude),
            distance_km,
        }
    }
}

/// The cards of one page, in the page's order. Pages are found first by id alone (from
/// indexes, without joins), so only the dozen guides shown are joined with their details.
async fn cards(db: &Db, page: &[(String, i64)]) -> AppResult<Vec<CardRow>> {
    if page.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::new(&format!("SELECT {CARD_COLUMNS} FROM guide_search s{CARD_JOINS} WHERE s.guide_id IN ("));
    let ids: Vec<String> = page.iter().map(|(id, _)| sql.param(id.as_str())).collect();
    sql.push(&format!("{})", ids.join(", ")));
    let mut rows: Vec<CardRow> = sql.query_as().fetch_all(&db.pool).await?;
    let position = |id: &str| page.iter().position(|(page_id, _)| page_id == id);
    rows.sort_by_key(|row| position(&row.guide_id));
    Ok(rows)
}

/// The cards of these guides, in this order; guides no longer public (unverified,
/// suspended, gone) are left out. For lists kept elsewhere, such as a traveller's saved guides.
pub async fn cards_of(db: &Db, ids: &[String]) -> AppResult<Vec<GuideCard>> {
    let page: Vec<(String, i64)> = ids.iter().map(|id| (id.clone(), 0)).collect();
    Ok(cards(db, &page).await?.into_iter().map(|row| row.into_card(None)).collect())
}

/// Where the previous page ended: the last guide's rating rank and id. Opaque to clients.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Cursor {
    rating_rank: i64,
    guide_id: String,
}

impl Cursor {
    fn parse(text: &str) -> AppResult<Self> {
        let invalid = invalid_cursor;
        let (rank, id) = text.split_once('.').ok_or_else(invalid)?;
        let rating_rank = rank.parse::<i64>().map_err(|_| invalid())?;
        let valid_id = id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit());
        if !valid_id {
            return Err(invalid());
        }
        Ok(Self { rating_rank, guide_id: id.to_owned() })
    }

    fn to_text(&self) -> String {
        format!("{}.{}", self.rating_rank, self.guide_id)
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GuideListParams {
    /// Default 1. Ignored when `cursor` is given.
    #[param(minimum = 1, maximum = 100000)]
    page: Option<i64>,
    /// Default 10.
    #[param(minimum = 1, maximum = 50)]
    limit: Option<i64>,
    /// `all` (or empty) lists every category.
    #[param(pattern = r"^(all|trekking|cultural|Cultural Tours|culture|adventure|wildlife|food|historical|history|nature)?$")]
    category: Option<String>,
    /// `nextCursor` of the previous page: pages never repeat or skip a guide, even while
    /// guides are added.
    #[param(pattern = r"^(-?[0-9]{1,18}\.[0-9a-fA-F]{32})?$")]
    cursor: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuideListResponse {
    guides: Vec<GuideCard>,
    total_pages: i64,
    /// Pass as `cursor` for the next page; `null` on the last page.
    #[schema(required = true)]
    next_cursor: Option<String>,
}

/// Verified guides, best rated first (then by id, so the order is total and stable).
#[utoipa::path(get, path = "/users/guides", tag = "guides directory", params(GuideListParams),
    responses((status = 200, body = GuideListResponse), (status = 400, body = ErrorBody)))]
async fn list_guides(State(state): State<AppState>, Query(params): Query<GuideListParams>) -> AppResult<Json<GuideListResponse>> {
    let (page, limit) = page_and_limit(params.page, params.limit, 10)?;
    let category = Category::parse(params.category.as_deref())?;
    let cursor = params.cursor.as_deref().filter(|c| !c.is_empty()).map(Cursor::parse).transpose()?;

    // A category's guides are one index range of guide_categories; all guides one of guide_search.
    let (mut sql, order) = match category {
        Some(category) => {
            let mut sql = Sql::new("SELECT c.guide_id, c.rating_rank FROM guide_categories c");
            let param = sql.param(category.as_str());
            sql.push(&format!(" WHERE c.category = {param}"));
            (sql, ("c.rating_rank", "c.guide_id"))
        }
        None => (Sql::new("SELECT s.guide_id, s.rating_rank FROM guide_search s WHERE 1 = 1"), ("s.rating_rank", "s.guide_id")),
    };
    let (rank_column, id_column) = order;
    if let Some(cursor) = &cursor {
        let rank = sql.param(cursor.rating_rank);
        let id = sql.param(cursor.guide_id.as_str());
        sql.push(&format!(" AND ({rank_column}, {id_column}) < ({rank}, {id})"));
    }
    let fetch = sql.param(limit + 1);
    sql.push(&format!(" ORDER BY {rank_column} DESC, {id_column} DESC LIMIT {fetch}"));
    if cursor.is_none() {
        let offset = sql.param((page - 1) * limit);
        sql.push(&format!(" OFFSET {offset}"));
    }

    let mut page_ids: Vec<(String, i64)> = sql.query_as().fetch_all(&state.db.pool).await?;
    let total = state.list_counts.count(&state.db, category).await?;
    let has_more = page_ids.len() as i64 > limit;
    page_ids.truncate(limit as usize);
    let next_cursor = page_ids
        .last()
        .filter(|_| has_more)
        .map(|(guide_id, rating_rank)| Cursor { rating_rank: *rating_rank, guide_id: guide_id.clone() }.to_text());
    let rows = cards(&state.db, &page_ids).await?;
    Ok(Json(GuideListResponse {
        guides: rows.into_iter().map(|row| row.into_card(None)).collect(),
        total_pages: total_pages(total, limit),
        next_cursor,
    }))
}

/// A guide as anyone may see them: no phone number (shared once a trip is booked), no
/// certificate files, no admin notes.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicGuide {
    #[serde(rename = "_id")]
    pub id: String,
    pub guide_id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub average_rating: f64,
    pub review_count: i64,
    pub guide_details: PublicGuideDetails,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicGuideDetails {
    pub bio: String,
    pub nationality: String,
    #[schema(required = true)]
    pub price_per_day: Option<f64>,
    pub expertise_languages: Vec<String>,
    pub interests: Vec<String>,
    pub contact_info: PublicContact,
    #[schema(required = true)]
    pub location: Option<Location>,
    pub certifications: Vec<PublicCertification>,
    #[schema(required = true)]
    pub profile_picture: Option<String>,
    #[schema(required = true)]
    pub profile_picture_thumb: Option<String>,
    /// WebP copies and size of the photo, for `<img srcset width height>`.
    #[schema(required = true)]
    pub profile_picture_variants: Option<ImageVariants>,
    #[schema(required = true)]
    pub cover_image: Option<String>,
    #[schema(required = true)]
    pub cover_image_variants: Option<ImageVariants>,
    pub status: GuideStatus,
    /// When the guide joined (RFC 3339).
    pub created_at: String,
    /// `null` when the guide has not said (the page shows 5).
    #[schema(required = true)]
    pub years_of_experience: Option<i64>,
    /// The last day of the guide's verified licence (`YYYY-MM-DD`), shown as "Licence valid
    /// until <month year>"; `null` for guides verified before licences were required.
    #[schema(required = true)]
    pub licence_valid_until: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct PublicContact {
    pub address: String,
    pub email: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicCertification {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub issuing_organization: String,
    pub issue_date: String,
}

impl From<Guide> for PublicGuide {
    fn from(guide: Guide) -> Self {
        let details = guide.guide_details;
        Self {
            id: guide.id,
            guide_id: guide.guide_id,
            first_name: guide.first_name,
            last_name: guide.last_name,
            email: guide.email,
            average_rating: (guide.average_rating * 100.0).round() / 100.0,
            review_count: guide.review_count,
            guide_details: PublicGuideDetails {
                bio: details.bio,
                nationality: details.nationality,
                price_per_day: details.price_per_day,
                expertise_languages: details.expertise_languages,
                interests: details.interests,
                contact_info: PublicContact { address: details.contact_info.address, email: details.contact_info.email },
                location: details.location,
                certifications: details
                    .certifications
                    .into_iter()
                    .map(|c| PublicCertification { id: c.id, name: c.name, issuing_organization: c.issuing_organization, issue_date: c.issue_date })
                    .collect(),
                profile_picture: details.profile_picture,
                profile_picture_thumb: details.profile_picture_thumb,
                profile_picture_variants: details.profile_picture_variants,
                cover_image: details.cover_image,
                cover_image_variants: details.cover_image_variants,
                status: details.status,
                created_at: details.created_at,
                years_of_experience: details.years_of_experience,
                licence_valid_until: details.licence_valid_until,
            },
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct GuideDetailResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: PublicGuide,
    message: String,
}

/// One verified guide's public page. An unverified, suspended or unknown guide is 404 alike.
#[utoipa::path(get, path = "/users/guide/{id}", tag = "guides directory",
    params(("id" = String, Path, description = "The guide's id (`_id` or `guideId`)")),
    responses((status = 200, body = GuideDetailResponse), (status = 404, body = ErrorBody)))]
async fn guide_detail(State(state): State<AppState>, Path(id): Path<String>) -> AppResult<Json<GuideDetailResponse>> {
    let not_found = || AppError::NotFound("Guide not found".into());
    let guide = profile::find(&state.db, &id).await?.filter(|g| g.guide_details.status == GuideStatus::Verified).ok_or_else(not_found)?;
    if crate::moderation::suspension::is_suspended(&state.db, &guide.id).await? {
        return Err(not_found());
    }
    Ok(Json(GuideDetailResponse { status: "success", data: guide.into(), message: "Guide found".into() }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct GuideSearchParams {
    /// Words to find in the name, bio, languages, interests and address (all must match,
    /// as prefixes, ignoring case and accents).
    query: Option<String>,
    /// Words that must match the guide's address (a town, an area).
    address: Option<String>,
    /// `all` (or empty) lists every category.
    #[param(pattern = r"^(all|trekking|cultural|Cultural Tours|culture|adventure|wildlife|food|historical|history|nature)?$")]
    category: Option<String>,
    /// Latitude of a point: with `lng` (give both or neither), only guides within
    /// `radiusKm`, nearest first.
    #[param(minimum = -90, maximum = 90)]
    lat: Option<f64>,
    #[param(minimum = -180, maximum = 180)]
    lng: Option<f64>,
    /// More than 0 (default 50).
    #[param(exclusive_minimum = 0, maximum = 1000)]
    radius_km: Option<f64>,
    /// Default 1.
    #[param(minimum = 1, maximum = 100000)]
    page: Option<i64>,
    /// Default 12.
    #[param(minimum = 1, maximum = 50)]
    limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuideSearchResponse {
    guides: Vec<GuideCard>,
    page: i64,
    has_more: bool,
}

/// A point and a radius to search around.
struct Near {
    at: Location,
    radius_km: f64,
}

impl Near {
    fn parse(lat: Option<f64>, lng: Option<f64>, radius_km: Option<f64>) -> AppResult<Option<Self>> {
        let radius_km = radius_km.unwrap_or(RADIUS_KM_DEFAULT);
        if !(radius_km > 0.0 && radius_km <= RADIUS_KM_MAX) {
            return Err(AppError::validation(format!("radiusKm must be more than 0 and at most {RADIUS_KM_MAX}")));
        }
        let at = match (lat, lng) {
            (None, None) => return Ok(None),
            (Some(lat), Some(lng)) => Location::new(lng, lat)?,
            _ => return Err(AppError::validation("Give both lat and lng to search near a point")),
        };
        Ok(Some(Self { at, radius_km }))
    }

    /// Great-circle distance from the point, in km (one decimal).
    fn distance_km(&self, to: Location) -> f64 {
        let (lat1, lat2) = (self.at.latitude.to_radians(), to.latitude.to_radians());
        let d_lat = lat2 - lat1;
        let d_lng = (to.longitude - self.at.longitude).to_radians();
        let a = (d_lat / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * (d_lng / 2.0).sin().powi(2);
        (6371.0 * 2.0 * a.sqrt().asin() * 10.0).round() / 10.0
    }
}

/// Guides matching words, a place, a category or a point, best match first (or nearest
/// first when searching near a point), then by rating.
#[utoipa::path(get, path = "/users/search", tag = "guides directory", params(GuideSearchParams),
    responses((status = 200, body = GuideSearchResponse), (status = 400, body = ErrorBody)))]
async fn search_guides(State(state): State<AppState>, Query(params): Query<GuideSearchParams>) -> AppResult<Json<GuideSearchResponse>> {
    let (page, limit) = page_and_limit(params.page, params.limit, 12)?;
    let words = SearchQuery::parse(params.query.as_deref());
    let place = SearchQuery::parse(params.address.as_deref());
    let category = Category::parse(params.category.as_deref())?;
    let near = Near::parse(params.lat, params.lng, params.radius_km)?;
    let backend = state.db.backend;

    let mut sql = Sql::new("SELECT s.guide_id, s.rating_rank FROM guide_search s");
    let mut relevance = None;
    let has_text = !(words.is_empty() && place.is_empty());
    match backend {
        Backend::Sqlite if has_text => {
            // Column weights: name, bio, languages, interests, address.
            sql.push(" JOIN guide_search_fts f ON f.rowid = s.id");
            let expression = [words.fts5(None), place.fts5(Some("address"))]
                .into_iter()
                .filter(|e| !e.is_empty())
                .collect::<Vec<_>>()
                .join(" AND ");
            let param = sql.param(expression);
            sql.push(&format!(" WHERE guide_search_fts MATCH {param}"));
            relevance = Some("bm25(guide_search_fts, 10.0, 1.0, 4.0, 4.0, 3.0)".to_owned());
        }
        Backend::Postgres if has_text => {
            let expression = [words.tsquery(None), place.tsquery(Some('C'))]
                .into_iter()
                .filter(|e| !e.is_empty())
                .collect::<Vec<_>>()
                .join(" & ");
            let param = sql.param(expression);
            sql.push(&format!(" WHERE s.document @@ to_tsquery('simple', {param})"));
            // ts_rank is higher for better matches; negated so every order below is ascending.
            relevance = Some(format!("-ts_rank(s.document, to_tsquery('simple', {param}))"));
        }
        _ => {
            sql.push(" WHERE 1 = 1");
        }
    }
    if let Some(category) = category {
        let param = sql.param(category.as_str());
        sql.push(&format!(" AND EXISTS (SELECT 1 FROM guide_categories c WHERE c.guide_id = s.guide_id AND c.category = {param})"));
    }
    let mut distance = None;
    if let Some(near) = &near {
        // A box around the point (index-friendly), then a flat-earth distance, which orders
        // correctly at these scales; the exact distance is computed below for display.
        // At least a metre across, so that no product below underflows (PostgreSQL refuses one).
        let lat_span = (near.radius_km / KM_PER_DEGREE).max(1e-5);
        let cos_lat = near.at.latitude.to_radians().cos().max(0.01);
        let lng_span = (lat_span / cos_lat).min(360.0);
        let lat = sql.param(near.at.latitude);
        let lng = sql.param(near.at.longitude);
        let within = sql.param(lat_span * lat_span);
        let lat_span = sql.param(lat_span);
        let lng_span = sql.param(lng_span);
        let cos_lat = sql.param(cos_lat);
        let squared = format!(
            "((s.latitude - {lat}) * (s.latitude - {lat}) + (s.longitude - {lng}) * {cos_lat} * (s.longitude - {lng}) * {cos_lat})"
        );
        sql.push(&format!(
            " AND s.latitude BETWEEN {lat} - {lat_span} AND {lat} + {lat_span} \
              AND s.longitude BETWEEN {lng} - {lng_span} AND {lng} + {lng_span} \
              AND {squared} <= {within}"
        ));
        distance = Some(squared);
    }
    let order: Vec<String> = [distance, relevance].into_iter().flatten().chain(["s.rating_rank DESC".into(), "s.guide_id DESC".into()]).collect();
    let fetch = sql.param(limit + 1);
    let offset = sql.param((page - 1) * limit);
    sql.push(&format!(" ORDER BY {} LIMIT {fetch} OFFSET {offset}", order.join(", ")));

    let mut page_ids: Vec<(String, i64)> = sql.query_as().fetch_all(&state.db.pool).await?;
    let has_more = page_ids.len() as i64 > limit;
    page_ids.truncate(limit as usize);
    let guides = cards(&state.db, &page_ids)
        .await?
        .into_iter()
        .map(|row| {
            let distance = near.as_ref().zip(Location::from_columns(row.longitude, row.latitude)).map(|(n, at)| n.distance_km(at));
            row.into_card(distance)
        })
        .collect();
    Ok(Json(GuideSearchResponse { guides, page, has_more }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_what_it_wrote_and_refuses_anything_else() {
        let cursor = Cursor { rating_rank: 46_666, guide_id: "0196f0c8a1b27c3d9e8f0a1b2c3d4e5f".into() };
        assert_eq!(Cursor::parse(&cursor.to_text()).unwrap(), cursor);
        for bad in ["", "abc", "1.", ".0196f0c8a1b27c3d9e8f0a1b2c3d4e5f", "x.0196f0c8a1b27c3d9e8f0a1b2c3d4e5f", "1.' OR 1=1 --"] {
            assert!(Cursor::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn distances_are_great_circle_kilometres() {
        let pokhara = Near { at: Location { longitude: 83.9856, latitude: 28.2096 }, radius_km: 50.0 };
        let kathmandu = Location { longitude: 85.324, latitude: 27.7172 };
        let km = pokhara.distance_km(kathmandu);
        assert!((140.0..145.0).contains(&km), "{km}");
    }
}
