//! Saved lists: any signed-in account saves guides and destinations, idempotently, and
//! finds them as cards wherever it signs in; unknown ones are 404, signed out is 401, and
//! guides who leave the public list leave the saved list too.

use reqwest::StatusCode;
use serde_json::{Value, json};
use yatra::db::{new_id, now_ms};

use crate::fixtures::{
    KATHMANDU, POKHARA, guide_profile, insert_verified_guide, submitted_guide, user_id,
};
use crate::helpers::{
    JWT_SECRET, PASSWORD, TestApp, assert_error, forge_token, now_secs, spawn_app,
};

const SAVED: &str = "/api/v1/favourites";

fn guide_path(id: &str) -> String {
    format!("{SAVED}/guides/{id}")
}

fn destination_path(id: &str) -> String {
    format!("{SAVED}/destinations/{id}")
}

async fn put(app: &TestApp, path: &str, token: &str) -> reqwest::Response {
    app.client.put(app.url(path)).bearer_auth(token).send().await.unwrap()
}

async fn delete(app: &TestApp, path: &str, token: &str) -> reqwest::Response {
    app.client.delete(app.url(path)).bearer_auth(token).send().await.unwrap()
}

/// The saved lists in a 200 answer.
async fn lists(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "success");
    body["data"].clone()
}

fn ids(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|item| item["_id"].as_str().unwrap()).collect()
}

/// A destination written to the database (the admin form is tested in `destinations`).
async fn insert_destination(app: &TestApp, name: &str) -> String {
    let db = app.db().await;
    let id = new_id();
    sqlx::query(
        "INSERT INTO destinations (id, name, location, description, rating, review_count, created_at, updated_at) \
         VALUES ($1, $2, 'Pokhara, Gandaki Province', 'A lake under the Annapurnas.', 4.6, 120, $3, $3)",
    )
    .bind(&id)
    .bind(name)
    .bind(now_ms())
    .execute(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
    id
}

#[tokio::test]
async fn a_traveller_saves_guides_and_destinations_and_finds_them_as_cards_newest_first_after_signing_in_again()
 {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;
    let dawa = insert_verified_guide(&app, "Dawa", &["Trekking"], POKHARA, 9, 2).await;
    let mina = insert_verified_guide(&app, "Mina", &["Culture"], KATHMANDU, 0, 0).await;
    let phewa = insert_destination(&app, "Phewa Lake").await;

    // Act
    put(&app, &guide_path(&dawa), &traveller.token).await;
    put(&app, &destination_path(&phewa), &traveller.token).await;
    let answer = lists(put(&app, &guide_path(&mina), &traveller.token).await).await;

    // Assert: the answer to a save is the whole list, as GET gives it, on any new session.
    let (token, _, _) = app.login(&traveller.email, PASSWORD).await;
    let saved = lists(app.get_auth(SAVED, &token).await).await;
    assert_eq!(saved, answer);
    assert_eq!(ids(&saved["guides"]), [mina.as_str(), dawa.as_str()]);
    assert_eq!(ids(&saved["destinations"]), [phewa.as_str()]);
    // The same cards the guide and destination lists show.
    let card = &saved["guides"][1];
    assert_eq!(card["firstName"], "Dawa");
    assert_eq!(card["averageRating"], 4.5);
    assert_eq!(card["reviewCount"], 2);
    assert_eq!(card["pricePerDay"], 50.0);
    assert_eq!(card["interests"], json!(["Trekking"]));
    assert_eq!(card["contactInfo"]["address"], "Kathmandu");
    let listed = app.get("/api/v1/users/guides").await.json::<Value>().await.unwrap();
    let listed_dawa =
        listed["guides"].as_array().unwrap().iter().find(|g| g["_id"] == dawa.as_str()).unwrap();
    assert_eq!(card, listed_dawa);
    let destination = &saved["destinations"][0];
    assert_eq!(destination["name"], "Phewa Lake");
    assert_eq!(destination["rating"], 4.6);
    assert_eq!(destination["reviews"], 120);
    let shown =
        app.get(&format!("/api/v1/users/destination/{phewa}")).await.json::<Value>().await.unwrap();
    assert_eq!(destination, &shown["destination"]);
}

#[tokio::test]
async fn saving_twice_keeps_one_and_removing_twice_is_fine() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;
    let dawa = insert_verified_guide(&app, "Dawa", &["Trekking"], POKHARA, 0, 0).await;
    let phewa = insert_destination(&app, "Phewa Lake").await;

    // Act + Assert
    for _ in 0..2 {
        let saved = lists(put(&app, &guide_path(&dawa), &traveller.token).await).await;
        assert_eq!(ids(&saved["guides"]), [dawa.as_str()]);
        let saved = lists(put(&app, &destination_path(&phewa), &traveller.token).await).await;
        assert_eq!(ids(&saved["destinations"]), [phewa.as_str()]);
    }
    for _ in 0..2 {
        let saved = lists(delete(&app, &guide_path(&dawa), &traveller.token).await).await;
        assert_eq!(saved["guides"], json!([]));
        let saved = lists(delete(&app, &destination_path(&phewa), &traveller.token).await).await;
        assert_eq!(saved["destinations"], json!([]));
    }
    assert_eq!(
        lists(app.get_auth(SAVED, &traveller.token).await).await,
        json!({ "guides": [], "destinations": [] })
    );
}

#[tokio::test]
async fn each_account_sees_only_its_own_list_and_every_role_may_save() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;
    let guide = app.signup_and_login("guide").await;
    let admin = app.admin().await;
    let dawa = insert_verified_guide(&app, "Dawa", &["Trekking"], POKHARA, 0, 0).await;
    let phewa = insert_destination(&app, "Phewa Lake").await;

    // Act
    lists(put(&app, &guide_path(&dawa), &traveller.token).await).await;
    let guides_list = lists(put(&app, &destination_path(&phewa), &guide.token).await).await;
    let admins_list = lists(put(&app, &guide_path(&dawa), &admin.token).await).await;
    lists(delete(&app, &guide_path(&dawa), &admin.token).await).await;

    // Assert
    assert_eq!(guides_list["guides"], json!([]));
    assert_eq!(ids(&guides_list["destinations"]), [phewa.as_str()]);
    assert_eq!(ids(&admins_list["guides"]), [dawa.as_str()]);
    let travellers = lists(app.get_auth(SAVED, &traveller.token).await).await;
    assert_eq!(ids(&travellers["guides"]), [dawa.as_str()], "the admin's removal is theirs only");
    assert_eq!(travellers["destinations"], json!([]));
}

#[tokio::test]
async fn unknown_or_unlisted_guides_and_unknown_destinations_are_404_and_change_nothing() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;
    let profile =
        guide_profile("Not verified yet.", &["English"], &["Culture"], "Patan", KATHMANDU);
    let (_, unverified) = submitted_guide(&app, "Ram", "Shrestha", &profile).await;
    let a_traveller = user_id(&app, &traveller.token).await;
    let unknown = new_id();
    let phewa = insert_destination(&app, "Phewa Lake").await;

    // Act + Assert
    for id in
        [unknown.as_str(), unverified.as_str(), a_traveller.as_str(), "not-an-id", phewa.as_str()]
    {
        assert_error(
            put(&app, &guide_path(id), &traveller.token).await,
            StatusCode::NOT_FOUND,
            "Guide not found",
        )
        .await;
        assert_error(
            delete(&app, &guide_path(id), &traveller.token).await,
            StatusCode::NOT_FOUND,
            "Guide not found",
        )
        .await;
    }
    for id in [unknown.as_str(), unverified.as_str(), "%20"] {
        assert_error(
            put(&app, &destination_path(id), &traveller.token).await,
            StatusCode::NOT_FOUND,
            "Destination not found",
        )
        .await;
        assert_error(
            delete(&app, &destination_path(id), &traveller.token).await,
            StatusCode::NOT_FOUND,
            "Destination not found",
        )
        .await;
    }
    assert_eq!(
        lists(app.get_auth(SAVED, &traveller.token).await).await,
        json!({ "guides": [], "destinations": [] })
    );
}

#[tokio::test]
async fn signed_out_or_with_a_bad_token_nothing_is_read_or_saved() {
    // Arrange
    let app = spawn_app().await;
    let dawa = insert_verified_guide(&app, "Dawa", &["Trekking"], POKHARA, 0, 0).await;
    let phewa = insert_destination(&app, "Phewa Lake").await;
    let expired =
        forge_token(JWT_SECRET, &new_id(), "tourist", now_secs() - 7200, now_secs() - 3600);
    let of_a_deleted_account =
        forge_token(JWT_SECRET, &new_id(), "tourist", now_secs(), now_secs() + 600);

    // Act + Assert
    assert_error(app.get(SAVED).await, StatusCode::UNAUTHORIZED, "Please sign in to continue.")
        .await;
    for path in [guide_path(&dawa), destination_path(&phewa)] {
        for method in [reqwest::Method::PUT, reqwest::Method::DELETE] {
            let anonymous =
                app.client.request(method.clone(), app.url(&path)).send().await.unwrap();
            assert_error(anonymous, StatusCode::UNAUTHORIZED, "Please sign in to continue.").await;
            for token in [&expired, &of_a_deleted_account] {
                let response = app
                    .client
                    .request(method.clone(), app.url(&path))
                    .bearer_auth(token)
                    .send()
                    .await
                    .unwrap();
                assert_error(
                    response,
                    StatusCode::UNAUTHORIZED,
                    "Your session has expired. Please sign in again.",
                )
                .await;
            }
        }
    }
    let db = app.db().await;
    let (rows,): (i64,) = sqlx::query_as("SELECT (SELECT COUNT(*) FROM favourite_guides) + (SELECT COUNT(*) FROM favourite_destinations)")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    assert_eq!(rows, 0);
}

#[tokio::test]
async fn a_suspended_guide_leaves_saved_lists_but_can_still_be_removed_and_a_deleted_destination_goes()
 {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let traveller = app.signup_and_login("tourist").await;
    let dawa = insert_verified_guide(&app, "Dawa", &["Trekking"], POKHARA, 0, 0).await;
    let mina = insert_verified_guide(&app, "Mina", &["Culture"], KATHMANDU, 0, 0).await;
    let phewa = insert_destination(&app, "Phewa Lake").await;
    for path in [guide_path(&dawa), guide_path(&mina), destination_path(&phewa)] {
        lists(put(&app, &path, &traveller.token).await).await;
    }

    // Act
    let suspended = app
        .post_json_auth(
            &format!("/api/v1/admin/users/{dawa}/suspend"),
            &json!({ "reason": "Fake licence" }),
            &admin.token,
        )
        .await;
    assert_eq!(suspended.status(), StatusCode::OK);
    let deleted = delete(&app, &format!("/api/v1/admin/destinations/{phewa}"), &admin.token).await;
    assert_eq!(deleted.status(), StatusCode::OK);

    // Assert
    let saved = lists(app.get_auth(SAVED, &traveller.token).await).await;
    assert_eq!(ids(&saved["guides"]), [mina.as_str()]);
    assert_eq!(saved["destinations"], json!([]));
    assert_error(
        put(&app, &guide_path(&dawa), &traveller.token).await,
        StatusCode::NOT_FOUND,
        "Guide not found",
    )
    .await;
    lists(delete(&app, &guide_path(&dawa), &traveller.token).await).await;
    let lifted = app
        .post_json_auth(&format!("/api/v1/admin/users/{dawa}/unsuspend"), &json!({}), &admin.token)
        .await;
    assert_eq!(lifted.status(), StatusCode::OK);
    let saved = lists(app.get_auth(SAVED, &traveller.token).await).await;
    assert_eq!(ids(&saved["guides"]), [mina.as_str()], "removed while suspended, so not back");
}

#[tokio::test]
async fn a_full_list_refuses_one_more_but_saving_one_already_there_is_fine() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;
    let me = user_id(&app, &traveller.token).await;
    let db = app.db().await;
    let mut first = String::new();
    for n in 0..yatra::saved::MAX_SAVED {
        let id = new_id();
        sqlx::query("INSERT INTO destinations (id, name, location, description, created_at, updated_at) VALUES ($1, $2, 'Nepal', 'A place.', $3, $3)")
            .bind(&id)
            .bind(format!("Place {n}"))
            .bind(n)
            .execute(&db.pool)
            .await
            .unwrap();
        sqlx::query("INSERT INTO favourite_destinations (user_id, destination_id, created_at) VALUES ($1, $2, $3)")
            .bind(&me)
            .bind(&id)
            .bind(n)
            .execute(&db.pool)
            .await
            .unwrap();
        if n == 0 {
            first = id;
        }
    }
    db.pool.close().await;
    let one_more = insert_destination(&app, "Phewa Lake").await;

    // Act + Assert
    assert_error(
        put(&app, &destination_path(&one_more), &traveller.token).await,
        StatusCode::CONFLICT,
        "You can save up to 200 destinations. Remove one to save another.",
    )
    .await;
    let saved = lists(put(&app, &destination_path(&first), &traveller.token).await).await;
    assert_eq!(saved["destinations"].as_array().unwrap().len(), 200);
    assert_eq!(saved["destinations"][199]["_id"], first.as_str(), "oldest last");
    lists(delete(&app, &destination_path(&first), &traveller.token).await).await;
    let saved = lists(put(&app, &destination_path(&one_more), &traveller.token).await).await;
    assert_eq!(saved["destinations"][0]["_id"], one_more.as_str());
}

#[tokio::test]
async fn the_full_list_message_is_in_nepali_for_a_nepali_reader() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;
    let me = user_id(&app, &traveller.token).await;
    let db = app.db().await;
    for n in 0..yatra::saved::MAX_SAVED {
        let guide = new_id();
        sqlx::query(
            "INSERT INTO users (id, first_name, last_name, email, email_lower, password_hash, role, created_at, updated_at) \
             VALUES ($1, 'G', 'Guide', $2, $2, 'not-a-hash', 'guide', $3, $3)",
        )
        .bind(&guide)
        .bind(format!("{guide}@guides.example.com"))
        .bind(n)
        .execute(&db.pool)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO favourite_guides (user_id, guide_id, created_at) VALUES ($1, $2, $3)",
        )
        .bind(&me)
        .bind(&guide)
        .bind(n)
        .execute(&db.pool)
        .await
        .unwrap();
    }
    db.pool.close().await;
    let dawa = insert_verified_guide(&app, "Dawa", &["Trekking"], POKHARA, 0, 0).await;

    // Act
    let response = app
        .client
        .put(app.url(&guide_path(&dawa)))
        .bearer_auth(&traveller.token)
        .header("accept-language", "ne")
        .send()
        .await
        .unwrap();

    // Assert
    assert_error(
        response,
        StatusCode::CONFLICT,
        "तपाईं बढीमा 200 गाइड सुरक्षित राख्न सक्नुहुन्छ। अर्को राख्न एउटा हटाउनुहोस्।",
    )
    .await;
}
