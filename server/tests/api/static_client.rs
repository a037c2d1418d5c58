//! The built client, served from memory: the right bytes with the right type, brotli or
//! gzip variants chosen by `Accept-Encoding` (never compressed twice), `ETag` and 304,
//! a year's cache for hashed assets and revalidation for the rest, and the SPA fallback:
//! client routes get index.html, unknown `/api` paths a JSON 404.

use std::io::Read;

use reqwest::StatusCode;
use reqwest::header::HeaderMap;

use crate::helpers::{TestApp, error_message, spawn_app_with_client, tiny_client_files};

fn file(path: &str) -> Vec<u8> {
    tiny_client_files()
        .into_iter()
        .find(|(p, _)| *p == path)
        .map(|(_, bytes)| bytes)
        .expect("a tiny client file")
}

async fn get_with(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
    let mut request = app.client.get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.expect("request failed")
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).map(|v| v.to_str().unwrap())
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes).read_to_end(&mut out).expect("valid gzip");
    out
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::Decompressor::new(bytes, 4096).read_to_end(&mut out).expect("valid brotli");
    out
}

#[tokio::test]
async fn the_root_and_client_routes_get_index_html_to_be_revalidated() {
    // Arrange
    let app = spawn_app_with_client(&[]).await;

    // (`/guides` itself carries its first page of data: see sharing.rs.)
    for path in
        ["/", "/index.html", "/destinations", "/guides/0190a1b2-c3d4/booking", "/no/such/page"]
    {
        // Act
        let response = app.get(path).await;

        // Assert
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let headers = response.headers().clone();
        assert_eq!(header(&headers, "content-type"), Some("text/html; charset=utf-8"), "{path}");
        assert_eq!(header(&headers, "cache-control"), Some("no-cache"), "{path}");
        assert!(header(&headers, "content-encoding").is_none(), "{path}: not asked for");
        assert!(
            header(&headers, "content-security-policy").is_some(),
            "{path}: security headers still apply"
        );
        assert_eq!(
            response.bytes().await.unwrap().as_ref(),
            file("index.html").as_slice(),
            "{path}"
        );
    }
}

#[tokio::test]
async fn unknown_api_paths_still_answer_a_json_404() {
    // Arrange
    let app = spawn_app_with_client(&[]).await;

    for path in ["/api/v1/no-such-thing", "/api/anything"] {
        // Act
        let response = app.get(path).await;

        // Assert
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        error_message(response).await;
    }
}

#[tokio::test]
async fn brotli_gzip_or_plain_bytes_are_chosen_by_accept_encoding() {
    // Arrange
    let app = spawn_app_with_client(&[]).await;
    let script = file("assets/index-3f9a1c.js");
    let cases: [(&str, Option<&str>); 6] = [
        ("gzip, deflate, br, zstd", Some("br")),
        ("br;q=1.0, gzip;q=0.8", Some("br")),
        ("gzip", Some("gzip")),
        ("br;q=0, gzip", Some("gzip")),
        ("identity", None),
        ("br;q=0, gzip;q=0", None),
    ];

    for (accept, expected) in cases {
        // Act
        let response =
            get_with(&app, "/assets/index-3f9a1c.js", &[("accept-encoding", accept)]).await;

        // Assert
        assert_eq!(response.status(), StatusCode::OK, "{accept}");
        let headers = response.headers().clone();
        assert_eq!(header(&headers, "content-encoding"), expected, "{accept}");
        assert_eq!(header(&headers, "content-type"), Some("text/javascript; charset=utf-8"));
        assert_eq!(header(&headers, "vary"), Some("accept-encoding"));
        let body = response.bytes().await.unwrap();
        assert_eq!(
            header(&headers, "content-length"),
            Some(body.len().to_string().as_str()),
            "{accept}"
        );
        // One layer of compression: decoding once gives the file itself.
        let decoded = match expected {
            Some("br") => unbrotli(&body),
            Some("gzip") => gunzip(&body),
            _ => body.to_vec(),
        };
        assert_eq!(decoded, script, "{accept}");
        if expected.is_some() {
            assert!(
                body.len() < script.len() / 4,
                "{accept}: {} of {} bytes",
                body.len(),
                script.len()
            );
        }
    }
}

#[tokio::test]
async fn the_favicon_and_index_html_come_precompressed_too() {
    // Arrange
    let app = spawn_app_with_client(&[]).await;

    for (path, name) in [("/favicon.svg", "favicon.svg"), ("/destinations", "index.html")] {
        // Act
        let response = get_with(&app, path, &[("accept-encoding", "gzip")]).await;

        // Assert
        assert_eq!(header(response.headers(), "content-encoding"), Some("gzip"), "{path}");
        assert_eq!(gunzip(&response.bytes().await.unwrap()), file(name), "{path}");
    }
    let svg = get_with(&app, "/favicon.svg", &[("accept-encoding", "br")]).await;
    assert_eq!(header(svg.headers(), "content-type"), Some("image/svg+xml"));
    assert_eq!(header(svg.headers(), "cache-control"), Some("no-cache"));
    assert_eq!(unbrotli(&svg.bytes().await.unwrap()), file("favicon.svg"));
}

#[tokio::test]
async fn the_service_worker_and_manifest_are_revalidated_on_every_load_so_a_deploy_reaches_installed_apps()
 {
    // Arrange
    let app = spawn_app_with_client(&[]).await;

    for (path, name, content_type) in [
        ("/sw.js", "sw.js", "text/javascript; charset=utf-8"),
        ("/manifest.webmanifest", "manifest.webmanifest", "application/manifest+json"),
    ] {
        // Act
        let response = get_with(&app, path, &[("accept-encoding", "gzip")]).await;

        // Assert: never a long cache (a stale worker would keep serving an old client), and
        // the browser only accepts a worker sent as JavaScript.
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let headers = response.headers().clone();
        assert_eq!(header(&headers, "content-type"), Some(content_type), "{path}");
        assert_eq!(header(&headers, "cache-control"), Some("no-cache"), "{path}");
        assert!(header(&headers, "etag").is_some(), "{path}: revalidation is a cheap 304");
        assert_eq!(header(&headers, "content-encoding"), Some("gzip"), "{path}");
        assert_eq!(gunzip(&response.bytes().await.unwrap()), file(name), "{path}");
    }
}

#[tokio::test]
async fn pictures_are_sent_as_they_are_whatever_the_client_accepts() {
    // Arrange
    let app = spawn_app_with_client(&[]).await;

    // Act
    let response =
        get_with(&app, "/assets/peak-77aa01.png", &[("accept-encoding", "gzip, br")]).await;

    // Assert
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    assert!(header(&headers, "content-encoding").is_none());
    assert_eq!(header(&headers, "content-type"), Some("image/png"));
    assert_eq!(response.bytes().await.unwrap().as_ref(), file("assets/peak-77aa01.png").as_slice());
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_a_missing_one_is_404_not_index_html() {
    // Arrange
    let app = spawn_app_with_client(&[]).await;

    // Act
    let present = app.get("/assets/index-3f9a1c.js").await;
    let missing = app.get("/assets/index-000000.js").await;

    // Assert
    assert_eq!(
        header(present.headers(), "cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_matching_if_none_match_gets_304_without_a_body() {
    // Arrange
    let app = spawn_app_with_client(&[]).await;
    let first = get_with(&app, "/favicon.svg", &[("accept-encoding", "br")]).await;
    let etag = header(first.headers(), "etag").expect("an ETag").to_owned();
    let plain_etag = header(app.get("/favicon.svg").await.headers(), "etag").unwrap().to_owned();

    // Act
    let again =
        get_with(&app, "/favicon.svg", &[("accept-encoding", "br"), ("if-none-match", &etag)])
            .await;
    let weak = get_with(
        &app,
        "/favicon.svg",
        &[("accept-encoding", "br"), ("if-none-match", &format!("\"other\", W/{etag}"))],
    )
    .await;
    let changed = get_with(
        &app,
        "/favicon.svg",
        &[("accept-encoding", "br"), ("if-none-match", "\"not-this-one\"")],
    )
    .await;

    // Assert
    assert!(etag.starts_with('"') && etag.ends_with('"'), "a strong ETag: {etag}");
    assert_ne!(etag, plain_etag, "each encoding has its own ETag");
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(header(again.headers(), "etag"), Some(etag.as_str()));
    assert!(again.bytes().await.unwrap().is_empty());
    assert_eq!(weak.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(changed.status(), StatusCode::OK);
    assert_eq!(unbrotli(&changed.bytes().await.unwrap()), file("favicon.svg"));
}

#[tokio::test]
async fn head_answers_the_headers_without_a_body_and_other_methods_get_405() {
    // Arrange
    let app = spawn_app_with_client(&[]).await;

    // Act
    let head = app.client.head(app.url("/favicon.svg")).send().await.unwrap();
    let post = app.client.post(app.url("/favicon.svg")).body("x").send().await.unwrap();

    // Assert
    assert_eq!(head.status(), StatusCode::OK);
    assert_eq!(header(head.headers(), "content-type"), Some("image/svg+xml"));
    assert!(head.headers().get("etag").is_some());
    assert!(head.bytes().await.unwrap().is_empty());
    assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
}
