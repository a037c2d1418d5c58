//! The four optional sub-ratings a review may add to its score (knowledge, safety,
//! communication, value; each 1 to 5) and the averages a guide's page shows of them. The
//! score alone makes the guide's rating; these only say what it is made of.

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::db::Db;
use crate::error::{AppError, AppResult};

/// A review's sub-ratings; `None` where the traveller gave none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SubRatings {
    pub knowledge: Option<i64>,
    pub safety: Option<i64>,
    pub communication: Option<i64>,
    pub value: Option<i64>,
}

/// One sub-rating of a request, called `field` in messages: absent or null is none.
pub fn parse(value: Option<&Value>, field: &str) -> AppResult<Option<i64>> {
    let invalid = || AppError::validation(format!("{field} must be a whole number from 1 to 5"));
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(number)) => crate::profile::whole_number(number)
            .filter(|n| (1..=5).contains(n))
            .map(Some)
            .ok_or_else(invalid),
        Some(_) => Err(invalid()),
    }
}

/// The average of one sub-rating over a guide's shown reviews.
#[derive(Debug, PartialEq, Serialize, ToSchema)]
pub struct SubRatingAverage {
    /// To 2 decimals; null when no review gave this one.
    #[schema(required = true)]
    pub average: Option<f64>,
    /// How many reviews gave it.
    pub count: i64,
}

impl SubRatingAverage {
    fn new(sum: i64, count: i64) -> Self {
        let average = (count > 0).then(|| (sum as f64 / count as f64 * 100.0).round() / 100.0);
        Self { average, count }
    }
}

#[derive(Debug, PartialEq, Serialize, ToSchema)]
pub struct SubRatingAverages {
    pub knowledge: SubRatingAverage,
    pub safety: SubRatingAverage,
    pub communication: SubRatingAverage,
    pub value: SubRatingAverage,
}

/// The averages of a guide's shown (not hidden) reviews.
pub async fn averages(db: &Db, guide_id: &str) -> AppResult<SubRatingAverages> {
    let (ks, kc, ss, sc, cs, cc, vs, vc): (i64, i64, i64, i64, i64, i64, i64, i64) =
        sqlx::query_as(
            "SELECT CAST(COALESCE(SUM(knowledge_score), 0) AS BIGINT), COUNT(knowledge_score), \
               CAST(COALESCE(SUM(safety_score), 0) AS BIGINT), COUNT(safety_score), \
               CAST(COALESCE(SUM(communication_score), 0) AS BIGINT), COUNT(communication_score), \
               CAST(COALESCE(SUM(value_score), 0) AS BIGINT), COUNT(value_score) \
             FROM ratings WHERE guide_id = $1 AND hidden_at IS NULL",
        )
        .bind(guide_id)
        .fetch_one(&db.pool)
        .await?;
    Ok(SubRatingAverages {
        knowledge: SubRatingAverage::new(ks, kc),
        safety: SubRatingAverage::new(ss, sc),
        communication: SubRatingAverage::new(cs, cc),
        value: SubRatingAverage::new(vs, vc),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_sub_rating_is_a_whole_number_from_1_to_5_or_nothing() {
        assert_eq!(parse(Some(&json!(4)), "Safety").unwrap(), Some(4));
        assert_eq!(parse(None, "Safety").unwrap(), None);
        assert_eq!(parse(Some(&json!(null)), "Safety").unwrap(), None);
        for bad in [json!(0), json!(6), json!(2.5), json!("4"), json!([4])] {
            assert_eq!(
                parse(Some(&bad), "Safety").unwrap_err().to_string(),
                "Safety must be a whole number from 1 to 5",
                "{bad}"
            );
        }
    }

    #[test]
    fn an_average_has_two_decimals_and_none_without_ratings() {
        assert_eq!(
            SubRatingAverage::new(14, 3),
            SubRatingAverage { average: Some(4.67), count: 3 }
        );
        assert_eq!(SubRatingAverage::new(0, 0), SubRatingAverage { average: None, count: 0 });
    }
}
