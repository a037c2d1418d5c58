//! A booking as the API shows it, and the queries that read bookings.

use serde::Serialize;
use utoipa::ToSchema;

use super::lifecycle::{self, Actor, BookingStatus, PaymentStatus};
use crate::db::{Db, Sql, to_rfc3339};
use crate::error::AppResult;
use crate::media::upload::public_url;
use crate::money::dollars;
use crate::notice::TripDays;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Booking {
    #[serde(rename = "_id")]
    pub id: String,
    pub tourist: Party,
    pub guide: Party,
    /// The trip's first day, `YYYY-MM-DD`.
    pub selected_date: String,
    /// The trip's last day, `YYYY-MM-DD`.
    pub end_date: String,
    /// The trip's length in days (1 to 30; a tour's, up to 45).
    #[schema(minimum = 1, maximum = 45)]
    pub days: i64,
    /// The tour booked, if this is a booking of a tour; `null` for a guide hired by the day.
    #[schema(required = true)]
    pub tour: Option<BookedTour>,
    /// The group departure this booking holds seats on (`groupSize` of them); `null` for a
    /// private trip.
    #[schema(required = true)]
    pub departure_id: Option<String>,
    /// The custom offer this booking was made from (`GET /offers/{id}`: its days are the
    /// trip's plan); `null` otherwise.
    #[schema(required = true)]
    pub offer_id: Option<String>,
    /// The traveller's message to the guide (may be empty).
    pub message: String,
    /// `HH:MM`.
    pub selected_time: String,
    pub group_size: i64,
    /// The guide's daily rate when the booking was made, in dollars; for a tour, its price
    /// per person for the group.
    pub price_per_person: f64,
    /// `pricePerPerson` × `groupSize` × `days` (a tour: × `groupSize`), in dollars.
    pub total_amount: f64,
    pub booking_status: BookingStatus,
    pub payment_status: PaymentStatus,
    /// Who cancelled it; `null` unless cancelled.
    #[schema(required = true)]
    pub cancelled_by: Option<Actor>,
    /// Why it was cancelled; `null` unless cancelled.
    #[schema(required = true)]
    pub cancellation_reason: Option<String>,
    /// What is (or was) given back, in dollars; `null` when nothing was paid back.
    #[schema(required = true)]
    pub refund_amount: Option<f64>,
    /// For paid bookings: until when (RFC 3339) the traveller can cancel with a full
    /// refund (24 hours before the trip starts, Nepal time); else `null`.
    #[schema(required = true)]
    pub free_cancellation_until: Option<String>,
    /// For pending requests and approved, unpaid bookings: when (RFC 3339) it expires
    /// unless the guide answers or the traveller pays; else `null`.
    #[schema(required = true)]
    pub expires_at: Option<String>,
    /// The confirmed payment, once paid.
    #[schema(required = true)]
    pub payment: Option<PaymentReceipt>,
    /// RFC 3339.
    pub created_at: String,
}

/// The tour a booking is of; its page (`GET /users/tour/{id}`) has the itinerary.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookedTour {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
}

/// One side of a booking.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Party {
    #[serde(rename = "_id")]
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// A small copy of their photo.
    #[schema(required = true)]
    pub profile_picture: Option<String>,
    /// The guide's phone, shared once the guide has approved the trip; else `null`.
    #[schema(required = true)]
    pub phone: Option<String>,
}

impl Party {
    /// "First Last", as notices and emails name people.
    pub fn full_name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentReceipt {
    /// The payment provider's reference for the checkout.
    pub reference: String,
    /// stripe, khalti, esewa or sandbox.
    pub provider: String,
    /// card, khalti or esewa.
    pub method: String,
    /// In dollars: the booking's price.
    pub amount: f64,
    /// What was charged: usd, or npr for a wallet.
    pub currency: String,
    /// A wallet payment: the whole rupees charged.
    pub amount_npr: Option<i64>,
    /// A wallet payment: the rupees per dollar it was charged at.
    pub npr_per_usd: Option<f64>,
    /// RFC 3339.
    pub paid_at: String,
}

#[derive(sqlx::FromRow)]
struct BookingRow {
    id: String,
    selected_date: String,
    selected_time: String,
    group_size: i64,
    days: i64,
    end_date: String,
    message: String,
    cancelled_by: Option<String>,
    cancellation_reason: Option<String>,
    refund_amount_cents: Option<i64>,
    expires_at: Option<i64>,
    price_per_person_cents: i64,
    total_amount_cents: i64,
    booking_status: String,
    payment_status: String,
    created_at: i64,
    tourist_id: String,
    tourist_first_name: String,
    tourist_last_name: String,
    tourist_email: String,
    tourist_picture: Option<String>,
    guide_id: String,
    guide_first_name: String,
    guide_last_name: String,
    guide_email: String,
    guide_picture: Option<String>,
    guide_phone: Option<String>,
    payment_reference: Option<String>,
    payment_provider: Option<String>,
    payment_amount_cents: Option<i64>,
    payment_currency: Option<String>,
    payment_method: Option<String>,
    payment_amount_minor: Option<i64>,
    payment_npr_per_usd: Option<f64>,
    paid_at: Option<i64>,
    tour_id: Option<String>,
    tour_title: Option<String>,
    departure_id: Option<String>,
    offer_id: Option<String>,
}

const SELECT: &str = "SELECT b.id, b.selected_date, b.selected_time, b.group_size, b.days, b.end_date, b.message, \
    b.cancelled_by, b.cancellation_reason, b.refund_amount_cents, b.expires_at, b.price_per_person_cents, \
    b.total_amount_cents, b.booking_status, b.payment_status, b.created_at, \
    t.id AS tourist_id, t.first_name AS tourist_first_name, t.last_name AS tourist_last_name, t.email AS tourist_email, \
    tp.thumb_key AS tourist_picture, \
    g.id AS guide_id, g.first_name AS guide_first_name, g.last_name AS guide_last_name, g.email AS guide_email, \
    gp.thumb_key AS guide_picture, gd.phone AS guide_phone, \
    p.provider_session_id AS payment_reference, p.provider AS payment_provider, p.amount_cents AS payment_amount_cents, \
    p.currency AS payment_currency, p.method AS payment_method, p.amount_minor AS payment_amount_minor, \
    p.npr_per_usd AS payment_npr_per_usd, p.paid_at, b.tour_id, tr.title AS tour_title, b.departure_id, b.offer_id \
    FROM bookings b \
    LEFT JOIN tours tr ON tr.id = b.tour_id \
    JOIN users t ON t.id = b.tourist_id \
    JOIN users g ON g.id = b.guide_id \
    LEFT JOIN tourist_details td ON td.user_id = b.tourist_id LEFT JOIN media tp ON tp.id = td.profile_picture_id \
    LEFT JOIN guide_details gd ON gd.user_id = b.guide_id LEFT JOIN media gp ON gp.id = gd.profile_picture_id \
    LEFT JOIN payments p ON p.booking_id = b.id AND p.status = 'paid'";

impl From<BookingRow> for Booking {
    fn from(row: BookingRow) -> Self {
        let booking_status =
            BookingStatus::parse(&row.booking_status).unwrap_or(BookingStatus::Pending);
        let payment_status =
            PaymentStatus::parse(&row.payment_status).unwrap_or(PaymentStatus::Unpaid);
        let phone_shared =
            matches!(booking_status, BookingStatus::Approved | BookingStatus::Completed);
        let free_cancellation_until = (payment_status == PaymentStatus::Paid).then(|| {
            to_rfc3339(lifecycle::free_cancellation_until_ms(
                &row.selected_date,
                &row.selected_time,
            ))
        });
        let payment = match (row.payment_reference, row.paid_at) {
            (Some(reference), Some(paid_at)) => Some(PaymentReceipt {
                reference,
                provider: row.payment_provider.unwrap_or_default(),
                amount: dollars(row.payment_amount_cents.unwrap_or_default()),
                amount_npr: (row.payment_currency.as_deref() == Some("npr"))
                    .then(|| row.payment_amount_minor.unwrap_or_default() / 100),
                npr_per_usd: row.payment_npr_per_usd,
                method: row.payment_method.unwrap_or_default(),
                currency: row.payment_currency.unwrap_or_default(),
                paid_at: to_rfc3339(paid_at),
            }),
            _ => None,
        };
        Self {
            id: row.id,
            tourist: Party {
                id: row.tourist_id,
                first_name: row.tourist_first_name,
                last_name: row.tourist_last_name,
                email: row.tourist_email,
                profile_picture: row.tourist_picture.as_deref().map(public_url),
                phone: None,
            },
            guide: Party {
                id: row.guide_id,
                first_name: row.guide_first_name,
                last_name: row.guide_last_name,
                email: row.guide_email,
                profile_picture: row.guide_picture.as_deref().map(public_url),
                phone: row.guide_phone.filter(|p| phone_shared && !p.is_empty()),
            },
            selected_date: row.selected_date,
            end_date: row.end_date,
            days: row.days,
            tour: match (row.tour_id, row.tour_title) {
                (Some(id), Some(title)) => Some(BookedTour { id, title }),
                _ => None,
            },
            departure_id: row.departure_id,
            offer_id: row.offer_id,
            message: row.message,
            selected_time: row.selected_time,
            group_size: row.group_size,
            price_per_person: dollars(row.price_per_person_cents),
            total_amount: dollars(row.total_amount_cents),
            booking_status,
            payment_status,
            cancelled_by: row.cancelled_by.as_deref().and_then(Actor::parse),
            cancellation_reason: row.cancellation_reason,
            refund_amount: row.refund_amount_cents.map(dollars),
            free_cancellation_until,
            expires_at: row.expires_at.map(to_rfc3339),
            payment,
            created_at: to_rfc3339(row.created_at),
        }
    }
}

impl Booking {
    pub fn state(&self) -> lifecycle::TripState {
        lifecycle::TripState::new(self.booking_status, self.payment_status)
    }

    /// The trip's days, as notices give them.
    pub fn trip_days(&self) -> TripDays {
        TripDays::new(&self.selected_date, self.days)
    }

    /// When the trip starts (epoch ms): its first day at its time, Nepal time.
    pub fn start_ms(&self) -> i64 {
        lifecycle::trip_start_ms(&self.selected_date, &self.selected_time)
    }
}

/// The booking with this id, whoever it belongs to (callers check who may see it).
pub async fn find(db: &Db, id: &str) -> AppResult<Option<Booking>> {
    find_on(&mut *db.pool.acquire().await?, id).await
}

/// The same, read on `conn` (in a transaction: what it has written so far included).
pub async fn find_on(conn: &mut sqlx::AnyConnection, id: &str) -> AppResult<Option<Booking>> {
    let mut sql = Sql::new(SELECT);
    let id = sql.param(id);
    sql.push(&format!(" WHERE b.id = {id}"));
    let row: Option<BookingRow> = sql.query_as().fetch_optional(&mut *conn).await?;
    Ok(row.map(Booking::from))
}

/// Whose bookings a list shows.
#[derive(Clone, Copy, Debug)]
pub enum Side {
    Tourist,
    Guide,
}

/// A person's bookings (as traveller or as guide), newest first.
pub async fn list(db: &Db, side: Side, user_id: &str, limit: i64) -> AppResult<Vec<Booking>> {
    let column = match side {
        Side::Tourist => "b.tourist_id",
        Side::Guide => "b.guide_id",
    };
    let mut sql = Sql::new(SELECT);
    let user = sql.param(user_id);
    let limit = sql.param(limit);
    sql.push(&format!(
        " WHERE {column} = {user} ORDER BY b.created_at DESC, b.id DESC LIMIT {limit}"
    ));
    let rows: Vec<BookingRow> = sql.query_as().fetch_all(&db.pool).await?;
    Ok(rows.into_iter().map(Booking::from).collect())
}

/// A departure's bookings, oldest first (callers check who may see them).
pub async fn of_departure(db: &Db, departure_id: &str) -> AppResult<Vec<Booking>> {
    let mut sql = Sql::new(SELECT);
    let departure = sql.param(departure_id);
    sql.push(&format!(" WHERE b.departure_id = {departure} ORDER BY b.created_at, b.id"));
    let rows: Vec<BookingRow> = sql.query_as().fetch_all(&db.pool).await?;
    Ok(rows.into_iter().map(Booking::from).collect())
}
