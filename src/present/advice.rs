//! What the user can do about each API failure, in one place, worded for where it is
//! shown: the CLI names the command or option to change and says to run it again, the
//! dashboard names its keys (`r`, `L`).

use crate::api::ApiError;

/// The dashboard keys the advice names: whatever `[keys]` bound them to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Keys<'a> {
    /// Reloads the pane (`r` by default).
    pub refresh: &'a str,
    /// Opens the login form (`L` by default).
    pub login: &'a str,
}

impl Keys<'static> {
    /// The keys as shipped.
    pub const DEFAULT: Keys<'static> = Keys { refresh: "r", login: "L" };
}

/// Where the advice is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place<'a> {
    /// On stderr after a command failed.
    Cli,
    /// In a dashboard pane, naming its keys.
    Screen(Keys<'a>),
}

/// The advice for `error` shown in `place`, if there is any worth giving.
pub(crate) fn advice(error: &ApiError, place: Place) -> Option<String> {
    let cli = place == Place::Cli;
    let Keys { refresh, login } = match place {
        Place::Screen(keys) => keys,
        Place::Cli => Keys::DEFAULT,
    };
    let text = match error {
        // The variable wins over the keyring: a login would store a key this run never reads.
        ApiError::Unauthorized { .. } if cli && crate::credentials::key_from_env().is_some() => {
            "The key came from OUTREACH_API_KEY, which wins over the keyring: set it to the organisation's current key, or unset it (`unset OUTREACH_API_KEY`) to use the key `outreach auth login` stores."
        }
        ApiError::Unauthorized { .. } if cli => {
            "Run `outreach auth login` to store the organisation's current key, or set OUTREACH_API_KEY."
        }
        ApiError::Unauthorized { .. } => {
            return Some(format!(
                "The key was refused. Press {login} to enter the current key (or run `outreach auth login`, or set OUTREACH_API_KEY)."
            ));
        }
        ApiError::Forbidden { .. } if cli => {
            "This key may be read-only: ask an organisation admin for a key with write access."
        }
        ApiError::Forbidden { .. } => {
            "This key lacks rights for this. Ask an organisation admin for a key that has them."
        }
        ApiError::Timeout { .. } if cli => {
            return Some(format!(
                "Re-run `{}` in a moment; if the server is only slow, raise timeout_seconds under [net] in the config file.",
                this_command()
            ));
        }
        ApiError::BrokenOff { .. } if cli => {
            return Some(format!(
                "Re-run `{}`; if it keeps breaking off, the server (or a proxy in front of it) is failing.",
                this_command()
            ));
        }
        ApiError::BrokenOff { .. } => {
            return Some(format!(
                "Press {refresh} to retry; if it keeps breaking off, the server (or a proxy in front of it) is failing."
            ));
        }
        // A long wait was not slept: the message says how long; the hint says what then.
        ApiError::RateLimited { wait: Some(_), .. }
        | ApiError::Unavailable { wait: Some(_), .. }
            if cli =>
        {
            return Some(format!("Re-run `{}` after that.", this_command()));
        }
        ApiError::Network { .. } if cli => {
            "Is the service running at that address? Check --base-url or OUTREACH_BASE_URL, then run the command again."
        }
        ApiError::Timeout { .. } | ApiError::Network { .. } => {
            return Some(format!(
                "Check the network and the base URL, then press {refresh} to retry."
            ));
        }
        ApiError::RateLimited { .. } | ApiError::Unavailable { .. } if cli => {
            "The service is busy. Run the command again in a moment."
        }
        ApiError::RateLimited { .. } | ApiError::Unavailable { .. } => {
            return Some(format!("The service is busy. Press {refresh} to retry in a moment."));
        }
        ApiError::InvalidUrl { .. } | ApiError::InsecureUrl { .. } | ApiError::Redirect { .. }
            if cli =>
        {
            "Fix the base URL: --base-url, OUTREACH_BASE_URL or the profile in the config file."
        }
        ApiError::InvalidUrl { .. } | ApiError::InsecureUrl { .. } | ApiError::Redirect { .. } => {
            "Fix the base URL of this profile (--base-url or the config file)."
        }
        // What the server refused is in the message itself; a retry would get the same.
        ApiError::NotFound { .. } | ApiError::BadRequest { .. } | ApiError::Validation(_)
            if cli =>
        {
            return None;
        }
        _ => {
            let log = crate::logging::log_path()
                .map(|p| format!(" ({})", p.display()))
                .unwrap_or_default();
            return Some(if cli {
                format!(
                    "Run the command again. If it keeps failing, the log file{log} has the details."
                )
            } else {
                format!(
                    "Press {refresh} to retry. If it keeps failing, the log file{log} has the details."
                )
            });
        }
    };
    Some(text.to_string())
}

/// This run's command line, for "re-run …". Safe to show: the API key is never taken from
/// an option (so it stays out of shell history and process lists), only from the
/// environment or the keyring.
fn this_command() -> String {
    let words = std::env::args().skip(1).map(|arg| {
        let arg = crate::text::sanitize(&arg);
        let plain = !arg.is_empty()
            && !arg.contains(|c: char| c.is_whitespace() || "'\"$`\\;&|<>()*?!#~".contains(c));
        if plain { arg } else { format!("'{}'", arg.replace('\'', "'\\''")) }
    });
    std::iter::once("outreach".to_string()).chain(words).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_kind() -> Vec<ApiError> {
        vec![
            ApiError::Unauthorized { detail: None },
            ApiError::Forbidden { detail: None },
            ApiError::Timeout {
                host: "127.0.0.1:9".into(),
                phase: crate::api::TimeoutPhase::FirstByte,
                after: std::time::Duration::from_secs(20),
            },
            ApiError::Network { url: "http://127.0.0.1:9/".into(), reason: "refused".into() },
            ApiError::rate_limited(None),
            ApiError::unavailable(503, None),
            ApiError::rate_limited(Some(std::time::Duration::from_secs(3600))),
            ApiError::BrokenOff { url: "http://127.0.0.1:9/".into(), reason: "reset".into() },
            ApiError::Redirect { location: "https://elsewhere.test/".into() },
            ApiError::Server { status: 500, body_start: String::new() },
            ApiError::Decode { reason: "eof".into(), body_start: String::new() },
        ]
    }

    #[test]
    fn the_cli_says_what_to_run_and_never_names_a_key() {
        for error in every_kind() {
            let text = advice(&error, Place::Cli).unwrap_or_default();
            assert!(!text.contains("press r") && !text.contains("Press r"), "{error:?}: {text}");
            assert!(!text.contains("Press L"), "{error:?}: {text}");
        }
        let login = advice(&ApiError::Unauthorized { detail: None }, Place::Cli).unwrap();
        assert!(login.contains("outreach auth login"), "{login}");
        let down = advice(&every_kind()[3], Place::Cli).unwrap();
        assert!(down.contains("--base-url") && down.contains("run the command again"), "{down}");
        let slow = advice(&every_kind()[2], Place::Cli).unwrap();
        assert!(slow.contains("Re-run `outreach") && slow.contains("timeout_seconds"), "{slow}");
        let later = advice(&every_kind()[6], Place::Cli).unwrap();
        assert!(later.contains("Re-run `outreach") && later.ends_with("after that."), "{later}");
    }

    #[test]
    fn the_screen_names_its_keys() {
        let screen = Place::Screen(Keys::DEFAULT);
        let login = advice(&ApiError::Unauthorized { detail: None }, screen).unwrap();
        assert!(login.contains("Press L"), "{login}");
        for error in &every_kind()[2..] {
            let text = advice(error, screen).unwrap();
            let fix_url = matches!(error, ApiError::Redirect { .. });
            assert!(fix_url || text.contains("press r") || text.contains("Press r"), "{text}");
        }
    }

    #[test]
    fn the_screen_names_the_keys_as_rebound() {
        let rebound = Place::Screen(Keys { refresh: "F5", login: "Ctrl-l" });
        let login = advice(&ApiError::Unauthorized { detail: None }, rebound).unwrap();
        assert!(login.contains("Press Ctrl-l") && !login.contains("Press L"), "{login}");
        for error in &every_kind()[2..] {
            let text = advice(error, rebound).unwrap();
            assert!(!text.contains("press r") && !text.contains("Press r"), "{text}");
            let fix_url = matches!(error, ApiError::Redirect { .. });
            assert!(fix_url || text.contains("ress F5"), "{text}");
        }
    }
}
