//! A cell's value to sort by, compared the one way both faces sort: text
//! case-insensitively, numbers as numbers, times as times, empty last.

use std::cmp::Ordering;

/// A cell's value to sort by: text case-insensitively, numbers as numbers, times as times.
/// An empty cell comes last whichever the direction.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum SortKey {
    Number(i64),
    /// Unix microseconds: times compare as times, whatever zone they are shown in.
    Time(i64),
    /// Lower-cased: `ann` and `Bob` sort as a reader expects.
    Text(String),
    Empty,
}

impl SortKey {
    /// The key of text as shown; empty text is [`SortKey::Empty`].
    pub(crate) fn text(text: &str) -> SortKey {
        if text.trim().is_empty() { SortKey::Empty } else { SortKey::Text(text.to_lowercase()) }
    }

    /// The key of a time, or empty.
    pub(crate) fn time(at: Option<crate::api::Timestamp>) -> SortKey {
        at.map_or(SortKey::Empty, |at| SortKey::Time(at.0.timestamp_micros()))
    }

    /// The key of an age shown as `3d`: by how long ago, the youngest first, not by the
    /// text (`9d` after `10h`).
    pub(crate) fn age(
        at: Option<crate::api::Timestamp>,
        now: chrono::DateTime<chrono::Utc>,
    ) -> SortKey {
        at.map_or(SortKey::Empty, |at| SortKey::Number((now - at.0).num_seconds()))
    }

    /// Compares two keys in `direction`; empty stays last either way.
    pub(crate) fn compare(&self, other: &SortKey, descending: bool) -> Ordering {
        match (self, other) {
            (SortKey::Empty, SortKey::Empty) => Ordering::Equal,
            (SortKey::Empty, _) => Ordering::Greater,
            (_, SortKey::Empty) => Ordering::Less,
            (a, b) if descending => b.cmp(a),
            (a, b) => a.cmp(b),
        }
    }
}
