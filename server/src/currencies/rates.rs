//! The currencies Yatra shows prices in, and a rate per dollar parsed from an admin's edit.

use crate::error::AppError;

/// The dollar first (prices are set in it), then the currencies travellers to Nepal use most.
pub const CODES: [&str; 8] = ["USD", "NPR", "EUR", "GBP", "INR", "AUD", "CNY", "JPY"];
/// The currency prices are set in: its rate is 1 by definition and cannot be edited.
pub const BASE: &str = "USD";

/// Bounds that every currency Yatra shows sits well inside; a rate outside them is a typo
/// (a dropped digit, a rate written the wrong way round), not an exchange rate.
pub const RATE_MIN: f64 = 0.01;
pub const RATE_MAX: f64 = 100_000.0;
/// Rates are kept to the millionth of a unit, as integers (the Any driver has no decimal).
const MICROS: f64 = 1_000_000.0;

/// How many units of a currency one dollar buys, in millionths: always within the bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatePerUsd(i64);

impl RatePerUsd {
    /// Parses the rate given for `code` from a JSON value.
    pub fn parse(code: &str, value: &serde_json::Value) -> Result<Self, AppError> {
        let out_of_bounds = || {
            AppError::validation(format!(
                "The rate for {code} must be a number of units per US dollar from 0.01 to 100,000."
            ))
        };
        let rate = value.as_f64().ok_or_else(out_of_bounds)?;
        if !rate.is_finite() || !(RATE_MIN..=RATE_MAX).contains(&rate) {
            return Err(out_of_bounds());
        }
        Ok(Self((rate * MICROS).round() as i64))
    }

    pub fn from_micros(micros: i64) -> Self {
        Self(micros)
    }

    pub fn micros(self) -> i64 {
        self.0
    }

    pub fn per_usd(self) -> f64 {
        self.0 as f64 / MICROS
    }
}

/// The rupee: wallets charge in it, so its rate may be fixed by the server's setting.
pub const NPR: &str = "NPR";

/// The currency named `code`, if Yatra shows prices in it; the dollar cannot be edited, nor
/// the rupee when the server fixes its rate (`npr_fixed`): one rupee rate everywhere, so a
/// price shown in rupees is what Khalti or eSewa charges.
pub fn editable_code(code: &str, npr_fixed: bool) -> Result<&'static str, AppError> {
    if code == BASE {
        return Err(AppError::validation(
            "The US dollar is the currency prices are set in: its rate is always 1.",
        ));
    }
    if npr_fixed && code == NPR {
        return Err(AppError::validation(
            "The rupee rate is fixed by the server setting YATRA_NPR_PER_USD, at which wallet payments are charged: change it there, not here.",
        ));
    }
    CODES.into_iter().find(|known| *known == code).ok_or_else(|| {
        AppError::validation(format!("Unknown currency: choose among {}.", CODES[1..].join(", ")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_rate_is_kept_to_the_millionth() {
        assert_eq!(RatePerUsd::parse("NPR", &json!(141.5)).unwrap().micros(), 141_500_000);
        assert_eq!(RatePerUsd::parse("EUR", &json!(0.8612345678)).unwrap().micros(), 861_235);
        assert_eq!(RatePerUsd::parse("JPY", &json!(155)).unwrap().per_usd(), 155.0);
    }

    #[test]
    fn rates_outside_the_bounds_or_not_numbers_are_refused() {
        for bad in [
            json!(0),
            json!(-1),
            json!(0.009),
            json!(100_000.01),
            json!(1e300),
            json!("141"),
            json!(null),
            json!([1]),
        ] {
            assert!(RatePerUsd::parse("NPR", &bad).is_err(), "{bad}");
        }
        assert!(RatePerUsd::parse("NPR", &json!(0.01)).is_ok());
        assert!(RatePerUsd::parse("NPR", &json!(100_000)).is_ok());
    }

    #[test]
    fn only_the_shown_currencies_but_the_dollar_are_editable() {
        assert_eq!(editable_code("NPR", false).unwrap(), "NPR");
        assert!(editable_code("NPR", true).is_err());
        assert_eq!(editable_code("EUR", true).unwrap(), "EUR");
        assert!(editable_code("USD", false).is_err());
        assert!(editable_code("npr", false).is_err());
        assert!(editable_code("XYZ", false).is_err());
    }
}
