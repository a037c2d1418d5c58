//! Guide licences that expire (issue 15): verification needs a licence with a number and a
//! future expiry; 30 days before it ends the guide is reminded once (in-app and by email),
//! and the day after it ends the guide leaves every public list until a new licence is
//! verified. The sweep is driven here with a chosen "today".

use reqwest::StatusCode;
use serde_json::{Value, json};
use time::macros::date;
use yatra::db::Db;
use yatra::guides::licences::{self, LicenceSweep};
use yatra::hub::NotificationHub;
use yatra::i18n::Lang;
use yatra::notice::Notice;

use crate::fixtures::{guide_profile, submitted_guide, verified_guide};
use crate::guides::{CERTIFICATES, certificates_form};
use crate::helpers::{TestApp, assert_error, spawn_app, spawn_app_with};

const POKHARA: (f64, f64) = (28.2096, 83.9856);

fn profile() -> Value {
    guide_profile(
        "Treks around the Annapurnas.",
        &["English"],
        &["Trekking"],
        "Lakeside, Pokhara",
        POKHARA,
    )
}

fn licence(expires_on: &str) -> Value {
    json!([{ "name": "Trekking Guide Licence", "issuingOrganization": "Nepal Tourism Board", "issueDate": "2020-05-01",
             "licenceNumber": "NTB-TG-0412", "expiresOn": expires_on }])
}

async fn submit(app: &TestApp, token: &str, list: &Value) -> reqwest::Response {
    app.upload_form(CERTIFICATES, token, certificates_form(list, 1)).await
}

async fn count(db: &Db, sql: &str, id: &str) -> i64 {
    let (n,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql.to_owned()))
        .bind(id)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    n
}

async fn listed(app: &TestApp, id: &str) -> bool {
    let list: Value = app.get("/api/v1/users/guides?limit=50").await.json().await.unwrap();
    let in_list = list["guides"].as_array().unwrap().iter().any(|g| g["_id"] == id);
    let detail = app.get(&format!("/api/v1/users/guide/{id}")).await.status() == StatusCode::OK;
    assert_eq!(in_list, detail, "the list and the page agree");
    in_list
}

async fn verify(app: &TestApp, admin_token: &str, id: &str) -> reqwest::Response {
    app.post_json_auth(&format!("/api/v1/admin/guides/{id}/verify"), &json!({}), admin_token).await
}

#[tokio::test]
async fn a_guide_is_verified_on_a_licence_whose_expiry_the_public_page_shows() {
    // Arrange
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (guide, id) = submitted_guide(&app, "Kamala", "Thapa", &profile()).await;
    let submitted = submit(&app, &guide.token, &licence("2031-03-31")).await;
    assert_eq!(submitted.status(), StatusCode::CREATED);

    // Act
    let verified = verify(&app, &admin.token, &id).await;

    // Assert
    assert_eq!(verified.status(), StatusCode::OK);
    let public: Value = app.get(&format!("/api/v1/users/guide/{id}")).await.json().await.unwrap();
    assert_eq!(public["data"]["guideDetails"]["licenceValidUntil"], "2031-03-31");
    assert!(
        public["data"]["guideDetails"]["certifications"][0].get("licenceNumber").is_none(),
        "the number is for admins"
    );
    let own = app.get_data("/api/v1/guides/guide-profile", &guide.token).await;
    let certificate = &own["guideDetails"]["certifications"][0];
    assert_eq!(certificate["licenceNumber"], "NTB-TG-0412");
    assert_eq!(certificate["expiresOn"], "2031-03-31");
}

#[tokio::test]
async fn verifying_a_guide_without_a_valid_licence_is_refused_and_changes_nothing() {
    // Arrange: certificates with no licence among them.
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (guide, id) = submitted_guide(&app, "Kamala", "Thapa", &profile()).await;
    let first_aid = json!([{ "name": "Wilderness First Aid", "issuingOrganization": "Red Cross", "issueDate": "2020-05-01" }]);
    assert_eq!(submit(&app, &guide.token, &first_aid).await.status(), StatusCode::CREATED);

    // Act
    let refused = verify(&app, &admin.token, &id).await;

    // Assert
    assert_error(
        refused,
        StatusCode::CONFLICT,
        "This guide has no valid licence: a licence with its number and a future expiry date is needed to verify a guide. Reject the submission and ask for one.",
    )
    .await;
    assert!(!listed(&app, &id).await);
    let queue = app.get_data("/api/v1/admin/verifications", &admin.token).await;
    assert!(
        queue.as_array().unwrap().iter().any(|g| g["guideId"] == id),
        "still waiting for review"
    );
}

#[tokio::test]
async fn a_bad_licence_is_refused_with_a_reason() {
    // Arrange
    let app = spawn_app().await;
    let (guide, _) = submitted_guide(&app, "Kamala", "Thapa", &profile()).await;
    let half = json!([{ "name": "Licence", "issuingOrganization": "NTB", "issueDate": "2020-05-01", "licenceNumber": "NTB-1" }]);
    let cases = [
        (half, "Please give both the licence number and its expiry date, or neither"),
        (licence("2031-02-30"), "Expiry date must be a real date (YYYY-MM-DD)"),
        (licence("2019-01-01"), "Expiry date must be after the issue date"),
        (licence("2021-01-01"), "This licence has expired: please submit your renewed licence"),
    ];
    for (list, message) in cases {
        // Act and assert
        assert_error(submit(&app, &guide.token, &list).await, StatusCode::BAD_REQUEST, message)
            .await;
    }
}

#[tokio::test]
async fn the_sweep_reminds_once_30_days_before_and_unlists_the_guide_after_the_last_day() {
    // Arrange: a guide verified on a licence valid until 2031-03-31.
    // The sweep here runs beside the app, with its own hub: the app's kept public answers
    // would not hear of it, so this app keeps none (the served app announces the change).
    let app = spawn_app_with(&[("YATRA_CATALOGUE_CACHE", "false")]).await;
    let admin = app.admin().await;
    let (guide, id) = verified_guide(&app, &admin, "Kamala", "Thapa", &profile()).await;
    assert_eq!(
        submit(&app, &guide.token, &licence("2031-03-31")).await.status(),
        StatusCode::CREATED
    );
    assert_eq!(verify(&app, &admin.token, &id).await.status(), StatusCode::OK);
    let db = app.db().await;
    let hub = NotificationHub::start(&db, &app.config.database.url).await;
    let reminders = "SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND kind = 'licence' AND status = 'expiring'";
    let reminder_emails =
        "SELECT COUNT(*) FROM emails WHERE user_id = $1 AND template = 'licence_expiring'";

    // Act and assert: 31 days before, nothing; 30 days before, three replicas at once remind once.
    assert_eq!(
        licences::sweep(&db, &hub, date!(2031 - 02 - 28)).await.unwrap(),
        LicenceSweep::default()
    );
    let swept = futures_util::future::join_all(
        (0..3).map(|_| licences::sweep(&db, &hub, date!(2031 - 03 - 01))),
    )
    .await;
    assert_eq!(swept.into_iter().map(|s| s.unwrap().reminded).sum::<usize>(), 1);
    assert_eq!(count(&db, reminders, &id).await, 1);
    assert_eq!(count(&db, reminder_emails, &id).await, 1);
    let messages: Vec<(String,)> =
        sqlx::query_as("SELECT notice FROM notifications WHERE user_id = $1 AND kind = 'licence'")
            .bind(&id)
            .fetch_all(&db.pool)
            .await
            .unwrap();
    assert_eq!(
        Notice::from_stored(&messages[0].0).text(Lang::En),
        "Your guide licence is valid until 31 March 2031. Submit your renewed licence before then to stay listed."
    );
    assert_eq!(
        licences::sweep(&db, &hub, date!(2031 - 03 - 20)).await.unwrap(),
        LicenceSweep::default()
    );
    // The last day is still valid.
    assert_eq!(
        licences::sweep(&db, &hub, date!(2031 - 03 - 31)).await.unwrap(),
        LicenceSweep::default()
    );
    assert!(listed(&app, &id).await);

    // The day after, the guide leaves the lists, search and page, and is told.
    let expired = licences::sweep(&db, &hub, date!(2031 - 04 - 01)).await.unwrap();
    assert_eq!(expired, LicenceSweep { reminded: 0, expired: 1 });
    assert!(!listed(&app, &id).await);
    let search: Value = app.get("/api/v1/users/search?query=kamala").await.json().await.unwrap();
    assert!(!search.to_string().contains(&id));
    assert_eq!(
        count(
            &db,
            "SELECT COUNT(*) FROM emails WHERE user_id = $1 AND template = 'licence_expired'",
            &id
        )
        .await,
        1
    );
    let own = app.get_data("/api/v1/guides/guide-profile", &guide.token).await;
    assert_eq!(own["guideDetails"]["status"], "unverified");
    assert_eq!(own["guideDetails"]["verification"]["state"], "rejected");
    assert_eq!(
        own["guideDetails"]["verification"]["note"],
        "Your guide licence expired after 31 March 2031. Please submit your renewed licence."
    );
    assert_eq!(
        licences::sweep(&db, &hub, date!(2031 - 04 - 02)).await.unwrap(),
        LicenceSweep::default()
    );

    // A renewed licence, once verified, lists the guide again and earns its own reminder.
    assert_eq!(
        submit(&app, &guide.token, &licence("2036-03-31")).await.status(),
        StatusCode::CREATED
    );
    assert_eq!(verify(&app, &admin.token, &id).await.status(), StatusCode::OK);
    assert!(listed(&app, &id).await);
    assert_eq!(
        licences::sweep(&db, &hub, date!(2036 - 03 - 10)).await.unwrap(),
        LicenceSweep { reminded: 1, expired: 0 }
    );
}

#[tokio::test]
async fn guides_verified_before_licences_were_required_stay_listed() {
    // Arrange: a verified guide with no licence expiry on record, as migration 0020 leaves them.
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (_, id) = verified_guide(&app, &admin, "Kamala", "Thapa", &profile()).await;
    let db = app.db().await;
    sqlx::query("UPDATE guide_details SET licence_expires_on = NULL WHERE user_id = $1")
        .bind(&id)
        .execute(&db.pool)
        .await
        .unwrap();
    let hub = NotificationHub::start(&db, &app.config.database.url).await;

    // Act
    let swept = licences::sweep(&db, &hub, date!(2099 - 01 - 01)).await.unwrap();

    // Assert
    assert_eq!(swept, LicenceSweep::default());
    assert!(listed(&app, &id).await);
    let public: Value = app.get(&format!("/api/v1/users/guide/{id}")).await.json().await.unwrap();
    assert!(public["data"]["guideDetails"]["licenceValidUntil"].is_null());
}
