//! Account recovery and security: forgotten passwords, email verification (and the
//! booking it unlocks), changing the password, signing out of every device.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fixtures::{KATHMANDU, booking_request, days_from_today, guide_profile, verified_guide};
use crate::helpers::{PASSWORD, TestApp, assert_error, link_token, spawn_app, unique_email};

const FORGOT: &str = "/api/v1/auth/forgot-password";
const RESET: &str = "/api/v1/auth/reset-password";
const NEW_PASSWORD: &str = "dal-bhat-power-24-hour";

async fn forgot(app: &TestApp, email: &str) -> reqwest::Response {
    app.post_json(FORGOT, &json!({ "email": email })).await
}

/// Asks for a reset link for `email` and returns the token from the email it gets.
async fn reset_token(app: &TestApp, email: &str, emails_before: usize) -> String {
    assert_eq!(forgot(app, email).await.status(), StatusCode::OK);
    let eml = app.wait_for_outbox_email(email, emails_before + 1).await;
    assert!(eml.contains("Subject: Reset your Yatra password"), "{eml}");
    link_token(&eml, "/reset-password").expect("a reset link")
}

fn reset_body(token: &str, password: &str) -> Value {
    json!({ "token": token, "password": password, "confirmPassword": password })
}

#[tokio::test]
async fn forgot_password_answers_the_same_whether_or_not_the_account_exists() {
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;
    let stranger = unique_email();

    let known = forgot(&app, &user.email.to_uppercase()).await;
    let unknown = forgot(&app, &stranger).await;
    assert_eq!(known.status(), StatusCode::OK);
    assert_eq!(unknown.status(), StatusCode::OK);
    let (known, unknown): (Value, Value) =
        (known.json().await.unwrap(), unknown.json().await.unwrap());
    assert_eq!(known, unknown);
    assert_eq!(
        known["message"],
        "If an account uses this email, we have sent it a link to reset the password. Please check your inbox."
    );

    // The account's owner gets the link; the unknown address gets nothing.
    let eml = app.wait_for_outbox_email(&user.email, 2).await;
    assert!(link_token(&eml, "/reset-password").is_some());
    let db = app.db().await;
    for _ in 0..500 {
        let (pending,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM emails WHERE status = 'pending'")
                .fetch_one(&db.pool)
                .await
                .unwrap();
        if pending == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let (status,): (String,) = sqlx::query_as("SELECT status FROM emails WHERE to_address = $1")
        .bind(&stranger)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(status, "skipped");
    db.pool.close().await;
    assert!(app.outbox_emails(&stranger).is_empty());
}

#[tokio::test]
async fn forgot_password_refuses_a_missing_or_malformed_email() {
    let app = spawn_app().await;
    assert_error(
        app.post_json(FORGOT, &json!({})).await,
        StatusCode::BAD_REQUEST,
        "Email is required",
    )
    .await;
    assert_error(
        forgot(&app, "not-an-email").await,
        StatusCode::BAD_REQUEST,
        "Please enter a valid email address",
    )
    .await;
}

#[tokio::test]
async fn forgot_password_is_limited_per_email() {
    let app = spawn_app().await;
    let email = unique_email();
    for _ in 0..3 {
        assert_eq!(forgot(&app, &email).await.status(), StatusCode::OK);
    }
    let refused = forgot(&app, &email).await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(
        crate::helpers::error_message(refused)
            .await
            .starts_with("Too many password reset requests for this email. Please try again in")
    );
    // Another email from the same address still works (its own limit is higher).
    assert_eq!(forgot(&app, &unique_email()).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn forgot_password_is_limited_per_client_address() {
    let app = spawn_app().await;
    for _ in 0..20 {
        assert_eq!(forgot(&app, &unique_email()).await.status(), StatusCode::OK);
    }
    assert_eq!(forgot(&app, &unique_email()).await.status(), StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn a_reset_link_sets_the_password_once_and_signs_out_every_session() {
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;
    let (_, second_refresh, _) = app.login(&user.email, PASSWORD).await;
    let token = reset_token(&app, &user.email, 1).await;

    let reset = app.post_json(RESET, &reset_body(&token, NEW_PASSWORD)).await;
    assert_eq!(reset.status(), StatusCode::OK);

    assert_eq!(app.refresh(&user.refresh_token).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.refresh(&second_refresh).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.login_response(&user.email, PASSWORD).await.status(), StatusCode::UNAUTHORIZED);
    app.login(&user.email, NEW_PASSWORD).await;

    assert_error(
        app.post_json(RESET, &reset_body(&token, "another-good-password")).await,
        StatusCode::BAD_REQUEST,
        "This password reset link has already been used. Please ask for a new one.",
    )
    .await;
    app.login(&user.email, NEW_PASSWORD).await;
}

#[tokio::test]
async fn an_unknown_or_expired_reset_link_is_refused_and_changes_nothing() {
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;
    assert_error(
        app.post_json(RESET, &reset_body("no-such-token", NEW_PASSWORD)).await,
        StatusCode::BAD_REQUEST,
        "This password reset link is not valid. Please ask for a new one.",
    )
    .await;
    assert_error(
        app.post_json(RESET, &json!({ "password": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD }))
            .await,
        StatusCode::BAD_REQUEST,
        "This password reset link is not valid. Please ask for a new one.",
    )
    .await;

    let token = reset_token(&app, &user.email, 1).await;
    // A password that breaks the rules leaves the link usable.
    assert_error(
        app.post_json(RESET, &reset_body(&token, "short")).await,
        StatusCode::BAD_REQUEST,
        "Password must be at least 8 characters",
    )
    .await;
    let mismatch =
        json!({ "token": token, "password": NEW_PASSWORD, "confirmPassword": "something-else" });
    assert_error(
        app.post_json(RESET, &mismatch).await,
        StatusCode::BAD_REQUEST,
        "Passwords do not match",
    )
    .await;

    // Thirty minutes pass.
    let db = app.db().await;
    sqlx::query("UPDATE account_tokens SET expires_at = $1 WHERE purpose = 'reset_password'")
        .bind(yatra::db::now_ms() - 1)
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    assert_error(
        app.post_json(RESET, &reset_body(&token, NEW_PASSWORD)).await,
        StatusCode::BAD_REQUEST,
        "This password reset link has expired. Please ask for a new one.",
    )
    .await;
    app.login(&user.email, PASSWORD).await;
    assert_eq!(
        app.refresh(&user.refresh_token).await.status(),
        StatusCode::OK,
        "sessions untouched"
    );
}

#[tokio::test]
async fn a_new_reset_link_makes_older_ones_useless_once_used() {
    let app = spawn_app().await;
    let user = app.signup_and_login("guide").await;
    let first = reset_token(&app, &user.email, 1).await;
    let second = reset_token(&app, &user.email, 2).await;
    assert_eq!(
        app.post_json(RESET, &reset_body(&second, NEW_PASSWORD)).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.post_json(RESET, &reset_body(&first, "yet-another-password")).await.status(),
        StatusCode::BAD_REQUEST
    );
    app.login(&user.email, NEW_PASSWORD).await;
}

#[tokio::test]
async fn a_traveller_must_verify_their_email_before_booking() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let profile = guide_profile("Valley walks.", &["English"], &["Culture"], "Patan", KATHMANDU);
    let (_, guide_id) = verified_guide(&app, &admin, "Pemba", "Lama", &profile).await;
    let tourist = app.signup_and_login_unverified("tourist").await;
    assert_eq!(app.me(&tourist.token).await["emailVerified"], false);

    let request = booking_request(&guide_id, &days_from_today(4), 2);
    let refused =
        app.post_json_auth("/api/v1/tourists/booking/request", &request, &tourist.token).await;
    assert_error(refused, StatusCode::FORBIDDEN, "Please verify your email address before booking")
        .await;

    let eml = app.wait_for_outbox_email(&tourist.email, 1).await;
    let token = link_token(&eml, "/verify-email").unwrap();
    let verified = app.post_json("/api/v1/auth/verify-email", &json!({ "token": token })).await;
    assert_eq!(verified.status(), StatusCode::OK);
    assert_eq!(app.me(&tourist.token).await["emailVerified"], true);
    let booked =
        app.post_json_auth("/api/v1/tourists/booking/request", &request, &tourist.token).await;
    assert_eq!(booked.status(), StatusCode::CREATED);

    assert_error(
        app.post_json("/api/v1/auth/verify-email", &json!({ "token": token })).await,
        StatusCode::BAD_REQUEST,
        "This verification link has already been used. Please ask for a new one.",
    )
    .await;
    assert_error(
        app.post_json("/api/v1/auth/verify-email", &json!({ "token": "made-up" })).await,
        StatusCode::BAD_REQUEST,
        "This verification link is not valid. Please ask for a new one.",
    )
    .await;
    // An admin made by the operator, like the demo accounts, is verified from the start.
    assert_eq!(app.me(&admin.token).await["emailVerified"], true);
}

#[tokio::test]
async fn the_verification_email_can_be_sent_again_a_few_times() {
    let app = spawn_app().await;
    let user = app.signup_and_login_unverified("tourist").await;
    const RESEND: &str = "/api/v1/auth/resend-verification";
    assert_eq!(app.post_json(RESEND, &json!({})).await.status(), StatusCode::UNAUTHORIZED);

    for _ in 0..2 {
        assert_eq!(
            app.post_json_auth(RESEND, &json!({}), &user.token).await.status(),
            StatusCode::OK
        );
    }
    assert_error(
        app.post_json_auth(RESEND, &json!({}), &user.token).await,
        StatusCode::TOO_MANY_REQUESTS,
        "We have sent several verification emails already. Please wait 15 minutes before asking for another.",
    )
    .await;

    // Any of the three links verifies; after that there is nothing to resend.
    let eml = app.wait_for_outbox_email(&user.email, 3).await;
    let token = link_token(&eml, "/verify-email").unwrap();
    assert_eq!(
        app.post_json("/api/v1/auth/verify-email", &json!({ "token": token })).await.status(),
        StatusCode::OK
    );
    assert_error(
        app.post_json_auth(RESEND, &json!({}), &user.token).await,
        StatusCode::CONFLICT,
        "Your email address is already verified",
    )
    .await;
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one() {
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;
    const CHANGE: &str = "/api/v1/auth/change-password";
    let change = |current: &str, password: &str, confirm: &str| json!({ "currentPassword": current, "password": password, "confirmPassword": confirm });

    assert_eq!(
        app.post_json(CHANGE, &change(PASSWORD, NEW_PASSWORD, NEW_PASSWORD)).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_error(
        app.post_json_auth(
            CHANGE,
            &change("wrong-password", NEW_PASSWORD, NEW_PASSWORD),
            &user.token,
        )
        .await,
        StatusCode::BAD_REQUEST,
        "Your current password is not correct",
    )
    .await;
    assert_error(
        app.post_json_auth(
            CHANGE,
            &json!({ "password": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD }),
            &user.token,
        )
        .await,
        StatusCode::BAD_REQUEST,
        "Current password is required",
    )
    .await;
    assert_error(
        app.post_json_auth(CHANGE, &change(PASSWORD, NEW_PASSWORD, "typo"), &user.token).await,
        StatusCode::BAD_REQUEST,
        "Passwords do not match",
    )
    .await;
    assert_error(
        app.post_json_auth(CHANGE, &change(PASSWORD, "short", "short"), &user.token).await,
        StatusCode::BAD_REQUEST,
        "Password must be at least 8 characters",
    )
    .await;
    app.login(&user.email, PASSWORD).await;

    let changed = app
        .post_json_auth(CHANGE, &change(PASSWORD, NEW_PASSWORD, NEW_PASSWORD), &user.token)
        .await;
    assert_eq!(changed.status(), StatusCode::OK);
    assert_eq!(app.login_response(&user.email, PASSWORD).await.status(), StatusCode::UNAUTHORIZED);
    app.login(&user.email, NEW_PASSWORD).await;
}

#[tokio::test]
async fn signing_out_of_all_devices_ends_every_session_of_that_account_only() {
    let app = spawn_app().await;
    let user = app.signup_and_login("guide").await;
    let (_, phone_refresh, _) = app.login(&user.email, PASSWORD).await;
    let other = app.signup_and_login("tourist").await;
    assert_eq!(
        app.post_json("/api/v1/auth/logout-all", &json!({})).await.status(),
        StatusCode::UNAUTHORIZED
    );

    let response = app.post_json_auth("/api/v1/auth/logout-all", &json!({}), &user.token).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap()["message"],
        "You have been signed out of all devices."
    );
    assert_eq!(app.refresh(&user.refresh_token).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.refresh(&phone_refresh).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.refresh(&other.refresh_token).await.status(),
        StatusCode::OK,
        "someone else's session goes on"
    );
    app.login(&user.email, PASSWORD).await;
}
