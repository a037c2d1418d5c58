//! Telling open pages that someone's notifications or messages changed. Each replica
//! keeps a local broadcast of `Announcement`s that its live streams listen to. With PostgreSQL, an
//! announcement goes through `pg_notify` and every replica's listener (this one too)
//! feeds its local broadcast, so several replicas behind a load balancer all hear it;
//! with SQLite there is only one process, and the announcement goes straight in.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::{broadcast, watch};

use crate::db::{Backend, Db};

const CHANNEL: &str = "yatra_notifications";
/// Announcements a slow stream may fall behind by before it just re-reads its count.
const BACKLOG: usize = 1024;

#[derive(Clone, Debug)]
pub struct NotificationHub {
    local: broadcast::Sender<Announcement>,
    /// Set when the server shuts down: open streams end, so graceful shutdown is not
    /// held up by pages that would keep them open for ever.
    closing: Arc<watch::Sender<bool>>,
}

/// What changed for whom. A message is announced by ids (a `pg_notify` payload holds
/// under 8 kB, less than a long message), and each stream reads it from the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Announcement {
    /// The user's notifications changed.
    Notifications { user_id: String },
    /// A message arrived in one of the user's conversations (sent by either party).
    Message { user_id: String, conversation_id: String, message_id: String },
    /// The user read a conversation: their unread-messages count changed.
    MessagesRead { user_id: String },
    /// Something the public catalogue shows changed: kept answers are stale (`catalogue`).
    CatalogueChanged,
}

impl Announcement {
    /// Whose live stream this concerns; `None` for changes that are no one's in particular.
    pub fn user_id(&self) -> Option<&str> {
        match self {
            Self::Notifications { user_id }
            | Self::Message { user_id, .. }
            | Self::MessagesRead { user_id } => Some(user_id),
            Self::CatalogueChanged => None,
        }
    }

    /// The `pg_notify` payload. A bare user id is a notifications change, as before
    /// messages existed; ids never hold a colon.
    fn encode(&self) -> String {
        match self {
            Self::Notifications { user_id } => user_id.clone(),
            Self::Message { user_id, conversation_id, message_id } => {
                format!("message:{user_id}:{conversation_id}:{message_id}")
            }
            Self::MessagesRead { user_id } => format!("read:{user_id}"),
            Self::CatalogueChanged => "catalogue:changed".into(),
        }
    }

    fn decode(payload: &str) -> Option<Self> {
        let parts: Vec<&str> = payload.split(':').collect();
        match parts.as_slice() {
            [user_id] => Some(Self::Notifications { user_id: (*user_id).to_owned() }),
            ["message", user_id, conversation_id, message_id] => Some(Self::Message {
                user_id: (*user_id).to_owned(),
                conversation_id: (*conversation_id).to_owned(),
                message_id: (*message_id).to_owned(),
            }),
            ["read", user_id] => Some(Self::MessagesRead { user_id: (*user_id).to_owned() }),
            ["catalogue", "changed"] => Some(Self::CatalogueChanged),
            _ => None,
        }
    }
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
        Self { local, closing: Arc::new(watch::channel(false).0) }
    }

    /// Ends every live stream of this replica (their pages reconnect elsewhere).
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// Resolves once `close` has been called.
    pub fn closed(&self) -> impl Future<Output = ()> + Send + use<> {
        let mut closing = self.closing.subscribe();
        async move {
            // An error means the hub itself is gone, which is also the end.
            let _ = closing.wait_for(|closed| *closed).await;
        }
    }

    /// A receiver of every replica's announcements.
    pub fn subscribe(&self) -> broadcast::Receiver<Announcement> {
        self.local.subscribe()
    }

    /// Tells every replica these users' notifications changed. Called after the change is
    /// committed; a failure only delays the live count until the page's next reload.
    pub async fn announce(&self, db: &Db, user_ids: &[&str]) {
        let announcements: Vec<Announcement> = user_ids
            .iter()
            .map(|user_id| Announcement::Notifications { user_id: (*user_id).to_owned() })
            .collect();
        self.announce_all(db, announcements).await;
    }

    /// Tells every replica about these changes, after they are committed; a failure only
    /// delays the live update until the page's next reload.
    pub async fn announce_all(&self, db: &Db, announcements: Vec<Announcement>) {
        for announcement in announcements {
            match db.backend {
                Backend::Sqlite => {
                    let _ = self.local.send(announcement);
                }
                Backend::Postgres => {
                    let sent = sqlx::query("SELECT pg_notify($1, $2)")
                        .bind(CHANNEL)
                        .bind(announcement.encode())
                        .execute(&db.pool)
                        .await;
                    if let Err(e) = sent {
                        tracing::warn!(error = %e, "could not announce a change");
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
async fn listen(
    database_url: String,
    mut listener: Option<PgListener>,
    local: broadcast::Sender<Announcement>,
) {
    loop {
        if let Some(active) = listener.as_mut() {
            match active.recv().await {
                Ok(message) => {
                    match Announcement::decode(message.payload()) {
                        Some(announcement) => {
                            let _ = local.send(announcement);
                        }
                        None => tracing::warn!(
                            payload = message.payload(),
                            "ignored an unknown announcement"
                        ),
                    }
                    continue;
                }
                Err(e) => tracing::warn!(error = %e, "notification listener lost its connection"),
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
        listener = connect(&database_url).await;
        if listener.is_some() {
            // Changes announced while this replica was not listening are lost: assume one.
            let _ = local.send(Announcement::CatalogueChanged);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Announcement;

    #[test]
    fn every_announcement_survives_the_trip_through_pg_notify() {
        let all = [
            Announcement::Notifications { user_id: "u1".into() },
            Announcement::Message {
                user_id: "u1".into(),
                conversation_id: "c1".into(),
                message_id: "m1".into(),
            },
            Announcement::MessagesRead { user_id: "u1".into() },
            Announcement::CatalogueChanged,
        ];
        for announcement in all {
            assert_eq!(Announcement::decode(&announcement.encode()), Some(announcement));
        }
        assert_eq!(Announcement::decode("message:u1"), None);
    }
}
