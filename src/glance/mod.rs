//! What a status line shows of a profile without asking the server: new replies, since when
//! the oldest hot reply waits, how many things need a person and how many of those are due,
//! and when that was seen. Whoever has just read the lists — `outreach status`, `outreach
//! todo`, `outreach watch`, the dashboard — computes a [`Glance`] with [`Glance::of`] and
//! [`save`]s it; `outreach status --format tmux` [`load`]s it and prints a few characters,
//! in a few milliseconds (no SQLite, no runtime, no keyring, no network).
//!
//! Every number comes from the inbox's own definitions: new from the seen marks
//! ([`crate::local::is_new`] through [`crate::inbox::Facts`]), hot and waiting from
//! [`crate::inbox::speed_to_lead`], the things that need you from [`crate::needs`].

mod facts;
mod file;
mod line;
mod segment;
mod words;

pub use facts::MarkFacts;
pub use file::{FILE_PREFIX, load, load_from, path, save, save_to};
pub use line::org_line;
pub use segment::{Symbols, segment};
pub use words::{needs_words, reading_words, waiting_words, words};

use crate::api::Exchange;
use crate::inbox::{Facts, speed_to_lead};
use crate::needs::{Kind, Need, due_count};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

/// How often a glance is taken when its taker does not poll (a one-off `status` or `todo`):
/// it reads as stale after three of these.
pub const ONE_OFF_SECONDS: u64 = 300;

/// A glance is stale once it is older than this many of its taker's intervals.
pub const STALE_AFTER_INTERVALS: u64 = 3;

/// The inbox's numbers: what `outreach status` says on its "Inbox" line and in its JSON's
/// `inbox` object, and what the status line shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inbox {
    /// Replies new since the last look, not handled (as the dashboard's inbox counts them
    /// with handled replies hidden, its default).
    pub new: usize,
    /// Hot replies (Interested, Referral) that wait on us.
    pub hot_waiting: usize,
    /// Since when the oldest of them waits.
    pub oldest_hot_since: Option<DateTime<Utc>>,
    /// Things that need a person ("Needs you", `outreach todo`).
    pub needs_you: usize,
    /// Of those, due today or overdue (what `todo --check` fails on).
    pub due: usize,
    /// Of the hot replies counted as waiting, those whose e-mails are not read yet (who
    /// wrote last is not known): the counts are "at least" until this is 0.
    #[serde(default)]
    pub hot_unread: usize,
    /// Of the things that need you, the hot replies whose e-mails are not read yet: not
    /// known to wait (an opt-out not checked against the contact list says so itself).
    #[serde(default)]
    pub needs_unread: usize,
}

impl Inbox {
    /// The numbers of an inbox: `exchanges` as `facts` knows them (new, handled, snoozed,
    /// who spoke last), and the "Needs you" list made from the same lists (ordered as
    /// [`crate::needs::needs`] orders it: the due first).
    pub fn of(
        exchanges: &[Exchange],
        facts: &dyn Facts,
        needs: &[Need],
        today: NaiveDate,
    ) -> Inbox {
        let speed = speed_to_lead(exchanges, facts);
        Inbox {
            new: exchanges.iter().filter(|e| facts.is_new(e) && !facts.is_handled(e)).count(),
            hot_waiting: speed.all.count,
            oldest_hot_since: speed.all.oldest,
            needs_you: needs.len(),
            due: due_count(needs, today),
            hot_unread: speed.all.unread,
            needs_unread: needs
                .iter()
                .filter(|need| need.unchecked && need.kind == Kind::HotReply)
                .count(),
        }
    }

    /// Every number is known: no hot reply's e-mails wait to be read.
    pub fn is_counted(&self) -> bool {
        self.hot_unread == 0 && self.needs_unread == 0
    }

    /// Nothing to show: no new reply, none waiting, nothing that needs you.
    pub fn is_empty(&self) -> bool {
        self.new == 0 && self.hot_waiting == 0 && self.needs_you == 0
    }
}

/// One profile's inbox as last seen, and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Glance {
    pub profile: String,
    /// When the lists behind it were read.
    pub taken_at: DateTime<Utc>,
    /// How often its taker reads them again (watch's interval, the dashboard's refresh);
    /// `None` for a one-off.
    #[serde(default)]
    pub every_seconds: Option<u64>,
    #[serde(flatten)]
    pub inbox: Inbox,
}

impl Glance {
    /// The glance of `profile`'s inbox read at `now` (see [`Inbox::of`]).
    pub fn of(
        profile: &str,
        exchanges: &[Exchange],
        facts: &dyn Facts,
        needs: &[Need],
        today: NaiveDate,
        now: DateTime<Utc>,
    ) -> Glance {
        Glance {
            profile: profile.to_string(),
            taken_at: now,
            every_seconds: None,
            inbox: Inbox::of(exchanges, facts, needs, today),
        }
    }

    /// The same glance, its taker reading the lists every `seconds`.
    pub fn every(mut self, seconds: u64) -> Glance {
        self.every_seconds = Some(seconds);
        self
    }

    /// Older than [`STALE_AFTER_INTERVALS`] of its taker's intervals at `now`: its taker
    /// has stopped, or cannot reach the server.
    pub fn is_stale(&self, now: DateTime<Utc>) -> bool {
        let every = self.every_seconds.filter(|&s| s > 0).unwrap_or(ONE_OFF_SECONDS);
        let limit = i64::try_from(every.saturating_mul(STALE_AFTER_INTERVALS)).unwrap_or(i64::MAX);
        now - self.taken_at > Duration::try_seconds(limit).unwrap_or(Duration::MAX)
    }

    /// The glances of a group as one, named `name`: the counts summed, the oldest hot
    /// reply's wait among them, and stale at `now` when any of them is (the stale one's
    /// time and interval stand for all), else as the oldest of them. `None` without any.
    pub fn sum(name: &str, glances: &[Glance], now: DateTime<Utc>) -> Option<Glance> {
        let stale = glances.iter().find(|glance| glance.is_stale(now));
        let oldest = glances.iter().min_by_key(|glance| glance.taken_at);
        let like = stale.or(oldest)?;
        let mut inbox = Inbox::default();
        for glance in glances {
            let one = &glance.inbox;
            inbox.new += one.new;
            inbox.hot_waiting += one.hot_waiting;
            inbox.needs_you += one.needs_you;
            inbox.due += one.due;
            inbox.hot_unread += one.hot_unread;
            inbox.needs_unread += one.needs_unread;
            inbox.oldest_hot_since = match (inbox.oldest_hot_since, one.oldest_hot_since) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        Some(Glance {
            profile: name.to_string(),
            taken_at: like.taken_at,
            every_seconds: like.every_seconds,
            inbox,
        })
    }
}

#[cfg(test)]
mod tests;
