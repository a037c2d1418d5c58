//! Nepali and English: error messages and notifications follow `Accept-Language`, with the
//! same stable `code` in both; emails follow the language the account chose.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::email::{smtp_server, wait_until_received};
use crate::fixtures::{
    KATHMANDU, days_from_today, decide, guide_profile, request_booking, verified_guide,
};
use crate::helpers::{TestApp, signup_body, spawn_app, spawn_app_with, unique_email};

/// POST `body` to `path` asking for `language` (no header when `None`); (status, body, Vary).
async fn post_in(
    app: &TestApp,
    path: &str,
    body: &Value,
    language: Option<&str>,
) -> (StatusCode, Value, String) {
    let mut request = app.client.post(app.url(path)).json(body);
    if let Some(language) = language {
        request = request.header("accept-language", language);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let vary = response
        .headers()
        .get_all("vary")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect::<Vec<_>>()
        .join(", ");
    (status, response.json().await.unwrap(), vary)
}

async fn get_in(app: &TestApp, path: &str, token: &str, language: &str) -> (StatusCode, Value) {
    let response = app
        .client
        .get(app.url(path))
        .bearer_auth(token)
        .header("accept-language", language)
        .send()
        .await
        .unwrap();
    (response.status(), response.json().await.unwrap())
}

#[tokio::test]
async fn a_bad_sign_up_answers_in_nepali_when_asked_and_in_english_otherwise_with_the_same_code() {
    let app = spawn_app().await;
    let mut body = signup_body("not-an-email", "tourist");

    for nepali in ["ne", "ne-NP", "fr;q=0.9, ne-NP;q=0.8", "en;q=0.1, ne"] {
        let (status, answer, vary) =
            post_in(&app, "/api/v1/auth/signup", &body, Some(nepali)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            answer,
            json!({ "status": "error", "message": "कृपया सही इमेल ठेगाना लेख्नुहोस्", "code": "email_invalid" }),
            "{nepali}"
        );
        assert!(
            vary.to_lowercase().contains("accept-language"),
            "caches must know the answer depends on the language: {vary:?}"
        );
    }
    for english in
        [Some("en"), Some("en-GB"), None, Some("fr"), Some("*"), Some("ne;q=0, en;q=0.5")]
    {
        let (status, answer, _) = post_in(&app, "/api/v1/auth/signup", &body, english).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        // The spec's English, exactly.
        assert_eq!(
            answer,
            json!({ "status": "error", "message": "Please enter a valid email address", "code": "email_invalid" }),
            "{english:?}"
        );
    }

    // A message with a hole: the field's name is translated with it.
    body["email"] = json!(unique_email());
    body["firstName"] = json!("  ");
    let (_, nepali, _) = post_in(&app, "/api/v1/auth/signup", &body, Some("ne")).await;
    let (_, english, _) = post_in(&app, "/api/v1/auth/signup", &body, Some("en")).await;
    assert_eq!(
        (nepali["message"].as_str(), nepali["code"].as_str()),
        (Some("पहिलो नाम अनिवार्य छ"), Some("field_required"))
    );
    assert_eq!(
        (english["message"].as_str(), english["code"].as_str()),
        (Some("First name is required"), Some("field_required"))
    );

    body["firstName"] = json!("Sita");
    body["password"] = json!("short");
    body["confirmPassword"] = json!("short");
    let (_, nepali, _) = post_in(&app, "/api/v1/auth/signup", &body, Some("ne")).await;
    assert_eq!(nepali["message"], "पासवर्ड कम्तीमा 8 अक्षरको हुनुपर्छ");
    assert_eq!(nepali["code"], "password_too_short");
}

#[tokio::test]
async fn errors_from_the_framework_unknown_routes_and_sessions_are_translated_too() {
    let app = spawn_app().await;
    let not_json = app
        .client
        .post(app.url("/api/v1/auth/login"))
        .header("content-type", "application/json")
        .header("accept-language", "ne")
        .body("{oops")
        .send()
        .await
        .unwrap();
    assert_eq!(not_json.status(), StatusCode::BAD_REQUEST);
    let body: Value = not_json.json().await.unwrap();
    assert_eq!(
        (body["message"].as_str(), body["code"].as_str()),
        (Some("अनुरोध मान्य JSON होइन।"), Some("invalid_json"))
    );

    let (status, body) = get_in(&app, "/api/v1/no-such-thing", "x", "ne").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        (body["message"].as_str(), body["code"].as_str()),
        (Some("यस्तो API छैन"), Some("no_such_endpoint"))
    );

    let (status, body) = get_in(&app, "/api/v1/auth/me", "not-a-token", "ne-NP").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["code"], "session_expired");
    assert_eq!(body["message"], "तपाईंको सत्र सकियो। कृपया फेरि साइन इन गर्नुहोस्।");

    let (status, body, _) = post_in(
        &app,
        "/api/v1/auth/login",
        &json!({ "email": unique_email(), "password": "wrong-password" }),
        Some("ne"),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        (body["message"].as_str(), body["code"].as_str()),
        (Some("इमेल वा पासवर्ड मिलेन"), Some("credentials_invalid"))
    );
}

#[tokio::test]
async fn an_account_chooses_its_language_and_reads_it_back() {
    let app = spawn_app().await;
    let user = app.signup_and_login("tourist").await;
    assert_eq!(app.me(&user.token).await["language"], "en", "signed up without Accept-Language");

    let chosen = app
        .patch_json_auth("/api/v1/protect/language", &json!({ "language": "ne" }), &user.token)
        .await;
    assert_eq!(chosen.status(), StatusCode::OK);
    let body: Value = chosen.json().await.unwrap();
    assert_eq!(body["data"]["language"], "ne");
    assert_eq!(body["message"], "भाषा परिवर्तन भयो");
    assert_eq!(app.me(&user.token).await["language"], "ne");

    for bad in [
        json!({ "language": "fr" }),
        json!({}),
        json!({ "language": "NE" }),
        json!({ "language": 5 }),
    ] {
        let refused = app.patch_json_auth("/api/v1/protect/language", &bad, &user.token).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
    let refused = app
        .patch_json_auth("/api/v1/protect/language", &json!({ "language": "fr" }), &user.token)
        .await;
    let body: Value = refused.json().await.unwrap();
    assert_eq!(
        (body["message"].as_str(), body["code"].as_str()),
        (Some("Language must be en or ne"), Some("language_invalid"))
    );

    let anonymous = app
        .client
        .patch(app.url("/api/v1/protect/language"))
        .json(&json!({ "language": "ne" }))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.me(&user.token).await["language"], "ne", "unchanged by refused requests");
}

/// The raw messages (as sent, nothing decoded) in `dir` and its Maildir folders that
/// mention `address`, oldest first.
fn raw_emails(dir: &std::path::Path, address: &str) -> Vec<String> {
    let mut files: Vec<_> = [dir.to_owned(), dir.join("new"), dir.join("cur")]
        .iter()
        .flat_map(|d| std::fs::read_dir(d).into_iter().flatten().flatten().map(|e| e.path()))
        // Finished messages only: the outbox writes `<id>.eml` through `.<id>.eml.partial`.
        .filter(|p| {
            p.is_file() && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    files.sort();
    files
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .filter(|text| text.contains(address))
        .collect()
}

/// Waits (up to 10 s) for the `count`th raw email to `address` in `dir`; returns it readable.
pub(crate) async fn wait_for_email(dir: &std::path::Path, address: &str, count: usize) -> String {
    for _ in 0..500 {
        let emails = raw_emails(dir, address);
        if emails.len() >= count {
            return readable(&emails[count - 1]);
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("no email number {count} for {address} in {dir:?} after 10 s");
}

/// An email as a reader sees it: its headers unfolded with the subject's encoded words
/// (RFC 2047) decoded, then each part's body decoded (Nepali text goes out in base64).
fn readable(raw: &str) -> String {
    let raw = raw.replace("\r\n", "\n");
    let (headers, body) = raw.split_once("\n\n").unwrap_or((&raw, ""));
    let headers = headers.replace("\n ", " ");
    let mut out = String::new();
    for line in headers.lines() {
        match line.strip_prefix("Subject: ") {
            Some(subject) => out.push_str(&format!("Subject: {}\n", decode_words(subject))),
            None => out.push_str(&format!("{line}\n")),
        }
    }
    let boundary =
        headers.split("boundary=\"").nth(1).and_then(|b| b.split('"').next()).unwrap_or("\u{0}");
    for part in body.split(&format!("--{boundary}")) {
        let (part_headers, content) =
            part.trim_start_matches('\n').split_once("\n\n").unwrap_or(("", part));
        let lower = part_headers.to_ascii_lowercase();
        if lower.contains("content-transfer-encoding: base64") {
            let encoded: String = content.split_whitespace().collect();
            out.push_str(&String::from_utf8_lossy(&STANDARD.decode(encoded).unwrap_or_default()));
        } else if lower.contains("quoted-printable") {
            out.push_str(&crate::helpers::decode_quoted_printable(content));
        } else {
            out.push_str(content);
        }
        out.push('\n');
    }
    out
}

/// `=?utf-8?b?...?=` words decoded (their bytes joined: a character may span two words).
fn decode_words(text: &str) -> String {
    let mut bytes = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        if rest.len() >= 10 && rest[..10].eq_ignore_ascii_case("=?utf-8?b?") {
            let end = rest[10..].find("?=").map_or(rest.len(), |e| e + 10);
            bytes.extend(STANDARD.decode(&rest[10..end]).unwrap_or_default());
            rest = rest.get(end + 2..).unwrap_or("");
            // Whitespace between two encoded words is not text.
            let trimmed = rest.trim_start();
            if trimmed.len() >= 10 && trimmed[..10].eq_ignore_ascii_case("=?utf-8?b?") {
                rest = trimmed;
            }
        } else {
            let c = rest.chars().next().unwrap();
            bytes.extend_from_slice(&rest.as_bytes()[..c.len_utf8()]);
            rest = &rest[c.len_utf8()..];
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[tokio::test]
async fn signing_up_in_nepali_sends_the_verification_email_in_nepali_through_smtp() {
    let Some((smtp_url, maildir)) = smtp_server() else { return };
    let app = spawn_app_with(&[
        ("YATRA_SMTP_URL", &smtp_url),
        ("YATRA_PUBLIC_URL", "https://yatra.example.np"),
    ])
    .await;
    let email = unique_email();
    let (status, _, _) = post_in(
        &app,
        "/api/v1/auth/signup",
        &signup_body(&email, "tourist"),
        Some("ne-NP,ne;q=0.9,en;q=0.5"),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);

    wait_until_received(&maildir, &email, 1).await;
    let message = wait_for_email(&maildir, &email, 1).await;
    assert!(message.contains("Subject: कृपया आफ्नो इमेल ठेगाना प्रमाणित गर्नुहोस्"), "{message}");
    assert!(message.contains("नमस्ते Sita,"), "{message}");
    assert!(message.contains("मेरो इमेल प्रमाणित गर्नुहोस्"), "the button: {message}");
    assert!(
        message.contains("https://yatra.example.np/verify-email?token="),
        "the link still works: {message}"
    );
    assert!(message.contains("<html lang=\"ne\">"), "{message}");
    assert!(!message.contains("Please verify"), "no English left: {message}");
}

#[tokio::test]
async fn booking_emails_and_notifications_follow_each_persons_language() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let profile = guide_profile(
        "Kathmandu valley walks.",
        &["English"],
        &["Culture"],
        "Thamel, Kathmandu",
        KATHMANDU,
    );
    let (guide, guide_id) = verified_guide(&app, &admin, "Pemba", "Lama", &profile).await;
    let tourist = app.signup_and_login("tourist").await;
    let chosen = app
        .patch_json_auth("/api/v1/protect/language", &json!({ "language": "ne" }), &tourist.token)
        .await;
    assert_eq!(chosen.status(), StatusCode::OK);

    let booking = request_booking(&app, &tourist, &guide_id, &days_from_today(6), 2).await;
    let id = booking["_id"].as_str().unwrap();
    assert_eq!(decide(&app, &guide, id, "approve").await.status(), StatusCode::OK);

    // The traveller chose Nepali: the approval email is in Nepali.
    let outbox = &app.config.email.outbox_dir;
    let approved = wait_for_email(outbox, &tourist.email, 2).await;
    assert!(approved.contains("Subject: Pemba Lamaले तपाईंको यात्रा स्वीकार गर्नुभयो"), "{approved}");
    assert!(approved.contains("पक्का गर्न $80.00 भुक्तानी गर्नुहोस्।"), "{approved}");
    assert!(approved.contains("अहिले भुक्तानी गर्नुहोस्"), "{approved}");
    assert!(approved.contains(&format!("/checkout/{id}")));
    // The guide did not: the request email stays in the spec's English.
    let requested = wait_for_email(outbox, &guide.email, 3).await;
    assert!(requested.contains("Subject: New booking request from Sita Rai"), "{requested}");

    // Notifications follow the reader's request, whatever the account's language.
    let (status, nepali) =
        get_in(&app, "/api/v1/notifications/tourist", &tourist.token, "ne").await;
    assert_eq!(status, StatusCode::OK);
    let message = nepali["data"][0]["touristMessage"].as_str().unwrap();
    assert!(
        message.starts_with("Pemba Lamaले ")
            && message.ends_with("को तपाईंको यात्रा स्वीकार गर्नुभयो। पक्का गर्न अहिले नै भुक्तानी गर्नुहोस्।"),
        "{message}"
    );
    let (_, english) = get_in(&app, "/api/v1/notifications/tourist", &tourist.token, "en-US").await;
    let message = english["data"][0]["touristMessage"].as_str().unwrap();
    assert!(
        message.starts_with("Pemba Lama approved your trip on ")
            && message.ends_with(". Pay now to confirm it."),
        "{message}"
    );

    let (_, nepali) = get_in(&app, "/api/v1/notifications/guide", &guide.token, "ne").await;
    let request =
        nepali["data"].as_array().unwrap().iter().find(|n| n["kind"] == "booking_request").unwrap();
    let message = request["guideMessage"].as_str().unwrap();
    assert!(
        message.starts_with("Sita Raiले ")
            && message.ends_with("मा 09:30 बजेका लागि बुकिङ अनुरोध पठाउनुभएको छ (2 जना)।"),
        "{message}"
    );
    let (_, french) = get_in(&app, "/api/v1/notifications/guide", &guide.token, "fr").await;
    let request =
        french["data"].as_array().unwrap().iter().find(|n| n["kind"] == "booking_request").unwrap();
    assert!(
        request["guideMessage"]
            .as_str()
            .unwrap()
            .starts_with("New booking request from Sita Rai for "),
        "{request}"
    );

    // A refused action in Nepali: the guide answering again.
    let again = app
        .client
        .patch(app.url("/api/v1/guides/booking/status"))
        .bearer_auth(&guide.token)
        .header("accept-language", "ne")
        .json(&json!({ "bookingId": id, "action": "reject" }))
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::CONFLICT);
    let body: Value = again.json().await.unwrap();
    assert_eq!(
        (body["message"].as_str(), body["code"].as_str()),
        (Some("यो बुकिङ पहिले नै स्वीकृत भइसकेको छ"), Some("booking_settled"))
    );
}
