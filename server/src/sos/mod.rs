//! SOS that reaches someone (issue 15). A traveller keeps an emergency contact and travel
//! insurance (`emergency_info`); `POST /sos` tells the guide of every paid trip running
//! today or starting within a day (a notification, announced live, and an email) and
//! emails the emergency contact, with a map link, all in one transaction that also
//! records the alert. The guide of such a trip may read the traveller's emergency details.

pub mod alert;
pub mod emails;
pub mod emergency_info;
pub mod routes;

/// Where the traveller was, on OpenStreetMap (reachable without an account or an app).
pub fn map_link(latitude: f64, longitude: f64) -> String {
    format!(
        "https://www.openstreetmap.org/?mlat={latitude}&mlon={longitude}#map=15/{latitude}/{longitude}"
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_map_link_centres_on_the_point() {
        assert_eq!(
            super::map_link(27.9881, 86.925),
            "https://www.openstreetmap.org/?mlat=27.9881&mlon=86.925#map=15/27.9881/86.925"
        );
    }
}
