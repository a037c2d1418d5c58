//! One connection pool for either backend through sqlx's `Any` driver. Queries are
//! written once with `$n` placeholders, which both SQLite and PostgreSQL accept.

use std::time::Duration;

use anyhow::Context;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Executor};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// A scalar subquery giving the rows of `from` (its FROM and WHERE) as one JSON array,
    /// an array of `columns` per row in `order` (`[]` when there are none): a page reads a
    /// record's few children in the record's own query rather than one query each.
    pub fn json_rows(self, columns: &str, from: &str, order: &str) -> String {
        match self {
            Backend::Sqlite => {
                format!("(SELECT json_group_array(json_array({columns}) ORDER BY {order}) {from})")
            }
            Backend::Postgres => format!(
                "(SELECT COALESCE(json_agg(json_build_array({columns}) ORDER BY {order}), '[]')::text {from})"
            ),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
}

/// The migration that adds `notifications.notice`; the next one drops the sentences.
const NOTICES_ADDED: i64 = 26;

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// The pool size when `YATRA_DB_MAX_CONNECTIONS` is not set: SQLite has one writer at a
/// time, so a few connections serve the readers; PostgreSQL serves more at once.
pub fn default_max_connections(url: &str) -> u32 {
    if url.starts_with("sqlite:") { 8 } else { 16 }
}

/// The URL without its password, for error messages.
pub fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            format!("{}://***{}", &url[..scheme_end], &url[at..])
        }
        _ => url.to_owned(),
    }
}

impl Db {
    /// A pool of the default size for `url` (commands and tests; the server sizes its own).
    pub async fn connect(url: &str) -> anyhow::Result<Self> {
        Self::connect_with(url, default_max_connections(url)).await
    }

    /// A pool of at most `max_connections` connections to `url`.
    pub async fn connect_with(url: &str, max_connections: u32) -> anyhow::Result<Self> {
        install_default_drivers();
        let backend = if url.starts_with("sqlite:") { Backend::Sqlite } else { Backend::Postgres };
        let options = AnyPoolOptions::new()
            .acquire_timeout(Duration::from_secs(10))
            .max_connections(max_connections);
        let pool = match backend {
            Backend::Sqlite => {
                options
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            conn.execute(
                                "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
                                 PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000; \
                                 PRAGMA cache_size = -2000;",
                            )
                            .await?;
                            Ok(())
                        })
                    })
                    .connect(url)
                    .await
            }
            Backend::Postgres => options.connect(url).await,
        }
        .with_context(|| format!("cannot open the database at {}", redact_url(url)))?;
        Ok(Self { pool, backend })
    }

    /// Brings the schema up to date. Notifications stored as sentences become notices
    /// between the migration that adds their column and the one that drops the sentences:
    /// that step needs the catalogue, which SQL cannot read.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        let migrator = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run_to(NOTICES_ADDED, &self.pool).await.context("database migration failed")?;
        if !self.notices_only().await?
            && let Err(e) = self.convert_notices().await
            // Another replica may have converted them and dropped the sentences meanwhile.
            && !self.notices_only().await?
        {
            return Err(e.context("converting notifications to notices failed"));
        }
        migrator.run(&self.pool).await.context("database migration failed")
    }

    async fn convert_notices(&self) -> anyhow::Result<()> {
        let mut tx = self.begin_write().await?;
        let converted = crate::notice::convert_written(&mut tx).await?;
        tx.commit().await?;
        if converted > 0 {
            tracing::info!(converted, "stored notifications converted to notices");
        }
        Ok(())
    }

    /// Whether the migration that drops the notifications' sentences has run (another
    /// replica may have finished the conversion already).
    async fn notices_only(&self) -> anyhow::Result<bool> {
        let (applied,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM _sqlx_migrations WHERE version = $1 AND success")
                .bind(NOTICES_ADDED + 1)
                .fetch_one(&self.pool)
                .await?;
        Ok(applied > 0)
    }

    /// A transaction that will write. SQLite takes the write lock at the start
    /// (`BEGIN IMMEDIATE`), so concurrent writers queue on the busy timeout instead of one
    /// failing when it upgrades a read lock; PostgreSQL needs nothing special.
    pub async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.pool.begin().await,
        }
    }

    /// Locks the row `id` of `table` for the rest of the transaction, unless another
    /// transaction holds it: `false` means another replica is changing that row now, so
    /// a sweep moves on instead of queuing behind it (PostgreSQL, `FOR UPDATE SKIP
    /// LOCKED`). SQLite's write transaction already keeps every other writer out.
    pub async fn lock_unless_taken(
        &self,
        tx: &mut sqlx::AnyConnection,
        table: &'static str,
        id: &str,
    ) -> Result<bool, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => Ok(true),
            Backend::Postgres => {
                let sql = format!("SELECT id FROM {table} WHERE id = $1 FOR UPDATE SKIP LOCKED");
                let locked: Option<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
                    .bind(id)
                    .fetch_optional(&mut *tx)
                    .await?;
                Ok(locked.is_some())
            }
        }
    }

    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }
}

/// Milliseconds since the Unix epoch: how every timestamp is stored (UTC by definition).
pub fn now_ms() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp_nanos() as i64 / 1_000_000
}

/// A new sortable id (UUIDv7) as the string the API calls `_id`.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().simple().to_string()
}

/// True when the error is a unique-constraint violation (SQLite gives no constraint name,
/// so callers decide which field clashed).
pub fn is_unique_violation(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(e) if e.is_unique_violation())
}

/// Milliseconds timestamp as RFC 3339 text for API responses.
pub fn to_rfc3339(ms: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp_nanos(ms as i128 * 1_000_000)
        .ok()
        .and_then(|t| t.format(&time::format_description::well_known::Rfc3339).ok())
        .unwrap_or_default()
}

/// A value bound to a `$n` placeholder of a `Sql`; `None` binds a NULL of that type.
#[derive(Clone, Debug)]
pub enum Param {
    Text(Option<String>),
    Int(Option<i64>),
    Float(Option<f64>),
    Bool(bool),
}

impl From<&str> for Param {
    fn from(value: &str) -> Self {
        Param::Text(Some(value.to_owned()))
    }
}

impl From<String> for Param {
    fn from(value: String) -> Self {
        Param::Text(Some(value))
    }
}

impl From<Option<String>> for Param {
    fn from(value: Option<String>) -> Self {
        Param::Text(value)
    }
}

impl From<i64> for Param {
    fn from(value: i64) -> Self {
        Param::Int(Some(value))
    }
}

impl From<Option<i64>> for Param {
    fn from(value: Option<i64>) -> Self {
        Param::Int(value)
    }
}

impl From<f64> for Param {
    fn from(value: f64) -> Self {
        Param::Float(Some(value))
    }
}

impl From<Option<f64>> for Param {
    fn from(value: Option<f64>) -> Self {
        Param::Float(value)
    }
}

impl From<bool> for Param {
    fn from(value: bool) -> Self {
        Param::Bool(value)
    }
}

/// A query put together from parts (optional filters, a cursor) with numbered `$n`
/// placeholders, which both backends accept; sqlx's own `QueryBuilder` writes `?` for the
/// `Any` driver, which PostgreSQL refuses. Only `param` ever carries a caller's value.
#[derive(Clone, Debug, Default)]
pub struct Sql {
    text: String,
    params: Vec<Param>,
}

impl Sql {
    pub fn new(text: &str) -> Self {
        Self { text: text.to_owned(), params: Vec::new() }
    }

    /// Appends SQL text written by us (never user input).
    pub fn push(&mut self, text: &str) -> &mut Self {
        self.text.push_str(text);
        self
    }

    /// Puts SQL text written by us before what is there (a SELECT list chosen once the
    /// conditions are written, so one set of conditions serves a count and a page).
    pub fn prepend(&mut self, text: &str) -> &mut Self {
        self.text.insert_str(0, text);
        self
    }

    /// Binds `value` and returns its placeholder, to splice into the next `push`.
    pub fn param(&mut self, value: impl Into<Param>) -> String {
        self.params.push(value.into());
        format!("${}", self.params.len())
    }

    pub fn query_as<'q, T>(&self) -> sqlx::query::QueryAs<'q, sqlx::Any, T, sqlx::any::AnyArguments>
    where
        T: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow>,
    {
        sqlx::query_as_with(sqlx::AssertSqlSafe(self.text.clone()), self.arguments())
    }

    pub fn query<'q>(&self) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments> {
        sqlx::query_with(sqlx::AssertSqlSafe(self.text.clone()), self.arguments())
    }

    fn arguments(&self) -> sqlx::any::AnyArguments {
        use sqlx::Arguments;
        let mut arguments = sqlx::any::AnyArguments::default();
        for param in &self.params {
            // Encoding these plain values into the Any driver's buffer cannot fail.
            let _ = match param {
                Param::Text(value) => arguments.add(value.clone()),
                Param::Int(value) => arguments.add(*value),
                Param::Float(value) => arguments.add(*value),
                Param::Bool(value) => arguments.add(*value),
            };
        }
        arguments
    }
}

/// Rows per INSERT statement in `insert_many`: few enough parameters for either backend
/// (SQLite allows 32766, PostgreSQL 65535) at up to 60 columns.
const ROWS_PER_INSERT: usize = 500;

/// Inserts many rows with multi-row INSERT statements (bulk seeding).
pub async fn insert_many(
    conn: &mut sqlx::AnyConnection,
    table: &str,
    columns: &[&str],
    rows: Vec<Vec<Param>>,
) -> Result<(), sqlx::Error> {
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let mut sql = Sql::new(&format!("INSERT INTO {table} ({}) VALUES ", columns.join(", ")));
        for (i, row) in chunk.iter().enumerate() {
            let placeholders: Vec<String> =
                row.iter().map(|value| sql.param(value.clone())).collect();
            sql.push(&format!("{}({})", if i == 0 { "" } else { ", " }, placeholders.join(", ")));
        }
        sql.query().execute(&mut *conn).await?;
    }
    Ok(())
}
