//! A destination's trek facts (issue 15): how long, how high, when, how hard, whether a
//! licensed guide is required, and which permits a visitor buys. An admin sends them as
//! JSON; `TrekFacts::parse` checks every rule once, and only parsed facts are stored (as
//! JSON text in `destinations.trek`) and sent back.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;
use crate::profile::optional_text;

/// The longest trek we list is about a month; 60 leaves room for combined routes.
pub const DAYS_MAX: i64 = 60;
/// Everest's summit.
pub const ALTITUDE_MAX: i64 = 8849;
pub const PERMITS_MAX: usize = 10;
pub const PERMIT_NAME_MAX: usize = 120;
pub const PERMIT_NOTE_MAX: usize = 300;
/// Above any permit Nepal sells; a typo of three extra zeros is refused.
pub const FEE_NPR_MAX: i64 = 1_000_000;
pub const FEE_USD_MAX: i64 = 10_000;

/// How many days the trip takes, from the shortest to the longest usual itinerary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct DurationDays {
    #[schema(minimum = 1, maximum = 60, example = 12)]
    pub min: i64,
    #[schema(minimum = 1, maximum = 60, example = 14)]
    pub max: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    Easy,
    Moderate,
    Hard,
    Strenuous,
}

/// What a permit's fee is for: each entry, each week or each day of the stay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PermitPer {
    Entry,
    Week,
    Day,
}

/// One permit and its fee per person. Fees are whole rupees or dollars, as Nepal sets them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Permit {
    #[schema(
        example = "Annapurna Conservation Area Permit (ACAP)",
        min_length = 1,
        max_length = 120
    )]
    pub name: String,
    /// For foreign visitors, in rupees; null when the fee is in dollars.
    #[schema(required = true, minimum = 0, maximum = 1000000, example = 3000)]
    pub fee_npr: Option<i64>,
    /// For citizens of SAARC countries, in rupees; null when they pay `feeNpr` or `feeUsd`.
    #[schema(required = true, minimum = 0, maximum = 1000000, example = 1000)]
    pub saarc_fee_npr: Option<i64>,
    /// For foreign visitors, in US dollars (restricted areas); null when in rupees.
    #[schema(required = true, minimum = 0, maximum = 10000)]
    pub fee_usd: Option<i64>,
    pub per: PermitPer,
    /// E.g. the season a fee applies in; may be empty.
    #[schema(max_length = 300)]
    pub note: String,
    /// The note in Nepali (issue 26); empty where none is given, and readers of Nepali see
    /// the English.
    #[serde(default)]
    #[schema(max_length = 300)]
    pub note_ne: String,
}

/// The facts as the API shows them; every field may be missing (null or empty).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrekFacts {
    #[schema(required = true)]
    pub duration_days: Option<DurationDays>,
    /// The highest point of the usual route, in metres.
    #[schema(required = true, minimum = 0, maximum = 8849, example = 5364)]
    pub max_altitude_m: Option<i64>,
    /// Month numbers, 1 (January) to 12, in order.
    #[schema(example = json!([3, 4, 5, 10, 11]))]
    pub best_months: Vec<i64>,
    #[schema(required = true)]
    pub difficulty: Option<Difficulty>,
    /// A guide licensed by the Department of Tourism is required (national parks and
    /// conservation areas since April 2023, and every restricted area).
    pub licensed_guide_required: bool,
    pub permits: Vec<Permit>,
}

/// The admin's request: the same fields, any of them left out meaning "none".
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrekFactsRequest {
    #[schema(required = false)]
    pub duration_days: Option<DurationDays>,
    #[schema(required = false, minimum = 0, maximum = 8849)]
    pub max_altitude_m: Option<i64>,
    #[schema(required = false, max_items = 12)]
    pub best_months: Option<Vec<i64>>,
    #[schema(required = false)]
    pub difficulty: Option<Difficulty>,
    #[schema(required = false)]
    pub licensed_guide_required: Option<bool>,
    #[schema(required = false, max_items = 10)]
    pub permits: Option<Vec<PermitRequest>>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PermitRequest {
    #[schema(value_type = String, required = true, min_length = 1, max_length = 120, pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$")]
    pub name: Option<String>,
    #[schema(required = false, minimum = 0, maximum = 1000000)]
    pub fee_npr: Option<i64>,
    #[schema(required = false, minimum = 0, maximum = 1000000)]
    pub saarc_fee_npr: Option<i64>,
    #[schema(required = false, minimum = 0, maximum = 10000)]
    pub fee_usd: Option<i64>,
    #[schema(value_type = PermitPer, required = true)]
    pub per: Option<PermitPer>,
    #[schema(required = false, max_length = 300, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    pub note: Option<String>,
    #[schema(required = false, max_length = 300, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    pub note_ne: Option<String>,
}

fn in_range(value: Option<i64>, max: i64, message: &str) -> Result<Option<i64>, AppError> {
    match value {
        Some(v) if !(0..=max).contains(&v) => Err(AppError::validation(message)),
        other => Ok(other),
    }
}

impl TrekFacts {
    /// Checks every rule, with a message naming the field; months come back sorted.
    pub fn parse(request: TrekFactsRequest) -> Result<Self, AppError> {
        if let Some(DurationDays { min, max }) = request.duration_days {
            if !(1..=DAYS_MAX).contains(&min) || !(1..=DAYS_MAX).contains(&max) {
                return Err(AppError::validation(format!(
                    "Duration must be from 1 to {DAYS_MAX} days"
                )));
            }
            if min > max {
                return Err(AppError::validation(
                    "The shortest duration cannot be longer than the longest",
                ));
            }
        }
        let max_altitude_m = in_range(
            request.max_altitude_m,
            ALTITUDE_MAX,
            "Highest altitude must be from 0 to 8,849 metres",
        )?;
        let mut best_months = request.best_months.unwrap_or_default();
        if best_months.iter().any(|m| !(1..=12).contains(m)) {
            return Err(AppError::validation("Best months must be month numbers from 1 to 12"));
        }
        best_months.sort_unstable();
        let count = best_months.len();
        best_months.dedup();
        if best_months.len() != count {
            return Err(AppError::validation("Each best month may be given once"));
        }
        let permits = request.permits.unwrap_or_default();
        if permits.len() > PERMITS_MAX {
            return Err(AppError::validation(format!("Please add at most {PERMITS_MAX} permits")));
        }
        let permits = permits.into_iter().map(Permit::parse).collect::<Result<Vec<_>, _>>()?;
        Ok(Self {
            duration_days: request.duration_days,
            max_altitude_m,
            best_months,
            difficulty: request.difficulty,
            licensed_guide_required: request.licensed_guide_required.unwrap_or(false),
            permits,
        })
    }

    /// Stored text; `None` when there is nothing to say, so the pages keep the fixed labels.
    pub fn to_column(&self) -> Option<String> {
        (self != &Self::default()).then(|| serde_json::to_string(self).unwrap_or_default())
    }

    /// Read back from the column: facts the server wrote itself, so unreadable text (never
    /// expected) counts as none rather than failing the whole page.
    pub fn from_column(text: Option<&str>) -> Self {
        text.and_then(|t| serde_json::from_str(t).ok()).unwrap_or_default()
    }
}

impl Permit {
    fn parse(request: PermitRequest) -> Result<Self, AppError> {
        let name = optional_text(request.name.as_deref(), "Permit name", PERMIT_NAME_MAX, false)?
            .ok_or_else(|| AppError::validation("Every permit needs a name"))?;
        let fee_message =
            format!("Permit fees must be from 0 to {FEE_NPR_MAX} rupees or {FEE_USD_MAX} dollars");
        let fee_npr = in_range(request.fee_npr, FEE_NPR_MAX, &fee_message)?;
        let saarc_fee_npr = in_range(request.saarc_fee_npr, FEE_NPR_MAX, &fee_message)?;
        let fee_usd = in_range(request.fee_usd, FEE_USD_MAX, &fee_message)?;
        if fee_npr.is_none() && fee_usd.is_none() {
            return Err(AppError::validation(format!(
                "{name}: give a fee in rupees or in dollars"
            )));
        }
        let per = request.per.ok_or_else(|| {
            AppError::validation(format!("{name}: say whether the fee is per entry, week or day"))
        })?;
        let note = optional_text(request.note.as_deref(), "Permit note", PERMIT_NOTE_MAX, false)?
            .unwrap_or_default();
        let note_ne = optional_text(
            request.note_ne.as_deref(),
            "Nepali permit note",
            PERMIT_NOTE_MAX,
            false,
        )?
        .unwrap_or_default();
        Ok(Self { name, fee_npr, saarc_fee_npr, fee_usd, per, note, note_ne })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: serde_json::Value) -> TrekFactsRequest {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn facts_parse_sort_months_and_default_what_is_missing() {
        let facts = TrekFacts::parse(request(serde_json::json!({
            "durationDays": {"min": 12, "max": 14}, "bestMonths": [10, 3],
            "permits": [{"name": " TIMS ", "feeNpr": 2000, "per": "entry"}]
        })))
        .unwrap();
        assert_eq!(facts.best_months, vec![3, 10]);
        assert!(!facts.licensed_guide_required);
        assert_eq!(facts.permits[0].name, "TIMS");
        assert_eq!(facts.permits[0].note, "");
    }

    #[test]
    fn bad_facts_are_refused_with_a_reason() {
        for (json, message) in [
            (
                serde_json::json!({"durationDays": {"min": 5, "max": 3}}),
                "The shortest duration cannot be longer than the longest",
            ),
            (
                serde_json::json!({"durationDays": {"min": 0, "max": 3}}),
                "Duration must be from 1 to 60 days",
            ),
            (
                serde_json::json!({"maxAltitudeM": 9000}),
                "Highest altitude must be from 0 to 8,849 metres",
            ),
            (
                serde_json::json!({"bestMonths": [13]}),
                "Best months must be month numbers from 1 to 12",
            ),
            (serde_json::json!({"bestMonths": [4, 4]}), "Each best month may be given once"),
            (
                serde_json::json!({"permits": [{"name": "", "feeNpr": 1, "per": "day"}]}),
                "Every permit needs a name",
            ),
            (
                serde_json::json!({"permits": [{"name": "X", "per": "day"}]}),
                "X: give a fee in rupees or in dollars",
            ),
            (
                serde_json::json!({"permits": [{"name": "X", "feeUsd": 5}]}),
                "X: say whether the fee is per entry, week or day",
            ),
        ] {
            let error = TrekFacts::parse(request(json)).unwrap_err();
            assert_eq!(error.to_string(), message);
        }
    }

    #[test]
    fn empty_facts_store_nothing_and_round_trip_otherwise() {
        assert_eq!(TrekFacts::default().to_column(), None);
        let facts = TrekFacts { max_altitude_m: Some(5364), ..TrekFacts::default() };
        assert_eq!(TrekFacts::from_column(facts.to_column().as_deref()), facts);
        assert_eq!(TrekFacts::from_column(Some("not json")), TrekFacts::default());
    }
}
