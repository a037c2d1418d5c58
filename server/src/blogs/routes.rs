//! The public blog feed and posts; an author's own posts; likes.

use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::domain::{BODY_MAX, BlogInput};
use super::view::{self, Blog, FeedCursor, FeedQuery};
use crate::db::{Db, new_id, now_ms};
use crate::error::{AppError, AppResult, ErrorBody, Json, Multipart, Path, Query};
use crate::http::rate_limit;
use crate::http::session::{MaybeSession, Session};
use crate::http::{AppState, ClientIp};
use crate::http::{MessageResponse, success};
use crate::media::processing::{self, Processed, Variants};
use crate::media::upload::{self, ImageForm, MediaKind};
use crate::media_store::MediaStore;
use crate::paging::{invalid_cursor, page_and_limit, total_pages};
use crate::text_search::{Query as SearchQuery, normalize};

/// The body may be 20000 characters of up to 4 bytes, plus the other fields.
const FORM_TEXT_MAX: usize = BODY_MAX * 4 + 1024;

pub fn router() -> OpenApiRouter<AppState> {
    let reads = OpenApiRouter::new()
        .routes(routes!(feed))
        .routes(routes!(public_blog))
        .routes(routes!(like, unlike));
    let writes = OpenApiRouter::new()
        .routes(routes!(my_blogs, create_blog))
        .routes(routes!(my_blog, update_blog, delete_blog))
        .layer(DefaultBodyLimit::max(upload::SINGLE_IMAGE_BODY_LIMIT + FORM_TEXT_MAX));
    reads.merge(writes)
}

fn blog_not_found() -> AppError {
    AppError::NotFound("Blog not found".into())
}

fn not_yours() -> AppError {
    AppError::Forbidden("You can only change your own blog posts".into())
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FeedParams {
    /// Default 1. Ignored when `cursor` is given.
    #[param(minimum = 1, maximum = 100000)]
    page: Option<i64>,
    /// Default 6.
    #[param(minimum = 1, maximum = 50)]
    limit: Option<i64>,
    /// Words to find in the title and body (all must match, ignoring case and accents);
    /// results come best match first.
    query: Option<String>,
    /// `nextCursor` of the previous page of the newest-first feed: pages never repeat or
    /// skip a post while new ones are published.
    #[param(pattern = r"^(-?[0-9]{1,18}\.[0-9a-fA-F]{32})?$")]
    cursor: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedResponse {
    blogs: Vec<Blog>,
    total_pages: i64,
    /// Pass as `cursor` for the next page; `null` on the last page (and when searching).
    #[schema(required = true)]
    next_cursor: Option<String>,
}

/// Published posts, newest first (or best match first with `query`).
#[utoipa::path(get, path = "/users/blogs", tag = "blogs", params(FeedParams),
    responses((status = 200, body = FeedResponse), (status = 400, body = ErrorBody)))]
async fn feed(
    State(state): State<AppState>,
    viewer: MaybeSession,
    Query(params): Query<FeedParams>,
) -> AppResult<Json<FeedResponse>> {
    let (page, limit) = page_and_limit(params.page, params.limit, 6)?;
    let cursor = match params.cursor.as_deref().filter(|c| !c.is_empty()) {
        None => None,
        Some(text) => Some(FeedCursor::parse(text).ok_or_else(invalid_cursor)?),
    };
    let words = SearchQuery::parse(params.query.as_deref());
    let viewer = viewer.0.map(|s| s.user_id).unwrap_or_default();
    let page =
        view::feed(&state.db, FeedQuery { words: &words, page, limit, cursor, viewer: &viewer })
            .await?;
    Ok(Json(FeedResponse {
        blogs: page.blogs,
        total_pages: total_pages(page.total, limit),
        next_cursor: page.next_cursor,
    }))
}

#[derive(Serialize, ToSchema)]
pub struct BlogResponse {
    blog: Blog,
}

/// One post, for anyone.
#[utoipa::path(get, path = "/users/blog/{blogId}", tag = "blogs", params(("blogId" = String, Path)),
    responses((status = 200, body = BlogResponse), (status = 404, body = ErrorBody)))]
async fn public_blog(
    State(state): State<AppState>,
    viewer: MaybeSession,
    Path(id): Path<String>,
) -> AppResult<Json<BlogResponse>> {
    let viewer = viewer.0.map(|s| s.user_id).unwrap_or_default();
    let blog = view::find_public(&state.db, &id, &viewer).await?.ok_or_else(blog_not_found)?;
    Ok(Json(BlogResponse { blog }))
}

#[derive(Serialize, ToSchema)]
pub struct MyBlogsResponse {
    #[schema(example = "success")]
    status: &'static str,
    blogs: Vec<Blog>,
}

/// The signed-in author's own posts, newest first.
#[utoipa::path(get, path = "/blogs", tag = "blogs", security(("bearer" = [])),
    responses((status = 200, body = MyBlogsResponse), (status = 401, body = ErrorBody)))]
async fn my_blogs(
    State(state): State<AppState>,
    session: Session,
) -> AppResult<Json<MyBlogsResponse>> {
    Ok(Json(MyBlogsResponse {
        status: "success",
        blogs: view::by_author(&state.db, &session.user_id).await?,
    }))
}

/// The post, if the caller wrote it.
async fn own_blog(state: &AppState, session: &Session, id: &str) -> AppResult<Blog> {
    let blog = view::find(&state.db, id, &session.user_id).await?.ok_or_else(blog_not_found)?;
    if blog.author_id.id != session.user_id {
        return Err(not_yours());
    }
    Ok(blog)
}

/// One of the signed-in author's posts (for the edit form).
#[utoipa::path(get, path = "/blogs/{id}", tag = "blogs", security(("bearer" = [])), params(("id" = String, Path)),
    responses(
        (status = 200, body = BlogResponse), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Someone else's post"), (status = 404, body = ErrorBody),
    ))]
async fn my_blog(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
) -> AppResult<Json<BlogResponse>> {
    Ok(Json(BlogResponse { blog: own_blog(&state, &session, &id).await? }))
}

/// The blog form, documented for OpenAPI (the handlers read the multipart stream).
#[derive(ToSchema)]
pub struct BlogForm {
    #[schema(
        example = "Three days on the Poon Hill trail",
        min_length = 1,
        max_length = 150,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub title: String,
    /// The body; line breaks separate paragraphs.
    #[schema(
        example = "We left Nayapul at dawn.\nBy noon the rhododendrons were out.",
        min_length = 1,
        max_length = 20000,
        pattern = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$"
    )]
    pub description: String,
    /// The title in Nepali; empty for none. Leaving out both Nepali fields keeps the
    /// post's Nepali texts on an edit unless the English changed.
    #[schema(rename = "titleNe", value_type = String, required = false, max_length = 150)]
    pub title_ne: Option<String>,
    /// The body in Nepali; empty for none.
    #[schema(rename = "descriptionNe", value_type = String, required = false, max_length = 20000)]
    pub description_ne: Option<String>,
    /// Sent by the spec's client; the server records the account's own role.
    #[schema(value_type = String, required = false)]
    pub role: Option<String>,
    /// JPEG, PNG or WebP, at most 8 MB.
    #[schema(value_type = String, required = false, format = Binary)]
    pub image: Option<Vec<u8>>,
    /// `true` (or `1`) to remove the current image when editing.
    #[schema(rename = "removeImage", value_type = String, required = false)]
    pub remove_image: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct BlogSaved {
    #[schema(example = "success")]
    status: &'static str,
    message: String,
    blog: Blog,
}

/// Publish a post (any signed-in account).
#[utoipa::path(post, path = "/blogs", tag = "blogs", security(("bearer" = [])),
    request_body(content = BlogForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = BlogSaved), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "Too many posts or uploads from this account or address, or too many uploads at once; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn create_blog(
    State(state): State<AppState>,
    session: Session,
    ClientIp(ip): ClientIp,
    Multipart(multipart): Multipart,
) -> AppResult<(StatusCode, Json<BlogSaved>)> {
    rate_limit::count(&state, &rate_limit::BLOG_POSTS, Some(&session.user_id), &ip).await?;
    let role = session.stored_role(&state.db).await?;
    let form = ImageForm::read(multipart, "image", FORM_TEXT_MAX).await?;
    let input = BlogInput::parse(&form)?;
    let image = match form.image {
        Some(bytes) => Some(processing::process(bytes, Variants::WebP).await?),
        None => None,
    };
    let id =
        create(&state.db, &state.media, &session.user_id, role.as_str(), &input, image, now_ms())
            .await?;
    let blog = view::find(&state.db, &id, &session.user_id).await?.ok_or_else(blog_not_found)?;
    Ok((
        StatusCode::CREATED,
        Json(BlogSaved { status: "success", message: "Blog published".into(), blog }),
    ))
}

/// Stores a post with its image; returns its id. Used by the demo seed too, which dates
/// its posts in the past.
pub async fn create(
    db: &Db,
    media: &MediaStore,
    author_id: &str,
    role: &str,
    input: &BlogInput,
    image: Option<Processed>,
    created_at: i64,
) -> AppResult<String> {
    let image_id = match image {
        Some(image) => {
            Some(upload::save_processed(db, media, author_id, MediaKind::Blog, image).await?)
        }
        None => None,
    };
    let nepali = input.nepali.clone().unwrap_or_default();
    let id = new_id();
    let inserted = sqlx::query(
        "INSERT INTO blogs (id, author_id, title, description, role, image_id, search_title, search_body, created_at, updated_at, title_ne, description_ne) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11)",
    )
    .bind(&id)
    .bind(author_id)
    .bind(&input.title)
    .bind(&input.body)
    .bind(role)
    .bind(image_id.as_deref())
    .bind(normalize(&input.title))
    .bind(normalize(&input.body))
    .bind(created_at)
    .bind(nepali.title.as_deref())
    .bind(nepali.body.as_deref())
    .execute(&db.pool)
    .await;
    if let Err(e) = inserted {
        upload::delete(db, media, &image_id.into_iter().collect::<Vec<_>>()).await?;
        return Err(e.into());
    }
    Ok(id)
}

/// Edit your post: a new image replaces (and deletes) the old one; `removeImage` removes it.
#[utoipa::path(patch, path = "/blogs/{id}", tag = "blogs", security(("bearer" = [])), params(("id" = String, Path)),
    request_body(content = BlogForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = BlogSaved), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "Too many uploads from this account or address, or too many uploads at once; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn update_blog(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
    Multipart(multipart): Multipart,
) -> AppResult<Json<BlogSaved>> {
    own_blog(&state, &session, &id).await?;
    let form = ImageForm::read(multipart, "image", FORM_TEXT_MAX).await?;
    let input = BlogInput::parse(&form)?;
    let new_image = match form.image {
        Some(bytes) => {
            let processed = processing::process(bytes, Variants::WebP).await?;
            Some(
                upload::save_processed(
                    &state.db,
                    &state.media,
                    &session.user_id,
                    MediaKind::Blog,
                    processed,
                )
                .await?,
            )
        }
        None => None,
    };
    let (old_image,): (Option<String>,) =
        sqlx::query_as("SELECT image_id FROM blogs WHERE id = $1")
            .bind(&id)
            .fetch_optional(&state.db.pool)
            .await?
            .ok_or_else(blog_not_found)?;
    let replacing = new_image.is_some() || input.remove_image;
    let sql = match &input.nepali {
        // The form's Nepali fields say what the Nepali texts are now.
        Some(_) => {
            "UPDATE blogs SET title = $1, description = $2, title_ne = $9, description_ne = $10, \
               search_title = $3, search_body = $4, image_id = $5, updated_at = $6 \
             WHERE id = $7 AND author_id = $8"
        }
        // A client without them (the spec's): the Nepali texts go when the English
        // changes, as they no longer say the same.
        None => {
            "UPDATE blogs SET title = $1, description = $2, \
               title_ne = CASE WHEN title = $1 AND description = $2 THEN title_ne END, \
               description_ne = CASE WHEN title = $1 AND description = $2 THEN description_ne END, \
               search_title = $3, search_body = $4, image_id = $5, updated_at = $6 \
             WHERE id = $7 AND author_id = $8"
        }
    };
    let mut query = sqlx::query(sql)
        .bind(&input.title)
        .bind(&input.body)
        .bind(normalize(&input.title))
        .bind(normalize(&input.body))
        .bind(if replacing { new_image.clone() } else { old_image.clone() })
        .bind(now_ms())
        .bind(&id)
        .bind(&session.user_id);
    if let Some(texts) = &input.nepali {
        query = query.bind(texts.title.clone()).bind(texts.body.clone());
    }
    let updated = query.execute(&state.db.pool).await;
    match updated {
        Ok(done) if done.rows_affected() == 1 => {
            if replacing {
                upload::delete(&state.db, &state.media, &old_image.into_iter().collect::<Vec<_>>())
                    .await?;
            }
        }
        outcome => {
            upload::delete(&state.db, &state.media, &new_image.into_iter().collect::<Vec<_>>())
                .await?;
            outcome?;
            return Err(blog_not_found());
        }
    }
    let blog = view::find(&state.db, &id, &session.user_id).await?.ok_or_else(blog_not_found)?;
    Ok(Json(BlogSaved { status: "success", message: "Blog updated".into(), blog }))
}

/// Delete your post and its image.
#[utoipa::path(delete, path = "/blogs/{id}", tag = "blogs", security(("bearer" = [])), params(("id" = String, Path)),
    responses(
        (status = 200, body = MessageResponse), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    ))]
async fn delete_blog(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
) -> AppResult<Json<MessageResponse>> {
    own_blog(&state, &session, &id).await?;
    let deleted: Option<(Option<String>,)> =
        sqlx::query_as("DELETE FROM blogs WHERE id = $1 AND author_id = $2 RETURNING image_id")
            .bind(&id)
            .bind(&session.user_id)
            .fetch_optional(&state.db.pool)
            .await?;
    let (image,) = deleted.ok_or_else(blog_not_found)?;
    upload::delete(&state.db, &state.media, &image.into_iter().collect::<Vec<_>>()).await?;
    Ok(success("Blog deleted"))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LikeState {
    liked: bool,
    like_count: i64,
}

#[derive(Serialize, ToSchema)]
pub struct LikeResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: LikeState,
}

async fn like_state(db: &Db, blog_id: &str, user_id: &str) -> AppResult<LikeResponse> {
    let blog = view::find_public(db, blog_id, user_id).await?.ok_or_else(blog_not_found)?;
    Ok(LikeResponse {
        status: "success",
        data: LikeState { liked: blog.liked_by_me, like_count: blog.like_count },
    })
}

/// Like a post (once per account; liking again changes nothing).
#[utoipa::path(post, path = "/blogs/{id}/like", tag = "blogs", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = LikeResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn like(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
) -> AppResult<Json<LikeResponse>> {
    view::find_public(&state.db, &id, &session.user_id).await?.ok_or_else(blog_not_found)?;
    sqlx::query("INSERT INTO blog_likes (blog_id, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (blog_id, user_id) DO NOTHING")
        .bind(&id)
        .bind(&session.user_id)
        .bind(now_ms())
        .execute(&state.db.pool)
        .await?;
    Ok(Json(like_state(&state.db, &id, &session.user_id).await?))
}

/// Take back your like.
#[utoipa::path(delete, path = "/blogs/{id}/like", tag = "blogs", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = LikeResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn unlike(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
) -> AppResult<Json<LikeResponse>> {
    view::find_public(&state.db, &id, &session.user_id).await?.ok_or_else(blog_not_found)?;
    sqlx::query("DELETE FROM blog_likes WHERE blog_id = $1 AND user_id = $2")
        .bind(&id)
        .bind(&session.user_id)
        .execute(&state.db.pool)
        .await?;
    Ok(Json(like_state(&state.db, &id, &session.user_id).await?))
}
