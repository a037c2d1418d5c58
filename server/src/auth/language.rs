//! The language an account reads Yatra in. Error messages and notifications follow each
//! request's `Accept-Language`; an email has no request, so it is written in the language
//! stored here (set at sign-up from `Accept-Language`, and by the client's language switch).

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::db::now_ms;
use crate::error::{AppError, AppResult, ErrorBody, Json};
use crate::http::AppState;
use crate::http::session::Session;
use crate::http::session::session_expired;
use crate::i18n::Lang;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(update_language))
}

#[derive(Deserialize, ToSchema)]
pub struct LanguageRequest {
    /// `en` or `ne`.
    #[schema(value_type = Lang, required = true)]
    language: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct LanguageData {
    language: Lang,
}

#[derive(Serialize, ToSchema)]
pub struct LanguageResponse {
    #[schema(example = "success")]
    status: &'static str,
    /// In the language just chosen.
    message: &'static str,
    data: LanguageData,
}

/// Choose the language of the signed-in account's emails.
#[utoipa::path(patch, path = "/protect/language", tag = "accounts", security(("bearer" = [])), request_body = LanguageRequest,
    responses((status = 200, body = LanguageResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn update_language(
    State(state): State<AppState>,
    session: Session,
    Json(body): Json<LanguageRequest>,
) -> AppResult<Json<LanguageResponse>> {
    let language = body
        .language
        .as_deref()
        .and_then(Lang::parse)
        .ok_or_else(|| AppError::validation("Language must be en or ne"))?;
    let updated = sqlx::query("UPDATE users SET language = $1, updated_at = $2 WHERE id = $3")
        .bind(language.as_str())
        .bind(now_ms())
        .bind(&session.user_id)
        .execute(&state.db.pool)
        .await?;
    if updated.rows_affected() == 0 {
        return Err(session_expired());
    }
    let message = language.pick("Language updated", "भाषा परिवर्तन भयो");
    Ok(Json(LanguageResponse { status: "success", message, data: LanguageData { language } }))
}
