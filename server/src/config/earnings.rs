//! What a guide earns from a payment, and how long it waits before it can be paid out.

use std::time::Duration;

use super::read::{duration, percent};

/// `YATRA_COMMISSION_PERCENT` when not set (and what the demo data is credited at).
pub const DEFAULT_COMMISSION_PERCENT: i64 = 15;

#[derive(Clone, Debug)]
pub struct EarningsConfig {
    /// The platform's share of each payment, in whole percent (`YATRA_COMMISSION_PERCENT`,
    /// default 15); the guide is credited the rest.
    pub commission_percent: i64,
    /// How long after a trip ends its earnings stay pending before they can be paid out
    /// (`YATRA_EARNINGS_HOLD`, default 3d): time for a traveller to report a problem.
    pub hold: Duration,
}

impl EarningsConfig {
    pub(super) fn from_lookup(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        Ok(Self {
            commission_percent: percent(
                get,
                "YATRA_COMMISSION_PERCENT",
                DEFAULT_COMMISSION_PERCENT,
            )?,
            hold: duration(get, "YATRA_EARNINGS_HOLD", "3d")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::config::Config;

    #[test]
    fn the_commission_is_a_whole_percent_from_0_to_100() {
        let dir = tempfile::tempdir().unwrap();
        let data_dir = dir.path().display().to_string();
        for (text, ok) in [
            ("0", true),
            ("100", true),
            ("20", true),
            ("101", false),
            ("-1", false),
            ("12.5", false),
            ("lots", false),
        ] {
            let config = Config::from_lookup(|var| match var {
                "YATRA_DATA_DIR" => Some(data_dir.clone()),
                "YATRA_JWT_SECRET" => Some("x".repeat(40)),
                "YATRA_COMMISSION_PERCENT" => Some(text.into()),
                _ => None,
            });
            assert_eq!(config.is_ok(), ok, "{text}");
        }
    }
}
