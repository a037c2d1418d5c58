//! What fills a template's holes, in Nepali. A hole's name says what it holds (a field's
//! name, a booking state, a date); a person's name, an amount or a reason is kept as typed.

use super::Lang;

/// The words a hole called `name` may hold, English → Nepali.
fn words(name: &str) -> &'static [(&'static str, &'static str)] {
    match name {
        "field" => &[
            ("First name", "पहिलो नाम"),
            ("Last name", "थर"),
            ("Name", "नाम"),
            ("Bio", "परिचय"),
            ("Nepali bio", "नेपाली परिचय"),
            ("Nepali name", "नेपाली नाम"),
            ("Nepali location", "नेपाली स्थान"),
            ("Nepali description", "नेपाली विवरण"),
            ("Nepali permit note", "अनुमतिपत्रको नेपाली टिप्पणी"),
            ("Highlights", "मुख्य आकर्षणहरू"),
            ("Nepali highlights", "नेपाली मुख्य आकर्षणहरू"),
            ("Nationality", "राष्ट्रियता"),
            ("Phone", "फोन नम्बर"),
            ("Address", "ठेगाना"),
            ("Location", "स्थान"),
            ("Description", "विवरण"),
            ("Title", "शीर्षक"),
            ("Message", "सन्देश"),
            ("Content", "सामग्री"),
            ("Body", "सामग्री"),
            ("Comment", "टिप्पणी"),
            ("Reply", "जवाफ"),
            ("Knowledge", "ज्ञान"),
            ("Safety", "सुरक्षा"),
            ("Communication", "सञ्चार"),
            ("Value", "मूल्य"),
            ("Reason", "कारण"),
            ("Rating", "रेटिङ"),
            ("Reviews", "समीक्षाहरू"),
            ("Reference", "सन्दर्भ नम्बर"),
            ("Account holder", "खातावालाको नाम"),
            ("Bank", "बैंक"),
            ("Guide", "गाइड"),
        ],
        "state" => &[
            ("pending", "जवाफको प्रतीक्षामा"),
            ("approved", "स्वीकृत भइसकेको"),
            ("rejected", "अस्वीकृत भइसकेको"),
            ("cancelled", "रद्द भइसकेको"),
            ("expired", "म्याद सकिइसकेको"),
            ("completed", "सम्पन्न भइसकेको"),
        ],
        "role" => &[("traveller", "यात्री"), ("tour guide", "गाइड"), ("admin", "एडमिन")],
        "link" => {
            &[("verification link", "प्रमाणीकरण लिंक"), ("password reset link", "पासवर्ड रिसेट लिंक")]
        }
        "item" => &[
            ("language", "भाषा"),
            ("interest", "रुचि"),
            ("highlight", "मुख्य आकर्षण"),
            ("Nepali highlight", "नेपाली मुख्य आकर्षण"),
        ],
        "items" => &[
            ("languages", "भाषा"),
            ("interests", "रुचि"),
            ("highlights", "मुख्य आकर्षण"),
            ("Nepali highlights", "नेपाली मुख्य आकर्षण"),
        ],
        "what" => &[
            ("failed sign-in attempts", "असफल साइन-इन प्रयास"),
            ("failed sign-in attempts from your network", "तपाईंको नेटवर्कबाट असफल साइन-इन प्रयास"),
            ("failed sign-in attempts on this account", "यो खातामा असफल साइन-इन प्रयास"),
            ("sign-ups from your network", "तपाईंको नेटवर्कबाट साइन-अप"),
            ("booking requests", "बुकिङ अनुरोध"),
            ("booking requests from your network", "तपाईंको नेटवर्कबाट बुकिङ अनुरोध"),
            ("blog posts", "ब्लग पोस्ट"),
            ("blog posts from your network", "तपाईंको नेटवर्कबाट ब्लग पोस्ट"),
            ("reviews", "समीक्षा"),
            ("reviews from your network", "तपाईंको नेटवर्कबाट समीक्षा"),
            ("uploads", "अपलोड"),
            ("uploads from your network", "तपाईंको नेटवर्कबाट अपलोड"),
            ("messages from your network", "तपाईंको नेटवर्कबाट सन्देश"),
            ("questions to Tourist Buddy", "यात्री साथीलाई प्रश्न"),
            ("questions to Tourist Buddy from your network", "तपाईंको नेटवर्कबाट यात्री साथीलाई प्रश्न"),
        ],
        "how" => &[
            ("to your Khalti wallet", "तपाईंको खल्ती वालेटमा"),
            ("by bank transfer", "बैंक ट्रान्सफरमार्फत"),
        ],
        _ => &[],
    }
}

/// What a hole called `name` held, in `lang`.
pub fn hole(lang: Lang, name: &str, value: &str) -> String {
    if lang == Lang::En {
        return value.to_owned();
    }
    if let Some((_, ne)) = words(name).iter().find(|(en, _)| *en == value) {
        return (*ne).to_owned();
    }
    match name {
        "date" | "dates" => dates(value),
        "wait" => duration(value),
        "people" => people(value),
        _ => value.to_owned(),
    }
}

const MONTHS: [(&str, &str, &str); 12] = [
    ("Jan", "January", "जनवरी"),
    ("Feb", "February", "फेब्रुअरी"),
    ("Mar", "March", "मार्च"),
    ("Apr", "April", "अप्रिल"),
    ("May", "May", "मे"),
    ("Jun", "June", "जुन"),
    ("Jul", "July", "जुलाई"),
    ("Aug", "August", "अगस्ट"),
    ("Sep", "September", "सेप्टेम्बर"),
    ("Oct", "October", "अक्टोबर"),
    ("Nov", "November", "नोभेम्बर"),
    ("Dec", "December", "डिसेम्बर"),
];

/// "12 Dec 2026" or "12 December 2026" → "12 डिसेम्बर 2026"; "12 Dec 2026 (3 days)" →
/// "12 डिसेम्बर 2026 (3 दिन)".
/// Anything else (a `YYYY-MM-DD` date) as it is.
pub fn dates(text: &str) -> String {
    let (date, days) = match text.split_once(" (") {
        Some((date, rest)) => {
            (date, rest.strip_suffix(" days)").filter(|n| n.parse::<u32>().is_ok()))
        }
        None => (text, None),
    };
    let words: Vec<&str> = date.split(' ').collect();
    let month = match words.as_slice() {
        [day, month, year] if day.parse::<u8>().is_ok() && year.parse::<u16>().is_ok() => MONTHS
            .iter()
            .find(|(short, long, _)| short == month || long == month)
            .map(|(_, _, ne)| format!("{day} {ne} {year}")),
        _ => None,
    };
    match (month, days) {
        (Some(date), Some(days)) => format!("{date} ({days} दिन)"),
        (Some(date), None) if !text.contains(" (") => date,
        _ => text.to_owned(),
    }
}

/// "1 minute", "15 minutes", "2 hours", "30 seconds" → "15 मिनेट" and so on (digits kept).
pub fn duration(text: &str) -> String {
    let Some((count, unit)) = text.split_once(' ') else { return text.to_owned() };
    let unit = match unit {
        "second" | "seconds" => "सेकेन्ड",
        "minute" | "minutes" => "मिनेट",
        "hour" | "hours" => "घण्टा",
        _ => return text.to_owned(),
    };
    format!("{count} {unit}")
}

/// "1 person", "4 people" → "1 जना", "4 जना".
pub fn people(text: &str) -> String {
    match text.split_once(' ') {
        Some((count, "person" | "people")) if count.parse::<u32>().is_ok() => {
            format!("{count} जना")
        }
        _ => text.to_owned(),
    }
}

/// `3440` as "3,440": heights and prices are written so on maps, signs and menus, in Nepal
/// too (below a lakh, Nepali grouping is the same).
pub fn grouped(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + 4);
    if n < 0 {
        out.push('-');
    }
    for (i, digit) in digits.char_indices() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(3000), "3,000");
        assert_eq!(grouped(-1234), "-1,234");
        assert_eq!(grouped(i64::from(i32::MIN)), "-2,147,483,648");
    }

    #[test]
    fn dates_durations_and_people_read_in_nepali() {
        assert_eq!(dates("12 Dec 2026"), "12 डिसेम्बर 2026");
        assert_eq!(dates("31 March 2031"), "31 मार्च 2031");
        assert_eq!(dates("1 May 2027 (3 days)"), "1 मे 2027 (3 दिन)");
        assert_eq!(dates("2026-12-12"), "2026-12-12");
        assert_eq!(dates("12 Foo 2026"), "12 Foo 2026");
        assert_eq!(duration("15 minutes"), "15 मिनेट");
        assert_eq!(duration("1 second"), "1 सेकेन्ड");
        assert_eq!(people("4 people"), "4 जना");
        assert_eq!(people("1 person"), "1 जना");
    }

    #[test]
    fn names_and_unknown_words_stay_as_typed() {
        assert_eq!(hole(Lang::Ne, "guide", "approved"), "approved");
        assert_eq!(hole(Lang::Ne, "state", "approved"), "स्वीकृत भइसकेको");
        assert_eq!(hole(Lang::Ne, "field", "Favourite colour"), "Favourite colour");
        assert_eq!(hole(Lang::En, "field", "First name"), "First name");
    }
}
