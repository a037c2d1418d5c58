//! `GET /users/ratings/{id}` (public), `POST /tourists/ratings` and
//! `PATCH /reviews/{id}` (travellers), `POST /reviews/photos` (a review's photo upload).

use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::eligibility::{
    EDIT_WINDOW_MS, earliest_reviewable_last_day, may_review, review_closes_on,
};
use super::photos::{self, ReviewPhoto};
use super::replies::{self, Reply};
use super::sub_ratings::{self, SubRatingAverages, SubRatings};
use crate::db::{Backend, Db, is_unique_violation, new_id, now_ms, to_rfc3339};
use crate::destinations::ratings;
use crate::error::{AppError, AppResult, ErrorBody, Json, Multipart, Path, Query};
use crate::guides::cards::average;
use crate::guides::index;
use crate::http::Role;
use crate::http::rate_limit;
use crate::http::session::{Session, Tourist};
use crate::http::{AppState, ClientIp};
use crate::media::forms::ReviewPhotoUpload;
use crate::media::processing;
use crate::media::upload::{self, MediaKind, SINGLE_IMAGE_BODY_LIMIT, public_url};
use crate::paging::{page_and_limit, total_pages};
use crate::profile::optional_text;

pub const COMMENT_MAX: usize = 1000;

pub fn router() -> OpenApiRouter<AppState> {
    let uploads = OpenApiRouter::new()
        .routes(routes!(upload_photo))
        .layer(DefaultBodyLimit::max(SINGLE_IMAGE_BODY_LIMIT));
    OpenApiRouter::new()
        .routes(routes!(guide_reviews))
        .routes(routes!(write_review))
        .routes(routes!(edit_review))
        .routes(routes!(can_review))
        .merge(replies::router())
        .merge(uploads)
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
    /// The sub-ratings, 1 to 5; null where the traveller gave none.
    #[schema(required = true)]
    knowledge: Option<i64>,
    #[schema(required = true)]
    safety: Option<i64>,
    #[schema(required = true)]
    communication: Option<i64>,
    #[schema(required = true)]
    value: Option<i64>,
    /// Up to 5, in the traveller's order.
    photos: Vec<ReviewPhoto>,
    /// The guide's reply, if they wrote one.
    #[schema(required = true)]
    reply: Option<Reply>,
    /// RFC 3339: until when its author may change it (`PATCH /reviews/{id}`).
    editable_until: String,
    /// The reviewer's account id, so the author's page offers "Edit" while it may.
    author_id: String,
}

#[derive(sqlx::FromRow)]
struct ReviewRow {
    id: String,
    tourist_id: String,
    first_name: String,
    last_name: String,
    picture_key: Option<String>,
    score: i64,
    comment: String,
    created_at: i64,
    trip_date: Option<String>,
    knowledge_score: Option<i64>,
    safety_score: Option<i64>,
    communication_score: Option<i64>,
    value_score: Option<i64>,
    photos: String,
    reply_body: Option<String>,
    reply_created_at: Option<i64>,
    reply_updated_at: Option<i64>,
}

impl ReviewRow {
    fn review(self) -> AppResult<Review> {
        let reply = match (self.reply_body, self.reply_created_at, self.reply_updated_at) {
            (Some(text), Some(created_at), Some(updated_at)) => {
                Some(Reply::new(text, created_at, updated_at))
            }
            _ => None,
        };
        Ok(Review {
            id: self.id,
            first_name: self.first_name,
            last_name: self.last_name,
            profile_picture: self.picture_key.as_deref().map(public_url),
            score: self.score,
            comment: self.comment,
            created_at: to_rfc3339(self.created_at),
            trip_date: self.trip_date.unwrap_or_default(),
            verified: true,
            knowledge: self.knowledge_score,
            safety: self.safety_score,
            communication: self.communication_score,
            value: self.value_score,
            photos: photos::from_column(&self.photos)?,
            reply,
            editable_until: to_rfc3339(self.created_at + EDIT_WINDOW_MS),
            author_id: self.tourist_id,
        })
    }
}

/// Reviews with their reviewer, trip, photos and reply; the caller adds WHERE and ORDER.
fn review_select(backend: Backend) -> String {
    format!(
        "SELECT r.id, r.tourist_id, u.first_name, u.last_name, pp.thumb_key AS picture_key, r.score, r.comment, \
           r.created_at, b.selected_date AS trip_date, r.knowledge_score, r.safety_score, \
           r.communication_score, r.value_score, {photos} AS photos, \
           rr.body AS reply_body, rr.created_at AS reply_created_at, rr.updated_at AS reply_updated_at \
         FROM ratings r JOIN users u ON u.id = r.tourist_id \
         LEFT JOIN tourist_details t ON t.user_id = r.tourist_id LEFT JOIN media pp ON pp.id = t.profile_picture_id \
         LEFT JOIN bookings b ON b.id = r.booking_id LEFT JOIN review_replies rr ON rr.rating_id = r.id",
        photos = photos::photos_column(backend, "r.id"),
    )
}

/// One shown review, as the guide's page has it.
pub(super) async fn shown_review(db: &Db, id: &str) -> AppResult<Option<Review>> {
    let sql = format!("{} WHERE r.id = $1 AND r.hidden_at IS NULL", review_select(db.backend));
    let row: Option<ReviewRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&db.pool).await?;
    row.map(ReviewRow::review).transpose()
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewsPage {
    ratings: Vec<Review>,
    average_rating: f64,
    review_count: i64,
    /// Pages of this `sort` (with `with_photos`, of the reviews with photos only).
    total_pages: i64,
    /// The average of each sub-rating over the guide's reviews.
    sub_ratings: SubRatingAverages,
    /// The photos of the guide's latest reviews, newest first, at most 12.
    photo_strip: Vec<ReviewPhoto>,
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
    /// `newest` (default), `highest` or `lowest` score first, or `with_photos`: only
    /// reviews with photos, newest first.
    #[param(pattern = "^(newest|highest|lowest|with_photos)$")]
    sort: Option<String>,
}

/// The orders of a guide's reviews.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sort {
    Newest,
    Highest,
    Lowest,
    WithPhotos,
}

impl Sort {
    fn parse(text: Option<&str>) -> AppResult<Self> {
        match text.unwrap_or("newest") {
            "newest" => Ok(Self::Newest),
            "highest" => Ok(Self::Highest),
            "lowest" => Ok(Self::Lowest),
            "with_photos" => Ok(Self::WithPhotos),
            _ => Err(AppError::validation("sort must be newest, highest, lowest or with_photos")),
        }
    }

    /// The WHERE and ORDER BY after the guide's condition; every order ends with the id,
    /// so pages never repeat or skip a review.
    fn sql(self) -> &'static str {
        match self {
            Self::Newest => "ORDER BY r.created_at DESC, r.id DESC",
            Self::Highest => "ORDER BY r.score DESC, r.created_at DESC, r.id DESC",
            Self::Lowest => "ORDER BY r.score, r.created_at DESC, r.id DESC",
            Self::WithPhotos => {
                "AND EXISTS (SELECT 1 FROM review_photos p WHERE p.rating_id = r.id) \
                 ORDER BY r.created_at DESC, r.id DESC"
            }
        }
    }
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

/// A verified guide's reviews in the order asked (newest first by default), with the
/// average they make, the averages of the sub-ratings and a strip of their latest photos.
#[utoipa::path(get, path = "/users/ratings/{id}", tag = "reviews",
    params(("id" = String, Path, description = "The guide's id"), ReviewsParams),
    responses((status = 200, body = ReviewsResponse), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn guide_reviews(
    State(state): State<AppState>,
    Path(guide_id): Path<String>,
    Query(params): Query<ReviewsParams>,
) -> AppResult<Json<ReviewsResponse>> {
    let (page, limit) = page_and_limit(params.page, params.limit, 20)?;
    let sort = Sort::parse(params.sort.as_deref())?;
    let (average_rating, review_count) =
        rating_of(&state.db, &guide_id).await?.ok_or_else(guide_not_found)?;
    let sql = format!(
        "{} WHERE r.guide_id = $1 AND r.hidden_at IS NULL {} LIMIT $2 OFFSET $3",
        review_select(state.db.backend),
        sort.sql()
    );
    let rows: Vec<ReviewRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(&guide_id)
        .bind(limit)
        .bind((page - 1) * limit)
        .fetch_all(&state.db.pool)
        .await?;
    let listed = if sort == Sort::WithPhotos {
        let (with_photos,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM ratings r WHERE r.guide_id = $1 AND r.hidden_at IS NULL \
               AND EXISTS (SELECT 1 FROM review_photos p WHERE p.rating_id = r.id)",
        )
        .bind(&guide_id)
        .fetch_one(&state.db.pool)
        .await?;
        with_photos
    } else {
        review_count
    };
    Ok(Json(ReviewsResponse {
        status: "success",
        data: ReviewsPage {
            ratings: rows.into_iter().map(ReviewRow::review).collect::<AppResult<_>>()?,
            average_rating,
            review_count,
            total_pages: total_pages(listed, limit),
            sub_ratings: sub_ratings::averages(&state.db, &guide_id).await?,
            photo_strip: photos::strip(&state.db, &guide_id).await?,
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
    /// Optional sub-ratings, each a whole number from 1 to 5 (or null).
    #[schema(value_type = Option<i64>, nullable, minimum = 1, maximum = 5)]
    knowledge: Option<Value>,
    #[schema(value_type = Option<i64>, nullable, minimum = 1, maximum = 5)]
    safety: Option<Value>,
    #[schema(value_type = Option<i64>, nullable, minimum = 1, maximum = 5)]
    communication: Option<Value>,
    #[schema(value_type = Option<i64>, nullable, minimum = 1, maximum = 5)]
    value: Option<Value>,
    /// Up to 5 ids of photos uploaded with `POST /reviews/photos`, each once, in order.
    #[schema(max_items = 5)]
    photos: Option<Vec<String>>,
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

/// The four sub-ratings of a request, each called by its name in messages.
fn parse_sub_ratings(
    knowledge: Option<&Value>,
    safety: Option<&Value>,
    communication: Option<&Value>,
    value: Option<&Value>,
) -> AppResult<SubRatings> {
    Ok(SubRatings {
        knowledge: sub_ratings::parse(knowledge, "Knowledge")?,
        safety: sub_ratings::parse(safety, "Safety")?,
        communication: sub_ratings::parse(communication, "Communication")?,
        value: sub_ratings::parse(value, "Value")?,
    })
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
    /// RFC 3339: until when it may be changed (`PATCH /reviews/{id}`).
    editable_until: String,
}

#[derive(Serialize, ToSchema)]
pub struct WriteReviewResponse {
    #[schema(example = "success")]
    status: &'static str,
    message: String,
    data: WrittenReview,
}

/// Review a guide after a completed trip with them (one review per trip), until 14 days
/// after the trip's last day (Nepal dates). A paid trip is completed once its last day has
/// ended in Nepal. Sub-ratings and photos are optional.
#[utoipa::path(post, path = "/tourists/ratings", tag = "reviews", security(("bearer" = [])), request_body = ReviewRequest,
    responses(
        (status = 201, body = WriteReviewResponse),
        (status = 400, body = ErrorBody, description = "Missing rating or comment, a rating or sub-rating out of range, or photos that are not the traveller's own review photos (at most 5)"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not a traveller, no completed trip with this guide yet, or the time to review it has ended"),
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
    let subs = parse_sub_ratings(
        body.knowledge.as_ref(),
        body.safety.as_ref(),
        body.communication.as_ref(),
        body.value.as_ref(),
    )?;
    let photo_ids = photos::parse_ids(body.photos.as_deref().unwrap_or_default())?;
    let guide_id = body.guide_id.unwrap_or_default();
    rating_of(&state.db, &guide_id).await?.ok_or_else(guide_not_found)?;

    let id = new_id();
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    // The oldest completed trip with this guide, still open for review, that has no review
    // yet. A unique index on ratings.booking_id stops two reviews of one trip, however they race.
    let inserted = sqlx::query(
        "INSERT INTO ratings (id, guide_id, tourist_id, booking_id, score, comment, created_at, updated_at, \
           knowledge_score, safety_score, communication_score, value_score) \
         SELECT $1, b.guide_id, b.tourist_id, b.id, $2, $3, $4, $4, $7, $8, $9, $10 FROM bookings b \
         WHERE b.tourist_id = $5 AND b.guide_id = $6 AND b.booking_status = 'completed' AND b.end_date >= $11 \
           AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.booking_id = b.id) \
         ORDER BY b.selected_date, b.id LIMIT 1",
    )
    .bind(&id)
    .bind(score)
    .bind(&comment)
    .bind(now)
    .bind(&session.user_id)
    .bind(&guide_id)
    .bind(subs.knowledge)
    .bind(subs.safety)
    .bind(subs.communication)
    .bind(subs.value)
    .bind(earliest_reviewable_last_day())
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
    photos::set(&mut tx, &session.user_id, &id, &photo_ids, now).await?;
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
            data: WrittenReview {
                id,
                score,
                comment,
                average_rating,
                review_count,
                editable_until: to_rfc3339(now + EDIT_WINDOW_MS),
            },
        }),
    ))
}

/// A field that may be left out (unchanged) or sent as null (cleared): present, even as
/// null, is `Some`.
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

/// What the author changes in their review; what is left out stays as it is.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewChange {
    /// 1 to 5; a numeric string is accepted too.
    #[schema(value_type = i64, example = 4, minimum = 1, maximum = 5)]
    score: Option<Value>,
    #[schema(value_type = String, min_length = 1, max_length = 1000, pattern = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$")]
    comment: Option<String>,
    /// 1 to 5, or null to take it away.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>, nullable, minimum = 1, maximum = 5)]
    knowledge: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>, nullable, minimum = 1, maximum = 5)]
    safety: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>, nullable, minimum = 1, maximum = 5)]
    communication: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>, nullable, minimum = 1, maximum = 5)]
    value: Option<Value>,
    /// The review's photos from now on, in order (at most 5): ones it has and new uploads
    /// from `POST /reviews/photos`. Photos left out are deleted.
    #[schema(max_items = 5)]
    photos: Option<Vec<String>>,
}

#[derive(Serialize, ToSchema)]
pub struct ReviewResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Review,
}

fn review_not_found() -> AppError {
    AppError::NotFound("Review not found".into())
}

/// The review as stored, to change it.
#[derive(sqlx::FromRow)]
struct StoredReview {
    tourist_id: String,
    guide_id: String,
    score: i64,
    comment: String,
    created_at: i64,
    knowledge_score: Option<i64>,
    safety_score: Option<i64>,
    communication_score: Option<i64>,
    value_score: Option<i64>,
}

/// A sub-rating as changed: left out keeps `before`.
fn changed(field: &Option<Value>, name: &str, before: Option<i64>) -> AppResult<Option<i64>> {
    match field {
        None => Ok(before),
        Some(value) => sub_ratings::parse(Some(value), name),
    }
}

/// Change one's review (score, comment, sub-ratings, photos) within 48 hours of writing it.
/// The guide's average, their place in search and the destination's rating follow in the
/// same transaction.
#[utoipa::path(patch, path = "/reviews/{id}", tag = "reviews", security(("bearer" = [])),
    params(("id" = String, Path, description = "The review's id")), request_body = ReviewChange,
    responses(
        (status = 200, body = ReviewResponse),
        (status = 400, body = ErrorBody, description = "A rating, sub-rating, comment or photo that is not valid"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Not the review's author, or more than 48 hours after it was written"),
        (status = 404, body = ErrorBody, description = "No such shown review"),
    ))]
async fn edit_review(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
    Json(body): Json<ReviewChange>,
) -> AppResult<Json<ReviewResponse>> {
    let score = body.score.as_ref().map(|score| parse_score(Some(score))).transpose()?;
    let comment = match body.comment.as_deref() {
        None => None,
        Some(text) => Some(
            optional_text(Some(text), "Comment", COMMENT_MAX, true)?
                .ok_or_else(|| AppError::validation(BOTH_REQUIRED))?,
        ),
    };
    let photo_ids = body.photos.as_deref().map(photos::parse_ids).transpose()?;

    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    // Touching the row first holds it for this transaction, so two changes at once apply
    // one after the other and the guide's sum moves by exactly what the score moved.
    let touched =
        sqlx::query("UPDATE ratings SET updated_at = $1 WHERE id = $2 AND hidden_at IS NULL")
            .bind(now)
            .bind(&id)
            .execute(&mut *tx)
            .await?;
    if touched.rows_affected() == 0 {
        return Err(review_not_found());
    }
    let before: StoredReview = sqlx::query_as(
        "SELECT tourist_id, guide_id, score, comment, created_at, knowledge_score, safety_score, \
           communication_score, value_score FROM ratings WHERE id = $1",
    )
    .bind(&id)
    .fetch_one(&mut *tx)
    .await?;
    if before.tourist_id != session.user_id {
        return Err(AppError::Forbidden(
            "Only the traveller who wrote this review can change it".into(),
        ));
    }
    if now > before.created_at + EDIT_WINDOW_MS {
        return Err(AppError::Forbidden(
            "A review can be changed only in the 48 hours after it is written".into(),
        ));
    }
    let score = score.unwrap_or(before.score);
    let subs = SubRatings {
        knowledge: changed(&body.knowledge, "Knowledge", before.knowledge_score)?,
        safety: changed(&body.safety, "Safety", before.safety_score)?,
        communication: changed(&body.communication, "Communication", before.communication_score)?,
        value: changed(&body.value, "Value", before.value_score)?,
    };
    sqlx::query(
        "UPDATE ratings SET score = $1, comment = $2, knowledge_score = $3, safety_score = $4, \
           communication_score = $5, value_score = $6 WHERE id = $7",
    )
    .bind(score)
    .bind(comment.unwrap_or(before.comment))
    .bind(subs.knowledge)
    .bind(subs.safety)
    .bind(subs.communication)
    .bind(subs.value)
    .bind(&id)
    .execute(&mut *tx)
    .await?;
    let removed = match &photo_ids {
        Some(ids) => photos::set(&mut tx, &session.user_id, &id, ids, now).await?,
        None => Vec::new(),
    };
    let moved = score - before.score;
    if moved != 0 {
        sqlx::query("UPDATE guide_details SET rating_sum = rating_sum + $1, updated_at = $2 WHERE user_id = $3")
            .bind(moved)
            .bind(now)
            .bind(&before.guide_id)
            .execute(&mut *tx)
            .await?;
        index::refresh(&mut tx, &before.guide_id).await?;
        ratings::count_review(&mut tx, &id, moved, 0, now).await?;
    }
    tx.commit().await?;
    upload::delete(&state.db, &state.media, &removed).await?;
    let review = shown_review(&state.db, &id).await?.ok_or_else(review_not_found)?;
    Ok(Json(ReviewResponse { status: "success", data: review }))
}

#[derive(Serialize, ToSchema)]
pub struct ReviewPhotoResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: ReviewPhoto,
}

/// Upload one photo for a review (a traveller's; up to 5 per review), then name its id in
/// `photos` when writing or changing the review. The image is checked and re-encoded like
/// every upload, without its metadata, with WebP copies.
#[utoipa::path(post, path = "/reviews/photos", tag = "reviews", security(("bearer" = [])),
    request_body(content = ReviewPhotoUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = ReviewPhotoResponse),
        (status = 400, body = ErrorBody, description = "No image"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "Not a traveller"),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody, description = "Not a JPEG, PNG or WebP image"),
        (status = 429, body = ErrorBody, description = "Too many uploads from this account or address, or too many uploads at once; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn upload_photo(
    State(state): State<AppState>,
    Tourist(session): Tourist,
    Multipart(multipart): Multipart,
) -> AppResult<(StatusCode, Json<ReviewPhotoResponse>)> {
    let bytes = upload::single_image(multipart, &["photo"]).await?;
    let processed = processing::process(bytes, MediaKind::ReviewPhoto.variants()).await?;
    let id = upload::save_processed(
        &state.db,
        &state.media,
        &session.user_id,
        MediaKind::ReviewPhoto,
        processed,
    )
    .await?;
    let photo = photos::find(&state.db, &id).await?.ok_or_else(|| {
        AppError::Internal(anyhow::anyhow!("a review photo is gone right after its upload"))
    })?;
    Ok((StatusCode::CREATED, Json(ReviewPhotoResponse { status: "success", data: photo })))
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
    let unreviewed = |wanted: &'static str| {
        trips.iter().filter(move |(status, _, reviews)| *reviews == 0 && status == wanted)
    };
    if let Some((_, last_day, _)) = unreviewed("approved").next() {
        return Ok(AppError::Forbidden(format!(
            "You can review this guide after your trip on {last_day}"
        )));
    }
    // Every completed trip left is past its window: name the latest one's last day.
    match unreviewed("completed").next_back() {
        Some((_, last_day, _)) => Ok(AppError::Forbidden(format!(
            "The time to review this trip ended on {}",
            review_closes_on(last_day)
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
