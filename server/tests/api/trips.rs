//! The whole life of a trip (issue 11): multi-day trips, availability, expiry, completion,
//! cancellation and refunds, every transition and every refused one, and the races the
//! database must settle.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use wiremock::matchers::{header_exists, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};
use yatra::providers::stripe::sign;

use crate::fixtures::{KATHMANDU, days_from_today, decide, guide_profile, user_id, verified_guide};
use crate::helpers::{TestApp, TestUser, assert_error, now_secs, spawn_app, spawn_app_with};

const REQUEST: &str = "/api/v1/tourists/booking/request";
const AVAILABILITY: &str = "/api/v1/guides/availability";
const WEBHOOK_SECRET: &str = "whsec_yatra_trips_0123456789";

/// Sweeps fast, so timed changes show within a test's patience.
const FAST_SWEEP: (&str, &str) = ("YATRA_SWEEP_EVERY", "50ms");

/// A verified guide at $40 a day.
async fn guide(app: &TestApp) -> (TestUser, String) {
    let admin = app.admin().await;
    let profile = guide_profile(
        "Treks in the Khumbu.",
        &["English"],
        &["Trekking"],
        "Namche Bazaar",
        KATHMANDU,
    );
    verified_guide(app, &admin, "Pemba", "Sherpa", &profile).await
}

fn trip(guide_id: &str, first_day: &str, days: i64) -> Value {
    json!({ "guideId": guide_id, "selectedDate": first_day, "selectedTime": "09:30", "groupSize": 2, "days": days })
}

async fn ask(app: &TestApp, tourist: &TestUser, body: &Value) -> reqwest::Response {
    app.post_json_auth(REQUEST, body, &tourist.token).await
}

/// `tourist` asks for `days` days from `first_day`; asserts 201 and returns the booking's id.
async fn requested(
    app: &TestApp,
    tourist: &TestUser,
    guide_id: &str,
    first_day: &str,
    days: i64,
) -> String {
    let response = ask(app, tourist, &trip(guide_id, first_day, days)).await;
    assert_eq!(response.status(), StatusCode::CREATED, "request for {first_day}");
    response.json::<Value>().await.unwrap()["data"]["_id"].as_str().unwrap().to_owned()
}

async fn approved(
    app: &TestApp,
    guide: &TestUser,
    tourist: &TestUser,
    guide_id: &str,
    first_day: &str,
    days: i64,
) -> String {
    let id = requested(app, tourist, guide_id, first_day, days).await;
    assert_eq!(decide(app, guide, &id, "approve").await.status(), StatusCode::OK);
    id
}

/// Approved, then paid through the sandbox checkout.
async fn paid(
    app: &TestApp,
    guide: &TestUser,
    tourist: &TestUser,
    guide_id: &str,
    first_day: &str,
    days: i64,
) -> String {
    let id = approved(app, guide, tourist, guide_id, first_day, days).await;
    let created =
        app.get_auth(&format!("/api/v1/tourists/stripe/create-session/{id}"), &tourist.token).await;
    let created: Value = created.json().await.unwrap();
    let session_id = created["sessionId"].as_str().unwrap();
    let pay = app
        .post_json_auth(
            &format!("/api/v1/payments/sandbox/{session_id}/pay"),
            &json!({}),
            &tourist.token,
        )
        .await;
    assert_eq!(pay.status(), StatusCode::OK);
    id
}

async fn details(app: &TestApp, user: &TestUser, id: &str) -> Value {
    app.get_data(&format!("/api/v1/tourists/details/{id}"), &user.token).await
}

async fn cancel(app: &TestApp, user: &TestUser, id: &str, reason: &str) -> reqwest::Response {
    app.post_json_auth(
        &format!("/api/v1/bookings/{id}/cancel"),
        &json!({ "reason": reason }),
        &user.token,
    )
    .await
}

async fn put_blocked(app: &TestApp, guide: &TestUser, days: &Value) -> reqwest::Response {
    app.client
        .put(app.url(AVAILABILITY))
        .bearer_auth(&guide.token)
        .json(&json!({ "blockedDates": days }))
        .send()
        .await
        .unwrap()
}

async fn unavailable(app: &TestApp, guide_id: &str, from: &str, to: &str) -> Vec<String> {
    let response =
        app.get(&format!("/api/v1/users/guide/{guide_id}/availability?from={from}&to={to}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    serde_json::from_value(body["data"]["unavailable"].clone()).unwrap()
}

async fn scalar(app: &TestApp, sql: &str, id: &str) -> i64 {
    let db = app.db().await;
    let (count,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql.to_owned()))
        .bind(id)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    count
}

async fn execute(app: &TestApp, sql: &str, id: &str) {
    let db = app.db().await;
    sqlx::query(sqlx::AssertSqlSafe(sql.to_owned())).bind(id).execute(&db.pool).await.unwrap();
    db.pool.close().await;
}

/// Reads the booking until `done` holds (the sweep works in the background); panics after
/// 20 seconds.
async fn until(app: &TestApp, user: &TestUser, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let booking = details(app, user, id).await;
        if done(&booking) {
            return booking;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "booking never reached the expected state: {booking}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn readable(date: &str) -> String {
    let date = yatra::calendar::parse_date(date).unwrap();
    date.format(time::macros::format_description!("[day padding:none] [month repr:short] [year]"))
        .unwrap()
}

#[tokio::test]
async fn a_three_day_trip_is_priced_by_rate_people_and_days_and_carries_its_message() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let mut body = trip(&guide_id, &days_from_today(10), 3);
    body["message"] = json!("  We walk slowly; one of us is 70.  ");

    // Act
    let response = ask(&app, &tourist, &body).await;

    // Assert
    assert_eq!(response.status(), StatusCode::CREATED);
    let booking = response.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(booking["days"], 3);
    assert_eq!(booking["selectedDate"], days_from_today(10));
    assert_eq!(booking["endDate"], days_from_today(12));
    assert_eq!(booking["message"], "We walk slowly; one of us is 70.");
    assert_eq!(booking["pricePerPerson"], 40.0);
    assert_eq!(booking["totalAmount"], 240.0);
    assert_eq!(booking["bookingStatus"], "pending");
    assert!(booking["expiresAt"].as_str().unwrap().ends_with('Z'));
    for absent in ["cancelledBy", "cancellationReason", "refundAmount", "freeCancellationUntil"] {
        assert!(booking[absent].is_null(), "{absent}");
    }
    let requests = app.get_data("/api/v1/guides/dashboard", &guide.token).await;
    assert_eq!(requests["pendingRequests"][0]["message"], "We walk slowly; one of us is 70.");
}

#[tokio::test]
async fn trip_lengths_outside_1_to_30_days_and_long_messages_are_refused() {
    // Arrange
    let app = spawn_app().await;
    let (_, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let length = "Trip length must be a whole number of days from 1 to 30";

    // Act and assert
    for days in [json!(0), json!(31), json!(2.5), json!("week")] {
        let mut body = trip(&guide_id, &days_from_today(5), 1);
        body["days"] = days;
        assert_error(ask(&app, &tourist, &body).await, StatusCode::BAD_REQUEST, length).await;
    }
    let mut earlier_today = trip(&guide_id, &days_from_today(0), 1);
    earlier_today["selectedTime"] = json!("00:00");
    let passed = "That time has already passed in Nepal. Please choose a later time or date.";
    assert_error(ask(&app, &tourist, &earlier_today).await, StatusCode::BAD_REQUEST, passed).await;
    let mut body = trip(&guide_id, &days_from_today(5), 1);
    body["message"] = json!("a".repeat(1001));
    assert_error(
        ask(&app, &tourist, &body).await,
        StatusCode::BAD_REQUEST,
        "Your message to the guide can be at most 1,000 characters",
    )
    .await;
    assert_eq!(
        app.get_data("/api/v1/tourists/bookings", &tourist.token).await.as_array().unwrap().len(),
        0
    );
}

#[tokio::test]
async fn a_request_touching_a_blocked_or_taken_day_is_refused_naming_the_first_such_day() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let first = app.signup_and_login("tourist").await;
    let second = app.signup_and_login("tourist").await;
    assert_eq!(
        put_blocked(&app, &guide, &json!([days_from_today(7)])).await.status(),
        StatusCode::OK
    );
    approved(&app, &guide, &first, &guide_id, &days_from_today(20), 3).await;

    // Act and assert
    let blocked = format!(
        "This guide is not available on {}. Please choose other dates.",
        readable(&days_from_today(7))
    );
    assert_error(
        ask(&app, &second, &trip(&guide_id, &days_from_today(5), 3)).await,
        StatusCode::CONFLICT,
        &blocked,
    )
    .await;
    let taken = format!(
        "This guide is not available on {}. Please choose other dates.",
        readable(&days_from_today(21))
    );
    assert_error(
        ask(&app, &second, &trip(&guide_id, &days_from_today(21), 5)).await,
        StatusCode::CONFLICT,
        &taken,
    )
    .await;
    // Around the blocked day is fine.
    requested(&app, &second, &guide_id, &days_from_today(8), 3).await;
}

#[tokio::test]
async fn the_public_availability_lists_blocked_days_and_every_day_of_approved_and_paid_trips() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    put_blocked(&app, &guide, &json!([days_from_today(3), days_from_today(1)])).await;
    approved(&app, &guide, &tourist, &guide_id, &days_from_today(10), 2).await;
    paid(&app, &guide, &tourist, &guide_id, &days_from_today(30), 2).await;
    requested(&app, &tourist, &guide_id, &days_from_today(40), 2).await;

    // Act
    let days = unavailable(&app, &guide_id, &days_from_today(0), &days_from_today(60)).await;

    // Assert
    let expected: Vec<String> =
        [1, 3, 10, 11, 30, 31].iter().map(|d| days_from_today(*d)).collect();
    assert_eq!(days, expected);
    assert_eq!(
        unavailable(&app, &guide_id, &days_from_today(4), &days_from_today(10)).await,
        [days_from_today(10)]
    );
}

#[tokio::test]
async fn availability_ranges_must_be_real_ordered_and_at_most_366_days_for_a_verified_guide() {
    // Arrange
    let app = spawn_app().await;
    let (_, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let tourist_id = user_id(&app, &tourist.token).await;
    let at = |query: &str| format!("/api/v1/users/guide/{guide_id}/availability{query}");

    // Act and assert
    assert_eq!(app.get(&at("?from=2027-01-01&to=2028-01-01")).await.status(), StatusCode::OK);
    assert_error(
        app.get(&at("?from=2027-01-01&to=2028-01-02")).await,
        StatusCode::BAD_REQUEST,
        "Ask for at most 366 days at a time",
    )
    .await;
    assert_error(
        app.get(&at("?from=2027-01-02&to=2027-01-01")).await,
        StatusCode::BAD_REQUEST,
        "`to` must be on or after `from`",
    )
    .await;
    assert_error(
        app.get(&at("?to=2027-01-01")).await,
        StatusCode::BAD_REQUEST,
        "Please give `from` as YYYY-MM-DD",
    )
    .await;
    assert_error(
        app.get(&at("?from=2027-02-30&to=2027-03-01")).await,
        StatusCode::BAD_REQUEST,
        "`from` must be a real date (YYYY-MM-DD)",
    )
    .await;
    let other =
        format!("/api/v1/users/guide/{tourist_id}/availability?from=2027-01-01&to=2027-01-02");
    assert_error(app.get(&other).await, StatusCode::NOT_FOUND, "Guide not found").await;
}

#[tokio::test]
async fn a_guide_replaces_their_future_blocked_days_and_past_days_are_refused() {
    // Arrange
    let app = spawn_app().await;
    let (guide, _) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;

    // Act
    let saved = put_blocked(
        &app,
        &guide,
        &json!([days_from_today(9), days_from_today(2), days_from_today(9)]),
    )
    .await;
    let replaced = put_blocked(&app, &guide, &json!([days_from_today(4)])).await;
    let read = app.get_data(AVAILABILITY, &guide.token).await;

    // Assert
    assert_eq!(saved.status(), StatusCode::OK);
    assert_eq!(
        saved.json::<Value>().await.unwrap()["data"]["blockedDates"],
        json!([days_from_today(2), days_from_today(9)])
    );
    assert_eq!(replaced.status(), StatusCode::OK);
    assert_eq!(read["blockedDates"], json!([days_from_today(4)]));
    let past = format!("{} is in the past", days_from_today(-1));
    assert_error(
        put_blocked(&app, &guide, &json!([days_from_today(-1)])).await,
        StatusCode::BAD_REQUEST,
        &past,
    )
    .await;
    let many: Vec<String> = (0..367).map(days_from_today).collect();
    assert_error(
        put_blocked(&app, &guide, &json!(many)).await,
        StatusCode::BAD_REQUEST,
        "You can block at most 366 days",
    )
    .await;
    assert_eq!(
        put_blocked(&app, &guide, &json!(["someday"])).await.status(),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        app.get_data(AVAILABILITY, &guide.token).await["blockedDates"],
        json!([days_from_today(4)])
    );
    assert_eq!(put_blocked(&app, &tourist, &json!([])).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.get_auth(AVAILABILITY, &tourist.token).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.get(AVAILABILITY).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        put_blocked(&app, &guide, &json!([])).await.json::<Value>().await.unwrap()["data"]["blockedDates"],
        json!([])
    );
}

#[tokio::test]
async fn concurrent_approvals_of_overlapping_multi_day_trips_never_share_a_day() {
    // Arrange: eight travellers ask for overlapping three-day trips at once.
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let mut travellers = Vec::new();
    for _ in 0..8 {
        travellers.push(app.signup_and_login("tourist").await);
    }
    let requests = travellers.iter().enumerate().map(|(n, tourist)| {
        let body = trip(&guide_id, &days_from_today(10 + n as i64), 3);
        let app = &app;
        async move { ask(app, tourist, &body).await }
    });
    let mut ids = Vec::new();
    for response in futures::future::join_all(requests).await {
        assert_eq!(response.status(), StatusCode::CREATED);
        ids.push(
            response.json::<Value>().await.unwrap()["data"]["_id"].as_str().unwrap().to_owned(),
        );
    }

    // Act: the guide approves them all at once.
    let answers =
        futures::future::join_all(ids.iter().map(|id| decide(&app, &guide, id, "approve"))).await;

    // Assert
    let approved = answers.iter().filter(|r| r.status() == StatusCode::OK).count();
    assert!(
        answers.iter().all(|r| r.status() == StatusCode::OK || r.status() == StatusCode::CONFLICT)
    );
    assert!(approved >= 1, "some trip was approved");
    let mut taken = std::collections::HashSet::new();
    for id in &ids {
        let booking = details(&app, &guide, id).await;
        if booking["bookingStatus"] == "approved" {
            for n in 0..3 {
                let day = yatra::calendar::parse_date(booking["selectedDate"].as_str().unwrap())
                    .unwrap()
                    + time::Duration::days(n);
                assert!(taken.insert(day), "{day} is in two approved trips");
            }
        }
    }
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM trip_days WHERE guide_id = $1", &guide_id).await,
        approved as i64 * 3
    );
}

#[tokio::test]
async fn approving_or_paying_a_trip_that_has_started_is_refused() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let pending = requested(&app, &tourist, &guide_id, &days_from_today(5), 1).await;
    let unpaid = approved(&app, &guide, &tourist, &guide_id, &days_from_today(6), 1).await;
    let yesterday = days_from_today(-1);
    for id in [&pending, &unpaid] {
        let db = app.db().await;
        sqlx::query("UPDATE bookings SET selected_date = $1, end_date = $1, expires_at = NULL WHERE id = $2")
            .bind(&yesterday)
            .bind(id)
            .execute(&db.pool)
            .await
            .unwrap();
        db.pool.close().await;
    }

    // Act and assert
    let approve = decide(&app, &guide, &pending, "approve").await;
    assert_error(
        approve,
        StatusCode::CONFLICT,
        "This trip has already started, so it can no longer be approved",
    )
    .await;
    let pay = app
        .get_auth(&format!("/api/v1/tourists/stripe/create-session/{unpaid}"), &tourist.token)
        .await;
    assert_error(
        pay,
        StatusCode::CONFLICT,
        "This trip has already started, so it can no longer be paid",
    )
    .await;
    // Declining is still possible.
    assert_eq!(decide(&app, &guide, &pending, "reject").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_traveller_cancels_a_pending_or_unpaid_booking_with_nothing_to_refund_and_frees_the_days()
{
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let pending = requested(&app, &tourist, &guide_id, &days_from_today(5), 2).await;
    let unpaid = approved(&app, &guide, &tourist, &guide_id, &days_from_today(9), 2).await;
    assert_eq!(
        unavailable(&app, &guide_id, &days_from_today(0), &days_from_today(30)).await.len(),
        2
    );

    // Act
    let first = cancel(&app, &tourist, &pending, "Plans changed").await;
    let second = cancel(&app, &tourist, &unpaid, "").await;

    // Assert
    assert_eq!(first.status(), StatusCode::OK);
    let first = first.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(first["bookingStatus"], "cancelled");
    assert_eq!(first["paymentStatus"], "unpaid");
    assert_eq!(first["cancelledBy"], "tourist");
    assert_eq!(first["cancellationReason"], "Plans changed");
    assert_eq!(first["refundAmount"], 0.0);
    assert_eq!(second.status(), StatusCode::OK);
    assert!(
        unavailable(&app, &guide_id, &days_from_today(0), &days_from_today(30)).await.is_empty()
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM notifications WHERE booking_id = $1 AND kind = 'booking_cancelled'", &unpaid).await, 2);
}

#[tokio::test]
async fn a_paid_traveller_cancelling_ten_days_ahead_gets_everything_back() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let id = paid(&app, &guide, &tourist, &guide_id, &days_from_today(10), 3).await;
    let before = details(&app, &tourist, &id).await;

    // Act
    let cancelled = cancel(&app, &tourist, &id, "Flight moved").await;

    // Assert
    let until_free = before["freeCancellationUntil"].as_str().unwrap();
    assert!(until_free.starts_with(&days_from_today(9)[..4]), "{until_free}");
    assert_eq!(cancelled.status(), StatusCode::OK);
    let cancelled = cancelled.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(cancelled["refundAmount"], 240.0);
    assert!(
        cancelled["paymentStatus"] == "refund_pending" || cancelled["paymentStatus"] == "refunded"
    );
    let done = until(&app, &tourist, &id, |b| b["paymentStatus"] == "refunded").await;
    assert_eq!(done["bookingStatus"], "cancelled");
    assert_eq!(done["refundAmount"], 240.0);
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM refunds WHERE booking_id = $1 AND status = 'succeeded'",
            &id
        )
        .await,
        1
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM notifications WHERE booking_id = $1 AND kind = 'booking_refunded'", &id).await, 2);
    assert!(
        unavailable(&app, &guide_id, &days_from_today(0), &days_from_today(30)).await.is_empty()
    );
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn a_paid_traveller_cancelling_within_24_hours_of_the_start_gets_no_refund() {
    // Arrange: the trip starts at midnight tonight, Nepal time: always less than 24 hours away.
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let mut body = trip(&guide_id, &days_from_today(1), 1);
    body["selectedTime"] = json!("00:00");
    let response = ask(&app, &tourist, &body).await;
    let id = response.json::<Value>().await.unwrap()["data"]["_id"].as_str().unwrap().to_owned();
    assert_eq!(decide(&app, &guide, &id, "approve").await.status(), StatusCode::OK);
    let created: Value = app
        .get_auth(&format!("/api/v1/tourists/stripe/create-session/{id}"), &tourist.token)
        .await
        .json()
        .await
        .unwrap();
    let session_id = created["sessionId"].as_str().unwrap();
    app.post_json_auth(
        &format!("/api/v1/payments/sandbox/{session_id}/pay"),
        &json!({}),
        &tourist.token,
    )
    .await;

    // Act
    let cancelled = cancel(&app, &tourist, &id, "Sick").await;

    // Assert
    assert_eq!(cancelled.status(), StatusCode::OK);
    let cancelled = cancelled.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(cancelled["bookingStatus"], "cancelled");
    assert_eq!(cancelled["paymentStatus"], "paid");
    assert_eq!(cancelled["refundAmount"], 0.0);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM refunds WHERE booking_id = $1", &id).await, 0);
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn a_guide_cancelling_a_paid_trip_refunds_it_in_full_and_is_counted_for_admins() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let id = paid(&app, &guide, &tourist, &guide_id, &days_from_today(2), 1).await;
    let unpaid = approved(&app, &guide, &tourist, &guide_id, &days_from_today(4), 1).await;
    let admin = app.admin().await;

    // Act
    let cancelled = cancel(&app, &guide, &id, "Landslide on the trail").await;
    let second = cancel(&app, &guide, &unpaid, "Ill").await;

    // Assert
    assert_eq!(cancelled.status(), StatusCode::OK);
    assert_eq!(cancelled.json::<Value>().await.unwrap()["data"]["cancelledBy"], "guide");
    assert_eq!(second.status(), StatusCode::OK);
    let done = until(&app, &tourist, &id, |b| b["paymentStatus"] == "refunded").await;
    assert_eq!(done["refundAmount"], 80.0);
    let counts = app.get_data("/api/v1/admin/guide-cancellations", &admin.token).await;
    assert_eq!(counts[0]["guideId"], guide_id);
    assert_eq!(counts[0]["guideCancellations"], 2);
    assert_eq!(
        app.get_auth("/api/v1/admin/guide-cancellations", &guide.token).await.status(),
        StatusCode::FORBIDDEN
    );
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn settled_bookings_cannot_be_cancelled_and_only_the_two_parties_can_cancel() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let stranger = app.signup_and_login("tourist").await;
    let admin = app.admin().await;
    let pending = requested(&app, &tourist, &guide_id, &days_from_today(3), 1).await;
    let rejected = requested(&app, &tourist, &guide_id, &days_from_today(4), 1).await;
    decide(&app, &guide, &rejected, "reject").await;
    let completed = approved(&app, &guide, &tourist, &guide_id, &days_from_today(6), 1).await;
    execute(
        &app,
        "UPDATE bookings SET booking_status = 'completed', payment_status = 'paid' WHERE id = $1",
        &completed,
    )
    .await;
    let expired = requested(&app, &tourist, &guide_id, &days_from_today(8), 1).await;
    execute(&app, "UPDATE bookings SET booking_status = 'expired' WHERE id = $1", &expired).await;

    // Act and assert
    assert_error(
        cancel(&app, &stranger, &pending, "").await,
        StatusCode::NOT_FOUND,
        "Booking not found",
    )
    .await;
    assert_error(
        cancel(&app, &admin, &pending, "").await,
        StatusCode::NOT_FOUND,
        "Booking not found",
    )
    .await;
    assert_error(
        cancel(&app, &tourist, "no-such-booking", "").await,
        StatusCode::NOT_FOUND,
        "Booking not found",
    )
    .await;
    assert_eq!(
        app.post_json(&format!("/api/v1/bookings/{pending}/cancel"), &json!({})).await.status(),
        StatusCode::UNAUTHORIZED
    );
    let long = "x".repeat(501);
    assert_error(
        cancel(&app, &tourist, &pending, &long).await,
        StatusCode::BAD_REQUEST,
        "The reason can be at most 500 characters",
    )
    .await;
    let not_cancellable = "A request waiting for your answer is declined, not cancelled";
    assert_error(cancel(&app, &guide, &pending, "").await, StatusCode::CONFLICT, not_cancellable)
        .await;
    assert_error(
        cancel(&app, &tourist, &rejected, "").await,
        StatusCode::CONFLICT,
        "This booking is already rejected",
    )
    .await;
    assert_error(
        cancel(&app, &tourist, &expired, "").await,
        StatusCode::CONFLICT,
        "This booking is already expired",
    )
    .await;
    let finished = "This trip is completed and can no longer be cancelled";
    assert_error(cancel(&app, &guide, &completed, "").await, StatusCode::CONFLICT, finished).await;
    assert_eq!(cancel(&app, &tourist, &pending, "").await.status(), StatusCode::OK);
    assert_error(
        cancel(&app, &tourist, &pending, "").await,
        StatusCode::CONFLICT,
        "This booking is already cancelled",
    )
    .await;
    // A cancelled or expired booking cannot be approved or paid.
    assert_error(
        decide(&app, &guide, &pending, "approve").await,
        StatusCode::CONFLICT,
        "This booking is already cancelled",
    )
    .await;
    let pay = app
        .get_auth(&format!("/api/v1/tourists/stripe/create-session/{expired}"), &tourist.token)
        .await;
    assert_error(pay, StatusCode::CONFLICT, "This booking has expired and cannot be paid").await;
}

#[tokio::test]
async fn twenty_concurrent_cancellations_make_one_refund() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let id = paid(&app, &guide, &tourist, &guide_id, &days_from_today(10), 1).await;

    // Act
    let answers = futures::future::join_all((0..20).map(|n| {
        let who = if n % 2 == 0 { &tourist } else { &guide };
        cancel(&app, who, &id, "Both at once")
    }))
    .await;

    // Assert
    assert_eq!(answers.iter().filter(|r| r.status() == StatusCode::OK).count(), 1);
    assert_eq!(answers.iter().filter(|r| r.status() == StatusCode::CONFLICT).count(), 19);
    until(&app, &tourist, &id, |b| b["paymentStatus"] == "refunded").await;
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM refunds WHERE booking_id = $1", &id).await, 1);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM notifications WHERE booking_id = $1 AND kind = 'booking_refunded'", &id).await, 2);
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn a_cancellation_racing_a_payment_ends_either_refunded_or_never_paid() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    for round in 0..6 {
        let id = approved(&app, &guide, &tourist, &guide_id, &days_from_today(10 + round), 1).await;
        let created: Value = app
            .get_auth(&format!("/api/v1/tourists/stripe/create-session/{id}"), &tourist.token)
            .await
            .json()
            .await
            .unwrap();
        let session_id = created["sessionId"].as_str().unwrap().to_owned();

        // Act
        let (pay_path, empty) = (format!("/api/v1/payments/sandbox/{session_id}/pay"), json!({}));
        let pay = app.post_json_auth(&pay_path, &empty, &tourist.token);
        let cancelled = cancel(&app, &tourist, &id, "Race");
        let (_, cancelled) = tokio::join!(pay, cancelled);

        // Assert
        assert_eq!(cancelled.status(), StatusCode::OK, "round {round}");
        let settled = until(&app, &tourist, &id, |b| b["paymentStatus"] != "refund_pending").await;
        assert_eq!(settled["bookingStatus"], "cancelled");
        let paid_payments = scalar(
            &app,
            "SELECT COUNT(*) FROM payments WHERE booking_id = $1 AND status = 'paid'",
            &id,
        )
        .await;
        let refunds = scalar(
            &app,
            "SELECT COUNT(*) FROM refunds WHERE booking_id = $1 AND status = 'succeeded'",
            &id,
        )
        .await;
        match settled["paymentStatus"].as_str().unwrap() {
            "refunded" => assert_eq!((paid_payments, refunds), (1, 1), "round {round}"),
            "unpaid" => assert_eq!((paid_payments, refunds), (0, 0), "round {round}"),
            other => panic!("round {round} ended {other}"),
        }
    }
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn an_unanswered_request_expires_and_both_sides_are_told() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP, ("YATRA_REQUEST_TTL", "300ms")]).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;

    // Act
    let id = requested(&app, &tourist, &guide_id, &days_from_today(12), 2).await;

    // Assert
    let expired = until(&app, &tourist, &id, |b| b["bookingStatus"] == "expired").await;
    assert_eq!(expired["paymentStatus"], "unpaid");
    assert!(expired["expiresAt"].is_null());
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM notifications WHERE booking_id = $1 AND kind = 'booking_expired'",
            &id
        )
        .await,
        2
    );
    assert_error(
        decide(&app, &guide, &id, "approve").await,
        StatusCode::CONFLICT,
        "This booking is already expired",
    )
    .await;
}

#[tokio::test]
async fn an_approved_booking_left_unpaid_expires_and_frees_its_days() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP, ("YATRA_PAYMENT_WINDOW", "300ms")]).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let other = app.signup_and_login("tourist").await;

    // Act
    let id = approved(&app, &guide, &tourist, &guide_id, &days_from_today(12), 3).await;

    // Assert
    until(&app, &tourist, &id, |b| b["bookingStatus"] == "expired").await;
    assert!(
        unavailable(&app, &guide_id, &days_from_today(0), &days_from_today(30)).await.is_empty()
    );
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM notifications WHERE booking_id = $1 AND kind = 'booking_expired'",
            &id
        )
        .await,
        2
    );
    let pay =
        app.get_auth(&format!("/api/v1/tourists/stripe/create-session/{id}"), &tourist.token).await;
    assert_eq!(pay.status(), StatusCode::CONFLICT);
    requested(&app, &other, &guide_id, &days_from_today(13), 1).await;
}

#[tokio::test]
async fn a_paid_trip_is_completed_once_its_last_day_ends_and_only_then_reviewed() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let id = paid(&app, &guide, &tourist, &guide_id, &days_from_today(3), 2).await;
    let review = json!({ "guideId": guide_id, "score": 5, "comment": "Superb." });
    let early = app.post_json_auth("/api/v1/tourists/ratings", &review, &tourist.token).await;
    assert_eq!(early.status(), StatusCode::FORBIDDEN);

    // Act: the trip ran from four days ago to yesterday.
    let db = app.db().await;
    sqlx::query("UPDATE bookings SET selected_date = $1, end_date = $2 WHERE id = $3")
        .bind(days_from_today(-4))
        .bind(days_from_today(-1))
        .bind(&id)
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;

    // Assert
    let done = until(&app, &tourist, &id, |b| b["bookingStatus"] == "completed").await;
    assert_eq!(done["paymentStatus"], "paid");
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM notifications WHERE booking_id = $1 AND kind = 'booking_completed'", &id).await, 2);
    assert_error(
        cancel(&app, &tourist, &id, "").await,
        StatusCode::CONFLICT,
        "This trip is completed and can no longer be cancelled",
    )
    .await;
    assert_eq!(
        app.post_json_auth("/api/v1/tourists/ratings", &review, &tourist.token).await.status(),
        StatusCode::CREATED
    );
    let dashboard = app.get_data("/api/v1/guides/dashboard", &guide.token).await;
    assert_eq!(dashboard["earnings"]["total"], 160.0);
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn the_guide_dashboard_counts_kept_money_and_shows_upcoming_approved_trips() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let kept = paid(&app, &guide, &tourist, &guide_id, &days_from_today(3), 1).await;
    let refunded = paid(&app, &guide, &tourist, &guide_id, &days_from_today(5), 1).await;
    let unpaid = approved(&app, &guide, &tourist, &guide_id, &days_from_today(8), 1).await;
    cancel(&app, &tourist, &refunded, "").await;
    until(&app, &tourist, &refunded, |b| b["paymentStatus"] == "refunded").await;

    // Act
    let dashboard = app.get_data("/api/v1/guides/dashboard", &guide.token).await;

    // Assert
    assert_eq!(dashboard["earnings"]["total"], 80.0);
    assert_eq!(dashboard["earnings"]["paidTrips"], 1);
    let upcoming: Vec<&str> = dashboard["upcomingTrips"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["_id"].as_str().unwrap())
        .collect();
    assert_eq!(upcoming, [kept.as_str(), unpaid.as_str()]);
}

// Stripe: refunds through the Refund API, against a local fake.

async fn stripe_app(stripe: &MockServer) -> TestApp {
    spawn_app_with(&[
        ("YATRA_STRIPE_SECRET_KEY", "sk_test_trips_0123456789"),
        ("YATRA_STRIPE_API_BASE", &stripe.uri()),
        ("YATRA_STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET),
        ("YATRA_PUBLIC_URL", "https://yatra.example"),
        FAST_SWEEP,
        ("YATRA_REFUND_RETRY", "200ms"),
    ])
    .await
}

/// Pays `booking_id` through the fake Stripe: a checkout, then the signed webhook naming
/// the payment intent `intent`.
async fn pay_with_stripe(
    app: &TestApp,
    stripe: &MockServer,
    tourist: &TestUser,
    booking_id: &str,
    intent: &str,
) {
    let session_id = format!("cs_test_{booking_id}");
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": session_id, "object": "checkout.session", "url": "https://checkout.stripe.com/c/pay/x", "payment_status": "unpaid",
        })))
        .up_to_n_times(1)
        .mount(stripe)
        .await;
    let created = app
        .get_auth(&format!("/api/v1/tourists/stripe/create-session/{booking_id}"), &tourist.token)
        .await;
    assert_eq!(created.status(), StatusCode::OK);
    deliver_paid(app, &session_id, intent).await;
}

async fn deliver_paid(app: &TestApp, session_id: &str, intent: &str) {
    let payload = json!({
        "id": "evt_trips", "type": "checkout.session.completed",
        "data": { "object": { "id": session_id, "object": "checkout.session", "payment_status": "paid", "payment_intent": intent } },
    })
    .to_string();
    let signature = sign(WEBHOOK_SECRET.as_bytes(), payload.as_bytes(), now_secs());
    let delivered = app
        .client
        .post(app.url("/api/v1/payments/stripe/webhook"))
        .header("content-type", "application/json")
        .header("stripe-signature", signature)
        .body(payload)
        .send()
        .await
        .unwrap();
    assert_eq!(delivered.status(), StatusCode::OK);
}

fn refund_requests(requests: &[wiremock::Request]) -> Vec<&wiremock::Request> {
    requests.iter().filter(|r| r.url.path() == "/v1/refunds").collect()
}

#[tokio::test]
async fn the_refund_worker_retries_when_stripe_fails_then_refunds_once_with_one_idempotency_key() {
    // Arrange
    let stripe = MockServer::start().await;
    let app = stripe_app(&stripe).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let id = approved(&app, &guide, &tourist, &guide_id, &days_from_today(10), 2).await;
    pay_with_stripe(&app, &stripe, &tourist, &id, "pi_test_trips_1").await;
    assert_eq!(details(&app, &tourist, &id).await["paymentStatus"], "paid");
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .and(header_exists("idempotency-key"))
        .respond_with(
            ResponseTemplate::new(500)
                .set_body_json(json!({ "error": { "message": "try later" } })),
        )
        .up_to_n_times(1)
        .mount(&stripe)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(
                json!({ "id": "re_test_1", "object": "refund", "status": "succeeded" }),
            ),
        )
        .mount(&stripe)
        .await;

    // Act
    let cancelled = cancel(&app, &tourist, &id, "Change of plans").await;

    // Assert
    assert_eq!(cancelled.status(), StatusCode::OK);
    until(&app, &tourist, &id, |b| b["paymentStatus"] == "refunded").await;
    let requests = stripe.received_requests().await.unwrap();
    let refunds = refund_requests(&requests);
    assert_eq!(refunds.len(), 2, "one failed try, then one that succeeded");
    let keys: std::collections::HashSet<&str> = refunds
        .iter()
        .map(|r| r.headers.get("idempotency-key").unwrap().to_str().unwrap())
        .collect();
    assert_eq!(keys.len(), 1, "every try carries the same key");
    assert!(keys.iter().next().unwrap().starts_with("yatra-refund-"));
    let body = String::from_utf8(refunds[1].body.clone()).unwrap();
    assert!(body.contains("payment_intent=pi_test_trips_1"), "{body}");
    assert!(body.contains("amount=16000"), "{body}");
    assert_eq!(scalar(&app, "SELECT attempts FROM refunds WHERE booking_id = $1", &id).await, 2);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        refund_requests(&stripe.received_requests().await.unwrap()).len(),
        2,
        "nothing more once refunded"
    );
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn money_confirmed_after_the_booking_was_cancelled_is_refunded_not_lost() {
    // Arrange
    let stripe = MockServer::start().await;
    let app = stripe_app(&stripe).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let id = approved(&app, &guide, &tourist, &guide_id, &days_from_today(10), 1).await;
    let session_id = format!("cs_test_{id}");
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({ "id": session_id, "url": "https://checkout.stripe.com/x" })),
        )
        .mount(&stripe)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({ "id": "re_test_late", "status": "succeeded" })),
        )
        .mount(&stripe)
        .await;
    app.get_auth(&format!("/api/v1/tourists/stripe/create-session/{id}"), &tourist.token).await;
    assert_eq!(cancel(&app, &tourist, &id, "Changed my mind").await.status(), StatusCode::OK);

    // Act: Stripe confirms the payment the traveller completed meanwhile.
    deliver_paid(&app, &session_id, "pi_test_late").await;

    // Assert
    let settled = until(&app, &tourist, &id, |b| b["paymentStatus"] == "refunded").await;
    assert_eq!(settled["bookingStatus"], "cancelled");
    assert_eq!(settled["refundAmount"], 80.0);
    let requests = stripe.received_requests().await.unwrap();
    let refunds = refund_requests(&requests);
    assert_eq!(refunds.len(), 1);
    assert!(
        String::from_utf8(refunds[0].body.clone()).unwrap().contains("payment_intent=pi_test_late")
    );
    app.assert_ledger_balances().await;
}
