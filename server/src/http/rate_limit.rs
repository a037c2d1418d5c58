//! How often one caller may do something. The counts live in the database, so every
//! replica sees the same ones, and each is taken by one conditional upsert, so concurrent
//! requests cannot overshoot a limit.
//!
//! A limit is a sliding window approximated the usual way: hits in the current fixed
//! window plus the previous window's hits weighted by how much of it the sliding window
//! still covers (rounded up, so a burst across a window boundary is still held to the
//! limit).

use std::net::IpAddr;

use super::state::AppState;
use crate::db::{Db, now_ms};
use crate::error::AppError;

const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;

/// At most `max` of something per `window_ms` for one key (an account, an address...).
#[derive(Debug)]
pub struct Limit {
    /// Names the counter in the database; unique per limit.
    pub scope: &'static str,
    pub max: i64,
    pub window_ms: i64,
    /// What was refused, completing "Too many ...".
    pub what: &'static str,
}

/// The same action limited per account and per address.
#[derive(Debug)]
pub struct PerCaller {
    pub per_account: Limit,
    pub per_address: Limit,
}

// Failed sign-ins (OWASP ASVS 5.0 §6.3, NIST 800-63B §5.2.2). Counted per pair first, so an
// attacker at one address uses up only their own pair and the owner elsewhere still gets in.
pub const LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: Limit =
    Limit { scope: "login-pair", max: 5, window_ms: 15 * MINUTE, what: "failed sign-in attempts" };
pub const LOGIN_FAILURES_PER_ADDRESS: Limit = Limit {
    scope: "login-address",
    max: 30,
    window_ms: 15 * MINUTE,
    what: "failed sign-in attempts from your network",
};
pub const LOGIN_FAILURES_PER_ACCOUNT: Limit = Limit {
    scope: "login-account",
    max: 100,
    window_ms: HOUR,
    what: "failed sign-in attempts on this account",
};

/// Sign-ups have no account yet. Sized above the browser journeys' own sign-ups (one
/// server, one address, a few dozen accounts).
pub const SIGNUPS_PER_ADDRESS: Limit =
    Limit { scope: "signup-address", max: 60, window_ms: HOUR, what: "sign-ups from your network" };

// The rest are sized far above what a person does (and what the test suites do within
// one test) and far below what a script spamming guides or the feed would.
pub const BOOKING_REQUESTS: PerCaller = PerCaller {
    per_account: Limit {
        scope: "booking-account",
        max: 60,
        window_ms: HOUR,
        what: "booking requests",
    },
    per_address: Limit {
        scope: "booking-address",
        max: 300,
        window_ms: HOUR,
        what: "booking requests from your network",
    },
};
pub const BLOG_POSTS: PerCaller = PerCaller {
    per_account: Limit { scope: "blog-account", max: 30, window_ms: HOUR, what: "blog posts" },
    per_address: Limit {
        scope: "blog-address",
        max: 100,
        window_ms: HOUR,
        what: "blog posts from your network",
    },
};
pub const REVIEWS: PerCaller = PerCaller {
    per_account: Limit { scope: "review-account", max: 20, window_ms: HOUR, what: "reviews" },
    per_address: Limit {
        scope: "review-address",
        max: 100,
        window_ms: HOUR,
        what: "reviews from your network",
    },
};
pub const UPLOADS: PerCaller = PerCaller {
    per_account: Limit { scope: "upload-account", max: 100, window_ms: HOUR, what: "uploads" },
    per_address: Limit {
        scope: "upload-address",
        max: 300,
        window_ms: HOUR,
        what: "uploads from your network",
    },
};

/// Tourist Buddy: per account when signed in, per address otherwise (see `count_caller`).
/// A person asks a question every few seconds at most; a model behind it costs money.
pub const ASSISTANT_QUESTIONS: PerCaller = PerCaller {
    per_account: Limit {
        scope: "assistant-account",
        max: 60,
        window_ms: HOUR,
        what: "questions to Tourist Buddy",
    },
    per_address: Limit {
        scope: "assistant-address",
        max: 120,
        window_ms: HOUR,
        what: "questions to Tourist Buddy from your network",
    },
};

/// Messages: each sender's own are counted exactly from the messages table (20 a minute,
/// `messages::store::SEND_LIMIT_PER_MINUTE`); this holds many accounts at one address.
pub const MESSAGES_PER_ADDRESS: Limit = Limit {
    scope: "message-address",
    max: 600,
    window_ms: HOUR,
    what: "messages from your network",
};

/// One counted hit, so it can be given back (a sign-in that turned out right).
#[derive(Debug)]
pub struct Hit {
    scope: &'static str,
    key: String,
    window_start: i64,
}

/// Counts one `action` for the account (when signed in) and the address; 429 when either
/// is over its limit, and then neither is counted.
pub async fn count(
    state: &AppState,
    action: &PerCaller,
    account: Option<&str>,
    address: &str,
) -> Result<(), AppError> {
    if !state.config.server.rate_limits {
        return Ok(());
    }
    let address = address_key(address);
    // Always account before address: on PostgreSQL the row locks are then taken in one
    // order by every request, so two cannot deadlock.
    let mut keys = Vec::with_capacity(2);
    if let Some(account) = account {
        keys.push((&action.per_account, account.to_owned()));
    }
    keys.push((&action.per_address, address));
    hit_all(&state.db, &keys).await.map(drop)
}

/// Counts one `action` for the account when signed in, else for the address (visitors
/// share their network's allowance; an account keeps its own wherever it is).
pub async fn count_caller(
    state: &AppState,
    action: &PerCaller,
    account: Option<&str>,
    address: &str,
) -> Result<(), AppError> {
    if !state.config.server.rate_limits {
        return Ok(());
    }
    let key = match account {
        Some(account) => (&action.per_account, account.to_owned()),
        None => (&action.per_address, address_key(address)),
    };
    hit_all(&state.db, &[key]).await.map(drop)
}

/// Counts one hit of an action limited per address only; 429 when it is full.
pub async fn count_one(
    state: &AppState,
    per_address: &Limit,
    address: &str,
) -> Result<(), AppError> {
    if !state.config.server.rate_limits {
        return Ok(());
    }
    hit_all(&state.db, &[(per_address, address_key(address))]).await.map(drop)
}

/// Counts one hit on each `(limit, key)` in one transaction: all of them, or none and
/// 429 naming the first limit that is full. Callers list scopes in a fixed order.
pub async fn hit_all(db: &Db, keys: &[(&Limit, String)]) -> Result<Vec<Hit>, AppError> {
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    let mut hits = Vec::with_capacity(keys.len());
    for (limit, key) in keys {
        let window_start = now - now.rem_euclid(limit.window_ms);
        let previous_start = window_start - limit.window_ms;
        let counts: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT window_start, hits FROM rate_limit_hits WHERE scope = $1 AND key = $2 AND window_start IN ($3, $4)",
        )
        .bind(limit.scope)
        .bind(key)
        .bind(window_start)
        .bind(previous_start)
        .fetch_all(&mut *tx)
        .await?;
        let count_in = |start: i64| counts.iter().find(|(s, _)| *s == start).map_or(0, |(_, n)| *n);
        let (current, previous) = (count_in(window_start), count_in(previous_start));
        let remaining = limit.window_ms - (now - window_start);
        let allowance = limit.max - carried_over(previous, remaining, limit.window_ms);
        let counted = sqlx::query(
            "INSERT INTO rate_limit_hits (scope, key, window_start, hits, expires_at) \
             SELECT $1, $2, $3, 1, $4 WHERE $5 > 0 \
             ON CONFLICT (scope, key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1 \
             WHERE rate_limit_hits.hits < $5",
        )
        .bind(limit.scope)
        .bind(key)
        .bind(window_start)
        .bind(window_start + 2 * limit.window_ms)
        .bind(allowance)
        .execute(&mut *tx)
        .await?;
        if counted.rows_affected() != 1 {
            tx.rollback().await?;
            // Another request may have taken the last hit since the read: at least full.
            let current = current.max(allowance.max(0));
            let wait = wait_ms(limit, previous, current, now - window_start);
            return Err(refused(limit.what, wait));
        }
        hits.push(Hit { scope: limit.scope, key: key.clone(), window_start });
    }
    tx.commit().await?;
    Ok(hits)
}

/// Gives counted hits back.
pub async fn give_back(db: &Db, hits: &[Hit]) -> Result<(), AppError> {
    for hit in hits {
        sqlx::query("UPDATE rate_limit_hits SET hits = hits - 1 WHERE scope = $1 AND key = $2 AND window_start = $3 AND hits > 0")
            .bind(hit.scope)
            .bind(&hit.key)
            .bind(hit.window_start)
            .execute(&db.pool)
            .await?;
    }
    Ok(())
}

/// Forgets every count of `limit` for `key`.
pub async fn clear(db: &Db, limit: &Limit, key: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM rate_limit_hits WHERE scope = $1 AND key = $2")
        .bind(limit.scope)
        .bind(key)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Deletes counters no window looks at any more.
pub async fn prune(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM rate_limit_hits WHERE expires_at < $1")
        .bind(now)
        .execute(&db.pool)
        .await?
        .rows_affected())
}

/// The key an address is counted under: an IPv4 address, or the /64 network of an IPv6
/// one (one subscriber usually holds a whole /64, so single addresses would be free).
pub fn address_key(address: &str) -> String {
    match address.parse::<IpAddr>() {
        Ok(IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
        Ok(IpAddr::V6(v6)) => v6.to_ipv4_mapped().map(|v4| v4.to_string()).unwrap_or_default(),
        Ok(IpAddr::V4(v4)) => v4.to_string(),
        Err(_) => address.to_owned(),
    }
}

/// The previous window's hits still inside the sliding window, rounded up.
fn carried_over(previous: i64, remaining_ms: i64, window_ms: i64) -> i64 {
    (previous * remaining_ms + window_ms - 1) / window_ms
}

/// Milliseconds until one more hit would be allowed, if nobody else tries meanwhile.
fn wait_ms(limit: &Limit, previous: i64, current: i64, elapsed_ms: i64) -> i64 {
    let window = limit.window_ms;
    let room = limit.max - 1 - current;
    if room >= 0 && previous > 0 {
        // Within this window, once the previous one's weight has dropped enough.
        let ready_at = window - room * window / previous;
        if ready_at < window {
            return (ready_at - elapsed_ms).max(0);
        }
    }
    // In the next window, where this window's hits are the ones carried over.
    let until_next = window - elapsed_ms;
    if current <= 0 {
        return until_next;
    }
    until_next + (window - (limit.max - 1) * window / current).max(0)
}

fn refused(what: &str, wait_ms: i64) -> AppError {
    let seconds = ((wait_ms + 999) / 1000).max(1) as u64;
    AppError::too_many_requests(
        format!("Too many {what}. Please try again in {}.", spoken_duration(seconds)),
        seconds,
    )
}

/// "1 minute", "12 minutes", "2 hours": rounded up, so nobody comes back too early.
fn spoken_duration(seconds: u64) -> String {
    let minutes = seconds.div_ceil(60);
    match minutes {
        1 => "1 minute".to_owned(),
        m if m <= 90 => format!("{m} minutes"),
        m => format!("{} hours", m.div_ceil(60)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIVE_PER_15: Limit = Limit { scope: "t", max: 5, window_ms: 15 * MINUTE, what: "tries" };

    #[test]
    fn a_full_previous_window_still_counts_fully_just_after_the_boundary() {
        assert_eq!(carried_over(5, 15 * MINUTE - 1, 15 * MINUTE), 5);
        assert_eq!(carried_over(5, 12 * MINUTE, 15 * MINUTE), 4);
        assert_eq!(carried_over(0, 15 * MINUTE, 15 * MINUTE), 0);
    }

    #[test]
    fn five_failures_at_the_start_of_a_window_wait_for_the_weight_of_the_next() {
        // All five now, at the window's start: the rest of this window, then until the
        // five weigh at most four (a fifth of the next window).
        assert_eq!(wait_ms(&FIVE_PER_15, 0, 5, 0), 15 * MINUTE + 3 * MINUTE);
    }

    #[test]
    fn a_full_previous_window_frees_a_hit_as_its_weight_drops() {
        // Previous window 5, none yet in this one, one minute in: allowed once 5 × remaining
        // / window ≤ 4, i.e. three minutes in.
        assert_eq!(wait_ms(&FIVE_PER_15, 5, 0, MINUTE), 2 * MINUTE);
    }

    #[test]
    fn waits_are_spoken_in_whole_minutes_rounded_up() {
        assert_eq!(spoken_duration(1), "1 minute");
        assert_eq!(spoken_duration(61), "2 minutes");
        assert_eq!(spoken_duration(18 * 60), "18 minutes");
        assert_eq!(spoken_duration(3 * 3600), "3 hours");
    }

    #[test]
    fn ipv6_addresses_count_per_64_network_and_mapped_ipv4_as_ipv4() {
        assert_eq!(address_key("2001:db8:1:2:aaaa::1"), address_key("2001:db8:1:2:bbbb::2"));
        assert_ne!(address_key("2001:db8:1:2::1"), address_key("2001:db8:1:3::1"));
        assert_eq!(address_key("::ffff:192.0.2.7"), "192.0.2.7");
        assert_eq!(address_key("192.0.2.7"), "192.0.2.7");
    }
}
