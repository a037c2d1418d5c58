//! The media store through the API: type by bytes, size and pixel limits, metadata
//! stripped, thumbnails, cache headers, private images, replacement, and S3.

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::helpers::{
    GPS_MARKER, TestApp, assert_error, contains, jpeg, jpeg_with_gps, png, spawn_app,
    spawn_app_with, webp,
};

const GUIDE_PICTURE: &str = "/api/v1/guides/profile-image";
const TOURIST_PICTURE: &str = "/api/v1/tourists/profile-image";
const ID_CARD: &str = "/api/v1/tourists/id-image";

/// Uploads a guide photo; returns the updated guide (`data`).
async fn upload_guide_picture(
    app: &TestApp,
    token: &str,
    name: &str,
    content_type: &str,
    bytes: Vec<u8>,
) -> Value {
    let response =
        app.upload(GUIDE_PICTURE, token, "profileImage", name, content_type, bytes).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "success");
    assert_eq!(body["message"], "Profile image updated");
    body["data"].clone()
}

async fn fetch(app: &TestApp, url: &str) -> (StatusCode, String, String, Vec<u8>) {
    let response = app.get(url).await;
    let header = |name: &str| {
        response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned()
    };
    let (status, content_type, cache) =
        (response.status(), header("content-type"), header("cache-control"));
    (status, content_type, cache, response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn a_png_named_jpg_with_a_jpeg_content_type_is_accepted_and_stored_as_png() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;

    // Act
    let data =
        upload_guide_picture(&app, &guide.token, "holiday.jpg", "image/jpeg", png(300, 200, true))
            .await;

    // Assert
    let url = data["guideDetails"]["profilePicture"].as_str().expect("profilePicture");
    assert!(url.starts_with("/media/") && url.ends_with(".png"), "{url}");
    let (status, content_type, _, bytes) = fetch(&app, url).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "image/png");
    assert_eq!(image::guess_format(&bytes).unwrap(), image::ImageFormat::Png);
    assert_eq!(image::load_from_memory(&bytes).unwrap().width(), 300);
}

#[tokio::test]
async fn a_text_file_named_png_is_refused_with_415_and_nothing_is_stored() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;

    // Act
    let response = app
        .upload(
            GUIDE_PICTURE,
            &guide.token,
            "profileImage",
            "photo.png",
            "image/png",
            b"just some text, honestly".to_vec(),
        )
        .await;

    // Assert
    assert_error(
        response,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "Only JPEG, PNG or WebP images are allowed",
    )
    .await;
    assert!(app.media_files().is_empty());
}

#[tokio::test]
async fn other_image_types_such_as_gif_are_refused_with_415() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;".to_vec();

    // Act
    let response =
        app.upload(GUIDE_PICTURE, &guide.token, "profileImage", "a.png", "image/png", gif).await;

    // Assert
    assert_error(
        response,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "Only JPEG, PNG or WebP images are allowed",
    )
    .await;
}

#[tokio::test]
async fn a_file_over_8_mb_is_refused_with_413() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let mut bytes = png(10, 10, false);
    bytes.resize(8 * 1024 * 1024 + 1, 0);

    // Act
    let response = app
        .upload(GUIDE_PICTURE, &guide.token, "profileImage", "big.png", "image/png", bytes)
        .await;

    // Assert
    assert_error(response, StatusCode::PAYLOAD_TOO_LARGE, "Images must be 8 MB or smaller").await;
    assert!(app.media_files().is_empty());
}

#[tokio::test]
async fn a_body_far_over_the_upload_limit_is_refused_with_413() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let bytes = vec![0u8; 20 * 1024 * 1024];

    // Act
    let response = app
        .upload(GUIDE_PICTURE, &guide.token, "other", "x.bin", "application/octet-stream", bytes)
        .await;

    // Assert
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
}

/// A PNG whose header claims `width` x `height` with a valid checksum and no pixel data.
fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = png(1, 1, false);
    bytes[16..20].copy_from_slice(&width.to_be_bytes());
    bytes[20..24].copy_from_slice(&height.to_be_bytes());
    let mut crc = 0xffff_ffffu32;
    for &byte in &bytes[12..29] {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xedb8_8320 } else { crc >> 1 };
        }
    }
    bytes[29..33].copy_from_slice(&(!crc).to_be_bytes());
    bytes
}

#[tokio::test]
async fn an_image_over_40_megapixels_is_refused_with_400() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;

    for (width, height) in [(8000, 5001), (30_000, 10)] {
        // Act
        let response = app
            .upload(
                GUIDE_PICTURE,
                &guide.token,
                "profileImage",
                "bomb.png",
                "image/png",
                png_claiming(width, height),
            )
            .await;

        // Assert
        assert_error(
            response,
            StatusCode::BAD_REQUEST,
            "This image is too large (maximum 40 megapixels)",
        )
        .await;
    }
}

#[tokio::test]
async fn a_broken_image_is_refused_with_400() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let whole = png(200, 200, false);
    let mut junk_jpeg = vec![0xFF, 0xD8, 0xFF, 0xE0];
    junk_jpeg.extend_from_slice(&[0x13; 500]);

    for (name, bytes) in [("cut.png", whole[..whole.len() / 3].to_vec()), ("junk.jpg", junk_jpeg)] {
        // Act
        let response = app
            .upload(GUIDE_PICTURE, &guide.token, "profileImage", name, "image/jpeg", bytes)
            .await;

        // Assert
        assert_error(response, StatusCode::BAD_REQUEST, "This image could not be read").await;
    }
    assert!(app.media_files().is_empty());
}

#[tokio::test]
async fn an_upload_without_the_file_field_is_refused_with_400() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;

    // Act
    let wrong_field = app
        .upload(GUIDE_PICTURE, &guide.token, "photo", "a.png", "image/png", png(5, 5, false))
        .await;
    let empty_file = app
        .upload(GUIDE_PICTURE, &guide.token, "profileImage", "a.png", "image/png", Vec::new())
        .await;
    let not_multipart =
        app.post_json_auth(GUIDE_PICTURE, &serde_json::json!({}), &guide.token).await;

    // Assert
    assert_error(wrong_field, StatusCode::BAD_REQUEST, "Please choose an image").await;
    assert_error(empty_file, StatusCode::BAD_REQUEST, "Please choose an image").await;
    assert_eq!(not_multipart.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn exif_gps_is_gone_after_upload() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let original = jpeg_with_gps();
    assert!(
        contains(&original, b"Exif") && contains(&original, GPS_MARKER),
        "the test image carries EXIF GPS"
    );
    assert!(image::load_from_memory(&original).is_ok(), "the test image is a readable JPEG");

    // Act
    let data = upload_guide_picture(&app, &guide.token, "gps.jpg", "image/jpeg", original).await;

    // Assert
    for field in ["profilePicture", "profilePictureThumb"] {
        let url = data["guideDetails"][field].as_str().unwrap().to_owned();
        let (status, content_type, _, bytes) = fetch(&app, &url).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(content_type, "image/jpeg");
        assert!(!contains(&bytes, GPS_MARKER), "{field} still has the GPS block");
        assert!(!contains(&bytes, b"Exif"), "{field} still has an EXIF segment");
        assert!(!contains(&bytes, &[0xFF, 0xE1]), "{field} still has an APP1 segment");
    }
    for file in app.media_files() {
        assert!(
            !contains(&std::fs::read(&file).unwrap(), GPS_MARKER),
            "{} keeps the GPS block",
            file.display()
        );
    }
}

#[tokio::test]
async fn a_webp_image_is_accepted() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;

    // Act
    let data =
        upload_guide_picture(&app, &guide.token, "pic.webp", "image/webp", webp(120, 90)).await;

    // Assert
    let (status, _, _, bytes) =
        fetch(&app, data["guideDetails"]["profilePicture"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(image::load_from_memory(&bytes).unwrap().width(), 120);
}

#[tokio::test]
async fn public_images_have_long_cache_headers_and_a_thumbnail_of_at_most_480_px() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;

    // Act
    let data =
        upload_guide_picture(&app, &guide.token, "wide.jpg", "image/jpeg", jpeg(1200, 800)).await;

    // Assert
    let details = &data["guideDetails"];
    let (status, _, cache, full) = fetch(&app, details["profilePicture"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(cache, "public, max-age=31536000, immutable");
    assert_eq!(image::load_from_memory(&full).unwrap().width(), 1200);
    let (status, _, cache, thumb) =
        fetch(&app, details["profilePictureThumb"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(cache, "public, max-age=31536000, immutable");
    let thumb = image::load_from_memory(&thumb).unwrap();
    assert_eq!((thumb.width(), thumb.height()), (480, 320));
}

#[tokio::test]
async fn unknown_or_malformed_public_media_paths_answer_404() {
    // Arrange
    let app = spawn_app().await;

    for path in [
        "/media/0123456789abcdef0123456789abcdef.jpg",
        "/media/..%2F..%2Fjwt-secret",
        "/media/../jwt-secret",
        "/media/test.db",
        "/media/0123456789abcdef0123456789abcdef.gif",
    ] {
        // Act
        let response = app.get(path).await;

        // Assert
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn replacing_a_profile_image_deletes_the_old_one() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let first =
        upload_guide_picture(&app, &guide.token, "a.jpg", "image/jpeg", jpeg(100, 100)).await;
    let old_url = first["guideDetails"]["profilePicture"].as_str().unwrap().to_owned();
    let old_thumb = first["guideDetails"]["profilePictureThumb"].as_str().unwrap().to_owned();
    assert_eq!(app.media_files().len(), 3, "the image, its thumbnail and its WebP copy");

    // Act
    let second =
        upload_guide_picture(&app, &guide.token, "b.png", "image/png", png(100, 100, false)).await;

    // Assert
    let new_url = second["guideDetails"]["profilePicture"].as_str().unwrap();
    assert_ne!(new_url, old_url);
    assert_eq!(fetch(&app, new_url).await.0, StatusCode::OK);
    assert_eq!(fetch(&app, &old_url).await.0, StatusCode::NOT_FOUND);
    assert_eq!(fetch(&app, &old_thumb).await.0, StatusCode::NOT_FOUND);
    assert_eq!(
        app.media_files().len(),
        3,
        "only the new image, its thumbnail and its WebP copy remain"
    );
    let db = app.db().await;
    let (rows,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM media").fetch_one(&db.pool).await.unwrap();
    assert_eq!(rows, 1);
}

/// A traveller with an ID card; returns (traveller token, private URL).
async fn traveller_with_id_card(app: &TestApp) -> (String, String) {
    let traveller = app.signup_and_login("tourist").await;
    let response = app
        .upload(ID_CARD, &traveller.token, "idCardImage", "id.jpg", "image/jpeg", jpeg(400, 250))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "ID card uploaded");
    let url =
        body["data"]["touristDetails"]["idCardImage"].as_str().expect("idCardImage").to_owned();
    assert!(url.starts_with("/api/v1/media/private/"), "{url}");
    (traveller.token, url)
}

#[tokio::test]
async fn an_id_card_is_served_to_its_owner_and_admins_only_and_never_cached() {
    // Arrange
    let app = spawn_app().await;
    let (owner, url) = traveller_with_id_card(&app).await;
    let other_traveller = app.signup_and_login("tourist").await;
    let guide = app.signup_and_login("guide").await;
    let admin = app.admin().await;

    // Act + Assert: the owner and an admin see it, privately.
    for token in [&owner, &admin.token] {
        let response = app.get_auth(&url, token).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["cache-control"], "private, no-store");
        assert_eq!(response.headers()["content-type"], "image/jpeg");
        let bytes = response.bytes().await.unwrap();
        assert_eq!(image::load_from_memory(&bytes).unwrap().width(), 400);
    }
    // Anyone else is refused.
    assert_eq!(app.get(&url).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get_auth(&url, "not-a-token").await.status(), StatusCode::UNAUTHORIZED);
    for token in [&other_traveller.token, &guide.token] {
        let response = app.get_auth(&url, token).await;
        assert_error(
            response,
            StatusCode::FORBIDDEN,
            "Only the owner and admins may see this image",
        )
        .await;
    }
    // And it is never at a public URL.
    let file = url.rsplit('/').next().unwrap();
    assert_eq!(app.get(&format!("/media/{file}.jpg")).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_private_image_that_does_not_exist_or_is_public_answers_404() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let data = upload_guide_picture(&app, &guide.token, "a.jpg", "image/jpeg", jpeg(50, 50)).await;
    let public_id = data["guideDetails"]["profilePicture"]
        .as_str()
        .unwrap()
        .trim_start_matches("/media/")
        .trim_end_matches(".jpg")
        .to_owned();

    for id in ["0123456789abcdef0123456789abcdef", public_id.as_str(), "..%2Fetc"] {
        // Act
        let response = app.get_auth(&format!("/api/v1/media/private/{id}"), &guide.token).await;

        // Assert
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{id}");
    }
}

#[tokio::test]
async fn a_traveller_photo_is_accepted_under_either_field_name() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;

    for field in ["profileImage", "profilePicture"] {
        // Act
        let response = app
            .upload(TOURIST_PICTURE, &traveller.token, field, "me.jpg", "image/jpeg", jpeg(60, 60))
            .await;

        // Assert
        assert_eq!(response.status(), StatusCode::OK, "{field}");
        let body: Value = response.json().await.unwrap();
        assert!(
            body["data"]["touristDetails"]["profilePicture"]
                .as_str()
                .unwrap()
                .starts_with("/media/")
        );
    }
    assert_eq!(app.media_files().len(), 3, "the first photo was replaced");
}

#[tokio::test]
async fn other_fields_in_the_form_are_ignored() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;
    let form = Form::new().text("note", "hello").part(
        "coverImage",
        Part::bytes(jpeg(90, 30)).file_name("cover.jpg").mime_str("image/jpeg").unwrap(),
    );

    // Act
    let response = app.upload_form("/api/v1/tourists/cover-image", &traveller.token, form).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert!(body["data"]["touristDetails"]["coverImage"].as_str().unwrap().starts_with("/media/"));
}

// ---------------------------------------------------------------------------------------
// S3: run against a real S3-compatible server when YATRA_TEST_S3_ENDPOINT is set
// (`make test-server-s3` starts moto for this).

/// A fresh bucket on the test S3 server and the settings that point the app at it.
async fn s3_app() -> Option<TestApp> {
    let Ok(endpoint) = std::env::var("YATRA_TEST_S3_ENDPOINT") else {
        // Written to stderr directly: libtest would swallow eprintln! of a passing test.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "\n!!! SKIPPING an S3 media test: YATRA_TEST_S3_ENDPOINT is not set (make test-server-s3 sets it) !!!\n"
        );
        return None;
    };
    let endpoint = endpoint.trim_end_matches('/').to_owned();
    let bucket = format!("yatra-test-{}", uuid::Uuid::new_v4().simple());
    // moto accepts an unsigned bucket creation; a real server would need credentials.
    let created = reqwest::Client::new()
        .put(format!("{endpoint}/{bucket}"))
        .send()
        .await
        .expect("S3 server reachable");
    assert!(created.status().is_success(), "cannot create bucket: {}", created.status());
    let app = spawn_app_with(&[
        ("YATRA_S3_BUCKET", &bucket),
        ("YATRA_S3_ENDPOINT", &endpoint),
        ("YATRA_S3_REGION", "us-east-1"),
        ("YATRA_S3_ACCESS_KEY_ID", "testing"),
        ("YATRA_S3_SECRET_ACCESS_KEY", "testing"),
    ])
    .await;
    Some(app)
}

/// Whether the bucket holds `key`, read with signed requests (objects are not public).
async fn s3_has(app: &TestApp, key: &str) -> bool {
    let bucket = yatra::media_store::MediaStore::from_config(&app.config.media).unwrap();
    bucket.get(key).await.expect("the bucket answers").is_some()
}

#[tokio::test]
async fn s3_public_images_are_stored_in_the_bucket_served_and_replaced() {
    let Some(app) = s3_app().await else { return };
    let guide = app.signup_and_login("guide").await;

    // Act
    let first =
        upload_guide_picture(&app, &guide.token, "gps.jpg", "image/jpeg", jpeg_with_gps()).await;
    let old_url = first["guideDetails"]["profilePicture"].as_str().unwrap().to_owned();
    let old_key = format!("public/{}", old_url.trim_start_matches("/media/"));

    // Assert: in the bucket, not in the media folder, served with cache headers, no GPS.
    assert!(s3_has(&app, &old_key).await, "{old_key} is not in the bucket");
    let old_copy = old_key.replace(".jpg", "-64w.webp");
    assert!(s3_has(&app, &old_copy).await, "{old_copy}: the WebP copy is not in the bucket");
    assert!(app.media_files().is_empty(), "nothing may land in the local folder");
    let (status, _, cache, bytes) = fetch(&app, &old_url).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(cache, "public, max-age=31536000, immutable");
    assert!(!contains(&bytes, GPS_MARKER));

    // Act: replace it.
    let second =
        upload_guide_picture(&app, &guide.token, "b.png", "image/png", png(40, 40, false)).await;

    // Assert: the old objects are gone from the bucket.
    assert_eq!(
        fetch(&app, second["guideDetails"]["profilePicture"].as_str().unwrap()).await.0,
        StatusCode::OK
    );
    assert_eq!(fetch(&app, &old_url).await.0, StatusCode::NOT_FOUND);
    assert!(!s3_has(&app, &old_key).await, "{old_key} was not deleted");
    assert!(!s3_has(&app, &old_key.replace(".jpg", "-thumb.jpg")).await);
    assert!(!s3_has(&app, &old_copy).await, "{old_copy} was not deleted");
}

#[tokio::test]
async fn s3_private_images_are_served_only_to_the_owner_and_admins() {
    let Some(app) = s3_app().await else { return };
    let (owner, url) = traveller_with_id_card(&app).await;
    let stranger = app.signup_and_login("tourist").await;
    let admin = app.admin().await;

    // Assert
    let id = url.rsplit('/').next().unwrap();
    assert!(s3_has(&app, &format!("private/{id}.jpg")).await);
    for token in [&owner, &admin.token] {
        let response = app.get_auth(&url, token).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["cache-control"], "private, no-store");
    }
    assert_eq!(app.get_auth(&url, &stranger.token).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.get(&url).await.status(), StatusCode::UNAUTHORIZED);
}
