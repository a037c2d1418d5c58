//! Email: the outbox is written with the change it announces, delivered to a real SMTP
//! server (aiosmtpd, started by `make test` through scripts/with-smtp.sh) with retries,
//! never twice, never lost; without an SMTP server each email becomes an `.eml` file.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use reqwest::StatusCode;
use serde_json::json;
use yatra::db::{new_id, now_ms};

use crate::fixtures::{
    KATHMANDU, approved_booking, days_from_today, decide, guide_profile, request_booking,
    submitted_guide, user_id, verified_guide,
};
use crate::helpers::{
    TestApp, decode_quoted_printable, link_token, signup_body, spawn_app_with, unique_email,
};

/// The real SMTP server's address and the folder where it keeps what it received, or
/// `None` (the test then skips, loudly; in CI its absence fails the test).
pub(crate) fn smtp_server() -> Option<(String, std::path::PathBuf)> {
    match (std::env::var("YATRA_TEST_SMTP_URL"), std::env::var("YATRA_TEST_SMTP_DIR")) {
        (Ok(url), Ok(dir)) if !url.is_empty() => Some((url, dir.into())),
        _ if std::env::var("CI").is_ok_and(|v| !v.is_empty()) => {
            panic!(
                "CI runs the email tests against a real SMTP server: run them through scripts/with-smtp.sh"
            )
        }
        _ => {
            eprintln!(
                "!!! SKIPPING: no SMTP server (YATRA_TEST_SMTP_URL); run through scripts/with-smtp.sh or `make test` !!!"
            );
            None
        }
    }
}

/// The messages the SMTP server received for `address` (its envelope recipient), decoded.
fn received(maildir: &std::path::Path, address: &str) -> Vec<String> {
    let mut found = Vec::new();
    for folder in ["new", "cur"] {
        for entry in std::fs::read_dir(maildir.join(folder)).into_iter().flatten().flatten() {
            let Ok(bytes) = std::fs::read(entry.path()) else { continue };
            let text = decode_quoted_printable(&String::from_utf8_lossy(&bytes));
            if text.lines().any(|line| line.eq_ignore_ascii_case(&format!("X-RcptTo: {address}"))) {
                found.push(text);
            }
        }
    }
    found
}

pub(crate) async fn wait_until_received(
    maildir: &std::path::Path,
    address: &str,
    count: usize,
) -> Vec<String> {
    for _ in 0..500 {
        let messages = received(maildir, address);
        if messages.len() >= count {
            return messages;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("the SMTP server did not receive {count} message(s) for {address} within 10 s");
}

/// The outbox rows of one account or address: (template, status, attempts).
async fn outbox_rows(app: &TestApp, who: &str) -> Vec<(String, String, i64)> {
    let db = app.db().await;
    let rows = sqlx::query_as(
        "SELECT e.template, e.status, e.attempts FROM emails e LEFT JOIN users u ON u.id = e.user_id \
         WHERE e.user_id = $1 OR u.email_lower = $1 OR e.to_address = $1 ORDER BY e.id",
    )
    .bind(who)
    .fetch_all(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
    rows
}

async fn wait_until_no_email_pending(app: &TestApp) {
    let db = app.db().await;
    for _ in 0..500 {
        let (pending,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM emails WHERE status = 'pending'")
                .fetch_one(&db.pool)
                .await
                .unwrap();
        if pending == 0 {
            db.pool.close().await;
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("emails still pending after 10 s");
}

#[tokio::test]
async fn without_an_smtp_server_each_email_is_an_eml_file_in_the_outbox_folder() {
    let app = spawn_app_with(&[("YATRA_PUBLIC_URL", "https://yatra.example.np")]).await;
    let email = unique_email();
    assert_eq!(app.signup(&signup_body(&email, "tourist")).await.status(), StatusCode::CREATED);

    let eml = app.wait_for_outbox_email(&email, 1).await;
    assert!(eml.contains("Subject: Please verify your email address"), "{eml}");
    assert!(eml.contains("From: Yatra <no-reply@yatra.local>"), "{eml}");
    assert!(eml.contains("multipart/alternative"), "plain text and HTML: {eml}");
    assert!(eml.contains("text/plain") && eml.contains("text/html"));
    assert!(eml.contains("Namaste Sita,"));
    let token = link_token(&eml, "https://yatra.example.np/verify-email")
        .expect("a link to the public URL");
    assert!(token.len() >= 40, "a long random token");

    // The outbox row keeps nothing once sent, and no token is stored in the clear. The
    // file is written before the row is marked sent: wait for the row.
    wait_until_no_email_pending(&app).await;
    let db = app.db().await;
    let (status, data): (String, String) =
        sqlx::query_as("SELECT status, data FROM emails").fetch_one(&db.pool).await.unwrap();
    assert_eq!((status.as_str(), data.as_str()), ("sent", "{}"));
    let stored: Vec<(String,)> =
        sqlx::query_as("SELECT token_hash FROM account_tokens").fetch_all(&db.pool).await.unwrap();
    assert_eq!(stored.len(), 1);
    assert_ne!(stored[0].0, token);
}

#[tokio::test]
async fn a_change_that_fails_queues_no_email() {
    let app = crate::helpers::spawn_app().await;
    let email = unique_email();
    assert_eq!(app.signup(&signup_body(&email, "tourist")).await.status(), StatusCode::CREATED);
    assert_eq!(app.signup(&signup_body(&email, "guide")).await.status(), StatusCode::CONFLICT);
    assert_eq!(
        outbox_rows(&app, &email).await.len(),
        1,
        "only the successful sign-up queued an email"
    );

    let (guide, tourist, booking) = approved_booking(&app, 5, 2).await;
    let id = booking["_id"].as_str().unwrap();
    // Deciding again fails (not pending): no second email to the traveller.
    assert_eq!(decide(&app, &guide, id, "reject").await.status(), StatusCode::CONFLICT);
    let tourist_id = user_id(&app, &tourist.token).await;
    let templates: Vec<String> =
        outbox_rows(&app, &tourist_id).await.into_iter().map(|(t, _, _)| t).collect();
    assert_eq!(templates, ["verify_email", "booking_approved"]);
}

#[tokio::test]
async fn bookings_payments_and_verification_decisions_are_emailed_to_the_right_people() {
    let app = spawn_app_with(&[("YATRA_PUBLIC_URL", "https://yatra.example.np")]).await;
    let (guide, tourist, booking) = approved_booking(&app, 6, 2).await;
    let id = booking["_id"].as_str().unwrap();

    let request = app.wait_for_outbox_email(&guide.email, 3).await;
    assert!(request.contains("Subject: New booking request from Sita Rai"), "{request}");
    assert!(request.contains("https://yatra.example.np/request"));
    let verified = &app.outbox_emails(&guide.email)[1];
    assert!(verified.contains("Subject: Your guide profile is verified"), "{verified}");

    let approved = app.wait_for_outbox_email(&tourist.email, 2).await;
    assert!(approved.contains("Subject: Pemba Lama approved your trip"), "{approved}");
    assert!(approved.contains(&format!("https://yatra.example.np/checkout/{id}")));

    let checkout =
        app.get_auth(&format!("/api/v1/tourists/stripe/create-session/{id}"), &tourist.token).await;
    assert_eq!(checkout.status(), StatusCode::OK);
    let session_id = checkout.json::<serde_json::Value>().await.unwrap()["sessionId"]
        .as_str()
        .unwrap()
        .to_owned();
    let paid = app
        .post_json_auth(
            &format!("/api/v1/payments/sandbox/{session_id}/pay"),
            &json!({}),
            &tourist.token,
        )
        .await;
    assert_eq!(paid.status(), StatusCode::OK);
    let receipt = app.wait_for_outbox_email(&tourist.email, 3).await;
    assert!(receipt.contains("Subject: Payment received: your trip is confirmed"), "{receipt}");
    assert!(receipt.contains("$80.00"), "{receipt}");
    let guide_paid = app.wait_for_outbox_email(&guide.email, 4).await;
    assert!(guide_paid.contains("Subject: Sita Rai paid for the trip on"), "{guide_paid}");
}

#[tokio::test]
async fn a_rejected_guide_is_emailed_the_reason_with_markup_shown_as_text() {
    let app = crate::helpers::spawn_app().await;
    let admin = app.admin().await;
    let profile = guide_profile("Valley walks.", &["English"], &["Culture"], "Patan", KATHMANDU);
    let (guide, guide_id) = submitted_guide(&app, "Dawa", "Sherpa", &profile).await;
    let reason = "The licence photo <b>is blurry</b> & cut off";
    let rejected = app
        .post_json_auth(
            &format!("/api/v1/admin/guides/{guide_id}/reject"),
            &json!({ "reason": reason }),
            &admin.token,
        )
        .await;
    assert_eq!(rejected.status(), StatusCode::OK);

    let email = app.wait_for_outbox_email(&guide.email, 2).await;
    assert!(email.contains("Subject: Your guide verification was not approved"), "{email}");
    assert!(
        email.contains("The licence photo &lt;b&gt;is blurry&lt;/b&gt; &amp; cut off"),
        "escaped in HTML: {email}"
    );
    assert!(email.contains(reason), "as written in the plain text part");
}

#[tokio::test]
async fn emails_are_delivered_to_the_smtp_server() {
    let Some((smtp_url, maildir)) = smtp_server() else { return };
    let app = spawn_app_with(&[
        ("YATRA_SMTP_URL", &smtp_url),
        ("YATRA_MAIL_FROM", "Yatra <hello@yatra.example.np>"),
    ])
    .await;
    let email = unique_email();
    assert_eq!(app.signup(&signup_body(&email, "tourist")).await.status(), StatusCode::CREATED);

    let messages = wait_until_received(&maildir, &email, 1).await;
    let message = &messages[0];
    assert!(message.contains("Subject: Please verify your email address"), "{message}");
    assert!(message.contains("X-MailFrom: hello@yatra.example.np"), "{message}");
    assert!(message.contains("text/plain") && message.contains("text/html"));
    let token = link_token(message, "/verify-email").expect("a verification link");
    let verified = app.post_json("/api/v1/auth/verify-email", &json!({ "token": token })).await;
    assert_eq!(verified.status(), StatusCode::OK);
    assert!(app.outbox_emails(&email).is_empty(), "nothing written to the folder when SMTP is set");
}

/// A TCP front for the SMTP server that hangs up on every connection while `down`.
async fn flaky_smtp_front(smtp_url: &str, down: Arc<AtomicBool>) -> String {
    let target = smtp_url.trim_start_matches("smtp://").to_owned();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        loop {
            let Ok((mut inbound, _)) = listener.accept().await else { return };
            if down.load(Ordering::SeqCst) {
                drop(inbound);
                continue;
            }
            let target = target.clone();
            tokio::spawn(async move {
                if let Ok(mut outbound) = tokio::net::TcpStream::connect(&target).await {
                    let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                }
            });
        }
    });
    format!("smtp://127.0.0.1:{port}")
}

#[tokio::test]
async fn an_email_is_retried_with_growing_waits_while_the_smtp_server_is_down_then_delivered() {
    let Some((smtp_url, maildir)) = smtp_server() else { return };
    let down = Arc::new(AtomicBool::new(true));
    let front = flaky_smtp_front(&smtp_url, down.clone()).await;
    let app = spawn_app_with(&[("YATRA_SMTP_URL", &front)]).await;
    let email = unique_email();
    assert_eq!(app.signup(&signup_body(&email, "tourist")).await.status(), StatusCode::CREATED);

    // Watch the failed attempts: after the n-th, the next waits at least poll x 2^(n-1).
    let db = app.db().await;
    let mut failures: Vec<(i64, i64)> = Vec::new();
    for _ in 0..2000 {
        if failures.len() >= 2 && failures.last().unwrap().0 >= 4 {
            break;
        }
        let (attempts, next_at, lease_until, error): (i64, i64, Option<i64>, Option<String>) =
            sqlx::query_as("SELECT attempts, next_attempt_at, lease_until, last_error FROM emails")
                .fetch_one(&db.pool)
                .await
                .unwrap();
        let settled_failure =
            lease_until.is_none() && error.as_deref().is_some_and(|e| e.contains("SMTP"));
        if settled_failure && failures.last().is_none_or(|(seen, _)| *seen < attempts) {
            failures.push((attempts, next_at));
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    assert!(
        failures.len() >= 2 && failures.last().unwrap().0 >= 4,
        "four failed attempts within 10 s: {failures:?}"
    );
    for pair in failures.windows(2) {
        let ((earlier, earlier_next), (later, later_next)) = (pair[0], pair[1]);
        // Attempt `later` ran no sooner than `earlier_next`, then waited 20 ms x 2^(later-1).
        assert!(
            later_next - earlier_next >= 20 * 2i64.pow(later as u32 - 1),
            "attempt {earlier} -> {later}: {failures:?}"
        );
    }
    let (status,): (String,) =
        sqlx::query_as("SELECT status FROM emails").fetch_one(&db.pool).await.unwrap();
    assert_eq!(status, "pending", "still to be sent, not given up");
    assert!(received(&maildir, &email).is_empty());

    down.store(false, Ordering::SeqCst);
    let messages = wait_until_received(&maildir, &email, 1).await;
    assert_eq!(messages.len(), 1);
    wait_until_no_email_pending(&app).await;
    let (status, attempts): (String, i64) =
        sqlx::query_as("SELECT status, attempts FROM emails").fetch_one(&db.pool).await.unwrap();
    assert_eq!(status, "sent");
    assert!(attempts >= 5);
    db.pool.close().await;
}

#[tokio::test]
async fn several_server_replicas_send_each_email_exactly_once() {
    let Some((smtp_url, maildir)) = smtp_server() else { return };
    let app = spawn_app_with(&[("YATRA_SMTP_URL", &smtp_url)]).await;
    // Two more instances on the same database: three workers race for every row.
    app.replica().await;
    app.replica().await;

    let addresses: Vec<String> = (0..6).map(|_| unique_email()).collect();
    let bodies: Vec<_> = addresses.iter().map(|email| signup_body(email, "tourist")).collect();
    let signups = futures::future::join_all(bodies.iter().map(|body| app.signup(body))).await;
    assert!(signups.iter().all(|r| r.status() == StatusCode::CREATED));
    // Four more emails for each account, queued the way the handlers queue them.
    let db = app.db().await;
    for address in &addresses {
        let (id,): (String,) = sqlx::query_as("SELECT id FROM users WHERE email_lower = $1")
            .bind(address)
            .fetch_one(&db.pool)
            .await
            .unwrap();
        let mut tx = db.begin_write().await.unwrap();
        for _ in 0..4 {
            yatra::email::queue(
                &mut tx,
                yatra::email::Email {
                    to: yatra::email::Recipient::User(id.clone()),
                    template: yatra::email::Template::VerifyEmail {},
                },
            )
            .await
            .unwrap();
        }
        tx.commit().await.unwrap();
    }
    db.pool.close().await;

    wait_until_no_email_pending(&app).await;
    let mut message_ids = std::collections::HashSet::new();
    for address in &addresses {
        let messages = received(&maildir, address);
        assert_eq!(messages.len(), 5, "{address} got each of its 5 emails once");
        for message in messages {
            let id = message.lines().find(|l| l.starts_with("Message-ID:")).unwrap().to_owned();
            assert!(message_ids.insert(id), "a message was sent twice");
        }
    }
}

#[tokio::test]
async fn an_email_claimed_by_a_worker_that_died_is_sent_once_its_lease_runs_out() {
    let app = crate::helpers::spawn_app().await;
    let user = app.signup_and_login_unverified("tourist").await;
    app.wait_for_outbox_email(&user.email, 1).await;
    let id = user_id(&app, &user.token).await;

    // A worker claimed this row and died before sending: its lease ran out a moment ago.
    let db = app.db().await;
    let now = now_ms();
    sqlx::query(
        "INSERT INTO emails (id, user_id, template, data, status, attempts, next_attempt_at, claim_id, lease_until, created_at) \
         VALUES ($1, $2, 'verify_email', '{}', 'pending', 1, $3, 'a-dead-worker', $4, $3)",
    )
    .bind(new_id())
    .bind(&id)
    .bind(now - 60_000)
    .bind(now - 1)
    .execute(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;

    let email = app.wait_for_outbox_email(&user.email, 2).await;
    assert!(email.contains("Subject: Please verify your email address"));
    wait_until_no_email_pending(&app).await;
    let rows = outbox_rows(&app, &id).await;
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|(_, status, _)| status == "sent"), "{rows:?}");
}

#[tokio::test]
async fn bad_email_settings_stop_start_up_naming_the_variable() {
    for (name, value) in [
        ("YATRA_SMTP_URL", "http://mail.example.np"),
        ("YATRA_SMTP_URL", "smtp://"),
        ("YATRA_MAIL_FROM", "not an address"),
        ("YATRA_EMAIL_POLL_MS", "soon"),
        ("YATRA_EMAIL_POLL_MS", "0"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let data_dir = dir.path().display().to_string();
        let error = yatra::config::Config::from_lookup(|key| match key {
            "YATRA_DATA_DIR" => Some(data_dir.clone()),
            key if key == name => Some(value.to_owned()),
            _ => None,
        })
        .expect_err(&format!("{name}={value:?} must be refused"));
        assert!(error.to_string().contains(name), "{error}");
    }
    for url in [
        "smtp://127.0.0.1:2525",
        "smtps://user:secret@mail.example.np:465",
        "smtp://user:secret@mail.example.np:587?tls=required",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let data_dir = dir.path().display().to_string();
        let config = yatra::config::Config::from_lookup(|key| match key {
            "YATRA_DATA_DIR" => Some(data_dir.clone()),
            "YATRA_SMTP_URL" => Some(url.to_owned()),
            _ => None,
        })
        .unwrap_or_else(|e| panic!("{url} is a valid SMTP URL: {e}"));
        assert!(
            !format!("{config:?}").contains(":secret@"),
            "the password stays out of debug output: {config:?}"
        );
    }
}

/// The email to `address` whose subject starts with `subject`, once `count` emails reached it.
async fn outbox_email_titled(app: &TestApp, address: &str, count: usize, subject: &str) -> String {
    app.wait_for_outbox_email(address, count).await;
    let emails = app.outbox_emails(address);
    let found: Vec<&String> =
        emails.iter().filter(|e| e.contains(&format!("Subject: {subject}"))).collect();
    assert_eq!(found.len(), 1, "one email titled {subject:?} to {address}: {emails:#?}");
    found[0].clone()
}

async fn pay(app: &TestApp, tourist: &crate::helpers::TestUser, id: &str) {
    let checkout =
        app.get_auth(&format!("/api/v1/tourists/stripe/create-session/{id}"), &tourist.token).await;
    assert_eq!(checkout.status(), StatusCode::OK);
    let session_id = checkout.json::<serde_json::Value>().await.unwrap()["sessionId"]
        .as_str()
        .unwrap()
        .to_owned();
    let paid = app
        .post_json_auth(
            &format!("/api/v1/payments/sandbox/{session_id}/pay"),
            &json!({}),
            &tourist.token,
        )
        .await;
    assert_eq!(paid.status(), StatusCode::OK);
}

#[tokio::test]
async fn an_unanswered_request_that_expires_is_emailed_to_the_traveller_and_the_guide() {
    let app = spawn_app_with(&[
        ("YATRA_PUBLIC_URL", "https://yatra.example.np"),
        ("YATRA_SWEEP_EVERY", "50ms"),
        ("YATRA_REQUEST_TTL", "300ms"),
    ])
    .await;
    let admin = app.admin().await;
    let profile = guide_profile("Valley walks.", &["English"], &["Culture"], "Patan", KATHMANDU);
    let (guide, guide_id) = verified_guide(&app, &admin, "Pemba", "Lama", &profile).await;
    let tourist = app.signup_and_login("tourist").await;
    request_booking(&app, &tourist, &guide_id, &days_from_today(12), 2).await;

    // Traveller: verification, expiry. Guide: verification, verified, request, expiry.
    let to_tourist =
        outbox_email_titled(&app, &tourist.email, 2, "Your request to Pemba Lama expired").await;
    assert!(to_tourist.contains("expired without an answer"), "{to_tourist}");
    assert!(to_tourist.contains("https://yatra.example.np/dashboard"), "{to_tourist}");
    let to_guide =
        outbox_email_titled(&app, &guide.email, 4, "The request from Sita Rai expired").await;
    assert!(to_guide.contains("https://yatra.example.np/request"), "{to_guide}");
}

#[tokio::test]
async fn an_approved_trip_left_unpaid_that_expires_is_emailed_to_both() {
    let app =
        spawn_app_with(&[("YATRA_SWEEP_EVERY", "50ms"), ("YATRA_PAYMENT_WINDOW", "300ms")]).await;
    let (guide, tourist, _) = approved_booking(&app, 6, 2).await;

    let to_tourist =
        outbox_email_titled(&app, &tourist.email, 3, "Your trip with Pemba Lama expired unpaid")
            .await;
    assert!(to_tourist.contains("was not paid in time"), "{to_tourist}");
    let to_guide =
        outbox_email_titled(&app, &guide.email, 4, "The trip with Sita Rai expired unpaid").await;
    assert!(to_guide.contains("Those days are free again"), "{to_guide}");
}

#[tokio::test]
async fn a_guide_cancelling_a_paid_trip_emails_both_who_why_and_the_refund_then_the_refund_itself()
{
    let app = spawn_app_with(&[
        ("YATRA_PUBLIC_URL", "https://yatra.example.np"),
        ("YATRA_SWEEP_EVERY", "50ms"),
    ])
    .await;
    let (guide, tourist, booking) = approved_booking(&app, 6, 2).await;
    let id = booking["_id"].as_str().unwrap();
    pay(&app, &tourist, id).await;
    let reason = "I am <b>sick</b> & sorry";
    let cancelled = app
        .post_json_auth(
            &format!("/api/v1/bookings/{id}/cancel"),
            &json!({ "reason": reason }),
            &guide.token,
        )
        .await;
    assert_eq!(cancelled.status(), StatusCode::OK);

    // Traveller: verification, approved, paid, cancelled, refunded.
    let to_tourist = outbox_email_titled(&app, &tourist.email, 5, "Trip on").await;
    assert!(to_tourist.contains("Pemba Lama cancelled your trip on"), "{to_tourist}");
    assert!(
        to_tourist.contains(&format!("Reason: {reason}")),
        "as written in plain text: {to_tourist}"
    );
    assert!(
        to_tourist.contains("Reason: I am &lt;b&gt;sick&lt;/b&gt; &amp; sorry"),
        "escaped in HTML: {to_tourist}"
    );
    assert!(to_tourist.contains("Refund: $80.00"), "{to_tourist}");
    let refunded = outbox_email_titled(&app, &tourist.email, 5, "Refund of $80.00 done").await;
    assert!(refunded.contains("has been refunded to you"), "{refunded}");
    assert!(refunded.contains("https://yatra.example.np/dashboard"), "{refunded}");

    // Guide: verification, verified, request, paid, cancelled, refunded.
    let to_guide = outbox_email_titled(&app, &guide.email, 6, "Trip on").await;
    assert!(to_guide.contains("You cancelled the trip with Sita Rai"), "{to_guide}");
    assert!(to_guide.contains("Refund: $80.00"), "{to_guide}");
    let refunded = outbox_email_titled(&app, &guide.email, 6, "Refund of $80.00 done").await;
    assert!(refunded.contains("was refunded to Sita Rai"), "{refunded}");
}

#[tokio::test]
async fn a_traveller_cancelling_an_unpaid_trip_emails_both_that_nothing_is_refunded() {
    let app = crate::helpers::spawn_app().await;
    let (guide, tourist, booking) = approved_booking(&app, 6, 2).await;
    let id = booking["_id"].as_str().unwrap();
    let cancelled = app
        .post_json_auth(&format!("/api/v1/bookings/{id}/cancel"), &json!({}), &tourist.token)
        .await;
    assert_eq!(cancelled.status(), StatusCode::OK);

    let to_tourist = outbox_email_titled(&app, &tourist.email, 3, "Trip on").await;
    assert!(to_tourist.contains("You cancelled the trip with Pemba Lama"), "{to_tourist}");
    assert!(to_tourist.contains("Nothing was paid"), "{to_tourist}");
    assert!(!to_tourist.contains("Reason:"), "no reason given: {to_tourist}");
    let to_guide = outbox_email_titled(&app, &guide.email, 4, "Trip on").await;
    assert!(to_guide.contains("Sita Rai cancelled your trip on"), "{to_guide}");
}

const ELEVEN_MINUTES_MS: i64 = 11 * 60 * 1000;

/// `tourist` writes to the guide; returns the conversation's id.
async fn write_to_guide(
    app: &TestApp,
    tourist: &crate::helpers::TestUser,
    guide_id: &str,
    text: &str,
) -> String {
    let response = app
        .post_json_auth(
            "/api/v1/conversations",
            &json!({ "guideId": guide_id, "text": text }),
            &tourist.token,
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json::<serde_json::Value>().await.unwrap()["data"]["_id"].as_str().unwrap().to_owned()
}

async fn reply(app: &TestApp, user: &crate::helpers::TestUser, conversation_id: &str, text: &str) {
    let response = app
        .post_json_auth(
            &format!("/api/v1/conversations/{conversation_id}/messages"),
            &json!({ "text": text }),
            &user.token,
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
}

/// Moves every message of the conversation (and the member's last such email) into the past.
async fn backdate(app: &TestApp, conversation_id: &str, sql: &str, by_ms: i64) {
    let db = app.db().await;
    sqlx::query(sqlx::AssertSqlSafe(sql.to_owned()))
        .bind(by_ms)
        .bind(conversation_id)
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
}

const OLDER_MESSAGES: &str =
    "UPDATE messages SET created_at = created_at - $1 WHERE conversation_id = $2";
const OLDER_LAST_EMAIL: &str = "UPDATE conversation_members SET last_unread_email_at = last_unread_email_at - $1 WHERE conversation_id = $2";

async fn unread_emails_to(app: &TestApp, address: &str) -> usize {
    app.outbox_emails(address)
        .iter()
        .filter(|e| e.contains("on Yatra\r\n") || e.contains(" on Yatra\n"))
        .count()
}

#[tokio::test]
async fn a_message_unread_for_ten_minutes_is_emailed_once_per_conversation_per_hour() {
    let app = spawn_app_with(&[
        ("YATRA_PUBLIC_URL", "https://yatra.example.np"),
        ("YATRA_SWEEP_EVERY", "50ms"),
    ])
    .await;
    let admin = app.admin().await;
    let profile = guide_profile("Valley walks.", &["English"], &["Culture"], "Patan", KATHMANDU);
    let (guide, guide_id) = verified_guide(&app, &admin, "Pemba", "Lama", &profile).await;
    let tourist = app.signup_and_login("tourist").await;
    let id = write_to_guide(&app, &tourist, &guide_id, "Is the trail open in January?").await;
    backdate(&app, &id, OLDER_MESSAGES, ELEVEN_MINUTES_MS).await;

    // Guide: verification, verified, then the unread message.
    let email =
        outbox_email_titled(&app, &guide.email, 3, "Sita Rai sent you a message on Yatra").await;
    assert!(email.contains(&format!("https://yatra.example.np/messages/{id}")), "{email}");

    // Within the hour a second unread message is not emailed; another traveller's
    // conversation, emailed in a later sweep, shows the sweep has looked again.
    reply(&app, &tourist, &id, "And in February?").await;
    backdate(&app, &id, OLDER_MESSAGES, ELEVEN_MINUTES_MS).await;
    let other = app.signup_and_login("tourist").await;
    let other_id = write_to_guide(&app, &other, &guide_id, "Hello!").await;
    backdate(&app, &other_id, OLDER_MESSAGES, ELEVEN_MINUTES_MS).await;
    wait_for_emails_linking(&app, &guide.email, &other_id, 1).await;
    wait_until_no_email_pending(&app).await;
    assert_eq!(wait_for_emails_linking(&app, &guide.email, &id, 1).await.len(), 1);

    // An hour after the last one, the messages still unread are emailed again.
    backdate(&app, &id, OLDER_LAST_EMAIL, 61 * 60 * 1000).await;
    let emails = wait_for_emails_linking(&app, &guide.email, &id, 2).await;
    assert!(
        emails.iter().any(|e| e.contains("Subject: Sita Rai sent you 2 messages on Yatra")),
        "{emails:#?}"
    );
}

/// The emails to `address` linking to the conversation, once there are at least `count`.
async fn wait_for_emails_linking(
    app: &TestApp,
    address: &str,
    conversation_id: &str,
    count: usize,
) -> Vec<String> {
    let link = format!("/messages/{conversation_id}");
    for _ in 0..500 {
        let emails: Vec<String> =
            app.outbox_emails(address).into_iter().filter(|e| e.contains(&link)).collect();
        if emails.len() >= count {
            return emails;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("{address} did not get {count} email(s) about {conversation_id} within 10 s");
}

#[tokio::test]
async fn a_message_read_within_ten_minutes_is_not_emailed() {
    let app = spawn_app_with(&[("YATRA_SWEEP_EVERY", "50ms")]).await;
    let admin = app.admin().await;
    let profile = guide_profile("Valley walks.", &["English"], &["Culture"], "Patan", KATHMANDU);
    let (guide, guide_id) = verified_guide(&app, &admin, "Pemba", "Lama", &profile).await;
    let tourist = app.signup_and_login("tourist").await;
    let id = write_to_guide(&app, &tourist, &guide_id, "Is the trail open in January?").await;
    let read = app
        .post_json_auth(&format!("/api/v1/conversations/{id}/read"), &json!({}), &guide.token)
        .await;
    assert_eq!(read.status(), StatusCode::OK);
    reply(&app, &guide, &id, "It is.").await;
    backdate(&app, &id, OLDER_MESSAGES, ELEVEN_MINUTES_MS).await;

    // The traveller's unread reply is emailed; the guide, who read, gets nothing.
    outbox_email_titled(&app, &tourist.email, 2, "Pemba Lama sent you a message on Yatra").await;
    assert_eq!(unread_emails_to(&app, &guide.email).await, 0);
}

#[tokio::test]
async fn several_replicas_email_each_unread_conversation_once() {
    let app = spawn_app_with(&[("YATRA_SWEEP_EVERY", "20ms")]).await;
    app.replica().await;
    app.replica().await;
    let admin = app.admin().await;
    let profile = guide_profile("Valley walks.", &["English"], &["Culture"], "Patan", KATHMANDU);
    let (guide, guide_id) = verified_guide(&app, &admin, "Pemba", "Lama", &profile).await;
    let mut travellers = Vec::new();
    for _ in 0..3 {
        let tourist = app.signup_and_login("tourist").await;
        let id = write_to_guide(&app, &tourist, &guide_id, "Hello!").await;
        travellers.push((tourist, id));
    }
    for (_, id) in &travellers {
        backdate(&app, id, OLDER_MESSAGES, ELEVEN_MINUTES_MS).await;
    }
    app.wait_for_outbox_email(&guide.email, 5).await;
    // A later conversation emailed shows every replica swept past the first three.
    let (last, id) = &travellers[2];
    reply(&app, &guide, id, "Namaste!").await;
    backdate(&app, id, OLDER_MESSAGES, ELEVEN_MINUTES_MS).await;
    outbox_email_titled(&app, &last.email, 2, "Pemba Lama sent you a message on Yatra").await;
    wait_until_no_email_pending(&app).await;

    let db = app.db().await;
    let (queued,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM emails WHERE template = 'unread_messages'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    db.pool.close().await;
    assert_eq!(
        queued, 4,
        "one email for each of the guide's three conversations, one for the traveller"
    );
    assert_eq!(unread_emails_to(&app, &guide.email).await, 3);
}

#[tokio::test]
async fn a_paid_traveller_cancelling_within_24_hours_is_emailed_that_there_is_no_refund() {
    // The trip starts at midnight tonight, Nepal time: always less than 24 hours away.
    let app = crate::helpers::spawn_app().await;
    let admin = app.admin().await;
    let profile = guide_profile("Valley walks.", &["English"], &["Culture"], "Patan", KATHMANDU);
    let (guide, guide_id) = verified_guide(&app, &admin, "Pemba", "Lama", &profile).await;
    let tourist = app.signup_and_login("tourist").await;
    let mut body = crate::fixtures::booking_request(&guide_id, &days_from_today(1), 1);
    body["selectedTime"] = json!("00:00");
    let response =
        app.post_json_auth("/api/v1/tourists/booking/request", &body, &tourist.token).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let id = response.json::<serde_json::Value>().await.unwrap()["data"]["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(decide(&app, &guide, &id, "approve").await.status(), StatusCode::OK);
    pay(&app, &tourist, &id).await;
    let cancelled = app
        .post_json_auth(
            &format!("/api/v1/bookings/{id}/cancel"),
            &json!({ "reason": "Sick" }),
            &tourist.token,
        )
        .await;
    assert_eq!(cancelled.status(), StatusCode::OK);

    // Traveller: verification, approved, paid, cancelled. Guide: verification, verified,
    // request, paid, cancelled.
    let to_tourist = outbox_email_titled(&app, &tourist.email, 4, "Trip on").await;
    assert!(
        to_tourist.contains("No refund: it was cancelled less than 24 hours before the trip."),
        "{to_tourist}"
    );
    assert!(to_tourist.contains("Reason: Sick"), "{to_tourist}");
    let to_guide = outbox_email_titled(&app, &guide.email, 5, "Trip on").await;
    assert!(
        to_guide.contains("Sita Rai cancelled your trip on") && to_guide.contains("No refund"),
        "{to_guide}"
    );
}

#[tokio::test]
async fn emails_done_with_for_90_days_are_pruned_and_pending_or_recent_ones_kept() {
    let app = crate::helpers::spawn_app().await;
    let db = app.db().await;
    let day = 24 * 3600 * 1000;
    let now = now_ms();
    // (status, age in days): only the old rows no longer waiting to be sent go.
    let rows = [("sent", 91), ("skipped", 91), ("failed", 91), ("sent", 89), ("pending", 91)];
    let mut ids = Vec::new();
    for (status, age) in rows {
        let id = new_id();
        // A pending row is due far in the future, so the worker leaves it alone.
        sqlx::query(
            "INSERT INTO emails (id, to_address, template, data, status, attempts, next_attempt_at, created_at) \
             VALUES ($1, 'nobody@example.com', 'verify_email', '{}', $2, 0, $3, $4)",
        )
        .bind(&id)
        .bind(status)
        .bind(now + 365 * day)
        .bind(now - age * day)
        .execute(&db.pool)
        .await
        .unwrap();
        ids.push(id);
    }

    yatra::housekeeping::prune(&db).await.unwrap();

    let mut kept = Vec::new();
    for (id, (status, age)) in ids.iter().zip(rows) {
        let (found,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM emails WHERE id = $1")
            .bind(id)
            .fetch_one(&db.pool)
            .await
            .unwrap();
        if found == 1 {
            kept.push((status, age));
        }
    }
    db.pool.close().await;
    assert_eq!(kept, vec![("sent", 89), ("pending", 91)]);
}

/// The traveller's "Payment received" email, once `count` emails reached them.
async fn confirmation(app: &TestApp, tourist: &crate::helpers::TestUser, count: usize) -> String {
    outbox_email_titled(app, &tourist.email, count, "Payment received").await
}

#[tokio::test]
async fn the_confirmation_email_says_where_to_meet_and_what_to_bring_as_the_guide_set_them() {
    // Arrange: the guide names a meeting place and a list in their profile.
    let app = crate::helpers::spawn_app().await;
    let (guide, tourist, booking) = approved_booking(&app, 6, 2).await;
    let mut profile =
        guide_profile("Kathmandu valley walks.", &["English"], &["Culture"], "Thamel", KATHMANDU);
    profile["meetingPlace"] = json!("The lobby of Hotel Yak & Yeti, Durbar Marg");
    profile["whatToBring"] = json!(["Rain jacket", "Water bottle"]);
    let saved = app.post_json_auth("/api/v1/guides/profile", &profile, &guide.token).await;
    assert_eq!(saved.status(), StatusCode::OK);
    let own = app.get_data("/api/v1/guides/guide-profile", &guide.token).await;
    assert_eq!(own["guideDetails"]["whatToBring"], json!(["Rain jacket", "Water bottle"]), "{own}");

    // Act
    pay(&app, &tourist, booking["_id"].as_str().unwrap()).await;

    // Assert
    let email = confirmation(&app, &tourist, 3).await;
    assert!(
        email.contains("Where and when to meet: The lobby of Hotel Yak & Yeti, Durbar Marg, on"),
        "{email}"
    );
    assert!(email.contains("What to bring: Rain jacket, Water bottle."), "{email}");
    assert!(email.contains("Hotel Yak &amp; Yeti"), "escaped in the HTML part: {email}");
}

#[tokio::test]
async fn a_guide_who_set_no_meeting_place_is_named_with_their_contact_in_nepali() {
    // Arrange: a profile saved without the new fields keeps none; the traveller reads Nepali.
    let app = crate::helpers::spawn_app().await;
    let (_, tourist, booking) = approved_booking(&app, 6, 1).await;
    let nepali = app
        .patch_json_auth("/api/v1/protect/language", &json!({ "language": "ne" }), &tourist.token)
        .await;
    assert_eq!(nepali.status(), StatusCode::OK);

    // Act
    pay(&app, &tourist, booking["_id"].as_str().unwrap()).await;

    // Assert
    // Nepali goes out in base64: read it as the reader would.
    let email =
        crate::languages::wait_for_email(&app.config.email.outbox_dir, &tourist.email, 3).await;
    assert!(email.contains("Subject: भुक्तानी प्राप्त भयो"), "{email}");
    assert!(
        email.contains("कहाँ भेट्ने: यात्राअघि Pemba Lamaले तपाईंलाई बताउनुहुनेछ। उहाँलाई +977 9800000000, "),
        "{email}"
    );
    assert!(email.contains("के ल्याउने: Yatra का सन्देशमा Pemba Lamaलाई सोध्नुहोस्।"), "{email}");
}

#[tokio::test]
async fn a_tours_confirmation_meets_at_the_tours_meeting_point_and_lists_what_it_leaves_out() {
    // Arrange: the guide's own meeting place gives way to the tour's.
    let app = crate::helpers::spawn_app().await;
    let admin = app.admin().await;
    let pemba = crate::tours::guide(&app, &admin, "Pemba").await;
    let mut profile =
        guide_profile("I guide in Khumbu.", &["English"], &["trekking"], "Namche", KATHMANDU);
    profile["meetingPlace"] = json!("My office in Thamel");
    profile["whatToBring"] = json!(["Sleeping bag"]);
    let saved = app.post_json_auth("/api/v1/guides/profile", &profile, &pemba.token).await;
    assert_eq!(saved.status(), StatusCode::OK);
    let tour =
        crate::tours::published(&app, &pemba, crate::tours::poon_hill_days(), "instant", 0).await;
    let traveller = app.signup_and_login("tourist").await;
    let booked = app
        .post_json_auth(
            crate::tours::BOOK,
            &json!({"tourId": tour, "selectedDate": days_from_today(20), "groupSize": 1}),
            &traveller.token,
        )
        .await;
    assert_eq!(booked.status(), StatusCode::CREATED);
    let id = booked.json::<serde_json::Value>().await.unwrap()["data"]["_id"]
        .as_str()
        .unwrap()
        .to_owned();

    // Act
    pay(&app, &traveller, &id).await;

    // Assert
    let email = confirmation(&app, &traveller, 3).await;
    assert!(
        email.contains("Where and when to meet: Tenzing-Hillary Airport, Lukla, on"),
        "{email}"
    );
    assert!(!email.contains("My office in Thamel"), "{email}");
    assert!(email.contains("What to bring: Sleeping bag."), "{email}");
    assert!(
        email.contains(
            "Not included in the price, so bring or pay for it yourself: Flights to Lukla."
        ),
        "{email}"
    );
}

#[tokio::test]
async fn a_meeting_place_too_long_or_too_many_things_to_bring_are_refused_with_a_400() {
    let app = crate::helpers::spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let base =
        guide_profile("Kathmandu valley walks.", &["English"], &["Culture"], "Thamel", KATHMANDU);
    let mut long = base.clone();
    long["meetingPlace"] = json!("x".repeat(201));
    let mut many = base.clone();
    many["whatToBring"] = json!(vec!["Hat"; 21]);
    let mut blank = base;
    blank["whatToBring"] = json!(["Hat", " "]);
    for (body, message) in [
        (long, "Meeting place must be at most 200 characters"),
        (many, "What to bring may have at most 20 items"),
        (blank, "What to bring is required"),
    ] {
        let response = app.post_json_auth("/api/v1/guides/profile", &body, &guide.token).await;
        crate::helpers::assert_error(response, StatusCode::BAD_REQUEST, message).await;
    }
}
