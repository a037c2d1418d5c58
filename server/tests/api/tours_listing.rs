//! The tour list from memory (`tours::listing`) answers exactly as the database does: the
//! same tours in the same order, with the same cards and price, and the same `total`, for every
//! filter, sort, group size and page.

use yatra::destinations::trek::Difficulty;
use yatra::media_store::MediaStore;
use yatra::tours::finder::{self, TourFilters, TourSort, Wanted};
use yatra::tours::listing::Listing;

use crate::helpers::spawn_app;

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
        sort: Some(sort),
        page: Some(page),
        limit: Some(limit),
    }
}

#[tokio::test]
async fn the_tour_list_from_memory_is_the_databases_for_every_filter_sort_group_and_page() {
    // Arrange: the demo tours and 400 bulk guides' tours (ratings with ties, group tiers,
    // destinations of each difficulty, guides of several languages).
    let app = spawn_app().await;
    let db = app.db().await;
    let media = MediaStore::from_config(&app.config.media).unwrap();
    yatra::seed::demo(&db, &media).await.unwrap();
    yatra::seed::bulk::guides(&db, 400).await.unwrap();
    let (destination, guide): (String, String) = sqlx::query_as(
        "SELECT destination_id, guide_id FROM tours WHERE destination_id IS NOT NULL \
         AND status = 'published' ORDER BY id LIMIT 1",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let listing = Listing::load(&db, 0).await.unwrap();
    assert!(listing.len() > 400, "the listing holds the listed tours: {}", listing.len());

    let sorts = [
        TourSort::Rating,
        TourSort::PriceAsc,
        TourSort::PriceDesc,
        TourSort::DaysAsc,
        TourSort::DaysDesc,
    ];
    let mut compared = 0;
    for (name, filters) in filter_sets(&destination, &guide) {
        for sort in sorts {
            for (group, page, limit) in
                [(1, 1, 12), (1, 3, 50), (2, 2, 7), (4, 1, 50), (7, 9, 5), (30, 1, 12)]
            {
                let filters = with(&filters, sort, group, page, limit);
                let wanted = Wanted::parse(&filters).unwrap();

                // Act
                let (sql, sql_total, _) =
                    finder::find_in_sql(&db, &filters, &wanted).await.unwrap();
                let (memory, memory_total, _) =
                    finder::find_in_listing(&db, &listing, &filters, &wanted).await.unwrap();

                // Assert
                let context = format!("{name}, {sort:?}, group {group}, page {page} of {limit}");
                assert_eq!(memory_total, sql_total, "{context}");
                let shown = |found: &[finder::FoundTour]| -> Vec<String> {
                    found
                        .iter()
                        .map(|t| {
                            format!(
                                "{} {} {:?} {:?} {} {} {} {} {} {:?} {} {}",
                                t.id,
                                t.guide_id,
                                t.destination_id,
                                t.destination_name,
                                t.title,
                                t.summary,
                                t.day_count,
                                t.risk,
                                t.booking_mode,
                                t.max_sleep_altitude_m,
                                t.max_group_size,
                                t.price_cents
                            )
                        })
                        .collect()
                };
                assert_eq!(shown(&memory), shown(&sql), "{context}");
                compared += usize::from(!sql.is_empty());
            }
        }
    }
    assert!(compared > 300, "most comparisons had tours to compare: {compared}");
    db.pool.close().await;
}
