//! The inbox's marks and what the chains said, held so that a worker can ask of any reply
//! what the inbox asks (handled, snoozed, who wrote last, away) without a copy made on the
//! UI thread: both maps sit behind `Arc`s, handed over by a count, and a change while a
//! worker still holds them copies them once (`Arc::make_mut`).

use crate::api::{Exchange, Timestamp};
use crate::ids::IdMap;
use crate::inbox::{Snippet, Writer, quiet};
use crate::local::Mark;
use crate::needs::ReplyFacts;
use std::sync::Arc;

/// A snippet as read at one `updated_at` of its exchange; read again when that moves. `None`
/// when the chain could not be read (not asked again until the exchange moves).
#[derive(Debug, Clone, PartialEq)]
pub struct CachedSnippet {
    pub updated_at: Option<Timestamp>,
    pub snippet: Option<Snippet>,
    /// Remembered from an earlier read (this machine's other processes, a last session):
    /// who wrote last and an absence are known, the line to show is not.
    pub remembered: bool,
}

/// The marks by exchange id.
pub type Marks = Arc<IdMap<Mark>>;
/// The chains read (or remembered), by exchange id, each at the `updated_at` it was read at.
pub type Snippets = Arc<IdMap<CachedSnippet>>;

/// The marks and the chains as held at one moment, and the moment snoozes and absences
/// are judged at.
#[derive(Debug, Clone)]
pub struct Held {
    pub marks: Marks,
    pub snippets: Snippets,
    pub clock: Timestamp,
}

impl Held {
    /// What the needs list and the observer ask of one reply, by the inbox's rules.
    pub fn reply_facts(&self, exchange: &Exchange) -> ReplyFacts {
        let chain = current(&self.snippets, exchange);
        let back = chain.and_then(|snippet| snippet.back);
        ReplyFacts {
            handled: handled(&self.marks, exchange),
            snoozed: asleep_until(&self.marks, exchange, self.clock).is_some(),
            last: chain.map(|snippet| snippet.last),
            away: quiet::is_quiet(back, self.clock),
        }
    }
}

/// Handled, and not moved since.
pub(super) fn handled(marks: &IdMap<Mark>, exchange: &Exchange) -> bool {
    marks.get(&exchange.id).is_some_and(|mark| mark.handled_at(exchange.updated_at))
}

/// Until when the reply is snoozed, while it is at `clock`.
pub(super) fn asleep_until(
    marks: &IdMap<Mark>,
    exchange: &Exchange,
    clock: Timestamp,
) -> Option<Timestamp> {
    let until = marks.get(&exchange.id)?.snoozed_until;
    quiet::is_quiet(until, clock).then_some(until).flatten()
}

/// What the reply's chain said, when it was read as the reply stands: a later message may
/// come from either side.
pub(super) fn current<'a>(
    snippets: &'a IdMap<CachedSnippet>,
    exchange: &Exchange,
) -> Option<&'a Snippet> {
    let cached = snippets.get(&exchange.id)?;
    (cached.updated_at == exchange.updated_at).then_some(cached.snippet.as_ref()?)
}

/// Who wrote last, from the chain as the reply stands.
pub(super) fn last_writer(snippets: &IdMap<CachedSnippet>, exchange: &Exchange) -> Option<Writer> {
    current(snippets, exchange).map(|snippet| snippet.last)
}
