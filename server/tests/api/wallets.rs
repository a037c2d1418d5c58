//! Khalti and eSewa, charged in rupees at `YATRA_NPR_PER_USD`, against local fakes that
//! check the exact requests: a booking becomes paid only when Khalti's lookup says
//! `Completed`, or eSewa's signed answer and its status API say `COMPLETE`, each with
//! exactly the amount asked for.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use reqwest::StatusCode;
use serde_json::{Value, json};
use wiremock::matchers::{body_json, header, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};
use yatra::providers::esewa;

use crate::fixtures::{approved_booking, days_from_today, request_booking};
use crate::helpers::{TestApp, TestUser, assert_error, spawn_app_with};

const KHALTI_KEY: &str = "test_secret_key_0123456789";
const ESEWA_KEY: &str = "esewa-test-secret";
const PRODUCT: &str = "EPAYTEST";
const RATE: &str = "133.5";
/// $80 (one day, two people at $40) at 133.5 rupees: 10,680 rupees.
const RUPEES: i64 = 10_680;
const FAST_SWEEP: (&str, &str) = ("YATRA_SWEEP_EVERY", "50ms");

async fn khalti_app(khalti: &MockServer) -> TestApp {
    spawn_app_with(&[
        ("YATRA_KHALTI_SECRET_KEY", KHALTI_KEY),
        ("YATRA_KHALTI_API_BASE", &format!("{}/api/v2", khalti.uri())),
        ("YATRA_NPR_PER_USD", RATE),
        ("YATRA_PUBLIC_URL", "https://yatra.example"),
        ("YATRA_PAYMENTS_SANDBOX", "false"),
        FAST_SWEEP,
    ])
    .await
}

async fn esewa_app(esewa: &MockServer) -> TestApp {
    spawn_app_with(&[
        ("YATRA_ESEWA_PRODUCT_CODE", PRODUCT),
        ("YATRA_ESEWA_SECRET_KEY", ESEWA_KEY),
        ("YATRA_ESEWA_FORM_URL", &format!("{}/api/epay/main/v2/form", esewa.uri())),
        ("YATRA_ESEWA_STATUS_URL", &format!("{}/api/epay/transaction/status", esewa.uri())),
        ("YATRA_NPR_PER_USD", RATE),
        ("YATRA_PUBLIC_URL", "https://yatra.example"),
        ("YATRA_PAYMENTS_SANDBOX", "false"),
        FAST_SWEEP,
    ])
    .await
}

fn khalti_initiate(booking_id: &str) -> String {
    format!("/api/v1/payments/khalti/initiate/{booking_id}")
}

fn esewa_initiate(booking_id: &str) -> String {
    format!("/api/v1/payments/esewa/initiate/{booking_id}")
}

async fn scalar(app: &TestApp, sql: &str, id: &str) -> i64 {
    let db = app.db().await;
    let (value,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql.to_owned()))
        .bind(id)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    value
}

async fn text(app: &TestApp, sql: &str, id: &str) -> String {
    let db = app.db().await;
    let (value,): (String,) = sqlx::query_as(sqlx::AssertSqlSafe(sql.to_owned()))
        .bind(id)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    value
}

async fn booking_of(app: &TestApp, user: &TestUser, id: &str) -> Value {
    app.get_data(&format!("/api/v1/tourists/details/{id}"), &user.token).await
}

async fn paid_notifications(app: &TestApp, id: &str) -> i64 {
    scalar(
        app,
        "SELECT COUNT(*) FROM notifications WHERE booking_id = $1 AND kind = 'booking_paid'",
        id,
    )
    .await
}

/// Khalti answering an initiation with `pidx`.
async fn khalti_initiates(khalti: &MockServer, pidx: &str) {
    Mock::given(method("POST"))
        .and(path("/api/v2/epayment/initiate/"))
        .and(header("authorization", format!("Key {KHALTI_KEY}").as_str()))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "pidx": pidx, "payment_url": format!("https://test-pay.khalti.com/?pidx={pidx}"),
            "expires_at": "2026-11-24T12:00:00+05:45", "expires_in": 1800,
        })))
        .mount(khalti)
        .await;
}

/// Khalti's lookup of `pidx` answering `status` (HTTP `code`) for `paisa`.
async fn khalti_looks_up(khalti: &MockServer, pidx: &str, code: u16, status: &str, paisa: i64) {
    Mock::given(method("POST"))
        .and(path("/api/v2/epayment/lookup/"))
        .and(header("authorization", format!("Key {KHALTI_KEY}").as_str()))
        .and(body_json(json!({ "pidx": pidx })))
        .respond_with(ResponseTemplate::new(code).set_body_json(json!({
            "pidx": pidx, "total_amount": paisa, "status": status,
            "transaction_id": (status == "Completed").then_some("GFq9PFS7b2iYvL8Lir9oXe"), "fee": 0, "refunded": false,
        })))
        .mount(khalti)
        .await;
}

async fn khalti_confirm(app: &TestApp, user: &TestUser, pidx: &str) -> reqwest::Response {
    app.post_json_auth("/api/v1/payments/khalti/confirm", &json!({ "pidx": pidx }), &user.token)
        .await
}

async fn esewa_confirm(app: &TestApp, user: &TestUser, data: &str) -> reqwest::Response {
    app.post_json_auth("/api/v1/payments/esewa/confirm", &json!({ "data": data }), &user.token)
        .await
}

async fn ok_json(response: reqwest::Response) -> Value {
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

#[tokio::test]
async fn paying_with_khalti_asks_khalti_exactly_and_confirms_once_on_completed_with_the_amount() {
    // Arrange
    let khalti = MockServer::start().await;
    let app = khalti_app(&khalti).await;
    let (guide, tourist, booking) = approved_booking(&app, 3, 2).await;
    let id = booking["_id"].as_str().unwrap();
    khalti_initiates(&khalti, "bZQLD9wRVWo4CdESSfuSsB").await;
    khalti_looks_up(&khalti, "bZQLD9wRVWo4CdESSfuSsB", 200, "Completed", RUPEES * 100).await;

    // Act
    let started =
        ok_json(app.post_json_auth(&khalti_initiate(id), &json!({}), &tourist.token).await).await;
    let confirmed = ok_json(khalti_confirm(&app, &tourist, "bZQLD9wRVWo4CdESSfuSsB").await).await;
    let again = ok_json(khalti_confirm(&app, &tourist, "bZQLD9wRVWo4CdESSfuSsB").await).await;

    // Assert
    assert_eq!(started["url"], "https://test-pay.khalti.com/?pidx=bZQLD9wRVWo4CdESSfuSsB");
    assert_eq!(started["amountNpr"], RUPEES);
    assert_eq!(started["nprPerUsd"], 133.5);
    let requests = khalti.received_requests().await.unwrap();
    let initiate: Value = serde_json::from_slice(&requests[0].body).unwrap();
    assert_eq!(
        initiate,
        json!({
            "return_url": "https://yatra.example/payments/khalti/return", "website_url": "https://yatra.example",
            "amount": RUPEES * 100, "purchase_order_id": id, "purchase_order_name": "Guided day with Pemba Lama",
            "customer_info": { "name": format!("{} {}", tourist_first(&booking), tourist_last(&booking)), "email": booking["tourist"]["email"] },
        })
    );
    assert_eq!(confirmed["data"]["paymentStatus"], "paid");
    assert_eq!(confirmed["data"]["amountNpr"], RUPEES);
    assert_eq!(confirmed["data"]["nprPerUsd"], 133.5);
    assert_eq!(confirmed["data"]["method"], "khalti");
    assert_eq!(again["data"]["paymentStatus"], "paid");
    assert_eq!(paid_notifications(&app, id).await, 2);
    assert_eq!(booking_of(&app, &guide, id).await["paymentStatus"], "paid");
    let receipt = &booking_of(&app, &tourist, id).await["payment"];
    assert_eq!(
        (receipt["provider"].as_str(), receipt["currency"].as_str(), &receipt["amountNpr"]),
        (Some("khalti"), Some("npr"), &json!(RUPEES))
    );
    assert_eq!(receipt["nprPerUsd"], 133.5);
    assert_eq!(
        scalar(
            &app,
            "SELECT captured_minor FROM payments WHERE booking_id = $1 AND status = 'paid'",
            id
        )
        .await,
        RUPEES * 100
    );
    assert_eq!(
        text(
            &app,
            "SELECT payment_intent FROM payments WHERE booking_id = $1 AND status = 'paid'",
            id
        )
        .await,
        "GFq9PFS7b2iYvL8Lir9oXe"
    );
    let lookups = khalti
        .received_requests()
        .await
        .unwrap()
        .iter()
        .filter(|r| r.url.path().ends_with("/lookup/"))
        .count();
    assert_eq!(lookups, 1, "a paid payment is not looked up again");
}

fn tourist_first(booking: &Value) -> String {
    booking["tourist"]["firstName"].as_str().unwrap().to_owned()
}

fn tourist_last(booking: &Value) -> String {
    booking["tourist"]["lastName"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_khalti_lookup_that_is_not_completed_with_the_exact_amount_confirms_nothing() {
    // Arrange
    let khalti = MockServer::start().await;
    let app = khalti_app(&khalti).await;
    let (_, tourist, booking) = approved_booking(&app, 3, 2).await;
    let id = booking["_id"].as_str().unwrap();
    let answers = [
        ("pidxPending", 200, "Pending", RUPEES * 100),
        ("pidxExpired", 400, "Expired", RUPEES * 100),
        ("pidxCanceled", 400, "User canceled", RUPEES * 100),
        ("pidxShort", 200, "Completed", RUPEES * 100 - 100),
        ("pidxRefunded", 200, "Refunded", RUPEES * 100),
    ];
    for (pidx, code, status, paisa) in answers {
        Mock::given(method("POST"))
            .and(path("/api/v2/epayment/initiate/"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "pidx": pidx, "payment_url": "https://test-pay.khalti.com/",
            })))
            .up_to_n_times(1)
            .mount(&khalti)
            .await;
        khalti_looks_up(&khalti, pidx, code, status, paisa).await;
        ok_json(app.post_json_auth(&khalti_initiate(id), &json!({}), &tourist.token).await).await;
    }
    Mock::given(method("POST"))
        .and(path("/api/v2/epayment/lookup/"))
        .and(body_json(json!({ "pidx": "pidxDown" })))
        .respond_with(ResponseTemplate::new(503))
        .mount(&khalti)
        .await;
    let db = app.db().await;
    sqlx::query(
        "INSERT INTO payments (id, booking_id, provider, method, provider_session_id, amount_cents, amount_minor, currency, status, created_at, updated_at) \
         VALUES ('p-down', $1, 'khalti', 'khalti', 'pidxDown', 8000, 1068000, 'npr', 'pending', 1, 1)",
    )
    .bind(id)
    .execute(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;

    // Act
    let pending = ok_json(khalti_confirm(&app, &tourist, "pidxPending").await).await;
    let expired = ok_json(khalti_confirm(&app, &tourist, "pidxExpired").await).await;
    let canceled = ok_json(khalti_confirm(&app, &tourist, "pidxCanceled").await).await;
    let short = khalti_confirm(&app, &tourist, "pidxShort").await;
    let refunded = khalti_confirm(&app, &tourist, "pidxRefunded").await;
    let down = khalti_confirm(&app, &tourist, "pidxDown").await;

    // Assert
    assert_eq!(pending["data"]["paymentStatus"], "pending");
    assert_eq!(pending["message"], "Khalti has not completed this payment yet.");
    assert_eq!(expired["data"]["paymentStatus"], "cancelled");
    assert!(expired["message"].as_str().unwrap().contains("expired"), "{expired}");
    assert_eq!(canceled["data"]["paymentStatus"], "cancelled");
    assert!(canceled["message"].as_str().unwrap().contains("cancelled"), "{canceled}");
    assert_eq!(short.status(), StatusCode::CONFLICT);
    assert_eq!(refunded.status(), StatusCode::CONFLICT);
    assert_error(
        down,
        StatusCode::BAD_GATEWAY,
        "Khalti could not be asked about this payment. Please try again in a moment.",
    )
    .await;
    assert_eq!(booking_of(&app, &tourist, id).await["paymentStatus"], "unpaid");
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM payments WHERE booking_id = $1 AND status = 'paid'", id)
            .await,
        0
    );
    assert_eq!(paid_notifications(&app, id).await, 0);
}

#[tokio::test]
async fn only_the_traveller_may_start_or_confirm_a_khalti_payment_of_an_approved_unpaid_booking() {
    // Arrange
    let khalti = MockServer::start().await;
    let app = khalti_app(&khalti).await;
    let (guide, tourist, booking) = approved_booking(&app, 3, 2).await;
    let id = booking["_id"].as_str().unwrap();
    let guide_id = booking["guide"]["_id"].as_str().unwrap();
    let pending = request_booking(&app, &tourist, guide_id, &days_from_today(9), 1).await;
    let stranger = app.signup_and_login("tourist").await;
    khalti_initiates(&khalti, "pidxOwn").await;
    khalti_looks_up(&khalti, "pidxOwn", 200, "Completed", RUPEES * 100).await;
    ok_json(app.post_json_auth(&khalti_initiate(id), &json!({}), &tourist.token).await).await;

    // Act + Assert
    assert_eq!(
        app.post_json_auth(&khalti_initiate(id), &json!({}), &guide.token).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_error(
        app.post_json_auth(&khalti_initiate(id), &json!({}), &stranger.token).await,
        StatusCode::NOT_FOUND,
        "Booking not found",
    )
    .await;
    let pending_id = pending["_id"].as_str().unwrap();
    assert_eq!(
        app.post_json_auth(&khalti_initiate(pending_id), &json!({}), &tourist.token).await.status(),
        StatusCode::CONFLICT
    );
    assert_eq!(
        app.client.post(app.url(&khalti_initiate(id))).send().await.unwrap().status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(khalti_confirm(&app, &guide, "pidxOwn").await.status(), StatusCode::FORBIDDEN);
    assert_error(
        khalti_confirm(&app, &stranger, "pidxOwn").await,
        StatusCode::NOT_FOUND,
        "Checkout not found",
    )
    .await;
    assert_error(
        khalti_confirm(&app, &tourist, "pidxNobodys").await,
        StatusCode::NOT_FOUND,
        "Checkout not found",
    )
    .await;
    for bad in ["", "../lookup", "a b", &"x".repeat(101)] {
        assert_error(
            khalti_confirm(&app, &tourist, bad).await,
            StatusCode::BAD_REQUEST,
            "Invalid pidx",
        )
        .await;
    }
    let not_json = app
        .client
        .post(app.url("/api/v1/payments/khalti/confirm"))
        .bearer_auth(&tourist.token)
        .json(&json!({ "pidx": 5 }))
        .send()
        .await
        .unwrap();
    assert_eq!(not_json.status(), StatusCode::BAD_REQUEST);
    assert_eq!(booking_of(&app, &tourist, id).await["paymentStatus"], "unpaid");
    ok_json(khalti_confirm(&app, &tourist, "pidxOwn").await).await;
    assert_error(
        app.post_json_auth(&khalti_initiate(id), &json!({}), &tourist.token).await,
        StatusCode::CONFLICT,
        "This booking is already paid",
    )
    .await;
}

#[tokio::test]
async fn khalti_failing_to_initiate_answers_502_and_leaves_nothing_behind() {
    // Arrange
    let khalti = MockServer::start().await;
    let app = khalti_app(&khalti).await;
    let (_, tourist, booking) = approved_booking(&app, 3, 2).await;
    let id = booking["_id"].as_str().unwrap();
    Mock::given(method("POST"))
        .and(path("/api/v2/epayment/initiate/"))
        .respond_with(
            ResponseTemplate::new(401)
                .set_body_json(json!({ "detail": "Invalid token.", "status_code": 401 })),
        )
        .mount(&khalti)
        .await;

    // Act
    let response = app.post_json_auth(&khalti_initiate(id), &json!({}), &tourist.token).await;

    // Assert
    assert_error(response, StatusCode::BAD_GATEWAY, "Failed to initiate Khalti payment").await;
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM payments WHERE booking_id = $1", id).await, 0);
}

#[tokio::test]
async fn a_cancelled_khalti_paid_trip_is_refunded_through_khaltis_refund_api() {
    // Arrange
    let khalti = MockServer::start().await;
    let app = khalti_app(&khalti).await;
    let (guide, tourist, booking) = approved_booking(&app, 10, 2).await;
    let id = booking["_id"].as_str().unwrap();
    khalti_initiates(&khalti, "pidxRefund").await;
    khalti_looks_up(&khalti, "pidxRefund", 200, "Completed", RUPEES * 100).await;
    Mock::given(method("POST"))
        .and(path("/api/merchant-transaction/GFq9PFS7b2iYvL8Lir9oXe/refund/"))
        .and(header("authorization", format!("Key {KHALTI_KEY}").as_str()))
        .and(body_json(json!({})))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({ "detail": "Transaction refund successful." })),
        )
        .expect(1)
        .mount(&khalti)
        .await;
    ok_json(app.post_json_auth(&khalti_initiate(id), &json!({}), &tourist.token).await).await;
    ok_json(khalti_confirm(&app, &tourist, "pidxRefund").await).await;

    // Act
    let cancelled = app
        .post_json_auth(
            &format!("/api/v1/bookings/{id}/cancel"),
            &json!({ "reason": "Landslide" }),
            &guide.token,
        )
        .await;

    // Assert
    assert_eq!(cancelled.status(), StatusCode::OK);
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while booking_of(&app, &tourist, id).await["paymentStatus"] != "refunded" {
        assert!(std::time::Instant::now() < deadline, "never refunded");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM refunds WHERE booking_id = $1 AND status = 'succeeded'",
            id
        )
        .await,
        1
    );
}

/// Posts eSewa's form as the browser would and answers what eSewa would send back.
fn esewa_answer(status: &str, total: &str, uuid: &str) -> String {
    esewa::answer(ESEWA_KEY.as_bytes(), "000AWEO", status, total, uuid, PRODUCT)
}

async fn esewa_status(server: &MockServer, uuid: &str, status: &str, total: Value) {
    Mock::given(method("GET"))
        .and(path("/api/epay/transaction/status/"))
        .and(query_param("product_code", PRODUCT))
        .and(query_param("total_amount", RUPEES.to_string().as_str()))
        .and(query_param("transaction_uuid", uuid))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "product_code": PRODUCT, "transaction_uuid": uuid, "total_amount": total, "status": status, "ref_id": "0001TS9",
        })))
        .mount(server)
        .await;
}

#[tokio::test]
async fn paying_with_esewa_signs_the_form_and_confirms_only_a_signed_answer_the_status_api_calls_complete()
 {
    // Arrange
    let server = MockServer::start().await;
    let app = esewa_app(&server).await;
    let (guide, tourist, booking) = approved_booking(&app, 3, 2).await;
    let id = booking["_id"].as_str().unwrap();

    // Act
    let started =
        ok_json(app.post_json_auth(&esewa_initiate(id), &json!({}), &tourist.token).await).await;
    let uuid = started["fields"]["transaction_uuid"].as_str().unwrap().to_owned();
    esewa_status(&server, &uuid, "COMPLETE", json!(RUPEES as f64)).await;
    let confirmed = ok_json(
        esewa_confirm(&app, &tourist, &esewa_answer("COMPLETE", &format!("{RUPEES}.0"), &uuid))
            .await,
    )
    .await;
    let again = ok_json(
        esewa_confirm(&app, &tourist, &esewa_answer("COMPLETE", &format!("{RUPEES}.0"), &uuid))
            .await,
    )
    .await;

    // Assert
    assert_eq!(started["url"], format!("{}/api/epay/main/v2/form", server.uri()));
    assert_eq!(started["amountNpr"], RUPEES);
    let fields = &started["fields"];
    let total = RUPEES.to_string();
    assert_eq!(
        (fields["amount"].as_str(), fields["total_amount"].as_str()),
        (Some(total.as_str()), Some(total.as_str()))
    );
    assert_eq!(
        (
            fields["tax_amount"].as_str(),
            fields["product_service_charge"].as_str(),
            fields["product_delivery_charge"].as_str()
        ),
        (Some("0"), Some("0"), Some("0"))
    );
    assert_eq!(fields["product_code"], PRODUCT);
    assert_eq!(fields["success_url"], "https://yatra.example/payments/esewa/success");
    assert_eq!(
        fields["failure_url"],
        format!("https://yatra.example/payments/esewa/failure?booking_id={id}")
    );
    assert_eq!(fields["signed_field_names"], "total_amount,transaction_uuid,product_code");
    let message = format!("total_amount={total},transaction_uuid={uuid},product_code={PRODUCT}");
    assert_eq!(fields["signature"], esewa::signature(ESEWA_KEY.as_bytes(), &message));
    assert_eq!(confirmed["data"]["paymentStatus"], "paid");
    assert_eq!(confirmed["data"]["amountNpr"], RUPEES);
    assert_eq!(again["data"]["paymentStatus"], "paid");
    assert_eq!(paid_notifications(&app, id).await, 2);
    assert_eq!(booking_of(&app, &guide, id).await["paymentStatus"], "paid");
    assert_eq!(
        text(
            &app,
            "SELECT payment_intent FROM payments WHERE booking_id = $1 AND status = 'paid'",
            id
        )
        .await,
        "0001TS9"
    );
    assert_eq!(
        scalar(
            &app,
            "SELECT captured_minor FROM payments WHERE booking_id = $1 AND status = 'paid'",
            id
        )
        .await,
        RUPEES * 100
    );
    assert_eq!(server.received_requests().await.unwrap().len(), 1, "the status API is asked once");
}

#[tokio::test]
async fn tampered_unsigned_foreign_or_unconfirmed_esewa_answers_confirm_nothing() {
    // Arrange
    let server = MockServer::start().await;
    let app = esewa_app(&server).await;
    let (guide, tourist, booking) = approved_booking(&app, 3, 2).await;
    let id = booking["_id"].as_str().unwrap();
    let stranger = app.signup_and_login("tourist").await;
    let mut uuids = Vec::new();
    for _ in 0..4 {
        let started =
            ok_json(app.post_json_auth(&esewa_initiate(id), &json!({}), &tourist.token).await)
                .await;
        uuids.push(started["fields"]["transaction_uuid"].as_str().unwrap().to_owned());
    }
    let (pending, wrong_amount, canceled, unknown) = (&uuids[0], &uuids[1], &uuids[2], &uuids[3]);
    esewa_status(&server, pending, "PENDING", json!(RUPEES as f64)).await;
    esewa_status(&server, wrong_amount, "COMPLETE", json!("10.0")).await;
    esewa_status(&server, canceled, "CANCELED", json!(RUPEES as f64)).await;
    esewa_status(&server, unknown, "NOT_FOUND", json!(RUPEES as f64)).await;
    let full = format!("{RUPEES}.0");
    let good = esewa_answer("COMPLETE", &full, pending);
    let json_of = |data: &str| String::from_utf8(STANDARD.decode(data).unwrap()).unwrap();
    let tampered = STANDARD.encode(json_of(&good).replace(&format!("\"{full}\""), "\"1.0\""));
    let other_key = esewa::answer(b"not the key", "000AWEO", "COMPLETE", &full, pending, PRODUCT);
    let other_merchant =
        esewa::answer(ESEWA_KEY.as_bytes(), "000AWEO", "COMPLETE", &full, pending, "OTHERSHOP");
    let signed_wrong_amount = esewa_answer("COMPLETE", "1.0", pending);

    // Act + Assert
    assert_error(
        esewa_confirm(&app, &tourist, &tampered).await,
        StatusCode::BAD_REQUEST,
        "The eSewa response's signature does not match",
    )
    .await;
    assert_error(
        esewa_confirm(&app, &tourist, &other_key).await,
        StatusCode::BAD_REQUEST,
        "The eSewa response's signature does not match",
    )
    .await;
    for garbage in ["", "not base64!", "e30=", &"A".repeat(5000)] {
        assert_error(
            esewa_confirm(&app, &tourist, garbage).await,
            StatusCode::BAD_REQUEST,
            "The eSewa response is not valid",
        )
        .await;
    }
    assert_error(
        esewa_confirm(&app, &tourist, &other_merchant).await,
        StatusCode::BAD_REQUEST,
        "The eSewa response is not for this merchant",
    )
    .await;
    assert_eq!(
        esewa_confirm(&app, &tourist, &signed_wrong_amount).await.status(),
        StatusCode::CONFLICT
    );
    assert_eq!(esewa_confirm(&app, &guide, &good).await.status(), StatusCode::FORBIDDEN);
    assert_error(
        esewa_confirm(&app, &stranger, &good).await,
        StatusCode::NOT_FOUND,
        "Checkout not found",
    )
    .await;
    let waiting = ok_json(esewa_confirm(&app, &tourist, &good).await).await;
    assert_eq!(waiting["data"]["paymentStatus"], "pending");
    assert_eq!(
        esewa_confirm(&app, &tourist, &esewa_answer("COMPLETE", &full, wrong_amount))
            .await
            .status(),
        StatusCode::CONFLICT
    );
    let gone =
        ok_json(esewa_confirm(&app, &tourist, &esewa_answer("COMPLETE", &full, canceled)).await)
            .await;
    assert_eq!(gone["data"]["paymentStatus"], "cancelled");
    assert_eq!(
        esewa_confirm(&app, &tourist, &esewa_answer("COMPLETE", &full, unknown)).await.status(),
        StatusCode::CONFLICT
    );
    assert_eq!(booking_of(&app, &tourist, id).await["paymentStatus"], "unpaid");
    assert_eq!(paid_notifications(&app, id).await, 0);
}

/// An eSewa-paid trip the guide cancelled, once the refund worker has parked its refund:
/// the traveller and the booking's id.
async fn parked_esewa_refund(app: &TestApp, server: &MockServer) -> (TestUser, String) {
    let (guide, tourist, booking) = approved_booking(app, 10, 2).await;
    let id = booking["_id"].as_str().unwrap().to_owned();
    let started =
        ok_json(app.post_json_auth(&esewa_initiate(&id), &json!({}), &tourist.token).await).await;
    let uuid = started["fields"]["transaction_uuid"].as_str().unwrap().to_owned();
    esewa_status(server, &uuid, "COMPLETE", json!(RUPEES as f64)).await;
    ok_json(
        esewa_confirm(app, &tourist, &esewa_answer("COMPLETE", &format!("{RUPEES}.0"), &uuid))
            .await,
    )
    .await;
    let cancelled = app
        .post_json_auth(
            &format!("/api/v1/bookings/{id}/cancel"),
            &json!({ "reason": "Ill" }),
            &guide.token,
        )
        .await;
    assert_eq!(cancelled.status(), StatusCode::OK);
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while !text(app, "SELECT last_error FROM refunds WHERE booking_id = $1", &id)
        .await
        .contains("eSewa has no refund API")
    {
        assert!(std::time::Instant::now() < deadline, "the refund was never parked");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    (tourist, id)
}

#[tokio::test]
async fn an_esewa_refund_is_parked_for_an_admin_because_esewa_has_no_refund_api() {
    // Arrange
    let server = MockServer::start().await;
    let app = esewa_app(&server).await;

    // Act
    let (tourist, id) = parked_esewa_refund(&app, &server).await;
    let id = id.as_str();

    // Assert
    assert!(
        text(&app, "SELECT last_error FROM refunds WHERE booking_id = $1", id)
            .await
            .contains(&format!("NPR {RUPEES}"))
    );
    assert_eq!(booking_of(&app, &tourist, id).await["paymentStatus"], "refund_pending");
    assert_eq!(scalar(&app, "SELECT attempts FROM refunds WHERE booking_id = $1", id).await, 1);
}

#[tokio::test]
async fn an_admin_records_an_esewa_refund_made_by_hand_once_and_the_trip_is_refunded() {
    // Arrange
    let server = MockServer::start().await;
    let app = esewa_app(&server).await;
    let (tourist, id) = parked_esewa_refund(&app, &server).await;
    let admin = app.admin().await;
    let refund_id = text(&app, "SELECT id FROM refunds WHERE booking_id = $1", &id).await;
    let done = format!("/api/v1/admin/refunds/{refund_id}/done");

    // Act
    let waiting = app.get_data("/api/v1/admin/refunds", &admin.token).await;
    let recorded =
        app.post_json_auth(&done, &json!({ "reference": " 0009RX4 " }), &admin.token).await;

    // Assert
    let waiting = waiting.as_array().unwrap();
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert_eq!(waiting[0]["refundId"], refund_id.as_str());
    assert_eq!(waiting[0]["bookingId"], id.as_str());
    assert_eq!(waiting[0]["provider"], "esewa");
    assert_eq!(waiting[0]["amount"], 80.0);
    assert_eq!(waiting[0]["amountNpr"], RUPEES as f64);
    assert_eq!(waiting[0]["travellerEmail"], tourist.email.as_str());
    assert!(!waiting[0]["paymentReference"].as_str().unwrap().is_empty());
    assert_eq!(recorded.status(), StatusCode::OK);
    assert_eq!(ok_json(recorded).await["message"], "Refund recorded");
    assert_eq!(booking_of(&app, &tourist, &id).await["paymentStatus"], "refunded");
    assert_eq!(
        text(&app, "SELECT provider_refund_id FROM refunds WHERE id = $1", &refund_id).await,
        "0009RX4"
    );
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM audit_log WHERE action = 'record_refund' AND target_id = $1",
            &id
        )
        .await,
        1
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM notifications WHERE booking_id = $1 AND kind = 'booking_refunded'", &id).await, 2);
    // Recorded, and told, in the rupees that went back by hand.
    assert_eq!(
        text(
            &app,
            "SELECT reason FROM audit_log WHERE action = 'record_refund' AND target_id = $1",
            &id
        )
        .await,
        "NPR 10,680 refunded by hand through eSewa, reference 0009RX4"
    );
    let refunded = app.wait_for_outbox_email_with(&tourist.email, "has been refunded").await;
    assert!(refunded.contains("NPR 10,680 for your cancelled trip"), "{refunded}");
    assert!(
        app.get_data("/api/v1/admin/refunds", &admin.token).await.as_array().unwrap().is_empty()
    );
    assert_error(
        app.post_json_auth(&done, &json!({ "reference": "0009RX5" }), &admin.token).await,
        StatusCode::CONFLICT,
        "This refund is not waiting to be made by hand",
    )
    .await;
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn only_an_admin_records_a_refund_by_hand_and_only_with_a_reference_for_a_parked_one() {
    // Arrange
    let server = MockServer::start().await;
    let app = esewa_app(&server).await;
    let (tourist, id) = parked_esewa_refund(&app, &server).await;
    let admin = app.admin().await;
    let refund_id = text(&app, "SELECT id FROM refunds WHERE booking_id = $1", &id).await;
    let done = format!("/api/v1/admin/refunds/{refund_id}/done");

    // Act
    let anonymous = app.get("/api/v1/admin/refunds").await;
    let traveller_list = app.get_auth("/api/v1/admin/refunds", &tourist.token).await;
    let traveller_done =
        app.post_json_auth(&done, &json!({ "reference": "0009RX4" }), &tourist.token).await;
    let blank = app.post_json_auth(&done, &json!({ "reference": "   " }), &admin.token).await;
    let missing = app.post_json_auth(&done, &json!({}), &admin.token).await;
    let control =
        app.post_json_auth(&done, &json!({ "reference": "0009\u{7}RX4" }), &admin.token).await;
    let long =
        app.post_json_auth(&done, &json!({ "reference": "R".repeat(101) }), &admin.token).await;
    let unknown = app
        .post_json_auth(
            "/api/v1/admin/refunds/no-such-refund/done",
            &json!({ "reference": "0009RX4" }),
            &admin.token,
        )
        .await;

    // Assert
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(traveller_list.status(), StatusCode::FORBIDDEN);
    assert_eq!(traveller_done.status(), StatusCode::FORBIDDEN);
    assert_error(
        blank,
        StatusCode::BAD_REQUEST,
        "Reference is required: eSewa's id for the refund",
    )
    .await;
    assert_error(
        missing,
        StatusCode::BAD_REQUEST,
        "Reference is required: eSewa's id for the refund",
    )
    .await;
    assert_error(
        control,
        StatusCode::BAD_REQUEST,
        "Reference contains characters that are not allowed",
    )
    .await;
    assert_error(long, StatusCode::BAD_REQUEST, "Reference must be at most 100 characters").await;
    assert_error(unknown, StatusCode::NOT_FOUND, "No such refund").await;
    assert_eq!(booking_of(&app, &tourist, &id).await["paymentStatus"], "refund_pending");
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM audit_log WHERE action = 'record_refund' AND target_id = $1",
            &id
        )
        .await,
        0
    );
}

#[tokio::test]
async fn the_sandbox_offers_both_wallets_and_their_return_pages_confirm_through_the_same_endpoints()
{
    // Arrange
    let app = spawn_app_with(&[("YATRA_NPR_PER_USD", RATE)]).await;
    let (_, tourist, booking) = approved_booking(&app, 3, 2).await;
    let id = booking["_id"].as_str().unwrap();
    let (_, tourist2, booking2) = approved_booking(&app, 4, 2).await;
    let id2 = booking2["_id"].as_str().unwrap();

    // Act
    let methods = app.get_data("/api/v1/payments/methods", &tourist.token).await;
    let khalti =
        ok_json(app.post_json_auth(&khalti_initiate(id), &json!({}), &tourist.token).await).await;
    let pidx = khalti["pidx"].as_str().unwrap().to_owned();
    let shown = app.get_data(&format!("/api/v1/payments/sandbox/{pidx}"), &tourist.token).await;
    let paid = ok_json(
        app.post_json_auth(
            &format!("/api/v1/payments/sandbox/{pidx}/pay"),
            &json!({}),
            &tourist.token,
        )
        .await,
    )
    .await;
    let returned = ok_json(khalti_confirm(&app, &tourist, &pidx).await).await;
    let esewa_started =
        ok_json(app.post_json_auth(&esewa_initiate(id2), &json!({}), &tourist2.token).await).await;
    let session =
        esewa_started["url"].as_str().unwrap().trim_start_matches("/sandbox/checkout/").to_owned();
    let esewa_paid = ok_json(
        app.post_json_auth(
            &format!("/api/v1/payments/sandbox/{session}/pay"),
            &json!({}),
            &tourist2.token,
        )
        .await,
    )
    .await;
    let redirect = esewa_paid["redirect"].as_str().unwrap();
    let data = redirect
        .trim_start_matches("/payments/esewa/success?data=")
        .replace("%2B", "+")
        .replace("%2F", "/")
        .replace("%3D", "=");
    let esewa_returned = ok_json(esewa_confirm(&app, &tourist2, &data).await).await;

    // Assert
    assert_eq!(
        methods,
        json!({ "card": "sandbox", "khalti": "sandbox", "esewa": "sandbox", "nprPerUsd": 133.5 })
    );
    assert_eq!(khalti["url"], format!("/sandbox/checkout/{pidx}"));
    assert_eq!((shown["method"].as_str(), &shown["amountNpr"]), (Some("khalti"), &json!(RUPEES)));
    assert_eq!(
        paid["redirect"],
        format!("/payments/khalti/return?pidx={pidx}&status=Completed&purchase_order_id={id}")
    );
    assert_eq!(returned["data"]["paymentStatus"], "paid");
    assert!(esewa_started["fields"].is_null());
    assert!(redirect.starts_with("/payments/esewa/success?data="), "{redirect}");
    assert_eq!(esewa_returned["data"]["paymentStatus"], "paid");
    assert_eq!(esewa_returned["data"]["method"], "esewa");
    assert_eq!(booking_of(&app, &tourist2, id2).await["payment"]["amountNpr"], RUPEES);
}

#[tokio::test]
async fn without_a_rate_the_sandbox_offers_no_wallet_and_starting_one_answers_503() {
    // Arrange
    let app = spawn_app_with(&[]).await;
    let (_, tourist, booking) = approved_booking(&app, 3, 2).await;
    let id = booking["_id"].as_str().unwrap();

    // Act + Assert
    assert_error(
        app.post_json_auth(&khalti_initiate(id), &json!({}), &tourist.token).await,
        StatusCode::SERVICE_UNAVAILABLE,
        "Khalti payments are not set up on this server",
    )
    .await;
    assert_error(
        app.post_json_auth(&esewa_initiate(id), &json!({}), &tourist.token).await,
        StatusCode::SERVICE_UNAVAILABLE,
        "eSewa payments are not set up on this server",
    )
    .await;
    let methods = app.get_data("/api/v1/payments/methods", &tourist.token).await;
    assert_eq!(
        methods,
        json!({ "card": "sandbox", "khalti": "none", "esewa": "none", "nprPerUsd": null })
    );
}

fn config_error(vars: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().display().to_string();
    let error = yatra::config::Config::from_lookup(|name| {
        if name == "YATRA_DATA_DIR" {
            return Some(data_dir.clone());
        }
        vars.iter().find(|(n, _)| *n == name).map(|(_, v)| (*v).to_owned())
    })
    .unwrap_err();
    format!("{error:#}")
}

#[test]
fn a_wallet_without_a_rate_or_half_configured_stops_start_up_in_one_line_naming_the_variable() {
    for (vars, names) in [
        (vec![("YATRA_KHALTI_SECRET_KEY", "live_secret_abc")], "YATRA_NPR_PER_USD"),
        (
            vec![("YATRA_ESEWA_PRODUCT_CODE", "EPAYTEST"), ("YATRA_ESEWA_SECRET_KEY", "k")],
            "YATRA_NPR_PER_USD",
        ),
        (vec![("YATRA_ESEWA_PRODUCT_CODE", "EPAYTEST")], "YATRA_ESEWA_SECRET_KEY"),
        (vec![("YATRA_NPR_PER_USD", "zero")], "YATRA_NPR_PER_USD"),
        (vec![("YATRA_NPR_PER_USD", "0")], "YATRA_NPR_PER_USD"),
        (vec![("YATRA_KHALTI_API_BASE", "khalti.com")], "YATRA_KHALTI_API_BASE"),
    ] {
        let text = config_error(&vars);
        assert!(text.contains(names), "{vars:?}: {text}");
        assert!(!text.contains('\n'), "one line: {text}");
        assert!(!text.contains("live_secret_abc"), "the key leaks: {text}");
    }
}

/// What `user` reads in their notifications, newest first (the traveller's or guide's side).
async fn notification_texts(app: &TestApp, user: &TestUser, side: &str) -> Vec<String> {
    let field = if side == "guide" { "guideMessage" } else { "touristMessage" };
    app.get_data(&format!("/api/v1/notifications/{side}"), &user.token)
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n[field].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_wallet_payment_and_its_refund_are_told_in_the_rupees_charged_and_a_card_payment_in_dollars()
 {
    // Arrange: two trips of $80, one paid with Khalti (sandbox) in rupees, one by card.
    let app = spawn_app_with(&[("YATRA_NPR_PER_USD", RATE), FAST_SWEEP]).await;
    let (guide, tourist, booking) = approved_booking(&app, 5, 2).await;
    let id = booking["_id"].as_str().unwrap();
    let (_, card_tourist, card_booking) = approved_booking(&app, 6, 2).await;
    let card_id = card_booking["_id"].as_str().unwrap();
    let rupees = "NPR 10,680";

    // Act
    let khalti =
        ok_json(app.post_json_auth(&khalti_initiate(id), &json!({}), &tourist.token).await).await;
    let pidx = khalti["pidx"].as_str().unwrap();
    ok_json(
        app.post_json_auth(
            &format!("/api/v1/payments/sandbox/{pidx}/pay"),
            &json!({}),
            &tourist.token,
        )
        .await,
    )
    .await;
    let card = app
        .get_auth(&format!("/api/v1/tourists/stripe/create-session/{card_id}"), &card_tourist.token)
        .await;
    let card: Value = card.json().await.unwrap();
    let session = card["sessionId"].as_str().unwrap();
    ok_json(
        app.post_json_auth(
            &format!("/api/v1/payments/sandbox/{session}/pay"),
            &json!({}),
            &card_tourist.token,
        )
        .await,
    )
    .await;

    // Assert: paid, in rupees to both sides, in notifications and emails.
    let told = notification_texts(&app, &tourist, "tourist").await;
    assert!(told[0].starts_with(&format!("Payment received ({rupees}).")), "{told:?}");
    let guide_told = notification_texts(&app, &guide, "guide").await;
    assert!(guide_told[0].contains(&format!("paid {rupees} for the trip")), "{guide_told:?}");
    let receipt = app.wait_for_outbox_email_with(&tourist.email, "Payment received").await;
    assert!(receipt.contains(&format!("We received your payment of {rupees}.")), "{receipt}");
    assert!(!receipt.contains("$80.00"), "{receipt}");
    let to_guide = app.wait_for_outbox_email_with(&guide.email, "paid for the trip").await;
    assert!(to_guide.contains(&format!("paid {rupees} for the trip")), "{to_guide}");
    // The card payment keeps its dollars.
    let card_told = notification_texts(&app, &card_tourist, "tourist").await;
    assert!(card_told[0].starts_with("Payment received ($80.00)."), "{card_told:?}");
    let card_receipt =
        app.wait_for_outbox_email_with(&card_tourist.email, "Payment received").await;
    assert!(card_receipt.contains("We received your payment of $80.00."), "{card_receipt}");

    // Act: the guide cancels days ahead, so all of it goes back (the sandbox at once).
    let cancelled = app
        .post_json_auth(
            &format!("/api/v1/bookings/{id}/cancel"),
            &json!({ "reason": "Landslide" }),
            &guide.token,
        )
        .await;
    assert_eq!(cancelled.status(), StatusCode::OK);
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while booking_of(&app, &tourist, id).await["paymentStatus"] != "refunded" {
        assert!(std::time::Instant::now() < deadline, "never refunded");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // Assert: the refund is told in the rupees that go back.
    let told = notification_texts(&app, &tourist, "tourist").await;
    assert!(told.iter().any(|t| t.ends_with(&format!("{rupees} will be refunded."))), "{told:?}");
    assert!(told.iter().any(|t| t.starts_with(&format!("{rupees} for your trip on"))), "{told:?}");
    let guide_told = notification_texts(&app, &guide, "guide").await;
    assert!(
        guide_told.iter().any(|t| t.starts_with(&format!("{rupees} for the cancelled trip"))),
        "{guide_told:?}"
    );
    let cancel_email = app.wait_for_outbox_email_with(&tourist.email, "cancelled your trip").await;
    assert!(
        cancel_email.contains(&format!("Refund: {rupees} to the traveller.")),
        "{cancel_email}"
    );
    let refund_email = app.wait_for_outbox_email_with(&tourist.email, "has been refunded").await;
    assert!(refund_email.contains(&format!("Subject: Refund of {rupees} done")), "{refund_email}");
    assert!(!refund_email.contains('$'), "{refund_email}");
}
