//! Tours as stored: the content a guide wrote (JSON for the itinerary and lists), the
//! figures lists filter and sort on beside it, and a row per price tier.

use anyhow::Context;
use sqlx::AnyConnection;

use super::acclimatisation::Risk;
use super::domain::{BookingMode, TourInput, TourStatus};
use super::photos::{TourPhoto, from_column, photos_column, photos_of};
use super::pricing::Tier;
use crate::catalogue_changes::{Kind, record};
use crate::db::{Db, Param, Sql, insert_many, new_id, now_ms};
use crate::error::AppResult;
use crate::text_search::normalize;

/// A stored tour: its content and who owns it.
pub struct StoredTour {
    pub id: String,
    pub guide_id: String,
    pub input: TourInput,
    pub status: TourStatus,
    /// In order; the first is the cover.
    pub photos: Vec<TourPhoto>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(sqlx::FromRow)]
struct TourRow {
    id: String,
    guide_id: String,
    destination_id: Option<String>,
    title: String,
    summary: String,
    days: String,
    max_group_size: i64,
    included: String,
    excluded: String,
    meeting_point: String,
    booking_mode: String,
    cutoff_hours: i64,
    status: String,
    created_at: i64,
    updated_at: i64,
}

pub const COLUMNS: &str = "t.id, t.guide_id, t.destination_id, t.title, t.summary, t.days, \
    t.max_group_size, t.included, t.excluded, t.meeting_point, t.booking_mode, t.cutoff_hours, \
    t.status, t.created_at, t.updated_at";

/// The condition a tour meets to be seen by anyone: published, by a guide who is listed
/// (verified, not suspended: the guide directory's own rule, `guide_search`).
pub const LISTED: &str = "t.status = 'published' AND EXISTS (SELECT 1 FROM guide_search s WHERE s.guide_id = t.guide_id)";

fn list_from(text: &str) -> Vec<String> {
    serde_json::from_str(text).unwrap_or_default()
}

/// The rows with their price tiers and photos (one query each for all of them).
async fn with_tiers(db: &Db, rows: Vec<TourRow>) -> AppResult<Vec<StoredTour>> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::new(
        "SELECT tour_id, min_people, max_people, price_cents FROM tour_prices WHERE tour_id IN (",
    );
    let ids: Vec<String> = rows.iter().map(|row| sql.param(row.id.as_str())).collect();
    sql.push(&format!("{}) ORDER BY tour_id, min_people", ids.join(", ")));
    let tiers: Vec<(String, i64, i64, i64)> = sql.query_as().fetch_all(&db.pool).await?;
    let tiers_of = |id: &str| -> Vec<Tier> {
        tiers
            .iter()
            .filter(|(tour_id, ..)| tour_id == id)
            .map(|&(_, min_people, max_people, cents)| tier((min_people, max_people, cents)))
            .collect()
    };
    let ids: Vec<String> = rows.iter().map(|row| row.id.clone()).collect();
    let mut photos = photos_of(db, &ids, false).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let pricing = tiers_of(&row.id);
            let photos = photos.remove(&row.id).unwrap_or_default();
            stored(row, pricing, photos)
        })
        .collect())
}

/// A tier from its `tour_prices` row: minimum and maximum people, price in cents.
fn tier((min_people, max_people, cents): (i64, i64, i64)) -> Tier {
    Tier {
        min_people: min_people as i32,
        max_people: max_people as i32,
        price_per_person_usd: cents as f64 / 100.0,
    }
}

fn stored(row: TourRow, pricing: Vec<Tier>, photos: Vec<TourPhoto>) -> StoredTour {
    StoredTour {
        photos,
        input: TourInput {
            pricing,
            title: row.title,
            summary: row.summary,
            destination_id: row.destination_id,
            days: serde_json::from_str(&row.days).unwrap_or_default(),
            max_group_size: row.max_group_size,
            included: list_from(&row.included),
            excluded: list_from(&row.excluded),
            meeting_point: row.meeting_point,
            booking_mode: BookingMode::from_stored(&row.booking_mode),
            cutoff_hours: row.cutoff_hours,
        },
        id: row.id,
        guide_id: row.guide_id,
        status: TourStatus::from_stored(&row.status),
        created_at: row.created_at,
        updated_at: row.updated_at,
    }
}

/// The tour `id` if `guide_id` owns it.
pub async fn find_own(db: &Db, guide_id: &str, id: &str) -> AppResult<Option<StoredTour>> {
    let rows: Vec<TourRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM tours t WHERE t.id = $1 AND t.guide_id = $2"
    )))
    .bind(id)
    .bind(guide_id)
    .fetch_all(&db.pool)
    .await?;
    Ok(with_tiers(db, rows).await?.pop())
}

/// The tour `id` if anyone may see it.
pub async fn find_listed(db: &Db, id: &str) -> AppResult<Option<StoredTour>> {
    let rows: Vec<TourRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM tours t WHERE t.id = $1 AND {LISTED}"
    )))
    .bind(id)
    .fetch_all(&db.pool)
    .await?;
    Ok(with_tiers(db, rows).await?.pop())
}

/// What a listed tour's page shows beside the tour, read with it.
pub struct PageFacts {
    /// The last day of the guide's licence.
    pub licence_expires_on: Option<String>,
    /// The destination's id, name and trek facts (JSON), when it has one.
    pub destination: Option<(String, String, Option<String>)>,
}

#[derive(sqlx::FromRow)]
struct PageRow {
    #[sqlx(flatten)]
    tour: TourRow,
    /// Its tiers' minimum and maximum people and price in cents, as a JSON array.
    tiers: String,
    /// `photos::photos_column`.
    photos: String,
    licence_expires_on: Option<String>,
    destination_name: Option<String>,
    destination_trek: Option<String>,
}

/// The tour `id` if anyone may see it, with what its page shows beside it.
pub async fn find_listed_page(db: &Db, id: &str) -> AppResult<Option<(StoredTour, PageFacts)>> {
    let tiers = db.backend.json_rows(
        "tp.min_people, tp.max_people, tp.price_cents",
        "FROM tour_prices tp WHERE tp.tour_id = t.id",
        "tp.min_people",
    );
    let photos = photos_column(db.backend, "t.id");
    let row: Option<PageRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS}, {tiers} AS tiers, {photos} AS photos, g.licence_expires_on, d.name AS destination_name, d.trek AS destination_trek \
         FROM tours t JOIN guide_details g ON g.user_id = t.guide_id \
         LEFT JOIN destinations d ON d.id = t.destination_id WHERE t.id = $1 AND {LISTED}"
    )))
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let destination = row
        .tour
        .destination_id
        .clone()
        .zip(row.destination_name)
        .map(|(id, name)| (id, name, row.destination_trek));
    let facts = PageFacts { licence_expires_on: row.licence_expires_on, destination };
    let tiers: Vec<(i64, i64, i64)> =
        serde_json::from_str(&row.tiers).context("a tour's price tiers")?;
    let pricing = tiers.into_iter().map(tier).collect();
    let photos = from_column(&row.photos)?;
    Ok(Some((stored(row.tour, pricing, photos), facts)))
}

/// A guide's tours, newest first, archived ones included.
pub async fn list_own(db: &Db, guide_id: &str) -> AppResult<Vec<StoredTour>> {
    let rows: Vec<TourRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM tours t WHERE t.guide_id = $1 ORDER BY t.created_at DESC, t.id DESC"
    )))
    .bind(guide_id)
    .fetch_all(&db.pool)
    .await?;
    with_tiers(db, rows).await
}

/// These tours, in this order.
pub async fn find_all(db: &Db, ids: &[String]) -> AppResult<Vec<StoredTour>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::new(&format!("SELECT {COLUMNS} FROM tours t WHERE t.id IN ("));
    let params: Vec<String> = ids.iter().map(|id| sql.param(id.as_str())).collect();
    sql.push(&format!("{})", params.join(", ")));
    let rows: Vec<TourRow> = sql.query_as().fetch_all(&db.pool).await?;
    let mut tours = with_tiers(db, rows).await?;
    tours.sort_by_key(|tour| ids.iter().position(|id| *id == tour.id));
    Ok(tours)
}

/// The columns of a row from `insert_row`, in its order.
pub const INSERT_COLUMNS: [&str; 19] = [
    "id",
    "guide_id",
    "destination_id",
    "title",
    "summary",
    "days",
    "day_count",
    "max_sleep_altitude_m",
    "risk",
    "max_group_size",
    "included",
    "excluded",
    "meeting_point",
    "booking_mode",
    "cutoff_hours",
    "search_text",
    "status",
    "created_at",
    "updated_at",
];

/// The columns of a row from `price_rows`.
pub const PRICE_COLUMNS: [&str; 4] = ["tour_id", "min_people", "max_people", "price_cents"];

/// A new tour as a row of `INSERT_COLUMNS`, with the figures lists filter on worked out from
/// its content. The one place they are worked out for a new tour, so the bulk seed's
/// thousands of rows are stored exactly as a guide's tour is.
pub fn insert_row(
    id: &str,
    guide_id: &str,
    tour: &TourInput,
    status: TourStatus,
    now: i64,
) -> Vec<Param> {
    let (risk, highest) = safety(tour);
    vec![
        id.into(),
        guide_id.into(),
        tour.destination_id.clone().into(),
        tour.title.as_str().into(),
        tour.summary.as_str().into(),
        serde_json::to_string(&tour.days).unwrap_or_default().into(),
        (tour.days.len() as i64).into(),
        highest.into(),
        risk.as_str().into(),
        tour.max_group_size.into(),
        serde_json::to_string(&tour.included).unwrap_or_default().into(),
        serde_json::to_string(&tour.excluded).unwrap_or_default().into(),
        tour.meeting_point.as_str().into(),
        tour.booking_mode.as_str().into(),
        tour.cutoff_hours.into(),
        search_text(tour).into(),
        status.as_str().into(),
        now.into(),
        now.into(),
    ]
}

/// A tour's price tiers as rows of `PRICE_COLUMNS`.
pub fn price_rows(id: &str, tiers: &[Tier]) -> Vec<Vec<Param>> {
    tiers
        .iter()
        .map(|tier| {
            vec![
                id.into(),
                i64::from(tier.min_people).into(),
                i64::from(tier.max_people).into(),
                tier.price_per_person_cents().into(),
            ]
        })
        .collect()
}

/// Writes a new draft tour; its id.
pub async fn insert(
    conn: &mut AnyConnection,
    guide_id: &str,
    tour: &TourInput,
) -> AppResult<String> {
    let id = new_id();
    let row = insert_row(&id, guide_id, tour, TourStatus::Draft, now_ms());
    insert_many(conn, "tours", &INSERT_COLUMNS, vec![row]).await?;
    write_prices(conn, &id, &tour.pricing).await?;
    Ok(id)
}

/// Replaces a tour's content (and its price tiers) with `tour`.
pub async fn update(conn: &mut AnyConnection, id: &str, tour: &TourInput) -> AppResult<()> {
    record(conn, Kind::Tour, &[id]).await?;
    let (risk, highest) = safety(tour);
    sqlx::query(
        "UPDATE tours SET destination_id = $1, title = $2, summary = $3, days = $4, day_count = $5, \
           max_sleep_altitude_m = $6, risk = $7, max_group_size = $8, included = $9, excluded = $10, \
           meeting_point = $11, booking_mode = $12, cutoff_hours = $13, search_text = $14, \
           updated_at = $15 \
         WHERE id = $16",
    )
    .bind(tour.destination_id.as_deref())
    .bind(&tour.title)
    .bind(&tour.summary)
    .bind(serde_json::to_string(&tour.days).unwrap_or_default())
    .bind(tour.days.len() as i64)
    .bind(highest)
    .bind(risk.as_str())
    .bind(tour.max_group_size)
    .bind(serde_json::to_string(&tour.included).unwrap_or_default())
    .bind(serde_json::to_string(&tour.excluded).unwrap_or_default())
    .bind(&tour.meeting_point)
    .bind(tour.booking_mode.as_str())
    .bind(tour.cutoff_hours)
    .bind(search_text(tour))
    .bind(now_ms())
    .bind(id)
    .execute(&mut *conn)
    .await?;
    write_prices(conn, id, &tour.pricing).await
}

/// What a search's words are matched against.
fn search_text(tour: &TourInput) -> String {
    let days = tour.days.iter().flat_map(|day| [day.title.as_str(), day.sleep_place.as_str()]);
    let all: Vec<&str> =
        [tour.title.as_str(), tour.summary.as_str()].into_iter().chain(days).collect();
    normalize(&all.join(" "))
}

/// The risk and highest night lists filter on.
fn safety(tour: &TourInput) -> (Risk, Option<i64>) {
    match tour.assessment() {
        Some(assessment) => (assessment.risk, Some(i64::from(assessment.max_sleep_altitude_m))),
        None => (Risk::Low, None),
    }
}

async fn write_prices(conn: &mut AnyConnection, id: &str, tiers: &[Tier]) -> AppResult<()> {
    sqlx::query("DELETE FROM tour_prices WHERE tour_id = $1").bind(id).execute(&mut *conn).await?;
    insert_many(conn, "tour_prices", &PRICE_COLUMNS, price_rows(id, tiers)).await?;
    Ok(())
}

pub async fn set_status(db: &Db, id: &str, status: TourStatus) -> AppResult<()> {
    let mut tx = db.begin_write().await?;
    record(&mut tx, Kind::Tour, &[id]).await?;
    sqlx::query("UPDATE tours SET status = $1, updated_at = $2 WHERE id = $3")
        .bind(status.as_str())
        .bind(now_ms())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Whether any booking, in any state, is of this tour.
pub async fn has_bookings(db: &Db, id: &str) -> AppResult<bool> {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM bookings WHERE tour_id = $1")
        .bind(id)
        .fetch_one(&db.pool)
        .await?;
    Ok(count > 0)
}

pub async fn delete(db: &Db, id: &str) -> AppResult<()> {
    let mut tx = db.begin_write().await?;
    record(&mut tx, Kind::Tour, &[id]).await?;
    sqlx::query("DELETE FROM tours WHERE id = $1").bind(id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}
