//! The reply inbox of the Exchanges pane, as the dashboard holds it: what the user has seen
//! and handled (kept on this machine by [`crate::state`]), snippets read from the chains,
//! the category and handled filters, marked rows, the last triage to undo, and what has been
//! announced. Plain data and questions about it; `update::inbox` changes it.

pub mod jobs;
pub(crate) mod notify;

use crate::api::{Exchange, Timestamp};
use crate::inbox::{Category, Facts, Snippet};
use crate::present::Tone;
use crate::state::{Mark, Scope, is_new};
use crate::tui::model::Shelf;
use std::collections::{BTreeSet, HashMap, HashSet};

/// At most this many chains are read for snippets at once.
pub(crate) const SNIPPETS_IN_FLIGHT: usize = 4;

/// A snippet as read at one `updated_at` of its exchange; read again when that moves. `None`
/// when the chain could not be read (not asked again until the exchange moves).
#[derive(Debug, Clone, PartialEq)]
pub struct CachedSnippet {
    pub updated_at: Option<Timestamp>,
    pub snippet: Option<Snippet>,
}

/// One triage action, to undo: each exchange with the handled flag it had before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Triage {
    pub before: Vec<(i64, bool)>,
    /// What was done, for the toast of the undo ("3 marked handled").
    pub what: String,
}

/// How new replies are announced beyond the toast and the count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alerts {
    /// A terminal bell.
    pub bell: bool,
    /// A desktop notification through OSC 9 and OSC 777.
    pub desktop: bool,
    /// Inside tmux the notification goes through its passthrough.
    pub wrap: crate::text::Wrap,
}

impl Default for Alerts {
    fn default() -> Self {
        Alerts { bell: true, desktop: true, wrap: crate::text::Wrap::Plain }
    }
}

#[derive(Debug, Clone)]
pub struct InboxState {
    /// Whose marks these are (profile and organisation); set once connected.
    pub scope: Option<Scope>,
    /// When this profile and organisation were first used; `None` until the local state
    /// answered (nothing counts as new until then, so nothing floods).
    pub first_use: Option<Timestamp>,
    pub marks: HashMap<i64, Mark>,
    pub snippets: HashMap<i64, CachedSnippet>,
    /// Exchanges whose chain is being read for a snippet.
    pub reading: HashSet<i64>,
    /// The categories listed.
    pub shelf: Shelf,
    /// Handled replies are left out of the list.
    pub hide_handled: bool,
    /// Rows marked with Space or V, for a bulk action.
    pub marked: BTreeSet<i64>,
    /// Where a V range started.
    pub range_from: Option<i64>,
    pub last_triage: Option<Triage>,
    /// The exchanges (and their `updated_at`) known at the last load, to tell what arrived;
    /// `None` until the first load with the local state known (that one announces nothing).
    pub known: Option<HashMap<i64, Option<Timestamp>>>,
    /// Replies that arrived (or moved) during this session, at their `updated_at`: new
    /// until seen, whatever the server's clock says against ours.
    pub arrived: HashMap<i64, Option<Timestamp>>,
    pub alerts: Alerts,
    /// Bytes for the terminal itself (bell, notifications), written by the loop after the
    /// next frame.
    pub terminal_out: Vec<String>,
    /// The Overview's speed-to-lead breakdown (per campaign and per bot) is open.
    pub speed_open: bool,
}

impl Default for InboxState {
    fn default() -> Self {
        InboxState {
            scope: None,
            first_use: None,
            marks: HashMap::new(),
            snippets: HashMap::new(),
            reading: HashSet::new(),
            shelf: Shelf::All,
            hide_handled: true,
            marked: BTreeSet::new(),
            range_from: None,
            last_triage: None,
            known: None,
            arrived: HashMap::new(),
            alerts: Alerts::default(),
            terminal_out: Vec::new(),
            speed_open: false,
        }
    }
}

impl InboxState {
    /// Whether `exchange` passes the category and handled filters.
    pub(crate) fn shows(&self, exchange: &Exchange) -> bool {
        self.shelf.holds(&Category::of(&exchange.status))
            && !(self.hide_handled && self.is_handled(exchange))
    }

    /// Replies new since the last look among `exchanges`.
    pub(crate) fn new_count(&self, exchanges: &[Exchange]) -> usize {
        exchanges.iter().filter(|e| self.is_new(e)).count()
    }

    /// Rows per category under the handled filter (what pressing its key would list), in the
    /// bar's order: the named categories, then each other status seen.
    pub(crate) fn category_counts(&self, exchanges: &[Exchange]) -> Vec<(Category, usize)> {
        let mut counts: Vec<(Category, usize)> =
            Category::NAMED.iter().map(|c| (c.clone(), 0)).collect();
        for exchange in exchanges {
            if self.hide_handled && self.is_handled(exchange) {
                continue;
            }
            let category = Category::of(&exchange.status);
            match counts.iter_mut().find(|(c, _)| *c == category) {
                Some((_, count)) => *count += 1,
                None => counts.push((category, 1)),
            }
        }
        counts
    }

    /// The category bar's entries: each named category and its count, then "Other" (every
    /// other status) when there are any, with the shelf that lists it.
    pub(crate) fn shelves(&self, exchanges: &[Exchange]) -> Vec<(Shelf, String, usize, Tone)> {
        let mut out = Vec::new();
        let mut other = 0;
        for (category, count) in self.category_counts(exchanges) {
            match Category::NAMED.iter().position(|named| *named == category) {
                Some(index) => {
                    out.push((Shelf::Named(index), category.label().into(), count, category.tone()))
                }
                None => other += count,
            }
        }
        if other > 0 {
            out.push((Shelf::Other, "Other".into(), other, Tone::Plain));
        }
        out
    }

    /// The snippet to show for an exchange: only one read at its present `updated_at`.
    fn current_snippet(&self, id: i64) -> Option<&CachedSnippet> {
        self.snippets.get(&id)
    }

    /// Whether the snippet of `exchange` must be read (never read, or it moved since).
    pub(crate) fn wants_snippet(&self, exchange: &Exchange) -> bool {
        !self.reading.contains(&exchange.id)
            && self
                .current_snippet(exchange.id)
                .is_none_or(|cached| cached.updated_at != exchange.updated_at)
    }
}

impl Facts for InboxState {
    fn is_new(&self, exchange: &Exchange) -> bool {
        let Some(first_use) = self.first_use else { return false };
        let mark = self.marks.get(&exchange.id);
        // One definition with `outreach replies`; a reply that arrived in this session is new
        // too, whatever the server's clock says against ours, until it is seen.
        let arrived_now = exchange.updated_at.is_some()
            && self.arrived.get(&exchange.id) == Some(&exchange.updated_at);
        let first_use = if arrived_now {
            Timestamp(chrono::DateTime::<chrono::Utc>::MIN_UTC)
        } else {
            first_use
        };
        is_new(mark, exchange.updated_at, first_use)
    }

    fn is_handled(&self, exchange: &Exchange) -> bool {
        self.marks.get(&exchange.id).is_some_and(|mark| mark.handled_at(exchange.updated_at))
    }

    fn snippet(&self, id: i64) -> Option<&Snippet> {
        self.current_snippet(id)?.snippet.as_ref()
    }
}
