//! Sending an SOS: who it reaches, and everything it writes, in one transaction.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{emergency_info, map_link};
use crate::calendar::{date_text, today_in_nepal};
use crate::db::{new_id, now_ms};
use crate::email::{self, Email, Recipient, Template};
use crate::error::{AppError, AppResult};
use crate::http::AppState;
use crate::http::rate_limit::{Limit, PerCaller};
use crate::notice::Notice;
use crate::notifications::{self, NewNotification};
use crate::profile::{Location, optional_text};

pub const MESSAGE_MAX: usize = 500;
const TEN_MINUTES: i64 = 10 * 60_000;

/// A few alerts per ten minutes: enough to send again when unsure it went, not enough to
/// flood a guide's phone. Sized per address for a group sharing one lodge's connection.
pub const SOS_ALERTS: PerCaller = PerCaller {
    per_account: Limit { scope: "sos-account", max: 3, window_ms: TEN_MINUTES, what: "SOS alerts" },
    per_address: Limit {
        scope: "sos-address",
        max: 30,
        window_ms: TEN_MINUTES,
        what: "SOS alerts from your network",
    },
};

/// Paid trips running today (Nepal time) or starting by tomorrow: `$2` is tomorrow, `$3`
/// today. A trip on its last day may already be `completed` by the sweep; it still counts.
pub const TRIP_NOW: &str = "b.payment_status = 'paid' AND b.booking_status IN ('approved', 'completed') AND b.selected_date <= $2 AND b.end_date >= $3";

/// Today and tomorrow in Nepal, as `TRIP_NOW` binds them.
pub fn trip_now_dates() -> (String, String) {
    let today = today_in_nepal();
    (date_text(today.next_day().unwrap_or(today)), date_text(today))
}

#[derive(Deserialize, ToSchema)]
pub struct SosRequest {
    #[schema(value_type = f64, required = true, example = 27.9881, minimum = -90, maximum = 90)]
    latitude: Option<f64>,
    #[schema(value_type = f64, required = true, example = 86.925, minimum = -180, maximum = 180)]
    longitude: Option<f64>,
    /// What happened, in a few words (may be empty).
    #[schema(
        example = "Twisted my ankle below Lobuche, can't walk.",
        max_length = 500,
        pattern = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$"
    )]
    message: Option<String>,
}

/// A parsed alert: a point on the map and what the traveller wrote.
pub struct NewAlert {
    at: Location,
    message: String,
}

impl NewAlert {
    pub fn parse(request: &SosRequest) -> AppResult<Self> {
        let latitude =
            request.latitude.ok_or_else(|| AppError::validation("Latitude is required"))?;
        let longitude =
            request.longitude.ok_or_else(|| AppError::validation("Longitude is required"))?;
        if !(-90.0..=90.0).contains(&latitude) {
            return Err(AppError::validation("Latitude must be between -90 and 90"));
        }
        if !(-180.0..=180.0).contains(&longitude) {
            return Err(AppError::validation("Longitude must be between -180 and 180"));
        }
        let message = optional_text(request.message.as_deref(), "Message", MESSAGE_MAX, true)?
            .unwrap_or_default();
        Ok(Self { at: Location::new(longitude, latitude)?, message })
    }
}

/// Someone an alert reached.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Reached {
    #[schema(example = "Pemba Lama")]
    pub name: String,
    /// `guide` or `emergency-contact`.
    #[schema(example = "guide")]
    pub role: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SosSent {
    #[serde(rename = "_id")]
    pub id: String,
    /// How many people were told (guides of current trips and the emergency contact).
    pub notified: i64,
    pub reached: Vec<Reached>,
}

/// Records the alert and, in the same transaction, the notifications and emails that carry
/// it; the guides' open pages are told once it commits.
pub async fn send(state: &AppState, tourist_id: &str, alert: NewAlert) -> AppResult<SosSent> {
    let (tomorrow, today) = trip_now_dates();
    let mut tx = state.db.begin_write().await?;
    let (tourist,): (String,) =
        sqlx::query_as("SELECT first_name || ' ' || last_name FROM users WHERE id = $1")
            .bind(tourist_id)
            .fetch_one(&mut *tx)
            .await?;
    // One row per guide, even with two trips together: they are told once.
    let guides: Vec<(String, String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT b.guide_id, MIN(g.first_name || ' ' || g.last_name), MIN(b.id) FROM bookings b JOIN users g ON g.id = b.guide_id \
         WHERE b.tourist_id = $1 AND {TRIP_NOW} GROUP BY b.guide_id ORDER BY MIN(b.selected_date), b.guide_id"
    )))
    .bind(tourist_id)
    .bind(&tomorrow)
    .bind(&today)
    .fetch_all(&mut *tx)
    .await?;
    let contact = emergency_info::get(&mut tx, tourist_id).await?;

    let mut reached: Vec<Reached> = guides
        .iter()
        .map(|(_, name, _)| Reached { name: name.clone(), role: "guide".into() })
        .collect();
    if !contact.contact_email.is_empty() {
        reached
            .push(Reached { name: contact.contact_name.clone(), role: "emergency-contact".into() });
    }
    let id = new_id();
    sqlx::query(
        "INSERT INTO sos_alerts (id, tourist_id, latitude, longitude, message, notified, reached, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&id)
    .bind(tourist_id)
    .bind(alert.at.latitude)
    .bind(alert.at.longitude)
    .bind(&alert.message)
    .bind(reached.len() as i64)
    .bind(serde_json::to_string(&reached).map_err(anyhow::Error::from)?)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;

    let map = map_link(alert.at.latitude, alert.at.longitude);
    for (guide_id, _, booking_id) in &guides {
        notifications::store(
            &mut tx,
            NewNotification {
                user_id: guide_id,
                kind: "sos",
                booking_id: Some(booking_id),
                notice: Notice::Sos {
                    tourist: tourist.clone(),
                    message: alert.message.clone(),
                    map: map.clone(),
                },
                status: "sos",
                payment_status: "paid",
            },
        )
        .await?;
        email::queue(
            &mut tx,
            Email {
                to: Recipient::User(guide_id.clone()),
                template: Template::SosToGuide { alert_id: id.clone() },
            },
        )
        .await?;
    }
    if !contact.contact_email.is_empty() {
        let template = Template::SosToContact {
            alert_id: id.clone(),
            contact_name: contact.contact_name.clone(),
        };
        email::queue(
            &mut tx,
            Email { to: Recipient::Outside(contact.contact_email.clone()), template },
        )
        .await?;
    }
    tx.commit().await?;

    let guide_ids: Vec<&str> = guides.iter().map(|(guide_id, _, _)| guide_id.as_str()).collect();
    state.notifications.announce(&state.db, &guide_ids).await;
    Ok(SosSent { id, notified: reached.len() as i64, reached })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(latitude: Option<f64>, longitude: Option<f64>, message: &str) -> SosRequest {
        SosRequest { latitude, longitude, message: Some(message.into()) }
    }

    #[test]
    fn coordinates_must_be_on_the_map() {
        assert!(NewAlert::parse(&request(Some(27.9), Some(86.9), "")).is_ok());
        assert!(NewAlert::parse(&request(Some(90.5), Some(86.9), "")).is_err());
        assert!(NewAlert::parse(&request(Some(27.9), Some(-180.5), "")).is_err());
        assert!(NewAlert::parse(&request(None, Some(86.9), "")).is_err());
    }

    #[test]
    fn a_message_is_short() {
        assert!(
            NewAlert::parse(&request(Some(27.9), Some(86.9), &"a".repeat(MESSAGE_MAX))).is_ok()
        );
        assert!(
            NewAlert::parse(&request(Some(27.9), Some(86.9), &"a".repeat(MESSAGE_MAX + 1)))
                .is_err()
        );
    }
}
