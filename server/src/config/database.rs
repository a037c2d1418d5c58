//! Which database to open, and how many connections this server may hold.

use std::path::Path;

use anyhow::bail;

use crate::db::redact_url;

#[derive(Clone)]
pub struct DatabaseConfig {
    /// `sqlite://<path>?...` or `postgres://...` (`YATRA_DATABASE_URL`, default SQLite at
    /// `<data dir>/yatra.db`); the scheme picks the backend.
    pub url: String,
    /// Database connections this server may hold at once (`YATRA_DB_MAX_CONNECTIONS`;
    /// default 8 on SQLite, 16 on PostgreSQL). Every replica holds its own pool, plus one
    /// connection listening for other replicas' announcements on PostgreSQL.
    pub max_connections: u32,
}

/// The URL's password never reaches a log, as `SmtpUrl`'s does not.
impl std::fmt::Debug for DatabaseConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DatabaseConfig")
            .field("url", &redact_url(&self.url))
            .field("max_connections", &self.max_connections)
            .finish()
    }
}

/// The most `YATRA_DB_MAX_CONNECTIONS` may ask for: PostgreSQL's own default
/// `max_connections` is 100, and a single process gains nothing from more than this.
const MAX_CONNECTIONS_LIMIT: u32 = 500;

impl DatabaseConfig {
    pub(super) fn from_lookup(
        get: &impl Fn(&str) -> Option<String>,
        data_dir: &Path,
    ) -> anyhow::Result<Self> {
        let url = match get("YATRA_DATABASE_URL") {
            None => format!("sqlite://{}?mode=rwc", data_dir.join("yatra.db").display()),
            Some(url) if url.starts_with("sqlite:") => {
                if url.contains('?') {
                    url
                } else {
                    format!("{url}?mode=rwc")
                }
            }
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => url,
            Some(url) => bail!(
                "YATRA_DATABASE_URL {:?} is not supported (use sqlite://<path> or postgres://...)",
                redact_url(&url)
            ),
        };
        let max_connections = match get("YATRA_DB_MAX_CONNECTIONS") {
            None => crate::db::default_max_connections(&url),
            Some(text) => match text.trim().parse::<u32>() {
                Ok(n @ 1..=MAX_CONNECTIONS_LIMIT) => n,
                _ => bail!(
                    "YATRA_DB_MAX_CONNECTIONS {text:?} must be a whole number of connections from 1 to {MAX_CONNECTIONS_LIMIT}"
                ),
            },
        };
        Ok(Self { url, max_connections })
    }
}

#[cfg(test)]
mod tests {
    use crate::config::config_with;

    #[test]
    fn the_pool_size_defaults_per_database_and_is_set_per_replica() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(config_with(dir.path(), &[]).unwrap().database.max_connections, 8);
        let postgres = [("YATRA_DATABASE_URL", "postgres://yatra@db.internal/yatra")];
        assert_eq!(config_with(dir.path(), &postgres).unwrap().database.max_connections, 16);
        let sized =
            config_with(dir.path(), &[postgres[0], ("YATRA_DB_MAX_CONNECTIONS", " 30 ")]).unwrap();
        assert_eq!(sized.database.max_connections, 30);
        for bad in ["0", "-1", "501", "ten", "", "1.5"] {
            let error = config_with(dir.path(), &[("YATRA_DB_MAX_CONNECTIONS", bad)])
                .unwrap_err()
                .to_string();
            assert!(
                error.starts_with(&format!(
                    "YATRA_DB_MAX_CONNECTIONS {bad:?} must be a whole number"
                )),
                "{error}"
            );
            assert!(!error.contains('\n'), "one line: {error}");
        }
    }

    #[test]
    fn the_database_password_stays_out_of_debug_output() {
        let dir = tempfile::tempdir().unwrap();
        let url = [("YATRA_DATABASE_URL", "postgres://yatra:hunter2@db.internal/yatra")];
        let shown = format!("{:?}", config_with(dir.path(), &url).unwrap());
        assert!(!shown.contains("hunter2"), "{shown}");
        assert!(shown.contains("postgres://***@db.internal/yatra"), "{shown}");
    }
}
