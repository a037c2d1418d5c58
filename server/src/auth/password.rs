//! Argon2id password hashing, run off the async runtime because it is CPU-heavy by design.

use anyhow::anyhow;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

/// OWASP's recommended argon2id parameters: 19 MiB, 2 iterations, 1 lane.
fn hasher() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Each hash holds 19 MiB and a core for tens of milliseconds; more at once than there are
/// cores only queues work and memory, so callers wait their turn here.
static HASHING: std::sync::LazyLock<tokio::sync::Semaphore> = std::sync::LazyLock::new(|| {
    tokio::sync::Semaphore::new(std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2))
});

pub async fn hash(password: String) -> anyhow::Result<String> {
    let _permit = HASHING.acquire().await?;
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::from_b64(&base64_salt()).map_err(|e| anyhow!("salt: {e}"))?;
        hasher()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow!("hashing failed: {e}"))
    })
    .await?
}

/// Verifies against a stored hash. With no stored hash (unknown email) it still does the
/// work against a dummy, so response time does not reveal whether an account exists.
pub async fn verify(password: String, stored: Option<String>) -> anyhow::Result<bool> {
    let _permit = HASHING.acquire().await?;
    tokio::task::spawn_blocking(move || {
        let stored = stored.unwrap_or_else(|| DUMMY_HASH.to_owned());
        let parsed = PasswordHash::new(&stored).map_err(|e| anyhow!("stored hash unreadable: {e}"))?;
        let matches = hasher().verify_password(password.as_bytes(), &parsed).is_ok();
        Ok(matches && stored != DUMMY_HASH)
    })
    .await?
}

fn base64_salt() -> String {
    use base64::Engine;
    let bytes: [u8; 16] = rand::random();
    base64::engine::general_purpose::STANDARD_NO_PAD.encode(bytes)
}

/// argon2id hash of a random string nobody knows, with the same parameters as real hashes.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$5Wl8Ot4pP1cXW+UY9RULuuHbqaskaLa7pfFIHDqGSgE";
