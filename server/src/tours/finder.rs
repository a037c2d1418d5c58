//! Finding tours: the public list's filters and orders, in SQL both databases run. Filters
//! read the figures stored beside each tour (days, highest night, price rows), so no tour's
//! itinerary is parsed to answer a list.

use serde::Deserialize;
use time::Duration;
use utoipa::IntoParams;

use super::acclimatisation::Risk;
pub use super::domain::TourSort;
use super::domain::{ALTITUDE_MAX, BookingMode, DAYS_MAX, GROUP_MAX};
use super::listing::{Asked, TourListing};
use super::photos::photos_of;
use super::store::LISTED;
use super::view::{TourCard, TourGuide};
use crate::calendar::{date_text, parse_date};
use crate::db::{Db, Sql};
use crate::destinations::trek::Difficulty;
use crate::error::{AppError, AppResult};
use crate::guides::cards::cards_of;
use crate::paging::page_and_limit;
use crate::text_search::{Query as SearchQuery, normalize};

/// A page holds this many tours unless `limit` says otherwise.
pub const DEFAULT_LIMIT: i64 = 12;
/// Prices in filters, in dollars per person.
const PRICE_MAX: f64 = 10_000.0;

#[derive(Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TourFilters {
    /// A destination's id.
    pub destination: Option<String>,
    /// A guide's id (the `guideId` of their public page): only their tours.
    pub guide: Option<String>,
    #[param(minimum = 1, maximum = 45)]
    pub min_days: Option<i64>,
    #[param(minimum = 1, maximum = 45)]
    pub max_days: Option<i64>,
    /// No night higher than this, in metres.
    #[param(minimum = 0, maximum = 8848)]
    pub max_altitude_m: Option<i64>,
    /// The destination's difficulty.
    #[param(inline)]
    pub difficulty: Option<Difficulty>,
    /// Dollars per person for `groupSize`.
    #[param(minimum = 0, maximum = 10000)]
    pub min_price: Option<f64>,
    #[param(minimum = 0, maximum = 10000)]
    pub max_price: Option<f64>,
    /// How many people; only tours that take that many. Default 1.
    #[param(minimum = 1, maximum = 30)]
    pub group_size: Option<i64>,
    /// A language the guide speaks.
    pub language: Option<String>,
    /// `YYYY-MM-DD`: the guide is free for every day of the tour from that date.
    #[param(pattern = r"^\d{4}-\d{2}-\d{2}$")]
    pub available_on: Option<String>,
    /// Words in the title, summary, day titles or sleeping places.
    pub q: Option<String>,
    /// `true`: only tours of guides holding the "Trusted guide" badge.
    pub trusted: Option<bool>,
    /// Default `rating`.
    #[param(inline)]
    pub sort: Option<TourSort>,
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<i64>,
}

/// A tour of a page as the SQL finds it, before its guide's card and its cover are read.
#[derive(sqlx::FromRow)]
struct FoundTour {
    id: String,
    guide_id: String,
    title: String,
    summary: String,
    day_count: i64,
    max_sleep_altitude_m: Option<i64>,
    risk: String,
    max_group_size: i64,
    booking_mode: String,
    destination_id: Option<String>,
    destination_name: Option<String>,
    price_cents: i64,
}

fn in_range(value: Option<i64>, min: i64, max: i64, name: &str) -> AppResult<Option<i64>> {
    match value {
        Some(v) if !(min..=max).contains(&v) => {
            Err(AppError::validation(format!("{name} must be a whole number from {min} to {max}")))
        }
        other => Ok(other),
    }
}

fn price_cents(value: Option<f64>, name: &str) -> AppResult<Option<i64>> {
    match value {
        Some(v) if !(0.0..=PRICE_MAX).contains(&v) => {
            Err(AppError::validation(format!("{name} must be from 0 to {PRICE_MAX} dollars")))
        }
        other => Ok(other.map(|dollars| (dollars * 100.0).round() as i64)),
    }
}

/// A request's filters, checked.
#[derive(Clone, Copy)]
pub struct Wanted {
    page: i64,
    limit: i64,
    min_days: Option<i64>,
    max_days: Option<i64>,
    max_altitude: Option<i64>,
    group: i64,
    min_price: Option<i64>,
    max_price: Option<i64>,
    start: Option<time::Date>,
}

impl Wanted {
    pub fn parse(filters: &TourFilters) -> AppResult<Self> {
        let (page, limit) = page_and_limit(filters.page, filters.limit, DEFAULT_LIMIT)?;
        let min_days = in_range(filters.min_days, 1, DAYS_MAX as i64, "minDays")?;
        let max_days = in_range(filters.max_days, 1, DAYS_MAX as i64, "maxDays")?;
        let max_altitude = in_range(filters.max_altitude_m, 0, ALTITUDE_MAX, "maxAltitudeM")?;
        let group = in_range(filters.group_size, 1, GROUP_MAX, "groupSize")?.unwrap_or(1);
        let min_price = price_cents(filters.min_price, "minPrice")?;
        let max_price = price_cents(filters.max_price, "maxPrice")?;
        if let (Some(min), Some(max)) = (min_days, max_days)
            && min > max
        {
            return Err(AppError::validation("minDays must not be more than maxDays"));
        }
        if let (Some(min), Some(max)) = (min_price, max_price)
            && min > max
        {
            return Err(AppError::validation("minPrice must not be more than maxPrice"));
        }
        let start = match filters.available_on.as_deref() {
            None => None,
            Some(text) => Some(parse_date(text).ok_or_else(|| {
                AppError::validation("availableOn must be a real date (YYYY-MM-DD)")
            })?),
        };
        Ok(Self {
            page,
            limit,
            min_days,
            max_days,
            max_altitude,
            group,
            min_price,
            max_price,
            start,
        })
    }
}

/// One page of listed tours matching `filters`, how many match in all, and the page size:
/// from the in-memory listing when there is one and it can answer, otherwise in SQL.
pub async fn find(
    db: &Db,
    listing: Option<&TourListing>,
    filters: &TourFilters,
) -> AppResult<(Vec<TourCard>, i64, i64)> {
    let wanted = Wanted::parse(filters)?;
    // The calendar is not in memory.
    if let Some(listing) = listing.filter(|_| wanted.start.is_none()) {
        listing.fresh().await?;
        if let Some(found) = find_in_listing(db, listing, filters, &wanted).await? {
            return Ok(found);
        }
    }
    find_in_sql(db, filters, &wanted).await
}

/// The destinations whose trek facts have this difficulty.
async fn destinations_of(db: &Db, difficulty: Difficulty) -> AppResult<Vec<String>> {
    // The trek facts are JSON that `TrekFacts` alone writes, compactly: the difficulty
    // appears exactly so.
    let word = serde_json::to_string(&difficulty).unwrap_or_default();
    let ids: Vec<(String,)> =
        sqlx::query_as("SELECT d.id FROM destinations d WHERE d.trek LIKE $1")
            .bind(format!("%\"difficulty\":{word}%"))
            .fetch_all(&db.pool)
            .await?;
    Ok(ids.into_iter().map(|(id,)| id).collect())
}

/// The page picked from memory, with its cards; `None` before the listing has loaded.
pub async fn find_in_listing(
    db: &Db,
    listing: &TourListing,
    filters: &TourFilters,
    wanted: &Wanted,
) -> AppResult<Option<(Vec<TourCard>, i64, i64)>> {
    // The badge is not in memory; an index orders by it in SQL (`guide_search_trusted`).
    if filters.trusted == Some(true) || filters.sort == Some(TourSort::Trusted) {
        return Ok(None);
    }
    let difficulty = match filters.difficulty {
        Some(difficulty) => Some(destinations_of(db, difficulty).await?),
        None => None,
    };
    let language = filters.language.as_deref().map(normalize).filter(|l| !l.is_empty());
    let words = SearchQuery::parse(filters.q.as_deref());
    let asked = Asked {
        group: wanted.group,
        min_days: wanted.min_days,
        max_days: wanted.max_days,
        max_altitude: wanted.max_altitude,
        difficulty_destinations: difficulty.as_deref(),
        min_price: wanted.min_price,
        max_price: wanted.max_price,
        language: language.as_deref(),
        words: words.words(),
        destination: filters.destination.as_deref(),
        guide: filters.guide.as_deref(),
        sort: filters.sort.unwrap_or_default(),
        offset: (wanted.page - 1) * wanted.limit,
        limit: wanted.limit,
    };
    Ok(listing.find(&asked).map(|(cards, total)| (cards, total, wanted.limit)))
}

/// The same answer in SQL, which both databases run: the reference the listing is
/// compared with, and what answers while it loads or when a filter needs the calendar.
pub async fn find_in_sql(
    db: &Db,
    filters: &TourFilters,
    wanted: &Wanted,
) -> AppResult<(Vec<TourCard>, i64, i64)> {
    let Wanted {
        page,
        limit,
        min_days,
        max_days,
        max_altitude,
        group,
        min_price,
        max_price,
        start,
    } = *wanted;
    let mut sql = Sql::new(" FROM tours t JOIN tour_prices p ON p.tour_id = t.id");
    let g = sql.param(group);
    sql.push(&format!(" AND p.min_people <= {g} AND p.max_people >= {g}"));
    sql.push(" LEFT JOIN destinations d ON d.id = t.destination_id");
    sql.push(" JOIN guide_search s ON s.guide_id = t.guide_id");
    sql.push(&format!(" WHERE {LISTED}"));
    if let Some(destination) = &filters.destination {
        let param = sql.param(destination.as_str());
        sql.push(&format!(" AND t.destination_id = {param}"));
    }
    if let Some(guide) = &filters.guide {
        let param = sql.param(guide.as_str());
        sql.push(&format!(" AND t.guide_id = {param}"));
    }
    if filters.trusted == Some(true) {
        sql.push(" AND s.trusted = 1");
    }
    if let Some(min) = min_days {
        let param = sql.param(min);
        sql.push(&format!(" AND t.day_count >= {param}"));
    }
    if let Some(max) = max_days {
        let param = sql.param(max);
        sql.push(&format!(" AND t.day_count <= {param}"));
    }
    if let Some(max) = max_altitude {
        let param = sql.param(max);
        sql.push(&format!(
            " AND (t.max_sleep_altitude_m IS NULL OR t.max_sleep_altitude_m <= {param})"
        ));
    }
    if let Some(difficulty) = filters.difficulty {
        let word = serde_json::to_string(&difficulty).unwrap_or_default();
        let param = sql.param(format!("%\"difficulty\":{word}%"));
        sql.push(&format!(" AND d.trek LIKE {param}"));
    }
    if let Some(min) = min_price {
        let param = sql.param(min);
        sql.push(&format!(" AND p.price_cents >= {param}"));
    }
    if let Some(max) = max_price {
        let param = sql.param(max);
        sql.push(&format!(" AND p.price_cents <= {param}"));
    }
    let language = filters.language.as_deref().map(normalize).filter(|l| !l.is_empty());
    if let Some(language) = language {
        // Normalised names are letters and digits: no LIKE wildcard can be in them.
        let param = sql.param(format!("% {language} %"));
        sql.push(&format!(" AND (' ' || s.languages || ' ') LIKE {param}"));
    }
    for word in SearchQuery::parse(filters.q.as_deref()).words() {
        let param = sql.param(format!("% {word}%"));
        sql.push(&format!(" AND (' ' || t.search_text) LIKE {param}"));
    }
    if let Some(start) = start {
        // The tour's last day depends on its length: one date per possible length.
        let mut last_day = String::from("CASE t.day_count");
        for days in 1..=DAYS_MAX as i64 {
            let date = date_text(start + Duration::days(days - 1));
            let param = sql.param(date);
            last_day.push_str(&format!(" WHEN {days} THEN {param}"));
        }
        last_day.push_str(" END");
        let first = sql.param(date_text(start));
        for table in ["trip_days", "blocked_days"] {
            sql.push(&format!(
                " AND NOT EXISTS (SELECT 1 FROM {table} b WHERE b.guide_id = t.guide_id \
                   AND b.day >= {first} AND b.day <= {last_day})"
            ));
        }
    }

    let (total,): (i64,) =
        sql.clone().prepend("SELECT COUNT(*)").query_as().fetch_one(&db.pool).await?;
    let order = match filters.sort.unwrap_or_default() {
        TourSort::Rating => "s.rating_rank DESC, t.id DESC",
        TourSort::PriceAsc => "p.price_cents ASC, t.id ASC",
        TourSort::PriceDesc => "p.price_cents DESC, t.id DESC",
        TourSort::DaysAsc => "t.day_count ASC, t.id ASC",
        TourSort::DaysDesc => "t.day_count DESC, t.id DESC",
        TourSort::Trusted => "s.trusted DESC, s.rating_rank DESC, t.id DESC",
    };
    let limit_param = sql.param(limit);
    let offset_param = sql.param((page - 1) * limit);
    sql.push(&format!(" ORDER BY {order} LIMIT {limit_param} OFFSET {offset_param}"));
    sql.prepend(
        "SELECT t.id, t.guide_id, t.title, t.summary, t.day_count, t.max_sleep_altitude_m, t.risk, \
           t.max_group_size, t.booking_mode, t.destination_id, d.name AS destination_name, \
           p.price_cents",
    );
    let found: Vec<FoundTour> = sql.query_as().fetch_all(&db.pool).await?;
    Ok((cards_of_found(db, found).await?, total, limit))
}

/// The cards of tours found in SQL, with their guides' cards and their covers.
async fn cards_of_found(db: &Db, found: Vec<FoundTour>) -> AppResult<Vec<TourCard>> {
    let guide_ids: Vec<String> = found.iter().map(|tour| tour.guide_id.clone()).collect();
    let guides = cards_of(db, &guide_ids).await?;
    let tour_ids: Vec<String> = found.iter().map(|tour| tour.id.clone()).collect();
    let mut covers = photos_of(db, &tour_ids, true).await?;
    let cards = found
        .into_iter()
        .filter_map(|tour| {
            // A guide who stopped being listed since the page was found is left out.
            let guide = guides.iter().find(|guide| guide.id == tour.guide_id)?;
            Some(TourCard {
                photo: covers.remove(&tour.id).and_then(|photos| photos.into_iter().next()),
                id: tour.id,
                title: tour.title,
                summary: tour.summary,
                day_count: tour.day_count,
                max_sleep_altitude_m: tour.max_sleep_altitude_m,
                risk: Risk::from_stored(&tour.risk),
                price_per_person_usd: tour.price_cents as f64 / 100.0,
                max_group_size: tour.max_group_size,
                booking_mode: BookingMode::from_stored(&tour.booking_mode),
                destination_id: tour.destination_id,
                destination_name: tour.destination_name,
                guide: TourGuide::from(guide),
            })
        })
        .collect();
    Ok(cards)
}
