//! The life of a trip: how long a request and an approved booking wait, and how often
//! the sweep that expires them (and retries refunds) runs.

use std::time::Duration;

use super::read::duration;

#[derive(Clone, Debug)]
pub struct TripsConfig {
    /// How long a booking request waits for the guide (`YATRA_REQUEST_TTL`, default 48h).
    pub request_ttl: Duration,
    /// How long an approved booking waits for payment (`YATRA_PAYMENT_WINDOW`, default 24h).
    pub payment_window: Duration,
    /// How often the trip sweep runs (`YATRA_SWEEP_EVERY`, default 60s).
    pub sweep_every: Duration,
    /// The first wait before a failed refund is tried again; doubled each time
    /// (`YATRA_REFUND_RETRY`, default 30s).
    pub refund_retry: Duration,
}

impl TripsConfig {
    pub(super) fn from_lookup(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        Ok(Self {
            request_ttl: duration(get, "YATRA_REQUEST_TTL", "48h")?,
            payment_window: duration(get, "YATRA_PAYMENT_WINDOW", "24h")?,
            sweep_every: duration(get, "YATRA_SWEEP_EVERY", "60s")?,
            refund_retry: duration(get, "YATRA_REFUND_RETRY", "30s")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::config::Config;

    #[test]
    fn a_bad_duration_stops_start_up_naming_the_variable() {
        let dir = tempfile::tempdir().unwrap();
        for name in
            ["YATRA_REQUEST_TTL", "YATRA_PAYMENT_WINDOW", "YATRA_SWEEP_EVERY", "YATRA_REFUND_RETRY"]
        {
            let data_dir = dir.path().display().to_string();
            let error = Config::from_lookup(|var| match var {
                "YATRA_DATA_DIR" => Some(data_dir.clone()),
                "YATRA_JWT_SECRET" => Some("x".repeat(40)),
                v if v == name => Some("soon".into()),
                _ => None,
            })
            .unwrap_err()
            .to_string();
            assert!(error.starts_with(&format!("{name} \"soon\" is not a duration")), "{error}");
        }
    }

    #[test]
    fn the_trip_timers_default_to_two_days_a_day_and_a_minute() {
        let dir = tempfile::tempdir().unwrap();
        let data_dir = dir.path().display().to_string();
        let config = Config::from_lookup(|var| match var {
            "YATRA_DATA_DIR" => Some(data_dir.clone()),
            "YATRA_JWT_SECRET" => Some("x".repeat(40)),
            _ => None,
        })
        .unwrap();
        assert_eq!(config.trips.request_ttl, Duration::from_secs(48 * 3600));
        assert_eq!(config.trips.payment_window, Duration::from_secs(24 * 3600));
        assert_eq!(config.trips.sweep_every, Duration::from_secs(60));
        assert_eq!(config.trips.refund_retry, Duration::from_secs(30));
        assert_eq!(config.earnings.commission_percent, 15);
        assert_eq!(config.earnings.hold, Duration::from_secs(3 * 24 * 3600));
    }
}
