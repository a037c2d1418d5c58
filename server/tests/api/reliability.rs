//! Guide reliability and the "Trusted guide" badge (issue 28): figures computed from stored
//! events by the daily sweep, shown on every answer about a guide, and the badge lists
//! filter and order by. Events are made through the API, then moved in time in the
//! database (the only way to have a request answered 23 h 59 m after it was made).

use reqwest::StatusCode;
use serde_json::{Value, json};
use yatra::db::now_ms;
use yatra::guides::reliability::{self, Recomputed};
use yatra::hub::NotificationHub;

use crate::fixtures::{
    InsertedGuide, KATHMANDU, days_from_today, decide, guide_profile, insert_booking, insert_guide,
    verified_guide,
};
use crate::helpers::{TestApp, TestUser, spawn_app_with};
use crate::trips_fixtures::{approved, cancel, details, guide, paid, requested};

const MINUTE: i64 = 60_000;
const DAY: i64 = 24 * 60 * MINUTE;

/// The background sweep waits an hour after its first pass at start-up.
async fn app() -> TestApp {
    spawn_app_with(&[("YATRA_SWEEP_EVERY", "1h")]).await
}

/// When the tests' sweeps compute: tomorrow, as the server's own first pass (which may
/// have run while a test arranged its guides) computed today.
fn sweep_time() -> i64 {
    now_ms() + DAY
}

/// `replicas` sweeps at once, as of `sweep_time`; what each recomputed.
async fn sweep(app: &TestApp, replicas: usize) -> Vec<Recomputed> {
    let db = app.db().await;
    let hub = NotificationHub::start(&db, &app.config.database.url).await;
    let now = sweep_time();
    let swept =
        futures_util::future::join_all((0..replicas).map(|_| reliability::sweep(&db, &hub, now)))
            .await;
    swept.into_iter().map(Result::unwrap).collect()
}

async fn guide_page(app: &TestApp, id: &str) -> Value {
    let response = app.get(&format!("/api/v1/users/guide/{id}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json::<Value>().await.unwrap()["data"].clone()
}

/// Runs `sql` with `$1` the number and `$2` the id.
async fn execute(app: &TestApp, sql: &str, id: &str, number: i64) {
    let db = app.db().await;
    sqlx::query(sqlx::AssertSqlSafe(sql.to_owned()))
        .bind(number)
        .bind(id)
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
}

/// Moves the request back so that it was answered `minutes` after it was made.
async fn answered_after(app: &TestApp, booking_id: &str, minutes: i64) {
    let sql = "UPDATE bookings SET created_at = answered_at - $1 WHERE id = $2";
    execute(app, sql, booking_id, minutes * MINUTE).await;
}

async fn second_guide(app: &TestApp) -> (TestUser, String) {
    let admin = app.admin().await;
    let profile =
        guide_profile("Valley walks.", &["English"], &["Culture"], "Patan, Lalitpur", KATHMANDU);
    verified_guide(app, &admin, "Sita", "Gurung", &profile).await
}

#[tokio::test]
async fn a_guide_with_too_few_events_is_new_on_yatra_everywhere() {
    // Arrange
    let app = app().await;
    let (_, guide_id) = guide(&app).await;

    // Act
    sweep(&app, 1).await;

    // Assert: the page and the card carry the same figures, every rate null.
    let page = guide_page(&app, &guide_id).await;
    let reliability = &page["reliability"];
    assert_eq!(reliability["responseRate"], Value::Null);
    assert_eq!(reliability["medianResponseMinutes"], Value::Null);
    assert_eq!(reliability["cancellationRate"], Value::Null);
    assert_eq!(reliability["completedTrips"], 0);
    assert!(reliability["since"].as_str().unwrap().starts_with("20"));
    assert_eq!(page["badges"], json!([]));
    let list: Value = app.get("/api/v1/users/guides").await.json().await.unwrap();
    let card = &list["guides"][0];
    assert_eq!(card["_id"], guide_id.as_str());
    assert_eq!(&card["reliability"], reliability);
    assert_eq!(card["badges"], json!([]));
}

#[tokio::test]
async fn an_answer_23_h_59_m_after_a_request_is_prompt_and_one_24_h_01_m_after_is_not() {
    // Arrange: two guides, three answered requests each; the second answers one late.
    let app = app().await;
    let tourist = app.signup_and_login("tourist").await;
    let (prompt, prompt_id) = guide(&app).await;
    let (late, late_id) = second_guide(&app).await;
    for (guide, guide_id, late_one) in [(&prompt, &prompt_id, false), (&late, &late_id, true)] {
        for (day, action) in [(20, "approve"), (21, "approve"), (22, "reject")] {
            let id = requested(&app, &tourist, guide_id, &days_from_today(day), 1).await;
            assert_eq!(decide(&app, guide, &id, action).await.status(), StatusCode::OK);
            let minutes = if late_one && day == 22 { 24 * 60 + 1 } else { 23 * 60 + 59 };
            answered_after(&app, &id, minutes).await;
        }
    }
    // A request made two minutes before the sweep is not yet due an answer.
    let fresh = requested(&app, &tourist, &prompt_id, &days_from_today(30), 1).await;
    let made = "UPDATE bookings SET created_at = $1 WHERE id = $2";
    execute(&app, made, &fresh, sweep_time() - 2 * MINUTE).await;

    // Act
    sweep(&app, 1).await;

    // Assert
    let prompt = guide_page(&app, &prompt_id).await["reliability"].clone();
    assert_eq!(
        (prompt["responseRate"].as_f64(), prompt["medianResponseMinutes"].as_i64()),
        (Some(1.0), Some(1439))
    );
    let late = guide_page(&app, &late_id).await["reliability"].clone();
    assert_eq!(
        (late["responseRate"].as_f64(), late["medianResponseMinutes"].as_i64()),
        (Some(0.67), Some(1439))
    );
    // Two approved trips each, none cancelled: too few to rate.
    assert_eq!(late["cancellationRate"], Value::Null);
}

#[tokio::test]
async fn a_first_message_counts_once_answered_or_after_a_day_without_an_answer() {
    // Arrange: four travellers write; the guide answers one in 30 minutes and one in 25
    // hours, one waits 25 hours, one wrote two minutes before the sweep.
    let app = app().await;
    let (guide, guide_id) = guide(&app).await;
    let mut conversations = Vec::new();
    for _ in 0..4 {
        let tourist = app.signup_and_login("tourist").await;
        let started = app
            .post_json_auth(
                "/api/v1/conversations",
                &json!({ "guideId": guide_id, "text": "Namaste! Are you free in March?" }),
                &tourist.token,
            )
            .await;
        assert_eq!(started.status(), StatusCode::CREATED);
        let body: Value = started.json().await.unwrap();
        conversations.push(body["data"]["_id"].as_str().unwrap().to_owned());
    }
    let first = "UPDATE messages SET created_at = $1 WHERE conversation_id = $2 AND seq = 1";
    for (conversation, answered_after) in [(&conversations[0], 30), (&conversations[1], 25 * 60)] {
        let reply = app
            .post_json_auth(
                &format!("/api/v1/conversations/{conversation}/messages"),
                &json!({ "text": "Yes, I am." }),
                &guide.token,
            )
            .await;
        assert_eq!(reply.status(), StatusCode::CREATED);
        execute(&app, first, conversation, now_ms() - answered_after * MINUTE).await;
    }
    execute(&app, first, &conversations[2], sweep_time() - 25 * 60 * MINUTE).await;
    execute(&app, first, &conversations[3], sweep_time() - 2 * MINUTE).await;

    // Act
    sweep(&app, 1).await;

    // Assert: three due, one answered within the day; the median of 30 min and 25 h.
    let reliability = guide_page(&app, &guide_id).await["reliability"].clone();
    assert_eq!(reliability["responseRate"].as_f64(), Some(0.33));
    let median = reliability["medianResponseMinutes"].as_i64().unwrap();
    assert!((764..=766).contains(&median), "{median}");
}

#[tokio::test]
async fn a_guide_who_cancels_an_approved_trip_refunds_it_in_full_and_it_counts_against_them() {
    // Arrange: a paid trip starting tomorrow (too late for a traveller's refund) and two
    // more approved trips.
    let app = app().await;
    let admin = app.admin().await;
    let tourist = app.signup_and_login("tourist").await;
    let (guide, guide_id) = guide(&app).await;
    let trip = paid(&app, &guide, &tourist, &guide_id, &days_from_today(1), 1).await;
    let total = details(&app, &tourist, &trip).await["totalAmount"].as_f64().unwrap();
    for day in [40, 41] {
        approved(&app, &guide, &tourist, &guide_id, &days_from_today(day), 1).await;
    }

    // Act
    let cancelled = cancel(&app, &guide, &trip, "My knee is injured").await;

    // Assert: everything back, the traveller pointed to guides free that day, audited.
    assert_eq!(cancelled.status(), StatusCode::OK);
    let booking = details(&app, &tourist, &trip).await;
    assert_eq!(booking["bookingStatus"], "cancelled");
    assert_eq!(booking["paymentStatus"], "refund_pending");
    assert_eq!(booking["refundAmount"].as_f64(), Some(total));
    let email = app.wait_for_outbox_email_with(&tourist.email, "availableOn").await;
    let free_that_day = format!("/guides?date={}", days_from_today(1));
    assert!(email.contains(&free_that_day), "{email}");
    let audit = app.get_data("/api/v1/admin/audit?limit=50", &admin.token).await;
    let entry = audit["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|entry| entry["action"] == "guide_cancelled_trip")
        .cloned()
        .expect("the cancellation is in the audit log");
    assert_eq!(entry["targetId"], trip.as_str());

    // ...and one cancellation of three approved trips is the guide's rate.
    sweep(&app, 1).await;
    let reliability = guide_page(&app, &guide_id).await["reliability"].clone();
    assert_eq!(reliability["cancellationRate"].as_f64(), Some(0.333));
    let trust = app.get_data("/api/v1/guides/trust", &guide.token).await;
    let missed: Vec<&str> = trust["thresholds"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["met"] == false)
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(missed.contains(&"cancellation_rate"), "{trust}");
    assert_eq!(trust["badges"], json!([]));
    let refused = app.get_auth("/api/v1/guides/trust", &tourist.token).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
}

/// A verified guide with a valid licence and `reviews` reviews summing to `rating_sum`;
/// with `trips`, three completed trips whose requests were answered within ten minutes.
async fn seasoned_guide(
    app: &TestApp,
    name: &str,
    rating_sum: i64,
    reviews: i64,
    trips: bool,
) -> String {
    let guide = InsertedGuide {
        name,
        interests: &["Trekking"],
        languages: &["English"],
        address: "Pokhara",
        at: KATHMANDU,
        price: Some(50.0),
        rating_sum,
        review_count: reviews,
    };
    let id = insert_guide(app, &guide).await;
    let licence = "UPDATE guide_details SET licence_expires_on = '2099-12-31', updated_at = $1 WHERE user_id = $2";
    execute(app, licence, &id, now_ms()).await;
    if trips {
        let tourist = app.signup_and_login("tourist").await;
        let tourist_id = app.me(&tourist.token).await["_id"].as_str().unwrap().to_owned();
        for day in [-30, -20, -10] {
            insert_booking(app, &tourist_id, &id, &days_from_today(day), true).await;
        }
        let answered = "UPDATE bookings SET answered_at = created_at + $1 WHERE guide_id = $2";
        execute(app, answered, &id, 10 * MINUTE).await;
    }
    id
}

#[tokio::test]
async fn the_badge_is_given_once_across_replicas_and_lists_filter_and_order_by_it() {
    // Arrange: a guide meeting every threshold, and a better-rated one with no trips.
    let app = app().await;
    let trusted = seasoned_guide(&app, "Trusted", 48, 10, true).await;
    let unproven = seasoned_guide(&app, "Unproven", 50, 10, false).await;

    // Act: three replicas sweep at once, then again the same day.
    let first = sweep(&app, 3).await;
    let again = sweep(&app, 3).await;

    // Assert: each guide computed once, one badge given, nothing the second time.
    assert_eq!(first.iter().map(|r| r.guides).sum::<usize>(), 2, "{first:?}");
    assert_eq!(first.iter().map(|r| r.badges_changed).sum::<usize>(), 1, "{first:?}");
    assert_eq!(again.iter().map(|r| r.guides).sum::<usize>(), 0, "{again:?}");
    let page = guide_page(&app, &trusted).await;
    assert_eq!(page["badges"], json!(["trusted"]));
    assert_eq!(page["reliability"]["completedTrips"], 3);
    assert_eq!(page["reliability"]["responseRate"].as_f64(), Some(1.0));
    assert_eq!(page["reliability"]["cancellationRate"].as_f64(), Some(0.0));
    assert_eq!(guide_page(&app, &unproven).await["badges"], json!([]));

    let ids = |body: &Value| -> Vec<String> {
        body["guides"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["_id"].as_str().unwrap().to_owned())
            .collect()
    };
    let only: Value = app.get("/api/v1/users/guides?trusted=true").await.json().await.unwrap();
    assert_eq!((ids(&only), only["total"].as_i64()), (vec![trusted.clone()], Some(1)));
    assert_eq!(only["guides"][0]["badges"], json!(["trusted"]));
    let by_rating: Value = app.get("/api/v1/users/guides").await.json().await.unwrap();
    assert_eq!(ids(&by_rating), [unproven.clone(), trusted.clone()]);
    let trusted_first: Value =
        app.get("/api/v1/users/guides?sort=trusted").await.json().await.unwrap();
    assert_eq!(ids(&trusted_first), [trusted.clone(), unproven.clone()]);
    let searched: Value =
        app.get("/api/v1/users/search?query=pokhara&trusted=true").await.json().await.unwrap();
    assert_eq!(ids(&searched), [trusted]);
    for path in ["/api/v1/users/tours?trusted=true", "/api/v1/users/tours?sort=trusted"] {
        assert_eq!(app.get(path).await.status(), StatusCode::OK, "{path}");
    }
    for bad in ["/api/v1/users/guides?trusted=maybe", "/api/v1/users/guides?sort=trustworthy"] {
        assert_eq!(app.get(bad).await.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
}

/// Marks the guide Trusted as a daily computation would, dated far ahead so that no sweep
/// of the test's app recomputes it.
async fn mark_trusted(app: &TestApp, guide_id: &str) {
    let db = app.db().await;
    let mut tx = db.begin_write().await.unwrap();
    sqlx::query(
        "INSERT INTO guide_reliability (guide_id, response_events, responded_in_day, median_response_minutes, \
           approved_trips, failed_trips, completed_trips, completed_this_year, trusted, computed_on, computed_at) \
         VALUES ($1, 10, 10, 30, 10, 0, 10, 5, 1, '2999-01-01', 0)",
    )
    .bind(guide_id)
    .execute(&mut *tx)
    .await
    .unwrap();
    yatra::guides::index::refresh(&mut tx, guide_id).await.unwrap();
    tx.commit().await.unwrap();
    db.pool.close().await;
}

#[tokio::test]
async fn tour_lists_keep_or_put_first_the_tours_of_trusted_guides() {
    // Arrange: Dawa (Trusted) publishes first, Pemba after, so the newest tour leads ties.
    let app = app().await;
    let admin = app.admin().await;
    let dawa = crate::tours::guide(&app, &admin, "Dawa").await;
    let pemba = crate::tours::guide(&app, &admin, "Pemba").await;
    let poon_hill =
        crate::tours::published(&app, &dawa, crate::tours::poon_hill_days(), "request", 0).await;
    let everest = crate::tours::tour("Everest Base Camp in 12 days", crate::tours::everest_days());
    let everest = crate::tours::create(&app, &pemba.token, &everest).await;
    let everest = everest["_id"].as_str().unwrap().to_owned();
    let published = crate::tours::publish(&app, &pemba.token, &everest, None).await;
    assert_eq!(published.status(), StatusCode::OK);
    let dawa_id = app.me(&dawa.token).await["_id"].as_str().unwrap().to_owned();
    mark_trusted(&app, &dawa_id).await;

    // Act
    let ids = |page: &Value| -> Vec<String> {
        page["tours"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["_id"].as_str().unwrap().to_owned())
            .collect()
    };
    let by_rating = crate::tours::list(&app, "").await;
    let trusted_first = crate::tours::list(&app, "?sort=trusted").await;
    let only = crate::tours::list(&app, "?trusted=true").await;

    // Assert
    assert_eq!(ids(&by_rating), [everest.clone(), poon_hill.clone()]);
    assert_eq!(ids(&trusted_first), [poon_hill.clone(), everest]);
    assert_eq!((ids(&only), only["total"].as_i64()), (vec![poon_hill], Some(1)));
    assert_eq!(only["tours"][0]["guide"]["badges"], json!(["trusted"]));
    assert_eq!(only["tours"][0]["guide"]["reliability"]["responseRate"].as_f64(), Some(1.0));
    let bad = app.get("/api/v1/users/tours?sort=trustworthy").await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
}
