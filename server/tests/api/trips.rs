//! The life of a trip (issue 11): multi-day trips, availability, approval, expiry,
//! completion and the guide's dashboard, every transition and every refused one, and the
//! races the database must settle. Cancelling and refunds: `trips_cancellations`.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fixtures::{days_from_today, decide, user_id};
use crate::helpers::{TestApp, TestUser, assert_error, spawn_app, spawn_app_with};
use crate::trips_fixtures::{
    FAST_SWEEP, approved, ask, cancel, details, guide, paid, requested, scalar, trip, unavailable,
    until,
};

const AVAILABILITY: &str = "/api/v1/guides/availability";

async fn put_blocked(app: &TestApp, guide: &TestUser, days: &Value) -> reqwest::Response {
    app.client
        .put(app.url(AVAILABILITY))
        .bearer_auth(&guide.token)
        .json(&json!({ "blockedDates": days }))
        .send()
        .await
        .unwrap()
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
    // $160 paid, less Yatra's 15% commission: what the earnings panel counts too.
    assert_eq!(dashboard["earnings"]["total"], 136.0);
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
    // $80 kept, after Yatra's 15% commission, as the earnings panel counts it.
    assert_eq!(dashboard["earnings"]["total"], 68.0);
    assert_eq!(dashboard["earnings"]["paidTrips"], 1);
    let upcoming: Vec<&str> = dashboard["upcomingTrips"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["_id"].as_str().unwrap())
        .collect();
    assert_eq!(upcoming, [kept.as_str(), unpaid.as_str()]);
}
