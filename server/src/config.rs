//! Configuration from `YATRA_*` environment variables, typed and checked at start-up.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

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
    /// Trust the first `X-Forwarded-For` address (only behind a proxy you run).
    pub trust_proxy: bool,
    /// Media in an S3-compatible bucket instead of `media_dir` (when `YATRA_S3_BUCKET` is set).
    pub s3: Option<S3Config>,
    /// Card payments through Stripe; `None` runs the built-in sandbox checkout.
    pub stripe: Option<StripeConfig>,
    /// Signs Stripe's webhook events (`whsec_...`); without it every webhook is refused.
    pub stripe_webhook_secret: Option<Secret>,
}

/// Stripe's API: the secret key and where to reach it (tests point it at a fake).
#[derive(Clone, Debug)]
pub struct StripeConfig {
    pub secret_key: Secret,
    /// `https://api.stripe.com` unless `YATRA_STRIPE_API_BASE` says otherwise.
    pub api_base: String,
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
        std::fs::create_dir_all(&data_dir).with_context(|| {
            format!("YATRA_DATA_DIR {} cannot be created", data_dir.display())
        })?;

        let database_url = match get("YATRA_DATABASE_URL") {
            None => format!("sqlite://{}?mode=rwc", data_dir.join("yatra.db").display()),
            Some(url) if url.starts_with("sqlite:") => {
                if url.contains('?') { url } else { format!("{url}?mode=rwc") }
            }
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => url,
            Some(url) => bail!(
                "YATRA_DATABASE_URL {:?} is not supported (use sqlite://<path> or postgres://...)",
                redact_url(&url)
            ),
        };

        let media_dir = get("YATRA_MEDIA_DIR").map(PathBuf::from).unwrap_or_else(|| data_dir.join("media"));
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
            .map(|list| list.split(',').map(|o| o.trim().trim_end_matches('/').to_owned()).filter(|o| !o.is_empty()).collect())
            .unwrap_or_default();
        for origin in &cors_origins {
            if origin != "*" && origin.parse::<axum::http::HeaderValue>().is_err() {
                bail!("YATRA_CORS_ORIGINS has an invalid origin {origin:?}");
            }
        }

        let trust_proxy = match get("YATRA_TRUST_PROXY").as_deref() {
            None | Some("0") | Some("false") => false,
            Some("1") | Some("true") => true,
            Some(other) => bail!("YATRA_TRUST_PROXY {other:?} must be true or false"),
        };

        let s3 = s3_from_lookup(&get)?;

        let api_base = get("YATRA_STRIPE_API_BASE").unwrap_or_else(|| "https://api.stripe.com".into());
        let api_base = api_base.trim().trim_end_matches('/').to_owned();
        if !(api_base.starts_with("http://") || api_base.starts_with("https://")) {
            bail!("YATRA_STRIPE_API_BASE {api_base:?} must start with http:// or https://");
        }
        let stripe = get("YATRA_STRIPE_SECRET_KEY").map(|key| StripeConfig { secret_key: Secret(key.trim().as_bytes().to_vec()), api_base });
        let stripe_webhook_secret = get("YATRA_STRIPE_WEBHOOK_SECRET").map(|secret| Secret(secret.trim().as_bytes().to_vec()));

        Ok(Self {
            addr,
            data_dir,
            database_url,
            media_dir,
            web_dir,
            jwt_secret,
            public_url,
            cors_origins,
            trust_proxy,
            s3,
            stripe,
            stripe_webhook_secret,
        })
    }
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
                bail!("{name} is set but YATRA_S3_BUCKET is not (set the bucket to store media in S3)");
            }
        }
        return Ok(None);
    };
    let valid_bucket = (3..=63).contains(&bucket.len())
        && bucket.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.');
    if !valid_bucket {
        bail!("YATRA_S3_BUCKET {bucket:?} is not a valid bucket name (3-63 lowercase letters, digits, '-' or '.')");
    }
    if let Some(endpoint) = endpoint.as_ref().filter(|e| !(e.starts_with("http://") || e.starts_with("https://"))) {
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
        let secret = hex::decode(text.trim())
            .with_context(|| format!("{} is not a valid secret file (delete it to make a new one)", path.display()))?;
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

/// The URL without its password, for error messages.
pub fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            format!("{}://***{}", &url[..scheme_end], &url[at..])
        }
        _ => url.to_owned(),
    }
}
