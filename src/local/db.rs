//! One open SQLite file shared by threads, behind a mutex: the marks' file and the observed
//! state's each hold one. Calls block; the dashboard makes them off its UI thread.

use super::error::StateError;
use rusqlite::{Connection, OptionalExtension, Transaction, TransactionBehavior, params};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

pub(super) struct Db {
    /// `None` when the file could not be used and no memory database could be made either.
    connection: Mutex<Option<Connection>>,
    /// The file behind it; `None` in memory.
    path: Option<PathBuf>,
}

impl Db {
    /// `connection` as opened for `asked`: the path is kept only when it is that file (a
    /// file that could not be used is bypassed in memory).
    pub(super) fn new(connection: Option<Connection>, asked: Option<&Path>) -> Db {
        let on_file =
            connection.as_ref().and_then(Connection::path).is_some_and(|path| !path.is_empty());
        let path = asked.filter(|_| on_file).map(Path::to_owned);
        Db { connection: Mutex::new(connection), path }
    }

    pub(super) fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    fn lock(&self) -> MutexGuard<'_, Option<Connection>> {
        // A panic while holding the lock leaves the connection itself sound (SQLite rolls back
        // an unfinished transaction), so the next caller may go on using it.
        self.connection.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn with<T>(
        &self,
        work: impl FnOnce(&mut Connection) -> Result<T, StateError>,
    ) -> Result<T, StateError> {
        let mut guard = self.lock();
        let connection = guard.as_mut().ok_or(StateError::Unavailable)?;
        work(connection)
    }

    /// Runs `work` in one immediate write transaction on the row id `id_of` finds (a
    /// scope's, making its row on first sight).
    pub(super) fn write(
        &self,
        id_of: impl FnOnce(&Connection) -> Result<i64, StateError>,
        work: impl FnOnce(&Transaction<'_>, i64) -> Result<(), StateError>,
    ) -> Result<(), StateError> {
        self.with(|connection| {
            let transaction =
                connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let id = id_of(&transaction)?;
            work(&transaction, id)?;
            transaction.commit()?;
            Ok(())
        })
    }
}

/// The row id of a scope (profile, organisation), if it has a row.
pub(super) fn existing_scope_id(
    connection: &Connection,
    profile: &str,
    org: &str,
) -> Result<Option<i64>, StateError> {
    Ok(connection
        .query_row(
            "SELECT id FROM scopes WHERE profile = ?1 AND org = ?2",
            params![profile, org],
            |row| row.get(0),
        )
        .optional()?)
}
