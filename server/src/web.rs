//! Serves the built client: files as they are, any other path as `index.html` so the
//! client's router decides. Unknown `/api` paths answer JSON 404 instead.

use std::path::Path;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get_service;
use axum::Router;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::error::AppError;

pub async fn api_not_found() -> AppError {
    AppError::NotFound("No such API endpoint".into())
}

pub fn client(web_dir: &Path) -> Router {
    let index = web_dir.join("index.html");
    if !index.exists() {
        tracing::warn!(dir = %web_dir.display(), "no built client found; serving the API only");
        return Router::new().fallback(no_client);
    }
    // Hashed asset names never change content, so browsers may keep them for a year;
    // index.html must be revalidated so a deploy is seen at once.
    let assets = Router::new()
        .nest_service("/assets", ServeDir::new(web_dir.join("assets")))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ));
    let pages = get_service(ServeDir::new(web_dir).fallback(ServeFile::new(index)))
        .layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("no-cache")));
    assets.fallback_service(pages)
}

/// Without a built client the root still answers, so the client's wake-up ping works
/// when the client is hosted elsewhere.
async fn no_client(uri: axum::http::Uri) -> Response {
    if uri.path() == "/" {
        (StatusCode::OK, axum::Json(serde_json::json!({ "name": "yatra", "status": "ok" }))).into_response()
    } else {
        AppError::NotFound("Not found".into()).into_response()
    }
}
