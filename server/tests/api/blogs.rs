//! Blogs: anyone reads and searches; any signed-in account writes, and only the author
//! edits or deletes; likes count once per account; images are replaced and removed with
//! their post; text is stored exactly as written.

use std::collections::HashSet;

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::helpers::{TestApp, TestUser, assert_error, jpeg, spawn_app};

const MINE: &str = "/api/v1/blogs";

fn form(title: &str, body: &str, image: Option<u32>) -> Form {
    let mut form = Form::new()
        .text("title", title.to_owned())
        .text("description", body.to_owned())
        .text("role", "tourist");
    if let Some(width) = image {
        form = form.part(
            "image",
            Part::bytes(jpeg(width, 120)).file_name("trail.jpg").mime_str("image/jpeg").unwrap(),
        );
    }
    form
}

async fn publish(
    app: &TestApp,
    author: &TestUser,
    title: &str,
    body: &str,
    image: Option<u32>,
) -> Value {
    let response = app.upload_form(MINE, &author.token, form(title, body, image)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Blog published");
    body["blog"].clone()
}

async fn patch(app: &TestApp, token: &str, id: &str, form: Form) -> reqwest::Response {
    app.client
        .patch(app.url(&format!("{MINE}/{id}")))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap()
}

async fn delete(app: &TestApp, token: &str, path: &str) -> reqwest::Response {
    app.client.delete(app.url(path)).bearer_auth(token).send().await.unwrap()
}

async fn feed(app: &TestApp, query: &str) -> Value {
    let response = app.get(&format!("/api/v1/users/blogs?{query}")).await;
    assert_eq!(response.status(), StatusCode::OK, "{query}");
    response.json().await.unwrap()
}

fn ids(blogs: &Value) -> Vec<String> {
    blogs.as_array().unwrap().iter().map(|b| b["_id"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn a_traveller_and_a_guide_publish_posts_that_everyone_reads() {
    // Arrange
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;
    let guide = app.signup_and_login("guide").await;

    // Act
    let first = publish(
        &app,
        &tourist,
        "Ten days on the Annapurna Circuit",
        "Day one: Besisahar.\nDay two: rain.",
        Some(900),
    )
    .await;
    let second = publish(&app, &guide, "Dal bhat power", "Twice a day, every day.", None).await;

    // Assert
    let list = feed(&app, "page=1&limit=6").await;
    assert_eq!(
        ids(&list["blogs"]),
        [second["_id"].as_str().unwrap(), first["_id"].as_str().unwrap()],
        "newest first"
    );
    assert_eq!(list["totalPages"], 1);
    let id = first["_id"].as_str().unwrap();
    let detail: Value = app.get(&format!("/api/v1/users/blog/{id}")).await.json().await.unwrap();
    let blog = &detail["blog"];
    assert_eq!(blog["title"], "Ten days on the Annapurna Circuit");
    assert_eq!(blog["description"], "Day one: Besisahar.\nDay two: rain.");
    assert_eq!(blog["authorId"]["firstName"], "Sita");
    assert_eq!(blog["authorId"]["lastName"], "Rai");
    assert_eq!(blog["role"], "tourist");
    assert_eq!(blog["likeCount"], 0);
    assert_eq!(blog["likedByMe"], false);
    assert_eq!(app.get(blog["image"].as_str().unwrap()).await.status(), StatusCode::OK);
    assert_eq!(app.get(blog["imageThumb"].as_str().unwrap()).await.status(), StatusCode::OK);
    assert_eq!(second["role"], "guide");
    assert!(second["image"].is_null());
    let mine: Value = app.get_auth(MINE, &tourist.token).await.json().await.unwrap();
    assert_eq!(ids(&mine["blogs"]), [id]);
    assert_error(
        app.get("/api/v1/users/blog/nothing-here").await,
        StatusCode::NOT_FOUND,
        "Blog not found",
    )
    .await;
}

#[tokio::test]
async fn text_is_stored_exactly_as_written() {
    let app = spawn_app().await;
    let author = app.signup_and_login("tourist").await;
    let body =
        "<script>alert(1)</script>\n<img src=x onerror=alert(2)> & \"quotes\" 'too' — नमस्ते 🏔️";
    let blog = publish(&app, &author, "<b>Bold</b> & brave", body, None).await;
    let detail: Value = app
        .get(&format!("/api/v1/users/blog/{}", blog["_id"].as_str().unwrap()))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(detail["blog"]["description"], body);
    assert_eq!(detail["blog"]["title"], "<b>Bold</b> & brave");
}

#[tokio::test]
async fn a_bad_post_gets_a_clear_message_and_changes_nothing() {
    // Arrange
    let app = spawn_app().await;
    let author = app.signup_and_login("guide").await;

    // Act and assert
    for (title, body, message) in [
        ("", "Body", "Title is required"),
        ("   ", "Body", "Title is required"),
        ("Title", "", "Content is required"),
        ("Title", " \n ", "Content is required"),
        (&"t".repeat(151), "Body", "Title must be at most 150 characters"),
        ("Title", &"b".repeat(20_001), "Content must be at most 20000 characters"),
        ("Bad\u{0}title", "Body", "Title contains characters that are not allowed"),
    ] {
        assert_error(
            app.upload_form(MINE, &author.token, form(title, body, Some(100))).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
    let text_as_image = Form::new().text("title", "Title").text("description", "Body").part(
        "image",
        Part::bytes(b"just text".to_vec()).file_name("photo.png").mime_str("image/png").unwrap(),
    );
    assert_eq!(
        app.upload_form(MINE, &author.token, text_as_image).await.status(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE
    );
    assert_eq!(
        app.client
            .post(app.url(MINE))
            .multipart(form("Title", "Body", None))
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(feed(&app, "").await["blogs"], serde_json::json!([]));
    assert!(app.media_files().is_empty());
    let longest = publish(&app, &author, &"t".repeat(150), &"b".repeat(20_000), None).await;
    assert_eq!(longest["description"].as_str().unwrap().len(), 20_000);
}

#[tokio::test]
async fn only_the_author_edits_or_deletes_a_post() {
    // Arrange
    let app = spawn_app().await;
    let author = app.signup_and_login("tourist").await;
    let other = app.signup_and_login("guide").await;
    let blog =
        publish(&app, &author, "Bandipur, the town time forgot", "Cobbles and sunsets.", Some(300))
            .await;
    let id = blog["_id"].as_str().unwrap();
    let path = format!("{MINE}/{id}");
    let files = app.media_files();

    // Act and assert
    let denied = "You can only change your own blog posts";
    assert_error(
        patch(&app, &other.token, id, form("Mine now", "Ha", None)).await,
        StatusCode::FORBIDDEN,
        denied,
    )
    .await;
    assert_error(delete(&app, &other.token, &path).await, StatusCode::FORBIDDEN, denied).await;
    assert_error(app.get_auth(&path, &other.token).await, StatusCode::FORBIDDEN, denied).await;
    assert_eq!(
        app.client.delete(app.url(&path)).send().await.unwrap().status(),
        StatusCode::UNAUTHORIZED
    );
    assert_error(
        delete(&app, &author.token, &format!("{MINE}/nothing")).await,
        StatusCode::NOT_FOUND,
        "Blog not found",
    )
    .await;
    assert_error(
        patch(&app, &author.token, "nothing", form("T", "B", None)).await,
        StatusCode::NOT_FOUND,
        "Blog not found",
    )
    .await;
    let detail: Value = app.get(&format!("/api/v1/users/blog/{id}")).await.json().await.unwrap();
    assert_eq!(detail["blog"]["title"], "Bandipur, the town time forgot");
    assert_eq!(app.media_files(), files);
    assert_eq!(app.get_auth(&path, &author.token).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn editing_replaces_or_removes_the_image_and_deleting_removes_everything() {
    // Arrange
    let app = spawn_app().await;
    let author = app.signup_and_login("tourist").await;
    let reader = app.signup_and_login("tourist").await;
    let blog = publish(&app, &author, "Rara Lake", "The long road.", Some(300)).await;
    let id = blog["_id"].as_str().unwrap();
    let first_image = blog["image"].as_str().unwrap().to_owned();

    // Act: text only, then a new image, then no image.
    let text_only: Value =
        patch(&app, &author.token, id, form("Rara Lake in autumn", "Still long.", None))
            .await
            .json()
            .await
            .unwrap();
    let new_image: Value =
        patch(&app, &author.token, id, form("Rara Lake in autumn", "Still long.", Some(500)))
            .await
            .json()
            .await
            .unwrap();
    let removed: Value = patch(
        &app,
        &author.token,
        id,
        form("Rara Lake in autumn", "Still long.", None).text("removeImage", "true"),
    )
    .await
    .json()
    .await
    .unwrap();

    // Assert
    assert_eq!(text_only["message"], "Blog updated");
    assert_eq!(text_only["blog"]["title"], "Rara Lake in autumn");
    assert_eq!(text_only["blog"]["image"], first_image);
    assert_ne!(new_image["blog"]["image"], first_image);
    assert_eq!(app.get(&first_image).await.status(), StatusCode::NOT_FOUND);
    assert!(removed["blog"]["image"].is_null());
    assert!(app.media_files().is_empty());

    // Act: a like, then delete.
    app.post_json_auth(&format!("{MINE}/{id}/like"), &serde_json::json!({}), &reader.token).await;
    publish(&app, &author, "Another", "Post.", Some(200)).await;
    let deleted = delete(&app, &author.token, &format!("{MINE}/{id}")).await;

    // Assert
    assert_eq!(deleted.status(), StatusCode::OK);
    assert_eq!(app.get(&format!("/api/v1/users/blog/{id}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.media_files().len(), 3, "only the other post's image, thumbnail and WebP copy");
    assert_eq!(feed(&app, "").await["blogs"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn likes_count_once_per_account() {
    // Arrange
    let app = spawn_app().await;
    let author = app.signup_and_login("guide").await;
    let one = app.signup_and_login("tourist").await;
    let two = app.signup_and_login("tourist").await;
    let blog =
        publish(&app, &author, "A morning with the rhinos", "Mist on the Rapti.", None).await;
    let id = blog["_id"].as_str().unwrap();
    let like = format!("{MINE}/{id}/like");

    // Act
    let empty = serde_json::json!({});
    let likes =
        futures::future::join_all((0..5).map(|_| app.post_json_auth(&like, &empty, &one.token)))
            .await;
    let second: Value =
        app.post_json_auth(&like, &serde_json::json!({}), &two.token).await.json().await.unwrap();

    // Assert
    assert!(likes.iter().all(|r| r.status() == StatusCode::OK));
    assert_eq!(second["data"], serde_json::json!({ "liked": true, "likeCount": 2 }));
    let as_one: Value =
        app.get_auth(&format!("/api/v1/users/blog/{id}"), &one.token).await.json().await.unwrap();
    assert_eq!(as_one["blog"]["likedByMe"], true);
    assert_eq!(as_one["blog"]["likeCount"], 2);
    let anonymous: Value = app.get(&format!("/api/v1/users/blog/{id}")).await.json().await.unwrap();
    assert_eq!(anonymous["blog"]["likedByMe"], false);
    let unliked: Value = delete(&app, &one.token, &like).await.json().await.unwrap();
    assert_eq!(unliked["data"], serde_json::json!({ "liked": false, "likeCount": 1 }));
    let again: Value = delete(&app, &one.token, &like).await.json().await.unwrap();
    assert_eq!(again["data"]["likeCount"], 1);
    assert_eq!(
        app.post_json(&like, &serde_json::json!({})).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_error(
        app.post_json_auth(&format!("{MINE}/nothing/like"), &serde_json::json!({}), &one.token)
            .await,
        StatusCode::NOT_FOUND,
        "Blog not found",
    )
    .await;
}

#[tokio::test]
async fn the_feed_pages_newest_first_without_repeats_while_posts_are_published() {
    // Arrange
    let app = spawn_app().await;
    let author = app.signup_and_login("tourist").await;
    let mut original = HashSet::new();
    for i in 0..14 {
        original.insert(
            publish(&app, &author, &format!("Post {i}"), "Body.", None).await["_id"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
    }

    // Act: page with the cursor, publishing between pages.
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    let mut published = 14;
    loop {
        let page = feed(
            &app,
            &cursor
                .as_ref()
                .map(|c| format!("limit=6&cursor={c}"))
                .unwrap_or_else(|| "limit=6".into()),
        )
        .await;
        seen.extend(ids(&page["blogs"]));
        publish(&app, &author, "Late post", "Body.", None).await;
        published += 1;
        match page["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => break,
        }
    }

    // Assert
    let unique: HashSet<&String> = seen.iter().collect();
    assert_eq!(unique.len(), seen.len(), "a post was repeated");
    assert!(original.iter().all(|id| unique.contains(id)), "a post was skipped");
    assert_eq!(feed(&app, "page=1&limit=6").await["totalPages"], (published + 5) / 6);
    for (query, message) in [
        ("limit=0", "limit must be a whole number from 1 to 50"),
        ("page=0", "page must be a whole number from 1 to 100000"),
        ("cursor=x", "The cursor is not valid: start again from the first page"),
    ] {
        assert_error(
            app.get(&format!("/api/v1/users/blogs?{query}")).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
}

#[tokio::test]
async fn blog_search_finds_words_in_titles_and_bodies_and_never_errors() {
    // Arrange
    let app = spawn_app().await;
    let author = app.signup_and_login("tourist").await;
    let permits = publish(
        &app,
        &author,
        "Permits explained",
        "TIMS, ACAP and the Mustang restricted-area permit.",
        None,
    )
    .await;
    let food = publish(
        &app,
        &author,
        "Dal bhat power",
        "Eating your way through a teahouse trek in Ghorepani. Café au lait too.",
        None,
    )
    .await;

    // Act and assert
    assert_eq!(
        ids(&feed(&app, "query=mustang").await["blogs"]),
        [permits["_id"].as_str().unwrap()]
    );
    assert_eq!(ids(&feed(&app, "query=DAL%20bh").await["blogs"]), [food["_id"].as_str().unwrap()]);
    assert_eq!(ids(&feed(&app, "query=cafe").await["blogs"]), [food["_id"].as_str().unwrap()]);
    assert_eq!(ids(&feed(&app, "query=ghorepani%20permit").await["blogs"]), Vec::<String>::new());
    for odd in [
        "%25",
        "_",
        "%27",
        "%22",
        "*",
        "NEAR(a%20b)",
        "%F0%9F%98%80",
        "%E0%A4%A8%E0%A4%AE",
        "a%20OR%20b",
        "(",
        "%5C",
    ] {
        assert_eq!(
            app.get(&format!("/api/v1/users/blogs?query={odd}")).await.status(),
            StatusCode::OK,
            "{odd}"
        );
    }
}

#[tokio::test]
async fn form_line_breaks_count_once_and_an_expired_token_on_a_public_page_is_401() {
    // Arrange
    let app = spawn_app().await;
    let author = app.signup_and_login("tourist").await;
    // Browsers send a form's line breaks as CR LF: 10000 of them are still 20000 characters.
    let body = "a\r\n".repeat(6_666) + "ab";
    let blog = publish(&app, &author, "Line breaks", &body, None).await;
    let id = blog["_id"].as_str().unwrap();

    // Act
    let expired =
        crate::helpers::forge_token(crate::helpers::JWT_SECRET, "someone", "tourist", 1, 2);
    let with_expired = app.get_auth(&format!("/api/v1/users/blog/{id}"), &expired).await;
    let feed_with_expired = app.get_auth("/api/v1/users/blogs", &expired).await;

    // Assert
    assert_eq!(blog["description"], "a\n".repeat(6_666) + "ab");
    assert_eq!(with_expired.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(feed_with_expired.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get(&format!("/api/v1/users/blog/{id}")).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_author_gives_a_post_nepali_texts_and_edits_them() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let nepali = |title: &str, body: &str| {
        form("Poon Hill at dawn", "Up before dawn.", None)
            .text("titleNe", title.to_owned())
            .text("descriptionNe", body.to_owned())
    };

    // Act: published with both Nepali texts, line breaks as browsers send them.
    let response = app
        .upload_form(MINE, &admin.token, nepali("  पुनहिल बिहानै  ", "बिहानै उठ्यौं।\r\nसुनौलो उज्यालो।"))
        .await;

    // Assert
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.unwrap();
    let id = created["blog"]["_id"].as_str().unwrap().to_owned();
    assert_eq!(created["blog"]["titleNe"], "पुनहिल बिहानै");
    assert_eq!(created["blog"]["descriptionNe"], "बिहानै उठ्यौं।\nसुनौलो उज्यालो।");

    // An edit sets them, and empty removes one.
    let edited = patch(&app, &admin.token, &id, nepali("पुनहिल", "")).await;
    assert_eq!(edited.status(), StatusCode::OK);
    let detail: Value = app.get(&format!("/api/v1/users/blog/{id}")).await.json().await.unwrap();
    assert_eq!(detail["blog"]["titleNe"], "पुनहिल");
    assert_eq!(detail["blog"]["descriptionNe"], Value::Null);

    // An edit without the Nepali fields keeps them while the English stays the same.
    let plain = patch(&app, &admin.token, &id, form("Poon Hill at dawn", "Up before dawn.", None));
    assert_eq!(plain.await.status(), StatusCode::OK);
    let detail: Value = app.get(&format!("/api/v1/users/blog/{id}")).await.json().await.unwrap();
    assert_eq!(detail["blog"]["titleNe"], "पुनहिल");

    // Too long or with control characters, they are refused and nothing changes.
    let long = "न".repeat(151);
    let refused = patch(&app, &admin.token, &id, nepali(&long, "")).await;
    assert_error(refused, StatusCode::BAD_REQUEST, "Nepali title must be at most 150 characters")
        .await;
    let refused = patch(&app, &admin.token, &id, nepali("पुनहिल", "बिहान\u{7}")).await;
    assert_error(
        refused,
        StatusCode::BAD_REQUEST,
        "Nepali content contains characters that are not allowed",
    )
    .await;
    let detail: Value = app.get(&format!("/api/v1/users/blog/{id}")).await.json().await.unwrap();
    assert_eq!(detail["blog"]["titleNe"], "पुनहिल");
}
