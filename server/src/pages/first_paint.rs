//! The first paint of the pages travellers land on, drawn on the server by the client's own
//! code: the built client carries a renderer (`web/src/entry-server.ts`, built into
//! `<web dir>/.server/entry-server.js`) that renders a route with React for a signed-out
//! reader in a given language, from the API answer the page shows. It runs in one Node
//! process per replica, started on first use, that takes one JSON request per line on
//! stdin and answers one line on stdout; a render that fails, takes too long or finds no
//! Node leaves the page to the browser, as before (`landing.rs` then names what the page
//! needs instead).
//!
//! Rendered pages are kept by path, language and the API answer they were drawn from, so
//! a page whose answer has not changed is not drawn again, and one whose answer changed
//! (the catalogue's cache drops it, `catalogue.rs`) is.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use axum::http::{HeaderMap, header};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::sync::{mpsc, oneshot};

/// The languages the client speaks, as its language switcher names them.
const LANGUAGES: &[&str] = &["en", "ne", "ne-latn"];
/// The cookies the client sets for the server (`web/src/lib/server-hints.ts`).
const LANGUAGE_COOKIE: &str = "yatra_language";
const SIGNED_IN_COOKIE: &str = "yatra_signed_in";
/// A render's longest wait, queue included; the first one also starts Node.
const RENDER_TIMEOUT: Duration = Duration::from_secs(3);
/// Requests waiting for the renderer at most; past it, pages go out without a first paint.
const QUEUE: usize = 64;
/// Rendered pages kept at most; past it, all go (the popular ones come back at once).
const KEPT_PAGES: usize = 500;

/// A page drawn on the server: the markup inside `#root`, and the answers it was drawn with
/// as JSON, for the client's cache.
pub struct Rendered {
    pub html: String,
    pub cache: String,
}

#[derive(Serialize)]
struct RenderRequest<'a> {
    id: u64,
    path: &'a str,
    language: &'a str,
    data: Option<PageData<'a>>,
}

#[derive(Serialize)]
struct PageData<'a> {
    url: &'a str,
    body: &'a str,
}

#[derive(Deserialize)]
struct RenderAnswer {
    id: u64,
    html: Option<String>,
    #[serde(default)]
    cache: serde_json::Value,
    error: Option<String>,
}

/// A render's outcome: `None` when it could not be known (Node missing, stalled or gone),
/// else the page, or `None` for a route that redirects or a page that failed to render.
type Outcome = Option<Option<Arc<Rendered>>>;
/// A page to draw: its path, the reader's language and the API answer (URL and body).
struct Page {
    path: String,
    language: &'static str,
    data: Option<(String, String)>,
}
type Job = (Page, oneshot::Sender<Outcome>);
type Key = (String, &'static str, [u8; 32]);

pub struct Renderer {
    script: PathBuf,
    jobs: OnceLock<mpsc::Sender<Job>>,
    kept: Mutex<HashMap<Key, Option<Arc<Rendered>>>>,
}

impl Renderer {
    /// The renderer of the client built in `web_dir`, if the build has one.
    pub fn of(web_dir: &Path) -> Option<Arc<Self>> {
        let script = web_dir.join(".server").join("entry-server.js");
        if !script.exists() {
            tracing::warn!(script = %script.display(), "no first-paint renderer in the built client: pages are drawn by the browser only");
            return None;
        }
        Some(Arc::new(Self { script, jobs: OnceLock::new(), kept: Mutex::new(HashMap::new()) }))
    }

    /// The page at `path` for a reader in `language`, drawn from `data` (the API answer's URL
    /// and body), or `None` (no Node, a failed or slow render, a route that redirects).
    pub async fn render(
        &self,
        path: &str,
        language: &'static str,
        data: Option<(&str, &str)>,
    ) -> Option<Arc<Rendered>> {
        let digest: [u8; 32] =
            Sha256::digest(data.map(|(_, body)| body).unwrap_or_default()).into();
        let key = (path.to_owned(), language, digest);
        if let Some(kept) = self.kept.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return kept.clone();
        }
        let page = Page {
            path: path.to_owned(),
            language,
            data: data.map(|(url, body)| (url.to_owned(), body.to_owned())),
        };
        let (answer, answered) = oneshot::channel();
        // A full queue means the renderer is behind: this page goes out without a first paint.
        self.jobs().try_send((page, answer)).ok()?;
        // Only a known outcome is kept: the next request tries again after a stall.
        let rendered = tokio::time::timeout(RENDER_TIMEOUT, answered).await.ok()?.ok()??;
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() >= KEPT_PAGES {
            kept.clear();
        }
        kept.insert(key, rendered.clone());
        rendered
    }

    /// Starts Node and draws the landing page in English now, so the first visitor after a
    /// start does not wait for either (outside a runtime, as in some tests, it happens on first use).
    pub fn warm_up(self: &Arc<Self>) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
        let renderer = self.clone();
        runtime.spawn(async move { renderer.render("/", "en", None).await });
    }

    fn jobs(&self) -> &mpsc::Sender<Job> {
        self.jobs.get_or_init(|| {
            let (jobs, queue) = mpsc::channel(QUEUE);
            tokio::spawn(run(self.script.clone(), queue));
            jobs
        })
    }
}

/// The language to draw a page in, or `None` for a signed-in reader, whose page the browser
/// draws: the reader's choice (a cookie), else Nepali when the browser lists it at all
/// (as `readLanguageChoice` in the client does), else English.
pub fn reader_language(headers: &HeaderMap) -> Option<&'static str> {
    let cookies: Vec<(&str, &str)> = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .collect();
    if cookies.iter().any(|(name, value)| *name == SIGNED_IN_COOKIE && !value.is_empty()) {
        return None;
    }
    if let Some(chosen) = cookies
        .iter()
        .rev()
        .find(|(name, _)| *name == LANGUAGE_COOKIE)
        .and_then(|(_, value)| LANGUAGES.iter().find(|l| *l == value))
    {
        return Some(chosen);
    }
    let asks_nepali = headers
        .get_all(header::ACCEPT_LANGUAGE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|tag| tag.split(';').next().unwrap_or_default().trim())
        .any(|tag| {
            tag.eq_ignore_ascii_case("ne")
                || tag.get(..3).is_some_and(|prefix| prefix.eq_ignore_ascii_case("ne-"))
        });
    Some(if asks_nepali { "ne" } else { "en" })
}

/// The renderer's loop: one Node process, one request at a time (a render sets the process's
/// language). A process that fails or stalls is stopped and the next request starts another.
async fn run(script: PathBuf, mut queue: mpsc::Receiver<Job>) {
    let mut worker: Option<Worker> = None;
    let mut next_id = 0u64;
    while let Some((page, answer)) = queue.recv().await {
        if answer.is_closed() {
            continue;
        }
        if worker.is_none() {
            worker = Worker::start(&script)
                .inspect_err(|e| tracing::warn!(error = %e, "first-paint renderer not started"))
                .ok();
        }
        let Some(running) = worker.as_mut() else {
            let _ = answer.send(None);
            continue;
        };
        next_id += 1;
        let data = page.data.as_ref().map(|(url, body)| PageData { url, body });
        let Ok(request) = serde_json::to_string(&RenderRequest {
            id: next_id,
            path: &page.path,
            language: page.language,
            data,
        }) else {
            let _ = answer.send(None);
            continue;
        };
        match tokio::time::timeout(RENDER_TIMEOUT, running.ask(&request, next_id)).await {
            Ok(Ok(rendered)) => {
                let _ = answer.send(Some(rendered.map(Arc::new)));
            }
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "first-paint renderer failed; restarting it");
                worker = None;
                let _ = answer.send(None);
            }
            Err(_) => {
                tracing::warn!("first-paint render took too long; restarting the renderer");
                worker = None;
                let _ = answer.send(None);
            }
        }
    }
}

struct Worker {
    // Dropping the child kills it (`kill_on_drop`).
    _child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Worker {
    fn start(script: &Path) -> std::io::Result<Self> {
        let node = std::env::var_os("YATRA_NODE").unwrap_or_else(|| "node".into());
        let mut child = Command::new(node)
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(std::io::Error::other("the renderer's pipes are missing"));
        };
        tracing::info!(script = %script.display(), "first-paint renderer started");
        Ok(Self { _child: child, stdin, stdout: BufReader::new(stdout) })
    }

    /// Sends one request line and reads answers until its own (an answer to a request that
    /// timed out earlier is skipped).
    async fn ask(&mut self, request: &str, id: u64) -> anyhow::Result<Option<Rendered>> {
        self.stdin.write_all(request.as_bytes()).await?;
        self.stdin.write_all(b"\n").await?;
        self.stdin.flush().await?;
        loop {
            let mut line = String::new();
            if self.stdout.read_line(&mut line).await? == 0 {
                anyhow::bail!("the renderer exited");
            }
            let answer: RenderAnswer = serde_json::from_str(&line)?;
            if answer.id != id {
                continue;
            }
            if let Some(error) = answer.error {
                // The page itself failed to render: Node is fine, the browser draws this one.
                tracing::warn!(error, "first paint not rendered");
                return Ok(None);
            }
            return Ok(answer.html.map(|html| Rendered { html, cache: answer.cache.to_string() }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(name.clone(), HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn a_page_is_drawn_in_the_readers_chosen_language_else_as_the_browser_asks() {
        assert_eq!(reader_language(&headers(&[])), Some("en"));
        assert_eq!(
            reader_language(&headers(&[(header::ACCEPT_LANGUAGE, "en-GB,en;q=0.9")])),
            Some("en")
        );
        assert_eq!(
            reader_language(&headers(&[(header::ACCEPT_LANGUAGE, "en-US, ne-NP;q=0.8")])),
            Some("ne")
        );
        assert_eq!(reader_language(&headers(&[(header::ACCEPT_LANGUAGE, "new,nl")])), Some("en"));
        let chosen =
            [(header::ACCEPT_LANGUAGE, "ne"), (header::COOKIE, "a=1; yatra_language=ne-latn")];
        assert_eq!(reader_language(&headers(&chosen)), Some("ne-latn"));
        let english = [(header::ACCEPT_LANGUAGE, "ne"), (header::COOKIE, "yatra_language=en")];
        assert_eq!(reader_language(&headers(&english)), Some("en"));
        // A value the client never writes is no choice.
        assert_eq!(
            reader_language(&headers(&[(header::COOKIE, "yatra_language=<script>")])),
            Some("en")
        );
    }

    /// A built client whose renderer is `script` (JavaScript run by Node).
    fn client_with_renderer(script: &str) -> (tempfile::TempDir, Arc<Renderer>) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".server")).unwrap();
        std::fs::write(dir.path().join(".server/entry-server.js"), script).unwrap();
        let renderer = Renderer::of(dir.path()).unwrap();
        (dir, renderer)
    }

    // Answers each request with how many it has had and what it was asked, or an error for `/broken`.
    const COUNTING: &str = r#"
        let count = 0
        require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
          const { id, path, language, data } = JSON.parse(line)
          count += 1
          const answer = path === '/broken' ? { id, error: 'Error: broken' } : { id, html: `${count} ${path} ${language} ${data?.body ?? ''}`, cache: [['k', count, {}]] }
          process.stdout.write(JSON.stringify(answer) + '\n')
        })
    "#;

    #[tokio::test]
    async fn a_page_is_drawn_once_per_answer_and_a_page_that_fails_is_left_to_the_browser() {
        let (_dir, renderer) = client_with_renderer(COUNTING);
        let first =
            renderer.render("/guides/a", "ne", Some(("/api/a", "{\"v\":1}"))).await.unwrap();
        assert_eq!(first.html, "1 /guides/a ne {\"v\":1}");
        assert_eq!(first.cache, r#"[["k",1,{}]]"#);
        // The same answer: kept, not drawn again. Another answer, or language: drawn.
        assert_eq!(
            renderer.render("/guides/a", "ne", Some(("/api/a", "{\"v\":1}"))).await.unwrap().html,
            first.html
        );
        assert_eq!(
            renderer.render("/guides/a", "ne", Some(("/api/a", "{\"v\":2}"))).await.unwrap().html,
            "2 /guides/a ne {\"v\":2}"
        );
        assert_eq!(
            renderer.render("/guides/a", "en", Some(("/api/a", "{\"v\":2}"))).await.unwrap().html,
            "3 /guides/a en {\"v\":2}"
        );
        assert!(renderer.render("/broken", "en", None).await.is_none());
        // The renderer lives on after a page's error.
        assert_eq!(renderer.render("/", "en", None).await.unwrap().html, "5 / en ");
    }

    #[tokio::test]
    async fn a_renderer_that_dies_costs_the_first_paint_not_the_page() {
        let (_dir, renderer) = client_with_renderer("process.exit(3)");
        assert!(renderer.render("/", "en", None).await.is_none());
        // Tried again on the next request (it may have been a one-off), and again nothing.
        assert!(renderer.render("/", "en", None).await.is_none());
    }

    #[test]
    fn a_signed_in_readers_page_is_left_to_the_browser() {
        assert_eq!(
            reader_language(&headers(&[(header::COOKIE, "yatra_language=ne; yatra_signed_in=1")])),
            None
        );
        assert_eq!(reader_language(&headers(&[(header::COOKIE, "yatra_signed_in=")])), Some("en"));
    }
}
