//! Replies nobody will answer now: on a first start, those with no news for two weeks are
//! offered to be put away (marked handled) in one confirmed key. Weighing the offer walks
//! every exchange, so on a large inbox a census worker weighs it with the counts.

use crate::api::Timestamp;
use crate::inbox::Facts;
use crate::tui::state::Org;
use chrono::{DateTime, Duration, Utc};

/// Replies untouched this many days are offered to be marked handled on a first start: a
/// new user's inbox otherwise opens on months of conversations nobody will answer now.
pub(crate) const OLD_REPLY_DAYS: i64 = 14;

/// A first start is a scope first used this recently on this machine.
const FIRST_START_HOURS: i64 = 24;

/// How many old replies a first start's offer would name: none when this is not a first
/// start (the organisation was first used here over a day ago, or a reply is handled
/// already); `None` while the marks (and with them the first use) are not known.
pub(crate) fn worth_offering(org: &Org, now: DateTime<Utc>) -> Option<usize> {
    let inbox = &org.inbox;
    let first_use = inbox.first_use?;
    org.store.exchanges.data.as_ref()?;
    let first_start = now - first_use.0 <= Duration::hours(FIRST_START_HOURS);
    let items = org.store.exchanges.items();
    let untouched = first_start && !items.iter().any(|exchange| inbox.is_handled(exchange));
    Some(if untouched { old_replies(org, now).len() } else { 0 })
}

/// The replies not handled whose last activity is older than [`OLD_REPLY_DAYS`].
pub(crate) fn old_replies(org: &Org, now: DateTime<Utc>) -> Vec<i64> {
    let cutoff = Timestamp(now - Duration::days(OLD_REPLY_DAYS));
    let inbox = &org.inbox;
    org.store
        .exchanges
        .items()
        .iter()
        .filter(|exchange| exchange.updated_at.is_some_and(|at| at < cutoff))
        .filter(|exchange| !inbox.is_handled(exchange))
        .map(|exchange| exchange.id)
        .collect()
}
