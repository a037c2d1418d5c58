//! The guides map: every guide a search matches, as the few facts a marker and its popup
//! show, so the map can place them all (clustered by the client) and not only the page of
//! cards loaded so far. It takes the search's words, point and filters and goes through the
//! same query path (`finder`), so its `total` is the list's and the search's.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::cards::average;
use super::directory::{Criteria, FilterParams, GuideSearchParams};
use super::finder::{self, Directory, Start};
use crate::db::{Db, Sql};
use crate::error::{AppResult, ErrorBody, Json, Query};
use crate::http::AppState;

/// The most points one answer carries: enough for every guide of a busy region, small
/// enough (about 100 bytes a point) for a phone on a trekking lodge's connection.
pub const MAP_POINTS_MAX: i64 = 5_000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(guide_map))
}

/// One guide on the map.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuidePoint {
    #[serde(rename = "_id")]
    pub id: String,
    /// First and last name.
    pub name: String,
    pub lat: f64,
    pub lng: f64,
    /// Dollars per person per day.
    #[schema(required = true)]
    pub price_per_day: Option<f64>,
    /// 0 when there are no reviews yet.
    pub average_rating: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuideMapResponse {
    /// The matching guides that have a location (guides without one cannot be placed).
    points: Vec<GuidePoint>,
    /// How many guides match in all: the list's and the search's `total`.
    total: i64,
    /// True when more than `MAP_POINTS_MAX` match: the points are then those of the first
    /// `MAP_POINTS_MAX` matches in the list's order.
    capped: bool,
    /// The most points an answer carries.
    points_max: i64,
}

/// Every verified guide matching the words, place, point and filters of a search (as
/// `/users/search` and `/users/guides` take them), as points for a map, up to 5,000.
#[utoipa::path(get, path = "/users/guides/map", tag = "guides directory", params(GuideSearchParams, FilterParams),
    responses((status = 200, body = GuideMapResponse), (status = 400, body = ErrorBody)))]
async fn guide_map(
    State(state): State<AppState>,
    Query(params): Query<GuideSearchParams>,
    Query(filter_params): Query<FilterParams>,
) -> AppResult<Json<GuideMapResponse>> {
    let Criteria { filters, place, sort } = params.criteria(&filter_params)?;
    let from = Directory { db: &state.db, index: state.search.as_ref(), counts: None };
    let found =
        finder::find_matches(&from, &filters, &place, sort, Start::Page(1), MAP_POINTS_MAX).await?;
    let ids: Vec<&str> = found.ids.iter().map(|(id, _)| id.as_str()).collect();
    Ok(Json(GuideMapResponse {
        points: points(&state.db, &ids).await?,
        total: found.total,
        capped: found.has_more,
        points_max: MAP_POINTS_MAX,
    }))
}

#[derive(sqlx::FromRow)]
struct PointRow {
    guide_id: String,
    first_name: String,
    last_name: String,
    latitude: f64,
    longitude: f64,
    price_cents: Option<i64>,
    rating_sum: i64,
    review_count: i64,
}

/// The points of these guides that have a location, in id order.
async fn points(db: &Db, ids: &[&str]) -> AppResult<Vec<GuidePoint>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::new(
        "SELECT s.guide_id, u.first_name, u.last_name, s.latitude, s.longitude, s.price_cents, \
           g.rating_sum, g.review_count \
         FROM guide_search s JOIN users u ON u.id = s.guide_id JOIN guide_details g ON g.user_id = s.guide_id \
         WHERE s.latitude IS NOT NULL AND s.longitude IS NOT NULL AND s.guide_id IN (",
    );
    let params: Vec<String> = ids.iter().map(|id| sql.param(*id)).collect();
    sql.push(&format!("{}) ORDER BY s.guide_id", params.join(", ")));
    let rows: Vec<PointRow> = sql.query_as().fetch_all(&db.pool).await?;
    Ok(rows
        .into_iter()
        .map(|row| GuidePoint {
            name: format!("{} {}", row.first_name, row.last_name),
            id: row.guide_id,
            lat: row.latitude,
            lng: row.longitude,
            price_per_day: row.price_cents.map(|cents| cents as f64 / 100.0),
            average_rating: average(row.rating_sum, row.review_count),
        })
        .collect())
}
