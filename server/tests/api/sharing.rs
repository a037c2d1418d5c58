//! Shareable pages and pictures: WebP copies of every public upload at a few widths
//! (never enlarged, none for private images, removed with the image), the per-page head
//! of guide, destination and blog pages (escaped) and of the terms and privacy policy,
//! robots.txt and the sitemap.

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::fixtures::{guide_profile, submitted_guide, verified_guide};
use crate::helpers::{
    TestApp, assert_error, jpeg, png, spawn_app, spawn_app_with, spawn_app_with_client,
};

const PUBLIC_URL: &str = "https://yatra.example.com";

async fn upload_guide_picture(app: &TestApp, token: &str, bytes: Vec<u8>) -> Value {
    let response = app
        .upload(
            "/api/v1/guides/profile-image",
            token,
            "profileImage",
            "me.jpg",
            "image/jpeg",
            bytes,
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json::<Value>().await.unwrap()["data"]["guideDetails"].clone()
}

/// The `(url, width)` pairs of a `srcset`.
fn srcset(variants: &Value) -> Vec<(String, u32)> {
    variants["srcset"]
        .as_str()
        .expect("srcset")
        .split(", ")
        .map(|entry| {
            let (url, width) = entry.split_once(' ').expect("url and width");
            (url.to_owned(), width.trim_end_matches('w').parse().expect("a width"))
        })
        .collect()
}

#[tokio::test]
async fn an_upload_gets_webp_copies_at_320_640_and_1280_px_that_are_served_for_a_year() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;

    // Act
    let details = upload_guide_picture(&app, &guide.token, jpeg(1600, 1000)).await;

    // Assert
    let variants = &details["profilePictureVariants"];
    assert_eq!((variants["width"].as_u64(), variants["height"].as_u64()), (Some(1600), Some(1000)));
    let copies = srcset(variants);
    assert_eq!(copies.iter().map(|(_, w)| *w).collect::<Vec<_>>(), [320, 640, 1280]);
    for (url, width) in copies {
        assert!(url.starts_with("/media/") && url.ends_with(&format!("-{width}w.webp")), "{url}");
        let response = app.get(&url).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["content-type"], "image/webp");
        assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable");
        let picture =
            image::load_from_memory(&response.bytes().await.unwrap()).expect("a WebP picture");
        assert_eq!((picture.width(), picture.height()), (width, width * 1000 / 1600));
    }
    // The original, its thumbnail and three copies.
    assert_eq!(app.media_files().len(), 5);
}

#[tokio::test]
async fn a_small_picture_is_never_enlarged() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;

    // Act
    let details = upload_guide_picture(&app, &guide.token, png(500, 250, true)).await;

    // Assert
    let copies = srcset(&details["profilePictureVariants"]);
    assert_eq!(copies.iter().map(|(_, w)| *w).collect::<Vec<_>>(), [320, 500]);
    let largest = app.get(&copies[1].0).await.bytes().await.unwrap();
    assert_eq!(image::load_from_memory(&largest).unwrap().width(), 500);
}

#[tokio::test]
async fn replacing_a_picture_removes_its_copies_and_bad_images_are_still_refused() {
    // Arrange
    let app = spawn_app().await;
    let guide = app.signup_and_login("guide").await;
    let first = upload_guide_picture(&app, &guide.token, jpeg(700, 400)).await;

    // Act
    let second = upload_guide_picture(&app, &guide.token, jpeg(300, 200)).await;
    let refused = app
        .upload(
            "/api/v1/guides/profile-image",
            &guide.token,
            "profileImage",
            "a.jpg",
            "image/jpeg",
            b"not a picture".to_vec(),
        )
        .await;

    // Assert
    for (url, _) in srcset(&first["profilePictureVariants"]) {
        assert_eq!(app.get(&url).await.status(), StatusCode::NOT_FOUND, "{url}");
    }
    assert_eq!(srcset(&second["profilePictureVariants"]).len(), 1);
    assert_error(
        refused,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "Only JPEG, PNG or WebP images are allowed",
    )
    .await;
    assert_eq!(app.media_files().len(), 3, "the second picture, its thumbnail and one copy");
}

#[tokio::test]
async fn private_images_get_no_copies_and_made_up_copy_names_answer_404() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;

    // Act
    let response = app
        .upload(
            "/api/v1/tourists/id-image",
            &traveller.token,
            "idCardImage",
            "id.jpg",
            "image/jpeg",
            jpeg(900, 600),
        )
        .await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.media_files().len(), 2, "{:?}", app.media_files());
    for path in [
        "/media/0123456789abcdef0123456789abcdef-640w.webp",
        "/media/0123456789abcdef0123456789abcdef-w.webp",
        "/media/0123456789abcdef0123456789abcdef-12345w.webp",
        "/media/0123456789abcdef0123456789abcdef.webp",
        "/media/0123456789abcdef0123456789abcdef-thumb.webp",
    ] {
        assert_eq!(app.get(path).await.status(), StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn destinations_guide_cards_and_blog_posts_carry_their_variants() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (guide, guide_id) = verified_guide(
        &app,
        &admin,
        "Pemba",
        "Sherpa",
        &guide_profile("Trekking guide.", &["English"], &["Trekking"], "Namche", (27.8, 86.7)),
    )
    .await;
    upload_guide_picture(&app, &guide.token, jpeg(800, 800)).await;

    // Act
    let destination = app
        .upload_form(
            "/api/v1/admin/destinations",
            &admin.token,
            Form::new()
                .text("name", "Phewa Lake")
                .text("location", "Pokhara")
                .text("description", "A lake.")
                .part(
                    "image",
                    Part::bytes(jpeg(1400, 700))
                        .file_name("lake.jpg")
                        .mime_str("image/jpeg")
                        .unwrap(),
                ),
        )
        .await;
    let blog = app
        .upload_form(
            "/api/v1/blogs",
            &guide.token,
            Form::new().text("title", "Dawn at Gokyo").text("description", "Cold and clear.").part(
                "image",
                Part::bytes(jpeg(640, 480)).file_name("gokyo.jpg").mime_str("image/jpeg").unwrap(),
            ),
        )
        .await;

    // Assert
    assert_eq!(destination.status(), StatusCode::CREATED);
    let destination: Value = destination.json().await.unwrap();
    assert_eq!(srcset(&destination["destination"]["imageVariants"]).len(), 3);
    assert_eq!(blog.status(), StatusCode::CREATED);
    let blog: Value = blog.json().await.unwrap();
    assert_eq!(
        srcset(&blog["blog"]["imageVariants"]).iter().map(|(_, w)| *w).collect::<Vec<_>>(),
        [320, 640]
    );
    let list: Value = app.get("/api/v1/users/guides?page=1&limit=10").await.json().await.unwrap();
    let card = list["guides"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["_id"] == guide_id.as_str())
        .expect("the guide's card");
    assert_eq!(card["profilePictureVariants"]["width"], 800);
    assert!(card["coverImageVariants"].is_null());
}

async fn page(app: &TestApp, path: &str) -> String {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    assert_eq!(response.headers()["content-type"], "text/html; charset=utf-8");
    response.text().await.unwrap()
}

#[tokio::test]
async fn a_guide_page_has_the_guides_title_description_canonical_link_and_photo_escaped() {
    // Arrange
    let app = spawn_app_with_client(&[("YATRA_PUBLIC_URL", PUBLIC_URL)]).await;
    let admin = app.admin().await;
    let profile = guide_profile(
        "I \"guide\" <b>treks</b> & tours.",
        &["English"],
        &["Trekking"],
        "Pokhara",
        (28.2, 83.9),
    );
    let (guide, id) =
        verified_guide(&app, &admin, "<script>alert(1)</script>", "O'Brien", &profile).await;
    let details = upload_guide_picture(&app, &guide.token, jpeg(900, 600)).await;
    let photo = details["profilePicture"].as_str().unwrap();

    // Act
    let html = page(&app, &format!("/guides/{id}")).await;

    // Assert
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(html.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt; O&#39;Brien — tour guide in Nepal | Yatra</title>"), "{html}");
    assert_eq!(html.matches("<title>").count(), 1);
    assert!(
        html.contains(&format!("<link rel=\"canonical\" href=\"{PUBLIC_URL}/guides/{id}\">")),
        "{html}"
    );
    assert!(
        html.contains(&format!("<meta property=\"og:image\" content=\"{PUBLIC_URL}{photo}\">")),
        "{html}"
    );
    assert!(html.contains("<meta property=\"og:image:width\" content=\"900\">"));
    assert!(html.contains("<meta property=\"og:type\" content=\"profile\">"));
    assert!(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));
    let description = html
        .split("<meta name=\"description\" content=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert_eq!(
        description,
        "Local guide in Pokhara · $40/day. I &quot;guide&quot; &lt;b&gt;treks&lt;/b&gt; &amp; tours."
    );
    assert_eq!(html.matches("name=\"description\"").count(), 1);
    // The rest of index.html is untouched.
    assert!(html.contains("<script type=\"module\" src=\"/assets/index-3f9a1c.js\"></script>"));
    assert!(html.contains("<div id=\"root\"></div>"));
}

#[tokio::test]
async fn a_page_made_before_shows_the_guides_edit_at_once() {
    // Arrange
    let app = spawn_app_with_client(&[("YATRA_PUBLIC_URL", PUBLIC_URL)]).await;
    let admin = app.admin().await;
    let profile = guide_profile(
        "Treks around the lake.",
        &["English"],
        &["Trekking"],
        "Pokhara",
        (28.2, 83.9),
    );
    let (guide, id) = verified_guide(&app, &admin, "Maya", "Gurung", &profile).await;
    let path = format!("/guides/{id}");
    let before = page(&app, &path).await;
    assert_eq!(page(&app, &path).await, before, "the same page while nothing changes");
    assert!(before.contains("Treks around the lake."), "{before}");

    // Act
    let edited =
        guide_profile("Rafting on the Seti.", &["English"], &["Trekking"], "Pokhara", (28.2, 83.9));
    let saved = app.post_json_auth("/api/v1/guides/profile", &edited, &guide.token).await;
    assert_eq!(saved.status(), StatusCode::OK, "{}", saved.text().await.unwrap());
    let after = page(&app, &path).await;
    let list = page(&app, "/guides").await;

    // Assert
    assert!(
        after.contains("Rafting on the Seti.") && !after.contains("Treks around the lake."),
        "{after}"
    );
    assert!(list.contains("Rafting on the Seti."), "the list page's answer too: {list}");
}

#[tokio::test]
async fn an_unverified_suspended_or_unknown_guide_gets_the_generic_page() {
    // Arrange
    let app = spawn_app_with_client(&[("YATRA_PUBLIC_URL", PUBLIC_URL)]).await;
    let admin = app.admin().await;
    let profile =
        guide_profile("Waiting for review.", &["English"], &["Trekking"], "Pokhara", (28.2, 83.9));
    let (_, waiting) = submitted_guide(&app, "Waiting", "Guide", &profile).await;
    let (_, suspended) = verified_guide(&app, &admin, "Suspended", "Guide", &profile).await;
    let suspend = app
        .post_json_auth(
            &format!("/api/v1/admin/users/{suspended}/suspend"),
            &json!({ "reason": "Spam" }),
            &admin.token,
        )
        .await;
    assert_eq!(suspend.status(), StatusCode::OK, "{}", suspend.text().await.unwrap());
    // Not `/guides`: that list's page carries its first page of guides (see `first_paint`).
    let generic = page(&app, "/destinations").await;

    for path in [
        format!("/guides/{waiting}"),
        format!("/guides/{suspended}"),
        "/guides/0123456789abcdef0123456789abcdef".to_owned(),
        "/guides/'%22%3Cscript%3E".to_owned(),
        "/destination/nope".to_owned(),
        "/blog/nope".to_owned(),
        format!("/guides/{waiting}/extra"),
    ] {
        // Act
        let html = page(&app, &path).await;

        // Assert
        assert_eq!(html, generic, "{path}");
        assert!(!html.contains("og:title"), "{path}");
    }
}

#[tokio::test]
async fn destination_and_blog_pages_have_their_own_heads_and_hidden_posts_do_not() {
    // Arrange
    let app = spawn_app_with_client(&[("YATRA_PUBLIC_URL", PUBLIC_URL)]).await;
    let admin = app.admin().await;
    let traveller = app.signup_and_login("tourist").await;
    let destination: Value = app
        .upload_form(
            "/api/v1/admin/destinations",
            &admin.token,
            Form::new()
                .text("name", "Phewa & Begnas")
                .text("location", "Pokhara")
                .text("description", "Two lakes.")
                .part(
                    "image",
                    Part::bytes(jpeg(800, 400))
                        .file_name("lake.jpg")
                        .mime_str("image/jpeg")
                        .unwrap(),
                ),
        )
        .await
        .json()
        .await
        .unwrap();
    let destination_id = destination["destination"]["_id"].as_str().unwrap();
    let blog: Value = app
        .upload_form(
            "/api/v1/blogs",
            &traveller.token,
            Form::new().text("title", "Tea at \"Ghorepani\"").text("description", "Long day."),
        )
        .await
        .json()
        .await
        .unwrap();
    let blog_id = blog["blog"]["_id"].as_str().unwrap();

    // Act
    let destination_html = page(&app, &format!("/destination/{destination_id}")).await;
    let blog_html = page(&app, &format!("/blog/{blog_id}")).await;

    // Assert
    assert!(
        destination_html.contains("<title>Phewa &amp; Begnas, Pokhara | Yatra</title>"),
        "{destination_html}"
    );
    assert!(destination_html.contains("<meta property=\"og:description\" content=\"Two lakes.\">"));
    assert!(destination_html.contains(&format!("content=\"{PUBLIC_URL}/media/")));
    assert!(
        blog_html
            .contains("<meta property=\"og:title\" content=\"Tea at &quot;Ghorepani&quot; — by "),
        "{blog_html}"
    );
    assert!(blog_html.contains("<meta property=\"og:type\" content=\"article\">"));
    assert!(
        blog_html.contains("<meta name=\"twitter:card\" content=\"summary\">"),
        "no image: the small card"
    );

    // Act: an admin hides the post.
    let hidden = app
        .post_json_auth(
            &format!("/api/v1/admin/blogs/{blog_id}/hide"),
            &json!({ "reason": "Spam" }),
            &admin.token,
        )
        .await;
    assert_eq!(hidden.status(), StatusCode::OK, "{}", hidden.text().await.unwrap());

    // Assert
    assert!(!page(&app, &format!("/blog/{blog_id}")).await.contains("og:title"));
}

#[tokio::test]
async fn the_terms_and_privacy_pages_have_their_own_heads_and_are_in_the_sitemap() {
    // Arrange
    let app = spawn_app_with_client(&[("YATRA_PUBLIC_URL", PUBLIC_URL)]).await;

    // Act
    let terms = page(&app, "/terms").await;
    let privacy = page(&app, "/privacy").await;
    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();

    // Assert
    assert!(terms.contains("<title>Terms of Service | Yatra</title>"), "{terms}");
    assert!(terms.contains(&format!("<link rel=\"canonical\" href=\"{PUBLIC_URL}/terms\">")));
    assert!(
        terms.contains("<meta name=\"description\" content=\"The agreement between you and Yatra")
    );
    assert_eq!(terms.matches("<title>").count(), 1);
    assert!(privacy.contains("<title>Privacy Policy | Yatra</title>"), "{privacy}");
    assert!(
        privacy.contains("<meta property=\"og:description\" content=\"What Yatra stores about you")
    );
    assert!(privacy.contains("<meta property=\"og:type\" content=\"website\">"));
    for path in ["/terms", "/privacy"] {
        assert!(sitemap.contains(&format!("<loc>{PUBLIC_URL}{path}</loc>")), "{sitemap}");
    }
}

#[tokio::test]
async fn a_page_head_is_revalidated_compressed_and_answers_304_when_unchanged() {
    // Arrange
    let app = spawn_app_with_client(&[("YATRA_PUBLIC_URL", PUBLIC_URL)]).await;
    let admin = app.admin().await;
    let profile =
        guide_profile("Trekking guide.", &["English"], &["Trekking"], "Namche", (27.8, 86.7));
    let (_, id) = verified_guide(&app, &admin, "Pemba", "Sherpa", &profile).await;
    let path = format!("/guides/{id}");

    // Act
    let first =
        app.client.get(app.url(&path)).header("accept-encoding", "gzip").send().await.unwrap();
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    let again = app
        .client
        .get(app.url(&path))
        .header("accept-encoding", "gzip")
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();

    // Assert
    assert_eq!(first.headers()["content-encoding"], "gzip");
    assert_eq!(first.headers()["cache-control"], "no-cache");
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn robots_txt_is_text_pointing_to_the_sitemap() {
    // Arrange
    let app = spawn_app_with(&[("YATRA_PUBLIC_URL", PUBLIC_URL)]).await;

    // Act
    let response = app.get("/robots.txt").await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/plain; charset=utf-8");
    let text = response.text().await.unwrap();
    assert!(text.starts_with("User-agent: *\n"), "{text}");
    assert!(text.contains(&format!("\nSitemap: {PUBLIC_URL}/sitemap.xml\n")), "{text}");
}

#[tokio::test]
async fn the_sitemap_lists_every_public_page_and_leaves_out_hidden_suspended_and_unverified() {
    // Arrange
    let app = spawn_app_with(&[("YATRA_PUBLIC_URL", &format!("{PUBLIC_URL}/"))]).await;
    let admin = app.admin().await;
    let profile =
        guide_profile("Trekking guide.", &["English"], &["Trekking"], "Namche", (27.8, 86.7));
    let (guide, verified) = verified_guide(&app, &admin, "Pemba", "Sherpa", &profile).await;
    let (_, waiting) = submitted_guide(&app, "Waiting", "Guide", &profile).await;
    let (_, suspended) = verified_guide(&app, &admin, "Suspended", "Guide", &profile).await;
    let suspend = app
        .post_json_auth(
            &format!("/api/v1/admin/users/{suspended}/suspend"),
            &json!({ "reason": "Spam" }),
            &admin.token,
        )
        .await;
    assert_eq!(suspend.status(), StatusCode::OK);
    let post = |title: &'static str| {
        app.upload_form(
            "/api/v1/blogs",
            &guide.token,
            Form::new().text("title", title).text("description", "Words & more."),
        )
    };
    let shown: Value = post("Shown").await.json().await.unwrap();
    let hidden: Value = post("Hidden").await.json().await.unwrap();
    let (shown, hidden) =
        (shown["blog"]["_id"].as_str().unwrap(), hidden["blog"]["_id"].as_str().unwrap());
    let hide = app
        .post_json_auth(
            &format!("/api/v1/admin/blogs/{hidden}/hide"),
            &json!({ "reason": "Spam" }),
            &admin.token,
        )
        .await;
    assert_eq!(hide.status(), StatusCode::OK);

    // Act
    let response = app.get("/sitemap.xml").await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/xml; charset=utf-8");
    let xml = response.text().await.unwrap();
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"));
    assert!(xml.trim_end().ends_with("</urlset>"));
    let locs: Vec<&str> =
        xml.split("<loc>").skip(1).map(|rest| rest.split("</loc>").next().unwrap()).collect();
    assert!(locs.contains(&format!("{PUBLIC_URL}/guides/{verified}").as_str()), "{xml}");
    assert!(locs.contains(&format!("{PUBLIC_URL}/blog/{shown}").as_str()), "{xml}");
    assert!(locs.contains(&format!("{PUBLIC_URL}/guides").as_str()));
    for left_out in
        [format!("/guides/{waiting}"), format!("/guides/{suspended}"), format!("/blog/{hidden}")]
    {
        assert!(!xml.contains(&left_out), "{left_out} in {xml}");
    }
    assert_eq!(xml.matches("<url>").count(), xml.matches("</url>").count());
    assert!(xml.contains("<lastmod>"), "{xml}");
}

#[tokio::test]
async fn images_stored_before_copies_existed_get_them_from_the_backfill() {
    // Arrange: an upload as an older version stored it (no copies, no widths), by a listed
    // guide, whose card the guide search keeps in memory. (Kept answers, which a command
    // cannot move on, would show the change only after `catalogue::KEPT_FOR`.)
    let app = spawn_app_with(&[("YATRA_CATALOGUE_CACHE", "false")]).await;
    let admin = app.admin().await;
    let profile = guide_profile("Old photos", &["English"], &["culture"], "Patan", (85.3, 27.7));
    let (guide, id) = verified_guide(&app, &admin, "Old", "Photo", &profile).await;
    let details = upload_guide_picture(&app, &guide.token, jpeg(700, 350)).await;
    for file in app.media_files().into_iter().filter(|f| f.extension().is_some_and(|e| e == "webp"))
    {
        std::fs::remove_file(file).unwrap();
    }
    let db = app.db().await;
    let mut tx = db.begin_write().await.unwrap();
    sqlx::query("UPDATE media SET webp_widths = NULL").execute(&mut *tx).await.unwrap();
    yatra::catalogue_changes::record(&mut tx, yatra::catalogue_changes::Kind::Guide, &[&id])
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let me: Value = app.get_data("/api/v1/guides/guide-profile", &guide.token).await;
    let original = details["profilePicture"].as_str().unwrap();
    assert_eq!(
        me["guideDetails"]["profilePictureVariants"]["srcset"],
        format!("{original} 700w"),
        "the image itself until copies exist"
    );
    let card = || async {
        let list: Value = app.get("/api/v1/users/guides").await.json().await.unwrap();
        list["guides"][0]["profilePictureVariants"].clone()
    };
    assert_eq!(card().await["srcset"], format!("{original} 700w"));

    // Act
    let store = yatra::media_store::MediaStore::from_config(&app.config.media).unwrap();
    let done = yatra::media::backfill::webp_copies(&db, &store).await.unwrap();
    let again = yatra::media::backfill::webp_copies(&db, &store).await.unwrap();

    // Assert
    assert_eq!((done.images, done.skipped), (1, 0));
    assert_eq!(again.images, 0, "nothing left to do");
    let me: Value = app.get_data("/api/v1/guides/guide-profile", &guide.token).await;
    let copies = srcset(&me["guideDetails"]["profilePictureVariants"]);
    assert_eq!(copies.iter().map(|(_, w)| *w).collect::<Vec<_>>(), [320, 640, 700]);
    for (url, _) in copies {
        assert_eq!(app.get(&url).await.status(), StatusCode::OK, "{url}");
    }
    assert_eq!(card().await, me["guideDetails"]["profilePictureVariants"], "the card shows them");
}

/// The API answer a page carries in its HTML (`<script type="application/json" id="page-data">`), and its URL.
fn page_data(html: &str) -> (String, Value) {
    let element = html
        .split("<script type=\"application/json\" id=\"page-data\" data-url=\"")
        .nth(1)
        .unwrap_or_else(|| panic!("no page data: {html}"));
    let (url, rest) = element.split_once("\">").unwrap();
    let json = rest.split("</script>").next().unwrap();
    (url.to_owned(), serde_json::from_str(json).expect("page data is JSON"))
}

#[tokio::test]
async fn a_destination_page_carries_its_api_answer_escaped_and_preloads_its_picture() {
    // Arrange
    let app = spawn_app_with_client(&[("YATRA_PUBLIC_URL", PUBLIC_URL)]).await;
    let admin = app.admin().await;
    let destination: Value = app
        .upload_form(
            "/api/v1/admin/destinations",
            &admin.token,
            Form::new()
                .text("name", "Rara Lake")
                .text("location", "Mugu")
                .text("description", "Blue water.</script><script>alert(1)</script>")
                .part(
                    "image",
                    Part::bytes(jpeg(1600, 1000))
                        .file_name("lake.jpg")
                        .mime_str("image/jpeg")
                        .unwrap(),
                ),
        )
        .await
        .json()
        .await
        .unwrap();
    let id = destination["destination"]["_id"].as_str().unwrap();
    let answer: Value =
        app.get(&format!("/api/v1/users/destination/{id}")).await.json().await.unwrap();

    // Act
    let html = page(&app, &format!("/destination/{id}")).await;

    // Assert
    assert!(!html.contains("<script>alert"), "{html}");
    let (url, data) = page_data(&html);
    assert_eq!(url, format!("/api/v1/users/destination/{id}"));
    assert_eq!(data, answer);
    let srcset = answer["destination"]["imageVariants"]["srcset"].as_str().unwrap();
    let preload = format!(
        "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{}\" imagesrcset=\"{srcset}\" imagesizes=\"(min-width: 1152px) 1152px, 100vw\">",
        answer["destination"]["image"].as_str().unwrap()
    );
    assert!(html.contains(&preload), "{html}");
    assert_eq!(html.matches("<title>").count(), 1);
}

#[tokio::test]
async fn the_guide_list_page_carries_its_first_page_and_a_guide_page_its_guide() {
    // Arrange
    let app = spawn_app_with_client(&[("YATRA_PUBLIC_URL", PUBLIC_URL)]).await;
    let admin = app.admin().await;
    let profile =
        guide_profile("Trekking guide.", &["English"], &["Trekking"], "Namche", (27.8, 86.7));
    let (_, id) = verified_guide(&app, &admin, "Pemba", "Sherpa", &profile).await;
    let list: Value = app.get("/api/v1/users/guides?limit=10&page=1").await.json().await.unwrap();
    let guide: Value = app.get(&format!("/api/v1/users/guide/{id}")).await.json().await.unwrap();

    // Act
    let list_html = page(&app, "/guides").await;
    let guide_html = page(&app, &format!("/guides/{id}")).await;

    // Assert
    // The URL is an HTML attribute, escaped; the client reads it back as `limit=10&page=1`.
    assert_eq!(
        page_data(&list_html),
        ("/api/v1/users/guides?limit=10&amp;page=1".to_owned(), list)
    );
    assert!(list_html.contains("<title>Yatra"), "the list keeps the generic head: {list_html}");
    assert_eq!(page_data(&guide_html), (format!("/api/v1/users/guide/{id}"), guide));
    // No cover photo: nothing to preload.
    assert!(!guide_html.contains("rel=\"preload\""), "{guide_html}");
}
