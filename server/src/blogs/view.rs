//! A blog post as the API shows it, and the queries that read posts.

use serde::Serialize;
use utoipa::ToSchema;

use crate::db::{Backend, Db, Sql, to_rfc3339};
use crate::error::AppResult;
use crate::media::upload::{ImageVariants, image_variants, public_url};
use crate::text_search::Query;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Blog {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    /// The body, as written; line breaks separate paragraphs.
    pub description: String,
    /// The title and body in Nepali (issue 26), for readers of Nepali; null where there is
    /// none. The form's Nepali fields set them; an edit from a client without those
    /// fields drops them when the English changes, as they no longer say the same.
    #[schema(required = true)]
    pub title_ne: Option<String>,
    #[schema(required = true)]
    pub description_ne: Option<String>,
    /// Public URL of the featured image.
    #[schema(required = true)]
    pub image: Option<String>,
    /// A smaller copy (at most 480 px) for cards.
    #[schema(required = true)]
    pub image_thumb: Option<String>,
    /// WebP copies and size of the image, for `<img srcset width height>`.
    #[schema(required = true)]
    pub image_variants: Option<ImageVariants>,
    /// The author's role when they wrote it: tourist or guide.
    pub role: String,
    /// RFC 3339.
    pub created_at: String,
    /// RFC 3339.
    pub updated_at: String,
    pub author_id: Author,
    pub like_count: i64,
    /// Whether the signed-in caller likes it (false when signed out).
    pub liked_by_me: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Author {
    #[serde(rename = "_id")]
    pub id: String,
    pub first_name: String,
    pub last_name: String,
}

#[derive(sqlx::FromRow)]
struct BlogRow {
    id: String,
    title: String,
    description: String,
    title_ne: Option<String>,
    description_ne: Option<String>,
    role: String,
    created_at: i64,
    updated_at: i64,
    author_id: String,
    first_name: String,
    last_name: String,
    image_key: Option<String>,
    image_thumb_key: Option<String>,
    image_width: Option<i64>,
    image_height: Option<i64>,
    image_webp: Option<String>,
    like_count: i64,
    liked: i64,
}

impl From<BlogRow> for Blog {
    fn from(row: BlogRow) -> Self {
        Self {
            id: row.id,
            title: row.title,
            description: row.description,
            title_ne: row.title_ne,
            description_ne: row.description_ne,
            image: row.image_key.as_deref().map(public_url),
            image_thumb: row.image_thumb_key.as_deref().map(public_url),
            image_variants: image_variants(
                row.image_key.as_deref(),
                row.image_width,
                row.image_height,
                row.image_webp.as_deref(),
            ),
            role: row.role,
            created_at: to_rfc3339(row.created_at),
            updated_at: to_rfc3339(row.updated_at),
            author_id: Author {
                id: row.author_id,
                first_name: row.first_name,
                last_name: row.last_name,
            },
            like_count: row.like_count,
            liked_by_me: row.liked > 0,
        }
    }
}

/// The post columns, with likes counted for `viewer` (the caller's id, or "" signed out).
fn select(sql: &mut Sql, viewer: &str) {
    let viewer = sql.param(viewer);
    sql.push(&format!(
        "SELECT b.id, b.title, b.description, b.title_ne, b.description_ne, b.role, b.created_at, b.updated_at, b.author_id, u.first_name, u.last_name, \
           m.storage_key AS image_key, m.thumb_key AS image_thumb_key, \
           m.width AS image_width, m.height AS image_height, m.webp_widths AS image_webp, \
           (SELECT COUNT(*) FROM blog_likes l WHERE l.blog_id = b.id) AS like_count, \
           (SELECT COUNT(*) FROM blog_likes l WHERE l.blog_id = b.id AND l.user_id = {viewer}) AS liked \
         FROM blogs b JOIN users u ON u.id = b.author_id LEFT JOIN media m ON m.id = b.image_id"
    ));
}

/// A post as its author sees it, hidden by an admin or not.
pub async fn find(db: &Db, id: &str, viewer: &str) -> AppResult<Option<Blog>> {
    find_where(db, id, viewer, "").await
}

/// A post as the public sees it: a post an admin hid is not there.
pub async fn find_public(db: &Db, id: &str, viewer: &str) -> AppResult<Option<Blog>> {
    find_where(db, id, viewer, " AND b.hidden_at IS NULL").await
}

async fn find_where(db: &Db, id: &str, viewer: &str, visibility: &str) -> AppResult<Option<Blog>> {
    let mut sql = Sql::default();
    select(&mut sql, viewer);
    let id = sql.param(id);
    sql.push(&format!(" WHERE b.id = {id}{visibility}"));
    let row: Option<BlogRow> = sql.query_as().fetch_optional(&db.pool).await?;
    Ok(row.map(Blog::from))
}

/// An author's own posts, newest first.
pub async fn by_author(db: &Db, author_id: &str) -> AppResult<Vec<Blog>> {
    let mut sql = Sql::default();
    select(&mut sql, author_id);
    let author = sql.param(author_id);
    sql.push(&format!(
        " WHERE b.author_id = {author} ORDER BY b.created_at DESC, b.id DESC LIMIT 1000"
    ));
    let rows: Vec<BlogRow> = sql.query_as().fetch_all(&db.pool).await?;
    Ok(rows.into_iter().map(Blog::from).collect())
}

/// Where a page of the feed starts: after the post with this time and id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeedCursor {
    pub created_at: i64,
    pub id: String,
}

impl FeedCursor {
    pub fn parse(text: &str) -> Option<Self> {
        let (created_at, id) = text.split_once('.')?;
        let valid_id = id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit());
        Some(Self { created_at: created_at.parse().ok()?, id: id.to_owned() }).filter(|_| valid_id)
    }

    pub fn to_text(&self) -> String {
        format!("{}.{}", self.created_at, self.id)
    }
}

/// One page of the public feed: newest first, or best match first when searching.
pub struct FeedPage {
    pub blogs: Vec<Blog>,
    pub total: i64,
    pub next_cursor: Option<String>,
}

pub struct FeedQuery<'a> {
    pub words: &'a Query,
    pub page: i64,
    pub limit: i64,
    pub cursor: Option<FeedCursor>,
    pub viewer: &'a str,
}

pub async fn feed(db: &Db, query: FeedQuery<'_>) -> AppResult<FeedPage> {
    let mut sql = Sql::default();
    select(&mut sql, query.viewer);
    let mut count = Sql::new("SELECT COUNT(*) FROM blogs b");
    let searching = !query.words.is_empty();
    let mut order = "b.created_at DESC, b.id DESC".to_owned();
    if searching {
        match db.backend {
            Backend::Sqlite => {
                for (target, rank) in [(&mut sql, true), (&mut count, false)] {
                    let param = target.param(query.words.fts5(None));
                    target.push(&format!(" JOIN blog_search_fts f ON f.rowid = b.rowid WHERE blog_search_fts MATCH {param} AND b.hidden_at IS NULL"));
                    if rank {
                        order = format!("bm25(blog_search_fts, 5.0, 1.0), {order}");
                    }
                }
            }
            Backend::Postgres => {
                for (target, rank) in [(&mut sql, true), (&mut count, false)] {
                    let param = target.param(query.words.tsquery(None));
                    target.push(&format!(
                        " WHERE b.document @@ to_tsquery('simple', {param}) AND b.hidden_at IS NULL"
                    ));
                    if rank {
                        order = format!(
                            "ts_rank(b.document, to_tsquery('simple', {param})) DESC, {order}"
                        );
                    }
                }
            }
        }
    } else {
        sql.push(" WHERE b.hidden_at IS NULL");
        count.push(" WHERE b.hidden_at IS NULL");
    }
    // The cursor is for the newest-first feed; a search pages by number.
    let cursor = query.cursor.filter(|_| !searching);
    if let Some(cursor) = &cursor {
        let created = sql.param(cursor.created_at);
        let id = sql.param(cursor.id.as_str());
        sql.push(&format!(" AND (b.created_at, b.id) < ({created}, {id})"));
    }
    let fetch = sql.param(query.limit + 1);
    sql.push(&format!(" ORDER BY {order} LIMIT {fetch}"));
    if cursor.is_none() {
        let offset = sql.param((query.page - 1) * query.limit);
        sql.push(&format!(" OFFSET {offset}"));
    }
    let mut rows: Vec<BlogRow> = sql.query_as().fetch_all(&db.pool).await?;
    let (total,): (i64,) = count.query_as().fetch_one(&db.pool).await?;
    let has_more = rows.len() as i64 > query.limit;
    rows.truncate(query.limit as usize);
    let next_cursor = rows
        .last()
        .filter(|_| has_more && !searching)
        .map(|last| FeedCursor { created_at: last.created_at, id: last.id.clone() }.to_text());
    Ok(FeedPage { blogs: rows.into_iter().map(Blog::from).collect(), total, next_cursor })
}
