//! A tour's all-in price for a group: the guide's part and every permit of its
//! destination, each for that many people, that many days and that nationality group.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::destinations::trek::{Permit, PermitPer};

/// Whose permit fees apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Nationality {
    /// A citizen of a SAARC country, who pays `saarcFeeNpr` where a permit has one.
    Saarc,
    Other,
}

/// One permit for the whole group.
#[derive(Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PermitCharge {
    pub name: String,
    pub per: PermitPer,
    /// How many times each person pays it: 1 per entry, each started week, or each day.
    pub times: i64,
    /// The fee one person pays once, in rupees (null when it is in dollars).
    #[schema(required = true)]
    pub fee_npr: Option<i64>,
    /// The fee one person pays once, in dollars (null when it is in rupees).
    #[schema(required = true)]
    pub fee_usd: Option<i64>,
    /// For the whole group, in the fee's currency.
    #[schema(required = true)]
    pub total_npr: Option<i64>,
    #[schema(required = true)]
    pub total_usd: Option<i64>,
}

/// The all-in price.
#[derive(Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    pub group_size: i64,
    pub days: i64,
    /// The guide's part: the tier's price per person times the group, in dollars.
    pub guide_usd: f64,
    pub permits: Vec<PermitCharge>,
    /// The permits charged in rupees, together.
    pub permits_npr: i64,
    /// The permits charged in dollars, together.
    pub permits_usd: i64,
    /// The exchange rate the totals use (`YATRA_NPR_PER_USD`); null when none is set.
    #[schema(required = true)]
    pub npr_per_usd: Option<f64>,
    /// Everything in dollars; null when rupee permits cannot be converted (no rate).
    #[schema(required = true)]
    pub total_usd: Option<f64>,
    /// Everything in rupees, rounded up to the rupee; null without a rate.
    #[schema(required = true)]
    pub total_npr: Option<i64>,
}

impl Quote {
    pub fn new(
        guide_cents: i64,
        group_size: i64,
        days: i64,
        permits: &[Permit],
        nationality: Nationality,
        npr_per_usd: Option<f64>,
    ) -> Self {
        let charges: Vec<PermitCharge> = permits
            .iter()
            .map(|permit| {
                let times = match permit.per {
                    PermitPer::Entry => 1,
                    PermitPer::Week => (days + 6) / 7,
                    PermitPer::Day => days,
                };
                let saarc = permit.saarc_fee_npr.filter(|_| nationality == Nationality::Saarc);
                let (fee_npr, fee_usd) = match saarc {
                    Some(fee) => (Some(fee), None),
                    None => (permit.fee_npr, permit.fee_usd.filter(|_| permit.fee_npr.is_none())),
                };
                let each = |fee: Option<i64>| fee.map(|fee| fee * times * group_size);
                PermitCharge {
                    name: permit.name.clone(),
                    per: permit.per,
                    times,
                    fee_npr,
                    fee_usd,
                    total_npr: each(fee_npr),
                    total_usd: each(fee_usd),
                }
            })
            .collect();
        let permits_npr: i64 = charges.iter().filter_map(|c| c.total_npr).sum();
        let permits_usd: i64 = charges.iter().filter_map(|c| c.total_usd).sum();
        let dollars = guide_cents as f64 / 100.0 + permits_usd as f64;
        let (total_usd, total_npr) = match npr_per_usd {
            Some(rate) => {
                let usd = dollars + permits_npr as f64 / rate;
                (
                    Some((usd * 100.0).round() / 100.0),
                    Some((dollars * rate).ceil() as i64 + permits_npr),
                )
            }
            None if permits_npr == 0 => (Some(dollars), None),
            None => (None, None),
        };
        Self {
            group_size,
            days,
            guide_usd: guide_cents as f64 / 100.0,
            permits: charges,
            permits_npr,
            permits_usd,
            npr_per_usd,
            total_usd,
            total_npr,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn permit(
        per: PermitPer,
        fee_npr: Option<i64>,
        saarc: Option<i64>,
        fee_usd: Option<i64>,
    ) -> Permit {
        Permit {
            name: format!("{per:?} permit"),
            fee_npr,
            saarc_fee_npr: saarc,
            fee_usd,
            per,
            note: String::new(),
            note_ne: String::new(),
        }
    }

    #[test]
    fn each_permit_is_charged_per_entry_started_week_or_day_for_every_person() {
        let permits = [
            permit(PermitPer::Entry, Some(3000), Some(1000), None),
            permit(PermitPer::Week, None, None, Some(50)),
            permit(PermitPer::Day, Some(100), None, None),
        ];
        // 10 days: two weeks started; two people.
        let quote = Quote::new(120_000, 2, 10, &permits, Nationality::Other, Some(133.5));
        let totals: Vec<(i64, Option<i64>, Option<i64>)> =
            quote.permits.iter().map(|c| (c.times, c.total_npr, c.total_usd)).collect();
        assert_eq!(totals, [(1, Some(6000), None), (2, None, Some(200)), (10, Some(2000), None)]);
        assert_eq!((quote.guide_usd, quote.permits_npr, quote.permits_usd), (1200.0, 8000, 200));
        // $1,400 and Rs 8,000 at Rs 133.5 a dollar.
        assert_eq!(quote.total_usd, Some(1459.93));
        assert_eq!(quote.total_npr, Some(186_900 + 8000));
    }

    #[test]
    fn saarc_travellers_pay_their_own_fee_where_a_permit_has_one() {
        let permits = [
            permit(PermitPer::Entry, Some(3000), Some(1000), None),
            permit(PermitPer::Week, None, None, Some(50)),
        ];
        let quote = Quote::new(10_000, 1, 3, &permits, Nationality::Saarc, None);
        assert_eq!(quote.permits[0].total_npr, Some(1000));
        assert_eq!(quote.permits[1].total_usd, Some(50));
        // Rupees without a rate cannot be added to dollars.
        assert_eq!((quote.total_usd, quote.total_npr), (None, None));
        let dollars_only = Quote::new(10_000, 1, 3, &permits[1..], Nationality::Saarc, None);
        assert_eq!(dollars_only.total_usd, Some(150.0));
    }
}
