//! A tour's photos: its guide adds them (the usual image checks, WebP copies), puts them in
//! order and removes them; the first is the cover on cards, on the page and in share tags.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fixtures::days_from_today;
use crate::helpers::{TestApp, TestUser, assert_error, jpeg, spawn_app, spawn_app_with_client};
use crate::tours::{BOOK, create, guide, list, poon_hill_days, publish, published, send, tour};

async fn add_photo(app: &TestApp, token: &str, id: &str, bytes: Vec<u8>) -> reqwest::Response {
    app.upload(
        &format!("/api/v1/tours/{id}/photos"),
        token,
        "photo",
        "photo.jpg",
        "image/jpeg",
        bytes,
    )
    .await
}

/// Adds a photo that must be taken; the tour as answered.
async fn added(app: &TestApp, token: &str, id: &str) -> Value {
    let response = add_photo(app, token, id, jpeg(900, 600)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json::<Value>().await.unwrap()["tour"].clone()
}

fn photo_ids(tour: &Value) -> Vec<String> {
    tour["photos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["_id"].as_str().unwrap().to_owned())
        .collect()
}

async fn order(app: &TestApp, user: &TestUser, id: &str, ids: &[&str]) -> reqwest::Response {
    let path = format!("/api/v1/tours/{id}/photos");
    send(app, reqwest::Method::PUT, &path, &user.token, Some(&json!({"photoIds": ids}))).await
}

async fn remove(app: &TestApp, user: &TestUser, id: &str, photo: &str) -> reqwest::Response {
    let path = format!("/api/v1/tours/{id}/photos/{photo}");
    send(app, reqwest::Method::DELETE, &path, &user.token, None).await
}

#[tokio::test]
async fn a_guide_adds_orders_and_removes_photos_and_the_cover_leads_everywhere() {
    // Arrange
    let app = spawn_app_with_client(&[("YATRA_PUBLIC_URL", "https://yatra.example.com")]).await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let id = published(&app, &pemba, poon_hill_days(), "request", 0).await;
    let files_before = app.media_files().len();

    // Act: two photos, the second made the cover.
    added(&app, &pemba.token, &id).await;
    let both = added(&app, &pemba.token, &id).await;
    let [first, second] = <[String; 2]>::try_from(photo_ids(&both)).unwrap();
    let reordered = order(&app, &pemba, &id, &[&second, &first]).await;

    // Assert: stored with copies, in the new order on the page, the card and the share tags.
    assert_eq!(reordered.status(), StatusCode::OK);
    let photo = &both["photos"][0];
    assert!(photo["url"].as_str().unwrap().starts_with(&format!("/media/{first}")), "{photo}");
    assert!(photo["thumbUrl"].as_str().unwrap().contains("-thumb."), "{photo}");
    assert!(photo["variants"]["srcset"].as_str().unwrap().contains("-640w.webp 640w"), "{photo}");
    assert_eq!(photo["variants"]["width"], 900);
    // Each photo: the image, its thumbnail and three WebP copies (320, 640, 900 wide).
    assert_eq!(app.media_files().len(), files_before + 2 * 5);
    let page: Value = app.get(&format!("/api/v1/users/tour/{id}")).await.json().await.unwrap();
    assert_eq!(photo_ids(&page["tour"]), [second.clone(), first.clone()]);
    let cards = list(&app, "").await;
    assert_eq!(cards["tours"][0]["photo"]["_id"], second.as_str());
    let cover_url = page["tour"]["photos"][0]["url"].as_str().unwrap().to_owned();
    let html = app.get(&format!("/tours/{id}")).await.text().await.unwrap();
    assert!(html.contains(&format!("content=\"https://yatra.example.com{cover_url}\"")), "{html}");
    assert_eq!(app.get(&cover_url).await.status(), StatusCode::OK);

    // Act: the cover removed.
    let after = remove(&app, &pemba, &id, &second).await;

    // Assert: the other one leads, and the removed one's files are gone.
    assert_eq!(after.status(), StatusCode::OK);
    assert_eq!(photo_ids(&after.json::<Value>().await.unwrap()["tour"]), [first.clone()]);
    assert_eq!(app.get(&cover_url).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.media_files().len(), files_before + 5);
    let cards = list(&app, "").await;
    assert_eq!(cards["tours"][0]["photo"]["_id"], first.as_str());
}

#[tokio::test]
async fn bad_photos_and_other_peoples_tours_are_refused_and_change_nothing() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let dawa = guide(&app, &admin, "Dawa").await;
    let traveller = app.signup_and_login("tourist").await;
    let id = create(&app, &pemba.token, &tour("Poon Hill sunrise", poon_hill_days())).await["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let kept = photo_ids(&added(&app, &pemba.token, &id).await);
    let files = app.media_files().len();
    let path = format!("/api/v1/tours/{id}/photos");

    // Act and assert
    assert_error(
        add_photo(&app, &pemba.token, &id, b"%PDF-1.7 not a picture".to_vec()).await,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "Only JPEG, PNG or WebP images are allowed",
    )
    .await;
    let no_file = reqwest::multipart::Form::new().text("caption", "Ghorepani");
    assert_error(
        app.upload_form(&path, &pemba.token, no_file).await,
        StatusCode::BAD_REQUEST,
        "Please choose an image",
    )
    .await;
    assert_error(
        add_photo(&app, &dawa.token, &id, jpeg(64, 48)).await,
        StatusCode::NOT_FOUND,
        "Tour not found",
    )
    .await;
    assert_eq!(
        add_photo(&app, &traveller.token, &id, jpeg(64, 48)).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_error(
        order(&app, &pemba, &id, &[&kept[0], &kept[0]]).await,
        StatusCode::BAD_REQUEST,
        "photoIds must list this tour's photos, each once",
    )
    .await;
    assert_error(
        order(&app, &pemba, &id, &[]).await,
        StatusCode::BAD_REQUEST,
        "photoIds must list this tour's photos, each once",
    )
    .await;
    assert_error(remove(&app, &dawa, &id, &kept[0]).await, StatusCode::NOT_FOUND, "Tour not found")
        .await;
    assert_error(
        remove(&app, &pemba, &id, "0123456789abcdef0123456789abcdef").await,
        StatusCode::NOT_FOUND,
        "Photo not found",
    )
    .await;
    let mine: Value = app.get_auth("/api/v1/tours/mine", &pemba.token).await.json().await.unwrap();
    assert_eq!(photo_ids(&mine["tours"][0]), kept);
    assert_eq!(app.media_files().len(), files);
}

#[tokio::test]
async fn a_tour_takes_twelve_photos_and_an_archived_one_none() {
    // Arrange: a tour with twelve photos, and a booked tour archived.
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let traveller = app.signup_and_login("tourist").await;
    let full = create(&app, &pemba.token, &tour("Twelve views", poon_hill_days())).await["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    for _ in 0..12 {
        assert_eq!(
            add_photo(&app, &pemba.token, &full, jpeg(64, 48)).await.status(),
            StatusCode::CREATED
        );
    }
    let booked = published(&app, &pemba, poon_hill_days(), "request", 0).await;
    let photo = photo_ids(&added(&app, &pemba.token, &booked).await);
    let body = json!({"tourId": booked, "selectedDate": days_from_today(30), "groupSize": 2});
    assert_eq!(
        app.post_json_auth(BOOK, &body, &traveller.token).await.status(),
        StatusCode::CREATED
    );
    let path = format!("/api/v1/tours/{booked}");
    assert_eq!(
        send(&app, reqwest::Method::DELETE, &path, &pemba.token, None).await.status(),
        StatusCode::OK
    );
    let files = app.media_files().len();

    // Act and assert
    assert_error(
        add_photo(&app, &pemba.token, &full, jpeg(64, 48)).await,
        StatusCode::BAD_REQUEST,
        "A tour can have at most 12 photos",
    )
    .await;
    for refused in [
        add_photo(&app, &pemba.token, &booked, jpeg(64, 48)).await,
        order(&app, &pemba, &booked, &[&photo[0]]).await,
        remove(&app, &pemba, &booked, &photo[0]).await,
    ] {
        assert_error(refused, StatusCode::CONFLICT, "This tour is archived and cannot be changed")
            .await;
    }
    assert_eq!(app.media_files().len(), files);
    assert_eq!(publish(&app, &pemba.token, &full, None).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn deleting_a_tour_deletes_its_photos() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let id = create(&app, &pemba.token, &tour("Poon Hill sunrise", poon_hill_days())).await["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let files = app.media_files().len();
    let photo =
        added(&app, &pemba.token, &id).await["photos"][0]["url"].as_str().unwrap().to_owned();

    // Act
    let path = format!("/api/v1/tours/{id}");
    let deleted = send(&app, reqwest::Method::DELETE, &path, &pemba.token, None).await;

    // Assert
    assert_eq!(deleted.status(), StatusCode::OK);
    assert_eq!(app.media_files().len(), files);
    assert_eq!(app.get(&photo).await.status(), StatusCode::NOT_FOUND);
}
