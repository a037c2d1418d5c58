//! Departures in the database, and as the API shows them.

use serde::Serialize;
use utoipa::ToSchema;

use super::domain::{NewDeparture, START_TIME};
use crate::bookings::lifecycle;
use crate::calendar::{date_text, readable_date, today_in_nepal};
use crate::db::{Db, Sql, is_unique_violation, new_id, to_rfc3339};
use crate::error::{AppError, AppResult};
use crate::money::dollars;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = DepartureStatus)]
pub enum Status {
    /// Taking seats.
    Open,
    /// It runs: it had its minimum of paid seats at the tour's cutoff.
    Confirmed,
    /// By the guide, or by itself for want of travellers.
    Cancelled,
}

impl Status {
    fn from_stored(text: &str) -> Self {
        match text {
            "confirmed" => Self::Confirmed,
            "cancelled" => Self::Cancelled,
            _ => Self::Open,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Departure {
    #[serde(rename = "_id")]
    pub id: String,
    pub tour_id: String,
    /// `YYYY-MM-DD`.
    pub start_date: String,
    /// The last day, `YYYY-MM-DD`.
    pub end_date: String,
    pub seats: i64,
    /// Seats not held by a booking (paid, or approved and waiting to be paid).
    pub seats_left: i64,
    pub min_to_run: i64,
    /// Paid seats so far.
    pub seats_paid: i64,
    /// It reached `minToRun` paid seats (or was confirmed at the cutoff): it will run.
    pub confirmed: bool,
    pub status: Status,
    /// Dollars.
    pub price_per_seat_usd: f64,
    /// The last moment to join (RFC 3339): the tour's `cutoffHours` before the start.
    pub bookable_until: String,
}

#[derive(sqlx::FromRow)]
pub struct DepartureRow {
    pub id: String,
    pub tour_id: String,
    pub guide_id: String,
    pub start_date: String,
    end_date: String,
    pub seats: i64,
    seats_taken: i64,
    pub min_to_run: i64,
    pub price_per_seat_cents: i64,
    status: String,
    seats_paid: i64,
    cutoff_hours: i64,
    pub tour_title: String,
    pub day_count: i64,
}

impl DepartureRow {
    /// When joining closes (epoch ms).
    pub fn bookable_until_ms(&self) -> i64 {
        lifecycle::trip_start_ms(&self.start_date, START_TIME) - self.cutoff_hours * 3_600_000
    }

    pub fn status(&self) -> Status {
        Status::from_stored(&self.status)
    }
}

impl From<DepartureRow> for Departure {
    fn from(row: DepartureRow) -> Self {
        let bookable_until = to_rfc3339(row.bookable_until_ms());
        let status = row.status();
        Self {
            confirmed: status == Status::Confirmed
                || (status == Status::Open && row.seats_paid >= row.min_to_run),
            id: row.id,
            tour_id: row.tour_id,
            start_date: row.start_date,
            end_date: row.end_date,
            seats: row.seats,
            seats_left: row.seats - row.seats_taken,
            min_to_run: row.min_to_run,
            seats_paid: row.seats_paid,
            status,
            price_per_seat_usd: dollars(row.price_per_seat_cents),
            bookable_until,
        }
    }
}

/// The columns of a `DepartureRow`, from `departures d JOIN tours t`.
pub const COLUMNS: &str = "d.id, d.tour_id, d.guide_id, d.start_date, d.end_date, d.seats, d.seats_taken, \
    d.min_to_run, d.price_per_seat_cents, d.status, t.cutoff_hours, t.title AS tour_title, t.day_count, \
    CAST(COALESCE((SELECT SUM(b.group_size) FROM bookings b WHERE b.departure_id = d.id \
      AND b.booking_status IN ('approved', 'completed') AND b.payment_status = 'paid'), 0) AS BIGINT) AS seats_paid";

/// Opens `departure` of the tour `tour_id` (of `days` days) for `guide_id`, taking the
/// guide's days. A day already taken (a trip, another departure, a blocked day) is refused
/// naming it, however openings and approvals race: the `trip_days` key decides.
pub async fn open(
    db: &Db,
    tour_id: &str,
    guide_id: &str,
    departure: &NewDeparture,
    days: usize,
    now: i64,
) -> AppResult<String> {
    let days = departure.days(days);
    let (first, last) =
        (days.first().cloned().unwrap_or_default(), days.last().cloned().unwrap_or_default());
    if let Some(day) =
        crate::bookings::taken_days::first_unavailable_day(db, guide_id, &first, &last).await?
    {
        return Err(day_taken(&day));
    }
    let id = new_id();
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "INSERT INTO departures (id, tour_id, guide_id, start_date, end_date, seats, min_to_run, price_per_seat_cents, \
           status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open', $9, $9)",
    )
    .bind(&id)
    .bind(tour_id)
    .bind(guide_id)
    .bind(&first)
    .bind(&last)
    .bind(departure.seats)
    .bind(departure.min_to_run)
    .bind(departure.price_per_seat_cents)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    for day in &days {
        let taken =
            sqlx::query("INSERT INTO trip_days (guide_id, day, departure_id) VALUES ($1, $2, $3)")
                .bind(guide_id)
                .bind(day)
                .bind(&id)
                .execute(&mut *tx)
                .await;
        match taken {
            Ok(_) => {}
            Err(e) if is_unique_violation(&e) => return Err(day_taken(day)),
            Err(e) => return Err(e.into()),
        }
    }
    tx.commit().await?;
    Ok(id)
}

fn day_taken(day: &str) -> AppError {
    AppError::Conflict(format!(
        "You are not free on {}: a trip, a departure or a blocked day has it. Choose other dates.",
        readable_date(day)
    ))
}

/// The departure `id`, whatever its state.
pub async fn find(db: &Db, id: &str) -> AppResult<Option<DepartureRow>> {
    let row = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM departures d JOIN tours t ON t.id = d.tour_id WHERE d.id = $1"
    )))
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row)
}

/// Every departure of a tour, soonest first: all of them for its guide, the upcoming ones
/// that are not cancelled for everyone else.
pub async fn of_tour(db: &Db, tour_id: &str, upcoming_only: bool) -> AppResult<Vec<DepartureRow>> {
    let mut sql =
        Sql::new(&format!("SELECT {COLUMNS} FROM departures d JOIN tours t ON t.id = d.tour_id"));
    let tour = sql.param(tour_id);
    sql.push(&format!(" WHERE d.tour_id = {tour}"));
    if upcoming_only {
        let today = sql.param(date_text(today_in_nepal()));
        sql.push(&format!(" AND d.status <> 'cancelled' AND d.start_date > {today}"));
    }
    sql.push(" ORDER BY d.start_date, d.id");
    Ok(sql.query_as().fetch_all(&db.pool).await?)
}

/// Marks the departure cancelled and gives back its days, in `tx`. False when it already was.
pub async fn mark_cancelled(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    id: &str,
    now: i64,
) -> AppResult<bool> {
    let updated = sqlx::query(
        "UPDATE departures SET status = 'cancelled', cancelled_at = $1, updated_at = $1 \
         WHERE id = $2 AND status <> 'cancelled'",
    )
    .bind(now)
    .bind(id)
    .execute(&mut **tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query("DELETE FROM trip_days WHERE departure_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(true)
}

/// The ids of a departure's bookings that still hold seats (approved, paid or not).
pub async fn holding_bookings(db: &Db, id: &str) -> AppResult<Vec<String>> {
    holding_bookings_in(&mut *db.pool.acquire().await?, id).await
}

/// The same, read on `conn`: inside the transaction that changed the departure's status,
/// it shows a join that committed after the bookings were first read (no join gets in
/// after that update: a seat is claimed only on a departure not cancelled, and joining
/// closes at the cutoff).
pub async fn holding_bookings_in(
    conn: &mut sqlx::AnyConnection,
    id: &str,
) -> AppResult<Vec<String>> {
    let ids: Vec<(String,)> = sqlx::query_as(
        "SELECT id FROM bookings WHERE departure_id = $1 AND booking_status = 'approved' ORDER BY created_at, id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(ids.into_iter().map(|(id,)| id).collect())
}

/// A departure in the list across tours: with what the traveller needs of its tour.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartureCard {
    #[serde(flatten)]
    pub departure: Departure,
    pub tour: DepartureTour,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartureTour {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    pub day_count: i64,
    #[schema(required = true)]
    pub destination_id: Option<String>,
    #[schema(required = true)]
    pub destination_name: Option<String>,
}

#[derive(sqlx::FromRow)]
struct CardRow {
    #[sqlx(flatten)]
    departure: DepartureRow,
    destination_id: Option<String>,
    destination_name: Option<String>,
}

/// What the list across tours is asked for.
pub struct Wanted<'a> {
    pub destination: Option<&'a str>,
    /// `YYYY-MM-DD`, inclusive; today in Nepal when not given.
    pub from: String,
    pub to: Option<String>,
    pub page: i64,
    pub limit: i64,
}

/// Open and confirmed departures of listed tours starting in the window, soonest first,
/// with how many there are in all.
pub async fn upcoming(db: &Db, wanted: &Wanted<'_>) -> AppResult<(Vec<DepartureCard>, i64)> {
    let mut sql = Sql::new(
        " FROM departures d JOIN tours t ON t.id = d.tour_id LEFT JOIN destinations ds ON ds.id = t.destination_id",
    );
    sql.push(&format!(" WHERE d.status <> 'cancelled' AND {}", crate::tours::store::LISTED));
    let from = sql.param(wanted.from.as_str());
    sql.push(&format!(" AND d.start_date >= {from}"));
    if let Some(to) = &wanted.to {
        let to = sql.param(to.as_str());
        sql.push(&format!(" AND d.start_date <= {to}"));
    }
    if let Some(destination) = wanted.destination {
        let destination = sql.param(destination);
        sql.push(&format!(" AND t.destination_id = {destination}"));
    }
    let (total,): (i64,) =
        sql.clone().prepend("SELECT COUNT(*)").query_as().fetch_one(&db.pool).await?;
    let limit = sql.param(wanted.limit);
    let offset = sql.param((wanted.page - 1) * wanted.limit);
    sql.push(&format!(" ORDER BY d.start_date, d.id LIMIT {limit} OFFSET {offset}"));
    sql.prepend(&format!("SELECT {COLUMNS}, t.destination_id, ds.name AS destination_name"));
    let rows: Vec<CardRow> = sql.query_as().fetch_all(&db.pool).await?;
    let cards = rows
        .into_iter()
        .map(|row| DepartureCard {
            tour: DepartureTour {
                id: row.departure.tour_id.clone(),
                title: row.departure.tour_title.clone(),
                day_count: row.departure.day_count,
                destination_id: row.destination_id,
                destination_name: row.destination_name,
            },
            departure: Departure::from(row.departure),
        })
        .collect();
    Ok((cards, total))
}
