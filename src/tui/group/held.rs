//! What a group's organisations hold for the merged panes that read lists of their own,
//! as plain data: each organisation's list and the merged contacts a filter kept. Their
//! reading and finding are in `lists.rs` and `contacts.rs`.

use crate::tui::model::ReqId;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

/// An organisation's list for a merged pane: its rows as last read, the read awaited, and
/// why the last read failed.
#[derive(Debug, Clone, PartialEq)]
pub struct OrgList<T> {
    pub rows: Arc<[T]>,
    /// Whether a read ever brought it (an empty list read is not one being read).
    pub read: bool,
    /// The read awaited; its answer is the only one taken.
    pub reading: Option<ReqId>,
    /// Why the last read failed, in words (sanitised).
    pub error: Option<String>,
}

impl<T> Default for OrgList<T> {
    fn default() -> Self {
        OrgList { rows: Arc::from([]), read: false, reading: None, error: None }
    }
}

impl<T> OrgList<T> {
    /// Whether it was never asked for.
    pub fn never_asked(&self) -> bool {
        !self.read && self.reading.is_none() && self.error.is_none()
    }

    /// What its merged pane says of it above the rows, when its rows are not all there:
    /// "globex: could not be read — r to retry (…)", "initech: being read…".
    pub fn apart(&self, org: &str, retry: &str) -> Option<String> {
        said_apart(org, self.error.as_deref(), self.reading.is_some(), self.read, retry)
    }
}

/// Why an organisation's rows are not all in a merged list, from its read: failed (and not
/// being read again), being read again, or being read for the first time; `None` when they
/// are all there.
pub fn said_apart(
    org: &str,
    error: Option<&str>,
    reading: bool,
    read_once: bool,
    retry: &str,
) -> Option<String> {
    let org = crate::text::sanitize(org);
    match (error, reading) {
        (Some(error), false) => {
            Some(format!("{org}: could not be read — {retry} to retry ({error})"))
        }
        (Some(_), true) => Some(format!("{org}: being read again…")),
        (None, true) if !read_once => Some(format!("{org}: being read…")),
        _ => None,
    }
}

/// Where a row is: its organisation's place in the group, its place in that one's list.
pub type ContactAt = (u32, u32);

/// The rows the filter keeps in the sort's order, as last found.
#[derive(Debug, Clone, Default)]
pub struct FoundContacts {
    /// The filter `rows` answer; empty when none was searched.
    pub filter: String,
    /// The sort `rows` are in; `None`: as the organisations list them.
    pub sort: Option<crate::present::sort::SortBy>,
    pub rows: Arc<[ContactAt]>,
    /// Whether a search for a newer filter or sort runs (the rows shown meanwhile are the
    /// last).
    pub searching: bool,
    /// The generation of the search wanted: an older one stops and its answer is dropped.
    pub(crate) latest: Arc<AtomicU64>,
}
