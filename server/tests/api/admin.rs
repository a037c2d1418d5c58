//! Admins: the verification queue, verifying and rejecting guides, notifications, and
//! that nobody else can do any of it.

use reqwest::StatusCode;
use serde_json::{Value, json};
use yatra::i18n::Lang;
use yatra::notice::Notice;

use crate::guides::{submit_certificates, valid_profile};
use crate::helpers::{
    JWT_SECRET, TestApp, TestUser, assert_error, forge_token, jpeg, now_secs, spawn_app,
};

const QUEUE: &str = "/api/v1/admin/verifications";

fn verify(guide_id: &str) -> String {
    format!("/api/v1/admin/guides/{guide_id}/verify")
}

fn reject(guide_id: &str) -> String {
    format!("/api/v1/admin/guides/{guide_id}/reject")
}

/// A guide with a filled profile and photo who has submitted one certificate; returns the
/// guide and their id.
async fn submitted_guide(app: &TestApp) -> (TestUser, String) {
    let guide = app.signup_and_login("guide").await;
    app.post_json_auth("/api/v1/guides/profile", &valid_profile(), &guide.token).await;
    app.upload(
        "/api/v1/guides/profile-image",
        &guide.token,
        "profileImage",
        "me.jpg",
        "image/jpeg",
        jpeg(40, 40),
    )
    .await;
    let data = submit_certificates(app, &guide.token, &["Trekking Guide Licence"]).await;
    let id = data["_id"].as_str().unwrap().to_owned();
    (guide, id)
}

/// (kind, what the guide reads in English, status) of each of `user_id`'s notifications.
async fn notifications(app: &TestApp, user_id: &str) -> Vec<(String, String, String)> {
    let db = app.db().await;
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT kind, notice, status FROM notifications WHERE user_id = $1 ORDER BY created_at",
    )
    .bind(user_id)
    .fetch_all(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
    rows.into_iter()
        .map(|(kind, notice, status)| {
            (kind, Notice::from_stored(&notice).messages(Lang::En).0, status)
        })
        .collect()
}

#[tokio::test]
async fn the_queue_lists_submitted_guides_oldest_first_with_their_certificates() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    assert_eq!(app.get_data(QUEUE, &admin.token).await, json!([]));
    let (_, first) = submitted_guide(&app).await;
    let (_, second) = submitted_guide(&app).await;
    let _not_submitted = app.signup_and_login("guide").await;

    // Act
    let queue = app.get_data(QUEUE, &admin.token).await;

    // Assert
    let queue = queue.as_array().unwrap();
    assert_eq!(queue.len(), 2);
    assert_eq!(queue[0]["guideId"], first);
    assert_eq!(queue[1]["guideId"], second);
    let item = &queue[0];
    assert_eq!(item["firstName"], "Sita");
    assert_eq!(item["bio"], "I guide treks in the Everest region.");
    assert_eq!(item["nationality"], "Nepali");
    assert!(item["email"].as_str().unwrap().contains('@'));
    assert!(item["submittedAt"].as_str().unwrap().ends_with('Z'));
    assert!(item["profilePicture"].as_str().unwrap().starts_with("/media/"));
    let certificate = &item["certifications"][0];
    assert_eq!(certificate["name"], "Trekking Guide Licence");
    // The admin can open the private certificate image.
    let image = app.get_auth(certificate["image"].as_str().unwrap(), &admin.token).await;
    assert_eq!(image.status(), StatusCode::OK);
    assert_eq!(image.headers()["cache-control"], "private, no-store");
}

#[tokio::test]
async fn verifying_a_guide_marks_them_verified_and_notifies_them() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (guide, guide_id) = submitted_guide(&app).await;

    // Act
    let response = app.post_json_auth(&verify(&guide_id), &json!({}), &admin.token).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body, json!({ "status": "success", "message": "Guide verified" }));
    let details =
        app.get_data("/api/v1/guides/guide-profile", &guide.token).await["guideDetails"].clone();
    assert_eq!(details["status"], "verified");
    assert_eq!(details["verification"], json!({ "state": "approved", "note": "" }));
    assert_eq!(app.get_data(QUEUE, &admin.token).await, json!([]));
    assert_eq!(
        notifications(&app, &guide_id).await,
        vec![(
            "verification".to_owned(),
            "Your profile is verified. Travellers can now find and book you.".to_owned(),
            "verified".to_owned()
        )]
    );
    // Deciding again: nothing waits.
    let again = app.post_json_auth(&verify(&guide_id), &json!({}), &admin.token).await;
    assert_error(again, StatusCode::CONFLICT, "This guide has no submission waiting for review")
        .await;
}

#[tokio::test]
async fn rejecting_needs_a_reason_and_the_guide_can_submit_again() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (guide, guide_id) = submitted_guide(&app).await;
    let reason_required = "Please give a reason for the rejection";

    // Act + Assert: a reason is required.
    for body in [
        json!({}),
        json!({ "reason": "   " }),
        json!({ "reason": null }),
        json!({ "reason": "r".repeat(501) }),
    ] {
        let response = app.post_json_auth(&reject(&guide_id), &body, &admin.token).await;
        assert_error(response, StatusCode::BAD_REQUEST, reason_required).await;
    }

    // Act
    let response = app
        .post_json_auth(
            &reject(&guide_id),
            &json!({ "reason": "The licence photo is blurred" }),
            &admin.token,
        )
        .await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body, json!({ "status": "success", "message": "Guide rejected" }));
    let details =
        app.get_data("/api/v1/guides/guide-profile", &guide.token).await["guideDetails"].clone();
    assert_eq!(details["status"], "unverified");
    assert_eq!(
        details["verification"],
        json!({ "state": "rejected", "note": "The licence photo is blurred" })
    );
    assert_eq!(
        notifications(&app, &guide_id).await,
        vec![(
            "verification".to_owned(),
            "Your verification was not approved: The licence photo is blurred. Please update your certificates and submit again."
                .to_owned(),
            "rejected".to_owned()
        )]
    );

    // Act: the guide submits again.
    let resubmitted = submit_certificates(&app, &guide.token, &["Sharper Licence"]).await;

    // Assert: back in the queue, note cleared.
    assert_eq!(
        resubmitted["guideDetails"]["verification"],
        json!({ "state": "submitted", "note": "" })
    );
    let queue = app.get_data(QUEUE, &admin.token).await;
    assert_eq!(queue[0]["guideId"], guide_id);
    assert_eq!(queue[0]["certifications"][0]["name"], "Sharper Licence");
}

#[tokio::test]
async fn a_verified_guide_who_submits_again_stays_verified_while_in_review() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (guide, guide_id) = submitted_guide(&app).await;
    app.post_json_auth(&verify(&guide_id), &json!({}), &admin.token).await;

    // Act
    let data = submit_certificates(&app, &guide.token, &["Another"]).await;

    // Assert
    assert_eq!(data["guideDetails"]["status"], "verified");
    assert_eq!(data["guideDetails"]["verification"]["state"], "submitted");
}

#[tokio::test]
async fn deciding_on_a_guide_with_nothing_submitted_or_no_guide_at_all_is_refused() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let guide = app.signup_and_login("guide").await;
    let guide_id = app.me(&guide.token).await["_id"].as_str().unwrap().to_owned();
    let traveller = app.signup_and_login("tourist").await;
    let traveller_id = app.me(&traveller.token).await["_id"].as_str().unwrap().to_owned();
    let nothing = "This guide has no submission waiting for review";

    // Act + Assert
    assert_error(
        app.post_json_auth(&verify(&guide_id), &json!({}), &admin.token).await,
        StatusCode::CONFLICT,
        nothing,
    )
    .await;
    let rejected =
        app.post_json_auth(&reject(&guide_id), &json!({ "reason": "x" }), &admin.token).await;
    assert_error(rejected, StatusCode::CONFLICT, nothing).await;
    for id in ["unknown", traveller_id.as_str()] {
        let response = app.post_json_auth(&verify(id), &json!({}), &admin.token).await;
        assert_error(response, StatusCode::NOT_FOUND, "Guide not found").await;
        let response =
            app.post_json_auth(&reject(id), &json!({ "reason": "x" }), &admin.token).await;
        assert_error(response, StatusCode::NOT_FOUND, "Guide not found").await;
    }
    assert!(notifications(&app, &guide_id).await.is_empty());
}

#[tokio::test]
async fn only_admins_can_see_the_queue_verify_or_reject() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id) = submitted_guide(&app).await;
    let traveller = app.signup_and_login("tourist").await;
    // A guide holding a token that claims "admin": the database decides.
    let forged = forge_token(JWT_SECRET, &guide_id, "admin", now_secs(), now_secs() + 600);
    let message = "This action is only for admin accounts";

    for token in [guide.token.as_str(), traveller.token.as_str(), forged.as_str()] {
        // Act + Assert
        assert_error(app.get_auth(QUEUE, token).await, StatusCode::FORBIDDEN, message).await;
        assert_error(
            app.post_json_auth(&verify(&guide_id), &json!({}), token).await,
            StatusCode::FORBIDDEN,
            message,
        )
        .await;
        let response =
            app.post_json_auth(&reject(&guide_id), &json!({ "reason": "x" }), token).await;
        assert_error(response, StatusCode::FORBIDDEN, message).await;
    }
    assert_eq!(app.get(QUEUE).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.post_json(&verify(&guide_id), &json!({})).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.post_json(&reject(&guide_id), &json!({ "reason": "x" })).await.status(),
        StatusCode::UNAUTHORIZED
    );
    // Still waiting, untouched.
    let details =
        app.get_data("/api/v1/guides/guide-profile", &guide.token).await["guideDetails"].clone();
    assert_eq!(details["verification"]["state"], "submitted");
    assert_eq!(details["status"], "unverified");
}
