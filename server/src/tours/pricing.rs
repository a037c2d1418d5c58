//! A tour's price tiers: the price per person depends on how many people come ("1–2 people:
//! $60 each, 3–6 people: $45 each"). A guide's tiers must price every group size the tour
//! takes exactly once; a booking pays its group size's tier, counted in whole cents.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// More tiers than this is a mistake, not a price list.
pub const MAX_TIERS: usize = 30;
/// The highest price per person in dollars: above it a typo is likelier than a real price.
pub const MAX_PRICE_PER_PERSON_USD: f64 = 10_000.0;

/// The price per person for groups of `min_people` to `max_people`, both included.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tier {
    #[schema(minimum = 1, maximum = 30, example = 1)]
    pub min_people: i32,
    #[schema(minimum = 1, maximum = 30, example = 2)]
    pub max_people: i32,
    /// Dollars, in whole cents.
    #[schema(exclusive_minimum = 0, maximum = 10000, example = 60)]
    pub price_per_person_usd: f64,
}

impl Tier {
    /// The price per person in whole cents. Rounded, because 19.99 × 100 is 1998.999… in
    /// floating point.
    pub fn price_per_person_cents(&self) -> i64 {
        (self.price_per_person_usd * 100.0).round() as i64
    }
}

/// Checks the tiers of a tour that takes groups of up to `max_group_size` (already checked to
/// be at least 1). The tiers may come in any order. The error is a message for the guide.
pub fn check_tiers(tiers: &[Tier], max_group_size: i32) -> Result<(), String> {
    if tiers.len() > MAX_TIERS {
        return Err(format!("pricing may have at most {MAX_TIERS} tiers"));
    }
    for tier in tiers {
        if tier.min_people > tier.max_people {
            return Err("pricing: each tier needs minPeople ≤ maxPeople".to_owned());
        }
        let price = tier.price_per_person_usd;
        // Compared this way round, NaN fails too.
        let in_range = price > 0.0 && price <= MAX_PRICE_PER_PERSON_USD;
        if !in_range {
            return Err(format!(
                "pricing: pricePerPersonUsd must be between 0.01 and {MAX_PRICE_PER_PERSON_USD}"
            ));
        }
        // A price with at most two decimals, read from JSON, is exactly the double nearest to
        // its cents over 100 (that division is exact before rounding); anything else has more.
        if tier.price_per_person_cents() as f64 / 100.0 != price {
            return Err(
                "pricing: pricePerPersonUsd must be in whole cents (at most 2 decimals)".to_owned()
            );
        }
    }

    let mut by_size: Vec<&Tier> = tiers.iter().collect();
    by_size.sort_by_key(|tier| tier.min_people);
    // In i64 so that a maxPeople of i32::MAX cannot overflow the next tier's start.
    let mut next_size = 1_i64;
    for tier in by_size {
        if i64::from(tier.min_people) != next_size {
            return Err(coverage_error(max_group_size));
        }
        next_size = i64::from(tier.max_people) + 1;
    }
    if next_size != i64::from(max_group_size) + 1 {
        return Err(coverage_error(max_group_size));
    }
    Ok(())
}

fn coverage_error(max_group_size: i32) -> String {
    format!("pricing must cover 1 to {max_group_size} people without gaps or overlaps")
}

/// The tier that prices a group of `group_size`, among tiers that passed `check_tiers`.
pub fn tier_for(tiers: &[Tier], group_size: i32) -> Option<&Tier> {
    tiers.iter().find(|tier| (tier.min_people..=tier.max_people).contains(&group_size))
}

/// What a group of `group_size` pays on `tier`, in whole cents.
pub fn total_cents(tier: &Tier, group_size: i32) -> i64 {
    tier.price_per_person_cents() * i64::from(group_size)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tier(min_people: i32, max_people: i32, price_per_person_usd: f64) -> Tier {
        Tier { min_people, max_people, price_per_person_usd }
    }

    fn coverage(max_group_size: i32) -> Result<(), String> {
        Err(format!("pricing must cover 1 to {max_group_size} people without gaps or overlaps"))
    }

    #[test]
    fn tiers_covering_every_group_size_once_pass_in_any_order() {
        let tiers = [tier(3, 6, 45.0), tier(1, 2, 60.0)];
        assert_eq!(check_tiers(&tiers, 6), Ok(()));
        assert_eq!(check_tiers(&[tier(1, 12, 25.5)], 12), Ok(()));
    }

    #[test]
    fn a_gap_between_tiers_is_refused() {
        assert_eq!(check_tiers(&[tier(1, 2, 60.0), tier(4, 6, 45.0)], 6), coverage(6));
    }

    #[test]
    fn overlapping_tiers_are_refused() {
        assert_eq!(check_tiers(&[tier(1, 3, 60.0), tier(3, 6, 45.0)], 6), coverage(6));
        assert_eq!(check_tiers(&[tier(1, 6, 60.0), tier(1, 6, 45.0)], 6), coverage(6));
    }

    #[test]
    fn tiers_must_start_at_one_person() {
        assert_eq!(check_tiers(&[tier(2, 6, 45.0)], 6), coverage(6));
        assert_eq!(check_tiers(&[tier(0, 6, 45.0)], 6), coverage(6));
    }

    #[test]
    fn tiers_must_reach_the_largest_group_and_stop_there() {
        assert_eq!(check_tiers(&[tier(1, 5, 45.0)], 6), coverage(6));
        assert_eq!(check_tiers(&[tier(1, 6, 45.0), tier(7, 8, 40.0)], 6), coverage(6));
        assert_eq!(check_tiers(&[tier(1, i32::MAX, 45.0)], 6), coverage(6));
    }

    #[test]
    fn no_tiers_is_refused() {
        assert_eq!(check_tiers(&[], 6), coverage(6));
    }

    #[test]
    fn a_tier_with_min_above_max_is_refused() {
        assert_eq!(
            check_tiers(&[tier(1, 2, 60.0), tier(6, 3, 45.0)], 6),
            Err("pricing: each tier needs minPeople ≤ maxPeople".to_owned())
        );
    }

    #[test]
    fn at_most_30_tiers_are_allowed() {
        let thirty: Vec<Tier> = (1..=30).map(|size| tier(size, size, 10.0)).collect();
        assert_eq!(check_tiers(&thirty, 30), Ok(()));
        let thirty_one: Vec<Tier> = (1..=31).map(|size| tier(size, size, 10.0)).collect();
        assert_eq!(
            check_tiers(&thirty_one, 31),
            Err("pricing may have at most 30 tiers".to_owned())
        );
    }

    #[test]
    fn prices_must_be_above_zero_and_at_most_10000() {
        let out_of_range =
            Err("pricing: pricePerPersonUsd must be between 0.01 and 10000".to_owned());
        for price in [0.0, -5.0, 10_000.01, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(check_tiers(&[tier(1, 4, price)], 4), out_of_range, "{price}");
        }
        for price in [0.01, 10_000.0] {
            assert_eq!(check_tiers(&[tier(1, 4, price)], 4), Ok(()), "{price}");
        }
    }

    #[test]
    fn prices_must_be_in_whole_cents() {
        let fractional = Err(
            "pricing: pricePerPersonUsd must be in whole cents (at most 2 decimals)".to_owned(),
        );
        for price in [19.999, 0.001, 0.1 + 0.2, 9_999.995] {
            assert_eq!(check_tiers(&[tier(1, 4, price)], 4), fractional, "{price}");
        }
        for price in [19.99, 0.29, 45.5, 1_234.56] {
            assert_eq!(check_tiers(&[tier(1, 4, price)], 4), Ok(()), "{price}");
        }
    }

    #[test]
    fn a_group_gets_the_tier_that_contains_its_size() {
        let tiers = [tier(3, 6, 45.0), tier(1, 2, 60.0)];
        assert_eq!(tier_for(&tiers, 1), Some(&tiers[1]));
        assert_eq!(tier_for(&tiers, 2), Some(&tiers[1]));
        assert_eq!(tier_for(&tiers, 3), Some(&tiers[0]));
        assert_eq!(tier_for(&tiers, 6), Some(&tiers[0]));
        assert_eq!(tier_for(&tiers, 7), None);
        assert_eq!(tier_for(&tiers, 0), None);
    }

    #[test]
    fn totals_are_counted_in_whole_cents() {
        // 19.99 × 100 and 0.29 × 100 fall just short of whole cents in floating point.
        assert_eq!(total_cents(&tier(1, 6, 19.99), 3), 5_997);
        assert_eq!(total_cents(&tier(1, 9, 0.29), 7), 203);
        assert_eq!(total_cents(&tier(1, 30, 10_000.0), 30), 30_000_000);
    }

    #[test]
    fn tiers_read_and_write_camel_case_json() {
        let json = r#"{"minPeople":1,"maxPeople":2,"pricePerPersonUsd":60.5}"#;
        let parsed: Tier = serde_json::from_str(json).unwrap();
        assert_eq!(parsed, tier(1, 2, 60.5));
        assert_eq!(serde_json::to_string(&parsed).unwrap(), json);
    }
}
