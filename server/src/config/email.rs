//! How email leaves: through an SMTP server, or as files in the outbox folder; from
//! whom; and how often the email worker looks for due emails.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::bail;

use crate::db::redact_url;

#[derive(Clone, Debug)]
pub struct EmailConfig {
    /// The SMTP server (`YATRA_SMTP_URL`), or `None` to write `.eml` files to `outbox_dir`.
    pub smtp_url: Option<SmtpUrl>,
    /// Where emails are written as files when there is no SMTP server:
    /// `<data dir>/outbox/`.
    pub outbox_dir: PathBuf,
    /// The sender of every email (`YATRA_MAIL_FROM`), e.g. `Yatra <no-reply@yatra.np>`.
    pub from: String,
    /// How often the email worker looks for due emails; also the first retry's delay
    /// (`YATRA_EMAIL_POLL_MS`, default 2000).
    pub poll: Duration,
}

/// `YATRA_SMTP_URL` as given (it may hold a password, so it never reaches the logs).
#[derive(Clone)]
pub struct SmtpUrl(pub String);

impl std::fmt::Debug for SmtpUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SmtpUrl({})", redact_url(&self.0))
    }
}

impl EmailConfig {
    pub(super) fn from_lookup(
        get: &impl Fn(&str) -> Option<String>,
        data_dir: &Path,
    ) -> anyhow::Result<Self> {
        let smtp_url = get("YATRA_SMTP_URL").map(|url| url.trim().to_owned());
        if let Some(url) = &smtp_url {
            check_smtp_url(url).map_err(|e| {
                anyhow::anyhow!("YATRA_SMTP_URL {:?} is not usable: {e}", redact_url(url))
            })?;
        }
        let from = get("YATRA_MAIL_FROM")
            .map(|from| from.trim().to_owned())
            .unwrap_or_else(|| "Yatra <no-reply@yatra.local>".into());
        if from.parse::<lettre::message::Mailbox>().is_err() {
            bail!(
                "YATRA_MAIL_FROM {from:?} is not an email address (e.g. Yatra <no-reply@yatra.np>)"
            );
        }
        let poll = match get("YATRA_EMAIL_POLL_MS") {
            None => Duration::from_secs(2),
            Some(text) => match text.trim().parse::<u64>() {
                Ok(ms) if (10..=600_000).contains(&ms) => Duration::from_millis(ms),
                _ => bail!(
                    "YATRA_EMAIL_POLL_MS {text:?} must be a number of milliseconds from 10 to 600000"
                ),
            },
        };
        Ok(Self {
            smtp_url: smtp_url.map(SmtpUrl),
            outbox_dir: data_dir.join("outbox"),
            from,
            poll,
        })
    }
}

/// Checks a `YATRA_SMTP_URL` without connecting: `smtp://host:port` (plain, or STARTTLS
/// with `?tls=required` / `?tls=opportunistic`), `smtps://user:pass@host:465` (TLS).
fn check_smtp_url(url: &str) -> anyhow::Result<()> {
    if !(url.starts_with("smtp://") || url.starts_with("smtps://")) {
        anyhow::bail!("it must start with smtp:// or smtps://");
    }
    lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::from_url(url)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(())
}
