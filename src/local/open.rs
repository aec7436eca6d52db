//! Opening the state file so that it never stops a run: a missing directory is created, a
//! damaged file is moved aside and rebuilt, and a file that is locked, written by a newer
//! outreach or cannot be opened at all is bypassed with an in-memory database. Each of those
//! comes back with a warning in words for the status bar.

use super::schema::{self, Migrated, Schema};
use rusqlite::{Connection, ErrorCode};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long a write waits for another outreach's transaction before giving up. Every
/// transaction of ours is a handful of rows, so a wait this long means something holds the
/// file locked. Nothing waits on the UI thread: the dashboard opens the file from its first
/// local job, on a blocking thread.
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(3);

/// The page cache while the file is checked, and after (SQLite's default), in KiB.
const CHECK_CACHE_KIB: i64 = 64;
const DEFAULT_CACHE_KIB: i64 = 2000;

/// Why a file could not be used as it is.
enum Failure {
    Damaged,
    Locked,
    Newer { found: i64 },
    Other(String),
}

impl From<rusqlite::Error> for Failure {
    fn from(error: rusqlite::Error) -> Failure {
        match error.sqlite_error_code() {
            Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => Failure::Damaged,
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => Failure::Locked,
            _ => Failure::Other(error.to_string()),
        }
    }
}

/// Opens (or creates) the database at `path`; `None` only when not even memory would do.
pub(crate) fn open_file(path: &Path, schema: &Schema) -> (Option<Connection>, Option<String>) {
    let Schema { name, lost, .. } = schema;
    if let Some(dir) = path.parent()
        && let Err(error) = std::fs::create_dir_all(dir)
    {
        return bypass(
            schema,
            format!("{name} off: cannot create {} ({error}); {lost}.", dir.display()),
        );
    }
    match open_patiently(path, schema) {
        Ok(connection) => (Some(connection), None),
        Err(Failure::Damaged) => rebuild(path, schema),
        Err(Failure::Locked) => bypass(
            schema,
            format!("{name} locked by another program ({}); {lost}.", path.display()),
        ),
        Err(Failure::Newer { found }) => bypass(
            schema,
            format!(
                "{name} {} was written by a newer outreach (schema {found}, this one knows {}); update outreach. Until then, {lost}.",
                path.display(),
                schema.current()
            ),
        ),
        Err(Failure::Other(reason)) => bypass(
            schema,
            format!("{name} off: cannot open {} ({reason}); {lost}.", path.display()),
        ),
    }
}

/// [`open_as_is`], tried again while the file answers "busy" at once. Processes opening a
/// new file at the same moment can each hold what another waits for (the switch to WAL, the
/// first migration), and SQLite then answers one of them "busy" without waiting; a moment
/// later the others are done. (Eight processes at once met this on a loaded machine even
/// with one retry.) A file another program really holds makes the first try wait out the
/// busy timeout, and there it ends.
fn open_patiently(path: &Path, schema: &Schema) -> Result<Connection, Failure> {
    let started = Instant::now();
    // Not every process on the same beat: the pause depends on who is waiting.
    let mut pause = Duration::from_millis(5 + u64::from(std::process::id() % 10));
    loop {
        match open_as_is(path, schema) {
            Err(Failure::Locked) if started.elapsed() + pause < BUSY_TIMEOUT => {
                // On a blocking thread of the dashboard or in a CLI command, never the UI's.
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(250));
            }
            other => return other,
        }
    }
}

/// A fresh in-memory database at the current schema.
pub(crate) fn memory(schema: &Schema) -> Option<Connection> {
    let mut connection = Connection::open_in_memory().ok()?;
    schema::migrate(&mut connection, schema).ok()?;
    Some(connection)
}

fn open_as_is(path: &Path, schema: &Schema) -> Result<Connection, Failure> {
    let mut connection = Connection::open(path)?;
    connection.busy_timeout(BUSY_TIMEOUT)?;
    // WAL lets dashboards and CLIs read while one writes. Some file systems cannot share
    // memory for WAL and answer another mode: that is slower, not wrong.
    let _mode: String =
        connection.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))?;
    connection.pragma_update(None, "synchronous", "NORMAL")?;
    // The check reads every page once: through a cache of a few pages, so that it does not
    // leave the whole file in memory (the default cache is 2 MB, and a dashboard opens the
    // observed state at every refresh and at quit).
    connection.pragma_update(None, "cache_size", -CHECK_CACHE_KIB)?;
    let verdict: String = connection.query_row("PRAGMA quick_check", [], |row| row.get(0))?;
    if verdict != "ok" {
        return Err(Failure::Damaged);
    }
    connection.pragma_update(None, "cache_size", -DEFAULT_CACHE_KIB)?;
    match schema::migrate(&mut connection, schema)? {
        Migrated::UpTo { .. } => Ok(connection),
        Migrated::Newer { found } => Err(Failure::Newer { found }),
    }
}

/// Moves a damaged file (and its WAL and shared-memory files) aside and starts a new one.
/// The old one is kept, not deleted: it may not be ours to delete.
fn rebuild(path: &Path, schema: &Schema) -> (Option<Connection>, Option<String>) {
    let Schema { name, lost, .. } = schema;
    let aside = aside_name(path);
    let moved = std::fs::rename(path, &aside);
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(with_suffix(path, suffix));
    }
    if let Err(error) = moved {
        return bypass(
            schema,
            format!(
                "{name} {} is damaged and could not be moved aside ({error}); {lost}.",
                path.display()
            ),
        );
    }
    match open_as_is(path, schema) {
        Ok(connection) => (
            Some(connection),
            Some(format!(
                "{name} was damaged and has been rebuilt (old file kept as {}); what it held starts afresh.",
                aside.display()
            )),
        ),
        Err(_) => bypass(
            schema,
            format!("{name} {} was damaged and could not be rebuilt; {lost}.", path.display()),
        ),
    }
}

fn bypass(schema: &Schema, warning: String) -> (Option<Connection>, Option<String>) {
    (memory(schema), Some(warning))
}

fn aside_name(path: &Path) -> PathBuf {
    let stamp = chrono::Utc::now().format("%Y%m%d-%H%M%S");
    with_suffix(path, &format!(".damaged-{stamp}"))
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}
