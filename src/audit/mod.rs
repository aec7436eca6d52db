//! The audit log: one JSON line per write request, from the dashboard or the CLI, success or
//! failure, in `$XDG_STATE_HOME/outreach/audit.jsonl` (next to the log files). It says when,
//! which profile and host, which operation on what, the HTTP status and which face asked;
//! never the key. `outreach audit` reads it back.
//!
//! The client reports every write to a [`crate::api::WriteObserver`]; [`observer`] makes the
//! one that appends here, so no call site has to remember to log.

mod file;
mod listed;
mod record;

pub use file::{ROTATE_AT_BYTES, append, path, read_since};
pub use listed::listed_at;
pub use record::{Record, Source, host_of};

use crate::api::{WriteEvent, WriteObserver};

/// The observer a session's client reports writes to: each becomes a line of the audit log.
/// A log that cannot be written is noted in the program's log file, never stops a write.
pub fn observer(profile: &str, base_url: &str, source: Source) -> WriteObserver {
    let host = record::host_of(base_url);
    let profile = profile.to_string();
    WriteObserver::new(move |event: &WriteEvent<'_>| {
        let record = Record::of(event, &profile, &host, source, chrono::Utc::now());
        let Some(path) = path() else { return };
        if let Err(error) = append(&path, &record) {
            tracing::warn!(path = %path.display(), %error, "could not append to the audit log");
        }
    })
}
