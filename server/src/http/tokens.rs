//! Access tokens (short-lived JWTs) and refresh tokens (random, stored only as hashes).

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::role::Role;

/// Minutes an access token lives; the client refreshes transparently after that.
pub const ACCESS_TOKEN_MINUTES: i64 = 15;
/// Days a session (a refresh token family) lives at most, counted from the sign-in:
/// refreshing hands out a new token but never a longer life.
pub const SESSION_DAYS: i64 = 30;

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    pub sub: String,
    pub role: String,
    pub iat: i64,
    pub exp: i64,
}

#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl TokenKeys {
    pub fn new(secret: &[u8]) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
        }
    }

    pub fn issue_access(&self, user_id: &str, role: Role) -> anyhow::Result<String> {
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        let claims = Claims {
            sub: user_id.to_owned(),
            role: role.as_str().to_owned(),
            iat: now,
            exp: now + ACCESS_TOKEN_MINUTES * 60,
        };
        Ok(jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?)
    }

    /// The claims of a token we signed that has not expired; `None` for anything else.
    pub fn verify_access(&self, token: &str) -> Option<Claims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation)
            .ok()
            .map(|data| data.claims)
    }
}

/// A fresh refresh token: 32 random bytes, URL-safe.
pub fn new_refresh_token() -> String {
    use base64::Engine;
    let bytes: [u8; 32] = rand::random();
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Deletes refresh tokens whose family's life is over: nothing can be done with them, not
/// even reuse detection (the whole family is refused anyway).
pub async fn prune(db: &crate::db::Db, now: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM refresh_tokens WHERE expires_at < $1")
        .bind(now)
        .execute(&db.pool)
        .await?
        .rows_affected())
}

/// What the database keeps of a refresh token: a leaked table cannot be replayed.
pub fn hash_refresh_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}
