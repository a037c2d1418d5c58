//! Stripe's HTTP API (Checkout Sessions, Refunds) and its webhook signatures. Only the few calls
//! Yatra makes, over `reqwest` with timeouts; the base URL is configurable so tests can
//! put a fake Stripe in its place.

use std::time::Duration;

use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;

use crate::config::StripeConfig;

/// Signed events older (or newer) than this are refused, against replays.
pub const SIGNATURE_TOLERANCE_SECS: i64 = 300;
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

#[derive(Clone, Debug)]
pub struct Stripe {
    http: reqwest::Client,
    secret_key: String,
    api_base: String,
}

/// What a Checkout Session is created for.
pub struct CheckoutRequest<'a> {
    pub booking_id: &'a str,
    pub customer_email: &'a str,
    /// e.g. "Guided day with Pemba Sherpa".
    pub product: String,
    /// e.g. "12 Dec 2026 at 10:00, 2 people".
    pub description: String,
    pub unit_amount_cents: i64,
    pub quantity: i64,
    pub success_url: String,
    pub cancel_url: String,
    /// Makes Stripe answer a retried create with the same session.
    pub idempotency_key: String,
}

/// The parts of a Checkout Session Yatra reads.
#[derive(Debug, Deserialize)]
pub struct CheckoutSession {
    pub id: String,
    #[serde(default)]
    pub url: Option<String>,
    /// paid, unpaid or no_payment_required.
    #[serde(default)]
    pub payment_status: String,
    /// The payment intent that took the money (`pi_...`), once paid: what a refund names.
    #[serde(default)]
    pub payment_intent: Option<String>,
}

/// The parts of a Refund Yatra reads.
#[derive(Debug, Deserialize)]
pub struct Refund {
    pub id: String,
    /// pending, requires_action, succeeded, failed or canceled.
    #[serde(default)]
    pub status: String,
}

impl Stripe {
    pub fn new(config: &StripeConfig) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(REQUEST_TIMEOUT)
            .connect_timeout(CONNECT_TIMEOUT)
            .build()?;
        Ok(Self {
            http,
            secret_key: String::from_utf8_lossy(&config.secret_key.0).into_owned(),
            api_base: config.api_base.clone(),
        })
    }

    /// `POST /v1/checkout/sessions`: a one-off card payment of `quantity` × `unit_amount`.
    pub async fn create_checkout_session(
        &self,
        request: &CheckoutRequest<'_>,
    ) -> anyhow::Result<CheckoutSession> {
        let quantity = request.quantity.to_string();
        let unit_amount = request.unit_amount_cents.to_string();
        let form: [(&str, &str); 13] = [
            ("mode", "payment"),
            ("client_reference_id", request.booking_id),
            ("customer_email", request.customer_email),
            ("metadata[bookingId]", request.booking_id),
            ("payment_intent_data[metadata][bookingId]", request.booking_id),
            ("line_items[0][quantity]", &quantity),
            ("line_items[0][price_data][currency]", "usd"),
            ("line_items[0][price_data][unit_amount]", &unit_amount),
            ("line_items[0][price_data][product_data][name]", &request.product),
            ("line_items[0][price_data][product_data][description]", &request.description),
            ("success_url", &request.success_url),
            ("cancel_url", &request.cancel_url),
            ("payment_method_types[0]", "card"),
        ];
        let response = self
            .http
            .post(format!("{}/v1/checkout/sessions", self.api_base))
            .bearer_auth(&self.secret_key)
            .header("Idempotency-Key", &request.idempotency_key)
            .form(&form)
            .send()
            .await?;
        read_session(response).await
    }

    /// `GET /v1/checkout/sessions/{id}`: whether it has been paid.
    pub async fn retrieve_checkout_session(&self, id: &str) -> anyhow::Result<CheckoutSession> {
        let response = self
            .http
            .get(format!("{}/v1/checkout/sessions/{id}", self.api_base))
            .bearer_auth(&self.secret_key)
            .send()
            .await?;
        read_session(response).await
    }
}

impl Stripe {
    /// `POST /v1/refunds`: gives `amount_cents` of a payment intent back. The idempotency
    /// key makes a retried call (after a timeout or a crash) return the same refund.
    pub async fn create_refund(
        &self,
        payment_intent: &str,
        amount_cents: i64,
        booking_id: &str,
        idempotency_key: &str,
    ) -> anyhow::Result<Refund> {
        let amount = amount_cents.to_string();
        let form: [(&str, &str); 4] = [
            ("payment_intent", payment_intent),
            ("amount", &amount),
            ("reason", "requested_by_customer"),
            ("metadata[bookingId]", booking_id),
        ];
        let response = self
            .http
            .post(format!("{}/v1/refunds", self.api_base))
            .bearer_auth(&self.secret_key)
            .header("Idempotency-Key", idempotency_key)
            .form(&form)
            .send()
            .await?;
        let status = response.status();
        if !status.is_success() {
            let body = response.text().await.unwrap_or_default();
            anyhow::bail!(
                "Stripe answered {status}: {}",
                body.chars().take(500).collect::<String>()
            );
        }
        let refund: Refund = response.json().await?;
        if matches!(refund.status.as_str(), "failed" | "canceled") {
            anyhow::bail!("Stripe refund {} is {}", refund.id, refund.status);
        }
        Ok(refund)
    }
}

async fn read_session(response: reqwest::Response) -> anyhow::Result<CheckoutSession> {
    let status = response.status();
    if !status.is_success() {
        // Stripe's error body names the problem; it goes to the log, not to the payer.
        let body = response.text().await.unwrap_or_default();
        anyhow::bail!("Stripe answered {status}: {}", body.chars().take(500).collect::<String>());
    }
    Ok(response.json().await?)
}

/// Why a webhook's signature was refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the Stripe-Signature header is missing or malformed")]
    Malformed,
    #[error("the signed timestamp is outside the tolerance")]
    Stale,
    #[error("no signature matches")]
    Mismatch,
}

/// Checks a `Stripe-Signature` header (`t=<unix time>,v1=<hex HMAC-SHA256>[,v1=...]`)
/// over `<t>.<payload>` with the endpoint's secret, in constant time, within five minutes
/// of `now` (Unix seconds).
pub fn verify_signature(
    secret: &[u8],
    header: &str,
    payload: &[u8],
    now: i64,
) -> Result<(), SignatureError> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => signatures.extend(hex::decode(value).ok()),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if (now - timestamp).abs() > SIGNATURE_TOLERANCE_SECS {
        return Err(SignatureError::Stale);
    }
    let matches = signatures.iter().any(|signature| {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length");
        mac.update(timestamp.to_string().as_bytes());
        mac.update(b".");
        mac.update(payload);
        // `verify_slice` compares in constant time.
        mac.verify_slice(signature).is_ok()
    });
    if matches { Ok(()) } else { Err(SignatureError::Mismatch) }
}

/// A `Stripe-Signature` header for `payload`, as Stripe would send it (tests and tools).
pub fn sign(secret: &[u8], payload: &[u8], timestamp: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    format!("t={timestamp},v1={}", hex::encode(mac.finalize().into_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"whsec_test_secret";
    const BODY: &[u8] = br#"{"type":"checkout.session.completed"}"#;

    #[test]
    fn a_signature_made_with_the_secret_is_accepted_within_five_minutes() {
        let header = sign(SECRET, BODY, 1_700_000_000);
        assert_eq!(verify_signature(SECRET, &header, BODY, 1_700_000_000), Ok(()));
        assert_eq!(verify_signature(SECRET, &header, BODY, 1_700_000_300), Ok(()));
        assert_eq!(
            verify_signature(SECRET, &header, BODY, 1_700_000_301),
            Err(SignatureError::Stale)
        );
        assert_eq!(
            verify_signature(SECRET, &header, BODY, 1_699_999_699),
            Err(SignatureError::Stale)
        );
    }

    #[test]
    fn a_tampered_body_another_secret_or_a_bad_header_is_refused() {
        let header = sign(SECRET, BODY, 1_700_000_000);
        assert_eq!(
            verify_signature(SECRET, &header, b"{}", 1_700_000_000),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify_signature(b"other", &header, BODY, 1_700_000_000),
            Err(SignatureError::Mismatch)
        );
        for bad in ["", "t=1700000000", "v1=abcd", "t=x,v1=abcd", "t=1700000000,v1=zz", "garbage"] {
            assert_eq!(
                verify_signature(SECRET, bad, BODY, 1_700_000_000),
                Err(SignatureError::Malformed),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn one_matching_signature_among_several_is_enough() {
        let good = sign(SECRET, BODY, 1_700_000_000);
        let v1 = good.split_once(",v1=").unwrap().1;
        let header = format!("t=1700000000,v1={},v1={v1}", "00".repeat(32));
        assert_eq!(verify_signature(SECRET, &header, BODY, 1_700_000_000), Ok(()));
    }
}
