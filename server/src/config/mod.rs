//! Configuration from `YATRA_*` environment variables, typed and checked at start-up.
//!
//! Settings are grouped by concern as the variables and `docs/configuration.md` group
//! them, one file each: `config.server`, `config.database`, `config.media`,
//! `config.auth`, `config.payments`, `config.earnings`, `config.trips`, `config.email`
//! and `config.assistant`. `read.rs` holds the readers they share. `YATRA_DATA_DIR`
//! belongs to no group: it is where the SQLite file, the media folder, the email outbox
//! folder and the generated signing secret go by default, so it is read here and handed
//! to the groups that default into it.

mod assistant;
mod auth;
mod database;
mod earnings;
mod email;
mod media;
mod payments;
mod read;
mod secret;
mod server;
mod trips;

use std::path::PathBuf;

use anyhow::Context;

pub use assistant::AssistantConfig;
pub use auth::AuthConfig;
pub use database::DatabaseConfig;
pub use earnings::{DEFAULT_COMMISSION_PERCENT, EarningsConfig};
pub use email::{EmailConfig, SmtpUrl};
pub use media::{MediaConfig, S3Config};
pub use payments::{
    EsewaConfig, KhaltiConfig, PaymentMode, PaymentsConfig, StripeConfig, WalletMode,
};
pub use secret::Secret;
pub use server::ServerConfig;
pub use trips::TripsConfig;

#[derive(Clone, Debug)]
pub struct Config {
    /// Address, public URL, the built client, CORS, proxy, time and rate limits, metrics.
    pub server: ServerConfig,
    /// The database URL and the pool size.
    pub database: DatabaseConfig,
    /// The media folder, or an S3 bucket.
    pub media: MediaConfig,
    /// The token signing secret.
    pub auth: AuthConfig,
    /// Stripe, the sandbox, Khalti and eSewa, and the wallets' rupee rate.
    pub payments: PaymentsConfig,
    /// The platform's commission and how long earnings are held.
    pub earnings: EarningsConfig,
    /// How long requests and approved bookings wait; the sweep's and refunds' timing.
    pub trips: TripsConfig,
    /// SMTP or the outbox folder, the sender, the worker's poll.
    pub email: EmailConfig,
    /// Tourist Buddy's answers from a model (`YATRA_ASSISTANT_URL` and
    /// `YATRA_ASSISTANT_MODEL`); `None` answers with the embedded Buddy.
    pub assistant: Option<AssistantConfig>,
}

impl Config {
    /// Reads the environment. Creates the data dir and, when no secret is given, the
    /// generated signing secret inside it, so restarts keep sessions.
    pub fn from_env() -> anyhow::Result<Self> {
        Self::from_lookup(|name| std::env::var(name).ok().filter(|v| !v.trim().is_empty()))
    }

    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let server = ServerConfig::from_lookup(&get)?;

        let data_dir = PathBuf::from(get("YATRA_DATA_DIR").unwrap_or_else(|| "./data".into()));
        std::fs::create_dir_all(&data_dir)
            .with_context(|| format!("YATRA_DATA_DIR {} cannot be created", data_dir.display()))?;

        Ok(Self {
            server,
            database: DatabaseConfig::from_lookup(&get, &data_dir)?,
            media: MediaConfig::from_lookup(&get, &data_dir)?,
            auth: AuthConfig::from_lookup(&get, &data_dir)?,
            payments: PaymentsConfig::from_lookup(&get)?,
            earnings: EarningsConfig::from_lookup(&get)?,
            trips: TripsConfig::from_lookup(&get)?,
            email: EmailConfig::from_lookup(&get, &data_dir)?,
            assistant: AssistantConfig::from_lookup(&get)?,
        })
    }
}

/// `Config::from_lookup` with a data dir in `dir`, a signing secret and `vars`.
#[cfg(test)]
fn config_with(dir: &std::path::Path, vars: &[(&str, &str)]) -> anyhow::Result<Config> {
    let data_dir = dir.display().to_string();
    Config::from_lookup(|var| match var {
        "YATRA_DATA_DIR" => Some(data_dir.clone()),
        "YATRA_JWT_SECRET" => Some("x".repeat(40)),
        v => vars.iter().find(|(name, _)| *name == v).map(|(_, value)| (*value).to_owned()),
    })
}
