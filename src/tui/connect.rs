//! Setting up the session the dashboard runs on — the demo's embedded simulator, or the
//! profile's base URL and key — and logging in from the login form. Runs after the first
//! frame is on screen.

use crate::api::Client;
use crate::audit;
use crate::config;
use crate::credentials::{self, LoginRequest};
use crate::session::{self, EnteredKey, Environment, Session, SessionError, SessionRequest};
use crate::sim::{self, SimOptions};
use crate::tui::model::{ConnectFailure, ConnectionInfo, LoginAttempt, TeamLink};

/// Which API the dashboard opens on.
#[derive(Debug, Clone)]
pub enum Launch {
    /// The embedded simulator on 127.0.0.1, its first organisation's admin key, no keyring;
    /// `faults` in the `outreach sim --faults` syntax, to try the dashboard under failures.
    Demo { faults: Option<String> },
    /// The active profile (command line, environment, config, keyring).
    Profile(SessionRequest),
}

impl Launch {
    /// The launch of another profile: its own base URL (a `--base-url` given for the first
    /// one does not follow), `--allow-http` kept.
    pub fn with_profile(&self, profile: String) -> Launch {
        let allow_http = matches!(self, Launch::Profile(request) if request.allow_http);
        Launch::Profile(SessionRequest { profile: Some(profile), base_url: None, allow_http })
    }
}

/// A working connection.
pub(crate) struct Connected {
    pub info: ConnectionInfo,
    pub client: Client,
    /// Kept alive as long as the dashboard runs (the demo's simulator).
    pub keep_alive: Option<Box<dyn std::any::Any + Send>>,
    /// The profile's team store, started (it connects on its own thread, and may be away).
    pub team: Option<std::sync::Arc<crate::team::BlockingTeam>>,
    /// The profile's `[hooks]`: what the events this dashboard observes run.
    pub hooks: config::HooksConfig,
}

/// Connects as `launch` says; a key entered in the login form this run is used for its
/// profile, whatever the environment says.
pub(crate) async fn connect(
    launch: &Launch,
    entered: Option<&EnteredKey>,
) -> Result<Connected, ConnectFailure> {
    match launch {
        Launch::Demo { faults } => connect_demo(faults.clone()).await,
        Launch::Profile(request) => connect_profile(request, entered).await,
    }
}

fn info_of(session: &Session, organisation: Option<String>) -> ConnectionInfo {
    ConnectionInfo {
        profile: session.profile.clone(),
        organisation,
        base_url: session.base_url.clone(),
        key_source: session.key_source.clone(),
        read_only: session.read_only,
        warnings: session.warnings.clone(),
        team: session
            .team
            .as_ref()
            .map(|team| TeamLink { me: team.me.clone(), organisation: team.organisation.clone() }),
    }
}

/// Starts the profile's team store, when it names one. A store that cannot even be
/// started (a bad URL, no place for its outbox) is a warning: the marks stay on this
/// machine and the dashboard says why.
fn start_team(
    session: &Session,
    info: &mut ConnectionInfo,
) -> Option<std::sync::Arc<crate::team::BlockingTeam>> {
    let config = session.team.as_ref()?;
    match crate::look::marks::start_team(&session.profile, config) {
        Ok(team) => Some(std::sync::Arc::new(team)),
        Err(error) => {
            info.team = None;
            info.warnings.push(format!(
                "The team store is not used ({}); handled marks stay on this machine.",
                crate::text::sanitize(&error.to_string())
            ));
            None
        }
    }
}

/// The base URL the profile would use, for the login form; the user can change it there.
fn known_base_url(request: &SessionRequest, env: &Environment, profile: &str) -> Option<String> {
    request
        .base_url
        .clone()
        .or_else(|| env.base_url.clone())
        .or_else(|| config::load_lenient().config.profile(profile).base_url)
}

async fn connect_profile(
    request: &SessionRequest,
    entered: Option<&EnteredKey>,
) -> Result<Connected, ConnectFailure> {
    let env = Environment::from_process();
    let profile = request
        .profile
        .clone()
        .or_else(|| env.profile.clone())
        .unwrap_or_else(|| session::DEFAULT_PROFILE.to_string());
    let session = session::resolve(request).await.map_err(|error| {
        let (profile, needs_key) = match &error {
            SessionError::NoKey { profile, .. }
            | SessionError::NoBaseUrl { profile }
            | SessionError::KeyringUnavailable { profile, .. } => (profile.clone(), true),
            _ => (profile.clone(), false),
        };
        let base_url = known_base_url(request, &env, &profile);
        // The screen gets what the user can act on; the log keeps the stores' own words.
        tracing::warn!(%error, "no session");
        ConnectFailure { profile, message: error.brief(), needs_key, base_url }
    })?;
    let session = match entered {
        Some(entered) => session.with_entered_key(entered),
        None => session,
    };
    let client = session.client_for(audit::Source::Tui).map_err(|error| ConnectFailure {
        profile: session.profile.clone(),
        message: error.to_string(),
        needs_key: false,
        base_url: Some(session.base_url.clone()),
    })?;
    let mut info = info_of(&session, None);
    let team = start_team(&session, &mut info);
    let hooks = config::load_lenient().config.hooks_for(&session.profile);
    Ok(Connected { info, client, keep_alive: None, team, hooks })
}

/// Starts the simulator on 127.0.0.1 (a free port) and connects with its first
/// organisation's admin key; no keyring, no config.
async fn connect_demo(faults: Option<String>) -> Result<Connected, ConnectFailure> {
    let failure = |message: String| ConnectFailure {
        profile: "demo".into(),
        message,
        needs_key: false,
        base_url: None,
    };
    // Live: a reply arrives every 30-90 s, so the inbox's new-reply flow shows in the demo.
    let sim = sim::spawn(SimOptions { faults, live: true, ..SimOptions::default() })
        .await
        .map_err(|error| failure(format!("The demo simulator could not start: {error}")))?;
    let session = Session::demo(sim.base_url.clone(), sim.admin_key());
    let client = session
        .client_for(audit::Source::Tui)
        .map_err(|error| failure(format!("The demo simulator could not be reached: {error}")))?;
    let organisation = sim.orgs.first().map(|org| org.name.clone());
    Ok(Connected {
        info: info_of(&session, organisation),
        client,
        keep_alive: Some(Box::new(sim)),
        team: None,
        hooks: config::HooksConfig::default(),
    })
}

/// Checks the key against the API and keeps it in the OS keyring (and the base URL in the
/// config file). The answer is a sentence for the status bar either way, and the key for
/// the rest of the run.
pub(crate) async fn login(
    launch: &Launch,
    attempt: LoginAttempt,
) -> Result<(String, EnteredKey), String> {
    let allow_http = match launch {
        Launch::Profile(request) => request.allow_http,
        Launch::Demo { .. } => return Err("The demo needs no key.".into()),
    };
    let key = attempt.key.clone();
    let request = LoginRequest {
        allow_http,
        ..LoginRequest::new(attempt.profile.clone(), attempt.base_url, attempt.key)
    };
    let logged_in = credentials::login(&request).await.map_err(|error| error.to_string())?;
    let stored = &logged_in.stored;
    let mut message =
        format!("Logged in: the key for profile '{}' is in the {}.", attempt.profile, stored.store);
    if let Some(warning) = stored.lifetime.warning() {
        message.push(' ');
        message.push_str(&warning);
    }
    if credentials::key_from_env().is_some() {
        message.push_str(" This run uses it now. ");
        message.push_str(session::ENV_KEY_WINS);
    }
    let store = stored.store.name().to_string();
    Ok((message, EnteredKey { profile: attempt.profile, key, store }))
}
