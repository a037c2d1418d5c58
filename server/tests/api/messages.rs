//! Conversations: a traveller writes to a verified guide, both write back and forth, each
//! sees their unread count, outsiders see nothing, and new messages arrive live on every
//! replica.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fixtures::{KATHMANDU, guide_profile, submitted_guide, user_id, verified_guide};
use crate::helpers::{Backend, TestApp, TestUser, assert_error, backend, error_message, spawn_app};

/// A verified guide named Dawa Sherpa (and their id) and a traveller.
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

/// `tourist` writes `text` to the guide; asserts 201 and returns the conversation.
async fn start(app: &TestApp, tourist: &TestUser, guide_id: &str, text: &str) -> Value {
    let response = app
        .post_json_auth(
            "/api/v1/conversations",
            &json!({ "guideId": guide_id, "text": text }),
            &tourist.token,
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED, "start a conversation");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "success");
    body["data"].clone()
}

async fn send(
    app: &TestApp,
    user: &TestUser,
    conversation_id: &str,
    text: &str,
) -> reqwest::Response {
    app.post_json_auth(
        &format!("/api/v1/conversations/{conversation_id}/messages"),
        &json!({ "text": text }),
        &user.token,
    )
    .await
}

/// Sends and asserts 201; returns the message.
async fn sent(app: &TestApp, user: &TestUser, conversation_id: &str, text: &str) -> Value {
    let response = send(app, user, conversation_id, text).await;
    assert_eq!(response.status(), StatusCode::CREATED, "send {text:?}");
    response.json::<Value>().await.unwrap()["data"].clone()
}

async fn conversations(app: &TestApp, user: &TestUser) -> Vec<Value> {
    app.get_data("/api/v1/conversations", &user.token).await.as_array().unwrap().clone()
}

async fn page(
    app: &TestApp,
    user: &TestUser,
    conversation_id: &str,
    cursor: Option<&str>,
) -> Value {
    let query = cursor.map(|c| format!("?cursor={c}")).unwrap_or_default();
    app.get_data(&format!("/api/v1/conversations/{conversation_id}/messages{query}"), &user.token)
        .await
}

fn texts(page: &Value) -> Vec<String> {
    page["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_owned())
        .collect()
}

/// An open live stream, read event by event.
struct EventStream {
    response: reqwest::Response,
    buffer: String,
}

impl EventStream {
    async fn open(client: &reqwest::Client, address: &str, token: &str) -> Self {
        let response = client
            .get(format!("{address}/api/v1/notifications/stream"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        Self { response, buffer: String::new() }
    }

    /// The next event's name and data (keep-alive comments are skipped).
    async fn next(&mut self) -> (String, Value) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let event: String = self.buffer.drain(..end + 2).collect();
                let name = event
                    .lines()
                    .find_map(|l| l.strip_prefix("event:"))
                    .map(|n| n.trim().to_owned());
                let data = event.lines().find_map(|l| l.strip_prefix("data:"));
                if let (Some(name), Some(data)) = (name, data) {
                    return (name, serde_json::from_str(data.trim()).unwrap());
                }
                continue;
            }
            let chunk = tokio::time::timeout_at(deadline, self.response.chunk())
                .await
                .expect("no event within 10 s")
                .unwrap();
            self.buffer.push_str(&String::from_utf8_lossy(&chunk.expect("the stream ended")));
        }
    }

    /// Reads events until one named `name` satisfies `check`; returns its data.
    async fn wait_for(&mut self, name: &str, check: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while tokio::time::Instant::now() < deadline {
            let (event, data) = self.next().await;
            if event == name && check(&data) {
                return data;
            }
        }
        panic!("no {name} event as expected");
    }

    async fn wait_for_unread_messages(&mut self, count: i64) {
        self.wait_for("unread-messages", |data| data["count"] == count).await;
    }
}

#[tokio::test]
async fn a_traveller_starts_a_conversation_and_writing_again_continues_it() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id, tourist) = guide_and_traveller(&app).await;
    let tourist_id = user_id(&app, &tourist.token).await;

    // Act
    let first =
        start(&app, &tourist, &guide_id, "Can we do Poon Hill in 3 days with a 7-year-old?").await;
    let again = start(&app, &tourist, &guide_id, "  And where would we meet?\n").await;

    // Assert
    assert_eq!(first["_id"], again["_id"], "one conversation per pair");
    assert_eq!(first["touristId"], tourist_id.as_str());
    assert_eq!(first["guideId"], guide_id.as_str());
    assert_eq!(first["otherParty"]["firstName"], "Dawa");
    assert_eq!(first["otherParty"]["role"], "guide");
    assert_eq!(again["lastMessage"]["text"], "  And where would we meet?\n", "stored as written");
    assert_eq!(again["lastMessage"]["senderId"], tourist_id.as_str());
    assert_eq!(again["unreadCount"], 0, "your own messages are not unread");

    let theirs = conversations(&app, &guide).await;
    assert_eq!(theirs.len(), 1);
    assert_eq!(theirs[0]["otherParty"]["firstName"], "Sita");
    assert_eq!(theirs[0]["otherParty"]["role"], "tourist");
    assert_eq!(theirs[0]["unreadCount"], 2);
    let id = first["_id"].as_str().unwrap();
    let thread = page(&app, &guide, id, None).await;
    assert_eq!(
        texts(&thread),
        ["  And where would we meet?\n", "Can we do Poon Hill in 3 days with a 7-year-old?"]
    );
    assert_eq!(thread["nextCursor"], Value::Null);
    for field in ["_id", "senderId", "text", "createdAt"] {
        assert!(thread["messages"][0].get(field).is_some(), "{field}");
    }

    let reply = sent(&app, &guide, id, "Yes, in 4 days is kinder. Namaste!").await;
    assert_eq!(reply["text"], "Yes, in 4 days is kinder. Namaste!");
    let mine = conversations(&app, &tourist).await;
    assert_eq!(mine[0]["lastMessage"]["text"], "Yes, in 4 days is kinder. Namaste!");
    assert_eq!(mine[0]["unreadCount"], 1);
    let filtered =
        app.get_data(&format!("/api/v1/conversations?with={guide_id}"), &tourist.token).await;
    assert_eq!(filtered.as_array().unwrap().len(), 1);
    let nobody = app.get_data("/api/v1/conversations?with=nobody", &tourist.token).await;
    assert_eq!(nobody.as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn conversations_are_listed_newest_activity_first() {
    // Arrange
    let app = spawn_app().await;
    let (_, first_guide, tourist) = guide_and_traveller(&app).await;
    let admin = app.admin().await;
    let profile =
        guide_profile("Everest region.", &["English"], &["Trekking"], "Namche", KATHMANDU);
    let (second, second_guide) = verified_guide(&app, &admin, "Pemba", "Lama", &profile).await;
    let older = start(&app, &tourist, &first_guide, "Hello Dawa").await;
    let newer = start(&app, &tourist, &second_guide, "Hello Pemba").await;
    assert_eq!(conversations(&app, &tourist).await[0]["_id"], newer["_id"]);

    // Act: the older conversation has new activity.
    start(&app, &tourist, &first_guide, "Still there?").await;

    // Assert
    let listed = conversations(&app, &tourist).await;
    assert_eq!(
        listed.iter().map(|c| c["_id"].clone()).collect::<Vec<_>>(),
        [older["_id"].clone(), newer["_id"].clone()]
    );
    assert_eq!(conversations(&app, &second).await.len(), 1, "each guide sees only their own");
}

#[tokio::test]
async fn only_travellers_start_conversations_and_only_with_verified_guides() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id, tourist) = guide_and_traveller(&app).await;
    let admin = app.admin().await;
    let profile = guide_profile("Not yet checked.", &["English"], &["Culture"], "Patan", KATHMANDU);
    let (_, unverified_id) = submitted_guide(&app, "Nima", "Tamang", &profile).await;
    let other_tourist_id = user_id(&app, &app.signup_and_login("tourist").await.token).await;
    let body = |id: &str| json!({ "guideId": id, "text": "Namaste" });

    // Act + Assert
    for user in [&guide, &admin] {
        let response =
            app.post_json_auth("/api/v1/conversations", &body(&guide_id), &user.token).await;
        assert_error(
            response,
            StatusCode::FORBIDDEN,
            "Only travellers can start a conversation with a guide",
        )
        .await;
    }
    for id in [unverified_id.as_str(), other_tourist_id.as_str(), "no-such-guide"] {
        let response = app.post_json_auth("/api/v1/conversations", &body(id), &tourist.token).await;
        assert_error(response, StatusCode::NOT_FOUND, "Guide not found").await;
    }
    assert_eq!(
        app.post_json("/api/v1/conversations", &body(&guide_id)).await.status(),
        StatusCode::UNAUTHORIZED
    );
    let missing = app
        .post_json_auth("/api/v1/conversations", &json!({ "guideId": guide_id }), &tourist.token)
        .await;
    assert_eq!(missing.status(), StatusCode::BAD_REQUEST);
    assert!(error_message(missing).await.contains("text"));
    assert!(conversations(&app, &tourist).await.is_empty(), "nothing was created");
    assert!(conversations(&app, &guide).await.is_empty());
}

#[tokio::test]
async fn anyone_but_the_two_parties_gets_404_on_every_route() {
    // Arrange
    let app = spawn_app().await;
    let (_, guide_id, tourist) = guide_and_traveller(&app).await;
    let id = start(&app, &tourist, &guide_id, "Private question").await["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let stranger = app.signup_and_login("tourist").await;
    let other_guide = app.signup_and_login("guide").await;
    let admin = app.admin().await;

    // Act + Assert
    for (outsider, conversation) in [
        (&stranger, id.as_str()),
        (&other_guide, id.as_str()),
        (&admin, id.as_str()),
        (&tourist, "no-such-id"),
    ] {
        let messages = app
            .get_auth(&format!("/api/v1/conversations/{conversation}/messages"), &outsider.token)
            .await;
        assert_error(messages, StatusCode::NOT_FOUND, "Conversation not found").await;
        assert_error(
            send(&app, outsider, conversation, "Let me in").await,
            StatusCode::NOT_FOUND,
            "Conversation not found",
        )
        .await;
        let read = app
            .post_json_auth(
                &format!("/api/v1/conversations/{conversation}/read"),
                &json!({}),
                &outsider.token,
            )
            .await;
        assert_error(read, StatusCode::NOT_FOUND, "Conversation not found").await;
    }
    for outsider in [&stranger, &other_guide, &admin] {
        assert!(conversations(&app, outsider).await.is_empty());
    }
    assert_eq!(
        app.get(&format!("/api/v1/conversations/{id}/messages")).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(app.get("/api/v1/conversations").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        texts(&page(&app, &tourist, &id, None).await),
        ["Private question"],
        "nothing was added"
    );
}

#[tokio::test]
async fn a_message_is_1_to_2000_characters_after_trimming_counting_emoji_as_one() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id, tourist) = guide_and_traveller(&app).await;
    let id = start(&app, &tourist, &guide_id, "Hello").await["_id"].as_str().unwrap().to_owned();
    let empty = "Write a message before sending";

    // Act + Assert
    assert_error(send(&app, &guide, &id, "").await, StatusCode::BAD_REQUEST, empty).await;
    assert_error(send(&app, &guide, &id, " \n\t ").await, StatusCode::BAD_REQUEST, empty).await;
    let blank_start = app
        .post_json_auth(
            "/api/v1/conversations",
            &json!({ "guideId": guide_id, "text": "   " }),
            &tourist.token,
        )
        .await;
    assert_error(blank_start, StatusCode::BAD_REQUEST, empty).await;
    let too_long = send(&app, &guide, &id, &"a".repeat(2001)).await;
    assert_error(
        too_long,
        StatusCode::BAD_REQUEST,
        "A message can be at most 2,000 characters (this one has 2001)",
    )
    .await;
    let too_many_emoji = send(&app, &guide, &id, &"🏔".repeat(2001)).await;
    assert_eq!(too_many_emoji.status(), StatusCode::BAD_REQUEST);

    let longest = "a".repeat(2000);
    assert_eq!(sent(&app, &guide, &id, &longest).await["text"], longest.as_str());
    let padded = format!("\n  {longest}  \n");
    assert_eq!(
        sent(&app, &guide, &id, &padded).await["text"],
        padded.as_str(),
        "spaces around do not count"
    );
    let emoji = "🏔".repeat(2000);
    assert_eq!(sent(&app, &guide, &id, &emoji).await["text"], emoji.as_str());
    let markup = "<script>alert('hi')</script> & <b>bold</b>";
    assert_eq!(sent(&app, &guide, &id, markup).await["text"], markup, "stored as written");
    assert_eq!(
        texts(&page(&app, &tourist, &id, None).await).len(),
        5,
        "only the valid ones were kept"
    );
}

#[tokio::test]
async fn pages_of_messages_stay_the_same_while_new_messages_arrive() {
    // Arrange: 33 messages, written by both (each stays under the rate limit).
    let app = spawn_app().await;
    let (guide, guide_id, tourist) = guide_and_traveller(&app).await;
    let id =
        start(&app, &tourist, &guide_id, "message 1").await["_id"].as_str().unwrap().to_owned();
    for n in 2..=33 {
        let writer = if n % 2 == 0 { &guide } else { &tourist };
        sent(&app, writer, &id, &format!("message {n}")).await;
    }

    // Act
    let newest = page(&app, &tourist, &id, None).await;
    sent(&app, &guide, &id, "message 34").await;
    let cursor = newest["nextCursor"].as_str().expect("an older page").to_owned();
    let older = page(&app, &tourist, &id, Some(&cursor)).await;

    // Assert
    let expected_newest: Vec<String> = (4..=33).rev().map(|n| format!("message {n}")).collect();
    assert_eq!(texts(&newest), expected_newest);
    assert_eq!(
        texts(&older),
        ["message 3", "message 2", "message 1"],
        "no repeats, nothing skipped"
    );
    assert_eq!(older["nextCursor"], Value::Null);
    assert_eq!(texts(&page(&app, &tourist, &id, None).await)[0], "message 34");
    for bad in ["abc", "-1", "1.5", "99999999999999999999"] {
        let response = app
            .get_auth(&format!("/api/v1/conversations/{id}/messages?cursor={bad}"), &tourist.token)
            .await;
        assert_error(
            response,
            StatusCode::BAD_REQUEST,
            "The cursor is not valid: start again from the first page",
        )
        .await;
    }
}

#[tokio::test]
async fn unread_counts_follow_messages_and_reading_live() {
    // Arrange: the guide's page is open.
    let app = spawn_app().await;
    let (guide, guide_id, tourist) = guide_and_traveller(&app).await;
    let mut stream = EventStream::open(&app.client, &app.address, &guide.token).await;
    stream.wait_for_unread_messages(0).await;

    // Act
    let conversation = start(&app, &tourist, &guide_id, "Is the trail open in January?").await;
    let id = conversation["_id"].as_str().unwrap();
    sent(&app, &tourist, id, "<script>alert(1)</script>").await;

    // Assert
    let live = stream
        .wait_for("message", |data| data["message"]["text"] == "<script>alert(1)</script>")
        .await;
    assert_eq!(live["conversationId"], id);
    assert_eq!(live["message"]["senderId"], conversation["touristId"]);
    stream.wait_for_unread_messages(2).await;
    assert_eq!(conversations(&app, &guide).await[0]["unreadCount"], 2);

    let read = app
        .post_json_auth(&format!("/api/v1/conversations/{id}/read"), &json!({}), &guide.token)
        .await;
    assert_eq!(read.status(), StatusCode::OK);
    stream.wait_for_unread_messages(0).await;
    assert_eq!(conversations(&app, &guide).await[0]["unreadCount"], 0);

    sent(&app, &guide, id, "It is, with snow above 3,000 m.").await;
    assert_eq!(conversations(&app, &tourist).await[0]["unreadCount"], 1);
    assert_eq!(
        conversations(&app, &guide).await[0]["unreadCount"],
        0,
        "your own reply is not unread"
    );
}

#[tokio::test]
async fn sending_too_fast_is_refused_with_retry_after() {
    // Arrange: the traveller sends twenty messages in a minute.
    let app = spawn_app().await;
    let (guide, guide_id, tourist) = guide_and_traveller(&app).await;
    let id =
        start(&app, &tourist, &guide_id, "message 1").await["_id"].as_str().unwrap().to_owned();
    for n in 2..=20 {
        sent(&app, &tourist, &id, &format!("message {n}")).await;
    }

    // Act
    let refused = send(&app, &tourist, &id, "message 21").await;
    let refused_start = app
        .post_json_auth(
            "/api/v1/conversations",
            &json!({ "guideId": guide_id, "text": "again" }),
            &tourist.token,
        )
        .await;

    // Assert
    for response in [refused, refused_start] {
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        let wait: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=60).contains(&wait), "Retry-After {wait}");
        assert!(
            error_message(response).await.starts_with("Too many messages. Please try again in")
        );
    }
    assert_eq!(
        page(&app, &guide, &id, None).await["messages"].as_array().unwrap().len(),
        20,
        "nothing more was stored"
    );
    sent(&app, &guide, &id, "The limit is the sender's own").await;
}

#[tokio::test]
async fn concurrent_first_messages_make_one_conversation() {
    // Arrange
    let app = spawn_app().await;
    let (guide, guide_id, tourist) = guide_and_traveller(&app).await;

    // Act
    let bodies: Vec<Value> =
        (0..6).map(|n| json!({ "guideId": guide_id, "text": format!("hello {n}") })).collect();
    let attempts =
        bodies.iter().map(|body| app.post_json_auth("/api/v1/conversations", body, &tourist.token));
    let responses = futures_util::future::join_all(attempts).await;

    // Assert
    let mut ids = Vec::new();
    for response in responses {
        assert_eq!(response.status(), StatusCode::CREATED);
        ids.push(
            response.json::<Value>().await.unwrap()["data"]["_id"].as_str().unwrap().to_owned(),
        );
    }
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 1, "one conversation");
    let listed = conversations(&app, &guide).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["unreadCount"], 6, "every message kept");
    assert_eq!(page(&app, &guide, &ids[0], None).await["messages"].as_array().unwrap().len(), 6);
}

#[tokio::test]
async fn a_message_sent_on_one_replica_reaches_a_page_open_on_another() {
    if backend() != Backend::Postgres {
        eprintln!("skipped: replicas share state through PostgreSQL; SQLite runs one process");
        return;
    }
    // Arrange: two servers on one database; the guide's page is open on the second.
    let app = spawn_app().await;
    let second = app.replica().await;
    let (guide, guide_id, tourist) = guide_and_traveller(&app).await;
    let mut stream = EventStream::open(&app.client, &second, &guide.token).await;
    stream.wait_for_unread_messages(0).await;

    // Act: the traveller writes through the first.
    let id = start(&app, &tourist, &guide_id, "Namaste from the other server").await["_id"]
        .as_str()
        .unwrap()
        .to_owned();

    // Assert
    let live = stream
        .wait_for("message", |data| data["message"]["text"] == "Namaste from the other server")
        .await;
    assert_eq!(live["conversationId"], id.as_str());
    stream.wait_for_unread_messages(1).await;
    app.post_json_auth(&format!("/api/v1/conversations/{id}/read"), &json!({}), &guide.token).await;
    stream.wait_for_unread_messages(0).await;
}

#[tokio::test]
async fn concurrent_sends_never_pass_the_rate_limit_together() {
    // Arrange: fifteen of the minute's twenty messages are sent.
    let app = spawn_app().await;
    let (guide, guide_id, tourist) = guide_and_traveller(&app).await;
    let id =
        start(&app, &tourist, &guide_id, "message 1").await["_id"].as_str().unwrap().to_owned();
    for n in 2..=15 {
        sent(&app, &tourist, &id, &format!("message {n}")).await;
    }

    // Act: ten more at once.
    let texts: Vec<String> = (16..=25).map(|n| format!("message {n}")).collect();
    let responses =
        futures_util::future::join_all(texts.iter().map(|text| send(&app, &tourist, &id, text)))
            .await;

    // Assert
    let statuses: Vec<StatusCode> = responses.iter().map(|r| r.status()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 5, "{statuses:?}");
    assert_eq!(
        statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count(),
        5,
        "{statuses:?}"
    );
    assert_eq!(page(&app, &guide, &id, None).await["messages"].as_array().unwrap().len(), 20);
}
