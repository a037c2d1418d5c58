//! Guide search in memory. Every replica keeps the verified guides' searchable rows
//! (`guide_search`) in memory and answers lists and searches from them: matching, filters,
//! counting and ordering, at 100,000 guides in about a millisecond, where the database
//! ranked and counted every match of a common word on each request.
//!
//! The answers are the database's, exactly: the same guides, `total` and order. A word
//! matches as the database's full-text search matches it (FTS5's tokens on SQLite, the
//! `tsvector`'s lexemes, read from PostgreSQL itself, on PostgreSQL), and ties of rating
//! are ordered by the same relevance, computed as FTS5's `bm25` and PostgreSQL's
//! `ts_rank` compute it (`relevance`, `ts_rank`). What it cannot answer from memory (a
//! day the guide must be free, a point and radius, words outside ASCII letters and digits,
//! whose tokens the databases' parsers decide) goes to the database as before, through
//! `finder`, which is also what the tests compare the index with.
//!
//! The index loads everything at start-up and then follows `catalogue_changes`: after
//! every write this replica serves (before its response goes out), when another replica
//! announces a change, and every second for changes made elsewhere.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use futures_util::TryStreamExt;
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

use crate::catalogue_changes::{self, Follower, Kind};
use crate::db::{Backend, Db, Sql};
use crate::error::AppResult;
use cards::{CARD_COLUMNS, CARD_JOINS, CardRow, KeptCard};

pub mod cards;
pub mod ts_rank;

/// How often the index looks for changes made elsewhere (the command line, the sweep).
pub const FOLLOW_EVERY: Duration = Duration::from_secs(1);
/// FTS5's `bm25` weights of `guide_search_fts`'s columns: name, bio, languages, interests,
/// address (as `finder` passes them). Whole numbers, so a sum of them is exact in any order.
const COLUMN_WEIGHTS: [u32; 5] = [10, 1, 4, 4, 3];
const ADDRESS: usize = 4;
/// A posting's weight (SQLite) holds the term's weighted count in every column below this
/// bit and its count in the address from it: at most a few thousand tokens fit a guide's
/// text, far below either limit.
const ADDRESS_COUNT_SHIFT: u32 = 20;
/// Where a term was found: bit `c` for FTS5's column `c`, or bit `w` for PostgreSQL's
/// weight `w` (D = 0 … A = 3).
const ANY_FIELD: u32 = 0b11111;
const ADDRESS_COLUMN: u32 = 1 << 4;
const ADDRESS_WEIGHT: u32 = 1 << 1;
const FIELD_BITS: u32 = 5;

/// The in-memory guide search of this replica.
#[derive(Clone)]
pub struct SearchIndex {
    inner: Arc<Inner>,
}

struct Inner {
    index: RwLock<Index>,
    follower: tokio::sync::Mutex<Follower>,
    /// `catalogue_changes::recorded()` when the last catch-up that could read every
    /// change recorded so far began.
    seen: AtomicU64,
}

/// What a list or search asks for, in the terms of `guide_search`.
pub struct Ask<'a> {
    pub words: &'a [String],
    pub place: &'a [String],
    /// A category's name, as `guide_categories` stores it.
    pub category: Option<&'a str>,
    /// A normalised language name.
    pub language: Option<&'a str>,
    pub min_price_cents: Option<i64>,
    pub max_price_cents: Option<i64>,
    pub min_rating_rank: Option<i64>,
    pub sort: Order,
    /// Guides before this (rating rank, id) are skipped (the list's cursor).
    pub after: Option<(i64, &'a str)>,
    pub offset: usize,
    pub limit: usize,
}

/// The orders the index keeps: each by its key, then the rating (best first), then, in a
/// search, the relevance, then the id (last first), as the SQL search orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Rating,
    /// Cheapest first; guides without a price last.
    PriceAsc,
    /// Dearest first; guides without a price last.
    PriceDesc,
    /// Most reviewed first.
    Reviews,
}

/// A page: the guides' ids and rating ranks in order, and how many match in all.
pub struct Answer {
    pub page: Vec<(String, i64)>,
    pub total: i64,
    pub has_more: bool,
}

impl SearchIndex {
    /// Loads every searchable guide.
    pub async fn load(db: &Db) -> AppResult<Self> {
        // Made before reading, so what changes during the load is read again after it.
        let follower = Follower::starting_now(Kind::Guide);
        let recorded = catalogue_changes::recorded();
        // A change still in its transaction may be missed by this read: then the count
        // is kept one short, so the first search catches up.
        let seen = if catalogue_changes::may_be_uncommitted() {
            recorded.wrapping_sub(1)
        } else {
            recorded
        };
        let mut index = Index::new(db.backend);
        read_rows(db, None, |row| index.add(row, false)).await?;
        index.sort_orders();
        index.shrink_to_fit();
        Ok(Self {
            inner: Arc::new(Inner {
                index: RwLock::new(index),
                follower: tokio::sync::Mutex::new(follower),
                seen: AtomicU64::new(seen),
            }),
        })
    }

    /// Catches up first if this process has recorded a change since the last catch-up
    /// (an in-process change, such as the sweep's, shows in the very next search).
    pub async fn fresh(&self, db: &Db) -> AppResult<()> {
        if self.inner.seen.load(Ordering::SeqCst) != catalogue_changes::recorded() {
            self.catch_up(db).await?;
        }
        Ok(())
    }

    /// Reloads the guides changed since the last look; whether there were any.
    pub async fn catch_up(&self, db: &Db) -> AppResult<bool> {
        let mut follower = self.inner.follower.lock().await;
        let recorded = catalogue_changes::recorded();
        // A change still in its transaction is not read now: the next search looks again.
        let settled = !catalogue_changes::may_be_uncommitted();
        let changed = follower.changed(db).await?;
        if changed.is_empty() {
            if settled {
                self.inner.seen.store(recorded, Ordering::SeqCst);
            }
            return Ok(false);
        }
        let mut rows = HashMap::new();
        for chunk in changed.chunks(500) {
            read_rows(db, Some(chunk), |row| {
                rows.insert(row.card.guide_id.clone(), row);
            })
            .await?;
        }
        let mut index = self.index_mut();
        for id in changed {
            index.remove(&id);
            if let Some(row) = rows.remove(&id) {
                index.add(row, true);
            }
        }
        index.compact_if_sparse();
        drop(index);
        if settled {
            self.inner.seen.store(recorded, Ordering::SeqCst);
        }
        Ok(true)
    }

    /// The page `ask` asks for; `None` when the database must answer (see the module).
    pub fn find(&self, ask: &Ask) -> Option<Answer> {
        let index = self.inner.index.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        index.find(ask)
    }

    /// The cards of these guides, in this order; `None` when one is not in the index (the
    /// database has changed since it last looked: ask it).
    pub fn cards<'a>(&self, ids: impl IntoIterator<Item = &'a str>) -> Option<Vec<CardRow>> {
        let index = self.inner.index.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        ids.into_iter()
            .map(|id| index.slot_of.get(id).map(|&slot| index.docs[slot as usize].card.row()))
            .collect()
    }

    /// Whether the guide is listed (has a `guide_search` row).
    pub fn lists(&self, guide_id: &str) -> bool {
        let index = self.inner.index.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        index.slot_of.contains_key(guide_id)
    }

    /// How many guides the index holds.
    pub fn guides(&self) -> usize {
        self.inner.index.read().unwrap_or_else(|poisoned| poisoned.into_inner()).alive_count
    }

    fn index_mut(&self) -> std::sync::RwLockWriteGuard<'_, Index> {
        self.inner.index.write().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A guide's searchable row, as stored, and its card.
#[derive(sqlx::FromRow)]
struct Row {
    #[sqlx(flatten)]
    card: CardRow,
    name: String,
    #[sqlx(rename = "search_bio")]
    bio: String,
    languages: String,
    #[sqlx(rename = "search_interests")]
    interests: String,
    #[sqlx(rename = "search_address")]
    address: String,
    rating_rank: i64,
    price_cents: Option<i64>,
    #[sqlx(rename = "search_review_count")]
    review_count: i64,
    /// PostgreSQL's `tsvector` as text; empty on SQLite.
    document: String,
    #[sqlx(skip)]
    categories: Vec<String>,
}

/// The rows of `ids`, or of every guide, each handed to `each` as it is read: at 100,000
/// guides, holding every row's text at once would double the index's peak.
async fn read_rows(db: &Db, ids: Option<&[String]>, mut each: impl FnMut(Row)) -> AppResult<()> {
    let document = match db.backend {
        Backend::Sqlite => "''",
        Backend::Postgres => "s.document::text",
    };
    let mut sql = Sql::new(&format!(
        "SELECT {}, s.name, s.bio AS search_bio, s.languages, \
           s.interests AS search_interests, s.address AS search_address, s.rating_rank, \
           s.price_cents, s.review_count AS search_review_count, {document} AS document \
         FROM guide_search s{CARD_JOINS}",
        *CARD_COLUMNS
    ));
    let mut categories = Sql::new("SELECT guide_id, category FROM guide_categories");
    if let Some(ids) = ids {
        for (sql, column) in [(&mut sql, "s.guide_id"), (&mut categories, "guide_id")] {
            let params: Vec<String> = ids.iter().map(|id| sql.param(id.as_str())).collect();
            sql.push(&format!(" WHERE {column} IN ({})", params.join(", ")));
        }
    }
    let mut of_guide: HashMap<String, Vec<String>> = HashMap::new();
    let mut read_categories = categories.query_as::<(String, String)>().fetch(&db.pool);
    while let Some((guide_id, category)) = read_categories.try_next().await? {
        of_guide.entry(guide_id).or_default().push(category);
    }
    drop(read_categories);
    let mut rows = sql.query_as::<Row>().fetch(&db.pool);
    while let Some(mut row) = rows.try_next().await? {
        row.categories = of_guide.remove(&row.card.guide_id).unwrap_or_default();
        each(row);
    }
    Ok(())
}

/// The guides, each in a slot; a changed guide takes a new slot and its old one dies,
/// until `compact_if_sparse` rebuilds without the dead.
struct Index {
    backend: Backend,
    docs: Vec<Doc>,
    slot_of: HashMap<Box<str>, u32>,
    alive: Bits,
    alive_count: usize,
    /// Each category's bit in `Doc::categories` (there are far fewer than 64).
    category_bits: HashMap<String, u64>,
    /// The live guides under each category's bit.
    category_slots: HashMap<u64, Bits>,
    /// The live guides speaking a language with each word in its name.
    language_slots: HashMap<String, Bits>,
    facts: Vec<Facts>,
    /// Tokens in all live guides' text (FTS5's total, for the average length in `bm25`).
    total_tokens: u64,
    terms: BTreeMap<String, u32>,
    /// Per term: the slots holding it, each `slot << FIELD_BITS | fields`, by slot.
    postings: Vec<Vec<u32>>,
    /// SQLite only, beside each posting: the term's `bm25` frequency in the guide (see
    /// `ADDRESS_COUNT_SHIFT`), so relevance reads no guide's text.
    weights: Vec<Vec<u32>>,
    /// Live slots in each order `GuideSort` names (but distance).
    orders: [Vec<u32>; 4],
}

/// What the orders and filters read of each guide, kept densely by slot so that a walk
/// over 100,000 guides reads one small array rather than every guide's allocation.
#[derive(Clone, Copy)]
struct Facts {
    rating_rank: i64,
    price_cents: Option<i64>,
    review_count: i64,
}

struct Doc {
    /// What the guide's card shows, its id included.
    card: KeptCard,
    /// The normalised languages between spaces, as the language filter's LIKE reads them.
    languages: Box<str>,
    categories: u64,
    text: Text,
}

/// A guide's text as the database's full-text search sees it.
enum Text {
    /// FTS5: how many tokens (the length `bm25` reads); what they are is in the postings.
    Tokens(u32),
    /// PostgreSQL's lexemes (boxed: the SQLite index keeps 100,000 `Text`s without them).
    Lexemes(Box<Lexemes>),
}

/// The lexemes by term, each a term and its positions (a range of `positions`, each a
/// WordEntryPos: weight in the top 2 bits). The ranges follow the `tsvector`'s order,
/// which `ts_rank` reads them in. Boxed slices of exactly their length: 100,000 of them.
struct Lexemes {
    lexemes: Box<[(u32, Range)]>,
    positions: Box<[u16]>,
}

/// A lexeme's range of `Lexemes::positions` in 32 bits: its start in the low 23, its
/// length (at most 256, a `tsvector`'s limit) in the high 9.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Range(u32);

impl Range {
    const START_BITS: u32 = 23;

    /// `None` past 8,388,607 positions, far beyond a guide's 2,000-character bio.
    fn new(start: usize, len: usize) -> Option<Self> {
        let start = u32::try_from(start).ok().filter(|s| *s < 1 << Self::START_BITS)?;
        let len = u32::try_from(len).ok().filter(|l| *l <= 256)?;
        Some(Self(start | len << Self::START_BITS))
    }

    fn start(self) -> u32 {
        self.0 & ((1 << Self::START_BITS) - 1)
    }

    fn end(self) -> u32 {
        self.start() + (self.0 >> Self::START_BITS)
    }
}

impl Text {
    fn token_count(&self) -> u64 {
        match self {
            Text::Tokens(count) => u64::from(*count),
            Text::Lexemes(_) => 0,
        }
    }
}

/// A term of a guide's text: its id, the fields it is in, and its weight (see `weights`).
type TermOfDoc = (u32, u32, u32);

/// The orders kept, by their place in `Index::orders`.
const ORDERS: [Order; 4] = [Order::Rating, Order::PriceAsc, Order::PriceDesc, Order::Reviews];

impl Index {
    fn new(backend: Backend) -> Self {
        Self {
            backend,
            docs: Vec::new(),
            slot_of: HashMap::new(),
            alive: Bits::default(),
            alive_count: 0,
            category_bits: HashMap::new(),
            category_slots: HashMap::new(),
            language_slots: HashMap::new(),
            facts: Vec::new(),
            total_tokens: 0,
            terms: BTreeMap::new(),
            postings: Vec::new(),
            weights: Vec::new(),
            orders: Default::default(),
        }
    }

    /// The bits of these categories, each category getting one the first time it is seen.
    fn category_bits(&mut self, names: &[String]) -> u64 {
        let mut bits = 0;
        for name in names {
            let next = 1u64.checked_shl(self.category_bits.len() as u32).unwrap_or(0);
            bits |= *self.category_bits.entry(name.clone()).or_insert(next);
        }
        bits
    }

    fn term(&mut self, text: &str) -> u32 {
        if let Some(&id) = self.terms.get(text) {
            return id;
        }
        let id = self.postings.len() as u32;
        self.terms.insert(text.to_owned(), id);
        self.postings.push(Vec::new());
        self.weights.push(Vec::new());
        id
    }

    /// Adds a guide; into the orders too, or not when `sort_orders` follows.
    fn add(&mut self, row: Row, ordered: bool) {
        let mut terms: HashMap<u32, (u32, u32)> = HashMap::new();
        let text = match self.backend {
            Backend::Sqlite => {
                let columns = [&row.name, &row.bio, &row.languages, &row.interests, &row.address];
                let mut count = 0;
                for (column, text) in columns.into_iter().enumerate() {
                    for token in fts5_tokens(text) {
                        let (fields, weight) = terms.entry(self.term(token)).or_default();
                        *fields |= 1 << column;
                        *weight += COLUMN_WEIGHTS[column];
                        if column == ADDRESS {
                            *weight += 1 << ADDRESS_COUNT_SHIFT;
                        }
                        count += 1;
                    }
                }
                Text::Tokens(count)
            }
            Backend::Postgres => {
                let parsed = ts_rank::parse_tsvector(&row.document).unwrap_or_default();
                let mut lexemes = Vec::with_capacity(parsed.len());
                let mut positions = Vec::new();
                for (lexeme, at) in parsed {
                    let Some(range) = Range::new(positions.len(), at.len()) else { break };
                    let term = self.term(&lexeme);
                    terms.entry(term).or_default().0 |=
                        at.iter().fold(0, |w, p| w | 1 << (p >> 14));
                    lexemes.push((term, range));
                    positions.extend(at);
                }
                // By term, to find a word's lexemes by halving (`Relevance`).
                lexemes.sort_unstable();
                Text::Lexemes(Box::new(Lexemes {
                    lexemes: lexemes.into_boxed_slice(),
                    positions: positions.into_boxed_slice(),
                }))
            }
        };
        let terms: Vec<TermOfDoc> =
            terms.into_iter().map(|(term, (fields, weight))| (term, fields, weight)).collect();
        let categories = self.category_bits(&row.categories);
        self.insert(
            Doc {
                card: row.card.into(),
                languages: format!(" {} ", row.languages).into_boxed_str(),
                categories,
                text,
            },
            Facts {
                rating_rank: row.rating_rank,
                price_cents: row.price_cents,
                review_count: row.review_count,
            },
            &terms,
            ordered,
        );
    }

    fn insert(&mut self, doc: Doc, facts: Facts, terms: &[TermOfDoc], ordered: bool) {
        let slot = self.docs.len() as u32;
        for &(term, fields, weight) in terms {
            self.postings[term as usize].push(slot << FIELD_BITS | fields);
            if self.backend == Backend::Sqlite {
                self.weights[term as usize].push(weight);
            }
        }
        self.facts.push(facts);
        self.docs.push(doc);
        self.live(slot);
        if !ordered {
            return;
        }
        for (order, sort) in ORDERS.iter().enumerate() {
            let at = self.orders[order]
                .partition_point(|&other| self.before(*sort, other, slot).is_lt());
            self.orders[order].insert(at, slot);
        }
    }

    fn remove(&mut self, guide_id: &str) {
        let Some(slot) = self.slot_of.remove(guide_id) else { return };
        for (order, sort) in ORDERS.iter().enumerate() {
            let at = self.orders[order]
                .partition_point(|&other| self.before(*sort, other, slot).is_lt());
            if self.orders[order].get(at) == Some(&slot) {
                self.orders[order].remove(at);
            }
        }
        self.alive.clear(slot);
        self.alive_count -= 1;
        let doc = &self.docs[slot as usize];
        for bit in bits_of(doc.categories) {
            if let Some(slots) = self.category_slots.get_mut(&bit) {
                slots.clear(slot);
            }
        }
        for word in doc.languages.split_whitespace() {
            if let Some(slots) = self.language_slots.get_mut(word) {
                slots.clear(slot);
            }
        }
        self.total_tokens -= self.docs[slot as usize].text.token_count();
    }

    /// Counts the guide in `slot` among the live, in its categories and languages.
    fn live(&mut self, slot: u32) {
        let doc = &self.docs[slot as usize];
        self.total_tokens += doc.text.token_count();
        self.slot_of.insert(doc.card.guide_id().into(), slot);
        for word in doc.languages.split_whitespace() {
            self.language_slots.entry(word.to_owned()).or_default().set(slot);
        }
        for bit in bits_of(doc.categories) {
            self.category_slots.entry(bit).or_default().set(slot);
        }
        self.alive.set(slot);
        self.alive_count += 1;
    }

    /// Rebuilds without dead slots once they are a quarter of all: the live keep their
    /// order, so each term's postings stay sorted by slot.
    fn compact_if_sparse(&mut self) {
        let dead = self.docs.len() - self.alive_count;
        if dead < 1_000 || dead * 4 < self.docs.len() {
            return;
        }
        let alive = std::mem::take(&mut self.alive);
        let mut moved_to = vec![u32::MAX; self.docs.len()];
        let mut next = 0;
        for (slot, to) in moved_to.iter_mut().enumerate() {
            if alive.get(slot as u32) {
                *to = next;
                next += 1;
            }
        }
        for (postings, weights) in self.postings.iter_mut().zip(&mut self.weights) {
            let mut kept = 0;
            for at in 0..postings.len() {
                let to = moved_to[(postings[at] >> FIELD_BITS) as usize];
                if to != u32::MAX {
                    postings[kept] = to << FIELD_BITS | postings[at] & ANY_FIELD;
                    if let Some(&weight) = weights.get(at) {
                        weights[kept] = weight;
                    }
                    kept += 1;
                }
            }
            postings.truncate(kept);
            weights.truncate(kept.min(weights.len()));
        }
        let docs = std::mem::take(&mut self.docs);
        let facts = std::mem::take(&mut self.facts);
        let mut fresh = Index::new(self.backend);
        fresh.terms = std::mem::take(&mut self.terms);
        fresh.category_bits = std::mem::take(&mut self.category_bits);
        fresh.postings = std::mem::take(&mut self.postings);
        fresh.weights = std::mem::take(&mut self.weights);
        for (slot, (doc, facts)) in docs.into_iter().zip(facts).enumerate() {
            if moved_to[slot] != u32::MAX {
                fresh.facts.push(facts);
                fresh.docs.push(doc);
                fresh.live(moved_to[slot]);
            }
        }
        fresh.sort_orders();
        *self = fresh;
    }

    /// Lets go of what growing the postings one guide at a time reserved beyond their
    /// length (up to half of them, tens of megabytes at 100,000 guides).
    fn shrink_to_fit(&mut self) {
        for list in &mut self.postings {
            list.shrink_to_fit();
        }
        for list in &mut self.weights {
            list.shrink_to_fit();
        }
        self.docs.shrink_to_fit();
        self.facts.shrink_to_fit();
    }

    /// Puts every live guide in every order, at once.
    fn sort_orders(&mut self) {
        for (order, sort) in ORDERS.iter().enumerate() {
            let mut slots: Vec<u32> = self.slot_of.values().copied().collect();
            slots.sort_unstable_by(|&a, &b| self.before(*sort, a, b));
            self.orders[order] = slots;
        }
    }

    /// How `a` compares with `b` in `sort`'s order, before relevance and the id.
    fn key_order(&self, sort: Order, a: u32, b: u32) -> std::cmp::Ordering {
        let (a, b) = (&self.facts[a as usize], &self.facts[b as usize]);
        let by_rating = b.rating_rank.cmp(&a.rating_rank);
        match sort {
            Order::Rating => by_rating,
            Order::PriceAsc => (a.price_cents.is_none(), a.price_cents)
                .cmp(&(b.price_cents.is_none(), b.price_cents))
                .then(by_rating),
            Order::PriceDesc => a
                .price_cents
                .is_none()
                .cmp(&b.price_cents.is_none())
                .then(b.price_cents.cmp(&a.price_cents))
                .then(by_rating),
            Order::Reviews => b.review_count.cmp(&a.review_count).then(by_rating),
        }
    }

    /// `sort`'s whole order without relevance: the key, then the id, last first.
    fn before(&self, sort: Order, a: u32, b: u32) -> std::cmp::Ordering {
        self.key_order(sort, a, b).then_with(|| {
            let id = |slot: u32| self.docs[slot as usize].card.guide_id().as_bytes();
            id(b).cmp(id(a))
        })
    }

    fn find(&self, ask: &Ask) -> Option<Answer> {
        let ascii = |w: &String| w.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
        if !ask.words.iter().chain(ask.place).all(ascii) {
            return None;
        }
        let order_at = ORDERS.iter().position(|s| *s == ask.sort).unwrap_or_default();
        let order = &self.orders[order_at];

        let (any, address) = match self.backend {
            Backend::Sqlite => (ANY_FIELD, ADDRESS_COLUMN),
            Backend::Postgres => (ANY_FIELD, ADDRESS_WEIGHT),
        };
        let phrases: Vec<Phrase> = ask
            .words
            .iter()
            .map(|w| (w, any))
            .chain(ask.place.iter().map(|w| (w, address)))
            .map(|(word, fields)| self.phrase(word, fields))
            .collect();
        let ranked = !phrases.is_empty();
        // A category no guide is in has no bit, and finds nobody.
        let category = ask.category.map(|name| {
            let bit = self.category_bits.get(name).copied().unwrap_or_default();
            self.category_slots.get(&bit).cloned().unwrap_or_default()
        });
        // A one-word language is a set too (the filter matches a whole word of the
        // guide's languages); a longer name is matched guide by guide, as the SQL's LIKE.
        let language = ask.language.map(|l| format!(" {l} "));
        let language_set = ask
            .language
            .filter(|l| !l.contains(' '))
            .map(|word| self.language_slots.get(word).cloned().unwrap_or_default());
        let language = language.filter(|_| language_set.is_none());
        // The guides the words, the category and the language allow, as one set.
        let candidates = phrases
            .iter()
            .map(|p| &p.slots)
            .chain(category.as_ref())
            .chain(language_set.as_ref())
            .fold(None, |all: Option<Bits>, slots| {
                Some(match all {
                    None => slots.clone(),
                    Some(all) => all.and(slots),
                })
            });
        let keeps = |slot: u32| -> bool {
            if candidates.as_ref().is_some_and(|m| !m.get(slot)) {
                return false;
            }
            let facts = &self.facts[slot as usize];
            language.as_deref().is_none_or(|l| self.docs[slot as usize].languages.contains(l))
                && ask.min_price_cents.is_none_or(|min| facts.price_cents.is_some_and(|p| p >= min))
                && ask.max_price_cents.is_none_or(|max| facts.price_cents.is_some_and(|p| p <= max))
                && ask.min_rating_rank.is_none_or(|min| facts.rating_rank >= min)
        };
        // Without the filters read guide by guide, the set counts the matches, and the walk
        // below can stop once it is past the page.
        let counted = (language.is_none()
            && ask.min_price_cents.is_none()
            && ask.max_price_cents.is_none()
            && ask.min_rating_rank.is_none())
        .then(|| candidates.as_ref().map_or(self.alive_count, |c| c.count() as usize));
        // The cursor narrows the page, not the count (as in SQL).
        let after_cursor = |slot: u32| {
            ask.after.is_none_or(|(rank, id)| {
                let rating_rank = self.facts[slot as usize].rating_rank;
                (rating_rank, self.docs[slot as usize].card.guide_id().as_bytes())
                    < (rank, id.as_bytes())
            })
        };

        // The guides from the start of the page's first tie to the end of its last one
        // (ties of everything but relevance, which only they need), and the count.
        // `position` counts the guides after the cursor, the page's sequence.
        let end = ask.offset + ask.limit + 1;
        let mut total = 0usize;
        let mut position = 0usize;
        let mut window: Vec<u32> = Vec::new();
        let mut window_start = 0usize;
        let mut tie: Vec<u32> = Vec::new();
        let mut tie_start = 0usize;
        for &slot in order {
            if !keeps(slot) {
                continue;
            }
            total += 1;
            if !after_cursor(slot) {
                continue;
            }
            if ranked {
                if tie.last().is_some_and(|&last| {
                    self.key_order(ask.sort, last, slot) != std::cmp::Ordering::Equal
                }) {
                    if tie_start < end && tie_start + tie.len() > ask.offset {
                        if window.is_empty() {
                            window_start = tie_start;
                        }
                        window.append(&mut tie);
                    }
                    tie.clear();
                    tie_start = position;
                }
                tie.push(slot);
            } else if (ask.offset..end).contains(&position) {
                if window.is_empty() {
                    window_start = position;
                }
                window.push(slot);
            }
            position += 1;
            let past_the_page = if ranked { tie_start >= end } else { position >= end };
            if counted.is_some() && past_the_page {
                break;
            }
        }
        let total = counted.unwrap_or(total);
        if tie_start < end && tie_start + tie.len() > ask.offset {
            if window.is_empty() {
                window_start = tie_start;
            }
            window.append(&mut tie);
        }

        if ranked {
            let relevance = Relevance::new(self, &phrases, ask).of(self, &phrases, &window);
            let mut scored: Vec<(usize, f64, u32)> = Vec::with_capacity(window.len());
            let mut group = 0;
            for (i, (&slot, relevance)) in window.iter().zip(relevance).enumerate() {
                if i > 0
                    && self.key_order(ask.sort, window[i - 1], slot) != std::cmp::Ordering::Equal
                {
                    group += 1;
                }
                scored.push((group, relevance, slot));
            }
            // Stable: within equal relevance the window keeps the id order, last first.
            scored.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
            window = scored.into_iter().map(|(_, _, slot)| slot).collect();
        }

        let skip = ask.offset.saturating_sub(window_start);
        let page: Vec<(String, i64)> = window
            .iter()
            .skip(skip)
            .take(ask.limit + 1)
            .map(|&slot| {
                let id = self.docs[slot as usize].card.guide_id().to_owned();
                (id, self.facts[slot as usize].rating_rank)
            })
            .collect();
        let has_more = page.len() > ask.limit;
        let mut page = page;
        page.truncate(ask.limit);
        Some(Answer { page, total: total as i64, has_more })
    }

    /// The live guides a prefix matches within `fields`, and the terms it matches.
    fn phrase(&self, word: &str, fields: u32) -> Phrase {
        let mut slots = Bits::with_len(self.docs.len());
        let mut terms = Vec::new();
        for (term, &id) in self.terms.range(word.to_owned()..) {
            if !term.starts_with(word) {
                break;
            }
            terms.push(id);
            for &posting in &self.postings[id as usize] {
                if posting & fields != 0 {
                    slots.set_within(posting >> FIELD_BITS);
                }
            }
        }
        let slots = slots.and(&self.alive);
        terms.sort_unstable();
        Phrase { word: word.to_owned(), fields, terms, slots }
    }
}

/// One word of the query: the terms it finds and the live guides having one of them in
/// the fields it may be found in.
struct Phrase {
    word: String,
    fields: u32,
    /// Sorted.
    terms: Vec<u32>,
    slots: Bits,
}

impl Phrase {
    fn finds(&self, term: u32) -> bool {
        self.terms.binary_search(&term).is_ok()
    }

    /// Fills `found` with the position ranges (start, end) of the lexemes (by term) this
    /// word finds, in the `tsvector`'s order: looked up one by one when the word has fewer
    /// terms than the guide lexemes.
    fn lexemes_in(&self, lexemes: &[(u32, Range)], found: &mut Vec<(u32, u32)>) {
        found.clear();
        let bounds = |range: Range| (range.start(), range.end());
        if self.terms.len() < lexemes.len() {
            found.extend(
                self.terms
                    .iter()
                    .filter_map(|term| lexemes.binary_search_by_key(term, |&(t, _)| t).ok())
                    .map(|at| bounds(lexemes[at].1)),
            );
        } else {
            found.extend(
                lexemes
                    .iter()
                    .filter(|(term, _)| self.finds(*term))
                    .map(|&(_, range)| bounds(range)),
            );
        }
        found.sort_unstable();
    }
}

/// How well a guide matches, as the database orders by it (ascending: best first).
enum Relevance {
    /// FTS5's `bm25` with `COLUMN_WEIGHTS`.
    Bm25 { average_tokens: f64, idf: Vec<f64> },
    /// PostgreSQL's `ts_rank`, negated; `operands` are the words' phrases in the order
    /// PostgreSQL ranks them.
    TsRank { operands: Vec<usize>, and: bool },
}

impl Relevance {
    fn new(index: &Index, phrases: &[Phrase], ask: &Ask) -> Self {
        match index.backend {
            Backend::Sqlite => {
                let rows = index.alive_count as i64;
                let average_tokens = index.total_tokens as f64 / rows as f64;
                let idf = phrases
                    .iter()
                    .map(|phrase| {
                        let hits = phrase.slots.count() as i64;
                        let idf = (((rows - hits) as f64 + 0.5) / (hits as f64 + 0.5)).ln();
                        if idf <= 0.0 { 1e-6 } else { idf }
                    })
                    .collect();
                Self::Bm25 { average_tokens, idf }
            }
            Backend::Postgres => {
                let words: Vec<&str> = phrases.iter().map(|p| p.word.as_str()).collect();
                let operands = ts_rank::query_order(&words)
                    .into_iter()
                    .filter_map(|word| phrases.iter().position(|p| p.word == word))
                    .collect();
                Self::TsRank { operands, and: ask.words.len() + ask.place.len() > 1 }
            }
        }
    }

    /// The relevance of each guide of `window`.
    fn of(&self, index: &Index, phrases: &[Phrase], window: &[u32]) -> Vec<f64> {
        match self {
            Self::Bm25 { average_tokens, idf } => {
                const K1: f64 = 1.2;
                const B: f64 = 0.75;
                // Each word's frequency in each guide, read from its terms' postings (by
                // slot) for the guides of the window in slot order.
                let mut by_slot: Vec<usize> = (0..window.len()).collect();
                by_slot.sort_unstable_by_key(|&i| window[i]);
                let slots: Vec<u32> = by_slot.iter().map(|&i| window[i]).collect();
                let mut score = vec![0.0; window.len()];
                let mut frequency = vec![0u32; window.len()];
                for (phrase, idf) in phrases.iter().zip(idf) {
                    frequency.fill(0);
                    for &term in &phrase.terms {
                        let postings = &index.postings[term as usize];
                        let weights = &index.weights[term as usize];
                        for_each_common(postings, &slots, |posting, k| {
                            let weight = weights[posting];
                            frequency[k] += if phrase.fields == ADDRESS_COLUMN {
                                (weight >> ADDRESS_COUNT_SHIFT) * COLUMN_WEIGHTS[ADDRESS]
                            } else {
                                weight & ((1 << ADDRESS_COUNT_SHIFT) - 1)
                            };
                        });
                    }
                    for (k, &slot) in slots.iter().enumerate() {
                        let length = index.docs[slot as usize].text.token_count() as f64;
                        let frequency = f64::from(frequency[k]);
                        score[by_slot[k]] += idf
                            * ((frequency * (K1 + 1.0))
                                / (frequency + K1 * (1.0 - B + B * length / average_tokens)));
                    }
                }
                score.into_iter().map(|score: f64| -score).collect()
            }
            Self::TsRank { operands, and } => {
                // The buffers serve guide after guide: a tie of a common word can be
                // thousands of guides, and allocating for each was most of the ranking.
                let mut found = Vec::new();
                let mut items: Vec<Vec<&[u16]>> = vec![Vec::new(); operands.len()];
                let mut ranks = Vec::with_capacity(window.len());
                for &slot in window {
                    let Text::Lexemes(text) = &index.docs[slot as usize].text else {
                        ranks.push(0.0);
                        continue;
                    };
                    let Lexemes { lexemes, positions } = text.as_ref();
                    for (item, &operand) in items.iter_mut().zip(operands) {
                        phrases[operand].lexemes_in(lexemes, &mut found);
                        item.clear();
                        item.extend(
                            found
                                .iter()
                                .map(|&(start, end)| &positions[start as usize..end as usize]),
                        );
                    }
                    ranks.push(-(ts_rank::ts_rank(&items, *and)) as f64);
                }
                ranks
            }
        }
    }
}

/// Calls `found(posting, k)` for each slot `slots[k]` that has a posting in `postings`
/// (both by slot): a merge when they are of like size, else a search per slot.
fn for_each_common(postings: &[u32], slots: &[u32], mut found: impl FnMut(usize, usize)) {
    if slots.len() * 16 < postings.len() {
        let mut from = 0;
        for (k, &slot) in slots.iter().enumerate() {
            from += postings[from..].partition_point(|&p| p >> FIELD_BITS < slot);
            if postings.get(from).is_some_and(|&p| p >> FIELD_BITS == slot) {
                found(from, k);
            }
        }
        return;
    }
    let (mut at, mut k) = (0, 0);
    while at < postings.len() && k < slots.len() {
        let slot = postings[at] >> FIELD_BITS;
        match slot.cmp(&slots[k]) {
            std::cmp::Ordering::Less => at += 1,
            std::cmp::Ordering::Greater => k += 1,
            std::cmp::Ordering::Equal => {
                found(at, k);
                at += 1;
                k += 1;
            }
        }
    }
}

/// The tokens FTS5's `unicode61` tokenizer makes of normalised text: runs of letters,
/// digits and private-use characters (a combining mark, such as a Devanagari vowel sign,
/// separates tokens there). Normalised text is already lower case and without accents, so
/// the tokenizer's folding leaves it as it is.
fn fts5_tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !is_token_char(c)).filter(|token| !token.is_empty())
}

fn is_token_char(c: char) -> bool {
    matches!(
        c.general_category_group(),
        GeneralCategoryGroup::Letter | GeneralCategoryGroup::Number
    ) || c.general_category() == unicode_properties::GeneralCategory::PrivateUse
}

/// The single bits of a category mask.
fn bits_of(mask: u64) -> impl Iterator<Item = u64> {
    (0..64).map(|b| 1u64 << b).filter(move |bit| mask & bit != 0)
}

/// A set of slots.
#[derive(Clone, Default)]
struct Bits(Vec<u64>);

impl Bits {
    fn with_len(len: usize) -> Self {
        Self(vec![0; len.div_ceil(64)])
    }

    fn set(&mut self, at: u32) {
        let word = at as usize / 64;
        if word >= self.0.len() {
            self.0.resize(word + 1, 0);
        }
        self.0[word] |= 1 << (at % 64);
    }

    /// `set` for a slot the set was made long enough for (`with_len`): the hot loop of a
    /// word's postings, without growing.
    fn set_within(&mut self, at: u32) {
        self.0[at as usize / 64] |= 1 << (at % 64);
    }

    fn clear(&mut self, at: u32) {
        if let Some(word) = self.0.get_mut(at as usize / 64) {
            *word &= !(1 << (at % 64));
        }
    }

    fn get(&self, at: u32) -> bool {
        self.0.get(at as usize / 64).is_some_and(|word| word & 1 << (at % 64) != 0)
    }

    fn and(&self, other: &Bits) -> Bits {
        Bits(
            self.0
                .iter()
                .zip(other.0.iter().chain(std::iter::repeat(&0)))
                .map(|(a, b)| a & b)
                .collect(),
        )
    }

    fn count(&self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_runs_of_letters_and_digits() {
        let tokens: Vec<&str> = fts5_tokens("ram 4x4 नेपाल straße").collect();
        assert_eq!(tokens, ["ram", "4x4", "न", "प", "ल", "straße"]);
    }

    fn row(n: usize) -> Row {
        let words = ["trek", "trekking", "tea", "temple", "rhino", "river"];
        Row {
            card: CardRow { guide_id: format!("{n:032x}"), ..Default::default() },
            name: format!("guide {}", words[n % 6]),
            bio: (0..n % 7).map(|i| words[(n + i) % 6]).collect::<Vec<_>>().join(" "),
            languages: "english".into(),
            interests: words[n % 4].into(),
            address: ["pokhara", "kathmandu", "trek town"][n % 3].into(),
            rating_rank: (n % 5) as i64 * 10_000,
            price_cents: Some((n % 9) as i64 * 500),
            review_count: (n % 4) as i64,
            document: String::new(),
            categories: vec![],
        }
    }

    fn answers(index: &Index) -> Vec<(Vec<(String, i64)>, i64)> {
        let words = |w: &[&str]| w.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        let asks = [
            (words(&["tre"]), words(&[])),
            (words(&["te", "r"]), words(&["trek"])),
            (words(&[]), words(&["pokhara"])),
        ];
        let mut all = Vec::new();
        for (words, place) in &asks {
            for sort in ORDERS {
                for offset in [0, 7, 300] {
                    let ask = Ask {
                        words,
                        place,
                        category: None,
                        language: None,
                        min_price_cents: None,
                        max_price_cents: None,
                        min_rating_rank: None,
                        sort,
                        after: None,
                        offset,
                        limit: 12,
                    };
                    let answer = index.find(&ask).expect("ASCII words");
                    all.push((answer.page, answer.total));
                }
            }
        }
        all
    }

    #[test]
    fn compacting_keeps_every_answer_and_its_relevance() {
        let mut index = Index::new(Backend::Sqlite);
        for n in 0..3_000 {
            index.add(row(n), false);
        }
        index.sort_orders();
        for n in (0..3_000).filter(|n| n % 3 != 0) {
            index.remove(&format!("{n:032x}"));
        }
        let slots_before = index.docs.len();
        index.compact_if_sparse();
        assert!(index.docs.len() < slots_before, "compacted");
        let mut fresh = Index::new(Backend::Sqlite);
        for n in (0..3_000).filter(|n| n % 3 == 0) {
            fresh.add(row(n), false);
        }
        fresh.sort_orders();
        assert_eq!(answers(&index), answers(&fresh));
    }

    #[test]
    fn sets_of_slots_grow_and_intersect() {
        let mut a = Bits::with_len(10);
        a.set(3);
        a.set(200);
        let mut b = Bits::default();
        b.set(200);
        b.set(5);
        assert!(a.and(&b).get(200) && !a.and(&b).get(3));
        a.clear(200);
        assert_eq!(a.count(), 1);
    }
}
