//! Hooks: the command `[hooks]` names for an event, run with the event in its environment
//! and on its stdin, never the key; killed (with all it started) past its timeout; its exit
//! code and stderr logged and returned, so watch prints a note and the dashboard can show
//! one. A failing hook is reported, never a reason to stop. Blocking: call [`run`] from a
//! thread that may wait (watch's blocking task, the dashboard's blocking pool).

pub mod env;
mod process;

use crate::config::HooksConfig;
use crate::observe::Event;
use crate::text::{sanitize, sanitize_multiline, truncate};
use std::ffi::OsString;
use std::time::Duration;

/// How one hook run went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HookOutcome {
    pub event_id: String,
    /// The event's name (`reply_received`): which hook ran.
    pub hook: &'static str,
    /// The exit code; `None` when it was killed (the timeout) or could not start.
    pub code: Option<i32>,
    pub timed_out: bool,
    /// Why it could not start (`sh` missing …).
    pub not_started: Option<String>,
    /// Its stderr, sanitised, at most a few KiB.
    pub stderr: String,
    pub elapsed: Duration,
}

impl HookOutcome {
    pub fn ok(&self) -> bool {
        self.code == Some(0)
    }

    /// One line for a note: what went wrong, or that it ran.
    pub fn note(&self) -> String {
        let what = format!("The {} hook", self.hook);
        let last_line = self.stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
        let said = if last_line.is_empty() {
            String::new()
        } else {
            format!(": {}", truncate(last_line.trim(), 160))
        };
        if let Some(reason) = &self.not_started {
            format!("{what} could not start ({reason}).")
        } else if self.timed_out {
            format!("{what} ran past {} s and was stopped{said}.", self.elapsed.as_secs())
        } else {
            match self.code {
                Some(0) => format!("{what} ran ({} ms).", self.elapsed.as_millis()),
                Some(code) => format!("{what} failed with exit code {code}{said}."),
                None => format!("{what} was stopped by a signal{said}."),
            }
        }
    }

    /// How a failed run went, in the few words a status line has room for: which hook, its
    /// exit code (or the timeout), and the first line of its stderr ("hook reply_received
    /// failed (exit 1): no route to slack"); `None` when it ran well.
    pub fn failure(&self) -> Option<String> {
        if self.ok() {
            return None;
        }
        let hook = self.hook;
        let first_line = self.stderr.lines().map(str::trim).find(|line| !line.is_empty());
        let said = first_line.map(|line| format!(": {}", truncate(&sanitize(line), 120)));
        let said = said.unwrap_or_default();
        Some(match (&self.not_started, self.code) {
            (Some(reason), _) => format!("hook {hook} could not start ({})", sanitize(reason)),
            _ if self.timed_out => {
                format!("hook {hook} timed out after {} s{said}", self.elapsed.as_secs())
            }
            (None, Some(code)) => format!("hook {hook} failed (exit {code}){said}"),
            (None, None) => format!("hook {hook} was stopped by a signal{said}"),
        })
    }
}

/// Runs the hook `config` sets for `event`'s kind; `None` when none is set. The outcome
/// is logged (a failure as a warning, with its stderr).
pub fn run(event: &Event, config: &HooksConfig) -> Option<HookOutcome> {
    run_in(event, config, std::env::vars_os())
}

/// [`run`] with the caller's environment given (tests): what [`env::withheld`] names is
/// taken out, the event's variables put in.
pub fn run_in(
    event: &Event,
    config: &HooksConfig,
    inherited: impl IntoIterator<Item = (OsString, OsString)>,
) -> Option<HookOutcome> {
    let hook = event.kind.name();
    let command = config.command(hook)?;
    let mut environment: Vec<(OsString, OsString)> = inherited
        .into_iter()
        .filter(|(name, value)| !env::withheld(&name.to_string_lossy(), &value.to_string_lossy()))
        .collect();
    environment.extend(
        env::variables(event, config).into_iter().map(|(name, value)| (name.into(), value.into())),
    );
    let stdin = env::json(event, config.include_text).to_string() + "\n";
    let outcome = match process::run(command, &environment, stdin.as_bytes(), config.timeout) {
        Ok(ended) => HookOutcome {
            event_id: event.id.clone(),
            hook,
            code: if ended.timed_out { None } else { ended.status.and_then(|s| s.code()) },
            timed_out: ended.timed_out,
            not_started: None,
            stderr: sanitize_multiline(&String::from_utf8_lossy(&ended.stderr)),
            elapsed: ended.elapsed,
        },
        Err(error) => HookOutcome {
            event_id: event.id.clone(),
            hook,
            code: None,
            timed_out: false,
            not_started: Some(error.to_string()),
            stderr: String::new(),
            elapsed: Duration::ZERO,
        },
    };
    if outcome.ok() {
        tracing::info!(hook, event = %outcome.event_id, ms = outcome.elapsed.as_millis() as u64, "hook ran");
    } else {
        tracing::warn!(
            hook,
            event = %outcome.event_id,
            code = ?outcome.code,
            timed_out = outcome.timed_out,
            stderr = %outcome.stderr,
            "{}",
            outcome.note()
        );
    }
    Some(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::EventKind;
    use std::collections::BTreeMap;

    fn event() -> Event {
        let at = chrono::DateTime::from_timestamp(1_772_409_600, 0).unwrap();
        let mut event = Event::new(EventKind::ReplyReceived, "reply:812:1".into(), at);
        event.profile = "work".into();
        event.exchange_id = Some(812);
        event.category = Some("Interested".into());
        event.contact_name = Some("Ann \u{1b}]0;owned\u{7} Lee".into());
        event.contact_email = Some("ann@acme.tech".into());
        event.campaign = Some("Spring".into());
        event.since = Some(at - chrono::Duration::seconds(90));
        event.text = Some("Can we talk on Monday?".into());
        event
    }

    /// This process's environment with a key and a password in it.
    fn with_secrets() -> Vec<(OsString, OsString)> {
        let mut env: Vec<(OsString, OsString)> = std::env::vars_os().collect();
        env.push(("OUTREACH_API_KEY".into(), "sk-secret-key".into()));
        env.push(("PGPASSWORD".into(), "hunter2".into()));
        env.push(("AWS_SECRET_ACCESS_KEY".into(), "wJalrXUtnFEMI".into()));
        env.push(("DATABASE_URL".into(), "postgres://app:s3cr3t-pw@db/app".into()));
        env
    }

    fn hooks(command: &str, timeout: Duration, include_text: bool) -> HooksConfig {
        HooksConfig {
            commands: BTreeMap::from([("reply_received".to_string(), command.to_string())]),
            timeout,
            include_text,
        }
    }

    #[test]
    fn a_hook_gets_the_event_in_its_environment_and_on_stdin_but_never_the_key() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        let command = format!("{{ env; echo ---; cat; }} > '{}'", out.display());
        let config = hooks(&command, Duration::from_secs(10), false);
        let outcome = run_in(&event(), &config, with_secrets()).unwrap();
        assert!(outcome.ok(), "{outcome:?}");
        let text = std::fs::read_to_string(&out).unwrap();
        let (env, stdin) = text.split_once("---\n").unwrap();
        for line in [
            "OUTREACH_EVENT=reply_received",
            "OUTREACH_PROFILE=work",
            "OUTREACH_EXCHANGE_ID=812",
            "OUTREACH_CATEGORY=Interested",
            "OUTREACH_CONTACT_EMAIL=ann@acme.tech",
            "OUTREACH_CAMPAIGN=Spring",
            "OUTREACH_AGE_SECONDS=90",
        ] {
            assert!(env.lines().any(|l| l == line), "{line} in:\n{env}");
        }
        for secret in ["sk-secret-key", "hunter2", "wJalrXUtnFEMI", "s3cr3t-pw"] {
            assert!(!text.contains(secret), "{secret} reached the hook:\n{text}");
        }
        assert!(!text.contains('\u{1b}'), "sanitised: {text:?}");
        assert!(!text.contains("Monday"), "no text without include_text");
        let json: serde_json::Value = serde_json::from_str(stdin.trim()).unwrap();
        assert_eq!(json["event"], "reply_received");
        assert_eq!(json["exchange_id"], 812);
        assert_eq!(json["age_seconds"], 90);
        assert!(json.get("text").is_none());
        let with_text = hooks(&command, Duration::from_secs(10), true);
        run_in(&event(), &with_text, with_secrets()).unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.contains("OUTREACH_TEXT=Can we talk on Monday?"), "{text}");
    }

    #[test]
    fn a_hook_past_its_timeout_is_killed_with_what_it_started() {
        let dir = tempfile::tempdir().unwrap();
        let pid_file = dir.path().join("pid");
        // The shell starts a child of its own and waits: both must die.
        let command = format!("sleep 600 & echo $! > '{}'; wait", pid_file.display());
        let outcome = run(&event(), &hooks(&command, Duration::from_millis(300), false)).unwrap();
        assert!(outcome.timed_out && !outcome.ok(), "{outcome:?}");
        assert!(outcome.elapsed < Duration::from_secs(30), "{outcome:?}");
        assert!(outcome.note().contains("was stopped"), "{}", outcome.note());
        let pid: i32 = std::fs::read_to_string(&pid_file).unwrap().trim().parse().unwrap();
        // The sleeper is gone (or a zombie waiting for init): no signal can reach a live one.
        // A killed process takes a moment to leave on a loaded machine: waited for, within
        // a deadline far below the sleeper's 600 s.
        let alive = || {
            std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .map(|stat| !stat.contains(") Z "))
                .unwrap_or(false)
        };
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while alive() && std::time::Instant::now() < deadline {
            std::thread::park_timeout(Duration::from_millis(20));
        }
        assert!(!alive(), "the hook's child {pid} still runs");
    }

    #[test]
    fn a_failing_hook_reports_its_code_and_stderr() {
        let command = "echo 'no route to \u{1b}[31mslack' >&2; exit 3";
        let outcome = run(&event(), &hooks(command, Duration::from_secs(10), false)).unwrap();
        assert_eq!(outcome.code, Some(3));
        assert!(!outcome.stderr.contains('\u{1b}'), "{:?}", outcome.stderr);
        assert!(
            outcome.note().contains("exit code 3") && outcome.note().contains("no route to"),
            "{}",
            outcome.note()
        );
        assert_eq!(
            outcome.failure().as_deref(),
            Some("hook reply_received failed (exit 3): no route to slack")
        );
        let none = HooksConfig::default();
        assert_eq!(run(&event(), &none), None, "no hook set: nothing runs");
    }
}
