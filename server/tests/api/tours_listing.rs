//! The tour list from memory (`tours::listing`) answers exactly as the database does: the
//! same tours in the same order, with the same cards and price, and the same `total`, for every
//! filter, sort, group size and page, when just loaded and after following changes.

use yatra::catalogue_changes::{self, Kind};
use yatra::db::Db;
use yatra::destinations::trek::Difficulty;
use yatra::media::upload::{self, Slot};
use yatra::media_store::MediaStore;
use yatra::tours::domain::TourStatus;
use yatra::tours::finder::{self, TourFilters, TourSort, Wanted};
use yatra::tours::listing::TourListing;
use yatra::tours::view::TourCard;
use yatra::tours::{photos, store};

use crate::helpers::{png, spawn_app};

/// Each filter the list has, alone and with others, as `TourFilters`.
fn filter_sets(destination: &str, guide: &str) -> Vec<(&'static str, TourFilters)> {
    let mut sets: Vec<(&'static str, TourFilters)> = vec![
        ("none", TourFilters::default()),
        ("minDays", TourFilters { min_days: Some(5), ..Default::default() }),
        ("maxDays", TourFilters { max_days: Some(3), ..Default::default() }),
        ("days", TourFilters { min_days: Some(4), max_days: Some(12), ..Default::default() }),
        ("no such days", TourFilters { min_days: Some(44), ..Default::default() }),
        ("altitude", TourFilters { max_altitude_m: Some(3000), ..Default::default() }),
        ("altitude 0", TourFilters { max_altitude_m: Some(0), ..Default::default() }),
        ("minPrice", TourFilters { min_price: Some(900.0), ..Default::default() }),
        ("maxPrice", TourFilters { max_price: Some(450.5), ..Default::default() }),
        (
            "days and prices",
            TourFilters {
                min_days: Some(2),
                max_days: Some(10),
                min_price: Some(150.0),
                max_price: Some(1400.0),
                ..Default::default()
            },
        ),
        (
            "days and no price",
            TourFilters { max_days: Some(45), max_price: Some(0.5), ..Default::default() },
        ),
        ("language", TourFilters { language: Some("French".into()), ..Default::default() }),
        ("language part", TourFilters { language: Some("Fren".into()), ..Default::default() }),
        ("q", TourFilters { q: Some("day".into()), ..Default::default() }),
        ("q prefix", TourFilters { q: Some("Po".into()), ..Default::default() }),
        ("q accents", TourFilters { q: Some("NAMCHÉ".into()), ..Default::default() }),
        ("q two", TourFilters { q: Some("days from".into()), ..Default::default() }),
        ("q none", TourFilters { q: Some("zzzz".into()), ..Default::default() }),
        (
            "destination",
            TourFilters { destination: Some(destination.into()), ..Default::default() },
        ),
        ("guide", TourFilters { guide: Some(guide.into()), ..Default::default() }),
        ("no such guide", TourFilters { guide: Some("nobody".into()), ..Default::default() }),
        (
            "everything",
            TourFilters {
                min_days: Some(2),
                max_days: Some(15),
                max_altitude_m: Some(5000),
                min_price: Some(100.0),
                max_price: Some(2500.0),
                language: Some("english".into()),
                q: Some("day".into()),
                ..Default::default()
            },
        ),
    ];
    for difficulty in [Difficulty::Easy, Difficulty::Moderate, Difficulty::Hard] {
        sets.push((
            "difficulty",
            TourFilters { difficulty: Some(difficulty), ..Default::default() },
        ));
    }
    sets
}

fn with(filters: &TourFilters, sort: TourSort, group: i64, page: i64, limit: i64) -> TourFilters {
    TourFilters {
        destination: filters.destination.clone(),
        guide: filters.guide.clone(),
        min_days: filters.min_days,
        max_days: filters.max_days,
        max_altitude_m: filters.max_altitude_m,
        difficulty: filters.difficulty,
        min_price: filters.min_price,
        max_price: filters.max_price,
        group_size: Some(group),
        language: filters.language.clone(),
        available_on: None,
        q: filters.q.clone(),
        trusted: None,
        sort: Some(sort),
        page: Some(page),
        limit: Some(limit),
    }
}

/// Compares the listing with the SQL for every filter set, sort, group and page; how many
/// comparisons had tours in them.
async fn compare_every_filter(
    db: &Db,
    listing: &TourListing,
    destination: &str,
    guide: &str,
) -> usize {
    let sorts = [
        TourSort::Rating,
        TourSort::PriceAsc,
        TourSort::PriceDesc,
        TourSort::DaysAsc,
        TourSort::DaysDesc,
    ];
    let mut compared = 0;
    for (name, filters) in filter_sets(destination, guide) {
        for sort in sorts {
            for (group, page, limit) in
                [(1, 1, 12), (1, 3, 50), (2, 2, 7), (4, 1, 50), (7, 9, 5), (30, 1, 12)]
            {
                let filters = with(&filters, sort, group, page, limit);
                let wanted = Wanted::parse(&filters).unwrap();

                // Act
                let (sql, sql_total, _) = finder::find_in_sql(db, &filters, &wanted).await.unwrap();
                let (memory, memory_total, _) =
                    finder::find_in_listing(db, listing, &filters, &wanted)
                        .await
                        .unwrap()
                        .expect("the listing has loaded");

                // Assert
                let context = format!("{name}, {sort:?}, group {group}, page {page} of {limit}");
                assert_eq!(memory_total, sql_total, "{context}");
                // Everything a card shows: the tour, its guide's card and its cover.
                let shown = |cards: &[TourCard]| serde_json::to_value(cards).unwrap();
                assert_eq!(shown(&memory), shown(&sql), "{context}");
                compared += usize::from(!sql.is_empty());
            }
        }
    }
    compared
}

/// Compares what quotes read from the listing with the tours as stored, for every tour but
/// those `changed` behind the store's back (their day counts no longer match their days).
async fn compare_quotes(db: &Db, listing: &TourListing, changed: &[&str]) {
    let ids: Vec<(String,)> =
        sqlx::query_as("SELECT id FROM tours ORDER BY id").fetch_all(&db.pool).await.unwrap();
    for (id,) in ids.into_iter().filter(|(id,)| !changed.contains(&id.as_str())) {
        let stored = store::find_listed(db, &id).await.unwrap().map(|tour| {
            let tiers: Vec<(i64, i64, i64)> = tour
                .input
                .pricing
                .iter()
                .map(|t| {
                    (i64::from(t.min_people), i64::from(t.max_people), t.price_per_person_cents())
                })
                .collect();
            (
                tiers,
                tour.input.days.len() as i64,
                tour.input.max_group_size,
                tour.input.destination_id,
            )
        });
        let kept = listing.quote_facts(&id).expect("the listing has loaded").map(|mut facts| {
            facts.tiers.sort_unstable();
            (facts.tiers, facts.day_count, facts.max_group_size, facts.destination_id)
        });
        assert_eq!(kept, stored, "tour {id}");
    }
}

/// The demo tours and 400 bulk guides' tours (ratings with ties, group tiers, destinations
/// of each difficulty, guides of several languages), and a destination and a guide of them.
async fn seeded(db: &Db, app: &crate::helpers::TestApp) -> (String, String) {
    let media = MediaStore::from_config(&app.config.media).unwrap();
    yatra::seed::demo(db, &media).await.unwrap();
    yatra::seed::bulk::guides(db, 400).await.unwrap();
    crate::fixtures::reliability_settled(app).await;
    sqlx::query_as(
        "SELECT destination_id, guide_id FROM tours WHERE destination_id IS NOT NULL \
         AND status = 'published' ORDER BY id LIMIT 1",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap()
}

async fn listed_count(db: &Db) -> usize {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM tours t JOIN guide_search s ON s.guide_id = t.guide_id \
         WHERE t.status = 'published'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    count as usize
}

#[tokio::test]
async fn the_tour_list_from_memory_is_the_databases_for_every_filter_sort_group_and_page() {
    // Arrange
    let app = spawn_app().await;
    let db = app.db().await;
    let (destination, guide) = seeded(&db, &app).await;
    let listing = TourListing::load(db.clone()).await.unwrap();
    assert!(listing.tours() > 400, "the listing holds the listed tours: {}", listing.tours());

    // Act and assert
    let compared = compare_every_filter(&db, &listing, &destination, &guide).await;
    assert!(compared > 300, "most comparisons had tours to compare: {compared}");
    compare_quotes(&db, &listing, &[]).await;
    db.pool.close().await;
}

/// Runs `sql` (with `id` bound) and records the change, in one transaction, as a write does.
async fn change(db: &Db, kind: Kind, id: &str, sql: &'static str) {
    let mut tx = db.begin_write().await.unwrap();
    sqlx::query(sql).bind(id).execute(&mut *tx).await.unwrap();
    catalogue_changes::record(&mut tx, kind, &[id]).await.unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn the_tour_list_from_memory_follows_changes_to_tours_guides_and_destinations() {
    // Arrange
    let app = spawn_app().await;
    let db = app.db().await;
    let (destination, guide) = seeded(&db, &app).await;
    let listing = TourListing::load(db.clone()).await.unwrap();
    let tours: Vec<(String, String)> =
        sqlx::query_as("SELECT id, guide_id FROM tours WHERE status = 'published' ORDER BY id")
            .fetch_all(&db.pool)
            .await
            .unwrap();
    let draft: Option<(String,)> =
        sqlx::query_as("SELECT id FROM tours WHERE status = 'draft' ORDER BY id LIMIT 1")
            .fetch_optional(&db.pool)
            .await
            .unwrap();

    // Act: a few changes of every kind the list reads.
    for (id, _) in tours.iter().skip(1).step_by(37) {
        change(
            &db,
            Kind::Tour,
            id,
            "UPDATE tours SET title = 'Changed trek', search_text = 'changed trek zzzz day', \
               day_count = day_count + 1 WHERE id = $1",
        )
        .await;
        change(
            &db,
            Kind::Tour,
            id,
            "UPDATE tour_prices SET price_cents = price_cents + 777 WHERE tour_id = $1",
        )
        .await;
    }
    for (id, _) in tours.iter().skip(2).step_by(41) {
        store::set_status(&db, id, TourStatus::Draft).await.unwrap();
    }
    if let Some((draft,)) = &draft {
        store::set_status(&db, draft, TourStatus::Published).await.unwrap();
    }
    let guides: Vec<&String> = tours.iter().skip(3).step_by(53).map(|(_, guide)| guide).collect();
    for (at, guide_id) in guides.iter().enumerate() {
        let sql = if at % 2 == 0 {
            "UPDATE guide_search SET rating_rank = rating_rank + 1000, languages = 'french nepali' \
             WHERE guide_id = $1"
        } else {
            "DELETE FROM guide_search WHERE guide_id = $1"
        };
        change(&db, Kind::Guide, guide_id, sql).await;
    }
    let mut tx = db.begin_write().await.unwrap();
    catalogue_changes::record_tours_at(&mut tx, &destination).await.unwrap();
    sqlx::query("UPDATE destinations SET name = 'Renamed valley' WHERE id = $1")
        .bind(&destination)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    // What tours' cards show of their guides, and their covers.
    let shown_guide = &tours[4].1;
    change(&db, Kind::Guide, shown_guide, "UPDATE users SET first_name = 'Renamed' WHERE id = $1")
        .await;
    change(
        &db,
        Kind::Guide,
        shown_guide,
        "UPDATE guide_details SET rating_sum = rating_sum + 5, review_count = review_count + 1 \
         WHERE user_id = $1",
    )
    .await;
    let media = MediaStore::from_config(&app.config.media).unwrap();
    upload::replace(&db, &media, &tours[5].1, Slot::GuideProfilePicture, png(64, 48, false))
        .await
        .unwrap();
    let (covered,): (String,) = sqlx::query_as(
        "SELECT p.tour_id FROM tour_photos p JOIN tours t ON t.id = p.tour_id \
         WHERE t.status = 'published' AND p.position = 1 ORDER BY p.tour_id LIMIT 1",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let mut tx = photos::begin_change(&db, &covered).await.unwrap();
    for sql in [
        "DELETE FROM tour_photos WHERE tour_id = $1 AND position = 0",
        "UPDATE tour_photos SET position = position - 1 WHERE tour_id = $1",
    ] {
        sqlx::query(sql).bind(&covered).execute(&mut *tx).await.unwrap();
    }
    tx.commit().await.unwrap();
    let found = listing.catch_up().await.unwrap();

    // Assert
    assert!(found, "the changes were found");
    assert_eq!(listing.tours(), listed_count(&db).await);
    compare_every_filter(&db, &listing, &destination, &guide).await;
    let changed: Vec<&str> = tours.iter().skip(1).step_by(37).map(|(id, _)| id.as_str()).collect();
    compare_quotes(&db, &listing, &changed).await;

    // Act: enough tours leave that the listing compacts itself.
    for (id, _) in tours.iter().step_by(2) {
        change(&db, Kind::Tour, id, "UPDATE tours SET status = 'draft' WHERE id = $1").await;
    }
    assert!(listing.catch_up().await.unwrap());

    // Assert
    assert_eq!(listing.tours(), listed_count(&db).await);
    let compared = compare_every_filter(&db, &listing, &destination, &guide).await;
    assert!(compared > 200, "most comparisons had tours to compare: {compared}");
    db.pool.close().await;
}
