//! Counting a large inbox off the UI thread. The inbox's counts, its hot replies, the rows
//! its filters keep, the needs list and what arrived since the last load each walk every
//! exchange: 200k at a million contacts, a tenth of a second together. On a large list a
//! worker counts them on a copy of the organisation, and the UI thread takes its memos
//! whole when it answers: when the chains a bulk read brought are counted (once a second
//! during the first look), and when the list itself loads (it is shown counted).

use crate::api::{Exchange, Items};
use crate::clock::Zone;
use crate::tui::dnc::DncKnown;
use crate::tui::inbox::arrivals::Arrivals;
use crate::tui::jumps::Focus;
use crate::tui::remote::Loaded;
use crate::tui::state::{AppState, Org};
use crate::tui::watched::Watched;
use chrono::{DateTime, Utc};
use std::fmt::Debug;
use std::sync::{Arc, Mutex, PoisonError};

/// From this many exchanges the inbox is counted by a worker (a few milliseconds of
/// counting below it, done where it is asked).
pub const CENSUS_ROWS: usize = 16_384;

/// What a worker counts on: a copy of the organisation (its lists shared, not copied) and
/// the rows' focus, at one moment; with a list that loaded, that list, shown once counted.
pub struct CensusJob {
    org: Mutex<Option<Org>>,
    focus: Option<Focus>,
    now: DateTime<Utc>,
    zone: Zone,
    number: u64,
    /// The list counted before it is shown.
    loading: bool,
    /// Whether a first start's offer to put old replies away is still to be weighed.
    weigh_old: bool,
    /// The opt-outs' check that answered, shown once counted.
    dnc: Option<DncKnown>,
    /// The marks the local state answered with, shown once counted.
    marks: Option<StoredMarks>,
}

/// The marks the local state answered with at the start of a session: when the profile was
/// first used, and each exchange's mark.
#[derive(Debug, Clone)]
pub struct StoredMarks {
    pub scope: crate::local::Scope,
    pub first_use: crate::api::Timestamp,
    pub now: crate::api::Timestamp,
    pub marks: std::collections::HashMap<i64, crate::local::Mark>,
}

impl StoredMarks {
    /// Takes them into `inbox`, the same way on the copy and on the UI thread (so that both
    /// end at the same revision).
    pub(crate) fn apply(self, inbox: &mut crate::tui::inbox::InboxState) {
        inbox.first_use = Some(self.first_use);
        inbox.set_clock(self.now);
        inbox.take_stored_marks(self.marks);
    }
}

/// What the worker counted: the copy with its memos made, and what arrived with a list that
/// loaded.
#[derive(Clone)]
pub struct Census {
    org: Arc<Org>,
    number: u64,
    arrivals: Option<Arrivals>,
    /// The opt-outs' check it was counted with, when that was what moved.
    dnc: Option<DncKnown>,
    /// The marks it was counted with, when they were what moved.
    marks: Option<StoredMarks>,
    /// How many old replies a first start's offer would name, when it was weighed.
    old_replies: Option<usize>,
}

impl Debug for CensusJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CensusJob #{} (a load: {})", self.number, self.loading)
    }
}

/// A job is only itself: two counts of the same state are still two.
impl PartialEq for CensusJob {
    fn eq(&self, other: &CensusJob) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Debug for Census {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Census #{} (a load: {})", self.number, self.arrivals.is_some())
    }
}

/// Whether the inbox is large enough to be counted by a worker.
pub(crate) fn counts_apart(state: &AppState) -> bool {
    state.org.store.exchanges.items().len() >= CENSUS_ROWS
}

impl CensusJob {
    /// The job for the chains held now; the inbox counts nothing again until it answers.
    pub(crate) fn of(state: &mut AppState) -> CensusJob {
        CensusJob::with(state, false)
    }

    /// The job for a large inbox that loaded (`items`), to count before it is shown; `None`
    /// for a small one.
    pub(crate) fn of_load(state: &mut AppState, items: &Items<Exchange>) -> Option<CensusJob> {
        if items.len() < CENSUS_ROWS {
            return None;
        }
        let mut job = CensusJob::with(state, true);
        let org = job.org.get_mut().unwrap_or_else(PoisonError::into_inner).as_mut()?;
        let loaded = Loaded { items: Arc::clone(items), at: state.env.now, skipped: 0 };
        org.store.exchanges.data = Some(loaded);
        Some(job)
    }

    /// The job for the opt-outs' check that answered (`dnc`): the needs list changes with
    /// it, so it is taken with the counts.
    pub(crate) fn of_dnc(state: &mut AppState, dnc: DncKnown) -> CensusJob {
        let mut job = CensusJob::with(state, false);
        if let Some(org) = job.org.get_mut().unwrap_or_else(PoisonError::into_inner).as_mut() {
            org.dnc = dnc.clone();
        }
        job.dnc = Some(dnc);
        job
    }

    /// The job for the marks the local state answered with (`marks`): the inbox is counted
    /// with them, and what it lists now remembered, before they are shown.
    pub(crate) fn of_marks(state: &mut AppState, marks: StoredMarks) -> CensusJob {
        let mut job = CensusJob::with(state, true);
        if let Some(org) = job.org.get_mut().unwrap_or_else(PoisonError::into_inner).as_mut() {
            marks.clone().apply(&mut org.inbox);
        }
        job.marks = Some(marks);
        job
    }

    fn with(state: &mut AppState, loading: bool) -> CensusJob {
        let org = Watched::quietly(&mut state.org);
        let (inbox, number) = org.inbox.for_census(loading);
        let org = Org {
            store: org.store.clone(),
            inbox,
            dnc: org.dnc.clone(),
            thresholds: org.thresholds,
            ..Org::default()
        };
        CensusJob {
            org: Mutex::new(Some(org)),
            focus: state.panes.exchanges.focus.clone(),
            now: state.env.now,
            zone: state.env.zone,
            number,
            loading,
            weigh_old: loading && !state.org.old_replies_offered,
            dnc: None,
            marks: None,
        }
    }
}

/// Counts what the screen asks of the inbox, as it would ask it: with a list that loaded,
/// what arrived since the last one first (they are new).
pub fn perform(job: &CensusJob) -> Option<Census> {
    let mut org = job.org.lock().unwrap_or_else(PoisonError::into_inner).take()?;
    let arrivals = job.loading.then(|| {
        let inbox = &mut org.inbox;
        let known = inbox.known.take();
        let items = org.store.exchanges.items();
        // Before its first use is known the inbox remembers nothing (nothing counts as new).
        if inbox.first_use.is_none() {
            return Arrivals { known: known.unwrap_or_default(), moved: None };
        }
        let arrivals = Arrivals::since(known.as_ref(), items);
        for exchange in arrivals.moved.iter().flatten() {
            inbox.note_arrival(exchange.id, exchange.updated_at);
        }
        arrivals
    });
    let items = org.store.exchanges.data.as_ref().map(|data| &data.items);
    org.inbox.counts(items);
    org.inbox.hot_unhandled(items);
    org.inbox.kept(items, job.focus.as_ref());
    org.inbox.speed(items);
    org.numbers(job.now, job.zone);
    let old_replies =
        job.weigh_old.then(|| crate::tui::old_replies::worth_offering(&org, job.now)).flatten();
    let (dnc, marks) = (job.dnc.clone(), job.marks.clone());
    Some(Census { org: Arc::new(org), number: job.number, arrivals, dnc, marks, old_replies })
}

/// The marks a census was counted with, when they were what moved.
pub(crate) fn marks(census: &Census) -> Option<&StoredMarks> {
    census.marks.as_ref()
}

/// How many old replies a first start's offer would name, when the census weighed it.
pub fn old_replies(census: &Census) -> Option<usize> {
    census.old_replies
}

/// What arrived with a list that loaded, once that list is the one stored.
pub(crate) fn arrivals(state: &AppState, census: &Census) -> Option<Arrivals> {
    census.arrivals.clone().filter(|_| counted_list_stands(state, census))
}

fn counted_list_stands(state: &AppState, census: &Census) -> bool {
    match (&state.org.store.exchanges.data, &census.org.store.exchanges.data) {
        (Some(ours), Some(theirs)) => Arc::ptr_eq(&ours.items, &theirs.items),
        (None, None) => true,
        _ => false,
    }
}

/// What a census replaced on this thread (the memos' earlier values), to let go of on a
/// worker.
pub type Replaced = Vec<Box<dyn std::any::Any + Send + Sync>>;

/// Takes a worker's counts (and the opt-outs' check it was counted with), unless the list,
/// the marks or the chains moved meanwhile (they were counted then, on this thread), or a
/// later census was asked for; `true` when taken. What they replace goes to `replaced`.
pub(crate) fn take(state: &mut AppState, census: &Census, replaced: &mut Replaced) -> bool {
    let stands = counted_list_stands(state, census);
    let (org, counted) = (&mut *state.org, &census.org);
    let taken = org.inbox.take_census(&counted.inbox, census.number, stands, replaced);
    if let Some(dnc) = &census.dnc {
        // Kept even when the counts are not: it is the newer answer.
        replaced.push(Box::new(std::mem::replace(&mut org.dnc, dnc.clone())));
    }
    if taken {
        org.old_replies_counted = old_replies(census);
        replaced.push(Box::new(org.needs.adopt(&counted.needs)));
        replaced.push(Box::new(org.numbers.adopt(&counted.numbers)));
    }
    taken
}
