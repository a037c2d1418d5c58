//! Guides, bookings and reviews made for tests. Guides that a test reads as a traveller
//! would are made through the API (sign-up, profile, certificates, an admin's verify);
//! volume (dozens of guides) and the bookings that reviews need before the booking API
//! exists are written straight to the test's database, then indexed by the server's own
//! `guides::index::refresh`, as any change through the API would be.

use serde_json::{Value, json};
use yatra::db::{new_id, now_ms};

use crate::guides::submit_certificates;
use crate::helpers::{TestApp, TestUser};

/// The account's id.
pub async fn user_id(app: &TestApp, token: &str) -> String {
    app.me(token).await["_id"].as_str().expect("me has an _id").to_owned()
}

/// A guide profile form with these details (the rest as in `guides::valid_profile`).
pub fn guide_profile(
    bio: &str,
    languages: &[&str],
    interests: &[&str],
    address: &str,
    at: (f64, f64),
) -> Value {
    json!({
        "bio": bio,
        "nationality": "Nepali",
        "pricePerDay": 40,
        "expertiseLanguages": languages,
        "interests": interests,
        "contactInfo": { "phone": "+977 9800000000", "address": address },
        "location": { "latitude": at.0, "longitude": at.1 },
    })
}

/// A guide named `first last` with `profile`, certificates submitted; not yet verified.
pub async fn submitted_guide(
    app: &TestApp,
    first: &str,
    last: &str,
    profile: &Value,
) -> (TestUser, String) {
    let guide = app.signup_and_login("guide").await;
    let named = app
        .patch_json_auth(
            "/api/v1/protect/name",
            &json!({ "firstName": first, "lastName": last }),
            &guide.token,
        )
        .await;
    assert_eq!(named.status(), 200);
    let saved = app.post_json_auth("/api/v1/guides/profile", profile, &guide.token).await;
    assert_eq!(saved.status(), 200, "profile of {first} {last}");
    let data = submit_certificates(app, &guide.token, &["Trekking Guide Licence"]).await;
    let id = data["_id"].as_str().unwrap().to_owned();
    (guide, id)
}

/// Like `submitted_guide`, then verified by `admin`.
pub async fn verified_guide(
    app: &TestApp,
    admin: &TestUser,
    first: &str,
    last: &str,
    profile: &Value,
) -> (TestUser, String) {
    let (guide, id) = submitted_guide(app, first, last, profile).await;
    let verified = app
        .post_json_auth(&format!("/api/v1/admin/guides/{id}/verify"), &json!({}), &admin.token)
        .await;
    assert_eq!(verified.status(), 200);
    (guide, id)
}

/// A verified guide written to the database: `interests`, based at `at`, with
/// `review_count` reviews summing to `rating_sum`. Returns the id.
pub async fn insert_verified_guide(
    app: &TestApp,
    name: &str,
    interests: &[&str],
    at: (f64, f64),
    rating_sum: i64,
    review_count: i64,
) -> String {
    let guide = InsertedGuide {
        name,
        interests,
        languages: &["English"],
        address: "Kathmandu",
        at,
        price: Some(50.0),
        rating_sum,
        review_count,
    };
    insert_guide(app, &guide).await
}

/// What `insert_guide` writes: a verified guide's searchable details.
pub struct InsertedGuide<'a> {
    pub name: &'a str,
    pub interests: &'a [&'a str],
    pub languages: &'a [&'a str],
    pub address: &'a str,
    pub at: (f64, f64),
    /// Dollars per day.
    pub price: Option<f64>,
    pub rating_sum: i64,
    pub review_count: i64,
}

/// A verified guide written to the database and indexed. Returns the id.
pub async fn insert_guide(app: &TestApp, guide: &InsertedGuide<'_>) -> String {
    let db = app.db().await;
    let id = new_id();
    let now = now_ms();
    // One transaction, as the server's writes: the change recorded alone would let a
    // replica's catch-up read the guide before its search row exists, and never again.
    let mut tx = db.begin_write().await.unwrap();
    sqlx::query(
        "INSERT INTO users (id, first_name, last_name, email, email_lower, password_hash, role, created_at, updated_at) \
         VALUES ($1, $2, 'Guide', $3, $3, 'not-a-hash', 'guide', $4, $4)",
    )
    .bind(&id)
    .bind(guide.name)
    .bind(format!("{id}@guides.example.com"))
    .bind(now)
    .execute(&mut *tx)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO guide_details (user_id, bio, nationality, price_per_day_cents, expertise_languages, interests, phone, \
           address, latitude, longitude, status, review_state, rating_sum, review_count, created_at, updated_at) \
         VALUES ($1, 'A guide made for a test.', 'Nepali', $2, $3, $4, '+977 9800000000', $5, \
           $6, $7, 'verified', 'approved', $8, $9, $10, $10)",
    )
    .bind(&id)
    .bind(guide.price.map(|dollars| (dollars * 100.0).round() as i64))
    .bind(serde_json::to_string(guide.languages).unwrap())
    .bind(serde_json::to_string(guide.interests).unwrap())
    .bind(guide.address)
    .bind(guide.at.0)
    .bind(guide.at.1)
    .bind(guide.rating_sum)
    .bind(guide.review_count)
    .bind(now)
    .execute(&mut *tx)
    .await
    .unwrap();
    yatra::guides::index::refresh(&mut tx, &id).await.unwrap();
    tx.commit().await.unwrap();
    db.pool.close().await;
    id
}

/// A one-day booking of `guide_id` by `tourist_id` on `date` (`YYYY-MM-DD`), approved and
/// paid or not, holding its day; a paid one whose day is over is `completed`, as the sweep
/// would have made it. Returns the booking's id.
pub async fn insert_booking(
    app: &TestApp,
    tourist_id: &str,
    guide_id: &str,
    date: &str,
    paid: bool,
) -> String {
    let db = app.db().await;
    let id = new_id();
    let now = now_ms();
    let status = if paid && date < days_from_today(0).as_str() { "completed" } else { "approved" };
    sqlx::query(
        "INSERT INTO bookings (id, tourist_id, guide_id, selected_date, selected_time, group_size, price_per_person_cents, \
           total_amount_cents, booking_status, payment_status, created_at, updated_at, end_date, approved_at) \
         VALUES ($1, $2, $3, $4, '10:00', 2, 4000, 8000, $5, $6, $7, $7, $4, $7)",
    )
    .bind(&id)
    .bind(tourist_id)
    .bind(guide_id)
    .bind(date)
    .bind(status)
    .bind(if paid { "paid" } else { "unpaid" })
    .bind(now)
    .execute(&db.pool)
    .await
    .unwrap();
    sqlx::query("INSERT INTO trip_days (guide_id, day, booking_id) VALUES ($1, $2, $3)")
        .bind(guide_id)
        .bind(date)
        .bind(&id)
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    id
}

/// Pokhara (Lakeside), Kathmandu (Thamel) and Sauraha (Chitwan), as (latitude, longitude).
pub const POKHARA: (f64, f64) = (28.2096, 83.9595);
pub const KATHMANDU: (f64, f64) = (27.7154, 85.3123);
pub const CHITWAN: (f64, f64) = (27.5781, 84.4943);

/// A date `days` from today in Nepal, as `YYYY-MM-DD`.
pub fn days_from_today(days: i64) -> String {
    yatra::calendar::date_text(yatra::calendar::today_in_nepal() + time::Duration::days(days))
}

/// A booking request body for `guide_id` on `date`.
pub fn booking_request(guide_id: &str, date: &str, group_size: i64) -> Value {
    json!({ "guideId": guide_id, "selectedDate": date, "selectedTime": "09:30", "groupSize": group_size, "pricePerPerson": 1 })
}

/// `tourist` asks `guide_id` for `date`; asserts 201 and returns the booking.
pub async fn request_booking(
    app: &TestApp,
    tourist: &TestUser,
    guide_id: &str,
    date: &str,
    group_size: i64,
) -> Value {
    let response = app
        .post_json_auth(
            "/api/v1/tourists/booking/request",
            &booking_request(guide_id, date, group_size),
            &tourist.token,
        )
        .await;
    assert_eq!(response.status(), 201, "booking request");
    let body: Value = response.json().await.unwrap();
    body["data"].clone()
}

/// The guide answers a booking; returns the response.
pub async fn decide(
    app: &TestApp,
    guide: &TestUser,
    booking_id: &str,
    action: &str,
) -> reqwest::Response {
    app.patch_json_auth(
        "/api/v1/guides/booking/status",
        &json!({ "bookingId": booking_id, "action": action }),
        &guide.token,
    )
    .await
}

/// A verified guide (rate $40 a day), a traveller, and the traveller's booking of that
/// guide `days` from today, approved by the guide.
pub async fn approved_booking(
    app: &TestApp,
    days: i64,
    group_size: i64,
) -> (TestUser, TestUser, Value) {
    let admin = app.admin().await;
    let profile = guide_profile(
        "Kathmandu valley walks.",
        &["English"],
        &["Culture"],
        "Thamel, Kathmandu",
        KATHMANDU,
    );
    let (guide, guide_id) = verified_guide(app, &admin, "Pemba", "Lama", &profile).await;
    let tourist = app.signup_and_login("tourist").await;
    let booking =
        request_booking(app, &tourist, &guide_id, &days_from_today(days), group_size).await;
    let id = booking["_id"].as_str().unwrap();
    assert_eq!(decide(app, &guide, id, "approve").await.status(), 200);
    (guide, tourist, booking)
}

/// Every verified guide's reliability computed for today, as the replicas' sweeps would
/// (they may be at it too): what cards show stops changing under a test comparing answers.
pub async fn reliability_settled(app: &TestApp) {
    let db = app.db().await;
    let hub = yatra::hub::NotificationHub::start(&db, &app.config.database.url).await;
    let today = days_from_today(0);
    loop {
        yatra::guides::reliability::sweep(&db, &hub, now_ms()).await.unwrap();
        let (due,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM guide_details g LEFT JOIN guide_reliability r ON r.guide_id = g.user_id \
             WHERE g.status = 'verified' AND (r.computed_on IS NULL OR r.computed_on < $1)",
        )
        .bind(&today)
        .fetch_one(&db.pool)
        .await
        .unwrap();
        if due == 0 {
            break;
        }
    }
    db.pool.close().await;
}
