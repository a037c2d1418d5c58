//! A traveller's own profile: the form, the single-field endpoints, images, role checks
//! and profile completion.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{
    JWT_SECRET, assert_error, error_message, forge_token, jpeg, now_secs, spawn_app,
};

const PROFILE: &str = "/api/v1/tourists/profile";
const LOCATION: &str = "/api/v1/tourists/location";

fn valid_profile() -> Value {
    json!({
        "bio": "Photographer on my third trip to Nepal.",
        "nationality": "French",
        "preferredLanguages": ["French", "English", "english"],
        "interests": ["Trekking", " Culture ", ""],
    })
}

fn with(mut body: Value, field: &str, value: Option<Value>) -> Value {
    let object = body.as_object_mut().unwrap();
    match value {
        Some(value) => object.insert(field.into(), value),
        None => object.remove(field),
    };
    body
}

#[tokio::test]
async fn a_new_traveller_has_an_empty_profile() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;

    // Act
    let data = app.get_data(PROFILE, &traveller.token).await;

    // Assert
    assert_eq!(data["firstName"], "Sita");
    assert_eq!(data["email"], traveller.email);
    let details = &data["touristDetails"];
    assert_eq!(details["bio"], "");
    assert_eq!(details["interests"], json!([]));
    for field in ["location", "idCardImage", "profilePicture", "profilePictureThumb", "coverImage"]
    {
        assert_eq!(details[field], Value::Null, "{field}");
    }
    assert!(details["createdAt"].as_str().unwrap().ends_with('Z'));
}

#[tokio::test]
async fn saving_the_traveller_form_stores_clean_values() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;

    // Act
    let response = app.post_json_auth(PROFILE, &valid_profile(), &traveller.token).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Profile updated successfully!");
    let details = &body["data"]["touristDetails"];
    assert_eq!(details["preferredLanguages"], json!(["French", "English"]));
    assert_eq!(details["interests"], json!(["Trekking", "Culture"]));
    assert_eq!(details["nationality"], "French");
    assert_eq!(app.get_data(PROFILE, &traveller.token).await["touristDetails"], *details);
}

#[tokio::test]
async fn the_traveller_form_answers_400_with_the_message_for_each_invalid_field() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;
    let valid = valid_profile();
    let cases: Vec<(Value, &str)> = vec![
        (with(valid.clone(), "bio", None), "Bio is required"),
        (
            with(valid.clone(), "bio", Some(json!("x".repeat(2001)))),
            "Bio must be at most 2000 characters",
        ),
        (with(valid.clone(), "nationality", Some(json!("  "))), "Nationality is required"),
        (with(valid.clone(), "interests", Some(json!([]))), "At least one interest is required"),
        (with(valid.clone(), "interests", None), "At least one interest is required"),
        (
            with(valid.clone(), "interests", Some(json!([" ", ""]))),
            "At least one interest is required",
        ),
        (
            with(
                valid.clone(),
                "preferredLanguages",
                Some(json!((0..21).map(|i| format!("L{i}")).collect::<Vec<_>>())),
            ),
            "Please add at most 20 languages",
        ),
    ];

    for (body, message) in cases {
        // Act
        let response = app.post_json_auth(PROFILE, &body, &traveller.token).await;

        // Assert
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{message}");
        assert_eq!(error_message(response).await, message);
    }
    assert_eq!(app.get_data(PROFILE, &traveller.token).await["touristDetails"]["bio"], "");
}

#[tokio::test]
async fn each_field_endpoint_changes_only_its_field() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;
    app.post_json_auth(PROFILE, &valid_profile(), &traveller.token).await;
    let calls = [
        ("/api/v1/tourists/bio", json!({ "bio": "New bio" }), "Bio updated"),
        (
            "/api/v1/tourists/nationality",
            json!({ "nationality": "Belgian" }),
            "Nationality updated",
        ),
        (
            "/api/v1/tourists/location",
            json!({ "longitude": 83.9856, "latitude": 28.2096 }),
            "Location updated",
        ),
        (
            "/api/v1/tourists/interests",
            json!({ "interests": ["Food", "food", "Rafting"] }),
            "Interests updated",
        ),
    ];

    for (path, body, message) in calls {
        // Act
        let response = app.post_json_auth(path, &body, &traveller.token).await;

        // Assert
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let answer: Value = response.json().await.unwrap();
        assert_eq!(answer["status"], "success");
        assert_eq!(answer["message"], message);
    }
    let details = app.get_data(PROFILE, &traveller.token).await["touristDetails"].clone();
    assert_eq!(details["bio"], "New bio");
    assert_eq!(details["nationality"], "Belgian");
    assert_eq!(details["location"], json!({ "longitude": 83.9856, "latitude": 28.2096 }));
    assert_eq!(details["interests"], json!(["Food", "Rafting"]));
    assert_eq!(details["preferredLanguages"], json!(["French", "English"]));
}

#[tokio::test]
async fn a_location_of_0_0_keeps_the_travellers_stored_place() {
    // Arrange: a traveller in Pokhara whose browser later gives no position (issue 26).
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;
    let pokhara = json!({ "longitude": 83.9856, "latitude": 28.2096 });
    app.post_json_auth(LOCATION, &pokhara, &traveller.token).await;

    // Act
    let response = app
        .post_json_auth(LOCATION, &json!({ "longitude": 0, "latitude": 0 }), &traveller.token)
        .await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["data"]["touristDetails"]["location"], pokhara);
    assert_eq!(
        app.get_data(PROFILE, &traveller.token).await["touristDetails"]["location"],
        pokhara
    );
}

#[tokio::test]
async fn a_first_location_of_0_0_is_stored_and_a_chosen_place_replaces_it() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;
    let kathmandu = json!({ "longitude": 85.3123, "latitude": 27.7154 });

    // Act
    app.post_json_auth(LOCATION, &json!({ "longitude": 0, "latitude": 0 }), &traveller.token).await;
    let first = app.get_data(PROFILE, &traveller.token).await["touristDetails"]["location"].clone();
    app.post_json_auth(LOCATION, &kathmandu, &traveller.token).await;

    // Assert: the spec's fallback where nothing was stored, then the traveller's own choice.
    assert_eq!(first, json!({ "longitude": 0.0, "latitude": 0.0 }));
    let details = app.get_data(PROFILE, &traveller.token).await["touristDetails"].clone();
    assert_eq!(details["location"], kathmandu);
}

#[tokio::test]
async fn the_field_endpoints_refuse_invalid_values() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;
    let cases = [
        ("/api/v1/tourists/bio", json!({ "bio": "" }), "Bio is required"),
        ("/api/v1/tourists/nationality", json!({}), "Nationality is required"),
        ("/api/v1/tourists/location", json!({}), "Location is required"),
        (
            "/api/v1/tourists/location",
            json!({ "longitude": 200, "latitude": 0 }),
            "Location is out of range",
        ),
        (
            "/api/v1/tourists/location",
            json!({ "longitude": 20 }),
            "Location needs both longitude and latitude",
        ),
        (
            "/api/v1/tourists/interests",
            json!({ "interests": [] }),
            "At least one interest is required",
        ),
    ];

    for (path, body, message) in cases {
        // Act
        let response = app.post_json_auth(path, &body, &traveller.token).await;

        // Assert
        assert_error(response, StatusCode::BAD_REQUEST, message).await;
    }
}

#[tokio::test]
async fn the_traveller_profile_is_complete_once_the_fields_and_a_photo_are_there() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;
    let complete = || async {
        app.get_data("/api/v1/protect/completion/tourist", &traveller.token).await["isProfileComplete"].as_bool().unwrap()
    };
    assert!(!complete().await);

    // Act + Assert
    app.post_json_auth(PROFILE, &valid_profile(), &traveller.token).await;
    assert!(!complete().await);
    let response = app
        .upload(
            "/api/v1/tourists/profile-image",
            &traveller.token,
            "profileImage",
            "me.jpg",
            "image/jpeg",
            jpeg(50, 50),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(complete().await);
}

#[tokio::test]
async fn guides_admins_and_strangers_are_refused_every_traveller_endpoint() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let admin = app.admin().await;
    let me = app.me(&guide.token).await;
    let forged = forge_token(
        JWT_SECRET,
        me["_id"].as_str().unwrap(),
        "tourist",
        now_secs(),
        now_secs() + 600,
    );
    let posts = [
        (PROFILE, valid_profile()),
        ("/api/v1/tourists/bio", json!({ "bio": "x" })),
        ("/api/v1/tourists/nationality", json!({ "nationality": "x" })),
        ("/api/v1/tourists/location", json!({ "longitude": 1, "latitude": 1 })),
        ("/api/v1/tourists/interests", json!({ "interests": ["x"] })),
    ];
    let uploads = [
        ("/api/v1/tourists/profile-image", "profileImage"),
        ("/api/v1/tourists/cover-image", "coverImage"),
        ("/api/v1/tourists/id-image", "idCardImage"),
    ];

    for token in [guide.token.as_str(), admin.token.as_str(), forged.as_str()] {
        // Act + Assert
        let message = "This action is only for traveller accounts";
        assert_error(app.get_auth(PROFILE, token).await, StatusCode::FORBIDDEN, message).await;
        for (path, body) in &posts {
            assert_error(
                app.post_json_auth(path, body, token).await,
                StatusCode::FORBIDDEN,
                message,
            )
            .await;
        }
        for (path, field) in uploads {
            let response =
                app.upload(path, token, field, "a.jpg", "image/jpeg", jpeg(10, 10)).await;
            assert_error(response, StatusCode::FORBIDDEN, message).await;
        }
    }
    assert_eq!(app.get(PROFILE).await.status(), StatusCode::UNAUTHORIZED);
    for (path, body) in &posts {
        assert_eq!(app.post_json(path, body).await.status(), StatusCode::UNAUTHORIZED, "{path}");
    }
    assert!(app.media_files().is_empty());
}
