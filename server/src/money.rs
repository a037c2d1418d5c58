//! Amounts of money as the API and people read them. Money is stored as whole cents;
//! the API speaks dollars (`45`, `135.5`), messages and emails "$540.00".

/// Cents as the API's dollars.
pub fn dollars(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// "$540.00".
pub fn money(cents: i64) -> String {
    format!("${:.2}", cents as f64 / 100.0)
}

/// Paisa as rupees the way a wallet's receipt reads them: "NPR 12,015", with the paisa
/// only when there are some ("NPR 4,672.50").
pub fn rupees(paisa: i64) -> String {
    let whole = (paisa / 100).unsigned_abs().to_string();
    let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let sign = if paisa < 0 { "-" } else { "" };
    match (paisa % 100).abs() {
        0 => format!("NPR {sign}{grouped}"),
        rest => format!("NPR {sign}{grouped}.{rest:02}"),
    }
}

/// What a payment (or a part of it) came to in the currency actually paid: rupees when a
/// wallet charged `paisa`, else dollars. Messages about money a traveller paid say this,
/// never the other currency's equivalent.
pub fn paid(cents: i64, paisa: Option<i64>) -> String {
    paisa.map_or_else(|| money(cents), rupees)
}

/// The share of a rupee payment of `paid_paisa` (for `paid_cents`) that `part_cents` is,
/// to the paisa: a partial refund in the currency that was charged.
pub fn paisa_share(part_cents: i64, paid_cents: i64, paid_paisa: i64) -> i64 {
    if paid_cents <= 0 || part_cents >= paid_cents {
        return paid_paisa;
    }
    // Rounded to the nearest paisa, halves up; all amounts here are positive.
    let (part, paid, paisa) =
        (i128::from(part_cents), i128::from(paid_cents), i128::from(paid_paisa));
    ((2 * paisa * part + paid) / (2 * paid)) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rupees_read_as_a_wallet_receipt_reads_them() {
        assert_eq!(rupees(1_201_500), "NPR 12,015");
        assert_eq!(rupees(467_250), "NPR 4,672.50");
        assert_eq!(rupees(100_000_000), "NPR 1,000,000");
        assert_eq!(rupees(5), "NPR 0.05");
        assert_eq!(rupees(99_900), "NPR 999");
    }

    #[test]
    fn an_amount_is_named_in_the_currency_paid() {
        assert_eq!(paid(9000, None), "$90.00");
        assert_eq!(paid(9000, Some(1_201_500)), "NPR 12,015");
    }

    #[test]
    fn a_partial_refund_is_its_share_of_the_rupees_charged() {
        assert_eq!(paisa_share(9000, 9000, 1_201_500), 1_201_500);
        assert_eq!(paisa_share(4500, 9000, 1_201_500), 600_750);
        assert_eq!(paisa_share(1, 3, 100), 33);
        assert_eq!(paisa_share(2, 3, 100), 67);
        assert_eq!(paisa_share(10, 0, 100), 100);
    }
}
