//! The listed tours in memory, so the public list answers at 100,000 tours without asking
//! the database to join, sort and count them all for every page. One compact row per listed
//! tour (published, by a guide in `guide_search`) with what the list filters and sorts on:
//! its guide's rating rank and languages, its days, highest night, destination, price rows
//! and the words of its search text, and what its card shows. The orders the list offers are
//! sorted once (by price: once per group size asked for); a request counts its matches
//! exactly in one pass over the rows and picks its page by walking the order it asked for.
//! Only the page's guides and cover photos are then read from the database.
//!
//! The rules are those of the SQL in `finder` (which stays, as the reference the tests
//! compare with, and for what memory cannot answer: `availableOn` needs the calendar).
//!
//! Keeping in step: a listing is made from the database as it was at one catalogue
//! generation (`catalogue`), and only answers while that generation is current; a write on
//! this replica or another moves the generation on, the SQL answers again and a new
//! listing is made in the background. One older than `REFRESH_EVERY` is made again
//! too, for changes that move no generation.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::{Duration, Instant};

use super::domain::{GROUP_MAX, TourSort};
use crate::catalogue::CatalogueCache;
use crate::db::Db;
use crate::error::AppResult;

/// Words whose matching rows are kept, per listing (each costs n/8 bytes).
const WORD_SETS_KEPT: usize = 256;
/// A page is picked by walking its order while that is expected to read fewer rows than
/// this; otherwise the matches are collected and the page selected among them.
const WALK_BUDGET: u64 = 50_000;
const NO_PRICE: i64 = -1;
/// A listing this old is made again, for changes that move no generation (a suspension
/// running out, the command line). Loading 100,000 tours takes a few seconds of the
/// database's time, hence not more often.
const REFRESH_EVERY: Duration = Duration::from_secs(60);

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

/// A tour of a page: what its card shows, and its price per person for the group asked for.
pub struct Picked {
    pub id: String,
    pub guide_id: String,
    pub day_count: i64,
    pub max_altitude: Option<i64>,
    pub destination_id: Option<String>,
    pub card: Card,
    pub price_cents: i64,
}

/// What a tour's card shows beside its figures, kept so a page reads no tour row.
#[derive(Clone)]
pub struct Card {
    pub title: String,
    pub summary: String,
    pub risk: String,
    pub max_group_size: i64,
    pub booking_mode: String,
    pub destination_name: Option<String>,
}

/// A listed tour as it was read.
struct Row {
    id: String,
    guide_id: String,
    rating_rank: i64,
    day_count: i64,
    max_altitude: Option<i64>,
    destination_id: Option<String>,
    /// (min people, max people, cents per person).
    tiers: Vec<(i64, i64, i64)>,
    card: Card,
}

/// What a listed tour is found by, read with its row and let go once the listing holds
/// its words and language sets (a search text is about 330 bytes: 33 MB at 100,000 tours).
struct FoundBy {
    search_text: String,
    /// The guide's normalised languages.
    languages: String,
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

/// The prices of one group size: per row (or `NO_PRICE`), and the rows with one in
/// price order (cheapest first, then by id).
struct GroupPrices {
    price: Vec<i64>,
    by_price: Vec<u32>,
    position: Vec<u32>,
}

/// An order of the rows and each row's position in it.
struct Order {
    rows: Vec<u32>,
    position: Vec<u32>,
}

impl Order {
    fn new(rows: Vec<u32>, n: usize) -> Self {
        let mut position = vec![u32::MAX; n];
        for (at, &row) in rows.iter().enumerate() {
            position[row as usize] = at as u32;
        }
        Self { rows, position }
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

/// The listed tours at one catalogue generation.
pub struct Listing {
    generation: u64,
    made: Instant,
    rows: Vec<Row>,
    hot: Vec<Hot>,
    /// Rating, best first, then id, last first.
    by_rating: Order,
    /// Days, fewest first, then id.
    by_days: Order,
    /// Per group size, made when first asked for.
    prices: Vec<OnceLock<GroupPrices>>,
    /// Every word of the search texts, sorted, with the rows holding it.
    words: Vec<(String, Vec<u32>)>,
    word_sets: Mutex<HashMap<String, Arc<Bits>>>,
    /// Distinct " languages " of the guides, spaces around.
    language_sets: Vec<String>,
    destinations: Vec<String>,
    destination_index: HashMap<String, u32>,
    guide_index: HashMap<String, u32>,
    /// The rows of each guide.
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
}

impl Listing {
    /// Reads every listed tour.
    pub async fn load(db: &Db, generation: u64) -> AppResult<Self> {
        let found: Vec<LoadedRow> = sqlx::query_as(
            "SELECT t.id, t.guide_id, t.destination_id, t.day_count, t.max_sleep_altitude_m, \
               t.search_text, s.rating_rank, s.languages, t.title, t.summary, t.risk, \
               t.max_group_size, t.booking_mode, d.name AS destination_name \
             FROM tours t JOIN guide_search s ON s.guide_id = t.guide_id \
             LEFT JOIN destinations d ON d.id = t.destination_id \
             WHERE t.status = 'published'",
        )
        .fetch_all(&db.pool)
        .await?;
        let prices: Vec<(String, i64, i64, i64)> = sqlx::query_as(
            "SELECT p.tour_id, p.min_people, p.max_people, p.price_cents \
             FROM tour_prices p JOIN tours t ON t.id = p.tour_id \
             WHERE t.status = 'published'",
        )
        .fetch_all(&db.pool)
        .await?;
        let mut tiers: HashMap<String, Vec<(i64, i64, i64)>> = HashMap::new();
        for (tour, min, max, cents) in prices {
            tiers.entry(tour).or_default().push((min, max, cents));
        }
        let (rows, found_by): (Vec<Row>, Vec<FoundBy>) = found
            .into_iter()
            .map(|found| {
                let found_by =
                    FoundBy { search_text: found.search_text, languages: found.languages };
                let row = Row {
                    tiers: tiers.remove(&found.id).unwrap_or_default(),
                    id: found.id,
                    guide_id: found.guide_id,
                    rating_rank: found.rating_rank,
                    day_count: found.day_count,
                    max_altitude: found.max_sleep_altitude_m,
                    destination_id: found.destination_id,
                    card: Card {
                        title: found.title,
                        summary: found.summary,
                        risk: found.risk,
                        max_group_size: found.max_group_size,
                        booking_mode: found.booking_mode,
                        destination_name: found.destination_name,
                    },
                };
                (row, found_by)
            })
            .unzip();
        // Sorting and indexing 100,000 rows takes a while: not on the async runtime.
        tokio::task::spawn_blocking(move || Self::new(rows, &found_by, generation))
            .await
            .map_err(|e| crate::error::AppError::Internal(anyhow::anyhow!("tour listing: {e}")))
    }

    fn new(rows: Vec<Row>, found_by: &[FoundBy], generation: u64) -> Self {
        let n = rows.len();
        let mut language_index: HashMap<String, u32> = HashMap::new();
        let mut language_sets = Vec::new();
        let mut destination_index: HashMap<String, u32> = HashMap::new();
        let mut destinations = Vec::new();
        let mut guide_index: HashMap<String, u32> = HashMap::new();
        let mut guide_rows: Vec<Vec<u32>> = Vec::new();
        let mut postings: HashMap<&str, Vec<u32>> = HashMap::new();
        let mut hot = Vec::with_capacity(n);
        for (at, (row, found_by)) in rows.iter().zip(found_by).enumerate() {
            let at = at as u32;
            let spaced = format!(" {} ", found_by.languages);
            let languages = *language_index.entry(spaced.clone()).or_insert_with(|| {
                language_sets.push(spaced);
                language_sets.len() as u32 - 1
            });
            let destination = match &row.destination_id {
                Some(id) => *destination_index.entry(id.clone()).or_insert_with(|| {
                    destinations.push(id.clone());
                    destinations.len() as u32 - 1
                }),
                None => u32::MAX,
            };
            let guide = *guide_index.entry(row.guide_id.clone()).or_insert_with(|| {
                guide_rows.push(Vec::new());
                guide_rows.len() as u32 - 1
            });
            guide_rows[guide as usize].push(at);
            hot.push(Hot {
                day_count: row.day_count,
                max_altitude: row.max_altitude.unwrap_or(i64::MIN),
                languages,
                destination,
                guide,
            });
            for word in found_by.search_text.split(' ').filter(|w| !w.is_empty()) {
                let list = postings.entry(word).or_default();
                if list.last() != Some(&at) {
                    list.push(at);
                }
            }
        }
        let mut words: Vec<(String, Vec<u32>)> =
            postings.into_iter().map(|(word, list)| (word.to_owned(), list)).collect();
        words.sort_unstable_by(|a, b| a.0.cmp(&b.0));

        let mut by_rating: Vec<u32> = (0..n as u32).collect();
        by_rating.sort_unstable_by(|&a, &b| {
            let (a, b) = (&rows[a as usize], &rows[b as usize]);
            b.rating_rank.cmp(&a.rating_rank).then_with(|| b.id.cmp(&a.id))
        });
        let mut by_days: Vec<u32> = (0..n as u32).collect();
        by_days.sort_unstable_by(|&a, &b| {
            let (a, b) = (&rows[a as usize], &rows[b as usize]);
            a.day_count.cmp(&b.day_count).then_with(|| a.id.cmp(&b.id))
        });
        Self {
            generation,
            made: Instant::now(),
            hot,
            by_rating: Order::new(by_rating, n),
            by_days: Order::new(by_days, n),
            prices: (0..=GROUP_MAX).map(|_| OnceLock::new()).collect(),
            rows,
            words,
            word_sets: Mutex::default(),
            language_sets,
            destinations,
            destination_index,
            guide_index,
            guide_rows,
        }
    }

    /// How many tours it lists.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    fn group_prices(&self, group: i64) -> &GroupPrices {
        self.prices[group as usize].get_or_init(|| {
            let price: Vec<i64> = self
                .rows
                .iter()
                .map(|row| {
                    row.tiers
                        .iter()
                        .find(|(min, max, _)| *min <= group && group <= *max)
                        .map_or(NO_PRICE, |tier| tier.2)
                })
                .collect();
            let mut by_price: Vec<u32> =
                (0..self.rows.len() as u32).filter(|&r| price[r as usize] != NO_PRICE).collect();
            by_price.sort_unstable_by(|&a, &b| {
                price[a as usize]
                    .cmp(&price[b as usize])
                    .then_with(|| self.rows[a as usize].id.cmp(&self.rows[b as usize].id))
            });
            let order = Order::new(by_price, self.rows.len());
            GroupPrices { price, by_price: order.rows, position: order.position }
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
    pub fn find(&self, asked: &Asked) -> (Vec<Picked>, i64) {
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

        // Count, over the fewest rows that can match.
        let total = if unfiltered {
            prices.by_price.len()
        } else if let Some(g) = guide {
            self.guide_rows[g as usize].iter().filter(|&&r| matches(r)).count()
        } else if let Some(set) = &words {
            set.ones().filter(|&r| matches(r)).count()
        } else {
            (0..n as u32).filter(|&r| matches(r)).count()
        };
        let (offset, limit) = (asked.offset as usize, asked.limit as usize);
        if offset >= total {
            return (Vec::new(), total as i64);
        }
        let (order, position, descending): (&[u32], &[u32], bool) = match asked.sort {
            TourSort::Rating => (&self.by_rating.rows, &self.by_rating.position, false),
            TourSort::DaysAsc => (&self.by_days.rows, &self.by_days.position, false),
            TourSort::DaysDesc => (&self.by_days.rows, &self.by_days.position, true),
            TourSort::PriceAsc => (&prices.by_price, &prices.position, false),
            TourSort::PriceDesc => (&prices.by_price, &prices.position, true),
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
                let row = &self.rows[r as usize];
                Picked {
                    id: row.id.clone(),
                    guide_id: row.guide_id.clone(),
                    day_count: row.day_count,
                    max_altitude: row.max_altitude,
                    destination_id: row.destination_id.clone(),
                    card: row.card.clone(),
                    price_cents: prices.price[r as usize],
                }
            })
            .collect();
        (picked, total as i64)
    }
}

/// This replica's listing, made again in the background when it falls behind.
#[derive(Clone)]
pub struct TourListing {
    inner: Arc<Shared>,
}

struct Shared {
    /// The listing, with how many changes this process had recorded when it was read
    /// (`catalogue_changes::recorded`): one recorded since, by the sweep or a command
    /// run in this process, makes it stale as a new generation does.
    current: RwLock<Option<(Arc<Listing>, u64)>>,
    loading: Mutex<bool>,
    catalogue: CatalogueCache,
    db: Db,
}

impl TourListing {
    /// An empty listing that loads at once in the background.
    pub fn start(db: Db, catalogue: CatalogueCache) -> Self {
        let listing = Self {
            inner: Arc::new(Shared {
                current: RwLock::new(None),
                loading: Mutex::new(false),
                catalogue,
                db,
            }),
        };
        listing.catch_up();
        listing
    }

    /// The listing, if it is of the current generation; otherwise `None` (the SQL answers)
    /// and a new one is being made.
    pub fn current(&self) -> Option<Arc<Listing>> {
        let generation = self.inner.catalogue.current();
        let listing = self.inner.current.read().unwrap_or_else(|p| p.into_inner()).clone();
        match listing {
            Some((listing, recorded))
                if listing.generation == generation
                    && recorded == crate::catalogue_changes::recorded() =>
            {
                if listing.made.elapsed() > REFRESH_EVERY {
                    self.catch_up();
                }
                Some(listing)
            }
            _ => {
                self.catch_up();
                None
            }
        }
    }

    fn catch_up(&self) {
        {
            let mut loading = self.inner.loading.lock().unwrap_or_else(|p| p.into_inner());
            if *loading {
                return;
            }
            *loading = true;
        }
        let this = self.clone();
        tokio::spawn(async move {
            // Read before the database is: a change committed meanwhile moves the
            // generation past this one, and the listing is made again.
            let generation = this.inner.catalogue.current();
            let recorded = crate::catalogue_changes::recorded();
            let started = std::time::Instant::now();
            match Listing::load(&this.inner.db, generation).await {
                Ok(listing) => {
                    tracing::debug!(
                        tours = listing.len(),
                        ms = started.elapsed().as_millis() as u64,
                        "tour listing loaded"
                    );
                    *this.inner.current.write().unwrap_or_else(|p| p.into_inner()) =
                        Some((Arc::new(listing), recorded));
                }
                Err(e) => tracing::warn!(error = %e, "cannot load the tour listing"),
            }
            *this.inner.loading.lock().unwrap_or_else(|p| p.into_inner()) = false;
        });
    }
}
