//! HTTP handlers for accounts.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::accounts::{self, NewAccount};
use super::domain::{Email, NewPassword, PersonName, SelfChosenRole};
use super::{login_guard, password};
use crate::db::{Db, new_id, now_ms};
use crate::error::{AppError, AppResult, ErrorBody, Json, Path};
use crate::http::rate_limit;
use crate::http::session::session_expired;
use crate::http::session::{Session, role_label};
use crate::http::tokens::{SESSION_DAYS, hash_refresh_token, new_refresh_token};
use crate::http::{AppState, ClientIp};
use crate::http::{MessageResponse, Role, success};
use crate::i18n::Lang;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(signup))
        .routes(routes!(login))
        .routes(routes!(refresh))
        .routes(routes!(logout))
        .routes(routes!(me))
        .routes(routes!(completion))
        .routes(routes!(update_name))
        .routes(routes!(delete_account))
        .merge(super::language::router())
}

/// Sign-up form. Fields are `Option` here so that a missing one gets a clear message;
/// the document says what the parsers require. Names are trimmed, one line, at most 50
/// characters; `confirmPassword` must equal `password`.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignupRequest {
    #[schema(value_type = String, required = true, example = "Sita", min_length = 1, max_length = 50, pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    first_name: Option<String>,
    #[schema(value_type = String, required = true, example = "Rai", min_length = 1, max_length = 50, pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    last_name: Option<String>,
    #[schema(value_type = String, required = true, format = Email, example = "sita@example.com", max_length = 254)]
    email: Option<String>,
    #[schema(value_type = String, required = true, min_length = 8, max_length = 128)]
    password: Option<String>,
    #[schema(value_type = String, required = true, min_length = 8, max_length = 128)]
    confirm_password: Option<String>,
    /// Left out: `tourist`.
    #[schema(value_type = Option<SelfChosenRole>, example = "tourist")]
    role: Option<String>,
}

/// Create a tourist or guide account. Its emails are written in the language
/// `Accept-Language` asks for (`ne` or `en`; change it later with `PATCH /protect/language`).
#[utoipa::path(post, path = "/auth/signup", tag = "accounts", request_body = SignupRequest,
    responses(
        (status = 201, body = MessageResponse),
        (status = 400, body = ErrorBody, description = "A field is missing or invalid"),
        (status = 409, body = ErrorBody, description = "The email is already registered"),
        (status = 429, body = ErrorBody, description = "Too many sign-ups from this address; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn signup(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    lang: Lang,
    Json(body): Json<SignupRequest>,
) -> AppResult<(StatusCode, Json<MessageResponse>)> {
    let first_name = PersonName::parse(body.first_name.as_deref(), "First name")?;
    let last_name = PersonName::parse(body.last_name.as_deref(), "Last name")?;
    let email = Email::parse(body.email.as_deref())?;
    let password = NewPassword::parse(body.password.as_deref(), body.confirm_password.as_deref())?;
    let role = Role::parse_self_chosen(body.role.as_deref())?;
    // Counted after the form is valid (typos are free) and before the email is looked up,
    // so probing which emails are registered counts too.
    rate_limit::count_one(&state, &rate_limit::SIGNUPS_PER_ADDRESS, &ip).await?;

    accounts::sign_up(&state.db, NewAccount { first_name, last_name, email, password, role }, lang)
        .await?;
    Ok((StatusCode::CREATED, success("Registration successful")))
}

#[derive(Deserialize, ToSchema)]
pub struct LoginRequest {
    #[schema(value_type = String, required = true, example = "traveller@demo.yatra.np", pattern = r"\S")]
    email: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    password: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginResponse {
    #[schema(example = "success")]
    status: &'static str,
    message: String,
    /// Access token: send as `Authorization: Bearer <token>`. Lives 15 minutes.
    token: String,
    /// Single-use token for `POST /auth/refresh`.
    refresh_token: String,
    role: Role,
}

/// Sign in with email and password.
#[utoipa::path(post, path = "/auth/login", tag = "accounts", request_body = LoginRequest,
    responses(
        (status = 200, body = LoginResponse),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody, description = "Invalid email or password"),
        (status = 403, body = ErrorBody, description = "The account is suspended"),
        (status = 429, body = ErrorBody, description = "Too many failed attempts for this account from this address, from this address, or for this account; see `Retry-After`",
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
    ))]
async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<LoginRequest>,
) -> AppResult<Json<LoginResponse>> {
    let (Some(email), Some(password)) =
        (body.email.filter(|e| !e.trim().is_empty()), body.password.filter(|p| !p.is_empty()))
    else {
        return Err(AppError::validation("Email and password are required"));
    };
    let email_lower = email.trim().to_lowercase();
    // No account has such an email (sign-up refuses it), and neither a NUL (PostgreSQL text
    // cannot hold one) nor a huge string belongs in the failure log: answer as for an unknown email.
    if email_lower.contains('\0') || email_lower.len() > super::domain::EMAIL_MAX {
        crate::monitoring::login_failed();
        return Err(AppError::Unauthorized("Invalid email or password".into()));
    }
    let attempt = login_guard::reserve(&state, &email_lower, &ip).await?;

    let user: Option<(String, String, String)> =
        sqlx::query_as("SELECT id, password_hash, role FROM users WHERE email_lower = $1")
            .bind(&email_lower)
            .fetch_optional(&state.db.pool)
            .await?;
    let (stored_hash, user) = match user {
        Some((id, hash, role)) => (Some(hash), Some((id, role))),
        None => (None, None),
    };
    let verified = password.chars().count() <= super::domain::PASSWORD_MAX
        && password::verify(password, stored_hash).await?;
    let Some((user_id, role)) = user.filter(|_| verified) else {
        // The attempt stays counted as a failure.
        crate::monitoring::login_failed();
        return Err(AppError::Unauthorized("Invalid email or password".into()));
    };
    login_guard::succeeded(&state, attempt).await?;
    crate::http::suspension::refuse_sign_in(&state.db, &user_id).await?;

    let role = Role::parse(&role)
        .ok_or_else(|| anyhow::anyhow!("user {user_id} has unknown role {role}"))?;
    let refresh_token = store_refresh_token(&state.db, &user_id, &new_id(), None).await?;
    Ok(Json(LoginResponse {
        status: "success",
        message: "Login successful".into(),
        token: state.tokens.issue_access(&user_id, role)?,
        refresh_token,
        role,
    }))
}

/// Stores a new refresh token of `family_id`, which ends at `family_ends_at` (epoch ms), or
/// for a new family (a sign-in) `SESSION_DAYS` from now.
async fn store_refresh_token(
    db: &Db,
    user_id: &str,
    family_id: &str,
    family_ends_at: Option<i64>,
) -> AppResult<String> {
    let token = new_refresh_token();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(family_id)
    .bind(hash_refresh_token(&token))
    .bind(family_ends_at.unwrap_or(now + SESSION_DAYS * 24 * 3600 * 1000))
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(token)
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefreshRequest {
    refresh_token: Option<String>,
}

/// Exchange a refresh token for a new access token and a new refresh token. Each refresh
/// token works once; presenting a used one revokes its whole family (it was stolen).
#[utoipa::path(post, path = "/auth/refresh", tag = "accounts", request_body = RefreshRequest,
    responses((status = 200, body = LoginResponse), (status = 401, body = ErrorBody)))]
async fn refresh(
    State(state): State<AppState>,
    Json(body): Json<RefreshRequest>,
) -> AppResult<Json<LoginResponse>> {
    let token = body.refresh_token.filter(|t| !t.is_empty()).ok_or_else(session_expired)?;
    let found: Option<(String, String, String, i64, Option<i64>, Option<i64>)> = sqlx::query_as(
        "SELECT t.id, t.family_id, u.id, t.expires_at, t.used_at, t.revoked_at \
         FROM refresh_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1",
    )
    .bind(hash_refresh_token(&token))
    .fetch_optional(&state.db.pool)
    .await?;
    let (token_id, family_id, user_id, expires_at, used_at, revoked_at) =
        found.ok_or_else(session_expired)?;
    crate::http::suspension::refuse_session(&state.db, &user_id).await?;
    let now = now_ms();
    if revoked_at.is_some() || expires_at <= now {
        return Err(session_expired());
    }
    if used_at.is_some() {
        revoke_family(&state.db, &family_id).await?;
        return Err(session_expired());
    }
    // Claim the token atomically: of two concurrent refreshes with it, one wins and the
    // other is treated as reuse.
    let claimed = sqlx::query("UPDATE refresh_tokens SET used_at = $1 WHERE id = $2 AND used_at IS NULL AND revoked_at IS NULL")
        .bind(now)
        .bind(&token_id)
        .execute(&state.db.pool)
        .await?;
    if claimed.rows_affected() != 1 {
        revoke_family(&state.db, &family_id).await?;
        return Err(session_expired());
    }
    let (role,): (String,) = sqlx::query_as("SELECT role FROM users WHERE id = $1")
        .bind(&user_id)
        .fetch_one(&state.db.pool)
        .await?;
    let role = Role::parse(&role)
        .ok_or_else(|| anyhow::anyhow!("user {user_id} has unknown role {role}"))?;
    // The new token ends with its family: a session lives 30 days from sign-in at most.
    let refresh_token =
        store_refresh_token(&state.db, &user_id, &family_id, Some(expires_at)).await?;
    Ok(Json(LoginResponse {
        status: "success",
        message: "Session refreshed".into(),
        token: state.tokens.issue_access(&user_id, role)?,
        refresh_token,
        role,
    }))
}

async fn revoke_family(db: &Db, family_id: &str) -> AppResult<()> {
    sqlx::query(
        "UPDATE refresh_tokens SET revoked_at = $1 WHERE family_id = $2 AND revoked_at IS NULL",
    )
    .bind(now_ms())
    .bind(family_id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Sign out: the refresh token's family stops working. Always succeeds, so a client can
/// sign out even with a token that is already gone.
#[utoipa::path(post, path = "/auth/logout", tag = "accounts", request_body = RefreshRequest,
    responses((status = 200, body = MessageResponse)))]
async fn logout(
    State(state): State<AppState>,
    Json(body): Json<RefreshRequest>,
) -> AppResult<Json<MessageResponse>> {
    if let Some(token) = body.refresh_token.filter(|t| !t.is_empty()) {
        let family: Option<(String,)> =
            sqlx::query_as("SELECT family_id FROM refresh_tokens WHERE token_hash = $1")
                .bind(hash_refresh_token(&token))
                .fetch_optional(&state.db.pool)
                .await?;
        if let Some((family_id,)) = family {
            revoke_family(&state.db, &family_id).await?;
        }
    }
    Ok(success("Logged out"))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Account {
    #[serde(rename = "_id")]
    id: String,
    first_name: String,
    last_name: String,
    email: String,
    role: Role,
    /// False until the owner opens the link emailed at sign-up.
    email_verified: bool,
    /// The language the account's emails are written in.
    language: Lang,
}

#[derive(Serialize, ToSchema)]
pub struct AccountResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Account,
}

/// The signed-in account.
#[utoipa::path(get, path = "/auth/me", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = AccountResponse), (status = 401, body = ErrorBody)))]
async fn me(State(state): State<AppState>, session: Session) -> AppResult<Json<AccountResponse>> {
    let found: Option<(String, String, String, String, String, Option<i64>, String)> =
        sqlx::query_as("SELECT id, first_name, last_name, email, role, email_verified_at, language FROM users WHERE id = $1")
            .bind(&session.user_id)
            .fetch_optional(&state.db.pool)
            .await?;
    let (id, first_name, last_name, email, role, verified_at, language) =
        found.ok_or_else(session_expired)?;
    let role =
        Role::parse(&role).ok_or_else(|| anyhow::anyhow!("user {id} has unknown role {role}"))?;
    let email_verified = verified_at.is_some();
    let language = Lang::from_stored(&language);
    Ok(Json(AccountResponse {
        status: "success",
        data: Account { id, first_name, last_name, email, role, email_verified, language },
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Completion {
    is_profile_complete: bool,
}

#[derive(Serialize, ToSchema)]
pub struct CompletionResponse {
    #[schema(example = "success")]
    status: &'static str,
    data: Completion,
}

/// Whether the signed-in account's profile has every required field, so the client knows
/// where to send someone after login. `role` must be the caller's own role.
#[utoipa::path(get, path = "/protect/completion/{role}", tag = "accounts", security(("bearer" = [])),
    params(("role" = SelfChosenRole, Path)),
    responses(
        (status = 200, body = CompletionResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "The role is not the caller's"),
    ))]
async fn completion(
    State(state): State<AppState>,
    session: Session,
    Path(role): Path<String>,
) -> AppResult<Json<CompletionResponse>> {
    let role = match Role::parse(&role) {
        Some(role @ (Role::Tourist | Role::Guide)) => role,
        _ => return Err(AppError::validation("Role must be tourist or guide")),
    };
    // The token's role could be stale; the database decides.
    let stored: Option<(String,)> = sqlx::query_as("SELECT role FROM users WHERE id = $1")
        .bind(&session.user_id)
        .fetch_optional(&state.db.pool)
        .await?;
    let stored = stored.ok_or_else(session_expired)?;
    if stored.0 != role.as_str() || session.role != role {
        return Err(AppError::Forbidden(format!(
            "This account is not a {} account",
            role_label(role)
        )));
    }
    let is_profile_complete = profile_is_complete(&state.db, &session.user_id, role).await?;
    Ok(Json(CompletionResponse { status: "success", data: Completion { is_profile_complete } }))
}

/// Each role's own profile code knows which fields its form requires.
async fn profile_is_complete(db: &Db, user_id: &str, role: Role) -> AppResult<bool> {
    match role {
        Role::Guide => crate::guides::profile::is_complete(db, user_id).await,
        _ => crate::tourists::profile::is_complete(db, user_id).await,
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NameRequest {
    #[schema(value_type = String, required = true, example = "Sita", min_length = 1, max_length = 50, pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    first_name: Option<String>,
    #[schema(value_type = String, required = true, example = "Rai", min_length = 1, max_length = 50, pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    last_name: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Name {
    first_name: String,
    last_name: String,
}

#[derive(Serialize, ToSchema)]
pub struct NameResponse {
    #[schema(example = "success")]
    status: &'static str,
    message: String,
    data: Name,
}

/// Change the signed-in account's first and last name.
#[utoipa::path(patch, path = "/protect/name", tag = "accounts", security(("bearer" = [])), request_body = NameRequest,
    responses((status = 200, body = NameResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn update_name(
    State(state): State<AppState>,
    session: Session,
    Json(body): Json<NameRequest>,
) -> AppResult<Json<NameResponse>> {
    let first_name = PersonName::parse(body.first_name.as_deref(), "First name")?;
    let last_name = PersonName::parse(body.last_name.as_deref(), "Last name")?;
    let mut tx = state.db.begin_write().await?;
    let updated = sqlx::query(
        "UPDATE users SET first_name = $1, last_name = $2, updated_at = $3 WHERE id = $4",
    )
    .bind(first_name.as_str())
    .bind(last_name.as_str())
    .bind(now_ms())
    .bind(&session.user_id)
    .execute(&mut *tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Err(session_expired());
    }
    // A guide's name is part of what travellers search.
    crate::guides::index::refresh(&mut tx, &session.user_id).await?;
    tx.commit().await?;
    Ok(Json(NameResponse {
        status: "success",
        message: "Name updated".into(),
        data: Name {
            first_name: first_name.as_str().to_owned(),
            last_name: last_name.as_str().to_owned(),
        },
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct DeleteAccountRequest {
    /// The account's current password.
    #[schema(value_type = String, required = true, min_length = 1)]
    password: Option<String>,
}

/// Delete the signed-in account for good. Personal data is erased or replaced ("Deleted
/// user", an email nobody receives); bookings, payments, the ledger and review scores stay
/// as records, shown as from "Deleted user". Every session ends. Refused while a booking
/// request or trip is open, or a guide's earnings are not all paid out.
#[utoipa::path(delete, path = "/auth/account", tag = "accounts", security(("bearer" = [])), request_body = DeleteAccountRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = ErrorBody, description = "The password is missing or not correct"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "An admin account"),
        (status = 409, body = ErrorBody, description = "An open booking or unpaid earnings still need the account"),
    ))]
async fn delete_account(
    State(state): State<AppState>,
    session: Session,
    Json(body): Json<DeleteAccountRequest>,
) -> AppResult<Json<MessageResponse>> {
    let password = body
        .password
        .filter(|p| !p.is_empty())
        .ok_or_else(|| AppError::validation("Password is required"))?;
    let stored: Option<(String, String)> =
        sqlx::query_as("SELECT password_hash, role FROM users WHERE id = $1")
            .bind(&session.user_id)
            .fetch_optional(&state.db.pool)
            .await?;
    let (stored, role) = stored.ok_or_else(session_expired)?;
    let matches = password.chars().count() <= super::domain::PASSWORD_MAX
        && password::verify(password, Some(stored)).await?;
    if !matches {
        return Err(AppError::validation("Your password is not correct"));
    }
    // Admins are made by the operator (`create-admin`) and sign the audit log.
    if role == Role::Admin.as_str() {
        return Err(AppError::Forbidden("An admin account cannot be deleted here".into()));
    }
    super::deletion::erase(&state, &session.user_id, &role).await?;
    Ok(success("Your account has been deleted"))
}
