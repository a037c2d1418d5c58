//! The embedded Tourist Buddy's understanding: a traveller's question, in English or in
//! Nepali (Devanagari), read into what they want — guides matching some filters, a fact
//! about a destination, help in an emergency — without any outside service.
//!
//! Nepali words are first glossed into the English words they stand for (`lexicon`; a
//! Nepali question then reads as an English one), so every rule below is written once.
//! Words are matched as the question spells them after `text_search::normalize` (lower
//! case, accents folded); Devanagari is matched inside words, because Nepali writes its
//! postpositions joined to the noun ("पोखरामा", in Pokhara).

use time::{Date, Month};

use super::lexicon::{GENERIC_NAME_WORDS, GLOSSES, LANGUAGES, MONTHS, PLACES};
use crate::guides::categories::Category;
use crate::i18n::Lang;
use crate::text_search::normalize;

/// What the traveller asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    Emergency,
    Guides(GuideQuestion),
    Tours(TourQuestion),
    Destination { id: String, topic: Topic },
    Greeting,
    Unknown,
}

/// The guide filters a question states; everything optional.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GuideQuestion {
    /// A town or area, as words to find in guides' places.
    pub place: Option<String>,
    pub language: Option<String>,
    pub category: Option<Category>,
    /// Dollars per day.
    pub min_price: Option<f64>,
    pub max_price: Option<f64>,
    /// The day the guide must be free.
    pub date: Option<Date>,
}

/// The tour filters a question states ("a 5-day trek under 3,000 m in November").
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TourQuestion {
    /// The destination it names, by id.
    pub destination: Option<String>,
    pub min_days: Option<i64>,
    pub max_days: Option<i64>,
    /// No night higher, in metres.
    pub max_altitude_m: Option<i64>,
    /// Dollars per person.
    pub max_price: Option<f64>,
    /// The month it is for: only tours to destinations at their best then.
    pub month: Option<Month>,
}

/// Which of a destination's facts the question is about; `All` when it names none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    All,
    Months,
    Days,
    Altitude,
    Permits,
    Difficulty,
    GuideRequired,
}

/// A destination the Buddy can recognise in a question.
pub struct KnownDestination {
    pub id: String,
    pub name: String,
}

/// English when the question has no Devanagari, Nepali when it has.
pub fn language_of(question: &str) -> Lang {
    if question.chars().any(is_devanagari) { Lang::Ne } else { Lang::En }
}

fn is_devanagari(c: char) -> bool {
    ('\u{0900}'..='\u{097F}').contains(&c)
}

/// The question as words, Nepali glossed into English, digits as ASCII; `$` kept as a word.
struct Words(Vec<String>);

impl Words {
    fn read(question: &str) -> Self {
        let mut text = with_dollars_after(question);
        // Longest first, so "बौद्धनाथ" is not read as "बौद्ध" and a leftover.
        let mut glosses: Vec<&(&str, &str)> = GLOSSES.iter().collect();
        glosses.sort_by_key(|(nepali, _)| std::cmp::Reverse(nepali.len()));
        for (nepali, english) in glosses {
            if text.contains(nepali) {
                text = text.replace(nepali, &format!(" {english} "));
            }
        }
        Self(normalize(&text).split(' ').filter(|w| !w.is_empty()).map(str::to_owned).collect())
    }

    fn has(&self, word: &str) -> bool {
        self.0.iter().any(|w| w == word)
    }

    fn has_any(&self, words: &[&str]) -> bool {
        words.iter().any(|w| self.has(w))
    }

    /// A word starting with one of `stems` ("trek" for trek, treks, trekking).
    fn has_stem(&self, stems: &[&str]) -> bool {
        self.0.iter().any(|w| stems.iter().any(|s| w.starts_with(s)))
    }

    fn has_phrase(&self, phrase: &str) -> bool {
        let parts: Vec<&str> = phrase.split(' ').collect();
        self.0.windows(parts.len()).any(|window| window.iter().zip(&parts).all(|(w, p)| w == p))
    }
}

/// The text with Devanagari digits as ASCII and each `$` as the word "dollars" after
/// its number, so "$60", "60$" and "60 dollars" read alike.
fn with_dollars_after(question: &str) -> String {
    let chars: Vec<char> = question
        .chars()
        .map(|c| match c {
            '\u{0966}'..='\u{096F}' => char::from(b'0' + (c as u32 - 0x0966) as u8),
            c => c,
        })
        .collect();
    let mut out = String::with_capacity(chars.len() + 16);
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '$' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let start = i + 1;
        let mut end = start;
        while end < chars.len() && (chars[end].is_ascii_digit() || chars[end] == '.') {
            end += 1;
        }
        out.push(' ');
        out.extend(&chars[start..end]);
        out.push_str(" dollars ");
        i = end.max(start);
    }
    out
}

/// Reads the question. `destinations` are the ones it may name; `today` (in Nepal)
/// places a date without a year on its next occurrence.
pub fn understand(question: &str, destinations: &[KnownDestination], today: Date) -> Intent {
    let words = Words::read(question);

    if words.has_any(&[
        "emergency",
        "sos",
        "rescue",
        "ambulance",
        "police",
        "accident",
        "injured",
        "hurt",
        "lost",
        "evacuation",
        "helicopter",
    ]) || words.has_phrase("altitude sickness")
        || words.has_phrase("help me")
        || words.has("sick")
    {
        return Intent::Emergency;
    }

    let guides = guide_question(&words, today);
    let asks_for_guide = words.has_stem(&["guide"]);
    let destination = find_destination(&words, destinations);
    let requirement = words.has_any(&[
        "need",
        "needed",
        "required",
        "mandatory",
        "must",
        "compulsory",
        "necessary",
    ]);

    // "Do I need a guide for the Annapurna Circuit?" is a fact about the destination.
    if let Some(id) = &destination
        && asks_for_guide
        && requirement
        && guides.language.is_none()
        && guides.max_price.is_none()
    {
        return Intent::Destination { id: id.clone(), topic: Topic::GuideRequired };
    }
    // "A 5-day trek under 3,000 m", "tours to Langtang": the thing itself, not a guide.
    let tours = tour_question(&words, destination.clone());
    let states_a_tour = tours.min_days.is_some() || tours.max_altitude_m.is_some();
    if !asks_for_guide
        && guides.language.is_none()
        && (words.has_any(&["tour", "tours", "itinerary", "itineraries", "package", "packages"])
            || (states_a_tour && words.has_stem(&["trek", "trip", "hike", "hiking"])))
    {
        return Intent::Tours(tours);
    }
    if asks_for_guide
        || guides.language.is_some()
        || guides.max_price.is_some()
        || guides.min_price.is_some()
    {
        return Intent::Guides(guides);
    }
    if let Some(id) = destination {
        return Intent::Destination { id, topic: topic(&words) };
    }
    if guides.category.is_some() && guides.place.is_some() {
        // "Trekking in Pokhara": someone to go with.
        return Intent::Guides(guides);
    }
    if words.has_any(&["hello", "hi", "hey", "namaste", "namaskar", "thanks", "thank"]) {
        return Intent::Greeting;
    }
    Intent::Unknown
}

fn guide_question(words: &Words, today: Date) -> GuideQuestion {
    let (min_price, max_price) = prices(words);
    GuideQuestion {
        place: PLACES.iter().find(|p| words.has(p)).map(|p| capitalised(p)),
        language: spoken_language(words),
        category: category(words),
        min_price,
        max_price,
        date: date(words, today),
    }
}

/// Metres, as words say them: "3000", "3000m", "3 000 m" (a comma splits "3,000").
const METRE_WORDS: &[&str] = &["m", "metre", "metres", "meter", "meters", "masl"];

/// The question's words with thousands put back together ("3", "000" → "3000").
fn whole_numbers(words: &Words) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(words.0.len());
    for word in &words.0 {
        let is_group = word.len() == 3 && word.bytes().all(|b| b.is_ascii_digit());
        match out.last_mut() {
            Some(last)
                if is_group
                    && (1..=3).contains(&last.len())
                    && last.bytes().all(|b| b.is_ascii_digit()) =>
            {
                last.push_str(word)
            }
            _ => out.push(word.clone()),
        }
    }
    out
}

fn tour_question(words: &Words, destination: Option<String>) -> TourQuestion {
    const AT_MOST: &[&str] =
        &["under", "below", "less", "most", "max", "maximum", "within", "upto", "up", "lower"];
    const AT_LEAST: &[&str] = &["over", "above", "more", "least", "min", "minimum"];
    let w = whole_numbers(words);
    let before = |i: usize, k: usize| i.checked_sub(k).and_then(|p| w.get(p)).map(String::as_str);
    let direction = |i: usize| {
        [before(i, 1), before(i, 2), before(i, 3)]
            .into_iter()
            .flatten()
            .find(|b| AT_MOST.contains(b) || AT_LEAST.contains(b))
    };
    let mut question = TourQuestion { destination, ..TourQuestion::default() };
    let mut used = vec![false; w.len()];
    for (i, word) in w.iter().enumerate() {
        let unit_after = w.get(i + 1).map(String::as_str);
        // Altitude: "3000 m", "3000m".
        let metres = match word.strip_suffix('m') {
            Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                digits.parse::<i64>().ok()
            }
            _ if unit_after.is_some_and(|u| METRE_WORDS.contains(&u)) => word.parse::<i64>().ok(),
            _ => None,
        };
        if let Some(metres) = metres.filter(|m| (500..=8848).contains(m)) {
            if direction(i).is_none_or(|d| AT_MOST.contains(&d)) {
                question.max_altitude_m = Some(metres);
            }
            used[i] = true;
            continue;
        }
        // Days: "5 day", "5 days", "10 to 14 days", "10 14 days" (from "10-14 days").
        let Ok(days) = word.parse::<i64>() else { continue };
        if !(1..=45).contains(&days) || !unit_after.is_some_and(|u| u == "day" || u == "days") {
            continue;
        }
        used[i] = true;
        let low = match (before(i, 1), before(i, 2)) {
            (Some("to" | "and"), Some(low)) => low.parse::<i64>().ok().map(|low| (i - 2, low)),
            (Some(low), _) => low.parse::<i64>().ok().map(|low| (i - 1, low)),
            _ => None,
        };
        match (low.filter(|(_, low)| (1..days).contains(low)), direction(i)) {
            (Some((at, low)), _) => {
                used[at] = true;
                (question.min_days, question.max_days) = (Some(low), Some(days));
            }
            (None, Some(d)) if AT_MOST.contains(&d) => question.max_days = Some(days),
            (None, Some(_)) => question.min_days = Some(days),
            (None, None) => (question.min_days, question.max_days) = (Some(days), Some(days)),
        }
    }
    // What is left that reads as a price is per person.
    let rest: Vec<String> =
        w.iter().zip(&used).filter(|(_, used)| !**used).map(|(w, _)| w.clone()).collect();
    question.max_price = prices(&Words(rest)).1;
    question.month = w
        .iter()
        .enumerate()
        .filter_map(|(i, word)| {
            month(word).filter(|m| *m != Month::May || before(i, 1).is_some_and(|b| b == "in"))
        })
        .next();
    question
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// A language named in the question. English and Nepali count only when said to be
/// spoken: a question written in English is not asking for English.
fn spoken_language(words: &Words) -> Option<String> {
    let speaking = words.has_stem(&["speak", "speaks"]) || words.has("language");
    LANGUAGES
        .iter()
        .filter(|l| speaking || !matches!(**l, "English" | "Nepali"))
        .find(|l| words.has(&l.to_lowercase()))
        .map(|l| (*l).to_owned())
}

fn category(words: &Words) -> Option<Category> {
    let rules: [(&[&str], Category); 7] = [
        (&["trek", "hik", "mountaineer", "climb"], Category::Trekking),
        (&["wildlife", "safari", "jungle", "bird", "rhino", "tiger"], Category::Wildlife),
        (&["adventure", "raft", "paraglid", "kayak", "bungee"], Category::Adventure),
        (&["cultur", "festival", "temple", "spiritual"], Category::Cultural),
        (&["food", "cooking", "cuisine", "momo"], Category::Food),
        (&["histor", "heritage", "museum"], Category::Historical),
        (&["nature"], Category::Nature),
    ];
    rules.iter().find(|(stems, _)| words.has_stem(stems)).map(|(_, category)| *category)
}

/// No guide's day costs more than the directory searches for (`guides::finder`).
const PRICE_MAX: f64 = 100_000.0;

fn number(word: &str) -> Option<f64> {
    word.parse::<f64>().ok().filter(|n| n.is_finite() && *n >= 0.0)
}

/// Prices are numbers said to be dollars (a sign or the word), or after "under" and the
/// like when they are not a date's day.
fn prices(words: &Words) -> (Option<f64>, Option<f64>) {
    const AT_MOST: &[&str] = &[
        "under", "below", "less", "max", "maximum", "cheaper", "within", "upto", "up", "budget",
        "lower",
    ];
    const AT_LEAST: &[&str] = &["over", "above", "more", "least", "min", "minimum", "from"];
    let w = &words.0;
    let is_dollars = |i: usize| {
        w.get(i + 1).is_some_and(|n| matches!(n.as_str(), "dollars" | "dollar" | "usd" | "day"))
    };
    let is_month = |i: usize| {
        w.get(i + 1).is_some_and(|n| month(n).is_some())
            || i.checked_sub(1).and_then(|p| w.get(p)).is_some_and(|p| month(p).is_some())
    };
    let mut min = None;
    let mut max = None;
    let mut amounts = Vec::new();
    for (i, word) in w.iter().enumerate() {
        let Some(value) = number(word) else { continue };
        let before = |k: usize| i.checked_sub(k).and_then(|p| w.get(p)).map(String::as_str);
        let direction_before = [before(1), before(2), before(3)]
            .into_iter()
            .flatten()
            .find(|b| AT_MOST.contains(b) || AT_LEAST.contains(b));
        let direction_after = w
            .iter()
            .skip(i + 1)
            .take(3)
            .map(String::as_str)
            .find(|a| AT_MOST.contains(a) || AT_LEAST.contains(a));
        let priced =
            (is_dollars(i) || (direction_before.is_some() && !is_month(i))) && value <= PRICE_MAX;
        if !priced {
            continue;
        }
        amounts.push(value);
        match direction_before.or(direction_after) {
            Some(d) if AT_MOST.contains(&d) => max = Some(value),
            Some(d) if AT_LEAST.contains(&d) => min = min.or(Some(value)),
            _ => {}
        }
    }
    // "between 40 and 60 dollars", "40 to 60 dollars": a range.
    if amounts.len() == 2 && max.is_none() {
        let (low, high) = (amounts[0].min(amounts[1]), amounts[0].max(amounts[1]));
        return (Some(low), Some(high));
    }
    if let (Some(low), Some(high)) = (min, max)
        && low > high
    {
        return (Some(high), Some(low));
    }
    (min, max)
}

fn month(word: &str) -> Option<Month> {
    if word.len() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .find(|(prefix, _)| word.starts_with(prefix) && full_month_name(prefix).starts_with(word))
        .map(|(_, m)| *m)
}

fn full_month_name(prefix: &str) -> &'static str {
    match prefix {
        "jan" => "january",
        "feb" => "february",
        "mar" => "march",
        "apr" => "april",
        "may" => "may",
        "jun" => "june",
        "jul" => "july",
        "aug" => "august",
        "sep" => "september",
        "oct" => "october",
        "nov" => "november",
        _ => "december",
    }
}

/// A day of the month: "12", "12th".
fn day_number(word: &str) -> Option<u8> {
    let digits = word.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &word[digits.len()..];
    if !matches!(suffix, "" | "st" | "nd" | "rd" | "th") {
        return None;
    }
    digits.parse::<u8>().ok().filter(|d| (1..=31).contains(d))
}

/// "12 March", "March 12th", "2027-03-12", "today", "tomorrow". Without a year, the next
/// such day from today.
fn date(words: &Words, today: Date) -> Option<Date> {
    let w = &words.0;
    for (i, word) in w.iter().enumerate() {
        // ISO dates were split by normalising: 2027 03 12.
        if word.len() == 4
            && let (Ok(year), Some(m), Some(d)) = (word.parse::<i32>(), w.get(i + 1), w.get(i + 2))
            && let (Ok(m), Ok(d)) = (m.parse::<u8>(), d.parse::<u8>())
            && let Ok(month) = Month::try_from(m)
            && let Ok(date) = Date::from_calendar_date(year, month, d)
        {
            return Some(date);
        }
    }
    for (i, word) in w.iter().enumerate() {
        let Some(month) = month(word) else { continue };
        let day = i
            .checked_sub(1)
            .and_then(|p| w.get(p))
            .and_then(|p| day_number(p))
            .or_else(|| w.get(i + 1).and_then(|n| day_number(n)));
        let Some(day) = day else { continue };
        let year = w
            .iter()
            .skip(i + 1)
            .take(3)
            .find_map(|y| y.parse::<i32>().ok().filter(|y| (2000..=2100).contains(y)));
        if let Some(year) = year {
            return Date::from_calendar_date(year, month, day).ok();
        }
        return [today.year(), today.year() + 1]
            .into_iter()
            .filter_map(|year| Date::from_calendar_date(year, month, day).ok())
            .find(|date| *date >= today);
    }
    if words.has("tomorrow") {
        return today.next_day();
    }
    if words.has("today") {
        return Some(today);
    }
    None
}

/// The destination a name (in English or Nepali) stands for, as a model's tool call gives it.
pub fn destination_named(name: &str, destinations: &[KnownDestination]) -> Option<String> {
    find_destination(&Words::read(name), destinations)
}

/// The destination the question names best: the one with most of its distinctive name
/// words in the question (ties: the first listed).
fn find_destination(words: &Words, destinations: &[KnownDestination]) -> Option<String> {
    let mut best: Option<(&KnownDestination, usize)> = None;
    for destination in destinations {
        let name = normalize(&destination.name);
        let score = name
            .split(' ')
            .filter(|w| !GENERIC_NAME_WORDS.contains(w) && w.len() > 2 && words.has(w))
            .count();
        if score > best.map_or(0, |(_, s)| s) {
            best = Some((destination, score));
        }
    }
    best.map(|(d, _)| d.id.clone())
}

fn topic(words: &Words) -> Topic {
    if words.has_stem(&["permit", "fee", "tims", "acap", "ticket", "entry"]) {
        Topic::Permits
    } else if words.has_stem(&["altitude", "high", "height", "elevation", "metre", "meter"]) {
        Topic::Altitude
    } else if words.has_stem(&["month", "when", "season", "weather", "best time"])
        || words.has_phrase("best time")
    {
        Topic::Months
    } else if words.has_stem(&["day", "long", "duration"]) {
        Topic::Days
    } else if words.has_stem(&["difficult", "hard", "easy", "fit", "tough"]) {
        Topic::Difficulty
    } else {
        Topic::All
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    const TODAY: Date = date!(2026 - 11 - 24);

    fn destinations() -> Vec<KnownDestination> {
        [
            ("d1", "Everest Base Camp"),
            ("d2", "Phewa Lake, Pokhara"),
            ("d3", "Annapurna Circuit"),
            ("d4", "Chitwan National Park"),
        ]
        .into_iter()
        .map(|(id, name)| KnownDestination { id: id.into(), name: name.into() })
        .collect()
    }

    fn read(question: &str) -> Intent {
        understand(question, &destinations(), TODAY)
    }

    #[test]
    fn the_issue_question_reads_into_all_five_filters() {
        let Intent::Guides(q) =
            read("a French-speaking trekking guide in Pokhara under $60 on 12 March")
        else {
            panic!()
        };
        assert_eq!(
            q,
            GuideQuestion {
                place: Some("Pokhara".into()),
                language: Some("French".into()),
                category: Some(Category::Trekking),
                min_price: None,
                max_price: Some(60.0),
                date: Some(date!(2027 - 03 - 12)),
            }
        );
    }

    #[test]
    fn the_same_question_in_nepali_reads_the_same() {
        let Intent::Guides(q) = read("पोखरामा फ्रेन्च बोल्ने ट्रेकिङ गाइड, $६० भन्दा कम, मार्च १२ मा")
        else {
            panic!()
        };
        assert_eq!(q.place.as_deref(), Some("Pokhara"));
        assert_eq!(q.language.as_deref(), Some("French"));
        assert_eq!(q.category, Some(Category::Trekking));
        assert_eq!(q.max_price, Some(60.0));
        assert_eq!(q.date, Some(date!(2027 - 03 - 12)));
        assert_eq!(language_of("पोखरामा गाइड"), Lang::Ne);
        assert_eq!(language_of("guide in Pokhara"), Lang::En);
    }

    #[test]
    fn prices_read_as_limits_ranges_and_not_as_days() {
        let price = |q: &str| match read(q) {
            Intent::Guides(g) => (g.min_price, g.max_price),
            other => panic!("{other:?}"),
        };
        assert_eq!(price("guide below 45 dollars a day"), (None, Some(45.0)));
        assert_eq!(price("guide for 60$ or less"), (None, Some(60.0)));
        assert_eq!(price("guide over $40"), (Some(40.0), None));
        assert_eq!(price("guide between $40 and $70"), (Some(40.0), Some(70.0)));
        assert_eq!(price("guide from 12 March"), (None, None));
        assert_eq!(price("guide under $1000000"), (None, None));
    }

    #[test]
    fn dates_take_their_next_occurrence_and_iso_dates_as_written() {
        let day = |q: &str| match read(q) {
            Intent::Guides(g) => g.date,
            other => panic!("{other:?}"),
        };
        assert_eq!(day("guide on March 3rd"), Some(date!(2027 - 03 - 03)));
        assert_eq!(day("guide on 30 november"), Some(date!(2026 - 11 - 30)));
        assert_eq!(day("guide on 2027-01-05"), Some(date!(2027 - 01 - 05)));
        assert_eq!(day("guide for tomorrow"), Some(date!(2026 - 11 - 25)));
        assert_eq!(day("guide on 31 february"), None);
    }

    #[test]
    fn english_is_a_filter_only_when_asked_to_be_spoken() {
        let language = |q: &str| match read(q) {
            Intent::Guides(g) => g.language,
            other => panic!("{other:?}"),
        };
        assert_eq!(language("Find me a guide in English please"), None);
        assert_eq!(language("a guide who speaks English"), Some("English".into()));
        assert_eq!(language("German guide for Chitwan"), Some("German".into()));
    }

    #[test]
    fn destinations_and_their_topics() {
        assert_eq!(
            read("When is the best time to visit Everest base camp?"),
            Intent::Destination { id: "d1".into(), topic: Topic::Months }
        );
        assert_eq!(
            read("How many days is the Annapurna Circuit?"),
            Intent::Destination { id: "d3".into(), topic: Topic::Days }
        );
        assert_eq!(
            read("how high is everest base camp"),
            Intent::Destination { id: "d1".into(), topic: Topic::Altitude }
        );
        assert_eq!(
            read("What permits do I need for Annapurna?"),
            Intent::Destination { id: "d3".into(), topic: Topic::Permits }
        );
        assert_eq!(
            read("Do I need a guide for the Annapurna Circuit?"),
            Intent::Destination { id: "d3".into(), topic: Topic::GuideRequired }
        );
        assert_eq!(
            read("Tell me about Chitwan"),
            Intent::Destination { id: "d4".into(), topic: Topic::All }
        );
        assert_eq!(
            read("एभरेस्ट बेस क्याम्प जाने उत्तम महिना कहिले हो?"),
            Intent::Destination { id: "d1".into(), topic: Topic::Months }
        );
        assert_eq!(
            read("अन्नपूर्णमा कुन परमिट चाहिन्छ?"),
            Intent::Destination { id: "d3".into(), topic: Topic::Permits }
        );
    }

    #[test]
    fn emergencies_greetings_and_the_unknown() {
        assert_eq!(read("What do I do in an emergency?"), Intent::Emergency);
        assert_eq!(read("I think I have altitude sickness"), Intent::Emergency);
        assert_eq!(read("आपतकालमा के गर्ने?"), Intent::Emergency);
        assert_eq!(read("Namaste!"), Intent::Greeting);
        assert_eq!(read("नमस्ते"), Intent::Greeting);
        assert_eq!(read("What is the exchange rate of the yen?"), Intent::Unknown);
    }

    #[test]
    fn tour_questions_read_days_altitude_price_month_and_destination() {
        let tour = |q: &str| match read(q) {
            Intent::Tours(t) => t,
            other => panic!("{q:?} read as {other:?}"),
        };
        assert_eq!(
            tour("a 5-day trek under 3,000 m in November"),
            TourQuestion {
                min_days: Some(5),
                max_days: Some(5),
                max_altitude_m: Some(3000),
                month: Some(Month::November),
                ..TourQuestion::default()
            }
        );
        assert_eq!(
            tour("Everest tours of 10-14 days under $1500"),
            TourQuestion {
                destination: Some("d1".into()),
                min_days: Some(10),
                max_days: Some(14),
                max_price: Some(1500.0),
                ..TourQuestion::default()
            }
        );
        assert_eq!(
            tour("a trek of at most 7 days below 4000m"),
            TourQuestion {
                max_days: Some(7),
                max_altitude_m: Some(4000),
                ..TourQuestion::default()
            }
        );
        assert_eq!(
            tour("नोभेम्बरमा ५ दिनको ३००० मिटरभन्दा कम ट्रेक"),
            TourQuestion {
                min_days: Some(5),
                max_days: Some(5),
                max_altitude_m: Some(3000),
                month: Some(Month::November),
                ..TourQuestion::default()
            }
        );
        // A guide, a destination's facts and a tourist stay what they were.
        assert!(matches!(read("a tour guide in Pokhara"), Intent::Guides(_)));
        assert!(matches!(
            read("How many days is the Everest base camp trek?"),
            Intent::Destination { .. }
        ));
        assert!(matches!(read("I am a tourist looking for a trekking guide"), Intent::Guides(_)));
    }
}
