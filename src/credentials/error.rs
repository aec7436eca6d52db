//! Why a credential store could not be used, naming the store, the error and what to do.

use super::stores::StoreKind;
use std::fmt;
use std::time::Duration;

/// What went wrong with a store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The store is not there: no session bus, no Secret Service, keyctl forbidden.
    Unavailable,
    /// The store is there but locked.
    Locked,
    /// The store did not answer in time (often an unlock prompt nobody can see).
    TimedOut(Duration),
    /// The store answered with an error.
    Failed,
}

/// A store that could not be used. Its Display is a full sentence with advice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyringError {
    pub store: StoreKind,
    pub problem: Problem,
    /// The store's own words, for the curious and for bug reports.
    pub detail: String,
}

impl KeyringError {
    pub(crate) fn new(store: StoreKind, problem: Problem, detail: impl fmt::Display) -> Self {
        KeyringError { store, problem, detail: crate::text::sanitize(&detail.to_string()) }
    }

    /// Classifies an error of the keyring crates. Never reads the error's data: a store
    /// may attach the raw secret to some errors (bad encoding).
    pub(crate) fn from_keyring(store: StoreKind, error: &keyring_core::Error) -> Self {
        use keyring_core::Error as E;
        let problem = match error {
            E::NoStorageAccess(_) if store == StoreKind::SecretService => Problem::Locked,
            E::NoStorageAccess(_) | E::NoDefaultStore => Problem::Unavailable,
            _ => Problem::Failed,
        };
        let detail = match error {
            // The store's own words, without keyring-core's generic prefix.
            E::NoStorageAccess(inner) | E::PlatformFailure(inner) => inner.to_string(),
            E::BadEncoding(_) => "the stored value is not text".to_string(),
            E::BadDataFormat(..) => "the stored value is malformed".to_string(),
            E::Ambiguous(entries) => format!(
                "{} entries match service '{}' and this profile; remove the extra ones with the store's own tool",
                entries.len(),
                super::SERVICE
            ),
            other => other.to_string(),
        };
        KeyringError::new(store, problem, detail)
    }

    fn what_to_do(&self) -> &'static str {
        match self.store {
            StoreKind::SecretService => {
                "Start and unlock a Secret Service (log in to a desktop session, or run `gnome-keyring-daemon --unlock`), or use the kernel store with `outreach auth login --store keyutils`, or set OUTREACH_API_KEY."
            }
            StoreKind::Keyutils => {
                "Use a Secret Service (`outreach auth login --store secret-service`), or set OUTREACH_API_KEY. In a container, the seccomp profile may forbid the keyctl system calls."
            }
            StoreKind::MacosKeychain => {
                "Unlock the login keychain (Keychain Access), or set OUTREACH_API_KEY."
            }
            StoreKind::WindowsCredentialManager => {
                "Check the Credential Manager in the Control Panel, or set OUTREACH_API_KEY."
            }
        }
    }
}

impl KeyringError {
    /// What happened in a few words, without the store's own (often long) detail: for a
    /// screen with little room; the whole text goes to the log.
    pub fn headline(&self) -> String {
        let store = self.store.name();
        match &self.problem {
            Problem::Unavailable => format!("the {store} is not available"),
            Problem::Locked => format!("the {store} is locked"),
            Problem::TimedOut(limit) => {
                format!("the {store} did not answer within {} s", limit.as_secs_f32())
            }
            Problem::Failed => format!("the {store} failed"),
        }
    }

    /// What happened, without the advice: for a store that was passed over while another
    /// one took the key.
    pub fn summary(&self) -> String {
        let store = self.store.name();
        match &self.problem {
            Problem::Unavailable => format!("The {store} is not available: {}.", self.detail),
            Problem::Locked => format!("The {store} is locked: {}.", self.detail),
            Problem::TimedOut(limit) => format!(
                "The {store} did not answer within {} s (a locked collection may be waiting for an unlock prompt).",
                limit.as_secs_f32()
            ),
            Problem::Failed => format!("The {store} failed: {}.", self.detail),
        }
    }
}

impl fmt::Display for KeyringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.summary(), self.what_to_do())
    }
}

impl std::error::Error for KeyringError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_store_the_error_and_what_to_do() {
        let locked = KeyringError::from_keyring(
            StoreKind::SecretService,
            &keyring_core::Error::NoStorageAccess("collection is locked".into()),
        );
        assert_eq!(locked.problem, Problem::Locked);
        let text = locked.to_string();
        assert!(text.starts_with("The Secret Service is locked: "), "{text}");
        assert!(text.contains("collection is locked"), "{text}");
        assert!(text.contains("--store keyutils") && text.contains("OUTREACH_API_KEY"), "{text}");

        let slow =
            KeyringError::new(StoreKind::Keyutils, Problem::TimedOut(Duration::from_secs(3)), "");
        assert!(slow.to_string().contains("did not answer within 3 s"), "{slow}");
    }

    #[test]
    fn the_secret_in_an_encoding_error_is_never_shown() {
        let error = keyring_core::Error::BadEncoding(b"sk-secret-\xff".to_vec());
        let text = KeyringError::from_keyring(StoreKind::Keyutils, &error).to_string();
        assert!(!text.contains("sk-secret"), "{text}");
        assert!(text.contains("not text"), "{text}");
    }
}
