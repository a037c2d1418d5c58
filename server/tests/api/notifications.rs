//! Notifications: each role reads its own, marks them read, and hears about new ones live,
//! on whichever replica the change happened.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fixtures::{approved_booking, days_from_today, request_booking};
use crate::helpers::{Backend, TestApp, TestUser, assert_error, backend, spawn_app};

async fn unread(app: &TestApp, user: &TestUser) -> i64 {
    app.get_data("/api/v1/notifications/unread-count", &user.token).await["count"].as_i64().unwrap()
}

/// An open live stream of `unread` events (the SOS tests listen to one too).
pub(crate) struct Stream {
    response: reqwest::Response,
    buffer: String,
}

impl Stream {
    pub(crate) async fn open(client: &reqwest::Client, address: &str, token: &str) -> Self {
        let response = client
            .get(format!("{address}/api/v1/notifications/stream"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert!(
            response.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream")
        );
        Self { response, buffer: String::new() }
    }

    /// Reads events until one says `count` (a change announced just before the stream
    /// opened may still arrive first, with the count of that moment).
    pub(crate) async fn wait_for(&mut self, count: i64) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while tokio::time::Instant::now() < deadline {
            if self.next_count().await == count {
                return;
            }
        }
        panic!("the live count never reached {count}");
    }

    /// The count in the next `unread` event (keep-alive comments and other events are skipped).
    pub(crate) async fn next_count(&mut self) -> i64 {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let event: String = self.buffer.drain(..end + 2).collect();
                // The stream also carries message events; this reads notification counts.
                let is_unread = event.lines().any(|l| l == "event: unread" || l == "event:unread");
                if let Some(data) =
                    event.lines().find_map(|l| l.strip_prefix("data:")).filter(|_| is_unread)
                {
                    let value: Value = serde_json::from_str(data.trim()).unwrap();
                    return value["count"].as_i64().unwrap();
                }
                continue;
            }
            let chunk = tokio::time::timeout_at(deadline, self.response.chunk())
                .await
                .expect("no event within 10 s")
                .unwrap();
            self.buffer.push_str(&String::from_utf8_lossy(&chunk.expect("the stream ended")));
        }
    }
}

#[tokio::test]
async fn each_role_reads_only_its_own_notifications_and_marks_them_read() {
    // Arrange
    let app = spawn_app().await;
    let (guide, tourist, _) = approved_booking(&app, 3, 1).await;
    let stranger = app.signup_and_login("tourist").await;

    // Act
    let guide_list = app.get_data("/api/v1/notifications/guide", &guide.token).await;
    let tourist_list = app.get_data("/api/v1/notifications/tourist", &tourist.token).await;

    // Assert
    assert_eq!(guide_list.as_array().unwrap().len(), 2, "verified, then the request");
    assert_eq!(tourist_list.as_array().unwrap().len(), 1, "approved");
    let notification = &tourist_list[0];
    for field in [
        "_id",
        "isRead",
        "guideMessage",
        "touristMessage",
        "status",
        "paymentStatus",
        "bookingId",
        "createdAt",
    ] {
        assert!(notification.get(field).is_some(), "{field}");
    }
    assert_eq!(
        app.get_auth("/api/v1/notifications/guide", &tourist.token).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.get_auth("/api/v1/notifications/tourist", &guide.token).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(app.get("/api/v1/notifications/tourist").await.status(), StatusCode::UNAUTHORIZED);

    let id = notification["_id"].as_str().unwrap();
    let read_path = format!("/api/v1/notifications/{id}/read");
    assert_error(
        app.patch_json_auth(&read_path, &json!({}), &stranger.token).await,
        StatusCode::NOT_FOUND,
        "Notification not found",
    )
    .await;
    assert_error(
        app.patch_json_auth(&read_path, &json!({}), &guide.token).await,
        StatusCode::NOT_FOUND,
        "Notification not found",
    )
    .await;
    assert_eq!(unread(&app, &tourist).await, 1);
    assert_eq!(
        app.patch_json_auth(&read_path, &json!({}), &tourist.token).await.status(),
        StatusCode::OK
    );
    assert_eq!(unread(&app, &tourist).await, 0);
    assert_eq!(
        app.get_data("/api/v1/notifications/tourist", &tourist.token).await[0]["isRead"],
        true
    );

    assert_eq!(unread(&app, &guide).await, 2);
    assert_eq!(
        app.patch_json_auth("/api/v1/notifications/read-all", &json!({}), &guide.token)
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(unread(&app, &guide).await, 0);
}

#[tokio::test]
async fn an_open_page_hears_a_new_notification_live() {
    // Arrange
    let app = spawn_app().await;
    let (guide, tourist, booking) = approved_booking(&app, 3, 1).await;
    app.patch_json_auth("/api/v1/notifications/read-all", &json!({}), &guide.token).await;
    let guide_id = booking["guide"]["_id"].as_str().unwrap().to_owned();
    let mut stream = Stream::open(&app.client, &app.address, &guide.token).await;
    assert_eq!(stream.next_count().await, 0);

    // Act
    request_booking(&app, &tourist, &guide_id, &days_from_today(12), 2).await;

    // Assert
    stream.wait_for(1).await;
    app.patch_json_auth("/api/v1/notifications/read-all", &json!({}), &guide.token).await;
    stream.wait_for(0).await;
    assert_eq!(app.get("/api/v1/notifications/stream").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_change_on_one_replica_reaches_a_page_open_on_another() {
    if backend() != Backend::Postgres {
        eprintln!("skipped: replicas share state through PostgreSQL; SQLite runs one process");
        return;
    }
    // Arrange: two servers on one database; the guide's page is open on the second.
    let app = spawn_app().await;
    let second = app.replica().await;
    let (guide, tourist, booking) = approved_booking(&app, 3, 1).await;
    app.patch_json_auth("/api/v1/notifications/read-all", &json!({}), &guide.token).await;
    let guide_id = booking["guide"]["_id"].as_str().unwrap().to_owned();
    let mut stream = Stream::open(&app.client, &second, &guide.token).await;
    assert_eq!(stream.next_count().await, 0);

    // Act: the traveller's request lands on the first.
    request_booking(&app, &tourist, &guide_id, &days_from_today(14), 2).await;

    // Assert
    stream.wait_for(1).await;
}

/// Accept-Language `language`: (what the guide reads, what the traveller reads) of each of
/// `user`'s notifications as `role`, newest first.
async fn read_in(
    app: &TestApp,
    user: &TestUser,
    role: &str,
    language: &str,
) -> Vec<(String, String)> {
    let response = app
        .client
        .get(app.url(&format!("/api/v1/notifications/{role}")))
        .bearer_auth(&user.token)
        .header("accept-language", language)
        .send()
        .await
        .unwrap();
    let body: Value = response.json().await.unwrap();
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            (
                n["guideMessage"].as_str().unwrap().to_owned(),
                n["touristMessage"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[tokio::test]
async fn notifications_stored_as_sentences_are_converted_to_notices_and_read_as_before() {
    // Arrange: a database as it was before notices, with sentences Yatra wrote then, one it
    // no longer writes, and one whose name makes it ambiguous (both stay as written).
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let db = app.db().await;
    let (guide_id,): (String,) = sqlx::query_as("SELECT id FROM users WHERE email = $1")
        .bind(&guide.email)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    for sql in [
        "ALTER TABLE notifications ADD COLUMN guide_message TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE notifications ADD COLUMN tourist_message TEXT NOT NULL DEFAULT ''",
        "DELETE FROM _sqlx_migrations WHERE version = 27",
    ] {
        sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&db.pool).await.unwrap();
    }
    let sentences = [
        "New booking request from Sita Rai for 12 Dec 2026 (3 days) at 09:30 (2 people).",
        "Sita paid Sita paid $5.00 for the trip on 1 Dec 2026. It is confirmed.",
        "Yatra sent you $50.00 to your Khalti wallet (reference KH-1).",
        "Your guide licence is valid until 31 March 2031. Submit your renewed licence before then to stay listed.",
        "Welcome to the old Yatra.",
    ];
    for (i, sentence) in sentences.iter().enumerate() {
        sqlx::query(
            "INSERT INTO notifications (id, user_id, kind, guide_message, status, payment_status, created_at, updated_at) \
             VALUES ($1, $2, 'booking_request', $3, '', '', $4, $4)",
        )
        .bind(format!("old-{i}"))
        .bind(&guide_id)
        .bind(*sentence)
        .bind(1_000 + i as i64)
        .execute(&db.pool)
        .await
        .unwrap();
    }

    // Act
    db.migrate().await.unwrap();
    db.migrate().await.unwrap();

    // Assert: the same English as stored, Nepali where a notice words it, and the
    // parameters stored, not the sentence.
    let english: Vec<(String, String)> =
        sentences.iter().rev().map(|s| (s.to_string(), String::new())).collect();
    assert_eq!(read_in(&app, &guide, "guide", "en").await, english);
    let nepali: Vec<String> =
        read_in(&app, &guide, "guide", "ne").await.into_iter().map(|(guide, _)| guide).collect();
    assert_eq!(
        nepali,
        [
            "Welcome to the old Yatra.",
            "तपाईंको गाइड लाइसेन्स 31 मार्च 2031 सम्म मान्य छ। सूचीमा रहिरहन त्यसअघि नै नवीकरण गरिएको लाइसेन्स पेश गर्नुहोस्।",
            "Yatraले तपाईंलाई तपाईंको खल्ती वालेटमा $50.00 पठायो (सन्दर्भ नम्बर KH-1)।",
            "Sita paid Sita paid $5.00 for the trip on 1 Dec 2026. It is confirmed.",
            "Sita Raiले 12 डिसेम्बर 2026 (3 दिन) मा 09:30 बजेका लागि बुकिङ अनुरोध पठाउनुभएको छ (2 जना)।",
        ]
    );
    let (stored,): (String,) =
        sqlx::query_as("SELECT notice FROM notifications WHERE id = 'old-0'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(
        serde_json::from_str::<Value>(&stored).unwrap(),
        json!({
            "notice": "trip_requested",
            "tourist": "Sita Rai",
            "trip": { "firstDay": "2026-12-12", "days": 3 },
            "time": "09:30",
            "people": 2,
        })
    );
    let columns = sqlx::query("SELECT guide_message FROM notifications").fetch_all(&db.pool).await;
    assert!(columns.is_err(), "the sentences are dropped once converted");
    db.pool.close().await;
}
