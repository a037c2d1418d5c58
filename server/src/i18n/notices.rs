//! The in-app notifications' texts. They are stored in English, as the change they announce
//! wrote them, and read in the reader's language: a stored text is matched against these
//! templates and the Nepali filled with what its holes held (names, dates, amounts). So
//! notifications stored before Nepali existed read in Nepali too; a text no entry matches
//! reads in English.

use super::template::{Lazy, Lookup};
use super::{Entry, Lang};

macro_rules! entries {
    ($($en:literal => $ne:literal,)*) => {
        &[$(Entry { code: "", en: $en, ne: $ne },)*]
    };
}

pub static NOTICES: &[Entry] = entries! {
    // bookings::routes: a request, the guide's answer, a cancellation
    "New booking request from {tourist} for {dates} at {time} ({people})." =>
        "{tourist}ले {dates} मा {time} बजेका लागि बुकिङ अनुरोध पठाउनुभएको छ ({people})।",
    "{guide} approved your trip on {dates}. Pay now to confirm it." =>
        "{guide}ले {dates} को तपाईंको यात्रा स्वीकार गर्नुभयो। पक्का गर्न अहिले नै भुक्तानी गर्नुहोस्।",
    "{guide} can't guide you on {dates}. Your request was declined; try another date or guide." =>
        "{guide} {dates} मा तपाईंको गाइड बन्न सक्नुहुन्न। तपाईंको अनुरोध अस्वीकार भयो; अर्को मिति वा अर्को गाइड खोज्नुहोस्।",
    "You cancelled your trip with {guide} on {dates}." =>
        "तपाईंले {guide}सँगको {dates} को यात्रा रद्द गर्नुभयो।",
    "You cancelled your trip with {guide} on {dates}. {amount} will be refunded." =>
        "तपाईंले {guide}सँगको {dates} को यात्रा रद्द गर्नुभयो। {amount} फिर्ता गरिनेछ।",
    "You cancelled your trip with {guide} on {dates}. It was less than 24 hours before the trip, so there is no refund." =>
        "तपाईंले {guide}सँगको {dates} को यात्रा रद्द गर्नुभयो। यात्राअघिको 24 घण्टाभित्र रद्द गरिएकाले रकम फिर्ता हुँदैन।",
    "{tourist} cancelled the trip on {dates}. Those days are free again." =>
        "{tourist}ले {dates} को यात्रा रद्द गर्नुभयो। ती दिन फेरि खाली भए।",
    "{guide} cancelled your trip on {dates}." =>
        "{guide}ले {dates} को तपाईंको यात्रा रद्द गर्नुभयो।",
    "{guide} cancelled your trip on {dates}. {amount} will be refunded." =>
        "{guide}ले {dates} को तपाईंको यात्रा रद्द गर्नुभयो। {amount} फिर्ता गरिनेछ।",
    "{guide} cancelled your trip on {dates}. It was less than 24 hours before the trip, so there is no refund." =>
        "{guide}ले {dates} को तपाईंको यात्रा रद्द गर्नुभयो। यात्राअघिको 24 घण्टाभित्र रद्द गरिएकाले रकम फिर्ता हुँदैन।",
    "You cancelled the trip with {tourist} on {dates}." =>
        "तपाईंले {tourist}सँगको {dates} को यात्रा रद्द गर्नुभयो।",
    // payments::confirm
    "Payment received ({amount}). Your trip with {guide} on {dates} is confirmed." =>
        "भुक्तानी प्राप्त भयो ({amount})। {guide}सँगको {dates} को तपाईंको यात्रा पक्का भयो।",
    "{tourist} paid {amount} for the trip on {dates}. It is confirmed." =>
        "{tourist}ले {dates} को यात्राका लागि {amount} भुक्तानी गर्नुभयो। यात्रा पक्का भयो।",
    "Your payment of {amount} arrived after your trip on {dates} was cancelled or expired. It will be refunded in full." =>
        "तपाईंको {amount} भुक्तानी {dates} को यात्रा रद्द भएपछि वा म्याद सकिएपछि मात्र आइपुग्यो। पूरै रकम फिर्ता गरिनेछ।",
    // bookings::sweep: requests and unpaid trips running out, trips completed
    "Your request to {guide} for {dates} expired without an answer. Try other dates or another guide." =>
        "{guide}लाई {dates} का लागि पठाएको तपाईंको अनुरोधको जवाफ नआउँदै म्याद सकियो। अरू मिति वा अर्को गाइड खोज्नुहोस्।",
    "The request from {tourist} for {dates} expired without an answer." =>
        "{tourist}ले {dates} का लागि पठाएको अनुरोधको जवाफ नदिँदै म्याद सकियो।",
    "Your approved trip with {guide} on {dates} expired because it was not paid in time." =>
        "{guide}सँगको {dates} को तपाईंको स्वीकृत यात्राको समयमै भुक्तानी नभएकाले म्याद सकियो।",
    "The trip with {tourist} on {dates} expired unpaid. Those days are free again." =>
        "{tourist}सँगको {dates} को यात्राको भुक्तानी नभएकाले म्याद सकियो। ती दिन फेरि खाली भए।",
    "Your trip with {guide} on {dates} is complete. How was it? You can now review {guide}." =>
        "{guide}सँगको {dates} को तपाईंको यात्रा सम्पन्न भयो। कस्तो रह्यो? अब तपाईं {guide}को समीक्षा लेख्न सक्नुहुन्छ।",
    "Your trip with {tourist} on {dates} is complete." =>
        "{tourist}सँगको {dates} को तपाईंको यात्रा सम्पन्न भयो।",
    // payments::refunds
    "{amount} for your trip on {dates} has been refunded to you." =>
        "{dates} को तपाईंको यात्राको {amount} तपाईंलाई फिर्ता गरियो।",
    "{amount} for the cancelled trip on {dates} was refunded to {tourist}." =>
        "{dates} को रद्द भएको यात्राको {amount} {tourist}लाई फिर्ता गरियो।",
    // admin: verification
    "Your profile is verified. Travellers can now find and book you." =>
        "तपाईंको प्रोफाइल प्रमाणित भयो। अब यात्रीहरूले तपाईंलाई खोजेर बुक गर्न सक्नुहुन्छ।",
    "Your verification was not approved: {reason}. Please update your certificates and submit again." =>
        "तपाईंको प्रमाणीकरण स्वीकृत भएन: {reason}। कृपया आफ्ना प्रमाणपत्र अद्यावधिक गरेर फेरि पेश गर्नुहोस्।",
    // moderation
    "An admin hid your post \"{title}\": {reason}" =>
        "एडमिनले तपाईंको पोस्ट \"{title}\" लुकाउनुभयो: {reason}",
    "An admin hid your review: {reason}" =>
        "एडमिनले तपाईंको समीक्षा लुकाउनुभयो: {reason}",
    // earnings::payouts
    "Yatra sent you {amount} {how} (reference {reference})." =>
        "Yatraले तपाईंलाई {how} {amount} पठायो (सन्दर्भ नम्बर {reference})।",
    // guides::licences: the reminder and the expiry
    "Your guide licence is valid until {dates}. Submit your renewed licence before then to stay listed." =>
        "तपाईंको गाइड लाइसेन्स {dates} सम्म मान्य छ। सूचीमा रहिरहन त्यसअघि नै नवीकरण गरिएको लाइसेन्स पेश गर्नुहोस्।",
    "Your guide licence expired after {dates}. Please submit your renewed licence." =>
        "तपाईंको गाइड लाइसेन्सको म्याद {dates} पछि सकियो। कृपया नवीकरण गरिएको लाइसेन्स पेश गर्नुहोस्।",
    // sos::alert: to the guide of a trip under way
    "SOS from {tourist}.{said} Location: {map}" =>
        "{tourist}बाट SOS आएको छ।{said} स्थान: {map}",
};

static LOOKUP: Lazy = Lazy::new(|| Lookup::new(NOTICES));

/// A stored notification text in `lang` (as stored when no entry matches it).
pub fn translate(text: &str, lang: Lang) -> String {
    if lang == Lang::En || text.is_empty() {
        return text.to_owned();
    }
    LOOKUP
        .translate(text, lang)
        .map(|(_, translated)| translated)
        .unwrap_or_else(|| text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_notification_has_both_languages() {
        crate::i18n::errors::tests::check_catalogue(NOTICES, false);
    }

    #[test]
    fn stored_texts_read_in_nepali_with_their_names_dates_and_amounts() {
        let cases = [
            (
                "New booking request from Sita Rai for 12 Dec 2026 (3 days) at 09:30 (2 people).",
                "Sita Raiले 12 डिसेम्बर 2026 (3 दिन) मा 09:30 बजेका लागि बुकिङ अनुरोध पठाउनुभएको छ (2 जना)।",
            ),
            (
                "Pemba Sherpa cancelled your trip on 1 May 2027. $120.00 will be refunded.",
                "Pemba Sherpaले 1 मे 2027 को तपाईंको यात्रा रद्द गर्नुभयो। $120.00 फिर्ता गरिनेछ।",
            ),
            (
                "Pemba Sherpa cancelled your trip on 1 May 2027.",
                "Pemba Sherpaले 1 मे 2027 को तपाईंको यात्रा रद्द गर्नुभयो।",
            ),
            (
                "Your trip with Pemba on 1 May 2027 is complete. How was it? You can now review Pemba.",
                "Pembaसँगको 1 मे 2027 को तपाईंको यात्रा सम्पन्न भयो। कस्तो रह्यो? अब तपाईं Pembaको समीक्षा लेख्न सक्नुहुन्छ।",
            ),
            (
                "Yatra sent you $50.00 to your Khalti wallet (reference KH-1).",
                "Yatraले तपाईंलाई तपाईंको खल्ती वालेटमा $50.00 पठायो (सन्दर्भ नम्बर KH-1)।",
            ),
        ];
        for (stored, nepali) in cases {
            assert_eq!(translate(stored, Lang::Ne), nepali);
            assert_eq!(translate(stored, Lang::En), stored);
        }
        assert_eq!(
            translate("Something new, not yet translated.", Lang::Ne),
            "Something new, not yet translated."
        );
    }
}
