//! What outreach remembers on this machine between runs, per profile and organisation: which
//! exchanges the user has seen (at which `updated_at`), which replies are handled (the API has
//! no such field) or snoozed until when, and when each exchange's snippet was last fetched. An embedded SQLite file
//! (`$XDG_STATE_HOME/outreach/state.sqlite3`) shared safely by dashboards and CLIs running at
//! once (WAL, busy timeout). Ids, timestamps and flags only: never message text, addresses
//! or the key.
//!
//! Every call blocks on SQLite: the dashboard runs them off its UI thread.

mod book;
mod db;
mod error;
mod observed;
mod open;
mod remembered;
mod schema;

pub use book::{MarkBook, MarksVersion, TriageStore};
pub use error::StateError;
pub use observed::{
    BotTransition, KEPT_DAYS, KEPT_SNAPSHOT_DAYS, LAST_LOOK, LATEST, OBSERVED_FILE, ObservedState,
    Span,
};
pub use remembered::{ChainFact, LastWriter};

use crate::api::Timestamp;
use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The schema version this build writes (`PRAGMA user_version`).
pub const SCHEMA_VERSION: i64 = schema::CURRENT;

/// The name of the state file inside [`dir`].
pub const FILE_NAME: &str = "state.sqlite3";

/// `$XDG_STATE_HOME/outreach` (or the platform's equivalent): the state file and the logs.
pub fn dir() -> Option<PathBuf> {
    let state = std::env::var_os("XDG_STATE_HOME")
        .map(PathBuf::from)
        .filter(|dir| dir.is_absolute())
        .or_else(dirs::state_dir)
        .or_else(dirs::data_local_dir)?;
    Some(state.join("outreach"))
}

/// Whose marks: one profile against one organisation. Two profiles on the same organisation
/// keep separate marks, as two people would.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Scope {
    pub profile: String,
    /// The base URL's host (and port when one is given), plus the organisation id if known.
    pub org: String,
}

impl Scope {
    /// The scope of a profile talking to `base_url`: the organisation is named by the host
    /// (and port) the key is used against.
    pub fn new(profile: &str, base_url: &str) -> Scope {
        let after_scheme = base_url.split_once("://").map_or(base_url, |(_, rest)| rest);
        let host = after_scheme.split(['/', '?', '#']).next().unwrap_or(after_scheme);
        let host = host.rsplit_once('@').map_or(host, |(_, host)| host);
        Scope { profile: profile.to_owned(), org: host.to_ascii_lowercase() }
    }
}

/// What the user did with one exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Mark {
    /// The exchange's `updated_at` when it was last seen; a later `updated_at` is new again.
    pub seen_updated_at: Option<Timestamp>,
    /// Marked handled on this machine.
    pub handled: bool,
    /// The exchange's `updated_at` when it was marked handled (`None`: handled whatever
    /// moves, as marks from before schema 3 are).
    pub handled_updated_at: Option<Timestamp>,
    /// Snoozed: hidden until this moment (UTC), then back as new.
    pub snoozed_until: Option<Timestamp>,
}

impl Mark {
    /// Whether the reply, last moved at `updated_at`, is still handled: a reply that moved
    /// after it was handled (the contact wrote again) needs the user again, as a mail
    /// client brings an archived thread back when a new message arrives.
    pub fn handled_at(&self, updated_at: Option<Timestamp>) -> bool {
        self.handled
            && match (self.handled_updated_at, updated_at) {
                (Some(handled), Some(updated)) => updated <= handled,
                _ => true,
            }
    }
}

/// Whether an exchange that last moved at `updated_at` is new to the user: it moved after the
/// scope's first use and after the user last saw it. For a reply back from a snooze or an
/// absence, `updated_at` is the moment it came back (the inbox's quiet rule says which). The first start does not flood: what is
/// older than the first use counts as seen.
pub fn is_new(mark: Option<&Mark>, updated_at: Option<Timestamp>, first_use: Timestamp) -> bool {
    let Some(updated_at) = updated_at else { return false };
    let seen = mark.and_then(|mark| mark.seen_updated_at);
    updated_at > first_use && seen.is_none_or(|seen| updated_at > seen)
}

/// One open state database, shared by threads (the connection is behind a mutex).
pub struct LocalState {
    db: db::Db,
}

impl LocalState {
    /// Opens `$XDG_STATE_HOME/outreach/state.sqlite3` (or `~/.local/state/...`). Never fails:
    /// a missing directory is created; a locked or damaged file is bypassed (in memory) or
    /// rebuilt, and the warning says so in words for the status bar.
    pub fn open_default() -> (LocalState, Option<String>) {
        match dir() {
            Some(dir) => LocalState::open_at(&dir.join(FILE_NAME)),
            None => (
                LocalState::in_memory(),
                Some(
                    "Local state off: no state directory (set XDG_STATE_HOME or HOME); new-reply and handled marks last this run only."
                        .into(),
                ),
            ),
        }
    }

    /// Opens the state file at `path`, as [`LocalState::open_default`] does.
    pub fn open_at(path: &Path) -> (LocalState, Option<String>) {
        let (connection, warning) = open::open_file(path, &schema::MARKS);
        (LocalState { db: db::Db::new(connection, Some(path)) }, warning)
    }

    /// A state that lasts this run only (tests, `--demo`, and the fallback of a bad file).
    pub fn in_memory() -> LocalState {
        LocalState { db: db::Db::new(open::memory(&schema::MARKS), None) }
    }

    /// The file the marks are kept in; `None` when they last this run only.
    pub fn path(&self) -> Option<&Path> {
        self.db.path()
    }

    /// When this scope was first used (recorded now on the first call). Activity older than
    /// that counts as seen, so the first start does not flood the user with "new".
    pub fn first_use(&self, scope: &Scope) -> Result<Timestamp, StateError> {
        self.first_use_at(scope, Timestamp(Utc::now()))
    }

    /// [`LocalState::first_use`] with the clock given (tests).
    pub fn first_use_at(&self, scope: &Scope, now: Timestamp) -> Result<Timestamp, StateError> {
        self.db.with(|connection| {
            let id = scope_id(connection, scope, now)?;
            let first: i64 = connection.query_row(
                "SELECT first_use FROM scopes WHERE id = ?1",
                [id],
                |row| row.get(0),
            )?;
            Ok(from_micros(first).unwrap_or(now))
        })
    }

    /// Every exchange of this scope that has a mark, by exchange id.
    pub fn marks(&self, scope: &Scope) -> Result<HashMap<i64, Mark>, StateError> {
        self.db.with(|connection| {
            let Some(id) = db::existing_scope_id(connection, &scope.profile, &scope.org)? else {
                return Ok(HashMap::new());
            };
            let mut statement = connection.prepare_cached(
                "SELECT exchange, seen_updated_at, handled, handled_updated_at, snoozed_until
                 FROM marks WHERE scope = ?1",
            )?;
            let rows = statement.query_map([id], |row| {
                let seen: Option<i64> = row.get(1)?;
                let mark = Mark {
                    seen_updated_at: seen.and_then(from_micros),
                    handled: row.get::<_, i64>(2)? != 0,
                    handled_updated_at: row.get::<_, Option<i64>>(3)?.and_then(from_micros),
                    snoozed_until: row.get::<_, Option<i64>>(4)?.and_then(from_micros),
                };
                Ok((row.get::<_, i64>(0)?, mark))
            })?;
            Ok(rows.collect::<rusqlite::Result<HashMap<_, _>>>()?)
        })
    }

    /// A number that moves whenever another connection — another dashboard, a CLI — commits
    /// to the file (SQLite's `PRAGMA data_version`; this connection's own writes leave it
    /// be): a cheap question a dashboard asks every second before reading the marks again.
    pub fn data_version(&self) -> Result<i64, StateError> {
        self.db.with(|connection| {
            Ok(connection.query_row("PRAGMA data_version", [], |row| row.get(0))?)
        })
    }

    /// Records that these exchanges were seen at these `updated_at`s. A mark never moves
    /// back: seeing an older copy of an exchange (a stale list) keeps the newer one.
    pub fn mark_seen(&self, scope: &Scope, seen: &[(i64, Timestamp)]) -> Result<(), StateError> {
        self.write(scope, |transaction, id| {
            let mut statement = transaction.prepare_cached(
                "INSERT INTO marks (scope, exchange, seen_updated_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (scope, exchange) DO UPDATE SET seen_updated_at =
                     max(coalesce(seen_updated_at, excluded.seen_updated_at), excluded.seen_updated_at)",
            )?;
            for (exchange, updated_at) in seen {
                statement.execute(params![id, exchange, to_micros(*updated_at)])?;
            }
            Ok(())
        })
    }

    /// Marks these exchanges handled (or not handled again), whatever moves later.
    pub fn set_handled(&self, scope: &Scope, ids: &[i64], handled: bool) -> Result<(), StateError> {
        let flags: Vec<(i64, Option<Timestamp>)> = ids.iter().map(|&id| (id, None)).collect();
        self.set_handled_at(scope, &flags, handled)
    }

    /// Marks these exchanges handled (or not) as they stand at the given `updated_at`s: one
    /// that moves past its time reads as not handled again ([`Mark::handled_at`]).
    pub fn set_handled_at(
        &self,
        scope: &Scope,
        flags: &[(i64, Option<Timestamp>)],
        handled: bool,
    ) -> Result<(), StateError> {
        self.write(scope, |transaction, id| {
            let mut statement = transaction.prepare_cached(
                "INSERT INTO marks (scope, exchange, handled, handled_updated_at)
                 VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (scope, exchange) DO UPDATE SET handled = excluded.handled,
                     handled_updated_at = excluded.handled_updated_at",
            )?;
            for (exchange, at) in flags {
                let at = at.filter(|_| handled).map(to_micros);
                statement.execute(params![id, exchange, handled, at])?;
            }
            Ok(())
        })
    }

    /// Snoozes these exchanges until `until` (UTC), or wakes them (`None`).
    pub fn set_snoozed_until(
        &self,
        scope: &Scope,
        ids: &[i64],
        until: Option<Timestamp>,
    ) -> Result<(), StateError> {
        self.write(scope, |transaction, id| {
            let mut statement = transaction.prepare_cached(
                "INSERT INTO marks (scope, exchange, snoozed_until) VALUES (?1, ?2, ?3)
                 ON CONFLICT (scope, exchange) DO UPDATE SET snoozed_until = excluded.snoozed_until",
            )?;
            for exchange in ids {
                statement.execute(params![id, exchange, until.map(to_micros)])?;
            }
            Ok(())
        })
    }

    /// Snippet metadata: the `updated_at` at which each exchange's snippet was last fetched.
    /// The snippet text itself is never stored.
    pub fn snippet_fetched(&self, scope: &Scope) -> Result<HashMap<i64, Timestamp>, StateError> {
        self.db.with(|connection| {
            let Some(id) = db::existing_scope_id(connection, &scope.profile, &scope.org)? else {
                return Ok(HashMap::new());
            };
            let mut statement = connection.prepare_cached(
                "SELECT exchange, fetched_updated_at FROM snippets WHERE scope = ?1",
            )?;
            let rows = statement
                .query_map([id], |row| Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)?)))?;
            let mut fetched = HashMap::new();
            for row in rows {
                let (exchange, micros) = row?;
                if let Some(at) = from_micros(micros) {
                    fetched.insert(exchange, at);
                }
            }
            Ok(fetched)
        })
    }

    /// Records that the snippet of exchange `exchange` was fetched at its `updated_at` `at`.
    pub fn set_snippet_fetched(
        &self,
        scope: &Scope,
        exchange: i64,
        at: Timestamp,
    ) -> Result<(), StateError> {
        self.write(scope, |transaction, id| {
            transaction.execute(
                "INSERT INTO snippets (scope, exchange, fetched_updated_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (scope, exchange) DO UPDATE SET fetched_updated_at = excluded.fetched_updated_at",
                params![id, exchange, to_micros(at)],
            )?;
            Ok(())
        })
    }

    /// Runs `work` in one immediate write transaction on the scope's id.
    fn write(
        &self,
        scope: &Scope,
        work: impl FnOnce(&rusqlite::Transaction<'_>, i64) -> Result<(), StateError>,
    ) -> Result<(), StateError> {
        self.db.write(|connection| scope_id(connection, scope, Timestamp(Utc::now())), work)
    }
}

/// The scope's row id, creating the row (first used `now`) on first sight.
fn scope_id(connection: &Connection, scope: &Scope, now: Timestamp) -> Result<i64, StateError> {
    connection.execute(
        "INSERT INTO scopes (profile, org, first_use) VALUES (?1, ?2, ?3)
         ON CONFLICT (profile, org) DO NOTHING",
        params![scope.profile, scope.org, to_micros(now)],
    )?;
    db::existing_scope_id(connection, &scope.profile, &scope.org)?.ok_or(StateError::Unavailable)
}

fn to_micros(at: Timestamp) -> i64 {
    at.0.timestamp_micros()
}

fn from_micros(micros: i64) -> Option<Timestamp> {
    DateTime::from_timestamp_micros(micros).map(Timestamp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_means_moved_since_the_first_use_and_since_last_seen() {
        let at = |minute| Timestamp::parse(&format!("2026-03-02T09:{minute:02}:00"));
        let first_use = at(10).unwrap();
        let seen = Mark { seen_updated_at: at(20), ..Mark::default() };
        assert!(!is_new(None, at(5), first_use), "older than the first use");
        assert!(is_new(None, at(15), first_use), "moved since, never seen");
        assert!(!is_new(Some(&seen), at(20), first_use), "seen as it is");
        assert!(is_new(Some(&seen), at(25), first_use), "moved since it was seen");
        assert!(!is_new(None, None, first_use), "no time, nothing to tell");
    }

    #[test]
    fn a_scope_is_named_by_the_host_and_port_of_the_base_url() {
        assert_eq!(Scope::new("work", "https://API.example.com/v1/").org, "api.example.com");
        assert_eq!(Scope::new("work", "http://127.0.0.1:8123").org, "127.0.0.1:8123");
        assert_eq!(Scope::new("work", "https://user@host.example/").org, "host.example");
    }

    #[test]
    fn a_handled_reply_stays_handled_until_it_moves_past_its_mark() {
        let at = |minute| Timestamp::parse(&format!("2026-03-02T09:{minute:02}:00"));
        let local = LocalState::in_memory();
        let scope = Scope::new("p", "https://api.example");
        local.set_handled_at(&scope, &[(1, at(10)), (2, None)], true).unwrap();
        let marks = local.marks(&scope).unwrap();
        assert!(marks[&1].handled_at(at(10)), "as it stood");
        assert!(!marks[&1].handled_at(at(11)), "moved since: back");
        assert!(marks[&2].handled_at(at(99)), "no time kept: handled whatever moves");
        local.set_handled_at(&scope, &[(1, at(10))], false).unwrap();
        let marks = local.marks(&scope).unwrap();
        assert_eq!(marks[&1].handled_updated_at, None, "unhandled keeps no time");
    }
}
