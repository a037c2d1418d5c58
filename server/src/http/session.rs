//! Who is calling: the bearer token read into a `Session`, or 401.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use super::role::Role;
use super::state::AppState;
use crate::db::Db;
use crate::error::AppError;

/// A caller with a valid access token. The role is the one in the token; endpoints where
/// the role decides something serious re-read it from the database.
#[derive(Clone, Debug)]
pub struct Session {
    pub user_id: String,
    pub role: Role,
}

impl Session {
    /// The role as the database has it now (the token's may be stale); 401 when the
    /// account is gone.
    pub async fn stored_role(&self, db: &Db) -> Result<Role, AppError> {
        let stored: Option<(String,)> = sqlx::query_as("SELECT role FROM users WHERE id = $1")
            .bind(&self.user_id)
            .fetch_optional(&db.pool)
            .await?;
        stored.and_then(|(role,)| Role::parse(&role)).ok_or_else(session_expired)
    }

    /// 403 unless the account has `role` in the database right now.
    pub async fn require_stored_role(&self, db: &Db, role: Role) -> Result<(), AppError> {
        if self.stored_role(db).await? == role {
            Ok(())
        } else {
            Err(AppError::Forbidden(format!(
                "This action is only for {} accounts",
                role_label(role)
            )))
        }
    }
}

/// 401 for a token or refresh token that no longer opens a session: the client signs out.
pub fn session_expired() -> AppError {
    AppError::Unauthorized("Your session has expired. Please sign in again.".into())
}

pub fn role_label(role: Role) -> &'static str {
    match role {
        Role::Tourist => "traveller",
        Role::Guide => "tour guide",
        Role::Admin => "admin",
    }
}

impl FromRequestParts<AppState> for Session {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let header = parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .ok_or_else(|| AppError::Unauthorized("Please sign in to continue.".into()))?;
        let token = header
            .strip_prefix("Bearer ")
            .or_else(|| header.strip_prefix("bearer "))
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or_else(|| AppError::Unauthorized("Please sign in to continue.".into()))?;
        let claims = state.tokens.verify_access(token).ok_or_else(session_expired)?;
        let role = Role::parse(&claims.role).ok_or_else(session_expired)?;
        // Checked on every request so a suspension cuts off tokens already handed out.
        super::suspension::refuse_session(&state.db, &claims.sub).await?;
        Ok(Session { user_id: claims.sub, role })
    }
}

/// The caller on a public page: none without a token, their session with a valid one. An
/// expired token is 401 like anywhere else, so the client refreshes it and asks again
/// rather than showing the page as if signed out.
pub struct MaybeSession(pub Option<Session>);

impl FromRequestParts<AppState> for MaybeSession {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        if !parts.headers.contains_key(AUTHORIZATION) {
            return Ok(Self(None));
        }
        Session::from_request_parts(parts, state).await.map(|session| Self(Some(session)))
    }
}

/// Extractors that let only one kind of account in: the caller's session, once the
/// database says the account has that role now (a token's role may be stale, and a role
/// decides something serious); 403 otherwise. A handler names who may call it in its
/// signature: `Admin(session): Admin`.
macro_rules! only {
    ($($name:ident => $role:expr),* $(,)?) => {$(
        pub struct $name(pub Session);

        impl FromRequestParts<AppState> for $name {
            type Rejection = AppError;

            async fn from_request_parts(
                parts: &mut Parts,
                state: &AppState,
            ) -> Result<Self, Self::Rejection> {
                let session = Session::from_request_parts(parts, state).await?;
                session.require_stored_role(&state.db, $role).await?;
                Ok(Self(session))
            }
        }
    )*};
}

only!(Admin => Role::Admin, Guide => Role::Guide, Tourist => Role::Tourist);
