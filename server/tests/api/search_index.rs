//! The in-memory guide search answers exactly what the database answers (issue 25): the
//! same guides, order, `total` and next page, for hundreds of varied lists and searches
//! over a bulk catalogue, compared with a replica that reads the database every time
//! (`YATRA_SEARCH_INDEX=false`); and it follows changes made through the API, by another
//! replica and straight in the database.

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use reqwest::StatusCode;
use serde_json::{Value, json};
use yatra::app::Application;

use crate::fixtures::{InsertedGuide, guide_profile, insert_guide, reliability_settled};
use crate::helpers::{TestApp, spawn_app_with};

/// A replica of `app` that answers from the database alone.
async fn database_replica(app: &TestApp) -> String {
    let mut config = app.config.clone();
    config.server.search_index = false;
    let replica = Application::build(config).await.expect("the replica builds");
    let port = replica.port();
    tokio::spawn(replica.run_until_stopped());
    format!("http://127.0.0.1:{port}")
}

async fn get(app: &TestApp, address: &str, path: &str) -> (StatusCode, Value) {
    let response = app.client.get(format!("{address}{path}")).send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Guides whose texts make prefixes collide, words repeat and scripts mix.
async fn tricky_guides(app: &TestApp) {
    let guides = [
        ("Ram", &["trekking", "trek"][..], &["English", "Nepali"][..], "Pokhara, Lakeside"),
        ("Rama", &["photography"], &["English"], "Pokhara"),
        ("Ramesh", &["trekking", "culture"], &["French", "English"], "Kathmandu, Thamel"),
        ("Kathmandu", &["trekking trekking trek"], &["English"], "Kathmandu Kathmandu"),
        ("नेपाल", &["संस्कृति"], &["नेपाली", "English"], "काठमाडौं, Pokhara"),
        ("Zoë", &["food"], &["Français"], "Bhaktapur"),
    ];
    for (i, (name, interests, languages, address)) in guides.into_iter().enumerate() {
        insert_guide(
            app,
            &InsertedGuide {
                name,
                interests,
                languages,
                address,
                at: (85.3, 27.7),
                price: (i % 3 != 0).then_some(20.0 + 10.0 * i as f64),
                rating_sum: 5 * (i as i64 % 2),
                review_count: i as i64 % 2,
            },
        )
        .await;
    }
}

/// What each guide's card offers to search for: words, prefixes of them and towns.
fn vocabulary(guides: &[Value]) -> (Vec<String>, Vec<String>, Vec<String>) {
    let mut words = Vec::new();
    let mut towns = Vec::new();
    let mut languages = Vec::new();
    for guide in guides {
        let mut text = format!("{} {} {}", guide["firstName"], guide["lastName"], guide["bio"]);
        for list in ["expertiseLanguages", "interests"] {
            for item in guide[list].as_array().into_iter().flatten() {
                text.push(' ');
                text.push_str(item.as_str().unwrap_or(""));
            }
        }
        for language in guide["expertiseLanguages"].as_array().into_iter().flatten() {
            languages.push(language.as_str().unwrap_or("").to_owned());
        }
        for word in text.split(|c: char| !c.is_alphanumeric()).filter(|w| w.chars().count() > 1) {
            words.push(word.to_lowercase());
            words.push(word.chars().take(2).collect::<String>().to_lowercase());
            words.push(word.chars().take(4).collect::<String>().to_lowercase());
        }
        let address = guide["contactInfo"]["address"].as_str().unwrap_or("");
        towns.extend(address.split(',').map(|town| town.trim().to_owned()));
    }
    for list in [&mut words, &mut towns, &mut languages] {
        list.sort();
        list.dedup();
        list.retain(|w| !w.is_empty());
    }
    (words, towns, languages)
}

fn random_path(
    rng: &mut StdRng,
    words: &[String],
    towns: &[String],
    languages: &[String],
) -> String {
    let q = |text: &str| -> String {
        text.bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect()
    };
    let mut parts: Vec<String> = Vec::new();
    let search = rng.random_bool(0.7);
    if search {
        let count = rng.random_range(0..=3);
        let chosen: Vec<&String> = words.choose_multiple(rng, count).collect();
        if !chosen.is_empty() {
            parts.push(format!(
                "query={}",
                q(&chosen.iter().map(|w| w.as_str()).collect::<Vec<_>>().join(" "))
            ));
        }
        if rng.random_bool(0.3) {
            parts.push(format!("address={}", q(towns.choose(rng).unwrap())));
        }
    }
    if rng.random_bool(0.2) {
        let category =
            ["trekking", "cultural", "adventure", "wildlife", "food", "historical", "nature"];
        parts.push(format!("category={}", category.choose(rng).unwrap()));
    }
    if rng.random_bool(0.2) {
        parts.push(format!("language={}", q(languages.choose(rng).unwrap())));
    }
    if rng.random_bool(0.2) {
        parts.push(format!("maxPrice={}", rng.random_range(10..120)));
    }
    if rng.random_bool(0.1) {
        parts.push(format!("minPrice={}", rng.random_range(10..60)));
    }
    if rng.random_bool(0.15) {
        parts.push(format!("minRating={}", rng.random_range(0..=10) as f64 / 2.0));
    }
    if rng.random_bool(0.5) {
        let sort = ["rating", "price_asc", "price_desc", "reviews"];
        parts.push(format!("sort={}", sort.choose(rng).unwrap()));
    }
    let page = if rng.random_bool(0.3) { rng.random_range(1..40) } else { rng.random_range(1..4) };
    parts.push(format!("page={page}"));
    parts.push(format!("limit={}", rng.random_range(1..=25)));
    let endpoint = if search { "search" } else { "guides" };
    format!("/api/v1/users/{endpoint}?{}", parts.join("&"))
}

#[tokio::test]
async fn the_index_answers_exactly_what_the_database_answers() {
    let app = spawn_app_with(&[("YATRA_CATALOGUE_CACHE", "false")]).await;
    let db = app.db().await;
    yatra::seed::bulk::guides(&db, 1_200).await.unwrap();
    tricky_guides(&app).await;
    let database = database_replica(&app).await;
    reliability_settled(&app).await;

    let mut guides = Vec::new();
    for page in 1..=4 {
        let (_, body) =
            get(&app, &database, &format!("/api/v1/users/guides?limit=50&page={page}")).await;
        guides.extend(body["guides"].as_array().unwrap().iter().cloned());
    }
    let (words, towns, languages) = vocabulary(&guides);
    let mut rng = StdRng::seed_from_u64(25);
    let mut compared = 0;
    for _ in 0..500 {
        let path = random_path(&mut rng, &words, &towns, &languages);
        let from_index = get(&app, &app.address, &path).await;
        let from_database = get(&app, &database, &path).await;
        assert_eq!(from_index, from_database, "{path}");
        compared += from_index.1["guides"].as_array().map_or(0, Vec::len);
    }
    assert!(compared > 2_000, "the queries found too little to compare: {compared} guides");

    // The list's cursor pages the same way.
    let mut cursor = String::new();
    for _ in 0..5 {
        let path = format!("/api/v1/users/guides?limit=7&cursor={cursor}");
        let from_index = get(&app, &app.address, &path).await;
        assert_eq!(from_index, get(&app, &database, &path).await, "{path}");
        cursor = from_index.1["nextCursor"].as_str().unwrap().to_owned();
    }
}

#[tokio::test]
async fn the_index_follows_changes_from_the_api_and_other_replicas() {
    let app = spawn_app_with(&[("YATRA_CATALOGUE_CACHE", "false")]).await;
    let admin = app.admin().await;
    let profile =
        guide_profile("Glacier walks", &["English"], &["trekking"], "Jomsom", (83.7, 28.8));
    let (guide, id) =
        crate::fixtures::verified_guide(&app, &admin, "Pemba", "Sherpa", &profile).await;
    let found = |body: &Value| body["guides"].as_array().map_or(0, Vec::len);

    let (_, body) = get(&app, &app.address, "/api/v1/users/search?query=glacier").await;
    assert_eq!(found(&body), 1);

    // Another replica edits the bio; this one shows the change within a second or two.
    let other = app.replica().await;
    let mut edited = profile.clone();
    edited["bio"] = json!("Icefall crossings");
    let response = app
        .client
        .post(format!("{other}/api/v1/guides/profile"))
        .bearer_auth(&guide.token)
        .json(&edited)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{:?}", response.text().await);
    // The replica that took the write shows it at once.
    let (_, body) = get(&app, &other, "/api/v1/users/search?query=icefall").await;
    assert_eq!(found(&body), 1);
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let (_, body) = get(&app, &app.address, "/api/v1/users/search?query=icefall").await;
        if found(&body) == 1 {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "the first replica never saw the edit");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let (_, body) = get(&app, &app.address, "/api/v1/users/search?query=glacier").await;
    assert_eq!(found(&body), 0);

    // A new photo shows on the guide's card at once here, and within seconds on the other
    // replica, as the database shows it.
    let uploaded = app
        .upload(
            "/api/v1/guides/profile-image",
            &guide.token,
            "profileImage",
            "me.png",
            "image/png",
            crate::helpers::png(300, 200, false),
        )
        .await;
    assert_eq!(uploaded.status(), StatusCode::OK);
    let database = database_replica(&app).await;
    reliability_settled(&app).await;
    let list = "/api/v1/users/guides";
    let (_, expected) = get(&app, &database, list).await;
    assert!(expected["guides"][0]["profilePictureVariants"]["srcset"].is_string(), "{expected}");
    assert_eq!(get(&app, &app.address, list).await.1, expected);
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
    while get(&app, &other, list).await.1 != expected {
        assert!(tokio::time::Instant::now() < deadline, "the other replica kept the old card");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }

    // Suspending the guide takes them out of every list at once.
    let suspended = app
        .post_json_auth(
            &format!("/api/v1/admin/users/{id}/suspend"),
            &json!({ "reason": "A test of the search index" }),
            &admin.token,
        )
        .await;
    assert_eq!(suspended.status(), StatusCode::OK);
    let (_, list) = get(&app, &app.address, "/api/v1/users/guides").await;
    assert_eq!(list["total"], 0);
}
