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
    /// The hub of this replica; with PostgreSQL it starts listening to the other replicas.
    pub fn start(db: &Db, database_url: &str) -> Self {
        let (local, _) = broadcast::channel(BACKLOG);
        if db.backend == Backend::Postgres {
            tokio::spawn(listen(database_url.to_owned(), local.clone()));
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

/// Forwards `pg_notify` announcements into the local broadcast, reconnecting after errors.
async fn listen(database_url: String, local: broadcast::Sender<String>) {
    loop {
        match PgListener::connect(&database_url).await {
            Ok(mut listener) => match listener.listen(CHANNEL).await {
                Ok(()) => loop {
                    match listener.recv().await {
                        Ok(message) => {
                            let _ = local.send(message.payload().to_owned());
                        }
                        Err(e) => {
                            tracing::warn!(error = %e, "notification listener lost its connection");
                            break;
                        }
                    }
                },
                Err(e) => tracing::warn!(error = %e, "cannot listen for notifications"),
            },
            Err(e) => tracing::warn!(error = %e, "cannot connect the notification listener"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
