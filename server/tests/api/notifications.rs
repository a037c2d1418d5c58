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
