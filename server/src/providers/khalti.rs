//! Khalti's ePayment API (KPG-2): initiate a payment, look it up, refund it. Only the calls
//! Yatra makes, over `reqwest` with timeouts; `YATRA_KHALTI_API_BASE` points tests at a
//! fake Khalti and a test server at Khalti's sandbox (`https://dev.khalti.com/api/v2`).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::config::KhaltiConfig;

const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

#[derive(Clone, Debug)]
pub struct Khalti {
    http: reqwest::Client,
    authorization: String,
    api_base: String,
}

/// `POST /epayment/initiate/`'s body.
#[derive(Serialize)]
pub struct InitiateRequest<'a> {
    pub return_url: String,
    pub website_url: &'a str,
    /// In paisa.
    pub amount: i64,
    pub purchase_order_id: &'a str,
    pub purchase_order_name: String,
    pub customer_info: CustomerInfo,
}

#[derive(Serialize)]
pub struct CustomerInfo {
    pub name: String,
    pub email: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
}

/// What Khalti answers an initiation with.
#[derive(Debug, Deserialize)]
pub struct Initiated {
    pub pidx: String,
    pub payment_url: String,
}

/// What a lookup says about a payment. Khalti answers `Expired` and `User canceled` with
/// HTTP 400 and this same body.
#[derive(Debug, Deserialize)]
pub struct Lookup {
    /// Completed, Pending, Initiated, Refunded, Partially Refunded, Expired, User canceled.
    pub status: String,
    /// In paisa.
    #[serde(default)]
    pub total_amount: i64,
    /// What a refund names, once paid.
    #[serde(default)]
    pub transaction_id: Option<String>,
}

impl Khalti {
    pub fn new(config: &KhaltiConfig) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(REQUEST_TIMEOUT)
            .connect_timeout(CONNECT_TIMEOUT)
            .build()?;
        Ok(Self {
            http,
            authorization: format!("Key {}", String::from_utf8_lossy(&config.secret_key.0)),
            api_base: config.api_base.clone(),
        })
    }

    /// `POST {base}/epayment/initiate/`: a payment page for `amount` paisa.
    pub async fn initiate(&self, request: &InitiateRequest<'_>) -> anyhow::Result<Initiated> {
        let response = self
            .http
            .post(format!("{}/epayment/initiate/", self.api_base))
            .header("Authorization", &self.authorization)
            .json(request)
            .send()
            .await?;
        let status = response.status();
        if !status.is_success() {
            let body = response.text().await.unwrap_or_default();
            anyhow::bail!(
                "Khalti answered {status}: {}",
                body.chars().take(500).collect::<String>()
            );
        }
        Ok(response.json().await?)
    }

    /// `POST {base}/epayment/lookup/`: where payment `pidx` stands.
    pub async fn lookup(&self, pidx: &str) -> anyhow::Result<Lookup> {
        let response = self
            .http
            .post(format!("{}/epayment/lookup/", self.api_base))
            .header("Authorization", &self.authorization)
            .json(&serde_json::json!({ "pidx": pidx }))
            .send()
            .await?;
        let status = response.status();
        let body = response.bytes().await?;
        // A 400 still names the payment's state (Expired, User canceled); other errors do not.
        if (status.is_success() || status == reqwest::StatusCode::BAD_REQUEST)
            && let Ok(lookup) = serde_json::from_slice::<Lookup>(&body)
        {
            return Ok(lookup);
        }
        anyhow::bail!(
            "Khalti answered {status}: {}",
            String::from_utf8_lossy(&body).chars().take(500).collect::<String>()
        )
    }

    /// `POST {root}/merchant-transaction/{transaction_id}/refund/`: all of it, or `amount` paisa.
    pub async fn refund(&self, transaction_id: &str, amount: Option<i64>) -> anyhow::Result<()> {
        let body = match amount {
            Some(amount) => serde_json::json!({ "amount": amount }),
            None => serde_json::json!({}),
        };
        let response = self
            .http
            .post(format!("{}/merchant-transaction/{transaction_id}/refund/", self.api_root()))
            .header("Authorization", &self.authorization)
            .json(&body)
            .send()
            .await?;
        let status = response.status();
        if !status.is_success() {
            let body = response.text().await.unwrap_or_default();
            anyhow::bail!(
                "Khalti refused the refund ({status}): {}",
                body.chars().take(500).collect::<String>()
            );
        }
        Ok(())
    }

    /// The refund API lives beside the versioned ePayment API: `https://khalti.com/api`.
    fn api_root(&self) -> &str {
        self.api_base.strip_suffix("/v2").unwrap_or(&self.api_base)
    }
}
