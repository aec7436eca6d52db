//! Where a profile's team store is and how to log in to it: the URL from the config (no
//! password in it, ever), who I am, and the password from `PGPASSWORD`, the OS keyring
//! (`outreach auth team-login`) or libpq's password file, asked for only when the server
//! wants one.

use super::error::{Secret, TeamError, from_driver};
use super::passfile;
use super::tls::{MakeRustls, RustlsStream};
use crate::config::{DatabaseUrl, TeamConfig, check_database_url};
use crate::credentials::{Keyring, StoreChoice};
use std::str::FromStr;
use std::time::Duration;
use tokio_postgres::config::{Host, SslMode};
use tokio_postgres::{Client, Connection, Socket};

/// How long a connection attempt may take before the store counts as away.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The keyring user the team password of `profile` is kept under (service `outreach`): a
/// profile name never holds a colon, so it cannot meet an API key's entry.
pub fn keyring_user(profile: &str) -> String {
    format!("team:{profile}")
}

/// A profile's team store, as configured.
#[derive(Debug, Clone)]
pub struct Target {
    pub profile: String,
    pub url: DatabaseUrl,
    /// Who I am in the team.
    pub me: String,
    /// The organisation's name when the config gives it.
    pub organisation: Option<String>,
    config: tokio_postgres::Config,
}

/// Where the password came from, for `team status`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PasswordSource {
    /// The server asked for none (trust, peer or certificate authentication).
    NotAsked,
    Env,
    Keyring(String),
    File(std::path::PathBuf),
}

impl std::fmt::Display for PasswordSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PasswordSource::NotAsked => f.write_str("none asked for"),
            PasswordSource::Env => f.write_str("PGPASSWORD"),
            PasswordSource::Keyring(store) => write!(f, "the OS keyring ({store})"),
            PasswordSource::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// An open connection: the client to query with, and the connection to drive (spawned, or
/// polled for notifications).
pub(super) struct Opened {
    pub(super) client: Client,
    pub(super) connection: Connection<Socket, RustlsStream<Socket>>,
    pub(super) secret: Secret,
    pub(super) source: PasswordSource,
}

impl Target {
    /// The team store of `profile`, from its `[team]` table.
    pub fn new(profile: &str, team: &TeamConfig) -> Result<Target, TeamError> {
        let bad = |problem: String| {
            TeamError::Config(format!("[profiles.{profile}.team] database: {problem}."))
        };
        let url = check_database_url(&team.database).map_err(|problem| bad(problem.to_string()))?;
        let mut config = tokio_postgres::Config::from_str(url.as_str())
            .map_err(|error| bad(crate::text::sanitize(&error.to_string())))?;
        if config.get_user().is_none() {
            config.user(default_user());
        }
        config.application_name("outreach");
        config.connect_timeout(CONNECT_TIMEOUT);
        Ok(Target {
            profile: profile.to_string(),
            url,
            me: team.me.clone(),
            organisation: team.organisation.clone(),
            config,
        })
    }

    /// The URL as shown: it holds no password.
    pub fn shown(&self) -> String {
        crate::text::sanitize(self.url.as_str())
    }

    /// `disable`, `prefer` or `require`.
    pub fn ssl_mode(&self) -> &'static str {
        match self.config.get_ssl_mode() {
            SslMode::Disable => "disable",
            SslMode::Require => "require",
            _ => "prefer",
        }
    }

    /// Opens a connection. A password is looked for only when the server asks for one:
    /// `PGPASSWORD` first (as `OUTREACH_API_KEY` beats the keyring), then the OS keyring,
    /// then the password file.
    pub(super) async fn open(&self, keyring: &Keyring) -> Result<Opened, TeamError> {
        if let Some(password) = std::env::var("PGPASSWORD").ok().filter(|p| !p.is_empty()) {
            return self.open_with(Some(password), PasswordSource::Env).await;
        }
        match self.open_with(None, PasswordSource::NotAsked).await {
            Err(TeamError::Refused { reason, .. }) if reason.contains("password missing") => {}
            other => return other,
        }
        let lookup = keyring.read(&keyring_user(&self.profile), StoreChoice::Auto).await;
        if let Some(found) = lookup.found {
            let source = PasswordSource::Keyring(found.store.to_string());
            return self.open_with(Some(found.key.expose().to_string()), source).await;
        }
        if let Some(path) = passfile::path() {
            let found = passfile::lookup(&path, &self.wanted()).map_err(TeamError::Config)?;
            if let Some(password) = found {
                return self.open_with(Some(password), PasswordSource::File(path)).await;
            }
        }
        Err(TeamError::Refused {
            url: self.shown(),
            reason: format!(
                "the server asks for a password and none was found. Keep it with `outreach auth team-login --profile {}`, or set PGPASSWORD or a line in ~/.pgpass.",
                self.profile
            ),
        })
    }

    async fn open_with(
        &self,
        password: Option<String>,
        source: PasswordSource,
    ) -> Result<Opened, TeamError> {
        let secret = Secret::new(password);
        let mut config = self.config.clone();
        if let Some(password) = secret.expose() {
            config.password(password);
        }
        let tls = MakeRustls::new().map_err(|error| {
            TeamError::Config(format!("TLS cannot be set up on this machine: {error}."))
        })?;
        match config.connect(tls).await {
            Ok((client, connection)) => Ok(Opened { client, connection, secret, source }),
            // tokio-postgres says so before sending anything when the server wants a password.
            Err(error) if super::error::describe(&error).contains("password missing") => {
                Err(TeamError::Refused { url: self.shown(), reason: "password missing".into() })
            }
            Err(error) => Err(from_driver(&error, &self.shown(), &secret)),
        }
    }

    fn wanted(&self) -> passfile::Wanted<'_> {
        let host = match self.config.get_hosts().first() {
            Some(Host::Tcp(host)) => host.as_str(),
            // libpq matches a socket connection against `localhost`.
            _ => "localhost",
        };
        let user = self.config.get_user().unwrap_or_default();
        passfile::Wanted {
            host,
            port: self.config.get_ports().first().copied().unwrap_or(5432),
            database: self.config.get_dbname().unwrap_or(user),
            user,
        }
    }
}

/// libpq's default role: `PGUSER`, else the login name.
fn default_user() -> String {
    ["PGUSER", "USER", "USERNAME", "LOGNAME"]
        .iter()
        .find_map(|name| std::env::var(name).ok().filter(|value| !value.is_empty()))
        .unwrap_or_else(|| "postgres".into())
}
