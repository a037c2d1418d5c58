//! The public catalogue's answers are kept in memory (`yatra::catalogue`): a change made
//! through the API shows on the very next read, on this replica and, through PostgreSQL,
//! on every other within a second; answers that depend on the reader are never shared.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fixtures::{POKHARA, guide_profile, insert_verified_guide, verified_guide};
use crate::helpers::{Backend, TestApp, assert_error, backend, spawn_app};

async fn get_json(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.json().await.unwrap()
}

async fn get_json_at(client: &reqwest::Client, address: &str, path: &str) -> Value {
    let response = client.get(format!("{address}{path}")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.json().await.unwrap()
}

fn ids(guides: &Value) -> Vec<String> {
    guides.as_array().unwrap().iter().map(|g| g["_id"].as_str().unwrap().to_owned()).collect()
}

const LIST: &str = "/api/v1/users/guides?limit=50";

#[tokio::test]
async fn a_verified_guides_edit_shows_on_the_next_public_read_of_every_page() {
    // Arrange: every public answer about the guide has been read (and kept) once.
    let app = spawn_app().await;
    let admin = app.admin().await;
    let profile = guide_profile(
        "Poon Hill at sunrise.",
        &["English"],
        &["Trekking"],
        "Lakeside, Pokhara",
        POKHARA,
    );
    let (guide, id) = verified_guide(&app, &admin, "Bishnu", "Gurung", &profile).await;
    let detail = format!("/api/v1/users/guide/{id}");
    let search = "/api/v1/users/search?query=rhododendron";
    assert_eq!(
        get_json(&app, &detail).await["data"]["guideDetails"]["bio"],
        "Poon Hill at sunrise."
    );
    assert_eq!(get_json(&app, LIST).await["guides"][0]["bio"], "Poon Hill at sunrise.");
    assert!(get_json(&app, search).await["guides"].as_array().unwrap().is_empty());

    // Act
    let edited = guide_profile(
        "Rhododendron forests of Ghorepani.",
        &["English"],
        &["Trekking"],
        "Lakeside, Pokhara",
        POKHARA,
    );
    let saved = app.post_json_auth("/api/v1/guides/profile", &edited, &guide.token).await;

    // Assert
    assert_eq!(saved.status(), StatusCode::OK);
    assert_eq!(
        get_json(&app, &detail).await["data"]["guideDetails"]["bio"],
        "Rhododendron forests of Ghorepani."
    );
    assert_eq!(
        get_json(&app, LIST).await["guides"][0]["bio"],
        "Rhododendron forests of Ghorepani."
    );
    assert_eq!(ids(&get_json(&app, search).await["guides"]), vec![id]);
}

#[tokio::test]
async fn an_admins_suspension_takes_the_guide_off_the_kept_public_pages_at_once() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let profile = guide_profile(
        "Jungle walks in Chitwan.",
        &["English"],
        &["Wildlife"],
        "Sauraha, Chitwan",
        (27.5781, 84.4943),
    );
    let (_, id) = verified_guide(&app, &admin, "Ramesh", "Tharu", &profile).await;
    let detail = format!("/api/v1/users/guide/{id}");
    assert_eq!(ids(&get_json(&app, LIST).await["guides"]), vec![id.clone()]);
    get_json(&app, &detail).await;

    // Act
    let suspended = app
        .post_json_auth(
            &format!("/api/v1/admin/users/{id}/suspend"),
            &json!({ "reason": "Fake licence" }),
            &admin.token,
        )
        .await;

    // Assert
    assert_eq!(suspended.status(), StatusCode::OK);
    assert!(get_json(&app, LIST).await["guides"].as_array().unwrap().is_empty());
    assert_error(app.get(&detail).await, StatusCode::NOT_FOUND, "Guide not found").await;
}

#[tokio::test]
async fn answers_are_kept_until_a_change_comes_through_the_api() {
    // Arrange: a guide written straight to the database, as the command line would, is
    // not seen by a kept answer...
    let app = spawn_app().await;
    let admin = app.admin().await;
    assert!(get_json(&app, LIST).await["guides"].as_array().unwrap().is_empty());
    let inserted = insert_verified_guide(&app, "Dawa", &["Trekking"], POKHARA, 5, 1).await;
    assert!(
        get_json(&app, LIST).await["guides"].as_array().unwrap().is_empty(),
        "the kept answer is served"
    );

    // Act: ...until anything public changes through the API.
    let profile = guide_profile(
        "Tea gardens of Ilam.",
        &["English"],
        &["Nature"],
        "Ilam",
        (26.9094, 87.9282),
    );
    let (_, verified) = verified_guide(&app, &admin, "Laxmi", "Rai", &profile).await;

    // Assert
    let listed = ids(&get_json(&app, LIST).await["guides"]);
    assert_eq!(listed, vec![inserted, verified], "best rated first");
}

#[tokio::test]
async fn a_refused_query_is_refused_every_time_and_never_kept() {
    let app = spawn_app().await;
    for _ in 0..2 {
        assert_error(
            app.get("/api/v1/users/guides?limit=0").await,
            StatusCode::BAD_REQUEST,
            "limit must be a whole number from 1 to 50",
        )
        .await;
        assert_error(
            app.get("/api/v1/users/guide/no-such-guide").await,
            StatusCode::NOT_FOUND,
            "Guide not found",
        )
        .await;
    }
}

#[tokio::test]
async fn a_compressed_answer_is_only_served_to_clients_that_asked_for_it() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let profile = guide_profile(
        &"Long days on the Annapurna circuit. ".repeat(40),
        &["English"],
        &["Trekking"],
        "Manang",
        (28.6669, 84.0167),
    );
    verified_guide(&app, &admin, "Pemba", "Sherpa", &profile).await;
    let plain = reqwest::Client::builder().no_gzip().no_brotli().build().unwrap();

    // Act
    let gzipped = plain.get(app.url(LIST)).header("accept-encoding", "gzip").send().await.unwrap();
    let identity = plain.get(app.url(LIST)).send().await.unwrap();

    // Assert
    assert_eq!(gzipped.headers()["content-encoding"], "gzip");
    assert!(identity.headers().get("content-encoding").is_none());
    let body: Value = identity.json().await.unwrap();
    assert_eq!(body["guides"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn signed_in_readers_see_their_own_likes_not_an_anonymous_kept_feed() {
    // Arrange: the anonymous feed is read (and kept) before anyone likes the post.
    let app = spawn_app().await;
    let author = app.signup_and_login("guide").await;
    let reader = app.signup_and_login("tourist").await;
    let form = reqwest::multipart::Form::new()
        .text("title", "Rhinos at dawn")
        .text("description", "Mist on the Rapti river.")
        .text("role", "tourist");
    let published = app.upload_form("/api/v1/blogs", &author.token, form).await;
    assert_eq!(published.status(), StatusCode::CREATED);
    let id = published.json::<Value>().await.unwrap()["blog"]["_id"].as_str().unwrap().to_owned();
    assert_eq!(get_json(&app, "/api/v1/users/blogs").await["blogs"][0]["likedByMe"], false);

    // Act
    let liked =
        app.post_json_auth(&format!("/api/v1/blogs/{id}/like"), &json!({}), &reader.token).await;

    // Assert
    assert_eq!(liked.status(), StatusCode::OK);
    let as_reader: Value =
        app.get_auth("/api/v1/users/blogs", &reader.token).await.json().await.unwrap();
    assert_eq!(as_reader["blogs"][0]["likedByMe"], true);
    let anonymous = get_json(&app, "/api/v1/users/blogs").await;
    assert_eq!(anonymous["blogs"][0]["likedByMe"], false);
    assert_eq!(anonymous["blogs"][0]["likeCount"], 1);
}

#[tokio::test]
async fn many_readers_missing_the_same_answer_at_once_all_get_it() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let profile = guide_profile(
        "Mustang by jeep and on foot.",
        &["English"],
        &["Adventure"],
        "Jomsom, Mustang",
        (28.7804, 83.7233),
    );
    let (_, id) = verified_guide(&app, &admin, "Karma", "Thakali", &profile).await;

    let answers = futures::future::join_all((0..40).map(|_| app.get(LIST))).await;

    for answer in answers {
        assert_eq!(answer.status(), StatusCode::OK);
        assert_eq!(ids(&answer.json::<Value>().await.unwrap()["guides"]), vec![id.clone()]);
    }
}

#[tokio::test]
async fn an_edit_on_one_replica_shows_on_another_within_a_second() {
    if backend() != Backend::Postgres {
        eprintln!("replicas share a PostgreSQL database: nothing to test on SQLite");
        return;
    }
    // Arrange: the second replica has kept its answer about the guide.
    let app = spawn_app().await;
    let admin = app.admin().await;
    let profile = guide_profile(
        "Kathmandu's courtyards.",
        &["English"],
        &["Culture"],
        "Patan, Lalitpur",
        (27.6727, 85.3253),
    );
    let (guide, id) = verified_guide(&app, &admin, "Sabina", "Maharjan", &profile).await;
    let other = app.replica().await;
    let detail = format!("/api/v1/users/guide/{id}");
    assert_eq!(
        get_json_at(&app.client, &other, &detail).await["data"]["guideDetails"]["bio"],
        "Kathmandu's courtyards."
    );

    // Act: the edit goes to the first replica.
    let edited = guide_profile(
        "Bhaktapur's potters' square.",
        &["English"],
        &["Culture"],
        "Patan, Lalitpur",
        (27.6727, 85.3253),
    );
    assert_eq!(
        app.post_json_auth("/api/v1/guides/profile", &edited, &guide.token).await.status(),
        StatusCode::OK
    );

    // Assert
    let started = Instant::now();
    loop {
        let bio =
            get_json_at(&app.client, &other, &detail).await["data"]["guideDetails"]["bio"].clone();
        if bio == "Bhaktapur's potters' square." {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "the other replica still shows {bio} after a second"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
