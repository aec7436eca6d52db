//! Setting up the session the dashboard runs on: the demo's embedded simulator, or the
//! profile's base URL and key. Runs after the first frame is on screen.

use super::action::{ConnectFailure, ConnectionInfo};
use crate::api::{Client, ClientOptions};
use crate::session::{self, KeySource, SessionError, SessionRequest};
use crate::sim::{self, SimOptions};

/// Which API the dashboard opens on.
#[derive(Debug, Clone)]
pub enum Launch {
    /// The embedded simulator on 127.0.0.1, its first organisation's admin key, no keyring.
    Demo,
    /// The active profile (command line, environment, config, keyring).
    Profile(SessionRequest),
}

/// A working connection.
pub struct Connected {
    pub info: ConnectionInfo,
    pub client: Client,
    /// Kept alive as long as the dashboard runs (the demo's simulator).
    pub keep_alive: Option<Box<dyn std::any::Any + Send>>,
}

pub async fn connect(launch: &Launch) -> Result<Connected, ConnectFailure> {
    match launch {
        Launch::Demo => connect_demo().await,
        Launch::Profile(request) => connect_profile(request).await,
    }
}

async fn connect_profile(request: &SessionRequest) -> Result<Connected, ConnectFailure> {
    let profile = request.profile.clone().unwrap_or_else(|| session::DEFAULT_PROFILE.to_string());
    let session = session::resolve(request).await.map_err(|error| ConnectFailure {
        profile: profile.clone(),
        message: error.to_string(),
        needs_key: matches!(error, SessionError::NoKey { .. } | SessionError::NoBaseUrl { .. }),
    })?;
    let client = session.client().map_err(|error| ConnectFailure {
        profile: profile.clone(),
        message: error.to_string(),
        needs_key: false,
    })?;
    let info = ConnectionInfo {
        profile: session.profile.clone(),
        organisation: None,
        base_url: session.base_url.clone(),
        key_source: session.key_source.to_string(),
        read_only: session.read_only,
    };
    Ok(Connected { info, client, keep_alive: None })
}

/// Starts the simulator on 127.0.0.1 (a free port) and connects with its first
/// organisation's admin key; no keyring, no config.
async fn connect_demo() -> Result<Connected, ConnectFailure> {
    let failure =
        |message: String| ConnectFailure { profile: "demo".into(), message, needs_key: false };
    let sim = sim::spawn(SimOptions::default())
        .await
        .map_err(|error| failure(format!("The demo simulator could not start: {error}")))?;
    let organisation = sim.orgs.first().map(|org| org.name.clone());
    let options = ClientOptions { allow_http: false, ..ClientOptions::default() };
    let client = Client::new(&sim.base_url, &sim.admin_key(), options)
        .map_err(|error| failure(format!("The demo simulator could not be reached: {error}")))?;
    let info = ConnectionInfo {
        profile: "demo".into(),
        organisation,
        base_url: sim.base_url.clone(),
        key_source: KeySource::Demo.to_string(),
        read_only: false,
    };
    Ok(Connected { info, client, keep_alive: Some(Box::new(sim)) })
}
