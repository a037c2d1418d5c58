//! The OpenAPI document, collected from the handlers' annotations, and its viewer.

use axum::Router;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_swagger_ui::SwaggerUi;

use crate::app::AppState;

#[derive(OpenApi)]
#[openapi(
    info(title = "Yatra API", description = "Find, book and pay local tour guides in Nepal."),
    modifiers(&BearerAuth),
    components(schemas(crate::error::ErrorBody)),
)]
struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

pub fn base() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

pub fn docs(spec: utoipa::openapi::OpenApi) -> Router<AppState> {
    SwaggerUi::new("/api/docs").url("/api/v1/openapi.json", spec).into()
}

/// The document as the client's type generator reads it.
pub fn document() -> String {
    let (_, spec) = crate::app::api().split_for_parts();
    spec.to_pretty_json().unwrap_or_default()
}
