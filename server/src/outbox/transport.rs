//! Handing a finished email to the world: an SMTP server (`YATRA_SMTP_URL`), or, when
//! none is configured, an `.eml` file under `<data dir>/outbox/` a developer can open.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::render::Rendered;
use crate::config::EmailConfig;

/// Longer than this and the server is treated as down (the attempt is retried later).
const SMTP_TIMEOUT: Duration = Duration::from_secs(20);

#[derive(Clone)]
pub enum Mailer {
    Smtp { transport: AsyncSmtpTransport<Tokio1Executor>, from: Mailbox },
    Folder { dir: PathBuf, from: Mailbox },
}

impl Mailer {
    pub fn from_config(config: &EmailConfig) -> anyhow::Result<Self> {
        let from: Mailbox =
            config.from.parse().context("YATRA_MAIL_FROM is not an email address")?;
        Ok(match &config.smtp_url {
            Some(url) => {
                let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&url.0)
                    .map_err(|e| anyhow::anyhow!("YATRA_SMTP_URL is not usable: {e}"))?
                    .timeout(Some(SMTP_TIMEOUT))
                    .build();
                Mailer::Smtp { transport, from }
            }
            None => Mailer::Folder { dir: config.outbox_dir.clone(), from },
        })
    }

    /// Sends one email; `id` (the outbox row's) becomes its Message-ID and file name.
    pub async fn send(&self, id: &str, email: &Rendered) -> anyhow::Result<()> {
        let from = match self {
            Mailer::Smtp { from, .. } | Mailer::Folder { from, .. } => from.clone(),
        };
        let to = Mailbox::new(
            Some(email.to_name.clone()),
            email.to_address.parse().context("the recipient's address is not valid")?,
        );
        let message = Message::builder()
            .from(from)
            .to(to)
            .subject(&email.subject)
            .message_id(Some(format!("<{id}@yatra>")))
            .multipart(MultiPart::alternative_plain_html(email.text.clone(), email.html.clone()))
            .context("the email could not be built")?;
        match self {
            Mailer::Smtp { transport, .. } => {
                transport
                    .send(message)
                    .await
                    .map_err(|e| anyhow::anyhow!("SMTP delivery failed: {e}"))?;
                tracing::info!(email_id = id, subject = %email.subject, "email sent");
            }
            Mailer::Folder { dir, .. } => {
                tokio::fs::create_dir_all(dir)
                    .await
                    .with_context(|| format!("cannot create {}", dir.display()))?;
                let path = dir.join(format!("{id}.eml"));
                // Written aside and renamed, so a reader never sees half a file.
                let partial = dir.join(format!(".{id}.eml.partial"));
                tokio::fs::write(&partial, message.formatted())
                    .await
                    .with_context(|| format!("cannot write {}", partial.display()))?;
                tokio::fs::rename(&partial, &path)
                    .await
                    .with_context(|| format!("cannot write {}", path.display()))?;
                tracing::info!(email_id = id, subject = %email.subject, file = %path.display(), "email written to the outbox folder (no YATRA_SMTP_URL)");
            }
        }
        Ok(())
    }
}
