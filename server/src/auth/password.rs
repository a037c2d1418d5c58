//! Argon2id password hashing, run off the async runtime because it is CPU-heavy by design.

use std::sync::{Arc, LazyLock, Mutex};

use anyhow::anyhow;
use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use tokio::sync::Semaphore;

/// OWASP's recommended argon2id parameters: 19 MiB, 2 iterations, 1 lane.
fn params() -> Params {
    Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters")
}

/// Hashes at once: each holds 19 MiB and a core for tens of milliseconds, so more than
/// there are cores only queues work and memory.
struct Hashing {
    permits: Arc<Semaphore>,
    /// The 19 MiB working memory, allocated once per permit and reused: fresh allocations
    /// of that size on ever-new blocking threads each leave a malloc arena holding 19 MiB.
    memory: Mutex<Vec<Vec<Block>>>,
}

static HASHING: LazyLock<Hashing> = LazyLock::new(|| Hashing {
    permits: Arc::new(Semaphore::new(
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2),
    )),
    memory: Mutex::new(Vec::new()),
});

/// Runs `work` on a blocking thread with hashing memory. The permit travels into the
/// blocking task: a caller that gives up (a dropped request) cannot free it while the hash
/// still runs, or a flood of aborted logins would start hashes without bound.
async fn with_hashing_memory<T: Send + 'static>(
    work: impl FnOnce(&mut [Block]) -> T + Send + 'static,
) -> anyhow::Result<T> {
    let permit = HASHING.permits.clone().acquire_owned().await?;
    Ok(tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let pool = || HASHING.memory.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut memory =
            pool().pop().unwrap_or_else(|| vec![Block::default(); params().block_count()]);
        let result = work(&mut memory);
        pool().push(memory);
        result
    })
    .await?)
}

pub async fn hash(password: String) -> anyhow::Result<String> {
    with_hashing_memory(move |memory| hash_now(&password, memory)).await?
}

fn hash_now(password: &str, memory: &mut [Block]) -> anyhow::Result<String> {
    let salt = SaltString::from_b64(&base64_salt()).map_err(|e| anyhow!("salt: {e}"))?;
    let mut salt_bytes = [0u8; 64];
    let salt_bytes = salt.decode_b64(&mut salt_bytes).map_err(|e| anyhow!("salt: {e}"))?;
    let params = params();
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone())
        .hash_password_into_with_memory(password.as_bytes(), salt_bytes, &mut out, memory)
        .map_err(|e| anyhow!("hashing failed: {e}"))?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|e| anyhow!("params: {e}"))?,
        salt: Some(salt.as_salt()),
        hash: Some(Output::new(&out).map_err(|e| anyhow!("output: {e}"))?),
    };
    Ok(phc.to_string())
}

/// Verifies against a stored hash. With no stored hash (unknown email) it still does the
/// work against a dummy, so response time does not reveal whether an account exists.
pub async fn verify(password: String, stored: Option<String>) -> anyhow::Result<bool> {
    with_hashing_memory(move |memory| {
        let stored = stored.unwrap_or_else(|| DUMMY_HASH.to_owned());
        let matches = verify_now(&password, &stored, memory)?;
        Ok(matches && stored != DUMMY_HASH)
    })
    .await?
}

fn verify_now(password: &str, stored: &str, memory: &mut [Block]) -> anyhow::Result<bool> {
    let parsed = PasswordHash::new(stored).map_err(|e| anyhow!("stored hash unreadable: {e}"))?;
    let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
        return Err(anyhow!("stored hash has no salt or no hash"));
    };
    let algorithm =
        Algorithm::try_from(parsed.algorithm).map_err(|e| anyhow!("stored hash algorithm: {e}"))?;
    let version = parsed
        .version
        .map(Version::try_from)
        .transpose()
        .map_err(|e| anyhow!("stored hash version: {e}"))?
        .unwrap_or_default();
    let params = Params::try_from(&parsed).map_err(|e| anyhow!("stored hash parameters: {e}"))?;
    let mut salt_bytes = [0u8; 64];
    let salt_bytes = salt.decode_b64(&mut salt_bytes).map_err(|e| anyhow!("stored salt: {e}"))?;
    let mut out = vec![0u8; expected.len()];
    let argon = Argon2::new(algorithm, version, params.clone());
    // A hash made with more memory than ours (other parameters) gets its own.
    let hashed = if params.block_count() <= memory.len() {
        argon.hash_password_into_with_memory(
            password.as_bytes(),
            salt_bytes,
            &mut out,
            &mut memory[..params.block_count()],
        )
    } else {
        argon.hash_password_into(password.as_bytes(), salt_bytes, &mut out)
    };
    hashed.map_err(|e| anyhow!("hashing failed: {e}"))?;
    // `Output` compares in constant time.
    Ok(Output::new(&out).map_err(|e| anyhow!("output: {e}"))? == expected)
}

fn base64_salt() -> String {
    use base64::Engine;
    let bytes: [u8; 16] = rand::random();
    base64::engine::general_purpose::STANDARD_NO_PAD.encode(bytes)
}

/// argon2id hash of a random string nobody knows, with the same parameters as real hashes.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$5Wl8Ot4pP1cXW+UY9RULuuHbqaskaLa7pfFIHDqGSgE";

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::password_hash::{PasswordHasher, PasswordVerifier};

    fn memory() -> Vec<Block> {
        vec![Block::default(); params().block_count()]
    }

    #[test]
    fn hashes_made_here_verify_with_the_argon2_library_and_back() {
        let ours = hash_now("namaste-himalaya-42", &mut memory()).unwrap();
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(Argon2::default().verify_password(b"namaste-himalaya-42", &parsed).is_ok());
        assert!(Argon2::default().verify_password(b"namaste-himalaya-43", &parsed).is_err());

        let salt = SaltString::from_b64(&base64_salt()).unwrap();
        let theirs = Argon2::new(Algorithm::Argon2id, Version::V0x13, params())
            .hash_password(b"namaste-himalaya-42", &salt)
            .unwrap()
            .to_string();
        assert!(verify_now("namaste-himalaya-42", &theirs, &mut memory()).unwrap());
        assert!(!verify_now("namaste-himalaya-43", &theirs, &mut memory()).unwrap());
    }

    #[test]
    fn a_hash_with_more_memory_than_ours_still_verifies() {
        let salt = SaltString::from_b64(&base64_salt()).unwrap();
        let bigger = Params::new(32 * 1024, 2, 1, None).unwrap();
        let theirs = Argon2::new(Algorithm::Argon2id, Version::V0x13, bigger)
            .hash_password(b"secret-words", &salt)
            .unwrap()
            .to_string();
        assert!(verify_now("secret-words", &theirs, &mut memory()).unwrap());
    }

    #[test]
    fn the_dummy_hash_is_readable() {
        assert!(!verify_now("anything", DUMMY_HASH, &mut memory()).unwrap());
    }
}
