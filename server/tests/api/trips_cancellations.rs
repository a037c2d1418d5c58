//! Cancelling a trip (issue 11): who may cancel what and when, how much comes back, refunds
//! through the sandbox and through Stripe's Refund API (against a local fake), and the
//! races between cancelling and paying that the database must settle.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use wiremock::matchers::{header_exists, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};
use yatra::providers::stripe::sign;

use crate::fixtures::{days_from_today, decide};
use crate::helpers::{TestApp, TestUser, assert_error, now_secs, spawn_app, spawn_app_with};
use crate::trips_fixtures::{
    FAST_SWEEP, approved, ask, cancel, details, guide, paid, requested, scalar, trip, unavailable,
    until,
};

const WEBHOOK_SECRET: &str = "whsec_yatra_trips_0123456789";

async fn execute(app: &TestApp, sql: &str, id: &str) {
    let db = app.db().await;
    sqlx::query(sqlx::AssertSqlSafe(sql.to_owned())).bind(id).execute(&db.pool).await.unwrap();
    db.pool.close().await;
}

#[tokio::test]
async fn a_traveller_cancels_a_pending_or_unpaid_booking_with_nothing_to_refund_and_frees_the_days()
{
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let pending = requested(&app, &tourist, &guide_id, &days_from_today(5), 2).await;
    let unpaid = approved(&app, &guide, &tourist, &guide_id, &days_from_today(9), 2).await;
    assert_eq!(
        unavailable(&app, &guide_id, &days_from_today(0), &days_from_today(30)).await.len(),
        2
    );

    // Act
    let first = cancel(&app, &tourist, &pending, "Plans changed").await;
    let second = cancel(&app, &tourist, &unpaid, "").await;

    // Assert
    assert_eq!(first.status(), StatusCode::OK);
    let first = first.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(first["bookingStatus"], "cancelled");
    assert_eq!(first["paymentStatus"], "unpaid");
    assert_eq!(first["cancelledBy"], "tourist");
    assert_eq!(first["cancellationReason"], "Plans changed");
    assert_eq!(first["refundAmount"], 0.0);
    assert_eq!(second.status(), StatusCode::OK);
    assert!(
        unavailable(&app, &guide_id, &days_from_today(0), &days_from_today(30)).await.is_empty()
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM notifications WHERE booking_id = $1 AND kind = 'booking_cancelled'", &unpaid).await, 2);
}

#[tokio::test]
async fn a_paid_traveller_cancelling_ten_days_ahead_gets_everything_back() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let id = paid(&app, &guide, &tourist, &guide_id, &days_from_today(10), 3).await;
    let before = details(&app, &tourist, &id).await;

    // Act
    let cancelled = cancel(&app, &tourist, &id, "Flight moved").await;

    // Assert
    let until_free = before["freeCancellationUntil"].as_str().unwrap();
    assert!(until_free.starts_with(&days_from_today(9)[..4]), "{until_free}");
    assert_eq!(cancelled.status(), StatusCode::OK);
    let cancelled = cancelled.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(cancelled["refundAmount"], 240.0);
    assert!(
        cancelled["paymentStatus"] == "refund_pending" || cancelled["paymentStatus"] == "refunded"
    );
    let done = until(&app, &tourist, &id, |b| b["paymentStatus"] == "refunded").await;
    assert_eq!(done["bookingStatus"], "cancelled");
    assert_eq!(done["refundAmount"], 240.0);
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM refunds WHERE booking_id = $1 AND status = 'succeeded'",
            &id
        )
        .await,
        1
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM notifications WHERE booking_id = $1 AND kind = 'booking_refunded'", &id).await, 2);
    assert!(
        unavailable(&app, &guide_id, &days_from_today(0), &days_from_today(30)).await.is_empty()
    );
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn a_paid_traveller_cancelling_within_24_hours_of_the_start_gets_no_refund() {
    // Arrange: the trip starts at midnight tonight, Nepal time: always less than 24 hours away.
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let mut body = trip(&guide_id, &days_from_today(1), 1);
    body["selectedTime"] = json!("00:00");
    let response = ask(&app, &tourist, &body).await;
    let id = response.json::<Value>().await.unwrap()["data"]["_id"].as_str().unwrap().to_owned();
    assert_eq!(decide(&app, &guide, &id, "approve").await.status(), StatusCode::OK);
    let created: Value = app
        .get_auth(&format!("/api/v1/tourists/stripe/create-session/{id}"), &tourist.token)
        .await
        .json()
        .await
        .unwrap();
    let session_id = created["sessionId"].as_str().unwrap();
    app.post_json_auth(
        &format!("/api/v1/payments/sandbox/{session_id}/pay"),
        &json!({}),
        &tourist.token,
    )
    .await;

    // Act
    let cancelled = cancel(&app, &tourist, &id, "Sick").await;

    // Assert
    assert_eq!(cancelled.status(), StatusCode::OK);
    let cancelled = cancelled.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(cancelled["bookingStatus"], "cancelled");
    assert_eq!(cancelled["paymentStatus"], "paid");
    assert_eq!(cancelled["refundAmount"], 0.0);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM refunds WHERE booking_id = $1", &id).await, 0);
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn a_guide_cancelling_a_paid_trip_refunds_it_in_full_and_is_counted_for_admins() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let id = paid(&app, &guide, &tourist, &guide_id, &days_from_today(2), 1).await;
    let unpaid = approved(&app, &guide, &tourist, &guide_id, &days_from_today(4), 1).await;
    let admin = app.admin().await;

    // Act
    let cancelled = cancel(&app, &guide, &id, "Landslide on the trail").await;
    let second = cancel(&app, &guide, &unpaid, "Ill").await;

    // Assert
    assert_eq!(cancelled.status(), StatusCode::OK);
    assert_eq!(cancelled.json::<Value>().await.unwrap()["data"]["cancelledBy"], "guide");
    assert_eq!(second.status(), StatusCode::OK);
    let done = until(&app, &tourist, &id, |b| b["paymentStatus"] == "refunded").await;
    assert_eq!(done["refundAmount"], 80.0);
    let counts = app.get_data("/api/v1/admin/guide-cancellations", &admin.token).await;
    assert_eq!(counts[0]["guideId"], guide_id);
    assert_eq!(counts[0]["guideCancellations"], 2);
    assert_eq!(
        app.get_auth("/api/v1/admin/guide-cancellations", &guide.token).await.status(),
        StatusCode::FORBIDDEN
    );
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn settled_bookings_cannot_be_cancelled_and_only_the_two_parties_can_cancel() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let stranger = app.signup_and_login("tourist").await;
    let admin = app.admin().await;
    let pending = requested(&app, &tourist, &guide_id, &days_from_today(3), 1).await;
    let rejected = requested(&app, &tourist, &guide_id, &days_from_today(4), 1).await;
    decide(&app, &guide, &rejected, "reject").await;
    let completed = approved(&app, &guide, &tourist, &guide_id, &days_from_today(6), 1).await;
    execute(
        &app,
        "UPDATE bookings SET booking_status = 'completed', payment_status = 'paid' WHERE id = $1",
        &completed,
    )
    .await;
    let expired = requested(&app, &tourist, &guide_id, &days_from_today(8), 1).await;
    execute(&app, "UPDATE bookings SET booking_status = 'expired' WHERE id = $1", &expired).await;

    // Act and assert
    assert_error(
        cancel(&app, &stranger, &pending, "").await,
        StatusCode::NOT_FOUND,
        "Booking not found",
    )
    .await;
    assert_error(
        cancel(&app, &admin, &pending, "").await,
        StatusCode::NOT_FOUND,
        "Booking not found",
    )
    .await;
    assert_error(
        cancel(&app, &tourist, "no-such-booking", "").await,
        StatusCode::NOT_FOUND,
        "Booking not found",
    )
    .await;
    assert_eq!(
        app.post_json(&format!("/api/v1/bookings/{pending}/cancel"), &json!({})).await.status(),
        StatusCode::UNAUTHORIZED
    );
    let long = "x".repeat(501);
    assert_error(
        cancel(&app, &tourist, &pending, &long).await,
        StatusCode::BAD_REQUEST,
        "The reason can be at most 500 characters",
    )
    .await;
    let not_cancellable = "A request waiting for your answer is declined, not cancelled";
    assert_error(cancel(&app, &guide, &pending, "").await, StatusCode::CONFLICT, not_cancellable)
        .await;
    assert_error(
        cancel(&app, &tourist, &rejected, "").await,
        StatusCode::CONFLICT,
        "This booking is already rejected",
    )
    .await;
    assert_error(
        cancel(&app, &tourist, &expired, "").await,
        StatusCode::CONFLICT,
        "This booking is already expired",
    )
    .await;
    let finished = "This trip is completed and can no longer be cancelled";
    assert_error(cancel(&app, &guide, &completed, "").await, StatusCode::CONFLICT, finished).await;
    assert_eq!(cancel(&app, &tourist, &pending, "").await.status(), StatusCode::OK);
    assert_error(
        cancel(&app, &tourist, &pending, "").await,
        StatusCode::CONFLICT,
        "This booking is already cancelled",
    )
    .await;
    // A cancelled or expired booking cannot be approved or paid.
    assert_error(
        decide(&app, &guide, &pending, "approve").await,
        StatusCode::CONFLICT,
        "This booking is already cancelled",
    )
    .await;
    let pay = app
        .get_auth(&format!("/api/v1/tourists/stripe/create-session/{expired}"), &tourist.token)
        .await;
    assert_error(pay, StatusCode::CONFLICT, "This booking has expired and cannot be paid").await;
}

#[tokio::test]
async fn twenty_concurrent_cancellations_make_one_refund() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let id = paid(&app, &guide, &tourist, &guide_id, &days_from_today(10), 1).await;

    // Act
    let answers = futures::future::join_all((0..20).map(|n| {
        let who = if n % 2 == 0 { &tourist } else { &guide };
        cancel(&app, who, &id, "Both at once")
    }))
    .await;

    // Assert
    assert_eq!(answers.iter().filter(|r| r.status() == StatusCode::OK).count(), 1);
    assert_eq!(answers.iter().filter(|r| r.status() == StatusCode::CONFLICT).count(), 19);
    until(&app, &tourist, &id, |b| b["paymentStatus"] == "refunded").await;
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM refunds WHERE booking_id = $1", &id).await, 1);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM notifications WHERE booking_id = $1 AND kind = 'booking_refunded'", &id).await, 2);
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn a_cancellation_racing_a_payment_ends_either_refunded_or_never_paid() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    for round in 0..6 {
        let id = approved(&app, &guide, &tourist, &guide_id, &days_from_today(10 + round), 1).await;
        let created: Value = app
            .get_auth(&format!("/api/v1/tourists/stripe/create-session/{id}"), &tourist.token)
            .await
            .json()
            .await
            .unwrap();
        let session_id = created["sessionId"].as_str().unwrap().to_owned();

        // Act
        let (pay_path, empty) = (format!("/api/v1/payments/sandbox/{session_id}/pay"), json!({}));
        let pay = app.post_json_auth(&pay_path, &empty, &tourist.token);
        let cancelled = cancel(&app, &tourist, &id, "Race");
        let (_, cancelled) = tokio::join!(pay, cancelled);

        // Assert
        assert_eq!(cancelled.status(), StatusCode::OK, "round {round}");
        let settled = until(&app, &tourist, &id, |b| b["paymentStatus"] != "refund_pending").await;
        assert_eq!(settled["bookingStatus"], "cancelled");
        let paid_payments = scalar(
            &app,
            "SELECT COUNT(*) FROM payments WHERE booking_id = $1 AND status = 'paid'",
            &id,
        )
        .await;
        let refunds = scalar(
            &app,
            "SELECT COUNT(*) FROM refunds WHERE booking_id = $1 AND status = 'succeeded'",
            &id,
        )
        .await;
        match settled["paymentStatus"].as_str().unwrap() {
            "refunded" => assert_eq!((paid_payments, refunds), (1, 1), "round {round}"),
            "unpaid" => assert_eq!((paid_payments, refunds), (0, 0), "round {round}"),
            other => panic!("round {round} ended {other}"),
        }
    }
    app.assert_ledger_balances().await;
}

// Stripe: refunds through the Refund API, against a local fake.

async fn stripe_app(stripe: &MockServer) -> TestApp {
    spawn_app_with(&[
        ("YATRA_STRIPE_SECRET_KEY", "sk_test_trips_0123456789"),
        ("YATRA_STRIPE_API_BASE", &stripe.uri()),
        ("YATRA_STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET),
        ("YATRA_PUBLIC_URL", "https://yatra.example"),
        FAST_SWEEP,
        ("YATRA_REFUND_RETRY", "200ms"),
    ])
    .await
}

/// Pays `booking_id` through the fake Stripe: a checkout, then the signed webhook naming
/// the payment intent `intent`.
async fn pay_with_stripe(
    app: &TestApp,
    stripe: &MockServer,
    tourist: &TestUser,
    booking_id: &str,
    intent: &str,
) {
    let session_id = format!("cs_test_{booking_id}");
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": session_id, "object": "checkout.session", "url": "https://checkout.stripe.com/c/pay/x", "payment_status": "unpaid",
        })))
        .up_to_n_times(1)
        .mount(stripe)
        .await;
    let created = app
        .get_auth(&format!("/api/v1/tourists/stripe/create-session/{booking_id}"), &tourist.token)
        .await;
    assert_eq!(created.status(), StatusCode::OK);
    deliver_paid(app, &session_id, intent).await;
}

async fn deliver_paid(app: &TestApp, session_id: &str, intent: &str) {
    let payload = json!({
        "id": "evt_trips", "type": "checkout.session.completed",
        "data": { "object": { "id": session_id, "object": "checkout.session", "payment_status": "paid", "payment_intent": intent } },
    })
    .to_string();
    let signature = sign(WEBHOOK_SECRET.as_bytes(), payload.as_bytes(), now_secs());
    let delivered = app
        .client
        .post(app.url("/api/v1/payments/stripe/webhook"))
        .header("content-type", "application/json")
        .header("stripe-signature", signature)
        .body(payload)
        .send()
        .await
        .unwrap();
    assert_eq!(delivered.status(), StatusCode::OK);
}

fn refund_requests(requests: &[wiremock::Request]) -> Vec<&wiremock::Request> {
    requests.iter().filter(|r| r.url.path() == "/v1/refunds").collect()
}

#[tokio::test]
async fn the_refund_worker_retries_when_stripe_fails_then_refunds_once_with_one_idempotency_key() {
    // Arrange
    let stripe = MockServer::start().await;
    let app = stripe_app(&stripe).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let id = approved(&app, &guide, &tourist, &guide_id, &days_from_today(10), 2).await;
    pay_with_stripe(&app, &stripe, &tourist, &id, "pi_test_trips_1").await;
    assert_eq!(details(&app, &tourist, &id).await["paymentStatus"], "paid");
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .and(header_exists("idempotency-key"))
        .respond_with(
            ResponseTemplate::new(500)
                .set_body_json(json!({ "error": { "message": "try later" } })),
        )
        .up_to_n_times(1)
        .mount(&stripe)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(
                json!({ "id": "re_test_1", "object": "refund", "status": "succeeded" }),
            ),
        )
        .mount(&stripe)
        .await;

    // Act
    let cancelled = cancel(&app, &tourist, &id, "Change of plans").await;

    // Assert
    assert_eq!(cancelled.status(), StatusCode::OK);
    until(&app, &tourist, &id, |b| b["paymentStatus"] == "refunded").await;
    let requests = stripe.received_requests().await.unwrap();
    let refunds = refund_requests(&requests);
    assert_eq!(refunds.len(), 2, "one failed try, then one that succeeded");
    let keys: std::collections::HashSet<&str> = refunds
        .iter()
        .map(|r| r.headers.get("idempotency-key").unwrap().to_str().unwrap())
        .collect();
    assert_eq!(keys.len(), 1, "every try carries the same key");
    assert!(keys.iter().next().unwrap().starts_with("yatra-refund-"));
    let body = String::from_utf8(refunds[1].body.clone()).unwrap();
    assert!(body.contains("payment_intent=pi_test_trips_1"), "{body}");
    assert!(body.contains("amount=16000"), "{body}");
    assert_eq!(scalar(&app, "SELECT attempts FROM refunds WHERE booking_id = $1", &id).await, 2);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        refund_requests(&stripe.received_requests().await.unwrap()).len(),
        2,
        "nothing more once refunded"
    );
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn money_confirmed_after_the_booking_was_cancelled_is_refunded_not_lost() {
    // Arrange
    let stripe = MockServer::start().await;
    let app = stripe_app(&stripe).await;
    let (guide, guide_id) = guide(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let id = approved(&app, &guide, &tourist, &guide_id, &days_from_today(10), 1).await;
    let session_id = format!("cs_test_{id}");
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({ "id": session_id, "url": "https://checkout.stripe.com/x" })),
        )
        .mount(&stripe)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({ "id": "re_test_late", "status": "succeeded" })),
        )
        .mount(&stripe)
        .await;
    app.get_auth(&format!("/api/v1/tourists/stripe/create-session/{id}"), &tourist.token).await;
    assert_eq!(cancel(&app, &tourist, &id, "Changed my mind").await.status(), StatusCode::OK);

    // Act: Stripe confirms the payment the traveller completed meanwhile.
    deliver_paid(&app, &session_id, "pi_test_late").await;

    // Assert
    let settled = until(&app, &tourist, &id, |b| b["paymentStatus"] == "refunded").await;
    assert_eq!(settled["bookingStatus"], "cancelled");
    assert_eq!(settled["refundAmount"], 80.0);
    let requests = stripe.received_requests().await.unwrap();
    let refunds = refund_requests(&requests);
    assert_eq!(refunds.len(), 1);
    assert!(
        String::from_utf8(refunds[0].body.clone()).unwrap().contains("payment_intent=pi_test_late")
    );
    app.assert_ledger_balances().await;
}
