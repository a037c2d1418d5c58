//! Reviews: only a traveller with a paid trip with the guide may write one, one per
//! trip, until 14 days after it; the average and count stay exact however many arrive at
//! once. Sub-ratings, photos, the author's 48 hours to change it, the guide's reply, the
//! orders of the list and the one reminder email.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fixtures::{
    KATHMANDU, days_from_today, guide_profile, insert_booking, user_id, verified_guide,
};
use crate::helpers::{TestApp, TestUser, assert_error, jpeg, spawn_app};

const WRITE: &str = "/api/v1/tourists/ratings";
const FAR_FUTURE: &str = "2999-01-01";

/// The last day of the trip `guide_and_customer` makes: inside the review window, and on
/// no other test trip's day.
fn past() -> String {
    days_from_today(-13)
}

fn review(guide_id: &str, score: Value, comment: &str) -> Value {
    json!({ "guideId": guide_id, "score": score, "comment": comment })
}

/// A verified guide and a traveller with one paid past trip with them.
async fn guide_and_customer(app: &TestApp) -> (String, TestUser) {
    let (_, guide_id, tourist) = signed_in_guide_and_customer(app).await;
    (guide_id, tourist)
}

/// `guide_and_customer`, with the guide's own session.
async fn signed_in_guide_and_customer(app: &TestApp) -> (TestUser, String, TestUser) {
    let admin = app.admin().await;
    let profile = guide_profile(
        "Bhaktapur and Patan on foot.",
        &["English"],
        &["Culture"],
        "Bhaktapur",
        KATHMANDU,
    );
    let (guide, guide_id) = verified_guide(app, &admin, "Nabin", "Maharjan", &profile).await;
    let tourist = app.signup_and_login("tourist").await;
    insert_booking(app, &user_id(app, &tourist.token).await, &guide_id, &past(), true).await;
    (guide, guide_id, tourist)
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
    assert_eq!(shown["tripDate"], past());
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
    insert_booking(
        &app,
        &user_id(&app, &customer.token).await,
        &guide_id,
        &days_from_today(-5),
        true,
    )
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
            &days_from_today(-day),
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
        insert_booking(&app, &me, &guide_id, &days_from_today(-3 - day), true).await;
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
    insert_booking(
        &app,
        &user_id(&app, &customer.token).await,
        &guide_id,
        &days_from_today(-5),
        true,
    )
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

// ---- sub-ratings, photos, changing, replies, orders and the reminder

const PHOTOS: &str = "/api/v1/reviews/photos";

/// Uploads a review photo as `token`'s account; answers its id.
async fn upload_photo(app: &TestApp, token: &str) -> String {
    let response =
        app.upload(PHOTOS, token, "photo", "trail.jpg", "image/jpeg", jpeg(64, 48)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    body["data"]["_id"].as_str().unwrap().to_owned()
}

/// Writes a review as `tourist`; answers its id.
async fn write(app: &TestApp, tourist: &TestUser, body: &Value) -> String {
    let response = app.post_json_auth(WRITE, body, &tourist.token).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json::<Value>().await.unwrap()["data"]["_id"].as_str().unwrap().to_owned()
}

async fn put_reply(app: &TestApp, review_id: &str, text: &str, token: &str) -> reqwest::Response {
    app.client
        .put(app.url(&format!("/api/v1/reviews/{review_id}/reply")))
        .bearer_auth(token)
        .json(&json!({ "text": text }))
        .send()
        .await
        .unwrap()
}

async fn delete_reply(app: &TestApp, review_id: &str, token: &str) -> reqwest::Response {
    app.client
        .delete(app.url(&format!("/api/v1/reviews/{review_id}/reply")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

/// Moves a review's writing time back by `hours`.
async fn written_hours_ago(app: &TestApp, review_id: &str, hours: i64) {
    let db = app.db().await;
    sqlx::query("UPDATE ratings SET created_at = created_at - $1 WHERE id = $2")
        .bind(hours * 60 * 60 * 1000)
        .bind(review_id)
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
}

/// A verified guide's page answer with `query` (`?sort=...`).
async fn ratings_with(app: &TestApp, guide_id: &str, query: &str) -> Value {
    let response = app.get(&format!("/api/v1/users/ratings/{guide_id}{query}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json::<Value>().await.unwrap()["data"].clone()
}

#[tokio::test]
async fn a_review_with_sub_ratings_and_photos_shows_them_their_averages_and_the_photo_strip() {
    // Arrange
    let app = spawn_app().await;
    let (guide_id, tourist) = guide_and_customer(&app).await;
    let photos =
        [upload_photo(&app, &tourist.token).await, upload_photo(&app, &tourist.token).await];

    // Act
    let mut body = review(&guide_id, json!(5), "Knew every pass and every tea house.");
    body["knowledge"] = json!(5);
    body["safety"] = json!(4);
    body["communication"] = json!(null);
    body["photos"] = json!(photos);
    let id = write(&app, &tourist, &body).await;

    // Assert
    let data = ratings(&app, &guide_id).await;
    let shown = &data["ratings"][0];
    assert_eq!(shown["_id"], id);
    assert_eq!(
        (&shown["knowledge"], &shown["safety"], &shown["communication"], &shown["value"]),
        (&json!(5), &json!(4), &Value::Null, &Value::Null)
    );
    let shown_photos = shown["photos"].as_array().unwrap();
    assert_eq!(shown_photos.len(), 2);
    assert_eq!(shown_photos[0]["_id"], photos[0]);
    assert!(shown_photos[0]["url"].as_str().unwrap().starts_with("/media/"));
    assert!(shown_photos[0]["variants"]["srcset"].as_str().unwrap().contains(".webp"));
    assert_eq!(shown_photos[0]["variants"]["width"], 64);
    assert_eq!(shown["reply"], Value::Null);
    assert_eq!(shown["authorId"], user_id(&app, &tourist.token).await);
    assert!(shown["editableUntil"].as_str().unwrap() > shown["createdAt"].as_str().unwrap());
    assert_eq!(data["subRatings"]["knowledge"], json!({ "average": 5.0, "count": 1 }));
    assert_eq!(data["subRatings"]["safety"], json!({ "average": 4.0, "count": 1 }));
    assert_eq!(data["subRatings"]["communication"], json!({ "average": null, "count": 0 }));
    assert_eq!(data["photoStrip"].as_array().unwrap().len(), 2);
    let photo = app.get(shown_photos[1]["url"].as_str().unwrap()).await;
    assert_eq!(photo.status(), StatusCode::OK);
}

#[tokio::test]
async fn bad_sub_ratings_and_photos_are_refused_and_nothing_is_stored() {
    // Arrange
    let app = spawn_app().await;
    let (guide_id, tourist) = guide_and_customer(&app).await;
    let other = app.signup_and_login("tourist").await;
    let theirs = upload_photo(&app, &other.token).await;
    let mut mine = Vec::new();
    for _ in 0..6 {
        mine.push(upload_photo(&app, &tourist.token).await);
    }
    let with = |field: &str, value: Value| {
        let mut body = review(&guide_id, json!(4), "Good walk.");
        body[field] = value;
        body
    };

    // Act and assert
    for (body, message) in [
        (with("knowledge", json!(6)), "Knowledge must be a whole number from 1 to 5"),
        (with("safety", json!(0)), "Safety must be a whole number from 1 to 5"),
        (with("communication", json!("4")), "Communication must be a whole number from 1 to 5"),
        (with("value", json!(2.5)), "Value must be a whole number from 1 to 5"),
        (with("photos", json!(mine)), "A review can have at most 5 photos"),
        (with("photos", json!([mine[0], mine[0]])), "Each photo can be added once"),
        (with("photos", json!([theirs])), "Photos must be ones you uploaded for this review"),
        (
            with("photos", json!(["no-such-photo"])),
            "Photos must be ones you uploaded for this review",
        ),
    ] {
        assert_error(
            app.post_json_auth(WRITE, &body, &tourist.token).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
    assert_eq!(ratings(&app, &guide_id).await["reviewCount"], 0);
    let guide = app.signup_and_login("guide").await;
    let by_guide =
        app.upload(PHOTOS, &guide.token, "photo", "trail.jpg", "image/jpeg", jpeg(64, 48)).await;
    assert_error(by_guide, StatusCode::FORBIDDEN, "This action is only for traveller accounts")
        .await;
    // Still allowed, and the photos are still free to use.
    let mut good = with("photos", json!(&mine[..5]));
    good["knowledge"] = json!(3);
    write(&app, &tourist, &good).await;
}

#[tokio::test]
async fn a_trip_can_be_reviewed_until_fourteen_days_after_its_last_day() {
    // Arrange: one traveller 15 days after their trip, another 14 days after theirs.
    let app = spawn_app().await;
    let (guide_id, _) = guide_and_customer(&app).await;
    let late = app.signup_and_login("tourist").await;
    insert_booking(&app, &user_id(&app, &late.token).await, &guide_id, &days_from_today(-15), true)
        .await;
    let in_time = app.signup_and_login("tourist").await;
    insert_booking(
        &app,
        &user_id(&app, &in_time.token).await,
        &guide_id,
        &days_from_today(-14),
        true,
    )
    .await;
    let body = review(&guide_id, json!(4), "Late but honest.");

    // Act and assert
    assert!(!can_review(&app, &guide_id, &late.token).await);
    assert_error(
        app.post_json_auth(WRITE, &body, &late.token).await,
        StatusCode::FORBIDDEN,
        &format!("The time to review this trip ended on {}", days_from_today(-1)),
    )
    .await;
    assert!(can_review(&app, &guide_id, &in_time.token).await);
    assert_eq!(
        app.post_json_auth(WRITE, &body, &in_time.token).await.status(),
        StatusCode::CREATED
    );
    assert_eq!(ratings(&app, &guide_id).await["reviewCount"], 1);
}

#[tokio::test]
async fn the_author_may_change_a_review_for_48_hours_and_the_guide_average_follows() {
    // Arrange
    let app = spawn_app().await;
    let (guide_id, tourist) = guide_and_customer(&app).await;
    let kept = upload_photo(&app, &tourist.token).await;
    let dropped = upload_photo(&app, &tourist.token).await;
    let mut body = review(&guide_id, json!(2), "Rushed.");
    body["knowledge"] = json!(2);
    body["safety"] = json!(3);
    body["photos"] = json!([kept, dropped]);
    let id = write(&app, &tourist, &body).await;
    let path = format!("/api/v1/reviews/{id}");
    let files_before = app.media_files().len();

    // Act
    let added = upload_photo(&app, &tourist.token).await;
    let changed = app
        .patch_json_auth(
            &path,
            &json!({ "score": 4, "comment": "Rushed, but safe.", "knowledge": null, "photos": [added, kept] }),
            &tourist.token,
        )
        .await;

    // Assert
    assert_eq!(changed.status(), StatusCode::OK);
    let changed: Value = changed.json().await.unwrap();
    assert_eq!(changed["data"]["score"], 4);
    assert_eq!(changed["data"]["comment"], "Rushed, but safe.");
    assert_eq!(changed["data"]["knowledge"], Value::Null);
    assert_eq!(changed["data"]["safety"], 3, "left out, so unchanged");
    let ids: Vec<&str> = changed["data"]["photos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [added.as_str(), kept.as_str()]);
    assert!(app.media_files().len() <= files_before, "the dropped photo's files are deleted");
    let data = ratings(&app, &guide_id).await;
    assert_eq!(
        (data["averageRating"].clone(), data["reviewCount"].clone()),
        (json!(4.0), json!(1))
    );
    let guide =
        app.get(&format!("/api/v1/users/guide/{guide_id}")).await.json::<Value>().await.unwrap();
    assert_eq!(guide["data"]["averageRating"], 4.0);

    // Bad changes change nothing; others may not change it.
    assert_error(
        app.patch_json_auth(&path, &json!({ "score": 1, "value": 9 }), &tourist.token).await,
        StatusCode::BAD_REQUEST,
        "Value must be a whole number from 1 to 5",
    )
    .await;
    assert_error(
        app.patch_json_auth(&path, &json!({ "comment": "  " }), &tourist.token).await,
        StatusCode::BAD_REQUEST,
        "Please provide both rating and comment",
    )
    .await;
    let stranger = app.signup_and_login("tourist").await;
    let reviewed_guide = app.signup_and_login("guide").await;
    for token in [&stranger.token, &reviewed_guide.token] {
        assert_error(
            app.patch_json_auth(&path, &json!({ "score": 1 }), token).await,
            StatusCode::FORBIDDEN,
            "Only the traveller who wrote this review can change it",
        )
        .await;
    }
    assert_error(
        app.patch_json_auth("/api/v1/reviews/nope", &json!({ "score": 1 }), &tourist.token).await,
        StatusCode::NOT_FOUND,
        "Review not found",
    )
    .await;
    assert_eq!(ratings(&app, &guide_id).await["averageRating"], 4.0);

    // 49 hours after writing it, the author may not change it any more.
    written_hours_ago(&app, &id, 49).await;
    assert_error(
        app.patch_json_auth(&path, &json!({ "score": 5 }), &tourist.token).await,
        StatusCode::FORBIDDEN,
        "A review can be changed only in the 48 hours after it is written",
    )
    .await;
    assert_eq!(ratings(&app, &guide_id).await["averageRating"], 4.0);
}

#[tokio::test]
async fn concurrent_changes_keep_the_guide_average_exact() {
    // Arrange
    let app = spawn_app().await;
    let (guide_id, tourist) = guide_and_customer(&app).await;
    let id = write(&app, &tourist, &review(&guide_id, json!(1), "First take.")).await;
    let path = format!("/api/v1/reviews/{id}");

    // Act
    let changes = [5, 3, 4, 2, 5, 3].map(|score| {
        let (app, path, token) = (&app, &path, &tourist.token);
        async move { app.patch_json_auth(path, &json!({ "score": score }), token).await.status() }
    });
    let statuses = futures::future::join_all(changes).await;

    // Assert: the average is the score the review ended with.
    assert!(statuses.iter().all(|s| *s == StatusCode::OK), "{statuses:?}");
    let data = ratings(&app, &guide_id).await;
    assert_eq!(data["averageRating"].as_f64(), data["ratings"][0]["score"].as_f64());
    assert_eq!(data["reviewCount"], 1);
}

#[tokio::test]
async fn the_reviewed_guide_replies_once_may_change_or_delete_it_and_nobody_else_may() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id, tourist) = signed_in_guide_and_customer(&app).await;
    let id = write(&app, &tourist, &review(&guide_id, json!(5), "Wonderful.")).await;
    let other_guide = app.signup_and_login("guide").await;

    // Act
    let first = put_reply(&app, &id, "  Thank you, come back for Langtang!  ", &guide.token).await;
    let first_status = first.status();
    let first: Value = first.json().await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let second = put_reply(&app, &id, "Thank you, Sita!", &guide.token).await;

    // Assert
    assert_eq!(first_status, StatusCode::OK);
    assert_eq!(first["data"]["text"], "Thank you, come back for Langtang!");
    assert_eq!(second.status(), StatusCode::OK);
    let shown = &ratings(&app, &guide_id).await["ratings"][0];
    assert_eq!(shown["reply"]["text"], "Thank you, Sita!");
    assert_eq!(shown["reply"]["createdAt"], first["data"]["createdAt"]);
    assert!(
        shown["reply"]["updatedAt"].as_str().unwrap()
            >= shown["reply"]["createdAt"].as_str().unwrap()
    );
    let told = app.get_data("/api/v1/notifications/tourist", &tourist.token).await;
    let told: Vec<&Value> = told
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["touristMessage"] == "Nabin Maharjan replied to your review.")
        .collect();
    assert_eq!(told.len(), 1, "told once, of the new reply");

    // Nobody else replies; bad text changes nothing.
    for (text, message) in [
        ("   ", "Reply is required"),
        (&*"x".repeat(1001), "Reply must be at most 1000 characters"),
    ] {
        assert_error(
            put_reply(&app, &id, text, &guide.token).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
    for token in [&other_guide.token, &tourist.token] {
        assert_error(
            put_reply(&app, &id, "Me too", token).await,
            StatusCode::FORBIDDEN,
            "Only the guide this review is about can reply to it",
        )
        .await;
        assert_error(
            delete_reply(&app, &id, token).await,
            StatusCode::FORBIDDEN,
            "Only the guide this review is about can reply to it",
        )
        .await;
    }
    assert_error(
        put_reply(&app, "no-such-review", "Hello", &guide.token).await,
        StatusCode::NOT_FOUND,
        "Review not found",
    )
    .await;
    assert_eq!(ratings(&app, &guide_id).await["ratings"][0]["reply"]["text"], "Thank you, Sita!");

    // The guide deletes it.
    assert_eq!(delete_reply(&app, &id, &guide.token).await.status(), StatusCode::OK);
    assert_eq!(ratings(&app, &guide_id).await["ratings"][0]["reply"], Value::Null);
    assert_eq!(delete_reply(&app, &id, &guide.token).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn reviews_sort_by_score_or_photos_and_page_in_a_total_order() {
    // Arrange: five travellers, scores 3, 5, 3, 1, 5 written in that order; two with photos.
    let app = spawn_app().await;
    let (guide_id, first) = guide_and_customer(&app).await;
    let mut travellers = vec![first];
    for day in 1..=4 {
        let tourist = app.signup_and_login("tourist").await;
        insert_booking(
            &app,
            &user_id(&app, &tourist.token).await,
            &guide_id,
            &days_from_today(-day),
            true,
        )
        .await;
        travellers.push(tourist);
    }
    let mut ids = Vec::new();
    for (n, (tourist, score)) in travellers.iter().zip([3, 5, 3, 1, 5]).enumerate() {
        let mut body = review(&guide_id, json!(score), &format!("Review {n}"));
        if n == 0 || n == 3 {
            body["photos"] = json!([upload_photo(&app, &tourist.token).await]);
        }
        ids.push(write(&app, tourist, &body).await);
    }
    let comments = |data: &Value| -> Vec<String> {
        data["ratings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["comment"].as_str().unwrap().to_owned())
            .collect()
    };

    // Act and assert
    assert_eq!(
        comments(&ratings_with(&app, &guide_id, "").await),
        ["Review 4", "Review 3", "Review 2", "Review 1", "Review 0"]
    );
    assert_eq!(
        comments(&ratings_with(&app, &guide_id, "?sort=highest").await),
        ["Review 4", "Review 1", "Review 2", "Review 0", "Review 3"]
    );
    assert_eq!(
        comments(&ratings_with(&app, &guide_id, "?sort=lowest").await),
        ["Review 3", "Review 2", "Review 0", "Review 4", "Review 1"]
    );
    let with_photos = ratings_with(&app, &guide_id, "?sort=with_photos&limit=1").await;
    assert_eq!(comments(&with_photos), ["Review 3"]);
    assert_eq!(with_photos["totalPages"], 2);
    assert_eq!(with_photos["reviewCount"], 5);
    assert_eq!(
        comments(&ratings_with(&app, &guide_id, "?sort=with_photos&page=2&limit=1").await),
        ["Review 0"]
    );
    let mut paged = Vec::new();
    for page in 1..=3 {
        paged.extend(comments(
            &ratings_with(&app, &guide_id, &format!("?sort=highest&limit=2&page={page}")).await,
        ));
    }
    assert_eq!(paged, ["Review 4", "Review 1", "Review 2", "Review 0", "Review 3"]);
    assert_eq!(ratings_with(&app, &guide_id, "").await["photoStrip"].as_array().unwrap().len(), 2);
    for bad in ["?sort=oldest", "?sort=", "?sort=HIGHEST"] {
        assert_error(
            app.get(&format!("/api/v1/users/ratings/{guide_id}{bad}")).await,
            StatusCode::BAD_REQUEST,
            "sort must be newest, highest, lowest or with_photos",
        )
        .await;
    }
}

#[tokio::test]
async fn the_sweep_reminds_a_traveller_once_two_days_after_the_trip_if_not_reviewed() {
    // Arrange: trips that ended 2 days ago (due), yesterday (too soon), 15 days ago (the
    // window has closed) and 5 days ago (already reviewed).
    let app = spawn_app().await;
    let (guide_id, reviewed) = guide_and_customer(&app).await;
    write(&app, &reviewed, &review(&guide_id, json!(5), "Done already.")).await;
    let mut travellers = Vec::new();
    for days in [-2, -1, -15] {
        let tourist = app.signup_and_login("tourist").await;
        insert_booking(
            &app,
            &user_id(&app, &tourist.token).await,
            &guide_id,
            &days_from_today(days),
            true,
        )
        .await;
        travellers.push(tourist);
    }
    let db = app.db().await;

    // Act: three replicas sweep at once, then once more.
    let swept =
        futures::future::join_all((0..3).map(|_| yatra::reviews::reminders::remind_due(&db))).await;
    let again = yatra::reviews::reminders::remind_due(&db).await.unwrap();

    // Assert
    assert_eq!(swept.into_iter().map(|s| s.unwrap()).sum::<usize>(), 1);
    assert_eq!(again, 0);
    let (queued,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM emails WHERE template = 'review_reminder'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(queued, 1);
    let email = app
        .wait_for_outbox_email_with(&travellers[0].email, "How was your trip with Nabin Maharjan?")
        .await;
    assert!(email.contains(&format!("/guides/{guide_id}")), "{email}");
    assert!(email.contains("You can write your review until"), "{email}");
}
