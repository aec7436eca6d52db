//! Where the API key lives: `OUTREACH_API_KEY`, else an OS credential store (the Secret
//! Service or kernel keyutils on Linux, the Keychain on macOS, the Credential Manager on
//! Windows). Never a plaintext file, and never a silent fallback to one.
//!
//! Every store call runs on its own thread with a time limit ([`TIMEOUT`]): a locked or
//! absent Secret Service must not hang the dashboard.

mod error;
mod keyring;
mod login;
mod offthread;
mod stores;
mod system;

pub use error::{KeyringError, Problem};
pub use keyring::{Found, Keyring, Lookup, NoStoreWorked, Removal, Stored};
pub use login::{LoggedIn, LoginError, LoginRequest, login, login_with, verify_key};
pub(crate) use login::{redact, sentence};
pub use stores::{Lifetime, StoreChoice, StoreKind};

use std::time::Duration;

/// The keyring service name; the keyring user is the profile name.
pub const SERVICE: &str = "outreach";

/// How long one store call may take before the user is told the store does not answer.
pub const TIMEOUT: Duration = Duration::from_secs(3);

/// The environment variable that holds a key and overrides every store.
pub const KEY_ENV: &str = "OUTREACH_API_KEY";

/// The key from `OUTREACH_API_KEY`, when set and not blank.
pub fn key_from_env() -> Option<crate::api::ApiKey> {
    std::env::var(KEY_ENV).ok().map(crate::api::ApiKey::new).filter(|key| !key.is_empty())
}
