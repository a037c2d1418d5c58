//! The built client, as `app.rs` mounts it: its files served from memory
//! (`static_files`), the pages travellers land on with their head and first paint
//! (`landing`), and a JSON 404 for unknown `/api` paths instead of `index.html`.

use std::path::Path;
use std::sync::Arc;

use axum::Router;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::landing::LandingPages;
use super::static_files::StaticFiles;
use crate::db::Db;
use crate::error::AppError;

pub async fn api_not_found() -> AppError {
    AppError::NotFound("No such API endpoint".into())
}

/// `api` answers the API requests whose answers go into a page's HTML (`first_paint`).
pub fn client(web_dir: &Path, db: Db, public_url: &str, api: Router) -> anyhow::Result<Router> {
    if !web_dir.join("index.html").exists() {
        tracing::warn!(dir = %web_dir.display(), "no built client found; serving the API only");
        return Ok(Router::new().fallback(no_client));
    }
    let mut files = StaticFiles::load(web_dir)?;
    let pages = Arc::new(LandingPages::of(web_dir, &mut files)?);
    let files = Arc::new(files);
    tracing::info!(files = files.by_path.len(), dir = %web_dir.display(), "serving the built client from memory");
    let public_url: Arc<str> = public_url.into();
    Ok(Router::new().fallback(move |request: Request| {
        let (files, pages, db, public_url, api) =
            (files.clone(), pages.clone(), db.clone(), public_url.clone(), api.clone());
        async move {
            let (method, path, headers) =
                (request.method(), request.uri().path(), request.headers());
            let query = request.uri().query().unwrap_or_default();
            if let Some(page) =
                pages.shareable_page(&db, &public_url, &api, method, path, query, headers).await
            {
                return page.respond(method, headers);
            }
            files.respond(method, path, headers)
        }
    }))
}

/// Without a built client the root still answers, so the client's wake-up ping works
/// when the client is hosted elsewhere.
async fn no_client(uri: axum::http::Uri) -> Response {
    if uri.path() == "/" {
        (StatusCode::OK, axum::Json(serde_json::json!({ "name": "yatra", "status": "ok" })))
            .into_response()
    } else {
        AppError::NotFound("Not found".into()).into_response()
    }
}
