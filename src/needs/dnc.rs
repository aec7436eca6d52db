//! Whether the contacts who asked to stop are on the do-not-contact list, from a loaded
//! contact list: the dashboard's "Needs you" and its observer read it the same way.

use crate::api::{Contact, Exchange, ExchangeStatus, Party};
use std::collections::{HashMap, HashSet};

/// The do-not-contact flag of each opt-out's contact found in `contacts`, by contact id.
/// Only the contacts of opt-outs are looked up, and the scan stops once each is found: the
/// contact list may hold a million rows. A contact not found is not in the map.
pub fn opt_outs_on_list(exchanges: &[Exchange], contacts: &[Contact]) -> HashMap<i64, bool> {
    let asked: HashSet<i64> = exchanges
        .iter()
        .filter(|e| matches!(e.status, ExchangeStatus::UnsubRequest | ExchangeStatus::UnsubLink))
        .map(|e| e.contact.id)
        .collect();
    let mut found = HashMap::new();
    for contact in contacts {
        if found.len() == asked.len() {
            break;
        }
        if asked.contains(&contact.id) {
            found.insert(contact.id, contact.dnc);
        }
    }
    found
}

/// Whether `party` is on the do-not-contact list, from [`opt_outs_on_list`]'s answer:
/// `None` while the contacts are not loaded; a contact the loaded list does not hold is
/// taken as not on it.
pub fn on_list(found: Option<&HashMap<i64, bool>>, party: &Party) -> Option<bool> {
    found.map(|found| found.get(&party.id).copied().unwrap_or(false))
}
