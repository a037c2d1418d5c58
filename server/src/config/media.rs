//! Where uploaded media lives: a local folder, or an S3-compatible bucket.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use super::secret::Secret;

#[derive(Clone, Debug)]
pub struct MediaConfig {
    /// The local folder (`YATRA_MEDIA_DIR`, default `<data dir>/media`), made at start-up.
    pub dir: PathBuf,
    /// Media in an S3-compatible bucket instead of `dir` (when `YATRA_S3_BUCKET` is set).
    pub s3: Option<S3Config>,
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

impl MediaConfig {
    pub(super) fn from_lookup(
        get: &impl Fn(&str) -> Option<String>,
        data_dir: &Path,
    ) -> anyhow::Result<Self> {
        let dir =
            get("YATRA_MEDIA_DIR").map(PathBuf::from).unwrap_or_else(|| data_dir.join("media"));
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("YATRA_MEDIA_DIR {} cannot be created", dir.display()))?;
        Ok(Self { dir, s3: s3_from_lookup(get)? })
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
