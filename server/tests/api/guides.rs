//! A guide's own profile: the form, its rules, images, certificates, role checks and
//! profile completion.

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{
    JWT_SECRET, TestApp, assert_error, forge_token, jpeg, now_secs, png, spawn_app,
};

const PROFILE: &str = "/api/v1/guides/guide-profile";
const SAVE: &str = "/api/v1/guides/profile";
pub const CERTIFICATES: &str = "/api/v1/guides/certification";

pub fn valid_profile() -> Value {
    json!({
        "bio": "I guide treks in the Everest region.",
        "nationality": "Nepali",
        "pricePerDay": 45,
        "expertiseLanguages": ["English", "Nepali"],
        "interests": ["Trekking"],
        "contactInfo": { "phone": "+977 9800000000", "address": "Thamel, Kathmandu" },
        "location": { "longitude": 85.324, "latitude": 27.7172 },
        "yearsOfExperience": 8,
    })
}

/// `body` with the value at the dotted `path` replaced (or removed when `None`).
fn with(mut body: Value, path: &str, value: Option<Value>) -> Value {
    let mut target = &mut body;
    let parts: Vec<&str> = path.split('.').collect();
    for part in &parts[..parts.len() - 1] {
        target = &mut target[*part];
    }
    let object = target.as_object_mut().unwrap();
    let last = parts[parts.len() - 1];
    match value {
        Some(value) => object.insert(last.into(), value),
        None => object.remove(last),
    };
    body
}

/// A certificates form with `entries` as JSON and `files` file parts.
pub fn certificates_form(entries: &Value, files: usize) -> Form {
    let mut form = Form::new().text("certificates", entries.to_string());
    for i in 0..files {
        let part = Part::bytes(jpeg(200 + i as u32, 120))
            .file_name(format!("cert-{i}.jpg"))
            .mime_str("image/jpeg")
            .unwrap();
        form = form.part("certificateImage", part);
    }
    form
}

/// A guide licence (with a number and a far expiry), which verification needs (issue 15).
pub fn certificate(name: &str) -> Value {
    json!({ "name": name, "issuingOrganization": "Nepal Tourism Board", "issueDate": "2020-05-01", "licenceNumber": "NTB-TG-0001", "expiresOn": "2099-12-31" })
}

/// Submits one certificate per name; asserts 201 and returns the guide.
pub async fn submit_certificates(app: &TestApp, token: &str, names: &[&str]) -> Value {
    let entries = Value::Array(names.iter().map(|n| certificate(n)).collect());
    let response =
        app.upload_form(CERTIFICATES, token, certificates_form(&entries, names.len())).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "success");
    assert_eq!(body["message"], "Certificates submitted for review");
    body["data"].clone()
}

async fn completion(app: &TestApp, token: &str, role: &str) -> bool {
    app.get_data(&format!("/api/v1/protect/completion/{role}"), token).await["isProfileComplete"]
        .as_bool()
        .unwrap()
}

#[tokio::test]
async fn a_new_guide_has_an_empty_unverified_profile() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;

    // Act
    let data = app.get_data(PROFILE, &guide.token).await;

    // Assert
    assert_eq!(data["_id"], data["guideId"]);
    assert_eq!(data["firstName"], "Sita");
    assert_eq!(data["email"], guide.email);
    assert_eq!(data["averageRating"], 0.0);
    assert_eq!(data["reviewCount"], 0);
    let details = &data["guideDetails"];
    assert_eq!(details["bio"], "");
    assert_eq!(details["pricePerDay"], Value::Null);
    assert_eq!(details["location"], Value::Null);
    assert_eq!(details["profilePicture"], Value::Null);
    assert_eq!(details["coverImage"], Value::Null);
    assert_eq!(details["status"], "unverified");
    assert_eq!(details["verification"], json!({ "state": "none", "note": "" }));
    assert_eq!(details["certifications"], json!([]));
    assert_eq!(details["contactInfo"]["email"], guide.email);
    assert!(details["createdAt"].as_str().unwrap().ends_with('Z'));
}

#[tokio::test]
async fn saving_the_profile_stores_clean_values_and_returns_the_guide() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let body = with(
        with(
            valid_profile(),
            "expertiseLanguages",
            Some(json!([" English ", "", "english", "Nepali", "NEPALI", "Hindi"])),
        ),
        "pricePerDay",
        Some(json!("45.5")),
    );

    // Act
    let response = app.post_json_auth(SAVE, &body, &guide.token).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let saved: Value = response.json().await.unwrap();
    assert_eq!(saved["status"], "success");
    assert_eq!(saved["message"], "Profile updated successfully!");
    let details = &saved["data"]["guideDetails"];
    assert_eq!(details["expertiseLanguages"], json!(["English", "Nepali", "Hindi"]));
    assert_eq!(details["pricePerDay"], 45.5);
    assert_eq!(details["nationality"], "Nepali");
    assert_eq!(details["contactInfo"]["phone"], "+977 9800000000");
    assert_eq!(details["contactInfo"]["address"], "Thamel, Kathmandu");
    assert_eq!(details["location"], json!({ "longitude": 85.324, "latitude": 27.7172 }));
    assert_eq!(details["yearsOfExperience"], 8);
    assert_eq!(app.get_data(PROFILE, &guide.token).await["guideDetails"], *details);
}

#[tokio::test]
async fn saving_again_without_location_or_experience_keeps_the_stored_ones() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    app.post_json_auth(SAVE, &valid_profile(), &guide.token).await;
    let body = with(
        with(with(valid_profile(), "location", None), "yearsOfExperience", None),
        "bio",
        Some(json!("New bio")),
    );

    // Act
    let response = app.post_json_auth(SAVE, &body, &guide.token).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let details = app.get_data(PROFILE, &guide.token).await["guideDetails"].clone();
    assert_eq!(details["bio"], "New bio");
    assert_eq!(details["location"]["latitude"], 27.7172);
    assert_eq!(details["yearsOfExperience"], 8);
}

#[tokio::test]
async fn saving_again_with_location_0_0_keeps_the_stored_place() {
    // Arrange: a guide in Kathmandu whose browser later gives no position, so the form
    // sends the spec's fallback 0,0 (issue 26).
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    app.post_json_auth(SAVE, &valid_profile(), &guide.token).await;
    let nowhere = json!({ "longitude": 0, "latitude": 0 });
    let body = with(valid_profile(), "location", Some(nowhere));

    // Act
    let response = app.post_json_auth(SAVE, &body, &guide.token).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let kathmandu = json!({ "longitude": 85.324, "latitude": 27.7172 });
    let saved: Value = response.json().await.unwrap();
    assert_eq!(saved["data"]["guideDetails"]["location"], kathmandu);
    assert_eq!(app.get_data(PROFILE, &guide.token).await["guideDetails"]["location"], kathmandu);
}

#[tokio::test]
async fn a_first_profile_with_location_0_0_stores_0_0_and_a_chosen_place_replaces_it() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let nowhere = json!({ "longitude": 0, "latitude": 0 });
    let pokhara = json!({ "longitude": 83.9595, "latitude": 28.2096 });

    // Act
    app.post_json_auth(SAVE, &with(valid_profile(), "location", Some(nowhere)), &guide.token).await;
    let first = app.get_data(PROFILE, &guide.token).await["guideDetails"]["location"].clone();
    app.post_json_auth(
        SAVE,
        &with(valid_profile(), "location", Some(pokhara.clone())),
        &guide.token,
    )
    .await;

    // Assert: the spec's fallback where nothing was stored, then the guide's own choice.
    assert_eq!(first, json!({ "longitude": 0.0, "latitude": 0.0 }));
    assert_eq!(app.get_data(PROFILE, &guide.token).await["guideDetails"]["location"], pokhara);
}

#[tokio::test]
async fn the_profile_form_answers_400_with_the_message_for_each_invalid_field() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let valid = valid_profile();
    let many: Vec<String> = (0..21).map(|i| format!("Language {i}")).collect();
    let cases: Vec<(Value, &str)> = vec![
        (with(valid.clone(), "bio", None), "Bio is required"),
        (with(valid.clone(), "bio", Some(json!("   "))), "Bio is required"),
        (
            with(valid.clone(), "bio", Some(json!("b".repeat(2001)))),
            "Bio must be at most 2000 characters",
        ),
        (with(valid.clone(), "nationality", Some(json!(""))), "Nationality is required"),
        (
            with(valid.clone(), "nationality", Some(json!("n".repeat(61)))),
            "Nationality must be at most 60 characters",
        ),
        (with(valid.clone(), "pricePerDay", None), "Price per day is required"),
        (with(valid.clone(), "pricePerDay", Some(json!(null))), "Price per day is required"),
        (with(valid.clone(), "pricePerDay", Some(json!(""))), "Price per day is required"),
        (
            with(valid.clone(), "pricePerDay", Some(json!(-1))),
            "Price per day must be a number from 0 to 10000",
        ),
        (
            with(valid.clone(), "pricePerDay", Some(json!(10001))),
            "Price per day must be a number from 0 to 10000",
        ),
        (
            with(valid.clone(), "pricePerDay", Some(json!("forty"))),
            "Price per day must be a number from 0 to 10000",
        ),
        (
            with(valid.clone(), "expertiseLanguages", Some(json!([]))),
            "Please add at least one language",
        ),
        (
            with(valid.clone(), "expertiseLanguages", Some(json!(["  ", ""]))),
            "Please add at least one language",
        ),
        (with(valid.clone(), "expertiseLanguages", None), "Please add at least one language"),
        (
            with(valid.clone(), "expertiseLanguages", Some(json!(many))),
            "Please add at most 20 languages",
        ),
        (
            with(valid.clone(), "expertiseLanguages", Some(json!(["x".repeat(41)]))),
            "Each language must be at most 40 characters, without special characters",
        ),
        (
            with(
                valid.clone(),
                "interests",
                Some(json!((0..21).map(|i| format!("I{i}")).collect::<Vec<_>>())),
            ),
            "Please add at most 20 interests",
        ),
        (with(valid.clone(), "contactInfo.phone", Some(json!(" "))), "Phone is required"),
        (with(valid.clone(), "contactInfo", None), "Phone is required"),
        (
            with(valid.clone(), "contactInfo.phone", Some(json!("1".repeat(31)))),
            "Phone must be at most 30 characters",
        ),
        (
            with(valid.clone(), "contactInfo.address", Some(json!("a".repeat(201)))),
            "Address must be at most 200 characters",
        ),
        (with(valid.clone(), "location.latitude", Some(json!(91))), "Location is out of range"),
        (
            with(valid.clone(), "location.longitude", Some(json!(-180.5))),
            "Location is out of range",
        ),
        (
            with(valid.clone(), "location.longitude", None),
            "Location needs both longitude and latitude",
        ),
        (
            with(valid.clone(), "yearsOfExperience", Some(json!(71))),
            "Years of experience must be a whole number from 0 to 70",
        ),
        (
            with(valid.clone(), "yearsOfExperience", Some(json!(2.5))),
            "Years of experience must be a whole number from 0 to 70",
        ),
        (
            with(valid.clone(), "bio", Some(json!("nul\u{0}here"))),
            "Bio contains characters that are not allowed",
        ),
    ];

    for (body, message) in cases {
        // Act
        let response = app.post_json_auth(SAVE, &body, &guide.token).await;

        // Assert
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{message}");
        assert_eq!(crate::helpers::error_message(response).await, message);
    }
    // Nothing was saved.
    assert_eq!(app.get_data(PROFILE, &guide.token).await["guideDetails"]["bio"], "");
}

#[tokio::test]
async fn optional_fields_may_be_left_out() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let body = with(
        with(
            with(with(valid_profile(), "location", None), "interests", None),
            "contactInfo.address",
            None,
        ),
        "yearsOfExperience",
        None,
    );

    // Act
    let response = app.post_json_auth(SAVE, &body, &guide.token).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let details = app.get_data(PROFILE, &guide.token).await["guideDetails"].clone();
    assert_eq!(details["location"], Value::Null);
    assert_eq!(details["interests"], json!([]));
    assert_eq!(details["contactInfo"]["address"], "");
    assert_eq!(details["yearsOfExperience"], Value::Null);
}

#[tokio::test]
async fn the_profile_is_complete_once_the_fields_and_a_photo_are_there() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    assert!(!completion(&app, &guide.token, "guide").await);

    // Act + Assert: the fields alone are not enough; the photo completes it.
    app.post_json_auth(SAVE, &valid_profile(), &guide.token).await;
    assert!(!completion(&app, &guide.token, "guide").await);
    let response = app
        .upload(
            "/api/v1/guides/profile-image",
            &guide.token,
            "profileImage",
            "me.jpg",
            "image/jpeg",
            jpeg(80, 80),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(completion(&app, &guide.token, "guide").await);
}

#[tokio::test]
async fn a_cover_image_is_stored_and_shown_in_the_profile() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;

    // Act
    let response = app
        .upload(
            "/api/v1/guides/cover-image",
            &guide.token,
            "coverImage",
            "c.png",
            "image/png",
            png(900, 300, false),
        )
        .await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Cover image updated");
    let url = body["data"]["guideDetails"]["coverImage"].as_str().unwrap();
    assert_eq!(app.get(url).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn travellers_admins_and_strangers_are_refused_every_guide_endpoint() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;
    let admin = app.admin().await;
    // A traveller holding a token that claims "guide": the database decides.
    let me = app.me(&traveller.token).await;
    let forged =
        forge_token(JWT_SECRET, me["_id"].as_str().unwrap(), "guide", now_secs(), now_secs() + 600);

    for token in [traveller.token.as_str(), admin.token.as_str(), forged.as_str()] {
        // Act + Assert
        let refused = |response: reqwest::Response| async move {
            assert_error(
                response,
                StatusCode::FORBIDDEN,
                "This action is only for tour guide accounts",
            )
            .await
        };
        refused(app.get_auth(PROFILE, token).await).await;
        refused(app.post_json_auth(SAVE, &valid_profile(), token).await).await;
        refused(
            app.upload(
                "/api/v1/guides/profile-image",
                token,
                "profileImage",
                "a.jpg",
                "image/jpeg",
                jpeg(10, 10),
            )
            .await,
        )
        .await;
        refused(
            app.upload(
                "/api/v1/guides/cover-image",
                token,
                "coverImage",
                "a.jpg",
                "image/jpeg",
                jpeg(10, 10),
            )
            .await,
        )
        .await;
        refused(
            app.upload_form(CERTIFICATES, token, certificates_form(&json!([certificate("A")]), 1))
                .await,
        )
        .await;
        refused(app.patch_json_auth(CERTIFICATES, &json!({ "certificationId": "x" }), token).await)
            .await;
    }
    assert!(app.media_files().is_empty(), "nothing refused was stored");
    assert_eq!(app.get(PROFILE).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.post_json(SAVE, &valid_profile()).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get_auth(PROFILE, "garbage").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn submitting_certificates_queues_the_guide_with_private_certificate_images() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let stranger = app.signup_and_login("guide").await;

    // Act
    let data =
        submit_certificates(&app, &guide.token, &["Trekking Guide Licence", "First Aid"]).await;

    // Assert
    let details = &data["guideDetails"];
    assert_eq!(details["verification"], json!({ "state": "submitted", "note": "" }));
    assert_eq!(details["status"], "unverified");
    let certificates = details["certifications"].as_array().unwrap();
    assert_eq!(certificates.len(), 2);
    assert_eq!(certificates[0]["name"], "Trekking Guide Licence");
    assert_eq!(certificates[1]["name"], "First Aid");
    assert_eq!(certificates[0]["issuingOrganization"], "Nepal Tourism Board");
    assert_eq!(certificates[0]["issueDate"], "2020-05-01");
    let image = certificates[0]["image"].as_str().unwrap();
    assert!(image.starts_with("/api/v1/media/private/"), "{image}");
    let own = app.get_auth(image, &guide.token).await;
    assert_eq!(own.status(), StatusCode::OK);
    assert_eq!(own.headers()["cache-control"], "private, no-store");
    assert_eq!(app.get_auth(image, &stranger.token).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.get(image).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_new_submission_replaces_the_old_certificates_and_their_files() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let first = submit_certificates(&app, &guide.token, &["Old A", "Old B"]).await;
    let old_image =
        first["guideDetails"]["certifications"][0]["image"].as_str().unwrap().to_owned();
    assert_eq!(app.media_files().len(), 4);

    // Act
    let second = submit_certificates(&app, &guide.token, &["New"]).await;

    // Assert
    let certificates = second["guideDetails"]["certifications"].as_array().unwrap();
    assert_eq!(certificates.len(), 1);
    assert_eq!(certificates[0]["name"], "New");
    assert_eq!(app.get_auth(&old_image, &guide.token).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.media_files().len(), 2);
}

#[tokio::test]
async fn certificate_submissions_with_missing_parts_are_refused_and_change_nothing() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let fill = "Please fill in all fields and upload a file for each certificate.";
    let two = json!([certificate("A"), certificate("B")]);
    let eleven = Value::Array((0..11).map(|i| certificate(&format!("C{i}"))).collect());
    let cases: Vec<(Form, StatusCode, &str)> = vec![
        (certificates_form(&two, 1), StatusCode::BAD_REQUEST, fill),
        (certificates_form(&json!([certificate("A")]), 2), StatusCode::BAD_REQUEST, fill),
        (certificates_form(&json!([]), 0), StatusCode::BAD_REQUEST, fill),
        (
            certificates_form(&json!([{ "name": "A", "issueDate": "2020-01-01" }]), 1),
            StatusCode::BAD_REQUEST,
            fill,
        ),
        (
            certificates_form(
                &json!([{ "name": " ", "issuingOrganization": "X", "issueDate": "2020-01-01" }]),
                1,
            ),
            StatusCode::BAD_REQUEST,
            fill,
        ),
        (
            certificates_form(
                &json!([{ "name": "A", "issuingOrganization": "X", "issueDate": "" }]),
                1,
            ),
            StatusCode::BAD_REQUEST,
            fill,
        ),
        (
            certificates_form(
                &json!([{ "name": "A", "issuingOrganization": "X", "issueDate": "2021-02-30" }]),
                1,
            ),
            StatusCode::BAD_REQUEST,
            "Issue date must be a real date (YYYY-MM-DD)",
        ),
        (
            certificates_form(
                &json!([{ "name": "A", "issuingOrganization": "X", "issueDate": "2999-01-01" }]),
                1,
            ),
            StatusCode::BAD_REQUEST,
            "Issue date cannot be in the future",
        ),
        (
            certificates_form(&eleven, 10),
            StatusCode::BAD_REQUEST,
            "Please add at most 10 certificates",
        ),
        (
            certificates_form(&eleven, 11),
            StatusCode::BAD_REQUEST,
            "Please add at most 10 certificates",
        ),
        (
            Form::new().text("certificates", "not json"),
            StatusCode::BAD_REQUEST,
            "The certificates field must be a JSON list of certificates",
        ),
        (
            Form::new().part("certificateImage", Part::bytes(jpeg(10, 10)).file_name("a.jpg")),
            StatusCode::BAD_REQUEST,
            fill,
        ),
        (
            Form::new().text("certificates", json!([certificate("A")]).to_string()).part(
                "certificateImage",
                Part::bytes(b"%PDF-1.4 not an image".to_vec()).file_name("a.png"),
            ),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Only JPEG, PNG or WebP images are allowed",
        ),
    ];

    for (form, status, message) in cases {
        // Act
        let response = app.upload_form(CERTIFICATES, &guide.token, form).await;

        // Assert
        assert_error(response, status, message).await;
    }
    let details = app.get_data(PROFILE, &guide.token).await["guideDetails"].clone();
    assert_eq!(details["verification"]["state"], "none");
    assert_eq!(details["certifications"], json!([]));
    assert!(app.media_files().is_empty());
}

#[tokio::test]
async fn one_bad_file_among_good_ones_stores_nothing() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let form = Form::new()
        .text("certificates", json!([certificate("A"), certificate("B")]).to_string())
        .part("certificateImage", Part::bytes(jpeg(10, 10)).file_name("a.jpg"))
        .part("certificateImage", Part::bytes(b"plain text".to_vec()).file_name("b.jpg"));

    // Act
    let response = app.upload_form(CERTIFICATES, &guide.token, form).await;

    // Assert
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(app.media_files().is_empty());
}

#[tokio::test]
async fn a_certificate_can_be_corrected_only_by_its_guide() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let other = app.signup_and_login("guide").await;
    let data = submit_certificates(&app, &guide.token, &["Licnce"]).await;
    let id = data["guideDetails"]["certifications"][0]["_id"].as_str().unwrap().to_owned();
    let image = data["guideDetails"]["certifications"][0]["image"].clone();
    let correction = json!({ "certificationId": id, "name": "Licence", "issuingOrganization": "NTB", "issueDate": "2019-12-31" });

    // Act
    let by_other = app.patch_json_auth(CERTIFICATES, &correction, &other.token).await;
    let unknown = app
        .patch_json_auth(
            CERTIFICATES,
            &with(correction.clone(), "certificationId", Some(json!("nope"))),
            &guide.token,
        )
        .await;
    let invalid = app
        .patch_json_auth(
            CERTIFICATES,
            &with(correction.clone(), "issueDate", Some(json!("2999-01-01"))),
            &guide.token,
        )
        .await;
    let response = app.patch_json_auth(CERTIFICATES, &correction, &guide.token).await;

    // Assert
    assert_error(by_other, StatusCode::NOT_FOUND, "Certificate not found").await;
    assert_error(unknown, StatusCode::NOT_FOUND, "Certificate not found").await;
    assert_error(invalid, StatusCode::BAD_REQUEST, "Issue date cannot be in the future").await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Certificate updated");
    let certificate = &body["data"]["guideDetails"]["certifications"][0];
    assert_eq!(certificate["name"], "Licence");
    assert_eq!(certificate["issuingOrganization"], "NTB");
    assert_eq!(certificate["issueDate"], "2019-12-31");
    assert_eq!(certificate["image"], image, "the file stays");
}

#[tokio::test]
async fn malformed_profile_bodies_get_a_4xx_never_a_5xx() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let bodies = [
        "",
        "null",
        "[]",
        "{\"bio\": 5}",
        "{\"pricePerDay\": 1e999}",
        "{\"expertiseLanguages\": \"English\"}",
        "{\"location\": {\"latitude\": \"north\"}}",
        "{\"yearsOfExperience\": 123456789012345678901234567890}",
    ];

    for body in bodies {
        // Act
        let response = app
            .client
            .post(app.url(SAVE))
            .bearer_auth(&guide.token)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();

        // Assert
        assert!(response.status().is_client_error(), "{body:?} gave {}", response.status());
    }
}

#[tokio::test]
async fn adding_certificates_keeps_the_earlier_ones_and_queues_the_guide_again() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let first = submit_certificates(&app, &guide.token, &["Old A", "Old B"]).await;
    let old_image =
        first["guideDetails"]["certifications"][0]["image"].as_str().unwrap().to_owned();
    let added = certificates_form(&json!([certificate("New")]), 1).text("mode", "add");

    // Act
    let response = app.upload_form(CERTIFICATES, &guide.token, added).await;

    // Assert
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    let details = &body["data"]["guideDetails"];
    let names: Vec<&str> = details["certifications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Old A", "Old B", "New"]);
    assert_eq!(details["verification"]["state"], "submitted");
    assert_eq!(app.get_auth(&old_image, &guide.token).await.status(), StatusCode::OK);
    assert_eq!(app.media_files().len(), 6);
}

#[tokio::test]
async fn adding_past_ten_certificates_or_an_unknown_mode_is_refused_and_changes_nothing() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let names: Vec<String> = (0..9).map(|i| format!("C{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    submit_certificates(&app, &guide.token, &names).await;
    let two = json!([certificate("A"), certificate("B")]);
    let cases = [
        (certificates_form(&two, 2).text("mode", "add"), "Please add at most 10 certificates"),
        (certificates_form(&two, 2).text("mode", "append"), "The mode must be add or replace"),
    ];

    for (form, message) in cases {
        // Act
        let response = app.upload_form(CERTIFICATES, &guide.token, form).await;

        // Assert
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{message}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["message"], message);
    }
    let profile: Value = app.get_auth(PROFILE, &guide.token).await.json().await.unwrap();
    assert_eq!(profile["data"]["guideDetails"]["certifications"].as_array().unwrap().len(), 9);
    assert_eq!(app.media_files().len(), 18, "nothing refused was stored");
}
