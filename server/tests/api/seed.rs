//! `yatra seed --demo`: the demo accounts with complete profiles, and a site full of
//! content — verified guides with reviews, destinations, guides waiting for an admin, and
//! bookings to try, and published tours of every altitude risk — with no broken image; and
//! nothing changes the second time. `--bulk N` gives each of its guides a tour.

use reqwest::StatusCode;
use serde_json::{Value, json};
use yatra::media_store::MediaStore;
use yatra::seed::DEMO_PASSWORD;

use crate::helpers::{TestApp, spawn_app};

async fn get_json(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "GET {path}");
    response.json().await.unwrap()
}

async fn assert_image(app: &TestApp, url: &Value) {
    let url = url.as_str().unwrap_or_else(|| panic!("no image: {url}"));
    let response = app.get(url).await;
    assert_eq!(response.status(), StatusCode::OK, "{url}");
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("image/"));
}

#[tokio::test]
async fn the_demo_seed_fills_the_site_and_changes_nothing_the_second_time() {
    // Arrange
    let app = spawn_app().await;
    let db = app.db().await;
    let media = MediaStore::from_config(&app.config.media).unwrap();

    // Act
    let first = yatra::seed::demo(&db, &media).await.unwrap();
    let files = app.media_files();
    let second = yatra::seed::demo(&db, &media).await.unwrap();

    // Assert: the second run adds nothing.
    assert!(
        first.accounts >= 60
            && first.destinations >= 20
            && first.reviews >= 180
            && first.blogs >= 12
            && first.tours >= 40,
        "{first:?}"
    );
    assert_eq!(second, yatra::seed::Seeded::default());
    assert_eq!(app.media_files(), files, "seeding again stores nothing");
    // Group departures to join (issue 27), opened once.
    let departures = get_json(&app, "/api/v1/users/departures").await;
    assert_eq!(departures["total"], 4, "{departures}");

    // 40+ verified guides, all with photos that load.
    let guides = get_json(&app, "/api/v1/users/guides?limit=50").await;
    let cards = guides["guides"].as_array().unwrap();
    assert!(cards.len() >= 41, "{} verified guides", cards.len());
    for card in cards {
        assert_image(&app, &card["profilePicture"]).await;
        assert_image(&app, &card["coverImage"]).await;
    }
    assert!(
        cards[0]["averageRating"].as_f64().unwrap()
            > cards[cards.len() - 1]["averageRating"].as_f64().unwrap()
    );
    // Every verified demo guide has a licence valid into the future (issue 15).
    let today = yatra::calendar::date_text(yatra::calendar::today_in_nepal());
    for card in cards.iter().take(5) {
        let detail =
            get_json(&app, &format!("/api/v1/users/guide/{}", card["_id"].as_str().unwrap())).await;
        let until = detail["data"]["guideDetails"]["licenceValidUntil"]
            .as_str()
            .unwrap_or_else(|| panic!("no licence: {}", card["_id"]));
        assert!(until > today.as_str(), "{until}");
    }

    // 20+ destinations with pictures.
    let destinations = get_json(&app, "/api/v1/users/destinations?limit=50").await;
    let destinations = destinations["destinations"].as_array().unwrap();
    assert!(destinations.len() >= 20);
    for destination in destinations {
        assert_image(&app, &destination["image"]).await;
        assert!(destination["coordinates"].is_object());
        // Every demo destination has its trek facts (issue 15).
        assert!(
            destination["durationDays"]["min"].as_i64().unwrap() >= 1,
            "{}",
            destination["name"]
        );
        assert!(destination["difficulty"].is_string(), "{}", destination["name"]);
    }
    let everest = destinations.iter().find(|d| d["name"] == "Everest Base Camp").unwrap();
    assert_eq!(everest["durationDays"], json!({"min": 12, "max": 14}));
    assert_eq!(everest["licensedGuideRequired"], true);
    assert_eq!(everest["permits"][0]["feeNpr"], 3000);

    // A French-speaking trekking guide near Pokhara is one search away.
    let near_pokhara = get_json(
        &app,
        "/api/v1/users/search?query=french%20trekking&lat=28.2096&lng=83.9595&radiusKm=40",
    )
    .await;
    assert!(!near_pokhara["guides"].as_array().unwrap().is_empty());

    // The demo guide: verified, complete, reviewed, with a request to answer.
    let (guide, _, _) = app.login("guide@demo.yatra.np", DEMO_PASSWORD).await;
    let profile = app.get_data("/api/v1/guides/guide-profile", &guide).await;
    assert_eq!(profile["guideDetails"]["status"], "verified");
    assert_eq!(profile["guideDetails"]["pricePerDay"], 45.0);
    assert_eq!(profile["reviewCount"], 6);
    assert_eq!(
        app.get_data("/api/v1/protect/completion/guide", &guide).await["isProfileComplete"],
        true
    );
    let reviews =
        get_json(&app, &format!("/api/v1/users/ratings/{}", profile["_id"].as_str().unwrap()))
            .await;
    assert_eq!(reviews["data"]["ratings"].as_array().unwrap().len(), 6);
    let requests = app.get_data("/api/v1/guides/bookings", &guide).await;
    assert!(requests.as_array().unwrap().iter().any(|b| b["bookingStatus"] == "pending"));

    // The demo traveller: complete, with a trip to pay and a past trip to review.
    let (traveller, _, _) = app.login("traveller@demo.yatra.np", DEMO_PASSWORD).await;
    assert_eq!(
        app.get_data("/api/v1/protect/completion/tourist", &traveller).await["isProfileComplete"],
        true
    );
    let trips = app.get_data("/api/v1/tourists/bookings", &traveller).await;
    let trips = trips.as_array().unwrap();
    assert!(
        trips.iter().any(|b| b["bookingStatus"] == "approved" && b["paymentStatus"] == "unpaid")
    );
    let past = trips.iter().find(|b| b["paymentStatus"] == "paid").expect("a paid trip");
    let review = json!({ "guideId": past["guide"]["_id"], "score": 5, "comment": "Lovely morning in Patan." });
    assert_eq!(
        app.post_json_auth("/api/v1/tourists/ratings", &review, &traveller).await.status(),
        StatusCode::CREATED
    );

    // A dozen travel posts with pictures and likes.
    let blogs = get_json(&app, "/api/v1/users/blogs?limit=50").await;
    let blogs = blogs["blogs"].as_array().unwrap();
    assert!(blogs.len() >= 12);
    for blog in blogs {
        assert_image(&app, &blog["image"]).await;
        assert!(blog["likeCount"].as_i64().unwrap() >= 2);
    }

    // 40+ published tours, of every altitude risk.
    let tours = get_json(&app, "/api/v1/users/tours?limit=50").await;
    let tours = tours["tours"].as_array().unwrap();
    assert!(tours.len() >= 40, "{} tours", tours.len());
    for risk in ["low", "moderate", "high"] {
        assert!(tours.iter().any(|tour| tour["risk"] == risk), "no {risk} tour");
    }
    // The demo guide's Everest Base Camp tour shows each night's altitude.
    let everest = tours
        .iter()
        .find(|tour| tour["title"] == "Everest Base Camp in 12 days")
        .expect("the Everest Base Camp tour");
    let page =
        get_json(&app, &format!("/api/v1/users/tour/{}", everest["_id"].as_str().unwrap())).await;
    let nights: Vec<Value> = page["tour"]["days"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["sleepAltitudeM"].clone())
        .collect();
    assert_eq!(
        nights,
        json!([2610, 3440, 3440, 3860, 4410, 4410, 4940, 5164, 4240, 3440, 2860, null])
            .as_array()
            .unwrap()
            .clone()
    );
    assert_eq!(page["tour"]["acclimatisation"]["risk"], "moderate");
    assert_eq!(page["tour"]["guide"]["_id"], profile["_id"]);

    // The admin has guides waiting, each with certificate images.
    let (admin, _, role) = app.login("admin@demo.yatra.np", DEMO_PASSWORD).await;
    assert_eq!(role, "admin");
    let queue = app.get_data("/api/v1/admin/verifications", &admin).await;
    let queue = queue.as_array().unwrap();
    assert_eq!(queue.len(), 5);
    let certificate = &queue[0]["certifications"][0]["image"];
    assert_eq!(app.get_auth(certificate.as_str().unwrap(), &admin).await.status(), StatusCode::OK);
    db.pool.close().await;
}

#[tokio::test]
async fn the_demo_seed_gives_trek_facts_to_older_demo_databases_but_keeps_an_admins_edits() {
    // Arrange: a demo database from before trek facts (none stored), and one destination
    // whose facts an admin has since set by hand.
    let app = spawn_app().await;
    let db = app.db().await;
    let media = MediaStore::from_config(&app.config.media).unwrap();
    yatra::seed::demo(&db, &media).await.unwrap();
    sqlx::query("UPDATE destinations SET trek = NULL").execute(&db.pool).await.unwrap();
    sqlx::query("UPDATE destinations SET trek = '{\"maxAltitudeM\":1234,\"bestMonths\":[],\"licensedGuideRequired\":false,\"permits\":[]}' WHERE name = 'Nagarkot'")
        .execute(&db.pool)
        .await
        .unwrap();

    // Act
    let again = yatra::seed::demo(&db, &media).await.unwrap();

    // Assert
    assert_eq!(again, yatra::seed::Seeded::default());
    let destinations = get_json(&app, "/api/v1/users/destinations?limit=50").await;
    for destination in destinations["destinations"].as_array().unwrap() {
        if destination["name"] == "Nagarkot" {
            assert_eq!(destination["maxAltitudeM"], 1234);
            assert_eq!(destination["durationDays"], Value::Null);
        } else {
            assert!(destination["durationDays"].is_object(), "{}", destination["name"]);
        }
    }
}

#[tokio::test]
async fn the_bulk_seed_gives_each_of_its_guides_a_published_tour() {
    // Arrange
    let app = spawn_app().await;
    let db = app.db().await;

    // Act
    let seeded = yatra::seed::bulk::guides(&db, 60).await.unwrap();

    // Assert
    assert_eq!((seeded.guides, seeded.tours), (60, 60));
    let (guides_without,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM users u WHERE u.role = 'guide' AND NOT EXISTS ( \
           SELECT 1 FROM tours t JOIN tour_prices p ON p.tour_id = t.id \
           WHERE t.guide_id = u.id AND t.status = 'published')",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(guides_without, 0);
    let listed = get_json(&app, "/api/v1/users/tours?limit=50").await;
    assert_eq!(listed["total"], 60);
    let risks: Vec<(String,)> =
        sqlx::query_as("SELECT DISTINCT risk FROM tours").fetch_all(&db.pool).await.unwrap();
    assert_eq!(risks.len(), 3, "every risk level: {risks:?}");
    db.pool.close().await;
}
