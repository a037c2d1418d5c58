//! Tours: a verified guide writes, publishes and withdraws tours; travellers find them by
//! days, altitude, price and words, read each night's altitude and its risk, and price the
//! whole trip with permits.

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::fixtures::{KATHMANDU, days_from_today, guide_profile, submitted_guide, verified_guide};
use crate::helpers::{TestApp, TestUser, assert_error, jpeg, spawn_app, spawn_app_with_client};

/// A day of an itinerary: sleeping at `altitude` in `place`.
fn day(place: &str, altitude: Option<i64>) -> Value {
    json!({
        "title": format!("To {place}"),
        "description": "Walk through pine forest.",
        "sleepPlace": place,
        "sleepAltitudeM": altitude,
        "walkHours": 6,
        "lodging": "teahouse",
    })
}

/// The classic Everest Base Camp trek from Lukla, with rest days at Namche and Dingboche.
pub fn everest_days() -> Vec<Value> {
    [
        ("Phakding", Some(2610)),
        ("Namche Bazaar", Some(3440)),
        ("Namche Bazaar", Some(3440)),
        ("Tengboche", Some(3860)),
        ("Dingboche", Some(4410)),
        ("Dingboche", Some(4410)),
        ("Lobuche", Some(4940)),
        ("Gorak Shep", Some(5164)),
        ("Pheriche", Some(4240)),
        ("Namche Bazaar", Some(3440)),
        ("Lukla", Some(2860)),
        ("Kathmandu", None),
    ]
    .into_iter()
    .map(|(place, altitude)| day(place, altitude))
    .collect()
}

pub fn tour(title: &str, days: Vec<Value>) -> Value {
    json!({
        "title": title,
        "summary": "Twelve days to the foot of Everest and back, with two rest days.",
        "days": days,
        "maxGroupSize": 6,
        "pricing": [
            {"minPeople": 3, "maxPeople": 6, "pricePerPersonUsd": 1100},
            {"minPeople": 1, "maxPeople": 2, "pricePerPersonUsd": 1400.5},
        ],
        "included": ["Teahouse rooms", "Guide's wages and insurance"],
        "excluded": ["Flights to Lukla"],
        "meetingPoint": "Tenzing-Hillary Airport, Lukla",
        "bookingMode": "instant",
        "cutoffHours": 48,
    })
}

pub async fn guide(app: &TestApp, admin: &TestUser, first: &str) -> TestUser {
    let profile = guide_profile(
        "I guide in Khumbu.",
        &["English", "Nepali"],
        &["trekking"],
        "Namche",
        KATHMANDU,
    );
    verified_guide(app, admin, first, "Sherpa", &profile).await.0
}

pub async fn send(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: &str,
    body: Option<&Value>,
) -> reqwest::Response {
    let mut request = app.client.request(method, app.url(path)).bearer_auth(token);
    if let Some(body) = body {
        request = request.json(body);
    }
    request.send().await.unwrap()
}

pub async fn create(app: &TestApp, token: &str, body: &Value) -> Value {
    let response = app.post_json_auth("/api/v1/tours", body, token).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    body["tour"].clone()
}

pub async fn publish(
    app: &TestApp,
    token: &str,
    id: &str,
    body: Option<&Value>,
) -> reqwest::Response {
    send(app, reqwest::Method::POST, &format!("/api/v1/tours/{id}/publish"), token, body).await
}

pub async fn list(app: &TestApp, query: &str) -> Value {
    let response = app.get(&format!("/api/v1/users/tours{query}")).await;
    assert_eq!(response.status(), StatusCode::OK, "{query}");
    response.json().await.unwrap()
}

fn titles(page: &Value) -> Vec<String> {
    page["tours"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap().to_owned())
        .collect()
}

/// A destination with the Everest region's permits, created as an admin does.
async fn everest_region(app: &TestApp, admin: &TestUser) -> String {
    let photo = Part::bytes(jpeg(640, 100)).file_name("photo.jpg").mime_str("image/jpeg").unwrap();
    let form = Form::new()
        .text("name", "Everest Base Camp")
        .text("location", "Solukhumbu, Koshi Province")
        .text("description", "The foot of the world's highest mountain.")
        .part("image", photo);
    let response = app.upload_form("/api/v1/admin/destinations", &admin.token, form).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let id =
        response.json::<Value>().await.unwrap()["destination"]["_id"].as_str().unwrap().to_owned();
    let facts = json!({
        "difficulty": "strenuous",
        "permits": [
            {"name": "Sagarmatha National Park entry", "feeNpr": 3000, "saarcFeeNpr": 1500, "per": "entry"},
            {"name": "Khumbu Pasang Lhamu fee", "feeNpr": 2000, "per": "entry"},
            {"name": "Restricted area permit", "feeUsd": 50, "per": "week"},
        ]
    });
    let trek = send(
        app,
        reqwest::Method::PUT,
        &format!("/api/v1/admin/destinations/{id}/trek"),
        &admin.token,
        Some(&facts),
    )
    .await;
    assert_eq!(trek.status(), StatusCode::OK);
    id
}

#[tokio::test]
async fn a_guide_publishes_a_tour_that_travellers_then_find_read_and_price() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let region = everest_region(&app, &admin).await;
    let mut body = tour("Everest Base Camp in 12 days", everest_days());
    body["destinationId"] = json!(region);

    // Act: a draft first, seen only by its guide.
    let draft = create(&app, &pemba.token, &body).await;
    let id = draft["_id"].as_str().unwrap().to_owned();
    assert_eq!(draft["status"], "draft");
    assert_eq!(app.get(&format!("/api/v1/users/tour/{id}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(list(&app, "").await["total"], 0);
    let published = publish(&app, &pemba.token, &id, None).await;

    // Assert: the altitude check, on the draft and the published tour alike.
    assert_eq!(published.status(), StatusCode::OK);
    assert_eq!(published.json::<Value>().await.unwrap()["tour"]["status"], "published");
    assert_eq!(
        draft["acclimatisation"],
        json!({
            "risk": "moderate",
            "maxSleepAltitudeM": 5164,
            "warnings": [
                {"day": 5, "code": "gain_over_500", "message": "Day 5: sleeping at 4,410 m is a 550 m gain above 3,000 m in one night; the guideline is at most 500 m."},
                {"day": 7, "code": "gain_over_500", "message": "Day 7: sleeping at 4,940 m is a 530 m gain above 3,000 m in one night; the guideline is at most 500 m."},
            ]
        })
    );
    assert_eq!(draft["priceFromUsd"], 1100.0);
    assert_eq!(
        draft["pricing"][0],
        json!({"minPeople": 1, "maxPeople": 2, "pricePerPersonUsd": 1400.5})
    );
    assert_eq!(
        draft["days"][11],
        json!({"title": "To Kathmandu", "description": "Walk through pine forest.", "sleepPlace": "Kathmandu", "sleepAltitudeM": null, "walkHours": 6.0, "lodging": "teahouse"})
    );

    let page: Value = app.get(&format!("/api/v1/users/tour/{id}")).await.json().await.unwrap();
    let public = &page["tour"];
    assert_eq!(public["title"], "Everest Base Camp in 12 days");
    assert_eq!(public["guide"]["firstName"], "Pemba");
    assert!(public["licenceValidUntil"].as_str().is_some());
    assert_eq!(public["destination"]["name"], "Everest Base Camp");
    assert_eq!(public["destination"]["permits"].as_array().unwrap().len(), 3);
    let nepali: Value = app
        .client
        .get(app.url(&format!("/api/v1/users/tour/{id}")))
        .header("accept-language", "ne")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(
        nepali["tour"]["acclimatisation"]["warnings"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("दिन 5:")
    );

    let found = list(
        &app,
        "?minDays=10&maxDays=14&groupSize=2&maxPrice=1500&q=everest%20namche&sort=price_asc",
    )
    .await;
    assert_eq!(
        (found["total"].clone(), titles(&found)),
        (json!(1), vec!["Everest Base Camp in 12 days".to_owned()])
    );
    let card = &found["tours"][0];
    assert_eq!(
        (card["dayCount"].clone(), card["maxSleepAltitudeM"].clone(), card["risk"].clone()),
        (json!(12), json!(5164), json!("moderate"))
    );
    assert_eq!(card["pricePerPersonUsd"], 1400.5);
    assert_eq!(card["destinationName"], "Everest Base Camp");
    assert_eq!(card["guide"]["firstName"], "Pemba");

    // Two people, from outside SAARC: $2,801 for the guide; Rs 3,000 + Rs 2,000 each; two
    // started weeks of $50 each.
    let quote: Value = app
        .get(&format!("/api/v1/users/tour/{id}/quote?groupSize=2&nationality=other"))
        .await
        .json()
        .await
        .unwrap();
    let quote = &quote["quote"];
    assert_eq!(
        (quote["guideUsd"].clone(), quote["permitsNpr"].clone(), quote["permitsUsd"].clone()),
        (json!(2801.0), json!(10000), json!(200))
    );
    assert_eq!(quote["permits"][2]["times"], 2);
    assert_eq!(
        quote["totalUsd"],
        Value::Null,
        "no rate is set, so rupees are not turned into dollars"
    );
    let saarc: Value = app
        .get(&format!("/api/v1/users/tour/{id}/quote?groupSize=2&nationality=saarc"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(saarc["quote"]["permitsNpr"], 7000);
    assert_error(
        app.get(&format!("/api/v1/users/tour/{id}/quote?groupSize=7")).await,
        StatusCode::BAD_REQUEST,
        "This tour takes groups of 1 to 6 people",
    )
    .await;
}

#[tokio::test]
async fn filters_narrow_the_list_and_unknown_values_are_refused() {
    // Arrange: a long high trek and a short low one, both published.
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let region = everest_region(&app, &admin).await;
    let mut everest = tour("Everest Base Camp in 12 days", everest_days());
    everest["destinationId"] = json!(region);
    let poon_hill = json!({
        "title": "Poon Hill sunrise",
        "summary": "Rhododendron forests and the Annapurna range at dawn.",
        "days": [day("Tikhedhunga", Some(1540)), day("Ghorepani", Some(2860)), day("Tadapani", Some(2630)), day("Pokhara", None)],
        "maxGroupSize": 2,
        "pricing": [{"minPeople": 1, "maxPeople": 2, "pricePerPersonUsd": 300}],
        "meetingPoint": "Nayapul",
        "bookingMode": "request",
        "cutoffHours": 0,
    });
    for body in [&everest, &poon_hill] {
        let id = create(&app, &pemba.token, body).await["_id"].as_str().unwrap().to_owned();
        assert_eq!(publish(&app, &pemba.token, &id, None).await.status(), StatusCode::OK);
    }

    // Act and assert
    assert_eq!(
        titles(&list(&app, "?sort=days_asc").await),
        ["Poon Hill sunrise", "Everest Base Camp in 12 days"]
    );
    assert_eq!(
        titles(&list(&app, "?sort=price_desc").await),
        ["Everest Base Camp in 12 days", "Poon Hill sunrise"]
    );
    assert_eq!(titles(&list(&app, "?maxAltitudeM=3000").await), ["Poon Hill sunrise"]);
    assert_eq!(titles(&list(&app, "?maxDays=5").await), ["Poon Hill sunrise"]);
    assert_eq!(titles(&list(&app, "?groupSize=3").await), ["Everest Base Camp in 12 days"]);
    assert_eq!(
        titles(&list(&app, "?difficulty=strenuous").await),
        ["Everest Base Camp in 12 days"]
    );
    assert_eq!(titles(&list(&app, "?difficulty=easy").await), Vec::<String>::new());
    assert_eq!(titles(&list(&app, "?q=rhododendron").await), ["Poon Hill sunrise"]);
    assert_eq!(
        titles(&list(&app, "?language=nepali&minPrice=1000").await),
        ["Everest Base Camp in 12 days"]
    );
    assert_eq!(list(&app, "?limit=1&sort=days_asc").await["totalPages"], 2);
    // A day blocked 6 days ahead: free for the 4-day tour from tomorrow, not for the
    // 12-day one; both from a week ahead.
    let blocked = json!({"blockedDates": [days_from_today(6)]});
    let put = send(
        &app,
        reqwest::Method::PUT,
        "/api/v1/guides/availability",
        &pemba.token,
        Some(&blocked),
    )
    .await;
    assert_eq!(put.status(), StatusCode::OK);
    let tomorrow = list(&app, &format!("?availableOn={}", days_from_today(1))).await;
    assert_eq!(titles(&tomorrow), ["Poon Hill sunrise"]);
    let next_week = list(&app, &format!("?availableOn={}&sort=days_asc", days_from_today(7))).await;
    assert_eq!(titles(&next_week), ["Poon Hill sunrise", "Everest Base Camp in 12 days"]);
    for (query, message) in [
        ("?sort=cheapest", None),
        ("?difficulty=extreme", None),
        ("?minDays=9&maxDays=3", Some("minDays must not be more than maxDays")),
        ("?maxAltitudeM=9000", Some("maxAltitudeM must be a whole number from 0 to 8848")),
        ("?availableOn=2026-02-30", Some("availableOn must be a real date (YYYY-MM-DD)")),
    ] {
        let response = app.get(&format!("/api/v1/users/tours{query}")).await;
        match message {
            Some(message) => assert_error(response, StatusCode::BAD_REQUEST, message).await,
            None => assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}"),
        }
    }
}

#[tokio::test]
async fn a_guide_filter_lists_only_that_guides_published_tours() {
    // Arrange: two guides with a published tour each, and a draft of Pemba's.
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let dawa = guide(&app, &admin, "Dawa").await;
    let everest =
        create(&app, &pemba.token, &tour("Everest Base Camp in 12 days", everest_days())).await;
    let everest_id = everest["_id"].as_str().unwrap();
    assert_eq!(publish(&app, &pemba.token, everest_id, None).await.status(), StatusCode::OK);
    create(&app, &pemba.token, &tour("A draft of Pemba's", everest_days())).await;
    let poon_hill = published(&app, &dawa, poon_hill_days(), "request", 0).await;
    let dawa_id = list(&app, "").await["tours"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["_id"] == poon_hill.as_str())
        .map(|t| t["guide"]["_id"].as_str().unwrap().to_owned())
        .unwrap();

    // Act
    let pembas = list(&app, &format!("?guide={}", everest["guideId"].as_str().unwrap())).await;
    let dawas = list(&app, &format!("?guide={dawa_id}")).await;
    let nobodys = list(&app, "?guide=no-such-guide").await;

    // Assert
    assert_eq!(titles(&pembas), ["Everest Base Camp in 12 days"]);
    assert_eq!(pembas["total"], 1);
    assert_eq!(titles(&dawas), ["Poon Hill sunrise"]);
    assert_eq!(titles(&nobodys), Vec::<String>::new());
    assert_eq!(nobodys["total"], 0);
}

#[tokio::test]
async fn a_rushed_itinerary_is_flagged_and_publishes_only_once_its_guide_acknowledges_it() {
    // Arrange: flying to 3,600 m and climbing 900 m the next night.
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let rushed = tour(
        "Fast to the lakes",
        vec![day("Syangboche", Some(3600)), day("Gokyo", Some(4500)), day("Lukla", None)],
    );
    let id = create(&app, &pemba.token, &rushed).await["_id"].as_str().unwrap().to_owned();

    // Act
    let refused = publish(&app, &pemba.token, &id, Some(&json!({}))).await;

    // Assert
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["code"], "altitude_risk_unacknowledged");
    assert_eq!(body["acclimatisation"]["risk"], "high");
    let codes: Vec<(i64, String)> = body["acclimatisation"]["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w["day"].as_i64().unwrap(), w["code"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(
        codes,
        [
            (1, "first_night_high".to_owned()),
            (2, "gain_over_500".to_owned()),
            (2, "missing_rest_day".to_owned())
        ]
    );
    assert_eq!(list(&app, "").await["total"], 0);
    let acknowledged =
        publish(&app, &pemba.token, &id, Some(&json!({"acknowledgeAltitudeRisk": true}))).await;
    assert_eq!(acknowledged.status(), StatusCode::OK);
    assert_eq!(list(&app, "").await["total"], 1);
    let withdrawn = send(
        &app,
        reqwest::Method::POST,
        &format!("/api/v1/tours/{id}/unpublish"),
        &pemba.token,
        None,
    )
    .await;
    assert_eq!(withdrawn.status(), StatusCode::OK);
    assert_eq!(list(&app, "").await["total"], 0);
}

#[tokio::test]
async fn the_editor_checks_nights_as_they_are_typed_with_the_same_rules_as_a_saved_tour() {
    // Arrange: any guide may check (even before verification); a traveller may not.
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let traveller = app.signup_and_login("tourist").await;
    let check = |token: String, altitudes: Value| {
        let app = &app;
        async move {
            app.post_json_auth(
                "/api/v1/tours/altitude-check",
                &json!({"sleepAltitudesM": altitudes}),
                &token,
            )
            .await
        }
    };

    // Act
    let rushed = check(guide.token.clone(), json!([3600, 4500, null])).await;
    let day_tour = check(guide.token.clone(), json!([null])).await;
    let gap = check(guide.token.clone(), json!([2800, null, 3000])).await;
    let too_high = check(guide.token.clone(), json!([9000])).await;
    let empty = check(guide.token.clone(), json!([])).await;
    let by_traveller = check(traveller.token.clone(), json!([1400])).await;

    // Assert
    assert_eq!(rushed.status(), StatusCode::OK);
    let body: Value = rushed.json().await.unwrap();
    assert_eq!(body["acclimatisation"]["risk"], "high");
    assert_eq!(body["acclimatisation"]["maxSleepAltitudeM"], 4500);
    assert_eq!(body["acclimatisation"]["warnings"].as_array().unwrap().len(), 3);
    let body: Value = day_tour.json().await.unwrap();
    assert_eq!(body["acclimatisation"]["risk"], "low");
    assert_eq!(body["acclimatisation"]["maxSleepAltitudeM"], Value::Null);
    let required = "days[2].sleepAltitudeM is required: only the last day may end the tour \
                    without a night";
    assert_error(gap, StatusCode::BAD_REQUEST, required).await;
    let range = "days[1].sleepAltitudeM must be a whole number of metres from 0 to 8848";
    assert_error(too_high, StatusCode::BAD_REQUEST, range).await;
    assert_error(empty, StatusCode::BAD_REQUEST, "days must have 1 to 45 entries").await;
    assert_eq!(by_traveller.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn only_a_verified_guide_writes_tours_and_only_their_own() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let other = guide(&app, &admin, "Ang").await;
    let traveller = app.signup_and_login("tourist").await;
    let profile = guide_profile("New here.", &["English"], &["trekking"], "Pokhara", KATHMANDU);
    let (unverified, _) = submitted_guide(&app, "Nima", "Lama", &profile).await;
    let body = tour("Everest Base Camp in 12 days", everest_days());
    let id = create(&app, &pemba.token, &body).await["_id"].as_str().unwrap().to_owned();

    // Act and assert
    let message = "Only a verified guide with a valid licence can sell tours";
    assert_error(
        app.post_json_auth("/api/v1/tours", &body, &unverified.token).await,
        StatusCode::FORBIDDEN,
        message,
    )
    .await;
    assert_eq!(
        app.post_json_auth("/api/v1/tours", &body, &traveller.token).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(app.post_json("/api/v1/tours", &body).await.status(), StatusCode::UNAUTHORIZED);
    let path = format!("/api/v1/tours/{id}");
    let renamed = json!({"title": "Mine now"});
    assert_error(
        app.patch_json_auth(&path, &renamed, &other.token).await,
        StatusCode::NOT_FOUND,
        "Tour not found",
    )
    .await;
    assert_eq!(publish(&app, &other.token, &id, None).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        send(&app, reqwest::Method::DELETE, &path, &other.token, None).await.status(),
        StatusCode::NOT_FOUND
    );
    let mine: Value = app.get_auth("/api/v1/tours/mine", &other.token).await.json().await.unwrap();
    assert_eq!(mine["tours"], json!([]));

    // The owner changes one field and the rest stays; then removes it.
    let changed: Value =
        app.patch_json_auth(&path, &renamed, &pemba.token).await.json().await.unwrap();
    assert_eq!(
        (changed["tour"]["title"].clone(), changed["tour"]["days"].as_array().unwrap().len()),
        (json!("Mine now"), 12)
    );
    assert_eq!(
        send(&app, reqwest::Method::DELETE, &path, &pemba.token, None).await.status(),
        StatusCode::OK
    );
    let mine: Value = app.get_auth("/api/v1/tours/mine", &pemba.token).await.json().await.unwrap();
    assert_eq!(mine["tours"], json!([]));
}

#[tokio::test]
async fn bad_tours_are_refused_with_the_field_named_and_nothing_is_saved() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let good = tour("Everest Base Camp in 12 days", everest_days());
    let with = |field: &str, value: Value| {
        let mut body = good.clone();
        body[field] = value;
        body
    };
    let mut middle_night_missing = everest_days();
    middle_night_missing[3]["sleepAltitudeM"] = Value::Null;
    let mut too_high = everest_days();
    too_high[0]["sleepAltitudeM"] = json!(9000);
    let cases = [
        (with("title", json!("  ")), "title is required"),
        (with("title", json!("x".repeat(121))), "title must be at most 120 characters"),
        (with("days", json!([])), "days must have 1 to 45 entries"),
        (with("days", json!(vec![day("Camp", Some(2000)); 46])), "days must have 1 to 45 entries"),
        (
            with("days", json!(middle_night_missing)),
            "days[4].sleepAltitudeM is required: only the last day may end the tour without a night",
        ),
        (
            with("days", json!(too_high)),
            "days[1].sleepAltitudeM must be a whole number of metres from 0 to 8848",
        ),
        (with("maxGroupSize", json!(31)), "maxGroupSize must be a whole number from 1 to 30"),
        (
            with("maxGroupSize", json!(8)),
            "pricing must cover 1 to 8 people without gaps or overlaps",
        ),
        (
            with(
                "pricing",
                json!([{"minPeople": 1, "maxPeople": 3, "pricePerPersonUsd": 10}, {"minPeople": 3, "maxPeople": 6, "pricePerPersonUsd": 9}]),
            ),
            "pricing must cover 1 to 6 people without gaps or overlaps",
        ),
        (
            with("pricing", json!([{"minPeople": 1, "maxPeople": 6, "pricePerPersonUsd": 10.001}])),
            "pricing: pricePerPersonUsd must be in whole cents (at most 2 decimals)",
        ),
        (with("cutoffHours", json!(721)), "cutoffHours must be a whole number from 0 to 720"),
        (with("destinationId", json!("no-such-place")), "destinationId is not a destination"),
        (with("included", json!(vec!["Tea"; 21])), "included may have at most 20 items"),
    ];

    // Act and assert
    for (body, message) in cases {
        assert_error(
            app.post_json_auth("/api/v1/tours", &body, &pemba.token).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
    assert_eq!(
        app.post_json_auth("/api/v1/tours", &json!({"bookingMode": "sometimes"}), &pemba.token)
            .await
            .status(),
        StatusCode::BAD_REQUEST
    );
    let mine: Value = app.get_auth("/api/v1/tours/mine", &pemba.token).await.json().await.unwrap();
    assert_eq!(mine["tours"], json!([]));
}

pub const BOOK: &str = "/api/v1/tourists/booking/request";

/// A published tour of `guide`'s, with these days, mode and cutoff; its id.
pub async fn published(
    app: &TestApp,
    guide: &TestUser,
    days: Vec<Value>,
    mode: &str,
    cutoff: i64,
) -> String {
    let mut body = tour("Poon Hill sunrise", days);
    body["bookingMode"] = json!(mode);
    body["cutoffHours"] = json!(cutoff);
    let id = create(app, &guide.token, &body).await["_id"].as_str().unwrap().to_owned();
    assert_eq!(publish(app, &guide.token, &id, None).await.status(), StatusCode::OK);
    id
}

pub fn poon_hill_days() -> Vec<Value> {
    vec![
        day("Tikhedhunga", Some(1540)),
        day("Ghorepani", Some(2860)),
        day("Tadapani", Some(2630)),
        day("Pokhara", None),
    ]
}

async fn notices(app: &TestApp, user: &TestUser, role: &str) -> Vec<(String, String)> {
    let body: Value = app
        .get_auth(&format!("/api/v1/notifications/{role}"), &user.token)
        .await
        .json()
        .await
        .unwrap();
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            let text = if role == "guide" { &n["guideMessage"] } else { &n["touristMessage"] };
            (n["kind"].as_str().unwrap().to_owned(), text.as_str().unwrap().to_owned())
        })
        .collect()
}

#[tokio::test]
async fn an_instant_tour_is_approved_at_once_at_its_group_price_and_a_request_tour_waits() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let traveller = app.signup_and_login("tourist").await;
    let instant = published(&app, &pemba, poon_hill_days(), "instant", 48).await;
    let request = published(&app, &pemba, poon_hill_days(), "request", 0).await;
    let date = days_from_today(20);

    // Act
    let booked = app
        .post_json_auth(
            BOOK,
            &json!({"tourId": instant, "selectedDate": date, "groupSize": 3, "days": 9}),
            &traveller.token,
        )
        .await;

    // Assert: the tour's four days and the 3–6 tier for three ($1,100 each), approved.
    assert_eq!(booked.status(), StatusCode::CREATED);
    let booking = booked.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(
        (booking["bookingStatus"].clone(), booking["paymentStatus"].clone()),
        (json!("approved"), json!("unpaid"))
    );
    assert_eq!(
        (
            booking["days"].clone(),
            booking["totalAmount"].clone(),
            booking["pricePerPerson"].clone()
        ),
        (json!(4), json!(3300.0), json!(1100.0))
    );
    assert_eq!(booking["tour"], json!({"_id": instant, "title": "Poon Hill sunrise"}));
    assert_eq!(booking["guide"]["firstName"], "Pemba");
    let trip = yatra::calendar::trip_dates(&date, 4);
    let guide_notices = notices(&app, &pemba, "guide").await;
    assert_eq!(
        guide_notices[0],
        (
            "booking_approved".to_owned(),
            format!(
                "{} booked your tour \"Poon Hill sunrise\" for 3 people from {trip}. It is approved; they pay next.",
                traveller_name(&app, &traveller).await
            )
        )
    );
    let traveller_notices = notices(&app, &traveller, "tourist").await;
    assert_eq!(
        traveller_notices[0].1,
        format!(
            "Your booking of \"Poon Hill sunrise\" with Pemba Sherpa on {trip} is approved. Pay now to confirm it."
        )
    );
    // Both are emailed, with the tour's name and its days.
    let name = traveller_name(&app, &traveller).await;
    let to_guide = app
        .wait_for_outbox_email_with(&pemba.email, &format!("{name} booked Poon Hill sunrise"))
        .await;
    assert!(to_guide.contains("Tour: Poon Hill sunrise"), "{to_guide}");
    assert!(
        to_guide.contains("Day 2: To Ghorepani, sleeping at Ghorepani (2,860 m)"),
        "{to_guide}"
    );
    assert!(to_guide.contains("Day 4: To Pokhara\n") || to_guide.contains("Day 4: To Pokhara\r"));
    let to_traveller =
        app.wait_for_outbox_email_with(&traveller.email, "Pemba Sherpa approved your trip").await;
    assert!(to_traveller.contains("Tour: Poon Hill sunrise"), "{to_traveller}");
    // The same days are no longer free for anyone.
    let other = app.signup_and_login("tourist").await;
    let taken = app
        .post_json_auth(
            BOOK,
            &json!({"tourId": instant, "selectedDate": date, "groupSize": 1}),
            &other.token,
        )
        .await;
    assert_eq!(taken.status(), StatusCode::CONFLICT);

    // A request tour waits for its guide, who is asked by name of the tour.
    let asked = app
        .post_json_auth(
            BOOK,
            &json!({"tourId": request, "selectedDate": days_from_today(40), "groupSize": 1}),
            &traveller.token,
        )
        .await;
    assert_eq!(asked.status(), StatusCode::CREATED);
    assert_eq!(asked.json::<Value>().await.unwrap()["data"]["bookingStatus"], "pending");
    assert!(
        notices(&app, &pemba, "guide").await[0]
            .1
            .starts_with("New request for your tour \"Poon Hill sunrise\" from ")
    );
}

/// "First Last" of a signed-in account.
async fn traveller_name(app: &TestApp, user: &TestUser) -> String {
    let me = app.me(&user.token).await;
    format!("{} {}", me["firstName"].as_str().unwrap(), me["lastName"].as_str().unwrap())
}

#[tokio::test]
async fn a_tour_booking_too_soon_too_big_of_another_guide_or_of_a_draft_is_refused() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let ang = guide(&app, &admin, "Ang").await;
    let ang_id = crate::fixtures::user_id(&app, &ang.token).await;
    let traveller = app.signup_and_login("tourist").await;
    let id = published(&app, &pemba, poon_hill_days(), "instant", 72).await;
    let draft = create(&app, &pemba.token, &tour("Draft", poon_hill_days())).await["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let later = days_from_today(30);

    // Act and assert
    let cases = [
        (
            json!({"tourId": id, "selectedDate": days_from_today(1), "groupSize": 1}),
            StatusCode::CONFLICT,
            "This tour must be booked at least 72 hours before it starts. Please choose a later date.",
        ),
        (
            json!({"tourId": id, "selectedDate": later, "groupSize": 7}),
            StatusCode::BAD_REQUEST,
            "This tour takes groups of 1 to 6 people",
        ),
        (
            json!({"tourId": id, "selectedDate": later, "groupSize": 31}),
            StatusCode::BAD_REQUEST,
            "Group size must be a whole number from 1 to 20",
        ),
        (
            json!({"tourId": id, "guideId": ang_id, "selectedDate": later, "groupSize": 1}),
            StatusCode::BAD_REQUEST,
            "guideId is not this tour's guide",
        ),
        (
            json!({"tourId": draft, "selectedDate": later, "groupSize": 1}),
            StatusCode::NOT_FOUND,
            "Tour not found",
        ),
        (
            json!({"tourId": "no-such-tour", "selectedDate": later, "groupSize": 1}),
            StatusCode::NOT_FOUND,
            "Tour not found",
        ),
    ];
    for (body, status, message) in cases {
        assert_error(app.post_json_auth(BOOK, &body, &traveller.token).await, status, message)
            .await;
    }
    let bookings: Value =
        app.get_auth("/api/v1/tourists/bookings", &traveller.token).await.json().await.unwrap();
    assert_eq!(bookings["data"], json!([]));
}

#[tokio::test]
async fn twenty_travellers_booking_an_instant_tour_for_the_same_days_at_once_one_gets_it() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let id = published(&app, &pemba, poon_hill_days(), "instant", 0).await;
    let mut travellers = Vec::new();
    for _ in 0..20 {
        travellers.push(app.signup_and_login("tourist").await);
    }
    let body = json!({"tourId": id, "selectedDate": days_from_today(15), "groupSize": 2});

    // Act
    let statuses = futures::future::join_all(travellers.iter().map(|traveller| {
        let (app, body) = (&app, &body);
        async move { app.post_json_auth(BOOK, body, &traveller.token).await.status() }
    }))
    .await;

    // Assert
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 1, "{statuses:?}");
    assert!(
        statuses.iter().all(|s| *s == StatusCode::CREATED || *s == StatusCode::CONFLICT),
        "{statuses:?}"
    );
    let db = app.db().await;
    let (approved,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM bookings WHERE tour_id = $1 AND booking_status = 'approved'",
    )
    .bind(&id)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let (all,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM bookings WHERE tour_id = $1")
        .bind(&id)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    assert_eq!((approved, all), (1, 1), "the refused ones leave no booking behind");
}

#[tokio::test]
async fn a_published_tour_has_its_own_share_tags_and_sitemap_entry_and_a_draft_has_neither() {
    // Arrange
    let public_url = "https://yatra.example.com";
    let app = spawn_app_with_client(&[("YATRA_PUBLIC_URL", public_url)]).await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let shown = published(&app, &pemba, everest_days(), "instant", 48).await;
    let draft = create(&app, &pemba.token, &tour("Not yet", poon_hill_days())).await["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let html = |path: String| {
        let app = &app;
        async move { app.get(&path).await.text().await.unwrap() }
    };

    // Act
    let shown_html = html(format!("/tours/{shown}")).await;
    let draft_html = html(format!("/tours/{draft}")).await;
    let sitemap = html("/sitemap.xml".to_owned()).await;

    // Assert
    assert!(
        shown_html.contains("<title>Poon Hill sunrise — 12-day tour in Nepal | Yatra</title>"),
        "{shown_html}"
    );
    assert!(shown_html.contains(
        "content=\"12-day tour with Pemba Sherpa · up to 5,164 m · altitude risk moderate · from $1100 per person. Twelve days"
    ), "{shown_html}");
    assert!(
        shown_html
            .contains(&format!("<link rel=\"canonical\" href=\"{public_url}/tours/{shown}\">"))
    );
    assert!(shown_html.contains(&format!("data-url=\"/api/v1/users/tour/{shown}\"")), "page data");
    assert!(!draft_html.contains("og:title"), "{draft_html}");
    assert!(sitemap.contains(&format!("<loc>{public_url}/tours/{shown}</loc>")), "{sitemap}");
    assert!(sitemap.contains(&format!("<loc>{public_url}/tours</loc>")));
    assert!(!sitemap.contains(&draft));
}

#[tokio::test]
async fn the_buddy_suggests_tours_by_days_altitude_and_season() {
    // Arrange: a short low trek and the Everest trek, whose destination is best in November.
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let poon_hill = published(&app, &pemba, poon_hill_days(), "request", 0).await;
    let region = everest_region(&app, &admin).await;
    let best = json!({"bestMonths": [3, 4, 5, 10, 11]});
    let path = format!("/api/v1/admin/destinations/{region}/trek");
    send(&app, reqwest::Method::PUT, &path, &admin.token, Some(&best)).await;
    let mut everest = tour("Everest Base Camp in 12 days", everest_days());
    everest["destinationId"] = json!(region);
    let everest = create(&app, &pemba.token, &everest).await["_id"].as_str().unwrap().to_owned();
    assert_eq!(publish(&app, &pemba.token, &everest, None).await.status(), StatusCode::OK);
    let ask = |question: &'static str| {
        let app = &app;
        async move {
            let body = json!({"messages": [{"role": "user", "content": question}]});
            let response = app.post_json("/api/v1/assistant/chat", &body).await;
            assert_eq!(response.status(), StatusCode::OK);
            response.json::<Value>().await.unwrap()["data"].clone()
        }
    };

    // Act
    let short = ask("a 4-day trek under 3,000 m").await;
    let in_season = ask("Everest tours of 10 to 14 days in November").await;
    let out_of_season = ask("a 12-day trek in July").await;

    // Assert
    assert_eq!(
        short["reply"],
        "I found 1 tour (4 days, no night above 3,000 m):\n• Poon Hill sunrise — 4 days, nights up to 2,860 m, altitude risk low, $1400.50 per person for one"
    );
    assert_eq!(
        short["cards"],
        json!([{"type": "tour", "id": poon_hill, "title": "Poon Hill sunrise", "url": format!("/tours/{poon_hill}")}])
    );
    assert_eq!(short["searchUrl"], Value::Null);
    assert_eq!(in_season["cards"][0]["id"], json!(everest));
    assert!(in_season["reply"].as_str().unwrap().contains("altitude risk moderate"));
    assert!(out_of_season["reply"].as_str().unwrap().starts_with("I found no tour"));
    assert_eq!(out_of_season["searchUrl"], "/tours?minDays=12&maxDays=12");
}

#[tokio::test]
async fn a_destination_is_rated_by_the_reviews_of_tour_trips_there_and_a_hidden_one_leaves() {
    // Arrange: two travellers back from the Everest tour, a third from a day with the guide.
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let guide_id = crate::fixtures::user_id(&app, &pemba.token).await;
    let region = everest_region(&app, &admin).await;
    let mut everest = tour("Everest Base Camp in 12 days", everest_days());
    everest["destinationId"] = json!(region);
    let tour_id = create(&app, &pemba.token, &everest).await["_id"].as_str().unwrap().to_owned();
    let db = app.db().await;
    let mut reviewers = Vec::new();
    for (n, on_tour) in [(1, true), (2, true), (3, false)] {
        let traveller = app.signup_and_login("tourist").await;
        let traveller_id = crate::fixtures::user_id(&app, &traveller.token).await;
        let date = days_from_today(-4 * n);
        let booking =
            crate::fixtures::insert_booking(&app, &traveller_id, &guide_id, &date, true).await;
        if on_tour {
            sqlx::query("UPDATE bookings SET tour_id = $1 WHERE id = $2")
                .bind(&tour_id)
                .bind(&booking)
                .execute(&db.pool)
                .await
                .unwrap();
        }
        reviewers.push(traveller);
    }
    let rated = || async {
        let body: Value =
            app.get(&format!("/api/v1/users/destination/{region}")).await.json().await.unwrap();
        (body["destination"]["rating"].as_f64().unwrap(), body["destination"]["reviews"].clone())
    };
    assert_eq!(rated().await, (0.0, json!(0)));

    // Act
    let mut review_ids = Vec::new();
    for (traveller, score) in reviewers.iter().zip([5, 4, 1]) {
        let body = json!({"guideId": guide_id, "score": score, "comment": "Good days."});
        let written = app.post_json_auth("/api/v1/tourists/ratings", &body, &traveller.token).await;
        assert_eq!(written.status(), StatusCode::CREATED);
        review_ids.push(written.json::<Value>().await.unwrap()["data"]["_id"].clone());
    }
    let after_reviews = rated().await;
    let hide = format!("/api/v1/admin/reviews/{}/hide", review_ids[0].as_str().unwrap());
    let hidden = app.post_json_auth(&hide, &json!({"reason": "Spam"}), &admin.token).await;
    let after_hiding = rated().await;

    // Assert: the day trip's 1 counts for the guide, not for Everest.
    assert_eq!(after_reviews, (4.5, json!(2)));
    assert_eq!(hidden.status(), StatusCode::OK);
    assert_eq!(after_hiding, (4.0, json!(1)));
    db.pool.close().await;
}

#[tokio::test]
async fn removing_a_booked_tour_archives_it_unchangeable_and_an_unbooked_one_is_gone() {
    // Arrange: two published tours, one of them booked.
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let traveller = app.signup_and_login("tourist").await;
    let booked = published(&app, &pemba, poon_hill_days(), "request", 0).await;
    let unbooked = published(&app, &pemba, poon_hill_days(), "request", 0).await;
    let body = json!({"tourId": booked, "selectedDate": days_from_today(30), "groupSize": 2});
    assert_eq!(
        app.post_json_auth(BOOK, &body, &traveller.token).await.status(),
        StatusCode::CREATED
    );
    let remove = |id: String| {
        let (app, token) = (&app, pemba.token.clone());
        async move {
            let path = format!("/api/v1/tours/{id}");
            send(app, reqwest::Method::DELETE, &path, &token, None).await
        }
    };

    // Act
    let archived = remove(booked.clone()).await;
    let deleted = remove(unbooked.clone()).await;

    // Assert
    assert_eq!(
        archived.json::<Value>().await.unwrap()["message"],
        "Tour archived: it has bookings"
    );
    assert_eq!(deleted.json::<Value>().await.unwrap()["message"], "Tour deleted");
    let mine: Value = app.get_auth("/api/v1/tours/mine", &pemba.token).await.json().await.unwrap();
    let states: Vec<(&str, &str)> = mine["tours"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["_id"].as_str().unwrap(), t["status"].as_str().unwrap()))
        .collect();
    assert_eq!(states, [(booked.as_str(), "archived")]);
    assert_eq!(
        app.get(&format!("/api/v1/users/tour/{booked}")).await.status(),
        StatusCode::NOT_FOUND
    );
    let change = json!({"title": "Poon Hill at dawn"});
    assert_error(
        app.patch_json_auth(&format!("/api/v1/tours/{booked}"), &change, &pemba.token).await,
        StatusCode::CONFLICT,
        "This tour is archived and cannot be changed",
    )
    .await;
    assert_eq!(publish(&app, &pemba.token, &booked, None).await.status(), StatusCode::CONFLICT);
    assert_eq!(
        app.patch_json_auth(&format!("/api/v1/tours/{unbooked}"), &change, &pemba.token)
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    // The booking still names its tour.
    let trips: Value =
        app.get_auth("/api/v1/tourists/bookings", &traveller.token).await.json().await.unwrap();
    assert_eq!(trips["data"][0]["tour"]["title"], "Poon Hill sunrise");
}

#[tokio::test]
async fn a_group_of_more_than_twenty_on_a_tour_for_thirty_is_told_the_limit_of_one_booking() {
    // Arrange: a tour for up to thirty people.
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let mut body = tour("School trip to Poon Hill", poon_hill_days());
    body["maxGroupSize"] = json!(30);
    body["pricing"] = json!([{"minPeople": 1, "maxPeople": 30, "pricePerPersonUsd": 300}]);
    let id = create(&app, &pemba.token, &body).await["_id"].as_str().unwrap().to_owned();
    assert_eq!(publish(&app, &pemba.token, &id, None).await.status(), StatusCode::OK);
    let tourist = app.signup_and_login("tourist").await;

    // Act
    let asked = json!({"tourId": id, "selectedDate": days_from_today(30), "groupSize": 25});
    let response =
        app.post_json_auth("/api/v1/tourists/booking/request", &asked, &tourist.token).await;

    // Assert: a message, not a server error; twenty book at once.
    assert_error(
        response,
        StatusCode::BAD_REQUEST,
        "Group size must be a whole number from 1 to 20",
    )
    .await;
    let twenty = json!({"tourId": id, "selectedDate": days_from_today(30), "groupSize": 20});
    let response =
        app.post_json_auth("/api/v1/tourists/booking/request", &twenty, &tourist.token).await;
    assert_eq!(response.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn a_tour_longer_than_one_booking_can_hold_is_refused_with_its_reason() {
    // Arrange: a 31-day tour (tours may run to 45 days; a booking holds 30).
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pemba = guide(&app, &admin, "Pemba").await;
    let traveller = app.signup_and_login("tourist").await;
    let mut days = vec![day("Camp", Some(2000)); 30];
    days.push(day("Kathmandu", None));
    let long = published(&app, &pemba, days, "instant", 48).await;

    // Act
    let body = json!({"tourId": long, "selectedDate": days_from_today(60), "groupSize": 2});
    let refused = app.post_json_auth(BOOK, &body, &traveller.token).await;

    // Assert: a reason, not a server error; nothing booked.
    assert_error(
        refused,
        StatusCode::BAD_REQUEST,
        "This tour is longer than 30 days, the most one booking can hold. Message the guide to book it in parts.",
    )
    .await;
    let listed = app.get_data("/api/v1/tourists/bookings", &traveller.token).await;
    assert_eq!(listed.as_array().unwrap().len(), 0);
}
