//! Which organisation a command acts on: profile, base URL and key, resolved once from
//! the command line, the environment, the config file and the OS keyring.

use crate::api::{ApiError, ApiKey, Client, ClientOptions};
use std::fmt;
use thiserror::Error;

/// The name used when no profile is chosen anywhere.
pub const DEFAULT_PROFILE: &str = "default";

/// What the user asked for on the command line (or in the environment).
#[derive(Debug, Clone, Default)]
pub struct SessionRequest {
    pub profile: Option<String>,
    pub base_url: Option<String>,
    pub allow_http: bool,
}

/// Where the key came from, for `auth status` and the status bar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeySource {
    /// The `OUTREACH_API_KEY` environment variable.
    Env,
    /// An OS keyring store, by its human name ("Secret Service", "kernel keyutils" …).
    Keyring(String),
    /// The embedded simulator of `--demo`.
    Demo,
}

impl fmt::Display for KeySource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeySource::Env => f.write_str("the OUTREACH_API_KEY environment variable"),
            KeySource::Keyring(store) => write!(f, "the OS keyring ({store})"),
            KeySource::Demo => f.write_str("the embedded demo simulator"),
        }
    }
}

/// Everything needed to talk to one organisation.
#[derive(Debug, Clone)]
pub struct Session {
    pub profile: String,
    pub base_url: String,
    pub key: ApiKey,
    pub key_source: KeySource,
    /// The profile refuses writes (`read_only = true` in config).
    pub read_only: bool,
    pub allow_http: bool,
}

impl Session {
    /// A client for this session.
    pub fn client(&self) -> Result<Client, ApiError> {
        let options = ClientOptions { allow_http: self.allow_http, ..ClientOptions::default() };
        Client::new(&self.base_url, &self.key, options)
    }
}

/// Why no session could be resolved, with what to do about it.
#[derive(Debug, Clone, Error)]
pub enum SessionError {
    #[error(
        "No API key for profile '{profile}'. Run `outreach auth login` to store one in the OS keyring, or set OUTREACH_API_KEY."
    )]
    NoKey { profile: String },

    #[error(
        "No base URL for profile '{profile}'. Run `outreach auth login --base-url URL`, or pass --base-url / set OUTREACH_BASE_URL."
    )]
    NoBaseUrl { profile: String },
}

/// Resolves a session from the request and the environment.
///
/// Precedence: `--base-url`/`OUTREACH_BASE_URL` and `OUTREACH_API_KEY` over anything stored.
pub async fn resolve(request: &SessionRequest) -> Result<Session, SessionError> {
    let profile = request.profile.clone().unwrap_or_else(|| DEFAULT_PROFILE.to_string());
    let key = std::env::var("OUTREACH_API_KEY").ok().map(ApiKey::new).filter(|k| !k.is_empty());
    let Some(key) = key else {
        return Err(SessionError::NoKey { profile });
    };
    let Some(base_url) = request.base_url.clone() else {
        return Err(SessionError::NoBaseUrl { profile });
    };
    Ok(Session {
        profile,
        base_url,
        key,
        key_source: KeySource::Env,
        read_only: false,
        allow_http: request.allow_http,
    })
}
