//! A guide's card as stored (`guides::cards` makes the API's card of it): the columns
//! read from the database, and the compact copy the guide search keeps of each.

/// A card's columns, as read from the database (`CARD_COLUMNS`).
#[derive(sqlx::FromRow, Default)]
pub struct CardRow {
    pub guide_id: String,
    pub first_name: String,
    pub last_name: String,
    pub bio: String,
    pub price_per_day_cents: Option<i64>,
    pub expertise_languages: String,
    pub interests: String,
    pub address: String,
    pub longitude: Option<f64>,
    pub latitude: Option<f64>,
    pub rating_sum: i64,
    pub review_count: i64,
    pub years_of_experience: Option<i64>,
    pub picture_key: Option<String>,
    pub picture_full_key: Option<String>,
    pub picture_width: Option<i64>,
    pub picture_height: Option<i64>,
    pub picture_webp: Option<String>,
    pub cover_key: Option<String>,
    pub cover_full_key: Option<String>,
    pub cover_width: Option<i64>,
    pub cover_height: Option<i64>,
    pub cover_webp: Option<String>,
    /// When the guide joined (ms).
    pub joined_at: i64,
    /// The guide's stored reliability.
    #[sqlx(flatten)]
    pub reliability: StoredReliability,
}

/// A guide's row of `guide_reliability` (`guides::reliability`) as a LEFT JOIN aliased `r`
/// reads it (`RELIABILITY_COLUMNS`): all null before the guide's first computation.
#[derive(Clone, Debug, Default, sqlx::FromRow)]
pub struct StoredReliability {
    pub response_events: Option<i64>,
    pub responded_in_day: Option<i64>,
    pub median_response_minutes: Option<i64>,
    pub approved_trips: Option<i64>,
    pub failed_trips: Option<i64>,
    pub completed_trips: Option<i64>,
    pub completed_this_year: Option<i64>,
    pub trusted: Option<i64>,
}

pub const RELIABILITY_COLUMNS: &str = "r.response_events, r.responded_in_day, r.median_response_minutes, \
    r.approved_trips, r.failed_trips, r.completed_trips, r.completed_this_year, r.trusted";

/// What `CardRow` reads, from `guide_search s` and `CARD_JOINS`.
pub static CARD_COLUMNS: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| format!("{CARD_OWN_COLUMNS}, {RELIABILITY_COLUMNS}"));
const CARD_OWN_COLUMNS: &str = "s.guide_id, u.first_name, u.last_name, g.bio, g.price_per_day_cents, \
    g.expertise_languages, g.interests, g.address, g.longitude, g.latitude, g.rating_sum, g.review_count, \
    g.years_of_experience, pp.thumb_key AS picture_key, cv.thumb_key AS cover_key, \
    pp.storage_key AS picture_full_key, pp.width AS picture_width, pp.height AS picture_height, pp.webp_widths AS picture_webp, \
    cv.storage_key AS cover_full_key, cv.width AS cover_width, cv.height AS cover_height, cv.webp_widths AS cover_webp, \
    u.created_at AS joined_at";
pub const CARD_JOINS: &str = " JOIN users u ON u.id = s.guide_id JOIN guide_details g ON g.user_id = s.guide_id \
    LEFT JOIN media pp ON pp.id = g.profile_picture_id LEFT JOIN media cv ON cv.id = g.cover_image_id \
    LEFT JOIN guide_reliability r ON r.guide_id = s.guide_id";

/// A card as the guide search keeps it for every listed guide (`search_index`): its texts
/// in one allocation, so that 100,000 cards take tens of megabytes rather than a hundred.
pub struct KeptCard {
    /// The texts in `TEXTS` order, one after another; text `i` ends at `ends[i]`.
    texts: Box<str>,
    ends: [u32; TEXTS],
    /// Bit `i` is set when optional text `i` is there (an empty text is not a missing one).
    present: u16,
    price_per_day_cents: Option<i64>,
    longitude: Option<f64>,
    latitude: Option<f64>,
    rating_sum: i64,
    review_count: i64,
    years_of_experience: Option<i64>,
    /// The picture's width and height, then the cover's (pixels: `u32` holds any).
    sizes: [Option<u32>; 4],
    joined_at: i64,
    reliability: Option<KeptReliability>,
}

/// A guide's stored reliability, compactly, for what keeps a copy of every listed guide
/// (this search and the tour listing): the counts (a guide's trips and messages fit `u32`
/// many times over), the median, the badge. `None` stands for no row yet.
#[derive(Clone, Copy)]
pub struct KeptReliability {
    counts: [u32; 6],
    median_response_minutes: Option<u32>,
    trusted: bool,
}

impl KeptReliability {
    pub fn of(stored: &StoredReliability) -> Option<Self> {
        let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
        Some(Self {
            counts: [
                stored.response_events?,
                stored.responded_in_day?,
                stored.approved_trips?,
                stored.failed_trips?,
                stored.completed_trips?,
                stored.completed_this_year?,
            ]
            .map(count),
            median_response_minutes: stored.median_response_minutes.map(count),
            trusted: stored.trusted == Some(1),
        })
    }

    pub fn stored(self) -> StoredReliability {
        let count = |at: usize| Some(i64::from(self.counts[at]));
        StoredReliability {
            response_events: count(0),
            responded_in_day: count(1),
            median_response_minutes: self.median_response_minutes.map(i64::from),
            approved_trips: count(2),
            failed_trips: count(3),
            completed_trips: count(4),
            completed_this_year: count(5),
            trusted: Some(i64::from(self.trusted)),
        }
    }
}

/// `KeptCard`'s texts: the first seven always there, the rest optional.
const TEXTS: usize = 13;

impl KeptCard {
    pub fn guide_id(&self) -> &str {
        self.text(0)
    }

    fn text(&self, at: usize) -> &str {
        let start = if at == 0 { 0 } else { self.ends[at - 1] as usize };
        &self.texts[start..self.ends[at] as usize]
    }

    fn optional(&self, at: usize) -> Option<String> {
        (self.present & 1 << at != 0).then(|| self.text(at).to_owned())
    }

    pub fn row(&self) -> CardRow {
        let text = |at| self.text(at).to_owned();
        CardRow {
            guide_id: text(0),
            first_name: text(1),
            last_name: text(2),
            bio: text(3),
            expertise_languages: text(4),
            interests: text(5),
            address: text(6),
            picture_key: self.optional(7),
            picture_full_key: self.optional(8),
            picture_webp: self.optional(9),
            cover_key: self.optional(10),
            cover_full_key: self.optional(11),
            cover_webp: self.optional(12),
            price_per_day_cents: self.price_per_day_cents,
            longitude: self.longitude,
            latitude: self.latitude,
            rating_sum: self.rating_sum,
            review_count: self.review_count,
            years_of_experience: self.years_of_experience,
            picture_width: self.sizes[0].map(i64::from),
            picture_height: self.sizes[1].map(i64::from),
            cover_width: self.sizes[2].map(i64::from),
            cover_height: self.sizes[3].map(i64::from),
            joined_at: self.joined_at,
            reliability: self.reliability.map(KeptReliability::stored).unwrap_or_default(),
        }
    }
}

impl From<CardRow> for KeptCard {
    fn from(row: CardRow) -> Self {
        let required = [
            &row.guide_id,
            &row.first_name,
            &row.last_name,
            &row.bio,
            &row.expertise_languages,
            &row.interests,
            &row.address,
        ];
        let optional = [
            &row.picture_key,
            &row.picture_full_key,
            &row.picture_webp,
            &row.cover_key,
            &row.cover_full_key,
            &row.cover_webp,
        ];
        let texts: Vec<Option<&str>> = required
            .into_iter()
            .map(|text| Some(text.as_str()))
            .chain(optional.into_iter().map(Option::as_deref))
            .collect();
        let mut joined = String::new();
        let mut ends = [0; TEXTS];
        let mut present = 0;
        for (at, text) in texts.into_iter().enumerate() {
            if let Some(text) = text {
                joined.push_str(text);
                present |= 1 << at;
            }
            // A card is a few kilobytes at most (the profile's limits).
            ends[at] = joined.len() as u32;
        }
        let reliability = KeptReliability::of(&row.reliability);
        Self {
            texts: joined.into_boxed_str(),
            ends,
            present,
            price_per_day_cents: row.price_per_day_cents,
            longitude: row.longitude,
            latitude: row.latitude,
            rating_sum: row.rating_sum,
            review_count: row.review_count,
            years_of_experience: row.years_of_experience,
            sizes: [row.picture_width, row.picture_height, row.cover_width, row.cover_height]
                .map(|size| size.and_then(|size| u32::try_from(size).ok())),
            joined_at: row.joined_at,
            reliability,
        }
    }
}
