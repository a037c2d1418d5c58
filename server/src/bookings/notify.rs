//! Telling both sides of a trip what happened to it.

use super::lifecycle::TripState;
use super::view::Booking;
use crate::error::AppResult;
use crate::notice::Notice;
use crate::notifications::{self, NewNotification};

/// The same event told to the traveller and to the guide, in `tx`.
pub async fn notify_both(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    booking: &Booking,
    kind: &str,
    to_tourist: Notice,
    to_guide: Notice,
    now: TripState,
) -> AppResult<()> {
    for (user_id, notice) in [(&booking.tourist.id, to_tourist), (&booking.guide.id, to_guide)] {
        notifications::store(
            tx,
            NewNotification {
                user_id,
                kind,
                booking_id: Some(&booking.id),
                notice,
                status: now.booking.as_str(),
                payment_status: now.payment.as_str(),
            },
        )
        .await?;
    }
    Ok(())
}
