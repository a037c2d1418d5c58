//! `Secret`: a key or password that never appears in logs or debug output.

/// A secret that never appears in logs or debug output.
#[derive(Clone)]
pub struct Secret(pub Vec<u8>);

impl Secret {
    /// A secret given in a variable, without the spaces around it.
    pub(super) fn trimmed(text: &str) -> Self {
        Self(text.trim().as_bytes().to_vec())
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}
