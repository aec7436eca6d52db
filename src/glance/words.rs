//! The inbox's numbers in words, as the Overview's inbox line says them:
//! `4 new · 3 hot replies wait, oldest 42m · needs you: 5 (1 due)`.

use super::Inbox;
use crate::clock::short_age;
use crate::text::count;
use chrono::{DateTime, Utc};

/// The numbers of `inbox` in words, ages counted to `now`.
/// While some replies' e-mails are not read yet, what is known is told as "at least" and
/// the rest as being counted, never as a guess.
pub fn words(inbox: &Inbox, now: DateTime<Utc>) -> String {
    format!("{} new · {} · {}", inbox.new, waiting_words(inbox, now), needs_words(inbox))
}

/// `3 hot replies wait, oldest 42m`, or `≥ 3 hot replies wait, oldest 42m (12 being read)`,
/// or `hot replies: 12 being read`.
pub fn waiting_words(inbox: &Inbox, now: DateTime<Utc>) -> String {
    let known = inbox.hot_waiting - inbox.hot_unread.min(inbox.hot_waiting);
    let oldest = inbox.oldest_hot_since.map(|at| format!(", oldest {}", short_age(at, now)));
    match (inbox.hot_waiting, inbox.hot_unread) {
        (0, _) => "no hot reply waits".to_string(),
        (n, 0) => format!(
            "{}{}",
            count(n, "hot reply waits", "hot replies wait"),
            oldest.unwrap_or_default()
        ),
        (_, unread) if known == 0 => format!("hot replies: {unread} being read"),
        (_, unread) => format!(
            "≥ {}{} ({unread} being read)",
            count(known, "hot reply waits", "hot replies wait"),
            oldest.unwrap_or_default()
        ),
    }
}

/// `needs you: 5 (1 due)`, or `needs you: ≥ 3 (1 due), counting…`, or `needs you: counting…`.
pub fn needs_words(inbox: &Inbox) -> String {
    let known = inbox.needs_you - inbox.needs_unread.min(inbox.needs_you);
    match (inbox.needs_you, inbox.needs_unread) {
        (0, _) => "nothing needs you".to_string(),
        (n, 0) => format!("needs you: {n} ({} due)", inbox.due),
        _ if known == 0 => "needs you: counting…".to_string(),
        _ => format!("needs you: ≥ {known} ({} due), counting…", inbox.due),
    }
}
