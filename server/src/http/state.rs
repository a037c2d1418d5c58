//! What every handler can reach: the database, the settings and the long-lived services,
//! built once at start (`app::Application::build`) and cloned cheaply into each request.

use crate::search_index::SearchIndex;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::FromRef;
use tokio::sync::{Notify, Semaphore};

use crate::catalogue::{CatalogueCache, CatalogueState};
use crate::hub::NotificationHub;
use crate::media_store::MediaStore;
use crate::providers::esewa::EsewaStatusApi;
use crate::providers::khalti::Khalti;
use crate::providers::language_model::LanguageModel;
use crate::providers::stripe::Stripe;

use super::tokens::TokenKeys;
use crate::config::Config;
use crate::db::Db;

/// JSON bodies larger than this get 413 (upload routes set their own, larger limit).
pub const JSON_BODY_LIMIT: usize = 1024 * 1024;

/// Cloned for every request, and by each middleware a request passes: one reference
/// count, where cloning the services one by one (the token keys' bytes, the providers'
/// settings) cost a tenth of a kept answer's time.
#[derive(Clone)]
pub struct AppState(Arc<Services>);

impl AppState {
    pub fn new(services: Services) -> Self {
        Self(Arc::new(services))
    }
}

impl std::ops::Deref for AppState {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.0
    }
}

pub struct Services {
    pub db: Db,
    pub config: Arc<Config>,
    pub tokens: TokenKeys,
    pub media: MediaStore,
    pub notifications: NotificationHub,
    /// Card payments through Stripe, when configured (see `PaymentsConfig::card_mode`).
    pub stripe: Option<Stripe>,
    /// Khalti's API, when `YATRA_KHALTI_SECRET_KEY` is set.
    pub khalti: Option<Khalti>,
    /// eSewa's status API, when eSewa is configured.
    pub esewa: Option<EsewaStatusApi>,
    pub list_counts: ListCounts,
    pub upload_places: UploadPlaces,
    /// Wakes the trip sweep (expiry, completion, refunds) before its next tick.
    pub trips: TripSweep,
    /// The public catalogue's answers, kept until something they show changes.
    pub catalogue: CatalogueCache,
    /// Tourist Buddy's model, when one is configured.
    pub buddy: Option<LanguageModel>,
    /// The guide search of this replica, in memory, unless `YATRA_SEARCH_INDEX=false`.
    pub search: Option<SearchIndex>,
}

/// A handle to wake the trip sweep (`bookings::sweep`) before its next tick.
#[derive(Clone, Default)]
pub struct TripSweep {
    wake: Arc<Notify>,
}

impl TripSweep {
    /// Run the sweep now rather than at its next tick (e.g. a refund was just written).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Resolves when someone wakes the sweep.
    pub async fn woken(&self) {
        self.wake.notified().await
    }
}

/// How many verified guides each list has (`guides::list_counts`), by category.
pub type ListCounts = Remembered<Option<&'static str>, i64>;

/// Values remembered for a few seconds, for figures that cost more to work out than a
/// little staleness costs; nothing that matters lives here.
#[derive(Clone, Debug)]
pub struct Remembered<K, V> {
    kept: Arc<Mutex<HashMap<K, (Instant, V)>>>,
}

impl<K, V> Default for Remembered<K, V> {
    fn default() -> Self {
        Self { kept: Arc::default() }
    }
}

impl<K: Eq + Hash, V: Copy> Remembered<K, V> {
    /// The value kept for `key`, if it was kept less than `fresh_for` ago.
    pub fn get(&self, key: &K, fresh_for: Duration) -> Option<V> {
        let kept = self.kept.lock().ok()?;
        kept.get(key).filter(|(at, _)| at.elapsed() < fresh_for).map(|(_, value)| *value)
    }

    pub fn put(&self, key: K, value: V) {
        if let Ok(mut kept) = self.kept.lock() {
            kept.insert(key, (Instant::now(), value));
        }
    }
}

impl FromRef<AppState> for CatalogueState {
    fn from_ref(state: &AppState) -> Self {
        CatalogueState {
            cache: state.catalogue.clone(),
            enabled: state.config.server.catalogue_cache,
            hub: state.notifications.clone(),
            db: state.db.clone(),
            search: state.search.clone(),
        }
    }
}

/// Uploads in progress at once on one server: each may buffer up to 8 MB of body.
pub const CONCURRENT_UPLOADS: usize = 16;

/// This server's upload places (`admission`).
#[derive(Clone)]
pub struct UploadPlaces(pub Arc<Semaphore>);

impl Default for UploadPlaces {
    fn default() -> Self {
        Self(Arc::new(Semaphore::new(CONCURRENT_UPLOADS)))
    }
}
