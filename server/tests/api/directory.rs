//! The public guide directory: the list, a guide's page and search. Unverified guides
//! never show; pages never repeat or skip; categories and search find the right guides;
//! no search text, however odd, makes an error.

// `[id.clone()]` reads as the expected list better than `std::slice::from_ref(&id)`.
#![allow(clippy::cloned_ref_to_slice_refs)]

use std::collections::HashSet;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fixtures::{
    CHITWAN, InsertedGuide, KATHMANDU, POKHARA, days_from_today, guide_profile, insert_booking,
    insert_guide, insert_verified_guide, submitted_guide, user_id, verified_guide,
};
use crate::helpers::{TestApp, assert_error, spawn_app};

async fn get_json(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "GET {path}");
    response.json().await.unwrap()
}

fn ids(guides: &Value) -> Vec<String> {
    guides.as_array().unwrap().iter().map(|g| g["_id"].as_str().unwrap().to_owned()).collect()
}

async fn search_ids(app: &TestApp, query: &str) -> Vec<String> {
    ids(&get_json(app, &format!("/api/v1/users/search?{query}")).await["guides"])
}

#[tokio::test]
async fn unverified_and_rejected_guides_never_appear_in_lists_search_or_detail() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let profile = guide_profile(
        "Annapurna treks and Zanskar rafting.",
        &["English"],
        &["Trekking"],
        "Lakeside, Pokhara",
        POKHARA,
    );
    let (_, verified) = verified_guide(&app, &admin, "Maya", "Gurung", &profile).await;
    let (_, waiting) = submitted_guide(&app, "Zanskar", "Waiting", &profile).await;
    let (_, rejected) = submitted_guide(&app, "Zanskar", "Rejected", &profile).await;
    let rejection = app
        .post_json_auth(
            &format!("/api/v1/admin/guides/{rejected}/reject"),
            &json!({ "reason": "Blurry" }),
            &admin.token,
        )
        .await;
    assert_eq!(rejection.status(), StatusCode::OK);
    let _no_profile = app.signup_and_login("guide").await;

    // Act
    let list = get_json(&app, "/api/v1/users/guides?page=1&limit=10").await;
    let by_category = get_json(&app, "/api/v1/users/guides?category=trekking").await;
    let searched = search_ids(&app, "query=zanskar").await;

    // Assert
    assert_eq!(ids(&list["guides"]), [verified.clone()]);
    assert_eq!(list["totalPages"], 1);
    assert_eq!(ids(&by_category["guides"]), [verified.clone()]);
    assert_eq!(searched, [verified.clone()]);
    for hidden in [&waiting, &rejected] {
        assert_error(
            app.get(&format!("/api/v1/users/guide/{hidden}")).await,
            StatusCode::NOT_FOUND,
            "Guide not found",
        )
        .await;
        assert_error(
            app.get(&format!("/api/v1/users/ratings/{hidden}")).await,
            StatusCode::NOT_FOUND,
            "Guide not found",
        )
        .await;
    }
}

#[tokio::test]
async fn a_verified_guide_leaves_the_public_lists_when_a_later_submission_is_rejected() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let profile = guide_profile(
        "Chitwan jungle walks.",
        &["English"],
        &["Wildlife"],
        "Sauraha, Chitwan",
        CHITWAN,
    );
    let (guide, id) = verified_guide(&app, &admin, "Ram", "Chaudhary", &profile).await;
    assert_eq!(search_ids(&app, "query=chaudhary").await, [id.clone()]);

    // Act: new certificates, rejected.
    crate::guides::submit_certificates(&app, &guide.token, &["Nature Guide Licence"]).await;
    let rejection = app
        .post_json_auth(
            &format!("/api/v1/admin/guides/{id}/reject"),
            &json!({ "reason": "Expired" }),
            &admin.token,
        )
        .await;
    assert_eq!(rejection.status(), StatusCode::OK);

    // Assert
    assert!(search_ids(&app, "query=chaudhary").await.is_empty());
    assert!(
        ids(&get_json(&app, "/api/v1/users/guides?category=wildlife").await["guides"]).is_empty()
    );
    assert_eq!(app.get(&format!("/api/v1/users/guide/{id}")).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_list_is_best_rated_first_with_cards_of_public_fields() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let profile = guide_profile(
        "Old Kathmandu on foot.",
        &["English", "French"],
        &["Culture", "History", "Food", "Festivals", "Museums"],
        "Thamel, Kathmandu",
        KATHMANDU,
    );
    let (_, unrated) = verified_guide(&app, &admin, "Sita", "Shrestha", &profile).await;
    let good = insert_verified_guide(&app, "Good", &["Trekking"], POKHARA, 9, 2).await; // 4.5
    let best = insert_verified_guide(&app, "Best", &["Trekking"], POKHARA, 5, 1).await; // 5.0

    // Act
    let list = get_json(&app, "/api/v1/users/guides").await;

    // Assert
    assert_eq!(ids(&list["guides"]), [best, good.clone(), unrated.clone()]);
    let card = &list["guides"][2];
    assert_eq!(card["firstName"], "Sita");
    assert_eq!(card["lastName"], "Shrestha");
    assert_eq!(card["expertiseLanguages"], json!(["English", "French"]));
    assert_eq!(card["interests"], json!(["Culture", "History", "Food", "Festivals", "Museums"]));
    assert_eq!(card["contactInfo"], json!({ "address": "Thamel, Kathmandu" }));
    assert_eq!(card["pricePerDay"], 40.0);
    assert_eq!(card["averageRating"], 0.0);
    assert_eq!(card["reviewCount"], 0);
    assert!(card.get("phone").is_none() && card["contactInfo"].get("phone").is_none());
    assert_eq!(list["guides"][1]["averageRating"], 4.5);
    assert_eq!(list["guides"][1]["reviewCount"], 2);
}

#[tokio::test]
async fn pages_never_repeat_or_skip_a_guide_while_guides_are_added() {
    // Arrange: 25 guides with ratings from 1.0 to 5.0, some tied.
    let app = spawn_app().await;
    let mut original = HashSet::new();
    for i in 0..25 {
        original.insert(
            insert_verified_guide(
                &app,
                &format!("Guide{i}"),
                &["Trekking"],
                POKHARA,
                10 + (i % 9) * 5,
                10,
            )
            .await,
        );
    }

    // Act: page through with the cursor, adding guides of every rating between pages.
    let mut seen: Vec<String> = Vec::new();
    let mut ranks: Vec<f64> = Vec::new();
    let mut cursor: Option<String> = None;
    for round in 0..10 {
        let path = match &cursor {
            Some(c) => format!("/api/v1/users/guides?limit=10&cursor={c}"),
            None => "/api/v1/users/guides?limit=10".to_owned(),
        };
        let page = get_json(&app, &path).await;
        for guide in page["guides"].as_array().unwrap() {
            seen.push(guide["_id"].as_str().unwrap().to_owned());
            ranks.push(guide["averageRating"].as_f64().unwrap());
        }
        for rating_sum in [50, 30, 10] {
            insert_verified_guide(
                &app,
                &format!("Late{round}"),
                &["Trekking"],
                POKHARA,
                rating_sum,
                10,
            )
            .await;
        }
        cursor = page["nextCursor"].as_str().map(str::to_owned);
        if cursor.is_none() {
            break;
        }
    }

    // Assert: every original guide exactly once, in rating order.
    let unique: HashSet<&String> = seen.iter().collect();
    assert_eq!(unique.len(), seen.len(), "a guide was repeated");
    assert!(original.iter().all(|id| unique.contains(id)), "a guide was skipped");
    assert!(ranks.windows(2).all(|w| w[0] >= w[1]), "out of order: {ranks:?}");
}

#[tokio::test]
async fn page_numbers_and_total_pages_follow_the_limit() {
    // Arrange
    let app = spawn_app().await;
    for i in 0..13 {
        insert_verified_guide(&app, &format!("Guide{i}"), &["Trekking"], POKHARA, i, 1).await;
    }

    // Act
    let first = get_json(&app, "/api/v1/users/guides?page=1&limit=6").await;
    let second = get_json(&app, "/api/v1/users/guides?page=2&limit=6").await;
    let third = get_json(&app, "/api/v1/users/guides?page=3&limit=6").await;
    let beyond = get_json(&app, "/api/v1/users/guides?page=9&limit=6").await;

    // Assert
    assert_eq!(first["totalPages"], 3);
    let all: Vec<String> =
        [&first, &second, &third].iter().flat_map(|p| ids(&p["guides"])).collect();
    assert_eq!(all.len(), 13);
    assert_eq!(all.iter().collect::<HashSet<_>>().len(), 13);
    assert!(third["nextCursor"].is_null());
    assert_eq!(beyond["guides"], json!([]));
}

#[tokio::test]
async fn bad_paging_values_get_a_400_with_a_clear_message() {
    let app = spawn_app().await;
    for (query, message) in [
        ("page=0", "page must be a whole number from 1 to 100000"),
        ("page=100001", "page must be a whole number from 1 to 100000"),
        ("limit=0", "limit must be a whole number from 1 to 50"),
        ("limit=51", "limit must be a whole number from 1 to 50"),
        ("cursor=nonsense", "The cursor is not valid: start again from the first page"),
        (
            "category=knitting",
            "Unknown category: choose all, trekking, cultural, adventure, wildlife, food, historical or nature",
        ),
    ] {
        assert_error(
            app.get(&format!("/api/v1/users/guides?{query}")).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
    for query in ["page=abc", "limit=1e99", "page=-1", "page=99999999999999999999"] {
        let response = app.get(&format!("/api/v1/users/guides?{query}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
    }
}

#[tokio::test]
async fn categories_filter_by_interest_under_either_pages_names() {
    // Arrange
    let app = spawn_app().await;
    let trekker =
        insert_verified_guide(&app, "Trekker", &["Trekking", "Photography"], POKHARA, 0, 0).await;
    let hiker = insert_verified_guide(&app, "Hiker", &["hiking"], POKHARA, 0, 0).await;
    let naturalist =
        insert_verified_guide(&app, "Naturalist", &["Wildlife", "Bird Watching"], CHITWAN, 0, 0)
            .await;
    let cook = insert_verified_guide(&app, "Cook", &["Food", "Culture"], KATHMANDU, 0, 0).await;
    let historian =
        insert_verified_guide(&app, "Historian", &["History", "Museums"], KATHMANDU, 0, 0).await;
    let rafter = insert_verified_guide(&app, "Rafter", &["Water Sports"], POKHARA, 0, 0).await;

    let category = |name: &'static str| {
        let app = &app;
        async move {
            let mut found =
                ids(&get_json(app, &format!("/api/v1/users/guides?limit=50&category={name}"))
                    .await["guides"]);
            found.sort();
            found
        }
    };
    let sorted = |mut v: Vec<&String>| {
        v.sort();
        v.into_iter().cloned().collect::<Vec<_>>()
    };

    // Act and assert
    assert_eq!(category("trekking").await, sorted(vec![&trekker, &hiker]));
    assert_eq!(category("Trekking").await, sorted(vec![&trekker, &hiker]));
    assert_eq!(category("Cultural%20Tours").await, sorted(vec![&cook, &historian]));
    assert_eq!(category("cultural").await, sorted(vec![&cook, &historian]));
    assert_eq!(category("adventure").await, sorted(vec![&rafter]));
    assert_eq!(category("Wildlife").await, sorted(vec![&naturalist]));
    assert_eq!(category("food").await, sorted(vec![&cook]));
    assert_eq!(category("historical").await, sorted(vec![&historian]));
    assert_eq!(category("nature").await, sorted(vec![&hiker, &naturalist]));
    assert_eq!(category("all").await.len(), 6);
}

#[tokio::test]
async fn a_guides_public_page_shows_everything_but_the_phone_and_private_files() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let profile = guide_profile(
        "Sunrise over the Annapurnas from Poon Hill.",
        &["English", "Japanese"],
        &["Trekking", "Photography"],
        "Lakeside, Pokhara",
        POKHARA,
    );
    let (guide, id) = verified_guide(&app, &admin, "Kamala", "Thapa", &profile).await;

    // Act
    let body = get_json(&app, &format!("/api/v1/users/guide/{id}")).await;

    // Assert
    assert_eq!(body["status"], "success");
    assert_eq!(body["message"], "Guide found");
    let data = &body["data"];
    assert_eq!(data["_id"], id);
    assert_eq!(data["guideId"], id);
    assert_eq!(data["firstName"], "Kamala");
    assert_eq!(data["email"], guide.email);
    assert_eq!(data["averageRating"], 0.0);
    assert_eq!(data["reviewCount"], 0);
    let details = &data["guideDetails"];
    assert_eq!(details["status"], "verified");
    assert_eq!(details["bio"], "Sunrise over the Annapurnas from Poon Hill.");
    assert_eq!(details["pricePerDay"], 40.0);
    assert_eq!(details["expertiseLanguages"], json!(["English", "Japanese"]));
    assert_eq!(
        details["contactInfo"],
        json!({ "address": "Lakeside, Pokhara", "email": guide.email })
    );
    assert!(details["yearsOfExperience"].is_null());
    let certificate = &details["certifications"][0];
    assert_eq!(certificate["name"], "Trekking Guide Licence");
    assert!(certificate.get("image").is_none(), "certificate files are private");
    assert!(details.get("verification").is_none());
    let text = body.to_string();
    assert!(!text.contains("9800000000"), "the phone is shared only after booking");
    assert!(!text.contains("/media/private"), "no private file is linked");

    for unknown in ["0196f0c8a1b27c3d9e8f0a1b2c3d4e5f", "nobody", "%27%20OR%201=1", "💥"] {
        assert_error(
            app.get(&format!("/api/v1/users/guide/{unknown}")).await,
            StatusCode::NOT_FOUND,
            "Guide not found",
        )
        .await;
    }
}

#[tokio::test]
async fn search_matches_words_in_every_field_ignoring_case_and_accents() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let french_trekker = guide_profile(
        "Treks to Annapurna Base Camp and Mardi Himal.",
        &["English", "Français"],
        &["Trekking"],
        "Lakeside, Pokhara",
        POKHARA,
    );
    let (_, claire) = verified_guide(&app, &admin, "Bishnu", "Poudel", &french_trekker).await;
    let german_trekker = guide_profile(
        "Everest and Gokyo lakes.",
        &["English", "German"],
        &["Trekking"],
        "Namche Bazaar, Solukhumbu",
        (27.8069, 86.714),
    );
    let (_, hans) = verified_guide(&app, &admin, "Dawa", "Sherpa", &german_trekker).await;
    let french_cook = guide_profile(
        "Momo and dal bhat classes.",
        &["French"],
        &["Food"],
        "Thamel, Kathmandu",
        KATHMANDU,
    );
    let (_, cook) = verified_guide(&app, &admin, "Sunita", "Maharjan", &french_cook).await;

    // Act and assert
    assert_eq!(search_ids(&app, "query=francais%20trekking").await, [claire.clone()]);
    assert_eq!(search_ids(&app, "query=FRANÇAIS").await, [claire.clone()]);
    assert_eq!(search_ids(&app, "query=trek&address=pokhara").await, [claire.clone()]);
    assert_eq!(search_ids(&app, "query=poudel").await, [claire.clone()]);
    assert_eq!(search_ids(&app, "query=gokyo").await, [hans.clone()]);
    let mut french: Vec<String> = search_ids(&app, "query=fr").await;
    french.sort();
    let mut expected = vec![claire.clone(), cook.clone()];
    expected.sort();
    assert_eq!(french, expected);
    assert!(search_ids(&app, "query=french&address=namche").await.is_empty());
    assert_eq!(search_ids(&app, "address=thamel").await, [cook.clone()]);
    assert_eq!(search_ids(&app, "query=momo&category=food").await, [cook.clone()]);
    assert!(search_ids(&app, "query=momo&category=trekking").await.is_empty());
    assert_eq!(search_ids(&app, "").await.len(), 3);
}

#[tokio::test]
async fn search_near_a_point_finds_guides_within_the_radius_nearest_first() {
    // Arrange
    let app = spawn_app().await;
    let lakeside = insert_verified_guide(&app, "Lakeside", &["Trekking"], POKHARA, 0, 0).await;
    let sarangkot =
        insert_verified_guide(&app, "Sarangkot", &["Trekking"], (28.2439, 83.9486), 5, 1).await;
    let thamel = insert_verified_guide(&app, "Thamel", &["Trekking"], KATHMANDU, 5, 1).await;

    // Act
    let near = get_json(&app, "/api/v1/users/search?lat=28.2096&lng=83.9595&radiusKm=20").await;
    let wide = search_ids(&app, "lat=28.2096&lng=83.9595&radiusKm=300").await;

    // Assert
    assert_eq!(ids(&near["guides"]), [lakeside, sarangkot]);
    assert_eq!(near["guides"][0]["distanceKm"], 0.0);
    let second = near["guides"][1]["distanceKm"].as_f64().unwrap();
    assert!((3.0..5.0).contains(&second), "{second}");
    assert_eq!(wide.last(), Some(&thamel));
    for (query, message) in [
        ("lat=28.2", "Give both lat and lng to search near a point"),
        ("lat=91&lng=0", "Location is out of range"),
        ("lat=0&lng=0&radiusKm=0", "radiusKm must be more than 0 and at most 1000"),
        ("lat=0&lng=0&radiusKm=5000", "radiusKm must be more than 0 and at most 1000"),
    ] {
        assert_error(
            app.get(&format!("/api/v1/users/search?{query}")).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
}

#[tokio::test]
async fn vanishingly_small_radii_and_coordinates_find_nothing_rather_than_fail() {
    // Arrange: subnormal numbers once made PostgreSQL's distance arithmetic underflow (a 500).
    let app = spawn_app().await;
    insert_verified_guide(&app, "Lakeside", &["Trekking"], POKHARA, 0, 0).await;

    for query in [
        "lat=-76.08728495992571&lng=145.2409422991301&radiusKm=2.2250738585e-313",
        "lat=1e-310&lng=1e-310&radiusKm=1e-300",
        "lat=28.2096&lng=83.9595&radiusKm=1e-300",
    ] {
        // Act
        let found = get_json(&app, &format!("/api/v1/users/search?{query}")).await;

        // Assert
        assert!(found["guides"].as_array().unwrap().len() <= 1, "{query}: {found}");
    }
}

#[tokio::test]
async fn no_search_text_however_odd_makes_an_error() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let profile = guide_profile(
        "नमस्ते! म काठमाडौंको गाइड हुँ. 100% honest_guide \"quotes\" 🏔️",
        &["Nepali", "English"],
        &["Culture"],
        "Patan, Lalitpur",
        KATHMANDU,
    );
    let (_, id) = verified_guide(&app, &admin, "Hari", "Bajracharya", &profile).await;
    let odd = [
        "'",
        "\"",
        "%",
        "_",
        "%%",
        "100%",
        "honest_guide",
        "\\",
        "*",
        "(",
        ")",
        ":",
        "^",
        "-",
        "+",
        "&",
        "|",
        "!",
        "' OR 1=1 --",
        "\"; DROP TABLE users; --",
        "NEAR(a b)",
        "a AND OR NOT b",
        "name:hari",
        "{name}:x",
        "col : \"x\"*",
        "hari*",
        "ha:*",
        "'hari':*A",
        "!hari",
        "hari & | !",
        "🏔️",
        "😀😀",
        "नमस्ते",
        "काठमाडौंको",
        "\u{0}",
        "\u{202e}evil",
        "a".repeat(5000).leak(),
        "x y z w v u t s r q p o n m",
    ];

    for text in odd {
        // Act
        let encoded: String = url_encode(text);
        let response =
            app.get(&format!("/api/v1/users/search?query={encoded}&address={encoded}")).await;
        let alone = app.get(&format!("/api/v1/users/search?query={encoded}")).await;

        // Assert
        assert_eq!(response.status(), StatusCode::OK, "query {text:?}");
        assert_eq!(alone.status(), StatusCode::OK, "query {text:?}");
    }
    assert_eq!(search_ids(&app, &format!("query={}", url_encode("नमस्ते"))).await, [id.clone()]);
    assert_eq!(search_ids(&app, "query=honest_guide").await, [id.clone()]);
    assert_eq!(search_ids(&app, "query=100%25").await, [id]);
}

fn url_encode(text: &str) -> String {
    text.bytes()
        .map(
            |b| {
                if b.is_ascii_alphanumeric() {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            },
        )
        .collect()
}

#[tokio::test]
async fn search_follows_every_profile_and_name_change() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let profile = guide_profile(
        "Rara lake in autumn.",
        &["English"],
        &["Nature"],
        "Jumla, Karnali",
        (29.2747, 82.1838),
    );
    let (guide, id) = verified_guide(&app, &admin, "Tek", "Bahadur", &profile).await;
    assert_eq!(search_ids(&app, "query=rara").await, [id.clone()]);

    // Act
    let changed = guide_profile(
        "Khaptad meadows in spring.",
        &["English"],
        &["Nature"],
        "Silgadhi, Doti",
        (29.3500, 81.1333),
    );
    app.post_json_auth("/api/v1/guides/profile", &changed, &guide.token).await;
    app.patch_json_auth(
        "/api/v1/protect/name",
        &json!({ "firstName": "Tejendra", "lastName": "Bohara" }),
        &guide.token,
    )
    .await;

    // Assert
    assert!(search_ids(&app, "query=rara").await.is_empty());
    assert!(search_ids(&app, "query=bahadur").await.is_empty());
    assert_eq!(search_ids(&app, "query=khaptad%20bohara").await, [id.clone()]);
    assert_eq!(search_ids(&app, "address=doti").await, [id.clone()]);
    let near = search_ids(&app, "lat=29.35&lng=81.1333&radiusKm=5").await;
    assert_eq!(near, [id]);
}

// ---- filters, orders and totals (issue 16)

/// Five guides: four in Pokhara (three trekking), one French-speaking cook in Kathmandu.
struct Five {
    claire: String,
    pierre: String,
    hans: String,
    cook: String,
    hiker: String,
}

async fn five_guides(app: &TestApp) -> Five {
    let guide = |name, interests, languages, at, price, rating_sum, review_count| {
        let address = if at == POKHARA { "Lakeside, Pokhara" } else { "Thamel, Kathmandu" };
        InsertedGuide { name, interests, languages, address, at, price, rating_sum, review_count }
    };
    Five {
        claire: insert_guide(
            app,
            &guide("Claire", &["Trekking"], &["English", "Français"], POKHARA, Some(45.0), 9, 2),
        )
        .await, // 4.5
        pierre: insert_guide(
            app,
            &guide("Pierre", &["Trekking", "Photography"], &["French"], POKHARA, Some(30.0), 5, 1),
        )
        .await, // 5.0
        hans: insert_guide(
            app,
            &guide("Hans", &["Trekking"], &["German", "English"], POKHARA, Some(25.0), 0, 0),
        )
        .await,
        cook: insert_guide(
            app,
            &guide("Cook", &["Food"], &["French"], KATHMANDU, Some(80.0), 12, 3),
        )
        .await, // 4.0
        hiker: insert_guide(app, &guide("Hiker", &["Hiking"], &["English"], POKHARA, None, 3, 1))
            .await, // 3.0
    }
}

fn sorted(ids: &[&String]) -> Vec<String> {
    let mut ids: Vec<String> = ids.iter().map(|id| (*id).clone()).collect();
    ids.sort();
    ids
}

/// The ids both endpoints answer for `filters`, sorted, after checking they agree and
/// that `total` counts them.
async fn matching(app: &TestApp, filters: &str) -> Vec<String> {
    let list = get_json(app, &format!("/api/v1/users/guides?limit=50&{filters}")).await;
    let search = get_json(app, &format!("/api/v1/users/search?limit=50&{filters}")).await;
    let mut found = ids(&list["guides"]);
    assert_eq!(found, ids(&search["guides"]), "{filters}: the list and search disagree");
    assert_eq!(list["total"], found.len(), "{filters}: list total");
    assert_eq!(search["total"], found.len(), "{filters}: search total");
    found.sort();
    found
}

#[tokio::test]
async fn each_filter_narrows_both_lists_and_total_counts_the_matches() {
    // Arrange
    let app = spawn_app().await;
    let g = five_guides(&app).await;

    // Act and assert
    assert_eq!(matching(&app, "").await.len(), 5);
    assert_eq!(matching(&app, "language=French").await, sorted(&[&g.pierre, &g.cook]));
    assert_eq!(matching(&app, "language=FRANCAIS").await, sorted(&[&g.claire]));
    assert_eq!(matching(&app, "language=fran%C3%A7ais").await, sorted(&[&g.claire]));
    assert_eq!(matching(&app, "language=english").await, sorted(&[&g.claire, &g.hans, &g.hiker]));
    assert!(matching(&app, "language=klingon").await.is_empty());
    assert_eq!(matching(&app, "minPrice=30&maxPrice=60").await, sorted(&[&g.claire, &g.pierre]));
    assert_eq!(matching(&app, "maxPrice=29.99").await, sorted(&[&g.hans]));
    assert_eq!(matching(&app, "minPrice=80").await, sorted(&[&g.cook]));
    assert_eq!(
        matching(&app, "minPrice=0").await.len(),
        4,
        "a guide without a price has none to compare"
    );
    assert_eq!(matching(&app, "minRating=4.5").await, sorted(&[&g.claire, &g.pierre]));
    assert_eq!(matching(&app, "minRating=0").await.len(), 5);
    assert_eq!(
        matching(&app, "category=trekking").await,
        sorted(&[&g.claire, &g.pierre, &g.hans, &g.hiker])
    );
    assert_eq!(
        matching(&app, "category=Trekking&language=french&maxPrice=60&minRating=4").await,
        sorted(&[&g.pierre])
    );
    assert_eq!(matching(&app, "category=all&sort=rating").await.len(), 5);
}

#[tokio::test]
async fn pokhara_trekking_guides_who_speak_french_under_60_cheapest_first() {
    // Arrange
    let app = spawn_app().await;
    let g = five_guides(&app).await;
    let french = insert_guide(
        &app,
        &InsertedGuide {
            name: "Amélie",
            interests: &["Mountaineering"],
            languages: &["French", "Nepali"],
            address: "Sarangkot, Pokhara",
            at: POKHARA,
            price: Some(55.0),
            rating_sum: 0,
            review_count: 0,
        },
    )
    .await;

    // Act
    let found = get_json(&app, "/api/v1/users/search?address=pokhara&category=trekking&language=French&maxPrice=60&sort=price_asc").await;

    // Assert: the cook speaks French but is in Kathmandu and cooks; Claire writes Français.
    assert_eq!(ids(&found["guides"]), [g.pierre.clone(), french.clone()]);
    assert_eq!(found["total"], 2);
    let found = get_json(
        &app,
        "/api/v1/users/search?query=pokhara&category=trekking&language=French&sort=price_desc",
    )
    .await;
    assert_eq!(ids(&found["guides"]), [french, g.pierre]);
}

#[tokio::test]
async fn available_on_leaves_out_guides_with_a_blocked_day_or_a_trip_that_day() {
    // Arrange
    let app = spawn_app().await;
    let g = five_guides(&app).await;
    let day = days_from_today(10);
    let next_day = days_from_today(11);
    let tourist = app.signup_and_login("tourist").await;
    let tourist_id = user_id(&app, &tourist.token).await;
    insert_booking(&app, &tourist_id, &g.claire, &day, true).await;
    let db = app.db().await;
    sqlx::query("INSERT INTO blocked_days (guide_id, day, created_at) VALUES ($1, $2, 0)")
        .bind(&g.pierre)
        .bind(&day)
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;

    // Act and assert
    assert_eq!(
        matching(&app, &format!("availableOn={day}")).await,
        sorted(&[&g.hans, &g.cook, &g.hiker])
    );
    assert_eq!(
        matching(&app, &format!("availableOn={day}&category=trekking&language=french")).await,
        Vec::<String>::new()
    );
    assert_eq!(
        matching(&app, &format!("availableOn={next_day}&category=trekking&language=french")).await,
        sorted(&[&g.pierre])
    );
    assert_eq!(matching(&app, &format!("availableOn={next_day}")).await.len(), 5);
}

#[tokio::test]
async fn every_order_pages_without_repeating_or_skipping_a_guide() {
    // Arrange: many ties in price, rating and reviews, so only the id decides.
    let app = spawn_app().await;
    for i in 0..11 {
        let price = [None, Some(20.0), Some(40.0)][i % 3];
        let guide = InsertedGuide {
            name: "Tied",
            interests: &["Trekking"],
            languages: &["English"],
            address: "Pokhara",
            at: (POKHARA.0 + (i % 4) as f64 * 0.01, POKHARA.1),
            price,
            rating_sum: (i % 2) as i64 * 5,
            review_count: (i % 2) as i64,
        };
        insert_guide(&app, &guide).await;
    }
    let near = format!("lat={}&lng={}&radiusKm=50", POKHARA.0, POKHARA.1);

    for (endpoint, sort) in [
        ("guides", "rating"),
        ("guides", "price_asc"),
        ("guides", "price_desc"),
        ("guides", "reviews"),
        ("search", "rating"),
        ("search", "price_asc"),
        ("search", "price_desc"),
        ("search", "reviews"),
        ("search", "distance"),
    ] {
        // Act
        let base = format!("/api/v1/users/{endpoint}?sort={sort}&{near}");
        let whole = get_json(&app, &format!("{base}&limit=50")).await;
        let mut paged: Vec<Value> = Vec::new();
        for page in 1..=6 {
            let found = get_json(&app, &format!("{base}&limit=2&page={page}")).await;
            assert_eq!(found["total"], 11, "{endpoint} {sort}");
            paged.extend(found["guides"].as_array().unwrap().iter().cloned());
        }

        // Assert
        let whole = whole["guides"].as_array().unwrap();
        assert_eq!(
            ids(&Value::from(paged.clone())),
            ids(&Value::from(whole.clone())),
            "{endpoint} {sort}"
        );
        let key = |g: &Value| match sort {
            "price_asc" => g["pricePerDay"].as_f64().unwrap_or(f64::INFINITY),
            "price_desc" => -g["pricePerDay"].as_f64().unwrap_or(f64::NEG_INFINITY),
            "reviews" => -g["reviewCount"].as_f64().unwrap(),
            "distance" => g["distanceKm"].as_f64().unwrap(),
            _ => -g["averageRating"].as_f64().unwrap(),
        };
        assert!(
            whole.windows(2).all(|w| key(&w[0]) <= key(&w[1])),
            "{endpoint} {sort}: out of order"
        );
    }
}

#[tokio::test]
async fn the_cursor_still_pages_a_filtered_list_best_rated_first() {
    // Arrange
    let app = spawn_app().await;
    for i in 0..7 {
        let guide = InsertedGuide {
            name: "Paged",
            interests: &["Trekking"],
            languages: &["French"],
            address: "Pokhara",
            at: POKHARA,
            price: Some(30.0),
            rating_sum: i % 3,
            review_count: 1,
        };
        insert_guide(&app, &guide).await;
    }
    insert_verified_guide(&app, "English only", &["Trekking"], POKHARA, 5, 1).await;

    // Act
    let mut seen = Vec::new();
    let mut path = "/api/v1/users/guides?limit=3&language=french".to_owned();
    loop {
        let page = get_json(&app, &path).await;
        assert_eq!(page["total"], 7);
        assert_eq!(page["totalPages"], 3);
        seen.extend(ids(&page["guides"]));
        match page["nextCursor"].as_str() {
            Some(cursor) => {
                path = format!("/api/v1/users/guides?limit=3&language=french&cursor={cursor}")
            }
            None => break,
        }
    }

    // Assert
    assert_eq!(seen.len(), 7);
    assert_eq!(seen.iter().collect::<HashSet<_>>().len(), 7);
    let by_price =
        get_json(&app, "/api/v1/users/guides?limit=3&language=french&sort=price_asc").await;
    assert!(by_price["nextCursor"].is_null(), "pages by number under other orders");
}

#[tokio::test]
async fn bad_filter_values_get_a_400_with_a_clear_message() {
    let app = spawn_app().await;
    let long = "x".repeat(61);
    for endpoint in ["guides", "search"] {
        for (query, message) in [
            (
                "sort=cheapest",
                "sort must be rating, price_asc, price_desc, reviews, trusted or distance",
            ),
            ("sort=distance", "sort=distance needs a point: give lat and lng"),
            ("minPrice=60&maxPrice=20", "minPrice must not be more than maxPrice"),
            ("minPrice=-1", "minPrice and maxPrice must be from 0 to 100000 dollars a day"),
            ("maxPrice=NaN", "minPrice and maxPrice must be from 0 to 100000 dollars a day"),
            ("maxPrice=1e9", "minPrice and maxPrice must be from 0 to 100000 dollars a day"),
            ("minRating=6", "minRating must be from 0 to 5"),
            ("minRating=-0.5", "minRating must be from 0 to 5"),
            ("availableOn=2026-02-30", "availableOn must be a real date (YYYY-MM-DD)"),
            ("availableOn=tomorrow", "availableOn must be a real date (YYYY-MM-DD)"),
            (&format!("language={long}"), "language must be at most 60 characters"),
            (
                "category=knitting",
                "Unknown category: choose all, trekking, cultural, adventure, wildlife, food, historical or nature",
            ),
        ] {
            assert_error(
                app.get(&format!("/api/v1/users/{endpoint}?{query}")).await,
                StatusCode::BAD_REQUEST,
                message,
            )
            .await;
        }
        for query in ["minPrice=abc", "minRating=five", "maxPrice="] {
            let response = app.get(&format!("/api/v1/users/{endpoint}?{query}")).await;
            assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{endpoint} {query}");
        }
    }
    assert_error(
        app.get("/api/v1/users/guides?sort=price_asc&cursor=1.0196f0c8a1b27c3d9e8f0a1b2c3d4e5f")
            .await,
        StatusCode::BAD_REQUEST,
        "The cursor only works with sort=rating: use page instead",
    )
    .await;
    let nepali = app
        .client
        .get(app.url("/api/v1/users/guides?sort=cheapest"))
        .header("Accept-Language", "ne")
        .send()
        .await
        .unwrap();
    assert_eq!(nepali.status(), StatusCode::BAD_REQUEST);
    let body: Value = nepali.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains("मध्ये"), "{body}");
}

// ---- the map: every match, as points (issue 26)

/// The map's answer for `query`, after checking its total is the search's and the list's.
async fn map_for(app: &TestApp, query: &str) -> Value {
    let map = get_json(app, &format!("/api/v1/users/guides/map?{query}")).await;
    let search = get_json(app, &format!("/api/v1/users/search?limit=1&{query}")).await;
    assert_eq!(map["total"], search["total"], "{query}: the map and the search count alike");
    assert_eq!(map["capped"], false, "{query}");
    map
}

fn point_ids(map: &Value) -> Vec<String> {
    let mut found = ids(&map["points"]);
    found.sort();
    found
}

#[tokio::test]
async fn the_map_has_every_match_not_only_a_page_and_respects_the_filters() {
    // Arrange: more guides than a page, one without a location.
    let app = spawn_app().await;
    let g = five_guides(&app).await;
    let mut many = Vec::new();
    for n in 0..12 {
        many.push(
            insert_verified_guide(&app, &format!("Ridge{n}"), &["Trekking"], CHITWAN, 4, 1).await,
        );
    }
    let nowhere = insert_verified_guide(&app, "Nowhere", &["Trekking"], CHITWAN, 4, 1).await;
    let db = app.db().await;
    for sql in [
        "UPDATE guide_details SET longitude = NULL, latitude = NULL WHERE user_id = $1",
        "UPDATE guide_search SET longitude = NULL, latitude = NULL WHERE guide_id = $1",
    ] {
        sqlx::query(sql).bind(&nowhere).execute(&db.pool).await.unwrap();
    }

    // Act
    let all = map_for(&app, "").await;
    let list = get_json(&app, "/api/v1/users/guides?limit=10").await;

    // Assert: every match is counted, every located one is a point, far past a page of 10.
    assert_eq!(all["total"], 18);
    assert_eq!(list["total"], 18);
    assert_eq!(all["points"].as_array().unwrap().len(), 17);
    assert!(!point_ids(&all).contains(&nowhere));
    let claire =
        all["points"].as_array().unwrap().iter().find(|p| p["_id"] == g.claire.as_str()).unwrap();
    assert_eq!(claire["name"], "Claire Guide");
    assert_eq!(claire["pricePerDay"], 45.0);
    assert_eq!(claire["averageRating"], 4.5);
    assert_eq!(claire["lat"], POKHARA.0);
    assert_eq!(claire["lng"], POKHARA.1);
    assert_eq!(all["pointsMax"], 5000);

    // The filters, words and point narrow the map as they narrow the lists.
    assert_eq!(point_ids(&map_for(&app, "language=French").await), sorted(&[&g.pierre, &g.cook]));
    assert_eq!(
        point_ids(&map_for(&app, "minPrice=30&maxPrice=45&sort=price_asc").await),
        sorted(&[&g.claire, &g.pierre])
    );
    assert_eq!(point_ids(&map_for(&app, "minRating=4.5").await), sorted(&[&g.claire, &g.pierre]));
    assert_eq!(point_ids(&map_for(&app, "category=food").await), sorted(&[&g.cook]));
    assert_eq!(point_ids(&map_for(&app, "query=ridge3").await), sorted(&[&many[3]]));
    assert_eq!(
        point_ids(&map_for(&app, "address=kathmandu&category=food").await),
        sorted(&[&g.cook])
    );
    let near = map_for(&app, &format!("lat={}&lng={}&radiusKm=5", POKHARA.0, POKHARA.1)).await;
    assert_eq!(point_ids(&near), sorted(&[&g.claire, &g.pierre, &g.hans, &g.hiker]));
    assert_eq!(map_for(&app, "language=klingon").await["points"], json!([]));
}

#[tokio::test]
async fn bad_map_filters_get_a_400_with_a_clear_message() {
    let app = spawn_app().await;
    for (query, message) in [
        (
            "sort=cheapest",
            "sort must be rating, price_asc, price_desc, reviews, trusted or distance",
        ),
        ("sort=distance", "sort=distance needs a point: give lat and lng"),
        ("minPrice=60&maxPrice=20", "minPrice must not be more than maxPrice"),
        ("minRating=6", "minRating must be from 0 to 5"),
        ("availableOn=2026-02-30", "availableOn must be a real date (YYYY-MM-DD)"),
        ("lat=27.7", "Give both lat and lng to search near a point"),
        (
            "category=knitting",
            "Unknown category: choose all, trekking, cultural, adventure, wildlife, food, historical or nature",
        ),
    ] {
        assert_error(
            app.get(&format!("/api/v1/users/guides/map?{query}")).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
    for query in ["minPrice=abc", "lat=north&lng=1"] {
        let response = app.get(&format!("/api/v1/users/guides/map?{query}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
    }
}
