//! Telling both sides of a trip what happened to it.

use super::lifecycle::TripState;
use super::view::Booking;
use crate::error::AppResult;
use crate::notifications::{self, NewNotification};

/// The same event told to the traveller and to the guide, in `tx`.
pub async fn notify_both(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    booking: &Booking,
    kind: &str,
    tourist_message: String,
    guide_message: String,
    now: TripState,
) -> AppResult<()> {
    for (user_id, tourist_message, guide_message) in [
        (&booking.tourist.id, tourist_message, String::new()),
        (&booking.guide.id, String::new(), guide_message),
    ] {
        notifications::store(
            tx,
            NewNotification {
                user_id,
                kind,
                booking_id: Some(&booking.id),
                guide_message,
                tourist_message,
                status: now.booking.as_str(),
                payment_status: now.payment.as_str(),
            },
        )
        .await?;
    }
    Ok(())
}
