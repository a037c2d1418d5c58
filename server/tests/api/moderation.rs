//! Moderation: anyone signed in reports a public post, review or guide (once while the
//! report is open); only admins see reports, hide posts and reviews, suspend accounts
//! and dismiss reports; hidden content and suspended guides leave every public endpoint;
//! a suspension cuts off live tokens; every admin action is in the audit log.

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use yatra::i18n::Lang;
use yatra::notice::Notice;

use crate::fixtures::{
    KATHMANDU, days_from_today, guide_profile, insert_booking, request_booking, submitted_guide,
    user_id, verified_guide,
};
use crate::helpers::{TestApp, TestUser, assert_error, jpeg, spawn_app};

const REPORTS: &str = "/api/v1/reports";
const OPEN_REPORTS: &str = "/api/v1/admin/reports";
const AUDIT: &str = "/api/v1/admin/audit";
const SUSPENDED: &str = "/api/v1/admin/users/suspended";
const SUSPENDED_MESSAGE: &str =
    "This account is suspended. Please contact support if you think this is a mistake.";

async fn publish(app: &TestApp, author: &TestUser, title: &str) -> String {
    let form = Form::new()
        .text("title", title.to_owned())
        .text("description", "Tea houses all the way up.")
        .text("role", "tourist");
    let response = app.upload_form("/api/v1/blogs", &author.token, form).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    body["blog"]["_id"].as_str().unwrap().to_owned()
}

async fn get_json(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "GET {path}");
    response.json().await.unwrap()
}

fn ids(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|item| item["_id"].as_str().unwrap().to_owned()).collect()
}

fn report(target_type: &str, target_id: &str, reason: &str) -> Value {
    json!({ "targetType": target_type, "targetId": target_id, "reason": reason })
}

async fn act(app: &TestApp, admin: &TestUser, path: &str, reason: &str) -> reqwest::Response {
    app.post_json_auth(path, &json!({ "reason": reason }), &admin.token).await
}

/// A verified guide (Nabin Maharjan in Bhaktapur) and a traveller who reviewed a paid past
/// trip with them (score 2). Returns the guide, their id, the traveller and the review's id.
async fn reviewed_guide(app: &TestApp, admin: &TestUser) -> (TestUser, String, TestUser, String) {
    let profile = guide_profile(
        "Bhaktapur and Patan on foot.",
        &["English"],
        &["Culture"],
        "Bhaktapur",
        KATHMANDU,
    );
    let (guide, guide_id) = verified_guide(app, admin, "Nabin", "Maharjan", &profile).await;
    let tourist = app.signup_and_login("tourist").await;
    insert_booking(app, &user_id(app, &tourist.token).await, &guide_id, &days_from_today(-3), true)
        .await;
    let written = app
        .post_json_auth(
            "/api/v1/tourists/ratings",
            &json!({ "guideId": guide_id, "score": 2, "comment": "Rude and late." }),
            &tourist.token,
        )
        .await;
    assert_eq!(written.status(), StatusCode::CREATED);
    let body: Value = written.json().await.unwrap();
    let review_id = body["data"]["_id"].as_str().unwrap().to_owned();
    (guide, guide_id, tourist, review_id)
}

async fn open_reports(app: &TestApp, admin: &TestUser) -> Vec<Value> {
    app.get_data(OPEN_REPORTS, &admin.token).await["reports"].as_array().unwrap().clone()
}

async fn audit_actions(app: &TestApp, admin: &TestUser) -> Vec<(String, String, String, String)> {
    let entries = app.get_data(&format!("{AUDIT}?limit=50"), &admin.token).await["entries"]
        .as_array()
        .unwrap()
        .clone();
    entries
        .iter()
        .map(|e| {
            let text = |field: &str| e[field].as_str().unwrap().to_owned();
            (text("action"), text("targetType"), text("targetId"), text("reason"))
        })
        .collect()
}

/// (kind, what the traveller reads in English) of each of `user_id`'s notifications.
async fn notifications_of(app: &TestApp, user_id: &str) -> Vec<(String, String)> {
    let db = app.db().await;
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT kind, notice FROM notifications WHERE user_id = $1 ORDER BY created_at",
    )
    .bind(user_id)
    .fetch_all(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
    rows.into_iter()
        .map(|(kind, notice)| (kind, Notice::from_stored(&notice).messages(Lang::En).1))
        .collect()
}

#[tokio::test]
async fn anyone_signed_in_reports_a_public_post_review_or_guide_once_while_the_report_is_open() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (_, guide_id, author, review_id) = reviewed_guide(&app, &admin).await;
    let blog_id = publish(&app, &author, "Over Thorong La").await;
    let reporter = app.signup_and_login("tourist").await;

    // Act
    let mut created = Vec::new();
    for (kind, id) in [("blog", &blog_id), ("review", &review_id), ("guide", &guide_id)] {
        created.push(
            app.post_json_auth(REPORTS, &report(kind, id, "Spam and insults"), &reporter.token)
                .await,
        );
    }

    // Assert
    for response in created {
        assert_eq!(response.status(), StatusCode::CREATED);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["message"], "Thank you. An admin will look at your report.");
        assert!(body["data"]["_id"].is_string());
    }
    let again =
        app.post_json_auth(REPORTS, &report("blog", &blog_id, "Still spam"), &reporter.token).await;
    assert_error(
        again,
        StatusCode::CONFLICT,
        "You have already reported this. An admin will look at it soon.",
    )
    .await;
    let by_someone_else =
        app.post_json_auth(REPORTS, &report("blog", &blog_id, "Spam"), &author.token).await;
    assert_eq!(by_someone_else.status(), StatusCode::CREATED);

    let reports = open_reports(&app, &admin).await;
    assert_eq!(reports.len(), 4);
    let first = &reports[0];
    assert_eq!(first["targetType"], "blog");
    assert_eq!(first["targetId"], blog_id);
    assert_eq!(first["title"], "Over Thorong La");
    assert_eq!(first["excerpt"], "Tea houses all the way up.");
    assert_eq!(first["authorId"], user_id(&app, &author.token).await);
    assert_eq!(first["authorName"], "Sita Rai");
    assert_eq!(first["reporterId"], user_id(&app, &reporter.token).await);
    assert_eq!(first["reason"], "Spam and insults");
    assert_eq!(first["targetGone"], false);
    assert!(first["createdAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!(reports[1]["title"], "Review of Nabin Maharjan");
    assert_eq!(reports[1]["excerpt"], "Rude and late.");
    assert_eq!(reports[1]["guideId"], guide_id);
    assert_eq!(reports[2]["title"], "Nabin Maharjan");
    assert_eq!(reports[2]["excerpt"], "Bhaktapur and Patan on foot.");

    // A dismissed report is closed: the same reporter may report again.
    let dismissed = act(
        &app,
        &admin,
        &format!("/api/v1/admin/reports/{}/dismiss", first["_id"].as_str().unwrap()),
        "Not spam",
    )
    .await;
    assert_eq!(dismissed.status(), StatusCode::OK);
    let after_dismissal =
        app.post_json_auth(REPORTS, &report("blog", &blog_id, "Spam again"), &reporter.token).await;
    assert_eq!(after_dismissal.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn a_bad_report_gets_a_clear_message_and_changes_nothing() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let author = app.signup_and_login("tourist").await;
    let blog_id = publish(&app, &author, "Annapurna in April").await;
    let reporter = app.signup_and_login("tourist").await;
    let (_, unverified_id) =
        submitted_guide(&app, "Ang", "Sherpa", &crate::guides::valid_profile()).await;

    // Act + Assert
    let signed_out = app.post_json(REPORTS, &report("blog", &blog_id, "Spam")).await;
    assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED);
    for (body, message) in [
        (json!({ "targetType": "blog", "targetId": blog_id }), "Reason is required"),
        (report("blog", &blog_id, "   "), "Reason is required"),
        (report("blog", &blog_id, &"x".repeat(501)), "Reason must be at most 500 characters"),
    ] {
        assert_error(
            app.post_json_auth(REPORTS, &body, &reporter.token).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
    let bad_type = app
        .post_json_auth(REPORTS, &report("destination", &blog_id, "Spam"), &reporter.token)
        .await;
    assert_eq!(bad_type.status(), StatusCode::BAD_REQUEST);
    for (kind, id, message) in [
        ("blog", "0190f0f0f0f0f0f0f0f0f0f0f0f0f0f0", "Blog not found"),
        ("review", blog_id.as_str(), "Review not found"),
        ("guide", unverified_id.as_str(), "Guide not found"),
        ("guide", "no-such-guide", "Guide not found"),
    ] {
        assert_error(
            app.post_json_auth(REPORTS, &report(kind, id, "Spam"), &reporter.token).await,
            StatusCode::NOT_FOUND,
            message,
        )
        .await;
    }
    assert!(open_reports(&app, &admin).await.is_empty());

    // A hidden post cannot be reported any more.
    assert_eq!(
        act(&app, &admin, &format!("/api/v1/admin/blogs/{blog_id}/hide"), "Advertising")
            .await
            .status(),
        StatusCode::OK
    );
    let hidden =
        app.post_json_auth(REPORTS, &report("blog", &blog_id, "Spam"), &reporter.token).await;
    assert_error(hidden, StatusCode::NOT_FOUND, "Blog not found").await;
}

#[tokio::test]
async fn only_admins_moderate() {
    // Arrange
    let app = spawn_app().await;
    let traveller = app.signup_and_login("tourist").await;
    let guide = app.signup_and_login("guide").await;
    let some_id = user_id(&app, &traveller.token).await;
    let gets = [OPEN_REPORTS.to_owned(), AUDIT.to_owned(), SUSPENDED.to_owned()];
    let posts = [
        format!("/api/v1/admin/reports/{some_id}/dismiss"),
        format!("/api/v1/admin/blogs/{some_id}/hide"),
        format!("/api/v1/admin/blogs/{some_id}/unhide"),
        format!("/api/v1/admin/reviews/{some_id}/hide"),
        format!("/api/v1/admin/reviews/{some_id}/unhide"),
        format!("/api/v1/admin/users/{some_id}/suspend"),
        format!("/api/v1/admin/users/{some_id}/unsuspend"),
    ];

    // Act + Assert
    for user in [&traveller, &guide] {
        for path in &gets {
            assert_error(
                app.get_auth(path, &user.token).await,
                StatusCode::FORBIDDEN,
                "This action is only for admin accounts",
            )
            .await;
        }
        for path in &posts {
            let response = act(&app, user, path, "Because").await;
            assert_error(response, StatusCode::FORBIDDEN, "This action is only for admin accounts")
                .await;
        }
    }
    for path in &gets {
        assert_eq!(app.get(path).await.status(), StatusCode::UNAUTHORIZED, "{path}");
    }
    for path in &posts {
        assert_eq!(
            app.post_json(path, &json!({ "reason": "Because" })).await.status(),
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
    }
    assert!(app.me(&traveller.token).await["_id"].is_string(), "nothing was suspended");
}

#[tokio::test]
async fn a_hidden_post_leaves_the_feed_search_and_its_page_and_its_author_is_told() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let author = app.signup_and_login("tourist").await;
    let hidden_id = publish(&app, &author, "Yak cheese scam").await;
    let kept_id = publish(&app, &author, "Yak cheese tasting").await;
    let reporter = app.signup_and_login("tourist").await;
    app.post_json_auth(REPORTS, &report("blog", &hidden_id, "A scam"), &reporter.token).await;
    app.post_json_auth(REPORTS, &report("blog", &hidden_id, "Fraud"), &author.token).await;

    // Act
    let hidden =
        act(&app, &admin, &format!("/api/v1/admin/blogs/{hidden_id}/hide"), "Advertising a shop")
            .await;

    // Assert
    assert_eq!(hidden.status(), StatusCode::OK);
    let feed = get_json(&app, "/api/v1/users/blogs").await;
    assert_eq!(ids(&feed["blogs"]), vec![kept_id.clone()]);
    assert_eq!(feed["totalPages"], 1);
    let search = get_json(&app, "/api/v1/users/blogs?query=yak%20cheese").await;
    assert_eq!(ids(&search["blogs"]), vec![kept_id.clone()]);
    assert_error(
        app.get(&format!("/api/v1/users/blog/{hidden_id}")).await,
        StatusCode::NOT_FOUND,
        "Blog not found",
    )
    .await;
    let like = app
        .post_json_auth(&format!("/api/v1/blogs/{hidden_id}/like"), &json!({}), &reporter.token)
        .await;
    assert_eq!(like.status(), StatusCode::NOT_FOUND);
    assert!(open_reports(&app, &admin).await.is_empty(), "hiding resolves the post's open reports");
    let told = notifications_of(&app, &user_id(&app, &author.token).await).await;
    assert_eq!(
        told,
        vec![(
            "moderation".to_owned(),
            "An admin hid your post \"Yak cheese scam\": Advertising a shop".to_owned()
        )]
    );

    let again = act(&app, &admin, &format!("/api/v1/admin/blogs/{hidden_id}/hide"), "Twice").await;
    assert_error(again, StatusCode::CONFLICT, "This post is already hidden").await;
    let unknown =
        act(&app, &admin, "/api/v1/admin/blogs/0190f0f0f0f0f0f0f0f0f0f0f0f0f0f0/hide", "Spam")
            .await;
    assert_error(unknown, StatusCode::NOT_FOUND, "Blog not found").await;
    let no_reason = app
        .post_json_auth(&format!("/api/v1/admin/blogs/{kept_id}/hide"), &json!({}), &admin.token)
        .await;
    assert_error(no_reason, StatusCode::BAD_REQUEST, "Reason is required").await;

    // Unhiding brings it back everywhere.
    let shown = app
        .post_json_auth(
            &format!("/api/v1/admin/blogs/{hidden_id}/unhide"),
            &json!({}),
            &admin.token,
        )
        .await;
    assert_eq!(shown.status(), StatusCode::OK);
    assert_eq!(ids(&get_json(&app, "/api/v1/users/blogs").await["blogs"]).len(), 2);
    assert_eq!(app.get(&format!("/api/v1/users/blog/{hidden_id}")).await.status(), StatusCode::OK);
    let not_hidden = app
        .post_json_auth(
            &format!("/api/v1/admin/blogs/{hidden_id}/unhide"),
            &json!({}),
            &admin.token,
        )
        .await;
    assert_error(not_hidden, StatusCode::CONFLICT, "This post is not hidden").await;
}

#[tokio::test]
async fn a_hidden_review_leaves_the_guide_page_and_no_longer_counts_in_the_rating() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (_, guide_id, reviewer, hidden_id) = reviewed_guide(&app, &admin).await;
    let second = app.signup_and_login("tourist").await;
    insert_booking(
        &app,
        &user_id(&app, &second.token).await,
        &guide_id,
        &days_from_today(-4),
        true,
    )
    .await;
    let kept = app
        .post_json_auth(
            "/api/v1/tourists/ratings",
            &json!({ "guideId": guide_id, "score": 5, "comment": "Wonderful." }),
            &second.token,
        )
        .await;
    assert_eq!(kept.status(), StatusCode::CREATED);
    let ratings = format!("/api/v1/users/ratings/{guide_id}");
    assert_eq!(get_json(&app, &ratings).await["data"]["averageRating"], 3.5);

    // Act
    let hidden =
        act(&app, &admin, &format!("/api/v1/admin/reviews/{hidden_id}/hide"), "Insulting").await;

    // Assert
    assert_eq!(hidden.status(), StatusCode::OK);
    let page = get_json(&app, &ratings).await["data"].clone();
    assert_eq!(page["ratings"].as_array().unwrap().len(), 1);
    assert_eq!(page["ratings"][0]["comment"], "Wonderful.");
    assert_eq!(page["averageRating"], 5.0);
    assert_eq!(page["reviewCount"], 1);
    let detail = get_json(&app, &format!("/api/v1/users/guide/{guide_id}")).await;
    assert_eq!(detail["data"]["averageRating"], 5.0);
    assert_eq!(detail["data"]["reviewCount"], 1);
    let card = &get_json(&app, "/api/v1/users/guides").await["guides"][0];
    assert_eq!(
        (card["averageRating"].clone(), card["reviewCount"].clone()),
        (json!(5.0), json!(1))
    );
    let told = notifications_of(&app, &user_id(&app, &reviewer.token).await).await;
    assert_eq!(
        told,
        vec![("moderation".to_owned(), "An admin hid your review: Insulting".to_owned())]
    );
    // The hidden review still used up its trip: it cannot be written again.
    let rewrite = app
        .post_json_auth(
            "/api/v1/tourists/ratings",
            &json!({ "guideId": guide_id, "score": 1, "comment": "Again." }),
            &reviewer.token,
        )
        .await;
    assert_eq!(rewrite.status(), StatusCode::CONFLICT);
    let again =
        act(&app, &admin, &format!("/api/v1/admin/reviews/{hidden_id}/hide"), "Twice").await;
    assert_error(again, StatusCode::CONFLICT, "This review is already hidden").await;
    let unknown = act(&app, &admin, "/api/v1/admin/reviews/nope/hide", "Spam").await;
    assert_error(unknown, StatusCode::NOT_FOUND, "Review not found").await;

    // Unhiding counts it again.
    let shown = app
        .post_json_auth(
            &format!("/api/v1/admin/reviews/{hidden_id}/unhide"),
            &json!({ "reason": "Appeal upheld" }),
            &admin.token,
        )
        .await;
    assert_eq!(shown.status(), StatusCode::OK);
    let page = get_json(&app, &ratings).await["data"].clone();
    assert_eq!(
        (page["averageRating"].clone(), page["reviewCount"].clone()),
        (json!(3.5), json!(2))
    );
}

#[tokio::test]
async fn a_suspension_cuts_off_live_tokens_and_refresh_and_sign_in_until_it_is_lifted() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let traveller = app.signup_and_login("tourist").await;
    let id = user_id(&app, &traveller.token).await;

    // Act
    let suspended =
        act(&app, &admin, &format!("/api/v1/admin/users/{id}/suspend"), "Harassing guides").await;

    // Assert
    assert_eq!(suspended.status(), StatusCode::OK);
    assert_error(
        app.get_auth("/api/v1/auth/me", &traveller.token).await,
        StatusCode::UNAUTHORIZED,
        SUSPENDED_MESSAGE,
    )
    .await;
    assert_error(
        app.get_auth("/api/v1/users/blogs", &traveller.token).await,
        StatusCode::UNAUTHORIZED,
        SUSPENDED_MESSAGE,
    )
    .await;
    assert_error(
        app.refresh(&traveller.refresh_token).await,
        StatusCode::UNAUTHORIZED,
        SUSPENDED_MESSAGE,
    )
    .await;
    assert_error(
        app.login_response(&traveller.email, crate::helpers::PASSWORD).await,
        StatusCode::FORBIDDEN,
        SUSPENDED_MESSAGE,
    )
    .await;
    assert_error(
        app.login_response(&traveller.email, "wrong-password-1").await,
        StatusCode::UNAUTHORIZED,
        "Invalid email or password",
    )
    .await;
    let listed = app.get_data(SUSPENDED, &admin.token).await;
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["_id"], id);
    assert_eq!(listed[0]["reason"], "Harassing guides");
    assert_eq!(listed[0]["role"], "tourist");
    assert_eq!(listed[0]["email"], traveller.email);
    let again = act(&app, &admin, &format!("/api/v1/admin/users/{id}/suspend"), "Twice").await;
    assert_error(again, StatusCode::CONFLICT, "This account is already suspended").await;

    // Lifting it lets them sign in again; the sessions they had stay over.
    let lifted = app
        .post_json_auth(&format!("/api/v1/admin/users/{id}/unsuspend"), &json!({}), &admin.token)
        .await;
    assert_eq!(lifted.status(), StatusCode::OK);
    assert!(app.get_data(SUSPENDED, &admin.token).await.as_array().unwrap().is_empty());
    assert_eq!(
        app.login_response(&traveller.email, crate::helpers::PASSWORD).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.get_auth("/api/v1/auth/me", &traveller.token).await.status(),
        StatusCode::OK,
        "the access token works again"
    );
    assert_eq!(
        app.refresh(&traveller.refresh_token).await.status(),
        StatusCode::UNAUTHORIZED,
        "the old refresh token was revoked"
    );
    let not_suspended = app
        .post_json_auth(&format!("/api/v1/admin/users/{id}/unsuspend"), &json!({}), &admin.token)
        .await;
    assert_error(not_suspended, StatusCode::CONFLICT, "This account is not suspended").await;
}

#[tokio::test]
async fn an_admin_cannot_suspend_themself_and_unknown_accounts_are_404() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let own_id = user_id(&app, &admin.token).await;

    // Act + Assert
    let own = act(&app, &admin, &format!("/api/v1/admin/users/{own_id}/suspend"), "Testing").await;
    assert_error(own, StatusCode::BAD_REQUEST, "You cannot suspend your own account").await;
    let unknown =
        act(&app, &admin, "/api/v1/admin/users/0190f0f0f0f0f0f0f0f0f0f0f0f0f0f0/suspend", "Spam")
            .await;
    assert_error(unknown, StatusCode::NOT_FOUND, "Account not found").await;
    let unknown =
        app.post_json_auth("/api/v1/admin/users/nobody/unsuspend", &json!({}), &admin.token).await;
    assert_error(unknown, StatusCode::NOT_FOUND, "Account not found").await;
    let no_reason = app
        .post_json_auth(
            &format!("/api/v1/admin/users/{own_id}/suspend"),
            &json!({ "reason": "" }),
            &admin.token,
        )
        .await;
    assert_error(no_reason, StatusCode::BAD_REQUEST, "Reason is required").await;
    assert!(app.me(&admin.token).await["_id"].is_string());
}

#[tokio::test]
async fn a_suspended_guide_leaves_lists_search_and_their_page_and_comes_back_when_lifted() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (guide, guide_id, _, _) = reviewed_guide(&app, &admin).await;
    let reporter = app.signup_and_login("tourist").await;
    app.post_json_auth(REPORTS, &report("guide", &guide_id, "Asks for cash"), &reporter.token)
        .await;
    let public =
        [format!("/api/v1/users/guide/{guide_id}"), format!("/api/v1/users/ratings/{guide_id}")];
    let listed = || async {
        let list = ids(&get_json(&app, "/api/v1/users/guides").await["guides"]);
        let category =
            ids(&get_json(&app, "/api/v1/users/guides?category=cultural").await["guides"]);
        let search = ids(&get_json(&app, "/api/v1/users/search?query=bhaktapur").await["guides"]);
        (list, category, search)
    };
    let everywhere = vec![guide_id.clone()];
    assert_eq!(listed().await, (everywhere.clone(), everywhere.clone(), everywhere.clone()));

    // Act
    let suspended =
        act(&app, &admin, &format!("/api/v1/admin/users/{guide_id}/suspend"), "Asks for cash")
            .await;

    // Assert
    assert_eq!(suspended.status(), StatusCode::OK);
    assert_eq!(listed().await, (vec![], vec![], vec![]));
    for path in &public {
        assert_error(app.get(path).await, StatusCode::NOT_FOUND, "Guide not found").await;
    }
    let tourist = app.signup_and_login("tourist").await;
    let booking = app
        .post_json_auth(
            "/api/v1/tourists/booking/request",
            &crate::fixtures::booking_request(&guide_id, &days_from_today(10), 2),
            &tourist.token,
        )
        .await;
    assert_error(booking, StatusCode::NOT_FOUND, "Guide not found").await;
    assert_error(
        app.get_auth("/api/v1/guides/guide-profile", &guide.token).await,
        StatusCode::UNAUTHORIZED,
        SUSPENDED_MESSAGE,
    )
    .await;
    assert!(
        open_reports(&app, &admin).await.is_empty(),
        "suspending resolves the guide's open reports"
    );
    let report_again =
        app.post_json_auth(REPORTS, &report("guide", &guide_id, "Gone?"), &reporter.token).await;
    assert_error(report_again, StatusCode::NOT_FOUND, "Guide not found").await;

    // Lifting it brings them back everywhere.
    let lifted = app
        .post_json_auth(
            &format!("/api/v1/admin/users/{guide_id}/unsuspend"),
            &json!({}),
            &admin.token,
        )
        .await;
    assert_eq!(lifted.status(), StatusCode::OK);
    assert_eq!(listed().await, (everywhere.clone(), everywhere.clone(), everywhere));
    for path in &public {
        assert_eq!(app.get(path).await.status(), StatusCode::OK, "{path}");
    }
    request_booking(&app, &tourist, &guide_id, &days_from_today(10), 2).await;
}

#[tokio::test]
async fn suspending_an_author_resolves_the_reports_about_what_they_wrote() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let author = app.signup_and_login("tourist").await;
    let blog_id = publish(&app, &author, "Buy my trekking poles").await;
    let other = app.signup_and_login("tourist").await;
    let other_blog = publish(&app, &other, "Rara Lake").await;
    let reporter = app.signup_and_login("tourist").await;
    app.post_json_auth(REPORTS, &report("blog", &blog_id, "Spam"), &reporter.token).await;
    app.post_json_auth(REPORTS, &report("blog", &other_blog, "Spam"), &reporter.token).await;

    // Act
    let author_id = user_id(&app, &author.token).await;
    let suspended =
        act(&app, &admin, &format!("/api/v1/admin/users/{author_id}/suspend"), "Spammer").await;

    // Assert
    assert_eq!(suspended.status(), StatusCode::OK);
    let left: Vec<Value> =
        open_reports(&app, &admin).await.iter().map(|r| r["targetId"].clone()).collect();
    assert_eq!(left, vec![json!(other_blog)]);
}

#[tokio::test]
async fn every_admin_action_is_in_the_audit_log_newest_first_and_the_log_cannot_change() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let admin_id = user_id(&app, &admin.token).await;
    let (_, guide_id, author, review_id) = reviewed_guide(&app, &admin).await;
    let (_, rejected_id) =
        submitted_guide(&app, "Ang", "Sherpa", &crate::guides::valid_profile()).await;
    let rejected =
        act(&app, &admin, &format!("/api/v1/admin/guides/{rejected_id}/reject"), "Blurry licence")
            .await;
    assert_eq!(rejected.status(), StatusCode::OK);
    let photo =
        || Part::bytes(jpeg(200, 100)).file_name("photo.jpg").mime_str("image/jpeg").unwrap();
    let destination_form = |name: &str| {
        Form::new()
            .text("name", name.to_owned())
            .text("location", "Pokhara")
            .text("description", "A lake.")
            .text("popular", "false")
            .part("image", photo())
    };
    let created = app
        .upload_form("/api/v1/admin/destinations", &admin.token, destination_form("Begnas Lake"))
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let destination_id =
        created.json::<Value>().await.unwrap()["destination"]["_id"].as_str().unwrap().to_owned();
    let edited = app
        .client
        .patch(app.url(&format!("/api/v1/admin/destinations/{destination_id}")))
        .bearer_auth(&admin.token)
        .multipart(destination_form("Begnas Tal"))
        .send()
        .await
        .unwrap();
    assert_eq!(edited.status(), StatusCode::OK);
    let deleted = app
        .client
        .delete(app.url(&format!("/api/v1/admin/destinations/{destination_id}")))
        .bearer_auth(&admin.token)
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), StatusCode::OK);
    let blog_id = publish(&app, &author, "Spam post").await;
    let reporter = app.signup_and_login("tourist").await;
    let reported =
        app.post_json_auth(REPORTS, &report("guide", &guide_id, "Rude"), &reporter.token).await;
    let report_id =
        reported.json::<Value>().await.unwrap()["data"]["_id"].as_str().unwrap().to_owned();
    let author_id = user_id(&app, &author.token).await;
    for (path, reason) in [
        (format!("/api/v1/admin/blogs/{blog_id}/hide"), "Spam"),
        (format!("/api/v1/admin/blogs/{blog_id}/unhide"), "Mistake"),
        (format!("/api/v1/admin/reviews/{review_id}/hide"), "Insult"),
        (format!("/api/v1/admin/reviews/{review_id}/unhide"), ""),
        (format!("/api/v1/admin/reports/{report_id}/dismiss"), "Not rude"),
        (format!("/api/v1/admin/users/{author_id}/suspend"), "Spammer"),
        (format!("/api/v1/admin/users/{author_id}/unsuspend"), "Promised to stop"),
    ] {
        assert_eq!(act(&app, &admin, &path, reason).await.status(), StatusCode::OK, "{path}");
    }
    // Refused actions are not recorded.
    assert_eq!(
        act(&app, &admin, &format!("/api/v1/admin/users/{admin_id}/suspend"), "Me").await.status(),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        act(&app, &admin, &format!("/api/v1/admin/reports/{report_id}/dismiss"), "Twice")
            .await
            .status(),
        StatusCode::CONFLICT
    );

    // Act
    let log = audit_actions(&app, &admin).await;

    // Assert
    let expected = [
        ("unsuspend_user", "user", author_id.as_str(), "Promised to stop"),
        ("suspend_user", "user", author_id.as_str(), "Spammer"),
        ("dismiss_report", "report", report_id.as_str(), "Not rude"),
        ("unhide_review", "review", review_id.as_str(), ""),
        ("hide_review", "review", review_id.as_str(), "Insult"),
        ("unhide_blog", "blog", blog_id.as_str(), "Mistake"),
        ("hide_blog", "blog", blog_id.as_str(), "Spam"),
        ("delete_destination", "destination", destination_id.as_str(), ""),
        ("update_destination", "destination", destination_id.as_str(), ""),
        ("create_destination", "destination", destination_id.as_str(), ""),
        ("reject_guide", "guide", rejected_id.as_str(), "Blurry licence"),
        ("verify_guide", "guide", guide_id.as_str(), ""),
    ];
    let expected: Vec<(String, String, String, String)> = expected
        .iter()
        .map(|(a, t, i, r)| (a.to_string(), t.to_string(), i.to_string(), r.to_string()))
        .collect();
    assert_eq!(log, expected);
    let page = app.get_data(&format!("{AUDIT}?page=2&limit=5"), &admin.token).await;
    assert_eq!(page["totalPages"], 3);
    assert_eq!(page["entries"][0]["action"], "unhide_blog");
    assert_eq!(page["entries"][0]["actorId"], admin_id);
    assert_eq!(page["entries"][0]["actorName"], "Asha Admin");
    assert_error(
        app.get_auth(&format!("{AUDIT}?limit=51"), &admin.token).await,
        StatusCode::BAD_REQUEST,
        "limit must be a whole number from 1 to 50",
    )
    .await;

    let db = app.db().await;
    assert!(
        sqlx::query("UPDATE audit_log SET reason = 'nothing happened'")
            .execute(&db.pool)
            .await
            .is_err()
    );
    assert!(sqlx::query("DELETE FROM audit_log").execute(&db.pool).await.is_err());
    let (rows,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM audit_log").fetch_one(&db.pool).await.unwrap();
    db.pool.close().await;
    assert_eq!(rows, 12);
}
