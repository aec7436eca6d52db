//! One resource as the dashboard knows it: the last good data, the request whose answer is
//! awaited, and the last failure.

use crate::api::{ApiError, Items, Listed};
use crate::tui::model::ReqId;
use chrono::{DateTime, Utc};
use std::cmp::Ordering;
use std::sync::Arc;

/// Seconds of silence after which a pane stops saying "loading" and says what it awaits,
/// from whom and since when.
pub const QUIET_SECONDS: i64 = 3;

/// Data that was loaded, when, and how many elements could not be read.
#[derive(Debug, Clone)]
pub struct Loaded<T> {
    pub items: Items<T>,
    pub at: DateTime<Utc>,
    pub skipped: usize,
}

/// One resource as the dashboard knows it. The last good data stays while a reload is
/// pending or after it failed, so a pane never blanks: the usual `Idle | Loading |
/// Loaded | Failed` with the previous data kept alongside.
#[derive(Debug, Clone)]
pub struct Remote<T> {
    pub data: Option<Loaded<T>>,
    /// The request whose answer is awaited; any other answer is stale.
    pub pending: Option<ReqId>,
    /// When the awaited request was sent: a pane says how long it has waited.
    pub since: Option<DateTime<Utc>>,
    /// The last failure, cleared by the next success.
    pub error: Option<ApiError>,
}

impl<T> Default for Remote<T> {
    fn default() -> Self {
        Remote { data: None, pending: None, since: None, error: None }
    }
}

impl<T> Remote<T> {
    pub fn items(&self) -> &[T] {
        self.data.as_ref().map_or(&[], |data| &data.items)
    }

    pub fn is_loading(&self) -> bool {
        self.pending.is_some()
    }

    pub fn loaded_at(&self) -> Option<DateTime<Utc>> {
        self.data.as_ref().map(|data| data.at)
    }

    /// Marks `req_id`, sent at `now`, as the request whose answer is awaited.
    pub fn awaits(&mut self, req_id: ReqId, now: DateTime<Utc>) {
        self.pending = Some(req_id);
        self.since = Some(now);
    }

    /// When the awaited request was sent, while one is.
    pub fn waiting_since(&self) -> Option<DateTime<Utc>> {
        self.pending.and(self.since)
    }

    /// Whole seconds the awaited request has gone unanswered at `now`, once that is at
    /// least [`QUIET_SECONDS`].
    pub fn silent_for(&self, now: DateTime<Utc>) -> Option<i64> {
        let seconds = (now - self.waiting_since()?).num_seconds();
        (seconds >= QUIET_SECONDS).then_some(seconds)
    }

    /// Whether `req_id` is the request whose answer is awaited.
    pub fn awaits_answer(&self, req_id: ReqId) -> bool {
        self.pending == Some(req_id)
    }

    /// Applies an answer if it is to the latest request; `false` (and nothing changes) when
    /// it is stale. `prepare` orders the items once, on arrival.
    pub fn finish(
        &mut self,
        req_id: ReqId,
        result: Result<Listed<T>, ApiError>,
        now: DateTime<Utc>,
        prepare: impl FnOnce(Items<T>) -> Items<T>,
    ) -> bool {
        if !self.awaits_answer(req_id) {
            return false;
        }
        self.pending = None;
        self.since = None;
        match result {
            Ok(listed) => {
                match &mut self.data {
                    // Not one element could be read (a body nested too deep, every element
                    // of the wrong type): the rows from before stay, marked; never a blank pane.
                    Some(data) if listed.items.is_empty() && listed.skipped > 0 => {
                        data.skipped = listed.skipped;
                    }
                    _ => {
                        let items = prepare(listed.items);
                        self.data = Some(Loaded { items, at: now, skipped: listed.skipped });
                    }
                }
                self.error = None;
            }
            Err(error) => self.error = Some(error),
        }
        true
    }
}

/// The items in the order `compare` gives: sorted in place when nothing else holds them (a
/// fresh answer), copied only when they are shared and not already in that order.
pub fn sorted<T: Clone>(
    mut items: Items<T>,
    mut compare: impl FnMut(&T, &T) -> Ordering,
) -> Items<T> {
    if items.is_sorted_by(|a, b| compare(a, b) != Ordering::Greater) {
        return items;
    }
    crate::sorting::sort_by(Arc::make_mut(&mut items).as_mut_slice(), compare);
    items
}
