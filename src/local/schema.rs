//! The schema of the local state and its migrations, versioned by `PRAGMA user_version`.
//!
//! Each entry of [`MIGRATIONS`] takes the database from version `i` to `i + 1`; a new version
//! is a new entry at the end, never an edit of an old one (files in the field are at every
//! version). Only ids, timestamps (unix microseconds) and flags are stored: never message
//! text, addresses or the key.

use rusqlite::{Connection, TransactionBehavior};

/// Version 1: the scopes (profile + organisation, with their first use) and the per-exchange
/// marks. Version 2: snippet metadata (when an exchange's snippet was last fetched).
/// Version 3: the `updated_at` a reply had when it was marked handled, so one that moves
/// afterwards (a new message) comes back as not handled. Version 4: the moment a snoozed
/// reply comes back (unix microseconds, UTC).
pub(crate) const MIGRATIONS: &[&str] = &[
    "CREATE TABLE scopes (
         id INTEGER PRIMARY KEY,
         profile TEXT NOT NULL,
         org TEXT NOT NULL,
         first_use INTEGER NOT NULL,
         UNIQUE (profile, org)
     );
     CREATE TABLE marks (
         scope INTEGER NOT NULL REFERENCES scopes (id),
         exchange INTEGER NOT NULL,
         seen_updated_at INTEGER,
         handled INTEGER NOT NULL DEFAULT 0,
         PRIMARY KEY (scope, exchange)
     ) WITHOUT ROWID;",
    "CREATE TABLE snippets (
         scope INTEGER NOT NULL REFERENCES scopes (id),
         exchange INTEGER NOT NULL,
         fetched_updated_at INTEGER NOT NULL,
         PRIMARY KEY (scope, exchange)
     ) WITHOUT ROWID;",
    "ALTER TABLE marks ADD COLUMN handled_updated_at INTEGER;",
    "ALTER TABLE marks ADD COLUMN snoozed_until INTEGER;",
];

/// The version this build writes.
pub(crate) const CURRENT: i64 = MIGRATIONS.len() as i64;

/// One file of this machine's state: its migrations, and how a warning names it and what
/// is lost when it cannot be used.
pub(crate) struct Schema {
    pub migrations: &'static [&'static str],
    /// "Local state", at the start of a warning.
    pub name: &'static str,
    /// What lasts this run only when the file cannot be used, ending a warning.
    pub lost: &'static str,
}

impl Schema {
    pub(crate) fn current(&self) -> i64 {
        self.migrations.len() as i64
    }
}

/// The marks file (`state.sqlite3`).
pub(crate) const MARKS: Schema = Schema {
    migrations: MIGRATIONS,
    name: "Local state",
    lost: "new-reply and handled marks last this run only",
};

/// Where a file stood against this build.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Migrated {
    /// At the current version, having been at `from`.
    UpTo { from: i64 },
    /// Written by a newer outreach: left untouched.
    Newer { found: i64 },
}

/// Brings the database to the schema's current version in one write transaction, which also proves the file
/// can be written now (a file another program holds locked fails here, after the busy
/// timeout, rather than at the first mark).
pub(crate) fn migrate(connection: &mut Connection, schema: &Schema) -> rusqlite::Result<Migrated> {
    let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let from: i64 = transaction.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    let current = schema.current();
    if from > current {
        return Ok(Migrated::Newer { found: from });
    }
    for step in schema.migrations.iter().skip(from.max(0) as usize) {
        transaction.execute_batch(step)?;
    }
    transaction.pragma_update(None, "user_version", current)?;
    transaction.commit()?;
    Ok(Migrated::UpTo { from })
}
