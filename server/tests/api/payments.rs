//! Payments: only an approved, unpaid booking of the signed-in traveller can be paid; it
//! becomes paid only when the provider confirms it (Stripe's signed webhook, a lookup, or
//! the sandbox), exactly once, however often and however concurrently confirmed.

use std::collections::HashMap;

use reqwest::StatusCode;
use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};
use yatra::providers::stripe::sign;

use crate::fixtures::{approved_booking, days_from_today, decide, request_booking};
use crate::helpers::{TestApp, TestUser, assert_error, now_secs, spawn_app, spawn_app_with};

const WEBHOOK: &str = "/api/v1/payments/stripe/webhook";
const WEBHOOK_SECRET: &str = "whsec_yatra_test_0123456789";
const STRIPE_KEY: &str = "sk_test_yatra_0123456789";

fn create_path(booking_id: &str) -> String {
    format!("/api/v1/tourists/stripe/create-session/{booking_id}")
}

async fn booking_state(app: &TestApp, user: &TestUser, booking_id: &str) -> Value {
    app.get_data(&format!("/api/v1/tourists/details/{booking_id}"), &user.token).await
}

async fn count(app: &TestApp, sql: &str, id: &str) -> i64 {
    let db = app.db().await;
    let (count,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql.to_owned()))
        .bind(id)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    count
}

async fn paid_notifications(app: &TestApp, booking_id: &str) -> i64 {
    count(
        app,
        "SELECT COUNT(*) FROM notifications WHERE booking_id = $1 AND kind = 'booking_paid'",
        booking_id,
    )
    .await
}

/// A server with Stripe keys, its API pointed at `stripe`.
async fn stripe_app(stripe: &MockServer) -> TestApp {
    spawn_app_with(&[
        ("YATRA_STRIPE_SECRET_KEY", STRIPE_KEY),
        ("YATRA_STRIPE_API_BASE", &stripe.uri()),
        ("YATRA_STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET),
        ("YATRA_PUBLIC_URL", "https://yatra.example"),
    ])
    .await
}

fn checkout_created(id: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({
        "id": id, "object": "checkout.session", "url": format!("https://checkout.stripe.com/c/pay/{id}"), "payment_status": "unpaid",
    }))
}

/// Decodes an `application/x-www-form-urlencoded` body.
fn form_fields(body: &[u8]) -> HashMap<String, String> {
    let decode = |text: &str| {
        let bytes = text.replace('+', " ").into_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%' && i + 2 < bytes.len() {
                out.push(
                    u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap(), 16)
                        .unwrap(),
                );
                i += 3;
            } else {
                out.push(bytes[i]);
                i += 1;
            }
        }
        String::from_utf8(out).unwrap()
    };
    std::str::from_utf8(body)
        .unwrap()
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (decode(k), decode(v)))
        .collect()
}

fn event(kind: &str, session_id: &str, payment_status: &str) -> String {
    json!({
        "id": "evt_test", "type": kind,
        "data": { "object": { "id": session_id, "object": "checkout.session", "payment_status": payment_status } },
    })
    .to_string()
}

async fn deliver(app: &TestApp, payload: &str, signature: &str) -> reqwest::Response {
    app.client
        .post(app.url(WEBHOOK))
        .header("content-type", "application/json")
        .header("stripe-signature", signature)
        .body(payload.to_owned())
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn the_sandbox_checkout_pays_an_approved_booking_and_tells_both_sides() {
    // Arrange
    let app = spawn_app().await;
    let (guide, tourist, booking) = approved_booking(&app, 3, 2).await;
    let id = booking["_id"].as_str().unwrap();

    // Act
    let created = app.get_auth(&create_path(id), &tourist.token).await;
    assert_eq!(created.status(), StatusCode::OK);
    let created: Value = created.json().await.unwrap();
    let session_id = created["sessionId"].as_str().unwrap().to_owned();
    assert_eq!(created["url"], format!("/sandbox/checkout/{session_id}"));
    let shown =
        app.get_data(&format!("/api/v1/payments/sandbox/{session_id}"), &tourist.token).await;
    let paid = app
        .post_json_auth(
            &format!("/api/v1/payments/sandbox/{session_id}/pay"),
            &json!({}),
            &tourist.token,
        )
        .await;

    // Assert
    assert_eq!(shown["amount"], 80.0);
    assert_eq!(shown["paymentStatus"], "pending");
    assert_eq!(shown["provider"], "sandbox");
    assert_eq!(paid.status(), StatusCode::OK);
    let paid: Value = paid.json().await.unwrap();
    assert_eq!(paid["redirect"], format!("/success?session_id={session_id}"));
    let status =
        app.get_data(&format!("/api/v1/payments/session/{session_id}"), &tourist.token).await;
    assert_eq!(status["paymentStatus"], "paid");
    assert_eq!(status["booking"]["paymentStatus"], "paid");
    assert_eq!(status["booking"]["payment"]["reference"], session_id);
    assert_eq!(status["booking"]["payment"]["amount"], 80.0);
    assert_eq!(booking_state(&app, &guide, id).await["paymentStatus"], "paid");
    assert_eq!(paid_notifications(&app, id).await, 2);
    let guide_told = app.get_data("/api/v1/notifications/guide", &guide.token).await;
    assert_eq!(guide_told[0]["kind"], "booking_paid");
    assert_eq!(guide_told[0]["paymentStatus"], "paid");

    // Paying twice changes nothing.
    let again = app
        .post_json_auth(
            &format!("/api/v1/payments/sandbox/{session_id}/pay"),
            &json!({}),
            &tourist.token,
        )
        .await;
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(paid_notifications(&app, id).await, 2);
    assert_error(
        app.get_auth(&create_path(id), &tourist.token).await,
        StatusCode::CONFLICT,
        "This booking is already paid",
    )
    .await;
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn only_an_approved_unpaid_booking_of_your_own_can_be_paid() {
    // Arrange
    let app = spawn_app().await;
    let (guide, tourist, booking) = approved_booking(&app, 3, 1).await;
    let id = booking["_id"].as_str().unwrap();
    let guide_id = booking["guide"]["_id"].as_str().unwrap().to_owned();
    let pending = request_booking(&app, &tourist, &guide_id, &days_from_today(20), 1).await;
    let declined = request_booking(&app, &tourist, &guide_id, &days_from_today(21), 1).await;
    assert_eq!(
        decide(&app, &guide, declined["_id"].as_str().unwrap(), "reject").await.status(),
        StatusCode::OK
    );
    let stranger = app.signup_and_login("tourist").await;

    // Act and assert
    assert_error(
        app.get_auth(&create_path(pending["_id"].as_str().unwrap()), &tourist.token).await,
        StatusCode::CONFLICT,
        "You can pay once the guide approves this booking",
    )
    .await;
    assert_error(
        app.get_auth(&create_path(declined["_id"].as_str().unwrap()), &tourist.token).await,
        StatusCode::CONFLICT,
        "This booking was declined and cannot be paid",
    )
    .await;
    assert_error(
        app.get_auth(&create_path(id), &stranger.token).await,
        StatusCode::NOT_FOUND,
        "Booking not found",
    )
    .await;
    assert_error(
        app.get_auth(&create_path(id), &guide.token).await,
        StatusCode::FORBIDDEN,
        "This action is only for traveller accounts",
    )
    .await;
    assert_eq!(app.get(&create_path(id)).await.status(), StatusCode::UNAUTHORIZED);

    let created: Value = app.get_auth(&create_path(id), &tourist.token).await.json().await.unwrap();
    let session_id = created["sessionId"].as_str().unwrap();
    for (user, path) in [
        (&stranger, format!("/api/v1/payments/sandbox/{session_id}")),
        (&stranger, format!("/api/v1/payments/session/{session_id}")),
        (&guide, format!("/api/v1/payments/sandbox/{session_id}")),
    ] {
        assert_error(
            app.get_auth(&path, &user.token).await,
            StatusCode::NOT_FOUND,
            "Checkout not found",
        )
        .await;
    }
    let stolen = app
        .post_json_auth(
            &format!("/api/v1/payments/sandbox/{session_id}/pay"),
            &json!({}),
            &stranger.token,
        )
        .await;
    assert_error(stolen, StatusCode::NOT_FOUND, "Checkout not found").await;
    assert_eq!(booking_state(&app, &tourist, id).await["paymentStatus"], "unpaid");
    // The same open checkout is offered again.
    let again: Value = app.get_auth(&create_path(id), &tourist.token).await.json().await.unwrap();
    assert_eq!(again["sessionId"], session_id);
}

#[tokio::test]
async fn a_cancelled_sandbox_checkout_cannot_be_paid_and_a_new_one_can() {
    // Arrange
    let app = spawn_app().await;
    let (_, tourist, booking) = approved_booking(&app, 3, 1).await;
    let id = booking["_id"].as_str().unwrap();
    let first: Value = app.get_auth(&create_path(id), &tourist.token).await.json().await.unwrap();
    let first = first["sessionId"].as_str().unwrap().to_owned();

    // Act
    let cancelled = app
        .post_json_auth(
            &format!("/api/v1/payments/sandbox/{first}/cancel"),
            &json!({}),
            &tourist.token,
        )
        .await;
    let pay_cancelled = app
        .post_json_auth(
            &format!("/api/v1/payments/sandbox/{first}/pay"),
            &json!({}),
            &tourist.token,
        )
        .await;
    let second: Value = app.get_auth(&create_path(id), &tourist.token).await.json().await.unwrap();

    // Assert
    assert_eq!(
        cancelled.json::<Value>().await.unwrap()["redirect"],
        format!("/cancel?booking_id={id}")
    );
    assert_error(
        pay_cancelled,
        StatusCode::CONFLICT,
        "This checkout was cancelled. Please start the payment again.",
    )
    .await;
    assert_ne!(second["sessionId"], first);
    let paid = app
        .post_json_auth(
            &format!("/api/v1/payments/sandbox/{}/pay", second["sessionId"].as_str().unwrap()),
            &json!({}),
            &tourist.token,
        )
        .await;
    assert_eq!(paid.status(), StatusCode::OK);
    assert_eq!(booking_state(&app, &tourist, id).await["paymentStatus"], "paid");
}

#[tokio::test]
async fn with_stripe_keys_a_real_checkout_session_is_created_with_the_servers_price() {
    // Arrange
    let stripe = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(checkout_created("cs_test_123"))
        .expect(1)
        .mount(&stripe)
        .await;
    let app = stripe_app(&stripe).await;
    let (_, tourist, booking) = approved_booking(&app, 3, 2).await;
    let id = booking["_id"].as_str().unwrap();

    // Act
    let response = app.get_auth(&create_path(id), &tourist.token).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["url"], "https://checkout.stripe.com/c/pay/cs_test_123");
    assert_eq!(body["sessionId"], "cs_test_123");
    let requests = stripe.received_requests().await.unwrap();
    let request = &requests[0];
    assert_eq!(request.headers["authorization"], format!("Bearer {STRIPE_KEY}"));
    assert!(request.headers["idempotency-key"].to_str().unwrap().starts_with("yatra-checkout-"));
    assert_eq!(request.headers["content-type"], "application/x-www-form-urlencoded");
    let form = form_fields(&request.body);
    assert_eq!(form["mode"], "payment");
    assert_eq!(form["client_reference_id"], id);
    assert_eq!(form["metadata[bookingId]"], id);
    assert_eq!(form["customer_email"], tourist.email);
    assert_eq!(form["line_items[0][price_data][currency]"], "usd");
    assert_eq!(form["line_items[0][price_data][unit_amount]"], "4000");
    assert_eq!(form["line_items[0][quantity]"], "2");
    assert_eq!(form["line_items[0][price_data][product_data][name]"], "Guided day with Pemba Lama");
    assert_eq!(
        form["success_url"],
        "https://yatra.example/success?session_id={CHECKOUT_SESSION_ID}"
    );
    assert_eq!(form["cancel_url"], format!("https://yatra.example/cancel?booking_id={id}"));

    // No sandbox on a server taking real payments.
    let sandbox = app
        .post_json_auth("/api/v1/payments/sandbox/cs_test_123/pay", &json!({}), &tourist.token)
        .await;
    assert_eq!(sandbox.status(), StatusCode::NOT_FOUND);
    assert_eq!(booking_state(&app, &tourist, id).await["paymentStatus"], "unpaid");
}

#[tokio::test]
async fn a_stripe_error_gives_the_alert_text_and_leaves_the_booking_unpaid() {
    // Arrange
    let stripe = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(ResponseTemplate::new(402).set_body_json(
            json!({ "error": { "type": "card_error", "message": "No such account" } }),
        ))
        .mount(&stripe)
        .await;
    let app = stripe_app(&stripe).await;
    let (_, tourist, booking) = approved_booking(&app, 3, 2).await;
    let id = booking["_id"].as_str().unwrap();

    // Act
    let response = app.get_auth(&create_path(id), &tourist.token).await;

    // Assert
    assert_error(response, StatusCode::BAD_GATEWAY, "Failed to initiate Stripe payment").await;
    assert_eq!(booking_state(&app, &tourist, id).await["paymentStatus"], "unpaid");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM payments WHERE booking_id = $1", id).await, 0);
}

/// A Stripe-mode server with a booking whose checkout session `cs_test_hook` is open.
async fn open_stripe_checkout(stripe: &MockServer) -> (TestApp, TestUser, String) {
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(checkout_created("cs_test_hook"))
        .mount(stripe)
        .await;
    let app = stripe_app(stripe).await;
    let (_, tourist, booking) = approved_booking(&app, 3, 2).await;
    let id = booking["_id"].as_str().unwrap().to_owned();
    assert_eq!(app.get_auth(&create_path(&id), &tourist.token).await.status(), StatusCode::OK);
    (app, tourist, id)
}

#[tokio::test]
async fn the_same_webhook_delivered_twenty_times_at_once_pays_once_and_notifies_once() {
    // Arrange
    let stripe = MockServer::start().await;
    let (app, tourist, id) = open_stripe_checkout(&stripe).await;
    let payload = event("checkout.session.completed", "cs_test_hook", "paid");
    let signature = sign(WEBHOOK_SECRET.as_bytes(), payload.as_bytes(), now_secs());

    // Act
    let deliveries =
        futures::future::join_all((0..20).map(|_| deliver(&app, &payload, &signature))).await;

    // Assert
    assert!(deliveries.iter().all(|r| r.status() == StatusCode::OK));
    assert_eq!(booking_state(&app, &tourist, &id).await["paymentStatus"], "paid");
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM payments WHERE booking_id = $1 AND status = 'paid'", &id)
            .await,
        1
    );
    assert_eq!(paid_notifications(&app, &id).await, 2);
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn tampered_stale_or_unsigned_webhooks_are_refused_and_change_nothing() {
    // Arrange
    let stripe = MockServer::start().await;
    let (app, tourist, id) = open_stripe_checkout(&stripe).await;
    let payload = event("checkout.session.completed", "cs_test_hook", "paid");
    let now = now_secs();
    let tampered = payload.replace("cs_test_hook", "cs_test_other");

    // Act and assert
    for (body, signature) in [
        (tampered.clone(), sign(WEBHOOK_SECRET.as_bytes(), payload.as_bytes(), now)),
        (payload.clone(), sign(WEBHOOK_SECRET.as_bytes(), payload.as_bytes(), now - 301)),
        (payload.clone(), sign(b"whsec_someone_else", payload.as_bytes(), now)),
        (payload.clone(), "t=1,v1=00".to_owned()),
        (payload.clone(), String::new()),
    ] {
        assert_error(
            deliver(&app, &body, &signature).await,
            StatusCode::BAD_REQUEST,
            "Invalid signature",
        )
        .await;
    }
    let unsigned = app.client.post(app.url(WEBHOOK)).body(payload.clone()).send().await.unwrap();
    assert_error(unsigned, StatusCode::BAD_REQUEST, "Invalid signature").await;
    let garbage = "not json at all";
    assert_error(
        deliver(&app, garbage, &sign(WEBHOOK_SECRET.as_bytes(), garbage.as_bytes(), now)).await,
        StatusCode::BAD_REQUEST,
        "Invalid event",
    )
    .await;
    assert_eq!(booking_state(&app, &tourist, &id).await["paymentStatus"], "unpaid");
}

#[tokio::test]
async fn only_completed_paid_checkouts_pay_and_other_events_change_nothing() {
    // Arrange
    let stripe = MockServer::start().await;
    let (app, tourist, id) = open_stripe_checkout(&stripe).await;
    let send = |kind: &str, status: &str| {
        let payload = event(kind, "cs_test_hook", status);
        let signature = sign(WEBHOOK_SECRET.as_bytes(), payload.as_bytes(), now_secs());
        let app = &app;
        async move { deliver(app, &payload, &signature).await.status() }
    };

    // Act and assert: nothing pays the booking but a paid completion.
    assert_eq!(send("payment_intent.created", "paid").await, StatusCode::OK);
    assert_eq!(send("customer.created", "").await, StatusCode::OK);
    assert_eq!(send("checkout.session.completed", "unpaid").await, StatusCode::OK);
    assert_eq!(booking_state(&app, &tourist, &id).await["paymentStatus"], "unpaid");
    let unknown = event("checkout.session.completed", "cs_not_ours", "paid");
    assert_eq!(
        deliver(&app, &unknown, &sign(WEBHOOK_SECRET.as_bytes(), unknown.as_bytes(), now_secs()))
            .await
            .status(),
        StatusCode::OK
    );

    assert_eq!(send("checkout.session.async_payment_succeeded", "paid").await, StatusCode::OK);
    assert_eq!(booking_state(&app, &tourist, &id).await["paymentStatus"], "paid");
    assert_eq!(paid_notifications(&app, &id).await, 2);
}

#[tokio::test]
async fn an_expired_checkout_is_closed_and_a_new_one_is_started() {
    // Arrange
    let stripe = MockServer::start().await;
    let (app, tourist, id) = open_stripe_checkout(&stripe).await;
    let payload = event("checkout.session.expired", "cs_test_hook", "unpaid");

    // Act
    let response =
        deliver(&app, &payload, &sign(WEBHOOK_SECRET.as_bytes(), payload.as_bytes(), now_secs()))
            .await;
    app.get_auth(&create_path(&id), &tourist.token).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM payments WHERE booking_id = $1 AND status = 'cancelled'",
            &id
        )
        .await,
        1
    );
    assert_eq!(stripe.received_requests().await.unwrap().len(), 2, "a second session was created");
}

#[tokio::test]
async fn the_success_page_lookup_confirms_a_paid_session_before_the_webhook_arrives() {
    // Arrange
    let stripe = MockServer::start().await;
    let (app, tourist, id) = open_stripe_checkout(&stripe).await;
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cs_test_hook"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({ "id": "cs_test_hook", "payment_status": "paid" })),
        )
        .mount(&stripe)
        .await;

    // Act
    let status = app.get_data("/api/v1/payments/session/cs_test_hook", &tourist.token).await;

    // Assert
    assert_eq!(status["paymentStatus"], "paid");
    assert_eq!(status["booking"]["_id"], id);
    assert_eq!(status["booking"]["paymentStatus"], "paid");
    assert_eq!(paid_notifications(&app, &id).await, 2);
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn without_a_webhook_secret_every_webhook_is_refused() {
    let app = spawn_app().await;
    let payload = event("checkout.session.completed", "cs_x", "paid");
    let response =
        deliver(&app, &payload, &sign(WEBHOOK_SECRET.as_bytes(), payload.as_bytes(), now_secs()))
            .await;
    assert_error(response, StatusCode::BAD_REQUEST, "Invalid signature").await;
}
