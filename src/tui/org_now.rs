//! The organisation as the dashboard holds it at one moment, handed to a worker as it is
//! held — the lists as `Arc`s, the marks and chains as [`Held`], what is known of the
//! opt-outs' contacts — so that what is made from all of it (the observer's look, the last
//! look the brief keeps) is made off the UI thread, from the one set of inputs "Needs you"
//! is made from.

use crate::api::{Bot, Campaign, Contact, Exchange, Items, Meeting};
use crate::clock::Zone;
use crate::needs::{Inputs, Thresholds};
use crate::observe::Snapshot;
use crate::tui::dnc::DncKnown;
use crate::tui::inbox::held::Held;
use chrono::{DateTime, Utc};
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct OrgNow {
    pub exchanges: Items<Exchange>,
    pub campaigns: Items<Campaign>,
    pub bots: Items<Bot>,
    /// The meetings the work needs: every one for the observer (as watch reads them), the
    /// results range's for the brief.
    pub meetings: Items<Meeting>,
    /// The opt-outs' contacts checked against the do-not-contact list as the commands
    /// check them, once known.
    pub dnc: DncKnown,
    /// The contact list, when loaded: the opt-outs are checked against it while the check
    /// above is not known.
    pub contacts: Option<Items<Contact>>,
    pub replies: Held,
    /// The moment it stands for.
    pub at: DateTime<Utc>,
    pub zone: Zone,
    pub thresholds: Thresholds,
}

impl OrgNow {
    /// Hands `work` the needs' inputs and the meetings (blocking: per-row work, for a
    /// worker).
    pub fn with_inputs<R>(&self, work: impl FnOnce(&Inputs<'_>, &[Meeting]) -> R) -> R {
        let on_dnc = self.dnc.check(&self.exchanges, self.contacts.as_deref().map(Vec::as_slice));
        let reply = |exchange: &Exchange| self.replies.reply_facts(exchange);
        let inputs = Inputs {
            exchanges: &self.exchanges,
            campaigns: &self.campaigns,
            bots: &self.bots,
            on_dnc: &on_dnc,
            reply: &reply,
            now: self.at,
            zone: self.zone,
            thresholds: self.thresholds,
        };
        work(&inputs, &self.meetings)
    }

    /// A snapshot of it, as a look keeps one (blocking: it asks every reply).
    pub fn snapshot(&self) -> Snapshot {
        self.with_inputs(Snapshot::take)
    }
}

/// Told apart by what they were made from: the same lists (by address), marks and chains
/// at the same moment are the same.
impl PartialEq for OrgNow {
    fn eq(&self, other: &OrgNow) -> bool {
        let contacts_same = match (&self.contacts, &other.contacts) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        self.at == other.at
            && Arc::ptr_eq(&self.exchanges, &other.exchanges)
            && Arc::ptr_eq(&self.campaigns, &other.campaigns)
            && Arc::ptr_eq(&self.bots, &other.bots)
            && Arc::ptr_eq(&self.meetings, &other.meetings)
            && contacts_same
            && self.dnc == other.dnc
            && Arc::ptr_eq(&self.replies.marks, &other.replies.marks)
            && Arc::ptr_eq(&self.replies.snippets, &other.replies.snippets)
            && self.replies.clock == other.replies.clock
    }
}
