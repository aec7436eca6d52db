//! The inbox's facts for a command that read the lists and the local marks itself (the
//! dashboard keeps its own, `tui::inbox::InboxState`): new, handled, snoozed and who spoke
//! last by the same rules — [`crate::local::is_new`], [`crate::local::Mark::handled_at`],
//! [`crate::inbox::quiet`] — so a glance taken by a command counts what the dashboard counts.

use crate::api::{Exchange, Timestamp};
use crate::inbox::{Facts, Snippet, quiet};
use crate::local::{Mark, is_new};
use std::collections::HashMap;

/// The marks of one scope, its first use, the chains read (as snippets) and the moment the
/// marks are judged at.
#[derive(Debug, Clone)]
pub struct MarkFacts {
    pub marks: HashMap<i64, Mark>,
    pub first_use: Timestamp,
    /// Snippets of chains read as the exchanges stand now (who spoke last, an absence).
    pub snippets: HashMap<i64, Snippet>,
    pub now: Timestamp,
}

impl MarkFacts {
    /// Until when a reply is quiet: snoozed, or its writer away.
    fn quiet_until(&self, exchange: &Exchange) -> Option<Timestamp> {
        let snoozed = self.marks.get(&exchange.id).and_then(|mark| mark.snoozed_until);
        let back = self.snippets.get(&exchange.id).and_then(|snippet| snippet.back);
        quiet::quiet_until(snoozed, back)
    }

    /// Until when the reply's writer is away, while they are (an absence notice whose
    /// return has not come): quiet, as a snoozed reply is.
    pub fn away_until(&self, exchange: &Exchange) -> Option<Timestamp> {
        let back = self.snippets.get(&exchange.id).and_then(|snippet| snippet.back);
        quiet::is_quiet(back, self.now).then_some(back).flatten()
    }
}

impl Facts for MarkFacts {
    fn is_new(&self, exchange: &Exchange) -> bool {
        let moved = quiet::moved_at(exchange.updated_at, self.quiet_until(exchange), self.now);
        is_new(self.marks.get(&exchange.id), moved, self.first_use)
    }

    fn is_handled(&self, exchange: &Exchange) -> bool {
        self.marks.get(&exchange.id).is_some_and(|mark| mark.handled_at(exchange.updated_at))
    }

    fn snippet(&self, id: i64) -> Option<&Snippet> {
        self.snippets.get(&id)
    }

    fn snoozed_until(&self, exchange: &Exchange) -> Option<Timestamp> {
        let until = self.marks.get(&exchange.id)?.snoozed_until;
        quiet::is_quiet(until, self.now).then_some(until).flatten()
    }
}
