//! A guide as cards show them, in the directory, search, saved lists and Tourist Buddy's
//! answers: one query for a page of guides, in the page's order.

use serde::Serialize;
use utoipa::ToSchema;

use crate::db::{Db, Sql};
use crate::error::AppResult;
use crate::media::upload::{ImageVariants, image_variants, public_url};
use crate::profile::{Location, Tags};
use crate::search_index::SearchIndex;

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

/// A card's columns, as read from the database (`CARD_COLUMNS`).
#[derive(sqlx::FromRow, Default)]
pub struct CardRow {
    pub guide_id: String,
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

/// What `CardRow` reads, from `guide_search s` and `CARD_JOINS`.
pub const CARD_COLUMNS: &str = "s.guide_id, u.first_name, u.last_name, g.bio, g.price_per_day_cents, \
    g.expertise_languages, g.interests, g.address, g.longitude, g.latitude, g.rating_sum, g.review_count, \
    g.years_of_experience, pp.thumb_key AS picture_key, cv.thumb_key AS cover_key, \
    pp.storage_key AS picture_full_key, pp.width AS picture_width, pp.height AS picture_height, pp.webp_widths AS picture_webp, \
    cv.storage_key AS cover_full_key, cv.width AS cover_width, cv.height AS cover_height, cv.webp_widths AS cover_webp";
pub const CARD_JOINS: &str = " JOIN users u ON u.id = s.guide_id JOIN guide_details g ON g.user_id = s.guide_id \
    LEFT JOIN media pp ON pp.id = g.profile_picture_id LEFT JOIN media cv ON cv.id = g.cover_image_id";

/// Average of `sum` over `count`, to two decimals; 0 without reviews.
pub fn average(sum: i64, count: i64) -> f64 {
    if count <= 0 { 0.0 } else { (sum as f64 / count as f64 * 100.0).round() / 100.0 }
}

impl CardRow {
    pub(super) fn location(&self) -> Option<Location> {
        Location::from_columns(self.longitude, self.latitude)
    }

    pub(super) fn into_card(self, distance_km: Option<f64>) -> GuideCard {
        GuideCard {
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

/// A card as the guide search keeps it for every listed guide (`search_index`): its texts
/// in one allocation, so that 100,000 cards take tens of megabytes rather than a hundred.
pub struct KeptCard {
    /// The texts in `TEXTS` order, one after another; text `i` ends at `ends[i]`.
    texts: Box<str>,
    ends: [u32; TEXTS],
    /// Bit `i` is set when optional text `i` is there (an empty text is not a missing one).
    present: u16,
    price_per_day_cents: Option<i64>,
    longitude: Option<f64>,
    latitude: Option<f64>,
    rating_sum: i64,
    review_count: i64,
    years_of_experience: Option<i64>,
    /// The picture's width and height, then the cover's.
    sizes: [Option<i64>; 4],
}

/// `KeptCard`'s texts: the first seven always there, the rest optional.
const TEXTS: usize = 13;

impl KeptCard {
    pub fn guide_id(&self) -> &str {
        self.text(0)
    }

    fn text(&self, at: usize) -> &str {
        let start = if at == 0 { 0 } else { self.ends[at - 1] as usize };
        &self.texts[start..self.ends[at] as usize]
    }

    fn optional(&self, at: usize) -> Option<String> {
        (self.present & 1 << at != 0).then(|| self.text(at).to_owned())
    }

    pub fn row(&self) -> CardRow {
        let text = |at| self.text(at).to_owned();
        CardRow {
            guide_id: text(0),
            first_name: text(1),
            last_name: text(2),
            bio: text(3),
            expertise_languages: text(4),
            interests: text(5),
            address: text(6),
            picture_key: self.optional(7),
            picture_full_key: self.optional(8),
            picture_webp: self.optional(9),
            cover_key: self.optional(10),
            cover_full_key: self.optional(11),
            cover_webp: self.optional(12),
            price_per_day_cents: self.price_per_day_cents,
            longitude: self.longitude,
            latitude: self.latitude,
            rating_sum: self.rating_sum,
            review_count: self.review_count,
            years_of_experience: self.years_of_experience,
            picture_width: self.sizes[0],
            picture_height: self.sizes[1],
            cover_width: self.sizes[2],
            cover_height: self.sizes[3],
        }
    }
}

impl From<CardRow> for KeptCard {
    fn from(row: CardRow) -> Self {
        let required = [
            &row.guide_id,
            &row.first_name,
            &row.last_name,
            &row.bio,
            &row.expertise_languages,
            &row.interests,
            &row.address,
        ];
        let optional = [
            &row.picture_key,
            &row.picture_full_key,
            &row.picture_webp,
            &row.cover_key,
            &row.cover_full_key,
            &row.cover_webp,
        ];
        let texts: Vec<Option<&str>> = required
            .into_iter()
            .map(|text| Some(text.as_str()))
            .chain(optional.into_iter().map(Option::as_deref))
            .collect();
        let mut joined = String::new();
        let mut ends = [0; TEXTS];
        let mut present = 0;
        for (at, text) in texts.into_iter().enumerate() {
            if let Some(text) = text {
                joined.push_str(text);
                present |= 1 << at;
            }
            // A card is a few kilobytes at most (the profile's limits).
            ends[at] = joined.len() as u32;
        }
        Self {
            texts: joined.into_boxed_str(),
            ends,
            present,
            price_per_day_cents: row.price_per_day_cents,
            longitude: row.longitude,
            latitude: row.latitude,
            rating_sum: row.rating_sum,
            review_count: row.review_count,
            years_of_experience: row.years_of_experience,
            sizes: [row.picture_width, row.picture_height, row.cover_width, row.cover_height],
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
        "SELECT {CARD_COLUMNS} FROM guide_search s{CARD_JOINS} WHERE s.guide_id IN ("
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
