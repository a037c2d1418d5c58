//! How a guide behaves, in numbers travellers see before booking (issue 28), computed from
//! what is stored: booking requests and when they were answered, conversations and the
//! guide's first reply, approved trips and who cancelled them, completed trips.
//!
//! - `responseRate`: of the booking requests and first messages of the last 90 days that
//!   were due an answer, the share answered (approved, declined or replied to) within 24
//!   hours. A request or message is due once it has been answered, or has waited 24 hours
//!   unanswered (one withdrawn or expired sooner was never due).
//! - `medianResponseMinutes`: the median time to an answer over the same, answered ones.
//! - `cancellationRate`: of the trips approved in the last 365 days, the share the guide
//!   cancelled (or did not show up for).
//! - Each rate is null until it rests on at least 3 events: "New on Yatra".
//!
//! The figures and the "Trusted guide" badge are recomputed by the trip sweep once a day
//! per guide (Airbnb reassesses its Superhosts quarterly): the day's computation is claimed
//! by a conditional write of the guide's row, so replicas sweeping together compute each
//! guide once, and a crash leaves the rest for the next pass. Cards, pages and lists read
//! the stored row, so every place shows the same figures.

use serde::Serialize;
use sqlx::AnyConnection;
use time::Date;
use utoipa::ToSchema;

use super::index::rating_rank;
use crate::calendar::{date_text, day_in_nepal, parse_date};
use crate::db::{Db, to_rfc3339};
use crate::error::AppResult;
use crate::hub::{Announcement, NotificationHub};
use crate::search_index::cards::StoredReliability;

const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 24 * HOUR_MS;
/// The window of requests and first messages the response figures read.
pub const RESPONSE_WINDOW_DAYS: i64 = 90;
/// An answer within this long counts as prompt.
pub const ANSWER_WITHIN_MS: i64 = DAY_MS;
/// The window of approved trips the cancellation rate reads.
pub const CANCELLATION_WINDOW_DAYS: i64 = 365;
/// A rate rests on at least this many events; null below.
pub const MIN_EVENTS: i64 = 3;

/// The "Trusted guide" thresholds, published on the guide's dashboard and in docs/features.md.
pub const TRUSTED_MIN_RATING: f64 = 4.7;
pub const TRUSTED_MIN_REVIEWS: i64 = 5;
pub const TRUSTED_MIN_RESPONSE_RATE: f64 = 0.9;
pub const TRUSTED_MAX_CANCELLATION_RATE: f64 = 0.01;
pub const TRUSTED_MIN_COMPLETED_TRIPS: i64 = 3;

/// Guides recomputed by one sweep pass at most: a day's 100,000 guides take many passes
/// rather than holding up the refunds and expiries of one.
const PER_PASS: usize = 500;
const BATCH: i64 = 100;

/// A guide's counts, as stored in `guide_reliability`.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct Figures {
    pub response_events: i64,
    pub responded_in_day: i64,
    pub median_response_minutes: Option<i64>,
    pub approved_trips: i64,
    pub failed_trips: i64,
    pub completed_trips: i64,
    pub completed_this_year: i64,
}

impl Figures {
    pub fn response_rate(&self) -> Option<f64> {
        rate(self.responded_in_day, self.response_events, 100.0)
    }

    pub fn cancellation_rate(&self) -> Option<f64> {
        rate(self.failed_trips, self.approved_trips, 1000.0)
    }

    fn median_response(&self) -> Option<i64> {
        self.median_response_minutes.filter(|_| self.response_events >= MIN_EVENTS)
    }
}

/// `part / whole`, rounded to `1 / precision`; null under `MIN_EVENTS`.
fn rate(part: i64, whole: i64, precision: f64) -> Option<f64> {
    (whole >= MIN_EVENTS).then(|| (part as f64 / whole as f64 * precision).round() / precision)
}

/// A guide's reliability as every answer about them carries it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reliability {
    /// Share (0 to 1) of the booking requests and first messages of the last 90 days
    /// answered within 24 hours; null under 3 ("New on Yatra").
    #[schema(required = true, minimum = 0, maximum = 1)]
    pub response_rate: Option<f64>,
    /// The median time to an answer over the same, in minutes; null under 3.
    #[schema(required = true)]
    pub median_response_minutes: Option<i64>,
    /// Share (0 to 1) of the trips approved in the last 365 days that the guide cancelled
    /// or did not show up for; null under 3 approved trips.
    #[schema(required = true, minimum = 0, maximum = 1)]
    pub cancellation_rate: Option<f64>,
    pub completed_trips: i64,
    /// When the guide joined Yatra (RFC 3339).
    pub since: String,
}

impl Reliability {
    /// From the stored figures (`None`: not computed yet, as for a guide verified today).
    pub fn of(figures: Option<&Figures>, joined_at: i64) -> Self {
        let figures = figures.cloned().unwrap_or_default();
        Self {
            response_rate: figures.response_rate(),
            median_response_minutes: figures.median_response(),
            cancellation_rate: figures.cancellation_rate(),
            completed_trips: figures.completed_trips,
            since: to_rfc3339(joined_at),
        }
    }
}

/// What a guide has earned, shown beside their name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Badge {
    /// Meets every threshold of `thresholds` as of the last daily computation.
    Trusted,
}

pub fn badges(trusted: bool) -> Vec<Badge> {
    if trusted { vec![Badge::Trusted] } else { Vec::new() }
}

/// One of the "Trusted guide" thresholds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ThresholdName {
    /// Average rating of at least 4.7.
    Rating,
    /// At least 5 reviews.
    Reviews,
    /// At least 90 % of requests and first messages answered within 24 hours.
    ResponseRate,
    /// At most 1 % of approved trips cancelled or missed.
    CancellationRate,
    /// A verified licence valid today.
    Licence,
    /// At least 3 completed trips in the last 12 months.
    CompletedTrips,
}

/// A threshold, where the guide stands, and whether they meet it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Threshold {
    pub name: ThresholdName,
    /// The bar: a minimum, or for `cancellation_rate` a maximum; 1 for `licence`.
    pub required: f64,
    /// Where the guide stands; null while it cannot be measured yet (too few events, no licence).
    #[schema(required = true)]
    pub actual: Option<f64>,
    pub met: bool,
}

/// What the thresholds read besides the figures.
pub struct Standing {
    pub rating_sum: i64,
    pub review_count: i64,
    /// The verified licence's last valid day, `YYYY-MM-DD`.
    pub licence_expires_on: Option<String>,
}

/// Every threshold with where the guide stands on `today`.
pub fn thresholds(figures: &Figures, standing: &Standing, today: Date) -> Vec<Threshold> {
    // The rank is the average × 10000 (rounded down), shown to two decimals as elsewhere.
    let rating = (standing.review_count > 0).then(|| {
        (rating_rank(standing.rating_sum, standing.review_count) as f64 / 100.0).round() / 100.0
    });
    let licence_valid = standing
        .licence_expires_on
        .as_deref()
        .and_then(parse_date)
        .is_some_and(|last_day| last_day >= today);
    let at_least = |name, required: f64, actual: Option<f64>| Threshold {
        name,
        required,
        actual,
        met: actual.is_some_and(|actual| actual >= required),
    };
    let cancellation = figures.cancellation_rate();
    vec![
        at_least(ThresholdName::Rating, TRUSTED_MIN_RATING, rating),
        at_least(
            ThresholdName::Reviews,
            TRUSTED_MIN_REVIEWS as f64,
            Some(standing.review_count as f64),
        ),
        at_least(ThresholdName::ResponseRate, TRUSTED_MIN_RESPONSE_RATE, figures.response_rate()),
        Threshold {
            name: ThresholdName::CancellationRate,
            required: TRUSTED_MAX_CANCELLATION_RATE,
            actual: cancellation,
            met: cancellation.is_some_and(|rate| rate <= TRUSTED_MAX_CANCELLATION_RATE),
        },
        at_least(ThresholdName::Licence, 1.0, Some(if licence_valid { 1.0 } else { 0.0 })),
        at_least(
            ThresholdName::CompletedTrips,
            TRUSTED_MIN_COMPLETED_TRIPS as f64,
            Some(figures.completed_this_year as f64),
        ),
    ]
}

/// A request or first message: when it was asked, when it was answered, and until when it
/// waited unanswered (now, or when it was withdrawn or expired).
#[derive(Clone, Copy, Debug)]
struct Asked {
    at: i64,
    answered: Option<i64>,
    open_until: i64,
}

/// How many were due an answer, how many were answered within 24 hours, and the median
/// minutes to an answer.
fn response_figures(asked: &[Asked]) -> (i64, i64, Option<i64>) {
    let due: Vec<&Asked> = asked
        .iter()
        .filter(|a| a.answered.is_some() || a.open_until - a.at >= ANSWER_WITHIN_MS)
        .collect();
    let in_day = due
        .iter()
        .filter(|a| a.answered.is_some_and(|answered| answered - a.at <= ANSWER_WITHIN_MS))
        .count();
    let mut waits: Vec<i64> =
        due.iter().filter_map(|a| a.answered.map(|answered| (answered - a.at).max(0))).collect();
    waits.sort_unstable();
    let median_ms = match waits.len() {
        0 => None,
        n if n % 2 == 1 => Some(waits[n / 2]),
        n => Some((waits[n / 2 - 1] + waits[n / 2]) / 2),
    };
    let minutes = median_ms.map(|ms| (ms as f64 / 60_000.0).round() as i64);
    (due.len() as i64, in_day as i64, minutes)
}

/// The guide's figures as of `now`, from the stored events.
pub async fn compute(conn: &mut AnyConnection, guide_id: &str, now: i64) -> AppResult<Figures> {
    let since = now - RESPONSE_WINDOW_DAYS * DAY_MS;
    // Requests only: a seat on a departure or an accepted offer was never the guide's to answer.
    let requests: Vec<(i64, Option<i64>, String, i64)> = sqlx::query_as(
        "SELECT created_at, answered_at, booking_status, COALESCE(cancelled_at, updated_at) FROM bookings \
         WHERE guide_id = $1 AND created_at >= $2 AND departure_id IS NULL AND offer_id IS NULL",
    )
    .bind(guide_id)
    .bind(since)
    .fetch_all(&mut *conn)
    .await?;
    // The first message of each two-party conversation, when a traveller wrote it, and the
    // guide's first message after it.
    let messages: Vec<(i64, Option<i64>)> = sqlx::query_as(
        "SELECT f.created_at, (SELECT MIN(r.created_at) FROM messages r \
             WHERE r.conversation_id = c.id AND r.sender_id = c.guide_id AND r.seq > f.seq) \
         FROM conversations c JOIN messages f ON f.conversation_id = c.id AND f.seq = 1 \
         WHERE c.guide_id = $1 AND c.tourist_id IS NOT NULL AND f.sender_id = c.tourist_id AND f.created_at >= $2",
    )
    .bind(guide_id)
    .bind(since)
    .fetch_all(&mut *conn)
    .await?;
    let asked: Vec<Asked> = requests
        .into_iter()
        .map(|(at, answered, status, ended)| Asked {
            at,
            answered,
            open_until: if status == "pending" { now } else { ended },
        })
        .chain(messages.into_iter().map(|(at, answered)| Asked { at, answered, open_until: now }))
        .collect();
    let (response_events, responded_in_day, median_response_minutes) = response_figures(&asked);

    let (approved_trips, failed_trips): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), CAST(COALESCE(SUM(CASE WHEN booking_status = 'cancelled' AND cancelled_by = 'guide' THEN 1 ELSE 0 END), 0) AS BIGINT) \
         FROM bookings WHERE guide_id = $1 AND approved_at >= $2",
    )
    .bind(guide_id)
    .bind(now - CANCELLATION_WINDOW_DAYS * DAY_MS)
    .fetch_one(&mut *conn)
    .await?;
    let year_ago = date_text(day_in_nepal(now) - time::Duration::days(CANCELLATION_WINDOW_DAYS));
    let (completed_trips, completed_this_year): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), CAST(COALESCE(SUM(CASE WHEN end_date >= $2 THEN 1 ELSE 0 END), 0) AS BIGINT) \
         FROM bookings WHERE guide_id = $1 AND booking_status = 'completed'",
    )
    .bind(guide_id)
    .bind(year_ago)
    .fetch_one(&mut *conn)
    .await?;
    Ok(Figures {
        response_events,
        responded_in_day,
        median_response_minutes,
        approved_trips,
        failed_trips,
        completed_trips,
        completed_this_year,
    })
}

/// What every answer about a guide carries, from their stored row (as a LEFT JOIN reads
/// it) and when they joined (ms).
pub fn shown(stored: &StoredReliability, joined_at: i64) -> (Reliability, Vec<Badge>) {
    let figures = stored_figures(stored);
    (Reliability::of(figures.as_ref(), joined_at), badges(stored.trusted == Some(1)))
}

/// The figures of a stored row; `None` before the guide's first computation.
fn stored_figures(stored: &StoredReliability) -> Option<Figures> {
    Some(Figures {
        response_events: stored.response_events?,
        responded_in_day: stored.responded_in_day?,
        median_response_minutes: stored.median_response_minutes,
        approved_trips: stored.approved_trips?,
        failed_trips: stored.failed_trips?,
        completed_trips: stored.completed_trips?,
        completed_this_year: stored.completed_this_year?,
    })
}

/// A guide's stored figures and badge.
#[derive(sqlx::FromRow)]
struct Stored {
    #[sqlx(flatten)]
    figures: Figures,
    trusted: i64,
}

const STORED_COLUMNS: &str = "response_events, responded_in_day, median_response_minutes, approved_trips, \
    failed_trips, completed_trips, completed_this_year, trusted";

/// The guide's stored figures and whether they hold the badge; `None` before the first computation.
pub async fn stored(db: &Db, guide_id: &str) -> AppResult<Option<(Figures, bool)>> {
    let row: Option<Stored> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {STORED_COLUMNS} FROM guide_reliability WHERE guide_id = $1"
    )))
    .bind(guide_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|row| (row.figures, row.trusted == 1)))
}

/// The day the guide's figures were last computed.
pub async fn computed_on(db: &Db, guide_id: &str) -> AppResult<Option<String>> {
    let day: Option<(String,)> =
        sqlx::query_as("SELECT computed_on FROM guide_reliability WHERE guide_id = $1")
            .bind(guide_id)
            .fetch_optional(&db.pool)
            .await?;
    Ok(day.map(|(day,)| day))
}

/// The guide's reliability and badges, as their page shows them.
pub async fn of_guide(db: &Db, guide_id: &str) -> AppResult<(Reliability, Vec<Badge>)> {
    let (joined_at,): (i64,) = sqlx::query_as("SELECT created_at FROM users WHERE id = $1")
        .bind(guide_id)
        .fetch_optional(&db.pool)
        .await?
        .unwrap_or_default();
    let stored = stored(db, guide_id).await?;
    let trusted = stored.as_ref().is_some_and(|(_, trusted)| *trusted);
    Ok((Reliability::of(stored.as_ref().map(|(figures, _)| figures), joined_at), badges(trusted)))
}

/// What the thresholds read of the guide besides the figures.
pub async fn standing(db: &Db, guide_id: &str) -> AppResult<Standing> {
    let (rating_sum, review_count, licence_expires_on): (i64, i64, Option<String>) =
        sqlx::query_as(
            "SELECT rating_sum, review_count, CASE WHEN status = 'verified' THEN licence_expires_on END \
             FROM guide_details WHERE user_id = $1",
        )
        .bind(guide_id)
        .fetch_optional(&db.pool)
        .await?
        .unwrap_or((0, 0, None));
    Ok(Standing { rating_sum, review_count, licence_expires_on })
}

/// What one pass recomputed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Recomputed {
    pub guides: usize,
    /// Guides who gained or lost the badge.
    pub badges_changed: usize,
}

/// Recomputes, as of `now`, the verified guides not yet computed on that day in Nepal: up
/// to `PER_PASS` of them; the next pass goes on.
pub async fn sweep(db: &Db, hub: &NotificationHub, now: i64) -> AppResult<Recomputed> {
    let today = day_in_nepal(now);
    let day = date_text(today);
    let mut done = Recomputed::default();
    let mut shown_changed = false;
    loop {
        let due: Vec<(String,)> = sqlx::query_as(
            "SELECT g.user_id FROM guide_details g LEFT JOIN guide_reliability r ON r.guide_id = g.user_id \
             WHERE g.status = 'verified' AND (r.computed_on IS NULL OR r.computed_on < $1) \
             ORDER BY g.user_id LIMIT $2",
        )
        .bind(&day)
        .bind(BATCH)
        .fetch_all(&db.pool)
        .await?;
        let found = due.len();
        let mut claimed_any = false;
        for (guide_id,) in due {
            let Some(change) = recompute(db, &guide_id, now, today).await? else { continue };
            claimed_any = true;
            done.guides += 1;
            done.badges_changed += usize::from(change.badge);
            shown_changed |= change.shown;
        }
        if (found as i64) < BATCH || !claimed_any || done.guides >= PER_PASS {
            break;
        }
    }
    if shown_changed {
        // Cards and lists changed without an API write: every replica's kept answers go.
        hub.announce_all(db, vec![Announcement::CatalogueChanged]).await;
    }
    Ok(done)
}

/// What a recomputation changed.
struct Change {
    /// Anything a card shows.
    shown: bool,
    badge: bool,
}

/// Recomputes one guide for `today`; `None` when another replica already did.
async fn recompute(db: &Db, guide_id: &str, now: i64, today: Date) -> AppResult<Option<Change>> {
    let figures = compute(&mut *db.pool.acquire().await?, guide_id, now).await?;
    let trusted = thresholds(&figures, &standing(db, guide_id).await?, today).iter().all(|t| t.met);
    let before = stored(db, guide_id).await?;

    let mut tx = db.begin_write().await?;
    let claimed = sqlx::query(
        "INSERT INTO guide_reliability (guide_id, response_events, responded_in_day, median_response_minutes, \
           approved_trips, failed_trips, completed_trips, completed_this_year, trusted, computed_on, computed_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
         ON CONFLICT (guide_id) DO UPDATE SET response_events = excluded.response_events, \
           responded_in_day = excluded.responded_in_day, median_response_minutes = excluded.median_response_minutes, \
           approved_trips = excluded.approved_trips, failed_trips = excluded.failed_trips, \
           completed_trips = excluded.completed_trips, completed_this_year = excluded.completed_this_year, \
           trusted = excluded.trusted, computed_on = excluded.computed_on, computed_at = excluded.computed_at \
         WHERE guide_reliability.computed_on < excluded.computed_on",
    )
    .bind(guide_id)
    .bind(figures.response_events)
    .bind(figures.responded_in_day)
    .bind(figures.median_response_minutes)
    .bind(figures.approved_trips)
    .bind(figures.failed_trips)
    .bind(figures.completed_trips)
    .bind(figures.completed_this_year)
    .bind(i64::from(trusted))
    .bind(date_text(today))
    .bind(now)
    .execute(&mut *tx)
    .await?;
    if claimed.rows_affected() != 1 {
        return Ok(None);
    }
    let shown_before =
        before.as_ref().map(|(figures, trusted)| (Reliability::of(Some(figures), 0), *trusted));
    let change = Change {
        shown: shown_before != Some((Reliability::of(Some(&figures), 0), trusted)),
        badge: before.as_ref().map_or(trusted, |(_, was)| *was != trusted),
    };
    if change.shown {
        // The search row carries the badge, and the change makes every replica re-read the card.
        super::index::refresh(&mut tx, guide_id).await?;
    }
    tx.commit().await?;
    Ok(Some(change))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    const MINUTE: i64 = 60_000;

    fn answered_after(ms: i64) -> Asked {
        Asked { at: 0, answered: Some(ms), open_until: ms }
    }

    #[test]
    fn an_answer_at_23_h_59_is_prompt_and_at_24_h_01_is_not() {
        let prompt = answered_after(23 * 60 * MINUTE + 59 * MINUTE);
        let late = answered_after(24 * 60 * MINUTE + MINUTE);
        assert_eq!(response_figures(&[prompt, prompt, prompt]), (3, 3, Some(1439)));
        let (due, in_day, _) = response_figures(&[prompt, prompt, late]);
        assert_eq!((due, in_day), (3, 2));
    }

    #[test]
    fn an_unanswered_request_counts_once_it_has_waited_a_day() {
        let waiting = |waited| Asked { at: 0, answered: None, open_until: waited };
        assert_eq!(response_figures(&[waiting(DAY_MS - MINUTE)]), (0, 0, None));
        assert_eq!(response_figures(&[waiting(DAY_MS)]), (1, 0, None));
    }

    #[test]
    fn the_median_is_the_middle_answer_or_the_mean_of_the_middle_two() {
        let after = |minutes| answered_after(minutes * MINUTE);
        assert_eq!(response_figures(&[after(10), after(30), after(500)]).2, Some(30));
        assert_eq!(response_figures(&[after(10), after(30), after(50), after(500)]).2, Some(40));
    }

    #[test]
    fn rates_are_null_under_three_events() {
        let figures = Figures {
            response_events: 2,
            responded_in_day: 2,
            median_response_minutes: Some(5),
            approved_trips: 2,
            ..Figures::default()
        };
        let shown = Reliability::of(Some(&figures), 0);
        assert_eq!(
            (shown.response_rate, shown.median_response_minutes, shown.cancellation_rate),
            (None, None, None)
        );
        let figures = Figures { response_events: 3, approved_trips: 3, failed_trips: 1, ..figures };
        let shown = Reliability::of(Some(&figures), 0);
        assert_eq!((shown.response_rate, shown.cancellation_rate), (Some(0.67), Some(0.333)));
    }

    #[test]
    fn a_guide_is_trusted_only_when_every_threshold_is_met() {
        let figures = Figures {
            response_events: 10,
            responded_in_day: 9,
            median_response_minutes: Some(30),
            approved_trips: 100,
            failed_trips: 1,
            completed_trips: 3,
            completed_this_year: 3,
        };
        let standing = Standing {
            rating_sum: 47,
            review_count: 10,
            licence_expires_on: Some("2031-01-01".into()),
        };
        let today = date!(2030 - 06 - 01);
        assert!(thresholds(&figures, &standing, today).iter().all(|t| t.met));
        let missed = |figures: &Figures, standing: &Standing| -> Vec<ThresholdName> {
            thresholds(figures, standing, today).iter().filter(|t| !t.met).map(|t| t.name).collect()
        };
        let slow = Figures { responded_in_day: 8, ..figures.clone() };
        assert_eq!(missed(&slow, &standing), [ThresholdName::ResponseRate]);
        let cancels = Figures { failed_trips: 2, ..figures.clone() };
        assert_eq!(missed(&cancels, &standing), [ThresholdName::CancellationRate]);
        let lapsed = Standing { licence_expires_on: Some("2030-05-31".into()), ..standing };
        assert_eq!(missed(&figures, &lapsed), [ThresholdName::Licence]);
        let few = Standing { rating_sum: 20, review_count: 4, licence_expires_on: None };
        assert_eq!(
            missed(&Figures::default(), &few),
            [
                ThresholdName::Reviews,
                ThresholdName::ResponseRate,
                ThresholdName::CancellationRate,
                ThresholdName::Licence,
                ThresholdName::CompletedTrips
            ]
        );
    }
}
