//! The results of a long range counted off the UI thread: a million contacts' replies took
//! tens of milliseconds to count. The job holds the lists it counts, so that its answer is
//! taken only while they are still the ones loaded.

use crate::api::{Exchange, Items, Meeting};
use crate::clock::Zone;
use crate::results::{Basis, Results, Window};
use chrono::{DateTime, Utc};
use std::sync::Arc;

/// The range's results to count off the UI thread, from the lists loaded then.
#[derive(Debug)]
pub struct ResultsJob {
    pub(crate) replies: Items<Exchange>,
    pub(crate) meetings: Items<Meeting>,
    pub(crate) window: Window,
    pub(crate) zone: Zone,
    pub(crate) now: DateTime<Utc>,
}

/// A job is only itself.
impl PartialEq for ResultsJob {
    fn eq(&self, other: &ResultsJob) -> bool {
        std::ptr::eq(self, other)
    }
}

/// The results a worker counted, with the lists they were counted from.
#[derive(Debug)]
pub struct CountedResults {
    pub(crate) job: Arc<ResultsJob>,
    pub(crate) results: Results,
}

impl ResultsJob {
    pub fn perform(self: Arc<Self>) -> CountedResults {
        let basis = Basis { window: self.window, zone: &self.zone, now: self.now };
        let results = Results::compute(&self.replies, &self.meetings, &basis);
        CountedResults { job: self, results }
    }
}
