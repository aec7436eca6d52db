//! A reply's own words for the hooks that ask for them (`[hooks] include_text`): which
//! events are about one reply, and the first meaningful line of its chain (the inbox's
//! snippet), for watch and the dashboard alike, so a hook gets the same text whoever
//! claimed its event. The chains are read by the caller (`crate::inbox::chains`).

use super::event::{Event, EventKind};
use crate::api::{ApiError, EmailMessage, Exchange, Listed};
use crate::clock::Zone;
use crate::inbox::snippet::summarise;
use std::collections::HashMap;

/// The chains read for [`fill`], by exchange id.
pub type Chains = HashMap<i64, Result<Listed<EmailMessage>, ApiError>>;

fn about_a_reply(kind: EventKind) -> bool {
    matches!(
        kind,
        EventKind::ReplyReceived
            | EventKind::CategoryChanged
            | EventKind::SlaBreached
            | EventKind::OptOutPending
    )
}

/// The exchanges whose chains the events want read.
pub fn wanted(events: &[Event]) -> Vec<i64> {
    events.iter().filter(|e| about_a_reply(e.kind)).filter_map(|e| e.exchange_id).collect()
}

/// Each reply event's text: the first meaningful line of its chain, as the inbox shows it.
/// An event whose chain could not be read goes without.
pub fn fill(events: &mut [Event], inbox: &[Exchange], read: &Chains, zone: &Zone) {
    let contacts: HashMap<i64, &str> =
        inbox.iter().map(|e| (e.id, e.contact.email.as_str())).collect();
    for event in events {
        let Some(id) = event.exchange_id.filter(|_| about_a_reply(event.kind)) else { continue };
        let chain = read.get(&id).and_then(|chain| chain.as_ref().ok());
        let contact = contacts.get(&id).copied().unwrap_or_default();
        let snippet = chain.and_then(|chain| summarise(&chain.items, contact, zone));
        event.text = snippet.map(|snippet| snippet.line).filter(|line| !line.is_empty());
    }
}
