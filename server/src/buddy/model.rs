//! Tourist Buddy through a language model (`providers::language_model`). It is offered Yatra's tools
//! (function calling), told to answer only from what they return, and given a few rounds
//! of tool calls; the cards are the tools' own, never the model's.

use serde_json::{Value, json};

use super::prices::Prices;
use super::tools::{self, Card};
use super::{Answer, Conversation, Speaker};
use crate::db::Db;
use crate::i18n::Lang;
use crate::providers::language_model::{LanguageModel, ModelError};

/// Tool-call rounds before the model must have answered.
const ROUNDS_MAX: usize = 4;
/// Cards shown under one answer.
const CARDS_MAX: usize = 8;

const SYSTEM_PROMPT: &str = "You are Tourist Buddy, the travel assistant of Yatra, a marketplace of licensed tour guides in Nepal. \
Answer only from what Yatra's tools return: search_guides for guides, search_tours for tours with their days, altitude risk and price, destination_facts for a destination's days, altitude, \
best months, difficulty, permits and whether a licensed guide is required, search_blogs for travellers' posts. \
Never invent guides, tours, prices, dates, permits or facts; if the tools return nothing useful, say you don't know and suggest \
searching Yatra. In an emergency: call the Police on 100, the Tourist Police on +977-1-4247041 or an Ambulance on 102; \
on a trip booked through Yatra, press SOS at the top of the page (it alerts the guide and the traveller's emergency contact); \
with altitude sickness, go down at once. Answer briefly, in plain text.";

/// The reader's language and currency, told to the model with every question: the tools'
/// prices come already written in the reader's currency (as the embedded Buddy writes
/// them), so the model copies them instead of converting, or falling back to dollars.
fn reader_instructions(prices: Prices) -> String {
    let language = match prices.lang {
        Lang::En => "Answer in English.",
        Lang::Ne => "Answer in Nepali, in Devanagari script with Devanagari digits.",
    };
    let currency = if prices.code == crate::currencies::rates::BASE {
        "The reader sees prices in US dollars: write the prices the tools return exactly as they are written.".to_owned()
    } else {
        format!(
            "The reader sees prices in {code}: the prices the tools return are already converted into {code} (approximate, marked ≈); \
write them exactly as they are written, never in dollars. The tools' minPrice and maxPrice arguments are US dollars: 1 US dollar ≈ {rate} {code}.",
            code = prices.code,
            rate = prices.per_usd,
        )
    };
    format!("{language} {currency}")
}

/// The model's answer, within the configured time (all rounds together).
pub async fn answer(
    model: &LanguageModel,
    db: &Db,
    conversation: &Conversation,
    prices: Prices,
) -> Result<Answer, ModelError> {
    tokio::time::timeout(model.timeout(), converse(model, db, conversation, prices))
        .await
        .unwrap_or(Err(ModelError::Timeout(model.timeout())))
}

async fn converse(
    model: &LanguageModel,
    db: &Db,
    conversation: &Conversation,
    prices: Prices,
) -> Result<Answer, ModelError> {
    let system = format!("{SYSTEM_PROMPT} {}", reader_instructions(prices));
    let mut messages = vec![json!({"role": "system", "content": system})];
    messages.extend(conversation.messages().iter().map(|m| {
        let role = match m.role {
            Speaker::User => "user",
            Speaker::Assistant => "assistant",
        };
        json!({"role": role, "content": m.content})
    }));
    let mut cards: Vec<Card> = Vec::new();
    for _ in 0..ROUNDS_MAX {
        let message = model.complete(&messages, tools::definitions()).await?;
        let calls =
            message.get("tool_calls").and_then(Value::as_array).filter(|c| !c.is_empty()).cloned();
        let Some(calls) = calls else {
            let reply = message
                .get("content")
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|c| !c.is_empty());
            let reply = reply.ok_or(ModelError::Malformed("no content and no tool call"))?;
            cards.truncate(CARDS_MAX);
            return Ok(Answer { reply: reply.to_owned(), cards, search_url: None });
        };
        messages.push(json!({"role": "assistant", "content": message.get("content").cloned().unwrap_or(Value::Null), "tool_calls": calls}));
        for call in &calls {
            let id = call
                .get("id")
                .and_then(Value::as_str)
                .ok_or(ModelError::Malformed("a tool call without an id"))?;
            let function = call
                .get("function")
                .ok_or(ModelError::Malformed("a tool call without a function"))?;
            let name = function
                .get("name")
                .and_then(Value::as_str)
                .ok_or(ModelError::Malformed("a tool call without a name"))?;
            // Arguments come as JSON text; unreadable ones are the model's mistake, told back to it.
            let arguments: Value = function
                .get("arguments")
                .and_then(Value::as_str)
                .map(|text| serde_json::from_str(text).unwrap_or(Value::Null))
                .unwrap_or_else(|| json!({}));
            let result = if arguments.is_object() {
                tools::run(db, name, &arguments, prices).await?
            } else {
                tools::ToolResult {
                    content: json!({"error": "arguments must be a JSON object"}),
                    cards: Vec::new(),
                }
            };
            for card in result.cards {
                if !cards.iter().any(|c| c.id == card.id && c.kind == card.kind) {
                    cards.push(card);
                }
            }
            messages.push(
                json!({"role": "tool", "tool_call_id": id, "content": result.content.to_string()}),
            );
        }
    }
    Err(ModelError::TooManyRounds)
}
