//! What an in-app notification says, as data: which text, and the names, dates and amounts
//! that fill it. A notification is stored this way and worded when it is read, in the
//! reader's language, from the catalogue in `i18n::notices` (English exactly as Yatra has
//! always written it). `email::Template` is the same idea for emails.
//!
//! Notifications from before this were stored as English sentences; `convert_written`
//! turns them into notices once, when the database is migrated.

use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, Row};

use crate::calendar::{date_text, long_date, trip_dates};
use crate::i18n::{self, Lang};
use crate::money::{money, paid, rupees};

/// A trip's days: the first day (`YYYY-MM-DD`) and how many.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TripDays {
    pub first_day: String,
    pub days: i64,
}

impl TripDays {
    pub fn new(first_day: &str, days: i64) -> Self {
        Self { first_day: first_day.to_owned(), days }
    }
}

/// What a cancelled trip gives back to its traveller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Refund {
    /// The trip was not paid.
    Nothing,
    Cents(i64),
    /// Paid with a wallet in rupees: what goes back, in paisa.
    Paisa(i64),
    /// Paid, but cancelled less than 24 hours before the trip.
    TooLate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PayoutMethod {
    Khalti,
    Bank,
}

impl PayoutMethod {
    /// As `payouts.method` stores it: `khalti`, anything else is a bank transfer.
    pub fn from_stored(method: &str) -> Self {
        if method == "khalti" { Self::Khalti } else { Self::Bank }
    }

    /// "to your Khalti wallet", as the payout's notice and audit entry say it.
    pub fn how(self) -> &'static str {
        match self {
            Self::Khalti => "to your Khalti wallet",
            Self::Bank => "by bank transfer",
        }
    }
}

/// One notification's text and what fills it. Names are the people's names as they were
/// when it was sent. Variants say who reads them: "for guide" ones go to the guide of a
/// trip, the others to its traveller unless noted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "notice", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum Notice {
    /// To the guide.
    TripRequested {
        tourist: String,
        trip: TripDays,
        time: String,
        people: i64,
    },
    TripApproved {
        guide: String,
        trip: TripDays,
    },
    /// To the guide: a request for one of their tours.
    TourRequested {
        tourist: String,
        tour: String,
        trip: TripDays,
        time: String,
        people: i64,
    },
    /// To the guide: an instant tour booked, approved at once.
    TourBookedForGuide {
        tourist: String,
        tour: String,
        trip: TripDays,
        people: i64,
    },
    TourBookingApproved {
        guide: String,
        tour: String,
        trip: TripDays,
    },
    TripDeclined {
        guide: String,
        trip: TripDays,
    },
    CancelledByYou {
        guide: String,
        trip: TripDays,
        refund: Refund,
    },
    CancelledByTravellerForGuide {
        tourist: String,
        trip: TripDays,
    },
    CancelledByGuide {
        guide: String,
        trip: TripDays,
        refund: Refund,
    },
    CancelledByYouForGuide {
        tourist: String,
        trip: TripDays,
    },
    PaymentReceived {
        guide: String,
        trip: TripDays,
        amount_cents: i64,
        /// What a wallet charged, in paisa: the amount is then said in rupees.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paisa: Option<i64>,
    },
    PaymentReceivedForGuide {
        tourist: String,
        trip: TripDays,
        amount_cents: i64,
        /// What a wallet charged, in paisa: the amount is then said in rupees.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paisa: Option<i64>,
    },
    LatePayment {
        trip: TripDays,
        amount_cents: i64,
        /// What a wallet charged, in paisa: the amount is then said in rupees.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paisa: Option<i64>,
    },
    RequestExpired {
        guide: String,
        trip: TripDays,
    },
    RequestExpiredForGuide {
        tourist: String,
        trip: TripDays,
    },
    UnpaidTripExpired {
        guide: String,
        trip: TripDays,
    },
    UnpaidTripExpiredForGuide {
        tourist: String,
        trip: TripDays,
    },
    TripCompleted {
        guide: String,
        trip: TripDays,
    },
    TripCompletedForGuide {
        tourist: String,
        trip: TripDays,
    },
    Refunded {
        trip: TripDays,
        amount_cents: i64,
        /// What a wallet charged, in paisa: the amount is then said in rupees.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paisa: Option<i64>,
    },
    RefundedForGuide {
        tourist: String,
        trip: TripDays,
        amount_cents: i64,
        /// What a wallet charged, in paisa: the amount is then said in rupees.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paisa: Option<i64>,
    },
    /// A group departure the traveller joined reached its minimum at the tour's cutoff.
    DepartureConfirmed {
        tour: String,
        trip: TripDays,
    },
    /// To the guide: with `people` paid seats.
    DepartureConfirmedForGuide {
        tour: String,
        trip: TripDays,
        people: i64,
    },
    /// Too few travellers paid by the tour's cutoff: the departure is cancelled.
    DepartureCancelled {
        tour: String,
        trip: TripDays,
        refund: Refund,
    },
    DepartureCancelledForGuide {
        tour: String,
        trip: TripDays,
    },
    /// A guide answered the traveller's conversation with a custom offer: `people`, for
    /// `amount_cents` in all.
    OfferReceived {
        guide: String,
        trip: TripDays,
        people: i64,
        amount_cents: i64,
    },
    /// To the guide: the traveller accepted their offer; the trip is approved, to be paid.
    OfferAcceptedForGuide {
        tourist: String,
        trip: TripDays,
        people: i64,
        amount_cents: i64,
    },
    /// To the guide, as are the payout, licence and SOS notices.
    GuideVerified,
    VerificationRejected {
        reason: String,
    },
    PayoutSent {
        amount_cents: i64,
        method: PayoutMethod,
        reference: String,
    },
    LicenceExpiring {
        expires_on: String,
    },
    LicenceExpired {
        expires_on: String,
    },
    /// `message` is what the traveller wrote with the alert (may be empty); `map` a link.
    Sos {
        tourist: String,
        message: String,
        map: String,
    },
    /// To the author, guide or traveller.
    PostHidden {
        title: String,
        reason: String,
    },
    ReviewHidden {
        reason: String,
    },
    /// To the traveller: the guide replied to their review.
    ReviewReplied {
        guide: String,
    },
    /// Stored as English sentences before notices had kinds, in a wording no catalogue
    /// entry matches: read as written, in every language.
    Written {
        guide_message: String,
        tourist_message: String,
    },
}

/// Who reads a notice: the guide's and the traveller's text of one notification.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reader {
    Guide,
    Traveller,
    Author,
}

impl Notice {
    /// The catalogue entry that words it, and what fills its holes (in English; the
    /// catalogue's terms put dates, counts and fixed words into Nepali).
    fn wording(&self) -> (&'static str, Vec<(&'static str, String)>) {
        let trip = |trip: &TripDays| ("dates", trip_dates(&trip.first_day, trip.days));
        let name = |hole, name: &str| (hole, name.to_owned());
        let amount = |cents: i64| ("amount", money(cents));
        let charged = |cents: i64, paisa: Option<i64>| ("amount", paid(cents, paisa));
        let with_refund = |code: [&'static str; 3], mut holes: Vec<_>, refund: &Refund| match refund
        {
            Refund::Nothing => (code[0], holes),
            Refund::Cents(cents) => {
                holes.push(amount(*cents));
                (code[1], holes)
            }
            Refund::Paisa(paisa) => {
                holes.push(("amount", rupees(*paisa)));
                (code[1], holes)
            }
            Refund::TooLate => (code[2], holes),
        };
        match self {
            Self::TripRequested { tourist, trip: days, time, people } => (
                "trip_requested",
                vec![
                    name("tourist", tourist),
                    trip(days),
                    ("time", time.clone()),
                    ("people", people_text(*people)),
                ],
            ),
            Self::TripApproved { guide, trip: days } => {
                ("trip_approved", vec![name("guide", guide), trip(days)])
            }
            Self::TourRequested { tourist, tour, trip: days, time, people } => (
                "tour_requested",
                vec![
                    name("tour", tour),
                    name("tourist", tourist),
                    trip(days),
                    ("time", time.clone()),
                    ("people", people_text(*people)),
                ],
            ),
            Self::TourBookedForGuide { tourist, tour, trip: days, people } => (
                "tour_booked_for_guide",
                vec![
                    name("tourist", tourist),
                    name("tour", tour),
                    trip(days),
                    ("people", people_text(*people)),
                ],
            ),
            Self::TourBookingApproved { guide, tour, trip: days } => (
                "tour_booking_approved",
                vec![name("tour", tour), name("guide", guide), trip(days)],
            ),
            Self::TripDeclined { guide, trip: days } => {
                ("trip_declined", vec![name("guide", guide), trip(days)])
            }
            Self::CancelledByYou { guide, trip: days, refund } => with_refund(
                ["cancelled_by_you", "cancelled_by_you_refund", "cancelled_by_you_too_late"],
                vec![name("guide", guide), trip(days)],
                refund,
            ),
            Self::CancelledByTravellerForGuide { tourist, trip: days } => {
                ("cancelled_by_traveller_for_guide", vec![name("tourist", tourist), trip(days)])
            }
            Self::CancelledByGuide { guide, trip: days, refund } => with_refund(
                ["cancelled_by_guide", "cancelled_by_guide_refund", "cancelled_by_guide_too_late"],
                vec![name("guide", guide), trip(days)],
                refund,
            ),
            Self::CancelledByYouForGuide { tourist, trip: days } => {
                ("cancelled_by_you_for_guide", vec![name("tourist", tourist), trip(days)])
            }
            Self::PaymentReceived { guide, trip: days, amount_cents, paisa } => (
                "payment_received",
                vec![charged(*amount_cents, *paisa), name("guide", guide), trip(days)],
            ),
            Self::PaymentReceivedForGuide { tourist, trip: days, amount_cents, paisa } => (
                "payment_received_for_guide",
                vec![name("tourist", tourist), charged(*amount_cents, *paisa), trip(days)],
            ),
            Self::LatePayment { trip: days, amount_cents, paisa } => {
                ("late_payment", vec![charged(*amount_cents, *paisa), trip(days)])
            }
            Self::RequestExpired { guide, trip: days } => {
                ("request_expired", vec![name("guide", guide), trip(days)])
            }
            Self::RequestExpiredForGuide { tourist, trip: days } => {
                ("request_expired_for_guide", vec![name("tourist", tourist), trip(days)])
            }
            Self::UnpaidTripExpired { guide, trip: days } => {
                ("unpaid_trip_expired", vec![name("guide", guide), trip(days)])
            }
            Self::UnpaidTripExpiredForGuide { tourist, trip: days } => {
                ("unpaid_trip_expired_for_guide", vec![name("tourist", tourist), trip(days)])
            }
            Self::TripCompleted { guide, trip: days } => {
                ("trip_completed", vec![name("guide", guide), trip(days)])
            }
            Self::TripCompletedForGuide { tourist, trip: days } => {
                ("trip_completed_for_guide", vec![name("tourist", tourist), trip(days)])
            }
            Self::Refunded { trip: days, amount_cents, paisa } => {
                ("refunded", vec![charged(*amount_cents, *paisa), trip(days)])
            }
            Self::RefundedForGuide { tourist, trip: days, amount_cents, paisa } => (
                "refunded_for_guide",
                vec![charged(*amount_cents, *paisa), trip(days), name("tourist", tourist)],
            ),
            Self::GuideVerified => ("guide_verified", vec![]),
            Self::VerificationRejected { reason } => {
                ("verification_rejected", vec![name("reason", reason)])
            }
            Self::PayoutSent { amount_cents, method, reference } => (
                "payout_sent",
                vec![
                    amount(*amount_cents),
                    ("how", method.how().to_owned()),
                    name("reference", reference),
                ],
            ),
            Self::LicenceExpiring { expires_on } => {
                ("licence_expiring", vec![("dates", long_date(expires_on))])
            }
            Self::LicenceExpired { expires_on } => {
                ("licence_expired", vec![("dates", long_date(expires_on))])
            }
            Self::Sos { tourist, message, map } => {
                let mut holes = vec![name("tourist", tourist), name("map", map)];
                if message.is_empty() {
                    ("sos", holes)
                } else {
                    holes.push(name("message", message));
                    ("sos_with_message", holes)
                }
            }
            Self::PostHidden { title, reason } => {
                ("post_hidden", vec![name("title", title), name("reason", reason)])
            }
            Self::ReviewHidden { reason } => ("review_hidden", vec![name("reason", reason)]),
            Self::ReviewReplied { guide } => ("review_replied", vec![name("guide", guide)]),
            Self::DepartureConfirmed { tour, trip: days } => {
                ("departure_confirmed", vec![name("tour", tour), trip(days)])
            }
            Self::DepartureConfirmedForGuide { tour, trip: days, people } => (
                "departure_confirmed_for_guide",
                vec![name("tour", tour), trip(days), ("people", people_text(*people))],
            ),
            Self::DepartureCancelled { tour, trip: days, refund } => with_refund(
                ["departure_cancelled", "departure_cancelled_refund", "departure_cancelled"],
                vec![name("tour", tour), trip(days)],
                refund,
            ),
            Self::DepartureCancelledForGuide { tour, trip: days } => {
                ("departure_cancelled_for_guide", vec![name("tour", tour), trip(days)])
            }
            Self::OfferReceived { guide, trip: days, people, amount_cents } => (
                "offer_received",
                vec![
                    name("guide", guide),
                    amount(*amount_cents),
                    ("people", people_text(*people)),
                    trip(days),
                ],
            ),
            Self::OfferAcceptedForGuide { tourist, trip: days, people, amount_cents } => (
                "offer_accepted_for_guide",
                vec![
                    name("tourist", tourist),
                    amount(*amount_cents),
                    ("people", people_text(*people)),
                    trip(days),
                ],
            ),
            Self::Written { .. } => ("", vec![]),
        }
    }

    fn reader(&self) -> Reader {
        match self {
            Self::TripRequested { .. }
            | Self::TourRequested { .. }
            | Self::TourBookedForGuide { .. }
            | Self::CancelledByTravellerForGuide { .. }
            | Self::CancelledByYouForGuide { .. }
            | Self::PaymentReceivedForGuide { .. }
            | Self::RequestExpiredForGuide { .. }
            | Self::UnpaidTripExpiredForGuide { .. }
            | Self::TripCompletedForGuide { .. }
            | Self::RefundedForGuide { .. }
            | Self::DepartureConfirmedForGuide { .. }
            | Self::DepartureCancelledForGuide { .. }
            | Self::OfferAcceptedForGuide { .. }
            | Self::GuideVerified
            | Self::VerificationRejected { .. }
            | Self::PayoutSent { .. }
            | Self::LicenceExpiring { .. }
            | Self::LicenceExpired { .. }
            | Self::Sos { .. } => Reader::Guide,
            Self::PostHidden { .. } | Self::ReviewHidden { .. } | Self::Written { .. } => {
                Reader::Author
            }
            _ => Reader::Traveller,
        }
    }

    /// The text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let (code, holes) = self.wording();
        let entry = i18n::notices::entry(code);
        let held: Vec<(&str, &str)> = holes.iter().map(|(hole, value)| (*hole, &**value)).collect();
        i18n::template::fill(lang.pick(entry.en, entry.ne), &held, lang)
    }

    /// What the guide reads and what the traveller reads, in `lang`: a notice is for one
    /// of them and the other text is empty; an author's notice is both.
    pub fn messages(&self, lang: Lang) -> (String, String) {
        if let Self::Written { guide_message, tourist_message } = self {
            return (guide_message.clone(), tourist_message.clone());
        }
        let text = self.text(lang);
        match self.reader() {
            Reader::Guide => (text, String::new()),
            Reader::Traveller => (String::new(), text),
            Reader::Author => (text.clone(), text),
        }
    }

    /// The stored form (JSON).
    pub fn stored(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads the stored form; a row that does not parse reads as an empty written notice.
    pub fn from_stored(stored: &str) -> Self {
        serde_json::from_str(stored).unwrap_or_else(|_| Self::Written {
            guide_message: String::new(),
            tourist_message: String::new(),
        })
    }

    /// The notice a stored English sentence was written from, if the catalogue knows its
    /// wording and its holes read back (dates, amounts, counts).
    fn from_sentence(sentence: &str) -> Option<Self> {
        let (code, held) = i18n::notices::find(sentence)?;
        let hole = |name: &str| held.iter().find(|(hole, _)| *hole == name).map(|(_, v)| *v);
        let text = |name: &str| hole(name).map(str::to_owned);
        let trip = || hole("dates").and_then(read_trip);
        let cents = || hole("amount").and_then(read_money);
        let (guide, tourist) = (text("guide"), text("tourist"));
        let refund = |code: &str| match code.rsplit('_').next() {
            Some("refund") => cents().map(Refund::Cents),
            Some("late") => Some(Refund::TooLate),
            _ => Some(Refund::Nothing),
        };
        Some(match code {
            "trip_requested" => Self::TripRequested {
                tourist: tourist?,
                trip: trip()?,
                time: text("time")?,
                people: hole("people").and_then(read_people)?,
            },
            "trip_approved" => Self::TripApproved { guide: guide?, trip: trip()? },
            "tour_requested" => Self::TourRequested {
                tourist: tourist?,
                tour: text("tour")?,
                trip: trip()?,
                time: text("time")?,
                people: hole("people").and_then(read_people)?,
            },
            "tour_booked_for_guide" => Self::TourBookedForGuide {
                tourist: tourist?,
                tour: text("tour")?,
                trip: trip()?,
                people: hole("people").and_then(read_people)?,
            },
            "tour_booking_approved" => {
                Self::TourBookingApproved { guide: guide?, tour: text("tour")?, trip: trip()? }
            }
            "trip_declined" => Self::TripDeclined { guide: guide?, trip: trip()? },
            "cancelled_by_you" | "cancelled_by_you_refund" | "cancelled_by_you_too_late" => {
                Self::CancelledByYou { guide: guide?, trip: trip()?, refund: refund(code)? }
            }
            "cancelled_by_traveller_for_guide" => {
                Self::CancelledByTravellerForGuide { tourist: tourist?, trip: trip()? }
            }
            "cancelled_by_guide" | "cancelled_by_guide_refund" | "cancelled_by_guide_too_late" => {
                Self::CancelledByGuide { guide: guide?, trip: trip()?, refund: refund(code)? }
            }
            "cancelled_by_you_for_guide" => {
                Self::CancelledByYouForGuide { tourist: tourist?, trip: trip()? }
            }
            "payment_received" => Self::PaymentReceived {
                guide: guide?,
                trip: trip()?,
                amount_cents: cents()?,
                paisa: None,
            },
            "payment_received_for_guide" => Self::PaymentReceivedForGuide {
                tourist: tourist?,
                trip: trip()?,
                amount_cents: cents()?,
                paisa: None,
            },
            "late_payment" => {
                Self::LatePayment { trip: trip()?, amount_cents: cents()?, paisa: None }
            }
            "request_expired" => Self::RequestExpired { guide: guide?, trip: trip()? },
            "request_expired_for_guide" => {
                Self::RequestExpiredForGuide { tourist: tourist?, trip: trip()? }
            }
            "unpaid_trip_expired" => Self::UnpaidTripExpired { guide: guide?, trip: trip()? },
            "unpaid_trip_expired_for_guide" => {
                Self::UnpaidTripExpiredForGuide { tourist: tourist?, trip: trip()? }
            }
            "trip_completed" => Self::TripCompleted { guide: guide?, trip: trip()? },
            "trip_completed_for_guide" => {
                Self::TripCompletedForGuide { tourist: tourist?, trip: trip()? }
            }
            "departure_confirmed" => {
                Self::DepartureConfirmed { tour: text("tour")?, trip: trip()? }
            }
            "departure_confirmed_for_guide" => Self::DepartureConfirmedForGuide {
                tour: text("tour")?,
                trip: trip()?,
                people: hole("people").and_then(read_people)?,
            },
            "departure_cancelled" | "departure_cancelled_refund" => Self::DepartureCancelled {
                tour: text("tour")?,
                trip: trip()?,
                refund: refund(code)?,
            },
            "departure_cancelled_for_guide" => {
                Self::DepartureCancelledForGuide { tour: text("tour")?, trip: trip()? }
            }
            "offer_received" => Self::OfferReceived {
                guide: guide?,
                trip: trip()?,
                people: hole("people").and_then(read_people)?,
                amount_cents: cents()?,
            },
            "offer_accepted_for_guide" => Self::OfferAcceptedForGuide {
                tourist: tourist?,
                trip: trip()?,
                people: hole("people").and_then(read_people)?,
                amount_cents: cents()?,
            },
            "refunded" => Self::Refunded { trip: trip()?, amount_cents: cents()?, paisa: None },
            "refunded_for_guide" => Self::RefundedForGuide {
                tourist: tourist?,
                trip: trip()?,
                amount_cents: cents()?,
                paisa: None,
            },
            "guide_verified" => Self::GuideVerified,
            "verification_rejected" => Self::VerificationRejected { reason: text("reason")? },
            "payout_sent" => Self::PayoutSent {
                amount_cents: cents()?,
                method: [PayoutMethod::Khalti, PayoutMethod::Bank]
                    .into_iter()
                    .find(|method| Some(method.how()) == hole("how"))?,
                reference: text("reference")?,
            },
            "licence_expiring" => {
                Self::LicenceExpiring { expires_on: hole("dates").and_then(read_long_date)? }
            }
            "licence_expired" => {
                Self::LicenceExpired { expires_on: hole("dates").and_then(read_long_date)? }
            }
            "sos" | "sos_with_message" => Self::Sos {
                tourist: tourist?,
                message: text("message").unwrap_or_default(),
                map: text("map")?,
            },
            "post_hidden" => Self::PostHidden { title: text("title")?, reason: text("reason")? },
            "review_hidden" => Self::ReviewHidden { reason: text("reason")? },
            "review_replied" => Self::ReviewReplied { guide: guide? },
            _ => return None,
        })
    }
}

/// "1 person", "4 people".
pub fn people_text(count: i64) -> String {
    if count == 1 { "1 person".into() } else { format!("{count} people") }
}

fn read_people(text: &str) -> Option<i64> {
    match text.split_once(' ')? {
        (count, "person" | "people") => count.parse().ok(),
        _ => None,
    }
}

/// "$540.00" → 54000.
fn read_money(text: &str) -> Option<i64> {
    let (dollars, cents) = text.strip_prefix('$')?.split_once('.')?;
    if cents.len() != 2 {
        return None;
    }
    Some(dollars.parse::<i64>().ok()? * 100 + cents.parse::<i64>().ok()?)
}

/// "12 Dec 2026 (3 days)" or "12 Dec 2026" → the trip's days.
fn read_trip(text: &str) -> Option<TripDays> {
    let (date, days) = match text.split_once(" (") {
        Some((date, rest)) => (date, rest.strip_suffix(" days)")?.parse().ok()?),
        None => (text, 1),
    };
    let format = time::macros::format_description!("[day padding:none] [month repr:short] [year]");
    let first_day = time::Date::parse(date, format).ok()?;
    Some(TripDays { first_day: date_text(first_day), days })
}

/// "31 March 2031" → "2031-03-31".
fn read_long_date(text: &str) -> Option<String> {
    let format = time::macros::format_description!("[day padding:none] [month repr:long] [year]");
    time::Date::parse(text, format).ok().map(date_text)
}

/// Rows of notifications still stored as sentences (`notice IS NULL`) become notices. A
/// notice is taken only when it words exactly the stored sentences back, for the same
/// reader; anything else stays as written.
pub async fn convert_written(conn: &mut AnyConnection) -> sqlx::Result<u64> {
    let rows = sqlx::query(
        "SELECT id, guide_message, tourist_message FROM notifications WHERE notice IS NULL",
    )
    .fetch_all(&mut *conn)
    .await?;
    for row in &rows {
        let (id, guide, tourist): (String, String, String) =
            (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
        let sentences = (guide, tourist);
        let parsed = [&sentences.0, &sentences.1]
            .into_iter()
            .filter(|text| !text.is_empty())
            .find_map(|text| Notice::from_sentence(text))
            .filter(|notice| notice.messages(Lang::En) == sentences);
        let (guide_message, tourist_message) = sentences;
        let notice = parsed.unwrap_or(Notice::Written { guide_message, tourist_message });
        sqlx::query("UPDATE notifications SET notice = $1 WHERE id = $2")
            .bind(notice.stored())
            .bind(&id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(rows.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trip(first_day: &str, days: i64) -> TripDays {
        TripDays::new(first_day, days)
    }

    /// One notice of every kind (and every refund), with the English it words.
    fn every_notice() -> Vec<(Notice, &'static str)> {
        let guide = || "Pemba Sherpa".to_owned();
        let tourist = || "Sita Rai".to_owned();
        vec![
            (
                Notice::TripRequested {
                    tourist: tourist(),
                    trip: trip("2026-12-12", 3),
                    time: "09:30".into(),
                    people: 2,
                },
                "New booking request from Sita Rai for 12 Dec 2026 (3 days) at 09:30 (2 people).",
            ),
            (
                Notice::TripApproved { guide: guide(), trip: trip("2026-12-12", 1) },
                "Pemba Sherpa approved your trip on 12 Dec 2026. Pay now to confirm it.",
            ),
            (
                Notice::TourRequested {
                    tourist: tourist(),
                    tour: "Everest Base Camp in 12 days".into(),
                    trip: trip("2026-10-04", 12),
                    time: "07:00".into(),
                    people: 2,
                },
                "New request for your tour \"Everest Base Camp in 12 days\" from Sita Rai for 4 Oct 2026 (12 days) at 07:00 (2 people).",
            ),
            (
                Notice::TourBookedForGuide {
                    tourist: tourist(),
                    tour: "Poon Hill sunrise".into(),
                    trip: trip("2026-10-04", 4),
                    people: 1,
                },
                "Sita Rai booked your tour \"Poon Hill sunrise\" for 1 person from 4 Oct 2026 (4 days). It is approved; they pay next.",
            ),
            (
                Notice::TourBookingApproved {
                    guide: guide(),
                    tour: "Poon Hill sunrise".into(),
                    trip: trip("2026-10-04", 4),
                },
                "Your booking of \"Poon Hill sunrise\" with Pemba Sherpa on 4 Oct 2026 (4 days) is approved. Pay now to confirm it.",
            ),
            (
                Notice::TripDeclined { guide: guide(), trip: trip("2026-12-12", 1) },
                "Pemba Sherpa can't guide you on 12 Dec 2026. Your request was declined; try another date or guide.",
            ),
            (
                Notice::CancelledByYou {
                    guide: guide(),
                    trip: trip("2027-05-01", 1),
                    refund: Refund::Nothing,
                },
                "You cancelled your trip with Pemba Sherpa on 1 May 2027.",
            ),
            (
                Notice::CancelledByYou {
                    guide: guide(),
                    trip: trip("2027-05-01", 1),
                    refund: Refund::Cents(12000),
                },
                "You cancelled your trip with Pemba Sherpa on 1 May 2027. $120.00 will be refunded.",
            ),
            (
                Notice::CancelledByYou {
                    guide: guide(),
                    trip: trip("2027-05-01", 1),
                    refund: Refund::TooLate,
                },
                "You cancelled your trip with Pemba Sherpa on 1 May 2027. It was less than 24 hours before the trip, so there is no refund.",
            ),
            (
                Notice::CancelledByTravellerForGuide {
                    tourist: tourist(),
                    trip: trip("2027-05-01", 2),
                },
                "Sita Rai cancelled the trip on 1 May 2027 (2 days). Those days are free again.",
            ),
            (
                Notice::CancelledByGuide {
                    guide: guide(),
                    trip: trip("2027-05-01", 1),
                    refund: Refund::Nothing,
                },
                "Pemba Sherpa cancelled your trip on 1 May 2027.",
            ),
            (
                Notice::CancelledByGuide {
                    guide: guide(),
                    trip: trip("2027-05-01", 1),
                    refund: Refund::Cents(12000),
                },
                "Pemba Sherpa cancelled your trip on 1 May 2027. $120.00 will be refunded.",
            ),
            (
                Notice::CancelledByGuide {
                    guide: guide(),
                    trip: trip("2027-05-01", 1),
                    refund: Refund::TooLate,
                },
                "Pemba Sherpa cancelled your trip on 1 May 2027. It was less than 24 hours before the trip, so there is no refund.",
            ),
            (
                Notice::CancelledByYouForGuide { tourist: tourist(), trip: trip("2027-05-01", 1) },
                "You cancelled the trip with Sita Rai on 1 May 2027.",
            ),
            (
                Notice::PaymentReceived {
                    guide: guide(),
                    trip: trip("2027-05-01", 1),
                    amount_cents: 54000,
                    paisa: None,
                },
                "Payment received ($540.00). Your trip with Pemba Sherpa on 1 May 2027 is confirmed.",
            ),
            (
                Notice::PaymentReceivedForGuide {
                    tourist: tourist(),
                    trip: trip("2027-05-01", 1),
                    amount_cents: 54000,
                    paisa: None,
                },
                "Sita Rai paid $540.00 for the trip on 1 May 2027. It is confirmed.",
            ),
            (
                Notice::LatePayment {
                    trip: trip("2027-05-01", 1),
                    amount_cents: 54000,
                    paisa: None,
                },
                "Your payment of $540.00 arrived after your trip on 1 May 2027 was cancelled or expired. It will be refunded in full.",
            ),
            (
                Notice::RequestExpired { guide: guide(), trip: trip("2027-05-01", 1) },
                "Your request to Pemba Sherpa for 1 May 2027 expired without an answer. Try other dates or another guide.",
            ),
            (
                Notice::RequestExpiredForGuide { tourist: tourist(), trip: trip("2027-05-01", 1) },
                "The request from Sita Rai for 1 May 2027 expired without an answer.",
            ),
            (
                Notice::UnpaidTripExpired { guide: guide(), trip: trip("2027-05-01", 1) },
                "Your approved trip with Pemba Sherpa on 1 May 2027 expired because it was not paid in time.",
            ),
            (
                Notice::UnpaidTripExpiredForGuide {
                    tourist: tourist(),
                    trip: trip("2027-05-01", 1),
                },
                "The trip with Sita Rai on 1 May 2027 expired unpaid. Those days are free again.",
            ),
            (
                Notice::TripCompleted { guide: guide(), trip: trip("2027-05-01", 1) },
                "Your trip with Pemba Sherpa on 1 May 2027 is complete. How was it? You can now review Pemba Sherpa.",
            ),
            (
                Notice::TripCompletedForGuide { tourist: tourist(), trip: trip("2027-05-01", 1) },
                "Your trip with Sita Rai on 1 May 2027 is complete.",
            ),
            (
                Notice::Refunded { trip: trip("2027-05-01", 1), amount_cents: 5050, paisa: None },
                "$50.50 for your trip on 1 May 2027 has been refunded to you.",
            ),
            (
                Notice::RefundedForGuide {
                    tourist: tourist(),
                    trip: trip("2027-05-01", 1),
                    amount_cents: 5050,
                    paisa: None,
                },
                "$50.50 for the cancelled trip on 1 May 2027 was refunded to Sita Rai.",
            ),
            (
                Notice::GuideVerified,
                "Your profile is verified. Travellers can now find and book you.",
            ),
            (
                Notice::VerificationRejected { reason: "The licence photo is blurred".into() },
                "Your verification was not approved: The licence photo is blurred. Please update your certificates and submit again.",
            ),
            (
                Notice::PayoutSent {
                    amount_cents: 5000,
                    method: PayoutMethod::Khalti,
                    reference: "KH-1".into(),
                },
                "Yatra sent you $50.00 to your Khalti wallet (reference KH-1).",
            ),
            (
                Notice::PayoutSent {
                    amount_cents: 5000,
                    method: PayoutMethod::Bank,
                    reference: "NB 7".into(),
                },
                "Yatra sent you $50.00 by bank transfer (reference NB 7).",
            ),
            (
                Notice::LicenceExpiring { expires_on: "2031-03-31".into() },
                "Your guide licence is valid until 31 March 2031. Submit your renewed licence before then to stay listed.",
            ),
            (
                Notice::LicenceExpired { expires_on: "2031-03-31".into() },
                "Your guide licence expired after 31 March 2031. Please submit your renewed licence.",
            ),
            (
                Notice::Sos {
                    tourist: tourist(),
                    message: "Fell near Lobuche".into(),
                    map: "https://maps.example/?q=27.9,86.8".into(),
                },
                "SOS from Sita Rai. \u{201c}Fell near Lobuche\u{201d} Location: https://maps.example/?q=27.9,86.8",
            ),
            (
                Notice::Sos {
                    tourist: tourist(),
                    message: String::new(),
                    map: "https://maps.example/?q=1,2".into(),
                },
                "SOS from Sita Rai. Location: https://maps.example/?q=1,2",
            ),
            (
                Notice::PostHidden { title: "Over \"Thorong\" La".into(), reason: "Spam".into() },
                "An admin hid your post \"Over \"Thorong\" La\": Spam",
            ),
            (
                Notice::ReviewHidden { reason: "Abusive".into() },
                "An admin hid your review: Abusive",
            ),
            (Notice::ReviewReplied { guide: guide() }, "Pemba Sherpa replied to your review."),
            (
                Notice::DepartureConfirmed {
                    tour: "Gokyo Lakes".into(),
                    trip: trip("2027-10-12", 12),
                },
                "Your departure is confirmed: \"Gokyo Lakes\" on 12 Oct 2027 (12 days) will run.",
            ),
            (
                Notice::DepartureConfirmedForGuide {
                    tour: "Gokyo Lakes".into(),
                    trip: trip("2027-10-12", 12),
                    people: 4,
                },
                "Your departure of \"Gokyo Lakes\" on 12 Oct 2027 (12 days) is confirmed, with 4 people.",
            ),
            (
                Notice::DepartureCancelled {
                    tour: "Gokyo Lakes".into(),
                    trip: trip("2027-10-12", 12),
                    refund: Refund::Nothing,
                },
                "Too few travellers joined \"Gokyo Lakes\" on 12 Oct 2027 (12 days), so the departure is cancelled.",
            ),
            (
                Notice::DepartureCancelled {
                    tour: "Gokyo Lakes".into(),
                    trip: trip("2027-10-12", 12),
                    refund: Refund::Cents(138_000),
                },
                "Too few travellers joined \"Gokyo Lakes\" on 12 Oct 2027 (12 days), so the departure is cancelled. $1380.00 will be refunded.",
            ),
            (
                Notice::DepartureCancelledForGuide {
                    tour: "Gokyo Lakes".into(),
                    trip: trip("2027-10-12", 12),
                },
                "Too few travellers paid for your departure of \"Gokyo Lakes\" on 12 Oct 2027 (12 days), so it is cancelled and everyone is refunded. Those days are free again.",
            ),
            (
                Notice::OfferReceived {
                    guide: guide(),
                    trip: trip("2027-10-12", 5),
                    people: 2,
                    amount_cents: 138_000,
                },
                "Pemba Sherpa sent you an offer: $1380.00 for 2 people from 12 Oct 2027 (5 days). Accept it in your conversation before it expires.",
            ),
            (
                Notice::OfferAcceptedForGuide {
                    tourist: tourist(),
                    trip: trip("2027-10-12", 1),
                    people: 1,
                    amount_cents: 9_050,
                },
                "Sita Rai accepted your offer: $90.50 for 1 person from 12 Oct 2027. The trip is approved; they pay next.",
            ),
        ]
    }

    #[test]
    fn every_notice_words_its_english_exactly_as_yatra_always_has() {
        for (notice, english) in every_notice() {
            assert_eq!(notice.text(Lang::En), english, "{notice:?}");
        }
    }

    #[test]
    fn every_catalogue_entry_is_a_notice_and_every_notice_has_nepali() {
        let used: std::collections::BTreeSet<&str> =
            every_notice().iter().map(|(notice, _)| notice.wording().0).collect();
        let catalogue: std::collections::BTreeSet<&str> =
            i18n::notices::NOTICES.iter().map(|entry| entry.code).collect();
        assert_eq!(used, catalogue);
        for (notice, english) in every_notice() {
            let nepali = notice.text(Lang::Ne);
            assert!(!nepali.is_empty() && nepali != english, "{notice:?} has no Nepali");
        }
    }

    #[test]
    fn notices_read_in_nepali_with_their_names_dates_and_amounts() {
        let cases = [
            (
                Notice::TripRequested {
                    tourist: "Sita Rai".into(),
                    trip: trip("2026-12-12", 3),
                    time: "09:30".into(),
                    people: 2,
                },
                "Sita Raiले 12 डिसेम्बर 2026 (3 दिन) मा 09:30 बजेका लागि बुकिङ अनुरोध पठाउनुभएको छ (2 जना)।",
            ),
            (
                Notice::CancelledByGuide {
                    guide: "Pemba Sherpa".into(),
                    trip: trip("2027-05-01", 1),
                    refund: Refund::Cents(12000),
                },
                "Pemba Sherpaले 1 मे 2027 को तपाईंको यात्रा रद्द गर्नुभयो। $120.00 फिर्ता गरिनेछ।",
            ),
            (
                Notice::TripCompleted { guide: "Pemba".into(), trip: trip("2027-05-01", 1) },
                "Pembaसँगको 1 मे 2027 को तपाईंको यात्रा सम्पन्न भयो। कस्तो रह्यो? अब तपाईं Pembaको समीक्षा लेख्न सक्नुहुन्छ।",
            ),
            (
                Notice::PayoutSent {
                    amount_cents: 5000,
                    method: PayoutMethod::Khalti,
                    reference: "KH-1".into(),
                },
                "Yatraले तपाईंलाई तपाईंको खल्ती वालेटमा $50.00 पठायो (सन्दर्भ नम्बर KH-1)।",
            ),
            (
                Notice::LicenceExpiring { expires_on: "2031-03-31".into() },
                "तपाईंको गाइड लाइसेन्स 31 मार्च 2031 सम्म मान्य छ। सूचीमा रहिरहन त्यसअघि नै नवीकरण गरिएको लाइसेन्स पेश गर्नुहोस्।",
            ),
        ];
        for (notice, nepali) in cases {
            assert_eq!(notice.text(Lang::Ne), nepali);
        }
    }

    #[test]
    fn a_wallet_payment_and_its_refund_are_named_in_the_rupees_charged() {
        let five_days = trip("2027-05-01", 5);
        let paid = Notice::PaymentReceived {
            guide: "Pemba Sherpa".into(),
            trip: five_days.clone(),
            amount_cents: 9000,
            paisa: Some(1_201_500),
        };
        assert_eq!(
            paid.text(Lang::En),
            "Payment received (NPR 12,015). Your trip with Pemba Sherpa on 1 May 2027 (5 days) is confirmed."
        );
        assert!(paid.text(Lang::Ne).contains("NPR 12,015"), "{}", paid.text(Lang::Ne));
        let refunded = Notice::RefundedForGuide {
            tourist: "Sita Rai".into(),
            trip: five_days.clone(),
            amount_cents: 4500,
            paisa: Some(600_750),
        };
        assert!(refunded.text(Lang::En).starts_with("NPR 6,007.50 for the cancelled trip"));
        let cancelled = Notice::CancelledByYou {
            guide: "Pemba Sherpa".into(),
            trip: five_days,
            refund: Refund::Paisa(1_201_500),
        };
        assert!(cancelled.text(Lang::En).ends_with("NPR 12,015 will be refunded."));
        // Stored with the rupees, read back with them; a dollar notice stores none.
        assert_eq!(Notice::from_stored(&paid.stored()), paid);
        assert!(paid.stored().contains("\"paisa\":1201500"));
        let in_dollars =
            Notice::Refunded { trip: trip("2027-05-01", 1), amount_cents: 9000, paisa: None };
        assert!(!in_dollars.stored().contains("paisa"));
    }

    #[test]
    fn a_notice_is_for_the_guide_the_traveller_or_its_author() {
        let (to_guide, to_traveller) = every_notice()[0].0.messages(Lang::En);
        assert!(to_guide.starts_with("New booking request") && to_traveller.is_empty());
        let (to_guide, to_traveller) = every_notice()[1].0.messages(Lang::En);
        assert!(to_guide.is_empty() && to_traveller.ends_with("Pay now to confirm it."));
        let hidden = Notice::ReviewHidden { reason: "Abusive".into() };
        let (to_guide, to_traveller) = hidden.messages(Lang::En);
        assert_eq!(
            (to_guide.as_str(), to_traveller.as_str()),
            ("An admin hid your review: Abusive", "An admin hid your review: Abusive")
        );
    }

    #[test]
    fn notices_are_stored_as_their_kind_and_parameters_and_read_back() {
        let notice = Notice::CancelledByGuide {
            guide: "Pemba".into(),
            trip: trip("2027-05-01", 2),
            refund: Refund::Cents(12000),
        };
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&notice.stored()).unwrap(),
            serde_json::json!({
                "notice": "cancelled_by_guide",
                "guide": "Pemba",
                "trip": { "firstDay": "2027-05-01", "days": 2 },
                "refund": { "cents": 12000 },
            })
        );
        for (notice, _) in every_notice() {
            assert_eq!(Notice::from_stored(&notice.stored()), notice);
        }
        assert_eq!(Notice::from_stored("not json").text(Lang::En), "");
    }

    #[test]
    fn a_stored_sentence_reads_back_as_the_notice_that_words_it() {
        for (notice, english) in every_notice() {
            assert_eq!(Notice::from_sentence(english), Some(notice), "{english}");
        }
        assert_eq!(Notice::from_sentence("Something Yatra never wrote."), None);
        // A date the catalogue matches but that is no date reads back as nothing.
        assert_eq!(
            Notice::from_sentence(
                "Sita Rai cancelled the trip on tomorrow. Those days are free again."
            ),
            None
        );
    }
}
