//! Deleting one's own account: `DELETE /auth/account` with the current password.

use reqwest::{Response, StatusCode};
use serde_json::{Value, json};

use crate::fixtures::{
    KATHMANDU, days_from_today, guide_profile, insert_booking, user_id, verified_guide,
};
use crate::helpers::{PASSWORD, TestApp, assert_error, jpeg, spawn_app};

const DELETE: &str = "/api/v1/auth/account";

async fn delete_account(app: &TestApp, token: &str, password: &str) -> Response {
    app.client
        .delete(app.url(DELETE))
        .bearer_auth(token)
        .json(&json!({ "password": password }))
        .send()
        .await
        .expect("request failed")
}

/// A verified guide (Nabin Maharjan) and its id.
async fn guide(app: &TestApp) -> (crate::helpers::TestUser, String) {
    let admin = app.admin().await;
    let profile = guide_profile(
        "Bhaktapur and Patan on foot.",
        &["English"],
        &["Culture"],
        "Bhaktapur",
        KATHMANDU,
    );
    verified_guide(app, &admin, "Nabin", "Maharjan", &profile).await
}

#[tokio::test]
async fn a_wrong_or_missing_password_is_refused_and_nothing_changes() {
    // Arrange
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;

    // Act
    let wrong = delete_account(&app, &tourist.token, "not-the-password").await;
    let missing = delete_account(&app, &tourist.token, "").await;

    // Assert
    assert_error(wrong, StatusCode::BAD_REQUEST, "Your password is not correct").await;
    assert_error(missing, StatusCode::BAD_REQUEST, "Password is required").await;
    let me = app.me(&tourist.token).await;
    assert_eq!(me["firstName"], "Sita");
    assert_eq!(me["email"], tourist.email);
    assert_eq!(app.login_response(&tourist.email, PASSWORD).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_deleted_traveller_cannot_sign_in_again_and_their_sessions_end() {
    // Arrange
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;
    let uploaded = app
        .upload(
            "/api/v1/tourists/id-image",
            &tourist.token,
            "idCardImage",
            "id.jpg",
            "image/jpeg",
            jpeg(40, 30),
        )
        .await;
    assert_eq!(uploaded.status(), StatusCode::OK);
    assert!(!app.media_files().is_empty());

    // Act
    let response = delete_account(&app, &tourist.token, PASSWORD).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Your account has been deleted");
    assert_error(
        app.login_response(&tourist.email, PASSWORD).await,
        StatusCode::UNAUTHORIZED,
        "Invalid email or password",
    )
    .await;
    assert_eq!(
        app.get_auth("/api/v1/auth/me", &tourist.token).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(app.refresh(&tourist.refresh_token).await.status(), StatusCode::UNAUTHORIZED);
    assert!(app.media_files().is_empty(), "the ID card image is deleted: {:?}", app.media_files());
    // The email may be used for a new account.
    let again = app.signup(&crate::helpers::signup_body(&tourist.email, "tourist")).await;
    assert_eq!(again.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn a_deleted_guide_leaves_the_catalogue_and_their_page_is_gone() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let page = format!("/api/v1/users/guide/{guide_id}");
    assert_eq!(app.get(&page).await.status(), StatusCode::OK);

    // Act
    let response = delete_account(&app, &guide.token, PASSWORD).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.get(&page).await.status(), StatusCode::NOT_FOUND);
    let listed = app.get("/api/v1/users/guides").await.json::<Value>().await.unwrap();
    assert!(!listed.to_string().contains(&guide_id), "still listed: {listed}");
    let found = app.get("/api/v1/users/search?query=Nabin").await.json::<Value>().await.unwrap();
    assert!(!found.to_string().contains(&guide_id), "still found: {found}");
}

#[tokio::test]
async fn bookings_and_review_scores_stay_for_the_other_party_under_deleted_user() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let booking = insert_booking(
        &app,
        &user_id(&app, &tourist.token).await,
        &guide_id,
        &days_from_today(-3),
        true,
    )
    .await;
    let reviewed = app
        .post_json_auth(
            "/api/v1/tourists/ratings",
            &json!({ "guideId": guide_id, "score": 5, "comment": "Sita says: call me on 98000." }),
            &tourist.token,
        )
        .await;
    assert_eq!(reviewed.status(), StatusCode::CREATED);

    // Act
    let response = delete_account(&app, &tourist.token, PASSWORD).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let bookings = app.get_data("/api/v1/guides/bookings", &guide.token).await;
    let kept = bookings
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["_id"] == booking.as_str())
        .expect("booking kept");
    assert_eq!(kept["tourist"]["firstName"], "Deleted");
    assert_eq!(kept["tourist"]["lastName"], "user");
    assert_ne!(kept["tourist"]["email"], tourist.email);
    assert_eq!(kept["paymentStatus"], "paid");
    let ratings =
        app.get(&format!("/api/v1/users/ratings/{guide_id}")).await.json::<Value>().await.unwrap();
    assert_eq!(ratings["data"]["averageRating"], 5.0);
    assert_eq!(ratings["data"]["reviewCount"], 1);
    let shown = &ratings["data"]["ratings"][0];
    assert_eq!(shown["firstName"], "Deleted");
    assert_eq!(shown["comment"], "");
}

#[tokio::test]
async fn an_open_booking_keeps_the_account_until_it_is_over() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    insert_booking(
        &app,
        &user_id(&app, &tourist.token).await,
        &guide_id,
        &days_from_today(5),
        true,
    )
    .await;

    // Act
    let by_tourist = delete_account(&app, &tourist.token, PASSWORD).await;
    let by_guide = delete_account(&app, &guide.token, PASSWORD).await;

    // Assert
    for response in [by_tourist, by_guide] {
        assert_error(
            response,
            StatusCode::CONFLICT,
            "You have a booking request or an upcoming trip. Cancel it, or wait until it is over, before deleting your account",
        )
        .await;
    }
    assert_eq!(app.me(&tourist.token).await["firstName"], "Sita");
    assert_eq!(app.get(&format!("/api/v1/users/guide/{guide_id}")).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn an_admin_account_is_not_deleted_here() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;

    // Act
    let response = delete_account(&app, &admin.token, PASSWORD).await;

    // Assert
    assert_error(response, StatusCode::FORBIDDEN, "An admin account cannot be deleted here").await;
}
