//! Which opt-outs' contacts are on the do-not-contact list. Only the contact list says (the
//! API has no other way), and at 100k contacts reading it costs more than everything else a
//! look reads, so what it said is remembered for a few minutes: a contact on the list stays
//! on it (the API only adds entries), and a write from this machine (the audit log moved)
//! has it read again at once, so an opt-out just honoured is never still shown as pending.

use crate::api::{ApiError, Client, Contact, Exchange, ExchangeStatus};
use crate::local::{ObservedState, Scope};
use chrono::{DateTime, Duration, Utc};
use std::collections::HashSet;

/// How long a reading of the contact list answers for pending opt-outs: their deadline is
/// days away, a few minutes change nothing, and `status` in a tmux line or cron runs often.
pub const FRESH_FOR: Duration = Duration::minutes(10);

/// The opt-outs' contacts on the do-not-contact list, and when the contact list said so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub contacts: HashSet<i64>,
    pub checked_at: DateTime<Utc>,
}

/// The contacts of opt-outs (handled or not: one stays until its address is listed) that
/// are on the do-not-contact list; an error when the contact list had to be read and could
/// not be (what depends on it is then unknown, never a fact).
pub async fn on_dnc(
    client: &Client,
    memory: &ObservedState,
    scope: &Scope,
    replies: &[Exchange],
    now: DateTime<Utc>,
) -> Result<Listed, ApiError> {
    let asked: HashSet<i64> = replies
        .iter()
        .filter(|e| matches!(e.status, ExchangeStatus::UnsubRequest | ExchangeStatus::UnsubLink))
        .map(|e| e.contact.id)
        .collect();
    if asked.is_empty() {
        return Ok(Listed { contacts: HashSet::new(), checked_at: now });
    }
    if let Some(kept) = remembered(memory, scope)
        && (asked.is_subset(&kept.contacts) || still_fresh(&kept, now))
    {
        return Ok(kept);
    }
    let mut contacts = HashSet::new();
    client
        .stream_contacts(|contact: &Contact| {
            if contact.dnc && asked.contains(&contact.id) {
                contacts.insert(contact.id);
            }
            true
        })
        .await?;
    let listed = Listed { contacts, checked_at: now };
    remember(memory, scope, &listed);
    Ok(listed)
}

/// Fresh while younger than [`FRESH_FOR`] and no write left this machine since.
fn still_fresh(kept: &Listed, now: DateTime<Utc>) -> bool {
    let written = crate::audit::path()
        .and_then(|path| std::fs::metadata(path).ok())
        .and_then(|meta| meta.modified().ok())
        .map(DateTime::<Utc>::from);
    now - kept.checked_at < FRESH_FOR && written.is_none_or(|at| at < kept.checked_at)
}

fn remembered(memory: &ObservedState, scope: &Scope) -> Option<Listed> {
    let (checked_at, contacts) = memory.dnc_listed(scope).ok()??;
    Some(Listed { contacts: contacts.into_iter().collect(), checked_at })
}

fn remember(memory: &ObservedState, scope: &Scope, listed: &Listed) {
    let contacts: Vec<i64> = listed.contacts.iter().copied().collect();
    if let Err(error) = memory.keep_dnc_listed(scope, listed.checked_at, &contacts) {
        tracing::warn!(%error, "what the contact list said could not be remembered");
    }
}
