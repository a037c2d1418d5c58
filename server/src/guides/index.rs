//! What the public reads about guides: one `guide_search` row per verified guide (text for
//! search, place, rating) and one `guide_categories` row per category the guide falls
//! under. Both are derived from the account and the profile, and `refresh` rebuilds a
//! guide's rows from them; every change to anything they are built from calls it, in the
//! same transaction where there is one. An unverified guide has no rows, which is what
//! keeps them out of every public list and search.

use sqlx::AnyConnection;

use super::categories::Category;
use crate::error::AppResult;
use crate::profile::Tags;
use crate::text_search::normalize;

/// The average rating as a sortable whole number: average × 10000, so 4.6667 sorts above
/// 4.6666 and ties are exact (floats make poor keyset cursors).
pub fn rating_rank(rating_sum: i64, review_count: i64) -> i64 {
    if review_count <= 0 { 0 } else { rating_sum * 10_000 / review_count }
}

#[derive(sqlx::FromRow)]
struct Source {
    first_name: String,
    last_name: String,
    bio: String,
    expertise_languages: String,
    interests: String,
    address: String,
    longitude: Option<f64>,
    latitude: Option<f64>,
    status: String,
    rating_sum: i64,
    review_count: i64,
}

/// Rebuilds the guide's public rows from their account and profile. Upserts rather than
/// delete-and-insert, so two refreshes of one guide racing on PostgreSQL cannot collide.
pub async fn refresh(conn: &mut AnyConnection, guide_id: &str) -> AppResult<()> {
    let source: Option<Source> = sqlx::query_as(
        "SELECT u.first_name, u.last_name, g.bio, g.expertise_languages, g.interests, g.address, \
           g.longitude, g.latitude, g.status, g.rating_sum, g.review_count \
         FROM users u JOIN guide_details g ON g.user_id = u.id WHERE u.id = $1 AND u.role = 'guide'",
    )
    .bind(guide_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(source) = source.filter(|s| s.status == "verified") else {
        sqlx::query("DELETE FROM guide_categories WHERE guide_id = $1").bind(guide_id).execute(&mut *conn).await?;
        sqlx::query("DELETE FROM guide_search WHERE guide_id = $1").bind(guide_id).execute(&mut *conn).await?;
        return Ok(());
    };

    let rank = rating_rank(source.rating_sum, source.review_count);
    let languages = Tags::from_json(&source.expertise_languages);
    let interests = Tags::from_json(&source.interests);
    sqlx::query(
        "INSERT INTO guide_search (guide_id, name, bio, languages, interests, address, longitude, latitude, rating_rank) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
         ON CONFLICT (guide_id) DO UPDATE SET name = excluded.name, bio = excluded.bio, languages = excluded.languages, \
           interests = excluded.interests, address = excluded.address, longitude = excluded.longitude, \
           latitude = excluded.latitude, rating_rank = excluded.rating_rank",
    )
    .bind(guide_id)
    .bind(normalize(&format!("{} {}", source.first_name, source.last_name)))
    .bind(normalize(&source.bio))
    .bind(normalize(&languages.join(" ")))
    .bind(normalize(&interests.join(" ")))
    .bind(normalize(&source.address))
    .bind(source.longitude)
    .bind(source.latitude)
    .bind(rank)
    .execute(&mut *conn)
    .await?;

    let categories = Category::of_interests(&interests);
    for category in &categories {
        sqlx::query(
            "INSERT INTO guide_categories (category, guide_id, rating_rank) VALUES ($1, $2, $3) \
             ON CONFLICT (category, guide_id) DO UPDATE SET rating_rank = excluded.rating_rank",
        )
        .bind(category.as_str())
        .bind(guide_id)
        .bind(rank)
        .execute(&mut *conn)
        .await?;
    }
    for stale in Category::ALL.into_iter().filter(|c| !categories.contains(c)) {
        sqlx::query("DELETE FROM guide_categories WHERE guide_id = $1 AND category = $2")
            .bind(guide_id)
            .bind(stale.as_str())
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rank_is_the_average_times_ten_thousand() {
        assert_eq!(rating_rank(0, 0), 0);
        assert_eq!(rating_rank(14, 3), 46_666);
        assert_eq!(rating_rank(5, 1), 50_000);
    }
}
