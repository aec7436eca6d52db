//! The inbox's numbers in words, as the Overview's inbox line says them:
//! `4 new · 3 hot replies wait, oldest 42m · needs you: 5 (1 due)`.

use super::Inbox;
use crate::clock::short_age;
use crate::text::count;
use chrono::{DateTime, Utc};

/// The numbers of `inbox` in words, ages counted to `now`.
pub fn words(inbox: &Inbox, now: DateTime<Utc>) -> String {
    let waiting = match (inbox.hot_waiting, inbox.oldest_hot_since) {
        (0, _) => "no hot reply waits".to_string(),
        (n, Some(oldest)) => {
            format!(
                "{}, oldest {}",
                count(n, "hot reply waits", "hot replies wait"),
                short_age(oldest, now)
            )
        }
        (n, None) => count(n, "hot reply waits", "hot replies wait"),
    };
    let needs = match inbox.needs_you {
        0 => "nothing needs you".to_string(),
        n => format!("needs you: {n} ({} due)", inbox.due),
    };
    format!("{} new · {waiting} · {needs}", inbox.new)
}
