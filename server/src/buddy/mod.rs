//! Tourist Buddy (issue 16): answers travellers' questions from Yatra's own data — guides,
//! destinations' trek facts, posts, what to do in an emergency.
//!
//! By default the answers are the embedded ones (`embedded`: `intent` reads the question
//! with the words of `lexicon`, `tools` looks the answer up, `replies` words it), with no
//! outside service. With `YATRA_ASSISTANT_URL` and `YATRA_ASSISTANT_MODEL` a model behind
//! an OpenAI-compatible chat completions endpoint words them instead (`model`), calling the
//! same `tools`; when it fails or is too slow, the embedded answer is given.

pub mod embedded;
pub mod intent;
pub mod lexicon;
pub mod model;
pub mod prices;
pub mod replies;
pub mod routes;
pub mod tools;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::currencies::rates;
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::profile::required_text;
use tools::Card;

/// The most messages one question may carry (the conversation so far, the question last).
pub const MESSAGES_MAX: usize = 20;
/// The longest message, in characters: room for a question and for the Buddy's own answers.
pub const MESSAGE_MAX: usize = 2000;

/// Who wrote a message: the traveller (`user`) or the Buddy (`assistant`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = BuddySpeaker)]
pub enum Speaker {
    User,
    Assistant,
}

/// One message of the conversation, as sent.
#[derive(Deserialize, ToSchema)]
#[schema(as = BuddyMessage)]
pub struct MessageRequest {
    pub role: Speaker,
    #[schema(value_type = String, min_length = 1, max_length = 2000, pattern = r"\S")]
    pub content: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[schema(as = BuddyChatRequest)]
pub struct ChatRequest {
    /// The conversation so far, oldest first; the last one is the traveller's question.
    #[schema(min_items = 1, max_items = 20)]
    pub messages: Vec<MessageRequest>,
    /// The currency the reader sees prices in (a code of `GET /currencies`): the prices the
    /// Buddy finds are given in it, converted at that rate and marked `≈`. Dollars when absent.
    #[schema(example = "NPR")]
    pub currency: Option<String>,
}

/// A message of a checked conversation.
#[derive(Clone, Debug)]
pub struct Message {
    pub role: Speaker,
    pub content: String,
}

/// A conversation that ends with the traveller's question, and the currency its reader
/// sees prices in.
#[derive(Debug)]
pub struct Conversation {
    messages: Vec<Message>,
    currency: &'static str,
}

impl Conversation {
    pub fn parse(request: ChatRequest) -> AppResult<Self> {
        if request.messages.is_empty() {
            return Err(AppError::validation("Send at least one message"));
        }
        if request.messages.len() > MESSAGES_MAX {
            return Err(AppError::validation(format!("Send at most {MESSAGES_MAX} messages")));
        }
        if request.messages.last().is_some_and(|m| m.role != Speaker::User) {
            return Err(AppError::validation(
                "The last message must be the traveller's question (role user)",
            ));
        }
        let messages = request
            .messages
            .into_iter()
            .map(|m| {
                Ok(Message {
                    role: m.role,
                    content: required_text(m.content.as_deref(), "Message", MESSAGE_MAX, true)?,
                })
            })
            .collect::<AppResult<Vec<_>>>()?;
        let currency = match request.currency.as_deref() {
            None => rates::BASE,
            Some(code) => rates::CODES.into_iter().find(|c| *c == code).ok_or_else(|| {
                AppError::validation(format!("currency must be one of {}", rates::CODES.join(", ")))
            })?,
        };
        Ok(Self { messages, currency })
    }

    pub fn messages(&self) -> &[Message] {
        &self.messages
    }

    pub fn question(&self) -> &str {
        self.messages.last().map(|m| m.content.as_str()).unwrap_or_default()
    }
}

/// The Buddy's answer: text, and links to what it used.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BuddyAnswer)]
pub struct Answer {
    /// Plain text; lines starting with "• " list guides.
    pub reply: String,
    pub cards: Vec<Card>,
    /// A search page to try when the answer could not be found (or lists only the first
    /// guides of more); `null` otherwise.
    #[schema(required = true)]
    pub search_url: Option<String>,
}

/// The answer to the conversation's question: from the model when one is configured and
/// answers in time, else the embedded one.
pub async fn answer(state: &AppState, conversation: &Conversation) -> AppResult<Answer> {
    let question = conversation.question();
    let lang = intent::language_of(question);
    // A currency whose rate is gone (an admin's table emptied) shows dollars rather than guess.
    let prices = match crate::currencies::per_usd(state, conversation.currency).await? {
        Some(per_usd) => prices::Prices { code: conversation.currency, per_usd, lang },
        None => prices::Prices::dollars(lang),
    };
    if let Some(model) = &state.buddy {
        match model::answer(model, &state.db, conversation, prices).await {
            Ok(answer) => return Ok(answer),
            Err(error) => {
                tracing::warn!(error = %error, "the assistant model failed; answering with the embedded Buddy")
            }
        }
    }
    embedded::answer(&state.db, question, prices).await
}
