//! Marks made while the team store is away (down, network gone, login refused) wait here, in
//! a small SQLite file of their own beside the local state (`team-outbox.sqlite3`), and are
//! sent in the order they were made when the store is back. Each carries the id its client
//! made, so one sent twice (the answer lost on the way) is taken once.

use super::TeamError;
use super::identity::OrgName;
use super::marks::{Conflict, MarkChange, Outcome};
use super::store::TeamStore;
use rusqlite::{Connection, params};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// The file's name inside the state directory.
pub const FILE_NAME: &str = "team-outbox.sqlite3";

/// Which store, which organisation, and the change as JSON (ids, times, names and flags).
const TABLE: &str = "CREATE TABLE IF NOT EXISTS outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    database TEXT NOT NULL,
    organisation TEXT NOT NULL,
    client_id TEXT NOT NULL UNIQUE,
    change TEXT NOT NULL
);";

/// One mark waiting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Queued {
    seq: i64,
    pub organisation: OrgName,
    pub change: MarkChange,
}

/// What a flush did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Flushed {
    /// Taken by the store (or found taken before).
    pub sent: usize,
    /// Delivered, but someone else was first: said so, not retried.
    pub refused: Vec<Conflict>,
    /// Assignments to someone not in the team (made while the store was away, when the
    /// team's list could not be read): exchange and name; dropped, said so.
    pub strangers: Vec<(i64, String)>,
}

impl Flushed {
    /// One sentence per mark that waited and was not taken, for the person who made it:
    /// "reply 7 was not taken: bob assigned this to carl 5m ago".
    pub fn not_taken(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<String> {
        let refused = self.refused.iter().map(|conflict| {
            format!("reply {} was not taken: {}", conflict.exchange, conflict.sentence(now))
        });
        let strangers = self.strangers.iter().map(|(exchange, name)| {
            format!(
                "reply {exchange} was not assigned to {}: not in the team",
                crate::text::sanitize(name)
            )
        });
        refused.chain(strangers).collect()
    }
}

/// The outbox file, shared by threads.
pub struct Outbox {
    connection: Mutex<Connection>,
    path: Option<PathBuf>,
}

impl Outbox {
    /// `$XDG_STATE_HOME/outreach/team-outbox.sqlite3`.
    pub fn open_default() -> Result<Outbox, String> {
        let dir = crate::local::dir().ok_or(
            "no state directory for the team's outbox (set XDG_STATE_HOME or HOME)".to_string(),
        )?;
        Outbox::open_at(&dir.join(FILE_NAME))
    }

    pub fn open_at(path: &Path) -> Result<Outbox, String> {
        let fail = |error: &dyn std::fmt::Display| {
            format!("the team's outbox {} cannot be used: {error}", path.display())
        };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| fail(&e))?;
        }
        let connection = Connection::open(path).map_err(|e| fail(&e))?;
        connection.busy_timeout(Duration::from_secs(5)).map_err(|e| fail(&e))?;
        connection
            .execute_batch(&format!("PRAGMA journal_mode = WAL; {TABLE}"))
            .map_err(|e| fail(&e))?;
        Ok(Outbox { connection: Mutex::new(connection), path: Some(path.to_owned()) })
    }

    /// An outbox that lasts this run only (tests, and when the file cannot be used).
    pub fn in_memory() -> Result<Outbox, String> {
        let connection = Connection::open_in_memory().map_err(|error| error.to_string())?;
        connection.execute_batch(TABLE).map_err(|error| error.to_string())?;
        Ok(Outbox { connection: Mutex::new(connection), path: None })
    }

    /// The file, `None` in memory.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Queues a change for the store at `database` (its URL as configured).
    pub fn push(&self, database: &str, org: &OrgName, change: &MarkChange) -> Result<(), String> {
        let text = serde_json::to_string(change).map_err(|e| e.to_string())?;
        self.lock()
            .execute(
                "INSERT INTO outbox (database, organisation, client_id, change)
                 VALUES (?1, ?2, ?3, ?4) ON CONFLICT (client_id) DO NOTHING",
                params![database, org.as_str(), change.id, text],
            )
            .map(drop)
            .map_err(|error| format!("the team's outbox cannot be written: {error}"))
    }

    /// What waits for `database`, oldest first.
    pub fn waiting(&self, database: &str) -> Result<Vec<Queued>, String> {
        let connection = self.lock();
        let read = || -> rusqlite::Result<Vec<(i64, String, String)>> {
            let mut statement = connection.prepare_cached(
                "SELECT seq, organisation, change FROM outbox WHERE database = ?1 ORDER BY seq",
            )?;
            let rows = statement
                .query_map([database], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?;
            rows.collect()
        };
        let rows = read().map_err(|error| format!("the team's outbox cannot be read: {error}"))?;
        Ok(rows
            .into_iter()
            .filter_map(|(seq, organisation, change)| {
                Some(Queued {
                    seq,
                    organisation: OrgName::new(&organisation)?,
                    change: serde_json::from_str(&change).ok()?,
                })
            })
            .collect())
    }

    /// How many marks wait for `database`.
    pub fn count(&self, database: &str) -> usize {
        self.lock()
            .query_row("SELECT count(*) FROM outbox WHERE database = ?1", [database], |row| {
                row.get::<_, i64>(0)
            })
            .map_or(0, |count| count.max(0) as usize)
    }

    fn remove(&self, queued: &Queued) -> Result<(), String> {
        self.lock()
            .execute("DELETE FROM outbox WHERE seq = ?1", [queued.seq])
            .map(drop)
            .map_err(|error| format!("the team's outbox cannot be written: {error}"))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.connection.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Sends what waits for `store`'s database, in order, until it is all sent or the store is
/// away again (the rest then waits on).
pub async fn flush(
    store: &TeamStore,
    outbox: &Outbox,
    database: &str,
) -> Result<Flushed, TeamError> {
    let mut flushed = Flushed::default();
    let waiting = outbox.waiting(database).map_err(TeamError::Config)?;
    for queued in waiting {
        match store.apply(&queued.organisation, &queued.change).await? {
            Outcome::Applied | Outcome::AlreadyApplied | Outcome::Unchanged => flushed.sent += 1,
            Outcome::Refused(conflict) => flushed.refused.push(conflict),
            Outcome::UnknownMember(name) => {
                flushed.strangers.push((queued.change.exchange, name));
            }
        }
        outbox.remove(&queued).map_err(TeamError::Config)?;
    }
    Ok(flushed)
}
