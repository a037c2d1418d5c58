//! `yatra seed --demo`: a verified, complete demo guide and a complete demo traveller,
//! and nothing changes the second time.

use reqwest::StatusCode;
use yatra::media::MediaStore;
use yatra::seed::{DEMO_PASSWORD, Seeded};

use crate::helpers::spawn_app;

#[tokio::test]
async fn the_demo_seed_makes_complete_profiles_and_a_verified_guide_and_is_idempotent() {
    // Arrange
    let app = spawn_app().await;
    let db = app.db().await;
    let media = MediaStore::from_config(&app.config).unwrap();

    // Act
    let first = yatra::seed::demo(&db, &media).await.unwrap();
    let files = app.media_files();
    let second = yatra::seed::demo(&db, &media).await.unwrap();

    // Assert
    assert_eq!(first, Seeded { accounts: 3, profiles: 2 });
    assert_eq!(second, Seeded { accounts: 0, profiles: 0 });
    assert_eq!(app.media_files(), files, "seeding again stores nothing");

    let (guide, _, _) = app.login("guide@demo.yatra.np", DEMO_PASSWORD).await;
    let data = app.get_data("/api/v1/guides/guide-profile", &guide).await;
    let details = &data["guideDetails"];
    assert_eq!(details["status"], "verified");
    assert_eq!(details["nationality"], "Nepali");
    assert_eq!(details["pricePerDay"], 45.0);
    assert_eq!(details["expertiseLanguages"], serde_json::json!(["English", "Nepali", "Hindi"]));
    assert_eq!(details["interests"], serde_json::json!(["Trekking", "Culture"]));
    assert_eq!(details["contactInfo"]["address"], "Kathmandu");
    assert!(details["location"].is_object());
    for url in [&details["profilePicture"], &details["coverImage"]] {
        assert_eq!(app.get(url.as_str().unwrap()).await.status(), StatusCode::OK);
    }
    let completion = app.get_data("/api/v1/protect/completion/guide", &guide).await;
    assert_eq!(completion["isProfileComplete"], true);

    let (traveller, _, _) = app.login("traveller@demo.yatra.np", DEMO_PASSWORD).await;
    let completion = app.get_data("/api/v1/protect/completion/tourist", &traveller).await;
    assert_eq!(completion["isProfileComplete"], true);
    let (admin, _, role) = app.login("admin@demo.yatra.np", DEMO_PASSWORD).await;
    assert_eq!(role, "admin");
    assert_eq!(app.get_data("/api/v1/admin/verifications", &admin).await, serde_json::json!([]));
    db.pool.close().await;
}
