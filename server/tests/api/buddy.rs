//! Tourist Buddy: the embedded answers (guides as the directory finds them, destination
//! facts, emergencies, the unknown), bad input, its rate limit, the event stream, and a
//! configured model, played by a fake OpenAI-compatible server inside the test.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::fixtures::{
    KATHMANDU, POKHARA, days_from_today, guide_profile, insert_booking, user_id, verified_guide,
};
use crate::helpers::{
    TestApp, TestUser, assert_error, error_message, jpeg, spawn_app, spawn_app_with,
};

const CHAT: &str = "/api/v1/assistant/chat";

fn ask_body(question: &str) -> Value {
    json!({ "messages": [{ "role": "user", "content": question }] })
}

async fn ask(app: &TestApp, question: &str) -> Value {
    let response = app.post_json(CHAT, &ask_body(question)).await;
    assert_eq!(response.status(), StatusCode::OK, "asking {question:?}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "success");
    body["data"].clone()
}

fn reply(answer: &Value) -> &str {
    answer["reply"].as_str().expect("a reply")
}

fn card_ids(answer: &Value, kind: &str) -> Vec<String> {
    answer["cards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["type"] == kind)
        .map(|c| c["id"].as_str().unwrap().to_owned())
        .collect()
}

/// "12 March 2027" for a `YYYY-MM-DD` date, as a traveller writes it.
fn spoken(date: &str) -> String {
    yatra::calendar::long_date(date)
}

/// A verified guide made through the API, with a language, interests, a place and a price.
async fn guide(
    app: &TestApp,
    admin: &TestUser,
    first: &str,
    languages: &[&str],
    interests: &[&str],
    address: &str,
    at: (f64, f64),
    price: f64,
) -> String {
    let mut profile =
        guide_profile(&format!("{first} guides travellers."), languages, interests, address, at);
    profile["pricePerDay"] = json!(price);
    verified_guide(app, admin, first, "Guide", &profile).await.1
}

/// Guides around Pokhara of whom only Rita is a French-speaking trekking guide in
/// Pokhara under $60 who is free on `date`. Returns Rita's id.
async fn pokhara_guides(app: &TestApp, date: &str) -> String {
    let admin = app.admin().await;
    let rita = guide(
        app,
        &admin,
        "Rita",
        &["English", "French"],
        &["Trekking", "Nature"],
        "Lakeside, Pokhara",
        POKHARA,
        52.0,
    )
    .await;
    let booked =
        guide(app, &admin, "Bina", &["French"], &["Hiking"], "Lakeside, Pokhara", POKHARA, 58.0)
            .await;
    guide(app, &admin, "Dear", &["French"], &["Trekking"], "Sarangkot, Pokhara", POKHARA, 75.0)
        .await;
    guide(app, &admin, "Gunther", &["German"], &["Trekking"], "Lakeside, Pokhara", POKHARA, 40.0)
        .await;
    guide(app, &admin, "Culture", &["French"], &["Culture"], "Old Bazaar, Pokhara", POKHARA, 45.0)
        .await;
    guide(app, &admin, "Thamel", &["French"], &["Trekking"], "Thamel, Kathmandu", KATHMANDU, 50.0)
        .await;
    let tourist = app.signup_and_login("tourist").await;
    insert_booking(app, &user_id(app, &tourist.token).await, &booked, date, true).await;
    rita
}

#[tokio::test]
async fn the_french_trekking_question_gives_the_same_guides_as_the_filtered_search() {
    // Arrange
    let app = spawn_app().await;
    let date = days_from_today(40);
    let rita = pokhara_guides(&app, &date).await;

    // Act
    let answer = ask(
        &app,
        &format!("a French-speaking trekking guide in Pokhara under $60 on {}", spoken(&date)),
    )
    .await;
    let listed: Value = app
        .get(&format!("/api/v1/users/search?query=Pokhara&category=trekking&language=French&maxPrice=60&availableOn={date}"))
        .await
        .json()
        .await
        .unwrap();

    // Assert
    let listed_ids: Vec<String> = listed["guides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["_id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(listed_ids, vec![rita.clone()]);
    assert_eq!(card_ids(&answer, "guide"), listed_ids);
    let card = &answer["cards"][0];
    assert_eq!(
        (card["title"].as_str(), card["url"].as_str()),
        (Some("Rita Guide"), Some(format!("/guides/{rita}").as_str()))
    );
    assert!(
        reply(&answer).starts_with(
            "I found 1 guide (in Pokhara, who speak French, for trekking, up to $60 a day, free on "
        ),
        "{}",
        reply(&answer)
    );
    assert!(
        reply(&answer).contains("• Rita Guide — $52/day, Lakeside, Pokhara"),
        "{}",
        reply(&answer)
    );
}

#[tokio::test]
async fn the_same_question_in_nepali_finds_the_same_guide_and_answers_in_nepali() {
    // Arrange
    let app = spawn_app().await;
    let date = days_from_today(40);
    let rita = pokhara_guides(&app, &date).await;
    let (month, day) = {
        let parsed = yatra::calendar::parse_date(&date).unwrap();
        const MONTHS: [&str; 12] = [
            "जनवरी",
            "फेब्रुअरी",
            "मार्च",
            "अप्रिल",
            "मे",
            "जुन",
            "जुलाई",
            "अगस्ट",
            "सेप्टेम्बर",
            "अक्टोबर",
            "नोभेम्बर",
            "डिसेम्बर",
        ];
        (MONTHS[parsed.month() as usize - 1], parsed.day())
    };

    // Act
    let answer =
        ask(&app, &format!("पोखरामा फ्रेन्च बोल्ने ट्रेकिङ गाइड, $60 भन्दा कम, {month} {day} मा")).await;

    // Assert
    assert_eq!(card_ids(&answer, "guide"), vec![rita]);
    assert!(
        reply(&answer).starts_with("1 जना गाइड भेटिए (पोखरामा, फ्रेन्च बोल्ने, ट्रेकिङका लागि"),
        "{}",
        reply(&answer)
    );
}

#[tokio::test]
async fn prices_are_told_in_the_reader_s_currency_and_digits() {
    // Arrange: the rupee at the server's rate, the euro at its stored display rate (0.86).
    let app = spawn_app_with(&[("YATRA_NPR_PER_USD", "133.5")]).await;
    let date = days_from_today(40);
    pokhara_guides(&app, &date).await;
    let ask_in = |question: &str, currency: &str| json!({ "messages": [{ "role": "user", "content": question }], "currency": currency });

    // Act
    let nepali: Value = app
        .post_json(CHAT, &ask_in("पोखरामा फ्रेन्च बोल्ने ट्रेकिङ गाइड, $60 भन्दा कम", "NPR"))
        .await
        .json()
        .await
        .unwrap();
    let english: Value = app
        .post_json(CHAT, &ask_in("a French-speaking trekking guide in Pokhara under $60", "EUR"))
        .await
        .json()
        .await
        .unwrap();
    let unknown = app.post_json(CHAT, &ask_in("a guide in Pokhara", "XYZ")).await;

    // Assert: $52 a day is 6,942 rupees at 133.5, 44.72 euros at 0.86.
    let nepali = reply(&nepali["data"]).to_owned();
    assert!(nepali.contains("• Rita Guide — दिनको ≈\u{a0}नेरू\u{a0}६,९४२,"), "{nepali}");
    assert!(!nepali.contains("$52"), "{nepali}");
    let english = reply(&english["data"]).to_owned();
    assert!(english.contains("• Rita Guide — ≈\u{a0}EUR\u{a0}45/day,"), "{english}");
    assert_error(
        unknown,
        StatusCode::BAD_REQUEST,
        "currency must be one of USD, NPR, EUR, GBP, INR, AUD, CNY, JPY",
    )
    .await;
}

#[tokio::test]
async fn no_matching_guide_says_so_and_offers_the_search() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let answer = ask(&app, "a Korean-speaking wildlife guide in Chitwan under $20").await;

    // Assert
    assert!(
        reply(&answer).starts_with(
            "I found no guide (in Chitwan, who speak Korean, for wildlife, up to $20 a day)."
        ),
        "{}",
        reply(&answer)
    );
    assert_eq!(answer["cards"], json!([]));
    assert_eq!(
        answer["searchUrl"],
        "/search?q=Chitwan&category=wildlife&language=Korean&maxPrice=20"
    );
}

const ADMIN_DESTINATIONS: &str = "/api/v1/admin/destinations";

/// Everest Base Camp with its trek facts, made by an admin. Returns its id.
async fn everest(app: &TestApp) -> String {
    let admin = app.admin().await;
    let mut form = Form::new();
    for (name, value) in [
        ("name", "Everest Base Camp"),
        ("location", "Khumbu, Koshi Province"),
        ("description", "The classic trek."),
    ] {
        form = form.text(name, value);
    }
    form = form.part(
        "image",
        Part::bytes(jpeg(320, 200)).file_name("ebc.jpg").mime_str("image/jpeg").unwrap(),
    );
    let created = app.upload_form(ADMIN_DESTINATIONS, &admin.token, form).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let id =
        created.json::<Value>().await.unwrap()["destination"]["_id"].as_str().unwrap().to_owned();
    let facts = json!({
        "durationDays": {"min": 12, "max": 14},
        "maxAltitudeM": 5644,
        "bestMonths": [3, 4, 5, 10, 11],
        "difficulty": "hard",
        "licensedGuideRequired": true,
        "permits": [{"name": "Sagarmatha National Park entry", "feeNpr": 3000, "saarcFeeNpr": 1500, "per": "entry"}]
    });
    let put = app
        .client
        .put(app.url(&format!("{ADMIN_DESTINATIONS}/{id}/trek")))
        .bearer_auth(&admin.token)
        .json(&facts)
        .send()
        .await
        .unwrap();
    assert_eq!(put.status(), StatusCode::OK);
    id
}

#[tokio::test]
async fn destination_questions_are_answered_from_its_trek_facts_with_its_card() {
    // Arrange
    let app = spawn_app().await;
    let id = everest(&app).await;

    // Act
    let months = ask(&app, "When is the best time to visit Everest Base Camp?").await;
    let permits = ask(&app, "What permits do I need for Everest?").await;
    let guide_needed = ask(&app, "Do I need a guide for Everest Base Camp?").await;
    let everything = ask(&app, "Tell me about Everest Base Camp").await;
    let altitude_ne = ask(&app, "एभरेस्ट बेस क्याम्पको उचाइ कति हो?").await;

    // Assert
    assert_eq!(
        reply(&months),
        "Everest Base Camp (Khumbu, Koshi Province): Best months: March, April, May, October, November."
    );
    assert_eq!(card_ids(&months, "destination"), vec![id.clone()]);
    assert_eq!(months["cards"][0]["url"], format!("/destination/{id}"));
    assert_eq!(
        reply(&permits),
        "Everest Base Camp (Khumbu, Koshi Province): Permits: Sagarmatha National Park entry — NPR 3,000 per entry (SAARC citizens NPR 1,500)."
    );
    assert!(
        reply(&guide_needed)
            .ends_with("A guide licensed by Nepal's Department of Tourism is required here."),
        "{}",
        reply(&guide_needed)
    );
    for part in ["It takes 12–14 days.", "The highest point is 5,644 m.", "Difficulty: hard."] {
        assert!(reply(&everything).contains(part), "{part} in {}", reply(&everything));
    }
    assert_eq!(
        reply(&altitude_ne),
        "Everest Base Camp (Khumbu, Koshi Province): सबैभन्दा अग्लो ठाउँ 5,644 मिटर हो।"
    );
}

#[tokio::test]
async fn an_emergency_gets_nepal_s_numbers_and_the_sos_button_in_either_language() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let english = ask(&app, "What do I do in an emergency?").await;
    let nepali = ask(&app, "आपतकालमा के गर्ने?").await;

    // Assert
    for number in ["100", "+977-1-4247041", "102", "SOS"] {
        assert!(reply(&english).contains(number), "{number}");
        assert!(reply(&nepali).contains(number), "{number}");
    }
    assert!(reply(&english).contains("Tourist Police"));
    assert!(reply(&nepali).contains("पर्यटक प्रहरी"));
}

#[tokio::test]
async fn an_unknown_question_is_admitted_with_a_search_link() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let answer = ask(&app, "What is the exchange rate of the yen?").await;

    // Assert
    assert!(reply(&answer).starts_with("Sorry, I don't know that."), "{}", reply(&answer));
    assert_eq!(answer["cards"], json!([]));
    assert_eq!(
        answer["searchUrl"],
        "/search?q=What%20is%20the%20exchange%20rate%20of%20the%20yen%3F"
    );
}

#[tokio::test]
async fn bad_conversations_are_refused_with_a_reason() {
    // Arrange
    let app = spawn_app().await;
    let many: Vec<Value> = (0..21)
        .map(|i| json!({"role": if i % 2 == 0 { "user" } else { "assistant" }, "content": "hi"}))
        .collect();
    let cases = [
        (json!({"messages": []}), "Send at least one message"),
        (json!({"messages": many}), "Send at most 20 messages"),
        (
            json!({"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Namaste"}]}),
            "The last message must be the traveller's question (role user)",
        ),
        (json!({"messages": [{"role": "user", "content": "   "}]}), "Message is required"),
        (
            json!({"messages": [{"role": "user", "content": "a".repeat(2001)}]}),
            "Message must be at most 2000 characters",
        ),
        (
            json!({"messages": [{"role": "user", "content": "hi\u{0007}"}]}),
            "Message contains characters that are not allowed",
        ),
    ];

    // Act + Assert
    for (body, message) in cases {
        assert_error(app.post_json(CHAT, &body).await, StatusCode::BAD_REQUEST, message).await;
    }
    for body in [
        json!({}),
        json!({"messages": [{"role": "system", "content": "hi"}]}),
        json!({"messages": "hi"}),
    ] {
        let response = app.post_json(CHAT, &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
    }
    let nepali = app
        .client
        .post(app.url(CHAT))
        .header("accept-language", "ne")
        .json(&json!({"messages": []}))
        .send()
        .await
        .unwrap();
    assert_eq!(error_message(nepali).await, "कम्तीमा एउटा सन्देश पठाउनुहोस्");
}

#[tokio::test]
async fn an_account_asks_sixty_questions_an_hour_and_visitors_count_apart() {
    // Arrange
    let app = spawn_app().await;
    let tourist = app.signup_and_login("tourist").await;
    let ask_signed_in = || {
        app.client.post(app.url(CHAT)).bearer_auth(&tourist.token).json(&ask_body("hello")).send()
    };

    // Act
    for _ in 0..60 {
        assert_eq!(ask_signed_in().await.unwrap().status(), StatusCode::OK);
    }
    let refused = ask_signed_in().await.unwrap();
    let visitor = app.post_json(CHAT, &ask_body("hello")).await;

    // Assert
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers().contains_key("retry-after"));
    assert!(error_message(refused).await.starts_with("Too many questions to Tourist Buddy."));
    assert_eq!(visitor.status(), StatusCode::OK);
}

/// The events of a `text/event-stream` body, as (event, data) pairs.
fn events(body: &str) -> Vec<(String, Value)> {
    body.split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| {
            let field = |name: &str| {
                block
                    .lines()
                    .find_map(|l| l.strip_prefix(name))
                    .map(str::trim)
                    .unwrap_or_default()
                    .to_owned()
            };
            (
                field("event:"),
                serde_json::from_str(&field("data:")).expect("each event's data is JSON"),
            )
        })
        .collect()
}

#[tokio::test]
async fn asked_for_events_the_answer_streams_in_pieces_then_arrives_whole() {
    // Arrange
    let app = spawn_app().await;

    // Act
    let response = app
        .client
        .post(app.url(CHAT))
        .header("accept", "text/event-stream")
        .json(&ask_body("What do I do in an emergency?"))
        .send()
        .await
        .unwrap();

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    let events = events(&response.text().await.unwrap());
    let (last, pieces) = events.split_last().unwrap();
    assert_eq!(last.0, "done");
    assert!(pieces.len() > 5, "{} pieces", pieces.len());
    assert!(pieces.iter().all(|(event, _)| event == "reply"));
    let joined: String = pieces.iter().map(|(_, data)| data["text"].as_str().unwrap()).collect();
    assert_eq!(joined, last.1["reply"].as_str().unwrap());
    assert!(joined.contains("+977-1-4247041"));
    assert_eq!(last.1["cards"], json!([]));
}

/// A fake OpenAI-compatible chat completions server: it records every request (body and
/// `Authorization`) and answers with the next scripted reply (status, body, delay).
struct FakeModel {
    url: String,
    requests: Arc<Mutex<Vec<(Option<String>, Value)>>>,
}

async fn fake_model(script: Vec<(u16, Value, Duration)>) -> FakeModel {
    use axum::extract::State;
    use axum::http::HeaderMap;

    type Shared = (
        Arc<Mutex<Vec<(Option<String>, Value)>>>,
        Arc<Mutex<std::vec::IntoIter<(u16, Value, Duration)>>>,
    );
    async fn complete(
        State((requests, script)): State<Shared>,
        headers: HeaderMap,
        axum::Json(body): axum::Json<Value>,
    ) -> (axum::http::StatusCode, axum::Json<Value>) {
        let auth = headers.get("authorization").map(|v| v.to_str().unwrap().to_owned());
        requests.lock().unwrap().push((auth, body));
        let (status, reply, delay) = script.lock().unwrap().next().unwrap_or((
            500,
            json!({"error": "no more replies"}),
            Duration::ZERO,
        ));
        tokio::time::sleep(delay).await;
        (axum::http::StatusCode::from_u16(status).unwrap(), axum::Json(reply))
    }

    let requests = Arc::new(Mutex::new(Vec::new()));
    let shared: Shared = (requests.clone(), Arc::new(Mutex::new(script.into_iter())));
    let router = axum::Router::new()
        .route("/v1/chat/completions", axum::routing::post(complete))
        .with_state(shared);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/v1/chat/completions", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    FakeModel { url, requests }
}

fn tool_call(name: &str, arguments: Value) -> Value {
    json!({"choices": [{"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": null,
        "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": name, "arguments": arguments.to_string()}}]}}]})
}

fn final_answer(text: &str) -> Value {
    json!({"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}]})
}

async fn app_with_model(model: &FakeModel, timeout_secs: &str) -> TestApp {
    spawn_app_with(&[
        ("YATRA_ASSISTANT_URL", model.url.as_str()),
        ("YATRA_ASSISTANT_MODEL", "yatra-test-model"),
        ("YATRA_ASSISTANT_KEY", "sk-test-key"),
        ("YATRA_ASSISTANT_TIMEOUT_SECS", timeout_secs),
    ])
    .await
}

#[tokio::test]
async fn a_configured_model_answers_through_yatra_s_tools_and_the_cards_are_yatra_s() {
    // Arrange
    let model = fake_model(vec![
        (200, tool_call("search_guides", json!({"place": "Pokhara", "language": "French", "category": "trekking", "maxPrice": 60})), Duration::ZERO),
        (200, final_answer("Rita Guide speaks French and treks from Pokhara for $52 a day."), Duration::ZERO),
    ])
    .await;
    let app = app_with_model(&model, "10").await;
    let admin = app.admin().await;
    let rita =
        guide(&app, &admin, "Rita", &["French"], &["Trekking"], "Lakeside, Pokhara", POKHARA, 52.0)
            .await;
    guide(&app, &admin, "Gunther", &["German"], &["Trekking"], "Lakeside, Pokhara", POKHARA, 40.0)
        .await;

    // Act
    let body = json!({"messages": [
        {"role": "user", "content": "Namaste"},
        {"role": "assistant", "content": "Namaste! How can I help?"},
        {"role": "user", "content": "A French-speaking trekking guide in Pokhara under $60?"}
    ]});
    let response = app.post_json(CHAT, &body).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let answer = response.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(reply(&answer), "Rita Guide speaks French and treks from Pokhara for $52 a day.");
    assert_eq!(card_ids(&answer, "guide"), vec![rita.clone()]);
    let requests = model.requests.lock().unwrap().clone();
    assert_eq!(requests.len(), 2);
    for (auth, request) in &requests {
        assert_eq!(auth.as_deref(), Some("Bearer sk-test-key"));
        assert_eq!(request["model"], "yatra-test-model");
        let tools: Vec<&str> = request["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["function"]["name"].as_str().unwrap())
            .collect();
        assert_eq!(tools, ["search_guides", "search_tours", "destination_facts", "search_blogs"]);
    }
    let first = requests[0].1["messages"].as_array().unwrap();
    let roles: Vec<&str> = first.iter().map(|m| m["role"].as_str().unwrap()).collect();
    assert_eq!(roles, ["system", "user", "assistant", "user"]);
    assert!(
        first[0]["content"]
            .as_str()
            .unwrap()
            .contains("Answer only from what Yatra's tools return")
    );
    assert_eq!(first[3]["content"], "A French-speaking trekking guide in Pokhara under $60?");
    let second = requests[1].1["messages"].as_array().unwrap();
    let tool_message = second.last().unwrap();
    assert_eq!(
        (tool_message["role"].as_str(), tool_message["tool_call_id"].as_str()),
        (Some("tool"), Some("call_1"))
    );
    let result: Value = serde_json::from_str(tool_message["content"].as_str().unwrap()).unwrap();
    assert_eq!(result["total"], 1);
    assert_eq!(result["guides"][0]["id"], rita);
    assert_eq!(second[second.len() - 2]["tool_calls"][0]["id"], "call_1");
}

#[tokio::test]
async fn a_failing_or_slow_model_leaves_the_answer_to_the_embedded_buddy() {
    // Arrange
    let failing = fake_model(vec![(500, json!({"error": "overloaded"}), Duration::ZERO)]).await;
    let slow = fake_model(vec![(200, final_answer("too late"), Duration::from_secs(5))]).await;
    let garbled = fake_model(vec![(200, json!({"choices": []}), Duration::ZERO)]).await;

    for (model, timeout) in [(&failing, "10"), (&slow, "1"), (&garbled, "10")] {
        let app = app_with_model(model, timeout).await;

        // Act
        let answer = ask(&app, "What do I do in an emergency?").await;

        // Assert
        assert!(reply(&answer).starts_with("In an emergency in Nepal"), "{}", reply(&answer));
        assert_eq!(model.requests.lock().unwrap().len(), 1);
    }
}

#[tokio::test]
async fn a_configured_model_is_given_prices_in_the_reader_s_currency_and_told_its_language() {
    // Arrange: the rupee at 133.5 to the dollar.
    let model = fake_model(vec![
        (200, tool_call("search_guides", json!({"place": "Pokhara"})), Duration::ZERO),
        (200, final_answer("रिता गाइड: दिनको ≈ नेरू ६,९४२"), Duration::ZERO),
    ])
    .await;
    let app = spawn_app_with(&[
        ("YATRA_ASSISTANT_URL", model.url.as_str()),
        ("YATRA_ASSISTANT_MODEL", "yatra-test-model"),
        ("YATRA_ASSISTANT_TIMEOUT_SECS", "10"),
        ("YATRA_NPR_PER_USD", "133.5"),
    ])
    .await;
    let admin = app.admin().await;
    let rita =
        guide(&app, &admin, "Rita", &["French"], &["Trekking"], "Lakeside, Pokhara", POKHARA, 52.0)
            .await;

    // Act
    let body =
        json!({"messages": [{"role": "user", "content": "पोखरामा गाइड"}], "currency": "NPR"});
    let response = app.post_json(CHAT, &body).await;

    // Assert: $52 a day is told to the model as the reader reads it, 6,942 rupees.
    assert_eq!(response.status(), StatusCode::OK);
    let requests = model.requests.lock().unwrap().clone();
    assert_eq!(requests.len(), 2);
    let system = requests[0].1["messages"][0]["content"].as_str().unwrap().to_owned();
    assert!(
        system.ends_with(
            "Answer in Nepali, in Devanagari script with Devanagari digits. The reader sees prices in NPR: \
the prices the tools return are already converted into NPR (approximate, marked ≈); write them exactly as they are written, \
never in dollars. The tools' minPrice and maxPrice arguments are US dollars: 1 US dollar ≈ 133.5 NPR."
        ),
        "{system}"
    );
    let tool_message = requests[1].1["messages"].as_array().unwrap().last().unwrap().clone();
    let result: Value = serde_json::from_str(tool_message["content"].as_str().unwrap()).unwrap();
    assert_eq!(result["guides"][0]["id"], rita);
    assert_eq!(result["guides"][0]["pricePerDay"], "≈\u{a0}नेरू\u{a0}६,९४२");
}
