//! Several replicas on one database (issue 17): a page whose replica goes away resumes on
//! another without losing a message, background work racing on three replicas happens
//! exactly once, and two replicas migrating a fresh database at once both start.

use std::collections::HashMap;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};
use yatra::db::{Db, new_id, now_ms};
use yatra::hub::NotificationHub;
use yatra::outbox::Outbox;
use yatra::providers::stripe::Stripe;
use yatra::sweep::{self, SweepContext, Swept};

use crate::fixtures::{
    KATHMANDU, days_from_today, guide_profile, insert_booking, insert_verified_guide,
    verified_guide,
};
use crate::helpers::{Backend, TestApp, TestUser, backend, spawn_app, spawn_app_with};

/// A live event as a client reads it.
struct Received {
    name: String,
    data: Value,
    id: Option<String>,
}

/// An open `/notifications/stream`, read event by event.
struct EventStream {
    response: reqwest::Response,
    buffer: String,
}

impl EventStream {
    async fn open(
        app: &TestApp,
        address: &str,
        user: &TestUser,
        last_event_id: Option<&str>,
    ) -> Self {
        let mut request = app
            .client
            .get(format!("{address}/api/v1/notifications/stream"))
            .bearer_auth(&user.token);
        if let Some(id) = last_event_id {
            request = request.header("Last-Event-ID", id);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        Self { response, buffer: String::new() }
    }

    /// The next event, or `None` when the stream ends.
    async fn next(&mut self) -> Option<Received> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let event: String = self.buffer.drain(..end + 2).collect();
                let field = |name: &str| {
                    event.lines().find_map(|l| l.strip_prefix(name)).map(|v| v.trim().to_owned())
                };
                if let (Some(name), Some(data)) = (field("event:"), field("data:")) {
                    return Some(Received {
                        name,
                        data: serde_json::from_str(&data).unwrap(),
                        id: field("id:"),
                    });
                }
                continue;
            }
            let chunk = tokio::time::timeout_at(deadline, self.response.chunk())
                .await
                .expect("no event within 10 s")
                .unwrap()?;
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    /// Reads until a `message` event with `text`; returns it.
    async fn message(&mut self, text: &str) -> Received {
        loop {
            let event = self.next().await.expect("the stream ended before the message");
            if event.name == "message" && event.data["message"]["text"] == text {
                return event;
            }
        }
    }

    /// Reads until an `unread-messages` event with `count`; returns the texts of the
    /// messages that came before it.
    async fn messages_until_unread(&mut self, count: i64) -> (Vec<String>, Received) {
        let mut texts = Vec::new();
        loop {
            let event = self.next().await.expect("the stream ended before the count");
            if event.name == "message" {
                texts.push(event.data["message"]["text"].as_str().unwrap().to_owned());
            } else if event.name == "unread-messages" && event.data["count"] == count {
                return (texts, event);
            }
        }
    }
}

async fn guide_and_traveller(app: &TestApp) -> (TestUser, String, TestUser) {
    let admin = app.admin().await;
    let profile = guide_profile(
        "Annapurna treks.",
        &["English"],
        &["Trekking"],
        "Lakeside, Pokhara",
        KATHMANDU,
    );
    let (guide, guide_id) = verified_guide(app, &admin, "Dawa", "Sherpa", &profile).await;
    let tourist = app.signup_and_login("tourist").await;
    (guide, guide_id, tourist)
}

/// `tourist` writes `text` to the guide through `app`; returns the conversation's id.
async fn write(app: &TestApp, tourist: &TestUser, guide_id: &str, text: &str) -> String {
    let response = app
        .post_json_auth(
            "/api/v1/conversations",
            &json!({ "guideId": guide_id, "text": text }),
            &tourist.token,
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json::<Value>().await.unwrap()["data"]["_id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn every_event_carries_a_position_and_resuming_from_it_replays_the_missed_messages() {
    // Arrange: the guide's page heard the first message, then lost its connection.
    let app = spawn_app().await;
    let (guide, guide_id, tourist) = guide_and_traveller(&app).await;
    let mut stream = EventStream::open(&app, &app.address, &guide, None).await;
    let first = stream.next().await.unwrap();
    let opened_at: i64 = first.id.as_deref().expect("the first event has an id").parse().unwrap();
    write(&app, &tourist, &guide_id, "Seen live").await;
    let seen = stream.message("Seen live").await;
    let position: i64 = seen.id.clone().unwrap().parse().unwrap();
    assert!(position >= opened_at, "the position moves on with the messages");
    drop(stream);

    // Act: two more arrive while it is away; it comes back with the last id it heard.
    write(&app, &tourist, &guide_id, "Missed one").await;
    write(&app, &tourist, &guide_id, "Missed two").await;
    let mut resumed = EventStream::open(&app, &app.address, &guide, seen.id.as_deref()).await;

    // Assert: fresh counts, then the missed messages in order (the slack may repeat
    // the one already seen, which the client skips).
    let (texts, _) = resumed.messages_until_unread(3).await;
    let replayed = texts.into_iter().skip_while(|t| t == "Seen live").collect::<Vec<_>>();
    assert_eq!(replayed, ["Missed one", "Missed two"], "replayed, oldest first");
}

#[tokio::test]
async fn a_stream_without_a_usable_last_event_id_replays_nothing() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id, tourist) = guide_and_traveller(&app).await;
    write(&app, &tourist, &guide_id, "Already on the page").await;

    for (unread, last_event_id) in
        [None, Some("not-a-position"), Some("-99999999999999999999"), Some("")]
            .into_iter()
            .enumerate()
    {
        // Act
        let mut stream = EventStream::open(&app, &app.address, &guide, last_event_id).await;

        // Assert: the counts, and the next event is a live one.
        let (texts, _) = stream.messages_until_unread(unread as i64 + 1).await;
        assert!(texts.is_empty(), "{last_event_id:?} replayed {texts:?}");
        write(&app, &tourist, &guide_id, "Live").await;
        assert_eq!(
            stream.next().await.unwrap().data["message"]["text"],
            "Live",
            "{last_event_id:?}"
        );
    }
}

#[tokio::test]
async fn a_page_whose_replica_stops_catches_up_on_another_with_last_event_id() {
    if backend() != Backend::Postgres {
        eprintln!("skipped: replicas share state through PostgreSQL; SQLite runs one process");
        return;
    }
    // Arrange: two servers on one database; the guide's page is open on the second.
    let app = spawn_app().await;
    let (second, stop_second) = app.stoppable_replica().await;
    let (guide, guide_id, tourist) = guide_and_traveller(&app).await;
    let mut stream = EventStream::open(&app, &second, &guide, None).await;
    write(&app, &tourist, &guide_id, "Before the restart").await;
    let last = stream.message("Before the restart").await;

    // Act: the second stops (its streams end); messages land on the first meanwhile;
    // the page reconnects, through the balancer, to the first.
    stop_second.send(()).unwrap();
    while stream.next().await.is_some() {}
    write(&app, &tourist, &guide_id, "While you were away").await;
    let mut resumed = EventStream::open(&app, &app.address, &guide, last.id.as_deref()).await;

    // Assert
    let (texts, _) = resumed.messages_until_unread(2).await;
    assert_eq!(texts.last().map(String::as_str), Some("While you were away"), "{texts:?}");
    write(&app, &tourist, &guide_id, "And live again").await;
    resumed.message("And live again").await;
}

// Background work: three replicas' sweeps race over the same due work.

const ROUNDS: usize = 4;
const EXPIRING: usize = 5;
const COMPLETING: usize = 3;
const REFUNDING: usize = 4;

/// One replica's sweep and email worker, on its own pool and listener.
struct Replica {
    sweep: SweepContext,
    outbox: Outbox,
}

async fn replicas(app: &TestApp, count: usize) -> Vec<Replica> {
    let mut all = Vec::new();
    for _ in 0..count {
        let db = Db::connect(&app.config.database.url).await.unwrap();
        let hub = NotificationHub::start(&db, &app.config.database.url).await;
        let stripe = app.config.payments.stripe.as_ref().map(|config| Stripe::new(config).unwrap());
        let outbox = Outbox::new(db.clone(), &app.config).unwrap();
        let sweep = SweepContext {
            db,
            hub,
            stripe,
            khalti: None,
            every: Duration::from_secs(3600),
            refund_retry: Duration::from_secs(3600),
        };
        all.push(Replica { sweep, outbox });
    }
    all
}

async fn insert_tourist(db: &Db) -> String {
    let id = new_id();
    sqlx::query(
        "INSERT INTO users (id, first_name, last_name, email, email_lower, password_hash, role, created_at, updated_at) \
         VALUES ($1, 'Maya', 'Traveller', $2, $2, 'not-a-hash', 'tourist', $3, $3)",
    )
    .bind(&id)
    .bind(format!("{id}@travellers.example.com"))
    .bind(now_ms())
    .execute(&db.pool)
    .await
    .unwrap();
    id
}

/// The due work of one round: bookings whose payment window closed, paid trips that
/// ended, and cancelled paid trips with a Stripe refund due. Returns their ids by kind.
async fn prepare_round(
    app: &TestApp,
    db: &Db,
    round: usize,
) -> (Vec<String>, Vec<String>, Vec<String>) {
    let guide_id =
        insert_verified_guide(app, &format!("Round{round}"), &["Trekking"], KATHMANDU, 0, 0).await;
    let tourist_id = insert_tourist(db).await;
    let mut days = 10..;
    let mut expiring = Vec::new();
    for _ in 0..EXPIRING {
        let id = insert_booking(
            app,
            &tourist_id,
            &guide_id,
            &days_from_today(days.next().unwrap()),
            false,
        )
        .await;
        sqlx::query("UPDATE bookings SET expires_at = 1 WHERE id = $1")
            .bind(&id)
            .execute(&db.pool)
            .await
            .unwrap();
        expiring.push(id);
    }
    let mut completing = Vec::new();
    for _ in 0..COMPLETING {
        let id = insert_booking(
            app,
            &tourist_id,
            &guide_id,
            &days_from_today(days.next().unwrap()),
            true,
        )
        .await;
        sqlx::query("UPDATE bookings SET end_date = '2001-01-01' WHERE id = $1")
            .bind(&id)
            .execute(&db.pool)
            .await
            .unwrap();
        completing.push(id);
    }
    let mut refunding = Vec::new();
    for _ in 0..REFUNDING {
        let id = insert_booking(
            app,
            &tourist_id,
            &guide_id,
            &days_from_today(days.next().unwrap()),
            true,
        )
        .await;
        let (payment_id, now) = (new_id(), now_ms());
        sqlx::query(
            "UPDATE bookings SET booking_status = 'cancelled', payment_status = 'refund_pending', cancelled_by = 'tourist', \
               cancelled_at = $2 WHERE id = $1",
        )
        .bind(&id)
        .bind(now)
        .execute(&db.pool)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO payments (id, booking_id, provider, provider_session_id, amount_cents, currency, status, paid_at, \
               created_at, updated_at, payment_intent) VALUES ($1, $2, 'stripe', $3, 8000, 'usd', 'paid', $4, $4, $4, $5)",
        )
        .bind(&payment_id)
        .bind(&id)
        .bind(format!("cs_test_{id}"))
        .bind(now)
        .bind(format!("pi_test_{id}"))
        .execute(&db.pool)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO refunds (id, booking_id, payment_id, provider, amount_cents, next_attempt_at, created_at, updated_at) \
             VALUES ($1, $2, $3, 'stripe', 8000, 0, $4, $4)",
        )
        .bind(new_id())
        .bind(&id)
        .bind(&payment_id)
        .bind(now)
        .execute(&db.pool)
        .await
        .unwrap();
        refunding.push(id);
    }
    (expiring, completing, refunding)
}

async fn count(db: &Db, sql: &str, id: &str) -> i64 {
    let (n,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql.to_owned()))
        .bind(id)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    n
}

#[tokio::test]
async fn three_replicas_sweeping_at_once_expire_complete_refund_and_email_each_thing_once() {
    // Arrange: a fake Stripe that counts refund calls; the server's own sweep sleeps, so
    // the three replicas below are the only ones sweeping.
    let stripe = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/refunds"))
        .respond_with(ResponseTemplate::new(200).set_body_json(
            json!({ "id": "re_test_replicas", "object": "refund", "status": "succeeded" }),
        ))
        .mount(&stripe)
        .await;
    let app = spawn_app_with(&[
        ("YATRA_STRIPE_SECRET_KEY", "sk_test_replicas_0123456789"),
        ("YATRA_STRIPE_API_BASE", &stripe.uri()),
        ("YATRA_STRIPE_WEBHOOK_SECRET", "whsec_yatra_replicas_0123456789"),
        ("YATRA_SWEEP_EVERY", "1h"),
    ])
    .await;
    let replicas = replicas(&app, 3).await;
    let db = app.db().await;

    for round in 0..ROUNDS {
        let (expiring, completing, refunding) = prepare_round(&app, &db, round).await;

        // Act: all three sweep at once, then their email workers deliver at once (the
        // server's own email worker joins in).
        let swept =
            futures_util::future::join_all(replicas.iter().map(|r| sweep::sweep(&r.sweep))).await;
        let delivered =
            futures_util::future::join_all(replicas.iter().map(|r| r.outbox.deliver_due())).await;

        // Assert: every change made by exactly one replica...
        let swept: Vec<Swept> = swept.into_iter().map(Result::unwrap).collect();
        assert_eq!(
            swept.iter().map(|s| s.expired).sum::<usize>(),
            EXPIRING,
            "round {round}: {swept:?}"
        );
        assert_eq!(
            swept.iter().map(|s| s.completed).sum::<usize>(),
            COMPLETING,
            "round {round}: {swept:?}"
        );
        assert_eq!(
            swept.iter().map(|s| s.refunded).sum::<usize>(),
            REFUNDING,
            "round {round}: {swept:?}"
        );
        delivered.into_iter().for_each(|d| {
            d.unwrap();
        });
        // ...and told about once: one notification for each party, emails queued once.
        for id in &expiring {
            assert_eq!(
                count(
                    &db,
                    "SELECT COUNT(*) FROM bookings WHERE id = $1 AND booking_status = 'expired'",
                    id
                )
                .await,
                1
            );
            assert_eq!(count(&db, "SELECT COUNT(*) FROM notifications WHERE booking_id = $1 AND kind = 'booking_expired'", id).await, 2);
        }
        for id in &completing {
            assert_eq!(
                count(
                    &db,
                    "SELECT COUNT(*) FROM bookings WHERE id = $1 AND booking_status = 'completed'",
                    id
                )
                .await,
                1
            );
            assert_eq!(count(&db, "SELECT COUNT(*) FROM notifications WHERE booking_id = $1 AND kind = 'booking_completed'", id).await, 2);
        }
        for id in &refunding {
            assert_eq!(
                count(
                    &db,
                    "SELECT COUNT(*) FROM bookings WHERE id = $1 AND payment_status = 'refunded'",
                    id
                )
                .await,
                1
            );
            assert_eq!(count(&db, "SELECT COUNT(*) FROM refunds WHERE booking_id = $1 AND status = 'succeeded' AND attempts = 1", id).await, 1);
            assert_eq!(count(&db, "SELECT COUNT(*) FROM notifications WHERE booking_id = $1 AND kind = 'booking_refunded'", id).await, 2);
        }
        let rounds_so_far = (round + 1) as i64;
        let templates: HashMap<String, i64> =
            sqlx::query_as("SELECT template, COUNT(*) FROM emails GROUP BY template")
                .fetch_all(&db.pool)
                .await
                .unwrap()
                .into_iter()
                .collect();
        assert_eq!(
            templates.get("booking_expired"),
            Some(&(2 * EXPIRING as i64 * rounds_so_far)),
            "{templates:?}"
        );
        assert_eq!(
            templates.get("booking_refunded"),
            Some(&(2 * REFUNDING as i64 * rounds_so_far)),
            "{templates:?}"
        );
    }

    // Stripe was asked once per refund: one call for each idempotency key.
    let requests = stripe.received_requests().await.unwrap();
    let mut keys: Vec<&str> = requests
        .iter()
        .filter(|r| r.url.path() == "/v1/refunds")
        .map(|r| r.headers.get("idempotency-key").unwrap().to_str().unwrap())
        .collect();
    assert_eq!(keys.len(), ROUNDS * REFUNDING);
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), ROUNDS * REFUNDING, "no refund asked for twice");
    // Every email claimed once and delivered once, each to its own file (the server's
    // own worker may still be finishing one).
    for _ in 0..500 {
        let (pending,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM emails WHERE status = 'pending'")
                .fetch_one(&db.pool)
                .await
                .unwrap();
        if pending == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (not_once,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM emails WHERE status <> 'sent' OR attempts <> 1")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(not_once, 0, "every email sent at the first and only attempt");
    let (sent,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM emails").fetch_one(&db.pool).await.unwrap();
    let files = std::fs::read_dir(&app.config.email.outbox_dir).unwrap().count();
    assert_eq!(files as i64, sent);
    db.pool.close().await;
}

#[tokio::test]
async fn two_replicas_migrating_a_fresh_database_at_once_both_start() {
    if backend() != Backend::Postgres {
        eprintln!(
            "skipped: SQLite is one file for one server process; it is migrated by that process alone"
        );
        return;
    }
    // Arrange: an empty database of its own.
    let base = std::env::var("YATRA_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let name = format!("yatra_migrate_{}", new_id());
    let admin = Db::connect(&base).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&admin.pool)
        .await
        .unwrap();
    let url = match base.rfind('/') {
        Some(slash) => format!("{}/{name}", &base[..slash]),
        None => panic!("YATRA_TEST_POSTGRES_URL names no database"),
    };

    // Act: two replicas start at the same moment, each migrating first.
    let (first, second) = tokio::join!(Db::connect(&url), Db::connect(&url));
    let (first, second) = (first.unwrap(), second.unwrap());
    let (a, b) = tokio::join!(first.migrate(), second.migrate());

    // Assert: both succeed, and each migration was applied once.
    a.unwrap();
    b.unwrap();
    let (applied, distinct): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), COUNT(DISTINCT version) FROM _sqlx_migrations WHERE success",
    )
    .fetch_one(&first.pool)
    .await
    .unwrap();
    assert_eq!(applied, distinct);
    let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/postgres"))
        .unwrap()
        .count();
    assert_eq!(applied as usize, files);
    first.pool.close().await;
    second.pool.close().await;
    sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE {name} WITH (FORCE)")))
        .execute(&admin.pool)
        .await
        .unwrap();
    admin.pool.close().await;
}
