//! Issue 26: each destination's own highlights, and content in Nepali beside the English —
//! destinations' texts, the demo travel posts and a guide's bio. The API sends both
//! languages and the client shows the reader's, so these tests read both fields.

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use yatra::media_store::MediaStore;

use crate::fixtures::verified_guide;
use crate::guides::valid_profile;
use crate::helpers::{TestApp, assert_error, jpeg, spawn_app};

const ADMIN_PATH: &str = "/api/v1/admin/destinations";

fn form(fields: &[(&str, String)], image: bool) -> Form {
    let mut form = Form::new();
    for (name, value) in fields {
        form = form.text(name.to_string(), value.clone());
    }
    if image {
        let part = Part::bytes(jpeg(320, 100)).file_name("p.jpg").mime_str("image/jpeg").unwrap();
        form = form.part("image", part);
    }
    form
}

fn ghandruk(extra: &[(&str, Value)]) -> Vec<(&'static str, String)> {
    let mut fields = vec![
        ("name", "Ghandruk".to_owned()),
        ("location", "Ghandruk, Gandaki Province".to_owned()),
        ("description", "A Gurung village facing Annapurna South.".to_owned()),
    ];
    for (name, value) in extra {
        let name: &'static str = match *name {
            "highlights" => "highlights",
            "highlightsNe" => "highlightsNe",
            "nameNe" => "nameNe",
            "locationNe" => "locationNe",
            "descriptionNe" => "descriptionNe",
            other => panic!("unknown field {other}"),
        };
        let text = value.as_str().map(str::to_owned).unwrap_or_else(|| value.to_string());
        fields.push((name, text));
    }
    fields
}

async fn edit(
    app: &TestApp,
    token: &str,
    id: &str,
    fields: &[(&str, String)],
) -> reqwest::Response {
    app.client
        .patch(app.url(&format!("{ADMIN_PATH}/{id}")))
        .bearer_auth(token)
        .multipart(form(fields, false))
        .send()
        .await
        .unwrap()
}

async fn read(app: &TestApp, id: &str) -> Value {
    let response = app.get(&format!("/api/v1/users/destination/{id}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json::<Value>().await.unwrap()["destination"].clone()
}

#[tokio::test]
async fn an_admin_gives_a_destination_its_own_highlights_and_nepali_texts_and_edits_them() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let fields = ghandruk(&[
        ("highlights", json!(["Gurung museum", " Slate roofs ", "Dal bhat by the fire"])),
        ("highlightsNe", json!(["गुरुङ संग्रहालय", "ढुंगाका छाना"])),
        ("nameNe", json!("घान्द्रुक")),
        ("locationNe", json!("घान्द्रुक, गण्डकी प्रदेश")),
        ("descriptionNe", json!("अन्नपूर्ण दक्षिणतिर फर्केको गुरुङ गाउँ।")),
    ]);

    // Act
    let created = app.upload_form(ADMIN_PATH, &admin.token, form(&fields, true)).await;

    // Assert: stored in order, trimmed, and read back by anyone.
    assert_eq!(created.status(), StatusCode::CREATED);
    let id =
        created.json::<Value>().await.unwrap()["destination"]["_id"].as_str().unwrap().to_owned();
    let destination = read(&app, &id).await;
    assert_eq!(
        destination["highlights"],
        json!(["Gurung museum", "Slate roofs", "Dal bhat by the fire"])
    );
    assert_eq!(destination["highlightsNe"], json!(["गुरुङ संग्रहालय", "ढुंगाका छाना"]));
    assert_eq!(destination["nameNe"], "घान्द्रुक");
    assert_eq!(destination["locationNe"], "घान्द्रुक, गण्डकी प्रदेश");
    assert_eq!(destination["descriptionNe"], "अन्नपूर्ण दक्षिणतिर फर्केको गुरुङ गाउँ।");
    // A search in Nepali finds it.
    let found = app.get("/api/v1/users/destinations?query=घान्द्रुक").await;
    let found: Value = found.json().await.unwrap();
    assert_eq!(found["destinations"][0]["_id"], id.as_str());

    // Act: reorder and drop one; clear the Nepali list and name.
    let edited = ghandruk(&[
        ("highlights", json!(["Dal bhat by the fire", "Gurung museum"])),
        ("highlightsNe", json!([])),
        ("descriptionNe", json!("अन्नपूर्ण दक्षिणतिर फर्केको गुरुङ गाउँ।")),
    ]);
    let response = edit(&app, &admin.token, &id, &edited).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let destination = read(&app, &id).await;
    assert_eq!(destination["highlights"], json!(["Dal bhat by the fire", "Gurung museum"]));
    assert_eq!(destination["highlightsNe"], json!([]));
    assert_eq!(destination["nameNe"], Value::Null);
}

#[tokio::test]
async fn a_destination_given_no_highlights_has_none_and_the_pages_show_the_specs_four() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;

    // Act
    let created = app.upload_form(ADMIN_PATH, &admin.token, form(&ghandruk(&[]), true)).await;

    // Assert: empty lists and no Nepali texts (the client falls back, web/src/lib/content-language.ts).
    assert_eq!(created.status(), StatusCode::CREATED);
    let destination = created.json::<Value>().await.unwrap()["destination"].clone();
    assert_eq!(destination["highlights"], json!([]));
    assert_eq!(destination["highlightsNe"], json!([]));
    assert_eq!(destination["nameNe"], Value::Null);
    assert_eq!(destination["descriptionNe"], Value::Null);
}

#[tokio::test]
async fn bad_highlights_change_nothing_and_say_why_in_the_readers_language() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let fields = ghandruk(&[("highlights", json!(["Gurung museum"]))]);
    let created = app.upload_form(ADMIN_PATH, &admin.token, form(&fields, true)).await;
    let id =
        created.json::<Value>().await.unwrap()["destination"]["_id"].as_str().unwrap().to_owned();
    let nine: Vec<String> = (1..=9).map(|n| format!("Highlight {n}")).collect();
    let cases = [
        (ghandruk(&[("highlights", json!(nine))]), "Please add at most 8 highlights"),
        (
            ghandruk(&[("highlights", json!(["x".repeat(81)]))]),
            "Each highlight must be from 1 to 80 characters, on one line",
        ),
        (
            ghandruk(&[("highlights", json!(["Views", "  "]))]),
            "Each highlight must be from 1 to 80 characters, on one line",
        ),
        (
            ghandruk(&[("highlightsNe", json!(["क".repeat(81)]))]),
            "Each Nepali highlight must be from 1 to 80 characters, on one line",
        ),
        (ghandruk(&[("highlights", json!("Views"))]), "Highlights must be a JSON list of texts"),
        (
            ghandruk(&[("nameNe", json!("न".repeat(121)))]),
            "Nepali name must be at most 120 characters",
        ),
    ];

    for (fields, message) in cases {
        // Act
        let response = edit(&app, &admin.token, &id, &fields).await;

        // Assert
        assert_error(response, StatusCode::BAD_REQUEST, message).await;
    }
    assert_eq!(read(&app, &id).await["highlights"], json!(["Gurung museum"]));

    // A Nepali reader is told in Nepali.
    let response = app
        .client
        .patch(app.url(&format!("{ADMIN_PATH}/{id}")))
        .bearer_auth(&admin.token)
        .header("accept-language", "ne")
        .multipart(form(&ghandruk(&[("highlights", json!(["x".repeat(81)]))]), false))
        .send()
        .await
        .unwrap();
    assert_error(
        response,
        StatusCode::BAD_REQUEST,
        "हरेक मुख्य आकर्षण 1 देखि 80 अक्षरसम्मको, एउटै लाइनमा हुनुपर्छ",
    )
    .await;
}

#[tokio::test]
async fn the_demo_destinations_and_posts_carry_nepali_texts_and_their_own_highlights() {
    // Arrange
    let app = spawn_app().await;
    let db = app.db().await;
    let media = MediaStore::from_config(&app.config.media).unwrap();

    // Act
    yatra::seed::demo(&db, &media).await.unwrap();

    // Assert: every destination, with its permits' notes.
    let list: Value = app.get("/api/v1/users/destinations?limit=50").await.json().await.unwrap();
    let destinations = list["destinations"].as_array().unwrap();
    assert!(destinations.len() >= 20);
    for destination in destinations {
        let name = &destination["name"];
        for field in ["nameNe", "locationNe", "descriptionNe"] {
            let text = destination[field].as_str().unwrap_or_else(|| panic!("{name}: no {field}"));
            assert!(
                text.chars().any(|c| ('\u{0900}'..='\u{097f}').contains(&c)),
                "{name}: {field}"
            );
        }
        assert_eq!(destination["highlights"].as_array().unwrap().len(), 4, "{name}");
        assert_eq!(destination["highlightsNe"].as_array().unwrap().len(), 4, "{name}");
        for permit in destination["permits"].as_array().unwrap() {
            assert_eq!(permit["note"] == "", permit["noteNe"] == "", "{name}: {permit}");
        }
    }
    let phewa = destinations.iter().find(|d| d["name"] == "Phewa Lake, Pokhara").unwrap();
    assert_eq!(phewa["nameNe"], "फेवाताल, पोखरा");

    // Every travel post.
    let blogs: Value = app.get("/api/v1/users/blogs?limit=50").await.json().await.unwrap();
    let blogs = blogs["blogs"].as_array().unwrap();
    assert!(blogs.len() >= 12);
    for blog in blogs {
        assert!(blog["titleNe"].as_str().is_some_and(|t| !t.is_empty()), "{}", blog["title"]);
        assert!(blog["descriptionNe"].as_str().is_some_and(|t| t.len() > 500), "{}", blog["title"]);
    }
}

#[tokio::test]
async fn a_guide_writes_a_nepali_bio_that_nepali_readers_of_the_public_page_get() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let mut profile = valid_profile();
    profile["bioNe"] = json!("म सगरमाथा क्षेत्रमा पदयात्रा गराउँछु।");

    // Act
    let (guide, id) = verified_guide(&app, &admin, "Pasang", "Sherpa", &profile).await;

    // Assert: on the public page beside the English.
    let public = format!("/api/v1/users/guide/{id}");
    let page: Value = app.get(&public).await.json().await.unwrap();
    assert_eq!(page["data"]["guideDetails"]["bioNe"], "म सगरमाथा क्षेत्रमा पदयात्रा गराउँछु।");
    assert_eq!(page["data"]["guideDetails"]["bio"], "I guide treks in the Everest region.");

    // Left out, it stays; empty, it goes; too long, it is refused.
    let save = "/api/v1/guides/profile";
    let kept = app.post_json_auth(save, &valid_profile(), &guide.token).await;
    assert_eq!(kept.status(), StatusCode::OK);
    let page: Value = app.get(&public).await.json().await.unwrap();
    assert_eq!(page["data"]["guideDetails"]["bioNe"], "म सगरमाथा क्षेत्रमा पदयात्रा गराउँछु।");
    let mut long = valid_profile();
    long["bioNe"] = json!("क".repeat(2001));
    let refused = app.post_json_auth(save, &long, &guide.token).await;
    assert_error(refused, StatusCode::BAD_REQUEST, "Nepali bio must be at most 2000 characters")
        .await;
    let mut cleared = valid_profile();
    cleared["bioNe"] = json!("  ");
    let cleared = app.post_json_auth(save, &cleared, &guide.token).await;
    assert_eq!(cleared.status(), StatusCode::OK);
    let page: Value = app.get(&public).await.json().await.unwrap();
    assert_eq!(page["data"]["guideDetails"]["bioNe"], "");
}
