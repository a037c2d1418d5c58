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
