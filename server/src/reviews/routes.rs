//! `GET /users/ratings/{id}` (public) and `POST /tourists/ratings` (travellers).

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::eligibility::may_review;
use crate::db::{Db, is_unique_violation, new_id, now_ms, to_rfc3339};
use crate::destinations::ratings;
use crate::error::{AppError, AppResult, ErrorBody, Json, Path, Query};
use crate::guides::cards::average;
use crate::guides::index;
use crate::http::Role;
use crate::http::rate_limit;
use crate::http::session::Session;
use crate::http::{AppState, ClientIp};
use crate::media::upload::public_url;
use crate::paging::{page_and_limit, total_pages};
use crate::profile::optional_text;

pub const COMMENT_MAX: usize = 1000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(guide_reviews))
        .routes(routes!(write_review))
        .routes(routes!(can_review))
}

/// A review as the guide's page shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    #[serde(rename = "_id")]
    id: String,
    /// The reviewer's first name.
    first_name: String,
    /// The reviewer's last name.
    last_name: String,
    /// A small copy of the reviewer's photo.
    #[schema(required = true)]
    profile_picture: Option<String>,
    /// 1 to 5.
    score: i64,
    comment: String,
    /// RFC 3339.
    created_at: String,
    /// The first day of the completed trip the review is about (`YYYY-MM-DD`).
    trip_date: String,
    /// Always true: every review comes from a completed, paid trip.
    verified: bool,
}

#[derive(sqlx::FromRow)]
struct ReviewRow {
    id: String,
    first_name: String,
    last_name: String,
    picture_key: Option<String>,
    score: i64,
    comment: String,
    created_at: i64,
    trip_date: Option<String>,
}

impl From<ReviewRow> for Review {
    fn from(row: ReviewRow) -> Self {
        Self {
            id: row.id,
            first_name: row.first_name,
            last_name: row.last_name,
            profile_picture: row.picture_key.as_deref().map(public_url),
            score: row.score,
            comment: row.comment,
            created_at: to_rfc3339(row.created_at),
            trip_date: row.trip_date.unwrap_or_default(),
            verified: true,
        }
    }
}

const REVIEW_SELECT: &str = "SELECT r.id, u.first_name, u.last_name, pp.thumb_key AS picture_key, r.score, r.comment, \
    r.created_at, b.selected_date AS trip_date \
    FROM ratings r JOIN users u ON u.id = r.tourist_id \
    LEFT JOIN tourist_details t ON t.user_id = r.tourist_id LEFT JOIN media pp ON pp.id = t.profile_picture_id \
    LEFT JOIN bookings b ON b.id = r.booking_id";

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewsPage {
    ratings: Vec<Review>,
    average_rating: f64,
    review_count: i64,
    total_pages: i64,
}

#[derive(Serialize, ToSchema)]
pub struct ReviewsResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: ReviewsPage,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReviewsParams {
    /// Default 1.
    #[param(minimum = 1, maximum = 100000)]
    page: Option<i64>,
    /// Default 20.
    #[param(minimum = 1, maximum = 50)]
    limit: Option<i64>,
}

/// The average and count of a verified guide's shown reviews; `None` for anyone else
/// (including a suspended guide).
async fn rating_of(db: &Db, guide_id: &str) -> AppResult<Option<(f64, i64)>> {
    let found: Option<(i64, i64)> = sqlx::query_as(
        "SELECT g.rating_sum, g.review_count FROM guide_details g JOIN users u ON u.id = g.user_id \
         WHERE g.user_id = $1 AND g.status = 'verified' AND u.role = 'guide' AND u.suspended_at IS NULL",
    )
    .bind(guide_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(found.map(|(sum, count)| (average(sum, count), count)))
}

fn guide_not_found() -> AppError {
    AppError::NotFound("Guide not found".into())
}

/// A verified guide's reviews, newest first, with the average they make.
#[utoipa::path(get, path = "/users/ratings/{id}", tag = "reviews",
    params(("id" = String, Path, description = "The guide's id"), ReviewsParams),
    responses((status = 200, body = ReviewsResponse), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn guide_reviews(
    State(state): State<AppState>,
    Path(guide_id): Path<String>,
    Query(params): Query<ReviewsParams>,
) -> AppResult<Json<ReviewsResponse>> {
    let (page, limit) = page_and_limit(params.page, params.limit, 20)?;
    let (average_rating, review_count) =
        rating_of(&state.db, &guide_id).await?.ok_or_else(guide_not_found)?;
    let rows: Vec<ReviewRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("{REVIEW_SELECT} WHERE r.guide_id = $1 AND r.hidden_at IS NULL ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3")))
            .bind(&guide_id)
            .bind(limit)
            .bind((page - 1) * limit)
            .fetch_all(&state.db.pool)
            .await?;
    Ok(Json(ReviewsResponse {
        status: "success",
        data: ReviewsPage {
            ratings: rows.into_iter().map(Review::from).collect(),
            average_rating,
            review_count,
            total_pages: total_pages(review_count, limit),
        },
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewRequest {
    #[schema(value_type = String, required = true)]
    guide_id: Option<String>,
    /// A numeric string is accepted too.
    #[schema(value_type = i64, required = true, example = 5, minimum = 1, maximum = 5)]
    score: Option<Value>,
    #[schema(value_type = String, required = true, example = "Pemba read the weather and the altitude better than any app.",
        min_length = 1, max_length = 1000, pattern = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$")]
    comment: Option<String>,
}

const BOTH_REQUIRED: &str = "Please provide both rating and comment";

/// The score, 1 to 5.
fn parse_score(value: Option<&Value>) -> AppResult<i64> {
    let invalid = || AppError::validation("Rating must be a whole number from 1 to 5");
    let score = match value {
        None | Some(Value::Null) => return Err(AppError::validation(BOTH_REQUIRED)),
        Some(Value::String(text)) if text.trim().is_empty() => {
            return Err(AppError::validation(BOTH_REQUIRED));
        }
        Some(Value::String(text)) => text.trim().parse::<i64>().map_err(|_| invalid())?,
        Some(Value::Number(number)) => crate::profile::whole_number(number).ok_or_else(invalid)?,
        Some(_) => return Err(invalid()),
    };
    if !(1..=5).contains(&score) {
        // The stars start at 1: 0 means no star was chosen.
        return Err(if score == 0 { AppError::validation(BOTH_REQUIRED) } else { invalid() });
    }
    Ok(score)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WrittenReview {
    #[serde(rename = "_id")]
    id: String,
    score: i64,
    comment: String,
    /// The guide's average and count with this review counted.
    average_rating: f64,
    review_count: i64,
}

#[derive(Serialize, ToSchema)]
pub struct WriteReviewResponse {
    #[schema(example = "success")]
    status: &'static str,
    message: String,
    data: WrittenReview,
}

/// Review a guide after a completed trip with them (one review per trip). A paid trip is
/// completed once its last day has ended in Nepal.
#[utoipa::path(post, path = "/tourists/ratings", tag = "reviews", security(("bearer" = [])), request_body = ReviewRequest,
    responses(
        (status = 201, body = WriteReviewResponse),
        (status = 400, body = ErrorBody, description = "Missing rating or comment, or out of range"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a traveller, or no completed trip with this guide yet"),
        (status = 404, body = ErrorBody, description = "No such verified guide"),
        (status = 409, body = ErrorBody, description = "Every completed trip with this guide is already reviewed"),
        (status = 429, body = ErrorBody, description = "Too many reviews from this account or address; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn write_review(
    State(state): State<AppState>,
    session: Session,
    ClientIp(ip): ClientIp,
    Json(body): Json<ReviewRequest>,
) -> AppResult<(StatusCode, Json<WriteReviewResponse>)> {
    rate_limit::count(&state, &rate_limit::REVIEWS, Some(&session.user_id), &ip).await?;
    session.require_stored_role(&state.db, Role::Tourist).await?;
    let score = parse_score(body.score.as_ref())?;
    let comment = optional_text(body.comment.as_deref(), "Comment", COMMENT_MAX, true)?
        .ok_or_else(|| AppError::validation(BOTH_REQUIRED))?;
    let guide_id = body.guide_id.unwrap_or_default();
    rating_of(&state.db, &guide_id).await?.ok_or_else(guide_not_found)?;

    let id = new_id();
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    // The oldest completed trip with this guide that has no review yet. A unique index on
    // ratings.booking_id stops two reviews of one trip, however they race.
    let inserted = sqlx::query(
        "INSERT INTO ratings (id, guide_id, tourist_id, booking_id, score, comment, created_at, updated_at) \
         SELECT $1, b.guide_id, b.tourist_id, b.id, $2, $3, $4, $4 FROM bookings b \
         WHERE b.tourist_id = $5 AND b.guide_id = $6 AND b.booking_status = 'completed' \
           AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.booking_id = b.id) \
         ORDER BY b.selected_date, b.id LIMIT 1",
    )
    .bind(&id)
    .bind(score)
    .bind(&comment)
    .bind(now)
    .bind(&session.user_id)
    .bind(&guide_id)
    .execute(&mut *tx)
    .await;
    let inserted = match inserted {
        Ok(done) => done.rows_affected(),
        Err(e) if is_unique_violation(&e) => 0,
        Err(e) => return Err(e.into()),
    };
    if inserted == 0 {
        drop(tx);
        return Err(why_not_eligible(&state.db, &session.user_id, &guide_id).await?);
    }
    sqlx::query(
        "UPDATE guide_details SET rating_sum = rating_sum + $1, review_count = review_count + 1, updated_at = $2 WHERE user_id = $3",
    )
    .bind(score)
    .bind(now)
    .bind(&guide_id)
    .execute(&mut *tx)
    .await?;
    index::refresh(&mut tx, &guide_id).await?;
    ratings::count_review(&mut tx, &id, score, 1, now).await?;
    tx.commit().await?;

    let (average_rating, review_count) =
        rating_of(&state.db, &guide_id).await?.ok_or_else(guide_not_found)?;
    Ok((
        StatusCode::CREATED,
        Json(WriteReviewResponse {
            status: "success",
            message: "Review submitted successfully!".into(),
            data: WrittenReview { id, score, comment, average_rating, review_count },
        }),
    ))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewEligibility {
    /// True only for a traveller with a completed trip with this guide that has no review yet.
    can_review: bool,
}

#[derive(Serialize, ToSchema)]
pub struct CanReviewResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: ReviewEligibility,
}

/// Whether the signed-in account may review this guide now (the guide's page offers
/// "Write Review" only then). `GET /users/guide/{id}` says the same to a signed-in viewer;
/// this small answer lets a page ask again after a trip ends without refetching the guide.
#[utoipa::path(get, path = "/users/guide/{id}/can-review", tag = "reviews", security(("bearer" = [])),
    params(("id" = String, Path, description = "The guide's id")),
    responses((status = 200, body = CanReviewResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "No such verified guide")))]
async fn can_review(
    State(state): State<AppState>,
    session: Session,
    Path(guide_id): Path<String>,
) -> AppResult<Json<CanReviewResponse>> {
    rating_of(&state.db, &guide_id).await?.ok_or_else(guide_not_found)?;
    let can_review = may_review(&state.db, &session, &guide_id).await?;
    Ok(Json(CanReviewResponse { status: "success", data: ReviewEligibility { can_review } }))
}

/// Why this traveller cannot review this guide now: the clearest of the reasons.
async fn why_not_eligible(db: &Db, tourist_id: &str, guide_id: &str) -> AppResult<AppError> {
    // Trips that are (or will be once over) reviewable: completed, or paid and not over yet.
    let trips: Vec<(String, String, i64)> = sqlx::query_as(
        "SELECT b.booking_status, b.end_date, (SELECT COUNT(*) FROM ratings r WHERE r.booking_id = b.id) \
         FROM bookings b WHERE b.tourist_id = $1 AND b.guide_id = $2 AND b.payment_status = 'paid' \
           AND b.booking_status IN ('approved', 'completed') ORDER BY b.end_date",
    )
    .bind(tourist_id)
    .bind(guide_id)
    .fetch_all(&db.pool)
    .await?;
    if trips.is_empty() {
        return Ok(AppError::Forbidden(
            "Only travellers who have booked and paid for a trip with this guide can review them"
                .into(),
        ));
    }
    match trips.iter().find(|(status, _, reviews)| *reviews == 0 && status == "approved") {
        Some((_, last_day, _)) => Ok(AppError::Forbidden(format!(
            "You can review this guide after your trip on {last_day}"
        ))),
        None => {
            Ok(AppError::Conflict("You have already reviewed your trips with this guide".into()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_score_is_a_whole_number_from_1_to_5() {
        assert_eq!(parse_score(Some(&json!(5))).unwrap(), 5);
        assert_eq!(parse_score(Some(&json!("3"))).unwrap(), 3);
        for missing in [None, Some(json!(null)), Some(json!("")), Some(json!(0))] {
            assert_eq!(parse_score(missing.as_ref()).unwrap_err().to_string(), BOTH_REQUIRED);
        }
        for bad in [json!(6), json!(-1), json!(4.5), json!("five"), json!([5])] {
            assert_eq!(
                parse_score(Some(&bad)).unwrap_err().to_string(),
                "Rating must be a whole number from 1 to 5",
                "{bad}"
            );
        }
    }
}
