//! Deleting an account at its owner's request. What identifies the person is erased or
//! replaced: the name becomes "Deleted user", the email a unique address that cannot
//! receive mail, and the profile (bio, phone, addresses, places, languages, interests,
//! payout details, emergency contact), pictures, ID card and licence images, SOS alerts,
//! posts, saved lists, notifications and queued emails are deleted. What the law and the
//! other party need stays: bookings, payments, refunds and the ledger, the scores of
//! reviews (their text is erased) and the messages sent to others, all shown as from
//! "Deleted user". The account can never sign in again: its sessions and links are
//! revoked and `deleted_at` makes every token it still holds answer 401.
//!
//! Refused while the account has an open booking (a request or an approved trip), or, for
//! a guide, earnings not yet paid out: deleting then would leave another person's trip or
//! money without anyone to answer for it.

use crate::db::{Db, new_id, now_ms};
use crate::error::{AppError, AppResult};
use crate::http::AppState;

/// The unique address that replaces a deleted account's email: `.invalid` is reserved
/// (RFC 2606), so nothing is ever delivered to it, and the id keeps it unique.
pub fn placeholder_email(user_id: &str) -> String {
    format!("deleted-{user_id}@deleted.invalid")
}

pub const DELETED_FIRST_NAME: &str = "Deleted";
pub const DELETED_LAST_NAME: &str = "user";

/// Erases the account `user_id` (whose password the caller has checked) and deletes its
/// media files. 409 with the reason when something open still needs the account.
pub async fn erase(state: &AppState, user_id: &str, role: &str) -> AppResult<()> {
    refuse_while_needed(state, user_id, role).await?;
    // Nobody knows this password, so nobody can sign in with it, even by the placeholder email.
    let unusable_hash = super::password::hash(new_id() + &new_id()).await?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;

    let old_email: Option<(String,)> =
        sqlx::query_as("SELECT email_lower FROM users WHERE id = $1 AND deleted_at IS NULL")
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((old_email,)) = old_email else {
        return Err(AppError::Unauthorized(
            "Your session has expired. Please sign in again.".into(),
        ));
    };
    let placeholder = placeholder_email(user_id);
    sqlx::query(
        "UPDATE users SET first_name = $1, last_name = $2, email = $3, email_lower = $3, password_hash = $4, \
         email_verified_at = NULL, deleted_at = $5, updated_at = $5 WHERE id = $6",
    )
    .bind(DELETED_FIRST_NAME)
    .bind(DELETED_LAST_NAME)
    .bind(&placeholder)
    .bind(&unusable_hash)
    .bind(now)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;

    // Every picture the account uploaded: profile, cover, ID card, licences, posts, tours.
    let media: Vec<(String,)> = sqlx::query_as("SELECT id FROM media WHERE owner_id = $1")
        .bind(user_id)
        .fetch_all(&mut *tx)
        .await?;

    // Unverified and with nothing submitted, a guide is in no public list, page or search.
    sqlx::query(
        "UPDATE guide_details SET bio = '', nationality = '', expertise_languages = '[]', interests = '[]', \
         phone = '', address = '', contact_email = '', longitude = NULL, latitude = NULL, \
         profile_picture_id = NULL, cover_image_id = NULL, status = 'unverified', review_state = 'none', \
         review_note = '', years_of_experience = NULL, submitted_at = NULL, payout_method = '', \
         payout_account_name = '', payout_bank_name = '', payout_account_number = '', \
         licence_expires_on = NULL, licence_reminded_for = NULL, meeting_place = '', what_to_bring = '[]', \
         updated_at = $1 WHERE user_id = $2",
    )
    .bind(now)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE tourist_details SET bio = '', nationality = '', preferred_languages = '[]', interests = '[]', \
         longitude = NULL, latitude = NULL, id_card_image_id = NULL, profile_picture_id = NULL, \
         cover_image_id = NULL, updated_at = $1 WHERE user_id = $2",
    )
    .bind(now)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    // Review texts may name people; the scores stay, so guides keep the ratings they earned.
    sqlx::query("UPDATE ratings SET comment = '', updated_at = $1 WHERE tourist_id = $2")
        .bind(now)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "UPDATE refresh_tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL",
    )
    .bind(now)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    // The guide's tours leave the catalogue for good; those with bookings stay as records.
    let tours: Vec<(String,)> = sqlx::query_as(
        "UPDATE tours SET status = 'archived', updated_at = $1 WHERE guide_id = $2 RETURNING id",
    )
    .bind(now)
    .bind(user_id)
    .fetch_all(&mut *tx)
    .await?;
    for sql in [
        "DELETE FROM certifications WHERE guide_id = $1",
        "DELETE FROM emergency_info WHERE user_id = $1",
        "DELETE FROM sos_alerts WHERE tourist_id = $1",
        "DELETE FROM account_tokens WHERE user_id = $1",
        "DELETE FROM favourite_guides WHERE user_id = $1 OR guide_id = $1",
        "DELETE FROM favourite_destinations WHERE user_id = $1",
        "DELETE FROM notifications WHERE user_id = $1",
        "DELETE FROM blog_likes WHERE user_id = $1",
        "DELETE FROM blogs WHERE author_id = $1",
        "DELETE FROM blocked_days WHERE guide_id = $1",
        "DELETE FROM review_replies WHERE guide_id = $1",
    ] {
        sqlx::query(sql).bind(user_id).execute(&mut *tx).await?;
    }
    // Queued and sent emails hold the address and what was said to it.
    sqlx::query("DELETE FROM emails WHERE user_id = $1 OR to_address = $2")
        .bind(user_id)
        .bind(&old_email)
        .execute(&mut *tx)
        .await?;
    let tour_ids: Vec<&str> = tours.iter().map(|(id,)| id.as_str()).collect();
    if !tour_ids.is_empty() {
        crate::catalogue_changes::record(&mut tx, crate::catalogue_changes::Kind::Tour, &tour_ids)
            .await?;
    }
    // Takes the guide out of the search tables and records the change for every replica's index.
    crate::guides::index::refresh(&mut tx, user_id).await?;
    tx.commit().await?;

    let media: Vec<String> = media.into_iter().map(|(id,)| id).collect();
    crate::media::upload::delete(&state.db, &state.media, &media).await?;
    tracing::info!(user_id, "account deleted at its owner's request");
    Ok(())
}

/// 409 while an open booking or unpaid earnings still need the account.
async fn refuse_while_needed(state: &AppState, user_id: &str, role: &str) -> AppResult<()> {
    if open_bookings(&state.db, user_id).await? > 0 {
        return Err(AppError::Conflict(
            "You have a booking request or an upcoming trip. Cancel it, or wait until it is over, before deleting your account".into(),
        ));
    }
    if role == "guide" {
        let mut conn = state.db.pool.acquire().await?;
        let balance =
            crate::earnings::balance(&mut conn, user_id, now_ms(), state.config.earnings.hold)
                .await?;
        if balance.available + balance.pending > 0 {
            return Err(AppError::Conflict(
                "Some of your earnings have not been paid out yet. You can delete your account once they are paid".into(),
            ));
        }
    }
    Ok(())
}

async fn open_bookings(db: &Db, user_id: &str) -> AppResult<i64> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM bookings WHERE (tourist_id = $1 OR guide_id = $1) \
         AND (booking_status IN ('pending', 'approved') OR payment_status = 'refund_pending')",
    )
    .bind(user_id)
    .fetch_one(&db.pool)
    .await?;
    Ok(count)
}
