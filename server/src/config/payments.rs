//! How travellers pay: by card through Stripe or the sandbox, and through the Khalti and
//! eSewa wallets at a rupee rate. Which of them runs is decided here, once.

use anyhow::bail;

use super::read::{flag, http_url};
use super::secret::Secret;

#[derive(Clone, Debug)]
pub struct PaymentsConfig {
    /// Card payments through Stripe (always with its webhook secret).
    pub stripe: Option<StripeConfig>,
    /// Signs Stripe's webhook events (`whsec_...`); required with a Stripe key.
    pub stripe_webhook_secret: Option<Secret>,
    /// The built-in sandbox checkout (`YATRA_PAYMENTS_SANDBOX=true`): bookings are marked
    /// paid without money moving, so it must be asked for, never a fallback.
    pub sandbox: bool,
    /// Khalti ePayment (KPG-2), when `YATRA_KHALTI_SECRET_KEY` is set.
    pub khalti: Option<KhaltiConfig>,
    /// eSewa ePay v2, when its product code and secret key are set.
    pub esewa: Option<EsewaConfig>,
    /// Rupees per US dollar for wallet payments (`YATRA_NPR_PER_USD`); required with a
    /// wallet. Without it, the sandbox offers no wallet checkouts.
    pub npr_per_usd: Option<f64>,
}

/// How card payments are taken, as logged at start-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaymentMode {
    Stripe,
    Sandbox,
    /// Starting a checkout answers 503.
    None,
}

impl PaymentMode {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Stripe => "stripe",
            Self::Sandbox => "sandbox",
            Self::None => "none",
        }
    }
}

/// How a wallet (Khalti, eSewa) is offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalletMode {
    /// Through the wallet's own API.
    Live,
    /// The built-in test checkout: no money moves.
    Sandbox,
    /// Not offered.
    None,
}

/// Stripe's API: the secret key and where to reach it (tests point it at a fake).
#[derive(Clone, Debug)]
pub struct StripeConfig {
    pub secret_key: Secret,
    /// `https://api.stripe.com` unless `YATRA_STRIPE_API_BASE` says otherwise.
    pub api_base: String,
}

/// Khalti's ePayment API (KPG-2).
#[derive(Clone, Debug)]
pub struct KhaltiConfig {
    pub secret_key: Secret,
    /// `https://khalti.com/api/v2` unless `YATRA_KHALTI_API_BASE` says otherwise.
    pub api_base: String,
}

/// eSewa's ePay v2: the merchant's product code, the HMAC key, and its two addresses.
#[derive(Clone, Debug)]
pub struct EsewaConfig {
    pub product_code: String,
    pub secret_key: Secret,
    /// Where the browser posts the signed form.
    pub form_url: String,
    /// The transaction status API.
    pub status_url: String,
}

impl PaymentsConfig {
    pub(super) fn from_lookup(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let api_base =
            get("YATRA_STRIPE_API_BASE").unwrap_or_else(|| "https://api.stripe.com".into());
        let api_base = api_base.trim().trim_end_matches('/').to_owned();
        if !(api_base.starts_with("http://") || api_base.starts_with("https://")) {
            bail!("YATRA_STRIPE_API_BASE {api_base:?} must start with http:// or https://");
        }
        let stripe = get("YATRA_STRIPE_SECRET_KEY")
            .map(|key| StripeConfig { secret_key: Secret::trimmed(&key), api_base });
        let stripe_webhook_secret =
            get("YATRA_STRIPE_WEBHOOK_SECRET").map(|secret| Secret::trimmed(&secret));
        // Without the webhook a payment is confirmed only if the payer's browser comes
        // back to /success: a server must not start half set up.
        if stripe.is_some() && stripe_webhook_secret.is_none() {
            bail!(
                "YATRA_STRIPE_WEBHOOK_SECRET must be set when YATRA_STRIPE_SECRET_KEY is (Stripe confirms payments through the webhook)"
            );
        }
        let sandbox = flag(get, "YATRA_PAYMENTS_SANDBOX", false)?;
        let (khalti, esewa, npr_per_usd) = wallets_from_lookup(get)?;
        Ok(Self { stripe, stripe_webhook_secret, sandbox, khalti, esewa, npr_per_usd })
    }

    /// Stripe when a key is set (it wins over the sandbox), else the sandbox if asked for.
    pub fn card_mode(&self) -> PaymentMode {
        match (&self.stripe, self.sandbox) {
            (Some(_), _) => PaymentMode::Stripe,
            (None, true) => PaymentMode::Sandbox,
            (None, false) => PaymentMode::None,
        }
    }

    /// Khalti through its API when a key is set, else the sandbox's (with a rate), else none.
    pub fn khalti_mode(&self) -> WalletMode {
        self.wallet_mode(self.khalti.is_some())
    }

    /// eSewa through its API when configured, else the sandbox's (with a rate), else none.
    pub fn esewa_mode(&self) -> WalletMode {
        self.wallet_mode(self.esewa.is_some())
    }

    fn wallet_mode(&self, configured: bool) -> WalletMode {
        if configured {
            WalletMode::Live
        } else if self.sandbox && self.npr_per_usd.is_some() {
            WalletMode::Sandbox
        } else {
            WalletMode::None
        }
    }
}

type Wallets = (Option<KhaltiConfig>, Option<EsewaConfig>, Option<f64>);

fn wallets_from_lookup(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<Wallets> {
    let khalti_base = http_url(get, "YATRA_KHALTI_API_BASE", "https://khalti.com/api/v2")?;
    let khalti = get("YATRA_KHALTI_SECRET_KEY")
        .map(|key| KhaltiConfig { secret_key: Secret::trimmed(&key), api_base: khalti_base });
    let form_url =
        http_url(get, "YATRA_ESEWA_FORM_URL", "https://epay.esewa.com.np/api/epay/main/v2/form")?;
    // The status API is addressed with a trailing slash (`.../transaction/status/?...`).
    let status_url = http_url(
        get,
        "YATRA_ESEWA_STATUS_URL",
        "https://epay.esewa.com.np/api/epay/transaction/status",
    )? + "/";
    let esewa = match (get("YATRA_ESEWA_PRODUCT_CODE"), get("YATRA_ESEWA_SECRET_KEY")) {
        (Some(code), Some(key)) => {
            let product_code = code.trim().to_owned();
            if !product_code.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
                bail!(
                    "YATRA_ESEWA_PRODUCT_CODE {product_code:?} must be letters, digits, '-' or '_' (e.g. EPAYTEST)"
                );
            }
            Some(EsewaConfig {
                product_code,
                secret_key: Secret::trimmed(&key),
                form_url,
                status_url,
            })
        }
        (None, None) => None,
        _ => bail!("YATRA_ESEWA_PRODUCT_CODE and YATRA_ESEWA_SECRET_KEY must be set together"),
    };
    let npr_per_usd = match get("YATRA_NPR_PER_USD") {
        None => None,
        Some(text) => match text.trim().parse::<f64>() {
            Ok(rate) if rate.is_finite() && (1.0..=10_000.0).contains(&rate) => Some(rate),
            _ => bail!(
                "YATRA_NPR_PER_USD {text:?} must be a number of rupees per US dollar from 1 to 10000 (e.g. 133.5)"
            ),
        },
    };
    if (khalti.is_some() || esewa.is_some()) && npr_per_usd.is_none() {
        bail!(
            "YATRA_NPR_PER_USD must be set when Khalti or eSewa is configured (wallet payments are charged in rupees)"
        );
    }
    Ok((khalti, esewa, npr_per_usd))
}
