//! The inbox's numbers in words, as the Overview's inbox line says them:
//! `4 new · 3 hot replies wait, oldest 42m · needs you: 5 (1 due)`.

use super::Inbox;
use crate::clock::short_age;
use crate::text::count;
use chrono::{DateTime, Utc};

/// The numbers of `inbox` in words, ages counted to `now`.
/// While some replies' e-mails are not read yet, what is known is told as "at least" and
/// how many are still being read comes last, never a guess.
pub fn words(inbox: &Inbox, now: DateTime<Utc>) -> String {
    let mut words =
        format!("{} new · {} · {}", inbox.new, waiting_words(inbox, now), needs_words(inbox));
    if let Some(reading) = reading_words(inbox) {
        words.push_str(&format!(" · {reading}"));
    }
    words
}

/// `3 hot replies wait, oldest 42m`, or `≥ 3 hot replies wait, oldest 42m` while some are
/// being read, or `hot replies: counting…` while none is known yet.
pub fn waiting_words(inbox: &Inbox, now: DateTime<Utc>) -> String {
    let known = inbox.hot_waiting - inbox.hot_unread.min(inbox.hot_waiting);
    let oldest = inbox.oldest_hot_since.map(|at| format!(", oldest {}", short_age(at, now)));
    let at_least = if inbox.hot_unread > 0 { "≥ " } else { "" };
    match inbox.hot_waiting {
        0 => "no hot reply waits".to_string(),
        _ if known == 0 => "hot replies: counting…".to_string(),
        _ => format!(
            "{at_least}{}{}",
            count(known, "hot reply waits", "hot replies wait"),
            oldest.unwrap_or_default()
        ),
    }
}

/// `needs you: 5 (1 due)`, or `needs you: ≥ 3 (1 due)` while some hot replies are being
/// read, or `needs you: counting…`.
pub fn needs_words(inbox: &Inbox) -> String {
    let known = inbox.needs_you - inbox.needs_unread.min(inbox.needs_you);
    let at_least = if inbox.needs_unread > 0 { "≥ " } else { "" };
    match inbox.needs_you {
        0 => "nothing needs you".to_string(),
        _ if known == 0 => "needs you: counting…".to_string(),
        _ => format!("needs you: {at_least}{known} ({} due)", inbox.due),
    }
}

/// `12 being read`: how many hot replies' e-mails are still read, when any are.
pub fn reading_words(inbox: &Inbox) -> Option<String> {
    (inbox.hot_unread > 0).then(|| format!("{} being read", inbox.hot_unread))
}
