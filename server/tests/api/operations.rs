//! Running the server: shutdown does not wait for open event streams, uploads on a slow
//! line are not cut off by the request timeout (a stalled one is), and `/metrics` reports
//! requests by matched route, the database pool and the business events.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use yatra::app::Application;

use crate::fixtures::approved_booking;
use crate::helpers::{TestApp, assert_error, error_message, png, spawn_app, spawn_app_with};

// ---------------------------------------------------------------------------------------
// Shutdown

#[tokio::test]
async fn shutting_down_ends_open_event_streams_and_the_server_exits() {
    // Arrange: a second server on the test's database, stopped by a channel instead of SIGTERM.
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;
    let server = Application::build(app.config.clone()).await.unwrap();
    let address = format!("http://127.0.0.1:{}", server.port());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = tokio::spawn(server.run_until(async move {
        let _ = stopped.await;
    }));
    let mut stream = app
        .client
        .get(format!("{address}/api/v1/notifications/stream"))
        .bearer_auth(&tourist.token)
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status(), StatusCode::OK);
    let first = stream.chunk().await.unwrap().expect("the first event");
    assert!(String::from_utf8_lossy(&first).contains("unread"));

    // Act
    stop.send(()).unwrap();

    // Assert: the server finishes (before, it waited up to the stream's ten minutes).
    let finished = tokio::time::timeout(Duration::from_secs(10), serving).await;
    assert!(finished.is_ok(), "the server still runs 10 s after shutdown began");
    finished.unwrap().unwrap().unwrap();
    let rest = tokio::time::timeout(Duration::from_secs(10), async {
        while let Ok(Some(_)) = stream.chunk().await {}
    })
    .await;
    assert!(rest.is_ok(), "the stream was ended");
}

#[test]
fn the_binary_exits_promptly_on_sigterm_with_an_event_stream_open() {
    // Arrange
    let dir = tempfile::tempdir().unwrap();
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_yatra"))
        .arg("serve")
        .env("YATRA_DATA_DIR", dir.path())
        .env("YATRA_ADDR", format!("127.0.0.1:{port}"))
        .env("YATRA_WEB_DIR", dir.path().join("no-web"))
        .env("YATRA_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the binary starts");
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let stream = runtime.block_on(async {
        let base = format!("http://127.0.0.1:{port}");
        let client = reqwest::Client::new();
        for _ in 0..200 {
            if client
                .get(format!("{base}/readyz"))
                .send()
                .await
                .is_ok_and(|r| r.status().is_success())
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let email = crate::helpers::unique_email();
        let signup = client
            .post(format!("{base}/api/v1/auth/signup"))
            .json(&crate::helpers::signup_body(&email, "tourist"))
            .send()
            .await
            .unwrap();
        assert!(signup.status().is_success(), "{}", signup.status());
        let login: Value = client
            .post(format!("{base}/api/v1/auth/login"))
            .json(&json!({ "email": email, "password": crate::helpers::PASSWORD }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let mut stream = client
            .get(format!("{base}/api/v1/notifications/stream"))
            .bearer_auth(login["token"].as_str().unwrap())
            .send()
            .await
            .unwrap();
        assert_eq!(stream.status(), StatusCode::OK);
        stream.chunk().await.unwrap().expect("the first event");
        stream
    });

    // Act
    let signalled = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(signalled.success());

    // Assert
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if std::time::Instant::now() > deadline {
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    if status.is_none() {
        let _ = child.kill();
    }
    drop(stream);
    assert!(status.is_some(), "yatra was still running 10 s after SIGTERM");
    assert!(status.unwrap().success(), "a clean exit");
}

// ---------------------------------------------------------------------------------------
// Slow uploads

const BOUNDARY: &str = "yatra-slow-upload-boundary";

/// A PNG of noise, which does not compress: about 3 bytes a pixel.
fn noisy_png(width: u32, height: u32) -> Vec<u8> {
    let mut seed: u32 = 0x9e37_79b9;
    let picture = image::RgbImage::from_fn(width, height, |_, _| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let [r, g, b, _] = seed.to_le_bytes();
        image::Rgb([r, g, b])
    });
    let mut bytes = Vec::new();
    picture.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    bytes
}

/// A raw `POST /api/v1/tourists/profile-image` whose body is written in `chunks` pieces,
/// `pause` apart, stopping after `send_chunks` of them; returns the status and body.
async fn trickle_upload(
    app: &TestApp,
    token: &str,
    picture: &[u8],
    chunks: usize,
    send_chunks: usize,
    pause: Duration,
) -> (u16, String) {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"profileImage\"; filename=\"me.png\"\r\nContent-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(picture);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    let head = format!(
        "POST /api/v1/tourists/profile-image HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary={BOUNDARY}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let mut socket = TcpStream::connect(app.address.trim_start_matches("http://")).await.unwrap();
    socket.write_all(head.as_bytes()).await.unwrap();
    let piece = body.len().div_ceil(chunks);
    for chunk in body.chunks(piece).take(send_chunks) {
        tokio::time::sleep(pause).await;
        if socket.write_all(chunk).await.is_err() {
            break;
        }
    }
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), socket.read_to_end(&mut answer))
        .await
        .expect("an answer")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = answer.split_once("\r\n\r\n").map(|(_, b)| b.to_owned()).unwrap_or_default();
    (status, body)
}

#[tokio::test]
async fn an_upload_arriving_slowly_but_steadily_outlasts_the_request_timeout() {
    // Arrange: a 1 s request timeout; the picture takes about 3 s to arrive (over 20 kB/s,
    // the pace a 4 MB photo at 100 kB/s keeps against the real 30 s).
    let app =
        spawn_app_with(&[("YATRA_REQUEST_TIMEOUT_SECS", "1"), ("YATRA_UPLOAD_STALL_SECS", "1")])
            .await;
    let tourist = app.signup_and_login("tourist").await;
    let picture = noisy_png(200, 200);
    assert!(picture.len() > 60_000, "the picture is {} bytes", picture.len());

    // Act
    let (status, body) =
        trickle_upload(&app, &tourist.token, &picture, 10, 10, Duration::from_millis(300)).await;

    // Assert
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("Profile image updated"), "{body}");
}

#[tokio::test]
async fn an_upload_that_stops_arriving_is_answered_408() {
    // Arrange
    let app =
        spawn_app_with(&[("YATRA_REQUEST_TIMEOUT_SECS", "5"), ("YATRA_UPLOAD_STALL_SECS", "1")])
            .await;
    let tourist = app.signup_and_login("tourist").await;
    let picture = png(200, 200, false);

    // Act: half the body, then nothing.
    let (status, body) =
        trickle_upload(&app, &tourist.token, &picture, 10, 5, Duration::from_millis(10)).await;

    // Assert
    assert_eq!(status, 408, "{body}");
    let body: Value = serde_json::from_str(&body).expect("a JSON error");
    assert_eq!(body["status"], "error");
    assert!(body["message"].as_str().unwrap().contains("upload stopped arriving"), "{body}");
}

#[tokio::test]
async fn a_json_body_that_trickles_in_still_meets_the_request_timeout() {
    // Arrange: only uploads get the body exemption.
    let app = spawn_app_with(&[("YATRA_REQUEST_TIMEOUT_SECS", "1")]).await;
    let mut socket = TcpStream::connect(app.address.trim_start_matches("http://")).await.unwrap();

    // Act: ten bytes of a promised hundred.
    socket
        .write_all(b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{\"email\":")
        .await
        .unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), socket.read_to_end(&mut answer))
        .await
        .expect("an answer")
        .unwrap();

    // Assert
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
}

// ---------------------------------------------------------------------------------------
// Metrics

async fn metrics_text(app: &TestApp) -> String {
    let response = app.get("/metrics").await;
    assert_eq!(response.status(), StatusCode::OK);
    let content_type = response.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(content_type.starts_with("text/plain"), "{content_type}");
    response.text().await.unwrap()
}

#[tokio::test]
async fn metrics_label_requests_by_method_matched_route_and_status() {
    // Arrange
    let app = spawn_app().await;
    let raw_id = "0190ffff-not-a-real-id";
    let unauthorized = app
        .client
        .patch(app.url(&format!("/api/v1/notifications/{raw_id}/read")))
        .send()
        .await
        .unwrap();
    assert_eq!(unauthorized.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get("/healthz").await.status(), StatusCode::OK);

    // Act
    let text = metrics_text(&app).await;

    // Assert
    let labels = r#"{method="PATCH",route="/api/v1/notifications/{id}/read",status="401"}"#;
    assert!(text.contains(&format!("yatra_http_requests_total{labels}")), "{text}");
    assert!(text.contains(&format!("yatra_http_request_duration_seconds_count{labels}")), "{text}");
    assert!(text.contains(r#"yatra_http_request_duration_seconds_bucket{method="PATCH",route="/api/v1/notifications/{id}/read",status="401",le="0.005"}"#), "{text}");
    assert!(
        text.contains(r#"yatra_http_requests_total{method="GET",route="/healthz",status="200"}"#),
        "{text}"
    );
    assert!(!text.contains(raw_id), "a raw path leaked into a label");
    assert!(text.contains("yatra_db_pool_connections "), "{text}");
    assert!(text.contains("yatra_db_pool_idle_connections "), "{text}");
}

#[tokio::test]
async fn metrics_count_booking_transitions_payments_and_failed_logins() {
    // Arrange
    let app = spawn_app().await;
    let (_, tourist, booking) = approved_booking(&app, 3, 1).await;
    let created: Value = app
        .get_auth(
            &format!("/api/v1/tourists/stripe/create-session/{}", booking["_id"].as_str().unwrap()),
            &tourist.token,
        )
        .await
        .json()
        .await
        .unwrap();
    let session_id = created["sessionId"].as_str().unwrap();
    let paid = app
        .post_json_auth(
            &format!("/api/v1/payments/sandbox/{session_id}/pay"),
            &json!({}),
            &tourist.token,
        )
        .await;
    assert_eq!(paid.status(), StatusCode::OK);
    assert_error(
        app.login_response(&tourist.email, "not-the-password-1").await,
        StatusCode::UNAUTHORIZED,
        "Invalid email or password",
    )
    .await;

    // Act
    let text = metrics_text(&app).await;

    // Assert
    for line in [
        r#"yatra_booking_transitions_total{to="requested"}"#,
        r#"yatra_booking_transitions_total{to="approved"}"#,
        "yatra_payments_confirmed_total ",
        "yatra_logins_failed_total ",
    ] {
        assert!(text.contains(line), "{line} missing from:\n{text}");
    }
}

#[tokio::test]
async fn metrics_can_be_turned_off() {
    // Arrange
    let app = spawn_app_with(&[("YATRA_METRICS", "false")]).await;

    // Act
    let response = app.get("/metrics").await;

    // Assert
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    error_message(response).await;
}
