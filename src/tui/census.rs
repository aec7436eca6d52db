//! Counting a large inbox off the UI thread. The inbox's counts, its hot replies, the rows
//! its filters keep and the needs list each walk every exchange: 200k at a million
//! contacts, a tenth of a second together. While the hot replies' chains are read (the
//! first look), the chains they bring are counted once a second; on a large list a worker
//! counts them on a copy of the organisation, and the UI thread takes its memos and rows
//! whole when it answers.

use crate::clock::Zone;
use crate::tui::action::Effect;
use crate::tui::jumps::Focus;
use crate::tui::resource::{inbox_keep, show_kept};
use crate::tui::state::{AppState, Org};
use crate::tui::watched::Watched;
use chrono::{DateTime, Utc};
use std::fmt::Debug;
use std::sync::Arc;

/// From this many exchanges the held chains are counted by a worker (a few milliseconds of
/// counting below it, done where it is asked).
pub const CENSUS_ROWS: usize = 16_384;

/// What a worker counts on: a copy of the organisation (its lists shared, not copied) and
/// the rows' focus, at one moment. The copy's memos keep what is counted.
pub struct CensusJob {
    org: Org,
    focus: Option<Focus>,
    now: DateTime<Utc>,
    zone: Zone,
}

/// What the worker counted: the job's copy with its memos made, and the rows its filters
/// keep.
#[derive(Clone)]
pub struct Census {
    job: Arc<CensusJob>,
    keep: Option<Arc<[bool]>>,
}

impl Debug for CensusJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rows = self.org.store.exchanges.items().len();
        write!(f, "CensusJob (revision {}, {rows} rows)", self.org.inbox.revision())
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
        write!(f, "Census of {:?}", self.job)
    }
}

/// Whether the inbox is large enough to be counted by a worker.
pub(crate) fn counts_apart(state: &AppState) -> bool {
    state.org.store.exchanges.items().len() >= CENSUS_ROWS
}

impl CensusJob {
    /// The job for the chains held now; the inbox counts nothing again until it answers.
    pub(crate) fn of(state: &mut AppState) -> CensusJob {
        let org = Watched::quietly(&mut state.org);
        let org = Org {
            store: org.store.clone(),
            inbox: org.inbox.for_census(),
            dnc: org.dnc.clone(),
            thresholds: org.thresholds,
            ..Org::default()
        };
        let focus = state.panes.exchanges.focus.clone();
        CensusJob { org, focus, now: state.env.now, zone: state.env.zone }
    }
}

/// Counts what the screen asks of the inbox, as it would ask it.
pub fn perform(job: Arc<CensusJob>) -> Census {
    let org = &job.org;
    let items = org.store.exchanges.data.as_ref().map(|data| &data.items);
    org.inbox.counts(items);
    org.inbox.hot_unhandled(items);
    org.numbers(job.now, job.zone);
    let keep = inbox_keep(&org.inbox, job.focus.as_ref(), items).map(Arc::from);
    Census { job, keep }
}

/// Takes a worker's counts, unless the list, the marks or the chains moved meanwhile (they
/// were counted then, on this thread), and keeps its rows when the filters stand as they
/// were.
pub(crate) fn take(state: &mut AppState, census: &Census) -> Vec<Effect> {
    let (counted, focus) = (&census.job.org, &census.job.focus);
    let same_list = match (&state.org.store.exchanges.data, &counted.store.exchanges.data) {
        (Some(ours), Some(theirs)) => std::sync::Arc::ptr_eq(&ours.items, &theirs.items),
        (None, None) => true,
        _ => false,
    };
    let org = &mut *state.org;
    let taken = org.inbox.take_census(&counted.inbox, same_list);
    let mut effects = Vec::new();
    if taken {
        org.needs.adopt(&counted.needs);
        org.numbers.adopt(&counted.numbers);
        let (ours, theirs) = (&org.inbox, &counted.inbox);
        let filters_stand = ours.shelf == theirs.shelf
            && ours.hide_handled == theirs.hide_handled
            && ours.show_snoozed == theirs.show_snoozed
            && ours.whose() == theirs.whose()
            && state.panes.exchanges.focus == *focus;
        effects.extend(match filters_stand {
            true => show_kept(state, census.keep.as_deref()),
            false => crate::tui::resource::keep_inbox_rows(state),
        });
    }
    effects
}
