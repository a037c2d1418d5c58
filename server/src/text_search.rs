//! The text rules every search shares (guides, destinations, blogs): words match case-
//! and accent-insensitively, as prefixes, and every word of the query must match. Text is
//! normalised here, in one place, both when it is indexed and when it is searched, so the
//! two databases see the same words; and a query reaches the database only as words made
//! of letters, digits and marks, so no character a user types can break its syntax.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

use crate::db::Backend;

/// More words than this in one query are ignored (each one costs an index lookup).
const QUERY_WORDS_MAX: usize = 8;
/// Longer words are cut: nobody types them, and they cost the index work.
const WORD_CHARS_MAX: usize = 40;

/// Lower case, accents folded (é → e, ñ → n) and words separated by single spaces.
/// Marks that are part of a script's letters (Devanagari vowel signs) are kept.
pub fn normalize(text: &str) -> String {
    words(text).join(" ")
}

/// The words of `text`, normalised.
fn words(text: &str) -> Vec<String> {
    let folded: String =
        text.nfkd().filter(|c| !is_accent(*c)).flat_map(char::to_lowercase).collect();
    folded
        .split(|c: char| !(c.is_alphanumeric() || is_combining_mark(c)))
        .filter(|word| word.chars().any(char::is_alphanumeric))
        .map(|word| word.chars().take(WORD_CHARS_MAX).collect())
        .collect()
}

/// Combining marks that only add an accent to a Latin, Greek or Cyrillic letter.
fn is_accent(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036F}' | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}' | '\u{FE20}'..='\u{FE2F}')
}

/// A search query: its normalised words (at most eight); empty when it has none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query(Vec<String>);

impl Query {
    pub fn parse(text: Option<&str>) -> Self {
        let mut kept: Vec<String> = Vec::new();
        for word in words(text.unwrap_or("")) {
            if !kept.contains(&word) && kept.len() < QUERY_WORDS_MAX {
                kept.push(word);
            }
        }
        Self(kept)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn words(&self) -> &[String] {
        &self.0
    }

    /// An FTS5 MATCH expression: every word as a quoted prefix, optionally only in `column`.
    /// Words hold no quote (only letters, digits and marks), so quoting is enough.
    pub fn fts5(&self, column: Option<&str>) -> String {
        let scope = column.map(|c| format!("{c} : ")).unwrap_or_default();
        self.0.iter().map(|w| format!("{scope}\"{w}\"*")).collect::<Vec<_>>().join(" AND ")
    }

    /// A PostgreSQL `to_tsquery` text: every word as a prefix, optionally only in the
    /// words of one weight (`C` is the address).
    pub fn tsquery(&self, weight: Option<char>) -> String {
        let weight = weight.map(String::from).unwrap_or_default();
        self.0.iter().map(|w| format!("'{w}':*{weight}")).collect::<Vec<_>>().join(" & ")
    }

    /// SQL conditions (ANDed) that match every word as a substring of `column`, which
    /// holds `normalize`d text; with the parameters to bind, numbered from `first`.
    /// For small tables (destinations), where a full-text index is not worth it.
    pub fn like_all(&self, column: &str, first: usize) -> (String, Vec<String>) {
        let conditions: Vec<String> =
            (0..self.0.len()).map(|i| format!("{column} LIKE ${}", first + i)).collect();
        let params = self.0.iter().map(|w| format!("%{w}%")).collect();
        (conditions.join(" AND "), params)
    }
}

/// The expression that reads as "matches" in each backend's full-text syntax: FTS5's
/// MATCH or PostgreSQL's `@@ to_tsquery('simple', …)`.
pub fn matches_sql(backend: Backend, fts_table: &str, document: &str, param: usize) -> String {
    match backend {
        Backend::Sqlite => format!("{fts_table} MATCH ${param}"),
        Backend::Postgres => format!("{document} @@ to_tsquery('simple', ${param})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_lower_cased_accent_folded_and_split_into_words() {
        assert_eq!(
            normalize("  Café au LAIT,  Pokhara-Lakeside! "),
            "cafe au lait pokhara lakeside"
        );
        assert_eq!(normalize("Ñandú Ørsted Ångström"), "nandu ørsted angstrom");
        assert_eq!(normalize("नेपाल, काठमाडौं"), "नेपाल काठमाडौं");
        assert_eq!(normalize("%_'\"*():^- 😀"), "");
    }

    #[test]
    fn a_query_keeps_at_most_eight_distinct_words() {
        let query = Query::parse(Some("a b c d e f g h i j a"));
        assert_eq!(query.words().len(), 8);
        assert_eq!(Query::parse(Some("Trek TREK trek")).words(), ["trek"]);
        assert!(Query::parse(Some("  ' % _ \" ")).is_empty());
        assert!(Query::parse(None).is_empty());
    }

    #[test]
    fn queries_become_prefix_searches_in_each_syntax() {
        let query = Query::parse(Some("French trékking"));
        assert_eq!(query.fts5(None), "\"french\"* AND \"trekking\"*");
        assert_eq!(
            query.fts5(Some("address")),
            "address : \"french\"* AND address : \"trekking\"*"
        );
        assert_eq!(query.tsquery(None), "'french':* & 'trekking':*");
        assert_eq!(query.tsquery(Some('C')), "'french':*C & 'trekking':*C");
    }

    #[test]
    fn syntax_characters_never_reach_a_query() {
        for text in [
            "\"",
            "'",
            "a\"b",
            "NEAR(a b)",
            "a OR b",
            "x:*",
            "a & !b",
            "--",
            "); DROP TABLE users; --",
        ] {
            let query = Query::parse(Some(text));
            for word in query.words() {
                assert!(
                    word.chars().all(|c| c.is_alphanumeric() || is_combining_mark(c)),
                    "{text:?} gave {word:?}"
                );
            }
        }
    }

    #[test]
    fn like_conditions_are_numbered_from_the_first_free_parameter() {
        let (sql, params) = Query::parse(Some("Lake Phewa")).like_all("search_text", 3);
        assert_eq!(sql, "search_text LIKE $3 AND search_text LIKE $4");
        assert_eq!(params, ["%lake%", "%phewa%"]);
    }
}
