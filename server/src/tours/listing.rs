//! The listed tours in memory, so the public list answers at 100,000 tours without asking
//! the database to join, sort and count them all for every page. One compact row per listed
//! tour (published, by a guide in `guide_search`) with what the list filters and sorts on:
//! its guide's rating rank and languages, its days, highest night, destination, price rows
//! and the words of its search text, and what its card shows. The orders the list offers are
//! kept sorted (by price: per group size, once asked for); a request counts its matches
//! exactly in one pass over the rows and picks its page by walking the order it asked for.
//! What the cards show is kept too (a tour's title, summary and cover; its guide's name,
//! photo and rating, once per guide), so a page reads nothing from the database.
//!
//! The rules are those of the SQL in `finder` (which stays, as the reference the tests
//! compare with, and for what memory cannot answer: `availableOn` needs the calendar, and
//! nothing is in memory until the first load ends).
//!
//! Keeping in step, as the guide search does: the listing loads every listed tour once, then
//! follows `catalogue_changes` — the tours changed, and the tours of the guides changed
//! (whose rank, languages or being listed at all the list reads) — and reloads just those
//! rows: before a list answers when this process has recorded a change since the last look,
//! and every `FOLLOW_EVERY` for changes made elsewhere. A changed tour takes a new slot and
//! its old one dies, until dead slots are a quarter of all and the listing is compacted.

use std::cmp::Ordering as Ranked;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use futures_util::TryStreamExt;

use super::acclimatisation::Risk;
use super::domain::{BookingMode, GROUP_MAX, TourSort};
use super::photos::Cover;
use super::view::{TourCard, TourGuide};
use crate::catalogue::CatalogueCache;
use crate::catalogue_changes::{self, Follower, Kind};
use crate::db::{Db, Sql};
use crate::error::AppResult;
use crate::guides::cards::average;
use crate::guides::reliability::shown;
use crate::media::upload::public_url;
use crate::search_index::FOLLOW_EVERY;
use crate::search_index::cards::{KeptReliability, RELIABILITY_COLUMNS, StoredReliability};

/// Words whose matching rows are kept, per listing (each costs n/8 bytes).
const WORD_SETS_KEPT: usize = 256;
/// A page is picked by walking its order while that is expected to read fewer rows than
/// this; otherwise the matches are collected and the page selected among them.
const WALK_BUDGET: u64 = 50_000;
const NO_PRICE: i64 = -1;
/// Dead slots below this many are never worth a compaction.
const DEAD_KEPT: usize = 256;
/// Changed tours read from the database per query.
const READ_CHUNK: usize = 500;

/// What a request asks of the list, checked (`finder::Wanted` makes it).
pub struct Asked<'a> {
    pub group: i64,
    pub min_days: Option<i64>,
    pub max_days: Option<i64>,
    pub max_altitude: Option<i64>,
    /// The destinations of the difficulty asked for, when one is.
    pub difficulty_destinations: Option<&'a [String]>,
    pub min_price: Option<i64>,
    pub max_price: Option<i64>,
    /// Normalised.
    pub language: Option<&'a str>,
    /// Normalised.
    pub words: &'a [String],
    pub destination: Option<&'a str>,
    pub guide: Option<&'a str>,
    pub sort: TourSort,
    pub offset: i64,
    pub limit: i64,
}

/// What a quote reads of a listed tour.
pub struct QuoteFacts {
    /// (min people, max people, cents per person), as `tour_prices` holds them.
    pub tiers: Vec<(i64, i64, i64)>,
    pub day_count: i64,
    pub max_group_size: i64,
    pub destination_id: Option<String>,
}

/// What a tour's card shows beside its figures, kept so a page reads no tour row. Kept
/// for every listed tour, so as small as it can be: the texts without spare capacity,
/// the kinds as what they are.
struct Card {
    title: Box<str>,
    summary: Box<str>,
    risk: Risk,
    max_group_size: i64,
    booking_mode: BookingMode,
    cover: Option<Box<Cover>>,
}

/// What a tour's card shows of its guide, kept once per guide.
struct GuideFacts {
    first_name: Box<str>,
    last_name: Box<str>,
    /// The small copy of their photo.
    picture_key: Option<Box<str>>,
    rating_sum: i64,
    review_count: i64,
    joined_at: i64,
    reliability: Option<KeptReliability>,
}

impl GuideFacts {
    fn card(&self, id: &str) -> TourGuide {
        let stored = self.reliability.map(KeptReliability::stored).unwrap_or_default();
        let (reliability, badges) = shown(&stored, self.joined_at);
        TourGuide {
            id: id.to_owned(),
            first_name: self.first_name.to_string(),
            last_name: self.last_name.to_string(),
            profile_picture: self.picture_key.as_deref().map(public_url),
            average_rating: average(self.rating_sum, self.review_count),
            review_count: self.review_count,
            reliability,
            badges,
        }
    }
}

/// A listed tour as it was read; its guide and destination are `Hot`'s.
struct Row {
    /// Shared with `Listing::slot_of`.
    id: Arc<str>,
    rating_rank: i64,
    day_count: i64,
    max_altitude: Option<i64>,
    /// (min people, max people, cents per person).
    tiers: Box<[(i64, i64, i64)]>,
    card: Card,
}

impl Row {
    fn price_for(&self, group: i64) -> i64 {
        self.tiers
            .iter()
            .find(|(min, max, _)| *min <= group && group <= *max)
            .map_or(NO_PRICE, |tier| tier.2)
    }
}

/// What a listed tour is found by, read with its row and let go once the listing holds
/// its words, language set, guide and destination (a search text is about 330 bytes:
/// 33 MB at 100,000 tours).
struct FoundBy {
    search_text: String,
    /// The guide's normalised languages.
    languages: String,
    guide_id: String,
    guide: GuideFacts,
    destination_id: Option<String>,
    destination_name: Option<String>,
}

/// A row's figures for the filter pass, laid out together.
#[derive(Clone, Copy)]
struct Hot {
    day_count: i64,
    /// `i64::MIN` when the tour has no night.
    max_altitude: i64,
    /// Into `Listing::language_sets`.
    languages: u32,
    /// Into `Listing::destinations`; `u32::MAX` for none.
    destination: u32,
    guide: u32,
}

/// The prices of one group size: per slot (`NO_PRICE` for none, and for a dead slot), and
/// the live slots with one in price order (cheapest first, then by id).
struct GroupPrices {
    price: Vec<i64>,
    order: Order,
    /// Per number of days, the prices of the tours that long, cheapest first: what a count
    /// by days and price alone reads (made when first asked for, again after a change).
    by_days: OnceLock<Vec<Vec<i64>>>,
}

/// Live slots in one order, and each slot's position in it (`u32::MAX` for none).
#[derive(Default)]
struct Order {
    rows: Vec<u32>,
    position: Vec<u32>,
}

impl Order {
    fn sorted(mut rows: Vec<u32>, n: usize, before: impl Fn(u32, u32) -> Ranked) -> Self {
        rows.sort_unstable_by(|&a, &b| before(a, b));
        let mut order = Self { rows, position: Vec::new() };
        order.place(n);
        order
    }

    /// Works out every slot's position again, for `n` slots.
    fn place(&mut self, n: usize) {
        self.position.clear();
        self.position.resize(n, u32::MAX);
        for (at, &row) in self.rows.iter().enumerate() {
            self.position[row as usize] = at as u32;
        }
    }

    fn insert(&mut self, slot: u32, before: impl Fn(u32, u32) -> Ranked) {
        let at = self.rows.partition_point(|&other| before(other, slot).is_lt());
        self.rows.insert(at, slot);
    }

    /// Takes `slot` out; `before` must order it by what it held when it was put in.
    fn remove(&mut self, slot: u32, before: impl Fn(u32, u32) -> Ranked) {
        let at = self.rows.partition_point(|&other| before(other, slot).is_lt());
        if self.rows.get(at) == Some(&slot) {
            self.rows.remove(at);
        }
    }

    /// The same order after slots moved (`moved_to`, which keeps their relative order).
    fn moved(&mut self, moved_to: &[u32], n: usize) {
        self.rows.retain_mut(|row| {
            *row = moved_to[*row as usize];
            *row != u32::MAX
        });
        self.place(n);
    }
}

/// Rating, best first, then id, last first.
fn by_rating(rows: &[Row]) -> impl Fn(u32, u32) -> Ranked + '_ {
    |a, b| {
        let (a, b) = (&rows[a as usize], &rows[b as usize]);
        b.rating_rank.cmp(&a.rating_rank).then_with(|| b.id.cmp(&a.id))
    }
}

/// Days, fewest first, then id.
fn by_days(rows: &[Row]) -> impl Fn(u32, u32) -> Ranked + '_ {
    |a, b| {
        let (a, b) = (&rows[a as usize], &rows[b as usize]);
        a.day_count.cmp(&b.day_count).then_with(|| a.id.cmp(&b.id))
    }
}

/// Price for the group, cheapest first, then id.
fn by_price<'a>(rows: &'a [Row], price: &'a [i64]) -> impl Fn(u32, u32) -> Ranked + 'a {
    |a, b| {
        price[a as usize]
            .cmp(&price[b as usize])
            .then_with(|| rows[a as usize].id.cmp(&rows[b as usize].id))
    }
}

struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Self {
        Self(vec![0; n.div_ceil(64)])
    }
    fn set(&mut self, i: u32) {
        self.0[i as usize / 64] |= 1 << (i % 64);
    }
    fn has(&self, i: u32) -> bool {
        self.0[i as usize / 64] & (1 << (i % 64)) != 0
    }
    fn and(&mut self, other: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= b;
        }
    }
    fn ones(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(at, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                if word == 0 {
                    return None;
                }
                let bit = word.trailing_zeros();
                word &= word - 1;
                Some(at as u32 * 64 + bit)
            })
        })
    }
}

/// The listed tours, each in a slot.
struct Listing {
    rows: Vec<Row>,
    hot: Vec<Hot>,
    alive: Vec<bool>,
    live: usize,
    slot_of: HashMap<Arc<str>, u32>,
    by_rating: Order,
    by_days: Order,
    /// Per group size, made when first asked for.
    prices: Vec<OnceLock<GroupPrices>>,
    /// Every word of the search texts, sorted, with the slots holding it (dead ones too,
    /// until a compaction: a dead slot has no price, so it never matches).
    words: Vec<(String, Vec<u32>)>,
    word_sets: Mutex<HashMap<String, Arc<Bits>>>,
    /// Distinct " languages " of the guides, spaces around.
    language_sets: Vec<String>,
    language_index: HashMap<String, u32>,
    destinations: Vec<String>,
    destination_index: HashMap<String, u32>,
    /// Each destination's name, as its tours were last read.
    destination_names: Vec<Option<String>>,
    guide_ids: Vec<Arc<str>>,
    guide_index: HashMap<Arc<str>, u32>,
    /// Each guide as their tours were last read.
    guides: Vec<GuideFacts>,
    /// The live slots of each guide.
    guide_rows: Vec<Vec<u32>>,
}

#[derive(sqlx::FromRow)]
struct LoadedRow {
    id: String,
    guide_id: String,
    destination_id: Option<String>,
    day_count: i64,
    max_sleep_altitude_m: Option<i64>,
    search_text: String,
    rating_rank: i64,
    languages: String,
    title: String,
    summary: String,
    risk: String,
    max_group_size: i64,
    booking_mode: String,
    destination_name: Option<String>,
    first_name: String,
    last_name: String,
    picture_key: Option<String>,
    rating_sum: i64,
    review_count: i64,
    joined_at: i64,
    #[sqlx(flatten)]
    reliability: StoredReliability,
    cover_id: Option<String>,
    cover_key: Option<String>,
    cover_thumb_key: Option<String>,
    cover_width: Option<i64>,
    cover_height: Option<i64>,
    cover_webp: Option<String>,
}

/// The listed tours among `ids`, or all of them, each handed to `each` as it is read: at
/// 100,000 tours, holding every row with its search text at once would double the peak.
async fn read(
    db: &Db,
    ids: Option<&[String]>,
    mut each: impl FnMut(Row, FoundBy),
) -> AppResult<()> {
    let mut sql = Sql::new(&format!(
        "SELECT t.id, t.guide_id, t.destination_id, t.day_count, t.max_sleep_altitude_m, \
           t.search_text, s.rating_rank, s.languages, t.title, t.summary, t.risk, \
           t.max_group_size, t.booking_mode, d.name AS destination_name, \
           u.first_name, u.last_name, pp.thumb_key AS picture_key, g.rating_sum, g.review_count, \
           u.created_at AS joined_at, {RELIABILITY_COLUMNS}, \
           c.id AS cover_id, c.storage_key AS cover_key, c.thumb_key AS cover_thumb_key, \
           c.width AS cover_width, c.height AS cover_height, c.webp_widths AS cover_webp \
         FROM tours t JOIN guide_search s ON s.guide_id = t.guide_id \
         JOIN users u ON u.id = t.guide_id JOIN guide_details g ON g.user_id = t.guide_id \
         LEFT JOIN guide_reliability r ON r.guide_id = t.guide_id \
         LEFT JOIN media pp ON pp.id = g.profile_picture_id \
         LEFT JOIN destinations d ON d.id = t.destination_id \
         LEFT JOIN tour_photos tp ON tp.tour_id = t.id AND tp.position = 0 \
         LEFT JOIN media c ON c.id = tp.media_id \
         WHERE t.status = 'published'"
    ));
    let mut prices = Sql::new(
        "SELECT p.tour_id, p.min_people, p.max_people, p.price_cents \
         FROM tour_prices p JOIN tours t ON t.id = p.tour_id \
         WHERE t.status = 'published'",
    );
    if let Some(ids) = ids {
        for sql in [&mut sql, &mut prices] {
            let params: Vec<String> = ids.iter().map(|id| sql.param(id.as_str())).collect();
            sql.push(&format!(" AND t.id IN ({})", params.join(", ")));
        }
    }
    let mut tiers: HashMap<String, Vec<(i64, i64, i64)>> = HashMap::new();
    let mut read_prices = prices.query_as::<(String, i64, i64, i64)>().fetch(&db.pool);
    while let Some((tour, min, max, cents)) = read_prices.try_next().await? {
        tiers.entry(tour).or_default().push((min, max, cents));
    }
    drop(read_prices);
    let mut rows = sql.query_as::<LoadedRow>().fetch(&db.pool);
    while let Some(found) = rows.try_next().await? {
        let cover = match (found.cover_id, found.cover_key, found.cover_width, found.cover_height) {
            (Some(media_id), Some(storage_key), Some(width), Some(height)) => {
                Some(Box::new(Cover {
                    media_id: media_id.into(),
                    storage_key: storage_key.into(),
                    thumb_key: found.cover_thumb_key.map(Into::into),
                    width,
                    height,
                    webp_widths: found.cover_webp.map(Into::into),
                }))
            }
            _ => None,
        };
        let found_by = FoundBy {
            search_text: found.search_text,
            languages: found.languages,
            guide_id: found.guide_id,
            guide: GuideFacts {
                first_name: found.first_name.into(),
                last_name: found.last_name.into(),
                picture_key: found.picture_key.map(Into::into),
                rating_sum: found.rating_sum,
                review_count: found.review_count,
                joined_at: found.joined_at,
                reliability: KeptReliability::of(&found.reliability),
            },
            destination_id: found.destination_id,
            destination_name: found.destination_name,
        };
        let row = Row {
            tiers: tiers.remove(&found.id).unwrap_or_default().into(),
            id: found.id.into(),
            rating_rank: found.rating_rank,
            day_count: found.day_count,
            max_altitude: found.max_sleep_altitude_m,
            card: Card {
                title: found.title.into(),
                summary: found.summary.into(),
                risk: Risk::from_stored(&found.risk),
                max_group_size: found.max_group_size,
                booking_mode: BookingMode::from_stored(&found.booking_mode),
                cover,
            },
        };
        each(row, found_by);
    }
    Ok(())
}

fn words_of(found_by: &FoundBy) -> impl Iterator<Item = &str> {
    found_by.search_text.split(' ').filter(|w| !w.is_empty())
}

fn internal(e: tokio::task::JoinError) -> crate::error::AppError {
    crate::error::AppError::Internal(anyhow::anyhow!("tour listing: {e}"))
}

impl Listing {
    /// Reads every listed tour.
    async fn load(db: &Db) -> AppResult<Self> {
        let mut listing = Self::empty();
        let mut postings: HashMap<String, Vec<u32>> = HashMap::new();
        read(db, None, |row, found_by| {
            let slot = listing.rows.len() as u32;
            for word in words_of(&found_by) {
                match postings.get_mut(word) {
                    Some(list) if list.last() == Some(&slot) => {}
                    Some(list) => list.push(slot),
                    None => {
                        postings.insert(word.to_owned(), vec![slot]);
                    }
                }
            }
            listing.push(row, found_by);
        })
        .await?;
        // Sorting 100,000 rows takes a while: not on the async runtime.
        tokio::task::spawn_blocking(move || {
            listing.words = postings
                .into_iter()
                .map(|(word, mut list)| {
                    list.shrink_to_fit();
                    (word, list)
                })
                .collect();
            listing.words.sort_unstable_by(|a, b| a.0.cmp(&b.0));
            listing.rows.shrink_to_fit();
            listing.hot.shrink_to_fit();
            listing.alive.shrink_to_fit();
            let n = listing.rows.len();
            let all: Vec<u32> = (0..n as u32).collect();
            listing.by_rating = Order::sorted(all.clone(), n, by_rating(&listing.rows));
            listing.by_days = Order::sorted(all, n, by_days(&listing.rows));
            listing
        })
        .await
        .map_err(internal)
    }

    fn empty() -> Self {
        Self {
            rows: Vec::new(),
            hot: Vec::new(),
            alive: Vec::new(),
            live: 0,
            slot_of: HashMap::new(),
            by_rating: Order::default(),
            by_days: Order::default(),
            prices: (0..=GROUP_MAX).map(|_| OnceLock::new()).collect(),
            words: Vec::new(),
            word_sets: Mutex::default(),
            language_sets: Vec::new(),
            language_index: HashMap::new(),
            destinations: Vec::new(),
            destination_index: HashMap::new(),
            destination_names: Vec::new(),
            guide_ids: Vec::new(),
            guide_index: HashMap::new(),
            guides: Vec::new(),
            guide_rows: Vec::new(),
        }
    }

    /// Puts a row in the next slot (`rows.len()`), live, in everything but the words and
    /// the orders.
    fn push(&mut self, row: Row, found_by: FoundBy) {
        let slot = self.rows.len() as u32;
        let spaced = format!(" {} ", found_by.languages);
        let languages = match self.language_index.get(&spaced) {
            Some(&at) => at,
            None => {
                self.language_sets.push(spaced.clone());
                self.language_index.insert(spaced, self.language_sets.len() as u32 - 1);
                self.language_sets.len() as u32 - 1
            }
        };
        let destination = match &found_by.destination_id {
            Some(id) => {
                let at = *self.destination_index.entry(id.clone()).or_insert_with(|| {
                    self.destinations.push(id.clone());
                    self.destination_names.push(None);
                    self.destinations.len() as u32 - 1
                });
                self.destination_names[at as usize] = found_by.destination_name;
                at
            }
            None => u32::MAX,
        };
        let guide = match self.guide_index.get(found_by.guide_id.as_str()) {
            Some(&at) => {
                self.guides[at as usize] = found_by.guide;
                at
            }
            None => {
                let id: Arc<str> = found_by.guide_id.into();
                self.guide_ids.push(id.clone());
                self.guide_rows.push(Vec::new());
                self.guides.push(found_by.guide);
                self.guide_index.insert(id, self.guide_rows.len() as u32 - 1);
                self.guide_rows.len() as u32 - 1
            }
        };
        self.guide_rows[guide as usize].push(slot);
        self.hot.push(Hot {
            day_count: row.day_count,
            max_altitude: row.max_altitude.unwrap_or(i64::MIN),
            languages,
            destination,
            guide,
        });
        self.slot_of.insert(row.id.clone(), slot);
        self.rows.push(row);
        self.alive.push(true);
        self.live += 1;
    }

    /// The tours `changed` as they are now: each one's old slot dies, and those `read`
    /// (still listed) take new ones.
    fn apply(&mut self, changed: &[String], read: Vec<(Row, FoundBy)>) {
        let Self { rows, alive, slot_of, by_rating: rating, by_days: days, prices, .. } = self;
        for id in changed {
            let Some(slot) = slot_of.remove(id.as_str()) else { continue };
            alive[slot as usize] = false;
            self.live -= 1;
            rating.remove(slot, by_rating(rows));
            days.remove(slot, by_days(rows));
            for group in prices.iter_mut().filter_map(OnceLock::get_mut) {
                group.by_days = OnceLock::new();
                if group.price[slot as usize] != NO_PRICE {
                    group.order.remove(slot, by_price(rows, &group.price));
                    group.price[slot as usize] = NO_PRICE;
                }
            }
            let guide = &mut self.guide_rows[self.hot[slot as usize].guide as usize];
            guide.retain(|&other| other != slot);
        }
        for (row, found_by) in read {
            let slot = self.rows.len() as u32;
            for word in words_of(&found_by) {
                match self.words.binary_search_by(|(w, _)| w.as_str().cmp(word)) {
                    Ok(at) => {
                        let list = &mut self.words[at].1;
                        if list.last() != Some(&slot) {
                            list.push(slot);
                        }
                    }
                    Err(at) => self.words.insert(at, (word.to_owned(), vec![slot])),
                }
            }
            self.push(row, found_by);
            self.by_rating.insert(slot, by_rating(&self.rows));
            self.by_days.insert(slot, by_days(&self.rows));
            for (group, prices) in self.prices.iter_mut().enumerate() {
                if let Some(prices) = prices.get_mut() {
                    prices.by_days = OnceLock::new();
                    let price = self.rows[slot as usize].price_for(group as i64);
                    prices.price.push(price);
                    if price != NO_PRICE {
                        prices.order.insert(slot, by_price(&self.rows, &prices.price));
                    }
                }
            }
        }
        self.word_sets.get_mut().unwrap_or_else(|p| p.into_inner()).clear();
        if !self.compact_if_sparse() {
            let n = self.rows.len();
            self.by_rating.place(n);
            self.by_days.place(n);
            for prices in self.prices.iter_mut().filter_map(OnceLock::get_mut) {
                prices.order.place(n);
            }
        }
    }

    /// Rebuilds without dead slots once they are a quarter of all; whether it did. The
    /// live keep their order, so each word's slots stay sorted.
    fn compact_if_sparse(&mut self) -> bool {
        let dead = self.rows.len() - self.live;
        if dead < DEAD_KEPT || dead * 4 < self.rows.len() {
            return false;
        }
        let mut moved_to = vec![u32::MAX; self.rows.len()];
        let mut next = 0;
        for (slot, to) in moved_to.iter_mut().enumerate() {
            if self.alive[slot] {
                *to = next;
                next += 1;
            }
        }
        let keep = |slot: usize| moved_to[slot] != u32::MAX;
        let mut slot = 0;
        self.rows.retain(|_| (keep(slot), slot += 1).0);
        let mut slot = 0;
        self.hot.retain(|_| (keep(slot), slot += 1).0);
        self.alive = vec![true; self.rows.len()];
        for (_, list) in &mut self.words {
            list.retain_mut(|slot| {
                *slot = moved_to[*slot as usize];
                *slot != u32::MAX
            });
        }
        self.words.retain(|(_, list)| !list.is_empty());
        for list in &mut self.guide_rows {
            for slot in list.iter_mut() {
                *slot = moved_to[*slot as usize];
            }
        }
        for slot in self.slot_of.values_mut() {
            *slot = moved_to[*slot as usize];
        }
        let n = self.rows.len();
        self.by_rating.moved(&moved_to, n);
        self.by_days.moved(&moved_to, n);
        self.prices = (0..=GROUP_MAX).map(|_| OnceLock::new()).collect();
        true
    }

    /// How many tours it lists.
    fn len(&self) -> usize {
        self.live
    }

    fn group_prices(&self, group: i64) -> &GroupPrices {
        self.prices[group as usize].get_or_init(|| {
            let price: Vec<i64> = self
                .rows
                .iter()
                .zip(&self.alive)
                .map(|(row, &alive)| if alive { row.price_for(group) } else { NO_PRICE })
                .collect();
            let priced: Vec<u32> =
                (0..self.rows.len() as u32).filter(|&r| price[r as usize] != NO_PRICE).collect();
            let order = Order::sorted(priced, self.rows.len(), by_price(&self.rows, &price));
            GroupPrices { price, order, by_days: OnceLock::new() }
        })
    }

    /// The group's prices by number of days (see `GroupPrices::by_days`).
    fn prices_by_days<'a>(&self, prices: &'a GroupPrices) -> &'a [Vec<i64>] {
        prices.by_days.get_or_init(|| {
            let mut by_days: Vec<Vec<i64>> = Vec::new();
            for &r in &prices.order.rows {
                let days = self.hot[r as usize].day_count.max(0) as usize;
                if by_days.len() <= days {
                    by_days.resize_with(days + 1, Vec::new);
                }
                by_days[days].push(prices.price[r as usize]);
            }
            by_days
        })
    }

    /// The rows holding a word that starts with `prefix` (the SQL's `LIKE '% word%'`).
    fn word_set(&self, prefix: &str) -> Arc<Bits> {
        let mut kept = self.word_sets.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(set) = kept.get(prefix) {
            return set.clone();
        }
        let mut set = Bits::new(self.rows.len());
        let start = self.words.partition_point(|(word, _)| word.as_str() < prefix);
        for (_, rows) in self.words[start..].iter().take_while(|(w, _)| w.starts_with(prefix)) {
            for &row in rows {
                set.set(row);
            }
        }
        let set = Arc::new(set);
        if kept.len() >= WORD_SETS_KEPT {
            kept.clear();
        }
        kept.insert(prefix.to_owned(), set.clone());
        set
    }

    /// The page asked for and how many tours match in all.
    fn find(&self, asked: &Asked) -> (Vec<TourCard>, i64) {
        let n = self.rows.len();
        let prices = self.group_prices(asked.group);
        // Rows outside every filter's reach: an unknown guide or destination matches nothing.
        let guide = match asked.guide {
            Some(id) => match self.guide_index.get(id) {
                Some(&g) => Some(g),
                None => return (Vec::new(), 0),
            },
            None => None,
        };
        let destination = match asked.destination {
            Some(id) => match self.destination_index.get(id) {
                Some(&d) => Some(d),
                None => return (Vec::new(), 0),
            },
            None => None,
        };
        let difficulty: Option<Vec<bool>> = asked.difficulty_destinations.map(|ids| {
            let mut allowed = vec![false; self.destinations.len()];
            for id in ids {
                if let Some(&d) = self.destination_index.get(id) {
                    allowed[d as usize] = true;
                }
            }
            allowed
        });
        let languages: Option<Vec<bool>> = asked.language.map(|language| {
            let needle = format!(" {language} ");
            self.language_sets.iter().map(|set| set.contains(&needle)).collect()
        });
        let mut words: Option<Bits> = None;
        for word in asked.words {
            let set = self.word_set(word);
            match &mut words {
                None => words = Some(Bits(set.0.clone())),
                Some(all) => all.and(&set),
            }
        }
        let price_filtered = asked.min_price.is_some() || asked.max_price.is_some();
        let matches = |row: u32| -> bool {
            let r = row as usize;
            let price = prices.price[r];
            if price == NO_PRICE {
                return false;
            }
            let hot = &self.hot[r];
            asked.min_days.is_none_or(|min| hot.day_count >= min)
                && asked.max_days.is_none_or(|max| hot.day_count <= max)
                && asked.max_altitude.is_none_or(|max| hot.max_altitude <= max)
                && (!price_filtered
                    || (asked.min_price.is_none_or(|min| price >= min)
                        && asked.max_price.is_none_or(|max| price <= max)))
                && guide.is_none_or(|g| hot.guide == g)
                && destination.is_none_or(|d| hot.destination == d)
                && difficulty.as_ref().is_none_or(|allowed| {
                    hot.destination != u32::MAX && allowed[hot.destination as usize]
                })
                && languages.as_ref().is_none_or(|ok| ok[hot.languages as usize])
                && words.as_ref().is_none_or(|set| set.has(row))
        };
        let unfiltered = asked.min_days.is_none()
            && asked.max_days.is_none()
            && asked.max_altitude.is_none()
            && !price_filtered
            && guide.is_none()
            && destination.is_none()
            && difficulty.is_none()
            && languages.is_none()
            && words.is_none();

        // Without a guide or words: the rows within the prices or the days asked for, a
        // range of the price order or of the days order, whichever is shorter.
        let price_range = price_filtered.then(|| {
            let rows = &prices.order.rows;
            let price = |r: &u32| prices.price[*r as usize];
            let from = asked.min_price.map_or(0, |min| rows.partition_point(|r| price(r) < min));
            let to =
                asked.max_price.map_or(rows.len(), |max| rows.partition_point(|r| price(r) <= max));
            &rows[from..to.max(from)]
        });
        let days_range = (asked.min_days.is_some() || asked.max_days.is_some()).then(|| {
            let rows = &self.by_days.rows;
            let days = |r: &u32| self.hot[*r as usize].day_count;
            let from = asked.min_days.map_or(0, |min| rows.partition_point(|r| days(r) < min));
            let to =
                asked.max_days.map_or(rows.len(), |max| rows.partition_point(|r| days(r) <= max));
            &rows[from..to.max(from)]
        });
        let within: Option<&[u32]> = match (price_range, days_range) {
            (Some(a), Some(b)) => Some(if a.len() <= b.len() { a } else { b }),
            (a, b) => a.or(b),
        };

        let days_and_price_only = asked.max_altitude.is_none()
            && guide.is_none()
            && destination.is_none()
            && difficulty.is_none()
            && languages.is_none()
            && words.is_none();

        // Count, over the fewest rows that can match.
        let total = if unfiltered {
            prices.order.rows.len()
        } else if days_and_price_only {
            // A few binary searches: a count per length of tour, within the prices.
            let by_days = self.prices_by_days(prices);
            let from = asked.min_days.unwrap_or(0).max(0) as usize;
            let to = asked.max_days.map_or(by_days.len(), |max| max.max(0) as usize + 1);
            let lengths = by_days.get(from..to.min(by_days.len())).unwrap_or_default();
            lengths
                .iter()
                .map(|prices| {
                    let low = asked.min_price.map_or(0, |min| prices.partition_point(|&p| p < min));
                    let high = asked
                        .max_price
                        .map_or(prices.len(), |max| prices.partition_point(|&p| p <= max));
                    high.saturating_sub(low)
                })
                .sum()
        } else if let Some(g) = guide {
            self.guide_rows[g as usize].iter().filter(|&&r| matches(r)).count()
        } else if let Some(set) = &words {
            set.ones().filter(|&r| matches(r)).count()
        } else if let Some(rows) = within {
            rows.iter().filter(|&&r| matches(r)).count()
        } else {
            (0..n as u32).filter(|&r| matches(r)).count()
        };
        let (offset, limit) = (asked.offset as usize, asked.limit as usize);
        if offset >= total {
            return (Vec::new(), total as i64);
        }
        let (order, position, descending): (&[u32], &[u32], bool) = match asked.sort {
            // `finder::find_in_listing` asks no trusted list here: the badge is read in SQL.
            TourSort::Rating | TourSort::Trusted => {
                (&self.by_rating.rows, &self.by_rating.position, false)
            }
            TourSort::DaysAsc => (&self.by_days.rows, &self.by_days.position, false),
            TourSort::DaysDesc => (&self.by_days.rows, &self.by_days.position, true),
            TourSort::PriceAsc => (&prices.order.rows, &prices.order.position, false),
            TourSort::PriceDesc => (&prices.order.rows, &prices.order.position, true),
        };
        let wanted = (offset + limit).min(total);
        let page: Vec<u32> = if unfiltered && order.len() == total {
            // Every row of the order matches: the page is a slice of it.
            let at = |i: usize| if descending { order[order.len() - 1 - i] } else { order[i] };
            (offset..wanted).map(at).collect()
        } else if (wanted as u64) * (n as u64) <= (total as u64).max(1) * WALK_BUDGET {
            let found: Vec<u32> = if descending {
                order.iter().rev().copied().filter(|&r| matches(r)).take(wanted).collect()
            } else {
                order.iter().copied().filter(|&r| matches(r)).take(wanted).collect()
            };
            found[offset..].to_vec()
        } else {
            let mut all: Vec<u32> = if let Some(g) = guide {
                self.guide_rows[g as usize].iter().copied().filter(|&r| matches(r)).collect()
            } else if let Some(set) = &words {
                set.ones().filter(|&r| matches(r)).collect()
            } else if let Some(rows) = within {
                rows.iter().copied().filter(|&r| matches(r)).collect()
            } else {
                (0..n as u32).filter(|&r| matches(r)).collect()
            };
            let key = |r: &u32| {
                let p = position[*r as usize];
                if descending { u32::MAX - p } else { p }
            };
            if offset > 0 {
                all.select_nth_unstable_by_key(offset, key);
            }
            let rest = &mut all[offset..];
            let take = limit.min(rest.len());
            if take < rest.len() {
                rest.select_nth_unstable_by_key(take, key);
            }
            let mut page = rest[..take].to_vec();
            page.sort_unstable_by_key(key);
            page
        };
        let picked = page
            .into_iter()
            .map(|r| {
                let (row, hot) = (&self.rows[r as usize], &self.hot[r as usize]);
                let destination = (hot.destination != u32::MAX).then_some(hot.destination as usize);
                let guide = hot.guide as usize;
                TourCard {
                    id: row.id.to_string(),
                    title: row.card.title.to_string(),
                    summary: row.card.summary.to_string(),
                    day_count: row.day_count,
                    max_sleep_altitude_m: row.max_altitude,
                    risk: row.card.risk,
                    price_per_person_usd: prices.price[r as usize] as f64 / 100.0,
                    max_group_size: row.card.max_group_size,
                    booking_mode: row.card.booking_mode,
                    destination_id: destination.map(|d| self.destinations[d].clone()),
                    destination_name: destination.and_then(|d| self.destination_names[d].clone()),
                    guide: self.guides[guide].card(&self.guide_ids[guide]),
                    photo: row.card.cover.as_ref().and_then(|cover| cover.photo()),
                }
            })
            .collect();
        (picked, total as i64)
    }
}

/// This replica's listing, kept in step with the catalogue (see the module).
#[derive(Clone)]
pub struct TourListing {
    inner: Arc<Shared>,
}

struct Shared {
    /// `None` until the first load ends (the SQL answers meanwhile).
    listing: RwLock<Option<Listing>>,
    /// Set with the listing, and `None` before it.
    followers: tokio::sync::Mutex<Option<Followers>>,
    /// `catalogue_changes::recorded()` when the last catch-up that could read every
    /// change recorded so far began.
    seen: AtomicU64,
    loading: AtomicBool,
    db: Db,
}

/// The tours changed, and the guides changed, since the last look.
struct Followers {
    tours: Follower,
    guides: Follower,
}

impl TourListing {
    /// A listing that loads in the background and then follows the catalogue's changes,
    /// moving `catalogue`'s answers on when it finds some made elsewhere.
    pub fn start(db: Db, catalogue: CatalogueCache) -> Self {
        let listing = Self::unloaded(db);
        listing.fill_in_background();
        let following = listing.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(FOLLOW_EVERY);
            loop {
                tick.tick().await;
                match following.catch_up().await {
                    Ok(true) => catalogue.move_on(),
                    Ok(false) => {}
                    Err(error) => {
                        tracing::warn!(%error, "tour listing could not catch up; will try again")
                    }
                }
            }
        });
        listing
    }

    /// A listing loaded now, that follows changes only when asked to (`catch_up`).
    pub async fn load(db: Db) -> AppResult<Self> {
        let listing = Self::unloaded(db);
        listing.fill().await?;
        Ok(listing)
    }

    fn unloaded(db: Db) -> Self {
        Self {
            inner: Arc::new(Shared {
                listing: RwLock::new(None),
                followers: tokio::sync::Mutex::new(None),
                seen: AtomicU64::new(0),
                loading: AtomicBool::new(false),
                db,
            }),
        }
    }

    fn fill_in_background(&self) {
        if self.inner.loading.swap(true, Ordering::SeqCst) {
            return;
        }
        let this = self.clone();
        tokio::spawn(async move {
            let started = std::time::Instant::now();
            match this.fill().await {
                Ok(()) => tracing::debug!(
                    tours = this.tours(),
                    ms = started.elapsed().as_millis() as u64,
                    "tour listing loaded"
                ),
                Err(e) => {
                    tracing::warn!(error = %e, "cannot load the tour listing; will try again")
                }
            }
            this.inner.loading.store(false, Ordering::SeqCst);
        });
    }

    async fn fill(&self) -> AppResult<()> {
        // Made before reading, so what changes during the load is read again after it.
        let followers = Followers {
            tours: Follower::starting_now(Kind::Tour),
            guides: Follower::starting_now(Kind::Guide),
        };
        let recorded = catalogue_changes::recorded();
        // A change still in its transaction may be missed by this read: then the count
        // is kept one short, so the first list catches up.
        let seen = if catalogue_changes::may_be_uncommitted() {
            recorded.wrapping_sub(1)
        } else {
            recorded
        };
        let listing = Listing::load(&self.inner.db).await?;
        let mut kept = self.inner.followers.lock().await;
        *kept = Some(followers);
        *self.inner.listing.write().unwrap_or_else(|p| p.into_inner()) = Some(listing);
        self.inner.seen.store(seen, Ordering::SeqCst);
        Ok(())
    }

    /// Catches up first if this process has recorded a change since the last catch-up,
    /// so a write shows in the very next list; starts the load again if it failed.
    pub async fn fresh(&self) -> AppResult<()> {
        if self.inner.listing.read().unwrap_or_else(|p| p.into_inner()).is_none() {
            self.fill_in_background();
        } else if self.inner.seen.load(Ordering::SeqCst) != catalogue_changes::recorded() {
            self.catch_up().await?;
        }
        Ok(())
    }

    /// Reloads the tours changed since the last look; whether there were any.
    pub async fn catch_up(&self) -> AppResult<bool> {
        let db = &self.inner.db;
        let mut followers = self.inner.followers.lock().await;
        let Some(followers) = followers.as_mut() else { return Ok(false) };
        let recorded = catalogue_changes::recorded();
        // A change still in its transaction is not read now: the next list looks again.
        let settled = !catalogue_changes::may_be_uncommitted();
        let mut changed = followers.tours.changed(db).await?;
        for guides in followers.guides.changed(db).await?.chunks(READ_CHUNK) {
            let mut sql = Sql::new("SELECT id FROM tours WHERE guide_id IN (");
            let params: Vec<String> = guides.iter().map(|id| sql.param(id.as_str())).collect();
            sql.push(&params.join(", ")).push(")");
            let tours: Vec<(String,)> = sql.query_as().fetch_all(&db.pool).await?;
            changed.extend(tours.into_iter().map(|(id,)| id));
        }
        changed.sort_unstable();
        changed.dedup();
        if !changed.is_empty() {
            let mut fresh = Vec::new();
            for chunk in changed.chunks(READ_CHUNK) {
                read(db, Some(chunk), |row, found_by| fresh.push((row, found_by))).await?;
            }
            let mut listing = self.inner.listing.write().unwrap_or_else(|p| p.into_inner());
            if let Some(listing) = listing.as_mut() {
                listing.apply(&changed, fresh);
            }
        }
        if settled {
            self.inner.seen.store(recorded, Ordering::SeqCst);
        }
        Ok(!changed.is_empty())
    }

    /// The page asked for and how many match, or `None` before the first load ends.
    pub fn find(&self, asked: &Asked) -> Option<(Vec<TourCard>, i64)> {
        let listing = self.inner.listing.read().unwrap_or_else(|p| p.into_inner());
        listing.as_ref().map(|listing| listing.find(asked))
    }

    /// What a quote reads of the tour `id`: `None` before the first load ends, `Some(None)`
    /// when it is not listed.
    pub fn quote_facts(&self, id: &str) -> Option<Option<QuoteFacts>> {
        let listing = self.inner.listing.read().unwrap_or_else(|p| p.into_inner());
        let listing = listing.as_ref()?;
        Some(listing.slot_of.get(id).map(|&slot| {
            let (row, hot) = (&listing.rows[slot as usize], &listing.hot[slot as usize]);
            QuoteFacts {
                tiers: row.tiers.to_vec(),
                day_count: row.day_count,
                max_group_size: row.card.max_group_size,
                destination_id: (hot.destination != u32::MAX)
                    .then(|| listing.destinations[hot.destination as usize].clone()),
            }
        }))
    }

    /// How many tours it lists.
    pub fn tours(&self) -> usize {
        self.inner
            .listing
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .map_or(0, Listing::len)
    }
}
