//! Telling open pages that someone's notifications changed. Each replica keeps a local
//! broadcast of user ids that its live streams listen to. With PostgreSQL, an
//! announcement goes through `pg_notify` and every replica's listener (this one too)
//! feeds its local broadcast, so several replicas behind a load balancer all hear it;
//! with SQLite there is only one process, and the announcement goes straight in.

use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::broadcast;

use crate::db::{Backend, Db};

const CHANNEL: &str = "yatra_notifications";
/// Announcements a slow stream may fall behind by before it just re-reads its count.
const BACKLOG: usize = 1024;

#[derive(Clone, Debug)]
pub struct NotificationHub {
    local: broadcast::Sender<String>,
}

impl NotificationHub {
    /// The hub of this replica; with PostgreSQL it listens to every replica, and is
    /// listening before it returns, so nothing announced after start-up is missed.
    pub async fn start(db: &Db, database_url: &str) -> Self {
        let (local, _) = broadcast::channel(BACKLOG);
        if db.backend == Backend::Postgres {
            let first = connect(database_url).await;
            tokio::spawn(listen(database_url.to_owned(), first, local.clone()));
        }
        Self { local }
    }

    /// A receiver of user ids whose notifications changed.
    pub fn subscribe(&self) -> broadcast::Receiver<String> {
        self.local.subscribe()
    }

    /// Tells every replica these users' notifications changed. Called after the change is
    /// committed; a failure only delays the live count until the page's next reload.
    pub async fn announce(&self, db: &Db, user_ids: &[&str]) {
        for user_id in user_ids {
            match db.backend {
                Backend::Sqlite => {
                    let _ = self.local.send((*user_id).to_owned());
                }
                Backend::Postgres => {
                    let sent = sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(*user_id).execute(&db.pool).await;
                    if let Err(e) = sent {
                        tracing::warn!(error = %e, "could not announce a notification");
                    }
                }
            }
        }
    }
}

/// A connection listening on the channel, or `None` (logged) when it cannot be made.
async fn connect(database_url: &str) -> Option<PgListener> {
    let mut listener = match PgListener::connect(database_url).await {
        Ok(listener) => listener,
        Err(e) => {
            tracing::warn!(error = %e, "cannot connect the notification listener");
            return None;
        }
    };
    match listener.listen(CHANNEL).await {
        Ok(()) => Some(listener),
        Err(e) => {
            tracing::warn!(error = %e, "cannot listen for notifications");
            None
        }
    }
}

/// Forwards `pg_notify` announcements into the local broadcast, reconnecting after errors.
async fn listen(database_url: String, mut listener: Option<PgListener>, local: broadcast::Sender<String>) {
    loop {
        if let Some(active) = listener.as_mut() {
            match active.recv().await {
                Ok(message) => {
                    let _ = local.send(message.payload().to_owned());
                    continue;
                }
                Err(e) => tracing::warn!(error = %e, "notification listener lost its connection"),
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
        listener = connect(&database_url).await;
    }
}
