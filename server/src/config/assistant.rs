//! The Tourist Buddy's model: an OpenAI-compatible endpoint, when one is configured.

use std::time::Duration;

use anyhow::bail;

use super::read::{http_url, seconds};
use super::secret::Secret;

/// An OpenAI-compatible chat completions endpoint and the model to ask there.
#[derive(Clone, Debug)]
pub struct AssistantConfig {
    /// The endpoint itself, e.g. `http://127.0.0.1:8000/v1/chat/completions`.
    pub url: String,
    pub model: String,
    /// Sent as `Authorization: Bearer <key>` (`YATRA_ASSISTANT_KEY`), when set.
    pub key: Option<Secret>,
    /// How long a whole answer (every tool round) may take before the embedded one is
    /// given instead (`YATRA_ASSISTANT_TIMEOUT_SECS`, default 15).
    pub timeout: Duration,
}

impl AssistantConfig {
    /// `None` when neither `YATRA_ASSISTANT_URL` nor `YATRA_ASSISTANT_MODEL` is set.
    pub(super) fn from_lookup(
        get: &impl Fn(&str) -> Option<String>,
    ) -> anyhow::Result<Option<Self>> {
        let timeout = seconds(get, "YATRA_ASSISTANT_TIMEOUT_SECS", 15)?;
        let key = get("YATRA_ASSISTANT_KEY").map(|key| Secret::trimmed(&key));
        match (get("YATRA_ASSISTANT_URL"), get("YATRA_ASSISTANT_MODEL")) {
            (Some(_), Some(model)) => {
                let url = http_url(get, "YATRA_ASSISTANT_URL", "")?;
                Ok(Some(Self { url, model: model.trim().to_owned(), key, timeout }))
            }
            (None, None) if key.is_some() => bail!(
                "YATRA_ASSISTANT_KEY is set but YATRA_ASSISTANT_URL and YATRA_ASSISTANT_MODEL are not"
            ),
            (None, None) => Ok(None),
            _ => bail!("YATRA_ASSISTANT_URL and YATRA_ASSISTANT_MODEL must be set together"),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::config::config_with;

    #[test]
    fn the_assistant_needs_an_http_url_and_a_model_together() {
        let dir = tempfile::tempdir().unwrap();
        assert!(config_with(dir.path(), &[]).unwrap().assistant.is_none());
        let both = [
            ("YATRA_ASSISTANT_URL", "http://127.0.0.1:8000/v1/chat/completions/"),
            ("YATRA_ASSISTANT_MODEL", " qwen2.5 "),
        ];
        let assistant = config_with(dir.path(), &both).unwrap().assistant.unwrap();
        assert_eq!(
            (assistant.url.as_str(), assistant.model.as_str()),
            ("http://127.0.0.1:8000/v1/chat/completions", "qwen2.5")
        );
        assert_eq!(assistant.timeout, Duration::from_secs(15));
        for bad in [
            &both[..1],
            &both[1..],
            &[("YATRA_ASSISTANT_URL", "ftp://x"), both[1]][..],
            &[("YATRA_ASSISTANT_KEY", "k")][..],
        ] {
            assert!(config_with(dir.path(), bad).is_err(), "{bad:?}");
        }
    }
}
