//! SOS (issue 15): who an alert reaches (live, in notifications, by email), the emergency
//! contact's email with the map link, the limits, and the privacy of emergency details.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fixtures::{
    KATHMANDU, days_from_today, guide_profile, insert_booking, user_id, verified_guide,
};
use crate::helpers::{TestApp, TestUser, assert_error, spawn_app, unique_email};
use crate::notifications::Stream;

const MAP_LINK: &str =
    "https://www.openstreetmap.org/?mlat=27.9881&mlon=86.925#map=15/27.9881/86.925";

fn alert() -> Value {
    json!({ "latitude": 27.9881, "longitude": 86.925, "message": "Twisted my ankle below Lobuche." })
}

async fn send_sos(app: &TestApp, user: &TestUser, body: &Value) -> reqwest::Response {
    app.post_json_auth("/api/v1/sos", body, &user.token).await
}

async fn sent(app: &TestApp, user: &TestUser) -> Value {
    let response = send_sos(app, user, &alert()).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "success");
    body["data"].clone()
}

/// A verified guide named `first last`, signed in.
async fn guide(app: &TestApp, admin: &TestUser, first: &str, last: &str) -> (TestUser, String) {
    let profile =
        guide_profile("Khumbu treks.", &["English"], &["Trekking"], "Namche Bazaar", KATHMANDU);
    verified_guide(app, admin, first, last, &profile).await
}

async fn save_contact(app: &TestApp, tourist: &TestUser, contact_email: &str) -> reqwest::Response {
    let body = json!({
        "contactName": "Maya Rai", "contactPhone": "+977 9841000000", "contactEmail": contact_email,
        "insuranceProvider": "World Nomads", "insurancePolicyNumber": "WN-2026-448812", "insuranceEmergencyPhone": "+61 2 8263 0484",
    });
    app.client
        .put(app.url("/api/v1/tourists/emergency-info"))
        .bearer_auth(&tourist.token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

/// Waits (up to 10 s) for an email to `address` containing `needle`, and returns it.
async fn email_containing(app: &TestApp, address: &str, needle: &str) -> String {
    for _ in 0..500 {
        if let Some(email) =
            app.outbox_emails(address).into_iter().find(|email| email.contains(needle))
        {
            return email;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("no email to {address} saying {needle:?} after 10 s");
}

async fn sos_notifications(app: &TestApp, guide: &TestUser) -> Vec<Value> {
    let all = app.get_data("/api/v1/notifications/guide", &guide.token).await;
    all.as_array().unwrap().iter().filter(|n| n["kind"] == "sos").cloned().collect()
}

/// A traveller (Sita Rai) with two paid trips: today with Pemba Lama, next week with Dawa Sherpa.
struct Trips {
    tourist: TestUser,
    today_guide: TestUser,
    later_guide: TestUser,
    today_trip: String,
    later_trip: String,
}

async fn traveller_with_two_trips(app: &TestApp) -> Trips {
    let admin = app.admin().await;
    let (today_guide, today_guide_id) = guide(app, &admin, "Pemba", "Lama").await;
    let (later_guide, later_guide_id) = guide(app, &admin, "Dawa", "Sherpa").await;
    let tourist = app.signup_and_login("tourist").await;
    let tourist_id = user_id(app, &tourist.token).await;
    let today_trip =
        insert_booking(app, &tourist_id, &today_guide_id, &days_from_today(0), true).await;
    let later_trip =
        insert_booking(app, &tourist_id, &later_guide_id, &days_from_today(7), true).await;
    Trips { tourist, today_guide, later_guide, today_trip, later_trip }
}

#[tokio::test]
async fn an_sos_reaches_the_guide_of_todays_trip_live_in_notifications_and_by_email_but_not_next_weeks_guide()
 {
    let app = spawn_app().await;
    let Trips { tourist, today_guide, later_guide, .. } = traveller_with_two_trips(&app).await;
    let mut stream = Stream::open(&app.client, &app.address, &today_guide.token).await;
    let before = stream.next_count().await;

    let data = sent(&app, &tourist).await;

    assert_eq!(data["notified"], 1);
    assert_eq!(data["reached"], json!([{ "name": "Pemba Lama", "role": "guide" }]));
    stream.wait_for(before + 1).await;
    let notified = sos_notifications(&app, &today_guide).await;
    assert_eq!(notified.len(), 1);
    let message = notified[0]["guideMessage"].as_str().unwrap();
    assert!(message.starts_with("SOS from Sita Rai."), "{message}");
    assert!(
        message.contains("Twisted my ankle below Lobuche.") && message.contains(MAP_LINK),
        "{message}"
    );
    let email = email_containing(&app, &today_guide.email, "Subject: SOS from Sita Rai").await;
    assert!(email.contains(MAP_LINK) && email.contains("Twisted my ankle below Lobuche."));
    assert!(sos_notifications(&app, &later_guide).await.is_empty());
    assert!(app.outbox_emails(&later_guide.email).iter().all(|email| !email.contains("SOS")));
}

#[tokio::test]
async fn the_emergency_contact_is_emailed_with_the_map_link() {
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;
    let contact = unique_email();
    assert_eq!(save_contact(&app, &tourist, &contact).await.status(), StatusCode::OK);

    let data = sent(&app, &tourist).await;

    assert_eq!(data["notified"], 1);
    assert_eq!(data["reached"], json!([{ "name": "Maya Rai", "role": "emergency-contact" }]));
    let email = email_containing(&app, &contact, "Subject: SOS from Sita Rai").await;
    assert!(email.contains("Namaste Maya Rai,"), "{email}");
    assert!(email.contains(MAP_LINK) && email.contains(&tourist.email), "{email}");
}

#[tokio::test]
async fn with_no_trip_and_no_contact_the_alert_is_still_recorded_and_reaches_nobody() {
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;
    let tourist_id = user_id(&app, &tourist.token).await;

    let data = sent(&app, &tourist).await;

    assert_eq!(data["notified"], 0);
    assert_eq!(data["reached"], json!([]));
    let db = app.db().await;
    let (count, notified): (i64, i64) =
        sqlx::query_as("SELECT COUNT(*), MAX(notified) FROM sos_alerts WHERE tourist_id = $1")
            .bind(&tourist_id)
            .fetch_one(&db.pool)
            .await
            .unwrap();
    db.pool.close().await;
    assert_eq!((count, notified), (1, 0));
}

#[tokio::test]
async fn a_fourth_alert_within_ten_minutes_is_refused_with_retry_after() {
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;
    for _ in 0..3 {
        sent(&app, &tourist).await;
    }

    let refused = send_sos(&app, &tourist, &alert()).await;

    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry_after: u64 = refused.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    // The window slides over two fixed ten-minute windows: at most twenty minutes to wait.
    assert!((1..=1200).contains(&retry_after), "{retry_after}");
}

#[tokio::test]
async fn only_a_traveller_can_send_an_sos() {
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;

    assert_error(
        send_sos(&app, &guide, &alert()).await,
        StatusCode::FORBIDDEN,
        "This action is only for traveller accounts",
    )
    .await;
    assert_eq!(app.post_json("/api/v1/sos", &alert()).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn bad_coordinates_and_over_long_messages_are_refused_with_clear_messages() {
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;
    let cases = [
        (json!({ "latitude": 91, "longitude": 86.9 }), "Latitude must be between -90 and 90"),
        (json!({ "latitude": 27.9, "longitude": -181 }), "Longitude must be between -180 and 180"),
        (json!({ "latitude": 27.9 }), "Longitude is required"),
        (json!({ "longitude": 86.9 }), "Latitude is required"),
        (
            json!({ "latitude": 27.9, "longitude": 86.9, "message": "a".repeat(501) }),
            "Message must be at most 500 characters",
        ),
    ];
    for (body, message) in cases {
        assert_error(send_sos(&app, &tourist, &body).await, StatusCode::BAD_REQUEST, message).await;
    }
    let wrong_type =
        send_sos(&app, &tourist, &json!({ "latitude": "north", "longitude": 86.9 })).await;
    assert_eq!(wrong_type.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn emergency_details_are_validated() {
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;
    let put = |body: Value| {
        let request = app
            .client
            .put(app.url("/api/v1/tourists/emergency-info"))
            .bearer_auth(&tourist.token)
            .json(&body);
        async move { request.send().await.unwrap() }
    };
    let cases = [
        (
            json!({ "contactName": "Maya", "contactPhone": "call me" }),
            "Emergency contact phone must be a phone number, like +977 9841000000",
        ),
        (
            json!({ "contactName": "Maya", "contactEmail": "maya@" }),
            "Emergency contact email must be a valid email address",
        ),
        (
            json!({ "contactName": "Maya" }),
            "Please give a phone number or an email for your emergency contact",
        ),
        (json!({ "contactPhone": "9841000000" }), "Please give your emergency contact's name"),
        (json!({ "insurancePolicyNumber": "P-1" }), "Please give your insurance provider"),
    ];
    for (body, message) in cases {
        assert_error(put(body).await, StatusCode::BAD_REQUEST, message).await;
    }
    let cleared = put(json!({})).await;
    assert_eq!(cleared.status(), StatusCode::OK);
}

#[tokio::test]
async fn emergency_details_are_seen_only_by_the_traveller_and_the_guide_of_a_trip_under_way() {
    let app = spawn_app().await;
    let Trips { tourist, today_guide, later_guide, today_trip, later_trip } =
        traveller_with_two_trips(&app).await;
    assert_eq!(save_contact(&app, &tourist, &unique_email()).await.status(), StatusCode::OK);

    let own = app.get_data("/api/v1/tourists/emergency-info", &tourist.token).await;
    assert_eq!(own["contactName"], "Maya Rai");
    assert_eq!(own["insurancePolicyNumber"], "WN-2026-448812");
    let during = app
        .get_data(
            &format!("/api/v1/guides/booking/{today_trip}/emergency-info"),
            &today_guide.token,
        )
        .await;
    assert_eq!(during["travellerName"], "Sita Rai");
    assert_eq!(during["emergencyInfo"]["contactPhone"], "+977 9841000000");

    let before = app
        .get_auth(
            &format!("/api/v1/guides/booking/{later_trip}/emergency-info"),
            &later_guide.token,
        )
        .await;
    assert_error(
        before,
        StatusCode::FORBIDDEN,
        "Emergency details are shared only during a paid trip",
    )
    .await;
    let not_theirs = app
        .get_auth(
            &format!("/api/v1/guides/booking/{today_trip}/emergency-info"),
            &later_guide.token,
        )
        .await;
    assert_error(not_theirs, StatusCode::NOT_FOUND, "Booking not found").await;
    let as_guide = app.get_auth("/api/v1/tourists/emergency-info", &today_guide.token).await;
    assert_eq!(as_guide.status(), StatusCode::FORBIDDEN);
    // Nothing that shows the traveller to others carries the details.
    for (path, token) in [
        ("/api/v1/guides/bookings".to_owned(), &today_guide.token),
        ("/api/v1/tourists/profile".to_owned(), &tourist.token),
        (format!("/api/v1/tourists/details/{today_trip}"), &tourist.token),
    ] {
        let text = app.get_auth(&path, token).await.text().await.unwrap();
        assert!(
            !text.contains("9841000000") && !text.contains("WN-2026-448812"),
            "{path} shows emergency details"
        );
    }
}
