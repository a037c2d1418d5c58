//! The built client's files, served from memory: every file is read once at start-up, with
//! brotli and gzip variants computed then, so a request is a lookup and one write. Each
//! variant has its own strong ETag, and the content type follows the file's extension. Any
//! other path gets `index.html` so the client's router decides; a missing hashed asset is a
//! 404. `/` is the landing page's `index.html` when `landing` has made one.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use sha2::{Digest, Sha256};

/// Hashed asset names never change content, so browsers may keep them for a year;
/// everything else (index.html above all) must be revalidated so a deploy is seen at once.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

pub(super) struct StaticFiles {
    /// By URL path (`/index.html`, `/assets/app-1a2b.js`).
    pub(super) by_path: HashMap<String, StaticFile>,
    /// `/`: `index.html` naming the landing page's code, made once at start (`landing.rs`).
    /// It is also the client's wake-up ping, so it costs no more than a static file.
    pub(super) landing: Option<StaticFile>,
}

pub(super) struct StaticFile {
    content_type: HeaderValue,
    cache_control: HeaderValue,
    identity: Variant,
    brotli: Option<Variant>,
    gzip: Option<Variant>,
}

struct Variant {
    bytes: Bytes,
    etag: HeaderValue,
}

#[derive(Clone, Copy)]
enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl StaticFiles {
    pub(super) fn load(web_dir: &Path) -> anyhow::Result<Self> {
        let mut by_path = HashMap::new();
        let mut pending = vec![web_dir.to_path_buf()];
        while let Some(dir) = pending.pop() {
            for entry in std::fs::read_dir(&dir)
                .map_err(|e| anyhow::anyhow!("YATRA_WEB_DIR {}: {e}", dir.display()))?
            {
                let path = entry?.path();
                // The first-paint renderer runs here; it is not for browsers.
                if path == web_dir.join(".server") {
                    continue;
                }
                if path.is_dir() {
                    pending.push(path);
                    continue;
                }
                let relative = path.strip_prefix(web_dir)?.to_string_lossy().replace('\\', "/");
                let bytes = std::fs::read(&path)
                    .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
                let immutable = relative.starts_with("assets/");
                by_path
                    .insert(format!("/{relative}"), StaticFile::new(&relative, bytes, immutable)?);
            }
        }
        Ok(Self { by_path, landing: None })
    }

    pub(super) fn respond(&self, method: &Method, path: &str, headers: &HeaderMap) -> Response {
        if method != Method::GET && method != Method::HEAD {
            let mut response = StatusCode::METHOD_NOT_ALLOWED.into_response();
            response.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
            return response;
        }
        let file = match path {
            "/" => self.landing.as_ref(),
            path => self.by_path.get(path),
        };
        // A missing hashed asset is a stale page asking for an old build: index.html in
        // its place would be parsed as JavaScript.
        let file = match file {
            Some(file) => file,
            None if path.starts_with("/assets/") => return StatusCode::NOT_FOUND.into_response(),
            None => &self.by_path["/index.html"],
        };
        file.respond(method, headers)
    }
}

impl StaticFile {
    /// A page made for one request: gzip at its fastest only (brotli's good levels cost
    /// milliseconds), still with an ETag so an unchanged page answers 304.
    /// The bytes it holds, its copies included.
    pub(super) fn size(&self) -> usize {
        [Some(&self.identity), self.brotli.as_ref(), self.gzip.as_ref()]
            .into_iter()
            .flatten()
            .map(|variant| variant.bytes.len())
            .sum()
    }

    pub(super) fn rendered(bytes: Vec<u8>) -> anyhow::Result<Self> {
        let digest = hex::encode(&Sha256::digest(&bytes)[..12]);
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(&bytes)?;
        let gzip = encoder.finish()?;
        Ok(Self {
            content_type: HeaderValue::from_static("text/html; charset=utf-8"),
            cache_control: HeaderValue::from_static(REVALIDATE),
            brotli: None,
            gzip: Some(Variant {
                bytes: Bytes::from(gzip),
                etag: HeaderValue::from_str(&format!("\"{digest}-gz\""))?,
            }),
            identity: Variant {
                bytes: Bytes::from(bytes),
                etag: HeaderValue::from_str(&format!("\"{digest}\""))?,
            },
        })
    }

    pub(super) fn new(relative: &str, bytes: Vec<u8>, immutable: bool) -> anyhow::Result<Self> {
        let content_type = content_type(relative);
        let digest = hex::encode(&Sha256::digest(&bytes)[..12]);
        let variant = |bytes: Vec<u8>, suffix: &str| -> anyhow::Result<Variant> {
            Ok(Variant {
                bytes: Bytes::from(bytes),
                etag: HeaderValue::from_str(&format!("\"{digest}{suffix}\""))?,
            })
        };
        let (brotli, gzip) = if compressible(content_type) {
            // Kept only where they save something; tiny files go out as they are.
            let smaller =
                |compressed: Vec<u8>| (compressed.len() + 64 < bytes.len()).then_some(compressed);
            (smaller(brotli_of(&bytes)?), smaller(gzip_of(&bytes)?))
        } else {
            (None, None)
        };
        Ok(Self {
            content_type: HeaderValue::from_static(content_type),
            cache_control: HeaderValue::from_static(if immutable { IMMUTABLE } else { REVALIDATE }),
            brotli: brotli.map(|b| variant(b, "-br")).transpose()?,
            gzip: gzip.map(|g| variant(g, "-gz")).transpose()?,
            identity: variant(bytes, "")?,
        })
    }

    /// The file's bytes as they are, not encoded.
    pub(super) fn bytes(&self) -> &[u8] {
        &self.identity.bytes
    }

    pub(super) fn respond(&self, method: &Method, headers: &HeaderMap) -> Response {
        let (variant, encoding) = match preferred_encoding(headers) {
            Encoding::Brotli if self.brotli.is_some() => (self.brotli.as_ref(), Some("br")),
            Encoding::Brotli | Encoding::Gzip if self.gzip.is_some() => {
                (self.gzip.as_ref(), Some("gzip"))
            }
            _ => (None, None),
        };
        let variant = variant.unwrap_or(&self.identity);

        let not_modified =
            headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).is_some_and(|tags| {
                tags.split(',')
                    .map(|t| t.trim().trim_start_matches("W/"))
                    .any(|t| t == "*" || t.as_bytes() == variant.etag.as_bytes())
            });
        let (status, body) = if not_modified {
            (StatusCode::NOT_MODIFIED, Body::empty())
        } else if method == Method::HEAD {
            (StatusCode::OK, Body::empty())
        } else {
            (StatusCode::OK, Body::from(variant.bytes.clone()))
        };

        let mut response = Response::new(body);
        *response.status_mut() = status;
        let out = response.headers_mut();
        out.insert(header::ETAG, variant.etag.clone());
        out.insert(header::CACHE_CONTROL, self.cache_control.clone());
        if self.brotli.is_some() || self.gzip.is_some() {
            out.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
        if status == StatusCode::OK {
            out.insert(header::CONTENT_TYPE, self.content_type.clone());
            out.insert(header::CONTENT_LENGTH, HeaderValue::from(variant.bytes.len()));
            if let Some(encoding) = encoding {
                out.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
            }
        }
        response
    }
}

/// The best encoding the client accepts (`q=0` refuses one); brotli first, it is smaller.
fn preferred_encoding(headers: &HeaderMap) -> Encoding {
    let mut brotli = false;
    let mut gzip = false;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or("").trim().to_ascii_lowercase();
            let refused = parts.any(|p| {
                let p = p.trim();
                p.strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            if refused {
                continue;
            }
            match name.as_str() {
                "br" => brotli = true,
                "gzip" | "x-gzip" => gzip = true,
                "*" => {
                    brotli = true;
                    gzip = true;
                }
                _ => {}
            }
        }
    }
    if brotli {
        Encoding::Brotli
    } else if gzip {
        Encoding::Gzip
    } else {
        Encoding::Identity
    }
}

fn brotli_of(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    {
        // Quality 11 once at start-up costs well under a second for the whole client.
        let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
        writer.write_all(bytes)?;
    }
    Ok(out)
}

fn gzip_of(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes)?;
    encoder.finish()
}

fn content_type(path: &str) -> &'static str {
    let extension = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    match extension.as_str() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "gif" => "image/gif",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "ttf" => "font/ttf",
        "txt" => "text/plain; charset=utf-8",
        "xml" => "application/xml",
        "wasm" => "application/wasm",
        _ => "application/octet-stream",
    }
}

fn compressible(content_type: &str) -> bool {
    content_type.starts_with("text/")
        || content_type.starts_with("application/json")
        || content_type.starts_with("application/manifest+json")
        || content_type.starts_with("application/xml")
        || content_type.starts_with("application/wasm")
        || content_type.starts_with("image/svg+xml")
        || content_type == "font/ttf"
        || content_type == "image/x-icon"
}
