//! Every error message the server gives, in English (exactly as the source writes it) and
//! Nepali, with the stable `code` a client may switch on. Holes (`{field}`) are filled by
//! `terms`; a hole's name in `en` may differ from the source's (`{NAME_MAX}` here `{max}`).
//!
//! Adding an error: write `AppError::validation("Your English text")` as before, then add an
//! entry here. Until then it answers in English with the generic code of its status
//! (`generic_code`), and `catalogue_covers_every_error_in_the_source` names it.

use axum::http::StatusCode;

use super::template::{Lazy, Lookup};
use super::{Entry, Lang};

macro_rules! entries {
    ($($code:literal: $en:literal => $ne:literal,)*) => {
        &[$(Entry { code: $code, en: $en, ne: $ne },)*]
    };
}

pub static ERRORS: &[Entry] = entries! {
    // ---- the request itself
    "body_too_large": "The request body is too large." => "अनुरोध धेरै ठूलो भयो।",
    "json_required": "Send the request body as JSON (Content-Type: application/json)." => "अनुरोध JSON मा पठाउनुहोस् (Content-Type: application/json)।",
    "invalid_body": "Invalid request body: {cause}" => "अनुरोधमा मिलेन: {cause}",
    "invalid_json": "The request body is not valid JSON." => "अनुरोध मान्य JSON होइन।",
    "multipart_required": "Send the upload as multipart/form-data." => "अपलोड multipart/form-data मा पठाउनुहोस्।",
    "invalid_query": "Invalid query: {cause}" => "खोजीका प्यारामिटर मिलेनन्: {cause}",
    "not_found": "Not found" => "भेटिएन",
    "no_such_endpoint": "No such API endpoint" => "यस्तो API छैन",
    "nul_in_text": "Text may not contain NUL characters." => "पाठमा NUL अक्षर राख्न मिल्दैन।",
    "server_busy": "The server is busy. Please try again in a moment." => "सर्भर अहिले व्यस्त छ। कृपया केही बेरपछि फेरि प्रयास गर्नुहोस्।",
    "internal": "Something went wrong on our side. Please try again." => "हाम्रो तर्फबाट केही गडबड भयो। कृपया फेरि प्रयास गर्नुहोस्।",
    "request_too_slow": "The request took too long. Please try again." => "अनुरोधलाई धेरै समय लाग्यो। कृपया फेरि प्रयास गर्नुहोस्।",
    "upload_stalled": "The upload stopped arriving. Please check your connection and try again." => "अपलोड बीचमै रोकियो। कृपया आफ्नो इन्टरनेट जडान जाँचेर फेरि प्रयास गर्नुहोस्।",
    "too_many": "Too many {what}. Please try again in {wait}." => "धेरै पटक {what} भयो। कृपया {wait} पछि फेरि प्रयास गर्नुहोस्।",
    "idempotency_key_invalid": "The Idempotency-Key header must be 1 to 100 printable characters" => "Idempotency-Key हेडर 1 देखि 100 वटा छापिने अक्षरको हुनुपर्छ",
    "page_invalid": "page must be a whole number from 1 to {max}" => "page 1 देखि {max} सम्मको पूर्ण संख्या हुनुपर्छ",
    "limit_invalid": "limit must be a whole number from 1 to {max}" => "limit 1 देखि {max} सम्मको पूर्ण संख्या हुनुपर्छ",
    "cursor_invalid": "The cursor is not valid: start again from the first page" => "यो cursor मान्य छैन: पहिलो पृष्ठबाट फेरि सुरु गर्नुहोस्",

    // ---- form fields shared by several forms
    "field_too_long": "{field} must be at most {max} characters" => "{field} बढीमा {max} अक्षरको हुनुपर्छ",
    "field_characters": "{field} contains characters that are not allowed" => "{field}मा राख्न नमिल्ने अक्षरहरू छन्",
    "field_required": "{field} is required" => "{field} अनिवार्य छ",
    "list_item_invalid": "Each {item} must be at most {max} characters, without special characters" => "हरेक {item} बढीमा {max} अक्षरको र विशेष चिन्हबिना हुनुपर्छ",
    "list_too_long": "Please add at most {max} {items}" => "कृपया बढीमा {max} वटा {items} थप्नुहोस्",
    "interest_required": "At least one interest is required" => "कम्तीमा एउटा रुचि थप्नुहोस्",
    "language_required": "Please add at least one language" => "कृपया कम्तीमा एउटा भाषा थप्नुहोस्",
    "location_incomplete": "Location needs both longitude and latitude" => "स्थानका लागि देशान्तर र अक्षांश दुवै चाहिन्छ",
    "location_out_of_range": "Location is out of range" => "स्थान मान्य दायराभित्र छैन",
    "location_required": "Location is required" => "स्थान अनिवार्य छ",

    // ---- accounts
    "role_invalid": "Role must be tourist or guide" => "भूमिका यात्री (tourist) वा गाइड (guide) हुनुपर्छ",
    "email_invalid": "Please enter a valid email address" => "कृपया सही इमेल ठेगाना लेख्नुहोस्",
    "email_required": "Email is required" => "इमेल अनिवार्य छ",
    "password_required": "Password is required" => "पासवर्ड अनिवार्य छ",
    "password_too_short": "Password must be at least {min} characters" => "पासवर्ड कम्तीमा {min} अक्षरको हुनुपर्छ",
    "password_too_long": "Password must be at most {max} characters" => "पासवर्ड बढीमा {max} अक्षरको हुनुपर्छ",
    "passwords_differ": "Passwords do not match" => "दुवै पासवर्ड मिलेनन्",
    "email_taken": "An account with this email already exists" => "यो इमेलबाट पहिले नै खाता खोलिएको छ",
    "credentials_required": "Email and password are required" => "इमेल र पासवर्ड दुवै चाहिन्छ",
    "credentials_invalid": "Invalid email or password" => "इमेल वा पासवर्ड मिलेन",
    "session_expired": "Your session has expired. Please sign in again." => "तपाईंको सत्र सकियो। कृपया फेरि साइन इन गर्नुहोस्।",
    "sign_in_required": "Please sign in to continue." => "अगाडि बढ्न कृपया साइन इन गर्नुहोस्।",
    "wrong_account_role": "This account is not a {role} account" => "यो {role} खाता होइन",
    "role_required": "This action is only for {role} accounts" => "यो काम {role} खाताबाट मात्र गर्न मिल्छ",
    "email_unverified": "Please verify your email address before booking" => "बुकिङ गर्नुअघि कृपया आफ्नो इमेल ठेगाना प्रमाणित गर्नुहोस्",
    "email_already_verified": "Your email address is already verified" => "तपाईंको इमेल ठेगाना पहिले नै प्रमाणित भइसकेको छ",
    "verification_emails_limit": "We have sent several verification emails already. Please wait 15 minutes before asking for another." => "हामीले प्रमाणीकरण इमेल धेरै पटक पठाइसकेका छौं। अर्को माग्नुअघि कृपया 15 मिनेट पर्खनुहोस्।",
    "current_password_required": "Current password is required" => "हालको पासवर्ड अनिवार्य छ",
    "current_password_wrong": "Your current password is not correct" => "तपाईंको हालको पासवर्ड मिलेन",
    "password_wrong": "Your password is not correct" => "तपाईंको पासवर्ड मिलेन",
    "admin_not_deletable": "An admin account cannot be deleted here" => "एडमिन खाता यहाँबाट मेटाउन मिल्दैन",
    "deletion_open_booking": "You have a booking request or an upcoming trip. Cancel it, or wait until it is over, before deleting your account" => "तपाईंको बुकिङ अनुरोध वा आउँदो यात्रा बाँकी छ। खाता मेटाउनुअघि त्यसलाई रद्द गर्नुहोस् वा त्यो नसकिएसम्म पर्खनुहोस्",
    "deletion_unpaid_earnings": "Some of your earnings have not been paid out yet. You can delete your account once they are paid" => "तपाईंको केही कमाइ अझै भुक्तानी भएको छैन। भुक्तानी भएपछि खाता मेटाउन सक्नुहुन्छ",
    "link_invalid": "This {link} is not valid. Please ask for a new one." => "यो {link} मान्य छैन। कृपया नयाँ लिंक माग्नुहोस्।",
    "link_expired": "This {link} has expired. Please ask for a new one." => "यो {link}को म्याद सकियो। कृपया नयाँ लिंक माग्नुहोस्।",
    "link_used": "This {link} has already been used. Please ask for a new one." => "यो {link} पहिले नै प्रयोग भइसकेको छ। कृपया नयाँ लिंक माग्नुहोस्।",
    "account_suspended": "This account is suspended. Please contact support if you think this is a mistake." => "यो खाता निलम्बित छ। यो गल्ती हो जस्तो लागे कृपया सहायता टोलीलाई सम्पर्क गर्नुहोस्।",
    "language_invalid": "Language must be en or ne" => "भाषा en (अंग्रेजी) वा ne (नेपाली) हुनुपर्छ",

    // ---- guides, their profiles and verification
    "guide_not_found": "Guide not found" => "गाइड भेटिएन",
    "no_such_guide": "No such guide" => "यस्तो गाइड छैन",
    "price_invalid": "Price per day must be a number from 0 to 10000" => "प्रतिदिनको शुल्क 0 देखि 10000 सम्मको संख्या हुनुपर्छ",
    "price_required": "Price per day is required" => "प्रतिदिनको शुल्क अनिवार्य छ",
    "experience_invalid": "Years of experience must be a whole number from 0 to {max}" => "अनुभवका वर्ष 0 देखि {max} सम्मको पूर्ण संख्या हुनुपर्छ",
    "certificates_incomplete": "Please fill in all fields and upload a file for each certificate." => "कृपया सबै विवरण भर्नुहोस् र हरेक प्रमाणपत्रको फाइल अपलोड गर्नुहोस्।",
    "certificates_too_many": "Please add at most {max} certificates" => "कृपया बढीमा {max} वटा प्रमाणपत्र थप्नुहोस्",
    "certificates_not_a_list": "The certificates field must be a JSON list of certificates" => "certificates फिल्ड प्रमाणपत्रहरूको JSON सूची हुनुपर्छ",
    "certificates_mode_invalid": "The mode must be add or replace" => "mode add वा replace हुनुपर्छ",
    "certificate_not_found": "Certificate not found" => "प्रमाणपत्र भेटिएन",
    "issue_date_invalid": "Issue date must be a real date (YYYY-MM-DD)" => "जारी मिति साँच्चैको मिति हुनुपर्छ (YYYY-MM-DD)",
    "issue_date_future": "Issue date cannot be in the future" => "जारी मिति भविष्यको हुन सक्दैन",
    "category_unknown": "Unknown category: choose all, trekking, cultural, adventure, wildlife, food, historical or nature" => "यो श्रेणी चिनिएन: all, trekking, cultural, adventure, wildlife, food, historical वा nature मध्ये एउटा छान्नुहोस्",
    "radius_invalid": "radiusKm must be more than 0 and at most {max}" => "radiusKm 0 भन्दा बढी र बढीमा {max} हुनुपर्छ",
    "near_needs_both": "Give both lat and lng to search near a point" => "कुनै ठाउँ नजिक खोज्न lat र lng दुवै दिनुहोस्",
    "sort_unknown": "sort must be rating, price_asc, price_desc, reviews, trusted or distance" => "sort rating, price_asc, price_desc, reviews, trusted वा distance मध्ये एउटा हुनुपर्छ",
    "sort_distance_needs_point": "sort=distance needs a point: give lat and lng" => "sort=distance का लागि ठाउँ चाहिन्छ: lat र lng दिनुहोस्",
    "cursor_needs_rating_sort": "The cursor only works with sort=rating: use page instead" => "cursor sort=rating सँग मात्र चल्छ: यसको सट्टा page प्रयोग गर्नुहोस्",
    "price_filter_range": "minPrice and maxPrice must be from 0 to 100000 dollars a day" => "minPrice र maxPrice प्रतिदिन 0 देखि 100000 डलरसम्म हुनुपर्छ",
    "price_filter_order": "minPrice must not be more than maxPrice" => "minPrice maxPrice भन्दा बढी हुनु हुँदैन",
    "rating_filter_range": "minRating must be from 0 to 5" => "minRating 0 देखि 5 सम्म हुनुपर्छ",
    "language_filter_too_long": "language must be at most 60 characters" => "language बढीमा 60 अक्षरको हुनुपर्छ",
    "available_on_invalid": "availableOn must be a real date (YYYY-MM-DD)" => "availableOn सही मिति (YYYY-MM-DD) हुनुपर्छ",
    "rejection_reason_required": "Please give a reason for the rejection" => "कृपया अस्वीकार गर्नुको कारण लेख्नुहोस्",
    "no_submission": "This guide has no submission waiting for review" => "यो गाइडको कुनै विवरण जाँचका लागि बाँकी छैन",

    // ---- bookings and availability
    "booking_not_found": "Booking not found" => "बुकिङ भेटिएन",
    "date_required": "Please select a date" => "कृपया मिति छान्नुहोस्",
    "date_invalid": "Please select a real date (YYYY-MM-DD)" => "कृपया साँच्चैको मिति छान्नुहोस् (YYYY-MM-DD)",
    "date_in_past": "Date must be today or in the future" => "मिति आज वा आउने दिनको हुनुपर्छ",
    "date_too_far": "Please choose a date within the next two years" => "कृपया आउने दुई वर्षभित्रको मिति छान्नुहोस्",
    "time_invalid": "Please select a time (HH:MM)" => "कृपया समय छान्नुहोस् (HH:MM)",
    "booking_message_too_long": "Your message to the guide can be at most 1,000 characters" => "गाइडलाई लेख्ने सन्देश बढीमा 1,000 अक्षरको हुन सक्छ",
    "group_size_invalid": "Group size must be a whole number from 1 to {max}" => "समूहमा मानिसको संख्या 1 देखि {max} सम्मको पूर्ण संख्या हुनुपर्छ",
    "trip_length_invalid": "Trip length must be a whole number of days from 1 to {max}" => "यात्राको अवधि 1 देखि {max} दिनसम्म हुनुपर्छ",
    "travellers_only_book": "Only travellers can book a guide" => "यात्रीले मात्र गाइड बुक गर्न सक्नुहुन्छ",
    "time_passed": "That time has already passed in Nepal. Please choose a later time or date." => "नेपालमा त्यो समय बितिसकेको छ। कृपया पछिको समय वा मिति छान्नुहोस्।",
    "self_booking": "You cannot book yourself" => "तपाईं आफैंलाई बुक गर्न सक्नुहुन्न",
    "guide_has_no_rate": "This guide has not set a daily rate yet" => "यो गाइडले अहिलेसम्म प्रतिदिनको शुल्क तोक्नुभएको छैन",
    "guide_unavailable": "This guide is not available on {date}. Please choose other dates." => "यो गाइड {date} मा उपलब्ध हुनुहुन्न। कृपया अरू मिति छान्नुहोस्।",
    "already_requested": "You have already asked this guide for this date. Please wait for their answer." => "तपाईंले यो मितिका लागि यो गाइडलाई अनुरोध गरिसक्नुभएको छ। कृपया उहाँको जवाफ पर्खनुहोस्।",
    "action_invalid": "Action must be approve or reject" => "कार्य approve (स्वीकार) वा reject (अस्वीकार) हुनुपर्छ",
    "booking_settled": "This booking is already {state}" => "यो बुकिङ पहिले नै {state} छ",
    "cancel_reason_too_long": "The reason can be at most 500 characters" => "कारण बढीमा 500 अक्षरको हुन सक्छ",
    "trip_started_approve": "This trip has already started, so it can no longer be approved" => "यो यात्रा सुरु भइसकेकाले अब स्वीकार गर्न मिल्दैन",
    "trip_started_pay": "This trip has already started, so it can no longer be paid" => "यो यात्रा सुरु भइसकेकाले अब भुक्तानी गर्न मिल्दैन",
    "booking_already_paid": "This booking is already paid" => "यो बुकिङको भुक्तानी भइसकेको छ",
    "booking_awaiting_approval": "You can pay once the guide approves this booking" => "गाइडले यो बुकिङ स्वीकार गरेपछि तपाईं भुक्तानी गर्न सक्नुहुन्छ",
    "booking_declined": "This booking was declined and cannot be paid" => "यो बुकिङ अस्वीकार गरिएकाले भुक्तानी गर्न मिल्दैन",
    "booking_expired": "This booking has expired and cannot be paid" => "यो बुकिङको म्याद सकिएकाले भुक्तानी गर्न मिल्दैन",
    "booking_cancelled": "This booking was cancelled and cannot be paid" => "यो बुकिङ रद्द भइसकेकाले भुक्तानी गर्न मिल्दैन",
    "trip_completed": "This trip is already completed" => "यो यात्रा पहिले नै सम्पन्न भइसकेको छ",
    "decline_not_cancel": "A request waiting for your answer is declined, not cancelled" => "तपाईंको जवाफ पर्खिरहेको अनुरोधलाई रद्द होइन, अस्वीकार गर्नुहोस्",
    "trip_completed_cancel": "This trip is completed and can no longer be cancelled" => "यो यात्रा सम्पन्न भइसकेकाले अब रद्द गर्न मिल्दैन",
    "double_booked": "You already have an approved trip on {date}. Reject this request, or keep the other trip." => "{date} मा तपाईंको अर्को यात्रा पहिले नै स्वीकृत छ। यो अनुरोध अस्वीकार गर्नुहोस्, वा अर्को यात्रा नै राख्नुहोस्।",
    "date_param_required": "Please give `{name}` as YYYY-MM-DD" => "कृपया `{name}` YYYY-MM-DD ढाँचामा दिनुहोस्",
    "date_param_invalid": "`{name}` must be a real date (YYYY-MM-DD)" => "`{name}` साँच्चैको मिति हुनुपर्छ (YYYY-MM-DD)",
    "range_reversed": "`to` must be on or after `from`" => "`to` को मिति `from` कै दिन वा त्यसपछिको हुनुपर्छ",
    "range_too_long": "Ask for at most 366 days at a time" => "एक पटकमा बढीमा 366 दिनको मात्र माग्नुहोस्",
    "block_too_many": "You can block at most 366 days" => "तपाईं बढीमा 366 दिन मात्र बन्द गर्न सक्नुहुन्छ",
    "block_not_a_date": "{text} is not a date (YYYY-MM-DD)" => "{text} मिति होइन (YYYY-MM-DD)",
    "block_in_past": "{date} is in the past" => "{date} बितिसकेको दिन हो",
    "block_too_far": "Please block days within the next two years" => "कृपया आउने दुई वर्षभित्रका दिन मात्र बन्द गर्नुहोस्",

    // ---- payments
    "checkout_not_found": "Checkout not found" => "भुक्तानी सत्र भेटिएन",
    "card_payments_off": "Card payments are not set up on this server" => "यो सर्भरमा कार्डबाट भुक्तानी मिलाइएको छैन",
    "stripe_failed": "Failed to initiate Stripe payment" => "Stripe भुक्तानी सुरु गर्न सकिएन",
    "signature_invalid": "Invalid signature" => "हस्ताक्षर मान्य छैन",
    "event_invalid": "Invalid event" => "घटना मान्य छैन",
    "checkout_cancelled": "This checkout was cancelled. Please start the payment again." => "यो भुक्तानी रद्द भयो। कृपया फेरि भुक्तानी सुरु गर्नुहोस्।",
    "khalti_off": "Khalti payments are not set up on this server" => "यो सर्भरमा खल्तीबाट भुक्तानी मिलाइएको छैन",
    "esewa_off": "eSewa payments are not set up on this server" => "यो सर्भरमा इसेवाबाट भुक्तानी मिलाइएको छैन",
    "khalti_failed": "Failed to initiate Khalti payment" => "खल्ती भुक्तानी सुरु गर्न सकिएन",
    "pidx_invalid": "Invalid pidx" => "pidx मान्य छैन",
    "khalti_unreachable": "Khalti could not be asked about this payment. Please try again in a moment." => "यो भुक्तानीबारे खल्तीसँग बुझ्न सकिएन। कृपया केही बेरपछि फेरि प्रयास गर्नुहोस्।",
    "khalti_amount_mismatch": "Khalti reports a different amount than this booking costs, so it was not marked paid. Please contact the Yatra team." => "खल्तीले यो बुकिङको शुल्कभन्दा फरक रकम देखाएकाले भुक्तानी भएको मानिएन। कृपया Yatra टोलीलाई सम्पर्क गर्नुहोस्।",
    "khalti_not_completed": "Khalti reports this payment as {status}, so it was not marked paid." => "खल्तीले यो भुक्तानीलाई {status} देखाएकाले भुक्तानी भएको मानिएन।",
    "esewa_response_invalid": "The eSewa response is not valid" => "इसेवाको जवाफ मान्य छैन",
    "esewa_signature_mismatch": "The eSewa response's signature does not match" => "इसेवाको जवाफको हस्ताक्षर मिलेन",
    "esewa_wrong_merchant": "The eSewa response is not for this merchant" => "इसेवाको यो जवाफ यो व्यापारीका लागि होइन",
    "esewa_amount_mismatch": "eSewa reports a different amount than this booking costs, so it was not marked paid." => "इसेवाले यो बुकिङको शुल्कभन्दा फरक रकम देखाएकाले भुक्तानी भएको मानिएन।",
    "esewa_unreachable": "eSewa could not be asked about this payment. Please try again in a moment." => "यो भुक्तानीबारे इसेवासँग बुझ्न सकिएन। कृपया केही बेरपछि फेरि प्रयास गर्नुहोस्।",
    "esewa_not_completed": "eSewa reports this payment as {status}, so it was not marked paid." => "इसेवाले यो भुक्तानीलाई {status} देखाएकाले भुक्तानी भएको मानिएन।",

    // ---- guides' earnings and payouts
    "payout_amount_invalid": "Amount must be a number of dollars from 0.01 to {max}" => "रकम 0.01 देखि {max} डलरसम्म हुनुपर्छ",
    "payout_amount_required": "Amount is required" => "रकम अनिवार्य छ",
    "payout_amount_cents": "Amount must be in whole cents" => "रकम पूरा सेन्टमा हुनुपर्छ",
    "payout_guide_required": "Guide is required" => "गाइड छान्नुहोस्",
    "payout_method_required": "Method is required: bank or khalti" => "माध्यम छान्नुहोस्: bank (बैंक) वा khalti (खल्ती)",
    "payout_method_invalid": "Method must be bank or khalti" => "माध्यम bank (बैंक) वा khalti (खल्ती) हुनुपर्छ",
    "payout_reference_required": "Reference is required: the bank's or Khalti's id for the transfer" => "सन्दर्भ नम्बर अनिवार्य छ: ट्रान्सफरको बैंक वा खल्तीले दिएको नम्बर",
    "refund_reference_required": "Reference is required: eSewa's id for the refund" => "सन्दर्भ नम्बर अनिवार्य छ: फिर्ताका लागि eSewa ले दिएको नम्बर",
    "no_such_refund": "No such refund" => "यस्तो फिर्ता छैन",
    "refund_not_waiting": "This refund is not waiting to be made by hand" => "यो फिर्ता हातैले गर्न बाँकी छैन",
    "payout_over_balance": "Only {amount} is available to pay out to this guide" => "यो गाइडलाई भुक्तानी गर्न {amount} मात्र बाँकी छ",
    "payout_choice_required": "Choose how you want to be paid: bank or khalti" => "तपाईं कसरी भुक्तानी लिन चाहनुहुन्छ, छान्नुहोस्: bank (बैंक) वा khalti (खल्ती)",
    "payout_choice_invalid": "Payout method must be bank or khalti" => "भुक्तानी लिने माध्यम bank (बैंक) वा khalti (खल्ती) हुनुपर्छ",
    "account_holder_required": "Account holder is required" => "खातावालाको नाम अनिवार्य छ",
    "khalti_number_invalid": "Khalti number must be a 10-digit Nepali mobile number, e.g. 98XXXXXXXX" => "खल्ती नम्बर 10 अंकको नेपाली मोबाइल नम्बर हुनुपर्छ, जस्तै 98XXXXXXXX",
    "bank_required": "Bank is required for a bank account" => "बैंक खाताका लागि बैंकको नाम अनिवार्य छ",
    "account_number_invalid": "Account number must be 6 to 20 letters or digits" => "खाता नम्बर 6 देखि 20 वटा अक्षर वा अंकको हुनुपर्छ",
    "guide_profile_first": "Save your guide profile first, then say where you want to be paid" => "पहिले आफ्नो गाइड प्रोफाइल सेभ गर्नुहोस्, त्यसपछि भुक्तानी कहाँ लिने भन्नुहोस्",

    // ---- conversations
    "messages_too_fast": "Too many messages. Please try again in {wait}." => "धेरै सन्देश पठाइयो। कृपया {wait} पछि फेरि प्रयास गर्नुहोस्।",
    "travellers_only_message": "Only travellers can start a conversation with a guide" => "गाइडसँग कुराकानी यात्रीले मात्र सुरु गर्न सक्नुहुन्छ",
    "conversation_not_found": "Conversation not found" => "कुराकानी भेटिएन",
    "message_empty": "Write a message before sending" => "पठाउनुअघि सन्देश लेख्नुहोस्",
    "message_too_long": "A message can be at most 2,000 characters (this one has {length})" => "सन्देश बढीमा 2,000 अक्षरको हुन सक्छ (यसमा {length} अक्षर छन्)",

    // ---- reviews
    "rating_invalid": "Rating must be a whole number from 1 to 5" => "रेटिङ 1 देखि 5 सम्मको पूर्ण संख्या हुनुपर्छ",
    "review_incomplete": "Please provide both rating and comment" => "कृपया रेटिङ र टिप्पणी दुवै दिनुहोस्",
    "review_needs_trip": "Only travellers who have booked and paid for a trip with this guide can review them" => "यो गाइडसँग यात्रा बुक गरेर भुक्तानी गर्ने यात्रीले मात्र समीक्षा लेख्न सक्नुहुन्छ",
    "review_after_trip": "You can review this guide after your trip on {date}" => "{date} को यात्रापछि तपाईं यो गाइडको समीक्षा लेख्न सक्नुहुन्छ",
    "review_exists": "You have already reviewed your trips with this guide" => "तपाईंले यो गाइडसँगको यात्राको समीक्षा लेखिसक्नुभएको छ",
    "review_window_closed": "The time to review this trip ended on {date}" => "यो यात्राको समीक्षा लेख्ने समय {date} मा सकियो",
    "sub_rating_invalid": "{field} must be a whole number from 1 to 5" => "{field} 1 देखि 5 सम्मको पूर्ण संख्या हुनुपर्छ",
    "review_photos_too_many": "A review can have at most {max} photos" => "एउटा समीक्षामा बढीमा {max} वटा फोटो राख्न मिल्छ",
    "review_photo_twice": "Each photo can be added once" => "हरेक फोटो एक पटक मात्र थप्न मिल्छ",
    "review_photo_not_yours": "Photos must be ones you uploaded for this review" => "फोटोहरू तपाईंले यो समीक्षाका लागि अपलोड गरेका हुनुपर्छ",
    "review_not_yours": "Only the traveller who wrote this review can change it" => "यो समीक्षा लेख्ने यात्रीले मात्र यसलाई बदल्न सक्नुहुन्छ",
    "review_edit_closed": "A review can be changed only in the 48 hours after it is written" => "समीक्षा लेखेको 48 घण्टाभित्र मात्र बदल्न मिल्छ",
    "review_sort_unknown": "sort must be newest, highest, lowest or with_photos" => "sort newest, highest, lowest वा with_photos मध्ये एउटा हुनुपर्छ",
    "reply_not_yours": "Only the guide this review is about can reply to it" => "यो समीक्षा जुन गाइडको बारेमा हो, उहाँले मात्र यसमा जवाफ दिन सक्नुहुन्छ",

    // ---- saved lists
    "saved_guides_full": "You can save up to {max} guides. Remove one to save another." => "तपाईं बढीमा {max} गाइड सुरक्षित राख्न सक्नुहुन्छ। अर्को राख्न एउटा हटाउनुहोस्।",
    "saved_destinations_full": "You can save up to {max} destinations. Remove one to save another." => "तपाईं बढीमा {max} गन्तव्य सुरक्षित राख्न सक्नुहुन्छ। अर्को राख्न एउटा हटाउनुहोस्।",

    // ---- travellers, destinations, blogs
    "traveller_not_found": "Traveller not found" => "यात्री भेटिएन",
    "destination_rating_invalid": "Rating must be a number from 0 to 5" => "रेटिङ 0 देखि 5 सम्मको संख्या हुनुपर्छ",
    "destination_reviews_invalid": "Reviews must be a whole number of 0 or more" => "समीक्षा संख्या 0 वा सोभन्दा बढीको पूर्ण संख्या हुनुपर्छ",
    "popular_invalid": "Popular must be true or false" => "Popular को मान true वा false हुनुपर्छ",
    "destination_not_found": "Destination not found" => "गन्तव्य भेटिएन",
    "destination_exists": "A destination with this name already exists" => "यही नामको गन्तव्य पहिले नै छ",
    "destination_image_required": "Please choose an image for the destination" => "कृपया गन्तव्यका लागि फोटो छान्नुहोस्",
    "blog_not_found": "Blog not found" => "ब्लग भेटिएन",
    "blog_not_yours": "You can only change your own blog posts" => "तपाईं आफ्नै ब्लग पोस्ट मात्र बदल्न सक्नुहुन्छ",

    // ---- images and uploads
    "uploads_busy": "Too many uploads are in progress right now. Please try again in a few seconds." => "अहिले धेरै अपलोड भइरहेका छन्। कृपया केही सेकेन्डपछि फेरि प्रयास गर्नुहोस्।",
    "image_type": "Only JPEG, PNG or WebP images are allowed" => "JPEG, PNG वा WebP फोटो मात्र राख्न मिल्छ",
    "image_too_big": "Images must be 8 MB or smaller" => "फोटो 8 MB वा सोभन्दा सानो हुनुपर्छ",
    "image_too_many_pixels": "This image is too large (maximum 40 megapixels)" => "यो फोटो धेरै ठूलो छ (बढीमा 40 मेगापिक्सेल)",
    "image_unreadable": "This image could not be read" => "यो फोटो खोल्न सकिएन",
    "image_not_found": "Image not found" => "फोटो भेटिएन",
    "image_private": "Only the owner and admins may see this image" => "यो फोटो धनी र एडमिनले मात्र हेर्न सक्छन्",
    "form_field_too_long": "The {name} field is too long" => "{name} फिल्ड धेरै लामो भयो",
    "form_field_not_text": "The {name} field is not valid text" => "{name} फिल्डमा मान्य पाठ छैन",
    "image_required": "Please choose an image" => "कृपया फोटो छान्नुहोस्",
    "upload_unreadable": "The upload could not be read. Please try again." => "अपलोड पढ्न सकिएन। कृपया फेरि प्रयास गर्नुहोस्।",
    "image_changed_meanwhile": "Another upload changed this image at the same time. Please try again." => "सोही बेला अर्को अपलोडले यो फोटो बदल्यो। कृपया फेरि प्रयास गर्नुहोस्।",

    // ---- moderation and notifications
    "already_reported": "You have already reported this. An admin will look at it soon." => "तपाईंले यसबारे रिपोर्ट गरिसक्नुभएको छ। एडमिनले छिट्टै हेर्नुहुनेछ।",
    "report_not_open": "This report is no longer open" => "यो रिपोर्ट अब खुला छैन",
    "report_not_found": "Report not found" => "रिपोर्ट भेटिएन",
    "review_not_found": "Review not found" => "समीक्षा भेटिएन",
    "account_not_found": "Account not found" => "खाता भेटिएन",
    "post_already_hidden": "This post is already hidden" => "यो पोस्ट पहिले नै लुकाइएको छ",
    "post_not_hidden": "This post is not hidden" => "यो पोस्ट लुकाइएको छैन",
    "review_already_hidden": "This review is already hidden" => "यो समीक्षा पहिले नै लुकाइएको छ",
    "review_not_hidden": "This review is not hidden" => "यो समीक्षा लुकाइएको छैन",
    "account_already_suspended": "This account is already suspended" => "यो खाता पहिले नै निलम्बित छ",
    "account_not_suspended": "This account is not suspended" => "यो खाता निलम्बित छैन",
    "self_suspension": "You cannot suspend your own account" => "तपाईं आफ्नै खाता निलम्बन गर्न सक्नुहुन्न",
    "notification_not_found": "Notification not found" => "सूचना भेटिएन",

    // ---- display currencies
    "rate_out_of_bounds": "The rate for {code} must be a number of units per US dollar from 0.01 to 100,000." => "{code} को दर एक अमेरिकी डलर बराबर 0.01 देखि 100,000 एकाइसम्मको संख्या हुनुपर्छ।",
    "usd_rate_fixed": "The US dollar is the currency prices are set in: its rate is always 1." => "मूल्यहरू अमेरिकी डलरमै तोकिन्छन्, त्यसैले यसको दर सधैं 1 हुन्छ।",
    "currency_unknown": "Unknown currency: choose among {codes}." => "यो मुद्रा चिनिएन: {codes} मध्ये छान्नुहोस्।",
    "rates_required": "Give the rates to change." => "बदल्नुपर्ने दरहरू दिनुहोस्।",
    "npr_rate_fixed": "The rupee rate is fixed by the server setting YATRA_NPR_PER_USD, at which wallet payments are charged: change it there, not here." => "रुपैयाँको दर सर्भरको YATRA_NPR_PER_USD सेटिङले तोकेको छ, जुन दरमा वालेट भुक्तानी लिइन्छ: यहाँ होइन, त्यहीँ बदल्नुहोस्।",
    // ---- trek facts and permits (destinations)
    "trek_best_months_invalid": "Best months must be month numbers from 1 to 12" => "उपयुक्त महिनाहरू 1 देखि 12 सम्मका महिना नम्बर हुनुपर्छ",
    "trek_duration_invalid": "Duration must be from 1 to {max} days" => "अवधि 1 देखि {max} दिनसम्म हुनुपर्छ",
    "trek_best_month_repeated": "Each best month may be given once" => "हरेक उपयुक्त महिना एक पटक मात्र दिन मिल्छ",
    "trek_duration_order": "The shortest duration cannot be longer than the longest" => "सबैभन्दा छोटो अवधि सबैभन्दा लामो अवधिभन्दा बढी हुन सक्दैन",
    "permit_name_required": "Every permit needs a name" => "हरेक अनुमतिपत्रको नाम चाहिन्छ",
    "permits_too_many": "Please add at most {max} permits" => "कृपया बढीमा {max} वटा अनुमतिपत्र थप्नुहोस्",
    "permit_fee_required": "{name}: give a fee in rupees or in dollars" => "{name}: शुल्क रुपैयाँ वा डलरमा दिनुहोस्",
    "permit_per_invalid": "{name}: say whether the fee is per entry, week or day" => "{name}: शुल्क प्रति प्रवेश, प्रति हप्ता वा प्रति दिन हो, खुलाउनुहोस्",
    // ---- highlights (destinations)
    "highlight_invalid": "Each {item} must be from 1 to {max} characters, on one line" => "हरेक {item} 1 देखि {max} अक्षरसम्मको, एउटै लाइनमा हुनुपर्छ",
    "highlights_not_list": "{field} must be a JSON list of texts" => "{field} पाठहरूको JSON सूची हुनुपर्छ",
    // ---- guide licences
    "licence_expiry_invalid": "Expiry date must be a real date (YYYY-MM-DD)" => "म्याद सकिने मिति वास्तविक मिति हुनुपर्छ (YYYY-MM-DD)",
    "licence_expiry_before_issue": "Expiry date must be after the issue date" => "म्याद सकिने मिति जारी मितिपछिको हुनुपर्छ",
    "licence_incomplete": "Please give both the licence number and its expiry date, or neither" => "कृपया लाइसेन्स नम्बर र म्याद सकिने मिति दुवै दिनुहोस्, वा कुनै पनि नदिनुहोस्",
    "licence_expired": "This licence has expired: please submit your renewed licence" => "यो लाइसेन्सको म्याद सकिएको छ: कृपया नवीकरण गरिएको लाइसेन्स पेश गर्नुहोस्",
    "licence_missing_for_verification": "This guide has no valid licence: a licence with its number and a future expiry date is needed to verify a guide. Reject the submission and ask for one." => "यो गाइडसँग मान्य लाइसेन्स छैन: गाइड प्रमाणित गर्न नम्बर र भविष्यको म्याद भएको लाइसेन्स चाहिन्छ। यो आवेदन अस्वीकार गरेर लाइसेन्स माग्नुहोस्।",
    // ---- SOS and emergency details
    "emergency_email_invalid": "Emergency contact email must be a valid email address" => "आपत्कालीन सम्पर्कको इमेल मान्य इमेल ठेगाना हुनुपर्छ",
    "emergency_info_outside_trip": "Emergency details are shared only during a paid trip" => "आपत्कालीन विवरण भुक्तानी भइसकेको यात्राको अवधिमा मात्र देखाइन्छ",
    "latitude_required": "Latitude is required" => "अक्षांश चाहिन्छ",
    "latitude_invalid": "Latitude must be between -90 and 90" => "अक्षांश -90 देखि 90 बीच हुनुपर्छ",
    "longitude_required": "Longitude is required" => "देशान्तर चाहिन्छ",
    "longitude_invalid": "Longitude must be between -180 and 180" => "देशान्तर -180 देखि 180 बीच हुनुपर्छ",
    "emergency_contact_reach": "Please give a phone number or an email for your emergency contact" => "कृपया आफ्नो आपत्कालीन सम्पर्कको फोन नम्बर वा इमेल दिनुहोस्",
    "emergency_contact_name_required": "Please give your emergency contact's name" => "कृपया आफ्नो आपत्कालीन सम्पर्कको नाम दिनुहोस्",
    "insurance_provider_required": "Please give your insurance provider" => "कृपया आफ्नो बीमा कम्पनीको नाम दिनुहोस्",
    "phone_invalid": "{field} must be a phone number, like +977 9841000000" => "{field} फोन नम्बर हुनुपर्छ, जस्तै +977 9841000000",

    // ---- Tourist Buddy
    "assistant_no_messages": "Send at least one message" => "कम्तीमा एउटा सन्देश पठाउनुहोस्",
    "assistant_too_many_messages": "Send at most {max} messages" => "बढीमा {max} वटा सन्देश पठाउनुहोस्",
    "assistant_currency_unknown": "currency must be one of {codes}" => "currency यीमध्ये एउटा हुनुपर्छ: {codes}",
    "assistant_last_not_user": "The last message must be the traveller's question (role user)" => "अन्तिम सन्देश यात्रीको प्रश्न (role user) हुनुपर्छ",

    // ---- tours
    "tour_not_found": "Tour not found" => "टुर भेटिएन",
    "tour_guide_unlicensed": "Only a verified guide with a valid licence can sell tours" => "मान्य लाइसेन्स भएका प्रमाणित गाइडले मात्र टुर बेच्न सक्नुहुन्छ",
    "tour_group_size": "This tour takes groups of 1 to {max} people" => "यो टुरमा 1 देखि {max} जनासम्मको समूह जान सक्छ",
    "tour_destination_unknown": "destinationId is not a destination" => "destinationId कुनै गन्तव्य होइन",
    "tour_cutoff_hours": "cutoffHours must be a whole number from 0 to {max}" => "cutoffHours 0 देखि {max} सम्मको पूर्ण संख्या हुनुपर्छ",
    "tour_days_count": "days must have 1 to {max} entries" => "days मा 1 देखि {max} वटा दिन हुनुपर्छ",
    "tour_night_missing": "days[{n}].sleepAltitudeM is required: only the last day may end the tour without a night" => "days[{n}].sleepAltitudeM अनिवार्य छ: अन्तिम दिन मात्र रात नबिताई टुर सकिन सक्छ",
    "tour_altitude_range": "days[{n}].sleepAltitudeM must be a whole number of metres from 0 to {max}" => "days[{n}].sleepAltitudeM 0 देखि {max} मिटरसम्मको पूर्ण संख्या हुनुपर्छ",
    "tour_walk_hours": "days[{n}].walkHours must be from 0 to {max}" => "days[{n}].walkHours 0 देखि {max} सम्म हुनुपर्छ",
    "tour_group_max": "maxGroupSize must be a whole number from 1 to {max}" => "maxGroupSize 1 देखि {max} सम्मको पूर्ण संख्या हुनुपर्छ",
    "tour_list_too_long": "{field} may have at most {max} items" => "{field} मा बढीमा {max} वटा कुरा हुन सक्छन्",
    "tour_pricing_tiers": "pricing may have at most {max} tiers" => "pricing मा बढीमा {max} वटा तह हुन सक्छन्",
    "tour_pricing_order": "pricing: each tier needs minPeople ≤ maxPeople" => "pricing: हरेक तहमा minPeople ≤ maxPeople हुनुपर्छ",
    "tour_pricing_range": "pricing: pricePerPersonUsd must be between 0.01 and {max}" => "pricing: pricePerPersonUsd 0.01 देखि {max} बीच हुनुपर्छ",
    "tour_pricing_cents": "pricing: pricePerPersonUsd must be in whole cents (at most 2 decimals)" => "pricing: pricePerPersonUsd पूरा सेन्टमा हुनुपर्छ (बढीमा 2 दशमलव)",
    "tour_pricing_coverage": "pricing must cover 1 to {max} people without gaps or overlaps" => "pricing ले 1 देखि {max} जनासम्म हरेक समूहलाई एकपटक मात्र समेट्नुपर्छ",
    "tour_archived": "This tour is archived and cannot be published" => "यो टुर अभिलेखमा राखिएको छ र प्रकाशित गर्न मिल्दैन",
    "tour_archived_unchanged": "This tour is archived and cannot be changed" => "यो टुर अभिलेखमा राखिएको छ र परिवर्तन गर्न मिल्दैन",
    "tour_photos_full": "A tour can have at most {max} photos" => "एउटा टुरमा बढीमा {max} वटा फोटो राख्न मिल्छ",
    "tour_photo_order": "photoIds must list this tour's photos, each once" => "photoIds मा यो टुरका सबै फोटो एक-एक पटक हुनुपर्छ",
    "tour_photo_not_found": "Photo not found" => "फोटो भेटिएन",
    "tour_guide_mismatch": "guideId is not this tour's guide" => "guideId यो टुरको गाइड होइन",
    "tour_too_soon": "This tour must be booked at least {hours} hours before it starts. Please choose a later date." => "यो टुर सुरु हुनुभन्दा कम्तीमा {hours} घण्टाअघि बुक गर्नुपर्छ। कृपया पछिको मिति रोज्नुहोस्।",
    "tour_taken": "This tour is no longer free from {date}. Please choose other dates." => "यो टुर {date} देखि खाली छैन। कृपया अर्को मिति रोज्नुहोस्।",
    "range_invalid": "{name} must be a whole number from {min} to {max}" => "{name} {min} देखि {max} सम्मको पूर्ण संख्या हुनुपर्छ",
    "price_filter_invalid": "{name} must be from 0 to {max} dollars" => "{name} 0 देखि {max} डलरसम्म हुनुपर्छ",
    "tour_days_order": "minDays must not be more than maxDays" => "minDays maxDays भन्दा बढी हुनु हुँदैन",
    "start_date_invalid": "startDate must be a real date (YYYY-MM-DD)" => "startDate सही मिति (YYYY-MM-DD) हुनुपर्छ",
    "start_date_past": "startDate cannot be in the past" => "startDate बितिसकेको मिति हुन सक्दैन",

    // ---- group departures
    "departure_not_found": "Departure not found" => "समूह प्रस्थान भेटिएन",
    "departure_start_required": "startDate is required" => "startDate अनिवार्य छ",
    "departure_too_soon": "A departure of this tour must start at least {hours} hours from now, its booking notice" => "यो टुरको समूह प्रस्थान अहिलेदेखि कम्तीमा {hours} घण्टापछि (यसको बुकिङ सूचना अवधि) सुरु हुनुपर्छ",
    "departure_too_far": "Please choose a start date within the next two years" => "कृपया आउँदो दुई वर्षभित्रको सुरु मिति छान्नुहोस्",
    "departure_seats": "seats must be a whole number from 1 to {max}, the tour's largest group" => "seats 1 देखि {max} (टुरको सबैभन्दा ठूलो समूह) सम्मको पूर्ण संख्या हुनुपर्छ",
    "departure_min_to_run": "minToRun must be a whole number from 1 to {max}" => "minToRun 1 देखि {max} सम्मको पूर्ण संख्या हुनुपर्छ",
    "departure_price": "pricePerSeatUsd must be between 0.01 and 10000" => "pricePerSeatUsd 0.01 देखि 10000 बीच हुनुपर्छ",
    "departure_needs_published_tour": "Publish the tour before opening departures" => "समूह प्रस्थान खोल्नुअघि टुर प्रकाशित गर्नुहोस्",
    "departure_day_taken": "You are not free on {date}: a trip, a departure or a blocked day has it. Choose other dates." => "तपाईं {date} मा खाली हुनुहुन्न: त्यो दिन कुनै यात्रा, समूह प्रस्थान वा बन्द गरिएको दिनमा पर्छ। अरू मिति छान्नुहोस्।",
    "departure_started": "This departure has already started" => "यो समूह प्रस्थान सुरु भइसकेको छ",
    "departure_already_cancelled": "This departure is already cancelled" => "यो समूह प्रस्थान पहिले नै रद्द भइसकेको छ",
    "departure_changing": "This departure's bookings are changing: try again" => "यो समूह प्रस्थानका बुकिङ बदलिँदै छन्: फेरि प्रयास गर्नुहोस्",
    "departure_cancelled": "This departure was cancelled" => "यो समूह प्रस्थान रद्द गरियो",
    "departure_closed": "This departure no longer takes bookings: it closed at the tour's booking notice before the start" => "यो समूह प्रस्थानमा अब बुकिङ लिइँदैन: सुरु हुनुअघि टुरको बुकिङ सूचना अवधिमा बन्द भयो",
    "departure_one_seat_left": "Only 1 seat left" => "1 सिट मात्र बाँकी छ",
    "departure_seats_left": "Only {count} seats left" => "{count} सिट मात्र बाँकी छन्",
    "departure_seats_in_all": "This departure has {count} seats in all" => "यो समूह प्रस्थानमा जम्मा {count} सिट छन्",
    "departure_tour_mismatch": "tourId is not this departure's tour" => "tourId यो समूह प्रस्थानको टुर होइन",
    "departure_guide_mismatch": "guideId is not this departure's guide" => "guideId यो समूह प्रस्थानको गाइड होइन",
    "departures_from_invalid": "from must be a real date (YYYY-MM-DD)" => "from सही मिति (YYYY-MM-DD) हुनुपर्छ",
    "departures_to_invalid": "to must be a real date (YYYY-MM-DD)" => "to सही मिति (YYYY-MM-DD) हुनुपर्छ",

    // ---- custom offers
    "offer_not_found": "Offer not found" => "प्रस्ताव भेटिएन",
    "offer_conversation_required": "conversationId is required" => "conversationId अनिवार्य छ",
    "offer_start_not_future": "startDate must be after today (in Nepal)" => "startDate आजभन्दा पछिको (नेपालको समयअनुसार) हुनुपर्छ",
    "offer_group_size": "groupSize must be a whole number from 1 to {max}" => "groupSize 1 देखि {max} सम्मको पूर्ण संख्या हुनुपर्छ",
    "offer_days_required": "days is required" => "days अनिवार्य छ",
    "offer_price": "totalPriceUsd must be from 0.01 to {max}: at most 10000 a person" => "totalPriceUsd 0.01 देखि {max} सम्म हुनुपर्छ: प्रतिव्यक्ति बढीमा 10000",
    "offer_expiry_required": "expiresAt is required" => "expiresAt अनिवार्य छ",
    "offer_expiry_invalid": "expiresAt must be a moment in RFC 3339 form, such as 2027-09-01T12:00:00Z" => "expiresAt RFC 3339 ढाँचाको समय हुनुपर्छ, जस्तै 2027-09-01T12:00:00Z",
    "offer_expiry_past": "expiresAt must be in the future" => "expiresAt भविष्यको समय हुनुपर्छ",
    "offer_expiry_after_start": "expiresAt must be before the trip starts (10:00 on startDate, Nepal time)" => "expiresAt यात्रा सुरु हुनुअघिको (startDate को बिहान 10:00, नेपालको समय) हुनुपर्छ",
    "offer_guide_only": "Only the guide of this conversation can make an offer" => "यो कुराकानीका गाइडले मात्र प्रस्ताव पठाउन सक्नुहुन्छ",
    "tour_too_long_to_book": "This tour is longer than {max} days, the most one booking can hold. Message the guide to book it in parts." => "यो टुर {max} दिनभन्दा लामो छ, एउटा बुकिङमा अटाउने सबैभन्दा धेरै दिनभन्दा बढी। भागभाग गरेर बुक गर्न गाइडलाई सन्देश पठाउनुहोस्।",
    "offer_not_in_group": "Offers are made in a conversation with one traveller, not in a group's" => "प्रस्ताव समूहको कुराकानीमा होइन, एक जना यात्रीसँगको कुराकानीमा पठाइन्छ",
    "offer_tour_not_own": "tourId must be one of your own tours" => "tourId तपाईंकै कुनै टुर हुनुपर्छ",
    "offer_day_taken": "The guide is no longer free on {date}. Ask them for an offer on other dates." => "गाइड {date} मा अब खाली हुनुहुन्न। अरू मितिका लागि प्रस्ताव माग्नुहोस्।",
    "offer_own": "You cannot accept your own offer" => "तपाईं आफ्नै प्रस्ताव स्वीकार गर्न सक्नुहुन्न",
    "offer_withdraw_guide_only": "Only the guide who made this offer can withdraw it" => "यो प्रस्ताव पठाउने गाइडले मात्र फिर्ता लिन सक्नुहुन्छ",
    "offer_expired": "This offer has expired. Ask the guide for a new one." => "यो प्रस्तावको म्याद सकियो। गाइडसँग नयाँ प्रस्ताव माग्नुहोस्।",
    "offer_withdrawn": "This offer was withdrawn by the guide" => "गाइडले यो प्रस्ताव फिर्ता लिनुभयो",
    "offer_already_accepted": "This offer has already been accepted" => "यो प्रस्ताव पहिले नै स्वीकार भइसकेको छ",
    "offer_still_open": "This offer is still open" => "यो प्रस्ताव अझै खुला छ",
    "offer_pending_request": "You asked this guide for a trip from {date} and they have not answered yet. Cancel that request, then accept this offer." => "तपाईंले यो गाइडलाई {date} देखिको यात्राका लागि अनुरोध पठाउनुभएको छ र उहाँले अझै जवाफ दिनुभएको छैन। त्यो अनुरोध रद्द गरेर यो प्रस्ताव स्वीकार गर्नुहोस्।",
    "offer_guide_not_bookable": "This guide cannot be booked at the moment, so the offer cannot be accepted" => "यो गाइडलाई अहिले बुक गर्न मिल्दैन, त्यसैले यो प्रस्ताव स्वीकार गर्न सकिँदैन",
};

static LOOKUP: Lazy = Lazy::new(|| Lookup::new(ERRORS));

/// An error message in `lang`, with its code. A message not in the catalogue stays in
/// English (better than nothing) with the generic code of its status.
pub fn translate(message: &str, status: StatusCode, lang: Lang) -> (&'static str, String) {
    LOOKUP.translate(message, lang).unwrap_or_else(|| (generic_code(status), message.to_owned()))
}

/// The code of an error no catalogue entry names: its status, in words.
pub fn generic_code(status: StatusCode) -> &'static str {
    match status {
        StatusCode::BAD_REQUEST => "bad_request",
        StatusCode::UNAUTHORIZED => "unauthorized",
        StatusCode::FORBIDDEN => "forbidden",
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::CONFLICT => "conflict",
        StatusCode::REQUEST_TIMEOUT => "request_timeout",
        StatusCode::PAYLOAD_TOO_LARGE => "payload_too_large",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
        StatusCode::TOO_MANY_REQUESTS => "too_many_requests",
        StatusCode::BAD_GATEWAY => "bad_gateway",
        StatusCode::SERVICE_UNAVAILABLE => "service_unavailable",
        _ => "internal",
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::collections::{BTreeSet, HashSet};
    use std::path::Path;

    use super::*;
    use crate::i18n::template::{Segment, normalized, segments};

    /// Every entry has both languages, the same holes in each, and a unique code.
    pub fn check_catalogue(entries: &'static [Entry], with_codes: bool) {
        let mut codes = HashSet::new();
        let mut texts = HashSet::new();
        for entry in entries {
            assert!(
                !entry.en.trim().is_empty() && !entry.ne.trim().is_empty(),
                "{entry:?} lacks a language"
            );
            assert!(
                entry.ne.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c)),
                "{entry:?}: the Nepali is not in Devanagari"
            );
            if with_codes {
                let snake = !entry.code.is_empty()
                    && entry
                        .code
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
                assert!(snake, "{entry:?}: the code must be snake_case");
                assert!(codes.insert(entry.code), "code {} is used twice", entry.code);
            }
            assert!(texts.insert(normalized(entry.en)), "{} is in the catalogue twice", entry.en);
            let holes = |t: &'static str| -> BTreeSet<&'static str> {
                segments(t)
                    .into_iter()
                    .filter_map(|s| if let Segment::Hole(h) = s { Some(h) } else { None })
                    .collect()
            };
            assert_eq!(
                holes(entry.en),
                holes(entry.ne),
                "{entry:?}: both languages must use the same holes"
            );
            let en = segments(entry.en);
            assert!(
                !en.windows(2).any(|w| matches!(w, [Segment::Hole(_), Segment::Hole(_)])),
                "{entry:?}: two holes side by side cannot be matched"
            );
        }
    }

    #[test]
    fn every_error_has_both_languages_and_a_unique_code() {
        check_catalogue(ERRORS, true);
    }

    /// The messages passed to `AppError`'s constructors (and `refused`, the bookings'
    /// conflict) as a literal, a `format!` or a `const`, throughout `src/`.
    fn error_texts_in_source() -> BTreeSet<(String, String)> {
        const CALLS: [&str; 3] = ["AppError::", "Self::", "refused("];
        let mut found = BTreeSet::new();
        let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
        while let Some(path) = stack.pop() {
            if path.is_dir() {
                stack.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs")
                || path.components().any(|c| c.as_os_str() == "i18n")
            {
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            let error_rs = path.ends_with("src/error.rs");
            for call in CALLS {
                // `Self::` means `AppError::` only inside its own module.
                if call == "Self::" && !error_rs {
                    continue;
                }
                for (at, _) in source.match_indices(call) {
                    let rest = &source[at + call.len()..];
                    let rest = if call == "refused(" {
                        rest
                    } else {
                        // `AppError::Conflict(` / `AppError::validation(`: a constructor name then `(`.
                        let name_len =
                            rest.find(|c: char| !c.is_alphanumeric() && c != '_').unwrap_or(0);
                        let name = &rest[..name_len];
                        let constructor = name.chars().next().is_some_and(char::is_uppercase)
                            || name == "validation"
                            || name == "too_many_requests";
                        match rest[name_len..].strip_prefix('(') {
                            Some(args) if constructor && name != "Internal" => args,
                            _ => continue,
                        }
                    };
                    let rest = rest.trim_start();
                    let rest = rest.strip_prefix("format!(").map(str::trim_start).unwrap_or(rest);
                    let text = if rest.starts_with('"') {
                        read_literal(rest)
                    } else {
                        let ident_len =
                            rest.find(|c: char| !(c.is_ascii_uppercase() || c == '_')).unwrap_or(0);
                        let ident = &rest[..ident_len];
                        if ident_len < 2 || rest[ident_len..].starts_with('(') {
                            continue;
                        }
                        let definition = format!("const {ident}: &str =");
                        let Some(defined) = source.find(&definition) else {
                            continue;
                        };
                        // rustfmt may put a long literal on the next line.
                        read_literal(source[defined + definition.len()..].trim_start())
                    };
                    let file = path
                        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
                        .unwrap()
                        .display()
                        .to_string();
                    found.insert((text, file));
                }
            }
        }
        found
    }

    /// The text of the string literal `rest` starts with, escapes resolved.
    fn read_literal(rest: &str) -> String {
        let mut text = String::new();
        let mut chars = rest.chars().skip(1).peekable();
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => match chars.next() {
                    Some('\n') => {
                        while chars.peek().is_some_and(|c| c.is_whitespace()) {
                            chars.next();
                        }
                    }
                    Some('n') => text.push('\n'),
                    Some(other) => text.push(other),
                    None => break,
                },
                c => text.push(c),
            }
        }
        text
    }

    #[test]
    fn the_source_scan_finds_the_known_shapes() {
        let found: Vec<String> =
            error_texts_in_source().into_iter().map(|(text, _)| text).collect();
        for expected in [
            "{field} must be at most {NAME_MAX} characters",
            "This account is suspended. Please contact support if you think this is a mistake.",
            "You have already asked this guide for this date. Please wait for their answer.",
            "This trip has already started, so it can no longer be approved",
        ] {
            assert!(found.iter().any(|t| t == expected), "the scan missed {expected:?}");
        }
    }

    /// Every error text in the source has both languages. A new message fails here until it
    /// has its entry in `ERRORS` (it still answers meanwhile, in English).
    #[test]
    fn catalogue_covers_every_error_in_the_source() {
        let known: HashSet<String> = ERRORS.iter().map(|e| normalized(e.en)).collect();
        let missing: Vec<String> = error_texts_in_source()
            .into_iter()
            .filter(|(text, _)| !known.contains(&normalized(text)))
            .map(|(text, file)| format!("    \"code\": {text:?} => \"…\",   // {file}"))
            .collect();
        assert!(
            missing.is_empty(),
            "error texts without a Nepali translation (add them to ERRORS):\n{}",
            missing.join("\n")
        );
    }
}
