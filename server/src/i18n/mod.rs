//! Nepali and English. Error texts are written in English where they arise (an
//! `AppError::validation("...")`), exactly as the spec gives them; this module turns such a
//! text into Nepali at the edge, by looking its English template up in a catalogue
//! (gettext's idea: the English text is the key). Notifications are stored as data
//! (`notice::Notice`) and worded from their own catalogue by code.
//!
//! So code elsewhere never changes to be translated, and a text nobody has translated yet
//! still answers, in English, with a generic code. `catalogue_covers_every_error_in_the_source`
//! (in `errors.rs`) lists the error texts in `src/` that still lack an entry.
//!
//! - `errors`: every error message, with its stable `code`;
//! - `notices`: the in-app notification texts, by code, in both languages;
//! - `terms`: the words that fill a template's holes (field names, booking states, dates);
//! - `template`: matching an English text against `{hole}` templates and filling the Nepali.

pub mod errors;
pub mod notices;
pub mod template;
pub mod terms;

use std::convert::Infallible;

use axum::extract::{FromRequestParts, Request};
use axum::http::header::{ACCEPT_LANGUAGE, VARY};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A language Yatra speaks. English unless asked otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Ne,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ne];

    pub fn as_str(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ne => "ne",
        }
    }

    /// `en` or `ne` as stored in `users.language` (anything else reads as English).
    pub fn from_stored(code: &str) -> Lang {
        if code == "ne" { Lang::Ne } else { Lang::En }
    }

    /// The language an `Accept-Language` header asks for (RFC 9110 §12.5.4): the range with
    /// the highest q-value that Yatra speaks, `ne-NP` counting as `ne` and `*` as any
    /// language not named; on a tie the one listed first. English when none fits.
    pub fn from_accept_language(header: &str) -> Lang {
        // For each language: (q, position in the header) of the range that applies to it.
        let mut best: [Option<(f32, usize)>; 2] = [None, None];
        let mut wildcard: Option<(f32, usize)> = None;
        for (position, item) in header.split(',').enumerate() {
            let mut parts = item.split(';');
            let range = parts.next().unwrap_or("").trim().to_ascii_lowercase();
            if range.is_empty() {
                continue;
            }
            let mut q = 1.0_f32;
            for param in parts {
                if let Some((key, value)) = param.split_once('=')
                    && key.trim().eq_ignore_ascii_case("q")
                {
                    q = value
                        .trim()
                        .parse::<f32>()
                        .ok()
                        .filter(|q| (0.0..=1.0).contains(q))
                        .unwrap_or(0.0);
                }
            }
            let primary = range.split('-').next().unwrap_or("");
            if primary == "*" {
                wildcard.get_or_insert((q, position));
                continue;
            }
            for (slot, lang) in best.iter_mut().zip(Lang::ALL) {
                // The first range naming the language wins (`en-GB;q=1, en;q=0` still means yes).
                if primary == lang.as_str() && slot.is_none() {
                    *slot = Some((q, position));
                }
            }
        }
        let scored = Lang::ALL.into_iter().zip(best).filter_map(|(lang, named)| {
            named.or(wildcard).map(|(q, position)| (lang, q, position))
        });
        scored
            .filter(|(_, q, _)| *q > 0.0)
            // Highest q first; then the earlier range; English before Nepali when `*` ties them.
            .min_by(|a, b| b.1.total_cmp(&a.1).then(a.2.cmp(&b.2)))
            .map(|(lang, ..)| lang)
            .unwrap_or_default()
    }

    pub fn from_headers(headers: &HeaderMap) -> Lang {
        headers
            .get(ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .map(Lang::from_accept_language)
            .unwrap_or_default()
    }

    /// `en` or `ne` from a client's setting; `None` for anything else.
    pub fn parse(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|lang| lang.as_str() == code)
    }

    /// Picks the text in this language.
    pub fn pick<T>(self, en: T, ne: T) -> T {
        match self {
            Lang::En => en,
            Lang::Ne => ne,
        }
    }
}

/// The request's language, from `Accept-Language`. Never refuses a request.
impl<S: Send + Sync> FromRequestParts<S> for Lang {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Lang::from_headers(&parts.headers))
    }
}

tokio::task_local! {
    /// The language of the request being answered, for `AppError`'s response (which has
    /// no access to the request).
    static REQUEST_LANG: Lang;
}

/// The language of the request this task is answering; English outside a request.
pub fn request_lang() -> Lang {
    REQUEST_LANG.try_with(|lang| *lang).unwrap_or_default()
}

/// Middleware: answers the request in the language it asks for. API answers then depend
/// on `Accept-Language`, which caches must know (`Vary`).
pub async fn answer_in_request_language(request: Request, next: Next) -> Response {
    let lang = Lang::from_headers(request.headers());
    let api = request.uri().path().starts_with("/api/");
    let mut response = REQUEST_LANG.scope(lang, next.run(request)).await;
    if api {
        response.headers_mut().append(VARY, HeaderValue::from_static("accept-language"));
    }
    response
}

/// One text in both languages.
#[derive(Debug)]
pub struct Entry {
    /// Stable and snake_case: what a client may switch on (an error's), or the notice it
    /// words (a notification's).
    pub code: &'static str,
    /// The English template, as the source writes it (its holes may be renamed: `{}` and
    /// `{field}` compare equal).
    pub en: &'static str,
    pub ne: &'static str,
}

#[cfg(test)]
mod tests {
    use super::Lang::{self, En, Ne};

    #[test]
    fn accept_language_picks_the_best_language_yatra_speaks() {
        let cases = [
            ("ne", Ne),
            ("ne-NP", Ne),
            ("NE-np", Ne),
            ("en", En),
            ("en-US,en;q=0.9", En),
            ("fr", En),
            ("fr-FR,fr;q=0.9", En),
            ("", En),
            ("*", En),
            ("fr, ne;q=0.5", Ne),
            ("en;q=0.4, ne;q=0.8", Ne),
            ("ne;q=0.4, en;q=0.8", En),
            ("ne, en", Ne),
            ("en, ne", En),
            ("ne;q=0, *", En),
            ("en;q=0, *;q=0.5", Ne),
            ("en;q=0", En),
            ("ne;q=abc", En),
            ("ne;q=2", En),
            ("hi-IN, ne-NP;q=0.9, en;q=0.8", Ne),
            (" ne-NP ; q=0.7 , en ; q=0.6", Ne),
            (",,;", En),
        ];
        for (header, expected) in cases {
            assert_eq!(Lang::from_accept_language(header), expected, "{header:?}");
        }
    }

    #[test]
    fn stored_and_chosen_codes_read_back() {
        assert_eq!(Lang::from_stored("ne"), Ne);
        assert_eq!(Lang::from_stored("xx"), En);
        assert_eq!(Lang::parse("ne"), Some(Ne));
        assert_eq!(Lang::parse("NE"), None);
    }
}
