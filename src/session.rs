//! Which organisation a command acts on: profile, base URL and key, resolved once from
//! the command line, the environment, the config file and the OS keyring. The TUI and every
//! CLI command go through [`resolve`].

use crate::api::{ApiError, ApiKey, Client, ClientOptions};
use crate::audit;
use crate::config::{self, ConfigError, Loaded};
use crate::credentials::{self, Keyring, KeyringError, Lifetime, StoreChoice, StoreKind};
use std::fmt;
use std::time::Duration;
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
    /// An OS keyring store, by its human name ("Secret Service", "kernel keyutils store" …).
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
    /// How long the server may keep silent (`[net] timeout_seconds`).
    pub timeout: Duration,
    /// When an item of "Needs you" is due (`[needs]`).
    pub needs: crate::config::NeedsConfig,
    /// The team store the profile shares its triage marks through (`[profiles.NAME.team]`).
    pub team: Option<crate::config::TeamConfig>,
    /// Things the user should see but that did not stop the session: unknown config keys,
    /// a key store that forgets at reboot, `--allow-http` to a remote host.
    pub warnings: Vec<String>,
}

impl Session {
    /// A client for this session, for the CLI.
    pub fn client(&self) -> Result<Client, ApiError> {
        self.client_for(audit::Source::Cli)
    }

    /// A client for this session whose writes `source` is named for in the audit log.
    pub fn client_for(&self, source: audit::Source) -> Result<Client, ApiError> {
        let options = ClientOptions {
            allow_http: self.allow_http,
            timeout: self.timeout,
            on_write: Some(audit::observer(&self.profile, &self.base_url, source)),
            ..ClientOptions::default()
        };
        Client::new(&self.base_url, &self.key, options)
    }

    /// The session of `--demo`: the embedded simulator, no config and no keyring involved.
    pub fn demo(base_url: impl Into<String>, key: ApiKey) -> Session {
        Session {
            profile: "demo".into(),
            base_url: base_url.into(),
            key,
            key_source: KeySource::Demo,
            read_only: false,
            allow_http: false,
            timeout: crate::api::DEFAULT_TIMEOUT,
            needs: crate::config::NeedsConfig::default(),
            team: None,
            warnings: Vec::new(),
        }
    }
}

/// Says that `OUTREACH_API_KEY` wins over the keyring, for the login form and what follows.
pub const ENV_KEY_WINS: &str = "OUTREACH_API_KEY is set, and every new run takes it before the OS keyring: unset it to use the stored key.";

/// A key entered in the dashboard's login form, checked and kept in the OS keyring: the
/// rest of the run uses it, even where `OUTREACH_API_KEY` (which wins at start) is set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnteredKey {
    pub profile: String,
    pub key: ApiKey,
    /// The store that keeps it ("kernel keyutils store" …).
    pub store: String,
}

impl Session {
    /// This session with `entered` as its key, when it is for the same profile; a session
    /// whose key came from the environment says that new runs will still take that one.
    pub fn with_entered_key(mut self, entered: &EnteredKey) -> Session {
        if entered.profile != self.profile {
            return self;
        }
        if self.key_source == KeySource::Env {
            self.warnings.push(format!(
                "This run uses the key you entered (kept in the {}). {ENV_KEY_WINS}",
                entered.store
            ));
        }
        self.key = entered.key.clone();
        self.key_source = KeySource::Keyring(entered.store.clone());
        self
    }
}

/// Why no session could be resolved, with what to do about it.
#[derive(Debug, Clone, Error)]
pub enum SessionError {
    /// No store holds a key for the profile: `searched` answered that they hold none,
    /// `unreachable` could not be asked (said, but they are not why no key was found).
    #[error(
        "No API key for profile '{profile}'{}.{} Run `outreach auth login` to store one in the OS keyring, or set OUTREACH_API_KEY.",
        searched_words(.searched),
        .unreachable.iter().map(|p| format!(" {}", p.summary())).collect::<String>()
    )]
    NoKey { profile: String, searched: Vec<StoreKind>, unreachable: Vec<KeyringError> },

    #[error(
        "No API key for profile '{profile}' was found, and {}:{}\nRun `outreach auth login` to store one, or set OUTREACH_API_KEY.",
        if .problems.len() == 1 { "a key store could not be asked" } else { "some key stores could not be asked" },
        .problems.iter().map(|p| format!("\n  - {p}")).collect::<String>()
    )]
    KeyringUnavailable { profile: String, problems: Vec<KeyringError> },

    #[error(
        "No base URL for profile '{profile}'. Run `outreach auth login --base-url URL`, or pass --base-url / set OUTREACH_BASE_URL."
    )]
    NoBaseUrl { profile: String },

    #[error("The base URL of profile '{profile}' ({origin}) cannot be used: {error}")]
    BaseUrl { profile: String, origin: String, error: ApiError },

    #[error(transparent)]
    Config(ConfigError),
}

impl SessionError {
    /// The error as the login screen shows it: what went wrong and what to do, without the
    /// key stores' own detail (which `Display` keeps, for the log and the CLI).
    pub fn brief(&self) -> String {
        match self {
            SessionError::NoKey { profile, searched, unreachable } if !unreachable.is_empty() => {
                let what: Vec<String> = unreachable.iter().map(KeyringError::headline).collect();
                format!(
                    "No API key for profile '{profile}'{} ({}). Run `outreach auth login` to store one, or set OUTREACH_API_KEY. The log has the details.",
                    searched_words(searched),
                    what.join("; ")
                )
            }
            SessionError::KeyringUnavailable { profile, problems } => {
                let what: Vec<String> = problems.iter().map(KeyringError::headline).collect();
                format!(
                    "No API key for profile '{profile}' was found, and {}. Without a key store, set OUTREACH_API_KEY or run `outreach auth login --store keyutils`. The log has the details.",
                    what.join("; ")
                )
            }
            other => other.to_string(),
        }
    }
}

/// ` in the kernel keyutils store`: the stores that were asked and hold no key.
fn searched_words(searched: &[StoreKind]) -> String {
    let names: Vec<&str> = searched.iter().map(|kind| kind.name()).collect();
    match names.as_slice() {
        [] => String::new(),
        [only] => format!(" in the {only}"),
        [first @ .., last] => format!(" in the {} or the {last}", first.join(", the ")),
    }
}

/// The process environment's say, read once.
#[derive(Debug, Clone, Default)]
pub struct Environment {
    /// `OUTREACH_PROFILE`
    pub profile: Option<String>,
    /// `OUTREACH_BASE_URL`
    pub base_url: Option<String>,
    /// `OUTREACH_API_KEY`
    pub api_key: Option<ApiKey>,
}

impl Environment {
    /// Reads `OUTREACH_PROFILE`, `OUTREACH_BASE_URL` and `OUTREACH_API_KEY`; blank is unset.
    pub fn from_process() -> Self {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        Environment {
            profile: var("OUTREACH_PROFILE"),
            base_url: var("OUTREACH_BASE_URL"),
            api_key: credentials::key_from_env(),
        }
    }
}

/// Resolves a session from the request, the environment, the config file and the OS keyring.
///
/// Precedence: profile from `--profile`, `OUTREACH_PROFILE`, `default_profile`, "default";
/// base URL from `--base-url`, `OUTREACH_BASE_URL`, the profile; key from `OUTREACH_API_KEY`,
/// else the keyring (service `outreach`, user = profile).
pub async fn resolve(request: &SessionRequest) -> Result<Session, SessionError> {
    let loaded = config::load().map_err(SessionError::Config)?;
    resolve_with(request, &Environment::from_process(), &loaded, &Keyring::system()).await
}

/// The profile name a request, the environment and the config choose, checked.
pub fn profile_name(
    request: &SessionRequest,
    env: &Environment,
    config: &config::Config,
) -> Result<String, SessionError> {
    let profile = request
        .profile
        .clone()
        .or_else(|| env.profile.clone())
        .or_else(|| config.default_profile.clone())
        .unwrap_or_else(|| DEFAULT_PROFILE.to_string());
    config::check_profile_name(&profile).map_err(SessionError::Config)?;
    Ok(profile)
}

/// A base URL and where it came from ("from --base-url or OUTREACH_BASE_URL", "from
/// [profiles.x] in /path/config.toml").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChosenBaseUrl {
    pub url: String,
    pub origin: String,
    /// Set when `--allow-http` lets the key travel unencrypted to another machine.
    pub warning: Option<String>,
}

/// The base URL for `profile`: `--base-url`, `OUTREACH_BASE_URL`, then the profile's; checked
/// (https unless loopback or `--allow-http`).
pub fn choose_base_url(
    request: &SessionRequest,
    env: &Environment,
    loaded: &Loaded,
    profile: &str,
) -> Result<ChosenBaseUrl, SessionError> {
    let (url, origin) = if let Some(url) = &request.base_url {
        (url.clone(), "from --base-url or OUTREACH_BASE_URL".to_string())
    } else if let Some(url) = &env.base_url {
        (url.clone(), "from OUTREACH_BASE_URL".to_string())
    } else if let Some(url) = loaded.config.profile(profile).base_url {
        let origin = match &loaded.path {
            Some(path) => format!("from [profiles.{profile}] in {}", path.display()),
            None => "from the config file".to_string(),
        };
        (url, origin)
    } else {
        return Err(SessionError::NoBaseUrl { profile: profile.to_string() });
    };
    let checked = crate::api::url::check_base_url(&url, request.allow_http).map_err(|error| {
        SessionError::BaseUrl { profile: profile.to_string(), origin: origin.clone(), error }
    })?;
    let host = checked.host_str().unwrap_or_default();
    let warning = (checked.scheme() == "http" && !crate::api::url::is_loopback_host(host)).then(|| {
        format!(
            "--allow-http: the API key travels unencrypted to {}; anyone on the network path can read it.",
            crate::text::sanitize(host)
        )
    });
    Ok(ChosenBaseUrl { url, origin, warning })
}

/// A key and where it came from.
#[derive(Debug, Clone)]
pub struct ChosenKey {
    pub key: ApiKey,
    pub source: KeySource,
    /// How long the key lasts in its store (`None` for the environment).
    pub lifetime: Option<Lifetime>,
}

/// The key for `profile`: `OUTREACH_API_KEY`, else the first keyring store that has it.
pub async fn choose_key(
    env: &Environment,
    keyring: &Keyring,
    profile: &str,
) -> Result<ChosenKey, SessionError> {
    if let Some(key) = &env.api_key {
        return Ok(ChosenKey { key: key.clone(), source: KeySource::Env, lifetime: None });
    }
    let lookup = keyring.read(profile, StoreChoice::Auto).await;
    match lookup.found {
        Some(found) => Ok(ChosenKey {
            key: found.key,
            source: KeySource::Keyring(found.store.name().to_string()),
            lifetime: Some(found.lifetime),
        }),
        // A store that answered "no key" was asked: the key is missing, whatever else
        // could not be asked.
        None if lookup.problems.is_empty() || !lookup.answered.is_empty() => {
            Err(SessionError::NoKey {
                profile: profile.to_string(),
                searched: lookup.answered,
                unreachable: lookup.problems,
            })
        }
        None => Err(SessionError::KeyringUnavailable {
            profile: profile.to_string(),
            problems: lookup.problems,
        }),
    }
}

/// [`resolve`] with every source given: what tests and the TUI's login screen use.
pub async fn resolve_with(
    request: &SessionRequest,
    env: &Environment,
    loaded: &Loaded,
    keyring: &Keyring,
) -> Result<Session, SessionError> {
    let profile = profile_name(request, env, &loaded.config)?;
    let base_url = choose_base_url(request, env, loaded, &profile)?;
    let key = choose_key(env, keyring, &profile).await?;
    let mut warnings = loaded.warnings.clone();
    warnings.extend(base_url.warning);
    Ok(Session {
        read_only: loaded.config.profile(&profile).read_only,
        team: loaded.config.profile(&profile).team,
        profile,
        base_url: base_url.url,
        key: key.key,
        key_source: key.source,
        allow_http: request.allow_http,
        timeout: loaded.config.net.timeout(),
        needs: loaded.config.needs,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entered_key_wins_over_the_environment_for_this_run_and_says_so() {
        let mut session = Session::demo("https://api.example", ApiKey::new("from-env"));
        session.profile = "acme".into();
        session.key_source = KeySource::Env;
        let entered = EnteredKey {
            profile: "acme".into(),
            key: ApiKey::new("entered"),
            store: "kernel keyutils store".into(),
        };
        let other = EnteredKey { profile: "globex".into(), ..entered.clone() };
        let untouched = session.clone().with_entered_key(&other);
        assert_eq!(untouched.key, ApiKey::new("from-env"), "another profile's key");
        let session = session.with_entered_key(&entered);
        assert_eq!(session.key, ApiKey::new("entered"));
        assert_eq!(session.key_source, KeySource::Keyring("kernel keyutils store".into()));
        let said = session.warnings.join(" ");
        assert!(said.contains("This run uses the key you entered"), "{said}");
        assert!(said.contains("OUTREACH_API_KEY is set, and every new run takes it"), "{said}");
    }
}
