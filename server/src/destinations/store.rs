//! Destinations as stored and as the API shows them.

use serde::Serialize;
use utoipa::ToSchema;

use super::domain::Highlights;
use super::trek::TrekFacts;
use crate::db::{Db, Sql, to_rfc3339};
use crate::error::AppResult;
use crate::media::upload::{ImageVariants, image_variants, public_url};
use crate::profile::Location;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Destination {
    #[serde(rename = "_id")]
    id: String,
    name: String,
    /// Public URL of the photo.
    #[schema(required = true)]
    image: Option<String>,
    /// A smaller copy (at most 480 px) for cards.
    #[schema(required = true)]
    image_thumb: Option<String>,
    /// WebP copies and size of the photo, for `<img srcset width height>`.
    #[schema(required = true)]
    image_variants: Option<ImageVariants>,
    /// 0 to 5.
    rating: f64,
    /// Where it is, e.g. "Pokhara, Gandaki Province".
    location: String,
    description: String,
    /// How many reviews the rating is from.
    reviews: i64,
    popular: bool,
    /// The point on the map, to find guides nearby.
    #[schema(required = true)]
    coordinates: Option<Location>,
    /// RFC 3339.
    created_at: String,
    /// The destination's own highlights, in order; empty where none are given (the pages
    /// then show the spec's four).
    #[schema(max_items = 8)]
    highlights: Vec<String>,
    /// The texts in Nepali (issue 26), for readers of Nepali; null or empty where none are
    /// given, and the English stands.
    #[schema(required = true)]
    name_ne: Option<String>,
    #[schema(required = true)]
    location_ne: Option<String>,
    #[schema(required = true)]
    description_ne: Option<String>,
    #[schema(max_items = 8)]
    highlights_ne: Vec<String>,
    /// Trek facts and permits (issue 15); null or empty where an admin has given none.
    #[serde(flatten)]
    trek: TrekFacts,
}

#[derive(sqlx::FromRow)]
pub struct DestinationRow {
    id: String,
    name: String,
    location: String,
    description: String,
    rating: f64,
    review_count: i64,
    popular: i64,
    longitude: Option<f64>,
    latitude: Option<f64>,
    created_at: i64,
    image_key: Option<String>,
    image_thumb_key: Option<String>,
    image_width: Option<i64>,
    image_height: Option<i64>,
    image_webp: Option<String>,
    trek: Option<String>,
    highlights: Option<String>,
    highlights_ne: Option<String>,
    name_ne: Option<String>,
    location_ne: Option<String>,
    description_ne: Option<String>,
}

// `popular` is read as 0 or 1: the Any driver cannot decode SQLite's booleans.
pub const SELECT: &str = "SELECT d.id, d.name, d.location, d.description, d.rating, d.review_count, \
    CAST(CASE WHEN d.popular THEN 1 ELSE 0 END AS BIGINT) AS popular, d.longitude, \
    d.latitude, d.created_at, m.storage_key AS image_key, m.thumb_key AS image_thumb_key, \
    m.width AS image_width, m.height AS image_height, m.webp_widths AS image_webp, d.trek, \
    d.highlights, d.highlights_ne, d.name_ne, d.location_ne, d.description_ne \
    FROM destinations d LEFT JOIN media m ON m.id = d.image_id";

impl From<DestinationRow> for Destination {
    fn from(row: DestinationRow) -> Self {
        Self {
            id: row.id,
            name: row.name,
            image: row.image_key.as_deref().map(public_url),
            image_thumb: row.image_thumb_key.as_deref().map(public_url),
            image_variants: image_variants(
                row.image_key.as_deref(),
                row.image_width,
                row.image_height,
                row.image_webp.as_deref(),
            ),
            rating: row.rating,
            location: row.location,
            description: row.description,
            reviews: row.review_count,
            popular: row.popular == 1,
            coordinates: Location::from_columns(row.longitude, row.latitude),
            created_at: to_rfc3339(row.created_at),
            trek: TrekFacts::from_column(row.trek.as_deref()),
            highlights: Highlights::from_column(row.highlights.as_deref()),
            name_ne: row.name_ne,
            location_ne: row.location_ne,
            description_ne: row.description_ne,
            highlights_ne: Highlights::from_column(row.highlights_ne.as_deref()),
        }
    }
}

pub async fn find(db: &Db, id: &str) -> AppResult<Option<Destination>> {
    let row: Option<DestinationRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE d.id = $1")))
            .bind(id)
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.map(Destination::from))
}

/// These destinations, in this order (those since deleted are left out).
pub async fn find_all(db: &Db, ids: &[String]) -> AppResult<Vec<Destination>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::new(&format!("{SELECT} WHERE d.id IN ("));
    let params: Vec<String> = ids.iter().map(|id| sql.param(id.as_str())).collect();
    sql.push(&format!("{})", params.join(", ")));
    let mut rows: Vec<DestinationRow> = sql.query_as().fetch_all(&db.pool).await?;
    rows.sort_by_key(|row| ids.iter().position(|id| *id == row.id));
    Ok(rows.into_iter().map(Destination::from).collect())
}
