//! The audit log: one row per admin action, written inside the action's transaction (so
//! there is no action without its row, and no row without its action). The database
//! refuses updates and deletes of these rows.

use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::db::{new_id, now_ms};
use crate::error::AppResult;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AuditAction {
    VerifyGuide,
    RejectGuide,
    CreateDestination,
    UpdateDestination,
    DeleteDestination,
    HideBlog,
    UnhideBlog,
    HideReview,
    UnhideReview,
    SuspendUser,
    UnsuspendUser,
    DismissReport,
    RecordPayout,
    UpdateCurrencyRate,
    RecordRefund,
    /// A guide cancelled an approved trip (issue 28: it counts against their reliability).
    GuideCancelledTrip,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AuditTarget {
    Guide,
    Destination,
    Blog,
    Review,
    User,
    Report,
    Currency,
    Booking,
}

impl AuditAction {
    pub const ALL: [AuditAction; 16] = [
        Self::VerifyGuide,
        Self::RejectGuide,
        Self::CreateDestination,
        Self::UpdateDestination,
        Self::DeleteDestination,
        Self::HideBlog,
        Self::UnhideBlog,
        Self::HideReview,
        Self::UnhideReview,
        Self::SuspendUser,
        Self::UnsuspendUser,
        Self::DismissReport,
        Self::RecordPayout,
        Self::UpdateCurrencyRate,
        Self::RecordRefund,
        Self::GuideCancelledTrip,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::VerifyGuide => "verify_guide",
            Self::RejectGuide => "reject_guide",
            Self::CreateDestination => "create_destination",
            Self::UpdateDestination => "update_destination",
            Self::DeleteDestination => "delete_destination",
            Self::HideBlog => "hide_blog",
            Self::UnhideBlog => "unhide_blog",
            Self::HideReview => "hide_review",
            Self::UnhideReview => "unhide_review",
            Self::SuspendUser => "suspend_user",
            Self::UnsuspendUser => "unsuspend_user",
            Self::DismissReport => "dismiss_report",
            Self::RecordPayout => "record_payout",
            Self::UpdateCurrencyRate => "update_currency_rate",
            Self::RecordRefund => "record_refund",
            Self::GuideCancelledTrip => "guide_cancelled_trip",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|action| action.as_str() == text)
    }

    /// What kind of thing the action is done to.
    pub fn target(self) -> AuditTarget {
        match self {
            Self::VerifyGuide | Self::RejectGuide | Self::RecordPayout => AuditTarget::Guide,
            Self::CreateDestination | Self::UpdateDestination | Self::DeleteDestination => {
                AuditTarget::Destination
            }
            Self::HideBlog | Self::UnhideBlog => AuditTarget::Blog,
            Self::HideReview | Self::UnhideReview => AuditTarget::Review,
            Self::SuspendUser | Self::UnsuspendUser => AuditTarget::User,
            Self::DismissReport => AuditTarget::Report,
            Self::UpdateCurrencyRate => AuditTarget::Currency,
            Self::RecordRefund | Self::GuideCancelledTrip => AuditTarget::Booking,
        }
    }
}

impl AuditTarget {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Guide => "guide",
            Self::Destination => "destination",
            Self::Blog => "blog",
            Self::Review => "review",
            Self::User => "user",
            Self::Report => "report",
            Self::Currency => "currency",
            Self::Booking => "booking",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [
            Self::Guide,
            Self::Destination,
            Self::Blog,
            Self::Review,
            Self::User,
            Self::Report,
            Self::Currency,
            Self::Booking,
        ]
        .into_iter()
        .find(|target| target.as_str() == text)
    }
}

/// Records that `actor_id` did `action` to `target_id`; call inside the action's transaction.
pub async fn record(
    conn: &mut AnyConnection,
    actor_id: &str,
    action: AuditAction,
    target_id: &str,
    reason: &str,
) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO audit_log (id, actor_id, action, target_type, target_id, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(new_id())
    .bind(actor_id)
    .bind(action.as_str())
    .bind(action.target().as_str())
    .bind(target_id)
    .bind(reason)
    .bind(now_ms())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_reads_back_as_itself() {
        for action in AuditAction::ALL {
            assert_eq!(AuditAction::parse(action.as_str()), Some(action));
            assert_eq!(AuditTarget::parse(action.target().as_str()), Some(action.target()));
            let json = serde_json::to_value(action).unwrap();
            assert_eq!(json, action.as_str());
        }
    }
}
