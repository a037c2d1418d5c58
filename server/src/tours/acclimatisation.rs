//! Altitude safety of a tour's itinerary: from where the group sleeps each night, how likely
//! a traveller who arrives unacclimatised is to get altitude sickness, and which nights make
//! it so, in English or Nepali.
//!
//! The risk categories are the Wilderness Medical Society's (Luks et al., 2024 update),
//! read as follows. Above 3,000 m the sleeping altitude should rise at most 500 m a night, and
//! a rest night should come for every full 1,000 m above 3,000 m; a first night at 2,800 m or
//! more is a risk on its own, and above 3,500 m a high one. Only nights count: what a group
//! climbs by day and comes down from to sleep does not.

use std::fmt;

use serde::Serialize;
use utoipa::ToSchema;

use crate::i18n::Lang;
use crate::i18n::terms::grouped;

/// The guideline limits gains and asks for rest nights only above this altitude.
const ACCLIMATISED_UP_TO_M: i32 = 3_000;
/// A first night from here up is a moderate risk, the body not having adjusted at all.
const FIRST_NIGHT_MODERATE_FROM_M: i32 = 2_800;
/// A first night above this is a high risk.
const FIRST_NIGHT_HIGH_ABOVE_M: i32 = 3_500;
/// The most the sleeping altitude should rise in one night above 3,000 m.
const MAX_NIGHTLY_GAIN_M: i32 = 500;
/// One rest night is due for every this many metres of sleeping altitude above 3,000 m.
const METRES_PER_REST_NIGHT: i32 = 1_000;

/// How likely an unacclimatised traveller is to get altitude sickness on the itinerary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Risk {
    Low,
    Moderate,
    High,
}

impl Risk {
    /// As `tours.risk` stores it.
    pub fn as_str(self) -> &'static str {
        match self {
            Risk::Low => "low",
            Risk::Moderate => "moderate",
            Risk::High => "high",
        }
    }

    pub fn from_stored(text: &str) -> Self {
        match text {
            "high" => Risk::High,
            "moderate" => Risk::Moderate,
            _ => Risk::Low,
        }
    }
}

/// A warning's stable code, for clients to switch on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WarningCode {
    FirstNightHigh,
    // serde's snake_case would run the digits on: `gain_over500`.
    #[serde(rename = "gain_over_500")]
    GainOver500,
    MissingRestDay,
}

/// What is wrong with a night, with the figures its message gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WarningKind {
    /// The first night is at 2,800 m or higher.
    FirstNightHigh,
    /// The night is more than 500 m higher than the one before, counting only above 3,000 m.
    GainOver500 { gain_m: i32 },
    /// Fewer rest nights came before this night than its altitude calls for.
    MissingRestDay { needed: u32, taken: u32 },
}

/// One night of the itinerary that raises the risk. Kept as facts and worded when read, so
/// it can be shown in the reader's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The day whose night it is, counted from 1.
    pub day: u32,
    pub sleep_altitude_m: i32,
    pub kind: WarningKind,
}

/// A warning as the API shows it, worded in one language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct LocalisedWarning {
    /// The day whose night it is, counted from 1.
    pub day: u32,
    pub code: WarningCode,
    pub message: String,
}

/// The assessment of an itinerary. Warnings are in day order, and within a day in the order
/// of `WarningCode`'s variants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Acclimatisation {
    pub risk: Risk,
    pub max_sleep_altitude_m: i32,
    pub warnings: Vec<Warning>,
}

/// Why an itinerary cannot be assessed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItineraryError {
    /// No night at all: a day trip has no altitude to acclimatise to.
    NoNights,
    /// A day other than the last has no sleeping altitude.
    MissingAltitude { day: u32 },
}

impl fmt::Display for ItineraryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ItineraryError::NoNights => f.write_str("the itinerary needs at least one night"),
            ItineraryError::MissingAltitude { day } => write!(
                f,
                "day {day} needs a sleeping altitude: only the last day, when the tour ends, \
                 may have none"
            ),
        }
    }
}

impl std::error::Error for ItineraryError {}

/// Assesses an itinerary given as each day's sleeping altitude in metres, day 1 first. The
/// last day may have none: the tour ends that day, so it has no night.
pub fn assess(sleep_altitudes_m: &[Option<i32>]) -> Result<Acclimatisation, ItineraryError> {
    let days = match sleep_altitudes_m.split_last() {
        Some((None, nights)) => nights,
        _ => sleep_altitudes_m,
    };
    let nights = (1..)
        .zip(days)
        .map(|(day, sleep)| sleep.ok_or(ItineraryError::MissingAltitude { day }))
        .collect::<Result<Vec<i32>, _>>()?;
    let &first = nights.first().ok_or(ItineraryError::NoNights)?;

    let mut warnings = Vec::new();
    if first >= FIRST_NIGHT_MODERATE_FROM_M {
        warnings.push(Warning {
            day: 1,
            sleep_altitude_m: first,
            kind: WarningKind::FirstNightHigh,
        });
    }
    let mut rest_nights = 0;
    let mut previous: Option<i32> = None;
    for (day, &sleep) in (1..).zip(&nights) {
        let above_threshold = sleep > ACCLIMATISED_UP_TO_M;
        if let Some(previous) = previous
            && above_threshold
        {
            let gain_m = sleep - previous.max(ACCLIMATISED_UP_TO_M);
            if gain_m > MAX_NIGHTLY_GAIN_M {
                let kind = WarningKind::GainOver500 { gain_m };
                warnings.push(Warning { day, sleep_altitude_m: sleep, kind });
            }
        }
        let needed = rest_nights_needed(sleep);
        if rest_nights < needed {
            let kind = WarningKind::MissingRestDay { needed, taken: rest_nights };
            warnings.push(Warning { day, sleep_altitude_m: sleep, kind });
        }
        // Counted after the check: a rest night prepares for the nights after it, not itself.
        // A night lower than the one before rests the body as well as a second night at the
        // same altitude does.
        if previous.is_some_and(|previous| above_threshold && sleep <= previous) {
            rest_nights += 1;
        }
        previous = Some(sleep);
    }

    let has = |code| warnings.iter().any(|warning| warning.code() == code);
    let steep = has(WarningCode::GainOver500);
    let hurried = has(WarningCode::MissingRestDay);
    let risk = if first > FIRST_NIGHT_HIGH_ABOVE_M || (steep && hurried) {
        Risk::High
    } else if first >= FIRST_NIGHT_MODERATE_FROM_M || steep || hurried {
        Risk::Moderate
    } else {
        Risk::Low
    };
    let max_sleep_altitude_m = nights.iter().copied().fold(first, i32::max);
    Ok(Acclimatisation { risk, max_sleep_altitude_m, warnings })
}

/// Rest nights due before a night at `sleep_m`: one for each full 1,000 m above 3,000 m.
fn rest_nights_needed(sleep_m: i32) -> u32 {
    if sleep_m > ACCLIMATISED_UP_TO_M {
        ((sleep_m - ACCLIMATISED_UP_TO_M) / METRES_PER_REST_NIGHT).unsigned_abs()
    } else {
        0
    }
}

impl Warning {
    pub fn code(&self) -> WarningCode {
        match self.kind {
            WarningKind::FirstNightHigh => WarningCode::FirstNightHigh,
            WarningKind::GainOver500 { .. } => WarningCode::GainOver500,
            WarningKind::MissingRestDay { .. } => WarningCode::MissingRestDay,
        }
    }

    /// The warning in words a traveller or guide can act on.
    pub fn message(&self, lang: Lang) -> String {
        let day = self.day;
        let sleep = grouped(i64::from(self.sleep_altitude_m));
        let threshold = grouped(i64::from(ACCLIMATISED_UP_TO_M));
        match (self.kind, lang) {
            (WarningKind::FirstNightHigh, Lang::En) => format!(
                "Day {day}: the first night is at {sleep} m; sleeping at {} m or higher on the \
                 first night raises the risk of altitude sickness.",
                grouped(i64::from(FIRST_NIGHT_MODERATE_FROM_M))
            ),
            (WarningKind::FirstNightHigh, Lang::Ne) => format!(
                "दिन {day}: पहिलो रात {sleep} मिटरमा बस्ने योजना छ; पहिलो रातै {} मिटर वा \
                 सोभन्दा माथि सुत्दा लेक लाग्ने जोखिम बढ्छ।",
                grouped(i64::from(FIRST_NIGHT_MODERATE_FROM_M))
            ),
            (WarningKind::GainOver500 { gain_m }, Lang::En) => format!(
                "Day {day}: sleeping at {sleep} m is a {} m gain above {threshold} m in one night; \
                 the guideline is at most {MAX_NIGHTLY_GAIN_M} m.",
                grouped(i64::from(gain_m))
            ),
            (WarningKind::GainOver500 { gain_m }, Lang::Ne) => format!(
                "दिन {day}: {sleep} मिटरमा सुत्दा एकै रातमा {threshold} मिटरमाथि {} मिटर उचाइ \
                 बढ्छ; एक रातमा बढीमा {MAX_NIGHTLY_GAIN_M} मिटर मात्र बढाउन सिफारिस गरिन्छ।",
                grouped(i64::from(gain_m))
            ),
            (WarningKind::MissingRestDay { needed, taken }, Lang::En) => {
                let rest_days = if needed == 1 { "rest day is" } else { "rest days are" };
                format!(
                    "Day {day}: before sleeping at {sleep} m, {needed} {rest_days} \
                     recommended; this plan has {taken}."
                )
            }
            (WarningKind::MissingRestDay { needed, taken }, Lang::Ne) => format!(
                "दिन {day}: {sleep} मिटरमा सुत्नुअघि उचाइमा अभ्यस्त हुन {needed} दिन विश्राम \
                 गर्न सिफारिस गरिन्छ; यो योजनामा विश्रामका {taken} दिन छन्।"
            ),
        }
    }

    pub fn localised(&self, lang: Lang) -> LocalisedWarning {
        LocalisedWarning { day: self.day, code: self.code(), message: self.message(lang) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nights(altitudes: &[i32]) -> Vec<Option<i32>> {
        altitudes.iter().copied().map(Some).collect()
    }

    fn assessed(altitudes: &[i32]) -> Acclimatisation {
        assess(&nights(altitudes)).unwrap()
    }

    fn codes(assessment: &Acclimatisation) -> Vec<(u32, WarningCode)> {
        assessment.warnings.iter().map(|warning| (warning.day, warning.code())).collect()
    }

    #[test]
    fn the_poon_hill_loop_is_low_risk() {
        // Tikhedhunga 1,540, Ghorepani 2,860 (never above 3,000 m, so no gain counts),
        // Tadapani 2,630, Ghandruk 1,940, then down to Pokhara: no night that day.
        let assessment = assess(&[Some(1540), Some(2860), Some(2630), Some(1940), None]).unwrap();
        assert_eq!(assessment.risk, Risk::Low);
        assert_eq!(assessment.max_sleep_altitude_m, 2860);
        assert!(assessment.warnings.is_empty());
    }

    #[test]
    fn a_first_night_at_exactly_2800_m_is_moderate() {
        let assessment = assessed(&[2800, 2800]);
        assert_eq!(assessment.risk, Risk::Moderate);
        assert_eq!(codes(&assessment), [(1, WarningCode::FirstNightHigh)]);
        assert_eq!(assessed(&[2799, 2799]).risk, Risk::Low);
    }

    #[test]
    fn a_first_night_above_3500_m_is_high_and_at_3500_m_moderate() {
        let high = assessed(&[3501]);
        assert_eq!(high.risk, Risk::High);
        assert_eq!(codes(&high), [(1, WarningCode::FirstNightHigh)]);
        assert_eq!(assessed(&[3500]).risk, Risk::Moderate);
    }

    #[test]
    fn a_single_gain_of_501_m_is_moderate_but_500_m_is_not() {
        // Only what lies above 3,000 m counts: 3,501 − max(2,700, 3,000) = 501.
        let assessment = assessed(&[2700, 3501]);
        assert_eq!(assessment.risk, Risk::Moderate);
        assert_eq!(
            assessment.warnings,
            [Warning {
                day: 2,
                sleep_altitude_m: 3501,
                kind: WarningKind::GainOver500 { gain_m: 501 }
            }]
        );
        let within = assessed(&[2700, 3500]);
        assert_eq!(within.risk, Risk::Low);
        assert!(within.warnings.is_empty());
    }

    #[test]
    fn a_missing_rest_day_alone_is_moderate() {
        // Gains 400, 400, 300; 4,100 m needs ⌊1,100 / 1,000⌋ = 1 rest night, none was taken.
        let assessment = assessed(&[2600, 3400, 3800, 4100]);
        assert_eq!(assessment.risk, Risk::Moderate);
        assert_eq!(
            assessment.warnings,
            [Warning {
                day: 4,
                sleep_altitude_m: 4100,
                kind: WarningKind::MissingRestDay { needed: 1, taken: 0 },
            }]
        );
    }

    #[test]
    fn a_big_gain_together_with_a_missing_rest_day_is_high() {
        // Day 3: 4,000 − 3,400 = 600 m, and 4,000 m needs 1 rest night with none taken.
        let assessment = assessed(&[2600, 3400, 4000]);
        assert_eq!(assessment.risk, Risk::High);
        assert_eq!(
            codes(&assessment),
            [(3, WarningCode::GainOver500), (3, WarningCode::MissingRestDay)]
        );
    }

    #[test]
    fn the_classic_everest_base_camp_trek_is_moderate() {
        // Day  night          sleep  gain above 3,000        rest needed  rest before
        //  1   Phakding       2,610  —                        0            0
        //  2   Namche         3,440  3,440 − 3,000 = 440      0            0
        //  3   Namche (rest)  3,440  0, rest night #1         0            0
        //  4   Tengboche      3,860  420                      0            1
        //  5   Dingboche      4,410  550 > 500: gain_over_500 1            1
        //  6   Dingboche      4,410  0, rest night #2         1            1
        //  7   Lobuche        4,940  530 > 500: gain_over_500 1            2
        //  8   Gorak Shep     5,164  224                      2            2
        //  9   Pheriche       4,240  down, rest night #3      1            2
        // 10   Namche         3,440  down, rest night #4      0            3
        // 11   Lukla          2,860  below 3,000: no gain, no rest
        // 12   fly out        —      no night
        // Two steep nights but every night had its rest days: moderate, not high.
        let assessment = assess(&[
            Some(2610),
            Some(3440),
            Some(3440),
            Some(3860),
            Some(4410),
            Some(4410),
            Some(4940),
            Some(5164),
            Some(4240),
            Some(3440),
            Some(2860),
            None,
        ])
        .unwrap();
        assert_eq!(assessment.risk, Risk::Moderate);
        assert_eq!(assessment.max_sleep_altitude_m, 5164);
        assert_eq!(
            assessment.warnings,
            [
                Warning {
                    day: 5,
                    sleep_altitude_m: 4410,
                    kind: WarningKind::GainOver500 { gain_m: 550 },
                },
                Warning {
                    day: 7,
                    sleep_altitude_m: 4940,
                    kind: WarningKind::GainOver500 { gain_m: 530 },
                },
            ]
        );
    }

    #[test]
    fn skipping_the_namche_rest_day_makes_the_everest_trek_high() {
        // Day  night          sleep  gain   rest needed  rest before
        //  2   Namche         3,440  440    0            0
        //  3   Tengboche      3,860  420    0            0
        //  4   Dingboche      4,410  550    1            0  gain_over_500, missing_rest_day
        //  5   Dingboche      4,410  0      1            0  missing_rest_day (it is the rest
        //                                                    night itself, counted after)
        //  6   Lobuche        4,940  530    1            1  gain_over_500
        let assessment = assessed(&[2610, 3440, 3860, 4410, 4410, 4940]);
        assert_eq!(assessment.risk, Risk::High);
        assert_eq!(
            codes(&assessment),
            [
                (4, WarningCode::GainOver500),
                (4, WarningCode::MissingRestDay),
                (5, WarningCode::MissingRestDay),
                (6, WarningCode::GainOver500),
            ]
        );
    }

    #[test]
    fn a_night_lower_than_the_one_before_counts_as_a_rest_night() {
        // 3,500 after 3,900 is a rest night, so 4,000 m (needs 1) is fine.
        let with_descent = assessed(&[2600, 3400, 3900, 3500, 4000]);
        assert_eq!(with_descent.risk, Risk::Low);
        assert!(with_descent.warnings.is_empty());

        let without = assessed(&[2600, 3400, 3900, 4000]);
        assert_eq!(codes(&without), [(4, WarningCode::MissingRestDay)]);
    }

    #[test]
    fn a_night_at_exactly_3000_m_is_neither_a_gain_nor_a_rest_night() {
        // Day 2 gains nothing (3,000 is not above 3,000); day 3 repeats 3,000 m, which is not
        // above 3,000 either, so no rest night; day 4 gains 3,500 − 3,000 = 500 (allowed).
        // Day 5 (4,000 m) needs 1 rest night and has none.
        let assessment = assessed(&[2700, 3000, 3000, 3500, 4000]);
        assert_eq!(assessment.risk, Risk::Moderate);
        assert_eq!(
            assessment.warnings,
            [Warning {
                day: 5,
                sleep_altitude_m: 4000,
                kind: WarningKind::MissingRestDay { needed: 1, taken: 0 },
            }]
        );
    }

    #[test]
    fn a_first_night_at_4000_m_already_lacks_a_rest_day() {
        let assessment = assessed(&[4000]);
        assert_eq!(assessment.risk, Risk::High);
        assert_eq!(
            codes(&assessment),
            [(1, WarningCode::FirstNightHigh), (1, WarningCode::MissingRestDay)]
        );
    }

    #[test]
    fn the_last_day_without_a_night_is_ignored() {
        let assessment = assess(&[Some(2000), None]).unwrap();
        assert_eq!(assessment, assessed(&[2000]));
    }

    #[test]
    fn only_the_last_day_may_lack_an_altitude() {
        assert_eq!(
            assess(&[Some(2000), None, Some(2500)]),
            Err(ItineraryError::MissingAltitude { day: 2 })
        );
        assert_eq!(
            assess(&[Some(2000), None, None]),
            Err(ItineraryError::MissingAltitude { day: 2 })
        );
    }

    #[test]
    fn an_itinerary_without_a_night_cannot_be_assessed() {
        assert_eq!(assess(&[]), Err(ItineraryError::NoNights));
        assert_eq!(assess(&[None]), Err(ItineraryError::NoNights));
    }

    #[test]
    fn messages_name_the_day_and_altitude_in_both_languages() {
        let first = Warning { day: 1, sleep_altitude_m: 3500, kind: WarningKind::FirstNightHigh };
        assert_eq!(
            first.message(Lang::En),
            "Day 1: the first night is at 3,500 m; sleeping at 2,800 m or higher on the first \
             night raises the risk of altitude sickness."
        );
        assert_eq!(
            first.message(Lang::Ne),
            "दिन 1: पहिलो रात 3,500 मिटरमा बस्ने योजना छ; पहिलो रातै 2,800 मिटर वा सोभन्दा \
             माथि सुत्दा लेक लाग्ने जोखिम बढ्छ।"
        );

        let gain = Warning {
            day: 3,
            sleep_altitude_m: 3440,
            kind: WarningKind::GainOver500 { gain_m: 580 },
        };
        assert_eq!(
            gain.message(Lang::En),
            "Day 3: sleeping at 3,440 m is a 580 m gain above 3,000 m in one night; the \
             guideline is at most 500 m."
        );
        assert_eq!(
            gain.message(Lang::Ne),
            "दिन 3: 3,440 मिटरमा सुत्दा एकै रातमा 3,000 मिटरमाथि 580 मिटर उचाइ बढ्छ; एक \
             रातमा बढीमा 500 मिटर मात्र बढाउन सिफारिस गरिन्छ।"
        );

        let rest = Warning {
            day: 5,
            sleep_altitude_m: 4410,
            kind: WarningKind::MissingRestDay { needed: 1, taken: 0 },
        };
        assert_eq!(
            rest.message(Lang::En),
            "Day 5: before sleeping at 4,410 m, 1 rest day is recommended; this plan has 0."
        );
        assert_eq!(
            rest.message(Lang::Ne),
            "दिन 5: 4,410 मिटरमा सुत्नुअघि उचाइमा अभ्यस्त हुन 1 दिन विश्राम गर्न सिफारिस \
             गरिन्छ; यो योजनामा विश्रामका 0 दिन छन्।"
        );
        let two = Warning {
            day: 8,
            sleep_altitude_m: 5164,
            kind: WarningKind::MissingRestDay { needed: 2, taken: 1 },
        };
        assert_eq!(
            two.message(Lang::En),
            "Day 8: before sleeping at 5,164 m, 2 rest days are recommended; this plan has 1."
        );
    }

    #[test]
    fn risk_and_warnings_serialise_with_their_codes() {
        assert_eq!(serde_json::to_value(Risk::Moderate).unwrap(), "moderate");
        assert_eq!(serde_json::to_value(Risk::High).unwrap(), "high");
        let assessment = assessed(&[2600, 3400, 4000]);
        let localised: Vec<_> =
            assessment.warnings.iter().map(|warning| warning.localised(Lang::En)).collect();
        let json = serde_json::to_value(&localised).unwrap();
        assert_eq!(json[0]["day"], 3);
        assert_eq!(json[0]["code"], "gain_over_500");
        assert_eq!(json[1]["code"], "missing_rest_day");
        assert_eq!(json[1]["message"], localised[1].message);
        let first = Warning { day: 1, sleep_altitude_m: 2900, kind: WarningKind::FirstNightHigh };
        assert_eq!(
            serde_json::to_value(first.localised(Lang::Ne)).unwrap()["code"],
            "first_night_high"
        );
    }
}
