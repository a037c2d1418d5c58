//! A guide as cards show them, in the directory, search, saved lists and Tourist Buddy's
//! answers: one query for a page of guides, in the page's order.

use serde::Serialize;
use utoipa::ToSchema;

use super::reliability::{Badge, Reliability, shown};
use crate::db::{Db, Sql};
use crate::error::AppResult;
use crate::media::upload::{ImageVariants, image_variants, public_url};
use crate::profile::{Location, Tags};
use crate::search_index::SearchIndex;
use crate::search_index::cards::{CARD_COLUMNS, CARD_JOINS, CardRow};

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
    /// How the guide answers and keeps their trips (`guides::reliability`).
    pub reliability: Reliability,
    /// `["trusted"]` for a "Trusted guide".
    pub badges: Vec<Badge>,
    /// Only in searches near a point: how far the guide is based from it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance_km: Option<f64>,
}

#[derive(Serialize, ToSchema)]
pub struct CardContact {
    pub address: String,
}

/// Average of `sum` over `count`, to two decimals; 0 without reviews.
pub fn average(sum: i64, count: i64) -> f64 {
    if count <= 0 { 0.0 } else { (sum as f64 / count as f64 * 100.0).round() / 100.0 }
}

impl CardRow {
    pub(super) fn location(&self) -> Option<Location> {
        Location::from_columns(self.longitude, self.latitude)
    }

    pub(super) fn into_card(self, distance_km: Option<f64>) -> GuideCard {
        let (reliability, badges) = shown(&self.reliability, self.joined_at);
        GuideCard {
            reliability,
            badges,
            id: self.guide_id,
            first_name: self.first_name,
            last_name: self.last_name,
            profile_picture: self.picture_key.as_deref().map(public_url),
            profile_picture_variants: image_variants(
                self.picture_full_key.as_deref(),
                self.picture_width,
                self.picture_height,
                self.picture_webp.as_deref(),
            ),
            cover_image: self.cover_key.as_deref().map(public_url),
            cover_image_variants: image_variants(
                self.cover_full_key.as_deref(),
                self.cover_width,
                self.cover_height,
                self.cover_webp.as_deref(),
            ),
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
pub async fn cards(db: &Db, page: &[(String, i64)]) -> AppResult<Vec<CardRow>> {
    if page.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::new(&format!(
        "SELECT {} FROM guide_search s{CARD_JOINS} WHERE s.guide_id IN (",
        *CARD_COLUMNS
    ));
    let ids: Vec<String> = page.iter().map(|(id, _)| sql.param(id.as_str())).collect();
    sql.push(&format!("{})", ids.join(", ")));
    let mut rows: Vec<CardRow> = sql.query_as().fetch_all(&db.pool).await?;
    let position = |id: &str| page.iter().position(|(page_id, _)| page_id == id);
    rows.sort_by_key(|row| position(&row.guide_id));
    Ok(rows)
}

/// A listed guide's card, from this replica's guide search where there is one (the
/// database otherwise); `None` when the guide is not listed.
pub async fn card_of(
    db: &Db,
    index: Option<&SearchIndex>,
    id: &str,
) -> AppResult<Option<GuideCard>> {
    if let Some(index) = index {
        index.fresh(db).await?;
        if let Some(mut rows) = index.cards([id]) {
            return Ok(rows.pop().map(|row| row.into_card(None)));
        }
    }
    Ok(cards_of(db, &[id.to_owned()]).await?.pop())
}

/// The cards of these guides, in this order; guides no longer public (unverified,
/// suspended, gone) are left out. For lists kept elsewhere, such as a traveller's saved guides.
pub async fn cards_of(db: &Db, ids: &[String]) -> AppResult<Vec<GuideCard>> {
    let page: Vec<(String, i64)> = ids.iter().map(|id| (id.clone(), 0)).collect();
    Ok(cards(db, &page).await?.into_iter().map(|row| row.into_card(None)).collect())
}
