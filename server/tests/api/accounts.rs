//! The accounts API (spec section 7): sign-up, login, refresh tokens, logout, sessions,
//! profile completion and name changes.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{
    JWT_SECRET, PASSWORD, assert_error, error_message, forge_token, now_secs, signup_body,
    spawn_app, unique_email,
};

const SIGNUP: &str = "/api/v1/auth/signup";
const LOGIN: &str = "/api/v1/auth/login";
const REFRESH: &str = "/api/v1/auth/refresh";
const ME: &str = "/api/v1/auth/me";
const NAME: &str = "/api/v1/protect/name";

/// `body` with `field` set to `value` (or removed when `value` is `None`).
fn with(mut body: Value, field: &str, value: Option<Value>) -> Value {
    let object = body.as_object_mut().unwrap();
    match value {
        Some(value) => object.insert(field.into(), value),
        None => object.remove(field),
    };
    body
}

// ---------------------------------------------------------------------------------------
// Sign-up

#[tokio::test]
async fn signup_returns_201_and_success_for_a_tourist_and_a_guide() {
    // Arrange
    let app = spawn_app().await;

    for role in ["tourist", "guide"] {
        let email = unique_email();

        // Act
        let response = app.signup(&signup_body(&email, role)).await;

        // Assert
        assert_eq!(response.status(), StatusCode::CREATED, "role {role}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["status"], "success");
        assert!(body["message"].is_string());
        let (_, _, login_role) = app.login(&email, PASSWORD).await;
        assert_eq!(login_role, role);
    }
}

#[tokio::test]
async fn signup_makes_a_tourist_when_the_role_is_missing() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();

    // Act
    let response = app.signup(&with(signup_body(&email, "tourist"), "role", None)).await;

    // Assert
    assert_eq!(response.status(), StatusCode::CREATED);
    let (token, _, role) = app.login(&email, PASSWORD).await;
    assert_eq!(role, "tourist");
    assert_eq!(app.me(&token).await["role"], "tourist");
}

#[tokio::test]
async fn signup_refuses_the_admin_role_and_any_other_role_string() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();

    for role in ["admin", "Admin", "banana", "superuser", "tourist,admin"] {
        // Act
        let response = app.signup(&signup_body(&email, role)).await;

        // Assert
        assert_error(response, StatusCode::BAD_REQUEST, "Role must be tourist or guide").await;
    }
    // Nothing was created: the email is still free.
    assert_eq!(app.signup(&signup_body(&email, "tourist")).await.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn signup_returns_400_with_a_clear_message_for_each_invalid_field() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();
    let valid = signup_body(&email, "tourist");
    let long_name = "a".repeat(51);
    let long_password = "p".repeat(129);
    let cases: Vec<(Value, &str)> = vec![
        (with(valid.clone(), "firstName", None), "First name is required"),
        (with(valid.clone(), "firstName", Some(json!(""))), "First name is required"),
        (with(valid.clone(), "firstName", Some(json!("   "))), "First name is required"),
        (with(valid.clone(), "firstName", Some(json!(null))), "First name is required"),
        (with(valid.clone(), "lastName", None), "Last name is required"),
        (with(valid.clone(), "lastName", Some(json!(" \t "))), "Last name is required"),
        (
            with(valid.clone(), "firstName", Some(json!(long_name))),
            "First name must be at most 50 characters",
        ),
        (
            with(valid.clone(), "lastName", Some(json!(long_name))),
            "Last name must be at most 50 characters",
        ),
        (with(valid.clone(), "email", None), "Email is required"),
        (with(valid.clone(), "email", Some(json!("  "))), "Email is required"),
        (
            with(
                with(valid.clone(), "password", Some(json!("short7!"))),
                "confirmPassword",
                Some(json!("short7!")),
            ),
            "Password must be at least 8 characters",
        ),
        (
            with(
                with(valid.clone(), "password", Some(json!(long_password))),
                "confirmPassword",
                Some(json!(long_password)),
            ),
            "Password must be at most 128 characters",
        ),
        (
            with(valid.clone(), "confirmPassword", Some(json!("namaste-himalaya-43"))),
            "Passwords do not match",
        ),
        (with(valid.clone(), "confirmPassword", None), "Passwords do not match"),
    ];

    for (body, message) in cases {
        // Act
        let response = app.signup(&body).await;

        // Assert
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "body {body}");
        assert_eq!(error_message(response).await, message, "body {body}");
    }
    // Nothing was created: the email is still free.
    assert_eq!(app.signup(&valid).await.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn signup_returns_400_for_emails_of_every_invalid_shape() {
    // Arrange
    let app = spawn_app().await;
    let invalid = [
        "plainaddress",
        "sita@",
        "@nepal.np",
        "sita@example",
        "sita@@example.com",
        "sita rai@example.com",
        "sita@exa mple.com",
        "\"sita\"@example.com",
        "sita@[192.168.0.1]",
        "sita.example.com",
    ];

    for email in invalid {
        // Act
        let response = app.signup(&signup_body(email, "tourist")).await;

        // Assert
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "email {email:?}");
        assert_eq!(
            error_message(response).await,
            "Please enter a valid email address",
            "email {email:?}"
        );
    }
    let too_long = format!("{}@example.com", "a".repeat(250));
    assert_error(
        app.signup(&signup_body(&too_long, "tourist")).await,
        StatusCode::BAD_REQUEST,
        "Please enter a valid email address",
    )
    .await;
}

#[tokio::test]
async fn signup_trims_names_and_email() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();
    let body = json!({
        "firstName": "  Pemba ",
        "lastName": "\tSherpa  ",
        "email": format!("  {email} "),
        "password": PASSWORD,
        "confirmPassword": PASSWORD,
        "role": "guide",
    });

    // Act
    let response = app.signup(&body).await;

    // Assert
    assert_eq!(response.status(), StatusCode::CREATED);
    let (token, _, _) = app.login(&email, PASSWORD).await;
    let me = app.me(&token).await;
    assert_eq!(me["firstName"], "Pemba");
    assert_eq!(me["lastName"], "Sherpa");
    assert_eq!(me["email"], email.as_str());
    assert_eq!(me["role"], "guide");
    assert!(me["_id"].as_str().is_some_and(|id| !id.is_empty()));
    assert!(
        me.get("password").is_none() && me.get("passwordHash").is_none(),
        "me leaks the hash: {me}"
    );
}

#[tokio::test]
async fn signup_accepts_names_in_nepali_script_and_at_exactly_50_characters() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();
    let fifty = "क".repeat(50);
    let body = with(
        with(signup_body(&email, "tourist"), "firstName", Some(json!(fifty))),
        "lastName",
        Some(json!("राई")),
    );

    // Act
    let response = app.signup(&body).await;

    // Assert
    assert_eq!(response.status(), StatusCode::CREATED);
    let (token, _, _) = app.login(&email, PASSWORD).await;
    let me = app.me(&token).await;
    assert_eq!(me["firstName"], fifty.as_str());
    assert_eq!(me["lastName"], "राई");
}

#[tokio::test]
async fn signup_returns_400_for_a_body_that_is_not_json() {
    // Arrange
    let app = spawn_app().await;

    for body in ["{", "firstName=Sita", "{\"firstName\": \"Sita\",}", "not json at all"] {
        // Act
        let response = app.post_raw_json(SIGNUP, body).await;

        // Assert
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "body {body:?}");
        error_message(response).await;
    }
}

#[tokio::test]
async fn signup_returns_400_for_fields_of_the_wrong_json_type() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();
    let valid = signup_body(&email, "tourist");

    for (field, value) in [
        ("firstName", json!(5)),
        ("lastName", json!(["Rai"])),
        ("email", json!({ "address": email })),
        ("password", json!(12345678)),
        ("confirmPassword", json!(true)),
        ("role", json!(1)),
    ] {
        // Act
        let response = app.signup(&with(valid.clone(), field, Some(value))).await;

        // Assert
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "field {field}");
        error_message(response).await;
    }
    assert_eq!(app.signup(&valid).await.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn signup_returns_413_for_a_body_over_one_megabyte() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();
    let padding = "x".repeat(1024 * 1024 + 16);
    let body = with(signup_body(&email, "tourist"), "padding", Some(json!(padding)));

    // Act
    let response = app.signup(&body).await;

    // Assert
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    error_message(response).await;
    assert_eq!(app.signup(&signup_body(&email, "tourist")).await.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn signup_returns_415_without_a_json_content_type() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();
    let body = signup_body(&email, "tourist").to_string();

    // Act
    let without = app.client.post(app.url(SIGNUP)).body(body.clone()).send().await.unwrap();
    let as_text = app
        .client
        .post(app.url(SIGNUP))
        .header("content-type", "text/plain")
        .body(body)
        .send()
        .await
        .unwrap();

    // Assert
    assert_eq!(without.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    error_message(without).await;
    assert_eq!(as_text.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(app.signup(&signup_body(&email, "tourist")).await.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn signup_returns_409_for_an_email_already_registered() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();
    assert_eq!(app.signup(&signup_body(&email, "tourist")).await.status(), StatusCode::CREATED);

    // Act
    let response = app.signup(&signup_body(&email, "guide")).await;

    // Assert
    assert_error(response, StatusCode::CONFLICT, "An account with this email already exists").await;
    let (_, _, role) = app.login(&email, PASSWORD).await;
    assert_eq!(role, "tourist", "the first account is untouched");
}

#[tokio::test]
async fn signup_returns_409_for_an_email_that_differs_only_in_case() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();
    assert_eq!(app.signup(&signup_body(&email, "tourist")).await.status(), StatusCode::CREATED);

    // Act
    let response =
        app.signup(&signup_body(&format!(" {} ", email.to_uppercase()), "tourist")).await;

    // Assert
    assert_error(response, StatusCode::CONFLICT, "An account with this email already exists").await;
}

#[tokio::test]
async fn concurrent_signups_with_one_email_create_exactly_one_account() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();
    let bodies: Vec<Value> = (0..10)
        .map(|i| {
            let spelled = if i % 2 == 0 { email.clone() } else { email.to_uppercase() };
            signup_body(&spelled, "tourist")
        })
        .collect();

    // Act
    let responses = futures::future::join_all(bodies.iter().map(|body| app.signup(body))).await;

    // Assert
    let statuses: Vec<StatusCode> = responses.iter().map(|r| r.status()).collect();
    let created = statuses.iter().filter(|s| **s == StatusCode::CREATED).count();
    let conflicts = statuses.iter().filter(|s| **s == StatusCode::CONFLICT).count();
    assert_eq!((created, conflicts), (1, 9), "statuses {statuses:?}");
    for response in responses.into_iter().filter(|r| r.status() == StatusCode::CONFLICT) {
        assert_eq!(error_message(response).await, "An account with this email already exists");
    }
    app.login(&email, PASSWORD).await;
}

// ---------------------------------------------------------------------------------------
// Login

#[tokio::test]
async fn login_returns_a_token_a_refresh_token_the_role_and_a_message() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();
    app.signup(&signup_body(&email, "guide")).await;

    // Act
    let response = app.login_response(&email, PASSWORD).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "success");
    assert_eq!(body["role"], "guide");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    let token = body["token"].as_str().expect("token");
    assert_eq!(token.split('.').count(), 3, "token is a JWT");
    let refresh = body["refreshToken"].as_str().expect("refreshToken");
    assert!(refresh.len() >= 32 && refresh != token);
    assert_eq!(app.me(token).await["email"], email.as_str());
}

#[tokio::test]
async fn login_accepts_the_email_in_a_different_case_with_spaces_around() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();
    app.signup(&signup_body(&email, "tourist")).await;

    // Act
    let response = app.login_response(&format!("  {}  ", email.to_uppercase()), PASSWORD).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn login_answers_a_wrong_password_and_an_unknown_email_with_the_same_401() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();
    app.signup(&signup_body(&email, "tourist")).await;

    // Act
    let wrong_password = app.login_response(&email, "namaste-himalaya-43").await;
    let unknown_email = app.login_response(&unique_email(), PASSWORD).await;
    let wrong_case_password = app.login_response(&email, &PASSWORD.to_uppercase()).await;

    // Assert
    assert_eq!(wrong_password.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(unknown_email.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(wrong_case_password.status(), StatusCode::UNAUTHORIZED);
    let wrong_password: Value = wrong_password.json().await.unwrap();
    let unknown_email: Value = unknown_email.json().await.unwrap();
    assert_eq!(
        wrong_password,
        json!({ "status": "error", "message": "Invalid email or password", "code": "credentials_invalid" })
    );
    assert_eq!(unknown_email, wrong_password);
}

#[tokio::test]
async fn login_returns_400_when_the_email_or_the_password_is_missing() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();

    for body in [
        json!({}),
        json!({ "email": email }),
        json!({ "password": PASSWORD }),
        json!({ "email": "", "password": PASSWORD }),
        json!({ "email": "   ", "password": PASSWORD }),
        json!({ "email": email, "password": "" }),
    ] {
        // Act
        let response = app.post_json(LOGIN, &body).await;

        // Assert
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "body {body}");
        error_message(response).await;
    }
}

#[tokio::test]
async fn login_is_refused_with_429_after_five_failures_even_with_the_right_password() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();
    app.signup(&signup_body(&email, "tourist")).await;
    for attempt in 0..5 {
        let response = app.login_response(&email, "wrong-password-123").await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "attempt {attempt}");
    }

    // Act
    let response = app.login_response(&email.to_uppercase(), PASSWORD).await;

    // Assert
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().contains_key("retry-after"));
    let message = error_message(response).await;
    assert!(
        message.starts_with("Too many failed sign-in attempts. Please try again in ")
            && message.ends_with(" minutes."),
        "message {message:?}"
    );
    // Other accounts are not locked by it.
    let other = unique_email();
    app.signup(&signup_body(&other, "tourist")).await;
    app.login(&other, PASSWORD).await;
}

#[tokio::test]
async fn a_successful_login_clears_earlier_failures_of_the_account() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();
    app.signup(&signup_body(&email, "tourist")).await;
    for _ in 0..4 {
        assert_eq!(
            app.login_response(&email, "wrong-password-123").await.status(),
            StatusCode::UNAUTHORIZED
        );
    }
    app.login(&email, PASSWORD).await;

    // Act: four more failures would be nine in the window without the reset.
    for _ in 0..4 {
        assert_eq!(
            app.login_response(&email, "wrong-password-123").await.status(),
            StatusCode::UNAUTHORIZED
        );
    }
    let response = app.login_response(&email, PASSWORD).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn login_is_refused_with_429_after_thirty_failures_from_one_address() {
    // Arrange
    let app = spawn_app().await;
    let email = unique_email();
    app.signup(&signup_body(&email, "tourist")).await;
    for attempt in 0..30 {
        // A different unknown account each time, so no single account reaches its limit,
        // and a made-up X-Forwarded-For, which must not count as another address when no
        // trusted proxy is configured.
        let response = app
            .client
            .post(app.url(LOGIN))
            .header("x-forwarded-for", format!("10.0.0.{attempt}"))
            .json(&json!({ "email": unique_email(), "password": "wrong-password-123" }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "attempt {attempt}");
    }

    // Act
    let response = app.login_response(&email, PASSWORD).await;

    // Assert
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let message = error_message(response).await;
    assert!(message.contains("Too many"), "message {message:?}");
}

// ---------------------------------------------------------------------------------------
// Refresh and logout

#[tokio::test]
async fn refresh_returns_a_new_token_and_a_new_refresh_token() {
    // Arrange
    let app = spawn_app().await;
    let user = app.signup_and_login("guide").await;

    // Act
    let response = app.refresh(&user.refresh_token).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "success");
    assert_eq!(body["role"], "guide");
    let token = body["token"].as_str().expect("token");
    let refresh = body["refreshToken"].as_str().expect("refreshToken");
    assert_ne!(refresh, user.refresh_token);
    assert_eq!(app.me(token).await["email"], user.email.as_str());
    // The new refresh token works in turn.
    assert_eq!(app.refresh(refresh).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn reusing_a_refresh_token_returns_401_and_revokes_its_whole_family() {
    // Arrange
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;
    let first = app.refresh(&user.refresh_token).await;
    assert_eq!(first.status(), StatusCode::OK);
    let newer: Value = first.json().await.unwrap();
    let newer = newer["refreshToken"].as_str().unwrap().to_owned();

    // Act
    let reuse = app.refresh(&user.refresh_token).await;
    let after_reuse = app.refresh(&newer).await;

    // Assert
    assert_eq!(reuse.status(), StatusCode::UNAUTHORIZED);
    error_message(reuse).await;
    assert_eq!(
        after_reuse.status(),
        StatusCode::UNAUTHORIZED,
        "the newer token of the family is revoked too"
    );
    // Another session of the same account is unaffected.
    let (_, other_refresh, _) = app.login(&user.email, PASSWORD).await;
    assert_eq!(app.refresh(&other_refresh).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn concurrent_refreshes_with_one_token_succeed_at_most_once() {
    // Arrange
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;

    // Act
    let responses =
        futures::future::join_all((0..6).map(|_| app.refresh(&user.refresh_token))).await;

    // Assert
    let statuses: Vec<StatusCode> = responses.iter().map(|r| r.status()).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == StatusCode::OK).count(),
        1,
        "statuses {statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| *s == StatusCode::OK || *s == StatusCode::UNAUTHORIZED),
        "statuses {statuses:?}"
    );
}

#[tokio::test]
async fn refresh_returns_401_for_a_garbage_a_missing_or_an_empty_token() {
    // Arrange
    let app = spawn_app().await;

    for body in [
        json!({ "refreshToken": "not-a-real-token" }),
        json!({ "refreshToken": "" }),
        json!({}),
        json!({ "refreshToken": null }),
    ] {
        // Act
        let response = app.post_json(REFRESH, &body).await;

        // Assert
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "body {body}");
        error_message(response).await;
    }
}

#[tokio::test]
async fn logout_revokes_the_refresh_token_family() {
    // Arrange
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;
    let rotated: Value = app.refresh(&user.refresh_token).await.json().await.unwrap();
    let current = rotated["refreshToken"].as_str().unwrap().to_owned();

    // Act
    let response = app.logout(&current).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "success");
    assert_eq!(app.refresh(&current).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn logout_returns_200_for_an_unknown_or_missing_token() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let unknown = app.logout("never-issued").await;
    let missing = app.post_json("/api/v1/auth/logout", &json!({})).await;

    // Assert
    assert_eq!(unknown.status(), StatusCode::OK);
    assert_eq!(missing.status(), StatusCode::OK);
}

// ---------------------------------------------------------------------------------------
// Access tokens

#[tokio::test]
async fn protected_endpoints_return_401_without_a_valid_bearer_token() {
    // Arrange
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;
    let id = app.me(&user.token).await["_id"].as_str().unwrap().to_owned();
    let now = now_secs();
    let other_secret =
        forge_token("another-secret-that-is-also-32-chars-long!!", &id, "tourist", now, now + 600);
    let expired = forge_token(JWT_SECRET, &id, "tourist", now - 3600, now - 60);
    let unknown_role = forge_token(JWT_SECRET, &id, "banana", now, now + 600);
    let headers = [
        None,
        Some("Bearer".to_owned()),
        Some("Bearer ".to_owned()),
        Some("Bearer garbage".to_owned()),
        Some("Bearer a.b.c".to_owned()),
        Some(format!("Bearer {other_secret}")),
        Some(format!("Bearer {expired}")),
        Some(format!("Bearer {unknown_role}")),
        Some(format!("Basic {}", user.token)),
        Some("Basic c2l0YTpwYXNzd29yZA==".to_owned()),
        Some(user.token.clone()),
    ];

    for header in headers {
        for path in [ME, "/api/v1/protect/completion/tourist"] {
            // Act
            let mut request = app.client.get(app.url(path));
            if let Some(header) = &header {
                request = request.header("authorization", header);
            }
            let response = request.send().await.unwrap();

            // Assert
            assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{path} with {header:?}");
            error_message(response).await;
        }
    }
    // The genuine token still works.
    assert_eq!(app.get_auth(ME, &user.token).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_token_forged_with_the_right_secret_is_accepted() {
    // Arrange: proves the forgery helper matches the server, so the 401s above are real.
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;
    let id = app.me(&user.token).await["_id"].as_str().unwrap().to_owned();
    let now = now_secs();
    let token = forge_token(JWT_SECRET, &id, "tourist", now, now + 600);

    // Act
    let response = app.get_auth(ME, &token).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn me_returns_401_for_a_valid_token_of_an_account_that_does_not_exist() {
    // Arrange
    let app = spawn_app().await;
    let now = now_secs();
    let token = forge_token(JWT_SECRET, "no-such-user", "tourist", now, now + 600);

    // Act
    let response = app.get_auth(ME, &token).await;

    // Assert
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

// ---------------------------------------------------------------------------------------
// Profile completion

#[tokio::test]
async fn completion_reports_a_fresh_profile_as_incomplete_for_both_roles() {
    // Arrange
    let app = spawn_app().await;

    for role in ["tourist", "guide"] {
        let user = app.signup_and_login(role).await;

        // Act
        let response =
            app.get_auth(&format!("/api/v1/protect/completion/{role}"), &user.token).await;

        // Assert
        assert_eq!(response.status(), StatusCode::OK, "role {role}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body, json!({ "status": "success", "data": { "isProfileComplete": false } }));
    }
}

#[tokio::test]
async fn completion_returns_403_for_the_other_role() {
    // Arrange
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;
    let guide = app.signup_and_login("guide").await;

    // Act
    let tourist_asks_guide = app.get_auth("/api/v1/protect/completion/guide", &tourist.token).await;
    let guide_asks_tourist = app.get_auth("/api/v1/protect/completion/tourist", &guide.token).await;

    // Assert
    assert_eq!(tourist_asks_guide.status(), StatusCode::FORBIDDEN);
    error_message(tourist_asks_guide).await;
    assert_eq!(guide_asks_tourist.status(), StatusCode::FORBIDDEN);
    error_message(guide_asks_tourist).await;
}

#[tokio::test]
async fn completion_returns_400_for_a_role_that_is_not_tourist_or_guide() {
    // Arrange
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;

    for role in ["admin", "banana", "Tourist"] {
        // Act
        let response =
            app.get_auth(&format!("/api/v1/protect/completion/{role}"), &user.token).await;

        // Assert
        assert_error(response, StatusCode::BAD_REQUEST, "Role must be tourist or guide").await;
    }
}

#[tokio::test]
async fn completion_returns_401_without_a_token() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/api/v1/protect/completion/tourist").await;

    // Assert
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    error_message(response).await;
}

#[tokio::test]
async fn completion_returns_403_for_a_token_claiming_a_role_the_account_does_not_have() {
    // Arrange: a validly signed token that says `guide` for a tourist's id.
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;
    let id = app.me(&tourist.token).await["_id"].as_str().unwrap().to_owned();
    let now = now_secs();
    let forged = forge_token(JWT_SECRET, &id, "guide", now, now + 600);

    // Act
    let as_guide = app.get_auth("/api/v1/protect/completion/guide", &forged).await;
    let as_tourist = app.get_auth("/api/v1/protect/completion/tourist", &forged).await;

    // Assert
    assert_eq!(
        as_guide.status(),
        StatusCode::FORBIDDEN,
        "the database, not the token, decides the role"
    );
    assert_eq!(as_tourist.status(), StatusCode::FORBIDDEN);
}

// ---------------------------------------------------------------------------------------
// Name

#[tokio::test]
async fn patch_name_updates_and_trims_the_name() {
    // Arrange
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;

    // Act
    let response = app
        .patch_json_auth(
            NAME,
            &json!({ "firstName": "  Ang ", "lastName": " Dorje  " }),
            &user.token,
        )
        .await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "success");
    assert_eq!(body["data"], json!({ "firstName": "Ang", "lastName": "Dorje" }));
    let me = app.me(&user.token).await;
    assert_eq!((me["firstName"].as_str(), me["lastName"].as_str()), (Some("Ang"), Some("Dorje")));
}

#[tokio::test]
async fn patch_name_returns_400_for_a_blank_or_too_long_name_and_keeps_the_old_one() {
    // Arrange
    let app = spawn_app().await;
    let user = app.signup_and_login("guide").await;
    let long = "b".repeat(51);
    let cases = [
        (json!({ "firstName": "   ", "lastName": "Rai" }), "First name is required"),
        (json!({ "lastName": "Rai" }), "First name is required"),
        (json!({ "firstName": "Sita", "lastName": "" }), "Last name is required"),
        (
            json!({ "firstName": long, "lastName": "Rai" }),
            "First name must be at most 50 characters",
        ),
    ];

    for (body, message) in cases {
        // Act
        let response = app.patch_json_auth(NAME, &body, &user.token).await;

        // Assert
        assert_error(response, StatusCode::BAD_REQUEST, message).await;
    }
    let me = app.me(&user.token).await;
    assert_eq!((me["firstName"].as_str(), me["lastName"].as_str()), (Some("Sita"), Some("Rai")));
}

#[tokio::test]
async fn patch_name_returns_401_without_a_token() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app
        .client
        .patch(app.url(NAME))
        .json(&json!({ "firstName": "A", "lastName": "B" }))
        .send()
        .await
        .unwrap();

    // Assert
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    error_message(response).await;
}
