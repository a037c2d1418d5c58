//! The in-app notifications' texts, by the code `notice::Notice` words them with: English
//! exactly as Yatra has always sent them, and Nepali, with the same holes (names, dates,
//! amounts). Also the way back from an English sentence to its entry, for notifications
//! stored as sentences before they were stored as notices.

use super::Entry;
use super::template::{Lazy, Lookup};

macro_rules! entries {
    ($($code:ident: $en:literal => $ne:literal,)*) => {
        &[$(Entry { code: stringify!($code), en: $en, ne: $ne },)*]
    };
}

pub static NOTICES: &[Entry] = entries! {
    // bookings::routes: a request, the guide's answer, a cancellation
    trip_requested: "New booking request from {tourist} for {dates} at {time} ({people})." =>
        "{tourist}ले {dates} मा {time} बजेका लागि बुकिङ अनुरोध पठाउनुभएको छ ({people})।",
    trip_approved: "{guide} approved your trip on {dates}. Pay now to confirm it." =>
        "{guide}ले {dates} को तपाईंको यात्रा स्वीकार गर्नुभयो। पक्का गर्न अहिले नै भुक्तानी गर्नुहोस्।",
    trip_declined: "{guide} can't guide you on {dates}. Your request was declined; try another date or guide." =>
        "{guide} {dates} मा तपाईंको गाइड बन्न सक्नुहुन्न। तपाईंको अनुरोध अस्वीकार भयो; अर्को मिति वा अर्को गाइड खोज्नुहोस्।",
    cancelled_by_you: "You cancelled your trip with {guide} on {dates}." =>
        "तपाईंले {guide}सँगको {dates} को यात्रा रद्द गर्नुभयो।",
    cancelled_by_you_refund: "You cancelled your trip with {guide} on {dates}. {amount} will be refunded." =>
        "तपाईंले {guide}सँगको {dates} को यात्रा रद्द गर्नुभयो। {amount} फिर्ता गरिनेछ।",
    cancelled_by_you_too_late: "You cancelled your trip with {guide} on {dates}. It was less than 24 hours before the trip, so there is no refund." =>
        "तपाईंले {guide}सँगको {dates} को यात्रा रद्द गर्नुभयो। यात्राअघिको 24 घण्टाभित्र रद्द गरिएकाले रकम फिर्ता हुँदैन।",
    cancelled_by_traveller_for_guide: "{tourist} cancelled the trip on {dates}. Those days are free again." =>
        "{tourist}ले {dates} को यात्रा रद्द गर्नुभयो। ती दिन फेरि खाली भए।",
    cancelled_by_guide: "{guide} cancelled your trip on {dates}." =>
        "{guide}ले {dates} को तपाईंको यात्रा रद्द गर्नुभयो।",
    cancelled_by_guide_refund: "{guide} cancelled your trip on {dates}. {amount} will be refunded." =>
        "{guide}ले {dates} को तपाईंको यात्रा रद्द गर्नुभयो। {amount} फिर्ता गरिनेछ।",
    cancelled_by_guide_too_late: "{guide} cancelled your trip on {dates}. It was less than 24 hours before the trip, so there is no refund." =>
        "{guide}ले {dates} को तपाईंको यात्रा रद्द गर्नुभयो। यात्राअघिको 24 घण्टाभित्र रद्द गरिएकाले रकम फिर्ता हुँदैन।",
    cancelled_by_you_for_guide: "You cancelled the trip with {tourist} on {dates}." =>
        "तपाईंले {tourist}सँगको {dates} को यात्रा रद्द गर्नुभयो।",
    // bookings::routes: a tour requested, or booked and approved at once
    tour_requested: "New request for your tour \"{tour}\" from {tourist} for {dates} at {time} ({people})." =>
        "{tourist}ले तपाईंको टुर \"{tour}\" का लागि {dates} मा {time} बजेको अनुरोध पठाउनुभएको छ ({people})।",
    tour_booked_for_guide: "{tourist} booked your tour \"{tour}\" for {people} from {dates}. It is approved; they pay next." =>
        "{tourist}ले तपाईंको टुर \"{tour}\" {dates} देखि {people}का लागि बुक गर्नुभयो। यो स्वीकृत भयो; अब उहाँले भुक्तानी गर्नुहुनेछ।",
    tour_booking_approved: "Your booking of \"{tour}\" with {guide} on {dates} is approved. Pay now to confirm it." =>
        "{guide}सँगको \"{tour}\" टुरको {dates} को तपाईंको बुकिङ स्वीकृत भयो। पक्का गर्न अहिले नै भुक्तानी गर्नुहोस्।",
    // payments::confirm
    payment_received: "Payment received ({amount}). Your trip with {guide} on {dates} is confirmed." =>
        "भुक्तानी प्राप्त भयो ({amount})। {guide}सँगको {dates} को तपाईंको यात्रा पक्का भयो।",
    payment_received_for_guide: "{tourist} paid {amount} for the trip on {dates}. It is confirmed." =>
        "{tourist}ले {dates} को यात्राका लागि {amount} भुक्तानी गर्नुभयो। यात्रा पक्का भयो।",
    late_payment: "Your payment of {amount} arrived after your trip on {dates} was cancelled or expired. It will be refunded in full." =>
        "तपाईंको {amount} भुक्तानी {dates} को यात्रा रद्द भएपछि वा म्याद सकिएपछि मात्र आइपुग्यो। पूरै रकम फिर्ता गरिनेछ।",
    // bookings::sweep: requests and unpaid trips running out, trips completed
    request_expired: "Your request to {guide} for {dates} expired without an answer. Try other dates or another guide." =>
        "{guide}लाई {dates} का लागि पठाएको तपाईंको अनुरोधको जवाफ नआउँदै म्याद सकियो। अरू मिति वा अर्को गाइड खोज्नुहोस्।",
    request_expired_for_guide: "The request from {tourist} for {dates} expired without an answer." =>
        "{tourist}ले {dates} का लागि पठाएको अनुरोधको जवाफ नदिँदै म्याद सकियो।",
    unpaid_trip_expired: "Your approved trip with {guide} on {dates} expired because it was not paid in time." =>
        "{guide}सँगको {dates} को तपाईंको स्वीकृत यात्राको समयमै भुक्तानी नभएकाले म्याद सकियो।",
    unpaid_trip_expired_for_guide: "The trip with {tourist} on {dates} expired unpaid. Those days are free again." =>
        "{tourist}सँगको {dates} को यात्राको भुक्तानी नभएकाले म्याद सकियो। ती दिन फेरि खाली भए।",
    trip_completed: "Your trip with {guide} on {dates} is complete. How was it? You can now review {guide}." =>
        "{guide}सँगको {dates} को तपाईंको यात्रा सम्पन्न भयो। कस्तो रह्यो? अब तपाईं {guide}को समीक्षा लेख्न सक्नुहुन्छ।",
    trip_completed_for_guide: "Your trip with {tourist} on {dates} is complete." =>
        "{tourist}सँगको {dates} को तपाईंको यात्रा सम्पन्न भयो।",
    // payments::refunds
    refunded: "{amount} for your trip on {dates} has been refunded to you." =>
        "{dates} को तपाईंको यात्राको {amount} तपाईंलाई फिर्ता गरियो।",
    refunded_for_guide: "{amount} for the cancelled trip on {dates} was refunded to {tourist}." =>
        "{dates} को रद्द भएको यात्राको {amount} {tourist}लाई फिर्ता गरियो।",
    // admin: verification
    guide_verified: "Your profile is verified. Travellers can now find and book you." =>
        "तपाईंको प्रोफाइल प्रमाणित भयो। अब यात्रीहरूले तपाईंलाई खोजेर बुक गर्न सक्नुहुन्छ।",
    verification_rejected: "Your verification was not approved: {reason}. Please update your certificates and submit again." =>
        "तपाईंको प्रमाणीकरण स्वीकृत भएन: {reason}। कृपया आफ्ना प्रमाणपत्र अद्यावधिक गरेर फेरि पेश गर्नुहोस्।",
    // departures::decisions: a group departure at the tour's cutoff
    departure_confirmed: "Your departure is confirmed: \"{tour}\" on {dates} will run." =>
        "तपाईंको समूह प्रस्थान पक्का भयो: {dates} को \"{tour}\" हुनेछ।",
    departure_confirmed_for_guide: "Your departure of \"{tour}\" on {dates} is confirmed, with {people}." =>
        "{dates} को \"{tour}\" को तपाईंको समूह प्रस्थान {people}सहित पक्का भयो।",
    departure_cancelled: "Too few travellers joined \"{tour}\" on {dates}, so the departure is cancelled." =>
        "{dates} को \"{tour}\" मा थोरै यात्री मात्र सामेल भएकाले यो समूह प्रस्थान रद्द भयो।",
    departure_cancelled_refund: "Too few travellers joined \"{tour}\" on {dates}, so the departure is cancelled. {amount} will be refunded." =>
        "{dates} को \"{tour}\" मा थोरै यात्री मात्र सामेल भएकाले यो समूह प्रस्थान रद्द भयो। {amount} फिर्ता गरिनेछ।",
    departure_cancelled_for_guide: "Too few travellers paid for your departure of \"{tour}\" on {dates}, so it is cancelled and everyone is refunded. Those days are free again." =>
        "{dates} को \"{tour}\" को तपाईंको समूह प्रस्थानमा थोरै यात्रीले मात्र भुक्तानी गरेकाले यो रद्द भयो र सबैलाई रकम फिर्ता गरिन्छ। ती दिन फेरि खाली भए।",
    // offers::routes: a guide's custom offer, and the traveller accepting it
    offer_received: "{guide} sent you an offer: {amount} for {people} from {dates}. Accept it in your conversation before it expires." =>
        "{guide}ले तपाईंलाई प्रस्ताव पठाउनुभयो: {dates} देखि {people}का लागि {amount}। म्याद सकिनुअघि कुराकानीमै स्वीकार गर्नुहोस्।",
    offer_accepted_for_guide: "{tourist} accepted your offer: {amount} for {people} from {dates}. The trip is approved; they pay next." =>
        "{tourist}ले तपाईंको प्रस्ताव स्वीकार गर्नुभयो: {dates} देखि {people}का लागि {amount}। यात्रा स्वीकृत भयो; अब उहाँले भुक्तानी गर्नुहुनेछ।",
    // moderation
    post_hidden: "An admin hid your post \"{title}\": {reason}" =>
        "एडमिनले तपाईंको पोस्ट \"{title}\" लुकाउनुभयो: {reason}",
    review_hidden: "An admin hid your review: {reason}" =>
        "एडमिनले तपाईंको समीक्षा लुकाउनुभयो: {reason}",
    // reviews::replies
    review_replied: "{guide} replied to your review." =>
        "{guide}ले तपाईंको समीक्षामा जवाफ दिनुभयो।",
    // earnings::payouts
    payout_sent: "Yatra sent you {amount} {how} (reference {reference})." =>
        "Yatraले तपाईंलाई {how} {amount} पठायो (सन्दर्भ नम्बर {reference})।",
    // guides::licences: the reminder and the expiry
    licence_expiring: "Your guide licence is valid until {dates}. Submit your renewed licence before then to stay listed." =>
        "तपाईंको गाइड लाइसेन्स {dates} सम्म मान्य छ। सूचीमा रहिरहन त्यसअघि नै नवीकरण गरिएको लाइसेन्स पेश गर्नुहोस्।",
    licence_expired: "Your guide licence expired after {dates}. Please submit your renewed licence." =>
        "तपाईंको गाइड लाइसेन्सको म्याद {dates} पछि सकियो। कृपया नवीकरण गरिएको लाइसेन्स पेश गर्नुहोस्।",
    // sos::alert: to the guide of a trip under way
    sos: "SOS from {tourist}. Location: {map}" =>
        "{tourist}बाट SOS आएको छ। स्थान: {map}",
    sos_with_message: "SOS from {tourist}. \u{201c}{message}\u{201d} Location: {map}" =>
        "{tourist}बाट SOS आएको छ। \u{201c}{message}\u{201d} स्थान: {map}",
};

static LOOKUP: Lazy = Lazy::new(|| Lookup::new(NOTICES));

/// The entry with `code`. Every code `Notice` uses has one (a unit test checks); an unknown
/// code words as an empty text rather than failing a whole list of notifications.
pub fn entry(code: &str) -> &'static Entry {
    static EMPTY: Entry = Entry { code: "", en: "", ne: "" };
    NOTICES.iter().find(|entry| entry.code == code).unwrap_or(&EMPTY)
}

/// The code of the entry an English `text` is an instance of, and what its holes held.
pub fn find(text: &str) -> Option<(&'static str, Vec<(&'static str, &str)>)> {
    LOOKUP.find(text).map(|(entry, held)| (entry.code, held))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_notification_has_both_languages_and_a_unique_code() {
        crate::i18n::errors::tests::check_catalogue(NOTICES, true);
    }

    #[test]
    fn a_sentence_finds_its_entry_and_what_its_holes_held() {
        let (code, held) =
            find("Pemba Sherpa cancelled your trip on 1 May 2027. $120.00 will be refunded.")
                .unwrap();
        assert_eq!(code, "cancelled_by_guide_refund");
        assert_eq!(
            held,
            [("guide", "Pemba Sherpa"), ("dates", "1 May 2027"), ("amount", "$120.00")]
        );
        assert_eq!(find("Something new, not yet written."), None);
        assert_eq!(
            entry("trip_approved").ne,
            "{guide}ले {dates} को तपाईंको यात्रा स्वीकार गर्नुभयो। पक्का गर्न अहिले नै भुक्तानी गर्नुहोस्।"
        );
        assert_eq!(entry("no_such_notice").en, "");
    }
}
