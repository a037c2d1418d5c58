//! What a shared link shows. The HTML served for a guide's, a destination's, a tour's or a
//! blog post's page carries that page's title, description, canonical link and Open Graph /
//! Twitter tags (link previews and search engines read the HTML, not what the client
//! draws later); `/robots.txt` and `/sitemap.xml` point crawlers at every public page.

use std::fmt::Write;

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::db::{Db, to_rfc3339};
use crate::error::AppResult;
use crate::http::AppState;
use crate::i18n::terms::grouped;
use crate::media::upload::public_url;
use crate::tours::store::{self as tours, LISTED};

/// The `<head>` facts of one shareable page.
#[derive(Debug, PartialEq)]
pub struct PageHead {
    pub title: String,
    pub description: String,
    /// The page's path (`/guides/<id>`), made absolute with `YATRA_PUBLIC_URL`.
    pub path: String,
    pub image: Option<OgImage>,
    /// `profile` for a guide, `article` for a blog post, `website` otherwise.
    pub kind: &'static str,
}

#[derive(Debug, PartialEq)]
pub struct OgImage {
    /// Path of the original JPEG or PNG: every link preview reads those, not all WebP.
    pub path: String,
    pub width: i64,
    pub height: i64,
    pub alt: String,
}

/// Longest description put in a page's head; previews cut near here anyway.
const DESCRIPTION_MAX: usize = 160;

/// The head of the public page at `path`; `None` for any other path or an id that is not
/// public (the generic page goes out and the client shows its not-found).
pub async fn head_for(db: &Db, path: &str) -> AppResult<Option<PageHead>> {
    if let Some(head) = legal_head(path) {
        return Ok(Some(head));
    }
    let Some((section, id)) = path.strip_prefix('/').and_then(|p| p.split_once('/')) else {
        return Ok(None);
    };
    if id.is_empty() || id.contains('/') {
        return Ok(None);
    }
    match section {
        "guides" => guide_head(db, id).await,
        "destination" => destination_head(db, id).await,
        "blog" => blog_head(db, id).await,
        "tours" => tour_head(db, id).await,
        _ => Ok(None),
    }
}

/// The Terms of Service and the Privacy Policy: the same words for everyone (their titles
/// as the client's `legal` texts name them).
fn legal_head(path: &str) -> Option<PageHead> {
    let (title, description) = match path {
        "/terms" => (
            "Terms of Service",
            "The agreement between you and Yatra: accounts, guides, bookings and payments, cancellations and refunds, conduct, safety and deleting your account.",
        ),
        "/privacy" => (
            "Privacy Policy",
            "What Yatra stores about you (ID cards, locations, messages, payments), who can see it, how long it is kept and how to delete it.",
        ),
        _ => return None,
    };
    Some(PageHead {
        title: format!("{title} | Yatra"),
        description: shorten(description),
        path: path.to_owned(),
        image: None,
        kind: "website",
    })
}

#[derive(sqlx::FromRow)]
struct GuideFacts {
    first_name: String,
    last_name: String,
    bio: String,
    address: String,
    price_per_day_cents: Option<i64>,
    rating_sum: i64,
    review_count: i64,
    picture_key: Option<String>,
    picture_width: Option<i64>,
    picture_height: Option<i64>,
}

async fn guide_head(db: &Db, id: &str) -> AppResult<Option<PageHead>> {
    // Public guides are verified and not suspended, as on their public page.
    let facts: Option<GuideFacts> = sqlx::query_as(
        "SELECT u.first_name, u.last_name, g.bio, g.address, g.price_per_day_cents, g.rating_sum, g.review_count, \
           m.storage_key AS picture_key, m.width AS picture_width, m.height AS picture_height \
         FROM users u JOIN guide_details g ON g.user_id = u.id LEFT JOIN media m ON m.id = g.profile_picture_id \
         WHERE u.id = $1 AND u.role = 'guide' AND g.status = 'verified' AND u.suspended_at IS NULL",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    let Some(facts) = facts else { return Ok(None) };
    let name = format!("{} {}", facts.first_name, facts.last_name);
    let mut summary = String::from("Local guide");
    if !facts.address.is_empty() {
        let _ = write!(summary, " in {}", facts.address);
    }
    if let Some(cents) = facts.price_per_day_cents {
        let _ = write!(summary, " · ${}/day", format_dollars(cents));
    }
    if facts.review_count > 0 {
        let average = crate::guides::cards::average(facts.rating_sum, facts.review_count);
        let reviews = if facts.review_count == 1 { "review" } else { "reviews" };
        let _ = write!(summary, " · ★ {average:.1} ({} {reviews})", facts.review_count);
    }
    summary.push_str(". ");
    summary.push_str(&facts.bio);
    Ok(Some(PageHead {
        title: format!("{name} — tour guide in Nepal | Yatra"),
        description: shorten(&summary),
        path: format!("/guides/{id}"),
        image: og_image(
            facts.picture_key,
            facts.picture_width,
            facts.picture_height,
            format!("Photo of {name}"),
        ),
        kind: "profile",
    }))
}

async fn destination_head(db: &Db, id: &str) -> AppResult<Option<PageHead>> {
    let facts: Option<(String, String, String, Option<String>, Option<i64>, Option<i64>)> =
        sqlx::query_as(
            "SELECT d.name, d.location, d.description, m.storage_key, m.width, m.height \
         FROM destinations d LEFT JOIN media m ON m.id = d.image_id WHERE d.id = $1",
        )
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    let Some((name, location, description, key, width, height)) = facts else { return Ok(None) };
    let place = if location.is_empty() { name.clone() } else { format!("{name}, {location}") };
    Ok(Some(PageHead {
        title: format!("{place} | Yatra"),
        description: shorten(&description),
        path: format!("/destination/{id}"),
        image: og_image(key, width, height, name),
        kind: "website",
    }))
}

async fn blog_head(db: &Db, id: &str) -> AppResult<Option<PageHead>> {
    let facts: Option<(String, String, String, String, Option<String>, Option<i64>, Option<i64>)> = sqlx::query_as(
        "SELECT b.title, b.description, u.first_name, u.last_name, m.storage_key, m.width, m.height \
         FROM blogs b JOIN users u ON u.id = b.author_id LEFT JOIN media m ON m.id = b.image_id \
         WHERE b.id = $1 AND b.hidden_at IS NULL",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    let Some((title, description, first_name, last_name, key, width, height)) = facts else {
        return Ok(None);
    };
    Ok(Some(PageHead {
        title: format!("{title} — by {first_name} {last_name} | Yatra"),
        description: shorten(&description),
        path: format!("/blog/{id}"),
        image: og_image(key, width, height, title),
        kind: "article",
    }))
}

/// A published tour of a listed guide: its length, height, price and risk before its
/// summary; the destination's picture, as tours have none of their own yet.
async fn tour_head(db: &Db, id: &str) -> AppResult<Option<PageHead>> {
    let Some(tour) = tours::find_listed(db, id).await? else { return Ok(None) };
    let facts: Option<(String, String, Option<String>, Option<String>, Option<i64>, Option<i64>)> =
        sqlx::query_as(
            "SELECT u.first_name, u.last_name, d.name, m.storage_key, m.width, m.height \
             FROM users u LEFT JOIN destinations d ON d.id = $2 LEFT JOIN media m ON m.id = d.image_id \
             WHERE u.id = $1",
        )
        .bind(&tour.guide_id)
        .bind(&tour.input.destination_id)
        .fetch_optional(&db.pool)
        .await?;
    let Some((first_name, last_name, destination, key, width, height)) = facts else {
        return Ok(None);
    };
    let input = &tour.input;
    let days = input.days.len();
    let mut summary = format!("{days}-day tour with {first_name} {last_name}");
    if let Some(destination) = &destination {
        let _ = write!(summary, " to {destination}");
    }
    if let Some(assessment) = input.assessment() {
        let _ = write!(
            summary,
            " · up to {} m · altitude risk {}",
            grouped(i64::from(assessment.max_sleep_altitude_m)),
            assessment.risk.as_str()
        );
    }
    let _ = write!(summary, " · from ${} per person. ", format_dollars(input.price_from_cents()));
    summary.push_str(&input.summary);
    Ok(Some(PageHead {
        title: format!("{} — {days}-day tour in Nepal | Yatra", input.title),
        description: shorten(&summary),
        path: format!("/tours/{id}"),
        // The tour's cover where it has one; the destination's photo otherwise.
        image: match tour.photos.first() {
            Some(cover) => Some(OgImage {
                path: cover.url.clone(),
                width: i64::from(cover.variants.width),
                height: i64::from(cover.variants.height),
                alt: input.title.clone(),
            }),
            None => og_image(key, width, height, input.title.clone()),
        },
        kind: "website",
    }))
}

fn og_image(
    key: Option<String>,
    width: Option<i64>,
    height: Option<i64>,
    alt: String,
) -> Option<OgImage> {
    Some(OgImage { path: public_url(&key?), width: width?, height: height?, alt })
}

fn format_dollars(cents: i64) -> String {
    if cents % 100 == 0 {
        (cents / 100).to_string()
    } else {
        format!("{:.2}", cents as f64 / 100.0)
    }
}

/// `text` on one line, cut at a word near `DESCRIPTION_MAX` characters.
fn shorten(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= DESCRIPTION_MAX {
        return line;
    }
    let cut: String = line.chars().take(DESCRIPTION_MAX - 1).collect();
    let cut = match cut.rfind(' ') {
        Some(space) if space > DESCRIPTION_MAX / 2 => &cut[..space],
        _ => cut.as_str(),
    };
    format!("{}…", cut.trim_end_matches([',', '.', ';', ':', ' ']))
}

/// Text for an HTML attribute or element: every character that could end either escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The tags put where index.html has its `<title>`; every value escaped.
pub fn render(head: &PageHead, public_base: &str) -> String {
    let base = public_base.trim_end_matches('/');
    let url = escape(&format!("{base}{}", head.path));
    let title = escape(&head.title);
    let description = escape(&head.description);
    let mut tags = format!(
        "<title>{title}</title>\
         <meta name=\"description\" content=\"{description}\">\
         <link rel=\"canonical\" href=\"{url}\">\
         <meta property=\"og:site_name\" content=\"Yatra\">\
         <meta property=\"og:type\" content=\"{}\">\
         <meta property=\"og:title\" content=\"{title}\">\
         <meta property=\"og:description\" content=\"{description}\">\
         <meta property=\"og:url\" content=\"{url}\">",
        head.kind
    );
    match &head.image {
        Some(image) => {
            let _ = write!(
                tags,
                "<meta property=\"og:image\" content=\"{src}\">\
                 <meta property=\"og:image:width\" content=\"{}\">\
                 <meta property=\"og:image:height\" content=\"{}\">\
                 <meta property=\"og:image:alt\" content=\"{alt}\">\
                 <meta name=\"twitter:card\" content=\"summary_large_image\">\
                 <meta name=\"twitter:image\" content=\"{src}\">\
                 <meta name=\"twitter:image:alt\" content=\"{alt}\">",
                image.width,
                image.height,
                src = escape(&format!("{base}{}", image.path)),
                alt = escape(&image.alt),
            );
        }
        None => tags.push_str("<meta name=\"twitter:card\" content=\"summary\">"),
    }
    let _ = write!(
        tags,
        "<meta name=\"twitter:title\" content=\"{title}\"><meta name=\"twitter:description\" content=\"{description}\">"
    );
    tags
}

/// `/robots.txt` and `/sitemap.xml`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(robots)).routes(routes!(sitemap))
}

/// Crawlers may read every public page; private and API paths say so themselves
/// (`noindex` is not needed: they answer 401 or JSON).
#[utoipa::path(get, path = "/robots.txt", tag = "sharing",
    responses((status = 200, description = "Crawling rules and where the sitemap is", content_type = "text/plain", body = String)))]
async fn robots(State(state): State<AppState>) -> Response {
    let base = state.config.server.public_url.trim_end_matches('/');
    let body = format!("User-agent: *\nDisallow: /api/\nAllow: /\n\nSitemap: {base}/sitemap.xml\n");
    text(body, "text/plain; charset=utf-8")
}

/// The lists every visitor starts from, and the terms and privacy policy sign-up links to.
const FIXED_PAGES: [&str; 7] =
    ["/", "/guides", "/tours", "/destinations", "/blogs", "/terms", "/privacy"];

/// The protocol's limit for one sitemap file.
const SITEMAP_MAX_URLS: usize = 50_000;

/// Every public guide, destination, tour and blog post page, with absolute URLs. Hidden posts,
/// unverified and suspended guides are left out, as from every public list.
#[utoipa::path(get, path = "/sitemap.xml", tag = "sharing",
    responses((status = 200, description = "A sitemap (sitemaps.org 0.9)", content_type = "application/xml", body = String)))]
async fn sitemap(State(state): State<AppState>) -> AppResult<Response> {
    let base = escape(state.config.server.public_url.trim_end_matches('/'));
    let mut pages: Vec<(String, i64)> = Vec::new();
    let destinations: Vec<(String, i64)> =
        sqlx::query_as("SELECT id, created_at FROM destinations ORDER BY created_at, id")
            .fetch_all(&state.db.pool)
            .await?;
    pages.extend(destinations.into_iter().map(|(id, at)| (format!("/destination/{id}"), at)));
    let blogs: Vec<(String, i64)> = sqlx::query_as(
        "SELECT id, updated_at FROM blogs WHERE hidden_at IS NULL ORDER BY created_at, id",
    )
    .fetch_all(&state.db.pool)
    .await?;
    pages.extend(blogs.into_iter().map(|(id, at)| (format!("/blog/{id}"), at)));
    let room = SITEMAP_MAX_URLS.saturating_sub(pages.len() + FIXED_PAGES.len()) as i64;
    let tours: Vec<(String, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT t.id, t.updated_at FROM tours t WHERE {LISTED} ORDER BY t.id LIMIT $1"
    )))
    .bind(room)
    .fetch_all(&state.db.pool)
    .await?;
    pages.extend(tours.into_iter().map(|(id, at)| (format!("/tours/{id}"), at)));
    let room = SITEMAP_MAX_URLS.saturating_sub(pages.len() + FIXED_PAGES.len()) as i64;
    let guides: Vec<(String, i64)> = sqlx::query_as(
        "SELECT u.id, g.updated_at FROM users u JOIN guide_details g ON g.user_id = u.id \
         WHERE u.role = 'guide' AND g.status = 'verified' AND u.suspended_at IS NULL ORDER BY u.id LIMIT $1",
    )
    .bind(room)
    .fetch_all(&state.db.pool)
    .await?;
    pages.extend(guides.into_iter().map(|(id, at)| (format!("/guides/{id}"), at)));

    let mut xml = String::with_capacity(128 + pages.len() * 120);
    xml.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for fixed in FIXED_PAGES {
        let _ = writeln!(xml, "<url><loc>{base}{fixed}</loc></url>");
    }
    for (path, changed_ms) in pages {
        let _ = write!(xml, "<url><loc>{base}{}</loc>", escape(&path));
        let changed = to_rfc3339(changed_ms);
        if !changed.is_empty() {
            let _ = write!(xml, "<lastmod>{changed}</lastmod>");
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    Ok(text(xml, "application/xml; charset=utf-8"))
}

fn text(body: String, content_type: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600")),
        ],
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn everything_that_could_break_out_of_an_attribute_is_escaped() {
        assert_eq!(
            escape(r#"<script>"a" & 'b'</script>"#),
            "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;"
        );
    }

    #[test]
    fn long_descriptions_are_cut_at_a_word() {
        let long = "word ".repeat(60);
        let short = shorten(&long);
        assert!(short.chars().count() <= DESCRIPTION_MAX);
        assert!(short.ends_with("word…"));
        assert_eq!(shorten("  two\n lines "), "two lines");
    }
}
