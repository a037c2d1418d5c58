//! Sign-in limiting, rate limits, the caller's address behind a proxy, upload places and
//! session lifetimes.

use reqwest::multipart::Form;
use reqwest::{Response, StatusCode};
use serde_json::{Value, json};
use tokio::io::AsyncWriteExt;

use crate::helpers::{
    PASSWORD, TestApp, error_message, signup_body, spawn_app, spawn_app_with, unique_email,
};

const LOGIN: &str = "/api/v1/auth/login";
const BEHIND_PROXY: &[(&str, &str)] = &[("YATRA_TRUST_PROXY", "true")];

async fn login_via(app: &TestApp, forwarded_for: &str, email: &str, password: &str) -> Response {
    app.client
        .post(app.url(LOGIN))
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .expect("request failed")
}

async fn registered(app: &TestApp) -> String {
    let email = unique_email();
    assert_eq!(app.signup(&signup_body(&email, "tourist")).await.status(), StatusCode::CREATED);
    email
}

/// Asserts a 429 with a `Retry-After` of whole seconds and the "Too many ..." sentence;
/// returns the message.
async fn assert_too_many(response: Response) -> String {
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry_after: u64 = response
        .headers()
        .get("retry-after")
        .expect("Retry-After header")
        .to_str()
        .unwrap()
        .parse()
        .expect("Retry-After is whole seconds");
    assert!(retry_after >= 1, "Retry-After {retry_after}");
    let message = error_message(response).await;
    assert!(
        message.starts_with("Too many ") && message.contains("Please try again in "),
        "message {message:?}"
    );
    message
}

// ---------------------------------------------------------------------------------------
// Sign-in limiting

#[tokio::test]
async fn fifty_concurrent_wrong_passwords_for_one_account_give_five_401_and_the_rest_429() {
    // Arrange
    let app = spawn_app().await;
    let email = registered(&app).await;

    // Act
    let responses = futures::future::join_all(
        (0..50).map(|_| app.login_response(&email, "wrong-password-123")),
    )
    .await;

    // Assert
    let statuses: Vec<StatusCode> = responses.iter().map(|r| r.status()).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count(),
        5,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count(),
        45,
        "{statuses:?}"
    );
    let refused =
        responses.into_iter().find(|r| r.status() == StatusCode::TOO_MANY_REQUESTS).unwrap();
    let message = assert_too_many(refused).await;
    assert!(message.starts_with("Too many failed sign-in attempts."), "message {message:?}");
    // Still refused with the right password from this address.
    assert_too_many(app.login_response(&email, PASSWORD).await).await;
}

#[tokio::test]
async fn fifty_wrong_passwords_from_one_address_do_not_lock_the_owner_out_at_another() {
    // Arrange
    let app = spawn_app_with(BEHIND_PROXY).await;
    let email = registered(&app).await;
    let attacks = futures::future::join_all(
        (0..50).map(|_| login_via(&app, "203.0.113.66", &email, "wrong-password-123")),
    )
    .await;
    assert!(
        attacks.iter().all(|r| matches!(
            r.status(),
            StatusCode::UNAUTHORIZED | StatusCode::TOO_MANY_REQUESTS
        ))
    );

    // Act
    let owner = login_via(&app, "198.51.100.7", &email, PASSWORD).await;

    // Assert
    assert_eq!(owner.status(), StatusCode::OK);
    assert_too_many(login_via(&app, "203.0.113.66", &email, PASSWORD).await).await;
}

#[tokio::test]
async fn right_passwords_never_count_as_failures() {
    // Arrange
    let app = spawn_app().await;
    let email = registered(&app).await;

    // Act: twice the pair's limit of sign-ins, some of them at once.
    let mut statuses = Vec::new();
    for _ in 0..6 {
        statuses.push(app.login_response(&email, PASSWORD).await.status());
    }
    let together =
        futures::future::join_all((0..4).map(|_| app.login_response(&email, PASSWORD))).await;
    statuses.extend(together.iter().map(|r| r.status()));

    // Assert
    assert!(statuses.iter().all(|s| *s == StatusCode::OK), "{statuses:?}");
    assert_eq!(
        app.login_response(&email, "wrong-password-123").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn an_account_is_refused_after_a_hundred_failures_an_hour_from_all_addresses() {
    // Arrange: twenty addresses, five wrong passwords each (each pair's own limit).
    let app = spawn_app_with(BEHIND_PROXY).await;
    let email = registered(&app).await;
    for address in 0..20 {
        let from = format!("192.0.2.{address}");
        let tries = futures::future::join_all(
            (0..5).map(|_| login_via(&app, &from, &email, "wrong-password-123")),
        )
        .await;
        assert!(tries.iter().all(|r| r.status() == StatusCode::UNAUTHORIZED), "address {address}");
    }

    // Act
    let response = login_via(&app, "198.51.100.200", &email, PASSWORD).await;

    // Assert
    let message = assert_too_many(response).await;
    assert!(
        message.starts_with("Too many failed sign-in attempts on this account."),
        "message {message:?}"
    );
    // Another account is not affected.
    let other = registered(&app).await;
    assert_eq!(login_via(&app, "198.51.100.200", &other, PASSWORD).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn unknown_emails_are_counted_like_known_ones() {
    // Arrange
    let app = spawn_app().await;
    let unknown = unique_email();

    // Act
    let responses = futures::future::join_all(
        (0..8).map(|_| app.login_response(&unknown, "wrong-password-123")),
    )
    .await;

    // Assert
    let statuses: Vec<StatusCode> = responses.iter().map(|r| r.status()).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count(),
        5,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count(),
        3,
        "{statuses:?}"
    );
}

// ---------------------------------------------------------------------------------------
// The caller's address behind a proxy

#[tokio::test]
async fn behind_a_proxy_the_right_most_forwarded_address_is_the_one_counted() {
    // Arrange: five failures from 203.0.113.9, each with a different made-up entry on the
    // left, as a client would write to look like someone new every time.
    let app = spawn_app_with(BEHIND_PROXY).await;
    let email = registered(&app).await;
    for spoof in 0..5 {
        let response =
            login_via(&app, &format!("10.9.8.{spoof}, 203.0.113.9"), &email, "wrong-password-123")
                .await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "attempt {spoof}");
    }

    // Act
    let spoofed_again = login_via(&app, "10.9.8.200, 203.0.113.9", &email, PASSWORD).await;
    let claimed_victim = login_via(&app, "203.0.113.9, 198.51.100.1", &email, PASSWORD).await;

    // Assert: the left entries changed nothing; the right-most one is a new address.
    assert_too_many(spoofed_again).await;
    assert_eq!(claimed_victim.status(), StatusCode::OK);
}

#[tokio::test]
async fn behind_a_proxy_a_forwarded_entry_that_is_no_address_falls_back_to_the_peer() {
    // Arrange
    let app = spawn_app_with(BEHIND_PROXY).await;
    let email = registered(&app).await;
    for attempt in 0..5 {
        let response = login_via(
            &app,
            &format!("203.0.113.{attempt}, not-an-address-{attempt}"),
            &email,
            "wrong-password-123",
        )
        .await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "attempt {attempt}");
    }

    // Act: the same peer (this test), whatever it writes.
    let response = login_via(&app, "garbage", &email, PASSWORD).await;

    // Assert
    assert_too_many(response).await;
}

// ---------------------------------------------------------------------------------------
// Rate limits on writes

#[tokio::test]
async fn sign_ups_are_limited_to_sixty_an_hour_per_address() {
    // Arrange
    let app = spawn_app_with(BEHIND_PROXY).await;
    let sign_up = |address: &'static str| {
        let app = &app;
        async move {
            let body = signup_body(&unique_email(), "tourist");
            app.client
                .post(app.url("/api/v1/auth/signup"))
                .header("x-forwarded-for", address)
                .json(&body)
                .send()
                .await
                .unwrap()
        }
    };
    let created = futures::future::join_all((0..60).map(|_| sign_up("203.0.113.20"))).await;
    assert!(created.iter().all(|r| r.status() == StatusCode::CREATED));

    // Act
    let refused = sign_up("203.0.113.20").await;
    let elsewhere = sign_up("203.0.113.21").await;

    // Assert
    let message = assert_too_many(refused).await;
    assert!(message.starts_with("Too many sign-ups from your network."), "message {message:?}");
    assert_eq!(elsewhere.status(), StatusCode::CREATED);
    // A form with a mistake is not counted (a person correcting typos is not refused).
    let invalid = app
        .client
        .post(app.url("/api/v1/auth/signup"))
        .header("x-forwarded-for", "203.0.113.20")
        .json(&json!({ "email": "nope" }))
        .send()
        .await
        .unwrap();
    assert_eq!(invalid.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn booking_requests_are_limited_per_account_and_per_address_exactly_under_concurrency() {
    // Arrange: six travellers at one address. Bodies are empty: the limit counts requests
    // before reading them, so nothing else has to be set up.
    let app = spawn_app().await;
    let mut travellers = Vec::new();
    for _ in 0..6 {
        travellers.push(app.signup_and_login("tourist").await);
    }
    let request = |token: String| {
        let app = &app;
        async move { app.post_json_auth("/api/v1/tourists/booking/request", &json!({}), &token).await }
    };

    // Act: 61 from one account, then 55 from each of the six at once (the address's 300).
    let own =
        futures::future::join_all((0..61).map(|_| request(travellers[0].token.clone()))).await;
    let all = futures::future::join_all(
        travellers[1..].iter().flat_map(|t| (0..55).map(|_| request(t.token.clone()))),
    )
    .await;

    // Assert
    let own: Vec<StatusCode> = own.iter().map(|r| r.status()).collect();
    assert_eq!(own.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count(), 1, "{own:?}");
    // 60 counted already; the address allows 240 more of these 275.
    let refused: Vec<&Response> =
        all.iter().filter(|r| r.status() == StatusCode::TOO_MANY_REQUESTS).collect();
    assert_eq!(refused.len(), 35, "{:?}", all.iter().map(|r| r.status()).collect::<Vec<_>>());
    let message = assert_too_many(
        all.into_iter().find(|r| r.status() == StatusCode::TOO_MANY_REQUESTS).unwrap(),
    )
    .await;
    assert!(
        message.starts_with("Too many booking requests from your network."),
        "message {message:?}"
    );
}

#[tokio::test]
async fn blog_posts_are_limited_to_thirty_an_hour_per_account() {
    // Arrange
    let app = spawn_app().await;
    let author = app.signup_and_login("tourist").await;
    let other = app.signup_and_login("tourist").await;
    for attempt in 0..30 {
        let response = app.upload_form("/api/v1/blogs", &author.token, Form::new()).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "attempt {attempt}");
    }

    // Act
    let refused = app.upload_form("/api/v1/blogs", &author.token, Form::new()).await;
    let other_author = app.upload_form("/api/v1/blogs", &other.token, Form::new()).await;

    // Assert
    let message = assert_too_many(refused).await;
    assert!(message.starts_with("Too many blog posts."), "message {message:?}");
    assert_eq!(other_author.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn reviews_are_limited_to_twenty_an_hour_per_account() {
    // Arrange
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;
    let empty = json!({});
    let attempts = futures::future::join_all(
        (0..20).map(|_| app.post_json_auth("/api/v1/tourists/ratings", &empty, &tourist.token)),
    )
    .await;
    assert!(attempts.iter().all(|r| r.status() == StatusCode::BAD_REQUEST));

    // Act
    let refused = app.post_json_auth("/api/v1/tourists/ratings", &json!({}), &tourist.token).await;

    // Assert
    let message = assert_too_many(refused).await;
    assert!(message.starts_with("Too many reviews."), "message {message:?}");
}

#[tokio::test]
async fn uploads_are_limited_to_a_hundred_an_hour_per_account() {
    // Arrange
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;
    // Ten at a time: fewer than the server's upload places.
    for batch in 0..10 {
        let attempts = futures::future::join_all((0..10).map(|_| {
            app.upload_form("/api/v1/tourists/profile-image", &tourist.token, Form::new())
        }))
        .await;
        assert!(attempts.iter().all(|r| r.status() == StatusCode::BAD_REQUEST), "batch {batch}");
    }

    // Act
    let refused =
        app.upload_form("/api/v1/tourists/profile-image", &tourist.token, Form::new()).await;

    // Assert
    let message = assert_too_many(refused).await;
    assert!(message.starts_with("Too many uploads."), "message {message:?}");
}

#[tokio::test]
async fn uploads_without_a_valid_token_are_told_to_sign_in_and_use_no_uploads_of_the_address() {
    // Arrange
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;

    // Act: more than the address's 300 an hour, none signed in (ten at a time, fewer than
    // the upload places).
    let mut statuses = Vec::new();
    for _ in 0..31 {
        let batch = futures::future::join_all((0..10).map(|_| {
            app.client.post(app.url("/api/v1/tourists/profile-image")).multipart(Form::new()).send()
        }))
        .await;
        statuses.extend(batch.into_iter().map(|r| r.unwrap().status()));
    }

    // Assert
    assert!(statuses.iter().all(|s| *s == StatusCode::UNAUTHORIZED), "{statuses:?}");
    let signed_in =
        app.upload_form("/api/v1/tourists/profile-image", &tourist.token, Form::new()).await;
    assert_eq!(signed_in.status(), StatusCode::BAD_REQUEST, "the address has uploads left");
}

#[tokio::test]
async fn when_every_upload_place_is_taken_the_next_upload_gets_429_until_one_frees() {
    // Arrange: sixteen uploads whose bodies never finish arriving.
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;
    let port = app.address.rsplit(':').next().unwrap().to_owned();
    let mut stalled = Vec::new();
    for _ in 0..16 {
        let mut stream = tokio::net::TcpStream::connect(format!("127.0.0.1:{port}")).await.unwrap();
        let head = format!(
            "POST /api/v1/tourists/profile-image HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {}\r\n\
             Content-Type: multipart/form-data; boundary=XYZ\r\nContent-Length: 1000000\r\n\r\n--XYZ\r\n",
            tourist.token
        );
        stream.write_all(head.as_bytes()).await.unwrap();
        stalled.push(stream);
    }

    // Probes carry no token (401 when admitted), so they use no account's upload count.
    let probe =
        || app.client.post(app.url("/api/v1/tourists/profile-image")).multipart(Form::new()).send();

    // Act: the stalled ones reach the server in their own time; wait until they hold every place.
    let mut refused = None;
    for _ in 0..200 {
        let response = probe().await.unwrap();
        if response.status() == StatusCode::TOO_MANY_REQUESTS {
            refused = Some(response);
            break;
        }
        tokio::task::yield_now().await;
    }

    // Assert
    let message =
        assert_too_many(refused.expect("an upload refused while sixteen are in progress")).await;
    assert_eq!(
        message,
        "Too many uploads are in progress right now. Please try again in a few seconds."
    );
    // JSON requests are not uploads and go through.
    assert_eq!(app.get_auth("/api/v1/auth/me", &tourist.token).await.status(), StatusCode::OK);
    // Closing the stalled uploads frees their places.
    drop(stalled);
    let mut status = StatusCode::TOO_MANY_REQUESTS;
    for _ in 0..200 {
        status = probe().await.unwrap().status();
        if status != StatusCode::TOO_MANY_REQUESTS {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_openapi_document_declares_429_and_retry_after_on_every_limited_route() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let document: Value = app.get("/api/v1/openapi.json").await.json().await.unwrap();

    // Assert
    for (path, method) in [
        ("/api/v1/auth/login", "post"),
        ("/api/v1/auth/signup", "post"),
        ("/api/v1/tourists/booking/request", "post"),
        ("/api/v1/blogs", "post"),
        ("/api/v1/tourists/ratings", "post"),
        ("/api/v1/tourists/profile-image", "post"),
        ("/api/v1/tourists/cover-image", "post"),
        ("/api/v1/tourists/id-image", "post"),
        ("/api/v1/guides/profile-image", "post"),
        ("/api/v1/guides/cover-image", "post"),
        ("/api/v1/guides/certification", "post"),
        ("/api/v1/admin/destinations", "post"),
        ("/api/v1/assistant/chat", "post"),
    ] {
        let answer = &document["paths"][path][method]["responses"]["429"];
        assert!(answer.is_object(), "{method} {path} does not declare 429");
        assert!(
            answer["headers"]["Retry-After"].is_object(),
            "{method} {path} does not declare Retry-After"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Sessions

#[tokio::test]
async fn refreshing_never_extends_a_session_beyond_thirty_days_from_sign_in() {
    // Arrange
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;

    // Act
    let first: Value = app.refresh(&user.refresh_token).await.json().await.unwrap();
    let second: Value =
        app.refresh(first["refreshToken"].as_str().unwrap()).await.json().await.unwrap();
    assert!(second["refreshToken"].is_string());

    // Assert: every token of the family ends when the first one does.
    let db = app.db().await;
    let rows: Vec<(i64, i64)> =
        sqlx::query_as("SELECT created_at, expires_at FROM refresh_tokens ORDER BY created_at")
            .fetch_all(&db.pool)
            .await
            .unwrap();
    assert_eq!(rows.len(), 3);
    let (signed_in_at, ends_at) = rows[0];
    assert_eq!(ends_at - signed_in_at, 30 * 24 * 3600 * 1000);
    assert!(rows.iter().all(|(_, e)| *e == ends_at), "{rows:?}");
}

#[tokio::test]
async fn a_refresh_after_the_sessions_thirty_days_is_refused() {
    // Arrange: a session signed in 30 days and a minute ago, refreshed ever since.
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;
    let refreshed: Value = app.refresh(&user.refresh_token).await.json().await.unwrap();
    let db = app.db().await;
    let shift = 30 * 24 * 3600 * 1000 + 60_000_i64;
    sqlx::query("UPDATE refresh_tokens SET created_at = created_at - $1, expires_at = expires_at - $1, used_at = used_at - $1")
        .bind(shift)
        .execute(&db.pool)
        .await
        .unwrap();

    // Act
    let response = app.refresh(refreshed["refreshToken"].as_str().unwrap()).await;

    // Assert
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(error_message(response).await, "Your session has expired. Please sign in again.");
}

#[tokio::test]
async fn old_refresh_tokens_and_rate_limit_counters_are_pruned() {
    // Arrange: a session past its life (spent and current token), a live one, a failed
    // sign-in counted two windows ago and one counted now.
    let app = spawn_app().await;
    let old = app.signup_and_login("tourist").await;
    app.refresh(&old.refresh_token).await;
    let live = app.signup_and_login("guide").await;
    assert_eq!(
        app.login_response(&live.email, "wrong-password-123").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let db = app.db().await;
    let old_id: (String,) = sqlx::query_as("SELECT id FROM users WHERE email_lower = $1")
        .bind(&old.email)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE refresh_tokens SET expires_at = $1 WHERE user_id = $2")
        .bind(1_000_i64)
        .bind(&old_id.0)
        .execute(&db.pool)
        .await
        .unwrap();
    sqlx::query("INSERT INTO rate_limit_hits (scope, key, window_start, hits, expires_at) VALUES ('login-address', '192.0.2.1', 0, 3, 1000)")
        .execute(&db.pool)
        .await
        .unwrap();

    // Act: every server prunes when it starts (and hourly after).
    app.replica().await;

    // Assert
    let mut counts = (0, 0, 0);
    for _ in 0..500 {
        let tokens: (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM refresh_tokens WHERE user_id = $1")
                .bind(&old_id.0)
                .fetch_one(&db.pool)
                .await
                .unwrap();
        let stale: (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM rate_limit_hits WHERE expires_at < 2000")
                .fetch_one(&db.pool)
                .await
                .unwrap();
        let current: (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM rate_limit_hits WHERE scope LIKE 'login-%' AND hits > 0",
        )
        .fetch_one(&db.pool)
        .await
        .unwrap();
        counts = (tokens.0, stale.0, current.0);
        if counts.0 == 0 && counts.1 == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!((counts.0, counts.1), (0, 0), "old rows left: {counts:?}");
    assert_eq!(counts.2, 3, "the live failure's three counters (pair, address, account) stay");
    assert_eq!(app.refresh(&live.refresh_token).await.status(), StatusCode::OK);
}
