//! How the Buddy shows a price: in the reader's currency and digits. Both the embedded
//! replies and the tools a model calls show prices this way, so it sits below both.

use crate::currencies::rates::BASE;
use crate::i18n::Lang;
use crate::i18n::terms::grouped;

/// `$52`, or `$52.50` when there are cents.
pub fn dollars(amount: f64) -> String {
    if amount.fract() == 0.0 { format!("${amount:.0}") } else { format!("${amount:.2}") }
}

/// How the reader sees the prices the Buddy finds: in the currency they chose (at the rate
/// the client converts at, marked `≈` as the client marks it) and, in a Nepali reply, in
/// Devanagari digits. A limit the traveller typed in dollars is told back in dollars.
#[derive(Clone, Copy, Debug)]
pub struct Prices {
    pub code: &'static str,
    pub per_usd: f64,
    pub lang: Lang,
}

impl Prices {
    pub fn dollars(lang: Lang) -> Self {
        Self { code: BASE, per_usd: 1.0, lang }
    }

    /// `usd` as "$52" or "≈ NPR 7,358" ("≈ नेरू ७,३५८" in Nepali).
    pub fn show(self, usd: f64) -> String {
        let text = if self.code == BASE {
            dollars(usd)
        } else {
            // Whole units, as the client shows an approximation; rupees grouped in lakhs.
            let amount = (usd * self.per_usd).round() as i64;
            let number =
                if matches!(self.code, "NPR" | "INR") { lakhs(amount) } else { grouped(amount) };
            let code =
                if self.code == "NPR" { self.lang.pick("NPR", "नेरू") } else { self.code };
            format!("≈\u{a0}{code}\u{a0}{number}")
        };
        match self.lang {
            Lang::En => text,
            Lang::Ne => devanagari_digits(&text),
        }
    }
}

/// `123456` as "1,23,456": thousands, then pairs, as Nepal and India group rupees.
fn lakhs(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    if digits.len() <= 3 {
        return grouped(n);
    }
    let (head, last3) = digits.split_at(digits.len() - 3);
    let mut out = String::from(if n < 0 { "-" } else { "" });
    for (i, digit) in head.char_indices() {
        if i > 0 && (head.len() - i).is_multiple_of(2) {
            out.push(',');
        }
        out.push(digit);
    }
    format!("{out},{last3}")
}

/// ASCII digits written in Devanagari.
fn devanagari_digits(text: &str) -> String {
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => char::from_u32(0x0966 + d).unwrap_or(c),
            None => c,
        })
        .collect()
}
