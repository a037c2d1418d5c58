//! The public catalogue's answers, kept in memory. The guide list, search, a guide's
//! page and reviews, destinations, tours and the blog feed are read far more often than they
//! change, and their answers do not depend on who asks (the blog pages do, through
//! likes: those are kept only for anonymous requests). A kept answer is the response as
//! it went out: status 200, headers and body bytes (compressed, when the client asked),
//! under the path, the query with its parameters in order, `Accept-Language` and
//! `Accept-Encoding`. Many requests missing the same answer at once run the handler once
//! and the others wait for its answer.
//!
//! Invalidation is by generation: every answer is kept with the generation that was
//! current before its handler read the database, and only answers of the current
//! generation are served. Every API write that may change a public answer (anything but
//! signing in, notifications, messages, reports and saved lists, and not a refused 4xx) moves this
//! replica to a new generation before its response goes out, so the writer's next read
//! sees the change, and tells the other replicas through PostgreSQL `NOTIFY` (the
//! notification hub's channel), which move on within milliseconds. Changes that come
//! from elsewhere (a suspension running out, the command line, a replica that lost its
//! listening connection and reconnected, which also moves on) are seen within
//! `KEPT_FOR` at the latest.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use lru::LruCache;

use crate::db::Db;
use crate::error::AppError;
use crate::hub::{Announcement, NotificationHub};
use crate::search_index::SearchIndex;

/// The longest an answer is served, whatever happens meanwhile.
pub const KEPT_FOR: Duration = Duration::from_secs(10);
/// A larger answer is served but not kept.
const MAX_ANSWER_BYTES: usize = 512 * 1024;
/// What keeping one answer costs beyond its key, headers and body (the map's entry and
/// the list's links), counted so that many tiny answers cannot exceed the budget.
const ANSWER_OVERHEAD_BYTES: usize = 256;

/// The routes whose answers are kept, and whether the answer depends on the signed-in
/// viewer (then only anonymous requests use the cache).
const ROUTES: [(&str, bool); 11] = [
    ("/api/v1/users/guides", false),
    ("/api/v1/users/guide/{id}", true),
    ("/api/v1/users/search", false),
    ("/api/v1/users/ratings/{id}", false),
    ("/api/v1/users/destinations", false),
    ("/api/v1/users/destination/{id}", false),
    ("/api/v1/users/blogs", true),
    ("/api/v1/users/blog/{blogId}", true),
    ("/api/v1/users/tours", false),
    ("/api/v1/users/tour/{id}", false),
    ("/api/v1/users/tour/{id}/quote", false),
];

/// Writes under these paths never change a public answer.
const PRIVATE_WRITES: [&str; 5] = [
    "/api/v1/auth/",
    "/api/v1/notifications/",
    "/api/v1/conversations",
    "/api/v1/reports",
    "/api/v1/favourites/",
];

/// Writes under a private prefix that do change public answers: deleting an account takes
/// a guide off the catalogue and renames reviewers "Deleted user".
const PUBLIC_EXCEPTIONS: [&str; 1] = ["/api/v1/auth/account"];

#[derive(Clone)]
pub struct CatalogueCache {
    inner: Arc<Inner>,
}

struct Inner {
    generation: AtomicU64,
    answers: Mutex<Answers>,
    /// One lock per answer being computed, so concurrent misses compute it once.
    filling: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
}

/// The kept answers, least recently used first out, within a budget of bytes: however
/// varied the traffic, the cache's memory stays bounded, and the answers asked for most
/// stay in it.
struct Answers {
    kept: LruCache<String, Kept>,
    bytes: usize,
    budget: usize,
}

struct Kept {
    generation: u64,
    at: Instant,
    headers: HeaderMap,
    body: Bytes,
}

impl Kept {
    fn cost(&self, key: &str) -> usize {
        let headers: usize =
            self.headers.iter().map(|(name, value)| name.as_str().len() + value.len()).sum();
        key.len() + headers + self.body.len() + ANSWER_OVERHEAD_BYTES
    }
}

impl Answers {
    fn insert(&mut self, key: String, kept: Kept) {
        let cost = kept.cost(&key);
        if cost > self.budget {
            return;
        }
        if let Some(old) = self.kept.pop(&key) {
            self.bytes -= old.cost(&key);
        }
        while self.bytes + cost > self.budget {
            let Some((old_key, old)) = self.kept.pop_lru() else { break };
            self.bytes -= old.cost(&old_key);
        }
        self.bytes += cost;
        self.kept.put(key, kept);
    }
}

impl CatalogueCache {
    /// An empty cache whose answers may take up to `budget` bytes.
    pub fn new(budget: usize) -> Self {
        Self {
            inner: Arc::new(Inner {
                generation: AtomicU64::new(0),
                answers: Mutex::new(Answers { kept: LruCache::unbounded(), bytes: 0, budget }),
                filling: Mutex::default(),
            }),
        }
    }

    /// Follows the other replicas' changes (and this one's, on PostgreSQL, where they
    /// come back through `NOTIFY`), and changes made elsewhere that the guide search finds
    /// each `search_index::FOLLOW_EVERY`. The search catches up before answers move on, so
    /// an answer kept after a change is never made from the search's older state.
    pub fn follow(
        &self,
        mut announcements: tokio::sync::broadcast::Receiver<Announcement>,
        search: Option<SearchIndex>,
        db: Db,
    ) {
        let cache = self.clone();
        tokio::spawn(async move {
            use tokio::sync::broadcast::error::RecvError;
            let mut tick = tokio::time::interval(crate::search_index::FOLLOW_EVERY);
            loop {
                let changed = tokio::select! {
                    announcement = announcements.recv() => match announcement {
                        Ok(Announcement::CatalogueChanged) => true,
                        Ok(_) => false,
                        // Announcements were missed; one of them may have been a change.
                        Err(RecvError::Lagged(_)) => true,
                        Err(RecvError::Closed) => return,
                    },
                    _ = tick.tick() => false,
                };
                let caught_up = match &search {
                    Some(search) => search.catch_up(&db).await,
                    None => Ok(false),
                };
                match caught_up {
                    Ok(found) if changed || found => cache.move_on(),
                    Ok(_) => {}
                    Err(error) => {
                        tracing::warn!(%error, "guide search could not catch up; will try again");
                        cache.move_on();
                    }
                }
            }
        });
    }

    /// Forgets every answer kept so far.
    pub fn move_on(&self) {
        self.inner.generation.fetch_add(1, Ordering::SeqCst);
    }

    /// The generation answers are kept with now.
    pub fn current(&self) -> u64 {
        self.inner.generation.load(Ordering::SeqCst)
    }

    fn answers(&self) -> std::sync::MutexGuard<'_, Answers> {
        self.inner.answers.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn answer(&self, key: &str) -> Option<Response> {
        let current = self.current();
        let (headers, body) = {
            let mut answers = self.answers();
            let kept = answers
                .kept
                .get(key)
                .filter(|kept| kept.generation == current && kept.at.elapsed() < KEPT_FOR)?;
            (kept.headers.clone(), kept.body.clone())
        };
        let mut response = Response::new(Body::from(body));
        *response.headers_mut() = headers;
        Some(response)
    }

    fn keep(&self, key: String, kept: Kept) {
        self.answers().insert(key, kept);
    }

    /// How many bytes the kept answers take now.
    pub fn bytes(&self) -> usize {
        self.answers().bytes
    }

    fn fill_lock(&self, key: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut filling =
            self.inner.filling.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        filling.entry(key.to_owned()).or_default().clone()
    }

    /// Drops the answer's lock once nobody else waits on it.
    fn release(&self, key: &str, lock: Arc<tokio::sync::Mutex<()>>) {
        let mut filling =
            self.inner.filling.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        // One reference in the map, one here: nobody else is waiting.
        if Arc::strong_count(&lock) <= 2 {
            filling.remove(key);
        }
    }
}

/// The cache's key for a request to a kept route, or `None` when this request must not
/// use the cache.
fn key_of(request: &Request) -> Option<String> {
    let route = request.extensions().get::<MatchedPath>()?.as_str();
    key_for(request.method(), route, request.uri(), request.headers())
}

fn key_for(
    method: &Method,
    route: &str,
    uri: &axum::http::Uri,
    headers: &HeaderMap,
) -> Option<String> {
    if method != Method::GET {
        return None;
    }
    let (_, per_viewer) = ROUTES.iter().find(|(path, _)| *path == route)?;
    if *per_viewer && headers.contains_key(header::AUTHORIZATION) {
        return None;
    }
    let mut parameters: Vec<&str> =
        uri.query().unwrap_or("").split('&').filter(|p| !p.is_empty()).collect();
    parameters.sort_unstable();
    let header = |name| headers.get(name).map(|v| v.as_bytes()).unwrap_or(b"");
    let language = String::from_utf8_lossy(header(header::ACCEPT_LANGUAGE));
    let encoding = String::from_utf8_lossy(header(header::ACCEPT_ENCODING));
    Some(format!("{}?{}\n{language}\n{encoding}", uri.path(), parameters.join("&")))
}

/// What `serve` reaches of the application's state (`FromRef` in `http::state`).
#[derive(Clone)]
pub struct CatalogueState {
    pub cache: CatalogueCache,
    /// `YATRA_CATALOGUE_CACHE`: off, answers are never kept (writes still announce).
    pub enabled: bool,
    pub hub: NotificationHub,
    pub db: Db,
    pub search: Option<SearchIndex>,
}

/// Serves kept answers of the public catalogue, keeps new ones, and moves to a new
/// generation after writes (see the module's notes).
pub async fn serve(State(state): State<CatalogueState>, request: Request, next: Next) -> Response {
    let cache = &state.cache;
    let Some(key) = key_of(&request).filter(|_| state.enabled) else {
        let writes = !matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS)
            && (PUBLIC_EXCEPTIONS.contains(&request.uri().path())
                || !PRIVATE_WRITES.iter().any(|prefix| request.uri().path().starts_with(prefix)));
        let response = next.run(request).await;
        // A refused request changed nothing; anything else may have, even a 500 after its commit.
        if writes && !response.status().is_client_error() {
            if let Some(search) = &state.search
                && let Err(error) = search.catch_up(&state.db).await
            {
                tracing::warn!(%error, "guide search could not catch up after a write");
            }
            cache.move_on();
            state.hub.announce_all(&state.db, vec![Announcement::CatalogueChanged]).await;
        }
        return response;
    };
    if let Some(kept) = cache.answer(&key) {
        return kept;
    }
    let lock = cache.fill_lock(&key);
    let guard = lock.lock().await;
    // Whoever held the lock before may have just kept it.
    if let Some(kept) = cache.answer(&key) {
        drop(guard);
        cache.release(&key, lock);
        return kept;
    }
    // Read before the handler reads the database: a change committed meanwhile moves the
    // generation past this one, so what is kept below is never served stale.
    let generation = cache.current();
    let response = next.run(request).await;
    let response = if response.status() == StatusCode::OK {
        let (parts, body) = response.into_parts();
        // Answers are bounded by their handlers (pages of at most 50); read it whole.
        match axum::body::to_bytes(body, usize::MAX).await {
            Ok(bytes) => {
                if bytes.len() <= MAX_ANSWER_BYTES {
                    // A copy of exactly its length: the handler's buffer grew by doubling,
                    // and kept as it is it would hold up to twice what the budget counts.
                    let exact = Bytes::copy_from_slice(&bytes);
                    cache.keep(
                        key.clone(),
                        Kept {
                            generation,
                            at: Instant::now(),
                            headers: parts.headers.clone(),
                            body: exact,
                        },
                    );
                }
                Response::from_parts(parts, Body::from(bytes))
            }
            Err(e) => AppError::Internal(anyhow::anyhow!("cannot read a public answer: {e}"))
                .into_response(),
        }
    } else {
        response
    };
    drop(guard);
    cache.release(&key, lock);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(uri: &str, route: &str, headers: &[(&str, &str)]) -> Option<String> {
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            map.insert(
                axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                value.parse().unwrap(),
            );
        }
        key_for(&Method::GET, route, &uri.parse().unwrap(), &map)
    }

    #[test]
    fn the_order_of_query_parameters_does_not_matter_but_their_values_and_the_language_do() {
        let route = "/api/v1/users/search";
        let a = key("/api/v1/users/search?query=tea&limit=12", route, &[]).unwrap();
        let b = key("/api/v1/users/search?limit=12&query=tea&", route, &[]).unwrap();
        let c = key("/api/v1/users/search?limit=12&query=tee", route, &[]).unwrap();
        let d = key("/api/v1/users/search?query=tea&limit=12", route, &[("accept-language", "ne")])
            .unwrap();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_ne!(a, d);
    }

    fn kept(body_bytes: usize) -> Kept {
        Kept {
            generation: 0,
            at: Instant::now(),
            headers: HeaderMap::new(),
            body: Bytes::from(vec![b'x'; body_bytes]),
        }
    }

    #[test]
    fn kept_answers_stay_within_their_budget_and_the_least_recently_used_go_first() {
        // Room for three answers of about 1 kB.
        let budget = 3 * kept(1000).cost("/answer/1");
        let cache = CatalogueCache::new(budget);
        for n in 1..=3 {
            cache.keep(format!("/answer/{n}"), kept(1000));
        }
        assert!(cache.answer("/answer/1").is_some(), "read: now the most recently used");

        cache.keep("/answer/4".into(), kept(1000));

        assert_eq!(cache.bytes(), budget);
        assert!(cache.answer("/answer/2").is_none(), "the least recently used went");
        for kept_key in ["/answer/1", "/answer/3", "/answer/4"] {
            assert!(cache.answer(kept_key).is_some(), "{kept_key}");
        }
    }

    #[test]
    fn an_answer_larger_than_the_whole_budget_is_not_kept_and_pushes_nothing_out() {
        let cache = CatalogueCache::new(4096);
        cache.keep("/small".into(), kept(100));

        cache.keep("/huge".into(), kept(10_000));

        assert!(cache.answer("/huge").is_none());
        assert!(cache.answer("/small").is_some());
    }

    #[test]
    fn keeping_an_answer_again_replaces_it_and_counts_it_once() {
        let cache = CatalogueCache::new(1 << 20);
        cache.keep("/same".into(), kept(1000));
        let once = cache.bytes();

        cache.keep("/same".into(), kept(1000));

        assert_eq!(cache.bytes(), once);
    }

    #[test]
    fn only_anonymous_requests_use_the_cache_where_the_viewer_matters() {
        let auth = [("authorization", "Bearer x")];
        assert!(key("/api/v1/users/blogs", "/api/v1/users/blogs", &auth).is_none());
        assert!(key("/api/v1/users/blogs", "/api/v1/users/blogs", &[]).is_some());
        assert!(key("/api/v1/users/guides", "/api/v1/users/guides", &auth).is_some());
        assert!(key("/api/v1/guides/bookings", "/api/v1/guides/bookings", &[]).is_none());
    }
}
