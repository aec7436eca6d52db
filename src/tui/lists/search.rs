//! Work on a list's rows that does not belong on the UI thread (a key must never wait on it):
//! building the search index of a large list, chunk by chunk, searching it, sorting it,
//! and letting go of the rows a reload replaced. `update` asks for it as an effect; the runner runs it on a
//! blocking task and each result comes back as an action, dropped when a newer one made it
//! useless. Tests run it in place ([`ListJob::perform`]) and need no waiting.

use crate::tui::lists::filter::{CHUNK_ROWS, SearchChunk};
use crate::tui::lists::list::{FilterJob, Filtered, RowsTicket, SortTicket};
use crate::tui::model::Pane;
use std::any::Any;
use std::fmt::Debug;
use std::ops::Range;
use std::sync::Arc;

/// Builds the searchable text of a range of rows (the resource's columns over its items).
pub type BuildRows = dyn Fn(Range<usize>) -> SearchChunk + Send + Sync;

/// The index of a large list, to build off the UI thread.
pub struct IndexJob {
    pub pane: Pane,
    ticket: RowsTicket,
    rows: usize,
    build: Box<BuildRows>,
}

impl IndexJob {
    pub fn new(pane: Pane, ticket: RowsTicket, rows: usize, build: Box<BuildRows>) -> IndexJob {
        IndexJob { pane, ticket, rows, build }
    }
}

impl Debug for IndexJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "IndexJob {:?} #{} ({} rows)", self.pane, self.ticket.generation, self.rows)
    }
}

/// Orders a list's rows by the column the user chose (the resource's columns over its items).
pub type SortRows = dyn Fn() -> Vec<u32> + Send + Sync;

/// The order of a large list by a column, to make off the UI thread (100k rows take tens of
/// milliseconds: more than a key may).
pub struct SortJob {
    pub pane: Pane,
    ticket: SortTicket,
    sort: Box<SortRows>,
}

impl SortJob {
    pub fn new(pane: Pane, ticket: SortTicket, sort: Box<SortRows>) -> SortJob {
        SortJob { pane, ticket, sort }
    }
}

impl Debug for SortJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SortJob {:?} #{}", self.pane, self.ticket.generation)
    }
}

/// Work on a list's rows, to run off the UI thread.
#[derive(Clone, Debug)]
pub enum ListJob {
    /// Search a pane's list; answers [`ListWork::Filtered`].
    Filter { pane: Pane, job: Arc<FilterJob> },
    /// Build the index of a pane's rows; answers one [`ListWork::Indexed`] per chunk, the
    /// first screenful's rows first.
    Index(Arc<IndexJob>),
    /// Sort a pane's rows by a column; answers [`ListWork::Sorted`].
    Sort(Arc<SortJob>),
    /// Let go of data a reload replaced: freeing a million rows one by one takes longer
    /// than a frame.
    Discard(Arc<dyn Any + Send + Sync>),
}

impl PartialEq for ListJob {
    fn eq(&self, other: &ListJob) -> bool {
        match (self, other) {
            (ListJob::Filter { job: a, .. }, ListJob::Filter { job: b, .. }) => Arc::ptr_eq(a, b),
            (ListJob::Index(a), ListJob::Index(b)) => Arc::ptr_eq(a, b),
            (ListJob::Sort(a), ListJob::Sort(b)) => Arc::ptr_eq(a, b),
            (ListJob::Discard(a), ListJob::Discard(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

/// What a [`ListJob`] produced.
#[derive(Clone, Debug)]
pub enum ListWork {
    Filtered { pane: Pane, answer: Arc<Filtered> },
    Indexed { pane: Pane, generation: u64, chunk: Arc<SearchChunk> },
    Sorted { pane: Pane, ticket: SortTicket, order: Arc<[u32]> },
}

impl ListJob {
    /// Does the work, handing over each result as it is ready; stops as soon as a newer
    /// search or newer rows made it useless.
    pub fn perform(&self, send: &mut dyn FnMut(ListWork)) {
        match self {
            ListJob::Filter { pane, job } => {
                if let Some(answer) = job.perform() {
                    send(ListWork::Filtered { pane: *pane, answer: Arc::new(answer) });
                }
            }
            ListJob::Index(job) => {
                for start in (0..job.rows).step_by(CHUNK_ROWS) {
                    if !job.ticket.is_current() {
                        return;
                    }
                    let chunk = Arc::new((job.build)(start..(start + CHUNK_ROWS).min(job.rows)));
                    let generation = job.ticket.generation;
                    send(ListWork::Indexed { pane: job.pane, generation, chunk });
                }
                if job.rows > CHUNK_ROWS {
                    crate::tui::malloc::give_back_free_memory();
                }
            }
            ListJob::Sort(job) => {
                // A newer sort was asked for before this one started: it is not wanted.
                if job.ticket.is_current() {
                    let order = (job.sort)().into();
                    send(ListWork::Sorted { pane: job.pane, ticket: job.ticket.clone(), order });
                }
            }
            ListJob::Discard(_) => {}
        }
    }
}
