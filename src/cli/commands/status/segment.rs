//! `outreach status --format tmux|line|json`: the last glance saved for the profile, printed
//! with no call to the server, for a status line that runs it every few seconds. Nothing
//! here may open the network, the keyring or the state database, or start the runtime: the
//! whole run must stay within a few milliseconds (`scripts/bench-status-line.sh`).

use super::{Format, StatusArgs};
use crate::cli::args::GlobalArgs;
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::streams::write_stdout;
use crate::glance::{self, Symbols, segment};
use crate::session::{Environment, SessionRequest, profile_name};
use chrono::Utc;
use serde_json::json;

/// Letters instead of symbols when set to anything but empty or `0`.
pub const ASCII_ENV: &str = "OUTREACH_ASCII";

/// Prints the segment (or the glance as JSON). No glance yet prints nothing (JSON: `null`)
/// and says on stderr how to make one: a status line shows no error text.
pub fn run(global: &GlobalArgs, args: &StatusArgs) -> Result<Exit, CliError> {
    if args.check {
        return Err(CliError::usage(
            "--check reads the server now, and --format tmux|line|json prints the last glance.",
        )
        .with_hint("Use `outreach status --check`, or `outreach todo --check` for what is due."));
    }
    let profile = profile(global)?;
    let loaded = glance::load(&profile).map_err(|error| {
        CliError::failure(format!(
            "The last glance of profile '{profile}' could not be read: {error}"
        ))
        .with_hint(
            "It is rewritten by the next `outreach status`, `todo`, `watch` or dashboard refresh.",
        )
    })?;
    let now = Utc::now();
    let text = match args.format {
        Format::Json => {
            let mut value =
                serde_json::to_value(&loaded).map_err(|e| CliError::failure(e.to_string()))?;
            if let (Some(object), Some(glance)) = (value.as_object_mut(), &loaded) {
                object.insert("stale".into(), json!(glance.is_stale(now)));
            }
            format!("{value}\n")
        }
        format => {
            let ascii =
                args.ascii || std::env::var(ASCII_ENV).is_ok_and(|v| !v.is_empty() && v != "0");
            let symbols = if ascii { Symbols::Ascii } else { Symbols::Unicode };
            let line = segment(loaded.as_ref(), now, symbols, format == Format::Tmux);
            if line.is_empty() { line } else { format!("{line}\n") }
        }
    };
    if loaded.is_none() && !args.quiet {
        crate::cli::output::streams::note(&format!(
            "No glance of profile '{profile}' yet: `outreach status`, `outreach todo`, `outreach watch` or the dashboard saves one."
        ));
    }
    if !args.quiet {
        write_stdout(&text)?;
    }
    Ok(Exit::Ok)
}

/// The profile as a session would choose it (`--profile`, `OUTREACH_PROFILE`, the config's
/// `default_profile`), reading the config file only when neither names one.
fn profile(global: &GlobalArgs) -> Result<String, CliError> {
    let request =
        SessionRequest { profile: global.profile.last().cloned(), ..SessionRequest::default() };
    let env = Environment::default();
    let config = match &request.profile {
        Some(_) => crate::config::Config::default(),
        None => crate::config::load_lenient().config,
    };
    profile_name(&request, &env, &config).map_err(CliError::from)
}
