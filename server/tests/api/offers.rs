//! Custom offers: the guide of a conversation answers the traveller with an offer (its own
//! dates, group, itinerary with its altitude risk, and total price) that arrives as a
//! message; the traveller accepts it as an approved booking at exactly that price, payable;
//! an expired, withdrawn or accepted offer, or a day taken meanwhile, is refused; however
//! many accepts race, one booking is made; only the conversation's members see its offers.

use reqwest::StatusCode;
use serde_json::{Value, json};
use yatra::db::{now_ms, to_rfc3339};

use crate::fixtures::{KATHMANDU, days_from_today, guide_profile, insert_booking, verified_guide};
use crate::helpers::{TestApp, TestUser, assert_error, error_message, spawn_app};
use crate::trips_fixtures::{scalar, unavailable};

const OFFERS: &str = "/api/v1/offers";
const HOUR_MS: i64 = 3_600_000;

/// A conversation between a new verified guide and a new traveller.
struct Conversation {
    guide: TestUser,
    guide_id: String,
    tourist: TestUser,
    id: String,
}

async fn guide(app: &TestApp, first: &str) -> (TestUser, String) {
    let admin = app.admin().await;
    let profile =
        guide_profile("Treks in the Khumbu.", &["English"], &["Trekking"], "Namche", KATHMANDU);
    verified_guide(app, &admin, first, "Sherpa", &profile).await
}

/// The traveller writes to the guide first, as conversations start.
async fn conversation(app: &TestApp) -> Conversation {
    let (guide, guide_id) = guide(app, "Pemba").await;
    let tourist = app.signup_and_login("tourist").await;
    let body = json!({"guideId": guide_id, "text": "Could we do Gokyo in fewer days?"});
    let response = app.post_json_auth("/api/v1/conversations", &body, &tourist.token).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let id = response.json::<Value>().await.unwrap()["data"]["_id"].as_str().unwrap().to_owned();
    Conversation { guide, guide_id, tourist, id }
}

fn day(place: &str, altitude: Option<i64>) -> Value {
    json!({"title": format!("To {place}"), "sleepPlace": place, "sleepAltitudeM": altitude,
        "walkHours": 6, "lodging": "teahouse"})
}

/// Three gentle days: a low risk.
fn gentle_days() -> Vec<Value> {
    vec![day("Tikhedhunga", Some(1540)), day("Ghorepani", Some(2860)), day("Pokhara", None)]
}

/// Straight up from Lukla with no rest: a high risk, with warnings.
fn steep_days() -> Vec<Value> {
    vec![
        day("Namche Bazaar", Some(3440)),
        day("Dingboche", Some(4410)),
        day("Gorak Shep", Some(5164)),
        day("Lukla", None),
    ]
}

fn in_hours(hours: i64) -> String {
    to_rfc3339(now_ms() + hours * HOUR_MS)
}

fn offer(conversation_id: &str, start: &str, days: Vec<Value>) -> Value {
    json!({
        "conversationId": conversation_id,
        "startDate": start,
        "groupSize": 2,
        "days": days,
        "totalPriceUsd": 1380.5,
        "expiresAt": in_hours(48),
        "note": "Here is Gokyo in your dates, with a rest day.",
    })
}

/// The guide makes `body`; asserts 201 and returns the offer.
async fn made(app: &TestApp, guide: &TestUser, body: &Value) -> Value {
    let response = app.post_json_auth(OFFERS, body, &guide.token).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "success");
    body["offer"].clone()
}

async fn accept(app: &TestApp, user: &TestUser, id: &str) -> reqwest::Response {
    app.post_json_auth(&format!("{OFFERS}/{id}/accept"), &json!({}), &user.token).await
}

async fn withdraw(app: &TestApp, user: &TestUser, id: &str) -> reqwest::Response {
    app.post_json_auth(&format!("{OFFERS}/{id}/withdraw"), &json!({}), &user.token).await
}

/// The conversation's offers as `user` reads them.
async fn offers_of(app: &TestApp, user: &TestUser, conversation_id: &str) -> Vec<Value> {
    let path = format!("/api/v1/conversations/{conversation_id}/offers");
    let response = app.get_auth(&path, &user.token).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json::<Value>().await.unwrap()["offers"].as_array().unwrap().clone()
}

async fn messages_of(app: &TestApp, user: &TestUser, conversation_id: &str) -> Vec<Value> {
    let path = format!("/api/v1/conversations/{conversation_id}/messages");
    app.get_data(&path, &user.token).await["messages"].as_array().unwrap().clone()
}

async fn notice_kinds(app: &TestApp, user: &TestUser, role: &str) -> Vec<(String, String)> {
    let body: Value = app
        .get_auth(&format!("/api/v1/notifications/{role}"), &user.token)
        .await
        .json()
        .await
        .unwrap();
    let text = if role == "guide" { "guideMessage" } else { "touristMessage" };
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["kind"].as_str().unwrap().to_owned(), n[text].as_str().unwrap().to_owned()))
        .collect()
}

#[tokio::test]
async fn a_guide_offers_a_trip_in_their_conversation_and_the_traveller_sees_it_with_its_risk() {
    // Arrange
    let app = spawn_app().await;
    let talk = conversation(&app).await;
    let start = days_from_today(30);

    // Act
    let steep = made(&app, &talk.guide, &offer(&talk.id, &start, steep_days())).await;
    let gentle = made(&app, &talk.guide, &offer(&talk.id, &start, gentle_days())).await;

    // Assert: the steep itinerary is a high risk with warnings, as a tour's would be.
    assert_eq!(steep["status"], "open");
    assert_eq!(steep["risk"], "high");
    assert_eq!(steep["acclimatisation"]["risk"], "high");
    assert_eq!(steep["acclimatisation"]["maxSleepAltitudeM"], 5164);
    let warnings = steep["acclimatisation"]["warnings"].as_array().unwrap();
    assert!(warnings.iter().any(|w| w["code"] == "gain_over_500"), "{warnings:?}");
    assert_eq!(gentle["acclimatisation"]["risk"], "low");
    assert_eq!(steep["days"].as_array().unwrap().len(), 4);
    assert_eq!(steep["days"][0]["sleepPlace"], "Namche Bazaar");
    assert_eq!(steep["startDate"], start);
    assert_eq!(steep["endDate"], days_from_today(33));
    assert_eq!(steep["totalPriceUsd"], 1380.5);
    assert_eq!(steep["groupSize"], 2);
    assert_eq!(steep["guideId"], talk.guide_id.as_str());
    assert_eq!(steep["conversationId"], talk.id.as_str());
    assert_eq!(steep["bookingId"], Value::Null);
    assert_eq!(steep["tourId"], Value::Null);
    assert_eq!(steep["tourTitle"], Value::Null);

    // The traveller sees both, oldest first, with the same risk.
    let seen = offers_of(&app, &talk.tourist, &talk.id).await;
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0]["_id"], steep["_id"]);
    assert_eq!(seen[0]["acclimatisation"], steep["acclimatisation"]);
    assert_eq!(seen[0]["touristId"], seen[1]["touristId"]);

    // Each offer arrived as a message carrying its note, the newest last.
    let messages = messages_of(&app, &talk.tourist, &talk.id).await;
    assert_eq!(messages.len(), 3);
    assert_eq!(messages[0]["_id"], gentle["messageId"]);
    assert_eq!(messages[1]["_id"], steep["messageId"]);
    assert_eq!(messages[1]["text"], "Here is Gokyo in your dates, with a rest day.");
    assert_eq!(messages[1]["senderId"], talk.guide_id.as_str());

    // The traveller is told and emailed; both list the offers on their dashboards.
    let notices = notice_kinds(&app, &talk.tourist, "tourist").await;
    let received: Vec<_> = notices.iter().filter(|(kind, _)| kind == "offer_received").collect();
    assert_eq!(received.len(), 2);
    assert!(received[0].1.starts_with("Pemba Sherpa sent you an offer: $1380.50 for 2 people"));
    app.wait_for_outbox_email_with(&talk.tourist.email, "Pemba Sherpa sent you an offer").await;
    for user in [&talk.guide, &talk.tourist] {
        let page: Value =
            app.get_auth("/api/v1/users/offers", &user.token).await.json().await.unwrap();
        assert_eq!(page["total"], 2);
        assert_eq!(page["offers"][0]["_id"], gentle["_id"], "newest first");
    }
    let page: Value = app
        .get_auth("/api/v1/users/offers?page=2&limit=1", &talk.guide.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (page["totalPages"].clone(), page["offers"][0]["_id"].clone()),
        (json!(2), steep["_id"].clone())
    );
}

#[tokio::test]
async fn an_offer_without_a_note_is_sent_with_a_sentence_and_may_name_the_guides_own_tour() {
    // Arrange
    let app = spawn_app().await;
    let talk = conversation(&app).await;
    let made_tour = crate::tours::create(
        &app,
        &talk.guide.token,
        &crate::tours::tour("Gokyo Lakes", crate::tours::everest_days()),
    )
    .await;
    let tour_id = made_tour["_id"].as_str().unwrap();
    let mut body = offer(&talk.id, &days_from_today(20), gentle_days());
    body["note"] = json!("   ");
    body["tourId"] = json!(tour_id);

    // Act
    let sent = made(&app, &talk.guide, &body).await;

    // Assert
    assert_eq!(sent["tourId"], tour_id);
    assert_eq!(sent["tourTitle"], "Gokyo Lakes");
    assert_eq!(sent["note"], "");
    let messages = messages_of(&app, &talk.tourist, &talk.id).await;
    assert_eq!(messages[0]["_id"], sent["messageId"]);
    let text = messages[0]["text"].as_str().unwrap();
    assert!(text.starts_with("I have sent you an offer: ") && text.contains("$1380.50"), "{text}");
}

#[tokio::test]
async fn accepting_an_offer_makes_an_approved_booking_at_exactly_its_price_and_days_to_be_paid() {
    // Arrange
    let app = spawn_app().await;
    let talk = conversation(&app).await;
    let start = days_from_today(30);
    let sent = made(&app, &talk.guide, &offer(&talk.id, &start, gentle_days())).await;
    let id = sent["_id"].as_str().unwrap();

    // Act
    let response = accept(&app, &talk.tourist, id).await;

    // Assert: an approved, unpaid booking of those days at that total, due within the window.
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    let booking = &body["booking"];
    assert_eq!(booking["bookingStatus"], "approved");
    assert_eq!(booking["paymentStatus"], "unpaid");
    assert_eq!(booking["totalAmount"], 1380.5);
    assert_eq!(booking["groupSize"], 2);
    assert_eq!(booking["days"], 3);
    assert_eq!(booking["selectedDate"], start);
    assert_eq!(booking["endDate"], days_from_today(32));
    assert_eq!(booking["guide"]["_id"], talk.guide_id.as_str());
    let expires = booking["expiresAt"].as_str().expect("an approved booking is due by a time");
    let expires =
        time::OffsetDateTime::parse(expires, &time::format_description::well_known::Rfc3339)
            .unwrap()
            .unix_timestamp()
            * 1000;
    assert!((expires - (now_ms() + 24 * HOUR_MS)).abs() < 60_000, "due within the payment window");
    assert_eq!(body["offer"]["status"], "accepted");
    assert_eq!(body["offer"]["bookingId"], booking["_id"]);
    let booking_id = booking["_id"].as_str().unwrap();
    let linked = scalar(&app, "SELECT COUNT(*) FROM bookings WHERE offer_id = $1", id).await;
    assert_eq!(linked, 1);
    // The booking names its offer, whose days the trip follows; its two members read it, nobody else.
    assert_eq!(booking["offerId"], id);
    let path = format!("/api/v1/offers/{id}");
    for member in [&talk.tourist, &talk.guide] {
        let read = app.get_auth(&path, &member.token).await;
        assert_eq!(read.status(), StatusCode::OK);
        let read: Value = read.json().await.unwrap();
        assert_eq!(read["offer"]["days"].as_array().unwrap().len(), 3);
    }
    let stranger = app.signup_and_login("tourist").await;
    assert_error(
        app.get_auth(&path, &stranger.token).await,
        StatusCode::NOT_FOUND,
        "Offer not found",
    )
    .await;

    // The guide's days are held, as an approved trip's.
    let taken = unavailable(&app, &talk.guide_id, &start, &days_from_today(33)).await;
    assert_eq!(taken, [start.clone(), days_from_today(31), days_from_today(32)]);

    // The traveller can pay it at that price.
    let session = app
        .get_auth(
            &format!("/api/v1/tourists/stripe/create-session/{booking_id}"),
            &talk.tourist.token,
        )
        .await;
    assert_eq!(session.status(), StatusCode::OK);

    // The guide is told and emailed; both see it accepted in the conversation.
    let notices = notice_kinds(&app, &talk.guide, "guide").await;
    let accepted: Vec<_> = notices.iter().filter(|(kind, _)| kind == "offer_accepted").collect();
    assert_eq!(accepted.len(), 1);
    assert!(accepted[0].1.starts_with("Sita Rai accepted your offer: $1380.50 for 2 people"));
    app.wait_for_outbox_email_with(&talk.guide.email, "accepted your offer").await;
    assert_eq!(offers_of(&app, &talk.guide, &talk.id).await[0]["status"], "accepted");
}

#[tokio::test]
async fn an_expired_withdrawn_or_accepted_offer_cannot_be_accepted() {
    // Arrange
    let app = spawn_app().await;
    let talk = conversation(&app).await;
    let body = offer(&talk.id, &days_from_today(30), gentle_days());
    let (expiring, withdrawn, accepted) = (
        made(&app, &talk.guide, &body).await,
        made(&app, &talk.guide, &body).await,
        made(&app, &talk.guide, &body).await,
    );
    let id = |offer: &Value| offer["_id"].as_str().unwrap().to_owned();
    // Time passes for one offer: its moment to expire is now behind it.
    let db = app.db().await;
    sqlx::query("UPDATE offers SET expires_at = $1 WHERE id = $2")
        .bind(now_ms() - 1)
        .bind(id(&expiring))
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;

    // Act + Assert
    let seen = offers_of(&app, &talk.tourist, &talk.id).await;
    assert_eq!(seen[0]["status"], "expired");
    assert_error(
        accept(&app, &talk.tourist, &id(&expiring)).await,
        StatusCode::CONFLICT,
        "This offer has expired. Ask the guide for a new one.",
    )
    .await;
    assert_error(
        withdraw(&app, &talk.guide, &id(&expiring)).await,
        StatusCode::CONFLICT,
        "This offer has expired. Ask the guide for a new one.",
    )
    .await;

    let response = withdraw(&app, &talk.guide, &id(&withdrawn)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.json::<Value>().await.unwrap()["offer"]["status"], "withdrawn");
    assert_error(
        accept(&app, &talk.tourist, &id(&withdrawn)).await,
        StatusCode::CONFLICT,
        "This offer was withdrawn by the guide",
    )
    .await;
    assert_error(
        withdraw(&app, &talk.guide, &id(&withdrawn)).await,
        StatusCode::CONFLICT,
        "This offer was withdrawn by the guide",
    )
    .await;

    assert_eq!(accept(&app, &talk.tourist, &id(&accepted)).await.status(), StatusCode::CREATED);
    assert_error(
        accept(&app, &talk.tourist, &id(&accepted)).await,
        StatusCode::CONFLICT,
        "This offer has already been accepted",
    )
    .await;
    assert_error(
        withdraw(&app, &talk.guide, &id(&accepted)).await,
        StatusCode::CONFLICT,
        "This offer has already been accepted",
    )
    .await;
    let bookings = scalar(&app, "SELECT COUNT(*) FROM bookings WHERE tourist_id = (SELECT tourist_id FROM offers WHERE id = $1)", &id(&accepted)).await;
    assert_eq!(bookings, 1);
}

#[tokio::test]
async fn two_concurrent_accepts_make_exactly_one_booking() {
    // Arrange
    let app = spawn_app().await;
    let talk = conversation(&app).await;
    let sent = made(&app, &talk.guide, &offer(&talk.id, &days_from_today(30), gentle_days())).await;
    let id = sent["_id"].as_str().unwrap();

    // Act: the traveller's devices accept at once, through two replicas.
    let replica = app.replica().await;
    let accepts = (0..6).map(|n| {
        let base = if n % 2 == 0 { app.address.clone() } else { replica.clone() };
        let request = app
            .client
            .post(format!("{base}{OFFERS}/{id}/accept"))
            .bearer_auth(&talk.tourist.token)
            .json(&json!({}));
        async move { request.send().await.unwrap() }
    });
    let responses = futures::future::join_all(accepts).await;

    // Assert
    let mut created = 0;
    for response in responses {
        match response.status() {
            StatusCode::CREATED => created += 1,
            StatusCode::CONFLICT => {
                assert_eq!(error_message(response).await, "This offer has already been accepted")
            }
            other => panic!("unexpected {other}: {}", response.text().await.unwrap()),
        }
    }
    assert_eq!(created, 1);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM bookings WHERE offer_id = $1", id).await, 1);
    let days =
        scalar(&app, "SELECT COUNT(*) FROM trip_days WHERE guide_id = $1", &talk.guide_id).await;
    assert_eq!(days, 3);
}

#[tokio::test]
async fn only_the_two_members_reach_an_offer_and_each_may_do_only_their_part() {
    // Arrange
    let app = spawn_app().await;
    let talk = conversation(&app).await;
    let body = offer(&talk.id, &days_from_today(30), gentle_days());
    let sent = made(&app, &talk.guide, &body).await;
    let id = sent["_id"].as_str().unwrap();
    let stranger = app.signup_and_login("tourist").await;
    let (other_guide, _) = guide(&app, "Dawa").await;

    // Act + Assert: strangers find nothing.
    for user in [&stranger, &other_guide] {
        assert_error(accept(&app, user, id).await, StatusCode::NOT_FOUND, "Offer not found").await;
        assert_error(withdraw(&app, user, id).await, StatusCode::NOT_FOUND, "Offer not found")
            .await;
        let path = format!("/api/v1/conversations/{}/offers", talk.id);
        assert_error(
            app.get_auth(&path, &user.token).await,
            StatusCode::NOT_FOUND,
            "Conversation not found",
        )
        .await;
        assert_error(
            app.post_json_auth(OFFERS, &body, &user.token).await,
            StatusCode::NOT_FOUND,
            "Conversation not found",
        )
        .await;
        let page: Value =
            app.get_auth("/api/v1/users/offers", &user.token).await.json().await.unwrap();
        assert_eq!(page["total"], 0);
    }
    // The guide cannot accept their own offer, nor the traveller make or withdraw one.
    assert_error(
        accept(&app, &talk.guide, id).await,
        StatusCode::FORBIDDEN,
        "You cannot accept your own offer",
    )
    .await;
    assert_error(
        app.post_json_auth(OFFERS, &body, &talk.tourist.token).await,
        StatusCode::FORBIDDEN,
        "Only the guide of this conversation can make an offer",
    )
    .await;
    assert_error(
        withdraw(&app, &talk.tourist, id).await,
        StatusCode::FORBIDDEN,
        "Only the guide who made this offer can withdraw it",
    )
    .await;
    assert_eq!(app.post_json(OFFERS, &body).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(offers_of(&app, &talk.tourist, &talk.id).await.len(), 1);
    assert_eq!(offers_of(&app, &talk.tourist, &talk.id).await[0]["status"], "open");
}

#[tokio::test]
async fn bad_offers_are_refused_with_a_clear_message_and_nothing_is_stored() {
    // Arrange
    let app = spawn_app().await;
    let talk = conversation(&app).await;
    let (other_guide, _) = guide(&app, "Dawa").await;
    let theirs = crate::tours::create(
        &app,
        &other_guide.token,
        &crate::tours::tour("Someone else's", crate::tours::everest_days()),
    )
    .await;
    let start = days_from_today(30);
    let too_long: Vec<Value> = (0..31).map(|_| day("Pokhara", Some(800))).collect();
    let cases: Vec<(Value, &str)> = vec![
        (json!({"conversationId": null}), "conversationId is required"),
        (json!({"startDate": null}), "startDate is required"),
        (json!({"startDate": "2027-02-30"}), "startDate must be a real date (YYYY-MM-DD)"),
        (json!({"startDate": days_from_today(0)}), "startDate must be after today (in Nepal)"),
        (
            json!({"startDate": days_from_today(800)}),
            "Please choose a start date within the next two years",
        ),
        (json!({"groupSize": 0}), "groupSize must be a whole number from 1 to 20"),
        (json!({"groupSize": 21}), "groupSize must be a whole number from 1 to 20"),
        (json!({"days": []}), "days must have 1 to 30 entries"),
        (json!({"days": too_long}), "days must have 1 to 30 entries"),
        (
            json!({"days": [day("Namche", None), day("Lukla", None)]}),
            "days[1].sleepAltitudeM is required: only the last day may end the tour without a night",
        ),
        (
            json!({"totalPriceUsd": 0}),
            "totalPriceUsd must be from 0.01 to 20000: at most 10000 a person",
        ),
        (
            json!({"totalPriceUsd": 20000.5}),
            "totalPriceUsd must be from 0.01 to 20000: at most 10000 a person",
        ),
        (json!({"expiresAt": null}), "expiresAt is required"),
        (
            json!({"expiresAt": "next Tuesday"}),
            "expiresAt must be a moment in RFC 3339 form, such as 2027-09-01T12:00:00Z",
        ),
        (json!({"expiresAt": in_hours(-1)}), "expiresAt must be in the future"),
        (
            json!({"expiresAt": in_hours(40 * 24)}),
            "expiresAt must be before the trip starts (10:00 on startDate, Nepal time)",
        ),
        (json!({"note": "n".repeat(2001)}), "note must be at most 2000 characters"),
        (json!({"tourId": theirs["_id"]}), "tourId must be one of your own tours"),
    ];

    for (changes, message) in cases {
        // Act
        let mut body = offer(&talk.id, &start, gentle_days());
        for (key, value) in changes.as_object().unwrap() {
            body[key] = value.clone();
        }
        let response = app.post_json_auth(OFFERS, &body, &talk.guide.token).await;

        // Assert
        assert_error(response, StatusCode::BAD_REQUEST, message).await;
    }
    assert_eq!(offers_of(&app, &talk.guide, &talk.id).await.len(), 0);
    assert_eq!(messages_of(&app, &talk.guide, &talk.id).await.len(), 1, "only the traveller's");
    let notices = notice_kinds(&app, &talk.tourist, "tourist").await;
    assert!(notices.iter().all(|(kind, _)| kind != "offer_received"));
    for query in ["?limit=51", "?page=0", "?limit=0"] {
        let response =
            app.get_auth(&format!("/api/v1/users/offers{query}"), &talk.guide.token).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
    }
}

#[tokio::test]
async fn a_day_the_guide_is_no_longer_free_on_is_refused_naming_it() {
    // Arrange
    let app = spawn_app().await;
    let talk = conversation(&app).await;
    let start = days_from_today(30);
    let sent = made(&app, &talk.guide, &offer(&talk.id, &start, gentle_days())).await;
    let id = sent["_id"].as_str().unwrap();
    // Meanwhile the guide's second day went to another trip.
    let other = app.signup_and_login("tourist").await;
    let other_id = crate::fixtures::user_id(&app, &other.token).await;
    let second_day = days_from_today(31);
    insert_booking(&app, &other_id, &talk.guide_id, &second_day, false).await;

    // Act
    let response = accept(&app, &talk.tourist, id).await;

    // Assert
    let readable = yatra::calendar::readable_date(&second_day);
    assert_error(
        response,
        StatusCode::CONFLICT,
        &format!(
            "The guide is no longer free on {readable}. Ask them for an offer on other dates."
        ),
    )
    .await;
    assert_eq!(offers_of(&app, &talk.tourist, &talk.id).await[0]["status"], "open");
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM bookings WHERE offer_id = $1", id).await, 0);
}

#[tokio::test]
async fn a_request_of_the_traveller_still_waiting_for_that_first_day_is_named() {
    // Arrange: the traveller also asked the guide for the same first day, unanswered.
    let app = spawn_app().await;
    let talk = conversation(&app).await;
    let start = days_from_today(30);
    let sent = made(&app, &talk.guide, &offer(&talk.id, &start, gentle_days())).await;
    let id = sent["_id"].as_str().unwrap();
    crate::fixtures::request_booking(&app, &talk.tourist, &talk.guide_id, &start, 2).await;

    // Act
    let response = accept(&app, &talk.tourist, id).await;

    // Assert
    let readable = yatra::calendar::readable_date(&start);
    assert_error(
        response,
        StatusCode::CONFLICT,
        &format!(
            "You asked this guide for a trip from {readable} and they have not answered yet. Cancel that request, then accept this offer."
        ),
    )
    .await;
    assert_eq!(offers_of(&app, &talk.tourist, &talk.id).await[0]["status"], "open");
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM bookings WHERE offer_id = $1", id).await, 0);
}

#[tokio::test]
async fn an_offer_of_a_guide_suspended_since_cannot_be_accepted() {
    // Arrange
    let app = spawn_app().await;
    let talk = conversation(&app).await;
    let sent = made(&app, &talk.guide, &offer(&talk.id, &days_from_today(30), gentle_days())).await;
    let admin = app.admin().await;
    let path = format!("/api/v1/admin/users/{}/suspend", talk.guide_id);
    let suspended =
        app.post_json_auth(&path, &json!({"reason": "Fake licence"}), &admin.token).await;
    assert_eq!(suspended.status(), StatusCode::OK);

    // Act
    let response = accept(&app, &talk.tourist, sent["_id"].as_str().unwrap()).await;

    // Assert
    assert_error(
        response,
        StatusCode::CONFLICT,
        "This guide cannot be booked at the moment, so the offer cannot be accepted",
    )
    .await;
}
