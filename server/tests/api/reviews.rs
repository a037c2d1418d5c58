//! Reviews: only a traveller with a paid trip with the guide may write one, one per
//! trip; the average and count stay exact however many arrive at once.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fixtures::{KATHMANDU, guide_profile, insert_booking, user_id, verified_guide};
use crate::helpers::{TestApp, TestUser, assert_error, spawn_app};

const WRITE: &str = "/api/v1/tourists/ratings";
const PAST: &str = "2026-01-15";
const FAR_FUTURE: &str = "2999-01-01";

fn review(guide_id: &str, score: Value, comment: &str) -> Value {
    json!({ "guideId": guide_id, "score": score, "comment": comment })
}

/// A verified guide and a traveller with one paid past trip with them.
async fn guide_and_customer(app: &TestApp) -> (String, TestUser) {
    let admin = app.admin().await;
    let profile = guide_profile(
        "Bhaktapur and Patan on foot.",
        &["English"],
        &["Culture"],
        "Bhaktapur",
        KATHMANDU,
    );
    let (_, guide_id) = verified_guide(app, &admin, "Nabin", "Maharjan", &profile).await;
    let tourist = app.signup_and_login("tourist").await;
    insert_booking(app, &user_id(app, &tourist.token).await, &guide_id, PAST, true).await;
    (guide_id, tourist)
}

async fn ratings(app: &TestApp, guide_id: &str) -> Value {
    let response = app.get(&format!("/api/v1/users/ratings/{guide_id}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "success");
    body["data"].clone()
}

#[tokio::test]
async fn a_customer_reviews_the_guide_and_the_review_and_new_average_are_public() {
    // Arrange
    let app = spawn_app().await;
    let (guide_id, tourist) = guide_and_customer(&app).await;

    // Act
    let response = app
        .post_json_auth(
            WRITE,
            &review(&guide_id, json!(4), "  Knew every courtyard in Patan.  "),
            &tourist.token,
        )
        .await;

    // Assert
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Review submitted successfully!");
    let id = body["data"]["_id"].as_str().unwrap().to_owned();
    assert_eq!(body["data"]["averageRating"], 4.0);
    assert_eq!(body["data"]["reviewCount"], 1);
    let data = ratings(&app, &guide_id).await;
    assert_eq!(data["averageRating"], 4.0);
    assert_eq!(data["reviewCount"], 1);
    let shown = &data["ratings"][0];
    assert_eq!(shown["_id"], id);
    assert_eq!(shown["firstName"], "Sita");
    assert_eq!(shown["lastName"], "Rai");
    assert_eq!(shown["score"], 4);
    assert_eq!(shown["comment"], "Knew every courtyard in Patan.");
    assert_eq!(shown["tripDate"], PAST);
    assert_eq!(shown["verified"], true);
    assert!(shown["createdAt"].as_str().unwrap().starts_with("20"));
    let guide =
        app.get(&format!("/api/v1/users/guide/{guide_id}")).await.json::<Value>().await.unwrap();
    assert_eq!(guide["data"]["averageRating"], 4.0);
    assert_eq!(guide["data"]["reviewCount"], 1);
    let card = app.get("/api/v1/users/guides").await.json::<Value>().await.unwrap();
    assert_eq!(card["guides"][0]["averageRating"], 4.0);
}

#[tokio::test]
async fn one_review_per_paid_trip_and_none_without_one() {
    // Arrange
    let app = spawn_app().await;
    let (guide_id, customer) = guide_and_customer(&app).await;
    let stranger = app.signup_and_login("tourist").await;
    let unpaid = app.signup_and_login("tourist").await;
    insert_booking(&app, &user_id(&app, &unpaid.token).await, &guide_id, "2026-01-16", false).await;
    let upcoming = app.signup_and_login("tourist").await;
    insert_booking(&app, &user_id(&app, &upcoming.token).await, &guide_id, FAR_FUTURE, true).await;
    let good = review(&guide_id, json!(5), "Wonderful day.");
    let not_customer =
        "Only travellers who have booked and paid for a trip with this guide can review them";

    // Act and assert
    assert_error(
        app.post_json_auth(WRITE, &good, &stranger.token).await,
        StatusCode::FORBIDDEN,
        not_customer,
    )
    .await;
    assert_error(
        app.post_json_auth(WRITE, &good, &unpaid.token).await,
        StatusCode::FORBIDDEN,
        not_customer,
    )
    .await;
    assert_error(
        app.post_json_auth(WRITE, &good, &upcoming.token).await,
        StatusCode::FORBIDDEN,
        "You can review this guide after your trip on 2999-01-01",
    )
    .await;
    assert_eq!(
        app.post_json_auth(WRITE, &good, &customer.token).await.status(),
        StatusCode::CREATED
    );
    assert_error(
        app.post_json_auth(WRITE, &good, &customer.token).await,
        StatusCode::CONFLICT,
        "You have already reviewed your trips with this guide",
    )
    .await;

    // A second paid trip allows a second review.
    insert_booking(&app, &user_id(&app, &customer.token).await, &guide_id, "2026-02-20", true)
        .await;
    assert_eq!(
        app.post_json_auth(
            WRITE,
            &review(&guide_id, json!(3), "Rainy, still fun."),
            &customer.token
        )
        .await
        .status(),
        StatusCode::CREATED
    );
    let data = ratings(&app, &guide_id).await;
    assert_eq!(data["reviewCount"], 2);
    assert_eq!(data["averageRating"], 4.0);
}

#[tokio::test]
async fn a_review_needs_a_rating_and_a_comment_and_a_verified_guide() {
    // Arrange
    let app = spawn_app().await;
    let (guide_id, tourist) = guide_and_customer(&app).await;
    let both = "Please provide both rating and comment";
    let range = "Rating must be a whole number from 1 to 5";

    // Act and assert
    for (body, status, message) in [
        (json!({ "guideId": guide_id, "comment": "Fine" }), StatusCode::BAD_REQUEST, both),
        (review(&guide_id, json!(null), "Fine"), StatusCode::BAD_REQUEST, both),
        (review(&guide_id, json!(0), "Fine"), StatusCode::BAD_REQUEST, both),
        (review(&guide_id, json!(5), "   "), StatusCode::BAD_REQUEST, both),
        (json!({ "guideId": guide_id, "score": 5 }), StatusCode::BAD_REQUEST, both),
        (review(&guide_id, json!(6), "Fine"), StatusCode::BAD_REQUEST, range),
        (review(&guide_id, json!(4.5), "Fine"), StatusCode::BAD_REQUEST, range),
        (review(&guide_id, json!("five"), "Fine"), StatusCode::BAD_REQUEST, range),
        (
            review(&guide_id, json!(5), &"x".repeat(1001)),
            StatusCode::BAD_REQUEST,
            "Comment must be at most 1000 characters",
        ),
        (
            review("0196f0c8a1b27c3d9e8f0a1b2c3d4e5f", json!(5), "Fine"),
            StatusCode::NOT_FOUND,
            "Guide not found",
        ),
        (json!({ "score": 5, "comment": "Fine" }), StatusCode::NOT_FOUND, "Guide not found"),
    ] {
        assert_error(app.post_json_auth(WRITE, &body, &tourist.token).await, status, message).await;
    }
    assert_eq!(ratings(&app, &guide_id).await["reviewCount"], 0);
}

#[tokio::test]
async fn only_travellers_may_review() {
    // Arrange
    let app = spawn_app().await;
    let (guide_id, _) = guide_and_customer(&app).await;
    let guide = app.signup_and_login("guide").await;
    let admin = app.admin().await;
    let body = review(&guide_id, json!(5), "Great");

    // Act and assert
    assert_eq!(app.post_json(WRITE, &body).await.status(), StatusCode::UNAUTHORIZED);
    assert_error(
        app.post_json_auth(WRITE, &body, &guide.token).await,
        StatusCode::FORBIDDEN,
        "This action is only for traveller accounts",
    )
    .await;
    assert_error(
        app.post_json_auth(WRITE, &body, &admin.token).await,
        StatusCode::FORBIDDEN,
        "This action is only for traveller accounts",
    )
    .await;
    assert_eq!(
        app.post_json_auth(WRITE, &body, "not-a-token").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn concurrent_reviews_keep_the_average_and_count_exact() {
    // Arrange: twelve customers, one paid trip each; one more customer with one trip.
    let app = spawn_app().await;
    let (guide_id, greedy) = guide_and_customer(&app).await;
    let mut customers = Vec::new();
    for day in 1..=12 {
        let tourist = app.signup_and_login("tourist").await;
        // A guide takes one trip a day.
        insert_booking(
            &app,
            &user_id(&app, &tourist.token).await,
            &guide_id,
            &format!("2025-12-{day:02}"),
            true,
        )
        .await;
        customers.push(tourist);
    }

    // Act: all at once, and the greedy customer five times at once for one trip.
    let scores: Vec<i64> = (0..12).map(|i| 1 + i % 5).collect();
    let writes = customers.iter().zip(&scores).map(|(tourist, score)| {
        let body = review(&guide_id, json!(score), "Concurrent review.");
        let app = &app;
        async move { app.post_json_auth(WRITE, &body, &tourist.token).await.status() }
    });
    let greedy_writes = (0..5).map(|_| {
        let body = review(&guide_id, json!(5), "Again and again.");
        let app = &app;
        let token = greedy.token.clone();
        async move { app.post_json_auth(WRITE, &body, &token).await.status() }
    });
    let (statuses, greedy_statuses) =
        futures::join!(futures::future::join_all(writes), futures::future::join_all(greedy_writes));

    // Assert
    assert!(statuses.iter().all(|s| *s == StatusCode::CREATED), "{statuses:?}");
    assert_eq!(
        greedy_statuses.iter().filter(|s| **s == StatusCode::CREATED).count(),
        1,
        "{greedy_statuses:?}"
    );
    assert!(
        greedy_statuses.iter().all(|s| *s == StatusCode::CREATED || *s == StatusCode::CONFLICT),
        "{greedy_statuses:?}"
    );
    let data = ratings(&app, &guide_id).await;
    let count = 13;
    let sum: i64 = scores.iter().sum::<i64>() + 5;
    assert_eq!(data["reviewCount"], count);
    assert_eq!(data["averageRating"], ((sum as f64 / count as f64) * 100.0).round() / 100.0);
}

#[tokio::test]
async fn the_reviews_list_pages_newest_first() {
    // Arrange
    let app = spawn_app().await;
    let (guide_id, tourist) = guide_and_customer(&app).await;
    let me = user_id(&app, &tourist.token).await;
    for day in 1..=4 {
        insert_booking(&app, &me, &guide_id, &format!("2026-03-0{day}"), true).await;
    }
    for i in 0..5 {
        let response = app
            .post_json_auth(
                WRITE,
                &review(&guide_id, json!(5), &format!("Trip {i}")),
                &tourist.token,
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
    }

    // Act
    let first = app
        .get(&format!("/api/v1/users/ratings/{guide_id}?page=1&limit=2"))
        .await
        .json::<Value>()
        .await
        .unwrap();
    let last = app
        .get(&format!("/api/v1/users/ratings/{guide_id}?page=3&limit=2"))
        .await
        .json::<Value>()
        .await
        .unwrap();

    // Assert
    assert_eq!(first["data"]["totalPages"], 3);
    assert_eq!(first["data"]["ratings"][0]["comment"], "Trip 4");
    assert_eq!(last["data"]["ratings"][0]["comment"], "Trip 0");
    assert_eq!(
        app.get(&format!("/api/v1/users/ratings/{guide_id}?limit=0")).await.status(),
        StatusCode::BAD_REQUEST
    );
    assert_error(
        app.get("/api/v1/users/ratings/nobody").await,
        StatusCode::NOT_FOUND,
        "Guide not found",
    )
    .await;
}

async fn public_first_name(app: &TestApp, guide_id: &str) -> Value {
    app.get(&format!("/api/v1/users/guide/{guide_id}")).await.json::<Value>().await.unwrap()["data"]
        ["firstName"]
        .clone()
}

async fn can_review(app: &TestApp, guide_id: &str, token: &str) -> bool {
    let response = app.get_auth(&format!("/api/v1/users/guide/{guide_id}/can-review"), token).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "success");
    body["data"]["canReview"].as_bool().unwrap()
}

#[tokio::test]
async fn write_review_is_offered_only_to_a_traveller_with_a_completed_trip_not_yet_reviewed() {
    // Arrange
    let app = spawn_app().await;
    let (guide_id, customer) = guide_and_customer(&app).await;
    let stranger = app.signup_and_login("tourist").await;
    let upcoming = app.signup_and_login("tourist").await;
    insert_booking(&app, &user_id(&app, &upcoming.token).await, &guide_id, FAR_FUTURE, true).await;
    let unpaid = app.signup_and_login("tourist").await;
    insert_booking(&app, &user_id(&app, &unpaid.token).await, &guide_id, "2026-01-16", false).await;
    let another_guide = app.signup_and_login("guide").await;
    let admin = app.admin().await;

    // Act + Assert
    assert!(can_review(&app, &guide_id, &customer.token).await);
    for (who, token) in [
        ("stranger", &stranger.token),
        ("upcoming", &upcoming.token),
        ("unpaid", &unpaid.token),
        ("guide", &another_guide.token),
        ("admin", &admin.token),
    ] {
        assert!(!can_review(&app, &guide_id, token).await, "{who}");
    }
    assert_eq!(
        app.post_json_auth(WRITE, &review(&guide_id, json!(5), "Wonderful day."), &customer.token)
            .await
            .status(),
        StatusCode::CREATED
    );
    assert!(!can_review(&app, &guide_id, &customer.token).await, "reviewed");
    insert_booking(&app, &user_id(&app, &customer.token).await, &guide_id, "2026-02-20", true)
        .await;
    assert!(can_review(&app, &guide_id, &customer.token).await, "a second completed trip");

    // The guide's answer says the same to a signed-in viewer; the anonymous one, shared
    // between viewers, says nothing personal.
    let guide_page = format!("/api/v1/users/guide/{guide_id}");
    let signed_in = app.get_auth(&guide_page, &customer.token).await.json::<Value>().await.unwrap();
    assert_eq!(signed_in["data"]["canReview"], true);
    assert_eq!(signed_in["data"]["firstName"], public_first_name(&app, &guide_id).await);
    let stranger_view =
        app.get_auth(&guide_page, &stranger.token).await.json::<Value>().await.unwrap();
    assert_eq!(stranger_view["data"]["canReview"], false);
    let anonymous = app.get(&guide_page).await.json::<Value>().await.unwrap();
    assert!(anonymous["data"].get("canReview").is_none());
}

#[tokio::test]
async fn asking_whether_one_may_review_needs_a_session_and_a_verified_guide() {
    // Arrange
    let app = spawn_app().await;
    let (guide_id, customer) = guide_and_customer(&app).await;
    let path = format!("/api/v1/users/guide/{guide_id}/can-review");

    // Act + Assert
    assert_error(app.get(&path).await, StatusCode::UNAUTHORIZED, "Please sign in to continue.")
        .await;
    for unknown in ["0196f0c8a1b27c3d9e8f0a1b2c3d4e5f", "not-an-id"] {
        let response = app
            .get_auth(&format!("/api/v1/users/guide/{unknown}/can-review"), &customer.token)
            .await;
        assert_error(response, StatusCode::NOT_FOUND, "Guide not found").await;
    }
}
