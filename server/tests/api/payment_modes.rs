//! Payments fail closed: the sandbox checkout runs only when asked for
//! (`YATRA_PAYMENTS_SANDBOX=true`), a server with no provider refuses to start a checkout
//! (503) and hides the sandbox (404), and a Stripe key without its webhook secret stops
//! start-up. `GET /api/v1/payments/methods` tells the client which mode runs.

use reqwest::StatusCode;
use serde_json::{Value, json};
use wiremock::MockServer;
use yatra::app::Application;
use yatra::config::{Config, PaymentMode};

use crate::fixtures::approved_booking;
use crate::helpers::{TestApp, assert_error, spawn_app, spawn_app_with};

const NOT_SET_UP: &str = "Card payments are not set up on this server";

fn create_path(booking_id: &str) -> String {
    format!("/api/v1/tourists/stripe/create-session/{booking_id}")
}

async fn card_mode(app: &TestApp) -> Value {
    let response = app.get("/api/v1/payments/methods").await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "success");
    body["data"]["card"].clone()
}

/// Another server on the same database and data dir, with `config` changed by `change`.
async fn server_like(app: &TestApp, change: impl FnOnce(&mut Config)) -> String {
    let mut config = app.config.clone();
    change(&mut config);
    let server = Application::build(config).await.expect("the server builds");
    let port = server.port();
    tokio::spawn(server.run_until_stopped());
    format!("http://127.0.0.1:{port}")
}

#[tokio::test]
async fn without_a_provider_or_the_sandbox_starting_a_checkout_answers_503_and_changes_nothing() {
    // Arrange
    let app = spawn_app_with(&[("YATRA_PAYMENTS_SANDBOX", "false")]).await;
    let (_, tourist, booking) = approved_booking(&app, 3, 2).await;
    let id = booking["_id"].as_str().unwrap();

    // Act
    let response = app.get_auth(&create_path(id), &tourist.token).await;

    // Assert
    assert_error(response, StatusCode::SERVICE_UNAVAILABLE, NOT_SET_UP).await;
    let db = app.db().await;
    let (payments,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM payments").fetch_one(&db.pool).await.unwrap();
    assert_eq!(payments, 0, "no checkout was recorded");
    assert_eq!(card_mode(&app).await, "none");
}

#[tokio::test]
async fn the_sandbox_runs_only_when_asked_for() {
    // Arrange: the sandbox is the harness's default; a server without the variable has none.
    let sandbox = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().display().to_string();

    // Act
    let unset =
        Config::from_lookup(|name| (name == "YATRA_DATA_DIR").then(|| data_dir.clone())).unwrap();

    // Assert
    assert_eq!(card_mode(&sandbox).await, "sandbox");
    assert_eq!(unset.payments.card_mode(), PaymentMode::None);
    assert!(!unset.payments.sandbox);
}

#[tokio::test]
async fn a_sandbox_checkout_cannot_be_paid_once_the_sandbox_is_turned_off() {
    // Arrange: a checkout started while the sandbox ran...
    let app = spawn_app().await;
    let (_, tourist, booking) = approved_booking(&app, 3, 1).await;
    let created: Value = app
        .get_auth(&create_path(booking["_id"].as_str().unwrap()), &tourist.token)
        .await
        .json()
        .await
        .unwrap();
    let session_id = created["sessionId"].as_str().unwrap().to_owned();
    // ...and the same database served by a server without it.
    let closed = server_like(&app, |config| config.payments.sandbox = false).await;
    let client = reqwest::Client::new();

    // Act
    let shown = client
        .get(format!("{closed}/api/v1/payments/sandbox/{session_id}"))
        .bearer_auth(&tourist.token)
        .send()
        .await
        .unwrap();
    let paid = client
        .post(format!("{closed}/api/v1/payments/sandbox/{session_id}/pay"))
        .bearer_auth(&tourist.token)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    let cancelled = client
        .post(format!("{closed}/api/v1/payments/sandbox/{session_id}/cancel"))
        .bearer_auth(&tourist.token)
        .json(&json!({}))
        .send()
        .await
        .unwrap();

    // Assert
    assert_error(shown, StatusCode::NOT_FOUND, "Checkout not found").await;
    assert_error(paid, StatusCode::NOT_FOUND, "Checkout not found").await;
    assert_error(cancelled, StatusCode::NOT_FOUND, "Checkout not found").await;
    let status =
        app.get_data(&format!("/api/v1/payments/session/{session_id}"), &tourist.token).await;
    assert_eq!(status["paymentStatus"], "pending");
    assert_eq!(status["booking"]["paymentStatus"], "unpaid");
}

#[tokio::test]
async fn with_a_stripe_key_stripe_wins_over_the_sandbox_and_the_sandbox_endpoints_answer_404() {
    // Arrange: the harness asks for the sandbox too.
    let stripe = MockServer::start().await;
    let app = spawn_app_with(&[
        ("YATRA_STRIPE_SECRET_KEY", "sk_test_yatra_0123456789"),
        ("YATRA_STRIPE_API_BASE", &stripe.uri()),
        ("YATRA_STRIPE_WEBHOOK_SECRET", "whsec_yatra_test_0123456789"),
    ])
    .await;
    let tourist = app.signup_and_login("tourist").await;

    // Act
    let mode = card_mode(&app).await;
    let sandbox = app
        .post_json_auth("/api/v1/payments/sandbox/sandbox_x/pay", &json!({}), &tourist.token)
        .await;

    // Assert
    assert_eq!(mode, "stripe");
    assert_error(sandbox, StatusCode::NOT_FOUND, "Checkout not found").await;
}

#[tokio::test]
async fn the_payment_methods_are_public() {
    // Arrange
    let app = spawn_app_with(&[("YATRA_PAYMENTS_SANDBOX", "false")]).await;

    // Act
    let response = app.get("/api/v1/payments/methods").await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body,
        json!({ "status": "success", "data": { "card": "none", "khalti": "none", "esewa": "none", "nprPerUsd": null } })
    );
}

/// `Config::from_lookup` over `vars`, with a data dir of its own.
fn config_with(vars: &[(&str, &str)]) -> anyhow::Result<Config> {
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().display().to_string();
    Config::from_lookup(|name| {
        if name == "YATRA_DATA_DIR" {
            return Some(data_dir.clone());
        }
        vars.iter().find(|(n, _)| *n == name).map(|(_, v)| (*v).to_owned())
    })
}

#[test]
fn config_refuses_a_stripe_key_without_a_webhook_secret_in_one_line_naming_the_variable() {
    let error = config_with(&[("YATRA_STRIPE_SECRET_KEY", "sk_live_secret_value")]).unwrap_err();

    let text = format!("{error:#}");
    assert!(text.contains("YATRA_STRIPE_WEBHOOK_SECRET"), "{text}");
    assert!(!text.contains('\n'), "one line: {text}");
    assert!(!text.contains("sk_live_secret_value"), "the key leaks: {text}");
}

#[test]
fn config_accepts_a_stripe_key_with_its_webhook_secret() {
    let config = config_with(&[
        ("YATRA_STRIPE_SECRET_KEY", "sk_test_x"),
        ("YATRA_STRIPE_WEBHOOK_SECRET", "whsec_x"),
    ])
    .unwrap();

    assert_eq!(config.payments.card_mode(), PaymentMode::Stripe);
}

#[test]
fn config_names_yatra_payments_sandbox_when_it_is_not_true_or_false() {
    let error = config_with(&[("YATRA_PAYMENTS_SANDBOX", "yes please")]).unwrap_err();

    assert!(format!("{error:#}").contains("YATRA_PAYMENTS_SANDBOX"), "{error:#}");
}

#[test]
fn the_binary_refuses_to_start_with_a_stripe_key_and_no_webhook_secret() {
    // Arrange
    let dir = tempfile::tempdir().unwrap();

    // Act
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_yatra"))
        .arg("serve")
        .env_clear()
        .env("YATRA_DATA_DIR", dir.path())
        .env("YATRA_ADDR", "127.0.0.1:0")
        .env("YATRA_STRIPE_SECRET_KEY", "sk_test_x")
        .output()
        .expect("the binary runs");

    // Assert
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    assert!(lines[0].contains("YATRA_STRIPE_WEBHOOK_SECRET"), "{stderr}");
}
