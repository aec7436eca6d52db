//! The API key as a type that cannot leak by accident: its Debug and Display are redacted.

use std::fmt;

/// An API key. Read it with [`ApiKey::expose`] only where it goes into the request header.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    /// Wraps a key, trimming the white space a paste or a file brings along.
    pub fn new(key: impl Into<String>) -> Self {
        ApiKey(key.into().trim().to_string())
    }

    /// The key itself, for the `X-API-Key` header and the keyring only.
    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// At most the first four characters, enough to tell two keys apart.
    pub fn masked(&self) -> String {
        let shown: String = self.0.chars().take(4.min(self.0.chars().count() / 3)).collect();
        format!("{shown}…")
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey(<redacted>)")
    }
}

impl fmt::Display for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.masked())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_and_display_never_show_the_key() {
        let key = ApiKey::new("  sk-live-0123456789abcdef \n");
        assert_eq!(key.expose(), "sk-live-0123456789abcdef");
        assert!(!format!("{key:?}").contains("0123"));
        assert_eq!(key.to_string(), "sk-l…");
        assert_eq!(ApiKey::new("abc").masked(), "a…");
    }
}
