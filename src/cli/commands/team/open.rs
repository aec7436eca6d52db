//! The team store of the profile in use: its target from the config, a connection, and the
//! organisation the marks belong to.

use crate::api::Exchange;
use crate::cli::args::GlobalArgs;
use crate::cli::exit::{CliError, Exit};
use crate::config::TeamConfig;
use crate::credentials::Keyring;
use crate::session::{self, Environment};
use crate::team::{OrgName, Outbox, Target, TeamError, TeamStore};

/// The profile's name and its `[team]` table, from the config alone (no API key needed).
pub(crate) fn configured(global: &GlobalArgs) -> Result<(String, TeamConfig), CliError> {
    let loaded = crate::config::load().map_err(|error| CliError::usage(error.to_string()))?;
    let env = Environment::from_process();
    let profile = session::profile_name(&global.session_request(), &env, &loaded.config)
        .map_err(|error| CliError::usage(error.to_string()))?;
    let team = loaded.config.profile(&profile).team.ok_or_else(|| not_configured(&profile))?;
    Ok((profile, team))
}

fn not_configured(profile: &str) -> CliError {
    CliError::usage(format!("Profile '{profile}' has no team store.")).with_hint(format!(
        "Add to the config file:\n  [profiles.{profile}.team]\n  database = \"postgres://host/db\"\n  me = \"your name\"\nthen run `outreach team init`."
    ))
}

/// The target of a `[team]` table.
pub(crate) fn target(profile: &str, team: &TeamConfig) -> Result<Target, CliError> {
    Target::new(profile, team).map_err(|error| CliError::usage(error.to_string()))
}

/// A store error for the command line: away is a failure (exit 1), the rest too, with the
/// way out in the hint.
pub(crate) fn failed(error: TeamError) -> CliError {
    let hint = match &error {
        TeamError::Unreachable { .. } => {
            Some("Check the server and the network; marks made meanwhile wait in the outbox.")
        }
        TeamError::Refused { .. } => Some(
            "Keep the password with `outreach auth team-login`, or set PGPASSWORD or ~/.pgpass.",
        ),
        _ => None,
    };
    let error = CliError::new(Exit::Failure, error.to_string());
    match hint {
        Some(hint) => error.with_hint(hint),
        None => error,
    }
}

/// Connects to the team store of a `[team]` table.
pub(crate) async fn connect(target: &Target) -> Result<TeamStore, TeamError> {
    TeamStore::connect(target, &Keyring::system()).await
}

/// The organisation of these exchanges, as the team store keys it.
pub(crate) fn organisation(target: &Target, exchanges: &[Exchange]) -> Result<OrgName, CliError> {
    crate::team::identity::resolve(target.organisation.as_deref(), exchanges)
        .map_err(CliError::failure)
}

/// What to do when there is no place for the outbox.
pub(crate) const NO_OUTBOX: &str = "Set XDG_STATE_HOME to a directory outreach may write.";

/// This machine's outbox file, where marks wait while the store is away.
pub(crate) fn outbox() -> Result<Outbox, CliError> {
    Outbox::open_default()
        .map_err(|error| CliError::failure(crate::text::sanitize(&error)).with_hint(NO_OUTBOX))
}
