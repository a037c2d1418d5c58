//! The pages travellers land on, as HTML: a guide's, destination's or blog post's page gets
//! `index.html` with that page's head (see `sharing`), rendered per request: one lookup by
//! primary key. Those pages, `/` and the guide list are drawn on the server when they can be
//! (see `first_paint`); otherwise they name what their first paint waits for (module
//! preloads from Vite's manifest, the largest picture, the API answer), so the browser
//! fetches it all at once. `/` without a drawn first paint is one file made at start.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, StatusCode, header};

use super::first_paint::{Renderer, reader_language};
use super::sharing;
use super::static_files::{StaticFile, StaticFiles};
use crate::db::Db;

/// What the landing pages are made from, read from the built client at start.
pub(super) struct LandingPages {
    /// `index.html` as it is.
    index: Option<String>,
    /// `index.html` around its `<title>`, without its generic description, where a page's
    /// own head goes; `None` when it has no title to replace.
    index_around_head: Option<(String, String)>,
    /// `index.html` around its `</head>`, where a page without a head of its own gets the
    /// links of its first paint.
    index_around_head_end: Option<(String, String)>,
    /// Each source module's chunk and the chunks it imports, from Vite's manifest
    /// (`.vite/manifest.json`, not served); empty without one.
    chunks: HashMap<String, Vec<String>>,
    /// Draws a page's first paint into its HTML (`first_paint.rs`), when the build has it.
    renderer: Option<Arc<Renderer>>,
    /// The stylesheet's `<link>` in `index.html` and the stylesheet: a page with a drawn
    /// first paint carries it inline, so that paint waits for no other request.
    stylesheet: Option<(String, String)>,
    /// How `index.html` starts the app, and how a page with a drawn first paint does instead.
    app_start: Option<AppStart>,
    /// Pages made, by everything they are made from (`Made`).
    made: Mutex<Made>,
}

/// Pages as they went out, each with its ETag and compressed copy, by everything that
/// makes one: hashing and compressing a whole page took longer than finding its parts.
/// Nothing goes stale: a changed answer or head is another key. Past `MADE_BYTES`, all go
/// (the pages asked for come back at once).
#[derive(Default)]
struct Made {
    pages: HashMap<PageKey, Arc<StaticFile>>,
    bytes: usize,
}

const MADE_BYTES: usize = 24 << 20;

#[derive(PartialEq, Eq, Hash)]
struct PageKey {
    path: String,
    query: String,
    /// Whether the request is a browser's page load.
    html: bool,
    /// The reader's language; `None` for a signed-in reader.
    language: Option<&'static str>,
    head: String,
    answer: Option<Bytes>,
}

impl PageKey {
    fn of(
        path: &str,
        query: &str,
        headers: &HeaderMap,
        head: String,
        answer: Option<Bytes>,
    ) -> Self {
        Self {
            path: path.to_owned(),
            query: query.to_owned(),
            html: headers
                .get(header::ACCEPT)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|accept| accept.contains("text/html")),
            language: reader_language(headers),
            head,
            answer,
        }
    }
}

/// `index.html` loads the app's entry and names the modules it imports at once; a page with
/// a drawn first paint names none of them, and loads `/start.js` (web/public/start.js),
/// which fetches them once the page has loaded and painted.
struct AppStart {
    /// The entry's `<script>` and the `<link rel="modulepreload">`s, as written.
    script: String,
    preloads: Vec<String>,
    /// The `<script>` that takes the entry's place.
    deferred: String,
}

impl AppStart {
    fn of(index: &str) -> Option<Self> {
        let start = index.find("<script type=\"module\"")?;
        let script = &index[start..start + index[start..].find("</script>")? + "</script>".len()];
        let src = attribute(script, "src")?;
        let preloads: Vec<&str> = index
            .match_indices("<link rel=\"modulepreload\"")
            .filter_map(|(at, _)| Some(&index[at..at + index[at..].find('>')? + 1]))
            .collect();
        let hrefs: Vec<&str> = preloads.iter().filter_map(|link| attribute(link, "href")).collect();
        let deferred = format!(
            "<script type=\"module\" src=\"/start.js\" data-app=\"{}\" data-preload=\"{}\"></script>",
            sharing::escape(src),
            sharing::escape(&hrefs.join(" "))
        );
        Some(Self {
            script: script.to_owned(),
            preloads: preloads.into_iter().map(str::to_owned).collect(),
            deferred,
        })
    }

    fn deferring(&self, page: String) -> String {
        let page =
            self.preloads.iter().fold(page, |page, link| page.replacen(link.as_str(), "", 1));
        page.replacen(&self.script, &self.deferred, 1)
    }
}

/// The value of `name="…"` in one HTML tag as Vite writes it.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let marker = format!(" {name}=\"");
    let at = tag.find(&marker)? + marker.len();
    Some(&tag[at..at + tag[at..].find('"')?])
}

/// The landing page's code and texts (its route's namespaces in router.tsx), as Vite's manifest names them.
const LANDING_MODULES: &[&str] = &[
    "src/features/home/home-page.tsx",
    "src/i18n/locales/en/home.json",
    "src/i18n/locales/en/trek.json",
];

impl LandingPages {
    /// Reads what the pages need from `files`, taking Vite's manifest out of them (it is not
    /// served) and giving them `/`, the landing page naming its code.
    pub(super) fn of(web_dir: &Path, files: &mut StaticFiles) -> anyhow::Result<Self> {
        let index_around_head =
            files.by_path.get("/index.html").and_then(|index| split_at_title(index.bytes()));
        let index_around_head_end = files.by_path.get("/index.html").and_then(|index| {
            let html = std::str::from_utf8(index.bytes()).ok()?;
            let at = html.find("</head>")?;
            Some((html[..at].to_owned(), html[at..].to_owned()))
        });
        let chunks = match files.by_path.remove("/.vite/manifest.json") {
            Some(manifest) => chunks_of(manifest.bytes()).unwrap_or_else(|e| {
                tracing::warn!(error = %e, "Vite manifest not read: pages will not preload their code");
                HashMap::new()
            }),
            None => HashMap::new(),
        };
        files.landing = match &index_around_head_end {
            Some((before, after)) if chunks.contains_key(LANDING_MODULES[0]) => {
                Some(StaticFile::new(
                    "index.html",
                    format!("{before}{}{after}", module_preloads(&chunks, LANDING_MODULES))
                        .into_bytes(),
                    false,
                )?)
            }
            _ => None,
        };
        let index = files
            .by_path
            .get("/index.html")
            .and_then(|index| std::str::from_utf8(index.bytes()).ok());
        let stylesheet = index.and_then(|index| stylesheet_of(index, &files.by_path));
        let app_start = index.and_then(AppStart::of);
        let index = index.map(str::to_owned);
        let renderer = Renderer::of(web_dir);
        if let Some(renderer) = &renderer {
            renderer.warm_up();
        }
        Ok(Self {
            index,
            index_around_head,
            index_around_head_end,
            chunks,
            renderer,
            stylesheet,
            app_start,
            made: Mutex::default(),
        })
    }

    /// `index.html` with the head of the shareable page at `path` and its first paint, or
    /// `None` to serve the file as it is (another path, an id that is not public, or a
    /// failed lookup: a page without preview tags beats no page).
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn shareable_page(
        &self,
        db: &Db,
        public_url: &str,
        api: &Router,
        method: &Method,
        path: &str,
        query: &str,
        headers: &HeaderMap,
    ) -> Option<Arc<StaticFile>> {
        if method != Method::GET && method != Method::HEAD {
            return None;
        }
        let head = match sharing::head_for(db, path).await {
            Ok(head) => head,
            Err(e) => {
                tracing::warn!(error = ?e, path, "no page head: lookup failed");
                return None;
            }
        };
        let paint = FirstPaint::of(path)?;
        // A guide, destination or post that is not public gets the generic page, whose
        // client says so.
        if head.is_none() && !paint.is_list {
            return None;
        }
        let head = head.map(|head| sharing::render(&head, public_url)).unwrap_or_default();
        let answer = match &paint.api_path {
            Some(api_path) => api_answer(api, api_path).await,
            None => None,
        };
        let key = PageKey::of(path, query, headers, head, answer);
        if let Some(page) = self.made().pages.get(&key) {
            return Some(page.clone());
        }
        let (page, lasting) = self.make(&key, &paint).await?;
        let page = Arc::new(
            StaticFile::rendered(page.into_bytes())
                .inspect_err(|e| tracing::warn!(error = ?e, "page not rendered"))
                .ok()?,
        );
        if lasting {
            let mut made = self.made();
            if made.bytes > MADE_BYTES {
                *made = Made::default();
            }
            made.bytes += page.size() + key.head.len() + key.answer.as_ref().map_or(0, Bytes::len);
            made.pages.insert(key, page.clone());
        }
        Some(page)
    }

    fn made(&self) -> std::sync::MutexGuard<'_, Made> {
        self.made.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The page `key` names, and whether it may be kept: a page whose first paint could
    /// not be drawn this time (the renderer busy or slow) is not.
    async fn make(&self, key: &PageKey, paint: &FirstPaint) -> Option<(String, bool)> {
        let answer: Option<serde_json::Value> =
            key.answer.as_ref().and_then(|bytes| serde_json::from_slice(bytes).ok());
        let drawing = self.draws(key, paint, answer.as_ref());
        if drawing && let Some(page) = self.drawn(key, paint, answer.as_ref()).await {
            return Some((page, true));
        }
        // The landing page without a drawn first paint: the same for everyone, made at start.
        // (The terms and privacy policy have no answer either, but a head of their own.)
        if paint.api_path.is_none() && key.head.is_empty() {
            return None;
        }
        let links = self.first_paint(paint, answer.as_ref());
        let page = if key.head.is_empty() {
            let (before, after) = self.index_around_head_end.as_ref()?;
            format!("{before}{links}{after}")
        } else {
            let (before, after) = self.index_around_head.as_ref()?;
            format!("{before}{}{links}{after}", key.head)
        };
        Some((page, !drawing))
    }

    /// Whether the page gets its first paint drawn: a browser's page load (the client's
    /// wake-up ping fetches `/`) by a reader who is not signed in, of a page without a
    /// query (filters the server does not draw), whose answer came.
    fn draws(&self, key: &PageKey, paint: &FirstPaint, answer: Option<&serde_json::Value>) -> bool {
        paint.drawn
            && self.renderer.is_some()
            && self.stylesheet.is_some()
            && self.app_start.is_some()
            && key.html
            && key.query.is_empty()
            && key.language.is_some()
            && (paint.api_path.is_none() || answer.is_some())
    }

    /// The page with its first paint drawn in (`first_paint.rs`): the markup inside `#root`,
    /// inert until the app has taken it over (a tap on a control the app does not run yet
    /// would do nothing), the answers it was drawn with for the client's cache, and the
    /// stylesheet inline. Its `<link>` stays, disabled (never fetched), because the code
    /// that loads a page's chunks adds the stylesheet unless a link to it is there. The
    /// app's code is fetched after the browser has painted this (`AppStart`). `None` for a
    /// failed render.
    async fn drawn(
        &self,
        key: &PageKey,
        paint: &FirstPaint,
        answer: Option<&serde_json::Value>,
    ) -> Option<String> {
        let (renderer, (link, css), app_start) =
            (self.renderer.as_ref()?, self.stylesheet.as_ref()?, self.app_start.as_ref()?);
        let (path, head, language) = (key.path.as_str(), key.head.as_str(), key.language?);
        let body = answer.map(|answer| serde_json::to_string(answer).unwrap_or_default());
        let data = paint.api_path.as_deref().zip(body.as_deref());
        let rendered = renderer.render(path, language, data).await?;
        let page = if head.is_empty() {
            self.index.clone()?
        } else {
            let (before, after) = self.index_around_head.as_ref()?;
            format!("{before}{head}{after}")
        };
        let lang = if language == "en" { "en" } else { "ne" };
        let cache = rendered.cache.replace('<', "\\u003c");
        Some(
            app_start
                .deferring(page)
                .replacen("<html lang=\"en\">", &format!("<html lang=\"{lang}\">"), 1)
                .replacen(link, &format!("<style>{css}</style>{}", link.replacen("<link ", "<link disabled ", 1)), 1)
                .replacen(
                    "<div id=\"root\"></div>",
                    &format!("<div id=\"root\" inert>{}</div><script type=\"application/json\" id=\"page-cache\">{cache}</script>", rendered.html),
                    1,
                ),
        )
    }

    /// For a page whose first paint the browser draws (see `drawn`): what that paint waits
    /// for, named in its HTML so nothing waits on what came before it: the page's code (`modulepreload`; otherwise fetched
    /// only once the main bundle has run), the API answer it shows (inside the HTML, read
    /// by the client's `page-data.ts` instead of a request after the code has run), and
    /// its largest picture (`preload`, with the `srcset` and `sizes` the page's `<img>`
    /// will have; otherwise fetched only once the answer has come).
    fn first_paint(&self, page: &FirstPaint, answer: Option<&serde_json::Value>) -> String {
        let mut links = module_preloads(&self.chunks, page.modules);
        let (Some(answer), Some(api_path)) = (answer, &page.api_path) else { return links };
        if let Some(image) = page.image.and_then(|image| image.link(answer)) {
            links.push_str(&image);
        }
        // JSON in a non-script element type is never run (nor stopped by the CSP); `<`
        // written as its escape keeps the text from closing the element.
        let json = serde_json::to_string(answer).unwrap_or_default().replace('<', "\\u003c");
        let _ = std::fmt::Write::write_fmt(
            &mut links,
            format_args!(
                "<script type=\"application/json\" id=\"page-data\" data-url=\"{}\">{json}</script>",
                sharing::escape(api_path)
            ),
        );
        links
    }
}

/// The first paint of one of the pages travellers land on (see `LandingPages::drawn` and
/// `LandingPages::first_paint`).
struct FirstPaint {
    /// The page's source module, then the English texts its route fetches beside it
    /// (router.tsx), as Vite's manifest names them.
    modules: &'static [&'static str],
    /// The API request the page makes first, exactly as the client writes it; none for
    /// the landing page.
    api_path: Option<String>,
    image: Option<PictureAt>,
    /// A list page (it has no head of its own), not one guide, destination or post.
    is_list: bool,
    /// Whether the server draws the page's markup, or sends only its head and preloads
    /// (a tour's page: its price calculator and booking box answer to what the reader picks).
    drawn: bool,
}

/// Where in the page's API answer its largest picture is, and how wide it is drawn.
#[derive(Clone, Copy)]
struct PictureAt {
    /// JSON pointers to the picture's URL and to its `ImageVariants`.
    src: &'static str,
    variants: &'static str,
    /// The `<img sizes>` the page gives it (`WIDE_SIZES` and `CARD_SIZES` in photo.tsx).
    sizes: &'static str,
}

const WIDE_SIZES: &str = "(min-width: 1152px) 1152px, 100vw";
const CARD_SIZES: &str = "(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw";

impl FirstPaint {
    fn of(path: &str) -> Option<Self> {
        if path == "/" {
            return Some(Self {
                modules: LANDING_MODULES,
                api_path: None,
                image: None,
                is_list: true,
                drawn: true,
            });
        }
        if path == "/guides" {
            // The list's first page (GUIDES_PAGE_SIZE in guides-page.tsx); its first card's cover.
            let image = PictureAt {
                src: "/guides/0/coverImage",
                variants: "/guides/0/coverImageVariants",
                sizes: CARD_SIZES,
            };
            let modules = &[
                "src/features/guides/guides-page.tsx",
                "src/i18n/locales/en/guides.json",
                "src/i18n/locales/en/filters.json",
            ];
            return Some(Self {
                modules,
                api_path: Some("/api/v1/users/guides?limit=10&page=1".into()),
                image: Some(image),
                is_list: true,
                drawn: true,
            });
        }
        if path == "/terms" || path == "/privacy" {
            // The same words for every reader: drawn without an API answer.
            return Some(Self {
                modules: &["src/features/legal/legal-pages.tsx", "src/i18n/locales/en/legal.json"],
                api_path: None,
                image: None,
                is_list: false,
                drawn: true,
            });
        }
        let (section, id) = path.strip_prefix('/')?.split_once('/')?;
        // Ids are hex; anything else is no page of ours and must not reach the API path.
        if id.is_empty() || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return None;
        }
        let (modules, api_path, src, variants): (&'static [&'static str], _, _, _) = match section {
            "guides" => (
                &[
                    "src/features/guides/guide-detail-page.tsx",
                    "src/i18n/locales/en/guides.json",
                    "src/i18n/locales/en/tours.json",
                ],
                format!("/api/v1/users/guide/{id}"),
                "/data/guideDetails/coverImage",
                "/data/guideDetails/coverImageVariants",
            ),
            "destination" => (
                &[
                    "src/features/destinations/destination-detail-page.tsx",
                    "src/i18n/locales/en/destinations.json",
                    "src/i18n/locales/en/trek.json",
                    "src/i18n/locales/en/tours.json",
                ],
                format!("/api/v1/users/destination/{id}"),
                "/destination/image",
                "/destination/imageVariants",
            ),
            "blog" => (
                &["src/features/blogs/blog-detail-page.tsx", "src/i18n/locales/en/blogs.json"],
                format!("/api/v1/users/blog/{id}"),
                "/blog/image",
                "/blog/imageVariants",
            ),
            "tours" => {
                return Some(Self {
                    modules: &[
                        "src/features/tours/tour-detail-page.tsx",
                        "src/i18n/locales/en/tours.json",
                    ],
                    api_path: Some(format!("/api/v1/users/tour/{id}")),
                    image: None,
                    is_list: false,
                    drawn: false,
                });
            }
            _ => return None,
        };
        Some(Self {
            modules,
            api_path: Some(api_path),
            image: Some(PictureAt { src, variants, sizes: WIDE_SIZES }),
            is_list: false,
            drawn: true,
        })
    }
}

impl PictureAt {
    /// The `<link rel="preload">` for the picture in `answer`, if it has one.
    fn link(self, answer: &serde_json::Value) -> Option<String> {
        let src = answer.pointer(self.src)?.as_str()?;
        let mut link = format!(
            "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{}\"",
            sharing::escape(src)
        );
        if let Some(srcset) =
            answer.pointer(self.variants).and_then(|v| v.get("srcset")).and_then(|s| s.as_str())
        {
            let _ = std::fmt::Write::write_fmt(
                &mut link,
                format_args!(
                    " imagesrcset=\"{}\" imagesizes=\"{}\"",
                    sharing::escape(srcset),
                    self.sizes
                ),
            );
        }
        link.push('>');
        Some(link)
    }
}

/// The API's answer to an anonymous GET of `path`, when it is a 200 with JSON.
async fn api_answer(api: &Router, path: &str) -> Option<Bytes> {
    use tower::ServiceExt;
    let request = axum::http::Request::get(path).body(Body::empty()).ok()?;
    let response = api.clone().oneshot(request).await.ok()?;
    if response.status() != StatusCode::OK {
        return None;
    }
    // Well above any one page's answer; a bigger one is left to the client to fetch.
    axum::body::to_bytes(response.into_body(), 1 << 20).await.ok()
}

/// `<link rel="modulepreload">` for every chunk of a page's modules (each once), so they load
/// beside the main bundle instead of after it has run.
fn module_preloads(chunks: &HashMap<String, Vec<String>>, modules: &[&str]) -> String {
    let mut seen = std::collections::HashSet::new();
    modules
        .iter()
        .flat_map(|module| chunks.get(*module).into_iter().flatten())
        .filter(|file| seen.insert(*file))
        .map(|file| {
            format!("<link rel=\"modulepreload\" crossorigin href=\"/{}\">", sharing::escape(file))
        })
        .collect()
}

/// Vite's manifest read into: source module → its chunk file and every chunk that one
/// imports, directly or not (each once, the module's own first).
fn chunks_of(manifest: &[u8]) -> anyhow::Result<HashMap<String, Vec<String>>> {
    #[derive(serde::Deserialize)]
    struct Entry {
        file: String,
        #[serde(default)]
        imports: Vec<String>,
        /// The main bundle: loaded by index.html already.
        #[serde(default, rename = "isEntry")]
        is_entry: bool,
    }
    let entries: HashMap<String, Entry> = serde_json::from_slice(manifest)?;
    let mut chunks = HashMap::new();
    for (module, entry) in &entries {
        let mut files = vec![entry.file.clone()];
        let mut pending: Vec<&String> = entry.imports.iter().collect();
        let mut seen = std::collections::HashSet::new();
        while let Some(key) = pending.pop() {
            if !seen.insert(key) {
                continue;
            }
            if let Some(imported) = entries.get(key).filter(|imported| !imported.is_entry) {
                files.push(imported.file.clone());
                pending.extend(imported.imports.iter());
            }
        }
        chunks.insert(module.clone(), files);
    }
    Ok(chunks)
}

/// The stylesheet `index.html` links to (its `<link>` as written, and the file's text).
fn stylesheet_of(index: &str, files: &HashMap<String, StaticFile>) -> Option<(String, String)> {
    let start = index.find("<link rel=\"stylesheet\"")?;
    let link = &index[start..start + index[start..].find('>')? + 1];
    let href = link.split("href=\"").nth(1)?.split('"').next()?;
    let css = std::str::from_utf8(files.get(href)?.bytes()).ok()?.to_owned();
    Some((link.to_owned(), css))
}

/// `index.html` split around its `<title>` element, with a generic `<meta name="description">`
/// taken out so the page's own is the only one.
fn split_at_title(index: &[u8]) -> Option<(String, String)> {
    let html = std::str::from_utf8(index).ok()?;
    let start = html.find("<title>")?;
    let end = html[start..].find("</title>")? + start + "</title>".len();
    let without_description = |part: &str| -> String {
        match part.find("<meta name=\"description\"") {
            Some(at) => match part[at..].find('>') {
                Some(close) => format!("{}{}", &part[..at], &part[at + close + 1..]),
                None => part.to_owned(),
            },
            None => part.to_owned(),
        }
    };
    Some((without_description(&html[..start]), without_description(&html[end..])))
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    /// The built client in `dir` as `client` reads it: its files, then its landing pages.
    fn load(dir: &Path) -> (StaticFiles, LandingPages) {
        let mut files = StaticFiles::load(dir).unwrap();
        let pages = LandingPages::of(dir, &mut files).unwrap();
        (files, pages)
    }

    #[test]
    fn a_modules_chunks_are_its_own_then_every_import_but_the_main_bundle() {
        let manifest = br#"{
            "index.html": { "file": "assets/index-1.js", "isEntry": true, "imports": [] },
            "src/features/guides/guide-detail-page.tsx": { "file": "assets/guide-detail-page-2.js", "isDynamicEntry": true, "imports": ["index.html", "_photo-3.js"] },
            "_photo-3.js": { "file": "assets/photo-3.js", "imports": ["index.html", "_icons-4.js"] },
            "_icons-4.js": { "file": "assets/icons-4.js", "imports": ["_photo-3.js"] }
        }"#;

        let chunks = chunks_of(manifest).unwrap();

        let mut detail = chunks["src/features/guides/guide-detail-page.tsx"].clone();
        assert_eq!(detail.remove(0), "assets/guide-detail-page-2.js");
        detail.sort();
        assert_eq!(detail, ["assets/icons-4.js", "assets/photo-3.js"]);
    }

    #[test]
    fn the_root_names_the_landing_pages_code_and_other_paths_do_not() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".vite")).unwrap();
        std::fs::write(
            dir.path().join("index.html"),
            "<html><head><title>Yatra</title></head><body></body></html>",
        )
        .unwrap();
        let manifest = r#"{"index.html": {"file": "assets/index-1.js", "isEntry": true},
            "src/features/home/home-page.tsx": {"file": "assets/home-page-2.js", "imports": ["index.html", "_card-3.js"]},
            "_card-3.js": {"file": "assets/card-3.js"},
            "src/i18n/locales/en/home.json": {"file": "assets/home-4.js"}}"#;
        std::fs::write(dir.path().join(".vite/manifest.json"), manifest).unwrap();
        let (files, _) = load(dir.path());

        let landing = String::from_utf8(files.landing.as_ref().unwrap().bytes().to_vec()).unwrap();
        let index = String::from_utf8(files.by_path["/index.html"].bytes().to_vec()).unwrap();

        let links = ["/assets/home-page-2.js", "/assets/card-3.js", "/assets/home-4.js"]
            .map(|file| format!("<link rel=\"modulepreload\" crossorigin href=\"{file}\">"))
            .concat();
        assert_eq!(
            landing,
            format!("<html><head><title>Yatra</title>{links}</head><body></body></html>")
        );
        assert!(!index.contains("modulepreload"), "{index}");
        assert!(!files.by_path.contains_key("/.vite/manifest.json"), "the manifest is not served");
    }

    const BUILT_INDEX: &str = concat!(
        "<html lang=\"en\"><head><title>Yatra</title>",
        "<script type=\"module\" crossorigin src=\"/assets/index-1.js\"></script>",
        "<link rel=\"modulepreload\" crossorigin href=\"/assets/messages-2.js\">",
        "<link rel=\"modulepreload\" crossorigin href=\"/assets/auth-3.js\">",
        "<link rel=\"stylesheet\" crossorigin href=\"/assets/index-4.css\">",
        "</head><body><div id=\"root\"></div></body></html>"
    );

    #[test]
    fn a_drawn_page_starts_the_app_after_its_paint_and_names_no_module_before_it() {
        let start = AppStart::of(BUILT_INDEX).unwrap();
        let page = start.deferring(BUILT_INDEX.to_owned());
        assert!(!page.contains("modulepreload"), "{page}");
        assert!(!page.contains("/assets/index-1.js\"></script>"), "{page}");
        assert!(
            page.contains("<script type=\"module\" src=\"/start.js\" data-app=\"/assets/index-1.js\" data-preload=\"/assets/messages-2.js /assets/auth-3.js\"></script>"),
            "{page}"
        );
        // Everything else is as built.
        assert!(
            page.contains("<link rel=\"stylesheet\" crossorigin href=\"/assets/index-4.css\">")
        );
        assert!(AppStart::of("<html><head></head><body></body></html>").is_none());
    }

    #[test]
    fn the_stylesheet_to_inline_is_the_one_index_html_links() {
        let mut files = HashMap::new();
        files.insert(
            "/assets/index-4.css".to_owned(),
            StaticFile::new("assets/index-4.css", b"body{margin:0}".to_vec(), true).unwrap(),
        );
        let (link, css) = stylesheet_of(BUILT_INDEX, &files).unwrap();
        assert_eq!(link, "<link rel=\"stylesheet\" crossorigin href=\"/assets/index-4.css\">");
        assert_eq!(css, "body{margin:0}");
        assert!(
            stylesheet_of(BUILT_INDEX, &HashMap::new()).is_none(),
            "a link to a file the build lacks is not inlined"
        );
    }

    #[test]
    fn a_built_client_without_its_renderer_draws_no_page_and_serves_the_renderer_to_no_one() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), BUILT_INDEX).unwrap();
        assert!(load(dir.path()).1.renderer.is_none());
        std::fs::create_dir_all(dir.path().join(".server")).unwrap();
        std::fs::write(dir.path().join(".server/entry-server.js"), "").unwrap();
        let (files, pages) = load(dir.path());
        assert!(pages.renderer.is_some());
        assert!(
            files.by_path.keys().all(|path| !path.starts_with("/.server")),
            "{:?}",
            files.by_path.keys()
        );
    }

    #[tokio::test]
    async fn a_drawn_page_carries_its_markup_answers_and_stylesheet_and_no_answer_can_close_its_script()
     {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("assets")).unwrap();
        std::fs::create_dir_all(dir.path().join(".server")).unwrap();
        std::fs::write(dir.path().join("index.html"), BUILT_INDEX).unwrap();
        std::fs::write(dir.path().join("assets/index-4.css"), "body{margin:0}").unwrap();
        // A renderer whose answers hold what a guide could write in a bio.
        let renderer = r#"
            require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
              const { id, language } = JSON.parse(line)
              const answer = { id, html: `<main>${language}</main>`, cache: [['guide:1', { bio: '</script><script>alert(1)</script>' }, {}]] }
              process.stdout.write(JSON.stringify(answer) + '\n')
            })
        "#;
        std::fs::write(dir.path().join(".server/entry-server.js"), renderer).unwrap();
        let (_, pages) = load(dir.path());
        let paint = FirstPaint::of("/").unwrap();
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT, HeaderValue::from_static("text/html"));
        headers.insert(header::COOKIE, HeaderValue::from_static("yatra_language=ne"));

        let key = |query: &str, headers: &HeaderMap| {
            PageKey::of("/", query, headers, String::new(), None)
        };
        assert!(pages.draws(&key("", &headers), &paint, None));
        let page = pages.drawn(&key("", &headers), &paint, None).await.unwrap();
        assert!(page.starts_with("<html lang=\"ne\">"), "{page}");
        assert!(page.contains("<div id=\"root\" inert><main>ne</main></div>"), "{page}");
        assert!(
            page.contains("<style>body{margin:0}</style><link disabled rel=\"stylesheet\""),
            "{page}"
        );
        assert!(page.contains(r#"<script type="application/json" id="page-cache">[["guide:1",{"bio":"\u003c/script>\u003cscript>alert(1)\u003c/script>"},{}]]</script>"#), "{page}");
        assert_eq!(
            page.matches("<script").count(),
            2,
            "the app's start and the answers only: {page}"
        );

        // Not for a signed-in reader, a query, or a request that is not a page load.
        headers.insert(header::COOKIE, HeaderValue::from_static("yatra_signed_in=1"));
        assert!(!pages.draws(&key("", &headers), &paint, None));
        headers.remove(header::COOKIE);
        assert!(!pages.draws(&key("category=adventure", &headers), &paint, None));
        headers.insert(header::ACCEPT, HeaderValue::from_static("*/*"));
        assert!(!pages.draws(&key("", &headers), &paint, None));
    }

    #[test]
    fn only_the_pages_travellers_land_on_have_a_first_paint_and_odd_ids_none() {
        assert_eq!(
            FirstPaint::of("/guides/abc123").and_then(|p| p.api_path),
            Some("/api/v1/users/guide/abc123".to_owned())
        );
        assert_eq!(
            FirstPaint::of("/destination/abc").and_then(|p| p.api_path),
            Some("/api/v1/users/destination/abc".to_owned())
        );
        assert_eq!(
            FirstPaint::of("/blog/abc").and_then(|p| p.api_path),
            Some("/api/v1/users/blog/abc".to_owned())
        );
        assert!(FirstPaint::of("/guides").is_some_and(|p| p.is_list));
        for path in [
            "/",
            "/blogs",
            "/guides/",
            "/guides/a/b",
            "/guides/a%2Fb",
            "/guides/..",
            "/blog/dashboard?x",
            "/login",
        ] {
            assert!(
                FirstPaint::of(path)
                    .is_none_or(|p| !p.api_path.is_some_and(|api| api.contains(['%', '.', '?']))),
                "{path}"
            );
        }
        assert!(FirstPaint::of("/guides/a/b").is_none());
        assert!(FirstPaint::of("/guides/..").is_none());
    }
}
