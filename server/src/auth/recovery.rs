//! Account recovery and security: forgotten passwords, email verification, changing the
//! password and signing out of every device.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::account_tokens::{self, Purpose};
use super::domain::{Email, NewPassword};
use super::password;
use crate::db::now_ms;
use crate::email::{self, Recipient, Template};
use crate::error::{AppError, AppResult, ErrorBody, Json};
use crate::http::rate_limit::{self, Limit, PerCaller};
use crate::http::session::Session;
use crate::http::{AppState, ClientIp};
use crate::http::{MessageResponse, success};

const RECOVERY_WINDOW_MS: i64 = 15 * 60 * 1000;
/// Reset emails one address may be sent (whoever asks), and reset requests one client
/// address may make across all emails.
pub const PASSWORD_RESETS: PerCaller = PerCaller {
    per_account: Limit {
        scope: "reset-email",
        max: 3,
        window_ms: RECOVERY_WINDOW_MS,
        what: "password reset requests for this email",
    },
    per_address: Limit {
        scope: "reset-address",
        max: 20,
        window_ms: RECOVERY_WINDOW_MS,
        what: "password reset requests from your network",
    },
};
/// Verification emails (the sign-up one included) one account may get within the window.
pub const MAX_VERIFICATION_EMAILS: i64 = 3;

const FORGOT_ANSWER: &str = "If an account uses this email, we have sent it a link to reset the password. Please check your inbox.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
        .routes(routes!(verify_email))
        .routes(routes!(resend_verification))
        .routes(routes!(change_password))
        .routes(routes!(logout_all))
}

#[derive(Deserialize, ToSchema)]
pub struct ForgotPasswordRequest {
    #[schema(example = "sita@example.com")]
    email: Option<String>,
}

/// Ask for a password reset link. The answer is the same whether or not an account uses
/// the email, and so is the work done (the email is written, or skipped, later).
#[utoipa::path(post, path = "/auth/forgot-password", tag = "accounts", request_body = ForgotPasswordRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = ErrorBody, description = "The email is missing or not an email address"),
        (status = 429, body = ErrorBody, description = "Too many requests for this email or from this address"),
    ))]
async fn forgot_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ForgotPasswordRequest>,
) -> AppResult<Json<MessageResponse>> {
    let email = Email::parse(body.email.as_deref())?;
    let email_lower = email.lower();
    // Counted by the address typed, account or not, so the limit says nothing either.
    rate_limit::count(&state, &PASSWORD_RESETS, Some(&email_lower), &ip).await?;
    let mut tx = state.db.begin_write().await?;
    email::queue(
        &mut tx,
        email::Email { to: Recipient::Address(email_lower), template: Template::PasswordReset {} },
    )
    .await?;
    tx.commit().await?;
    Ok(success(FORGOT_ANSWER))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    /// The `token` of the emailed `/reset-password?token=...` link.
    token: Option<String>,
    password: Option<String>,
    confirm_password: Option<String>,
}

/// Set a new password with an emailed reset link. The link works once, for 30 minutes;
/// every session of the account is signed out.
#[utoipa::path(post, path = "/auth/reset-password", tag = "accounts", request_body = ResetPasswordRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = ErrorBody, description = "The link is unknown, used or expired, or the password breaks the rules"),
    ))]
async fn reset_password(
    State(state): State<AppState>,
    Json(body): Json<ResetPasswordRequest>,
) -> AppResult<Json<MessageResponse>> {
    let password = NewPassword::parse(body.password.as_deref(), body.confirm_password.as_deref())?;
    // A dead link is refused before the (deliberately slow) hashing; `consume` below
    // checks again inside the transaction.
    account_tokens::check(&state.db, body.token.as_deref(), Purpose::ResetPassword).await?;
    let hash = password::hash(password.into_inner()).await?;
    let mut tx = state.db.begin_write().await?;
    let user_id =
        account_tokens::consume(&mut tx, body.token.as_deref(), Purpose::ResetPassword).await?;
    let now = now_ms();
    // Opening the emailed link proves the address is theirs, too.
    sqlx::query("UPDATE users SET password_hash = $1, updated_at = $2, email_verified_at = COALESCE(email_verified_at, $2) WHERE id = $3")
        .bind(&hash)
        .bind(now)
        .bind(&user_id)
        .execute(&mut *tx)
        .await?;
    revoke_all_sessions(&mut tx, &user_id).await?;
    tx.commit().await?;
    Ok(success("Your password has been reset. Please sign in with your new password."))
}

#[derive(Deserialize, ToSchema)]
pub struct VerifyEmailRequest {
    /// The `token` of the emailed `/verify-email?token=...` link.
    token: Option<String>,
}

/// Confirm the account's email address with the emailed link (no sign-in needed: the
/// link may be opened on another device).
#[utoipa::path(post, path = "/auth/verify-email", tag = "accounts", request_body = VerifyEmailRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = ErrorBody, description = "The link is unknown, used or expired"),
    ))]
async fn verify_email(
    State(state): State<AppState>,
    Json(body): Json<VerifyEmailRequest>,
) -> AppResult<Json<MessageResponse>> {
    let mut tx = state.db.begin_write().await?;
    let user_id =
        account_tokens::consume(&mut tx, body.token.as_deref(), Purpose::VerifyEmail).await?;
    sqlx::query(
        "UPDATE users SET email_verified_at = COALESCE(email_verified_at, $1) WHERE id = $2",
    )
    .bind(now_ms())
    .bind(&user_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(success("Thank you! Your email address is verified."))
}

/// Send the verification email again (at most three within 15 minutes, the sign-up one
/// included).
#[utoipa::path(post, path = "/auth/resend-verification", tag = "accounts", security(("bearer" = [])),
    responses(
        (status = 200, body = MessageResponse),
        (status = 401, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The email is already verified"),
        (status = 429, body = ErrorBody, description = "Too many verification emails lately"),
    ))]
async fn resend_verification(
    State(state): State<AppState>,
    session: Session,
) -> AppResult<Json<MessageResponse>> {
    let mut tx = state.db.begin_write().await?;
    let now = now_ms();
    let found: Option<(Option<i64>, i64, Option<i64>)> = sqlx::query_as(
        "SELECT u.email_verified_at, COUNT(e.id), MIN(e.created_at) FROM users u \
         LEFT JOIN emails e ON e.user_id = u.id AND e.template = 'verify_email' AND e.created_at > $2 \
         WHERE u.id = $1 GROUP BY u.id, u.email_verified_at",
    )
    .bind(&session.user_id)
    .bind(now - RECOVERY_WINDOW_MS)
    .fetch_optional(&mut *tx)
    .await?;
    let (verified_at, recent, oldest) = found.ok_or_else(|| {
        AppError::Unauthorized("Your session has expired. Please sign in again.".into())
    })?;
    if verified_at.is_some() {
        return Err(AppError::Conflict("Your email address is already verified".into()));
    }
    if recent >= MAX_VERIFICATION_EMAILS {
        // Another may be sent once the oldest counted one leaves the window.
        let wait_seconds =
            (oldest.unwrap_or(now) + RECOVERY_WINDOW_MS - now).max(1000) as u64 / 1000;
        return Err(AppError::too_many_requests(
            "We have sent several verification emails already. Please wait 15 minutes before asking for another.",
            wait_seconds,
        ));
    }
    email::queue(
        &mut tx,
        email::Email {
            to: Recipient::User(session.user_id.clone()),
            template: Template::VerifyEmail {},
        },
    )
    .await?;
    tx.commit().await?;
    Ok(success("We have sent you a new verification email."))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    current_password: Option<String>,
    password: Option<String>,
    confirm_password: Option<String>,
}

/// Change the signed-in account's password (the current one is required).
#[utoipa::path(post, path = "/auth/change-password", tag = "accounts", security(("bearer" = [])), request_body = ChangePasswordRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = ErrorBody, description = "The current password is wrong, or the new one breaks the rules"),
        (status = 401, body = ErrorBody),
    ))]
async fn change_password(
    State(state): State<AppState>,
    session: Session,
    Json(body): Json<ChangePasswordRequest>,
) -> AppResult<Json<MessageResponse>> {
    let current = body
        .current_password
        .filter(|p| !p.is_empty())
        .ok_or_else(|| AppError::validation("Current password is required"))?;
    let new_password =
        NewPassword::parse(body.password.as_deref(), body.confirm_password.as_deref())?;
    let stored: Option<(String,)> = sqlx::query_as("SELECT password_hash FROM users WHERE id = $1")
        .bind(&session.user_id)
        .fetch_optional(&state.db.pool)
        .await?;
    let (stored,) = stored.ok_or_else(|| {
        AppError::Unauthorized("Your session has expired. Please sign in again.".into())
    })?;
    let matches = current.chars().count() <= super::domain::PASSWORD_MAX
        && password::verify(current, Some(stored)).await?;
    if !matches {
        return Err(AppError::validation("Your current password is not correct"));
    }
    let hash = password::hash(new_password.into_inner()).await?;
    sqlx::query("UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3")
        .bind(&hash)
        .bind(now_ms())
        .bind(&session.user_id)
        .execute(&state.db.pool)
        .await?;
    Ok(success("Your password has been changed."))
}

/// Sign out everywhere: every refresh token of the account stops working (access tokens
/// run out within 15 minutes).
#[utoipa::path(post, path = "/auth/logout-all", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorBody)))]
async fn logout_all(
    State(state): State<AppState>,
    session: Session,
) -> AppResult<Json<MessageResponse>> {
    let mut conn = state.db.pool.acquire().await?;
    revoke_all_sessions(&mut conn, &session.user_id).await?;
    Ok(success("You have been signed out of all devices."))
}

async fn revoke_all_sessions(conn: &mut sqlx::AnyConnection, user_id: &str) -> AppResult<()> {
    sqlx::query(
        "UPDATE refresh_tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL",
    )
    .bind(now_ms())
    .bind(user_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
