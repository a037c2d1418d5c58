//! Email: a durable outbox. `queue` writes the email as a row inside the transaction of
//! the change it announces (a rolled-back change sends nothing); the worker in
//! `crate::outbox` renders and delivers due rows with retries, through SMTP or into the outbox folder.

use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;

use crate::db::{new_id, now_ms};
use crate::error::AppResult;

/// Who receives an email.
pub enum Recipient {
    /// An account, by id: its address is read when the email is sent.
    User(String),
    /// An address as typed (forgot password); nothing is sent unless an account has it.
    Address(String),
    /// Someone with no account (a traveller's emergency contact); only templates written
    /// for such a reader are sent to one.
    Outside(String),
}

pub struct Email {
    pub to: Recipient,
    pub template: Template,
}

/// Adds `email` to the outbox inside the caller's transaction; the worker sends it after
/// the transaction commits.
pub async fn queue(conn: &mut AnyConnection, email: Email) -> AppResult<()> {
    let (user_id, to_address) = match &email.to {
        Recipient::User(id) => (Some(id.as_str()), None),
        Recipient::Address(address) | Recipient::Outside(address) => {
            (None, Some(address.trim().to_lowercase()))
        }
    };
    let stored = serde_json::to_value(&email.template).map_err(anyhow::Error::from)?;
    let now = now_ms();
    sqlx::query(
        "INSERT INTO emails (id, user_id, to_address, template, data, status, attempts, next_attempt_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, 'pending', 0, $6, $6)",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(to_address)
    .bind(email.template.name())
    .bind(stored["data"].to_string())
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Every email Yatra sends, with what each needs to be written.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "template", content = "data", rename_all = "snake_case")]
pub enum Template {
    /// Sign-up (or "Resend email"): a link to `/verify-email?token=...`.
    VerifyEmail {},
    /// Forgot password: a link to `/reset-password?token=...` (sent to an address; nothing
    /// is sent when no account has it).
    PasswordReset {},
    /// To the guide: a traveller asked for a day.
    BookingRequested { booking_id: String },
    /// To the traveller.
    BookingApproved { booking_id: String },
    /// To the guide: a traveller booked an instant tour, approved at once.
    TourBooked { booking_id: String },
    /// To the traveller.
    BookingRejected { booking_id: String },
    /// To the traveller: the trip is paid and confirmed.
    PaymentReceivedTraveller { booking_id: String },
    /// To the guide: the traveller paid.
    PaymentReceivedGuide { booking_id: String },
    /// To the traveller and to the guide (`to_guide`): a request went unanswered, or an
    /// approved trip unpaid (`was_approved`), until its time ran out.
    BookingExpired { booking_id: String, to_guide: bool, was_approved: bool },
    /// To the traveller and to the guide (`to_guide`): who cancelled (`by_guide`), their
    /// reason (may be empty), and the refund (0 when there is none; `was_paid` tells "no
    /// refund" from "nothing was paid").
    BookingCancelled {
        booking_id: String,
        to_guide: bool,
        by_guide: bool,
        reason: String,
        refund_cents: i64,
        /// The refund in paisa when a wallet charged rupees: the email names rupees then.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        refund_paisa: Option<i64>,
        was_paid: bool,
    },
    /// To the traveller and to the guide (`to_guide`): the money went back to the traveller,
    /// in rupees (`paisa`) when a wallet charged them.
    BookingRefunded {
        booking_id: String,
        to_guide: bool,
        amount_cents: i64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paisa: Option<i64>,
    },
    /// To each paid traveller of a group departure and its guide (`to_guide`): it reached
    /// its minimum at the tour's cutoff and runs.
    DepartureConfirmed { departure_id: String, to_guide: bool },
    /// To each traveller holding seats on a group departure and its guide (`to_guide`): it
    /// fell short of its minimum at the tour's cutoff; the traveller's refund (0: nothing
    /// was paid), in rupees when a wallet charged them.
    DepartureCancelled {
        departure_id: String,
        to_guide: bool,
        refund_cents: i64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        refund_paisa: Option<i64>,
    },
    /// To the traveller: the guide of their conversation sent them a custom offer.
    OfferReceived { offer_id: String },
    /// To the guide: the traveller accepted their offer; the trip is approved, to be paid.
    OfferAccepted { offer_id: String },
    /// To a member of a conversation: a message from the other side has waited unread.
    UnreadMessages { conversation_id: String },
    /// To the traveller, two days after a completed trip that has no review yet: how was it?
    ReviewReminder { booking_id: String },
    /// To the guide: an admin verified the profile.
    GuideVerified {},
    /// To the guide: an admin turned the submission down, saying why.
    GuideVerificationRejected { reason: String },
    /// To the guide: the verified licence ends within 30 days (`expires_on`, YYYY-MM-DD).
    LicenceExpiring { expires_on: String },
    /// To the guide: the verified licence has ended, so the profile left the public lists.
    LicenceExpired { expires_on: String },
    /// To the guide of a trip running now: the traveller sent an SOS.
    SosToGuide { alert_id: String },
    /// To a traveller's emergency contact, who has no account (`Recipient::Outside`).
    SosToContact { alert_id: String, contact_name: String },
}

impl Template {
    /// The name stored in the outbox's `template` column.
    pub fn name(&self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v["template"].as_str().map(str::to_owned))
            .unwrap_or_default()
    }
}
