//! Destinations: anyone lists, searches and reads them; only admins create, edit and
//! delete them, with a photo that is replaced and removed with them.

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::helpers::{TestApp, assert_error, jpeg, spawn_app};

const ADMIN_PATH: &str = "/api/v1/admin/destinations";

/// A destination form; `image` is a JPEG of that width when given.
fn form(fields: &[(&str, &str)], image: Option<u32>) -> Form {
    let mut form = Form::new();
    for (name, value) in fields {
        form = form.text(name.to_string(), value.to_string());
    }
    if let Some(width) = image {
        let part =
            Part::bytes(jpeg(width, 100)).file_name("photo.jpg").mime_str("image/jpeg").unwrap();
        form = form.part("image", part);
    }
    form
}

fn phewa() -> Vec<(&'static str, &'static str)> {
    vec![
        ("name", "Phewa Lake, Pokhara"),
        ("location", "Pokhara, Gandaki Province"),
        ("description", "Nepal's second-largest lake.\n\nRow to Tal Barahi temple."),
        ("popular", "true"),
        ("latitude", "28.2153"),
        ("longitude", "83.9456"),
    ]
}

fn with(
    fields: &[(&'static str, &'static str)],
    name: &'static str,
    value: &'static str,
) -> Vec<(&'static str, &'static str)> {
    let mut changed: Vec<_> = fields.iter().filter(|(n, _)| *n != name).cloned().collect();
    changed.push((name, value));
    changed
}

async fn create(app: &TestApp, token: &str, fields: &[(&str, &str)]) -> Value {
    let response = app.upload_form(ADMIN_PATH, token, form(fields, Some(640))).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Destination created");
    body["destination"].clone()
}

#[tokio::test]
async fn an_admin_creates_a_destination_that_everyone_can_list_read_and_search() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;

    // Act
    let created = create(&app, &admin.token, &phewa()).await;

    // Assert
    let id = created["_id"].as_str().unwrap();
    let detail: Value =
        app.get(&format!("/api/v1/users/destination/{id}")).await.json().await.unwrap();
    let destination = &detail["destination"];
    assert_eq!(destination["name"], "Phewa Lake, Pokhara");
    assert_eq!(destination["location"], "Pokhara, Gandaki Province");
    assert_eq!(
        destination["description"],
        "Nepal's second-largest lake.\n\nRow to Tal Barahi temple."
    );
    // Rated by the reviews of trips there, of which there are none yet.
    assert_eq!(destination["rating"], 0.0);
    assert_eq!(destination["reviews"], 0);
    assert_eq!(destination["popular"], true);
    assert_eq!(destination["coordinates"]["latitude"], 28.2153);
    let image = app.get(destination["image"].as_str().unwrap()).await;
    assert_eq!(image.status(), StatusCode::OK);
    assert!(image.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    assert_eq!(app.get(destination["imageThumb"].as_str().unwrap()).await.status(), StatusCode::OK);

    let list: Value =
        app.get("/api/v1/users/destinations?page=1&limit=6").await.json().await.unwrap();
    assert_eq!(list["destinations"][0]["_id"], id);
    assert_eq!(list["totalPages"], 1);
    let found: Value =
        app.get("/api/v1/users/destinations?query=BARAHI%20pokh").await.json().await.unwrap();
    assert_eq!(found["destinations"][0]["_id"], id);
    let none: Value =
        app.get("/api/v1/users/destinations?query=everest").await.json().await.unwrap();
    assert_eq!(none["destinations"], serde_json::json!([]));
    assert_eq!(none["totalPages"], 0);
    for odd in ["%25", "_", "%27", "%22", "%F0%9F%98%80", "%E0%A4%A8"] {
        assert_eq!(
            app.get(&format!("/api/v1/users/destinations?query={odd}")).await.status(),
            StatusCode::OK,
            "{odd}"
        );
    }
}

#[tokio::test]
async fn destinations_with_and_without_coordinates_follow_each_other() {
    // Arrange: a statement first prepared with no coordinates once refused later ones on PostgreSQL.
    let app = spawn_app().await;
    let admin = app.admin().await;
    let bare: Vec<_> =
        phewa().into_iter().filter(|(n, _)| *n != "latitude" && *n != "longitude").collect();

    for (round, name) in ["Begnas Lake", "Rupa Lake", "Dipang Lake"].into_iter().enumerate() {
        // Act
        let without = create(&app, &admin.token, &with(&bare, "name", name)).await;
        let placed = create(
            &app,
            &admin.token,
            &with(&phewa(), "name", ["Phewa 1", "Phewa 2", "Phewa 3"][round]),
        )
        .await;
        let id = without["_id"].as_str().unwrap();
        let path = format!("{ADMIN_PATH}/{id}");
        let edited = app
            .client
            .patch(app.url(&path))
            .bearer_auth(&admin.token)
            .multipart(form(&with(&phewa(), "name", name), None))
            .send()
            .await
            .unwrap();

        // Assert
        assert_eq!(placed["coordinates"]["latitude"], 28.2153);
        assert_eq!(edited.status(), StatusCode::OK);
    }
}

#[tokio::test]
async fn destinations_are_popular_first_then_best_rated_in_pages_of_six() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let names =
        ["Bandipur", "Nagarkot", "Lumbini", "Rara Lake", "Ilam", "Tansen", "Gorkha", "Dhulikhel"];
    for name in &names {
        let popular = if *name == "Ilam" { "true" } else { "false" };
        let fields: Vec<(&str, &str)> = vec![
            ("name", name),
            ("location", "Nepal"),
            ("description", "A place."),
            ("popular", popular),
        ];
        create(&app, &admin.token, &fields).await;
    }

    // Act
    let first: Value = app.get("/api/v1/users/destinations?page=1").await.json().await.unwrap();
    let second: Value = app.get("/api/v1/users/destinations?page=2").await.json().await.unwrap();

    // Assert
    assert_eq!(first["totalPages"], 2);
    assert_eq!(first["destinations"].as_array().unwrap().len(), 6);
    assert_eq!(second["destinations"].as_array().unwrap().len(), 2);
    assert_eq!(first["destinations"][0]["name"], "Ilam");
    let ratings: Vec<f64> = first["destinations"].as_array().unwrap()[1..]
        .iter()
        .map(|d| d["rating"].as_f64().unwrap())
        .collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
    // The admin's order: the most recently added first.
    let newest: Value =
        app.get("/api/v1/users/destinations?sort=newest&limit=3").await.json().await.unwrap();
    let names: Vec<&str> = newest["destinations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Dhulikhel", "Gorkha", "Tansen"]);
    assert_eq!(
        app.get("/api/v1/users/destinations?sort=oldest").await.status(),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        app.get("/api/v1/users/destinations?limit=0").await.status(),
        StatusCode::BAD_REQUEST
    );
    assert_error(
        app.get("/api/v1/users/destination/nowhere").await,
        StatusCode::NOT_FOUND,
        "Destination not found",
    )
    .await;
}

#[tokio::test]
async fn a_bad_destination_form_changes_nothing_and_says_why() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let base = phewa();

    // Act and assert
    for (fields, message) in [
        (with(&base, "name", " "), "Name is required"),
        (with(&base, "location", ""), "Location is required"),
        (with(&base, "description", ""), "Description is required"),
        (with(&base, "popular", "maybe"), "Popular must be true or false"),
        (with(&base, "latitude", "95"), "Location is out of range"),
        (
            base.iter().filter(|(n, _)| *n != "longitude").cloned().collect(),
            "Location needs both longitude and latitude",
        ),
    ] {
        let response = app.upload_form(ADMIN_PATH, &admin.token, form(&fields, Some(320))).await;
        assert_error(response, StatusCode::BAD_REQUEST, message).await;
    }
    let no_image = app.upload_form(ADMIN_PATH, &admin.token, form(&base, None)).await;
    assert_error(no_image, StatusCode::BAD_REQUEST, "Please choose an image for the destination")
        .await;
    let text =
        Part::bytes(b"not an image".to_vec()).file_name("photo.png").mime_str("image/png").unwrap();
    let mut not_image = Form::new().part("image", text);
    for (name, value) in &base {
        not_image = not_image.text(name.to_string(), value.to_string());
    }
    assert_eq!(
        app.upload_form(ADMIN_PATH, &admin.token, not_image).await.status(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE
    );
    let list: Value = app.get("/api/v1/users/destinations").await.json().await.unwrap();
    assert_eq!(list["destinations"], serde_json::json!([]));
    assert!(app.media_files().is_empty(), "{:?}", app.media_files());

    create(&app, &admin.token, &base).await;
    let again = app
        .upload_form(
            ADMIN_PATH,
            &admin.token,
            form(&with(&base, "name", "phewa lake, POKHARA"), Some(320)),
        )
        .await;
    assert_error(again, StatusCode::CONFLICT, "A destination with this name already exists").await;
    assert_eq!(
        app.media_files().len(),
        4,
        "only the first destination's photo, thumbnail and two WebP copies remain"
    );
}

#[tokio::test]
async fn editing_replaces_the_photo_and_deleting_removes_it() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let created = create(&app, &admin.token, &phewa()).await;
    let id = created["_id"].as_str().unwrap();
    let old_image = created["image"].as_str().unwrap().to_owned();
    let path = format!("{ADMIN_PATH}/{id}");

    // Act: new text only, then a new photo.
    let renamed = app
        .client
        .patch(app.url(&path))
        .bearer_auth(&admin.token)
        .multipart(form(&with(&phewa(), "description", "The second largest lake."), None))
        .send()
        .await
        .unwrap();
    assert_eq!(renamed.status(), StatusCode::OK);
    let renamed: Value = renamed.json().await.unwrap();
    assert_eq!(renamed["destination"]["description"], "The second largest lake.");
    assert_eq!(renamed["destination"]["image"], old_image);
    let with_photo = app
        .client
        .patch(app.url(&path))
        .bearer_auth(&admin.token)
        .multipart(form(&phewa(), Some(800)))
        .send()
        .await
        .unwrap();
    assert_eq!(with_photo.status(), StatusCode::OK);
    let with_photo: Value = with_photo.json().await.unwrap();

    // Assert
    assert_ne!(with_photo["destination"]["image"], old_image);
    assert_eq!(app.get(&old_image).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        app.media_files().len(),
        5,
        "the new photo, its thumbnail and WebP copies at 320, 640 and 800 px"
    );

    // Act: delete.
    let deleted = app.client.delete(app.url(&path)).bearer_auth(&admin.token).send().await.unwrap();
    assert_eq!(deleted.status(), StatusCode::OK);

    // Assert
    assert!(app.media_files().is_empty());
    assert_eq!(
        app.get(&format!("/api/v1/users/destination/{id}")).await.status(),
        StatusCode::NOT_FOUND
    );
    let again = app.client.delete(app.url(&path)).bearer_auth(&admin.token).send().await.unwrap();
    assert_error(again, StatusCode::NOT_FOUND, "Destination not found").await;
    let edit_gone = app
        .client
        .patch(app.url(&path))
        .bearer_auth(&admin.token)
        .multipart(form(&phewa(), Some(100)))
        .send()
        .await
        .unwrap();
    assert_error(edit_gone, StatusCode::NOT_FOUND, "Destination not found").await;
    assert!(app.media_files().is_empty(), "a refused edit leaves no file behind");
}

#[tokio::test]
async fn only_admins_may_create_edit_or_delete_destinations() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let created = create(&app, &admin.token, &phewa()).await;
    let path = format!("{ADMIN_PATH}/{}", created["_id"].as_str().unwrap());
    let tourist = app.signup_and_login("tourist").await;
    let guide = app.signup_and_login("guide").await;

    for token in [&tourist.token, &guide.token] {
        // Act and assert
        let created = app
            .upload_form(ADMIN_PATH, token, form(&with(&phewa(), "name", "Elsewhere"), Some(100)))
            .await;
        assert_error(created, StatusCode::FORBIDDEN, "This action is only for admin accounts")
            .await;
        let edited = app
            .client
            .patch(app.url(&path))
            .bearer_auth(token)
            .multipart(form(&phewa(), None))
            .send()
            .await
            .unwrap();
        assert_eq!(edited.status(), StatusCode::FORBIDDEN);
        let deleted = app.client.delete(app.url(&path)).bearer_auth(token).send().await.unwrap();
        assert_eq!(deleted.status(), StatusCode::FORBIDDEN);
    }
    let anonymous = app
        .client
        .post(app.url(ADMIN_PATH))
        .multipart(form(&phewa(), Some(100)))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    let anonymous_delete = app.client.delete(app.url(&path)).send().await.unwrap();
    assert_eq!(anonymous_delete.status(), StatusCode::UNAUTHORIZED);
    let list: Value = app.get("/api/v1/users/destinations").await.json().await.unwrap();
    assert_eq!(list["destinations"].as_array().unwrap().len(), 1);
}

// Trek facts and permits (issue 15).

fn trek_path(id: &str) -> String {
    format!("{ADMIN_PATH}/{id}/trek")
}

async fn put_trek(app: &TestApp, token: &str, id: &str, body: &Value) -> reqwest::Response {
    app.client.put(app.url(&trek_path(id))).bearer_auth(token).json(body).send().await.unwrap()
}

fn everest_facts() -> Value {
    serde_json::json!({
        "durationDays": {"min": 12, "max": 14},
        "maxAltitudeM": 5644,
        "bestMonths": [11, 4, 10, 5],
        "difficulty": "strenuous",
        "licensedGuideRequired": true,
        "permits": [
            {"name": "Sagarmatha National Park entry", "feeNpr": 3000, "saarcFeeNpr": 1500, "per": "entry"},
            {"name": "Manaslu restricted area permit", "feeUsd": 100, "per": "week", "note": "September to November"}
        ]
    })
}

#[tokio::test]
async fn a_new_destination_has_no_trek_facts_until_an_admin_gives_them() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let created = create(&app, &admin.token, &phewa()).await;
    let id = created["_id"].as_str().unwrap();
    assert_eq!(created["durationDays"], Value::Null);
    assert_eq!(created["permits"], serde_json::json!([]));
    assert_eq!(created["licensedGuideRequired"], false);

    // Act
    let response = put_trek(&app, &admin.token, id, &everest_facts()).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Trek facts updated");
    let detail: Value =
        app.get(&format!("/api/v1/users/destination/{id}")).await.json().await.unwrap();
    let destination = &detail["destination"];
    assert_eq!(destination["durationDays"], serde_json::json!({"min": 12, "max": 14}));
    assert_eq!(destination["maxAltitudeM"], 5644);
    assert_eq!(destination["bestMonths"], serde_json::json!([4, 5, 10, 11]));
    assert_eq!(destination["difficulty"], "strenuous");
    assert_eq!(destination["licensedGuideRequired"], true);
    assert_eq!(
        destination["permits"][0],
        serde_json::json!({"name": "Sagarmatha National Park entry", "feeNpr": 3000, "saarcFeeNpr": 1500, "feeUsd": null, "per": "entry", "note": "", "noteNe": ""})
    );
    assert_eq!(destination["permits"][1]["feeUsd"], 100);
    assert_eq!(destination["permits"][1]["per"], "week");
    let list: Value = app.get("/api/v1/users/destinations").await.json().await.unwrap();
    assert_eq!(list["destinations"][0]["maxAltitudeM"], 5644);

    // Editing the rest of the destination keeps its facts; an empty body clears them.
    let edited = app
        .client
        .patch(app.url(&format!("{ADMIN_PATH}/{id}")))
        .bearer_auth(&admin.token)
        .multipart(form(&phewa(), None))
        .send()
        .await
        .unwrap();
    let edited: Value = edited.json().await.unwrap();
    assert_eq!(edited["destination"]["difficulty"], "strenuous");
    let cleared: Value =
        put_trek(&app, &admin.token, id, &serde_json::json!({})).await.json().await.unwrap();
    assert_eq!(cleared["destination"]["difficulty"], Value::Null);
    assert_eq!(cleared["destination"]["bestMonths"], serde_json::json!([]));
}

#[tokio::test]
async fn bad_trek_facts_change_nothing_and_say_why() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let created = create(&app, &admin.token, &phewa()).await;
    let id = created["_id"].as_str().unwrap();
    assert_eq!(put_trek(&app, &admin.token, id, &everest_facts()).await.status(), StatusCode::OK);
    let cases = [
        (
            serde_json::json!({"durationDays": {"min": 14, "max": 12}}),
            "The shortest duration cannot be longer than the longest",
        ),
        (
            serde_json::json!({"durationDays": {"min": 0, "max": 2}}),
            "Duration must be from 1 to 60 days",
        ),
        (
            serde_json::json!({"maxAltitudeM": 9000}),
            "Highest altitude must be from 0 to 8,849 metres",
        ),
        (serde_json::json!({"bestMonths": [0]}), "Best months must be month numbers from 1 to 12"),
        (serde_json::json!({"bestMonths": [4, 4]}), "Each best month may be given once"),
        (
            serde_json::json!({"permits": [{"name": " ", "feeNpr": 100, "per": "entry"}]}),
            "Every permit needs a name",
        ),
        (
            serde_json::json!({"permits": [{"name": "TIMS", "per": "entry"}]}),
            "TIMS: give a fee in rupees or in dollars",
        ),
        (
            serde_json::json!({"permits": [{"name": "TIMS", "feeNpr": 2000}]}),
            "TIMS: say whether the fee is per entry, week or day",
        ),
        (
            serde_json::json!({"permits": [{"name": "TIMS", "feeNpr": -1, "per": "entry"}]}),
            "Permit fees must be from 0 to 1000000 rupees or 10000 dollars",
        ),
    ];
    for (body, message) in cases {
        // Act and assert
        assert_error(
            put_trek(&app, &admin.token, id, &body).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
    let eleven: Vec<Value> = (0..11)
        .map(|n| serde_json::json!({"name": format!("Permit {n}"), "feeNpr": 1, "per": "day"}))
        .collect();
    let too_many =
        put_trek(&app, &admin.token, id, &serde_json::json!({ "permits": eleven })).await;
    assert_error(too_many, StatusCode::BAD_REQUEST, "Please add at most 10 permits").await;
    let unknown =
        put_trek(&app, &admin.token, id, &serde_json::json!({"difficulty": "extreme"})).await;
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST);
    let detail: Value =
        app.get(&format!("/api/v1/users/destination/{id}")).await.json().await.unwrap();
    assert_eq!(detail["destination"]["maxAltitudeM"], 5644);
}

#[tokio::test]
async fn only_admins_may_set_trek_facts_and_only_on_a_destination_that_exists() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let created = create(&app, &admin.token, &phewa()).await;
    let id = created["_id"].as_str().unwrap();
    let tourist = app.signup_and_login("tourist").await;
    let guide = app.signup_and_login("guide").await;

    // Act and assert
    for token in [&tourist.token, &guide.token] {
        assert_error(
            put_trek(&app, token, id, &everest_facts()).await,
            StatusCode::FORBIDDEN,
            "This action is only for admin accounts",
        )
        .await;
    }
    let anonymous =
        app.client.put(app.url(&trek_path(id))).json(&everest_facts()).send().await.unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    assert_error(
        put_trek(&app, &admin.token, "no-such-place", &everest_facts()).await,
        StatusCode::NOT_FOUND,
        "Destination not found",
    )
    .await;
    let detail: Value =
        app.get(&format!("/api/v1/users/destination/{id}")).await.json().await.unwrap();
    assert_eq!(detail["destination"]["durationDays"], Value::Null);
}
