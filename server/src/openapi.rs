//! The OpenAPI document, collected from the handlers' annotations, and its viewer.

use axum::Router;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_swagger_ui::SwaggerUi;

use crate::http::AppState;

#[derive(OpenApi)]
#[openapi(
    info(title = "Yatra API", description = "Find, book and pay local tour guides in Nepal. \
        Error messages and notifications are in the language `Accept-Language` asks for (`ne` or `en`; English otherwise); \
        an error's `code` is the same in every language."),
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
            SecurityScheme::Http(
                HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build(),
            ),
        );
    }
}

pub fn base() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

pub fn docs(spec: utoipa::openapi::OpenApi) -> Router<AppState> {
    SwaggerUi::new("/api/docs").url("/api/v1/openapi.json", with_generic_errors(spec)).into()
}

/// Adds the answers that come from extractors and middleware rather than from a handler,
/// so that no annotation has to repeat them (and none can forget them):
/// - a request body: 400 (unreadable, a field of the wrong type), 413 (above the route's
///   body limit), 415 (not the declared content type);
/// - a query string: 400 (a parameter of the wrong type);
/// - a path parameter: 404 (a value the route cannot take names nothing);
/// - a bearer token: 401 (missing, expired or revoked).
///
/// An annotation's own description of a status wins. It also states, once, that every
/// file part of our multipart forms is a JPEG, PNG or WebP image (the upload code refuses
/// anything else). This runs on the merged document: `modifiers` on `ApiDoc` would see
/// only the base, before the routes are added.
pub fn with_generic_errors(mut spec: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    use utoipa::openapi::path::ParameterIn;
    let schemas = spec.components.as_ref().map(|c| c.schemas.clone()).unwrap_or_default();
    let mut forms = std::collections::BTreeSet::new();
    for item in spec.paths.paths.values_mut() {
        let operations =
            [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
        for operation in operations.into_iter().flatten() {
            let parameters = operation.parameters.as_deref().unwrap_or_default();
            let in_query = parameters.iter().any(|p| matches!(p.parameter_in, ParameterIn::Query));
            let in_path = parameters.iter().any(|p| matches!(p.parameter_in, ParameterIn::Path));
            let mut generic = Vec::new();
            if operation.request_body.is_some() {
                generic.push(("400", "The body cannot be read or a field is invalid"));
                generic.push(("413", "The body is larger than this route accepts"));
                generic.push(("415", "The body is not in the declared content type"));
            }
            if in_query {
                generic.push(("400", "A query parameter is invalid"));
            }
            if in_path {
                generic.push(("404", "Not found"));
            }
            if operation.security.as_ref().is_some_and(|s| !s.is_empty()) {
                generic.push(("401", "The bearer token is missing, expired or revoked"));
            }
            for (status, description) in generic {
                operation
                    .responses
                    .responses
                    .entry(status.to_owned())
                    .or_insert_with(|| error_response(description));
            }
            if let Some(form) = operation
                .request_body
                .as_mut()
                .and_then(|b| b.content.get_mut("multipart/form-data"))
            {
                if let Some(utoipa::openapi::RefOr::Ref(reference)) = &form.schema {
                    forms.extend(reference.ref_location.rsplit('/').next().map(str::to_owned));
                }
                for field in file_fields(form.schema.as_ref(), &schemas) {
                    let mut encoding = utoipa::openapi::encoding::Encoding::default();
                    encoding.content_type = Some(IMAGE_TYPES.to_owned());
                    form.encoding.entry(field).or_insert(encoding);
                }
            }
        }
    }
    // Forms are closed: a client has no reason to send other fields (the upload code skips
    // them), and schemathesis would otherwise invent field names that multipart cannot carry.
    let components = spec.components.get_or_insert_with(Default::default);
    for name in forms {
        if let Some(utoipa::openapi::RefOr::T(utoipa::openapi::schema::Schema::Object(form))) =
            components.schemas.get_mut(&name)
        {
            form.additional_properties =
                Some(Box::new(utoipa::openapi::schema::AdditionalProperties::FreeForm(false)));
        }
    }
    spec
}

const IMAGE_TYPES: &str = "image/jpeg, image/png, image/webp";

/// The names of a form's file fields (`format: binary`, alone or in an array).
fn file_fields(
    schema: Option<&utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>>,
    schemas: &std::collections::BTreeMap<
        String,
        utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
    >,
) -> Vec<String> {
    use utoipa::openapi::RefOr;
    let schema = match schema {
        Some(RefOr::Ref(reference)) => {
            reference.ref_location.rsplit('/').next().and_then(|name| schemas.get(name))
        }
        other => other,
    };
    let Some(Ok(form)) = schema.map(serde_json::to_value) else { return Vec::new() };
    let is_file = |property: &serde_json::Value| {
        property["format"] == "binary" || property["items"]["format"] == "binary"
    };
    form["properties"]
        .as_object()
        .map(|properties| {
            properties.iter().filter(|(_, p)| is_file(p)).map(|(name, _)| name.clone()).collect()
        })
        .unwrap_or_default()
}

fn error_response(description: &str) -> utoipa::openapi::RefOr<utoipa::openapi::Response> {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build(),
        )
        .build()
        .into()
}
