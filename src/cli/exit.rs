//! Exit codes of the non-interactive commands, and the one error type every command
//! returns: what went wrong, what to do, and which code a script sees.

use crate::api::ApiError;
use crate::present::advice;
use crate::session::SessionError;
use crate::text::sanitize_multiline;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

/// The exit codes, as documented in `--help` and docs/CLI.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Everything worked (and, for `status --check`, nothing needs attention).
    Ok = 0,
    /// The operation failed, or (`status --check`, `contacts import`) something needs attention.
    Failure = 1,
    /// The command line or its input is wrong; nothing was sent.
    Usage = 2,
    /// No key, or the API refused it (401).
    Auth = 3,
    /// The key lacks the rights (403), or the profile is read-only.
    Permission = 4,
    /// The campaign, exchange or other resource does not exist in this organisation (404).
    NotFound = 5,
    /// `status --check` could not read or load every part: a blind check is never healthy.
    Incomplete = 6,
}

impl Exit {
    /// How bad an exit is when several organisations answer one command, worst last: the
    /// command exits with the worst of theirs. A blind check (6) is worse than something to
    /// do (1); a refused key or missing rights (3, 4) needs a person before anything reads;
    /// a broken command line or config (2) is worst, as no answer means anything then.
    fn rank(self) -> u8 {
        match self {
            Exit::Ok => 0,
            Exit::Failure => 1,
            Exit::NotFound => 2,
            Exit::Incomplete => 3,
            Exit::Permission => 4,
            Exit::Auth => 5,
            Exit::Usage => 6,
        }
    }

    /// The worse of two exits, by [`Exit::rank`].
    pub fn worst(self, other: Exit) -> Exit {
        if other.rank() > self.rank() { other } else { self }
    }
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> Self {
        ExitCode::from(exit as u8)
    }
}

/// A failed command: the sentence to show, an optional hint, and the exit code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError {
    pub exit: Exit,
    pub message: String,
    pub hint: Option<String>,
}

impl CliError {
    pub fn new(exit: Exit, message: impl Into<String>) -> Self {
        CliError { exit, message: message.into(), hint: None }
    }

    /// Bad arguments or input: exit 2.
    pub fn usage(message: impl Into<String>) -> Self {
        CliError::new(Exit::Usage, message)
    }

    /// A failure that is nobody's fault in particular: exit 1.
    pub fn failure(message: impl Into<String>) -> Self {
        CliError::new(Exit::Failure, message)
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// The error of a `--check` that could not read what it checks: exit 6 ("could not
    /// read"), since a blind check never passes nor fails; a key the API refuses keeps its
    /// own code (3 or 4), as nothing else would load either.
    pub fn blind_check(mut self) -> Self {
        if !matches!(self.exit, Exit::Auth | Exit::Permission) {
            self.exit = Exit::Incomplete;
        }
        self
    }

    /// A read-only profile refusing a write: exit 4.
    pub fn read_only(profile: &str, what: &str) -> Self {
        CliError::new(
            Exit::Permission,
            format!("Profile '{profile}' is read-only: refusing to {what}."),
        )
        .with_hint("Use a profile that allows writes (--profile NAME), or set read_only = false for this profile in the config file.")
    }
}

impl From<ApiError> for CliError {
    fn from(error: ApiError) -> Self {
        let exit = match &error {
            ApiError::Unauthorized { .. } => Exit::Auth,
            ApiError::Forbidden { .. } => Exit::Permission,
            ApiError::NotFound { .. } => Exit::NotFound,
            ApiError::InvalidUrl { .. } | ApiError::InsecureUrl { .. } => Exit::Usage,
            _ => Exit::Failure,
        };
        CliError {
            exit,
            message: error.to_string(),
            hint: advice::advice(&error, advice::Place::Cli),
        }
    }
}

impl From<SessionError> for CliError {
    fn from(error: SessionError) -> Self {
        let exit = match &error {
            SessionError::NoKey { .. } | SessionError::KeyringUnavailable { .. } => Exit::Auth,
            SessionError::NoBaseUrl { .. }
            | SessionError::BaseUrl { .. }
            | SessionError::Config(_) => Exit::Usage,
        };
        CliError::new(exit, error.to_string())
    }
}

/// Turns a command's result into the process's exit code, telling the user on stderr why.
pub fn finish(result: Result<Exit, CliError>, color: bool) -> ExitCode {
    match result {
        Ok(exit) => exit.into(),
        Err(error) => {
            let mut stderr = std::io::stderr().lock();
            let _ = writeln!(stderr, "{}", render_error(&error, color));
            error.exit.into()
        }
    }
}

/// The error as shown on stderr: `error: …` and an indented hint. Every error goes through
/// here, and its words may carry the server's (a 500's body, a 403's `detail`): they are
/// sanitised here, on a terminal and on a pipe alike, so no message can retitle the
/// terminal, write the clipboard or clear the screen.
pub fn render_error(error: &CliError, color: bool) -> String {
    let label = if color { "\x1b[1;31merror:\x1b[0m" } else { "error:" };
    let message = sanitize_multiline(&error.message);
    match &error.hint {
        Some(hint) => format!("{label} {message}\n  hint: {}", sanitize_multiline(hint)),
        None => format!("{label} {message}"),
    }
}

/// Whether stderr may carry colour, by the same rules as stdout (`--color`, NO_COLOR).
pub fn stderr_color(choice: crate::cli::output::terminal::ColorChoice) -> bool {
    choice.enabled(std::io::stderr().is_terminal())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worst_exit_of_several_organisations_wins() {
        let order = [
            Exit::Ok,
            Exit::Failure,
            Exit::NotFound,
            Exit::Incomplete,
            Exit::Permission,
            Exit::Auth,
            Exit::Usage,
        ];
        for (i, &better) in order.iter().enumerate() {
            for &worse in &order[i..] {
                assert_eq!(better.worst(worse), worse, "{better:?} then {worse:?}");
                assert_eq!(worse.worst(better), worse, "{worse:?} then {better:?}");
            }
        }
    }

    #[test]
    fn api_errors_map_to_documented_codes() {
        let unauthorized = CliError::from(ApiError::Unauthorized { detail: None });
        assert_eq!(unauthorized.exit, Exit::Auth);
        assert!(unauthorized.hint.unwrap().contains("outreach auth login"));
        assert_eq!(CliError::from(ApiError::Forbidden { detail: None }).exit, Exit::Permission);
        let missing = ApiError::NotFound { what: "campaign 9".into(), detail: None };
        assert_eq!(CliError::from(missing).exit, Exit::NotFound);
        let down =
            ApiError::Network { url: "http://127.0.0.1:9/".into(), reason: "refused".into() };
        let down = CliError::from(down);
        assert_eq!(down.exit, Exit::Failure);
        assert!(down.message.contains("http://127.0.0.1:9/"));
        let invalid = ApiError::Validation(vec![crate::api::FieldError::new("email", "bad")]);
        assert_eq!(CliError::from(invalid).exit, Exit::Failure);
    }

    #[test]
    fn help_documents_every_code() {
        for (exit, word) in [
            (Exit::Ok, "success"),
            (Exit::Failure, "failure"),
            (Exit::Usage, "usage"),
            (Exit::Auth, "authentication"),
            (Exit::Permission, "permission"),
            (Exit::NotFound, "not found"),
            (Exit::Incomplete, "incomplete"),
        ] {
            let line = format!("  {}  {word}", exit as u8);
            assert!(crate::cli::TOP_HELP.contains(&line), "{line}");
        }
    }

    #[test]
    fn session_errors_map_to_auth_and_usage() {
        let no_key = SessionError::NoKey {
            profile: "default".into(),
            searched: Vec::new(),
            unreachable: Vec::new(),
        };
        assert_eq!(CliError::from(no_key).exit, Exit::Auth);
        let no_url = SessionError::NoBaseUrl { profile: "default".into() };
        assert_eq!(CliError::from(no_url).exit, Exit::Usage);
    }

    #[test]
    fn errors_render_with_hint_and_optional_colour() {
        let error = CliError::usage("bad").with_hint("do this");
        assert_eq!(render_error(&error, false), "error: bad\n  hint: do this");
        assert!(render_error(&error, true).starts_with("\x1b[1;31merror:"));
        assert_eq!(ExitCode::from(Exit::NotFound), ExitCode::from(5));
    }

    #[test]
    fn server_words_in_an_error_are_sanitised() {
        let forbidden = ApiError::Forbidden {
            detail: Some(
                "no\u{1b}]0;pwned\u{7}\u{1b}]52;c;ZXZpbA==\u{7}\u{1b}[2J\u{9b}1m\u{202e}pe".into(),
            ),
        };
        let error = CliError::from(forbidden).with_hint("ask\u{1b}[31m");
        for color in [false, true] {
            let shown = render_error(&error, color).replace("\x1b[1;31merror:\x1b[0m", "error:");
            assert!(
                !shown.chars().any(|c| c.is_control() && c != '\n' || c == '\u{202e}'),
                "{shown:?}"
            );
            assert!(shown.contains("The server said: nope"), "{shown}");
        }
    }
}
