//! Which opt-outs' contacts are on the do-not-contact list, as `outreach todo` and `status`
//! know it (`crate::look::dnc`: the contact list read, or what it said a few minutes ago
//! remembered by any process of the profile), so that the dashboard's "Needs you" lists the
//! same opt-outs with the same deadlines before — or without — the Contacts pane loading
//! the whole list. Asked for after each load of the inbox; read off the UI thread.

use crate::api::{Client, Contact, Exchange, Items, Party};
use crate::local::{ObservedState, Scope};
use crate::look::dnc::{Listed, on_dnc};
use chrono::{DateTime, Utc};

/// Check the inbox's opt-outs against the do-not-contact list.
#[derive(Debug, Clone, PartialEq)]
pub struct DncJob {
    pub scope: Scope,
    pub inbox: Items<Exchange>,
    pub now: DateTime<Utc>,
}

impl DncJob {
    /// Reads the contact list unless what it said is remembered and still answers.
    pub async fn perform(&self, client: &Client, memory: &ObservedState) -> Result<Listed, String> {
        (on_dnc(client, memory, &self.scope, &self.inbox, self.now).await)
            .map_err(|error| error.to_string())
    }
}

/// What the dashboard knows of the opt-outs' contacts, for one session.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DncKnown {
    /// The last answer: the contacts on the list, or why the list could not be read.
    pub listed: Option<Result<Listed, String>>,
    /// Moves with each answer (the needs list is made again).
    pub version: u64,
}

impl DncKnown {
    /// Whether this opt-out's contact is on the list: `None` when not known.
    pub fn on_list(&self, contact: i64) -> Option<bool> {
        match &self.listed {
            Some(Ok(listed)) => Some(listed.contacts.contains(&contact)),
            _ => None,
        }
    }

    /// Whether an opt-out's contact is on the list, as "Needs you" asks it: from this check
    /// once known, else from the contact list when it is loaded (`contacts`), else unknown.
    pub fn check<'a>(
        &'a self,
        exchanges: &[Exchange],
        contacts: Option<&[Contact]>,
    ) -> impl Fn(&Party) -> Option<bool> + 'a {
        let found = (contacts.filter(|_| self.listed.is_none()))
            .map(|contacts| crate::needs::opt_outs_on_list(exchanges, contacts));
        move |party: &Party| match self.listed {
            Some(_) => self.on_list(party.id),
            None => crate::needs::on_list(found.as_ref(), party),
        }
    }

    /// Takes an answer.
    pub fn take(&mut self, answer: Result<Listed, String>) {
        if let Err(error) = &answer {
            tracing::warn!(%error, "the contact list could not be read for the opt-outs");
        }
        // A failure after a good reading keeps the reading: the list only grows.
        if answer.is_ok() || !matches!(self.listed, Some(Ok(_))) {
            self.listed = Some(answer);
        }
        self.version += 1;
    }
}
