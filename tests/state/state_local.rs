//! The local state file (`src/local`): what is marked survives a restart, older files are
//! migrated, and a damaged, locked or newer file never stops a run — it is rebuilt or
//! bypassed, with a warning the status bar can show.

use chrono::{TimeZone, Utc};
use outreach_tui::api::Timestamp;
use outreach_tui::local::{LocalState, Mark, SCHEMA_VERSION, Scope};
use rusqlite::Connection;
use std::path::{Path, PathBuf};

fn at(minute: u32) -> Timestamp {
    Timestamp(Utc.with_ymd_and_hms(2026, 3, 2, 9, minute, 0).unwrap())
}

fn scope(profile: &str) -> Scope {
    Scope::new(profile, "https://api.example.com")
}

fn file(dir: &tempfile::TempDir) -> PathBuf {
    dir.path().join("outreach").join("state.sqlite3")
}

fn user_version(path: &Path) -> i64 {
    Connection::open(path).unwrap().query_row("PRAGMA user_version", [], |row| row.get(0)).unwrap()
}

fn integrity(path: &Path) -> String {
    Connection::open(path)
        .unwrap()
        .query_row("PRAGMA integrity_check", [], |row| row.get(0))
        .unwrap()
}

#[test]
fn marks_survive_a_restart_and_stay_apart_per_profile() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(&dir);
    let work = scope("work");
    {
        let (state, warning) = LocalState::open_at(&path);
        assert_eq!(warning, None, "a missing directory is created without fuss");
        assert_eq!(state.path(), Some(path.as_path()));
        assert_eq!(state.first_use_at(&work, at(0)).unwrap(), at(0));
        state.mark_seen(&work, &[(7, at(10)), (8, at(11))]).unwrap();
        state.set_handled(&work, &[8, 9], true).unwrap();
        state.set_snippet_fetched(&work, 7, at(10)).unwrap();
    }
    let (state, warning) = LocalState::open_at(&path);
    assert_eq!(warning, None);
    assert_eq!(state.first_use_at(&work, at(30)).unwrap(), at(0), "the first use is kept");
    let marks = state.marks(&work).unwrap();
    assert_eq!(
        marks[&7],
        Mark { seen_updated_at: Some(at(10)), handled: false, ..Mark::default() }
    );
    assert_eq!(marks[&8], Mark { seen_updated_at: Some(at(11)), handled: true, ..Mark::default() });
    assert_eq!(marks[&9], Mark { seen_updated_at: None, handled: true, ..Mark::default() });
    assert_eq!(state.snippet_fetched(&work).unwrap()[&7], at(10));

    let other = scope("personal");
    assert!(state.marks(&other).unwrap().is_empty(), "another profile has marks of its own");
    assert!(state.snippet_fetched(&other).unwrap().is_empty());
    let elsewhere = Scope::new("work", "https://eu.example.com");
    assert!(state.marks(&elsewhere).unwrap().is_empty(), "another organisation too");
}

#[test]
fn seen_never_moves_back_and_handled_can_be_undone() {
    let state = LocalState::in_memory();
    let work = scope("work");
    state.mark_seen(&work, &[(1, at(20))]).unwrap();
    state.mark_seen(&work, &[(1, at(5))]).unwrap();
    state.set_handled(&work, &[1], true).unwrap();
    state.set_handled(&work, &[1], false).unwrap();
    assert_eq!(
        state.marks(&work).unwrap()[&1],
        Mark { seen_updated_at: Some(at(20)), handled: false, ..Mark::default() }
    );
    state.set_snippet_fetched(&work, 1, at(20)).unwrap();
    state.set_snippet_fetched(&work, 1, at(25)).unwrap();
    assert_eq!(state.snippet_fetched(&work).unwrap()[&1], at(25));
}

#[test]
fn a_file_of_schema_1_is_migrated_and_keeps_its_marks() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.sqlite3");
    {
        // What the first release wrote: scopes and marks, no snippet metadata.
        let old = Connection::open(&path).unwrap();
        old.execute_batch(
            "CREATE TABLE scopes (id INTEGER PRIMARY KEY, profile TEXT NOT NULL, org TEXT NOT NULL,
                 first_use INTEGER NOT NULL, UNIQUE (profile, org));
             CREATE TABLE marks (scope INTEGER NOT NULL REFERENCES scopes (id), exchange INTEGER NOT NULL,
                 seen_updated_at INTEGER, handled INTEGER NOT NULL DEFAULT 0,
                 PRIMARY KEY (scope, exchange)) WITHOUT ROWID;
             PRAGMA user_version = 1;",
        )
        .unwrap();
        old.execute(
            "INSERT INTO scopes (id, profile, org, first_use) VALUES (1, 'work', 'api.example.com', ?1)",
            [at(0).0.timestamp_micros()],
        )
        .unwrap();
        old.execute("INSERT INTO marks VALUES (1, 42, ?1, 1)", [at(3).0.timestamp_micros()])
            .unwrap();
    }
    let (state, warning) = LocalState::open_at(&path);
    assert_eq!(warning, None);
    assert_eq!(user_version(&path), SCHEMA_VERSION);
    let work = scope("work");
    assert_eq!(state.first_use_at(&work, at(59)).unwrap(), at(0));
    assert_eq!(
        state.marks(&work).unwrap()[&42],
        Mark { seen_updated_at: Some(at(3)), handled: true, ..Mark::default() }
    );
    state.set_snippet_fetched(&work, 42, at(3)).unwrap();
    assert_eq!(state.snippet_fetched(&work).unwrap()[&42], at(3));
}

#[test]
fn a_file_from_a_newer_outreach_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.sqlite3");
    Connection::open(&path).unwrap().execute_batch("PRAGMA user_version = 99;").unwrap();
    let (state, warning) = LocalState::open_at(&path);
    let warning = warning.expect("a warning for the status bar");
    assert!(warning.contains("newer outreach") && warning.contains("update outreach"), "{warning}");
    assert_eq!(state.path(), None, "marks last this run only");
    state.set_handled(&scope("work"), &[1], true).unwrap();
    assert!(state.marks(&scope("work")).unwrap()[&1].handled, "the run still keeps marks");
    assert_eq!(user_version(&path), 99, "the newer file is untouched");
}

#[test]
fn a_file_that_is_no_database_is_moved_aside_and_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.sqlite3");
    std::fs::write(&path, "this is not a database\n".repeat(500)).unwrap();
    let (state, warning) = LocalState::open_at(&path);
    let warning = warning.expect("a warning for the status bar");
    assert!(warning.contains("damaged") && warning.contains("rebuilt"), "{warning}");
    assert_eq!(state.path(), Some(path.as_path()), "the rebuilt file is used");
    state.set_handled(&scope("work"), &[5], true).unwrap();
    drop(state);
    assert_eq!(integrity(&path), "ok");
    let kept: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("state.sqlite3.damaged-"))
        .collect();
    assert_eq!(kept.len(), 1, "the damaged file is kept aside: {kept:?}");
    assert!(warning.contains(&kept[0]), "the warning names where it went: {warning}");
}

#[test]
fn a_database_damaged_inside_is_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.sqlite3");
    {
        let (state, _) = LocalState::open_at(&path);
        let many: Vec<_> = (0..2000).map(|id| (id, at(1))).collect();
        state.mark_seen(&scope("work"), &many).unwrap();
    }
    // Fold the WAL back so the damage below lands on the pages that hold the marks.
    Connection::open(&path).unwrap().execute_batch("PRAGMA wal_checkpoint(TRUNCATE);").unwrap();
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() > 3 * 4096, "several pages: {}", bytes.len());
    for byte in &mut bytes[4096..] {
        *byte = 0xA5;
    }
    std::fs::write(&path, bytes).unwrap();

    let (state, warning) = LocalState::open_at(&path);
    let warning = warning.expect("a warning for the status bar");
    assert!(warning.contains("rebuilt"), "{warning}");
    assert!(state.marks(&scope("work")).unwrap().is_empty(), "marks start afresh");
    state.set_handled(&scope("work"), &[1], true).unwrap();
    drop(state);
    assert_eq!(integrity(&path), "ok");
}

#[test]
fn a_file_locked_by_another_program_is_bypassed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.sqlite3");
    drop(LocalState::open_at(&path));
    let holder = Connection::open(&path).unwrap();
    holder.execute_batch("BEGIN EXCLUSIVE;").unwrap();

    let (state, warning) = LocalState::open_at(&path);
    let warning = warning.expect("a warning for the status bar");
    assert!(warning.contains("locked by another program"), "{warning}");
    assert_eq!(state.path(), None, "marks last this run only");
    state.mark_seen(&scope("work"), &[(3, at(1))]).unwrap();
    assert_eq!(state.marks(&scope("work")).unwrap()[&3].seen_updated_at, Some(at(1)));

    holder.execute_batch("COMMIT;").unwrap();
    let (again, warning) = LocalState::open_at(&path);
    assert_eq!(warning, None, "once the lock is gone the file is used again");
    assert_eq!(again.path(), Some(path.as_path()));
}

#[test]
fn two_writers_at_once_lose_nothing_and_never_corrupt_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(&dir);
    let work = scope("work");
    let writers: Vec<_> = (0..2i64)
        .map(|writer| {
            let path = path.clone();
            let work = work.clone();
            std::thread::spawn(move || {
                // Each its own connection, as two dashboards (or a dashboard and a CLI) are.
                let (state, warning) = LocalState::open_at(&path);
                assert_eq!(warning, None);
                for round in 0..200i64 {
                    let id = writer * 1000 + round;
                    state.mark_seen(&work, &[(id, at((round % 60) as u32))]).unwrap();
                    state.set_handled(&work, &[id], round % 2 == 0).unwrap();
                    state.set_snippet_fetched(&work, id, at(1)).unwrap();
                    assert!(state.marks(&work).unwrap().contains_key(&id));
                }
            })
        })
        .collect();
    for writer in writers {
        writer.join().unwrap();
    }
    assert_eq!(integrity(&path), "ok");
    let (state, _) = LocalState::open_at(&path);
    let marks = state.marks(&work).unwrap();
    assert_eq!(marks.len(), 400, "every write of both writers is there");
    assert!(marks[&1000].handled && !marks[&1001].handled);
    assert_eq!(state.snippet_fetched(&work).unwrap().len(), 400);
}

#[test]
fn another_connections_commit_moves_the_data_version_and_a_reread_reads_it() {
    use outreach_tui::local::MarkBook;
    use outreach_tui::tui::inbox::jobs::{LocalAnswer, LocalJob};
    let dir = tempfile::tempdir().unwrap();
    let path = file(&dir);
    let work = scope("work");
    let (dashboard, _) = LocalState::open_at(&path);
    let (cli, _) = LocalState::open_at(&path);
    dashboard.first_use_at(&work, at(0)).unwrap();
    let book = MarkBook::local(&dashboard);
    let before = book.version().unwrap();
    dashboard.set_handled(&work, &[1], true).unwrap();
    assert_eq!(book.version().unwrap(), before, "its own write is known already");

    cli.set_handled(&work, &[2], true).unwrap();
    let after = book.version().unwrap();
    assert_ne!(after, before, "another connection committed");

    let unchanged = LocalJob::Reread { scope: work.clone(), known: Some(after) };
    assert_eq!(unchanged.perform(book), None, "nothing new: nothing read");
    let moved = LocalJob::Reread { scope: work.clone(), known: Some(before) };
    match moved.perform(book) {
        Some(LocalAnswer::Marks { version, marks, .. }) => {
            assert_eq!(version, after);
            assert!(marks[&1].handled && marks[&2].handled, "{marks:?}");
        }
        other => panic!("the marks expected: {other:?}"),
    }
}
