//! PostgreSQL 15's `ts_rank(document, query)`, computed here so that an in-memory guide
//! search orders guides of equal rating exactly as the SQL search does (issue 25). It
//! follows `src/backend/utils/adt/tsrank.c` (`calc_rank`, `calc_rank_and`, `calc_rank_or`,
//! `word_distance`) with the default weights and normalization 0, operation for operation:
//! the same float and double steps in the same order, so the float4 is the same to the bit.
//!
//! A document is the tsvector's text (`parse_tsvector`); the caller finds, for each query
//! word in `query_order`, the lexemes it matches as a prefix and passes their positions to
//! `ts_rank`. A word's weight restriction (`'kathmandu':*C`) plays no part in the rank:
//! PostgreSQL's ranking looks lexemes up by their text alone and de-duplicates operands by
//! their text alone, so `'ram':* & 'ram':*C` ranks as the single word `ram`, from all its
//! positions of every weight. The restriction only decides whether the document matches.

/// The weights of D, C, B and A (PostgreSQL's default `{0.1, 0.2, 0.4, 1.0}`).
const WEIGHTS: [f32; 4] = [0.1, 0.2, 0.4, 1.0];
/// Positions are 14 bits; PostgreSQL's `MAXENTRYPOS`.
const MAXENTRYPOS: i32 = 1 << 14;

/// The lexemes of a tsvector as PostgreSQL prints it (`'kathmandu':3C 'ram':1A,7`), in its
/// order, each with its positions stored as PostgreSQL stores them: the position in the low
/// 14 bits and the weight in the top two (A = 3, B = 2, C = 1, D = 0). `None` when the text
/// is not a printed tsvector.
pub fn parse_tsvector(text: &str) -> Option<Vec<(String, Vec<u16>)>> {
    let mut lexemes = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.next_if_eq(&' ').is_some() {}
        match chars.next() {
            None => return Some(lexemes),
            Some('\'') => {}
            Some(_) => return None,
        }
        // tsvectorout doubles a quote and a backslash inside the lexeme.
        let mut lexeme = String::new();
        loop {
            match chars.next()? {
                '\'' if chars.next_if_eq(&'\'').is_some() => lexeme.push('\''),
                '\'' => break,
                '\\' => lexeme.push(chars.next()?),
                c => lexeme.push(c),
            }
        }
        let mut positions = Vec::new();
        if chars.next_if_eq(&':').is_some() {
            loop {
                let mut position: u16 = 0;
                let mut digits = 0;
                while let Some(digit) = chars.peek().and_then(|c| c.to_digit(10)) {
                    chars.next();
                    digits += 1;
                    position = position.checked_mul(10)?.checked_add(digit as u16)?;
                }
                if digits == 0 || position as i32 >= MAXENTRYPOS {
                    return None;
                }
                let weight = match chars.next_if(|c| "ABCD".contains(*c)) {
                    Some('A') => 3,
                    Some('B') => 2,
                    Some('C') => 1,
                    _ => 0,
                };
                positions.push((weight << 14) | position);
                if chars.next_if_eq(&',').is_none() {
                    break;
                }
            }
        }
        lexemes.push((lexeme, positions));
        // Entries are separated by a space; anything else glued on is not a tsvector.
        if chars.peek().is_some_and(|c| *c != ' ') {
            return None;
        }
    }
}

/// The query's words as `SortAndUniqItems` leaves its operands: sorted by
/// `tsCompareString` (bytes compared as by memcmp, a prefix before the longer word, which
/// is how Rust orders `str`) and de-duplicated. `ts_rank` takes its lexemes in this order.
pub fn query_order<'a>(words: &[&'a str]) -> Vec<&'a str> {
    let mut words = words.to_vec();
    words.sort_unstable();
    words.dedup();
    words
}

/// `ts_rank(document, query)` of PostgreSQL 15 (default weights, normalization 0) for a
/// document with at least one lexeme. `items[i]` holds, for the i-th word in `query_order`,
/// the positions of every lexeme of the document that has the word as a prefix, in the
/// document's order (an empty list for a lexeme stored without positions); `and` says that
/// the query's root is an AND: it has more than one operand, search and place words
/// together, even if two are the same word.
pub fn ts_rank(items: &[Vec<&[u16]>], and: bool) -> f32 {
    let rank = if and && items.len() >= 2 { rank_and(items) } else { rank_or(items) };
    // calc_rank: an AND whose words never stand apart leaves -1, which is floored.
    if rank < 0.0 { 1e-20 } else { rank }
}

fn weight(entry: u16) -> f32 {
    WEIGHTS[usize::from(entry >> 14)]
}

fn position(entry: u16) -> i32 {
    i32::from(entry & 0x3fff)
}

/// word_distance: C returns a float4 of a double expression, `(float4) w / 1.5` in double.
/// `exp` is the C library's, as PostgreSQL's is; a libm that rounded one of these hundred
/// values differently would show in tests/ts_rank.rs, which tries every distance.
fn word_distance(distance: i32) -> f32 {
    // Worked out once: a page's ties can ask it millions of times.
    static NEAR: std::sync::LazyLock<[f32; 101]> = std::sync::LazyLock::new(|| {
        std::array::from_fn(|distance| {
            (1.0 / (1.005 + 0.05 * (f64::from(distance as f32) / 1.5 - 2.0).exp())) as f32
        })
    });
    usize::try_from(distance).ok().and_then(|at| NEAR.get(at).copied()).unwrap_or(1e-30)
}

/// calc_rank_and: every position of each word's lexemes against the positions of the
/// lexeme that each earlier word found *last* (PostgreSQL keeps one position list per
/// word, overwritten lexeme after lexeme), combined as independent probabilities.
fn rank_and(items: &[Vec<&[u16]>]) -> f32 {
    // calc_rank_and's stand-in for a lexeme without positions (weight D, last position).
    let no_positions = [(MAXENTRYPOS - 1) as u16];
    let mut rank: f32 = -1.0;
    for (i, lexemes) in items.iter().enumerate() {
        for &found in lexemes {
            let post = if found.is_empty() { &no_positions[..] } else { found };
            for earlier in &items[..i] {
                let Some(&last) = earlier.last() else { continue };
                let ct = if last.is_empty() { &no_positions[..] } else { last };
                let either_without = found.is_empty() || last.is_empty();
                for &l in post {
                    for &p in ct {
                        let mut dist = (position(l) - position(p)).abs();
                        if dist == 0 && !either_without {
                            continue;
                        }
                        if dist == 0 {
                            dist = MAXENTRYPOS;
                        }
                        // float4 products, sqrt in double, stored in a float.
                        let product = weight(l) * weight(p) * word_distance(dist);
                        let curw = f64::from(product).sqrt() as f32;
                        rank = if rank < 0.0 {
                            curw
                        } else {
                            (1.0 - (1.0 - f64::from(rank)) * (1.0 - f64::from(curw))) as f32
                        };
                    }
                }
            }
        }
    }
    rank
}

/// calc_rank_or: per lexeme, its weights over the squares of their ordinals (the heaviest
/// counted whole), scaled by pi²/6; summed and divided by the number of words.
fn rank_or(items: &[Vec<&[u16]>]) -> f32 {
    // calc_rank_or's stand-in for a lexeme without positions (weight D, position 0).
    let no_positions = [0u16];
    let mut rank: f32 = 0.0;
    for lexemes in items {
        for &found in lexemes {
            let post = if found.is_empty() { &no_positions[..] } else { found };
            let mut resj: f32 = 0.0;
            let mut wjm: f32 = -1.0;
            let mut jm: i32 = 0;
            for (j, &entry) in (0i32..).zip(post) {
                // float / int divides in float.
                resj += weight(entry) / ((j + 1) * (j + 1)) as f32;
                if weight(entry) > wjm {
                    wjm = weight(entry);
                    jm = j;
                }
            }
            // The float sum divided by a double constant, added in double, stored in a float.
            let lexeme = wjm + resj - wjm / ((jm + 1) * (jm + 1)) as f32;
            rank = (f64::from(rank) + f64::from(lexeme) / 1.64493406685) as f32;
        }
    }
    if !items.is_empty() {
        rank /= items.len() as f32;
    }
    rank
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_printed_tsvector_gives_its_lexemes_positions_and_weights() {
        let vector = parse_tsvector("'kathmandu':3C 'ram':1A,7 'trek':2B,16383").unwrap();
        assert_eq!(
            vector,
            [
                ("kathmandu".to_owned(), vec![1 << 14 | 3]),
                ("ram".to_owned(), vec![3 << 14 | 1, 7]),
                ("trek".to_owned(), vec![2 << 14 | 2, 16383]),
            ]
        );
        assert_eq!(parse_tsvector("").unwrap(), []);
    }

    #[test]
    fn quotes_and_backslashes_are_read_back_as_tsvectorout_writes_them() {
        let vector = parse_tsvector(r"'a\\b':1 'it''s':2A '''':3 'x'").unwrap();
        assert_eq!(
            vector,
            [
                (r"a\b".to_owned(), vec![1]),
                ("it's".to_owned(), vec![3 << 14 | 2]),
                ("'".to_owned(), vec![3]),
                ("x".to_owned(), vec![]),
            ]
        );
        assert_eq!(parse_tsvector("'ørsted':1 'नेपाल':2").unwrap()[1].0, "नेपाल");
    }

    #[test]
    fn text_that_is_no_tsvector_is_refused() {
        for text in ["ram", "'ram", "'ram':", "'ram':x", "'ram':1,", "'ram':16384", "'a''b'c"] {
            assert_eq!(parse_tsvector(text), None, "{text}");
        }
    }

    #[test]
    fn query_words_are_sorted_by_bytes_and_deduplicated() {
        assert_eq!(
            query_order(&["trek", "ram", "rama", "kath", "ram", "en", "english"]),
            ["en", "english", "kath", "ram", "rama", "trek"]
        );
        // Bytes, not letters: 'z' (0x7a) sorts before 'ø' (0xc3 0xb8).
        assert_eq!(query_order(&["ørsted", "zen", "Zen"]), ["Zen", "zen", "ørsted"]);
    }

    #[test]
    fn ranks_known_from_postgresql() {
        // ts_rank(to_tsvector('simple','ramayana'), to_tsquery('simple','ram:* & ram:*C'))
        // is 0.06079271: one distinct word, so calc_rank_or of a single D position.
        let d: &[u16] = &[1];
        assert_eq!(ts_rank(&[vec![d]], false), 0.060_792_71);
        // 'ram:* & rama:*' over the same lexeme: no pair stands apart, so 1e-20.
        assert_eq!(ts_rank(&[vec![d], vec![d]], true), 1e-20);
    }
}
