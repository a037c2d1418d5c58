//! Bookings: a traveller asks, the guide decides, and nobody else sees or changes a
//! thing. Prices come from the server; retries and races make one booking; a guide
//! takes one approved trip a day.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fixtures::{
    KATHMANDU, approved_booking, booking_request, days_from_today, decide, guide_profile,
    request_booking, submitted_guide, verified_guide,
};
use crate::helpers::{TestApp, TestUser, assert_error, spawn_app};

const REQUEST: &str = "/api/v1/tourists/booking/request";

async fn guide(app: &TestApp) -> (TestUser, String) {
    let admin = app.admin().await;
    let profile = guide_profile(
        "Everest region treks.",
        &["English"],
        &["Trekking"],
        "Namche Bazaar",
        KATHMANDU,
    );
    verified_guide(app, &admin, "Ang", "Dorje", &profile).await
}

async fn count_bookings(app: &TestApp) -> i64 {
    let db = app.db().await;
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM bookings").fetch_one(&db.pool).await.unwrap();
    db.pool.close().await;
    count
}

async fn notifications(app: &TestApp, user: &TestUser, role: &str) -> Vec<Value> {
    app.get_data(&format!("/api/v1/notifications/{role}"), &user.token)
        .await
        .as_array()
        .unwrap()
        .clone()
}

#[tokio::test]
async fn a_traveller_requests_a_booking_priced_by_the_server_and_the_guide_is_told() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let date = days_from_today(3);

    // Act
    let response =
        app.post_json_auth(REQUEST, &booking_request(&guide_id, &date, 3), &tourist.token).await;

    // Assert
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Booking requested successfully!");
    let booking = &body["data"];
    assert_eq!(booking["selectedDate"], date);
    assert_eq!(booking["selectedTime"], "09:30");
    assert_eq!(booking["groupSize"], 3);
    assert_eq!(booking["pricePerPerson"], 40.0, "the guide's rate, not the client's 1");
    assert_eq!(booking["totalAmount"], 120.0);
    assert_eq!(booking["bookingStatus"], "pending");
    assert_eq!(booking["paymentStatus"], "unpaid");
    assert_eq!(booking["tourist"]["email"], tourist.email);
    assert_eq!(booking["guide"]["firstName"], "Ang");
    assert!(booking["guide"]["phone"].is_null(), "the phone is shared once approved");
    let listed = app.get_data("/api/v1/guides/bookings", &guide.token).await;
    assert_eq!(listed[0]["_id"], booking["_id"]);
    let told = notifications(&app, &guide, "guide").await;
    assert_eq!(told.len(), 2, "verification and the request");
    assert_eq!(told[0]["kind"], "booking_request");
    assert_eq!(told[0]["bookingId"], booking["_id"]);
    assert_eq!(told[0]["isRead"], false);
    assert_eq!(told[0]["status"], "pending");
    assert!(
        told[0]["guideMessage"]
            .as_str()
            .unwrap()
            .starts_with("New booking request from Sita Rai for ")
    );
    let mine = app.get_data("/api/v1/tourists/bookings", &tourist.token).await;
    assert_eq!(mine[0]["_id"], booking["_id"]);
}

#[tokio::test]
async fn a_bad_request_gets_the_modals_messages_and_books_nothing() {
    // Arrange
    let app = spawn_app().await;
    let (_, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let (_, unverified) = submitted_guide(
        &app,
        "New",
        "Guide",
        &guide_profile("New.", &["English"], &["Food"], "Patan", KATHMANDU),
    )
    .await;
    let tomorrow = days_from_today(1);

    // Act and assert
    for (body, status, message) in [
        (
            json!({ "guideId": guide_id, "groupSize": 1 }),
            StatusCode::BAD_REQUEST,
            "Please select a date",
        ),
        (
            json!({ "guideId": guide_id, "selectedDate": "", "groupSize": 1 }),
            StatusCode::BAD_REQUEST,
            "Please select a date",
        ),
        (
            booking_request(&guide_id, &days_from_today(-1), 1),
            StatusCode::BAD_REQUEST,
            "Date must be today or in the future",
        ),
        (
            booking_request(&guide_id, "2026-02-30", 1),
            StatusCode::BAD_REQUEST,
            "Please select a real date (YYYY-MM-DD)",
        ),
        (
            booking_request(&guide_id, &days_from_today(900), 1),
            StatusCode::BAD_REQUEST,
            "Please choose a date within the next two years",
        ),
        (
            booking_request(&guide_id, &tomorrow, 0),
            StatusCode::BAD_REQUEST,
            "Group size must be a whole number from 1 to 20",
        ),
        (
            booking_request(&guide_id, &tomorrow, 21),
            StatusCode::BAD_REQUEST,
            "Group size must be a whole number from 1 to 20",
        ),
        (
            json!({ "guideId": guide_id, "selectedDate": tomorrow, "selectedTime": "25:00" }),
            StatusCode::BAD_REQUEST,
            "Please select a time (HH:MM)",
        ),
        (booking_request(&unverified, &tomorrow, 1), StatusCode::NOT_FOUND, "Guide not found"),
        (
            booking_request("0196f0c8a1b27c3d9e8f0a1b2c3d4e5f", &tomorrow, 1),
            StatusCode::NOT_FOUND,
            "Guide not found",
        ),
        (json!({ "selectedDate": tomorrow }), StatusCode::NOT_FOUND, "Guide not found"),
    ] {
        assert_error(app.post_json_auth(REQUEST, &body, &tourist.token).await, status, message)
            .await;
    }
    assert_eq!(app.post_raw_json(REQUEST, "{not json").await.status(), StatusCode::UNAUTHORIZED);
    let garbage = app
        .client
        .post(app.url(REQUEST))
        .bearer_auth(&tourist.token)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(garbage.status(), StatusCode::BAD_REQUEST);
    assert_eq!(count_bookings(&app).await, 0);

    // The time defaults to 10:00.
    let booking = app
        .post_json_auth(
            REQUEST,
            &json!({ "guideId": guide_id, "selectedDate": tomorrow, "groupSize": "2" }),
            &tourist.token,
        )
        .await;
    assert_eq!(booking.json::<Value>().await.unwrap()["data"]["selectedTime"], "10:00");
}

#[tokio::test]
async fn only_travellers_can_book() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let other_guide = app.signup_and_login("guide").await;
    let admin = app.admin().await;
    let body = booking_request(&guide_id, &days_from_today(2), 1);

    // Act and assert
    assert_eq!(app.post_json(REQUEST, &body).await.status(), StatusCode::UNAUTHORIZED);
    for token in [&guide.token, &other_guide.token, &admin.token] {
        assert_error(
            app.post_json_auth(REQUEST, &body, token).await,
            StatusCode::FORBIDDEN,
            "Only travellers can book a guide",
        )
        .await;
    }
    assert_eq!(count_bookings(&app).await, 0);
}

#[tokio::test]
async fn fifty_concurrent_identical_requests_make_one_booking() {
    // Arrange
    let app = spawn_app().await;
    let (_, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let body = booking_request(&guide_id, &days_from_today(5), 2);

    // Act
    let requests = (0..50).map(|_| {
        let (app, body, token) = (&app, &body, &tourist.token);
        async move { app.post_json_auth(REQUEST, body, token).await.status() }
    });
    let statuses = futures::future::join_all(requests).await;

    // Assert
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 1, "{statuses:?}");
    assert!(
        statuses.iter().all(|s| *s == StatusCode::CREATED || *s == StatusCode::CONFLICT),
        "{statuses:?}"
    );
    assert_eq!(count_bookings(&app).await, 1);
    assert_error(
        app.post_json_auth(REQUEST, &body, &tourist.token).await,
        StatusCode::CONFLICT,
        "You have already asked this guide for this date. Please wait for their answer.",
    )
    .await;
}

#[tokio::test]
async fn a_repeated_idempotency_key_returns_the_booking_it_made() {
    // Arrange
    let app = spawn_app().await;
    let (_, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let body = booking_request(&guide_id, &days_from_today(6), 2);
    let send = |key: &'static str| {
        let (app, body, token) = (&app, &body, tourist.token.clone());
        async move {
            app.client
                .post(app.url(REQUEST))
                .bearer_auth(token)
                .header("Idempotency-Key", key)
                .json(body)
                .send()
                .await
                .unwrap()
        }
    };

    // Act
    let concurrent = futures::future::join_all((0..20).map(|_| send("attempt-1"))).await;

    // Assert
    let mut ids = Vec::new();
    for response in concurrent {
        assert!(
            matches!(response.status(), StatusCode::CREATED | StatusCode::OK),
            "{}",
            response.status()
        );
        ids.push(
            response.json::<Value>().await.unwrap()["data"]["_id"].as_str().unwrap().to_owned(),
        );
    }
    ids.dedup();
    assert_eq!(ids.len(), 1);
    assert_eq!(count_bookings(&app).await, 1);
    let again = send("attempt-1").await;
    assert_eq!(again.status(), StatusCode::OK);
    let bad_key = app
        .client
        .post(app.url(REQUEST))
        .bearer_auth(&tourist.token)
        .header("Idempotency-Key", "x".repeat(101))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_error(
        bad_key,
        StatusCode::BAD_REQUEST,
        "The Idempotency-Key header must be 1 to 100 printable characters",
    )
    .await;
}

#[tokio::test]
async fn the_guide_approves_or_rejects_pending_requests_only() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let first = request_booking(&app, &tourist, &guide_id, &days_from_today(4), 2).await;
    let second = request_booking(&app, &tourist, &guide_id, &days_from_today(8), 1).await;
    let (first, second) = (first["_id"].as_str().unwrap(), second["_id"].as_str().unwrap());

    // Act
    let approved = decide(&app, &guide, first, "approve").await;
    let rejected = decide(&app, &guide, second, "reject").await;

    // Assert
    assert_eq!(approved.status(), StatusCode::OK);
    let approved: Value = approved.json().await.unwrap();
    assert_eq!(approved["message"], "Booking approved successfully");
    assert_eq!(approved["data"]["bookingStatus"], "approved");
    assert_eq!(approved["data"]["guide"]["phone"], "+977 9800000000", "shared once approved");
    let rejected: Value = rejected.json().await.unwrap();
    assert_eq!(rejected["message"], "Booking rejected successfully");
    assert_eq!(rejected["data"]["bookingStatus"], "rejected");
    assert_error(
        decide(&app, &guide, first, "reject").await,
        StatusCode::CONFLICT,
        "This booking is already approved",
    )
    .await;
    assert_error(
        decide(&app, &guide, second, "approve").await,
        StatusCode::CONFLICT,
        "This booking is already rejected",
    )
    .await;
    assert_error(
        decide(&app, &guide, first, "maybe").await,
        StatusCode::BAD_REQUEST,
        "Action must be approve or reject",
    )
    .await;
    let told = notifications(&app, &tourist, "tourist").await;
    assert_eq!(told.len(), 2);
    assert_eq!(told[0]["kind"], "booking_rejected");
    assert_eq!(told[1]["kind"], "booking_approved");
    assert!(told[1]["touristMessage"].as_str().unwrap().contains("approved your trip"));
}

#[tokio::test]
async fn nobody_but_the_bookings_guide_can_decide_it() {
    // Arrange
    let app = spawn_app().await;
    let (_, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let booking = request_booking(&app, &tourist, &guide_id, &days_from_today(4), 2).await;
    let id = booking["_id"].as_str().unwrap();
    let other_guide = app.signup_and_login("guide").await;

    // Act and assert
    assert_error(
        decide(&app, &other_guide, id, "approve").await,
        StatusCode::NOT_FOUND,
        "Booking not found",
    )
    .await;
    assert_error(
        decide(&app, &tourist, id, "approve").await,
        StatusCode::FORBIDDEN,
        "This action is only for tour guide accounts",
    )
    .await;
    let anonymous = app
        .client
        .patch(app.url("/api/v1/guides/booking/status"))
        .json(&json!({ "bookingId": id, "action": "approve" }))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    assert_error(
        decide(&app, &other_guide, "nothing", "approve").await,
        StatusCode::NOT_FOUND,
        "Booking not found",
    )
    .await;
    let details = app.get_data(&format!("/api/v1/tourists/details/{id}"), &tourist.token).await;
    assert_eq!(details["bookingStatus"], "pending");
}

#[tokio::test]
async fn a_guide_takes_one_approved_trip_a_day() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let date = days_from_today(10);
    let one = app.signup_and_login("tourist").await;
    let two = app.signup_and_login("tourist").await;
    let three = app.signup_and_login("tourist").await;
    let bookings = [
        request_booking(&app, &one, &guide_id, &date, 1).await,
        request_booking(&app, &two, &guide_id, &date, 1).await,
        request_booking(&app, &three, &guide_id, &date, 1).await,
    ];
    let ids: Vec<&str> = bookings.iter().map(|b| b["_id"].as_str().unwrap()).collect();

    // Act: approving all three at once.
    let statuses: Vec<StatusCode> = futures::future::join_all(ids.iter().map(|id| {
        let (app, guide) = (&app, &guide);
        async move { decide(app, guide, id, "approve").await.status() }
    }))
    .await;

    // Assert
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{statuses:?}");
    let refused = ids
        .iter()
        .zip(&statuses)
        .find(|(_, s)| **s == StatusCode::CONFLICT)
        .map(|(id, _)| *id)
        .unwrap();
    let response = decide(&app, &guide, refused, "approve").await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    let message = crate::helpers::error_message(response).await;
    assert!(message.starts_with("You already have an approved trip on "), "{message}");
    assert_eq!(decide(&app, &guide, refused, "reject").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn booking_details_are_for_its_traveller_its_guide_and_admins_only() {
    // Arrange
    let app = spawn_app().await;
    let (guide, tourist, booking) = approved_booking(&app, 7, 2).await;
    let id = booking["_id"].as_str().unwrap();
    let path = format!("/api/v1/tourists/details/{id}");
    let stranger = app.signup_and_login("tourist").await;
    let other_guide = app.signup_and_login("guide").await;
    let admin = app.admin().await;

    // Act and assert
    for token in [&tourist.token, &guide.token, &admin.token] {
        let data = app.get_data(&path, token).await;
        assert_eq!(data["_id"], id);
        assert_eq!(data["bookingStatus"], "approved");
    }
    for token in [&stranger.token, &other_guide.token] {
        assert_error(app.get_auth(&path, token).await, StatusCode::NOT_FOUND, "Booking not found")
            .await;
    }
    assert_eq!(app.get(&path).await.status(), StatusCode::UNAUTHORIZED);
    assert_error(
        app.get_auth("/api/v1/tourists/details/none", &tourist.token).await,
        StatusCode::NOT_FOUND,
        "Booking not found",
    )
    .await;
    assert_eq!(
        app.get_auth("/api/v1/tourists/bookings", &guide.token).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.get_auth("/api/v1/guides/bookings", &tourist.token).await.status(),
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn the_guide_dashboard_sums_up_requests_trips_earnings_and_verification() {
    // Arrange
    let app = spawn_app().await;
    let (guide, _tourist, booking) = approved_booking(&app, 2, 3).await;
    let guide_id = booking["guide"]["_id"].as_str().unwrap().to_owned();
    let waiting = app.signup_and_login("tourist").await;
    request_booking(&app, &waiting, &guide_id, &days_from_today(9), 1).await;

    // Act
    let dashboard = app.get_data("/api/v1/guides/dashboard", &guide.token).await;

    // Assert
    assert_eq!(dashboard["pendingRequests"].as_array().unwrap().len(), 1);
    assert_eq!(dashboard["upcomingTrips"][0]["_id"], booking["_id"]);
    assert_eq!(dashboard["earnings"]["total"], 0.0);
    assert_eq!(dashboard["earnings"]["paidTrips"], 0);
    assert_eq!(dashboard["status"], "verified");
    assert_eq!(dashboard["verification"], "approved");
    assert_eq!(dashboard["reviewCount"], 0);
    let tourist = app.signup_and_login("tourist").await;
    assert_eq!(
        app.get_auth("/api/v1/guides/dashboard", &tourist.token).await.status(),
        StatusCode::FORBIDDEN
    );
}
