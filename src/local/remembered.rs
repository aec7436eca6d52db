//! What a look remembers between looks, in the observed state's file, so that no process of
//! the profile reads again what has not changed: what each reply's e-mail chain said when
//! it was last read (who wrote the latest message and when, and for an absence notice the
//! day it ends and the day the contact is back; never the message's text or addresses), and
//! which opt-outs' contacts the contact list last showed on the do-not-contact list.
//!
//! Kept beside the snapshots rather than in the marks' file: a look writes it, and the
//! dashboards watching the marks' file for teammates' writes must not wake for it.

use super::observed::{ObservedState, from_micros, made_scope};
use super::{Scope, StateError};
use crate::api::Timestamp;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use rusqlite::{OptionalExtension, params};
use std::collections::HashMap;

/// Who wrote a chain's latest message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LastWriter {
    /// The contact.
    Them,
    /// Our bot.
    Bot,
    /// The contact's automatic absence notice.
    Away,
}

impl LastWriter {
    fn word(self) -> &'static str {
        match self {
            LastWriter::Them => "them",
            LastWriter::Bot => "bot",
            LastWriter::Away => "away",
        }
    }

    fn from_word(word: &str) -> Option<LastWriter> {
        match word {
            "them" => Some(LastWriter::Them),
            "bot" => Some(LastWriter::Bot),
            "away" => Some(LastWriter::Away),
            _ => None,
        }
    }
}

/// What one chain said, as its exchange stood at `updated_at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainFact {
    /// The exchange's `updated_at` when its chain was read: a fact holds while it is the same.
    pub updated_at: Option<Timestamp>,
    pub read_at: DateTime<Utc>,
    pub writer: LastWriter,
    /// When the latest message was sent, when the chain says.
    pub message_at: Option<Timestamp>,
    /// For an absence notice: the date the notice names (last day away or day of return).
    pub away_until: Option<NaiveDate>,
    /// For an absence notice that names a date: the day the contact is back.
    pub back_day: Option<NaiveDate>,
    /// For an absence notice: the day the contact is back.
    pub back_on: Option<NaiveDate>,
    /// For an absence notice: the moment the reply counts as new again.
    pub back: Option<Timestamp>,
}

impl ChainFact {
    /// Whether the fact still tells how the exchange stands: it has not moved since, and
    /// the fact is less than a day old (a server may not move `updated_at` on every message).
    pub fn holds(&self, updated_at: Option<Timestamp>, now: DateTime<Utc>) -> bool {
        self.updated_at == updated_at && now - self.read_at < Duration::days(1)
    }
}

impl ObservedState {
    /// Every chain fact remembered for the scope.
    pub fn chain_facts(&self, scope: &Scope) -> Result<HashMap<i64, ChainFact>, StateError> {
        self.db.with(|connection| {
            let mut statement = connection.prepare_cached(
                "SELECT f.exchange, f.updated_at, f.read_at, f.writer, f.message_at,
                        f.away_until, f.back_day, f.back_on, f.back
                 FROM chain_facts f JOIN scopes c ON c.id = f.scope
                 WHERE c.profile = ?1 AND c.org = ?2",
            )?;
            let rows = statement.query_map(params![scope.profile, scope.org], |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, Option<i64>>(1)?,
                    row.get::<_, i64>(2)?,
                    row.get::<_, String>(3)?,
                    row.get::<_, Option<i64>>(4)?,
                    row.get::<_, Option<String>>(5)?,
                    row.get::<_, Option<String>>(6)?,
                    row.get::<_, Option<String>>(7)?,
                    row.get::<_, Option<i64>>(8)?,
                ))
            })?;
            let mut facts = HashMap::new();
            for row in rows {
                let (
                    exchange,
                    updated_at,
                    read_at,
                    writer,
                    message_at,
                    until,
                    back_day,
                    back_on,
                    back,
                ) = row?;
                let (Some(read_at), Some(writer)) =
                    (from_micros(read_at), LastWriter::from_word(&writer))
                else {
                    continue;
                };
                let day = |text: Option<String>| text.and_then(|t| t.parse::<NaiveDate>().ok());
                let at = |micros: Option<i64>| micros.and_then(from_micros).map(Timestamp);
                facts.insert(
                    exchange,
                    ChainFact {
                        updated_at: at(updated_at),
                        read_at,
                        writer,
                        message_at: at(message_at),
                        away_until: day(until),
                        back_day: day(back_day),
                        back_on: day(back_on),
                        back: at(back),
                    },
                );
            }
            Ok(facts)
        })
    }

    /// Remembers what these chains said, replacing what was kept of them, and forgets the
    /// scope's facts older than a week (their exchanges left the inbox or were read again).
    pub fn keep_chain_facts(
        &self,
        scope: &Scope,
        facts: &[(i64, ChainFact)],
        now: DateTime<Utc>,
    ) -> Result<(), StateError> {
        self.db.write(
            |connection| made_scope(connection, scope),
            |transaction, id| {
                let mut statement = transaction.prepare_cached(
                    "INSERT INTO chain_facts (scope, exchange, updated_at, read_at, writer,
                         message_at, away_until, back_day, back_on, back)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                     ON CONFLICT (scope, exchange) DO UPDATE SET updated_at = excluded.updated_at,
                         read_at = excluded.read_at, writer = excluded.writer,
                         message_at = excluded.message_at, away_until = excluded.away_until,
                         back_day = excluded.back_day, back_on = excluded.back_on,
                         back = excluded.back",
                )?;
                let micros = |at: Option<Timestamp>| at.map(|at| at.0.timestamp_micros());
                for (exchange, fact) in facts {
                    statement.execute(params![
                        id,
                        exchange,
                        micros(fact.updated_at),
                        fact.read_at.timestamp_micros(),
                        fact.writer.word(),
                        micros(fact.message_at),
                        fact.away_until.map(|day| day.to_string()),
                        fact.back_day.map(|day| day.to_string()),
                        fact.back_on.map(|day| day.to_string()),
                        micros(fact.back),
                    ])?;
                }
                let stale = (now - Duration::days(7)).timestamp_micros();
                transaction.execute(
                    "DELETE FROM chain_facts WHERE scope = ?1 AND read_at < ?2",
                    params![id, stale],
                )?;
                Ok(())
            },
        )
    }
}

/// When the contact list was read, and the contacts asked about that were on the list.
pub type DncReading = (DateTime<Utc>, Vec<i64>);

impl ObservedState {
    /// The contacts the contact list last showed on the do-not-contact list (of those
    /// asked about), and when it was read.
    pub fn dnc_listed(&self, scope: &Scope) -> Result<Option<DncReading>, StateError> {
        self.db.with(|connection| {
            let row = connection
                .query_row(
                    "SELECT d.checked_at, d.contacts FROM dnc_listed d
                     JOIN scopes c ON c.id = d.scope WHERE c.profile = ?1 AND c.org = ?2",
                    params![scope.profile, scope.org],
                    |row| Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?)),
                )
                .optional()?;
            Ok(row.and_then(|(at, contacts)| {
                Some((from_micros(at)?, serde_json::from_str(&contacts).ok()?))
            }))
        })
    }

    /// Keeps a reading of the contact list.
    pub fn keep_dnc_listed(
        &self,
        scope: &Scope,
        checked_at: DateTime<Utc>,
        contacts: &[i64],
    ) -> Result<(), StateError> {
        let body =
            serde_json::to_string(contacts).map_err(|e| StateError::Sqlite(e.to_string()))?;
        self.db.write(
            |connection| made_scope(connection, scope),
            |transaction, id| {
                transaction.execute(
                    "INSERT INTO dnc_listed (scope, checked_at, contacts) VALUES (?1, ?2, ?3)
                     ON CONFLICT (scope) DO UPDATE SET checked_at = excluded.checked_at,
                         contacts = excluded.contacts",
                    params![id, checked_at.timestamp_micros(), body],
                )?;
                Ok(())
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fact(updated_at: &str, read_at: DateTime<Utc>) -> ChainFact {
        ChainFact {
            updated_at: Timestamp::parse(updated_at),
            read_at,
            writer: LastWriter::Away,
            message_at: Timestamp::parse("2026-03-02T08:00:00"),
            away_until: NaiveDate::from_ymd_opt(2026, 3, 6),
            back_day: NaiveDate::from_ymd_opt(2026, 3, 9),
            back_on: NaiveDate::from_ymd_opt(2026, 3, 9),
            back: Timestamp::parse("2026-03-09T00:00:00"),
        }
    }

    #[test]
    fn a_fact_is_kept_per_scope_and_holds_until_its_exchange_moves_or_a_day_passes() {
        let state = ObservedState::in_memory();
        let scope = Scope::new("demo", "https://a.example");
        // Kept to the microsecond, as every moment in these files.
        let now = DateTime::from_timestamp_micros(Utc::now().timestamp_micros()).unwrap();
        let kept = fact("2026-03-02T09:00:00", now);
        state.keep_chain_facts(&scope, &[(7, kept.clone())], now).unwrap();
        let read = state.chain_facts(&scope).unwrap();
        assert_eq!(read.get(&7), Some(&kept));
        assert!(state.chain_facts(&Scope::new("other", "https://a.example")).unwrap().is_empty());

        assert!(kept.holds(Timestamp::parse("2026-03-02T09:00:00"), now));
        assert!(!kept.holds(Timestamp::parse("2026-03-02T10:00:00"), now), "it moved");
        assert!(!kept.holds(kept.updated_at, now + Duration::hours(25)), "a day old");

        // Read again: replaced, not doubled; a week-old fact is forgotten.
        let again = ChainFact { writer: LastWriter::Them, ..fact("2026-03-02T10:00:00", now) };
        let old = fact("2026-03-02T09:00:00", now - Duration::days(8));
        state.keep_chain_facts(&scope, &[(7, again.clone()), (8, old)], now).unwrap();
        let read = state.chain_facts(&scope).unwrap();
        assert_eq!(read.len(), 1, "{read:?}");
        assert_eq!(read[&7], again);
    }
}
