//! Requests the client abandons must not escape the CPU throttles. A test binary of its
//! own: it measures this process's memory, which other tests running alongside would
//! disturb.

#[allow(dead_code)]
#[path = "api/helpers.rs"]
mod helpers;

use std::time::Duration;

use reqwest::StatusCode;
use tokio::io::AsyncWriteExt;

use helpers::{PASSWORD, signup_body, spawn_app_with, unique_email};

/// This process's resident memory now and at its peak, in MB, from `/proc/self/status`.
fn memory_mb() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .unwrap_or_else(|| panic!("no {name} in /proc/self/status"))
            / 1024
    };
    (field("VmRSS:"), field("VmHWM:"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_hundred_logins_dropped_five_ms_after_sending_leave_the_server_under_200_mb() {
    // Arrange: limits off, so every attempt reaches the password hash (the throttle under
    // test) instead of stopping at the sign-in limit.
    let app = spawn_app_with(&[("YATRA_RATE_LIMITS", "false")]).await;
    let email = unique_email();
    assert_eq!(app.signup(&signup_body(&email, "tourist")).await.status(), StatusCode::CREATED);
    let address = app.address.trim_start_matches("http://").to_owned();
    let body = serde_json::json!({ "email": email, "password": "wrong-password-123" }).to_string();
    let request = format!(
        "POST /api/v1/auth/login HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let (before, _) = memory_mb();

    // Act: 400 at once, each connection closed 5 ms after its request went out.
    let aborted = (0..400).map(|_| {
        let (address, request) = (address.clone(), request.clone());
        tokio::spawn(async move {
            let mut stream = tokio::net::TcpStream::connect(&address).await.expect("connect");
            stream.write_all(request.as_bytes()).await.expect("send");
            tokio::time::sleep(Duration::from_millis(5)).await;
        })
    });
    for task in futures::future::join_all(aborted).await {
        task.expect("client task");
    }
    // Settled: a login waits its turn behind whatever hashing is still going on.
    for _ in 0..3 {
        let (token, _, _) = app.login(&email, PASSWORD).await;
        assert!(!token.is_empty());
    }

    // Assert
    let (after, peak) = memory_mb();
    println!("RSS before {before} MB, after {after} MB, peak {peak} MB");
    assert!(
        peak < 200,
        "the process peaked at {peak} MB (before the flood {before} MB, after {after} MB)"
    );
}
