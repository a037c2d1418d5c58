//! Display currencies: anyone reads the rates per US dollar; only admins change them, one
//! bad rate changes none, and every real change is in the audit log. Where the server sets
//! `YATRA_NPR_PER_USD`, that is the rupee's rate for display too, and admins cannot change it.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_app, spawn_app_with};

const CURRENCIES: &str = "/api/v1/currencies";
const ADMIN_CURRENCIES: &str = "/api/v1/admin/currencies";
const OUT_OF_BOUNDS: &str = "must be a number of units per US dollar from 0.01 to 100,000.";

async fn rates(app: &TestApp) -> Vec<(String, f64, String)> {
    let response = app.get(CURRENCIES).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["data"]["base"], "USD");
    body["data"]["currencies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["code"].as_str().unwrap().to_owned(),
                c["perUsd"].as_f64().unwrap(),
                c["updatedAt"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn rate_of(rates: &[(String, f64, String)], code: &str) -> f64 {
    rates.iter().find(|(c, ..)| c == code).unwrap().1
}

async fn audit_entries(app: &TestApp, token: &str) -> Vec<Value> {
    app.get_data("/api/v1/admin/audit?limit=50", token).await["entries"].as_array().unwrap().clone()
}

#[tokio::test]
async fn anyone_reads_the_rates_of_every_shown_currency_per_us_dollar() {
    let app = spawn_app().await;
    let rates = rates(&app).await;
    let codes: Vec<&str> = rates.iter().map(|(code, ..)| code.as_str()).collect();
    assert_eq!(codes, ["USD", "NPR", "EUR", "GBP", "INR", "AUD", "CNY", "JPY"]);
    assert_eq!(rate_of(&rates, "USD"), 1.0);
    for (code, rate, updated_at) in &rates {
        assert!(*rate > 0.0, "{code}");
        assert!(updated_at.ends_with('Z') && updated_at.starts_with("20"), "{code}: {updated_at}");
    }
    // The seed is sensible: a dollar buys more than a hundred rupees and less than a pound.
    assert!(rate_of(&rates, "NPR") > 100.0);
    assert!(rate_of(&rates, "GBP") < 1.0);
}

#[tokio::test]
async fn an_admin_changes_rates_and_each_change_is_audited_with_old_and_new_value() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    // As if the rates were set long ago, so the new date of a changed one shows.
    let db = app.db().await;
    sqlx::query("UPDATE currency_rates SET updated_at = 0").execute(&db.pool).await.unwrap();
    db.pool.close().await;
    let before = rates(&app).await;
    let old_npr = rate_of(&before, "NPR");

    let response = app
        .patch_json_auth(
            ADMIN_CURRENCIES,
            &json!({ "rates": { "NPR": 142.25, "JPY": 151 } }),
            &admin.token,
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    let answered = body["data"]["currencies"].as_array().unwrap();
    assert_eq!(answered.iter().find(|c| c["code"] == "NPR").unwrap()["perUsd"], 142.25);

    let after = rates(&app).await;
    assert_eq!(rate_of(&after, "NPR"), 142.25);
    assert_eq!(rate_of(&after, "JPY"), 151.0);
    assert_eq!(rate_of(&after, "EUR"), rate_of(&before, "EUR"));
    let updated = |rates: &[(String, f64, String)], code: &str| {
        rates.iter().find(|(c, ..)| c == code).unwrap().2.clone()
    };
    assert_eq!(updated(&before, "NPR"), "1970-01-01T00:00:00Z");
    assert!(updated(&after, "NPR").starts_with("20"), "{}", updated(&after, "NPR"));
    assert_eq!(updated(&after, "EUR"), "1970-01-01T00:00:00Z");

    let entries = audit_entries(&app, &admin.token).await;
    let changes: Vec<(&str, &str, &str)> = entries
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap(),
                e["targetType"].as_str().unwrap(),
                e["targetId"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(changes.len(), 2);
    assert!(changes.contains(&("update_currency_rate", "currency", "NPR")));
    assert!(changes.contains(&("update_currency_rate", "currency", "JPY")));
    let npr = entries.iter().find(|e| e["targetId"] == "NPR").unwrap();
    assert_eq!(npr["reason"], format!("NPR per US dollar: {old_npr} → 142.25"));
    assert_eq!(npr["actorName"], "Asha Admin");
}

#[tokio::test]
async fn saving_the_rate_already_set_changes_nothing_and_audits_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let before = rates(&app).await;
    for unchanged in
        [json!({ "rates": { "EUR": rate_of(&before, "EUR") } }), json!({ "rates": {} })]
    {
        assert_eq!(
            app.patch_json_auth(ADMIN_CURRENCIES, &unchanged, &admin.token).await.status(),
            StatusCode::OK
        );
    }
    assert_eq!(rates(&app).await, before);
    assert!(audit_entries(&app, &admin.token).await.is_empty());
}

#[tokio::test]
async fn travellers_guides_and_strangers_cannot_change_rates() {
    let app = spawn_app().await;
    let body = json!({ "rates": { "NPR": 1 } });
    for role in ["tourist", "guide"] {
        let user = app.signup_and_login(role).await;
        assert_eq!(
            app.patch_json_auth(ADMIN_CURRENCIES, &body, &user.token).await.status(),
            StatusCode::FORBIDDEN,
            "{role}"
        );
    }
    let anonymous =
        reqwest::Client::new().patch(app.url(ADMIN_CURRENCIES)).json(&body).send().await.unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    assert_ne!(rate_of(&rates(&app).await, "NPR"), 1.0);
}

#[tokio::test]
async fn bad_rates_unknown_currencies_and_the_dollar_are_refused_and_change_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let before = rates(&app).await;
    let npr = |message: &str| format!("The rate for NPR {message}");
    let cases = [
        (json!({ "rates": { "NPR": 0 } }), npr(OUT_OF_BOUNDS)),
        (json!({ "rates": { "NPR": -141.5 } }), npr(OUT_OF_BOUNDS)),
        (json!({ "rates": { "NPR": 0.001 } }), npr(OUT_OF_BOUNDS)),
        (json!({ "rates": { "NPR": 1_000_000 } }), npr(OUT_OF_BOUNDS)),
        (json!({ "rates": { "NPR": "141.5" } }), npr(OUT_OF_BOUNDS)),
        (json!({ "rates": { "NPR": null } }), npr(OUT_OF_BOUNDS)),
        // All or nothing: the good EUR rate is not saved beside the bad NPR one.
        (json!({ "rates": { "EUR": 0.9, "NPR": 0 } }), npr(OUT_OF_BOUNDS)),
        (
            json!({ "rates": { "XYZ": 2 } }),
            "Unknown currency: choose among NPR, EUR, GBP, INR, AUD, CNY, JPY.".to_owned(),
        ),
        (
            json!({ "rates": { "npr": 140 } }),
            "Unknown currency: choose among NPR, EUR, GBP, INR, AUD, CNY, JPY.".to_owned(),
        ),
        (
            json!({ "rates": { "USD": 2 } }),
            "The US dollar is the currency prices are set in: its rate is always 1.".to_owned(),
        ),
        (json!({}), "Give the rates to change.".to_owned()),
    ];
    for (body, message) in cases {
        assert_error(
            app.patch_json_auth(ADMIN_CURRENCIES, &body, &admin.token).await,
            StatusCode::BAD_REQUEST,
            &message,
        )
        .await;
    }
    // A number beyond f64 and a body that is not an object are refused by the JSON reader.
    let huge = app
        .client
        .patch(app.url(ADMIN_CURRENCIES))
        .bearer_auth(&admin.token)
        .header("content-type", "application/json")
        .body(r#"{"rates":{"NPR":1e999}}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(huge.status(), StatusCode::BAD_REQUEST);
    let list =
        app.patch_json_auth(ADMIN_CURRENCIES, &json!({ "rates": [141] }), &admin.token).await;
    assert_eq!(list.status(), StatusCode::BAD_REQUEST);

    assert_eq!(rates(&app).await, before);
    assert!(audit_entries(&app, &admin.token).await.is_empty());
}

async fn fixed_of(app: &TestApp) -> Vec<(String, bool)> {
    let body: Value = app.get(CURRENCIES).await.json().await.unwrap();
    body["data"]["currencies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["code"].as_str().unwrap().to_owned(), c["fixed"].as_bool().unwrap()))
        .collect()
}

#[tokio::test]
async fn where_the_server_sets_the_rupee_rate_prices_are_shown_at_it_and_admins_cannot_change_it() {
    // Arrange: the admin table holds another rupee rate than the one wallets charge at.
    let app = spawn_app_with(&[("YATRA_NPR_PER_USD", "133.5")]).await;
    let admin = app.admin().await;
    let db = app.db().await;
    sqlx::query("UPDATE currency_rates SET per_usd_micros = 141500000 WHERE code = 'NPR'")
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    let before = rates(&app).await;

    // Act
    let refused = app
        .patch_json_auth(ADMIN_CURRENCIES, &json!({ "rates": { "NPR": 142 } }), &admin.token)
        .await;
    let both = app
        .patch_json_auth(
            ADMIN_CURRENCIES,
            &json!({ "rates": { "EUR": 0.91, "NPR": 142 } }),
            &admin.token,
        )
        .await;
    let euro_alone = app
        .patch_json_auth(ADMIN_CURRENCIES, &json!({ "rates": { "EUR": 0.91 } }), &admin.token)
        .await;

    // Assert: one rupee rate, the server's, marked as fixed beside the dollar.
    assert_eq!(rate_of(&before, "NPR"), 133.5);
    let fixed = fixed_of(&app).await;
    assert!(fixed.contains(&("NPR".to_owned(), true)), "{fixed:?}");
    assert!(fixed.contains(&("USD".to_owned(), true)), "{fixed:?}");
    assert!(fixed.contains(&("EUR".to_owned(), false)), "{fixed:?}");
    let message = "The rupee rate is fixed by the server setting YATRA_NPR_PER_USD, at which wallet payments are charged: change it there, not here.";
    assert_error(refused, StatusCode::BAD_REQUEST, message).await;
    // All or nothing: the good euro rate beside the rupee is not saved either.
    assert_error(both, StatusCode::BAD_REQUEST, message).await;
    assert_eq!(euro_alone.status(), StatusCode::OK);
    let after = rates(&app).await;
    assert_eq!((rate_of(&after, "NPR"), rate_of(&after, "EUR")), (133.5, 0.91));
    let entries = audit_entries(&app, &admin.token).await;
    assert_eq!(entries.len(), 1, "only the euro");
    assert_eq!(entries[0]["targetId"], "EUR");
}

#[tokio::test]
async fn without_a_server_rupee_rate_the_admins_rupee_rate_is_shown_and_editable() {
    let app = spawn_app().await;
    let fixed = fixed_of(&app).await;
    assert!(fixed.contains(&("NPR".to_owned(), false)), "{fixed:?}");
    assert!(fixed.contains(&("USD".to_owned(), true)), "{fixed:?}");
}
