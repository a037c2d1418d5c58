//! Answers shared by many endpoints.

use serde::Serialize;
use utoipa::ToSchema;

use crate::error::Json;

/// `{"status": "success", "message": ...}`: the spec's answer to an action with nothing
/// else to return.
#[derive(Serialize, ToSchema)]
pub struct MessageResponse {
    #[schema(example = "success")]
    status: &'static str,
    message: String,
}

pub fn success(message: &str) -> Json<MessageResponse> {
    Json(MessageResponse { status: "success", message: message.to_owned() })
}
