//! Logging in: check a key against the API, then keep it in an OS store and the profile's
//! base URL in the config file. Shared by `outreach auth login` and the TUI's login screen.

use super::keyring::{Keyring, NoStoreWorked, Stored};
use super::stores::StoreChoice;
use crate::api::{ApiError, ApiKey, Client, ClientOptions};
use crate::config::{self, ConfigError};
use std::path::PathBuf;
use thiserror::Error;

/// What a login needs.
#[derive(Debug, Clone)]
pub struct LoginRequest {
    pub profile: String,
    pub base_url: String,
    pub key: ApiKey,
    /// Allow `http://` to a host that is not this machine.
    pub allow_http: bool,
    pub store: StoreChoice,
    /// `Some` writes `read_only` into the profile; `None` leaves the setting as it is.
    pub read_only: Option<bool>,
    /// The config file the profile's base URL is saved in; `None` saves nothing.
    pub config_path: Option<PathBuf>,
}

impl LoginRequest {
    /// A login with the defaults: automatic store, https required, the usual config file.
    pub fn new(profile: impl Into<String>, base_url: impl Into<String>, key: ApiKey) -> Self {
        LoginRequest {
            profile: profile.into(),
            base_url: base_url.into(),
            key,
            allow_http: false,
            store: StoreChoice::Auto,
            read_only: None,
            config_path: config::path(),
        }
    }
}

/// A successful login.
#[derive(Debug, Clone)]
pub struct LoggedIn {
    pub stored: Stored,
    /// The config file that now holds the profile's base URL, when it was written.
    pub config_saved: Option<PathBuf>,
}

/// Why a login did not happen. Nothing is stored when the key was not accepted.
#[derive(Debug, Clone, Error)]
pub enum LoginError {
    #[error(transparent)]
    Profile(ConfigError),

    #[error("The API key is empty. Paste the key from the dashboard's API settings.")]
    EmptyKey,

    #[error("{0}")]
    BaseUrl(String),

    #[error(
        "The API at {base_url} refused this key: this key is invalid or was replaced by a newer one (401). Copy the current key from the dashboard's API and integrations settings and log in again. Nothing was stored."
    )]
    Rejected { base_url: String },

    #[error(
        "The API at {base_url} refused this key (403): it does not give access to an organisation. Check you copied the key of the right organisation. Nothing was stored."
    )]
    Forbidden { base_url: String },

    #[error(
        "Could not check the key against {base_url}: {reason} Nothing was stored; check the base URL and your network, then try again."
    )]
    Unchecked { base_url: String, reason: String },

    #[error("The key is valid, but the profile could not be saved: {0} Nothing was stored.")]
    Config(ConfigError),

    #[error("The key is valid, but could not be kept in the OS keyring. {0}")]
    Keyring(NoStoreWorked),
}

/// Checks the key against the API with a cheap read (the campaign list).
pub async fn verify_key(base_url: &str, key: &ApiKey, allow_http: bool) -> Result<(), ApiError> {
    let options = ClientOptions { allow_http, ..ClientOptions::default() };
    Client::new(base_url, key, options)?.list_campaigns().await.map(|_| ())
}

/// Logs in with this platform's stores. See [`login_with`].
pub async fn login(request: &LoginRequest) -> Result<LoggedIn, LoginError> {
    login_with(&Keyring::system(), request).await
}

/// Checks the key against the API, saves the profile's base URL (and `read_only`), then
/// stores the key in the first store of `keyring` that takes it.
pub async fn login_with(keyring: &Keyring, request: &LoginRequest) -> Result<LoggedIn, LoginError> {
    let profile = request.profile.as_str();
    config::check_profile_name(profile).map_err(LoginError::Profile)?;
    if request.key.is_empty() {
        return Err(LoginError::EmptyKey);
    }
    let base_url = request.base_url.trim();
    crate::api::url::check_base_url(base_url, request.allow_http)
        .map_err(|error| LoginError::BaseUrl(error.to_string()))?;
    let shown = crate::text::sanitize(base_url);
    match verify_key(base_url, &request.key, request.allow_http).await {
        Ok(()) => {}
        Err(ApiError::Unauthorized { .. }) => return Err(LoginError::Rejected { base_url: shown }),
        Err(ApiError::Forbidden { .. }) => return Err(LoginError::Forbidden { base_url: shown }),
        Err(other) => {
            let reason = sentence(&redact(&other.to_string(), &request.key));
            return Err(LoginError::Unchecked { base_url: shown, reason });
        }
    }
    let config_saved = match &request.config_path {
        Some(path) => {
            config::save_profile(path, profile, base_url, request.read_only)
                .map_err(LoginError::Config)?;
            Some(path.clone())
        }
        None => None,
    };
    let stored =
        keyring.store(profile, &request.key, request.store).await.map_err(LoginError::Keyring)?;
    Ok(LoggedIn { stored, config_saved })
}

/// Ends a message with a full stop so the advice after it reads as its own sentence.
pub(crate) fn sentence(text: &str) -> String {
    let text = text.trim();
    if text.ends_with(['.', '!', '?']) { text.to_string() } else { format!("{text}.") }
}

/// Removes the key from text a server or a library produced, in case it echoed it.
pub(crate) fn redact(text: &str, key: &ApiKey) -> String {
    if key.is_empty() { text.to_string() } else { text.replace(key.expose(), "[key]") }
}
