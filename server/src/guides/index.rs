//! What the public reads about guides: one `guide_search` row per verified guide (text for
//! search, place, rating) and one `guide_categories` row per category the guide falls
//! under. Both are derived from the account and the profile, and `refresh` rebuilds a
//! guide's rows from them; every change to anything they are built from calls it, in the
//! same transaction where there is one. An unverified or suspended guide has no rows,
//! which is what keeps them out of every public list and search.

use sqlx::AnyConnection;

use super::categories::Category;
use crate::catalogue_changes::{Kind, record};
use crate::db::Param;
use crate::error::AppResult;
use crate::profile::Tags;
use crate::text_search::normalize;

/// The average rating as a sortable whole number: average × 10000, so 4.6667 sorts above
/// 4.6666 and ties are exact (floats make poor keyset cursors).
pub fn rating_rank(rating_sum: i64, review_count: i64) -> i64 {
    if review_count <= 0 { 0 } else { rating_sum * 10_000 / review_count }
}

/// What a guide's public rows are built from.
#[derive(sqlx::FromRow)]
pub struct Source {
    pub first_name: String,
    pub last_name: String,
    pub bio: String,
    /// JSON text, as stored.
    pub expertise_languages: String,
    /// JSON text, as stored.
    pub interests: String,
    pub address: String,
    /// Dollars per day × 100, when the guide has set a price.
    pub price_per_day_cents: Option<i64>,
    pub longitude: Option<f64>,
    pub latitude: Option<f64>,
    pub rating_sum: i64,
    pub review_count: i64,
    /// 1 when the guide holds the "Trusted guide" badge (`reliability`).
    pub trusted: i64,
}

/// A verified guide's public rows.
pub struct PublicRows {
    /// `guide_search`'s columns after `guide_id`, in `SEARCH_COLUMNS` order.
    pub search: Vec<Param>,
    pub categories: Vec<Category>,
    pub rating_rank: i64,
}

pub const SEARCH_COLUMNS: [&str; 12] = [
    "guide_id",
    "name",
    "bio",
    "languages",
    "interests",
    "address",
    "longitude",
    "latitude",
    "rating_rank",
    "price_cents",
    "review_count",
    "trusted",
];

impl Source {
    pub fn public_rows(&self) -> PublicRows {
        let rank = rating_rank(self.rating_sum, self.review_count);
        let interests = Tags::from_json(&self.interests);
        PublicRows {
            search: vec![
                normalize(&format!("{} {}", self.first_name, self.last_name)).into(),
                normalize(&self.bio).into(),
                normalize(&Tags::from_json(&self.expertise_languages).join(" ")).into(),
                normalize(&interests.join(" ")).into(),
                normalize(&self.address).into(),
                self.longitude.into(),
                self.latitude.into(),
                rank.into(),
                self.price_per_day_cents.into(),
                self.review_count.into(),
                self.trusted.into(),
            ],
            categories: Category::of_interests(&interests),
            rating_rank: rank,
        }
    }
}

/// Rebuilds the guide's public rows from their account and profile. Upserts rather than
/// delete-and-insert, so two refreshes of one guide racing on PostgreSQL cannot collide.
pub async fn refresh(conn: &mut AnyConnection, guide_id: &str) -> AppResult<()> {
    record(conn, Kind::Guide, &[guide_id]).await?;
    let source: Option<Source> = sqlx::query_as(
        "SELECT u.first_name, u.last_name, g.bio, g.expertise_languages, g.interests, g.address, \
           g.price_per_day_cents, g.longitude, g.latitude, g.rating_sum, g.review_count, \
           COALESCE(r.trusted, 0) AS trusted \
         FROM users u JOIN guide_details g ON g.user_id = u.id LEFT JOIN guide_reliability r ON r.guide_id = u.id \
         WHERE u.id = $1 AND u.role = 'guide' AND g.status = 'verified' AND u.suspended_at IS NULL",
    )
    .bind(guide_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(source) = source else {
        sqlx::query("DELETE FROM guide_categories WHERE guide_id = $1")
            .bind(guide_id)
            .execute(&mut *conn)
            .await?;
        sqlx::query("DELETE FROM guide_search WHERE guide_id = $1")
            .bind(guide_id)
            .execute(&mut *conn)
            .await?;
        return Ok(());
    };

    let rows = source.public_rows();
    let mut sql = crate::db::Sql::new(&format!(
        "INSERT INTO guide_search ({}) VALUES (",
        SEARCH_COLUMNS.join(", ")
    ));
    let mut placeholders = vec![sql.param(guide_id)];
    placeholders.extend(rows.search.into_iter().map(|value| sql.param(value)));
    let updates: Vec<String> =
        SEARCH_COLUMNS[1..].iter().map(|c| format!("{c} = excluded.{c}")).collect();
    sql.push(&format!(
        "{}) ON CONFLICT (guide_id) DO UPDATE SET {}",
        placeholders.join(", "),
        updates.join(", ")
    ));
    sql.query().execute(&mut *conn).await?;

    for category in &rows.categories {
        sqlx::query(
            "INSERT INTO guide_categories (category, guide_id, rating_rank) VALUES ($1, $2, $3) \
             ON CONFLICT (category, guide_id) DO UPDATE SET rating_rank = excluded.rating_rank",
        )
        .bind(category.as_str())
        .bind(guide_id)
        .bind(rows.rating_rank)
        .execute(&mut *conn)
        .await?;
    }
    for stale in Category::ALL.into_iter().filter(|c| !rows.categories.contains(c)) {
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
