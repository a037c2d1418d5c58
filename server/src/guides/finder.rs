//! Finding guides: every filter and order travellers (and the Tourist Buddy) ask for, in
//! one query over `guide_search`. Both directory endpoints and the assistant go through
//! here, so a filter means the same thing wherever it is used.
//!
//! Every order ends with the guide's id, so it is total: the same filters page the same way
//! however often they are asked, and no guide is repeated or skipped between pages.

use super::cards::{GuideCard, cards};
use super::categories::Category;
use crate::db::{Backend, Db, Sql};
use crate::error::{AppError, AppResult};
use crate::http::state::ListCounts;
use crate::paging::page_and_limit;
use crate::profile::Location;
use crate::search_index::{Ask, Order, SearchIndex};
use crate::text_search::{Query as SearchQuery, normalize};

pub const RADIUS_KM_DEFAULT: f64 = 50.0;
pub const RADIUS_KM_MAX: f64 = 1_000.0;
const KM_PER_DEGREE: f64 = 111.32;
/// The highest price a filter may name, in dollars per day.
pub const PRICE_MAX: f64 = 100_000.0;
/// The longest language name a filter may name.
pub const LANGUAGE_MAX: usize = 60;

/// What a traveller is looking for. Every field left `None` does not narrow the search.
#[derive(Clone, Debug, Default)]
pub struct GuideFilters {
    /// Words to find in the guide's name, bio, languages, interests and address (all must
    /// match, as prefixes, ignoring case and accents).
    pub words: Option<String>,
    pub category: Option<Category>,
    /// A language the guide speaks, by its name as guides write it ("French", "français").
    pub language: Option<String>,
    /// Dollars per day; guides without a price are left out by either bound.
    pub min_price: Option<f64>,
    pub max_price: Option<f64>,
    /// An average rating from 0 to 5.
    pub min_rating: Option<f64>,
    /// A day the guide has neither blocked off nor given to a trip.
    pub available_on: Option<time::Date>,
    /// Only guides holding the "Trusted guide" badge.
    pub trusted_only: bool,
    pub near: Option<Near>,
}

/// A point and the distance around it to search within.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Near {
    pub lat: f64,
    pub lng: f64,
    pub radius_km: f64,
}

/// The order of the results; each is then by id, so it is total.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GuideSort {
    /// Best rated first (then the best text match).
    #[default]
    Rating,
    /// Cheapest first; guides without a price last.
    PriceAsc,
    /// Dearest first; guides without a price last.
    PriceDesc,
    /// Most reviewed first, then best rated.
    Reviews,
    /// Trusted guides first, then best rated.
    Trusted,
    /// Nearest first; only with a point.
    Distance,
}

impl GuideSort {
    /// The order named by `sort`; `None` when nothing is named.
    pub fn parse(text: Option<&str>) -> AppResult<Option<Self>> {
        let sort = match text.unwrap_or("").trim() {
            "" => return Ok(None),
            "rating" => Self::Rating,
            "price_asc" => Self::PriceAsc,
            "price_desc" => Self::PriceDesc,
            "reviews" => Self::Reviews,
            "trusted" => Self::Trusted,
            "distance" => Self::Distance,
            _ => {
                return Err(AppError::validation(
                    "sort must be rating, price_asc, price_desc, reviews, trusted or distance",
                ));
            }
        };
        Ok(Some(sort))
    }
}

impl Near {
    /// A point from `lat` and `lng` (both or neither) and a radius (default 50 km).
    pub fn parse(
        lat: Option<f64>,
        lng: Option<f64>,
        radius_km: Option<f64>,
    ) -> AppResult<Option<Self>> {
        let radius_km = radius_km.unwrap_or(RADIUS_KM_DEFAULT);
        if !(radius_km > 0.0 && radius_km <= RADIUS_KM_MAX) {
            return Err(AppError::validation(format!(
                "radiusKm must be more than 0 and at most {RADIUS_KM_MAX}"
            )));
        }
        match (lat, lng) {
            (None, None) => Ok(None),
            (Some(lat), Some(lng)) => {
                let at = Location::new(lng, lat)?;
                Ok(Some(Self { lat: at.latitude, lng: at.longitude, radius_km }))
            }
            _ => Err(AppError::validation("Give both lat and lng to search near a point")),
        }
    }

    /// Great-circle distance from the point, in km (one decimal).
    pub fn distance_km(&self, to: Location) -> f64 {
        let (lat1, lat2) = (self.lat.to_radians(), to.latitude.to_radians());
        let d_lat = lat2 - lat1;
        let d_lng = (to.longitude - self.lng).to_radians();
        let a = (d_lat / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * (d_lng / 2.0).sin().powi(2);
        (6371.0 * 2.0 * a.sqrt().asin() * 10.0).round() / 10.0
    }
}

impl GuideFilters {
    /// Refuses values no guide could match by mistake: a typo should say so, not list nobody.
    fn check(&self) -> AppResult<()> {
        for price in [self.min_price, self.max_price].into_iter().flatten() {
            if !(0.0..=PRICE_MAX).contains(&price) {
                return Err(AppError::validation(
                    "minPrice and maxPrice must be from 0 to 100000 dollars a day",
                ));
            }
        }
        if let (Some(min), Some(max)) = (self.min_price, self.max_price)
            && min > max
        {
            return Err(AppError::validation("minPrice must not be more than maxPrice"));
        }
        if let Some(rating) = self.min_rating
            && !(0.0..=5.0).contains(&rating)
        {
            return Err(AppError::validation("minRating must be from 0 to 5"));
        }
        if self.language.as_deref().is_some_and(|l| l.chars().count() > LANGUAGE_MAX) {
            return Err(AppError::validation("language must be at most 60 characters"));
        }
        if let Some(near) = &self.near {
            Near::parse(Some(near.lat), Some(near.lng), Some(near.radius_km))?;
        }
        Ok(())
    }
}

/// Where a page starts: a page number, or just after a guide of a best-rated-first list.
pub(super) enum Start {
    Page(i64),
    /// The rating rank and id of the previous page's last guide.
    After(i64, String),
}

/// One page of guides and how many match in all.
pub(super) struct Found {
    pub cards: Vec<GuideCard>,
    pub total: i64,
    pub has_more: bool,
    /// The rating rank and id of the page's last guide.
    pub last: Option<(i64, String)>,
}

/// Up to `limit` guides matching `filters` (page `page`, from 1) in `sort` order, and how
/// many match in all. What the Tourist Buddy calls; the endpoints call the same search.
pub async fn find_guides(
    db: &Db,
    filters: &GuideFilters,
    sort: GuideSort,
    page: i64,
    limit: i64,
) -> AppResult<(Vec<GuideCard>, i64)> {
    let (page, limit) = page_and_limit(Some(page), Some(limit), limit)?;
    let from = Directory { db, index: None, counts: None };
    let found =
        search(&from, filters, &SearchQuery::default(), sort, Start::Page(page), limit).await?;
    Ok((found.cards, found.total))
}

/// Where the guides are found: the database, with this replica's search index where there
/// is one (the Tourist Buddy's few questions go to the database), and the kept counts.
pub(super) struct Directory<'a> {
    pub db: &'a Db,
    pub index: Option<&'a SearchIndex>,
    /// May answer the total of a list narrowed by category alone.
    pub counts: Option<&'a ListCounts>,
}

/// The guides matching a search, by id and rating rank, in `sort` order from `start`: up to
/// `limit` of them, and how many match in all.
pub(super) struct Matches {
    pub ids: Vec<(String, i64)>,
    pub total: i64,
    pub has_more: bool,
}

/// The search behind every list of guides. `place` narrows to guides whose address has
/// those words.
pub(super) async fn search(
    from: &Directory<'_>,
    filters: &GuideFilters,
    place: &SearchQuery,
    sort: GuideSort,
    start: Start,
    limit: i64,
) -> AppResult<Found> {
    let Matches { ids, total, has_more } =
        find_matches(from, filters, place, sort, start, limit).await?;
    let last = ids.last().map(|(id, rank)| (*rank, id.clone()));
    let kept = from.index.and_then(|index| index.cards(ids.iter().map(|(id, _)| id.as_str())));
    let rows = match kept {
        Some(rows) => rows,
        None => cards(from.db, &ids).await?,
    };
    let cards = rows
        .into_iter()
        .map(|row| {
            let distance =
                filters.near.as_ref().zip(row.location()).map(|(near, at)| near.distance_km(at));
            row.into_card(distance)
        })
        .collect();
    Ok(Found { cards, total, has_more, last })
}

/// The matches of a search, without their cards: what every list of guides and the map
/// share, so a filter narrows both alike and both count the same total.
pub(super) async fn find_matches(
    from: &Directory<'_>,
    filters: &GuideFilters,
    place: &SearchQuery,
    sort: GuideSort,
    start: Start,
    limit: i64,
) -> AppResult<Matches> {
    filters.check()?;
    if sort == GuideSort::Distance && filters.near.is_none() {
        return Err(AppError::validation("sort=distance needs a point: give lat and lng"));
    }
    if matches!(start, Start::After(..)) && sort != GuideSort::Rating {
        return Err(AppError::validation(
            "The cursor only works with sort=rating: use page instead",
        ));
    }
    let words = SearchQuery::parse(filters.words.as_deref());
    let language = filters.language.as_deref().map(normalize).filter(|l| !l.is_empty());
    let min_price_cents = filters.min_price.map(|min| (min * 100.0).ceil() as i64);
    let max_price_cents = filters.max_price.map(|max| (max * 100.0).floor() as i64);
    // The rank is the average × 10000, rounded down.
    let min_rating_rank = filters.min_rating.map(|rating| (rating * 10_000.0).round() as i64);
    let (offset, after) = match &start {
        Start::Page(page) => ((page - 1) * limit, None),
        Start::After(rank, id) => (0, Some((*rank, id.as_str()))),
    };
    if let Some(index) = from.index {
        index.fresh(from.db).await?;
    }
    // The index keeps every order but distance, and knows nobody's calendar.
    let order = match sort {
        GuideSort::Rating => Some(Order::Rating),
        GuideSort::PriceAsc => Some(Order::PriceAsc),
        GuideSort::PriceDesc => Some(Order::PriceDesc),
        GuideSort::Reviews => Some(Order::Reviews),
        // The badge is read in SQL, where an index orders by it (`guide_search_trusted`).
        GuideSort::Trusted | GuideSort::Distance => None,
    };
    let answer = from
        .index
        .zip(order)
        .filter(|_| {
            filters.available_on.is_none() && filters.near.is_none() && !filters.trusted_only
        })
        .and_then(|(index, order)| {
            index.find(&Ask {
                words: words.words(),
                place: place.words(),
                category: filters.category.map(Category::as_str),
                language: language.as_deref(),
                min_price_cents,
                max_price_cents,
                min_rating_rank,
                sort: order,
                after,
                offset: offset as usize,
                limit: limit as usize,
            })
        });
    let (page_ids, total, has_more) = match answer {
        Some(answer) => (answer.page, answer.total, answer.has_more),
        None => {
            let sql = SqlSearch {
                words: &words,
                place,
                language: language.as_deref(),
                min_price_cents,
                max_price_cents,
                min_rating_rank,
            };
            sql.find(from, filters, sort, &start, offset, limit).await?
        }
    };
    Ok(Matches { ids: page_ids, total, has_more })
}

/// The search in SQL: what the index cannot answer, and the reference it is tested against.
struct SqlSearch<'a> {
    words: &'a SearchQuery,
    place: &'a SearchQuery,
    language: Option<&'a str>,
    min_price_cents: Option<i64>,
    max_price_cents: Option<i64>,
    min_rating_rank: Option<i64>,
}

impl SqlSearch<'_> {
    async fn find(
        &self,
        from: &Directory<'_>,
        filters: &GuideFilters,
        sort: GuideSort,
        start: &Start,
        offset: i64,
        limit: i64,
    ) -> AppResult<(Vec<(String, i64)>, i64, bool)> {
        let mut sql = Sql::new(" FROM guide_search s");
        let relevance = match_text(&mut sql, from.db.backend, self.words, self.place);
        if let Some(category) = filters.category {
            let param = sql.param(category.as_str());
            sql.push(&format!(" AND EXISTS (SELECT 1 FROM guide_categories c WHERE c.guide_id = s.guide_id AND c.category = {param})"));
        }
        if let Some(language) = self.language {
            // `languages` is the guide's languages, normalised and joined by single spaces; a
            // normalised name is letters and digits, so it cannot hold a LIKE wildcard.
            let param = sql.param(format!("% {language} %"));
            sql.push(&format!(" AND (' ' || s.languages || ' ') LIKE {param}"));
        }
        if let Some(min) = self.min_price_cents {
            let param = sql.param(min);
            sql.push(&format!(" AND s.price_cents >= {param}"));
        }
        if let Some(max) = self.max_price_cents {
            let param = sql.param(max);
            sql.push(&format!(" AND s.price_cents <= {param}"));
        }
        if let Some(rank) = self.min_rating_rank {
            let param = sql.param(rank);
            sql.push(&format!(" AND s.rating_rank >= {param}"));
        }
        if filters.trusted_only {
            sql.push(" AND s.trusted = 1");
        }
        if let Some(day) = filters.available_on {
            let param = sql.param(crate::calendar::date_text(day));
            sql.push(&format!(
            " AND NOT EXISTS (SELECT 1 FROM blocked_days b WHERE b.guide_id = s.guide_id AND b.day = {param}) \
              AND NOT EXISTS (SELECT 1 FROM trip_days t WHERE t.guide_id = s.guide_id AND t.day = {param})"
        ));
        }
        let distance = filters.near.as_ref().map(|near| within(&mut sql, near));

        let narrowed_by_category_alone = self.words.is_empty()
            && self.place.is_empty()
            && self.language.is_none()
            && filters.min_price.is_none()
            && filters.max_price.is_none()
            && filters.min_rating.is_none()
            && filters.available_on.is_none()
            && !filters.trusted_only
            && filters.near.is_none();
        let total = match from.counts {
            Some(counts) if narrowed_by_category_alone => {
                super::list_counts::count(counts, from.db, filters.category).await?
            }
            _ => {
                let mut count = sql.clone();
                count.prepend("SELECT COUNT(*)");
                let (total,): (i64,) = count.query_as().fetch_one(&from.db.pool).await?;
                total
            }
        };

        let by_rating = ["s.rating_rank DESC".to_owned()].into_iter().chain(relevance.clone());
        let order: Vec<String> = match sort {
            GuideSort::Rating => by_rating.collect(),
            GuideSort::PriceAsc => {
                ["(s.price_cents IS NULL)".to_owned(), "s.price_cents ASC".into()]
                    .into_iter()
                    .chain(by_rating)
                    .collect()
            }
            GuideSort::PriceDesc => {
                ["(s.price_cents IS NULL)".to_owned(), "s.price_cents DESC".into()]
                    .into_iter()
                    .chain(by_rating)
                    .collect()
            }
            GuideSort::Reviews => {
                ["s.review_count DESC".to_owned()].into_iter().chain(by_rating).collect()
            }
            GuideSort::Trusted => {
                ["s.trusted DESC".to_owned()].into_iter().chain(by_rating).collect()
            }
            GuideSort::Distance => {
                distance.clone().into_iter().map(|d| format!("{d} ASC")).chain(by_rating).collect()
            }
        };
        if let Start::After(rank, id) = start {
            let rank = sql.param(*rank);
            let id = sql.param(id.as_str());
            sql.push(&format!(" AND (s.rating_rank, s.guide_id) < ({rank}, {id})"));
        }
        let fetch = sql.param(limit + 1);
        let offset = sql.param(offset);
        sql.push(&format!(
            " ORDER BY {}, s.guide_id DESC LIMIT {fetch} OFFSET {offset}",
            order.join(", ")
        ));
        sql.prepend("SELECT s.guide_id, s.rating_rank");

        let mut page_ids: Vec<(String, i64)> = sql.query_as().fetch_all(&from.db.pool).await?;
        let has_more = page_ids.len() as i64 > limit;
        page_ids.truncate(limit as usize);
        Ok((page_ids, total, has_more))
    }
}

/// Starts the WHERE clause with the text match, if any; returns the relevance to order by
/// (ascending: better matches first).
fn match_text(
    sql: &mut Sql,
    backend: Backend,
    words: &SearchQuery,
    place: &SearchQuery,
) -> Option<String> {
    if words.is_empty() && place.is_empty() {
        sql.push(" WHERE 1 = 1");
        return None;
    }
    match backend {
        Backend::Sqlite => {
            // Column weights: name, bio, languages, interests, address.
            sql.push(" JOIN guide_search_fts f ON f.rowid = s.id");
            let expression = [words.fts5(None), place.fts5(Some("address"))]
                .into_iter()
                .filter(|e| !e.is_empty())
                .collect::<Vec<_>>()
                .join(" AND ");
            let param = sql.param(expression);
            sql.push(&format!(" WHERE guide_search_fts MATCH {param}"));
            Some("bm25(guide_search_fts, 10.0, 1.0, 4.0, 4.0, 3.0)".to_owned())
        }
        Backend::Postgres => {
            let expression = [words.tsquery(None), place.tsquery(Some('C'))]
                .into_iter()
                .filter(|e| !e.is_empty())
                .collect::<Vec<_>>()
                .join(" & ");
            let param = sql.param(expression);
            sql.push(&format!(" WHERE s.document @@ to_tsquery('simple', {param})"));
            // ts_rank is higher for better matches; negated so the order is ascending.
            Some(format!("-ts_rank(s.document, to_tsquery('simple', {param}))"))
        }
    }
}

/// Narrows to guides within `near`; returns the expression that orders them by distance.
fn within(sql: &mut Sql, near: &Near) -> String {
    // A box around the point (index-friendly), then a flat-earth distance, which orders
    // correctly at these scales; the exact distance is computed for display.
    // At least a metre across, so that no product below underflows (PostgreSQL refuses one).
    let lat_span = (near.radius_km / KM_PER_DEGREE).max(1e-5);
    let cos_lat = near.lat.to_radians().cos().max(0.01);
    let lng_span = (lat_span / cos_lat).min(360.0);
    let lat = sql.param(near.lat);
    let lng = sql.param(near.lng);
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
    squared
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_are_great_circle_kilometres() {
        let pokhara = Near { lat: 28.2096, lng: 83.9856, radius_km: 50.0 };
        let kathmandu = Location { longitude: 85.324, latitude: 27.7172 };
        let km = pokhara.distance_km(kathmandu);
        assert!((140.0..145.0).contains(&km), "{km}");
    }

    #[test]
    fn sorts_are_named_as_the_api_names_them() {
        assert_eq!(GuideSort::parse(Some("price_asc")).unwrap(), Some(GuideSort::PriceAsc));
        assert_eq!(GuideSort::parse(Some("distance")).unwrap(), Some(GuideSort::Distance));
        assert_eq!(GuideSort::parse(Some("")).unwrap(), None);
        assert!(GuideSort::parse(Some("cheapest")).is_err());
    }

    #[test]
    fn impossible_filters_are_refused() {
        let bad = [
            GuideFilters { min_price: Some(60.0), max_price: Some(20.0), ..Default::default() },
            GuideFilters { min_price: Some(-1.0), ..Default::default() },
            GuideFilters { max_price: Some(f64::NAN), ..Default::default() },
            GuideFilters { min_rating: Some(5.5), ..Default::default() },
            GuideFilters { language: Some("x".repeat(61)), ..Default::default() },
        ];
        for filters in bad {
            assert!(filters.check().is_err(), "{filters:?}");
        }
        assert!(
            GuideFilters {
                min_price: Some(20.0),
                max_price: Some(20.0),
                min_rating: Some(0.0),
                ..Default::default()
            }
            .check()
            .is_ok()
        );
    }
}
