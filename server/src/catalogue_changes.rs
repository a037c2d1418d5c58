//! Which guides and tours changed. Every change to what the public catalogue lists records
//! the item here, in the transaction that makes the change; each replica's in-memory index
//! (guide search, the tours list) asks for what changed since it last looked and reloads
//! those items from the database. Recording in the same transaction is what makes this
//! lose nothing: a change that commits is recorded, one that rolls back is not.
//!
//! A change is read by its time. Transactions commit out of order, so a reader looks back
//! `SETTLE` further than its last read: a change recorded a little before the last read
//! but committed after it is still found. Reloading an item twice is harmless.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

use sqlx::AnyConnection;

use crate::db::{Db, now_ms};
use crate::error::AppResult;

/// Changes recorded by this process: an index that has read them all need not ask the
/// database before answering (changes from other processes reach it by announcement and
/// by its regular look).
static RECORDED: AtomicU64 = AtomicU64::new(0);

/// When this process last recorded a change (ms since the epoch).
static LAST_RECORDED_AT: AtomicI64 = AtomicI64::new(i64::MIN);

/// How many changes this process has recorded so far.
pub fn recorded() -> u64 {
    RECORDED.load(Ordering::SeqCst)
}

/// Whether a change this process recorded may not have committed yet: it is counted when
/// recorded, inside its transaction, so a read that began within `SETTLE` of it may have
/// missed it although the count says otherwise.
pub fn may_be_uncommitted() -> bool {
    LAST_RECORDED_AT.load(Ordering::SeqCst) >= now_ms() - SETTLE.as_millis() as i64
}

/// How far back past its last read a reader looks: longer than any transaction that
/// records a change takes, and than the replicas' clocks differ.
const SETTLE: Duration = Duration::from_secs(10);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Guide,
    Tour,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Guide => "guide",
            Self::Tour => "tour",
        }
    }
}

/// Records that `ids` changed, in the transaction `conn` holds.
pub async fn record(conn: &mut AnyConnection, kind: Kind, ids: &[&str]) -> AppResult<()> {
    let at = now_ms();
    for chunk in ids.chunks(200) {
        let mut sql = crate::db::Sql::new(
            "INSERT INTO catalogue_changes (kind, item_id, changed_at) VALUES ",
        );
        let rows: Vec<String> = chunk
            .iter()
            .map(|id| {
                let kind = sql.param(kind.as_str());
                let id = sql.param(*id);
                let at = sql.param(at);
                format!("({kind}, {id}, {at})")
            })
            .collect();
        sql.push(&rows.join(", "));
        sql.push(" ON CONFLICT (kind, item_id) DO UPDATE SET changed_at = excluded.changed_at");
        sql.query().execute(&mut *conn).await?;
    }
    LAST_RECORDED_AT.store(now_ms(), Ordering::SeqCst);
    RECORDED.fetch_add(1, Ordering::SeqCst);
    Ok(())
}

/// Records the tours at a destination as changed: their cards show its name.
pub async fn record_tours_at(conn: &mut AnyConnection, destination_id: &str) -> AppResult<()> {
    let tours: Vec<(String,)> = sqlx::query_as("SELECT id FROM tours WHERE destination_id = $1")
        .bind(destination_id)
        .fetch_all(&mut *conn)
        .await?;
    let ids: Vec<&str> = tours.iter().map(|(id,)| id.as_str()).collect();
    record(conn, Kind::Tour, &ids).await
}

/// A reader of one kind's changes.
pub struct Follower {
    kind: Kind,
    /// When the last read started.
    read_at: i64,
    /// What the reads within `SETTLE` returned, with the time each was recorded at, so
    /// that looking back does not hand the same change out twice.
    seen: HashMap<String, i64>,
}

impl Follower {
    /// A reader of the changes from now on. Made before the index it feeds loads
    /// everything, so a change made during the load is read again afterwards.
    pub fn starting_now(kind: Kind) -> Self {
        Self { kind, read_at: now_ms(), seen: HashMap::new() }
    }

    /// The ids changed since the last call.
    pub async fn changed(&mut self, db: &Db) -> AppResult<Vec<String>> {
        let started = now_ms();
        let since = self.read_at - SETTLE.as_millis() as i64;
        let rows: Vec<(String, i64)> = sqlx::query_as(
            "SELECT item_id, changed_at FROM catalogue_changes WHERE kind = $1 AND changed_at >= $2",
        )
        .bind(self.kind.as_str())
        .bind(since)
        .fetch_all(&db.pool)
        .await?;
        self.read_at = started;
        self.seen.retain(|_, at| *at >= since);
        let mut changed = Vec::new();
        for (id, at) in rows {
            if self.seen.get(&id) != Some(&at) {
                self.seen.insert(id.clone(), at);
                changed.push(id);
            }
        }
        Ok(changed)
    }
}
