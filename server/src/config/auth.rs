//! Accounts: the secret that signs sign-in tokens, given or generated once and kept.

use std::path::Path;

use anyhow::{Context, bail};

use super::secret::Secret;

#[derive(Clone, Debug)]
pub struct AuthConfig {
    /// Signs access and refresh tokens (`YATRA_JWT_SECRET`, at least 32 characters; else
    /// generated once into `<data dir>/jwt-secret`). Replicas must share it.
    pub jwt_secret: Secret,
}

impl AuthConfig {
    pub(super) fn from_lookup(
        get: &impl Fn(&str) -> Option<String>,
        data_dir: &Path,
    ) -> anyhow::Result<Self> {
        let jwt_secret = match get("YATRA_JWT_SECRET") {
            Some(secret) if secret.len() < 32 => {
                bail!("YATRA_JWT_SECRET is too short (at least 32 characters)")
            }
            Some(secret) => Secret(secret.into_bytes()),
            None => Secret(load_or_create_secret(&data_dir.join("jwt-secret"))?),
        };
        Ok(Self { jwt_secret })
    }
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
