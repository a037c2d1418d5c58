//! Configuration from `YATRA_*` environment variables, typed and checked at start-up.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, bail};

use crate::db::redact_url;

#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    pub database_url: String,
    pub media_dir: PathBuf,
    pub web_dir: PathBuf,
    pub jwt_secret: Secret,
    pub public_url: String,
    pub cors_origins: Vec<String>,
    /// Take the caller's address from the right-most `X-Forwarded-For` entry, the one
    /// our own proxy appended (only behind a proxy you run).
    pub trust_proxy: bool,
    /// Sign-in and rate limits (`YATRA_RATE_LIMITS=false` only for load benchmarks).
    pub rate_limits: bool,
    /// Media in an S3-compatible bucket instead of `media_dir` (when `YATRA_S3_BUCKET` is set).
    pub s3: Option<S3Config>,
    /// Card payments through Stripe (always with its webhook secret).
    pub stripe: Option<StripeConfig>,
    /// Signs Stripe's webhook events (`whsec_...`); required with a Stripe key.
    pub stripe_webhook_secret: Option<Secret>,
    /// Khalti ePayment (KPG-2), when `YATRA_KHALTI_SECRET_KEY` is set.
    pub khalti: Option<KhaltiConfig>,
    /// eSewa ePay v2, when its product code and secret key are set.
    pub esewa: Option<EsewaConfig>,
    /// Rupees per US dollar for wallet payments (`YATRA_NPR_PER_USD`); required with a
    /// wallet. Without it, the sandbox offers no wallet checkouts.
    pub npr_per_usd: Option<f64>,
    /// Email delivery: the SMTP server, or `None` to write `.eml` files under `<data dir>/outbox/`.
    pub smtp_url: Option<SmtpUrl>,
    /// The sender of every email (`YATRA_MAIL_FROM`), e.g. `Yatra <no-reply@yatra.np>`.
    pub mail_from: String,
    /// How often the email worker looks for due emails; also the first retry's delay.
    pub email_poll: std::time::Duration,
    /// The built-in sandbox checkout (`YATRA_PAYMENTS_SANDBOX=true`): bookings are marked
    /// paid without money moving, so it must be asked for, never a fallback.
    pub payments_sandbox: bool,
    /// A request still running after this is answered 503; for uploads the clock starts
    /// once the body has arrived (`YATRA_REQUEST_TIMEOUT_SECS`, default 30).
    pub request_timeout: Duration,
    /// An upload whose body stops arriving for this long is answered 408
    /// (`YATRA_UPLOAD_STALL_SECS`, default 10).
    pub upload_stall_timeout: Duration,
    /// `GET /metrics` in Prometheus text format (`YATRA_METRICS`, default true).
    pub metrics: bool,
    /// Keep the public catalogue's answers in memory until something they show changes
    /// (`YATRA_CATALOGUE_CACHE`, default true; see `catalogue`).
    pub catalogue_cache: bool,
    /// How long a booking request waits for the guide (`YATRA_REQUEST_TTL`, default 48h).
    pub request_ttl: Duration,
    /// How long an approved booking waits for payment (`YATRA_PAYMENT_WINDOW`, default 24h).
    pub payment_window: Duration,
    /// How often the trip sweep runs (`YATRA_SWEEP_EVERY`, default 60s).
    pub sweep_every: Duration,
    /// The first wait before a failed refund is tried again; doubled each time
    /// (`YATRA_REFUND_RETRY`, default 30s).
    pub refund_retry: Duration,
    /// The platform's share of each payment, in whole percent (`YATRA_COMMISSION_PERCENT`,
    /// default 15); the guide is credited the rest.
    pub commission_percent: i64,
    /// How long after a trip ends its earnings stay pending before they can be paid out
    /// (`YATRA_EARNINGS_HOLD`, default 3d): time for a traveller to report a problem.
    pub earnings_hold: Duration,
    /// Database connections this server may hold at once (`YATRA_DB_MAX_CONNECTIONS`;
    /// default 8 on SQLite, 16 on PostgreSQL). Every replica holds its own pool, plus one
    /// connection listening for other replicas' announcements on PostgreSQL.
    pub db_max_connections: u32,
    /// Tourist Buddy's answers from a model (`YATRA_ASSISTANT_URL` and
    /// `YATRA_ASSISTANT_MODEL`); `None` answers with the embedded Buddy.
    pub assistant: Option<AssistantConfig>,
}

/// An OpenAI-compatible chat completions endpoint and the model to ask there.
#[derive(Clone, Debug)]
pub struct AssistantConfig {
    /// The endpoint itself, e.g. `http://127.0.0.1:8000/v1/chat/completions`.
    pub url: String,
    pub model: String,
    /// Sent as `Authorization: Bearer <key>` (`YATRA_ASSISTANT_KEY`), when set.
    pub key: Option<Secret>,
    /// How long a whole answer (every tool round) may take before the embedded one is
    /// given instead (`YATRA_ASSISTANT_TIMEOUT_SECS`, default 15).
    pub timeout: Duration,
}

/// `YATRA_SMTP_URL` as given (it may hold a password, so it never reaches the logs).
#[derive(Clone)]
pub struct SmtpUrl(pub String);

impl std::fmt::Debug for SmtpUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SmtpUrl({})", redact_url(&self.0))
    }
}

/// `YATRA_COMMISSION_PERCENT` when not set (and what the demo data is credited at).
pub const DEFAULT_COMMISSION_PERCENT: i64 = 15;

/// How card payments are taken, as logged at start-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaymentMode {
    Stripe,
    Sandbox,
    /// Starting a checkout answers 503.
    None,
}

impl PaymentMode {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Stripe => "stripe",
            Self::Sandbox => "sandbox",
            Self::None => "none",
        }
    }
}

/// Stripe's API: the secret key and where to reach it (tests point it at a fake).
#[derive(Clone, Debug)]
pub struct StripeConfig {
    pub secret_key: Secret,
    /// `https://api.stripe.com` unless `YATRA_STRIPE_API_BASE` says otherwise.
    pub api_base: String,
}

/// How a wallet (Khalti, eSewa) is offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalletMode {
    /// Through the wallet's own API.
    Live,
    /// The built-in test checkout: no money moves.
    Sandbox,
    /// Not offered.
    None,
}

/// Khalti's ePayment API (KPG-2).
#[derive(Clone, Debug)]
pub struct KhaltiConfig {
    pub secret_key: Secret,
    /// `https://khalti.com/api/v2` unless `YATRA_KHALTI_API_BASE` says otherwise.
    pub api_base: String,
}

/// eSewa's ePay v2: the merchant's product code, the HMAC key, and its two addresses.
#[derive(Clone, Debug)]
pub struct EsewaConfig {
    pub product_code: String,
    pub secret_key: Secret,
    /// Where the browser posts the signed form.
    pub form_url: String,
    /// The transaction status API.
    pub status_url: String,
}

/// Where uploaded media lives when it is not the local folder.
#[derive(Clone, Debug)]
pub struct S3Config {
    pub bucket: String,
    /// A non-AWS endpoint (MinIO, Garage, moto...); `None` means AWS itself.
    pub endpoint: Option<String>,
    pub region: String,
    /// Both set, or neither (then the instance's own credentials are used).
    pub credentials: Option<(String, Secret)>,
    /// Plain-HTTP endpoints are allowed only when the endpoint says `http://`.
    pub allow_http: bool,
}

/// A secret that never appears in logs or debug output.
#[derive(Clone)]
pub struct Secret(pub Vec<u8>);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

impl Config {
    /// Reads the environment. Creates the data dir and, when no secret is given, the
    /// generated signing secret inside it, so restarts keep sessions.
    pub fn from_env() -> anyhow::Result<Self> {
        Self::from_lookup(|name| std::env::var(name).ok().filter(|v| !v.trim().is_empty()))
    }

    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let addr_text = get("YATRA_ADDR").unwrap_or_else(|| "127.0.0.1:8080".into());
        let addr: SocketAddr = addr_text.trim().parse().map_err(|_| {
            anyhow::anyhow!("YATRA_ADDR {addr_text:?} is not a valid address (expected host:port, e.g. 127.0.0.1:8080)")
        })?;

        let data_dir = PathBuf::from(get("YATRA_DATA_DIR").unwrap_or_else(|| "./data".into()));
        std::fs::create_dir_all(&data_dir)
            .with_context(|| format!("YATRA_DATA_DIR {} cannot be created", data_dir.display()))?;

        let database_url = match get("YATRA_DATABASE_URL") {
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

        let media_dir =
            get("YATRA_MEDIA_DIR").map(PathBuf::from).unwrap_or_else(|| data_dir.join("media"));
        std::fs::create_dir_all(&media_dir).with_context(|| {
            format!("YATRA_MEDIA_DIR {} cannot be created", media_dir.display())
        })?;

        let web_dir = PathBuf::from(get("YATRA_WEB_DIR").unwrap_or_else(|| "web/dist".into()));

        let jwt_secret = match get("YATRA_JWT_SECRET") {
            Some(secret) if secret.len() < 32 => {
                bail!("YATRA_JWT_SECRET is too short (at least 32 characters)")
            }
            Some(secret) => Secret(secret.into_bytes()),
            None => Secret(load_or_create_secret(&data_dir.join("jwt-secret"))?),
        };

        let public_url = get("YATRA_PUBLIC_URL").unwrap_or_else(|| format!("http://{addr}"));
        if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
            bail!("YATRA_PUBLIC_URL {public_url:?} must start with http:// or https://");
        }
        let public_url = public_url.trim_end_matches('/').to_owned();

        let cors_origins: Vec<String> = get("YATRA_CORS_ORIGINS")
            .map(|list| {
                list.split(',')
                    .map(|o| o.trim().trim_end_matches('/').to_owned())
                    .filter(|o| !o.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        for origin in &cors_origins {
            if origin != "*" && origin.parse::<axum::http::HeaderValue>().is_err() {
                bail!("YATRA_CORS_ORIGINS has an invalid origin {origin:?}");
            }
        }

        let trust_proxy = flag(&get, "YATRA_TRUST_PROXY", false)?;

        let rate_limits = match get("YATRA_RATE_LIMITS").as_deref() {
            None | Some("1") | Some("true") => true,
            Some("0") | Some("false") => false,
            Some(other) => bail!("YATRA_RATE_LIMITS {other:?} must be true or false"),
        };

        let s3 = s3_from_lookup(&get)?;

        let api_base =
            get("YATRA_STRIPE_API_BASE").unwrap_or_else(|| "https://api.stripe.com".into());
        let api_base = api_base.trim().trim_end_matches('/').to_owned();
        if !(api_base.starts_with("http://") || api_base.starts_with("https://")) {
            bail!("YATRA_STRIPE_API_BASE {api_base:?} must start with http:// or https://");
        }
        let stripe = get("YATRA_STRIPE_SECRET_KEY").map(|key| StripeConfig {
            secret_key: Secret(key.trim().as_bytes().to_vec()),
            api_base,
        });
        let stripe_webhook_secret = get("YATRA_STRIPE_WEBHOOK_SECRET")
            .map(|secret| Secret(secret.trim().as_bytes().to_vec()));
        // Without the webhook a payment is confirmed only if the payer's browser comes
        // back to /success: a server must not start half set up.
        if stripe.is_some() && stripe_webhook_secret.is_none() {
            bail!(
                "YATRA_STRIPE_WEBHOOK_SECRET must be set when YATRA_STRIPE_SECRET_KEY is (Stripe confirms payments through the webhook)"
            );
        }
        let payments_sandbox = flag(&get, "YATRA_PAYMENTS_SANDBOX", false)?;
        let (khalti, esewa, npr_per_usd) = wallets_from_lookup(&get)?;
        let request_timeout = seconds(&get, "YATRA_REQUEST_TIMEOUT_SECS", 30)?;
        let upload_stall_timeout = seconds(&get, "YATRA_UPLOAD_STALL_SECS", 10)?;
        let metrics = flag(&get, "YATRA_METRICS", true)?;
        let catalogue_cache = flag(&get, "YATRA_CATALOGUE_CACHE", true)?;

        let smtp_url = get("YATRA_SMTP_URL").map(|url| url.trim().to_owned());
        if let Some(url) = &smtp_url {
            check_smtp_url(url).map_err(|e| {
                anyhow::anyhow!("YATRA_SMTP_URL {:?} is not usable: {e}", redact_url(url))
            })?;
        }
        let mail_from = get("YATRA_MAIL_FROM")
            .map(|from| from.trim().to_owned())
            .unwrap_or_else(|| "Yatra <no-reply@yatra.local>".into());
        if mail_from.parse::<lettre::message::Mailbox>().is_err() {
            bail!(
                "YATRA_MAIL_FROM {mail_from:?} is not an email address (e.g. Yatra <no-reply@yatra.np>)"
            );
        }
        let email_poll = match get("YATRA_EMAIL_POLL_MS") {
            None => std::time::Duration::from_secs(2),
            Some(text) => match text.trim().parse::<u64>() {
                Ok(ms) if (10..=600_000).contains(&ms) => std::time::Duration::from_millis(ms),
                _ => bail!(
                    "YATRA_EMAIL_POLL_MS {text:?} must be a number of milliseconds from 10 to 600000"
                ),
            },
        };

        let db_max_connections = db_max_connections(&get, &database_url)?;
        let assistant = assistant_from_lookup(&get)?;

        Ok(Self {
            addr,
            data_dir,
            database_url,
            db_max_connections,
            media_dir,
            web_dir,
            jwt_secret,
            public_url,
            cors_origins,
            trust_proxy,
            rate_limits,
            s3,
            stripe,
            stripe_webhook_secret,
            khalti,
            esewa,
            npr_per_usd,
            smtp_url: smtp_url.map(SmtpUrl),
            mail_from,
            email_poll,
            payments_sandbox,
            request_timeout,
            upload_stall_timeout,
            metrics,
            catalogue_cache,
            request_ttl: duration_from_lookup(&get, "YATRA_REQUEST_TTL", "48h")?,
            payment_window: duration_from_lookup(&get, "YATRA_PAYMENT_WINDOW", "24h")?,
            sweep_every: duration_from_lookup(&get, "YATRA_SWEEP_EVERY", "60s")?,
            refund_retry: duration_from_lookup(&get, "YATRA_REFUND_RETRY", "30s")?,
            commission_percent: percent(
                &get,
                "YATRA_COMMISSION_PERCENT",
                DEFAULT_COMMISSION_PERCENT,
            )?,
            earnings_hold: duration_from_lookup(&get, "YATRA_EARNINGS_HOLD", "3d")?,
            assistant,
        })
    }

    /// Stripe when a key is set (it wins over the sandbox), else the sandbox if asked for.
    pub fn payment_mode(&self) -> PaymentMode {
        match (&self.stripe, self.payments_sandbox) {
            (Some(_), _) => PaymentMode::Stripe,
            (None, true) => PaymentMode::Sandbox,
            (None, false) => PaymentMode::None,
        }
    }

    /// Khalti through its API when a key is set, else the sandbox's (with a rate), else none.
    pub fn khalti_mode(&self) -> WalletMode {
        self.wallet_mode(self.khalti.is_some())
    }

    /// eSewa through its API when configured, else the sandbox's (with a rate), else none.
    pub fn esewa_mode(&self) -> WalletMode {
        self.wallet_mode(self.esewa.is_some())
    }

    fn wallet_mode(&self, configured: bool) -> WalletMode {
        if configured {
            WalletMode::Live
        } else if self.payments_sandbox && self.npr_per_usd.is_some() {
            WalletMode::Sandbox
        } else {
            WalletMode::None
        }
    }
}

type Wallets = (Option<KhaltiConfig>, Option<EsewaConfig>, Option<f64>);

fn http_url(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: &str,
) -> anyhow::Result<String> {
    let url = get(name).unwrap_or_else(|| default.into()).trim().trim_end_matches('/').to_owned();
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        bail!("{name} {url:?} must start with http:// or https://");
    }
    Ok(url)
}

fn wallets_from_lookup(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<Wallets> {
    let khalti_base = http_url(get, "YATRA_KHALTI_API_BASE", "https://khalti.com/api/v2")?;
    let khalti = get("YATRA_KHALTI_SECRET_KEY").map(|key| KhaltiConfig {
        secret_key: Secret(key.trim().as_bytes().to_vec()),
        api_base: khalti_base,
    });
    let form_url =
        http_url(get, "YATRA_ESEWA_FORM_URL", "https://epay.esewa.com.np/api/epay/main/v2/form")?;
    // The status API is addressed with a trailing slash (`.../transaction/status/?...`).
    let status_url = http_url(
        get,
        "YATRA_ESEWA_STATUS_URL",
        "https://epay.esewa.com.np/api/epay/transaction/status",
    )? + "/";
    let esewa = match (get("YATRA_ESEWA_PRODUCT_CODE"), get("YATRA_ESEWA_SECRET_KEY")) {
        (Some(code), Some(key)) => {
            let product_code = code.trim().to_owned();
            if !product_code.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
                bail!(
                    "YATRA_ESEWA_PRODUCT_CODE {product_code:?} must be letters, digits, '-' or '_' (e.g. EPAYTEST)"
                );
            }
            Some(EsewaConfig {
                product_code,
                secret_key: Secret(key.trim().as_bytes().to_vec()),
                form_url,
                status_url,
            })
        }
        (None, None) => None,
        _ => bail!("YATRA_ESEWA_PRODUCT_CODE and YATRA_ESEWA_SECRET_KEY must be set together"),
    };
    let npr_per_usd = match get("YATRA_NPR_PER_USD") {
        None => None,
        Some(text) => match text.trim().parse::<f64>() {
            Ok(rate) if rate.is_finite() && (1.0..=10_000.0).contains(&rate) => Some(rate),
            _ => bail!(
                "YATRA_NPR_PER_USD {text:?} must be a number of rupees per US dollar from 1 to 10000 (e.g. 133.5)"
            ),
        },
    };
    if (khalti.is_some() || esewa.is_some()) && npr_per_usd.is_none() {
        bail!(
            "YATRA_NPR_PER_USD must be set when Khalti or eSewa is configured (wallet payments are charged in rupees)"
        );
    }
    Ok((khalti, esewa, npr_per_usd))
}

fn assistant_from_lookup(
    get: &impl Fn(&str) -> Option<String>,
) -> anyhow::Result<Option<AssistantConfig>> {
    let timeout = seconds(get, "YATRA_ASSISTANT_TIMEOUT_SECS", 15)?;
    let key = get("YATRA_ASSISTANT_KEY").map(|key| Secret(key.trim().as_bytes().to_vec()));
    match (get("YATRA_ASSISTANT_URL"), get("YATRA_ASSISTANT_MODEL")) {
        (Some(_), Some(model)) => {
            let url = http_url(get, "YATRA_ASSISTANT_URL", "")?;
            Ok(Some(AssistantConfig { url, model: model.trim().to_owned(), key, timeout }))
        }
        (None, None) if key.is_some() => bail!(
            "YATRA_ASSISTANT_KEY is set but YATRA_ASSISTANT_URL and YATRA_ASSISTANT_MODEL are not"
        ),
        (None, None) => Ok(None),
        _ => bail!("YATRA_ASSISTANT_URL and YATRA_ASSISTANT_MODEL must be set together"),
    }
}

fn flag(get: &impl Fn(&str) -> Option<String>, name: &str, default: bool) -> anyhow::Result<bool> {
    match get(name).as_deref().map(str::trim) {
        None => Ok(default),
        Some("0") | Some("false") => Ok(false),
        Some("1") | Some("true") => Ok(true),
        Some(other) => bail!("{name} {other:?} must be true or false"),
    }
}

fn percent(get: &impl Fn(&str) -> Option<String>, name: &str, default: i64) -> anyhow::Result<i64> {
    match get(name) {
        None => Ok(default),
        Some(text) => match text.trim().parse::<i64>() {
            Ok(percent @ 0..=100) => Ok(percent),
            _ => bail!("{name} {text:?} must be a whole number of percent from 0 to 100"),
        },
    }
}

/// The most `YATRA_DB_MAX_CONNECTIONS` may ask for: PostgreSQL's own default
/// `max_connections` is 100, and a single process gains nothing from more than this.
const DB_MAX_CONNECTIONS_LIMIT: u32 = 500;

fn db_max_connections(
    get: &impl Fn(&str) -> Option<String>,
    database_url: &str,
) -> anyhow::Result<u32> {
    match get("YATRA_DB_MAX_CONNECTIONS") {
        None => Ok(crate::db::default_max_connections(database_url)),
        Some(text) => match text.trim().parse::<u32>() {
            Ok(n @ 1..=DB_MAX_CONNECTIONS_LIMIT) => Ok(n),
            _ => bail!(
                "YATRA_DB_MAX_CONNECTIONS {text:?} must be a whole number of connections from 1 to {DB_MAX_CONNECTIONS_LIMIT}"
            ),
        },
    }
}

fn seconds(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: u64,
) -> anyhow::Result<Duration> {
    match get(name) {
        None => Ok(Duration::from_secs(default)),
        Some(text) => match text.trim().parse::<u64>() {
            Ok(secs @ 1..=3600) => Ok(Duration::from_secs(secs)),
            _ => bail!("{name} {text:?} must be a whole number of seconds from 1 to 3600"),
        },
    }
}

fn duration_from_lookup(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: &str,
) -> anyhow::Result<Duration> {
    let text = get(name).unwrap_or_else(|| default.into());
    parse_duration(&text).ok_or_else(|| {
        anyhow::anyhow!("{name} {text:?} is not a duration (a whole number and a unit, e.g. 90s, 15m, 48h, 2d; or 500ms)")
    })
}

/// `90s`, `15m`, `48h`, `2d` (and `500ms`, for tests): a positive whole number and a unit.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let text = text.trim();
    let split = text.find(|c: char| !c.is_ascii_digit())?;
    let (number, unit) = text.split_at(split);
    if number.is_empty() || number.len() > 9 {
        return None;
    }
    let number: u64 = number.parse().ok().filter(|n| *n > 0)?;
    let millis = match unit {
        "ms" => 1,
        "s" => 1_000,
        "m" => 60_000,
        "h" => 3_600_000,
        "d" => 86_400_000,
        _ => return None,
    };
    Some(Duration::from_millis(number * millis))
}

fn s3_from_lookup(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<Option<S3Config>> {
    let endpoint = get("YATRA_S3_ENDPOINT").map(|e| e.trim().trim_end_matches('/').to_owned());
    let region = get("YATRA_S3_REGION").map(|r| r.trim().to_owned());
    let key_id = get("YATRA_S3_ACCESS_KEY_ID").map(|k| k.trim().to_owned());
    let secret = get("YATRA_S3_SECRET_ACCESS_KEY");
    let Some(bucket) = get("YATRA_S3_BUCKET").map(|b| b.trim().to_owned()) else {
        for (name, set) in [
            ("YATRA_S3_ENDPOINT", endpoint.is_some()),
            ("YATRA_S3_REGION", region.is_some()),
            ("YATRA_S3_ACCESS_KEY_ID", key_id.is_some()),
            ("YATRA_S3_SECRET_ACCESS_KEY", secret.is_some()),
        ] {
            if set {
                bail!(
                    "{name} is set but YATRA_S3_BUCKET is not (set the bucket to store media in S3)"
                );
            }
        }
        return Ok(None);
    };
    let valid_bucket = (3..=63).contains(&bucket.len())
        && bucket
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.');
    if !valid_bucket {
        bail!(
            "YATRA_S3_BUCKET {bucket:?} is not a valid bucket name (3-63 lowercase letters, digits, '-' or '.')"
        );
    }
    if let Some(endpoint) =
        endpoint.as_ref().filter(|e| !(e.starts_with("http://") || e.starts_with("https://")))
    {
        bail!("YATRA_S3_ENDPOINT {endpoint:?} must start with http:// or https://");
    }
    let credentials = match (key_id, secret) {
        (Some(id), Some(secret)) => Some((id, Secret(secret.into_bytes()))),
        (None, None) => None,
        _ => bail!("YATRA_S3_ACCESS_KEY_ID and YATRA_S3_SECRET_ACCESS_KEY must be set together"),
    };
    let allow_http = endpoint.as_deref().is_some_and(|e| e.starts_with("http://"));
    Ok(Some(S3Config {
        bucket,
        endpoint,
        region: region.unwrap_or_else(|| "us-east-1".into()),
        credentials,
        allow_http,
    }))
}

fn load_or_create_secret(path: &Path) -> anyhow::Result<Vec<u8>> {
    if let Ok(text) = std::fs::read_to_string(path) {
        let secret = hex::decode(text.trim()).with_context(|| {
            format!("{} is not a valid secret file (delete it to make a new one)", path.display())
        })?;
        return Ok(secret);
    }
    let secret: [u8; 64] = rand::random();
    write_private(path, hex::encode(secret).as_bytes())
        .with_context(|| format!("cannot write the signing secret to {}", path.display()))?;
    Ok(secret.to_vec())
}

fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)?.write_all(bytes)
}

/// Checks a `YATRA_SMTP_URL` without connecting: `smtp://host:port` (plain, or STARTTLS
/// with `?tls=required` / `?tls=opportunistic`), `smtps://user:pass@host:465` (TLS).
fn check_smtp_url(url: &str) -> anyhow::Result<()> {
    if !(url.starts_with("smtp://") || url.starts_with("smtps://")) {
        anyhow::bail!("it must start with smtp:// or smtps://");
    }
    lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::from_url(url)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_a_whole_number_and_a_unit() {
        assert_eq!(parse_duration("90s"), Some(Duration::from_secs(90)));
        assert_eq!(parse_duration("15m"), Some(Duration::from_secs(15 * 60)));
        assert_eq!(parse_duration(" 48h "), Some(Duration::from_secs(48 * 3600)));
        assert_eq!(parse_duration("2d"), Some(Duration::from_secs(2 * 86_400)));
        assert_eq!(parse_duration("250ms"), Some(Duration::from_millis(250)));
        for bad in ["", "48", "h", "0s", "-5m", "1.5h", "10 m", "3w", "48hours", "9999999999d"] {
            assert_eq!(parse_duration(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_bad_duration_stops_start_up_naming_the_variable() {
        let dir = tempfile::tempdir().unwrap();
        for name in
            ["YATRA_REQUEST_TTL", "YATRA_PAYMENT_WINDOW", "YATRA_SWEEP_EVERY", "YATRA_REFUND_RETRY"]
        {
            let data_dir = dir.path().display().to_string();
            let error = Config::from_lookup(|var| match var {
                "YATRA_DATA_DIR" => Some(data_dir.clone()),
                "YATRA_JWT_SECRET" => Some("x".repeat(40)),
                v if v == name => Some("soon".into()),
                _ => None,
            })
            .unwrap_err()
            .to_string();
            assert!(error.starts_with(&format!("{name} \"soon\" is not a duration")), "{error}");
        }
    }

    #[test]
    fn the_trip_timers_default_to_two_days_a_day_and_a_minute() {
        let dir = tempfile::tempdir().unwrap();
        let data_dir = dir.path().display().to_string();
        let config = Config::from_lookup(|var| match var {
            "YATRA_DATA_DIR" => Some(data_dir.clone()),
            "YATRA_JWT_SECRET" => Some("x".repeat(40)),
            _ => None,
        })
        .unwrap();
        assert_eq!(config.request_ttl, Duration::from_secs(48 * 3600));
        assert_eq!(config.payment_window, Duration::from_secs(24 * 3600));
        assert_eq!(config.sweep_every, Duration::from_secs(60));
        assert_eq!(config.refund_retry, Duration::from_secs(30));
        assert_eq!(config.commission_percent, 15);
        assert_eq!(config.earnings_hold, Duration::from_secs(3 * 24 * 3600));
    }

    #[test]
    fn the_commission_is_a_whole_percent_from_0_to_100() {
        let dir = tempfile::tempdir().unwrap();
        let data_dir = dir.path().display().to_string();
        for (text, ok) in [
            ("0", true),
            ("100", true),
            ("20", true),
            ("101", false),
            ("-1", false),
            ("12.5", false),
            ("lots", false),
        ] {
            let config = Config::from_lookup(|var| match var {
                "YATRA_DATA_DIR" => Some(data_dir.clone()),
                "YATRA_JWT_SECRET" => Some("x".repeat(40)),
                "YATRA_COMMISSION_PERCENT" => Some(text.into()),
                _ => None,
            });
            assert_eq!(config.is_ok(), ok, "{text}");
        }
    }

    fn config_with(dir: &std::path::Path, vars: &[(&str, &str)]) -> anyhow::Result<Config> {
        let data_dir = dir.display().to_string();
        Config::from_lookup(|var| match var {
            "YATRA_DATA_DIR" => Some(data_dir.clone()),
            "YATRA_JWT_SECRET" => Some("x".repeat(40)),
            v => vars.iter().find(|(name, _)| *name == v).map(|(_, value)| (*value).to_owned()),
        })
    }

    #[test]
    fn the_assistant_needs_an_http_url_and_a_model_together() {
        let dir = tempfile::tempdir().unwrap();
        assert!(config_with(dir.path(), &[]).unwrap().assistant.is_none());
        let both = [
            ("YATRA_ASSISTANT_URL", "http://127.0.0.1:8000/v1/chat/completions/"),
            ("YATRA_ASSISTANT_MODEL", " qwen2.5 "),
        ];
        let assistant = config_with(dir.path(), &both).unwrap().assistant.unwrap();
        assert_eq!(
            (assistant.url.as_str(), assistant.model.as_str()),
            ("http://127.0.0.1:8000/v1/chat/completions", "qwen2.5")
        );
        assert_eq!(assistant.timeout, Duration::from_secs(15));
        for bad in [
            &both[..1],
            &both[1..],
            &[("YATRA_ASSISTANT_URL", "ftp://x"), both[1]][..],
            &[("YATRA_ASSISTANT_KEY", "k")][..],
        ] {
            assert!(config_with(dir.path(), bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_pool_size_defaults_per_database_and_is_set_per_replica() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(config_with(dir.path(), &[]).unwrap().db_max_connections, 8);
        let postgres = [("YATRA_DATABASE_URL", "postgres://yatra@db.internal/yatra")];
        assert_eq!(config_with(dir.path(), &postgres).unwrap().db_max_connections, 16);
        let sized =
            config_with(dir.path(), &[postgres[0], ("YATRA_DB_MAX_CONNECTIONS", " 30 ")]).unwrap();
        assert_eq!(sized.db_max_connections, 30);
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
}
