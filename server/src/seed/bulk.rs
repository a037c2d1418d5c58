//! `yatra seed --bulk N`: N verified guides, each with a published tour, with travellers,
//! paid trips and about two reviews per guide, written with multi-row inserts so 100k
//! guides take seconds. For load tests, not for people: the text is assembled from parts. Every run adds N more
//! (emails carry a run id), and every account's password is the demo password.

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use crate::auth::password;
use crate::catalogue_changes::{Kind, record};
use crate::db::{Db, Param, insert_many, new_id, now_ms};
use crate::guides::index::{SEARCH_COLUMNS, Source};
use crate::tours::domain::{BookingMode, Day, Lodging, TourInput, TourStatus};
use crate::tours::pricing::Tier;
use crate::tours::store::{self, INSERT_COLUMNS, PRICE_COLUMNS};

/// Guides written per transaction.
const GUIDES_PER_BATCH: usize = 5_000;
/// One traveller per this many guides writes the reviews.
const GUIDES_PER_TRAVELLER: usize = 50;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

const FIRST_NAMES: [&str; 24] = [
    "Aarati", "Bikash", "Chhiring", "Dawa", "Gita", "Hari", "Ishwor", "Janaki", "Karma", "Laxmi",
    "Mingmar", "Nima", "Pasang", "Rabin", "Sabina", "Tenzing", "Uttam", "Yangzi", "Sunita",
    "Prakash", "Anita", "Suman", "Kalpana", "Bishal",
];
const LAST_NAMES: [&str; 20] = [
    "Sherpa",
    "Gurung",
    "Magar",
    "Tamang",
    "Thakali",
    "Shrestha",
    "Maharjan",
    "Rai",
    "Limbu",
    "Chaudhary",
    "Sharma",
    "Adhikari",
    "Thapa",
    "Poudel",
    "Bajracharya",
    "Lama",
    "Bhattarai",
    "Karki",
    "Ghale",
    "Tharu",
];
/// Where guides are based: address and (latitude, longitude).
const TOWNS: [(&str, f64, f64); 16] = [
    ("Thamel, Kathmandu", 27.7154, 85.3123),
    ("Patan, Lalitpur", 27.6727, 85.3253),
    ("Bhaktapur", 27.6710, 85.4298),
    ("Lakeside, Pokhara", 28.2096, 83.9595),
    ("Sauraha, Chitwan", 27.5781, 84.4943),
    ("Namche Bazaar, Solukhumbu", 27.8069, 86.7140),
    ("Lukla, Solukhumbu", 27.6866, 86.7298),
    ("Jomsom, Mustang", 28.7804, 83.7233),
    ("Manang", 28.6669, 84.0167),
    ("Bandipur, Tanahun", 27.9361, 84.4069),
    ("Nagarkot, Bhaktapur", 27.7172, 85.5200),
    ("Lumbini, Rupandehi", 27.4833, 83.2767),
    ("Ilam", 26.9094, 87.9282),
    ("Syabrubesi, Rasuwa", 28.1606, 85.3456),
    ("Bardiya", 28.3900, 81.3200),
    ("Ghandruk, Kaski", 28.3772, 83.8058),
];
const LANGUAGES: [&str; 12] = [
    "French", "German", "Spanish", "Japanese", "Chinese", "Korean", "Hindi", "Italian", "Russian",
    "Hebrew", "Dutch", "Tibetan",
];
const INTERESTS: [&str; 16] = [
    "Trekking",
    "Hiking",
    "Mountaineering",
    "Culture",
    "History",
    "Museums",
    "Festivals",
    "Local Experiences",
    "Food",
    "Nature",
    "Wildlife",
    "Bird Watching",
    "Adventure",
    "Water Sports",
    "Photography",
    "Spirituality",
];
const BIO_OPENINGS: [&str; 6] = [
    "I grew up in the hills and have guided travellers for years.",
    "Walking these valleys is my life and my work.",
    "I love showing visitors the Nepal my grandparents knew.",
    "Licensed guide, trained in wilderness first aid.",
    "Slow travel, good food and long conversations on the trail.",
    "From tea houses to temple courtyards, I know the way.",
];
const BIO_ENDINGS: [&str; 6] = [
    "Every trip is planned around your pace.",
    "I speak with the villages we pass through, not just about them.",
    "Families and solo travellers are equally welcome.",
    "Ask me about the side trails nobody else takes.",
    "Safety first, then the best views.",
    "I keep groups small so the mountains stay quiet.",
];
const COMMENTS: [&str; 8] = [
    "Knew every trail and every tea house owner.",
    "Patient, funny and always a step ahead of the weather.",
    "A wonderful day, exactly the pace we wanted.",
    "Good guide, though we started late twice.",
    "We learned so much about local life.",
    "Safe, kind and well organised.",
    "Great stories, great food stops.",
    "Would book again for the next trip.",
];

/// Where bulk tours' groups sleep: names only, in no geographic order.
const PLACES: [&str; 12] = [
    "Chame",
    "Namche Bazaar",
    "Ghorepani",
    "Dingboche",
    "Manang",
    "Lama Hotel",
    "Samagaun",
    "Tengboche",
    "Jomsom",
    "Kyanjin Gompa",
    "Lobuche",
    "Gokyo",
];
/// First nights from the Terai to above 3,500 m, and nightly gains from none to steep: with
/// or without rest days, bulk tours take every risk level.
const FIRST_NIGHTS_M: [i64; 7] = [150, 900, 1400, 2200, 2610, 3440, 3600];
const NIGHTLY_GAINS_M: [i64; 5] = [0, 200, 350, 450, 600];
const GROUP_SIZES: [i64; 9] = [1, 2, 4, 6, 8, 10, 12, 16, 30];
const CUTOFF_HOURS: [i64; 5] = [0, 12, 24, 72, 168];

/// What one bulk run added.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct BulkSeeded {
    pub guides: usize,
    pub travellers: usize,
    pub reviews: usize,
    pub tours: usize,
}

/// Adds `count` verified guides, a tour each, and their reviews.
pub async fn guides(db: &Db, count: usize) -> anyhow::Result<BulkSeeded> {
    let run = &new_id()[..12];
    let hash = password::hash(super::DEMO_PASSWORD.to_owned()).await?;
    let mut rng = StdRng::seed_from_u64(count as u64);
    let destinations: Vec<(String,)> =
        sqlx::query_as("SELECT id FROM destinations").fetch_all(&db.pool).await?;
    let now = now_ms();
    let mut seeded = BulkSeeded::default();

    let travellers: Vec<String> =
        (0..count.div_ceil(GUIDES_PER_TRAVELLER)).map(|_| new_id()).collect();
    let mut tx = db.begin_write().await?;
    let rows = travellers
        .iter()
        .enumerate()
        .map(|(i, id)| {
            user_row(
                id,
                FIRST_NAMES[i % FIRST_NAMES.len()],
                "Traveller",
                &format!("bulk-{run}-traveller-{i}@bulk.yatra.np"),
                "tourist",
                &hash,
                now,
            )
        })
        .collect();
    insert_many(&mut tx, "users", &USER_COLUMNS, rows).await?;
    tx.commit().await?;
    seeded.travellers = travellers.len();

    let mut written = 0;
    while written < count {
        let batch = GUIDES_PER_BATCH.min(count - written);
        let mut users = Vec::with_capacity(batch);
        let mut details = Vec::with_capacity(batch);
        let mut search = Vec::with_capacity(batch);
        let mut categories = Vec::new();
        let mut bookings = Vec::new();
        let mut ratings = Vec::new();
        let mut tours = Vec::with_capacity(batch);
        let mut prices = Vec::new();
        let mut guide_ids = Vec::with_capacity(batch);
        let mut tour_ids = Vec::with_capacity(batch);
        for i in written..written + batch {
            let id = new_id();
            guide_ids.push(id.clone());
            let first = *FIRST_NAMES.choose(&mut rng).unwrap_or(&"Guide");
            let last = *LAST_NAMES.choose(&mut rng).unwrap_or(&"Guide");
            users.push(user_row(
                &id,
                first,
                last,
                &format!("bulk-{run}-guide-{i}@bulk.yatra.np"),
                "guide",
                &hash,
                now,
            ));

            let (address, latitude, longitude) = TOWNS[rng.random_range(0..TOWNS.len())];
            let destination = destinations.choose(&mut rng).map(|(id,)| id.clone());
            let tour = tour(&mut rng, address, destination);
            let tour_id = new_id();
            tour_ids.push(tour_id.clone());
            prices.extend(store::price_rows(&tour_id, &tour.pricing));
            tours.push(store::insert_row(&tour_id, &id, &tour, TourStatus::Published, now));
            let mut languages = vec!["English", "Nepali"];
            let extra_languages = rng.random_range(0..3);
            languages.extend(LANGUAGES.choose_multiple(&mut rng, extra_languages));
            let interest_count = rng.random_range(2..5);
            let interests: Vec<&str> =
                INTERESTS.choose_multiple(&mut rng, interest_count).copied().collect();
            let bio = format!(
                "{} Based in {address}, I guide {} trips. {}",
                BIO_OPENINGS.choose(&mut rng).unwrap_or(&""),
                interests.join(", ").to_lowercase(),
                BIO_ENDINGS.choose(&mut rng).unwrap_or(&"")
            );

            let mut rating_sum = 0;
            let review_count = rng.random_range(0..5);
            // A guide takes one trip a day: distinct days for their past trips.
            let trip_days = rand::seq::index::sample(&mut rng, 697, review_count as usize);
            for days_ago in trip_days.iter().map(|d| d as i64 + 3) {
                let score: i64 = *[5, 5, 5, 4, 4, 3, 2].choose(&mut rng).unwrap_or(&5);
                rating_sum += score;
                let booking = new_id();
                let tourist = travellers[rng.random_range(0..travellers.len())].clone();
                let trip = now - days_ago * DAY_MS;
                let date = crate::db::to_rfc3339(trip)[..10].to_owned();
                let size: i64 = rng.random_range(1..6);
                bookings.push(vec![
                    booking.clone().into(),
                    tourist.clone().into(),
                    id.clone().into(),
                    date.clone().into(),
                    "09:00".into(),
                    size.into(),
                    4000i64.into(),
                    (4000 * size).into(),
                    "completed".into(),
                    "paid".into(),
                    trip.into(),
                    trip.into(),
                    date.into(),
                ]);
                let comment = (*COMMENTS.choose(&mut rng).unwrap_or(&"Great guide.")).to_owned();
                let reviewed = trip + DAY_MS;
                ratings.push(vec![
                    new_id().into(),
                    id.clone().into(),
                    tourist.into(),
                    booking.into(),
                    score.into(),
                    comment.into(),
                    reviewed.into(),
                    reviewed.into(),
                ]);
            }

            let price_per_day_cents = rng.random_range(20..121) * 100i64;
            let source = Source {
                first_name: first.to_owned(),
                last_name: last.to_owned(),
                bio,
                expertise_languages: serde_json::to_string(&languages)?,
                interests: serde_json::to_string(&interests)?,
                address: address.to_owned(),
                price_per_day_cents: Some(price_per_day_cents),
                // Spread guides around their town so "near me" has something to order.
                latitude: Some(latitude + rng.random_range(-0.05..0.05)),
                longitude: Some(longitude + rng.random_range(-0.05..0.05)),
                rating_sum,
                review_count,
                trusted: 0,
            };
            let public = source.public_rows();
            let mut row: Vec<Param> = vec![id.clone().into()];
            row.extend(public.search);
            search.push(row);
            for category in public.categories {
                categories.push(vec![
                    category.as_str().into(),
                    id.clone().into(),
                    public.rating_rank.into(),
                ]);
            }
            details.push(vec![
                id.into(),
                source.bio.into(),
                "Nepali".into(),
                price_per_day_cents.into(),
                source.expertise_languages.into(),
                source.interests.into(),
                format!("+977 98{:08}", i % 100_000_000).into(),
                source.address.into(),
                source.longitude.into(),
                source.latitude.into(),
                "verified".into(),
                "approved".into(),
                rng.random_range(1..26i64).into(),
                rating_sum.into(),
                review_count.into(),
                now.into(),
                now.into(),
            ]);
        }

        let mut tx = db.begin_write().await?;
        insert_many(&mut tx, "users", &USER_COLUMNS, users).await?;
        insert_many(&mut tx, "guide_details", &DETAIL_COLUMNS, details).await?;
        insert_many(&mut tx, "guide_search", &SEARCH_COLUMNS, search).await?;
        insert_many(
            &mut tx,
            "guide_categories",
            &["category", "guide_id", "rating_rank"],
            categories,
        )
        .await?;
        seeded.reviews += ratings.len();
        insert_many(&mut tx, "bookings", &BOOKING_COLUMNS, bookings).await?;
        insert_many(&mut tx, "ratings", &RATING_COLUMNS, ratings).await?;
        seeded.tours += tours.len();
        insert_many(&mut tx, "tours", &INSERT_COLUMNS, tours).await?;
        insert_many(&mut tx, "tour_prices", &PRICE_COLUMNS, prices).await?;
        let guide_ids: Vec<&str> = guide_ids.iter().map(String::as_str).collect();
        record(&mut tx, Kind::Guide, &guide_ids).await?;
        let tour_ids: Vec<&str> = tour_ids.iter().map(String::as_str).collect();
        record(&mut tx, Kind::Tour, &tour_ids).await?;
        tx.commit().await?;
        written += batch;
        seeded.guides = written;
    }
    Ok(seeded)
}

/// A bulk guide's tour: 1 to 20 days from a varied first night, climbing by a varied gain
/// with or without rest days (a day tour has no night), priced by the day with a cheaper
/// tier for bigger groups.
fn tour(rng: &mut StdRng, town: &str, destination_id: Option<String>) -> TourInput {
    let day_count = rng.random_range(1..=20);
    let mut altitude = *FIRST_NIGHTS_M.choose(rng).unwrap_or(&1400);
    let gain = *NIGHTLY_GAINS_M.choose(rng).unwrap_or(&300);
    let rest_every = if rng.random_bool(0.5) { rng.random_range(2..5) } else { usize::MAX };
    let days: Vec<Day> = (1..=day_count)
        .map(|n| {
            let place = *PLACES.choose(rng).unwrap_or(&"Camp");
            let last = n == day_count;
            if n > 1 && n % rest_every != 0 {
                altitude = (altitude + gain).min(5_400);
            }
            Day {
                title: format!("Day {n}: {place}"),
                description: format!("Walk to {place} at the group's pace."),
                sleep_place: if last { String::new() } else { place.to_owned() },
                sleep_altitude_m: (!last).then_some(altitude),
                walk_hours: Some(f64::from(rng.random_range(2..9u8))),
                lodging: if last { Lodging::None } else { Lodging::Teahouse },
            }
        })
        .collect();
    let max_group_size = *GROUP_SIZES.choose(rng).unwrap_or(&8);
    let price = (rng.random_range(30..121) * day_count as i64) as f64;
    TourInput {
        title: if day_count == 1 {
            format!("Day trip from {town}")
        } else {
            format!("{day_count} days from {town}")
        },
        summary: format!("A {day_count}-day trip with a guide based in {town}."),
        destination_id,
        days,
        max_group_size,
        pricing: tiers(price, max_group_size as i32),
        included: vec!["Licensed guide".to_owned()],
        excluded: vec!["Meals".to_owned()],
        meeting_point: town.to_owned(),
        booking_mode: if rng.random_bool(0.3) {
            BookingMode::Instant
        } else {
            BookingMode::Request
        },
        cutoff_hours: *CUTOFF_HOURS.choose(rng).unwrap_or(&24),
    }
}

/// `price` per person for one or two, 15% less each for a bigger group.
fn tiers(price: f64, max_group_size: i32) -> Vec<Tier> {
    if max_group_size <= 2 {
        return vec![Tier {
            min_people: 1,
            max_people: max_group_size,
            price_per_person_usd: price,
        }];
    }
    vec![
        Tier { min_people: 1, max_people: 2, price_per_person_usd: price },
        Tier {
            min_people: 3,
            max_people: max_group_size,
            price_per_person_usd: (price * 0.85).round(),
        },
    ]
}

const USER_COLUMNS: [&str; 10] = [
    "id",
    "first_name",
    "last_name",
    "email",
    "email_lower",
    "password_hash",
    "role",
    "created_at",
    "updated_at",
    "email_verified_at",
];
const DETAIL_COLUMNS: [&str; 17] = [
    "user_id",
    "bio",
    "nationality",
    "price_per_day_cents",
    "expertise_languages",
    "interests",
    "phone",
    "address",
    "longitude",
    "latitude",
    "status",
    "review_state",
    "years_of_experience",
    "rating_sum",
    "review_count",
    "created_at",
    "updated_at",
];
const BOOKING_COLUMNS: [&str; 13] = [
    "id",
    "tourist_id",
    "guide_id",
    "selected_date",
    "selected_time",
    "group_size",
    "price_per_person_cents",
    "total_amount_cents",
    "booking_status",
    "payment_status",
    "created_at",
    "updated_at",
    "end_date",
];
const RATING_COLUMNS: [&str; 8] =
    ["id", "guide_id", "tourist_id", "booking_id", "score", "comment", "created_at", "updated_at"];

fn user_row(
    id: &str,
    first: &str,
    last: &str,
    email: &str,
    role: &str,
    hash: &str,
    now: i64,
) -> Vec<Param> {
    vec![
        id.into(),
        first.into(),
        last.into(),
        email.into(),
        email.into(),
        hash.into(),
        role.into(),
        now.into(),
        now.into(),
        now.into(),
    ]
}
