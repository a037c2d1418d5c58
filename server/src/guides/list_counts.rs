//! How many verified guides a list has, remembered for a few seconds. Counting a category
//! of 35,000 guides costs more than reading its page; the count only sizes `totalPages`,
//! a hint (pages follow `nextCursor`), so a few seconds' staleness is harmless and nothing
//! that matters lives here.

use std::time::Duration;

use crate::db::{Db, Sql};
use crate::error::AppResult;
use crate::http::state::ListCounts;

use super::categories::Category;

const FRESH_FOR: Duration = Duration::from_secs(10);

/// Verified guides in `category` (all of them for `None`).
pub async fn count(counts: &ListCounts, db: &Db, category: Option<Category>) -> AppResult<i64> {
    let key = category.map(Category::as_str);
    if let Some(total) = counts.get(&key, FRESH_FOR) {
        return Ok(total);
    }
    let mut sql = match category {
        Some(_) => Sql::new("SELECT COUNT(*) FROM guide_categories WHERE category = "),
        None => Sql::new("SELECT COUNT(*) FROM guide_search"),
    };
    if let Some(category) = category {
        let param = sql.param(category.as_str());
        sql.push(&param);
    }
    let (total,): (i64,) = sql.query_as().fetch_one(&db.pool).await?;
    counts.put(key, total);
    Ok(total)
}
