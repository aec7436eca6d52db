//! What can go wrong with the team store, in words for the user. No message ever holds the
//! password: the server never echoes it, and every text from the driver is passed through
//! [`Secret::redact`] all the same.

use thiserror::Error;

/// A team store call that failed.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum TeamError {
    /// The profile's `[team]` cannot be used as written (a bad URL, no password anywhere).
    #[error("{0}")]
    Config(String),

    /// The server could not be reached (down, network gone, a timeout): marks wait in the
    /// outbox.
    #[error("The team store at {url} cannot be reached: {reason}")]
    Unreachable { url: String, reason: String },

    /// The server refused who we are (password, role, `pg_hba.conf`): marks wait too.
    #[error("The team store at {url} refused the login: {reason}")]
    Refused { url: String, reason: String },

    /// The database has no team schema yet.
    #[error(
        "The team store at {url} has no outreach tables yet: run `outreach team init` once (as a role that may create tables in that database)."
    )]
    NotInitialised { url: String },

    /// The schema is older than this build reads.
    #[error(
        "The team store at {url} is at schema version {found}, this outreach needs {wanted}: run `outreach team init` to migrate it."
    )]
    Outdated { url: String, found: i32, wanted: i32 },

    /// A newer outreach migrated the schema; this one does not write into it.
    #[error(
        "The team store at {url} is at schema version {found}, newer than this outreach knows ({wanted}): update outreach."
    )]
    Newer { url: String, found: i32, wanted: i32 },

    /// Which organisation the marks belong to cannot be told.
    #[error("{0}")]
    Identity(String),

    /// Any other answer of the server.
    #[error("The team store at {url} failed: {reason}")]
    Server { url: String, reason: String },
}

impl TeamError {
    /// Whether the store is away (unreachable, or refusing us), so a mark should wait in the
    /// outbox instead of being lost.
    pub fn is_away(&self) -> bool {
        matches!(self, TeamError::Unreachable { .. } | TeamError::Refused { .. })
    }
}

/// The password in use, only to take it out of texts a library produced.
#[derive(Clone, Default)]
pub(crate) struct Secret(Option<String>);

impl Secret {
    pub(crate) fn new(password: Option<String>) -> Secret {
        Secret(password.filter(|password| !password.is_empty()))
    }

    pub(crate) fn expose(&self) -> Option<&str> {
        self.0.as_deref()
    }

    /// `text` without the password, and sanitised for a terminal.
    pub(crate) fn redact(&self, text: &str) -> String {
        let text = match &self.0 {
            Some(password) => text.replace(password.as_str(), "[password]"),
            None => text.to_string(),
        };
        crate::text::sanitize(&text)
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(<redacted>)")
    }
}

/// A driver error in words, the password taken out, sorted into away / refused / other.
pub(crate) fn from_driver(error: &tokio_postgres::Error, url: &str, secret: &Secret) -> TeamError {
    use tokio_postgres::error::SqlState;
    let url = url.to_string();
    let reason = secret.redact(&describe(error));
    match error.code() {
        Some(code)
            if *code == SqlState::INVALID_PASSWORD
                || *code == SqlState::INVALID_AUTHORIZATION_SPECIFICATION
                || *code == SqlState::INSUFFICIENT_PRIVILEGE =>
        {
            TeamError::Refused { url, reason }
        }
        Some(code)
            if *code == SqlState::UNDEFINED_TABLE || *code == SqlState::INVALID_SCHEMA_NAME =>
        {
            TeamError::NotInitialised { url }
        }
        Some(code)
            if *code == SqlState::ADMIN_SHUTDOWN
                || *code == SqlState::CRASH_SHUTDOWN
                || *code == SqlState::CANNOT_CONNECT_NOW
                || *code == SqlState::TOO_MANY_CONNECTIONS =>
        {
            TeamError::Unreachable { url, reason }
        }
        Some(_) => TeamError::Server { url, reason },
        // No SQL state: the socket, a timeout or a closed connection is away; anything else
        // (an answer of an unexpected shape) is the server's.
        None if error.is_closed() || io_beneath(error) => TeamError::Unreachable { url, reason },
        None => TeamError::Server { url, reason },
    }
}

/// Whether an I/O error lies beneath: the network, the socket, a timeout.
fn io_beneath(error: &tokio_postgres::Error) -> bool {
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        if cause.is::<std::io::Error>() {
            return true;
        }
        source = cause.source();
    }
    false
}

/// The error with its causes, as one sentence.
pub(super) fn describe(error: &tokio_postgres::Error) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text = format!("{text}: {cause_text}");
        }
        source = cause.source();
    }
    let text = text.trim().trim_end_matches('.').to_string();
    format!("{text}.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_taken_out_of_any_text() {
        let secret = Secret::new(Some("hunter2-xyz".into()));
        // The escape character itself is gone: the rest is harmless text.
        assert_eq!(
            secret.redact("auth failed for hunter2-xyz\u{1b}[31m"),
            "auth failed for [password]"
        );
        assert!(!format!("{secret:?}").contains("hunter2"));
        assert_eq!(Secret::new(Some(String::new())).expose(), None);
    }
}
