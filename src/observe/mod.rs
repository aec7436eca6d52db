//! Watching an organisation between looks: a [`Snapshot`] of ids and statuses, what changed
//! between two of them ([`diff`] → [`Event`]s with stable ids), the [`Observer`] that claims
//! each event once in the observed state (`crate::local::ObservedState`) for `outreach
//! watch` and the dashboard alike, and bots' health over time ([`history`]). The snapshot
//! and the diff are pure; the observer and `history::for_bot` block on SQLite.

mod diff;
mod event;
pub mod history;
mod observer;
mod snapshot;
pub mod text;
mod word;

pub use diff::diff;
pub use event::{Event, EventKind};
pub(crate) use observer::Names;
pub use observer::{Lists, Observation, Observer};
pub use snapshot::{BotSeen, ExchangeSeen, MeetingSeen, Snapshot};
