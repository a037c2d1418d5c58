//! A model behind an OpenAI-compatible chat completions endpoint (a hosted API or a
//! self-hosted server such as llama.cpp, vLLM or Ollama): the client that reaches it.
//! What Tourist Buddy asks it, and with which tools, is `buddy::model`'s.

use std::time::Duration;

use serde_json::{Value, json};

use crate::config::AssistantConfig;

#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    #[error("the model did not answer within {0:?}")]
    Timeout(Duration),
    #[error("the model could not be reached: {0}")]
    Http(#[from] reqwest::Error),
    #[error("the model answered {0}")]
    Status(reqwest::StatusCode),
    #[error("the model's answer was not understood: {0}")]
    Malformed(&'static str),
    #[error("the model kept calling tools without answering")]
    TooManyRounds,
    #[error("a tool failed: {0}")]
    Tool(#[from] crate::error::AppError),
}

/// The configured model and the HTTP client that reaches it.
#[derive(Clone)]
pub struct LanguageModel {
    http: reqwest::Client,
    config: AssistantConfig,
}

impl LanguageModel {
    pub fn new(config: &AssistantConfig) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(config.timeout.min(Duration::from_secs(5)))
            .build()?;
        Ok(Self { http, config: config.clone() })
    }

    /// How long one answer may take, all rounds together.
    pub fn timeout(&self) -> Duration {
        self.config.timeout
    }

    /// One chat completion; the first choice's message.
    pub async fn complete(&self, messages: &[Value], tools: Value) -> Result<Value, ModelError> {
        let body = json!({
            "model": self.config.model,
            "messages": messages,
            "tools": tools,
            "tool_choice": "auto",
            "temperature": 0.2,
        });
        let mut request = self.http.post(&self.config.url).json(&body);
        if let Some(key) = &self.config.key {
            request = request.bearer_auth(String::from_utf8_lossy(&key.0));
        }
        let response = request.send().await?;
        if !response.status().is_success() {
            return Err(ModelError::Status(response.status()));
        }
        let mut body: Value = response.json().await?;
        let message = body.pointer_mut("/choices/0/message").map(Value::take);
        message.filter(Value::is_object).ok_or(ModelError::Malformed("no choices[0].message"))
    }
}
