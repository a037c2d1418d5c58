//! The embedded Tourist Buddy's answer, with no outside service: the question read
//! (`intent`), the answer looked up (`tools`) and worded (`replies`) in the question's
//! language, with a link to the search page when it has no answer or more guides than it
//! names.

use super::intent::{Intent, understand};
use super::prices::Prices;
use super::tools::{self, Card};
use super::{Answer, replies};
use crate::db::Db;
use crate::error::AppResult;

/// The embedded Buddy's answer to one question, in its language, with prices as `prices`
/// shows them.
pub async fn answer(db: &Db, question: &str, prices: Prices) -> AppResult<Answer> {
    let lang = prices.lang;
    let destinations = tools::known_destinations(db).await?;
    let intent = understand(question, &destinations, crate::calendar::today_in_nepal());
    let answer = match intent {
        Intent::Greeting => {
            Answer { reply: replies::greeting(lang), cards: Vec::new(), search_url: None }
        }
        Intent::Emergency => {
            Answer { reply: replies::emergency(lang), cards: Vec::new(), search_url: None }
        }
        Intent::Unknown => Answer {
            reply: replies::unknown(lang),
            cards: Vec::new(),
            search_url: Some(search_url(&[("q", question)])),
        },
        Intent::Guides(asked) => {
            let (guides, total) = tools::search_guides(db, &asked).await?;
            let more = total > guides.len() as i64 || guides.is_empty();
            let date = asked.date.map(crate::calendar::date_text);
            let limits =
                (asked.min_price.map(|p| p.to_string()), asked.max_price.map(|p| p.to_string()));
            let search = [
                ("q", asked.place.as_deref()),
                ("category", asked.category.map(|c| c.as_str())),
                ("language", asked.language.as_deref()),
                ("minPrice", limits.0.as_deref()),
                ("maxPrice", limits.1.as_deref()),
                ("date", date.as_deref()),
            ];
            let search: Vec<(&str, &str)> =
                search.into_iter().filter_map(|(k, v)| v.map(|v| (k, v))).collect();
            Answer {
                reply: replies::guides(&asked, &guides, total, prices),
                cards: guides.iter().map(Card::guide).collect(),
                search_url: more.then(|| search_url(&search)),
            }
        }
        Intent::Tours(asked) => {
            let (tours, total) = tools::search_tours(db, &asked).await?;
            let numbers = [
                ("destination", asked.destination.clone()),
                ("minDays", asked.min_days.map(|d| d.to_string())),
                ("maxDays", asked.max_days.map(|d| d.to_string())),
                ("maxAltitudeM", asked.max_altitude_m.map(|m| m.to_string())),
                ("maxPrice", asked.max_price.map(|p| p.to_string())),
            ];
            let list: Vec<(&str, &str)> =
                numbers.iter().filter_map(|(k, v)| v.as_deref().map(|v| (*k, v))).collect();
            Answer {
                reply: replies::tours(&asked, &tours, total, prices),
                cards: tours.iter().map(Card::tour).collect(),
                search_url: (total > tours.len() as i64 || tours.is_empty())
                    .then(|| page_url("/tours", &list)),
            }
        }
        Intent::Destination { id, topic } => match tools::destination(db, &id).await? {
            Some(destination) => Answer {
                reply: replies::destination(&destination, topic, lang),
                cards: tools::destination_cards(db, &destination).await?,
                search_url: None,
            },
            None => Answer {
                reply: replies::unknown(lang),
                cards: Vec::new(),
                search_url: Some(search_url(&[("q", question)])),
            },
        },
    };
    Ok(answer)
}

/// The client's search page for these parameters.
fn search_url(params: &[(&str, &str)]) -> String {
    page_url("/search", params)
}

/// A client page with these query parameters.
fn page_url(page: &str, params: &[(&str, &str)]) -> String {
    let query: Vec<String> = params.iter().map(|(k, v)| format!("{k}={}", encode(v))).collect();
    if query.is_empty() { page.to_owned() } else { format!("{page}?{}", query.join("&")) }
}

/// Percent-encodes a query value (RFC 3986 unreserved characters stay).
fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
