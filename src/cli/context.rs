//! What every command that talks to the API starts from: the session, its client and the
//! terminal; and the guard that keeps writes away from read-only profiles.

use crate::api::Client;
use crate::cli::args::GlobalArgs;
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::terminal::Term;
use crate::present::organisation::{for_whom, organisation_name};
use crate::session::{self, Session};
use std::io::{BufRead, Write};

/// A resolved session with its client, for one command.
pub struct Context {
    pub session: Session,
    pub client: Client,
    pub term: Term,
    /// One of several organisations of a command (`--group`): what it says names it.
    pub grouped: bool,
}

impl Context {
    /// Resolves the session for reading.
    pub async fn connect(global: &GlobalArgs) -> Result<Context, CliError> {
        let session = session::resolve(&global.session_request()).await?;
        Context::of(session, global.term())
    }

    /// The context of a resolved session: its warnings said, its client made.
    pub fn of(session: Session, term: Term) -> Result<Context, CliError> {
        for warning in &session.warnings {
            crate::cli::output::streams::warn(&term, warning);
        }
        if session.allow_http {
            tracing::warn!("plain http allowed to a non-loopback host by --allow-http");
        }
        let client = session.client()?;
        Ok(Context { session, client, term, grouped: false })
    }

    /// `text` as this context says it on stderr: after its profile, in a group.
    pub fn named(&self, text: &str) -> String {
        if self.grouped { format!("{}: {text}", self.session.profile) } else { text.to_string() }
    }

    /// Resolves the session for a write, refusing read-only profiles (exit 4).
    pub async fn connect_for_write(global: &GlobalArgs, what: &str) -> Result<Context, CliError> {
        let context = Context::connect(global).await?;
        if context.session.read_only {
            return Err(CliError::read_only(&context.session.profile, what));
        }
        Ok(context)
    }

    /// Whom a write is for, as its confirmation says it: "for Northwind (profile work)".
    /// The name is the config's, else the one the bots carry in the first exchange the
    /// server lists (read until one names it; a failed read only leaves the name unknown).
    pub async fn for_whom(&self) -> String {
        let configured = self.session.team.as_ref().and_then(|team| team.organisation.as_deref());
        let mut named = None;
        if configured.is_none() {
            let query = crate::api::ExchangeQuery::default();
            let read = self
                .client
                .exchanges_as_sent(&query, |mut sent| {
                    sent.all(|json| {
                        let exchange = serde_json::from_str::<crate::api::Exchange>(json).ok();
                        named = organisation_name(None, exchange.as_ref());
                        named.is_none()
                    })
                })
                .await;
            if let Err(error) = read {
                tracing::warn!(%error, "the organisation's name could not be read");
            }
        }
        let name = organisation_name(configured, []).or(named);
        for_whom(name.as_deref(), &self.session.profile)
    }
}

/// Asks "question [y/N]" on a terminal; without one, refuses unless `--yes` was given.
pub fn confirm(term: &Term, yes: bool, question: &str) -> Result<(), CliError> {
    if yes {
        return Ok(());
    }
    if !(term.stdin_tty && term.stderr_tty) {
        return Err(CliError::usage(format!(
            "Not asking for confirmation without a terminal: {question}"
        ))
        .with_hint("Pass --yes to confirm in scripts."));
    }
    let mut stderr = std::io::stderr().lock();
    let _ = write!(stderr, "{question} [y/N] ");
    let _ = stderr.flush();
    let mut answer = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut answer)
        .map_err(|error| CliError::failure(format!("Could not read the answer: {error}")))?;
    if matches!(answer.trim().to_lowercase().as_str(), "y" | "yes") {
        Ok(())
    } else {
        Err(CliError::new(Exit::Failure, "Cancelled; nothing was changed."))
    }
}
