//! What each email says, in plain text and HTML, with links into the client at
//! `YATRA_PUBLIC_URL`. Rendered when the email is sent (not when it is queued), so a
//! one-time link's token is made then and is never stored anywhere but in its hash.

use serde::{Deserialize, Serialize};

use crate::auth::account_tokens::{self, Purpose};
use crate::bookings::routes::readable_date;
use crate::db::Db;
use crate::error::AppResult;

/// Every email Yatra sends, with what each needs to be written.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "template", content = "data", rename_all = "snake_case")]
pub enum Template {
    /// Sign-up (or "Resend email"): a link to `/verify-email?token=...`.
    VerifyEmail {},
    /// Forgot password: a link to `/reset-password?token=...` (sent to an address; nothing
    /// is sent when no account has it).
    PasswordReset {},
    /// To the guide: a traveller asked for a day.
    BookingRequested { booking_id: String },
    /// To the traveller.
    BookingApproved { booking_id: String },
    /// To the traveller.
    BookingRejected { booking_id: String },
    /// To the traveller: the trip is paid and confirmed.
    PaymentReceivedTraveller { booking_id: String },
    /// To the guide: the traveller paid.
    PaymentReceivedGuide { booking_id: String },
    /// To the traveller and to the guide (`to_guide`): a request went unanswered, or an
    /// approved trip unpaid (`was_approved`), until its time ran out.
    BookingExpired { booking_id: String, to_guide: bool, was_approved: bool },
    /// To the traveller and to the guide (`to_guide`): who cancelled (`by_guide`), their
    /// reason (may be empty), and the refund (0 when there is none; `was_paid` tells "no
    /// refund" from "nothing was paid").
    BookingCancelled { booking_id: String, to_guide: bool, by_guide: bool, reason: String, refund_cents: i64, was_paid: bool },
    /// To the traveller and to the guide (`to_guide`): the money went back to the traveller.
    BookingRefunded { booking_id: String, to_guide: bool, amount_cents: i64 },
    /// To a member of a conversation: a message from the other side has waited unread.
    UnreadMessages { conversation_id: String },
    /// To the guide: an admin verified the profile.
    GuideVerified {},
    /// To the guide: an admin turned the submission down, saying why.
    GuideVerificationRejected { reason: String },
}

impl Template {
    /// The name stored in the outbox's `template` column.
    pub fn name(&self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v["template"].as_str().map(str::to_owned)).unwrap_or_default()
    }
}

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
}

struct Trip {
    date: String,
    time: String,
    group_size: i64,
    total_cents: i64,
    tourist: String,
    guide: String,
}

/// The email for an outbox row, or `None` when there is nobody to send it to (the account
/// is gone, no account has the address, the address is already verified).
pub async fn render(db: &Db, public_url: &str, user_id: Option<&str>, to_address: Option<&str>, template: &Template) -> AppResult<Option<Rendered>> {
    let person = match (user_id, to_address) {
        (Some(id), _) => find_person("id = $1", id, db).await?,
        (None, Some(address)) => find_person("email_lower = $1", &address.to_lowercase(), db).await?,
        (None, None) => None,
    };
    let Some((user_id, person)) = person else { return Ok(None) };
    let hello = format!("Namaste {},", person.first_name);
    let link = |path: &str| format!("{public_url}{path}");
    let (subject, lines, button): (String, Vec<String>, Option<(&str, String)>) = match template {
        Template::VerifyEmail {} => {
            if person.verified {
                return Ok(None);
            }
            let token = account_tokens::issue(db, &user_id, Purpose::VerifyEmail).await?;
            (
                "Please verify your email address".into(),
                vec![
                    "Welcome to Yatra! Please confirm this is your email address, so guides can reach you and you can book trips.".into(),
                    "The link works once and for 7 days. If you did not sign up, ignore this email.".into(),
                ],
                Some(("Verify my email", link(&format!("/verify-email?token={token}")))),
            )
        }
        Template::PasswordReset {} => {
            let token = account_tokens::issue(db, &user_id, Purpose::ResetPassword).await?;
            (
                "Reset your Yatra password".into(),
                vec![
                    "Someone (we hope you) asked to reset the password of your Yatra account.".into(),
                    "The link works once and for 30 minutes. Setting a new password signs you out everywhere. If you did not ask, ignore this email: your password stays as it is.".into(),
                ],
                Some(("Choose a new password", link(&format!("/reset-password?token={token}")))),
            )
        }
        Template::BookingRequested { booking_id } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            (
                format!("New booking request from {}", trip.tourist),
                vec![format!(
                    "{} would like you to guide them on {} at {} ({}). Please approve or decline the request.",
                    trip.tourist,
                    readable_date(&trip.date),
                    trip.time,
                    people(trip.group_size)
                )],
                Some(("See the request", link("/request"))),
            )
        }
        Template::BookingApproved { booking_id } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            (
                format!("{} approved your trip", trip.guide),
                vec![format!(
                    "{} approved your trip on {} at {}. Pay {} to confirm it.",
                    trip.guide,
                    readable_date(&trip.date),
                    trip.time,
                    money(trip.total_cents)
                )],
                Some(("Pay now", link(&format!("/checkout/{booking_id}")))),
            )
        }
        Template::BookingRejected { booking_id } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            (
                format!("{} can't guide you on {}", trip.guide, readable_date(&trip.date)),
                vec![format!(
                    "{} declined your request for {}. Try another date or another guide.",
                    trip.guide,
                    readable_date(&trip.date)
                )],
                Some(("Find another guide", link("/guides"))),
            )
        }
        Template::PaymentReceivedTraveller { booking_id } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            (
                "Payment received: your trip is confirmed".into(),
                vec![format!(
                    "We received your payment of {}. Your trip with {} on {} at {} is confirmed.",
                    money(trip.total_cents),
                    trip.guide,
                    readable_date(&trip.date),
                    trip.time
                )],
                Some(("See the receipt", link(&format!("/receipt/{booking_id}")))),
            )
        }
        Template::PaymentReceivedGuide { booking_id } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            (
                format!("{} paid for the trip on {}", trip.tourist, readable_date(&trip.date)),
                vec![format!(
                    "{} paid {} for the trip on {} at {} ({}). It is confirmed.",
                    trip.tourist,
                    money(trip.total_cents),
                    readable_date(&trip.date),
                    trip.time,
                    people(trip.group_size)
                )],
                Some(("Open your dashboard", link("/guideDash"))),
            )
        }
        Template::BookingExpired { booking_id, to_guide, was_approved } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            let date = readable_date(&trip.date);
            let (subject, line) = match (to_guide, was_approved) {
                (false, false) => (
                    format!("Your request to {} expired", trip.guide),
                    format!("Your request to {} for {date} expired without an answer. Try other dates or another guide.", trip.guide),
                ),
                (true, false) => (
                    format!("The request from {} expired", trip.tourist),
                    format!("The request from {} for {date} expired without an answer.", trip.tourist),
                ),
                (false, true) => (
                    format!("Your trip with {} expired unpaid", trip.guide),
                    format!("Your approved trip with {} on {date} expired because it was not paid in time.", trip.guide),
                ),
                (true, true) => (
                    format!("The trip with {} expired unpaid", trip.tourist),
                    format!("The trip with {} on {date} expired unpaid. Those days are free again.", trip.tourist),
                ),
            };
            (subject, vec![line], Some(trips_page(*to_guide, &link)))
        }
        Template::BookingCancelled { booking_id, to_guide, by_guide, reason, refund_cents, was_paid } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            let date = readable_date(&trip.date);
            let other = if *to_guide { &trip.tourist } else { &trip.guide };
            let first = if to_guide == by_guide {
                format!("You cancelled the trip with {other} on {date} at {}.", trip.time)
            } else {
                format!("{other} cancelled your trip on {date} at {}.", trip.time)
            };
            let mut lines = vec![first];
            if !reason.is_empty() {
                lines.push(format!("Reason: {reason}"));
            }
            if *refund_cents > 0 {
                lines.push(format!("Refund: {} to the traveller.", money(*refund_cents)));
            } else if *was_paid {
                lines.push("No refund: it was cancelled less than 24 hours before the trip.".into());
            } else {
                lines.push("Nothing was paid, so there is nothing to refund.".into());
            }
            (format!("Trip on {date} cancelled"), lines, Some(trips_page(*to_guide, &link)))
        }
        Template::BookingRefunded { booking_id, to_guide, amount_cents } => {
            let Some(trip) = find_trip(db, booking_id).await? else { return Ok(None) };
            let date = readable_date(&trip.date);
            let line = if *to_guide {
                format!("{} for the cancelled trip on {date} was refunded to {}.", money(*amount_cents), trip.tourist)
            } else {
                format!("{} for your cancelled trip with {} on {date} has been refunded to you.", money(*amount_cents), trip.guide)
            };
            (format!("Refund of {} done", money(*amount_cents)), vec![line], Some(trips_page(*to_guide, &link)))
        }
        Template::UnreadMessages { conversation_id } => {
            let found: Option<(String, i64)> = sqlx::query_as(
                "SELECT u.first_name || ' ' || u.last_name, \
                   (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = cm.conversation_id AND m.seq > cm.last_read_seq AND m.sender_id <> cm.user_id) \
                 FROM conversation_members cm JOIN conversation_members other ON other.conversation_id = cm.conversation_id AND other.user_id <> cm.user_id \
                 JOIN users u ON u.id = other.user_id WHERE cm.conversation_id = $1 AND cm.user_id = $2",
            )
            .bind(conversation_id)
            .bind(&user_id)
            .fetch_optional(&db.pool)
            .await?;
            // Read before the email went out: nothing to say any more.
            let Some((other, unread)) = found.filter(|(_, unread)| *unread > 0) else { return Ok(None) };
            let messages = if unread == 1 { "a message".to_owned() } else { format!("{unread} messages") };
            (
                format!("{other} sent you {messages} on Yatra"),
                vec![format!("{other} sent you {messages} you have not read yet. Reply on Yatra to keep planning your trip.")],
                Some(("Read and reply", link(&format!("/messages/{conversation_id}")))),
            )
        }
        Template::GuideVerified {} => (
            "Your guide profile is verified".into(),
            vec!["An admin checked your certificates: your profile is verified. Travellers can now find and book you.".into()],
            Some(("See your profile", link("/guide/profile"))),
        ),
        Template::GuideVerificationRejected { reason } => (
            "Your guide verification was not approved".into(),
            vec![
                format!("An admin could not verify your profile: {reason}"),
                "Please update your certificates and submit them again.".into(),
            ],
            Some(("Update your certificates", link("/kycform"))),
        ),
    };
    let to_name = format!("{} {}", person.first_name, person.last_name);
    Ok(Some(Rendered {
        to_address: person.address,
        to_name,
        text: text_body(&hello, &lines, button.as_ref()),
        html: html_body(&subject, &hello, &lines, button.as_ref()),
        subject,
    }))
}

async fn find_person(condition: &str, value: &str, db: &Db) -> AppResult<Option<(String, Person)>> {
    let found: Option<(String, String, String, String, Option<i64>)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT id, email, first_name, last_name, email_verified_at FROM users WHERE {condition}"
    )))
    .bind(value)
    .fetch_optional(&db.pool)
    .await?;
    Ok(found.map(|(id, address, first_name, last_name, verified_at)| {
        (id, Person { address, first_name, last_name, verified: verified_at.is_some() })
    }))
}

async fn find_trip(db: &Db, booking_id: &str) -> AppResult<Option<Trip>> {
    let found: Option<(String, String, i64, i64, String, String)> = sqlx::query_as(
        "SELECT b.selected_date, b.selected_time, b.group_size, b.total_amount_cents, \
           t.first_name || ' ' || t.last_name, g.first_name || ' ' || g.last_name \
         FROM bookings b JOIN users t ON t.id = b.tourist_id JOIN users g ON g.id = b.guide_id WHERE b.id = $1",
    )
    .bind(booking_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(found.map(|(date, time, group_size, total_cents, tourist, guide)| Trip { date, time, group_size, total_cents, tourist, guide }))
}

/// Where each side follows its trips: the guide's requests page, the traveller's dashboard.
fn trips_page(to_guide: bool, link: &dyn Fn(&str) -> String) -> (&'static str, String) {
    if to_guide { ("See your requests", link("/request")) } else { ("Open your dashboard", link("/dashboard")) }
}

fn people(count: i64) -> String {
    if count == 1 { "1 person".into() } else { format!("{count} people") }
}

fn money(cents: i64) -> String {
    format!("${}.{:02}", cents / 100, cents % 100)
}

fn text_body(hello: &str, lines: &[String], button: Option<&(&str, String)>) -> String {
    let mut text = format!("{hello}\n\n");
    for line in lines {
        text.push_str(line);
        text.push_str("\n\n");
    }
    if let Some((label, url)) = button {
        text.push_str(&format!("{label}:\n{url}\n\n"));
    }
    text.push_str("Yatra, local guides in Nepal\n");
    text
}

fn html_body(subject: &str, hello: &str, lines: &[String], button: Option<&(&str, String)>) -> String {
    let paragraphs: String = lines.iter().map(|line| format!("<p style=\"margin:0 0 16px\">{}</p>", escape_html(line))).collect();
    let button = button
        .map(|(label, url)| {
            format!(
                "<p style=\"margin:24px 0\"><a href=\"{url}\" style=\"background:#0f766e;color:#ffffff;padding:12px 20px;\
                 border-radius:8px;text-decoration:none;font-weight:600;display:inline-block\">{label}</a></p>\
                 <p style=\"margin:0 0 16px;font-size:13px;color:#57534e\">Or open this link: <a href=\"{url}\">{url}</a></p>",
                url = escape_html(url),
                label = escape_html(label)
            )
        })
        .unwrap_or_default();
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title></head>\
         <body style=\"margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,sans-serif;color:#1c1917\">\
         <div style=\"max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px\">\
         <p style=\"margin:0 0 24px;font-size:20px;font-weight:700;color:#0f766e\">Yatra</p>\
         <p style=\"margin:0 0 16px\">{hello}</p>{paragraphs}{button}\
         <p style=\"margin:32px 0 0;font-size:13px;color:#78716c\">Yatra, local guides in Nepal</p></div></body></html>",
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
        assert_eq!(escape_html("<b>Sita</b> & \"Dawa\" 'x'"), "&lt;b&gt;Sita&lt;/b&gt; &amp; &quot;Dawa&quot; &#39;x&#39;");
        let html = html_body("s", "Namaste <script>,", &["a <img src=x>".into()], None);
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
