//! What an SOS email says, to the guide and to the emergency contact; read from the
//! recorded alert when the outbox sends it.

use time::macros::format_description;

use super::emergency_info::{self, EmergencyInfo};
use super::map_link;
use crate::db::Db;
use crate::error::AppResult;

/// A recorded alert, with what the emails need about the traveller.
pub struct SosAlert {
    tourist: String,
    tourist_email: String,
    message: String,
    latitude: f64,
    longitude: f64,
    created_at: i64,
    info: EmergencyInfo,
}

/// The subject, paragraphs and button (the map) of one email.
pub type Content = (String, Vec<String>, (&'static str, String));

pub async fn find(db: &Db, alert_id: &str) -> AppResult<Option<SosAlert>> {
    let found: Option<(String, String, String, String, f64, f64, i64)> = sqlx::query_as(
        "SELECT a.tourist_id, u.first_name || ' ' || u.last_name, u.email, a.message, a.latitude, a.longitude, a.created_at \
         FROM sos_alerts a JOIN users u ON u.id = a.tourist_id WHERE a.id = $1",
    )
    .bind(alert_id)
    .fetch_optional(&db.pool)
    .await?;
    let Some((tourist_id, tourist, tourist_email, message, latitude, longitude, created_at)) =
        found
    else {
        return Ok(None);
    };
    let mut conn = db.pool.acquire().await?;
    let info = emergency_info::get(&mut conn, &tourist_id).await?;
    Ok(Some(SosAlert { tourist, tourist_email, message, latitude, longitude, created_at, info }))
}

impl SosAlert {
    fn map(&self) -> String {
        map_link(self.latitude, self.longitude)
    }

    /// "14:05 on 24 Nov 2026 (Nepal time)": where the reader may be far from Nepal.
    fn when(&self) -> String {
        let nepal = time::UtcOffset::from_hms(5, 45, 0).unwrap_or(time::UtcOffset::UTC);
        time::OffsetDateTime::from_unix_timestamp(self.created_at.div_euclid(1000))
            .map(|at| at.to_offset(nepal))
            .ok()
            .and_then(|at| {
                at.format(format_description!(
                    "[hour]:[minute] on [day padding:none] [month repr:short] [year]"
                ))
                .ok()
            })
            .map(|text| format!("{text} (Nepal time)"))
            .unwrap_or_default()
    }

    fn said(&self) -> Option<String> {
        (!self.message.is_empty()).then(|| format!("They wrote: \u{201c}{}\u{201d}", self.message))
    }

    fn place(&self) -> String {
        format!("Their location: {}, {} (open the map below).", self.latitude, self.longitude)
    }

    /// To the guide of a trip running now: where, what, and who to call next.
    pub fn for_guide(&self) -> Content {
        let mut lines = vec![format!(
            "{} sent an SOS from your trip together at {}.",
            self.tourist,
            self.when()
        )];
        lines.extend(self.said());
        lines.push(self.place());
        let info = &self.info;
        if !info.contact_name.is_empty() {
            let ways: Vec<&str> = [info.contact_phone.as_str(), info.contact_email.as_str()]
                .into_iter()
                .filter(|way| !way.is_empty())
                .collect();
            lines.push(format!(
                "Their emergency contact: {} ({}).",
                info.contact_name,
                ways.join(", ")
            ));
        }
        if !info.insurance_provider.is_empty() {
            let mut insurance = format!("Their travel insurance: {}", info.insurance_provider);
            if !info.insurance_policy_number.is_empty() {
                insurance.push_str(&format!(", policy {}", info.insurance_policy_number));
            }
            if !info.insurance_emergency_phone.is_empty() {
                insurance.push_str(&format!(", emergency line {}", info.insurance_emergency_phone));
            }
            lines.push(format!("{insurance}."));
        }
        lines.push("If you cannot reach them, call the Tourist Police (+977-1-4247041) or the police (100).".into());
        (format!("SOS from {}", self.tourist), lines, ("Open the map", self.map()))
    }

    /// To the emergency contact, who may not know Yatra: who, where, and what to do.
    pub fn for_contact(&self) -> Content {
        let mut lines = vec![format!(
            "{} named you as their emergency contact on Yatra, a marketplace for local guides in Nepal, and sent an SOS at {}.",
            self.tourist,
            self.when()
        )];
        lines.extend(self.said());
        lines.push(self.place());
        lines.push(format!(
            "Please try to reach them ({}). If you cannot, Nepal's Tourist Police answer on +977-1-4247041.",
            self.tourist_email
        ));
        (format!("SOS from {}", self.tourist), lines, ("Open the map", self.map()))
    }
}
