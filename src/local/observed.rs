//! What watch and the dashboard have observed, in a file of its own
//! (`$XDG_STATE_HOME/outreach/observed.sqlite3`): the last snapshot per scope (as text: the
//! `observe` room above says what is in it), the events announced (claimed once, so a
//! dashboard and a watch never both run a hook for one), bots' state changes, and the spans
//! of time something was watching (what uptime is measured over).
//!
//! Apart from the marks' file because it is written on every poll: the dashboards that
//! watch the marks' file for other writers (`PRAGMA data_version`) would otherwise read
//! their marks again each time a watch looked; and a snapshot is rewritten whole when it
//! changes, which would grow the marks' WAL for nothing. Ids, statuses and times only.

use super::db::{Db, existing_scope_id};
use super::open;
use super::schema::Schema;
use super::{Scope, StateError, dir};
use chrono::{DateTime, Duration, Utc};
use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;

/// The name of the file inside [`dir`].
pub const OBSERVED_FILE: &str = "observed.sqlite3";

/// Version 1: scopes, snapshots, announced events, bot transitions, observed spans.
/// Version 2: what each reply's chain said, as its exchange stood when it was read
/// and the last reading of the contact list (`remembered.rs`).
const MIGRATIONS: &[&str] = &[
    "CREATE TABLE scopes (
         id INTEGER PRIMARY KEY,
         profile TEXT NOT NULL,
         org TEXT NOT NULL,
         UNIQUE (profile, org)
     );
     CREATE TABLE snapshots (
         scope INTEGER NOT NULL REFERENCES scopes (id),
         slot TEXT NOT NULL,
         taken_at INTEGER NOT NULL,
         body TEXT NOT NULL,
         PRIMARY KEY (scope, slot)
     ) WITHOUT ROWID;
     CREATE TABLE announced (
         scope INTEGER NOT NULL REFERENCES scopes (id),
         event TEXT NOT NULL,
         at INTEGER NOT NULL,
         by TEXT NOT NULL,
         PRIMARY KEY (scope, event)
     ) WITHOUT ROWID;
     CREATE INDEX announced_at ON announced (at);
     CREATE TABLE bot_transitions (
         scope INTEGER NOT NULL REFERENCES scopes (id),
         bot INTEGER NOT NULL,
         at INTEGER NOT NULL,
         from_state TEXT,
         to_state TEXT NOT NULL,
         sending INTEGER NOT NULL,
         PRIMARY KEY (scope, bot, at)
     ) WITHOUT ROWID;
     CREATE TABLE observed_spans (
         scope INTEGER NOT NULL REFERENCES scopes (id),
         started INTEGER NOT NULL,
         ended INTEGER NOT NULL,
         PRIMARY KEY (scope, started)
     ) WITHOUT ROWID;",
    // What a look remembers (`remembered.rs`): each reply's chain facts, and the last
    // reading of the contact list.
    "CREATE TABLE chain_facts (
         scope INTEGER NOT NULL REFERENCES scopes (id),
         exchange INTEGER NOT NULL,
         updated_at INTEGER,
         read_at INTEGER NOT NULL,
         writer TEXT NOT NULL,
         message_at INTEGER,
         away_until TEXT,
         back_day TEXT,
         back_on TEXT,
         back INTEGER,
         PRIMARY KEY (scope, exchange)
     ) WITHOUT ROWID;
     CREATE TABLE dnc_listed (
         scope INTEGER PRIMARY KEY REFERENCES scopes (id),
         checked_at INTEGER NOT NULL,
         contacts TEXT NOT NULL
     );",
];

const OBSERVED: Schema = Schema {
    migrations: MIGRATIONS,
    name: "The observed state",
    lost: "what was announced is remembered this run only (a restart may announce it again)",
};

/// The slot of the observer's own snapshot: the last look, by watch or a dashboard.
pub const LATEST: &str = "latest";

/// The slot of the dashboard's last look: what a "while you were away" brief starts from.
/// `outreach brief --mark-seen` moves it too.
pub const LAST_LOOK: &str = "last-look";

/// Slots of the day's first snapshot (`day:2026-03-02`, the UTC day), kept [`KEPT_SNAPSHOT_DAYS`]
/// so a brief can go back to "yesterday" or "8h" when something looked then.
const DAY_SLOT: &str = "day:";

/// How long the day's first snapshots are kept: a week back, and the day before it.
pub const KEPT_SNAPSHOT_DAYS: i64 = 8;

/// How long announced ids, transitions and spans are kept: uptime looks back 30 days, and
/// an event older than that cannot come back (its snapshot has long moved on).
pub const KEPT_DAYS: i64 = 35;

/// A bot's state changing, as seen: `from` is `None` when the bot was first seen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotTransition {
    pub bot: i64,
    pub at: DateTime<Utc>,
    pub from: Option<String>,
    pub to: String,
    /// Whether the bot sends in the new state (what uptime counts).
    pub sending: bool,
}

/// A stretch of time during which watch or a dashboard looked at the organisation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub started: DateTime<Utc>,
    pub ended: DateTime<Utc>,
}

/// The open file, shared by threads.
pub struct ObservedState {
    pub(super) db: Db,
}

impl ObservedState {
    /// Opens `$XDG_STATE_HOME/outreach/observed.sqlite3`; never fails (a file that cannot
    /// be used is bypassed in memory, and the warning says what that means).
    pub fn open_default() -> (ObservedState, Option<String>) {
        match dir() {
            Some(dir) => ObservedState::open_at(&dir.join(OBSERVED_FILE)),
            None => (
                ObservedState::in_memory(),
                Some(format!(
                    "No state directory (set XDG_STATE_HOME or HOME): {}.",
                    OBSERVED.lost
                )),
            ),
        }
    }

    pub fn open_at(path: &Path) -> (ObservedState, Option<String>) {
        let (connection, warning) = open::open_file(path, &OBSERVED);
        (ObservedState { db: Db::new(connection.map(small_cache), Some(path)) }, warning)
    }

    pub fn in_memory() -> ObservedState {
        ObservedState { db: Db::new(open::memory(&OBSERVED).map(small_cache), None) }
    }

    /// The file; `None` when what is observed lasts this run only.
    pub fn path(&self) -> Option<&Path> {
        self.db.path()
    }

    /// The scope's snapshot kept in `slot` (the observer's is [`LATEST`]; a "while you were
    /// away" brief keeps the one its reader last saw in a slot of its own): when it was
    /// taken and its text.
    pub fn snapshot(
        &self,
        scope: &Scope,
        slot: &str,
    ) -> Result<Option<(DateTime<Utc>, String)>, StateError> {
        self.db.with(|connection| {
            Ok(connection
                .query_row(
                    "SELECT s.taken_at, s.body FROM snapshots s JOIN scopes c ON c.id = s.scope
                     WHERE c.profile = ?1 AND c.org = ?2 AND s.slot = ?3",
                    params![scope.profile, scope.org, slot],
                    |row| Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?)),
                )
                .optional()?
                .and_then(|(at, body)| Some((from_micros(at)?, body))))
        })
    }

    /// When the scope's snapshot in `slot` was taken, without reading its text (the whole
    /// inbox's, megabytes at scale).
    pub fn snapshot_taken_at(
        &self,
        scope: &Scope,
        slot: &str,
    ) -> Result<Option<DateTime<Utc>>, StateError> {
        self.db.with(|connection| {
            Ok(connection
                .query_row(
                    "SELECT s.taken_at FROM snapshots s JOIN scopes c ON c.id = s.scope
                     WHERE c.profile = ?1 AND c.org = ?2 AND s.slot = ?3",
                    params![scope.profile, scope.org, slot],
                    |row| row.get::<_, i64>(0),
                )
                .optional()?
                .and_then(from_micros))
        })
    }

    /// Keeps the scope's snapshot taken at `taken_at`; `body` `None` keeps the text as it
    /// is (nothing but the moment changed) and moves only the moment.
    pub fn save_snapshot(
        &self,
        scope: &Scope,
        slot: &str,
        taken_at: DateTime<Utc>,
        body: Option<&str>,
    ) -> Result<(), StateError> {
        self.write(scope, |transaction, id| {
            match body {
                Some(body) => transaction.execute(
                    "INSERT INTO snapshots (scope, slot, taken_at, body) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (scope, slot) DO UPDATE SET taken_at = excluded.taken_at,
                         body = excluded.body",
                    params![id, slot, taken_at.timestamp_micros(), body],
                )?,
                None => transaction.execute(
                    "UPDATE snapshots SET taken_at = ?3 WHERE scope = ?1 AND slot = ?2",
                    params![id, slot, taken_at.timestamp_micros()],
                )?,
            };
            Ok(())
        })
    }

    /// Keeps `body` as the scope's snapshot of `taken_at`'s day when that day has none yet
    /// (made only then: it is the whole organisation's text), and forgets days older than
    /// [`KEPT_SNAPSHOT_DAYS`].
    pub fn keep_day(
        &self,
        scope: &Scope,
        taken_at: DateTime<Utc>,
        body: impl FnOnce() -> String,
    ) -> Result<(), StateError> {
        let slot = format!("{DAY_SLOT}{}", taken_at.date_naive());
        let kept = self.db.with(|connection| {
            Ok(connection
                .query_row(
                    "SELECT 1 FROM snapshots s JOIN scopes c ON c.id = s.scope
                     WHERE c.profile = ?1 AND c.org = ?2 AND s.slot = ?3",
                    params![scope.profile, scope.org, slot],
                    |_| Ok(()),
                )
                .optional()?
                .is_some())
        })?;
        if kept {
            return Ok(());
        }
        let body = body();
        let cutoff = (taken_at - Duration::days(KEPT_SNAPSHOT_DAYS)).timestamp_micros();
        self.write(scope, |transaction, id| {
            transaction.execute(
                "INSERT INTO snapshots (scope, slot, taken_at, body) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (scope, slot) DO NOTHING",
                params![id, slot, taken_at.timestamp_micros(), body],
            )?;
            transaction.execute(
                "DELETE FROM snapshots WHERE scope = ?1 AND slot LIKE 'day:%' AND taken_at < ?2",
                params![id, cutoff],
            )?;
            Ok(())
        })
    }

    /// The scope's kept snapshots: each slot and when its snapshot was taken, oldest first.
    pub fn snapshots_kept(
        &self,
        scope: &Scope,
    ) -> Result<Vec<(String, DateTime<Utc>)>, StateError> {
        self.db.with(|connection| {
            let Some(id) = existing_scope_id(connection, &scope.profile, &scope.org)? else {
                return Ok(Vec::new());
            };
            let mut statement = connection.prepare_cached(
                "SELECT slot, taken_at FROM snapshots WHERE scope = ?1 ORDER BY taken_at",
            )?;
            let rows = statement.query_map(params![id], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?))
            })?;
            let mut out = Vec::new();
            for row in rows {
                let (slot, at) = row?;
                if let Some(at) = from_micros(at) {
                    out.push((slot, at));
                }
            }
            Ok(out)
        })
    }

    /// Claims these events for `by` ("watch", "dashboard"): each answer says whether this
    /// caller claimed it (and so runs its hook) or someone had before. One transaction, and
    /// `ON CONFLICT DO NOTHING`: of two claimers at once, exactly one wins each event.
    pub fn claim(
        &self,
        scope: &Scope,
        events: &[&str],
        at: DateTime<Utc>,
        by: &str,
    ) -> Result<Vec<bool>, StateError> {
        let mut won = Vec::with_capacity(events.len());
        self.write(scope, |transaction, id| {
            let mut statement = transaction.prepare_cached(
                "INSERT INTO announced (scope, event, at, by) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (scope, event) DO NOTHING",
            )?;
            for event in events {
                won.push(statement.execute(params![id, event, at.timestamp_micros(), by])? == 1);
            }
            Ok(())
        })?;
        Ok(won)
    }

    /// Records bot transitions; one already recorded (same bot and moment) is left be.
    pub fn record_transitions(
        &self,
        scope: &Scope,
        transitions: &[BotTransition],
    ) -> Result<(), StateError> {
        if transitions.is_empty() {
            return Ok(());
        }
        self.write(scope, |transaction, id| {
            let mut statement = transaction.prepare_cached(
                "INSERT INTO bot_transitions (scope, bot, at, from_state, to_state, sending)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING",
            )?;
            for t in transitions {
                statement.execute(params![
                    id,
                    t.bot,
                    t.at.timestamp_micros(),
                    t.from,
                    t.to,
                    t.sending
                ])?;
            }
            Ok(())
        })
    }

    /// A bot's transitions from `since` on, oldest first, with the last one before it (the
    /// state the window starts in).
    pub fn transitions(
        &self,
        scope: &Scope,
        bot: i64,
        since: DateTime<Utc>,
    ) -> Result<Vec<BotTransition>, StateError> {
        self.db.with(|connection| {
            let Some(id) = existing_scope_id(connection, &scope.profile, &scope.org)? else { return Ok(Vec::new()) };
            let mut statement = connection.prepare_cached(
                "SELECT at, from_state, to_state, sending FROM bot_transitions
                 WHERE scope = ?1 AND bot = ?2 AND at >= coalesce(
                     (SELECT max(at) FROM bot_transitions WHERE scope = ?1 AND bot = ?2 AND at < ?3),
                     ?3)
                 ORDER BY at",
            )?;
            let rows = statement.query_map(params![id, bot, since.timestamp_micros()], |row| {
                Ok((row.get::<_, i64>(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
            })?;
            let mut out = Vec::new();
            for row in rows {
                let (at, from, to, sending) = row?;
                if let Some(at) = from_micros(at) {
                    out.push(BotTransition { bot, at, from, to, sending });
                }
            }
            Ok(out)
        })
    }

    /// Records that the scope was observed at `at`: the last span grows to `at` when it
    /// ended no more than `gap` before, else a new span starts (the watcher was off between).
    pub fn observed(
        &self,
        scope: &Scope,
        at: DateTime<Utc>,
        gap: Duration,
    ) -> Result<(), StateError> {
        let at_micros = at.timestamp_micros();
        let gap_micros = gap.num_microseconds().unwrap_or(i64::MAX);
        self.write(scope, |transaction, id| {
            let grown = transaction.execute(
                "UPDATE observed_spans SET ended = max(ended, ?2)
                 WHERE scope = ?1 AND started = (SELECT max(started) FROM observed_spans WHERE scope = ?1)
                   AND ended >= ?2 - ?3",
                params![id, at_micros, gap_micros],
            )?;
            if grown == 0 {
                transaction.execute(
                    "INSERT INTO observed_spans (scope, started, ended) VALUES (?1, ?2, ?2)
                     ON CONFLICT DO NOTHING",
                    params![id, at_micros],
                )?;
            }
            Ok(())
        })
    }

    /// The spans that end at or after `since`, oldest first.
    pub fn spans(&self, scope: &Scope, since: DateTime<Utc>) -> Result<Vec<Span>, StateError> {
        self.db.with(|connection| {
            let Some(id) = existing_scope_id(connection, &scope.profile, &scope.org)? else {
                return Ok(Vec::new());
            };
            let mut statement = connection.prepare_cached(
                "SELECT started, ended FROM observed_spans WHERE scope = ?1 AND ended >= ?2
                 ORDER BY started",
            )?;
            let rows = statement.query_map(params![id, since.timestamp_micros()], |row| {
                Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)?))
            })?;
            let mut out = Vec::new();
            for row in rows {
                let (started, ended) = row?;
                if let (Some(started), Some(ended)) = (from_micros(started), from_micros(ended)) {
                    out.push(Span { started, ended });
                }
            }
            Ok(out)
        })
    }

    /// Forgets announced events, transitions and spans older than [`KEPT_DAYS`] before
    /// `now` (a bot's last transition is kept however old: it is its state now). Returns
    /// how many announced ids went.
    pub fn prune(&self, now: DateTime<Utc>) -> Result<usize, StateError> {
        let cutoff = (now - Duration::days(KEPT_DAYS)).timestamp_micros();
        self.db.with(|connection| {
            let transaction =
                connection.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let gone = transaction.execute("DELETE FROM announced WHERE at < ?1", [cutoff])?;
            transaction.execute(
                "DELETE FROM bot_transitions WHERE at < ?1 AND at < (
                     SELECT max(at) FROM bot_transitions t
                     WHERE t.scope = bot_transitions.scope AND t.bot = bot_transitions.bot)",
                [cutoff],
            )?;
            transaction.execute("DELETE FROM observed_spans WHERE ended < ?1", [cutoff])?;
            transaction.commit()?;
            Ok(gone)
        })
    }

    /// How many announced ids are kept, in all scopes (the bench's bounded-growth check).
    pub fn announced_count(&self) -> Result<i64, StateError> {
        self.db.with(|connection| {
            Ok(connection.query_row("SELECT count(*) FROM announced", [], |row| row.get(0))?)
        })
    }

    fn write(
        &self,
        scope: &Scope,
        work: impl FnOnce(&rusqlite::Transaction<'_>, i64) -> Result<(), StateError>,
    ) -> Result<(), StateError> {
        self.db.write(|connection| made_scope(connection, scope), work)
    }
}

/// SQLite keeps up to 2 MB of pages per connection by default, and a watch runs for months:
/// the pages it reads each look (a snapshot, the newest claims) fit in far less.
const CACHE_KIB: i64 = 256;

fn small_cache(connection: Connection) -> Connection {
    // A cache left at its default is slower to bound, not wrong.
    let _ = connection.pragma_update(None, "cache_size", -CACHE_KIB);
    connection
}

/// The scope's row id, making the row on first sight.
pub(super) fn made_scope(connection: &Connection, scope: &Scope) -> Result<i64, StateError> {
    connection.execute(
        "INSERT INTO scopes (profile, org) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
        params![scope.profile, scope.org],
    )?;
    existing_scope_id(connection, &scope.profile, &scope.org)?.ok_or(StateError::Unavailable)
}

pub(super) fn from_micros(micros: i64) -> Option<DateTime<Utc>> {
    DateTime::from_timestamp_micros(micros)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(minute: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_772_000_000 + minute * 60, 0).unwrap()
    }

    #[test]
    fn of_two_claimers_on_one_file_exactly_one_wins_each_event() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(OBSERVED_FILE);
        let (watch, warning) = ObservedState::open_at(&path);
        assert_eq!(warning, None);
        let (dashboard, _) = ObservedState::open_at(&path);
        let scope = Scope::new("work", "https://api.example");
        let events = ["reply:1:5", "reply:2:5", "bot:7:1:A>B"];
        let (first, second) = std::thread::scope(|threads| {
            let a = threads.spawn(|| watch.claim(&scope, &events, at(0), "watch").unwrap());
            let b = threads.spawn(|| dashboard.claim(&scope, &events, at(0), "dashboard").unwrap());
            (a.join().unwrap(), b.join().unwrap())
        });
        for i in 0..events.len() {
            assert!(first[i] != second[i], "event {i}: {first:?} {second:?}");
        }
        assert_eq!(watch.claim(&scope, &events[..1], at(1), "watch").unwrap(), [false]);
        let other = Scope::new("home", "https://api.example");
        assert_eq!(watch.claim(&other, &events[..1], at(1), "watch").unwrap(), [true], "per scope");
    }

    #[test]
    fn old_claims_are_pruned_but_a_bots_last_state_stays() {
        let state = ObservedState::in_memory();
        let scope = Scope::new("work", "https://api.example");
        state.claim(&scope, &["old"], at(0), "watch").unwrap();
        state.claim(&scope, &["new"], at(60 * 24 * 40), "watch").unwrap();
        let t = |minute, to: &str| BotTransition {
            bot: 7,
            at: at(minute),
            from: None,
            to: to.into(),
            sending: true,
        };
        state.record_transitions(&scope, &[t(0, "ACTIVE"), t(1, "PAUSED")]).unwrap();
        let now = at(60 * 24 * 40);
        assert_eq!(state.prune(now).unwrap(), 1);
        assert_eq!(state.announced_count().unwrap(), 1);
        let kept = state.transitions(&scope, 7, now - Duration::days(30)).unwrap();
        assert_eq!(kept.iter().map(|t| t.to.as_str()).collect::<Vec<_>>(), ["PAUSED"]);
    }

    #[test]
    fn the_days_first_snapshot_is_kept_a_week_and_a_day() {
        let state = ObservedState::in_memory();
        let scope = Scope::new("work", "https://api.example");
        let day = |days: i64, minute: i64| at(days * 24 * 60 + minute);
        state.keep_day(&scope, day(0, 5), || "first".into()).unwrap();
        state.keep_day(&scope, day(0, 6), || unreachable!("made only for a new day")).unwrap();
        let kept = state.snapshots_kept(&scope).unwrap();
        assert_eq!(kept.len(), 1);
        let slot = kept[0].0.clone();
        assert_eq!(state.snapshot(&scope, &slot).unwrap().unwrap(), (day(0, 5), "first".into()));
        assert_eq!(state.snapshot_taken_at(&scope, LAST_LOOK).unwrap(), None);
        state.save_snapshot(&scope, LAST_LOOK, day(1, 0), Some("look")).unwrap();
        assert_eq!(state.snapshot_taken_at(&scope, LAST_LOOK).unwrap(), Some(day(1, 0)));
        state.keep_day(&scope, day(KEPT_SNAPSHOT_DAYS + 1, 0), || "later".into()).unwrap();
        let slots: Vec<String> =
            state.snapshots_kept(&scope).unwrap().into_iter().map(|(slot, _)| slot).collect();
        assert_eq!(slots.len(), 2, "the first day went, the last look stays: {slots:?}");
        assert_eq!(slots[0], LAST_LOOK);
    }

    #[test]
    fn spans_grow_while_polls_keep_coming_and_a_gap_starts_a_new_one() {
        let state = ObservedState::in_memory();
        let scope = Scope::new("work", "https://api.example");
        for minute in [0, 1, 2, 10, 11] {
            state.observed(&scope, at(minute), Duration::minutes(3)).unwrap();
        }
        let spans = state.spans(&scope, at(0)).unwrap();
        assert_eq!(
            spans,
            [Span { started: at(0), ended: at(2) }, Span { started: at(10), ended: at(11) }]
        );
    }
}
