//! Offers in the database, and as the API shows them.

use serde::Serialize;
use utoipa::ToSchema;

use super::domain::{NewOffer, START_TIME};
use crate::bookings::lifecycle;
use crate::calendar::readable_date;
use crate::db::{Db, Sql, is_unique_violation, new_id, to_rfc3339};
use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::money::dollars;
use crate::tours::acclimatisation::Risk;
use crate::tours::domain::Day;
use crate::tours::view::AcclimatisationView;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = OfferStatus)]
pub enum Status {
    /// The traveller may accept it.
    Open,
    /// Its `expiresAt` passed before anyone accepted it.
    Expired,
    /// Its guide took it back.
    Withdrawn,
    /// The traveller accepted it: `bookingId` is the booking it made.
    Accepted,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Offer {
    #[serde(rename = "_id")]
    pub id: String,
    pub conversation_id: String,
    /// The message the offer was sent with: draw the offer at it.
    pub message_id: String,
    /// The guide's own tour it is based on.
    #[schema(required = true)]
    pub tour_id: Option<String>,
    #[schema(required = true)]
    pub tour_title: Option<String>,
    pub guide_id: String,
    pub tourist_id: String,
    /// `YYYY-MM-DD`.
    pub start_date: String,
    /// The last day, `YYYY-MM-DD`.
    pub end_date: String,
    pub group_size: i64,
    /// The itinerary, as a tour's.
    pub days: Vec<Day>,
    /// The altitude check of its nights, as a tour's.
    pub acclimatisation: AcclimatisationView,
    /// The same risk as `acclimatisation.risk`.
    pub risk: Risk,
    /// Dollars, for the whole group and trip.
    pub total_price_usd: f64,
    /// May be empty.
    pub note: String,
    /// RFC 3339.
    pub expires_at: String,
    pub status: Status,
    /// The booking it made, once accepted.
    #[schema(required = true)]
    pub booking_id: Option<String>,
    /// RFC 3339.
    pub created_at: String,
}

#[derive(sqlx::FromRow)]
pub struct OfferRow {
    pub id: String,
    pub conversation_id: String,
    message_id: String,
    pub tour_id: Option<String>,
    tour_title: Option<String>,
    pub guide_id: String,
    pub tourist_id: String,
    pub start_date: String,
    pub end_date: String,
    pub group_size: i64,
    days: String,
    pub day_count: i64,
    risk: String,
    pub total_price_cents: i64,
    note: String,
    pub expires_at: i64,
    status: String,
    booking_id: Option<String>,
    created_at: i64,
}

impl OfferRow {
    /// Where it stands at `now` (epoch ms): an open offer whose time is up is expired.
    pub fn status(&self, now: i64) -> Status {
        match self.status.as_str() {
            "withdrawn" => Status::Withdrawn,
            "accepted" => Status::Accepted,
            _ if now >= self.expires_at => Status::Expired,
            _ => Status::Open,
        }
    }

    pub fn days(&self) -> Vec<Day> {
        serde_json::from_str(&self.days).unwrap_or_default()
    }

    /// As the API shows it, at `now`, its warnings in `lang`.
    pub fn view(self, now: i64, lang: Lang) -> Offer {
        let days = self.days();
        let altitudes: Vec<Option<i64>> = days.iter().map(|day| day.sleep_altitude_m).collect();
        let assessment = crate::tours::domain::assess_altitudes(&altitudes).ok().flatten();
        let status = self.status(now);
        Offer {
            id: self.id,
            conversation_id: self.conversation_id,
            message_id: self.message_id,
            tour_id: self.tour_id,
            tour_title: self.tour_title,
            guide_id: self.guide_id,
            tourist_id: self.tourist_id,
            start_date: self.start_date,
            end_date: self.end_date,
            group_size: self.group_size,
            acclimatisation: AcclimatisationView::new(assessment.as_ref(), lang),
            days,
            risk: Risk::from_stored(&self.risk),
            total_price_usd: dollars(self.total_price_cents),
            note: self.note,
            expires_at: to_rfc3339(self.expires_at),
            status,
            booking_id: self.booking_id,
            created_at: to_rfc3339(self.created_at),
        }
    }
}

/// The columns of an `OfferRow`, from `offers o LEFT JOIN tours t`.
const SELECT: &str = "SELECT o.id, o.conversation_id, o.message_id, o.tour_id, t.title AS tour_title, \
    o.guide_id, o.tourist_id, o.start_date, o.end_date, o.group_size, o.days, o.day_count, o.risk, \
    o.total_price_cents, o.note, o.expires_at, o.status, o.booking_id, o.created_at \
    FROM offers o LEFT JOIN tours t ON t.id = o.tour_id";

/// Writes `offer`, sent with the message `message_id`, in `tx`; its id.
pub async fn insert(
    tx: &mut sqlx::AnyConnection,
    offer: &NewOffer,
    (tourist_id, guide_id): (&str, &str),
    message_id: &str,
    now: i64,
) -> AppResult<String> {
    let id = new_id();
    let days = offer.trip_days();
    let end_date = days.last().cloned().unwrap_or_else(|| offer.start_date());
    let (risk, highest) = match &offer.assessment {
        Some(assessment) => (assessment.risk, Some(i64::from(assessment.max_sleep_altitude_m))),
        None => (Risk::Low, None),
    };
    let itinerary = serde_json::to_string(&offer.days).map_err(anyhow::Error::from)?;
    sqlx::query(
        "INSERT INTO offers (id, conversation_id, message_id, guide_id, tourist_id, tour_id, start_date, end_date, \
           group_size, days, day_count, max_sleep_altitude_m, risk, total_price_cents, note, expires_at, status, \
           created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'open', $17, $17)",
    )
    .bind(&id)
    .bind(&offer.conversation_id)
    .bind(message_id)
    .bind(guide_id)
    .bind(tourist_id)
    .bind(offer.tour_id.as_deref())
    .bind(offer.start_date())
    .bind(end_date)
    .bind(offer.group_size)
    .bind(itinerary)
    .bind(offer.days.len() as i64)
    .bind(highest)
    .bind(risk.as_str())
    .bind(offer.total_price_cents)
    .bind(&offer.note)
    .bind(offer.expires_at)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    Ok(id)
}

/// The offer `id`, whatever its state.
pub async fn find(db: &Db, id: &str) -> AppResult<Option<OfferRow>> {
    find_on(&mut *db.pool.acquire().await?, id).await
}

/// The same, read on `conn`.
pub async fn find_on(conn: &mut sqlx::AnyConnection, id: &str) -> AppResult<Option<OfferRow>> {
    let row = sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE o.id = $1")))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(row)
}

/// A conversation's offers, oldest first, as its messages run.
pub async fn of_conversation(db: &Db, conversation_id: &str) -> AppResult<Vec<OfferRow>> {
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE o.conversation_id = $1 ORDER BY o.created_at, o.id"
    )))
    .bind(conversation_id)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows)
}

/// A page of the offers the user made or received, newest first, and how many there are.
pub async fn of_user(
    db: &Db,
    user_id: &str,
    page: i64,
    limit: i64,
) -> AppResult<(Vec<OfferRow>, i64)> {
    let mut sql = Sql::new(" WHERE ");
    let user = sql.param(user_id);
    sql.push(&format!("(o.guide_id = {user} OR o.tourist_id = {user})"));
    let (total,): (i64,) =
        sql.clone().prepend("SELECT COUNT(*) FROM offers o").query_as().fetch_one(&db.pool).await?;
    let offset = sql.param((page - 1) * limit);
    let limit = sql.param(limit);
    sql.push(&format!(" ORDER BY o.created_at DESC, o.id DESC LIMIT {limit} OFFSET {offset}"));
    sql.prepend(SELECT);
    let rows = sql.query_as().fetch_all(&db.pool).await?;
    Ok((rows, total))
}

/// Why an offer that is not open cannot be accepted or withdrawn.
pub fn not_open(status: Status) -> AppError {
    match status {
        Status::Expired => {
            AppError::Conflict("This offer has expired. Ask the guide for a new one.".into())
        }
        Status::Withdrawn => AppError::Conflict("This offer was withdrawn by the guide".into()),
        Status::Accepted => AppError::Conflict("This offer has already been accepted".into()),
        Status::Open => AppError::Conflict("This offer is still open".into()),
    }
}

/// Marks the offer withdrawn if it is still open at `now`; its status otherwise.
pub async fn withdraw(db: &Db, id: &str, now: i64) -> AppResult<Result<(), Status>> {
    let mut tx = db.begin_write().await?;
    let updated = sqlx::query(
        "UPDATE offers SET status = 'withdrawn', withdrawn_at = $1, updated_at = $1 \
         WHERE id = $2 AND status = 'open' AND expires_at > $1",
    )
    .bind(now)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    if updated.rows_affected() == 1 {
        tx.commit().await?;
        return Ok(Ok(()));
    }
    let row = find_on(&mut tx, id).await?.ok_or_else(offer_not_found)?;
    Ok(Err(row.status(now)))
}

pub fn offer_not_found() -> AppError {
    AppError::NotFound("Offer not found".into())
}

/// Claims the open offer for its booking in `tx`: one conditional UPDATE, so of any number
/// of accepts at once (on any replica) exactly one gets through; the others are told why.
pub async fn claim(tx: &mut sqlx::AnyConnection, id: &str, now: i64) -> AppResult<()> {
    let updated = sqlx::query(
        "UPDATE offers SET status = 'accepted', accepted_at = $1, updated_at = $1 \
         WHERE id = $2 AND status = 'open' AND expires_at > $1",
    )
    .bind(now)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    if updated.rows_affected() == 1 {
        return Ok(());
    }
    let row = find_on(tx, id).await?.ok_or_else(offer_not_found)?;
    Err(not_open(row.status(now)))
}

/// Writes the booking the accepted `offer` makes, pending, in `tx` (approving it is the
/// bookings' own transition, `lifecycle::approve`), and links the two.
pub async fn insert_booking(
    tx: &mut sqlx::AnyConnection,
    offer: &OfferRow,
    booking_id: &str,
    now: i64,
) -> AppResult<()> {
    // The booking's price per person is what it shows; the total is what is charged.
    let per_person_cents = (offer.total_price_cents + offer.group_size / 2) / offer.group_size;
    let inserted = sqlx::query(
        "INSERT INTO bookings (id, tourist_id, guide_id, selected_date, selected_time, group_size, price_per_person_cents, \
           total_amount_cents, booking_status, payment_status, created_at, updated_at, days, end_date, message, \
           expires_at, offer_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', 'unpaid', $9, $9, $10, $11, '', $12, $13)",
    )
    .bind(booking_id)
    .bind(&offer.tourist_id)
    .bind(&offer.guide_id)
    .bind(&offer.start_date)
    .bind(START_TIME)
    .bind(offer.group_size)
    .bind(per_person_cents)
    .bind(offer.total_price_cents)
    .bind(now)
    .bind(offer.day_count)
    .bind(&offer.end_date)
    .bind(lifecycle::trip_start_ms(&offer.start_date, START_TIME))
    .bind(&offer.id)
    .execute(&mut *tx)
    .await;
    match inserted {
        Ok(_) => {}
        // The one pending request a traveller may have per guide and first day.
        Err(e) if is_unique_violation(&e) => {
            return Err(AppError::Conflict(format!(
                "You asked this guide for a trip from {} and they have not answered yet. Cancel that request, then accept this offer.",
                readable_date(&offer.start_date)
            )));
        }
        Err(e) => return Err(e.into()),
    }
    sqlx::query("UPDATE offers SET booking_id = $1 WHERE id = $2")
        .bind(booking_id)
        .bind(&offer.id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}
