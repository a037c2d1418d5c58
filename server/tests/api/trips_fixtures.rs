//! The steps of a trip that the trip tests (`trips`, `trips_cancellations`) share: a
//! verified guide, a request, an approval, a sandbox payment, a cancellation, and reading
//! the booking and the database, waiting for the sweep where it works in the background.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fixtures::{KATHMANDU, decide, guide_profile, verified_guide};
use crate::helpers::{TestApp, TestUser};

const REQUEST: &str = "/api/v1/tourists/booking/request";

/// Sweeps fast, so timed changes show within a test's patience.
pub const FAST_SWEEP: (&str, &str) = ("YATRA_SWEEP_EVERY", "50ms");

/// A verified guide at $40 a day.
pub async fn guide(app: &TestApp) -> (TestUser, String) {
    let admin = app.admin().await;
    let profile = guide_profile(
        "Treks in the Khumbu.",
        &["English"],
        &["Trekking"],
        "Namche Bazaar",
        KATHMANDU,
    );
    verified_guide(app, &admin, "Pemba", "Sherpa", &profile).await
}

pub fn trip(guide_id: &str, first_day: &str, days: i64) -> Value {
    json!({ "guideId": guide_id, "selectedDate": first_day, "selectedTime": "09:30", "groupSize": 2, "days": days })
}

pub async fn ask(app: &TestApp, tourist: &TestUser, body: &Value) -> reqwest::Response {
    app.post_json_auth(REQUEST, body, &tourist.token).await
}

/// `tourist` asks for `days` days from `first_day`; asserts 201 and returns the booking's id.
pub async fn requested(
    app: &TestApp,
    tourist: &TestUser,
    guide_id: &str,
    first_day: &str,
    days: i64,
) -> String {
    let response = ask(app, tourist, &trip(guide_id, first_day, days)).await;
    assert_eq!(response.status(), StatusCode::CREATED, "request for {first_day}");
    response.json::<Value>().await.unwrap()["data"]["_id"].as_str().unwrap().to_owned()
}

pub async fn approved(
    app: &TestApp,
    guide: &TestUser,
    tourist: &TestUser,
    guide_id: &str,
    first_day: &str,
    days: i64,
) -> String {
    let id = requested(app, tourist, guide_id, first_day, days).await;
    assert_eq!(decide(app, guide, &id, "approve").await.status(), StatusCode::OK);
    id
}

/// Approved, then paid through the sandbox checkout.
pub async fn paid(
    app: &TestApp,
    guide: &TestUser,
    tourist: &TestUser,
    guide_id: &str,
    first_day: &str,
    days: i64,
) -> String {
    let id = approved(app, guide, tourist, guide_id, first_day, days).await;
    let created =
        app.get_auth(&format!("/api/v1/tourists/stripe/create-session/{id}"), &tourist.token).await;
    let created: Value = created.json().await.unwrap();
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

pub async fn details(app: &TestApp, user: &TestUser, id: &str) -> Value {
    app.get_data(&format!("/api/v1/tourists/details/{id}"), &user.token).await
}

pub async fn cancel(app: &TestApp, user: &TestUser, id: &str, reason: &str) -> reqwest::Response {
    app.post_json_auth(
        &format!("/api/v1/bookings/{id}/cancel"),
        &json!({ "reason": reason }),
        &user.token,
    )
    .await
}

pub async fn unavailable(app: &TestApp, guide_id: &str, from: &str, to: &str) -> Vec<String> {
    let response =
        app.get(&format!("/api/v1/users/guide/{guide_id}/availability?from={from}&to={to}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    serde_json::from_value(body["data"]["unavailable"].clone()).unwrap()
}

pub async fn scalar(app: &TestApp, sql: &str, id: &str) -> i64 {
    let db = app.db().await;
    let (count,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql.to_owned()))
        .bind(id)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    count
}

/// Reads the booking until `done` holds (the sweep works in the background); panics after
/// 20 seconds.
pub async fn until(
    app: &TestApp,
    user: &TestUser,
    id: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let booking = details(app, user, id).await;
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
