//! What the Buddy knows, read from Yatra's own data: guides (through the directory's own
//! search, so an answer lists the same guides as the filtered list), a destination's trek
//! facts, and travellers' posts. Both the embedded answers and a configured model use
//! these; every card in an answer comes from here.

use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use super::intent::{GuideQuestion, KnownDestination, TourQuestion};
use super::prices::Prices;
use crate::blogs::view::{FeedQuery, feed};
use crate::db::Db;
use crate::destinations::trek::TrekFacts;
use crate::error::{AppError, AppResult};
use crate::guides::cards::GuideCard;
use crate::guides::finder::{GuideFilters, GuideSort, find_guides};
use crate::text_search::Query as SearchQuery;
use crate::tours::finder::{self as tour_finder, TourFilters};
use crate::tours::view::TourCard;

/// How many guides an answer names (the rest are one link away).
pub const GUIDES_SHOWN: i64 = 5;
/// How many tours an answer names.
pub const TOURS_SHOWN: usize = 5;
/// The tours read to find those in season, when a question names a month.
const TOURS_READ_FOR_MONTH: i64 = 50;
const POSTS_SHOWN: i64 = 2;

/// A link an answer shows under its text.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(as = BuddyCard)]
pub struct Card {
    #[serde(rename = "type")]
    pub kind: CardKind,
    pub id: String,
    pub title: String,
    /// The page in the client, e.g. `/guides/<id>`.
    pub url: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = BuddyCardKind)]
pub enum CardKind {
    Guide,
    Tour,
    Destination,
    Blog,
}

impl Card {
    pub fn guide(guide: &GuideCard) -> Self {
        Self {
            kind: CardKind::Guide,
            id: guide.id.clone(),
            title: format!("{} {}", guide.first_name, guide.last_name).trim().to_owned(),
            url: format!("/guides/{}", guide.id),
        }
    }

    pub fn tour(tour: &TourCard) -> Self {
        Self {
            kind: CardKind::Tour,
            id: tour.id.clone(),
            title: tour.title.clone(),
            url: format!("/tours/{}", tour.id),
        }
    }

    fn destination(destination: &Destination) -> Self {
        Self {
            kind: CardKind::Destination,
            id: destination.id.clone(),
            title: destination.name.clone(),
            url: format!("/destination/{}", destination.id),
        }
    }

    fn post(post: &Post) -> Self {
        Self {
            kind: CardKind::Blog,
            id: post.id.clone(),
            title: post.title.clone(),
            url: format!("/blog/{}", post.id),
        }
    }
}

/// The directory's filters for a question: its place is searched as words (the same
/// free-text match `GET /users/search?query=` makes on guides' places).
pub fn filters(question: &GuideQuestion) -> GuideFilters {
    GuideFilters {
        words: question.place.clone(),
        category: question.category,
        language: question.language.clone(),
        min_price: question.min_price,
        max_price: question.max_price,
        min_rating: None,
        available_on: question.date,
        trusted_only: false,
        near: None,
    }
}

/// The best rated guides for the question, and how many match in all.
pub async fn search_guides(db: &Db, question: &GuideQuestion) -> AppResult<(Vec<GuideCard>, i64)> {
    find_guides(db, &filters(question), GuideSort::Rating, 1, GUIDES_SHOWN).await
}

/// The best rated tours for the question, and how many match in all. With a month, only
/// tours to destinations at their best then (of the best rated few dozen).
pub async fn search_tours(db: &Db, question: &TourQuestion) -> AppResult<(Vec<TourCard>, i64)> {
    let filters = TourFilters {
        destination: question.destination.clone(),
        min_days: question.min_days,
        max_days: question.max_days,
        max_altitude_m: question.max_altitude_m,
        max_price: question.max_price,
        limit: Some(if question.month.is_some() {
            TOURS_READ_FOR_MONTH
        } else {
            TOURS_SHOWN as i64
        }),
        ..TourFilters::default()
    };
    let (mut tours, total, _) = tour_finder::find(db, None, &filters).await?;
    let Some(month) = question.month else { return Ok((tours, total)) };
    let mut in_season = std::collections::HashMap::new();
    for id in tours.iter().filter_map(|t| t.destination_id.clone()) {
        if let std::collections::hash_map::Entry::Vacant(entry) = in_season.entry(id) {
            let months = destination(db, entry.key()).await?.map(|d| d.trek.best_months);
            entry.insert(months.is_some_and(|m| m.contains(&i64::from(u8::from(month)))));
        }
    }
    tours.retain(|t| t.destination_id.as_ref().is_some_and(|id| in_season[id]));
    let total = tours.len() as i64;
    tours.truncate(TOURS_SHOWN);
    Ok((tours, total))
}

/// A destination and its trek facts.
pub struct Destination {
    pub id: String,
    pub name: String,
    pub location: String,
    pub trek: TrekFacts,
}

/// Every destination's name, to recognise them in questions.
pub async fn known_destinations(db: &Db) -> AppResult<Vec<KnownDestination>> {
    let rows: Vec<(String, String)> =
        sqlx::query_as("SELECT id, name FROM destinations ORDER BY name, id")
            .fetch_all(&db.pool)
            .await?;
    Ok(rows.into_iter().map(|(id, name)| KnownDestination { id, name }).collect())
}

pub async fn destination(db: &Db, id: &str) -> AppResult<Option<Destination>> {
    let row: Option<(String, String, String, Option<String>)> =
        sqlx::query_as("SELECT id, name, location, trek FROM destinations WHERE id = $1")
            .bind(id)
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.map(|(id, name, location, trek)| Destination {
        id,
        name,
        location,
        trek: TrekFacts::from_column(trek.as_deref()),
    }))
}

/// A travellers' post.
pub struct Post {
    pub id: String,
    pub title: String,
}

/// The posts that best match `words` (visible ones only, as the public feed).
pub async fn posts_about(db: &Db, words: &str) -> AppResult<Vec<Post>> {
    let words = SearchQuery::parse(Some(words));
    if words.is_empty() {
        return Ok(Vec::new());
    }
    let page = feed(
        db,
        FeedQuery { words: &words, page: 1, limit: POSTS_SHOWN, cursor: None, viewer: "" },
    )
    .await?;
    Ok(page.blogs.into_iter().map(|b| Post { id: b.id, title: b.title }).collect())
}

/// Words that find a destination's posts: its name without the generic part
/// ("Everest Base Camp" → "Everest").
pub fn post_words(destination: &Destination) -> String {
    destination.name.split([',', ' ']).find(|w| w.len() > 2).unwrap_or(&destination.name).to_owned()
}

/// What a model gets back from one tool call: the data as JSON, and the cards it adds.
pub struct ToolResult {
    pub content: Value,
    pub cards: Vec<Card>,
}

/// The four tools offered to a model, as OpenAI-style function definitions.
pub fn definitions() -> Value {
    json!([
        {"type": "function", "function": {
            "name": "search_guides",
            "description": "Find verified Yatra guides. Every argument is optional; give only what the traveller asked for.",
            "parameters": {"type": "object", "additionalProperties": false, "properties": {
                "place": {"type": "string", "description": "A town or area in Nepal, e.g. Pokhara"},
                "language": {"type": "string", "description": "A language the guide speaks, in English, e.g. French"},
                "category": {"type": "string", "enum": ["trekking", "cultural", "adventure", "wildlife", "food", "historical", "nature"]},
                "minPrice": {"type": "number", "description": "US dollars per day"},
                "maxPrice": {"type": "number", "description": "US dollars per day"},
                "date": {"type": "string", "description": "A day the guide must be free, YYYY-MM-DD"}
            }}
        }},
        {"type": "function", "function": {
            "name": "search_tours",
            "description": "Find tours guides sell on Yatra: day-by-day itineraries with a price per person and an altitude risk. Every argument is optional.",
            "parameters": {"type": "object", "additionalProperties": false, "properties": {
                "destination": {"type": "string", "description": "A destination, e.g. Everest Base Camp"},
                "minDays": {"type": "integer"},
                "maxDays": {"type": "integer"},
                "maxAltitudeM": {"type": "integer", "description": "No night higher than this, in metres"},
                "maxPrice": {"type": "number", "description": "US dollars per person"},
                "month": {"type": "integer", "description": "1-12: only tours to destinations at their best that month"}
            }}
        }},
        {"type": "function", "function": {
            "name": "destination_facts",
            "description": "Facts about a destination in Nepal: days, highest altitude, best months, difficulty, permits and whether a licensed guide is required.",
            "parameters": {"type": "object", "additionalProperties": false, "required": ["name"], "properties": {
                "name": {"type": "string", "description": "The destination, e.g. Everest Base Camp"}
            }}
        }},
        {"type": "function", "function": {
            "name": "search_blogs",
            "description": "Find travellers' posts on Yatra about a place or a topic.",
            "parameters": {"type": "object", "additionalProperties": false, "required": ["query"], "properties": {
                "query": {"type": "string"}
            }}
        }}
    ])
}

/// Runs a tool a model asked for. Arguments it got wrong are answered as an error the
/// model can read (and correct), never as a failure of the whole answer. Prices in the
/// result are written as the reader sees them (`prices`).
pub async fn run(db: &Db, name: &str, arguments: &Value, prices: Prices) -> AppResult<ToolResult> {
    let text = |key: &str| {
        arguments
            .get(key)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let price = |key: &str| {
        arguments.get(key).and_then(Value::as_f64).filter(|p| p.is_finite() && *p >= 0.0)
    };
    match name {
        "search_guides" => {
            let category = match text("category") {
                Some(name) => match crate::guides::categories::Category::parse(Some(&name)) {
                    Ok(category) => category,
                    Err(error) => return Ok(refusal(&error.to_string())),
                },
                None => None,
            };
            let date = match text("date") {
                Some(day) => match crate::calendar::parse_date(&day) {
                    Some(date) => Some(date),
                    None => return Ok(refusal("date must be YYYY-MM-DD")),
                },
                None => None,
            };
            let question = GuideQuestion {
                place: text("place"),
                language: text("language"),
                category,
                min_price: price("minPrice"),
                max_price: price("maxPrice"),
                date,
            };
            // A filter the directory refuses (a price out of range...) is told back to the model.
            let (guides, total) = match search_guides(db, &question).await {
                Ok(found) => found,
                Err(AppError::Validation(message)) => return Ok(refusal(&message)),
                Err(error) => return Err(error),
            };
            let listed: Vec<Value> = guides
                .iter()
                .map(|g| {
                    json!({
                        "id": g.id, "name": format!("{} {}", g.first_name, g.last_name), "pricePerDay": g.price_per_day.map(|p| prices.show(p)),
                        "rating": g.average_rating, "reviews": g.review_count, "languages": g.expertise_languages,
                        "interests": g.interests, "place": g.contact_info.address, "url": format!("/guides/{}", g.id),
                    })
                })
                .collect();
            Ok(ToolResult {
                content: json!({"total": total, "guides": listed}),
                cards: guides.iter().map(Card::guide).collect(),
            })
        }
        "search_tours" => {
            let whole = |key: &str| arguments.get(key).and_then(Value::as_i64);
            let destination = match text("destination") {
                Some(name) => {
                    let known = known_destinations(db).await?;
                    match super::intent::destination_named(&name, &known) {
                        Some(id) => Some(id),
                        None => {
                            return Ok(ToolResult {
                                content: json!({"total": 0, "tours": [], "destinationFound": false}),
                                cards: Vec::new(),
                            });
                        }
                    }
                }
                None => None,
            };
            let month = match whole("month") {
                Some(n) => match u8::try_from(n).ok().and_then(|n| time::Month::try_from(n).ok()) {
                    Some(month) => Some(month),
                    None => return Ok(refusal("month must be 1 to 12")),
                },
                None => None,
            };
            let question = TourQuestion {
                destination,
                min_days: whole("minDays"),
                max_days: whole("maxDays"),
                max_altitude_m: whole("maxAltitudeM"),
                max_price: price("maxPrice"),
                month,
            };
            let (tours, total) = match search_tours(db, &question).await {
                Ok(found) => found,
                Err(AppError::Validation(message)) => return Ok(refusal(&message)),
                Err(error) => return Err(error),
            };
            let listed: Vec<Value> = tours
                .iter()
                .map(|t| {
                    json!({
                        "id": t.id, "title": t.title, "days": t.day_count, "maxSleepAltitudeM": t.max_sleep_altitude_m,
                        "altitudeRisk": t.risk, "pricePerPerson": prices.show(t.price_per_person_usd),
                        "destination": t.destination_name, "bookingMode": t.booking_mode, "url": format!("/tours/{}", t.id),
                    })
                })
                .collect();
            Ok(ToolResult {
                content: json!({"total": total, "tours": listed}),
                cards: tours.iter().map(Card::tour).collect(),
            })
        }
        "destination_facts" => {
            let Some(name) = text("name") else { return Ok(refusal("name is required")) };
            let known = known_destinations(db).await?;
            let Some(id) = super::intent::destination_named(&name, &known) else {
                return Ok(ToolResult { content: json!({"found": false}), cards: Vec::new() });
            };
            let Some(destination) = destination(db, &id).await? else {
                return Ok(ToolResult { content: json!({"found": false}), cards: Vec::new() });
            };
            let mut content = serde_json::to_value(&destination.trek).unwrap_or(Value::Null);
            if let Value::Object(map) = &mut content {
                map.insert("found".into(), json!(true));
                map.insert("name".into(), json!(destination.name));
                map.insert("location".into(), json!(destination.location));
                map.insert("url".into(), json!(format!("/destination/{}", destination.id)));
            }
            Ok(ToolResult { content, cards: vec![Card::destination(&destination)] })
        }
        "search_blogs" => {
            let Some(query) = text("query") else { return Ok(refusal("query is required")) };
            let posts = posts_about(db, &query).await?;
            let listed: Vec<Value> = posts
                .iter()
                .map(|p| json!({"id": p.id, "title": p.title, "url": format!("/blog/{}", p.id)}))
                .collect();
            Ok(ToolResult {
                content: json!({"posts": listed}),
                cards: posts.iter().map(Card::post).collect(),
            })
        }
        other => Ok(refusal(&format!("there is no tool named {other}"))),
    }
}

fn refusal(message: &str) -> ToolResult {
    ToolResult { content: json!({"error": message}), cards: Vec::new() }
}

/// Cards for a destination answer: the destination, then posts about it.
pub async fn destination_cards(db: &Db, destination: &Destination) -> AppResult<Vec<Card>> {
    let mut cards = vec![Card::destination(destination)];
    cards.extend(posts_about(db, &post_words(destination)).await?.iter().map(Card::post));
    Ok(cards)
}
