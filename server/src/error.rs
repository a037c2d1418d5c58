//! The one API error type. Every handler returns `Result<_, AppError>`; this is the
//! only place where a failure becomes an HTTP status and a message for the client.

use axum::extract::multipart::MultipartRejection;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    Validation(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    /// The client stopped sending its request body.
    #[error("{0}")]
    RequestTimeout(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// Over a rate limit or a capacity bound; `retry_after` seconds go out as `Retry-After`.
    #[error("{message}")]
    TooManyRequests { message: String, retry_after: u64 },
    /// An outside service (the payment provider) failed; the message is for the client.
    #[error("{0}")]
    BadGateway(String),
    /// Something this server is not set up to do (e.g. card payments with no provider).
    #[error("{0}")]
    ServiceUnavailable(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// The error body every endpoint answers with.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    /// Always `error`.
    #[schema(example = "error")]
    pub status: &'static str,
    /// A sentence the client can show as it is, in the request's language
    /// (`Accept-Language`: `ne` or `en`; English otherwise).
    pub message: String,
    /// What went wrong, stable across languages and wordings (snake_case, e.g.
    /// `email_taken`), for a client that words or handles it itself. An error without its
    /// own code has its status's: `bad_request`, `unauthorized`, `forbidden`, `not_found`,
    /// `conflict`, `too_many_requests`, `internal`, ...
    #[schema(example = "email_taken")]
    pub code: &'static str,
}

impl AppError {
    pub fn status(&self) -> StatusCode {
        match self {
            Self::Validation(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::RequestTimeout(_) => StatusCode::REQUEST_TIMEOUT,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::BadGateway(_) => StatusCode::BAD_GATEWAY,
            Self::ServiceUnavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn validation(message: impl Into<String>) -> Self {
        Self::Validation(message.into())
    }

    pub fn too_many_requests(message: impl Into<String>, retry_after_seconds: u64) -> Self {
        Self::TooManyRequests { message: message.into(), retry_after: retry_after_seconds.max(1) }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let message = match &self {
            Self::Internal(cause) => {
                // The cause stays in the log; the client only learns that it was our fault.
                tracing::error!(error = ?cause, "internal error");
                "Something went wrong on our side. Please try again.".to_owned()
            }
            other => other.to_string(),
        };
        let (code, message) =
            crate::i18n::errors::translate(&message, self.status(), crate::i18n::request_lang());
        let body = ErrorBody { status: "error", message, code };
        let mut response = (self.status(), axum::Json(body)).into_response();
        if let Self::TooManyRequests { retry_after, .. } = self {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(retry_after),
            );
        }
        response
    }
}

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> Self {
        match &error {
            // PostgreSQL text cannot hold NUL (SQLSTATE 22021); that is bad input, not our fault.
            sqlx::Error::Database(e) if e.code().as_deref() == Some("22021") => {
                Self::Validation("Text may not contain NUL characters.".into())
            }
            // Every connection of this replica's pool stayed busy past the acquire timeout:
            // overloaded, not broken, and a retry (perhaps on another replica) may succeed.
            sqlx::Error::PoolTimedOut => {
                Self::ServiceUnavailable("The server is busy. Please try again in a moment.".into())
            }
            _ => Self::Internal(error.into()),
        }
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => {
                Self::PayloadTooLarge("The request body is too large.".into())
            }
            StatusCode::UNSUPPORTED_MEDIA_TYPE => Self::UnsupportedMediaType(
                "Send the request body as JSON (Content-Type: application/json).".into(),
            ),
            _ => match rejection {
                JsonRejection::JsonDataError(e) => {
                    Self::Validation(format!("Invalid request body: {}", e.body_text_cause()))
                }
                _ => Self::Validation("The request body is not valid JSON.".into()),
            },
        }
    }
}

impl From<MultipartRejection> for AppError {
    fn from(_: MultipartRejection) -> Self {
        Self::Validation("Send the upload as multipart/form-data.".into())
    }
}

impl From<PathRejection> for AppError {
    fn from(_: PathRejection) -> Self {
        Self::NotFound("Not found".into())
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        Self::Validation(format!("Invalid query: {}", rejection.body_text()))
    }
}

trait BodyTextCause {
    fn body_text_cause(&self) -> String;
}

impl BodyTextCause for axum::extract::rejection::JsonDataError {
    /// serde's own sentence (e.g. "missing field `email`") without axum's prefix.
    fn body_text_cause(&self) -> String {
        use std::error::Error;
        self.source()
            .and_then(|e| e.source())
            .map(|e| e.to_string())
            .unwrap_or_else(|| self.body_text())
    }
}

/// `axum::Json`, but a body it cannot read answers in our error shape.
#[derive(axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct Json<T>(pub T);

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// `axum::extract::Path` answering in our error shape.
#[derive(axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct Path<T>(pub T);

/// `axum::extract::Query` answering in our error shape.
#[derive(axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct Query<T>(pub T);

/// `axum::extract::Multipart` answering in our error shape.
#[derive(axum::extract::FromRequest)]
#[from_request(rejection(AppError))]
pub struct Multipart(pub axum::extract::Multipart);

pub type AppResult<T> = Result<T, AppError>;
