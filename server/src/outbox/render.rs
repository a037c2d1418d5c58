//! What each email says, in plain text and HTML, with links into the client at
//! `YATRA_PUBLIC_URL`. Rendered when the email is sent (not when it is queued), so a
//! one-time link's token is made then and is never stored anywhere but in its hash.

use crate::auth::account_tokens::{self, Purpose};
use crate::calendar::{readable_date, trip_dates};
use crate::db::Db;
use crate::email::Template;
use crate::error::AppResult;
use crate::i18n::{Lang, terms};
use crate::money::paid;
use crate::notice::people_text;
use crate::reviews::eligibility::review_closes_on;
use crate::sos;
use crate::tours::domain::TourInput;
use crate::tours::store as tours;

/// A finished email.
#[derive(Debug)]
pub struct Rendered {
    pub to_address: String,
    pub to_name: String,
    pub subject: String,
    pub text: String,
    pub html: String,
}

struct Person {
    address: String,
    first_name: String,
    last_name: String,
    verified: bool,
    /// What the email is written in.
    language: Lang,
}

struct Trip {
    date: String,
    time: String,
    group_size: i64,
    total_cents: i64,
    tourist: String,
    guide: String,
    /// The tour booked, if the trip is one.
    tour: Option<TourInput>,
    /// The guide's meeting place, what-to-bring list and contact, for the traveller's
    /// confirmation (see `briefing`).
    guide_meeting_place: String,
    guide_what_to_bring: Vec<String>,
    guide_contact: Vec<String>,
}

/// The email for an outbox row, or `None` when there is nobody to send it to (the account
/// is gone, no account has the address, the address is already verified).
pub async fn render(
    db: &Db,
    public_url: &str,
    user_id: Option<&str>,
    to_address: Option<&str>,
    template: &Template,
) -> AppResult<Option<Rendered>> {
    // The one email to someone with no account: addressed by name from the template.
    if let Template::SosToContact { alert_id, contact_name } = template {
        let (Some(address), Some(alert)) = (to_address, sos::emails::find(db, alert_id).await?)
        else {
            return Ok(None);
        };
        let (subject, lines, button) = alert.for_contact();
        let hello = format!("Namaste {contact_name},");
        // The contact has no account to keep a language in: English, which the alert's
        // own words (the traveller's message) are most likely to be read beside.
        return Ok(Some(Rendered {
            to_address: address.to_owned(),
            to_name: contact_name.clone(),
            text: text_body(Lang::En, &hello, &lines, Some(&button)),
            html: html_body(Lang::En, &subject, &hello, &lines, Some(&button)),
            subject,
        }));
    }
    let person = match (user_id, to_address) {
        (Some(id), _) => find_person("id = $1", id, db).await?,
        (None, Some(address)) => {
            find_person("email_lower = $1", &address.to_lowercase(), db).await?
        }
        (None, None) => None,
    };
    let Some((user_id, person)) = person else { return Ok(None) };
    let lang = person.language;
    // Both texts are written side by side, so an English change shows its Nepali twin.
    let t = |en: String, ne: String| lang.pick(en, ne);
    let date_in = |date: &str| {
        let date = readable_date(date);
        lang.pick(date.clone(), terms::dates(&date))
    };
    let people_in = |count: i64| {
        let people = people_text(count);
        lang.pick(people.clone(), terms::people(&people))
    };
    let hello =
        t(format!("Namaste {},", person.first_name), format!("नमस्ते {},", person.first_name));
    let link = |path: &str| format!("{public_url}{path}");
    let (subject, lines, button): (String, Vec<String>, Option<(&str, String)>) = match template {
        Template::VerifyEmail {} => {
            if person.verified {
                return Ok(None);
            }
            let token = account_tokens::issue(db, &user_id, Purpose::VerifyEmail).await?;
            (
                t("Please verify your email address".into(), "कृपया आफ्नो इमेल ठेगाना प्रमाणित गर्नुहोस्".into()),
                vec![
                    t(
                        "Welcome to Yatra! Please confirm this is your email address, so guides can reach you and you can book trips.".into(),
                        "Yatra मा स्वागत छ! गाइडहरूले तपाईंलाई सम्पर्क गर्न सकून् र तपाईं यात्रा बुक गर्न सक्नुहोस् भनेर, कृपया यो तपाईंकै इमेल ठेगाना हो भनी पुष्टि गर्नुहोस्।".into(),
                    ),
                    t(
                        "The link works once and for 7 days. If you did not sign up, ignore this email.".into(),
                        "यो लिंक एक पटक मात्र र 7 दिनसम्म चल्छ। तपाईंले साइन अप गर्नुभएको होइन भने यो इमेल बेवास्ता गर्नुहोस्।".into(),
                    ),
                ],
                Some((lang.pick("Verify my email", "मेरो इमेल प्रमाणित गर्नुहोस्"), link(&format!("/verify-email?token={token}")))),
            )
        }
        Template::PasswordReset {} => {
            let token = account_tokens::issue(db, &user_id, Purpose::ResetPassword).await?;
            (
                t("Reset your Yatra password".into(), "आफ्नो Yatra पासवर्ड रिसेट गर्नुहोस्".into()),
                vec![
                    t(
                        "Someone (we hope you) asked to reset the password of your Yatra account.".into(),
                        "कसैले (आशा छ, तपाईं नै) तपाईंको Yatra खाताको पासवर्ड रिसेट गर्न अनुरोध गर्नुभयो।".into(),
                    ),
                    t(
                        "The link works once and for 30 minutes. Setting a new password signs you out everywhere. If you did not ask, ignore this email: your password stays as it is.".into(),
                        "यो लिंक एक पटक मात्र र 30 मिनेटसम्म चल्छ। नयाँ पासवर्ड राखेपछि तपाईं सबै ठाउँबाट साइन आउट हुनुहुनेछ। तपाईंले अनुरोध गर्नुभएको होइन भने यो इमेल बेवास्ता गर्नुहोस्: तपाईंको पासवर्ड जस्ताको तस्तै रहनेछ।".into(),
                    ),
                ],
                Some((lang.pick("Choose a new password", "नयाँ पासवर्ड छान्नुहोस्"), link(&format!("/reset-password?token={token}")))),
            )
        }
        Template::BookingRequested { booking_id } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            let (date, people) = (date_in(&trip.date), people_in(trip.group_size));
            (
                t(format!("New booking request from {}", trip.tourist), format!("{}बाट नयाँ बुकिङ अनुरोध", trip.tourist)),
                with_tour(vec![t(
                    format!(
                        "{} would like you to guide them on {date} at {} ({people}). Please approve or decline the request.",
                        trip.tourist, trip.time
                    ),
                    format!(
                        "{} {date} मा {} बजे ({people}) तपाईंलाई गाइड बनाउन चाहनुहुन्छ। कृपया अनुरोध स्वीकार वा अस्वीकार गर्नुहोस्।",
                        trip.tourist, trip.time
                    ),
                )], &trip, lang),
                Some((lang.pick("See the request", "अनुरोध हेर्नुहोस्"), link("/request"))),
            )
        }
        Template::BookingApproved { booking_id } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            let (date, total) = (date_in(&trip.date), money(trip.total_cents));
            (
                t(format!("{} approved your trip", trip.guide), format!("{}ले तपाईंको यात्रा स्वीकार गर्नुभयो", trip.guide)),
                with_tour(vec![t(
                    format!("{} approved your trip on {date} at {}. Pay {total} to confirm it.", trip.guide, trip.time),
                    format!("{}ले {date} मा {} बजेको तपाईंको यात्रा स्वीकार गर्नुभयो। पक्का गर्न {total} भुक्तानी गर्नुहोस्।", trip.guide, trip.time),
                )], &trip, lang),
                Some((lang.pick("Pay now", "अहिले भुक्तानी गर्नुहोस्"), link(&format!("/checkout/{booking_id}")))),
            )
        }
        Template::TourBooked { booking_id } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            let (date, people) = (date_in(&trip.date), people_in(trip.group_size));
            let tour = trip.tour.as_ref().map_or("", |tour| tour.title.as_str());
            (
                t(format!("{} booked {tour}", trip.tourist), format!("{}ले {tour} बुक गर्नुभयो", trip.tourist)),
                with_tour(
                    vec![t(
                        format!(
                            "{} booked your tour for {date} at {} ({people}). It is instant, so it is approved: they pay next, and we will tell you when they have.",
                            trip.tourist, trip.time
                        ),
                        format!(
                            "{}ले {date} मा {} बजेदेखि ({people}) तपाईंको टुर बुक गर्नुभयो। यो तुरुन्त बुकिङ भएकाले स्वीकृत भइसक्यो: अब उहाँले भुक्तानी गर्नुहुन्छ, र भुक्तानी भएपछि हामी तपाईंलाई जानकारी दिनेछौं।",
                            trip.tourist, trip.time
                        ),
                    )],
                    &trip,
                    lang,
                ),
                Some((lang.pick("Open your dashboard", "आफ्नो ड्यासबोर्ड खोल्नुहोस्"), link("/guideDash"))),
            )
        }
        Template::BookingRejected { booking_id } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            let date = date_in(&trip.date);
            (
                t(format!("{} can't guide you on {date}", trip.guide), format!("{} {date} मा तपाईंको गाइड बन्न सक्नुहुन्न", trip.guide)),
                vec![t(
                    format!("{} declined your request for {date}. Try another date or another guide.", trip.guide),
                    format!("{}ले {date} का लागि तपाईंको अनुरोध अस्वीकार गर्नुभयो। अर्को मिति वा अर्को गाइड खोज्नुहोस्।", trip.guide),
                )],
                Some((lang.pick("Find another guide", "अर्को गाइड खोज्नुहोस्"), link("/guides"))),
            )
        }
        Template::PaymentReceivedTraveller { booking_id } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            let (date, total) = (date_in(&trip.date), paid_total(db, booking_id, trip.total_cents).await?);
            (
                t("Payment received: your trip is confirmed".into(), "भुक्तानी प्राप्त भयो: तपाईंको यात्रा पक्का भयो".into()),
                with_tour(
                    [
                        vec![t(
                            format!("We received your payment of {total}. Your trip with {} on {date} at {} is confirmed.", trip.guide, trip.time),
                            format!("तपाईंको {total} भुक्तानी हामीले पायौं। {}सँग {date} मा {} बजेको तपाईंको यात्रा पक्का भयो।", trip.guide, trip.time),
                        )],
                        briefing(&trip, lang, &date),
                    ]
                    .concat(),
                    &trip,
                    lang,
                ),
                Some((lang.pick("See the receipt", "रसिद हेर्नुहोस्"), link(&format!("/receipt/{booking_id}")))),
            )
        }
        Template::PaymentReceivedGuide { booking_id } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            let (date, total, people) =
                (date_in(&trip.date), paid_total(db, booking_id, trip.total_cents).await?, people_in(trip.group_size));
            (
                t(format!("{} paid for the trip on {date}", trip.tourist), format!("{}ले {date} को यात्राको भुक्तानी गर्नुभयो", trip.tourist)),
                with_tour(vec![t(
                    format!("{} paid {total} for the trip on {date} at {} ({people}). It is confirmed.", trip.tourist, trip.time),
                    format!("{}ले {date} मा {} बजेको यात्राका लागि ({people}) {total} भुक्तानी गर्नुभयो। यात्रा पक्का भयो।", trip.tourist, trip.time),
                )], &trip, lang),
                Some((lang.pick("Open your dashboard", "आफ्नो ड्यासबोर्ड खोल्नुहोस्"), link("/guideDash"))),
            )
        }
        Template::BookingExpired { booking_id, to_guide, was_approved } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            let date = date_in(&trip.date);
            let (guide, tourist) = (&trip.guide, &trip.tourist);
            let (subject, line) = match (to_guide, was_approved) {
                (false, false) => (
                    t(format!("Your request to {guide} expired"), format!("{guide}लाई पठाएको तपाईंको अनुरोधको म्याद सकियो")),
                    t(
                        format!("Your request to {guide} for {date} expired without an answer. Try other dates or another guide."),
                        format!("{guide}लाई {date} का लागि पठाएको तपाईंको अनुरोधको जवाफ नआउँदै म्याद सकियो। अरू मिति वा अर्को गाइड खोज्नुहोस्।"),
                    ),
                ),
                (true, false) => (
                    t(format!("The request from {tourist} expired"), format!("{tourist}को अनुरोधको म्याद सकियो")),
                    t(
                        format!("The request from {tourist} for {date} expired without an answer."),
                        format!("{tourist}ले {date} का लागि पठाएको अनुरोधको जवाफ नदिँदै म्याद सकियो।"),
                    ),
                ),
                (false, true) => (
                    t(format!("Your trip with {guide} expired unpaid"), format!("{guide}सँगको तपाईंको यात्रा भुक्तानी नभएकाले म्याद सकियो")),
                    t(
                        format!("Your approved trip with {guide} on {date} expired because it was not paid in time."),
                        format!("{guide}सँग {date} को तपाईंको स्वीकृत यात्राको समयमै भुक्तानी नभएकाले म्याद सकियो।"),
                    ),
                ),
                (true, true) => (
                    t(format!("The trip with {tourist} expired unpaid"), format!("{tourist}सँगको यात्रा भुक्तानी नभएकाले म्याद सकियो")),
                    t(
                        format!("The trip with {tourist} on {date} expired unpaid. Those days are free again."),
                        format!("{tourist}सँग {date} को यात्राको भुक्तानी नभएकाले म्याद सकियो। ती दिन फेरि खाली भए।"),
                    ),
                ),
            };
            (subject, vec![line], Some(trips_page(*to_guide, lang, &link)))
        }
        Template::BookingCancelled { booking_id, to_guide, by_guide, reason, refund_cents, refund_paisa, was_paid } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            let date = date_in(&trip.date);
            let other = if *to_guide { &trip.tourist } else { &trip.guide };
            let time = &trip.time;
            let first = if to_guide == by_guide {
                t(
                    format!("You cancelled the trip with {other} on {date} at {time}."),
                    format!("तपाईंले {other}सँग {date} मा {time} बजेको यात्रा रद्द गर्नुभयो।"),
                )
            } else {
                t(
                    format!("{other} cancelled your trip on {date} at {time}."),
                    format!("{other}ले {date} मा {time} बजेको तपाईंको यात्रा रद्द गर्नुभयो।"),
                )
            };
            let mut lines = vec![first];
            if !reason.is_empty() {
                lines.push(t(format!("Reason: {reason}"), format!("कारण: {reason}")));
            }
            if *refund_cents > 0 {
                let refund = paid(*refund_cents, *refund_paisa);
                lines.push(t(format!("Refund: {refund} to the traveller."), format!("फिर्ता: यात्रीलाई {refund}।")));
            } else if *was_paid {
                lines.push(t(
                    "No refund: it was cancelled less than 24 hours before the trip.".into(),
                    "रकम फिर्ता हुँदैन: यात्राअघिको 24 घण्टाभित्र रद्द गरिएको थियो।".into(),
                ));
            } else {
                lines.push(t(
                    "Nothing was paid, so there is nothing to refund.".into(),
                    "भुक्तानी भएको थिएन, त्यसैले फिर्ता गर्नुपर्ने केही छैन।".into(),
                ));
            }
            if *by_guide && !*to_guide {
                // The guide let the traveller down: show who else is free on the trip's first day.
                let free = link(&format!("/guides?date={}", trip.date));
                let tours = link(&format!("/tours?availableOn={}", trip.date));
                lines.push(t(
                    format!("Guides free on {date}: {free} — and tours with a guide free then: {tours}"),
                    format!("{date} मा खाली गाइडहरू: {free} — र त्यतिबेला गाइड खाली भएका टुरहरू: {tours}"),
                ));
            }
            (t(format!("Trip on {date} cancelled"), format!("{date} को यात्रा रद्द भयो")), lines, Some(trips_page(*to_guide, lang, &link)))
        }
        Template::BookingRefunded { booking_id, to_guide, amount_cents, paisa } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            let date = date_in(&trip.date);
            let amount = paid(*amount_cents, *paisa);
            let line = if *to_guide {
                t(
                    format!("{amount} for the cancelled trip on {date} was refunded to {}.", trip.tourist),
                    format!("{date} को रद्द भएको यात्राको {amount} {}लाई फिर्ता गरियो।", trip.tourist),
                )
            } else {
                t(
                    format!("{amount} for your cancelled trip with {} on {date} has been refunded to you.", trip.guide),
                    format!("{}सँग {date} को रद्द भएको यात्राको {amount} तपाईंलाई फिर्ता गरियो।", trip.guide),
                )
            };
            (t(format!("Refund of {amount} done"), format!("{amount} फिर्ता गरियो")), vec![line], Some(trips_page(*to_guide, lang, &link)))
        }
        Template::DepartureConfirmed { departure_id, to_guide } => {
            let Some(departure) = find_departure(db, departure_id).await? else { return Ok(None) };
            let (date, tour) = (date_in(&departure.start_date), &departure.tour);
            let people = people_in(departure.seats_paid);
            let (subject, line) = if *to_guide {
                (
                    t(format!("Your departure of {tour} on {date} is confirmed"), format!("{date} को {tour} को तपाईंको समूह प्रस्थान पक्का भयो")),
                    t(
                        format!("{people} paid for your departure of \"{tour}\" on {date}: enough to run. It is confirmed."),
                        format!("{date} को \"{tour}\" को तपाईंको समूह प्रस्थानका लागि {people}ले भुक्तानी गर्नुभयो: चल्न पुग्ने भयो। यो पक्का भयो।"),
                    ),
                )
            } else {
                (
                    t("Your departure is confirmed".into(), "तपाईंको समूह प्रस्थान पक्का भयो".into()),
                    t(
                        format!("Your departure is confirmed: \"{tour}\" on {date} will run, with {people}."),
                        format!("तपाईंको समूह प्रस्थान पक्का भयो: {date} को \"{tour}\" {people}सहित हुनेछ।"),
                    ),
                )
            };
            let page = if *to_guide { link("/guideDash") } else { link("/dashboard") };
            (subject, vec![line], Some((lang.pick("Open your dashboard", "आफ्नो ड्यासबोर्ड खोल्नुहोस्"), page)))
        }
        Template::DepartureCancelled { departure_id, to_guide, refund_cents, refund_paisa } => {
            let Some(departure) = find_departure(db, departure_id).await? else { return Ok(None) };
            let (date, tour) = (date_in(&departure.start_date), &departure.tour);
            let mut lines = vec![if *to_guide {
                t(
                    format!("Too few travellers paid for your departure of \"{tour}\" on {date}, so it is cancelled and everyone is refunded. Those days are free again."),
                    format!("{date} को \"{tour}\" को तपाईंको समूह प्रस्थानमा थोरै यात्रीले मात्र भुक्तानी गरेकाले यो रद्द भयो र सबैलाई रकम फिर्ता गरिन्छ। ती दिन फेरि खाली भए।"),
                )
            } else {
                t(
                    format!("Too few travellers joined \"{tour}\" on {date}, so the departure is cancelled."),
                    format!("{date} को \"{tour}\" मा थोरै यात्री मात्र सामेल भएकाले यो समूह प्रस्थान रद्द भयो।"),
                )
            }];
            if *refund_cents > 0 {
                let refund = paid(*refund_cents, *refund_paisa);
                lines.push(t(
                    format!("Refund: {refund}, in full, the way you paid."),
                    format!("फिर्ता: {refund}, पूरै, जसरी भुक्तानी गर्नुभएको थियो त्यसै गरी।"),
                ));
            }
            (
                t(format!("Departure cancelled: {tour} on {date}"), format!("समूह प्रस्थान रद्द: {date} को {tour}")),
                lines,
                Some(trips_page(*to_guide, lang, &link)),
            )
        }
        Template::OfferReceived { offer_id } => {
            let Some(offer) = find_offer(db, offer_id).await? else { return Ok(None) };
            let (guide, amount) = (&offer.guide, money(offer.total_cents));
            let dates = trip_dates(&offer.start_date, offer.days);
            let dates = lang.pick(dates.clone(), terms::dates(&dates));
            let people = people_in(offer.group_size);
            let until = crate::db::to_rfc3339(offer.expires_at);
            (
                t(format!("{guide} sent you an offer on Yatra"), format!("{guide}ले तपाईंलाई Yatra मा प्रस्ताव पठाउनुभयो")),
                vec![
                    t(
                        format!("{guide} offers you a trip from {dates} for {people}: {amount} in all, with a day-by-day itinerary."),
                        format!("{guide}ले तपाईंलाई {dates} देखि {people}का लागि यात्राको प्रस्ताव गर्नुभएको छ: जम्मा {amount}, दिनदिनको कार्यक्रमसहित।"),
                    ),
                    t(
                        format!("The offer is open until {until} (UTC). Accept it in your conversation to book the trip; then you pay as for any approved trip."),
                        format!("यो प्रस्ताव {until} (UTC) सम्म खुला छ। यात्रा बुक गर्न कुराकानीमै स्वीकार गर्नुहोस्; त्यसपछि अरू स्वीकृत यात्राझैं भुक्तानी गर्नुहुन्छ।"),
                    ),
                ],
                Some((lang.pick("See the offer", "प्रस्ताव हेर्नुहोस्"), link(&format!("/messages/{}", offer.conversation_id)))),
            )
        }
        Template::OfferAccepted { offer_id } => {
            let Some(offer) = find_offer(db, offer_id).await? else { return Ok(None) };
            let (tourist, amount) = (&offer.tourist, money(offer.total_cents));
            let dates = trip_dates(&offer.start_date, offer.days);
            let dates = lang.pick(dates.clone(), terms::dates(&dates));
            let people = people_in(offer.group_size);
            (
                t(format!("{tourist} accepted your offer"), format!("{tourist}ले तपाईंको प्रस्ताव स्वीकार गर्नुभयो")),
                vec![t(
                    format!("{tourist} accepted your offer of {amount} for {people} from {dates}. The trip is approved and those days are held for it; they pay next."),
                    format!("{tourist}ले {dates} देखि {people}का लागि {amount} को तपाईंको प्रस्ताव स्वीकार गर्नुभयो। यात्रा स्वीकृत भयो र ती दिन यसका लागि राखिए; अब उहाँले भुक्तानी गर्नुहुनेछ।"),
                )],
                Some(trips_page(true, lang, &link)),
            )
        }
        Template::UnreadMessages { conversation_id } => {
            // The other person of a two-party conversation, or the departure's tour for a
            // group's (its travellers see each other's first names only).
            let found: Option<(Option<String>, Option<String>, i64)> = sqlx::query_as(
                "SELECT (SELECT u.first_name || ' ' || u.last_name FROM users u \
                     WHERE c.departure_id IS NULL AND u.id = CASE WHEN c.guide_id = cm.user_id THEN c.tourist_id ELSE c.guide_id END), \
                   t.title, \
                   (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = cm.conversation_id AND m.seq > cm.last_read_seq AND m.sender_id <> cm.user_id) \
                 FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id \
                 LEFT JOIN departures d ON d.id = c.departure_id LEFT JOIN tours t ON t.id = d.tour_id \
                 WHERE cm.conversation_id = $1 AND cm.user_id = $2",
            )
            .bind(conversation_id)
            .bind(&user_id)
            .fetch_optional(&db.pool)
            .await?;
            // Read before the email went out: nothing to say any more.
            let Some((person, tour, unread)) = found.filter(|(_, _, unread)| *unread > 0) else { return Ok(None) };
            let (who, ko) = match (person, tour) {
                (Some(person), _) => (person.clone(), format!("{person}ले")),
                (None, Some(tour)) => (format!("Your {tour} group"), format!("तपाईंको {tour} समूहले")),
                (None, None) => return Ok(None),
            };
            let messages = if unread == 1 { "a message".to_owned() } else { format!("{unread} messages") };
            let sandesh = if unread == 1 { "एउटा सन्देश".to_owned() } else { format!("{unread} वटा सन्देश") };
            (
                t(format!("{who} sent you {messages} on Yatra"), format!("{ko} तपाईंलाई Yatra मा {sandesh} पठाउनुभएको छ")),
                vec![t(
                    format!("{who} sent you {messages} you have not read yet. Reply on Yatra to keep planning your trip."),
                    format!("{ko} पठाउनुभएको {sandesh} तपाईंले अझै पढ्नुभएको छैन। यात्राको योजना अगाडि बढाउन Yatra मा जवाफ दिनुहोस्।"),
                )],
                Some((lang.pick("Read and reply", "पढ्नुहोस् र जवाफ दिनुहोस्"), link(&format!("/messages/{conversation_id}")))),
            )
        }
        Template::ReviewReminder { booking_id } => {
            let found: Option<(String, String, String, i64)> = sqlx::query_as(
                "SELECT g.first_name || ' ' || g.last_name, b.guide_id, b.end_date, \
                   (SELECT COUNT(*) FROM ratings r WHERE r.booking_id = b.id) \
                 FROM bookings b JOIN users g ON g.id = b.guide_id WHERE b.id = $1",
            )
            .bind(booking_id)
            .fetch_optional(&db.pool)
            .await?;
            // Reviewed before the email went out: nothing to ask any more.
            let Some((guide, guide_id, last_day, _)) = found.filter(|(.., reviews)| *reviews == 0) else { return Ok(None) };
            let (ended, closes) = (date_in(&last_day), date_in(&review_closes_on(&last_day)));
            (
                t(format!("How was your trip with {guide}?"), format!("{guide}सँगको तपाईंको यात्रा कस्तो रह्यो?")),
                vec![
                    t(
                        format!("Your trip with {guide} ended on {ended}. A few words about it help other travellers choose a guide, and help {guide} too."),
                        format!("{guide}सँगको तपाईंको यात्रा {ended} मा सकियो। यसबारे केही शब्दले अरू यात्रीलाई गाइड छान्न मद्दत गर्छ, र {guide}लाई पनि।"),
                    ),
                    t(
                        format!("You can write your review until {closes}."),
                        format!("तपाईं {closes} सम्म समीक्षा लेख्न सक्नुहुन्छ।"),
                    ),
                ],
                Some((lang.pick("Write a review", "समीक्षा लेख्नुहोस्"), link(&format!("/guides/{guide_id}")))),
            )
        }
        Template::GuideVerified {} => (
            t("Your guide profile is verified".into(), "तपाईंको गाइड प्रोफाइल प्रमाणित भयो".into()),
            vec![t(
                "An admin checked your certificates: your profile is verified. Travellers can now find and book you.".into(),
                "एडमिनले तपाईंका प्रमाणपत्रहरू जाँच्नुभयो: तपाईंको प्रोफाइल प्रमाणित भयो। अब यात्रीहरूले तपाईंलाई खोजेर बुक गर्न सक्नुहुन्छ।".into(),
            )],
            Some((lang.pick("See your profile", "आफ्नो प्रोफाइल हेर्नुहोस्"), link("/guide/profile"))),
        ),
        Template::GuideVerificationRejected { reason } => (
            t("Your guide verification was not approved".into(), "तपाईंको गाइड प्रमाणीकरण स्वीकृत भएन".into()),
            vec![
                t(format!("An admin could not verify your profile: {reason}"), format!("एडमिनले तपाईंको प्रोफाइल प्रमाणित गर्न सक्नुभएन: {reason}")),
                t(
                    "Please update your certificates and submit them again.".into(),
                    "कृपया आफ्ना प्रमाणपत्र अद्यावधिक गरेर फेरि पेश गर्नुहोस्।".into(),
                ),
            ],
            Some((lang.pick("Update your certificates", "प्रमाणपत्र अद्यावधिक गर्नुहोस्"), link("/kycform"))),
        ),
        Template::LicenceExpiring { expires_on } => (
            "Your guide licence expires soon".into(),
            vec![
                format!("Your guide licence is valid until {}.", crate::calendar::long_date(expires_on)),
                "Renew it and submit the new licence before then, so travellers can keep finding and booking you.".into(),
            ],
            Some(("Submit your renewed licence", link("/kycform"))),
        ),
        Template::LicenceExpired { expires_on } => (
            "Your guide licence has expired".into(),
            vec![
                format!("Your guide licence expired after {}, so travellers cannot find you on Yatra for now.", crate::calendar::long_date(expires_on)),
                "Submit your renewed licence: once an admin verifies it, your profile is listed again.".into(),
            ],
            Some(("Submit your renewed licence", link("/kycform"))),
        ),
        Template::SosToGuide { alert_id } => {
            let Some(alert) = sos::emails::find(db, alert_id).await? else { return Ok(None) };
            let (subject, lines, button) = alert.for_guide();
            (subject, lines, Some(button))
        }
        // Sent above, to an address with no account; never to an account.
        Template::SosToContact { .. } => return Ok(None),
    };
    let to_name = format!("{} {}", person.first_name, person.last_name);
    Ok(Some(Rendered {
        to_address: person.address,
        to_name,
        text: text_body(lang, &hello, &lines, button.as_ref()),
        html: html_body(lang, &subject, &hello, &lines, button.as_ref()),
        subject,
    }))
}

async fn find_person(condition: &str, value: &str, db: &Db) -> AppResult<Option<(String, Person)>> {
    let found: Option<(String, String, String, String, Option<i64>, String)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT id, email, first_name, last_name, email_verified_at, language FROM users WHERE {condition}"
    )))
    .bind(value)
    .fetch_optional(&db.pool)
    .await?;
    Ok(found.map(|(id, address, first_name, last_name, verified_at, language)| {
        (
            id,
            Person {
                address,
                first_name,
                last_name,
                verified: verified_at.is_some(),
                language: Lang::from_stored(&language),
            },
        )
    }))
}

#[derive(sqlx::FromRow)]
struct TripRow {
    selected_date: String,
    selected_time: String,
    group_size: i64,
    total_amount_cents: i64,
    tourist: String,
    guide: String,
    tour_id: Option<String>,
    meeting_place: Option<String>,
    what_to_bring: Option<String>,
    phone: Option<String>,
    contact_email: Option<String>,
    email: String,
}

/// What an offer's emails say of it.
#[derive(sqlx::FromRow)]
struct OfferFacts {
    conversation_id: String,
    start_date: String,
    days: i64,
    group_size: i64,
    total_cents: i64,
    expires_at: i64,
    guide: String,
    tourist: String,
}

async fn find_offer(db: &Db, offer_id: &str) -> AppResult<Option<OfferFacts>> {
    Ok(sqlx::query_as(
        "SELECT o.conversation_id, o.start_date, o.day_count AS days, o.group_size, o.total_price_cents AS total_cents, \
           o.expires_at, g.first_name || ' ' || g.last_name AS guide, t.first_name || ' ' || t.last_name AS tourist \
         FROM offers o JOIN users g ON g.id = o.guide_id JOIN users t ON t.id = o.tourist_id WHERE o.id = $1",
    )
    .bind(offer_id)
    .fetch_optional(&db.pool)
    .await?)
}

/// What a departure's emails say of it.
struct DepartureFacts {
    start_date: String,
    tour: String,
    seats_paid: i64,
}

async fn find_departure(db: &Db, departure_id: &str) -> AppResult<Option<DepartureFacts>> {
    let found: Option<(String, String, i64)> = sqlx::query_as(
        "SELECT d.start_date, t.title, CAST(COALESCE((SELECT SUM(b.group_size) FROM bookings b WHERE b.departure_id = d.id \
           AND b.booking_status IN ('approved', 'completed') AND b.payment_status = 'paid'), 0) AS BIGINT) \
         FROM departures d JOIN tours t ON t.id = d.tour_id WHERE d.id = $1",
    )
    .bind(departure_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(found.map(|(start_date, tour, seats_paid)| DepartureFacts { start_date, tour, seats_paid }))
}

async fn find_trip(db: &Db, booking_id: &str) -> AppResult<Option<Trip>> {
    let found: Option<TripRow> = sqlx::query_as(
        "SELECT b.selected_date, b.selected_time, b.group_size, b.total_amount_cents, \
           t.first_name || ' ' || t.last_name AS tourist, g.first_name || ' ' || g.last_name AS guide, b.tour_id, \
           gd.meeting_place, gd.what_to_bring, gd.phone, gd.contact_email, g.email \
         FROM bookings b JOIN users t ON t.id = b.tourist_id JOIN users g ON g.id = b.guide_id \
         LEFT JOIN guide_details gd ON gd.user_id = b.guide_id WHERE b.id = $1",
    )
    .bind(booking_id)
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = found else {
        return Ok(None);
    };
    let TripRow {
        selected_date: date,
        selected_time: time,
        group_size,
        total_amount_cents: total_cents,
        tourist,
        guide,
        tour_id,
        ..
    } = row;
    // The contact address the guide gave, else the account's, as their profile shows it.
    let email = row.contact_email.filter(|e| !e.is_empty()).unwrap_or(row.email);
    let guide_contact =
        [row.phone.unwrap_or_default(), email].into_iter().filter(|c| !c.is_empty()).collect();
    let tour = match tour_id {
        Some(id) => tours::find_all(db, &[id]).await?.pop().map(|tour| tour.input),
        None => None,
    };
    Ok(Some(Trip {
        date,
        time,
        group_size,
        total_cents,
        tourist,
        guide,
        tour,
        guide_meeting_place: row.meeting_place.unwrap_or_default(),
        guide_what_to_bring: row
            .what_to_bring
            .and_then(|list| serde_json::from_str(&list).ok())
            .unwrap_or_default(),
        guide_contact,
    }))
}

/// What the traveller needs on the day, in their confirmation (the success page promises
/// it): where and when to meet (a tour's meeting point, else the guide's meeting place,
/// else how to reach the guide, who will say), and what to bring (the guide's list, and
/// what a tour's price leaves out).
fn briefing(trip: &Trip, lang: Lang, date: &str) -> Vec<String> {
    let (guide, time) = (&trip.guide, &trip.time);
    let place = trip
        .tour
        .as_ref()
        .map(|tour| tour.meeting_point.as_str())
        .filter(|place| !place.is_empty())
        .or(Some(trip.guide_meeting_place.as_str()).filter(|place| !place.is_empty()));
    let contact = trip.guide_contact.join(", ");
    let mut lines = vec![match place {
        Some(place) => lang.pick(
            format!("Where and when to meet: {place}, on {date} at {time}."),
            format!("कहाँ र कहिले भेट्ने: {place}, {date} मा {time} बजे।"),
        ),
        None => lang.pick(
            format!("Where to meet: {guide} will tell you before the trip. You can reach them at {contact}."),
            format!("कहाँ भेट्ने: यात्राअघि {guide}ले तपाईंलाई बताउनुहुनेछ। उहाँलाई {contact} मा सम्पर्क गर्न सक्नुहुन्छ।"),
        ),
    }];
    let excluded = trip.tour.as_ref().map_or(&[][..], |tour| tour.excluded.as_slice());
    if !trip.guide_what_to_bring.is_empty() {
        let items = trip.guide_what_to_bring.join(", ");
        lines.push(lang.pick(format!("What to bring: {items}."), format!("के ल्याउने: {items}।")));
    }
    if !excluded.is_empty() {
        let items = excluded.join(", ");
        lines.push(lang.pick(
            format!("Not included in the price, so bring or pay for it yourself: {items}."),
            format!("मूल्यमा समावेश छैन, त्यसैले आफैं ल्याउनुहोस् वा तिर्नुहोस्: {items}।"),
        ));
    }
    if trip.guide_what_to_bring.is_empty() && excluded.is_empty() {
        lines.push(lang.pick(
            format!("What to bring: ask {guide} in your messages on Yatra."),
            format!("के ल्याउने: Yatra का सन्देशमा {guide}लाई सोध्नुहोस्।"),
        ));
    }
    lines
}

/// What the traveller paid for a booking, in the currency they paid it in: the rupees a
/// wallet charged, else the dollar total.
async fn paid_total(db: &Db, booking_id: &str, total_cents: i64) -> AppResult<String> {
    let charged: Option<(String, i64)> = sqlx::query_as(
        "SELECT currency, amount_minor FROM payments WHERE booking_id = $1 AND status = 'paid'",
    )
    .bind(booking_id)
    .fetch_optional(&db.pool)
    .await?;
    let paisa = charged.filter(|(currency, _)| currency == "npr").map(|(_, minor)| minor);
    Ok(paid(total_cents, paisa))
}

/// An email's lines about a trip, and the tour's name and days under them when it is one.
fn with_tour(mut lines: Vec<String>, trip: &Trip, lang: Lang) -> Vec<String> {
    if let Some(tour) = &trip.tour {
        lines.extend(tour_lines(tour, lang));
    }
    lines
}

/// A tour's name and its days, under what an email says of a trip that is one:
/// "Day 2: Phakding to Namche Bazaar, sleeping at Namche Bazaar (3,440 m)".
fn tour_lines(tour: &TourInput, lang: Lang) -> Vec<String> {
    let mut lines = vec![lang.pick(format!("Tour: {}", tour.title), format!("टुर: {}", tour.title))];
    for (n, day) in (1..).zip(&tour.days) {
        let line = match day.sleep_altitude_m {
            Some(metres) => {
                let metres = terms::grouped(metres);
                lang.pick(
                    format!("Day {n}: {}, sleeping at {} ({metres} m)", day.title, day.sleep_place),
                    format!("दिन {n}: {}, {} मा बास ({metres} मिटर)", day.title, day.sleep_place),
                )
            }
            None => lang.pick(format!("Day {n}: {}", day.title), format!("दिन {n}: {}", day.title)),
        };
        lines.push(line);
    }
    lines
}

/// Where each side follows its trips: the guide's requests page, the traveller's dashboard.
fn trips_page(to_guide: bool, lang: Lang, link: &dyn Fn(&str) -> String) -> (&'static str, String) {
    if to_guide {
        (lang.pick("See your requests", "आफ्ना अनुरोधहरू हेर्नुहोस्"), link("/request"))
    } else {
        (lang.pick("Open your dashboard", "आफ्नो ड्यासबोर्ड खोल्नुहोस्"), link("/dashboard"))
    }
}

fn money(cents: i64) -> String {
    format!("${}.{:02}", cents / 100, cents % 100)
}

/// The signature under every email.
fn signature(lang: Lang) -> &'static str {
    lang.pick("Yatra, local guides in Nepal", "Yatra, नेपालका स्थानीय गाइडहरू")
}

fn text_body(lang: Lang, hello: &str, lines: &[String], button: Option<&(&str, String)>) -> String {
    let mut text = format!("{hello}\n\n");
    for line in lines {
        text.push_str(line);
        text.push_str("\n\n");
    }
    if let Some((label, url)) = button {
        text.push_str(&format!("{label}:\n{url}\n\n"));
    }
    text.push_str(signature(lang));
    text.push('\n');
    text
}

fn html_body(
    lang: Lang,
    subject: &str,
    hello: &str,
    lines: &[String],
    button: Option<&(&str, String)>,
) -> String {
    let paragraphs: String = lines
        .iter()
        .map(|line| format!("<p style=\"margin:0 0 16px\">{}</p>", escape_html(line)))
        .collect();
    let button = button
        .map(|(label, url)| {
            format!(
                "<p style=\"margin:24px 0\"><a href=\"{url}\" style=\"background:#0f766e;color:#ffffff;padding:12px 20px;\
                 border-radius:8px;text-decoration:none;font-weight:600;display:inline-block\">{label}</a></p>\
                 <p style=\"margin:0 0 16px;font-size:13px;color:#57534e\">{or_open} <a href=\"{url}\">{url}</a></p>",
                url = escape_html(url),
                label = escape_html(label),
                or_open = lang.pick("Or open this link:", "वा यो लिंक खोल्नुहोस्:"),
            )
        })
        .unwrap_or_default();
    format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><title>{title}</title></head>\
         <body style=\"margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,sans-serif;color:#1c1917\">\
         <div style=\"max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px\">\
         <p style=\"margin:0 0 24px;font-size:20px;font-weight:700;color:#0f766e\">Yatra</p>\
         <p style=\"margin:0 0 16px\">{hello}</p>{paragraphs}{button}\
         <p style=\"margin:32px 0 0;font-size:13px;color:#78716c\">{signature}</p></div></body></html>",
        lang = lang.as_str(),
        signature = signature(lang),
        title = escape_html(subject),
        hello = escape_html(hello),
    )
}

/// Names, reasons and every other text a person typed are shown as text, never as markup.
pub fn escape_html(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            _ => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_user_text_is_escaped() {
        assert_eq!(
            escape_html("<b>Sita</b> & \"Dawa\" 'x'"),
            "&lt;b&gt;Sita&lt;/b&gt; &amp; &quot;Dawa&quot; &#39;x&#39;"
        );
        let html = html_body(Lang::En, "s", "Namaste <script>,", &["a <img src=x>".into()], None);
        assert!(!html.contains("<script>") && !html.contains("<img"));
    }

    #[test]
    fn templates_round_trip_through_their_stored_form() {
        let template = Template::BookingApproved { booking_id: "b1".into() };
        assert_eq!(template.name(), "booking_approved");
        let stored = serde_json::to_value(&template).unwrap();
        assert_eq!(serde_json::from_value::<Template>(stored).unwrap(), template);
        assert_eq!(Template::VerifyEmail {}.name(), "verify_email");
    }

    #[test]
    fn amounts_read_as_dollars_and_cents() {
        assert_eq!(money(12_005), "$120.05");
        assert_eq!(money(90), "$0.90");
    }
}
