//! How the server listens and answers: its address and public URL, the built client,
//! CORS, the proxy in front of it, time limits, rate limits, metrics and the catalogue
//! cache.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::bail;

use super::read::{flag, megabytes, seconds};

#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Where to listen (`YATRA_ADDR`, default `127.0.0.1:8080`).
    pub addr: SocketAddr,
    /// The address people reach Yatra at, without a trailing slash (`YATRA_PUBLIC_URL`,
    /// default `http://<addr>`): links in emails, payment redirects, the sitemap.
    pub public_url: String,
    /// The built client (`YATRA_WEB_DIR`, default `web/dist`).
    pub web_dir: PathBuf,
    /// Origins allowed to call the API from a browser (`YATRA_CORS_ORIGINS`); `*` is any.
    pub cors_origins: Vec<String>,
    /// Take the caller's address from the right-most `X-Forwarded-For` entry, the one
    /// our own proxy appended (only behind a proxy you run).
    pub trust_proxy: bool,
    /// Sign-in and rate limits (`YATRA_RATE_LIMITS=false` only for load benchmarks).
    pub rate_limits: bool,
    /// A request still running after this is answered 503; for uploads the clock starts
    /// once the body has arrived (`YATRA_REQUEST_TIMEOUT_SECS`, default 30).
    pub request_timeout: Duration,
    /// An upload whose body stops arriving for this long is answered 408
    /// (`YATRA_UPLOAD_STALL_SECS`, default 10).
    pub upload_stall_timeout: Duration,
    /// `GET /metrics` in Prometheus text format (`YATRA_METRICS`, default true).
    pub metrics: bool,
    /// Keep the public catalogue's answers in memory until something they show changes
    /// (`YATRA_CATALOGUE_CACHE`, default true; see `catalogue`).
    pub catalogue_cache: bool,
    /// The most the kept answers may take, in bytes; past it the least recently used go
    /// (`YATRA_CATALOGUE_CACHE_MB`, default 32).
    pub catalogue_cache_bytes: usize,
    /// Answer guide lists and searches from memory (`YATRA_SEARCH_INDEX`, default true; see
    /// `guides::search_index`); `false` asks the database every time.
    pub search_index: bool,
}

impl ServerConfig {
    pub(super) fn from_lookup(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let addr_text = get("YATRA_ADDR").unwrap_or_else(|| "127.0.0.1:8080".into());
        let addr: SocketAddr = addr_text.trim().parse().map_err(|_| {
            anyhow::anyhow!("YATRA_ADDR {addr_text:?} is not a valid address (expected host:port, e.g. 127.0.0.1:8080)")
        })?;

        let web_dir = PathBuf::from(get("YATRA_WEB_DIR").unwrap_or_else(|| "web/dist".into()));

        let public_url = get("YATRA_PUBLIC_URL").unwrap_or_else(|| format!("http://{addr}"));
        if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
            bail!("YATRA_PUBLIC_URL {public_url:?} must start with http:// or https://");
        }
        let public_url = public_url.trim_end_matches('/').to_owned();

        let cors_origins: Vec<String> = get("YATRA_CORS_ORIGINS")
            .map(|list| {
                list.split(',')
                    .map(|o| o.trim().trim_end_matches('/').to_owned())
                    .filter(|o| !o.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        for origin in &cors_origins {
            if origin != "*" && origin.parse::<axum::http::HeaderValue>().is_err() {
                bail!("YATRA_CORS_ORIGINS has an invalid origin {origin:?}");
            }
        }

        let trust_proxy = flag(get, "YATRA_TRUST_PROXY", false)?;

        let rate_limits = match get("YATRA_RATE_LIMITS").as_deref() {
            None | Some("1") | Some("true") => true,
            Some("0") | Some("false") => false,
            Some(other) => bail!("YATRA_RATE_LIMITS {other:?} must be true or false"),
        };

        Ok(Self {
            addr,
            public_url,
            web_dir,
            cors_origins,
            trust_proxy,
            rate_limits,
            request_timeout: seconds(get, "YATRA_REQUEST_TIMEOUT_SECS", 30)?,
            upload_stall_timeout: seconds(get, "YATRA_UPLOAD_STALL_SECS", 10)?,
            metrics: flag(get, "YATRA_METRICS", true)?,
            catalogue_cache: flag(get, "YATRA_CATALOGUE_CACHE", true)?,
            catalogue_cache_bytes: megabytes(get, "YATRA_CATALOGUE_CACHE_MB", 32)? * 1024 * 1024,
            search_index: flag(get, "YATRA_SEARCH_INDEX", true)?,
        })
    }
}
