//! What every deployment relies on: probes, the root ping, the API's 404, the OpenAPI
//! document, security headers, request ids, CORS, compression, configuration, and
//! malformed requests never becoming 5xx.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use yatra::config::Config;

use crate::helpers::{assert_error, error_message, spawn_app, spawn_app_with};

#[tokio::test]
async fn healthz_and_readyz_return_200() {
    // Arrange
    let app = spawn_app().await;

    for path in ["/healthz", "/readyz"] {
        // Act
        let response = app.get(path).await;

        // Assert
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["status"], "ok");
    }
}

#[tokio::test]
async fn the_root_answers_200_json_for_the_clients_wake_up_ping_without_a_built_client() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/").await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["status"], "ok");
}

#[tokio::test]
async fn an_unknown_api_path_returns_a_404_in_the_error_shape() {
    // Arrange
    let app = spawn_app().await;

    for path in ["/api/v1/whatever", "/api/v1/auth/nothing", "/api/v2/auth/login", "/api/v1"] {
        // Act
        let response = app.get(path).await;

        // Assert
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        error_message(response).await;
    }
    let post = app.post_json("/api/v1/whatever", &json!({})).await;
    assert_eq!(post.status(), StatusCode::NOT_FOUND);
    error_message(post).await;
}

#[tokio::test]
async fn the_api_docs_page_is_served_as_html() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/api/docs/").await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let content_type = response.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(content_type.starts_with("text/html"), "content-type {content_type}");
    assert!(response.text().await.unwrap().to_lowercase().contains("swagger"));
}

#[tokio::test]
async fn the_openapi_document_lists_every_accounts_path() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app.get("/api/v1/openapi.json").await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let document: Value = response.json().await.unwrap();
    assert!(document["openapi"].as_str().is_some_and(|v| v.starts_with("3.")));
    let paths = document["paths"].as_object().expect("paths");
    for (path, method) in [
        ("/api/v1/auth/signup", "post"),
        ("/api/v1/auth/login", "post"),
        ("/api/v1/auth/refresh", "post"),
        ("/api/v1/auth/logout", "post"),
        ("/api/v1/auth/me", "get"),
        ("/api/v1/protect/completion/{role}", "get"),
        ("/api/v1/protect/name", "patch"),
    ] {
        assert!(
            paths.get(path).and_then(|p| p.get(method)).is_some(),
            "{method} {path} missing from {:?}",
            paths.keys()
        );
    }
    assert!(document["components"]["securitySchemes"]["bearer"].is_object());
}

#[tokio::test]
async fn security_headers_are_set_on_api_root_and_error_responses() {
    // Arrange
    let app = spawn_app().await;

    for path in [
        "/",
        "/healthz",
        "/api/v1/openapi.json",
        "/api/v1/auth/me",
        "/api/v1/whatever",
        "/no-such-page",
    ] {
        // Act
        let response = app.get(path).await;

        // Assert
        let headers = response.headers();
        let header =
            |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        let csp = header("content-security-policy");
        assert!(csp.contains("script-src 'self'"), "{path}: csp {csp:?}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: csp {csp:?}");
        assert!(!header("referrer-policy").is_empty(), "{path}: no referrer-policy");
        assert_eq!(header("x-frame-options"), "DENY", "{path}");
    }
}

#[tokio::test]
async fn every_response_carries_a_request_id_and_a_given_one_is_echoed() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let first = app.get("/healthz").await;
    let second = app.get("/api/v1/whatever").await;
    let echoed = app
        .client
        .get(app.url("/healthz"))
        .header("x-request-id", "trace-me-123")
        .send()
        .await
        .unwrap();

    // Assert
    let id = |r: &reqwest::Response| {
        r.headers().get("x-request-id").map(|v| v.to_str().unwrap().to_owned())
    };
    let (first, second) = (id(&first).expect("x-request-id"), id(&second).expect("x-request-id"));
    assert!(!first.is_empty());
    assert_ne!(first, second, "each request gets its own id");
    assert_eq!(id(&echoed).as_deref(), Some("trace-me-123"));
}

#[tokio::test]
async fn cors_preflight_is_allowed_only_for_configured_origins() {
    // Arrange
    let app = spawn_app_with(&[("YATRA_CORS_ORIGINS", "https://app.example.com")]).await;
    let preflight = |origin: &'static str| {
        app.client
            .request(Method::OPTIONS, app.url("/api/v1/auth/login"))
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "content-type,authorization")
            .send()
    };

    // Act
    let allowed = preflight("https://app.example.com").await.unwrap();
    let refused = preflight("https://evil.example.com").await.unwrap();

    // Assert
    assert!(allowed.status().is_success(), "status {}", allowed.status());
    assert_eq!(
        allowed.headers().get("access-control-allow-origin").unwrap(),
        "https://app.example.com"
    );
    let methods =
        allowed.headers().get("access-control-allow-methods").unwrap().to_str().unwrap().to_owned();
    assert!(methods.contains("POST") && methods.contains("PATCH"), "methods {methods}");
    assert!(refused.headers().get("access-control-allow-origin").is_none());
}

#[tokio::test]
async fn cors_headers_are_absent_when_no_origin_is_configured() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app
        .client
        .get(app.url("/healthz"))
        .header("origin", "https://app.example.com")
        .send()
        .await
        .unwrap();

    // Assert
    assert!(response.headers().get("access-control-allow-origin").is_none());
}

#[tokio::test]
async fn responses_are_gzipped_when_the_client_accepts_gzip() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app
        .client
        .get(app.url("/api/v1/openapi.json"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers().get("content-encoding").map(|v| v.to_str().unwrap()),
        Some("gzip")
    );
    let bytes = response.bytes().await.unwrap();
    assert_eq!(&bytes[..2], &[0x1f, 0x8b], "gzip magic number");
}

// ---------------------------------------------------------------------------------------
// Configuration

/// `Config::from_lookup` over `vars`, with the data dir in `dir`.
fn config_from(dir: &tempfile::TempDir, vars: &[(&str, &str)]) -> anyhow::Result<Config> {
    let data_dir = dir.path().display().to_string();
    Config::from_lookup(|name| {
        if name == "YATRA_DATA_DIR" {
            return Some(data_dir.clone());
        }
        vars.iter().find(|(n, _)| *n == name).map(|(_, v)| (*v).to_owned())
    })
}

#[test]
fn config_names_yatra_addr_when_the_address_is_invalid() {
    let dir = tempfile::tempdir().unwrap();

    let error = config_from(&dir, &[("YATRA_ADDR", "not-an-addr")]).unwrap_err();

    assert!(format!("{error:#}").contains("YATRA_ADDR"), "{error:#}");
}

#[test]
fn config_names_yatra_database_url_for_an_unsupported_database_and_hides_the_password() {
    let dir = tempfile::tempdir().unwrap();

    let error =
        config_from(&dir, &[("YATRA_DATABASE_URL", "mysql://root:hunter2@db/x")]).unwrap_err();

    let text = format!("{error:#}");
    assert!(text.contains("YATRA_DATABASE_URL"), "{text}");
    assert!(!text.contains("hunter2"), "the password leaks: {text}");
}

#[test]
fn config_refuses_a_short_jwt_secret() {
    let dir = tempfile::tempdir().unwrap();

    let error = config_from(&dir, &[("YATRA_JWT_SECRET", "too-short")]).unwrap_err();

    let text = format!("{error:#}");
    assert!(text.contains("YATRA_JWT_SECRET"), "{text}");
    assert!(!text.contains("too-short"), "the secret leaks: {text}");
}

#[test]
fn config_persists_a_generated_jwt_secret_in_the_data_dir() {
    let dir = tempfile::tempdir().unwrap();

    let first = config_from(&dir, &[]).unwrap();
    let second = config_from(&dir, &[]).unwrap();
    let other = config_from(&tempfile::tempdir().unwrap(), &[]).unwrap();

    assert!(first.auth.jwt_secret.0.len() >= 32);
    assert_eq!(first.auth.jwt_secret.0, second.auth.jwt_secret.0);
    assert_ne!(
        first.auth.jwt_secret.0, other.auth.jwt_secret.0,
        "each data dir gets its own secret"
    );
    assert!(
        !format!("{first:?}").contains(&hex_of(&first.auth.jwt_secret.0)),
        "Debug shows the secret"
    );
}

#[test]
fn config_uses_an_explicit_jwt_secret_and_a_sqlite_default_database() {
    let dir = tempfile::tempdir().unwrap();
    let secret = "s".repeat(32);

    let config = config_from(&dir, &[("YATRA_JWT_SECRET", &secret)]).unwrap();

    assert_eq!(config.auth.jwt_secret.0, secret.as_bytes());
    assert!(config.database.url.starts_with("sqlite:"), "{}", config.database.url);
    assert!(!dir.path().join("jwt-secret").exists(), "no secret file when one is given");
}

fn hex_of(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

// ---------------------------------------------------------------------------------------
// Malformed requests

#[tokio::test]
async fn malformed_bodies_get_a_4xx_never_a_5xx_on_every_accounts_endpoint() {
    // Arrange
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;
    let bodies = [
        "",
        "null",
        "[]",
        "\"str\"",
        "123456789012345678901234567890123456789",
        "1e99999",
        "{\"email\": 1e99999}",
        "{\"firstName\": \"\\ud800\"}",
        "{\"email\": \"a@b.co\", \"password\": {}}",
        "\u{0}",
        "{\"firstName\": \"Sita\u{0}\", \"lastName\": \"Rai\"}",
    ];
    let endpoints = [
        (Method::POST, "/api/v1/auth/signup"),
        (Method::POST, "/api/v1/auth/login"),
        (Method::POST, "/api/v1/auth/refresh"),
        (Method::POST, "/api/v1/auth/logout"),
        (Method::PATCH, "/api/v1/protect/name"),
    ];

    for (method, path) in &endpoints {
        for body in bodies {
            // Act
            let response = app
                .client
                .request(method.clone(), app.url(path))
                .bearer_auth(&user.token)
                .header("content-type", "application/json")
                .body(body)
                .send()
                .await
                .unwrap();

            // Assert
            let status = response.status();
            // Logout always succeeds by design, even for a body it cannot use.
            let accepted = *path == "/api/v1/auth/logout" && status == StatusCode::OK;
            assert!(
                status.is_client_error() || accepted,
                "{method} {path} with {body:?} gave {status}"
            );
            if status.is_client_error() {
                error_message(response).await;
            }
        }
    }
    // Nothing broke the account.
    assert_eq!(app.me(&user.token).await["firstName"], "Sita");
}

#[tokio::test]
async fn an_escaped_nul_character_in_any_text_field_never_causes_a_5xx() {
    // Arrange: `\u0000` is valid JSON, but PostgreSQL text cannot hold it, so it must be
    // refused (or harmlessly ignored) before it reaches a query.
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;
    let nul_email = "sita\u{0}@example.com";
    let cases = [
        ("/api/v1/auth/login", json!({ "email": nul_email, "password": "whatever-123" })),
        ("/api/v1/auth/login", json!({ "email": user.email, "password": "whatever\u{0}-123" })),
        (
            "/api/v1/auth/signup",
            json!({ "firstName": "Sita", "lastName": "Rai", "email": nul_email,
            "password": "whatever-123", "confirmPassword": "whatever-123" }),
        ),
        (
            "/api/v1/auth/signup",
            json!({ "firstName": "Si\u{0}ta", "lastName": "Rai", "email": "nul@example.com",
            "password": "whatever-123", "confirmPassword": "whatever-123" }),
        ),
        ("/api/v1/auth/refresh", json!({ "refreshToken": "abc\u{0}" })),
        ("/api/v1/auth/logout", json!({ "refreshToken": "abc\u{0}" })),
    ];

    let mut server_errors = Vec::new();
    for (path, body) in cases {
        // Act
        let response = app.post_json(path, &body).await;

        // Assert (all cases first, then one report)
        let status = response.status();
        if status.is_server_error() {
            server_errors.push(format!("{path} with {body} gave {status}"));
        }
    }
    assert!(server_errors.is_empty(), "{server_errors:#?}");
    let nul_login = app.login_response(nul_email, "whatever-123").await;
    assert_error(nul_login, StatusCode::UNAUTHORIZED, "Invalid email or password").await;
    let name = app
        .patch_json_auth(
            "/api/v1/protect/name",
            &json!({ "firstName": "Si\u{0}ta", "lastName": "Rai" }),
            &user.token,
        )
        .await;
    assert_eq!(name.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn control_characters_in_a_name_are_refused() {
    // Arrange
    let app = spawn_app().await;
    let user = app.signup_and_login("guide").await;

    // Act
    let response = app
        .patch_json_auth(
            "/api/v1/protect/name",
            &json!({ "firstName": "Si\u{7}ta", "lastName": "Rai" }),
            &user.token,
        )
        .await;

    // Assert
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    error_message(response).await;
}

#[test]
fn config_uses_the_media_folder_unless_an_s3_bucket_is_set() {
    let dir = tempfile::tempdir().unwrap();

    let local = config_from(&dir, &[]).unwrap();
    let s3 = config_from(
        &dir,
        &[("YATRA_S3_BUCKET", "yatra-media"), ("YATRA_S3_ENDPOINT", "http://127.0.0.1:9000/")],
    )
    .unwrap();

    assert!(local.media.s3.is_none());
    let s3 = s3.media.s3.expect("S3 settings");
    assert_eq!(s3.bucket, "yatra-media");
    assert_eq!(s3.region, "us-east-1");
    assert_eq!(s3.endpoint.as_deref(), Some("http://127.0.0.1:9000"));
    assert!(s3.allow_http, "a plain-HTTP endpoint is allowed because it says so");
    assert!(s3.credentials.is_none());
}

#[test]
fn config_names_the_s3_variable_that_is_wrong_and_hides_the_secret() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[(&str, &str)], &str); 5] = [
        (
            &[("YATRA_S3_ENDPOINT", "http://127.0.0.1:9000")],
            "YATRA_S3_ENDPOINT is set but YATRA_S3_BUCKET is not",
        ),
        (&[("YATRA_S3_BUCKET", "Bad_Bucket!")], "YATRA_S3_BUCKET"),
        (&[("YATRA_S3_BUCKET", "media"), ("YATRA_S3_ENDPOINT", "minio:9000")], "YATRA_S3_ENDPOINT"),
        (&[("YATRA_S3_BUCKET", "media"), ("YATRA_S3_ACCESS_KEY_ID", "id")], "must be set together"),
        (
            &[("YATRA_S3_BUCKET", "media"), ("YATRA_S3_SECRET_ACCESS_KEY", "hunter2-secret")],
            "must be set together",
        ),
    ];

    for (vars, expected) in cases {
        let error = format!("{:#}", config_from(&dir, vars).unwrap_err());

        assert!(error.contains(expected), "{vars:?}: {error}");
        assert!(!error.contains("hunter2"), "the secret leaks: {error}");
        assert_eq!(error.lines().count(), 1, "one line: {error}");
    }
}

#[test]
fn s3_credentials_never_appear_in_debug_output() {
    let dir = tempfile::tempdir().unwrap();

    let config = config_from(
        &dir,
        &[
            ("YATRA_S3_BUCKET", "media"),
            ("YATRA_S3_ACCESS_KEY_ID", "AKIDEXAMPLE"),
            ("YATRA_S3_SECRET_ACCESS_KEY", "wJalrXUtnFEMI-very-secret"),
        ],
    )
    .unwrap();

    assert!(!format!("{config:?}").contains("very-secret"));
}

#[tokio::test]
async fn the_openapi_document_lists_every_profile_media_and_admin_path() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let document: Value = app.get("/api/v1/openapi.json").await.json().await.unwrap();

    // Assert
    let paths = document["paths"].as_object().expect("paths");
    for (path, method) in [
        ("/api/v1/guides/guide-profile", "get"),
        ("/api/v1/guides/profile", "post"),
        ("/api/v1/guides/profile-image", "post"),
        ("/api/v1/guides/cover-image", "post"),
        ("/api/v1/guides/certification", "post"),
        ("/api/v1/guides/certification", "patch"),
        ("/api/v1/tourists/profile", "get"),
        ("/api/v1/tourists/profile", "post"),
        ("/api/v1/tourists/bio", "post"),
        ("/api/v1/tourists/nationality", "post"),
        ("/api/v1/tourists/location", "post"),
        ("/api/v1/tourists/interests", "post"),
        ("/api/v1/tourists/profile-image", "post"),
        ("/api/v1/tourists/cover-image", "post"),
        ("/api/v1/tourists/id-image", "post"),
        ("/api/v1/admin/verifications", "get"),
        ("/api/v1/admin/guides/{guideId}/verify", "post"),
        ("/api/v1/admin/guides/{guideId}/reject", "post"),
        ("/api/v1/media/private/{id}", "get"),
        ("/media/{file}", "get"),
    ] {
        assert!(paths.get(path).and_then(|p| p.get(method)).is_some(), "{method} {path} missing");
    }
    let schemas = document["components"]["schemas"].as_object().unwrap();
    for name in [
        "Guide",
        "GuideDetails",
        "Tourist",
        "TouristDetails",
        "Certification",
        "GuideProfileRequest",
        "TouristProfileRequest",
        "VerificationQueueItem",
        "RejectRequest",
    ] {
        assert!(schemas.contains_key(name), "schema {name} missing");
    }
}
