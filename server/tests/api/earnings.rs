//! Paying guides: each payment credits the guide (less commission) in the ledger, each
//! refund reverses it, earnings become available after the trip, and admins record the
//! payouts they sent, never above the balance, however many at once. Every scenario ends
//! by checking the ledger against the payments and refunds (`assert_ledger_balances`).

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fixtures::{KATHMANDU, days_from_today, decide, guide_profile, verified_guide};
use crate::helpers::{TestApp, TestUser, assert_error, spawn_app_with};

const EARNINGS: &str = "/api/v1/guides/earnings";
const DETAILS: &str = "/api/v1/guides/payout-details";
const PAYOUTS: &str = "/api/v1/admin/payouts";
const FAST_SWEEP: (&str, &str) = ("YATRA_SWEEP_EVERY", "50ms");

/// A verified guide at $40 a day.
async fn guide(app: &TestApp, admin: &TestUser) -> (TestUser, String) {
    let profile = guide_profile(
        "Treks in the Langtang valley.",
        &["English"],
        &["Trekking"],
        "Syabrubesi",
        KATHMANDU,
    );
    verified_guide(app, admin, "Mingma", "Tamang", &profile).await
}

/// A one-day trip for two on `first_day` ($80), approved and paid in the sandbox.
async fn paid(
    app: &TestApp,
    guide: &TestUser,
    tourist: &TestUser,
    guide_id: &str,
    first_day: &str,
) -> String {
    let body = json!({ "guideId": guide_id, "selectedDate": first_day, "selectedTime": "09:30", "groupSize": 2, "days": 1 });
    let asked = app.post_json_auth("/api/v1/tourists/booking/request", &body, &tourist.token).await;
    assert_eq!(asked.status(), StatusCode::CREATED);
    let id = asked.json::<Value>().await.unwrap()["data"]["_id"].as_str().unwrap().to_owned();
    assert_eq!(decide(app, guide, &id, "approve").await.status(), StatusCode::OK);
    let created: Value = app
        .get_auth(&format!("/api/v1/tourists/stripe/create-session/{id}"), &tourist.token)
        .await
        .json()
        .await
        .unwrap();
    let session_id = created["sessionId"].as_str().unwrap();
    let pay = app
        .post_json_auth(
            &format!("/api/v1/payments/sandbox/{session_id}/pay"),
            &json!({}),
            &tourist.token,
        )
        .await;
    assert_eq!(pay.status(), StatusCode::OK);
    id
}

/// Moves a booking's trip to `days_ago` days ago (as if time had passed) and waits for
/// the sweep to complete it.
async fn trip_over(app: &TestApp, tourist: &TestUser, booking_id: &str, days_ago: i64) {
    let db = app.db().await;
    sqlx::query("UPDATE bookings SET selected_date = $1, end_date = $1 WHERE id = $2")
        .bind(days_from_today(-days_ago))
        .bind(booking_id)
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    until(app, tourist, booking_id, |b| b["bookingStatus"] == "completed").await;
}

async fn until(app: &TestApp, user: &TestUser, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let booking = app.get_data(&format!("/api/v1/tourists/details/{id}"), &user.token).await;
        if done(&booking) {
            return booking;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "booking never reached the expected state: {booking}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn count(app: &TestApp, sql: &str, id: &str) -> i64 {
    let db = app.db().await;
    let (n,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql.to_owned()))
        .bind(id)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    n
}

async fn pay_out(
    app: &TestApp,
    admin: &TestUser,
    guide_id: &str,
    amount: Value,
) -> reqwest::Response {
    let body = json!({ "guideId": guide_id, "amount": amount, "method": "bank", "reference": "NABIL-TRF-0042" });
    app.post_json_auth(PAYOUTS, &body, &admin.token).await
}

/// A guide with $68 available: an $80 trip, 15% commission, over five days ago.
async fn guide_with_earnings(app: &TestApp) -> (TestUser, TestUser, String) {
    let admin = app.admin().await;
    let (guide, guide_id) = guide(app, &admin).await;
    let tourist = app.signup_and_login("tourist").await;
    let booking = paid(app, &guide, &tourist, &guide_id, &days_from_today(3)).await;
    trip_over(app, &tourist, &booking, 5).await;
    (admin, guide, guide_id)
}

#[tokio::test]
async fn a_payment_credits_the_guide_less_commission_available_three_days_after_the_trip() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let admin = app.admin().await;
    let (guide, guide_id) = guide(&app, &admin).await;
    let tourist = app.signup_and_login("tourist").await;

    // Act
    let early = paid(&app, &guide, &tourist, &guide_id, &days_from_today(3)).await;
    let before = app.get_data(EARNINGS, &guide.token).await;
    let late = paid(&app, &guide, &tourist, &guide_id, &days_from_today(4)).await;
    trip_over(&app, &tourist, &early, 5).await;
    trip_over(&app, &tourist, &late, 1).await;
    let after = app.get_data(EARNINGS, &guide.token).await;

    // Assert: $80 less 15% is $68; the trip that ended yesterday is still held.
    assert_eq!(
        (before["pending"].as_f64(), before["available"].as_f64(), before["paidOut"].as_f64()),
        (Some(68.0), Some(0.0), Some(0.0))
    );
    assert_eq!(before["commissionPercent"], 15);
    assert_eq!(before["holdDays"], 3.0);
    let entry = &before["entries"][0];
    assert_eq!(
        (entry["kind"].as_str(), entry["amount"].as_f64(), entry["commission"].as_f64()),
        (Some("earning"), Some(68.0), Some(12.0))
    );
    assert_eq!(entry["bookingId"], early.as_str());
    assert!(entry["travellerName"].as_str().unwrap().contains(' '));
    assert_eq!((after["pending"].as_f64(), after["available"].as_f64()), (Some(68.0), Some(68.0)));
    assert_eq!(after["entries"].as_array().unwrap().len(), 2);
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn the_commission_and_the_hold_are_configurable() {
    // Arrange
    let app = spawn_app_with(&[
        FAST_SWEEP,
        ("YATRA_COMMISSION_PERCENT", "20"),
        ("YATRA_EARNINGS_HOLD", "1ms"),
    ])
    .await;
    let admin = app.admin().await;
    let (guide, guide_id) = guide(&app, &admin).await;
    let tourist = app.signup_and_login("tourist").await;

    // Act
    let booking = paid(&app, &guide, &tourist, &guide_id, &days_from_today(3)).await;
    trip_over(&app, &tourist, &booking, 1).await;

    // Assert
    let earnings = app.get_data(EARNINGS, &guide.token).await;
    assert_eq!(
        (earnings["pending"].as_f64(), earnings["available"].as_f64()),
        (Some(0.0), Some(64.0))
    );
    assert_eq!(earnings["entries"][0]["commission"], 16.0);
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn pay_cancel_refund_reverses_the_guide_share_and_the_commission() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let admin = app.admin().await;
    let (guide, guide_id) = guide(&app, &admin).await;
    let tourist = app.signup_and_login("tourist").await;
    let booking = paid(&app, &guide, &tourist, &guide_id, &days_from_today(10)).await;

    // Act
    let cancelled = app
        .post_json_auth(
            &format!("/api/v1/bookings/{booking}/cancel"),
            &json!({ "reason": "Plans changed" }),
            &tourist.token,
        )
        .await;
    assert_eq!(cancelled.status(), StatusCode::OK);
    until(&app, &tourist, &booking, |b| b["paymentStatus"] == "refunded").await;

    // Assert
    let earnings = app.get_data(EARNINGS, &guide.token).await;
    assert_eq!(
        (earnings["pending"].as_f64(), earnings["available"].as_f64()),
        (Some(0.0), Some(0.0))
    );
    let kinds: Vec<(&str, f64)> = earnings["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["kind"].as_str().unwrap(), e["amount"].as_f64().unwrap()))
        .collect();
    assert!(
        kinds.contains(&("earning", 68.0)) && kinds.contains(&("earning_refund", -68.0)),
        "{kinds:?}"
    );
    assert_eq!(count(&app, "SELECT CAST(SUM(amount_cents) AS BIGINT) FROM ledger_entries WHERE booking_id = $1 AND kind LIKE 'commission%'", &booking).await, 0);
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn an_admin_pays_out_the_available_balance_and_the_guide_sees_it_in_their_history() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (admin, guide, guide_id) = guide_with_earnings(&app).await;
    let saved = app.client.put(app.url(DETAILS)).bearer_auth(&guide.token)
        .json(&json!({ "method": "khalti", "accountName": "Mingma Tamang", "accountNumber": "+977 9800000001" }))
        .send().await.unwrap();
    assert_eq!(saved.status(), StatusCode::OK);

    // Act
    let owed = app.get_data(PAYOUTS, &admin.token).await;
    let csv = app.get_auth(&format!("{PAYOUTS}.csv"), &admin.token).await;
    assert_eq!(csv.status(), StatusCode::OK);
    assert!(csv.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    let csv = csv.text().await.unwrap();
    let sent = pay_out(&app, &admin, &guide_id, json!(68)).await;

    // Assert
    let listed = owed
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["guideId"] == guide_id.as_str())
        .expect("the guide is owed money");
    assert_eq!(listed["available"], 68.0);
    assert_eq!(listed["payoutDetails"]["method"], "khalti");
    assert_eq!(listed["payoutDetails"]["accountNumber"], "9800000001");
    assert!(
        csv.starts_with(
            "guide_id,name,email,method,account_name,bank_name,account_number,amount\r\n"
        ),
        "{csv}"
    );
    assert!(
        csv.contains(&format!("\"{guide_id}\",\"Mingma Tamang\""))
            && csv.contains("\"9800000001\",68.00\r\n"),
        "{csv}"
    );
    assert_eq!(sent.status(), StatusCode::CREATED);
    let sent: Value = sent.json().await.unwrap();
    assert_eq!(
        (sent["data"]["amount"].as_f64(), sent["data"]["available"].as_f64()),
        (Some(68.0), Some(0.0))
    );
    let earnings = app.get_data(EARNINGS, &guide.token).await;
    assert_eq!(
        (earnings["available"].as_f64(), earnings["paidOut"].as_f64()),
        (Some(0.0), Some(68.0))
    );
    let payout = &earnings["entries"][0];
    assert_eq!((payout["kind"].as_str(), payout["amount"].as_f64()), (Some("payout"), Some(-68.0)));
    assert_eq!(
        (payout["method"].as_str(), payout["reference"].as_str()),
        (Some("bank"), Some("NABIL-TRF-0042"))
    );
    assert!(
        !app.get_data(PAYOUTS, &admin.token)
            .await
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["guideId"] == guide_id.as_str())
    );
    let guide_user = crate::fixtures::user_id(&app, &guide.token).await;
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND kind = 'payout_sent'",
            &guide_user
        )
        .await,
        1
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM audit_log WHERE target_id = $1 AND action = 'record_payout'",
            &guide_id
        )
        .await,
        1
    );
    assert_error(
        pay_out(&app, &admin, &guide_id, json!(0.01)).await,
        StatusCode::CONFLICT,
        "Only $0.00 is available to pay out to this guide",
    )
    .await;
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn payouts_that_are_malformed_too_large_for_no_guide_or_by_non_admins_change_nothing() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (admin, guide, guide_id) = guide_with_earnings(&app).await;
    let tourist = app.signup_and_login("tourist").await;
    let tourist_id = crate::fixtures::user_id(&app, &tourist.token).await;
    let entries_before =
        count(&app, "SELECT COUNT(*) FROM ledger_entries WHERE guide_id = $1", &guide_id).await;

    // Act + Assert
    let amount_error = "Amount must be a number of dollars from 0.01 to 1000000";
    for amount in [json!(0), json!(-5), json!("ten"), json!(true), json!(null)] {
        let message = if amount.is_null() { "Amount is required" } else { amount_error };
        assert_error(
            pay_out(&app, &admin, &guide_id, amount).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
    assert_error(
        pay_out(&app, &admin, &guide_id, json!(1.005)).await,
        StatusCode::BAD_REQUEST,
        "Amount must be in whole cents",
    )
    .await;
    assert_error(
        pay_out(&app, &admin, &guide_id, json!(68.01)).await,
        StatusCode::CONFLICT,
        "Only $68.00 is available to pay out to this guide",
    )
    .await;
    assert_error(
        pay_out(&app, &admin, "no-such-guide", json!(1)).await,
        StatusCode::NOT_FOUND,
        "No such guide",
    )
    .await;
    assert_error(
        pay_out(&app, &admin, &tourist_id, json!(1)).await,
        StatusCode::NOT_FOUND,
        "No such guide",
    )
    .await;
    let bad_method =
        json!({ "guideId": guide_id, "amount": 1, "method": "paypal", "reference": "x" });
    assert_error(
        app.post_json_auth(PAYOUTS, &bad_method, &admin.token).await,
        StatusCode::BAD_REQUEST,
        "Method must be bank or khalti",
    )
    .await;
    let no_reference =
        json!({ "guideId": guide_id, "amount": 1, "method": "bank", "reference": "  " });
    let refused = app.post_json_auth(PAYOUTS, &no_reference, &admin.token).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.post_raw_json(PAYOUTS, "{").await.status(), StatusCode::UNAUTHORIZED);
    let garbled = app
        .client
        .post(app.url(PAYOUTS))
        .bearer_auth(&admin.token)
        .header("content-type", "application/json")
        .body("{")
        .send()
        .await
        .unwrap();
    assert_eq!(garbled.status(), StatusCode::BAD_REQUEST);
    for user in [&guide, &tourist] {
        assert_eq!(pay_out(&app, user, &guide_id, json!(1)).await.status(), StatusCode::FORBIDDEN);
        assert_eq!(app.get_auth(PAYOUTS, &user.token).await.status(), StatusCode::FORBIDDEN);
        assert_eq!(
            app.get_auth(&format!("{PAYOUTS}.csv"), &user.token).await.status(),
            StatusCode::FORBIDDEN
        );
    }
    assert_eq!(app.get(PAYOUTS).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get(&format!("{PAYOUTS}.csv")).await.status(), StatusCode::UNAUTHORIZED);
    for user in [&admin, &tourist] {
        assert_eq!(app.get_auth(EARNINGS, &user.token).await.status(), StatusCode::FORBIDDEN);
        assert_eq!(app.get_auth(DETAILS, &user.token).await.status(), StatusCode::FORBIDDEN);
    }
    assert_eq!(app.get(EARNINGS).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM ledger_entries WHERE guide_id = $1", &guide_id).await,
        entries_before
    );
    assert_eq!(app.get_data(EARNINGS, &guide.token).await["available"], 68.0);
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn admins_paying_out_at_once_never_take_more_than_the_balance() {
    // Arrange: $68 available; ten admins' payouts of $20 race.
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (admin, guide, guide_id) = guide_with_earnings(&app).await;
    let other = app.admin().await;

    // Act
    let attempts = (0..10).map(|n| {
        let token = if n % 2 == 0 { &admin } else { &other };
        pay_out(&app, token, &guide_id, json!(20))
    });
    let statuses: Vec<StatusCode> =
        futures::future::join_all(attempts).await.iter().map(|r| r.status()).collect();

    // Assert
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 3, "{statuses:?}");
    assert!(
        statuses.iter().all(|s| *s == StatusCode::CREATED || *s == StatusCode::CONFLICT),
        "{statuses:?}"
    );
    let earnings = app.get_data(EARNINGS, &guide.token).await;
    assert_eq!(
        (earnings["available"].as_f64(), earnings["paidOut"].as_f64()),
        (Some(8.0), Some(60.0))
    );
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn the_ledger_cannot_be_changed_or_deleted() {
    // Arrange
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let admin = app.admin().await;
    let (guide, guide_id) = guide(&app, &admin).await;
    let tourist = app.signup_and_login("tourist").await;
    paid(&app, &guide, &tourist, &guide_id, &days_from_today(3)).await;
    let db = app.db().await;

    // Act
    let updated =
        sqlx::query("UPDATE ledger_entries SET amount_cents = 1000000 WHERE guide_id = $1")
            .bind(&guide_id)
            .execute(&db.pool)
            .await;
    let deleted = sqlx::query("DELETE FROM ledger_entries WHERE guide_id = $1")
        .bind(&guide_id)
        .execute(&db.pool)
        .await;
    db.pool.close().await;

    // Assert
    for refused in [updated, deleted] {
        assert!(refused.unwrap_err().to_string().contains("the ledger is append-only"));
    }
    assert_eq!(app.get_data(EARNINGS, &guide.token).await["pending"], 68.0);
    app.assert_ledger_balances().await;
}

#[tokio::test]
async fn a_guide_says_where_to_be_paid_and_only_they_and_admins_see_it() {
    // Arrange
    let app = spawn_app_with(&[]).await;
    let admin = app.admin().await;
    let (guide, guide_id) = guide(&app, &admin).await;
    let put =
        |body: Value| app.client.put(app.url(DETAILS)).bearer_auth(&guide.token).json(&body).send();

    // Act
    let empty = app.get_data(DETAILS, &guide.token).await;
    let saved = put(json!({ "method": "bank", "accountName": "Mingma Tamang", "bankName": "Nabil Bank", "accountNumber": "0123-4567-8901" })).await.unwrap();

    // Assert
    assert!(empty.is_null());
    assert_eq!(saved.status(), StatusCode::OK);
    let details = app.get_data(DETAILS, &guide.token).await;
    assert_eq!(
        details,
        json!({ "method": "bank", "accountName": "Mingma Tamang", "bankName": "Nabil Bank", "accountNumber": "012345678901" })
    );
    for (body, message) in [
        (
            json!({ "method": "paypal", "accountName": "M", "accountNumber": "0123456789" }),
            "Payout method must be bank or khalti",
        ),
        (
            json!({ "accountName": "M", "accountNumber": "0123456789" }),
            "Choose how you want to be paid: bank or khalti",
        ),
        (
            json!({ "method": "bank", "accountName": "M", "accountNumber": "0123456789" }),
            "Bank is required for a bank account",
        ),
        (
            json!({ "method": "bank", "accountName": "M", "bankName": "Nabil", "accountNumber": "12" }),
            "Account number must be 6 to 20 letters or digits",
        ),
        (
            json!({ "method": "khalti", "accountName": "M", "accountNumber": "12345" }),
            "Khalti number must be a 10-digit Nepali mobile number, e.g. 98XXXXXXXX",
        ),
        (
            json!({ "method": "khalti", "accountNumber": "9800000001" }),
            "Account holder is required",
        ),
        (json!({ "method": 7, "accountName": "M", "accountNumber": "9800000001" }), ""),
    ] {
        let response = put(body.clone()).await.unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        if !message.is_empty() {
            assert_eq!(crate::helpers::error_message(response).await, message);
        }
    }
    assert_eq!(app.get_data(DETAILS, &guide.token).await["accountNumber"], "012345678901");
    let public = app.get(&format!("/api/v1/users/guide/{guide_id}")).await.text().await.unwrap();
    assert!(!public.contains("012345678901"), "the public profile shows no account number");
    let unprofiled = app.signup_and_login("guide").await;
    let refused = app
        .client
        .put(app.url(DETAILS))
        .bearer_auth(&unprofiled.token)
        .json(&json!({ "method": "khalti", "accountName": "M", "accountNumber": "9800000001" }))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), StatusCode::CONFLICT);
}
