//! English templates with `{hole}`s: matching a finished English text against them, and
//! filling the Nepali template with what the holes held.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::{Entry, Lang, terms};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Segment<'a> {
    Text(&'a str),
    Hole(&'a str),
}

/// `"{field} is required"` → `[Hole("field"), Text(" is required")]`. A `{name:?}` hole is
/// called `name`.
pub fn segments(template: &str) -> Vec<Segment<'_>> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else { break };
        if open > 0 {
            out.push(Segment::Text(&rest[..open]));
        }
        let inner = &rest[open + 1..close];
        out.push(Segment::Hole(inner.split(':').next().unwrap_or("")));
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        out.push(Segment::Text(rest));
    }
    out
}

/// The template with every hole written `{}`: two templates that differ only in their
/// holes' names are the same text.
pub fn normalized(template: &str) -> String {
    segments(template)
        .into_iter()
        .map(|segment| match segment {
            Segment::Text(text) => text,
            Segment::Hole(_) => "{}",
        })
        .collect()
}

/// What each hole held, if `text` is this template filled in. Holes hold at least one
/// character; a hole takes the shortest text that lets the rest match.
pub fn capture<'s, 't>(segments: &[Segment<'s>], text: &'t str) -> Option<Vec<(&'s str, &'t str)>> {
    match segments {
        [] => text.is_empty().then(Vec::new),
        [Segment::Text(literal), rest @ ..] => capture(rest, text.strip_prefix(literal)?),
        [Segment::Hole(name)] => (!text.is_empty()).then(|| vec![(*name, text)]),
        [Segment::Hole(name), Segment::Text(literal), rest @ ..] => {
            // Every place the next literal could start, nearest first.
            let mut from = text.chars().next().map_or(1, char::len_utf8);
            while from <= text.len() {
                let found = text.get(from..).and_then(|t| t.find(literal)).map(|i| i + from)?;
                if let Some(mut held) = capture(rest, &text[found + literal.len()..]) {
                    held.insert(0, (*name, &text[..found]));
                    return Some(held);
                }
                from = found + 1;
                while !text.is_char_boundary(from.min(text.len())) {
                    from += 1;
                }
            }
            None
        }
        // Two holes side by side cannot be told apart; the catalogue's tests refuse them.
        [Segment::Hole(_), Segment::Hole(_), ..] => None,
    }
}

/// A catalogue, ready to look texts up in: exact texts by hash, templates with holes by
/// trying the most specific (longest fixed text) first.
pub struct Lookup {
    exact: HashMap<&'static str, &'static Entry>,
    templates: Vec<(Vec<Segment<'static>>, &'static Entry)>,
}

impl Lookup {
    pub fn new(entries: &'static [Entry]) -> Self {
        let mut exact = HashMap::new();
        let mut templates = Vec::new();
        for entry in entries {
            let segments = segments(entry.en);
            if segments.iter().any(|s| matches!(s, Segment::Hole(_))) {
                templates.push((segments, entry));
            } else {
                exact.entry(entry.en).or_insert(entry);
            }
        }
        let fixed_len = |segments: &[Segment<'_>]| -> usize {
            segments.iter().map(|s| if let Segment::Text(t) = s { t.len() } else { 0 }).sum()
        };
        templates.sort_by_key(|(segments, _)| std::cmp::Reverse(fixed_len(segments)));
        Self { exact, templates }
    }

    /// The entry `text` is an instance of, and what its holes held.
    pub fn find<'t>(
        &self,
        text: &'t str,
    ) -> Option<(&'static Entry, Vec<(&'static str, &'t str)>)> {
        if let Some(entry) = self.exact.get(text) {
            return Some((entry, Vec::new()));
        }
        self.templates
            .iter()
            .find_map(|(segments, entry)| capture(segments, text).map(|held| (*entry, held)))
    }

    /// `text` in `lang`, with its entry's code; `None` when no entry has it.
    pub fn translate(&self, text: &str, lang: Lang) -> Option<(&'static str, String)> {
        let (entry, held) = self.find(text)?;
        let translated = match lang {
            Lang::En => text.to_owned(),
            Lang::Ne => fill(entry.ne, &held, lang),
        };
        Some((entry.code, translated))
    }
}

/// `template` with each `{hole}` replaced by what it held, in `lang`'s words.
pub fn fill(template: &'static str, held: &[(&str, &str)], lang: Lang) -> String {
    segments(template)
        .into_iter()
        .map(|segment| match segment {
            Segment::Text(text) => text.to_owned(),
            Segment::Hole(name) => held
                .iter()
                .find(|(hole, _)| *hole == name)
                .map(|(hole, value)| terms::hole(lang, hole, value))
                .unwrap_or_default(),
        })
        .collect()
}

/// A lookup built on first use.
pub type Lazy = LazyLock<Lookup>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_filled_template_gives_back_what_its_holes_held() {
        let t = segments("{guide} approved your trip on {dates}. Pay now to confirm it.");
        let held = capture(
            &t,
            "Sita Rai approved your trip on 12 Dec 2026 (3 days). Pay now to confirm it.",
        )
        .unwrap();
        assert_eq!(held, vec![("guide", "Sita Rai"), ("dates", "12 Dec 2026 (3 days)")]);
        assert!(capture(&t, "Sita approved your trip on . Pay now to confirm it.").is_none());
        assert!(capture(&t, "Sita approved your trip on 1 Dec. Pay now.").is_none());
    }

    #[test]
    fn a_hole_can_hold_the_text_that_follows_it() {
        // A name that itself contains the next literal still matches.
        let t = segments("{name} paid {amount} for the trip on {dates}. It is confirmed.");
        let held =
            capture(&t, "Ram paid Ram paid $5.00 for the trip on 1 Dec 2026. It is confirmed.")
                .unwrap();
        assert_eq!(held[0], ("name", "Ram"));
        assert_eq!(held[1], ("amount", "Ram paid $5.00"));
    }

    #[test]
    fn multibyte_text_is_matched_on_character_boundaries() {
        let t = segments("{a}. {b}");
        assert_eq!(capture(&t, "नमस्ते. राम").unwrap(), vec![("a", "नमस्ते"), ("b", "राम")]);
    }

    #[test]
    fn holes_compare_equal_whatever_their_names() {
        assert_eq!(
            normalized("{field} must be at most {NAME_MAX} characters"),
            normalized("{} must be at most {max} characters")
        );
        assert_eq!(segments("{other:?} x"), vec![Segment::Hole("other"), Segment::Text(" x")]);
    }
}
