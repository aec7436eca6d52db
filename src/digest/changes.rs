//! Bot health changes over the window: a seam. The API keeps no history of a bot's status;
//! only a history this machine recorded (`outreach watch`, the dashboard) can tell them.
//! Until one is passed in, a digest says the changes were not observed — never that there
//! were none.

use chrono::{DateTime, Utc};

/// One change of a bot's health, as recorded on this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotChange {
    pub bot_id: i64,
    pub email: String,
    pub from: String,
    pub to: String,
    pub at: DateTime<Utc>,
}

/// What is known of the bots' changes over the window.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum BotChanges {
    /// No history covers the window: nothing can be said either way.
    #[default]
    NotObserved,
    /// A history covered the window; these are the changes in it (none is a finding).
    Observed(Vec<BotChange>),
}
