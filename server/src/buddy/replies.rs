//! The embedded Buddy's sentences, in English and Nepali. Only facts from the database go
//! in; anything missing is said to be missing, never guessed.

use time::Date;

use super::intent::{GuideQuestion, Topic, TourQuestion};
use super::lexicon::nepali_place;
use super::prices::{Prices, dollars};
use super::tools::Destination;
use crate::destinations::trek::{Difficulty, Permit, PermitPer, TrekFacts};
use crate::guides::cards::GuideCard;
use crate::guides::categories::Category;
use crate::i18n::Lang;
use crate::i18n::terms::grouped;
use crate::tours::acclimatisation::Risk;
use crate::tours::view::TourCard;

/// Nepal's emergency numbers, as the client's emergency panel lists them
/// (web/src/lib/emergency-contacts.ts).
const POLICE: &str = "100";
const TOURIST_POLICE: &str = "+977-1-4247041";
const AMBULANCE: &str = "102";

pub fn greeting(lang: Lang) -> String {
    lang.pick(
        "Namaste! I can find you a guide (try \"a French-speaking trekking guide in Pokhara under $60 on 12 March\"), tell you about a destination (best months, days, altitude, permits) or what to do in an emergency.",
        "नमस्ते! म तपाईंलाई गाइड खोजिदिन सक्छु (जस्तै \"पोखरामा फ्रेन्च बोल्ने ट्रेकिङ गाइड, $60 भन्दा कम, मार्च 12 मा\"), गन्तव्यबारे बताउन सक्छु (उत्तम महिना, दिन, उचाइ, अनुमतिपत्र) वा आपतकालमा के गर्ने भन्न सक्छु।",
    )
    .to_owned()
}

pub fn unknown(lang: Lang) -> String {
    lang.pick(
        "Sorry, I don't know that. I can find guides, give a destination's facts (best months, days, altitude, permits) and tell you what to do in an emergency. You can also search Yatra for it.",
        "माफ गर्नुहोस्, मलाई त्यो थाहा छैन। म गाइड खोज्न, गन्तव्यका तथ्य (उत्तम महिना, दिन, उचाइ, अनुमतिपत्र) बताउन र आपतकालमा के गर्ने भन्न सक्छु। तपाईं यात्रामा यसलाई खोज्न पनि सक्नुहुन्छ।",
    )
    .to_owned()
}

pub fn emergency(lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "In an emergency in Nepal, call the Police on {POLICE}, the Tourist Police on {TOURIST_POLICE} or an Ambulance on {AMBULANCE}. \
             On a trip booked through Yatra, press SOS at the top of the page: it alerts your guide and emails your emergency contact with where you are. \
             With signs of altitude sickness (headache, nausea, breathlessness), stop climbing and go down at once."
        ),
        Lang::Ne => format!(
            "नेपालमा आपतकालमा प्रहरीलाई {POLICE}, पर्यटक प्रहरीलाई {TOURIST_POLICE} वा एम्बुलेन्सलाई {AMBULANCE} मा फोन गर्नुहोस्। \
             यात्रामार्फत बुक गरिएको यात्रामा हुनुहुन्छ भने पृष्ठको माथि रहेको SOS थिच्नुहोस्: यसले तपाईंको गाइडलाई खबर गर्छ र तपाईंको आपतकालीन सम्पर्कलाई तपाईं कहाँ हुनुहुन्छ भनेर इमेल पठाउँछ। \
             लेक लागेको लक्षण (टाउको दुख्ने, वाकवाकी, सास फेर्न गाह्रो) देखिए माथि चढ्न रोकेर तुरुन्तै तल झर्नुहोस्।"
        ),
    }
}

fn category_name(category: Category, lang: Lang) -> &'static str {
    match category {
        Category::Trekking => lang.pick("trekking", "ट्रेकिङ"),
        Category::Cultural => lang.pick("cultural tours", "सांस्कृतिक भ्रमण"),
        Category::Adventure => lang.pick("adventure", "साहसिक यात्रा"),
        Category::Wildlife => lang.pick("wildlife", "वन्यजन्तु"),
        Category::Food => lang.pick("food", "खाना"),
        Category::Historical => lang.pick("history", "इतिहास"),
        Category::Nature => lang.pick("nature", "प्रकृति"),
    }
}

fn language_name(language: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return language.to_owned();
    }
    let nepali = match language {
        "French" => "फ्रेन्च",
        "German" => "जर्मन",
        "Spanish" => "स्पेनिस",
        "Japanese" => "जापानी",
        "Chinese" => "चिनियाँ",
        "Korean" => "कोरियाली",
        "Hindi" => "हिन्दी",
        "Italian" => "इटालियन",
        "Russian" => "रुसी",
        "English" => "अङ्ग्रेजी",
        "Tibetan" => "तिब्बती",
        "Nepali" => "नेपाली",
        other => other,
    };
    nepali.to_owned()
}

const MONTHS_EN: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const MONTHS_NE: [&str; 12] = [
    "जनवरी",
    "फेब्रुअरी",
    "मार्च",
    "अप्रिल",
    "मे",
    "जुन",
    "जुलाई",
    "अगस्ट",
    "सेप्टेम्बर",
    "अक्टोबर",
    "नोभेम्बर",
    "डिसेम्बर",
];

fn month_name(number: u8, lang: Lang) -> &'static str {
    let index = usize::from(number.clamp(1, 12)) - 1;
    lang.pick(MONTHS_EN[index], MONTHS_NE[index])
}

fn long_date(date: Date, lang: Lang) -> String {
    format!("{} {} {}", date.day(), month_name(date.month() as u8, lang), date.year())
}

/// "who speak French, for trekking, in Pokhara, ..." — what the guides were asked to be.
fn conditions(question: &GuideQuestion, lang: Lang) -> String {
    let mut parts = Vec::new();
    if let Some(place) = &question.place {
        let nepali = nepali_place(place).unwrap_or(place);
        parts.push(lang.pick(format!("in {place}"), format!("{nepali}मा")));
    }
    if let Some(language) = &question.language {
        let name = language_name(language, lang);
        parts.push(lang.pick(format!("who speak {name}"), format!("{name} बोल्ने")));
    }
    if let Some(category) = question.category {
        let name = category_name(category, lang);
        parts.push(lang.pick(format!("for {name}"), format!("{name}का लागि")));
    }
    match (question.min_price, question.max_price) {
        (Some(min), Some(max)) => parts.push(lang.pick(
            format!("from {} to {} a day", dollars(min), dollars(max)),
            format!("दिनको {} देखि {} सम्म", dollars(min), dollars(max)),
        )),
        (None, Some(max)) => {
            parts.push(lang.pick(
                format!("up to {} a day", dollars(max)),
                format!("दिनको {} सम्म", dollars(max)),
            ))
        }
        (Some(min), None) => parts.push(lang.pick(
            format!("from {} a day", dollars(min)),
            format!("दिनको {} वा बढी", dollars(min)),
        )),
        (None, None) => {}
    }
    if let Some(date) = question.date {
        let day = long_date(date, lang);
        parts.push(lang.pick(format!("free on {day}"), format!("{day} मा खाली")));
    }
    parts.join(", ")
}

/// "a 5-day, up to 3,000 m, in November": what the tours were asked to be.
fn tour_conditions(question: &TourQuestion, lang: Lang) -> String {
    let mut parts = Vec::new();
    match (question.min_days, question.max_days) {
        (Some(min), Some(max)) if min == max => {
            parts.push(lang.pick(format!("{min} days"), format!("{min} दिनको")))
        }
        (Some(min), Some(max)) => {
            parts.push(lang.pick(format!("{min} to {max} days"), format!("{min} देखि {max} दिनको")))
        }
        (Some(min), None) => {
            parts.push(lang.pick(format!("at least {min} days"), format!("कम्तीमा {min} दिनको")))
        }
        (None, Some(max)) => {
            parts.push(lang.pick(format!("at most {max} days"), format!("बढीमा {max} दिनको")))
        }
        (None, None) => {}
    }
    if let Some(metres) = question.max_altitude_m {
        let metres = grouped(metres);
        parts.push(lang.pick(
            format!("no night above {metres} m"),
            format!("{metres} मिटरभन्दा माथि कुनै रात नबिताउने"),
        ));
    }
    if let Some(price) = question.max_price {
        let price = dollars(price);
        parts.push(
            lang.pick(format!("up to {price} per person"), format!("प्रति व्यक्ति {price} सम्म")),
        );
    }
    if let Some(month) = question.month {
        let name = month_name(u8::from(month), lang);
        parts.push(lang.pick(format!("in season in {name}"), format!("{name} मा उपयुक्त मौसम")));
    }
    parts.join(", ")
}

/// Tours found, one line each: days, highest night, altitude risk, price per person.
pub fn tours(question: &TourQuestion, tours: &[TourCard], total: i64, prices: Prices) -> String {
    let lang = prices.lang;
    let conditions = tour_conditions(question, lang);
    let asked = if conditions.is_empty() { String::new() } else { format!(" ({conditions})") };
    if tours.is_empty() {
        return lang.pick(
            format!(
                "I found no tour{asked}. Try leaving out a condition, or look through all tours."
            ),
            format!("यस्तो टुर भेटिएन{asked}। कुनै सर्त हटाएर हेर्नुहोस्, वा सबै टुरहरू हेर्नुहोस्।"),
        );
    }
    let mut reply = match (lang, total) {
        (Lang::En, 1) => format!("I found 1 tour{asked}:"),
        (Lang::En, _) if total as usize > tours.len() => {
            format!("I found {total} tours{asked}. The best rated:")
        }
        (Lang::En, _) => format!("I found {total} tours{asked}:"),
        (Lang::Ne, _) if total as usize > tours.len() => {
            format!("{total} वटा टुर भेटिए{asked}। सबैभन्दा राम्रो मूल्याङ्कन भएका:")
        }
        (Lang::Ne, _) => format!("{total} वटा टुर भेटिए{asked}:"),
    };
    for tour in tours {
        let price = prices.show(tour.price_per_person_usd);
        let mut details =
            vec![lang.pick(format!("{} days", tour.day_count), format!("{} दिन", tour.day_count))];
        if let Some(metres) = tour.max_sleep_altitude_m {
            let metres = grouped(metres);
            details.push(
                lang.pick(format!("nights up to {metres} m"), format!("{metres} मिटरसम्म बास")),
            );
        }
        let risk = match tour.risk {
            Risk::High => lang.pick("altitude risk high", "उचाइको जोखिम उच्च"),
            Risk::Moderate => lang.pick("altitude risk moderate", "उचाइको जोखिम मध्यम"),
            Risk::Low => lang.pick("altitude risk low", "उचाइको जोखिम कम"),
        };
        details.push(risk.to_owned());
        details.push(lang.pick(format!("{price} per person for one"), format!("एक जनाको {price}")));
        reply.push_str(&format!("\n• {} — {}", tour.title, details.join(", ")));
    }
    reply
}

pub fn guides(
    question: &GuideQuestion,
    guides: &[GuideCard],
    total: i64,
    prices: Prices,
) -> String {
    let lang = prices.lang;
    let conditions = conditions(question, lang);
    let asked = if conditions.is_empty() { String::new() } else { format!(" ({conditions})") };
    if guides.is_empty() {
        return match lang {
            Lang::En => format!(
                "I found no guide{asked}. Try leaving out a condition, or search all guides."
            ),
            Lang::Ne => format!("यस्तो गाइड भेटिएन{asked}। कुनै सर्त हटाएर हेर्नुहोस्, वा सबै गाइड खोज्नुहोस्।"),
        };
    }
    let mut reply = match (lang, total) {
        (Lang::En, 1) => format!("I found 1 guide{asked}:"),
        (Lang::En, _) if total as usize > guides.len() => {
            format!("I found {total} guides{asked}. The best rated:")
        }
        (Lang::En, _) => format!("I found {total} guides{asked}:"),
        (Lang::Ne, _) if total as usize > guides.len() => {
            format!("{total} जना गाइड भेटिए{asked}। सबैभन्दा राम्रो मूल्याङ्कन भएका:")
        }
        (Lang::Ne, _) => format!("{total} जना गाइड भेटिए{asked}:"),
    };
    for guide in guides {
        let name = format!("{} {}", guide.first_name, guide.last_name);
        let price = guide.price_per_day.map(|p| {
            lang.pick(format!("{}/day", prices.show(p)), format!("दिनको {}", prices.show(p)))
        });
        let rating = (guide.review_count > 0).then(|| {
            lang.pick(
                format!("★ {:.1} ({} reviews)", guide.average_rating, guide.review_count),
                format!("★ {:.1} ({} समीक्षा)", guide.average_rating, guide.review_count),
            )
        });
        let details: Vec<String> =
            [price, rating, Some(guide.contact_info.address.clone()).filter(|a| !a.is_empty())]
                .into_iter()
                .flatten()
                .collect();
        reply.push_str(&format!("\n• {name} — {}", details.join(", ")));
    }
    reply
}

fn difficulty_name(difficulty: Difficulty, lang: Lang) -> &'static str {
    match difficulty {
        Difficulty::Easy => lang.pick("easy", "सजिलो"),
        Difficulty::Moderate => lang.pick("moderate", "मध्यम"),
        Difficulty::Hard => lang.pick("hard", "कठिन"),
        Difficulty::Strenuous => lang.pick("strenuous", "अत्यन्त कठिन"),
    }
}

fn permit(permit: &Permit, lang: Lang) -> String {
    let per = match permit.per {
        PermitPer::Entry => lang.pick("per entry", "प्रति प्रवेश"),
        PermitPer::Week => lang.pick("per week", "प्रति हप्ता"),
        PermitPer::Day => lang.pick("per day", "प्रति दिन"),
    };
    let mut fees = Vec::new();
    if let Some(npr) = permit.fee_npr {
        fees.push(format!("NPR {}", grouped(npr)));
    }
    if let Some(usd) = permit.fee_usd {
        fees.push(format!("US${}", grouped(usd)));
    }
    let mut text = format!("{} — {} {per}", permit.name, fees.join(" / "));
    if let Some(saarc) = permit.saarc_fee_npr {
        text.push_str(&lang.pick(
            format!(" (SAARC citizens NPR {})", grouped(saarc)),
            format!(" (सार्क नागरिक NPR {})", grouped(saarc)),
        ));
    }
    if !permit.note.is_empty() {
        text.push_str(&format!(" — {}", permit.note));
    }
    text
}

/// One fact as a sentence; `None` when the destination's page does not have it.
fn fact(facts: &TrekFacts, topic: Topic, lang: Lang) -> Option<String> {
    match topic {
        Topic::Months => (!facts.best_months.is_empty()).then(|| {
            let months: Vec<&str> =
                facts.best_months.iter().map(|m| month_name(*m as u8, lang)).collect();
            lang.pick(
                format!("Best months: {}.", months.join(", ")),
                format!("उत्तम महिना: {}।", months.join(", ")),
            )
        }),
        Topic::Days => facts.duration_days.map(|d| {
            let days =
                if d.min == d.max { d.min.to_string() } else { format!("{}–{}", d.min, d.max) };
            lang.pick(format!("It takes {days} days."), format!("यसमा {days} दिन लाग्छ।"))
        }),
        Topic::Altitude => facts.max_altitude_m.map(|m| {
            lang.pick(
                format!("The highest point is {} m.", grouped(m)),
                format!("सबैभन्दा अग्लो ठाउँ {} मिटर हो।", grouped(m)),
            )
        }),
        Topic::Difficulty => facts.difficulty.map(|d| {
            let name = difficulty_name(d, lang);
            lang.pick(format!("Difficulty: {name}."), format!("कठिनाइ: {name}।"))
        }),
        Topic::Permits => Some(if facts.permits.is_empty() {
            lang.pick("No permit is listed.".to_owned(), "कुनै अनुमतिपत्र सूचीमा छैन।".to_owned())
        } else {
            let permits: Vec<String> = facts.permits.iter().map(|p| permit(p, lang)).collect();
            lang.pick(
                format!("Permits: {}.", permits.join("; ")),
                format!("अनुमतिपत्र: {}।", permits.join("; ")),
            )
        }),
        Topic::GuideRequired => Some(if facts.licensed_guide_required {
            lang.pick(
                "A guide licensed by Nepal's Department of Tourism is required here.".to_owned(),
                "यहाँ नेपालको पर्यटन विभागबाट इजाजतप्राप्त गाइड अनिवार्य छ।".to_owned(),
            )
        } else {
            lang.pick(
                "A licensed guide is not required here, though one is welcome.".to_owned(),
                "यहाँ इजाजतप्राप्त गाइड अनिवार्य छैन, तर गाइड लिन सकिन्छ।".to_owned(),
            )
        }),
        Topic::All => None,
    }
}

pub fn destination(destination: &Destination, topic: Topic, lang: Lang) -> String {
    let title = format!("{} ({})", destination.name, destination.location);
    let facts = &destination.trek;
    if topic != Topic::All {
        return match fact(facts, topic, lang) {
            Some(sentence) => format!("{title}: {sentence}"),
            None => lang.pick(
                format!("{title}: I don't have that fact yet. Its page may tell you more."),
                format!("{title}: मसँग यो जानकारी अहिले छैन। यसको पृष्ठमा थप जानकारी हुन सक्छ।"),
            ),
        };
    }
    let sentences: Vec<String> = [
        Topic::Days,
        Topic::Altitude,
        Topic::Months,
        Topic::Difficulty,
        Topic::Permits,
        Topic::GuideRequired,
    ]
    .into_iter()
    .filter(|t| {
        *facts != TrekFacts::default() || !matches!(t, Topic::Permits | Topic::GuideRequired)
    })
    .filter_map(|t| fact(facts, t, lang))
    .collect();
    if sentences.is_empty() {
        return lang.pick(
            format!("{title}: I have no trek facts for it yet. Its page tells you more."),
            format!("{title}: यसका यात्रा-तथ्य मसँग अहिले छैनन्। यसको पृष्ठमा थप जानकारी छ।"),
        );
    }
    format!("{title}: {}", sentences.join(" "))
}
