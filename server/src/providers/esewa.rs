//! eSewa's ePay v2: the signed form the browser posts to eSewa, the signed answer eSewa
//! sends the browser back with, and the status API that confirms it server-side.
//! Signatures are base64 HMAC-SHA256 over `name=value` pairs joined by commas, in the
//! order `signed_field_names` lists them.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::Sha256;
use utoipa::ToSchema;

const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// What eSewa's form signs.
const FORM_SIGNED_FIELDS: &str = "total_amount,transaction_uuid,product_code";
/// The sandbox signs its answers as eSewa's test merchant would (eSewa's published test
/// credentials), so the return page is exercised exactly as with eSewa.
pub const SANDBOX_PRODUCT_CODE: &str = "EPAYTEST";
pub const SANDBOX_SECRET: &[u8] = b"8gBm/:&EnhH.1/q";

/// The fields of eSewa's payment form, named as eSewa names them.
#[derive(Serialize, ToSchema, Debug)]
pub struct EsewaForm {
    pub amount: String,
    pub tax_amount: String,
    pub total_amount: String,
    pub transaction_uuid: String,
    pub product_code: String,
    pub product_service_charge: String,
    pub product_delivery_charge: String,
    pub success_url: String,
    pub failure_url: String,
    pub signed_field_names: String,
    pub signature: String,
}

/// Base64 HMAC-SHA256 of `message` with `secret`.
pub fn signature(secret: &[u8], message: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length");
    mac.update(message.as_bytes());
    STANDARD.encode(mac.finalize().into_bytes())
}

/// The form for paying `rupees` (whole rupees, no tax or charges) as `transaction_uuid`.
pub fn form(
    secret: &[u8],
    product_code: &str,
    rupees: i64,
    transaction_uuid: &str,
    success_url: String,
    failure_url: String,
) -> EsewaForm {
    let total = rupees.to_string();
    let signature = signature(
        secret,
        &format!(
            "total_amount={total},transaction_uuid={transaction_uuid},product_code={product_code}"
        ),
    );
    EsewaForm {
        amount: total.clone(),
        tax_amount: "0".into(),
        total_amount: total,
        transaction_uuid: transaction_uuid.to_owned(),
        product_code: product_code.to_owned(),
        product_service_charge: "0".into(),
        product_delivery_charge: "0".into(),
        success_url,
        failure_url,
        signed_field_names: FORM_SIGNED_FIELDS.into(),
        signature,
    }
}

/// eSewa's answer on the success URL, once its signature is checked.
#[derive(Debug, PartialEq, Eq)]
pub struct Answer {
    pub transaction_uuid: String,
    pub product_code: String,
    /// In paisa.
    pub total_paisa: i64,
    pub status: String,
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    #[error("not base64 JSON with eSewa's fields")]
    Malformed,
    #[error("the signature does not match")]
    Mismatch,
}

fn text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// An amount as eSewa writes it ("1000.0", "1,000.0", 1000) in paisa.
pub fn paisa(amount: &str) -> Option<i64> {
    let rupees: f64 = amount.replace(',', "").trim().parse().ok()?;
    (rupees.is_finite() && (0.0..1e12).contains(&rupees)).then(|| (rupees * 100.0).round() as i64)
}

/// Decodes the `data` eSewa appends to the success URL and checks its signature over its
/// own `signed_field_names`, which must cover the fields Yatra relies on.
pub fn read_answer(secret: &[u8], data: &str) -> Result<Answer, AnswerError> {
    // A query string's '+' often arrives as a space.
    let data = data.trim().replace(' ', "+");
    let bytes = STANDARD.decode(data.as_bytes()).map_err(|_| AnswerError::Malformed)?;
    let fields: Map<String, Value> =
        serde_json::from_slice(&bytes).map_err(|_| AnswerError::Malformed)?;
    let field = |name: &str| fields.get(name).and_then(text);
    let names = field("signed_field_names").ok_or(AnswerError::Malformed)?;
    let names: Vec<&str> = names.split(',').map(str::trim).collect();
    for needed in ["transaction_uuid", "product_code", "total_amount", "status"] {
        if !names.contains(&needed) {
            return Err(AnswerError::Malformed);
        }
    }
    let mut message = Vec::with_capacity(names.len());
    for name in &names {
        message.push(format!("{name}={}", field(name).ok_or(AnswerError::Malformed)?));
    }
    let given = field("signature")
        .and_then(|s| STANDARD.decode(s.as_bytes()).ok())
        .ok_or(AnswerError::Malformed)?;
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length");
    mac.update(message.join(",").as_bytes());
    // `verify_slice` compares in constant time.
    mac.verify_slice(&given).map_err(|_| AnswerError::Mismatch)?;
    let get = |name: &str| field(name).ok_or(AnswerError::Malformed);
    Ok(Answer {
        transaction_uuid: get("transaction_uuid")?,
        product_code: get("product_code")?,
        total_paisa: paisa(&get("total_amount")?).ok_or(AnswerError::Malformed)?,
        status: get("status")?,
    })
}

/// A signed answer as eSewa would send it (the sandbox and tests).
pub fn answer(
    secret: &[u8],
    transaction_code: &str,
    status: &str,
    total_amount: &str,
    transaction_uuid: &str,
    product_code: &str,
) -> String {
    let names =
        "transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names";
    let message = format!(
        "transaction_code={transaction_code},status={status},total_amount={total_amount},transaction_uuid={transaction_uuid},product_code={product_code},signed_field_names={names}"
    );
    let body = serde_json::json!({
        "transaction_code": transaction_code, "status": status, "total_amount": total_amount,
        "transaction_uuid": transaction_uuid, "product_code": product_code,
        "signed_field_names": names, "signature": signature(secret, &message),
    });
    STANDARD.encode(body.to_string())
}

/// What the status API says.
#[derive(Debug, Deserialize)]
pub struct Status {
    /// COMPLETE, PENDING, FULL_REFUND, PARTIAL_REFUND, AMBIGUOUS, NOT_FOUND, CANCELED.
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub total_amount: Value,
    #[serde(default)]
    pub ref_id: Option<String>,
}

impl Status {
    pub fn total_paisa(&self) -> Option<i64> {
        text(&self.total_amount).and_then(|t| paisa(&t))
    }
}

#[derive(Clone, Debug)]
pub struct EsewaStatusApi {
    http: reqwest::Client,
    url: String,
}

impl EsewaStatusApi {
    pub fn new(url: &str) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(REQUEST_TIMEOUT)
            .connect_timeout(CONNECT_TIMEOUT)
            .build()?;
        Ok(Self { http, url: url.to_owned() })
    }

    /// `GET {status_url}?product_code=..&total_amount=..&transaction_uuid=..`.
    pub async fn check(
        &self,
        product_code: &str,
        rupees: i64,
        transaction_uuid: &str,
    ) -> anyhow::Result<Status> {
        let total = rupees.to_string();
        let url = reqwest::Url::parse_with_params(
            &self.url,
            [
                ("product_code", product_code),
                ("total_amount", total.as_str()),
                ("transaction_uuid", transaction_uuid),
            ],
        )?;
        let response = self.http.get(url).send().await?;
        let status = response.status();
        if !status.is_success() {
            let body = response.text().await.unwrap_or_default();
            anyhow::bail!(
                "eSewa answered {status}: {}",
                body.chars().take(500).collect::<String>()
            );
        }
        Ok(response.json().await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = SANDBOX_SECRET;

    #[test]
    fn the_form_is_signed_as_esewa_documents() {
        // Computed independently (Python's hmac) with eSewa's published test key.
        assert_eq!(
            signature(SECRET, "total_amount=100,transaction_uuid=11-201-13,product_code=EPAYTEST"),
            "5DZywcrTKD0gia/rsSMcrRHmJl+4Tbol6S+lWgdJ94E="
        );
        let form = form(SECRET, "EPAYTEST", 100, "11-201-13", "s".into(), "f".into());
        assert_eq!(form.signature, "5DZywcrTKD0gia/rsSMcrRHmJl+4Tbol6S+lWgdJ94E=");
        assert_eq!(
            (form.amount.as_str(), form.total_amount.as_str(), form.tax_amount.as_str()),
            ("100", "100", "0")
        );
    }

    #[test]
    fn an_answer_signed_with_the_key_is_read_and_any_change_refused() {
        let data = answer(SECRET, "000AWEO", "COMPLETE", "1,000.0", "abc", "EPAYTEST");
        let read = read_answer(SECRET, &data).unwrap();
        assert_eq!(
            read,
            Answer {
                transaction_uuid: "abc".into(),
                product_code: "EPAYTEST".into(),
                total_paisa: 100_000,
                status: "COMPLETE".into()
            }
        );
        assert_eq!(read_answer(b"another key", &data), Err(AnswerError::Mismatch));
        let json = String::from_utf8(STANDARD.decode(&data).unwrap()).unwrap();
        let tampered = STANDARD.encode(json.replace("1,000.0", "1.0"));
        assert_eq!(read_answer(SECRET, &tampered), Err(AnswerError::Mismatch));
        for bad in ["", "%%%", "bm90IGpzb24=", "e30="] {
            assert_eq!(read_answer(SECRET, bad), Err(AnswerError::Malformed), "{bad:?}");
        }
    }

    #[test]
    fn amounts_are_read_as_esewa_writes_them() {
        assert_eq!(paisa("1000.0"), Some(100_000));
        assert_eq!(paisa("1,000.0"), Some(100_000));
        assert_eq!(paisa("10"), Some(1_000));
        assert_eq!(paisa("NaN"), None);
        assert_eq!(paisa("-1"), None);
        assert_eq!(paisa("abc"), None);
    }
}
