//! Group departures: a guide opens fixed dates of a tour by the seat, travellers who do not
//! know each other join and pay, no seat is sold twice however joins race (on two
//! replicas), unpaid seats come back, and a guide's cancellation refunds everyone.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::fixtures::days_from_today;
use crate::helpers::{TestApp, TestUser, assert_error, spawn_app, spawn_app_with};
use crate::tours::{create, everest_days, guide, publish, send, tour};
use crate::trips_fixtures::{FAST_SWEEP, details, unavailable, until};

const REQUEST: &str = "/api/v1/tourists/booking/request";

/// A published 12-day tour by a new verified guide: (guide, tour id).
async fn published_tour(app: &TestApp) -> (TestUser, String) {
    let admin = app.admin().await;
    let pemba = guide(app, &admin, "Pemba").await;
    let made =
        create(app, &pemba.token, &tour("Everest Base Camp in 12 days", everest_days())).await;
    let id = made["_id"].as_str().unwrap().to_owned();
    assert_eq!(publish(app, &pemba.token, &id, None).await.status(), StatusCode::OK);
    (pemba, id)
}

fn departure(start: &str, seats: i64, min_to_run: i64) -> Value {
    json!({"startDate": start, "seats": seats, "minToRun": min_to_run, "pricePerSeatUsd": 690})
}

async fn open(app: &TestApp, guide: &TestUser, tour_id: &str, body: &Value) -> reqwest::Response {
    app.post_json_auth(&format!("/api/v1/tours/{tour_id}/departures"), body, &guide.token).await
}

/// Opens a departure; asserts 201 and returns it.
async fn opened(app: &TestApp, guide: &TestUser, tour_id: &str, body: &Value) -> Value {
    let response = open(app, guide, tour_id, body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json::<Value>().await.unwrap()["departure"].clone()
}

fn join_body(departure_id: &str, seats: i64) -> Value {
    json!({"departureId": departure_id, "groupSize": seats, "message": "Sharing a guide, please."})
}

async fn join(
    app: &TestApp,
    tourist: &TestUser,
    departure_id: &str,
    seats: i64,
) -> reqwest::Response {
    app.post_json_auth(REQUEST, &join_body(departure_id, seats), &tourist.token).await
}

/// Joins; asserts 201 and returns the booking.
async fn joined(app: &TestApp, tourist: &TestUser, departure_id: &str, seats: i64) -> Value {
    let response = join(app, tourist, departure_id, seats).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json::<Value>().await.unwrap()["data"].clone()
}

async fn pay(app: &TestApp, tourist: &TestUser, booking_id: &str) {
    let created = app
        .get_auth(&format!("/api/v1/tourists/stripe/create-session/{booking_id}"), &tourist.token)
        .await;
    assert_eq!(created.status(), StatusCode::OK);
    let session: Value = created.json().await.unwrap();
    let path = format!("/api/v1/payments/sandbox/{}/pay", session["sessionId"].as_str().unwrap());
    assert_eq!(
        app.post_json_auth(&path, &json!({}), &tourist.token).await.status(),
        StatusCode::OK
    );
}

/// The tour's public page's departures.
async fn public_departures(app: &TestApp, tour_id: &str) -> Vec<Value> {
    let page: Value = app.get(&format!("/api/v1/users/tour/{tour_id}")).await.json().await.unwrap();
    page["tour"]["departures"].as_array().unwrap().clone()
}

/// The guide's view of a tour's departures.
async fn guide_departures(app: &TestApp, guide: &TestUser, tour_id: &str) -> Vec<Value> {
    let response = app.get_auth(&format!("/api/v1/tours/{tour_id}/departures"), &guide.token).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json::<Value>().await.unwrap()["departures"].as_array().unwrap().clone()
}

#[tokio::test]
async fn three_strangers_join_a_departure_and_it_is_confirmed_once_enough_have_paid() {
    // Arrange
    let app = spawn_app().await;
    let (pemba, tour_id) = published_tour(&app).await;
    let start = days_from_today(40);

    // Act: the guide opens eight seats, running from three.
    let departure = opened(&app, &pemba, &tour_id, &departure(&start, 6, 3)).await;
    let id = departure["_id"].as_str().unwrap().to_owned();

    // Assert: open, empty, and the guide's twelve days are taken.
    assert_eq!(departure["status"], "open");
    assert_eq!(departure["startDate"], start);
    assert_eq!(departure["endDate"], days_from_today(51));
    assert_eq!((departure["seats"].as_i64(), departure["seatsLeft"].as_i64()), (Some(6), Some(6)));
    assert_eq!(
        (departure["minToRun"].as_i64(), departure["confirmed"].as_bool()),
        (Some(3), Some(false))
    );
    assert_eq!(departure["pricePerSeatUsd"], 690.0);
    let guide_id = crate::fixtures::user_id(&app, &pemba.token).await;
    assert_eq!(unavailable(&app, &guide_id, &start, &days_from_today(51)).await.len(), 12);
    assert_eq!(public_departures(&app, &tour_id).await.len(), 1);
    let across: Value = app.get("/api/v1/users/departures").await.json().await.unwrap();
    assert_eq!(across["total"], 1);
    assert_eq!(across["departures"][0]["tour"]["title"], "Everest Base Camp in 12 days");
    assert_eq!(across["departures"][0]["tour"]["dayCount"], 12);

    // Three travellers who do not know each other join: two seats, then one, then one.
    let (asha, ben, chloe) = (
        app.signup_and_login("tourist").await,
        app.signup_and_login("tourist").await,
        app.signup_and_login("tourist").await,
    );
    let first = joined(&app, &asha, &id, 2).await;
    assert_eq!(first["bookingStatus"], "approved");
    assert_eq!(first["paymentStatus"], "unpaid");
    assert_eq!(first["departureId"], id.as_str());
    assert_eq!(first["tour"]["_id"], tour_id.as_str());
    assert_eq!(
        (first["selectedDate"].as_str(), first["days"].as_i64()),
        (Some(start.as_str()), Some(12))
    );
    assert_eq!(
        (first["pricePerPerson"].as_f64(), first["totalAmount"].as_f64()),
        (Some(690.0), Some(1380.0))
    );
    assert!(first["expiresAt"].as_str().is_some(), "to be paid within the payment window");
    let second = joined(&app, &ben, &id, 1).await;
    let third = joined(&app, &chloe, &id, 1).await;
    assert_eq!(public_departures(&app, &tour_id).await[0]["seatsLeft"], 2);

    // Paid seats count towards the minimum: two are not enough, four are.
    pay(&app, &asha, first["_id"].as_str().unwrap()).await;
    let now = &public_departures(&app, &tour_id).await[0];
    assert_eq!((now["seatsPaid"].as_i64(), now["confirmed"].as_bool()), (Some(2), Some(false)));
    pay(&app, &ben, second["_id"].as_str().unwrap()).await;
    pay(&app, &chloe, third["_id"].as_str().unwrap()).await;
    let now = &public_departures(&app, &tour_id).await[0];
    assert_eq!((now["seatsPaid"].as_i64(), now["confirmed"].as_bool()), (Some(4), Some(true)));

    // The guide sees who joined; the guide's own days stay taken once.
    let theirs = guide_departures(&app, &pemba, &tour_id).await;
    let bookings = theirs[0]["bookings"].as_array().unwrap();
    assert_eq!(bookings.len(), 3);
    assert!(bookings.iter().all(|b| b["paymentStatus"] == "paid"));
    assert_eq!(details(&app, &asha, first["_id"].as_str().unwrap()).await["groupSize"], 2);
}

#[tokio::test]
async fn opening_a_departure_refuses_bad_numbers_other_peoples_tours_and_taken_days() {
    // Arrange
    let app = spawn_app().await;
    let (pemba, tour_id) = published_tour(&app).await;
    let start = days_from_today(30);
    let path = format!("/api/v1/tours/{tour_id}/departures");

    // Act and assert: each bad field says what is wrong, and nothing opens.
    for (body, message) in [
        (json!({"seats": 4, "minToRun": 2, "pricePerSeatUsd": 500}), "startDate is required"),
        (departure("2027-02-30", 4, 2), "startDate must be a real date (YYYY-MM-DD)"),
        (
            departure(&days_from_today(1), 4, 2),
            "A departure of this tour must start at least 48 hours from now, its booking notice",
        ),
        (
            departure(&days_from_today(900), 4, 2),
            "Please choose a start date within the next two years",
        ),
        (
            departure(&start, 0, 1),
            "seats must be a whole number from 1 to 6, the tour's largest group",
        ),
        (
            departure(&start, 7, 1),
            "seats must be a whole number from 1 to 6, the tour's largest group",
        ),
        (departure(&start, 4, 5), "minToRun must be a whole number from 1 to 4"),
        (departure(&start, 4, 0), "minToRun must be a whole number from 1 to 4"),
        (
            json!({"startDate": start, "seats": 4, "minToRun": 2, "pricePerSeatUsd": 0}),
            "pricePerSeatUsd must be between 0.01 and 10000",
        ),
        (
            json!({"startDate": start, "seats": 4, "minToRun": 2, "pricePerSeatUsd": 20000}),
            "pricePerSeatUsd must be between 0.01 and 10000",
        ),
    ] {
        assert_error(open(&app, &pemba, &tour_id, &body).await, StatusCode::BAD_REQUEST, message)
            .await;
    }
    let malformed = app
        .client
        .post(app.url(&path))
        .bearer_auth(&pemba.token)
        .header("content-type", "application/json")
        .body("{\"seats\": \"many\"")
        .send()
        .await
        .unwrap();
    assert_eq!(malformed.status(), StatusCode::BAD_REQUEST);
    assert!(guide_departures(&app, &pemba, &tour_id).await.is_empty());

    // Not a guide: 403; another guide's tour: 404; a draft: 409.
    let tourist = app.signup_and_login("tourist").await;
    let as_tourist = open(&app, &tourist, &tour_id, &departure(&start, 4, 2)).await;
    assert_eq!(as_tourist.status(), StatusCode::FORBIDDEN);
    let admin = app.admin().await;
    let dawa = guide(&app, &admin, "Dawa").await;
    assert_error(
        open(&app, &dawa, &tour_id, &departure(&start, 4, 2)).await,
        StatusCode::NOT_FOUND,
        "Tour not found",
    )
    .await;
    let draft = create(&app, &pemba.token, &tour("Gokyo in 12 days", everest_days())).await;
    let draft_id = draft["_id"].as_str().unwrap();
    assert_error(
        open(&app, &pemba, draft_id, &departure(&start, 4, 2)).await,
        StatusCode::CONFLICT,
        "Publish the tour before opening departures",
    )
    .await;

    // Days already taken, by another departure overlapping this one's last days: 409 naming the first.
    opened(&app, &pemba, &tour_id, &departure(&start, 4, 2)).await;
    let overlapping = departure(&days_from_today(20), 4, 2);
    let taken = format!(
        "You are not free on {}: a trip, a departure or a blocked day has it. Choose other dates.",
        readable(&start)
    );
    assert_error(open(&app, &pemba, &tour_id, &overlapping).await, StatusCode::CONFLICT, &taken)
        .await;
    assert_eq!(guide_departures(&app, &pemba, &tour_id).await.len(), 1);
}

/// A date as messages write it ("Tuesday, 12 January 2027").
fn readable(day: &str) -> String {
    yatra::calendar::readable_date(day)
}

#[tokio::test]
async fn thirty_travellers_racing_for_the_last_three_seats_on_two_replicas_get_exactly_three() {
    // Arrange: five seats, two taken.
    let app = spawn_app().await;
    let replica = app.replica().await;
    let (pemba, tour_id) = published_tour(&app).await;
    let departure = opened(&app, &pemba, &tour_id, &departure(&days_from_today(50), 5, 2)).await;
    let id = departure["_id"].as_str().unwrap().to_owned();
    let early = app.signup_and_login("tourist").await;
    joined(&app, &early, &id, 2).await;
    let mut travellers = Vec::new();
    for _ in 0..6 {
        travellers.push(app.signup_and_login("tourist").await);
    }

    // Act: thirty requests for one seat each at once, half through each replica.
    let requests = (0..30).map(|n| {
        let traveller = &travellers[n % travellers.len()];
        let base = if n % 2 == 0 { app.address.clone() } else { replica.clone() };
        let request = app
            .client
            .post(format!("{base}{REQUEST}"))
            .bearer_auth(&traveller.token)
            .json(&join_body(&id, 1));
        async move { request.send().await.unwrap() }
    });
    let answers = futures::future::join_all(requests).await;

    // Assert: three bookings, the rest told how many are left, and the departure full.
    let mut made = 0;
    for answer in answers {
        match answer.status() {
            StatusCode::CREATED => made += 1,
            StatusCode::CONFLICT => {
                let message = crate::helpers::error_message(answer).await;
                assert!(message.starts_with("Only "), "{message}");
            }
            other => panic!("unexpected {other}"),
        }
    }
    assert_eq!(made, 3);
    let now = &public_departures(&app, &tour_id).await[0];
    assert_eq!(now["seatsLeft"], 0);
    let bookings = &guide_departures(&app, &pemba, &tour_id).await[0]["bookings"];
    let seats: i64 =
        bookings.as_array().unwrap().iter().map(|b| b["groupSize"].as_i64().unwrap()).sum();
    assert_eq!(seats, 5);
    assert_error(join(&app, &early, &id, 1).await, StatusCode::CONFLICT, "Only 0 seats left").await;
}

#[tokio::test]
async fn unpaid_seats_return_to_the_pool_when_the_payment_window_ends_and_a_cancelled_seat_at_once()
{
    // Arrange: three seats, a payment window of a moment.
    let app = spawn_app_with(&[FAST_SWEEP, ("YATRA_PAYMENT_WINDOW", "300ms")]).await;
    let (pemba, tour_id) = published_tour(&app).await;
    let departure = opened(&app, &pemba, &tour_id, &departure(&days_from_today(45), 3, 2)).await;
    let id = departure["_id"].as_str().unwrap().to_owned();
    let (slow, keen) =
        (app.signup_and_login("tourist").await, app.signup_and_login("tourist").await);

    // Act: all three taken and never paid.
    let unpaid = joined(&app, &slow, &id, 3).await;
    assert_error(join(&app, &keen, &id, 1).await, StatusCode::CONFLICT, "Only 0 seats left").await;
    let unpaid_id = unpaid["_id"].as_str().unwrap();
    until(&app, &slow, unpaid_id, |b| b["bookingStatus"] == "expired").await;

    // Assert: the seats are back, and someone else takes two.
    assert_eq!(public_departures(&app, &tour_id).await[0]["seatsLeft"], 3);
    let kept = joined(&app, &keen, &id, 2).await;
    assert_eq!(public_departures(&app, &tour_id).await[0]["seatsLeft"], 1);
    let cancelled = send(
        &app,
        Method::POST,
        &format!("/api/v1/bookings/{}/cancel", kept["_id"].as_str().unwrap()),
        &keen.token,
        Some(&json!({"reason": "Plans changed"})),
    )
    .await;
    assert_eq!(cancelled.status(), StatusCode::OK);
    assert_eq!(public_departures(&app, &tour_id).await[0]["seatsLeft"], 3);
}

#[tokio::test]
async fn a_guide_cancels_a_departure_every_paid_seat_is_refunded_and_its_days_are_free_again() {
    // Arrange: one traveller paid, another not yet.
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (pemba, tour_id) = published_tour(&app).await;
    let start = days_from_today(60);
    let departure = opened(&app, &pemba, &tour_id, &departure(&start, 6, 4)).await;
    let id = departure["_id"].as_str().unwrap().to_owned();
    let (paid, waiting) =
        (app.signup_and_login("tourist").await, app.signup_and_login("tourist").await);
    let paid_booking = joined(&app, &paid, &id, 2).await["_id"].as_str().unwrap().to_owned();
    pay(&app, &paid, &paid_booking).await;
    let unpaid_booking = joined(&app, &waiting, &id, 1).await["_id"].as_str().unwrap().to_owned();

    // Act: someone else cannot cancel it; its guide can.
    let admin = app.admin().await;
    let dawa = guide(&app, &admin, "Dawa").await;
    let path = format!("/api/v1/departures/{id}");
    assert_error(
        send(&app, Method::DELETE, &path, &dawa.token, None).await,
        StatusCode::NOT_FOUND,
        "Departure not found",
    )
    .await;
    assert_eq!(
        send(&app, Method::DELETE, &path, &paid.token, None).await.status(),
        StatusCode::FORBIDDEN
    );
    let cancelled = send(&app, Method::DELETE, &path, &pemba.token, None).await;

    // Assert
    assert_eq!(cancelled.status(), StatusCode::OK);
    let body: Value = cancelled.json().await.unwrap();
    assert_eq!(body["departure"]["status"], "cancelled");
    let refunded = until(&app, &paid, &paid_booking, |b| b["paymentStatus"] == "refunded").await;
    assert_eq!(
        (refunded["bookingStatus"].as_str(), refunded["cancelledBy"].as_str()),
        (Some("cancelled"), Some("guide"))
    );
    assert_eq!(refunded["refundAmount"], 1380.0);
    let other = details(&app, &waiting, &unpaid_booking).await;
    assert_eq!(
        (other["bookingStatus"].as_str(), other["paymentStatus"].as_str()),
        (Some("cancelled"), Some("unpaid"))
    );
    let guide_id = crate::fixtures::user_id(&app, &pemba.token).await;
    assert!(unavailable(&app, &guide_id, &start, &days_from_today(71)).await.is_empty());
    assert!(public_departures(&app, &tour_id).await.is_empty());
    let across: Value = app.get("/api/v1/users/departures").await.json().await.unwrap();
    assert_eq!(across["total"], 0);
    assert_error(
        join(&app, &waiting, &id, 1).await,
        StatusCode::CONFLICT,
        "This departure was cancelled",
    )
    .await;
    assert_error(
        send(&app, Method::DELETE, &path, &pemba.token, None).await,
        StatusCode::CONFLICT,
        "This departure is already cancelled",
    )
    .await;
    // Both travellers were told, by the app and by email.
    app.wait_for_outbox_email(&paid.email, 3).await;
}

#[tokio::test]
async fn joining_refuses_a_missing_departure_too_many_seats_and_a_guide() {
    // Arrange
    let app = spawn_app().await;
    let (pemba, tour_id) = published_tour(&app).await;
    let departure = opened(&app, &pemba, &tour_id, &departure(&days_from_today(35), 4, 2)).await;
    let id = departure["_id"].as_str().unwrap();
    let tourist = app.signup_and_login("tourist").await;

    // Act and assert
    assert_error(
        join(&app, &tourist, "no-such-departure", 1).await,
        StatusCode::NOT_FOUND,
        "Departure not found",
    )
    .await;
    assert_error(
        join(&app, &tourist, id, 5).await,
        StatusCode::BAD_REQUEST,
        "This departure has 4 seats in all",
    )
    .await;
    assert_error(
        join(&app, &tourist, id, 0).await,
        StatusCode::BAD_REQUEST,
        "Group size must be a whole number from 1 to 20",
    )
    .await;
    let other_tour = json!({"departureId": id, "tourId": "another", "groupSize": 1});
    assert_error(
        app.post_json_auth(REQUEST, &other_tour, &tourist.token).await,
        StatusCode::BAD_REQUEST,
        "tourId is not this departure's tour",
    )
    .await;
    assert_eq!(join(&app, &pemba, id, 1).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(public_departures(&app, &tour_id).await[0]["seatsLeft"], 4);

    // The list across tours checks its dates.
    assert_error(
        app.get("/api/v1/users/departures?from=someday").await,
        StatusCode::BAD_REQUEST,
        "from must be a real date (YYYY-MM-DD)",
    )
    .await;
    let late =
        format!("/api/v1/users/departures?from={}&to={}", days_from_today(10), days_from_today(5));
    let none: Value = app.get(&late).await.json().await.unwrap();
    assert_eq!(none["total"], 0, "a window that ends before it starts holds nothing");
    let window =
        format!("/api/v1/users/departures?from={}&to={}", days_from_today(30), days_from_today(40));
    let found: Value = app.get(&window).await.json().await.unwrap();
    assert_eq!(found["total"], 1);
}

/// Raises the tour's booking notice to `hours`: a departure whose start is now within it
/// is due for its decision (the sweep reads the tour's current notice).
async fn notice_of(app: &TestApp, guide: &TestUser, tour_id: &str, hours: i64) {
    let path = format!("/api/v1/tours/{tour_id}");
    let changed = app.patch_json_auth(&path, &json!({"cutoffHours": hours}), &guide.token).await;
    assert_eq!(changed.status(), StatusCode::OK);
}

/// The texts of a user's notifications, newest first, and their kinds.
async fn notices(app: &TestApp, user: &TestUser, role: &str) -> Vec<(String, String)> {
    let found = app.get_data(&format!("/api/v1/notifications/{role}"), &user.token).await;
    let text = if role == "guide" { "guideMessage" } else { "touristMessage" };
    found
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["kind"].as_str().unwrap().to_owned(), n[text].as_str().unwrap().to_owned()))
        .collect()
}

/// The departure as its guide lists it, once `done` holds (the sweep works in the background).
async fn departure_until(
    app: &TestApp,
    guide: &TestUser,
    tour_id: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let departure = guide_departures(app, guide, tour_id).await[0].clone();
        if done(&departure) {
            return departure;
        }
        assert!(std::time::Instant::now() < deadline, "never decided: {departure}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn at_the_tours_notice_a_departure_with_enough_paid_seats_is_confirmed_once_across_replicas()
{
    // Arrange: two replicas sweeping; two seats paid of a minimum of two, one more unpaid.
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    app.replica().await;
    let (pemba, tour_id) = published_tour(&app).await;
    let start = days_from_today(4);
    let id = opened(&app, &pemba, &tour_id, &departure(&start, 6, 2)).await["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (asha, ben) =
        (app.signup_and_login("tourist").await, app.signup_and_login("tourist").await);
    let paid = joined(&app, &asha, &id, 2).await["_id"].as_str().unwrap().to_owned();
    pay(&app, &asha, &paid).await;
    let waiting = joined(&app, &ben, &id, 1).await["_id"].as_str().unwrap().to_owned();
    assert_eq!(guide_departures(&app, &pemba, &tour_id).await[0]["status"], "open");

    // Act: the notice grows past the start.
    notice_of(&app, &pemba, &tour_id, 240).await;

    // Assert: confirmed, once; the paid traveller and the guide told, by the app and by email.
    let decided = departure_until(&app, &pemba, &tour_id, |d| d["status"] != "open").await;
    assert_eq!(
        (decided["status"].as_str(), decided["confirmed"].as_bool()),
        (Some("confirmed"), Some(true))
    );
    let confirmed = |notices: &[(String, String)]| {
        notices.iter().filter(|(kind, _)| kind == "departure_confirmed").count()
    };
    let told = notices(&app, &asha, "tourist").await;
    assert_eq!(confirmed(&told), 1);
    assert!(told.iter().any(|(_, text)| {
        text.starts_with("Your departure is confirmed: \"Everest Base Camp in 12 days\"")
    }));
    let guide_told = notices(&app, &pemba, "guide").await;
    assert_eq!(confirmed(&guide_told), 1);
    assert!(guide_told.iter().any(|(_, text)| text.ends_with("is confirmed, with 2 people.")));
    assert!(
        app.wait_for_outbox_email_with(&asha.email, "Your departure is confirmed")
            .await
            .contains("Everest Base Camp")
    );
    app.wait_for_outbox_email_with(&pemba.email, "enough to run").await;
    // The unpaid seat still has its payment window; nobody's trip changed.
    assert_eq!(details(&app, &ben, &waiting).await["bookingStatus"], "approved");
    assert_eq!(details(&app, &asha, &paid).await["paymentStatus"], "paid");
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(confirmed(&notices(&app, &pemba, "guide").await), 1);
}

async fn conversations(app: &TestApp, user: &TestUser) -> Vec<Value> {
    app.get_data("/api/v1/conversations", &user.token).await.as_array().unwrap().clone()
}

/// The user's conversations that belong to a departure.
async fn groups(app: &TestApp, user: &TestUser) -> Vec<Value> {
    conversations(app, user).await.into_iter().filter(|c| !c["group"].is_null()).collect()
}

/// (first name, country, role) of each member of a group conversation, in order.
fn members(conversation: &Value) -> Vec<(String, Value, String)> {
    conversation["group"]["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let text = |field: &str| m[field].as_str().unwrap().to_owned();
            assert!(m.get("lastName").is_none(), "travellers see first names only: {m}");
            (text("firstName"), m["country"].clone(), text("role"))
        })
        .collect()
}

async fn write(
    app: &TestApp,
    user: &TestUser,
    conversation_id: &str,
    text: &str,
) -> reqwest::Response {
    let path = format!("/api/v1/conversations/{conversation_id}/messages");
    app.post_json_auth(&path, &json!({ "text": text }), &user.token).await
}

#[tokio::test]
async fn the_travellers_of_a_confirmed_departure_and_their_guide_share_one_conversation() {
    // Arrange: three strangers on one departure, two of them paid; one already writes to
    // the guide on their own.
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    let (pemba, tour_id) = published_tour(&app).await;
    let guide_id = crate::fixtures::user_id(&app, &pemba.token).await;
    let id = opened(&app, &pemba, &tour_id, &departure(&days_from_today(4), 6, 2)).await["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (asha, ben, chloe) = (
        app.signup_and_login("tourist").await,
        app.signup_and_login("tourist").await,
        app.signup_and_login("tourist").await,
    );
    let profile = json!({"bio": "Walking round Nepal.", "nationality": "French", "preferredLanguages": ["English"], "interests": ["Trekking"]});
    let saved = app.post_json_auth("/api/v1/tourists/profile", &profile, &asha.token).await;
    assert_eq!(saved.status(), StatusCode::OK, "{}", saved.text().await.unwrap());
    let direct = app
        .post_json_auth(
            "/api/v1/conversations",
            &json!({"guideId": guide_id, "text": "Hello!"}),
            &asha.token,
        )
        .await;
    assert_eq!(direct.status(), StatusCode::CREATED);
    let mut bookings = Vec::new();
    for traveller in [&asha, &ben, &chloe] {
        bookings.push(joined(&app, traveller, &id, 1).await["_id"].as_str().unwrap().to_owned());
    }
    pay(&app, &asha, &bookings[0]).await;
    pay(&app, &ben, &bookings[1]).await;
    assert!(groups(&app, &asha).await.is_empty(), "no group before the departure is confirmed");

    // Act: the notice grows past the start, and the departure is confirmed.
    notice_of(&app, &pemba, &tour_id, 240).await;
    departure_until(&app, &pemba, &tour_id, |d| d["status"] == "confirmed").await;

    // Assert: one conversation for the guide and the two who paid; travellers see each
    // other's first name and country only, and the guide as the other party.
    let group = groups(&app, &asha).await;
    assert_eq!(group.len(), 1);
    let conversation_id = group[0]["_id"].as_str().unwrap().to_owned();
    assert_eq!(group[0]["group"]["departureId"], id.as_str());
    assert_eq!(group[0]["group"]["tourTitle"], "Everest Base Camp in 12 days");
    assert_eq!(group[0]["group"]["startDate"], days_from_today(4));
    assert_eq!(group[0]["touristId"], Value::Null);
    assert_eq!(group[0]["otherParty"]["_id"], guide_id.as_str());
    assert_eq!(
        members(&group[0]),
        vec![
            ("Pemba".to_owned(), Value::Null, "guide".to_owned()),
            ("Sita".to_owned(), json!("French"), "tourist".to_owned()),
            ("Sita".to_owned(), Value::Null, "tourist".to_owned()),
        ]
    );
    let guide_view = groups(&app, &pemba).await;
    assert_eq!(guide_view.len(), 1);
    assert_eq!(guide_view[0]["otherParty"], Value::Null);
    assert!(groups(&app, &chloe).await.is_empty(), "an unpaid seat is not in the group yet");
    // The traveller's own conversation with the guide is still theirs alone.
    let with: Value =
        app.get_data(&format!("/api/v1/conversations?with={guide_id}"), &asha.token).await;
    assert_eq!(with.as_array().unwrap().len(), 1);
    assert_eq!(with[0]["group"], Value::Null);

    // Everyone in it reads what one writes; outsiders cannot.
    assert_eq!(
        write(&app, &ben, &conversation_id, "See you in Lukla!").await.status(),
        StatusCode::CREATED
    );
    let messages = format!("/api/v1/conversations/{conversation_id}/messages");
    for member in [&asha, &pemba] {
        let page = app.get_data(&messages, &member.token).await;
        assert_eq!(page["messages"][0]["text"], "See you in Lukla!");
    }
    let unread = groups(&app, &pemba).await[0]["unreadCount"].clone();
    assert_eq!(unread, 1);
    assert_error(
        app.get_auth(&messages, &chloe.token).await,
        StatusCode::NOT_FOUND,
        "Conversation not found",
    )
    .await;
    assert_error(
        write(&app, &chloe, &conversation_id, "Hi").await,
        StatusCode::NOT_FOUND,
        "Conversation not found",
    )
    .await;
    // Left unread, it is emailed in the group's name, not a fellow traveller's.
    let db = app.db().await;
    sqlx::query("UPDATE messages SET created_at = created_at - 3600000 WHERE conversation_id = $1")
        .bind(&conversation_id)
        .execute(&db.pool)
        .await
        .unwrap();
    let email = app.wait_for_outbox_email_with(&pemba.email, "sent you a message").await;
    assert!(
        email.contains("Your Everest Base Camp in 12 days group sent you a message"),
        "{email}"
    );

    // The third traveller pays late and joins; one who cancels leaves.
    pay(&app, &chloe, &bookings[2]).await;
    assert_eq!(members(&groups(&app, &chloe).await[0]).len(), 4);
    let cancel = format!("/api/v1/bookings/{}/cancel", bookings[1]);
    let cancelled =
        send(&app, Method::POST, &cancel, &ben.token, Some(&json!({"reason": "Plans changed"})))
            .await;
    assert_eq!(cancelled.status(), StatusCode::OK);
    assert!(groups(&app, &ben).await.is_empty());
    assert_error(
        app.get_auth(&messages, &ben.token).await,
        StatusCode::NOT_FOUND,
        "Conversation not found",
    )
    .await;
    assert_eq!(members(&groups(&app, &pemba).await[0]).len(), 3);
}

#[tokio::test]
async fn at_the_tours_notice_a_departure_short_of_its_minimum_cancels_itself_and_refunds_every_paid_seat()
 {
    // Arrange: a minimum of three, two seats paid and one not.
    let app = spawn_app_with(&[FAST_SWEEP]).await;
    app.replica().await;
    let (pemba, tour_id) = published_tour(&app).await;
    let start = days_from_today(4);
    let id = opened(&app, &pemba, &tour_id, &departure(&start, 6, 3)).await["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (asha, ben) =
        (app.signup_and_login("tourist").await, app.signup_and_login("tourist").await);
    let paid = joined(&app, &asha, &id, 2).await["_id"].as_str().unwrap().to_owned();
    pay(&app, &asha, &paid).await;
    let waiting = joined(&app, &ben, &id, 1).await["_id"].as_str().unwrap().to_owned();

    // Act
    notice_of(&app, &pemba, &tour_id, 240).await;

    // Assert: cancelled by the system, the paid seats refunded in full, the days free again.
    let decided = departure_until(&app, &pemba, &tour_id, |d| d["status"] != "open").await;
    assert_eq!(decided["status"], "cancelled");
    let refunded = until(&app, &asha, &paid, |b| b["paymentStatus"] == "refunded").await;
    assert_eq!(
        (refunded["bookingStatus"].as_str(), refunded["cancelledBy"].as_str()),
        (Some("cancelled"), Some("system"))
    );
    assert_eq!(refunded["refundAmount"], 1380.0);
    let unpaid = details(&app, &ben, &waiting).await;
    assert_eq!(
        (unpaid["bookingStatus"].as_str(), unpaid["paymentStatus"].as_str()),
        (Some("cancelled"), Some("unpaid"))
    );
    let guide_id = crate::fixtures::user_id(&app, &pemba.token).await;
    assert!(unavailable(&app, &guide_id, &start, &days_from_today(15)).await.is_empty());
    assert!(public_departures(&app, &tour_id).await.is_empty());
    let told = notices(&app, &asha, "tourist").await;
    let cancelled: Vec<_> = told.iter().filter(|(kind, _)| kind == "departure_cancelled").collect();
    assert_eq!(cancelled.len(), 1);
    assert!(
        cancelled[0].1.ends_with("so the departure is cancelled. $1380.00 will be refunded."),
        "{}",
        cancelled[0].1
    );
    let ben_told = notices(&app, &ben, "tourist").await;
    assert!(ben_told.iter().any(|(kind, text)| kind == "departure_cancelled"
        && text.ends_with("so the departure is cancelled.")));
    let guide_told = notices(&app, &pemba, "guide").await;
    assert_eq!(guide_told.iter().filter(|(kind, _)| kind == "departure_cancelled").count(), 1);
    app.wait_for_outbox_email_with(&asha.email, "Refund: $1380.00").await;
    app.wait_for_outbox_email_with(&pemba.email, "Those days are free again").await;
}

#[tokio::test]
async fn joins_racing_the_guides_cancellation_leave_no_seat_on_a_cancelled_departure() {
    // Arrange: two replicas, travellers ready to join.
    let app = spawn_app().await;
    let replica = app.replica().await;
    let (pemba, tour_id) = published_tour(&app).await;
    let departure = opened(&app, &pemba, &tour_id, &departure(&days_from_today(50), 6, 2)).await;
    let id = departure["_id"].as_str().unwrap().to_owned();
    let mut travellers = Vec::new();
    for _ in 0..4 {
        travellers.push(app.signup_and_login("tourist").await);
    }

    // Act: twelve joins and the cancellation at once.
    let joins = (0..12).map(|n| {
        let base = if n % 2 == 0 { app.address.clone() } else { replica.clone() };
        let request = app
            .client
            .post(format!("{base}{REQUEST}"))
            .bearer_auth(&travellers[n % travellers.len()].token)
            .json(&join_body(&id, 1));
        async move { request.send().await.unwrap().status() }
    });
    let path = format!("/api/v1/departures/{id}");
    let cancel = send(&app, Method::DELETE, &path, &pemba.token, None);
    let (answers, cancelled) = tokio::join!(futures::future::join_all(joins), cancel);

    // Assert: cancelled, and whoever got a seat before it lost it again.
    assert_eq!(cancelled.status(), StatusCode::OK);
    assert!(
        answers.iter().all(|s| *s == StatusCode::CREATED || *s == StatusCode::CONFLICT),
        "{answers:?}"
    );
    let now = &guide_departures(&app, &pemba, &tour_id).await[0];
    assert_eq!((now["status"].as_str(), now["seatsLeft"].as_i64()), (Some("cancelled"), Some(6)));
    let bookings = now["bookings"].as_array().unwrap();
    assert_eq!(bookings.len(), answers.iter().filter(|s| **s == StatusCode::CREATED).count());
    assert!(bookings.iter().all(|b| b["bookingStatus"] == "cancelled"), "{bookings:?}");
}
