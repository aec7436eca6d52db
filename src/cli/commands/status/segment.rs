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
    let now = Utc::now();
    let (profile, loaded) = match group(global)? {
        Some((name, profiles)) => (name.clone(), summed(&name, &profiles, now, args.quiet)?),
        None => {
            let profile = profile(global)?;
            let loaded = last_glance(&profile)?;
            (profile, loaded)
        }
    };
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

/// The last glance of `profile`, if any was saved.
fn last_glance(profile: &str) -> Result<Option<glance::Glance>, CliError> {
    glance::load(profile).map_err(|error| {
        CliError::failure(format!(
            "The last glance of profile '{profile}' could not be read: {error}"
        ))
        .with_hint(
            "It is rewritten by the next `outreach status`, `todo`, `watch` or dashboard refresh.",
        )
    })
}

/// `--group NAME` or `--profiles a,b`: the name the sum goes by and its profiles.
fn group(global: &GlobalArgs) -> Result<Option<(String, Vec<String>)>, CliError> {
    if !global.asks_group() {
        return Ok(None);
    }
    let loaded = crate::config::load_lenient();
    let Some(profiles) = crate::cli::orgs::named(global, &loaded)? else { return Ok(None) };
    let name = global.group.clone().unwrap_or_else(|| profiles.join(","));
    Ok(Some((name, profiles)))
}

/// The group's glances summed; the profiles without one yet are said on stderr (a status
/// line shows only stdout), and left out of the sum.
fn summed(
    name: &str,
    profiles: &[String],
    now: chrono::DateTime<Utc>,
    quiet: bool,
) -> Result<Option<glance::Glance>, CliError> {
    let mut glances = Vec::with_capacity(profiles.len());
    let mut missing = Vec::new();
    for profile in profiles {
        match last_glance(profile)? {
            Some(glance) => glances.push(glance),
            None => missing.push(profile.as_str()),
        }
    }
    if !missing.is_empty() && !glances.is_empty() && !quiet {
        crate::cli::output::streams::note(&format!(
            "No glance yet of {}: `outreach status --group {name}` saves one for each.",
            missing.join(", ")
        ));
    }
    Ok(glance::Glance::sum(name, &glances, now))
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
