//! One look at an organisation: what it looks like at a moment — its lists, the marks of the
//! profile's one marks store, and what each reply's chain says (who wrote last, an absence
//! and the day the contact is back) — built by one function and read by every surface that
//! counts: `todo`, `status` and the glance it saves, `watch` and its hooks, `brief`,
//! `digest`. A part that could not be read is unknown (`on_dnc` `None`, `unread_chains`),
//! never guessed.

pub mod chains;
pub mod dnc;
pub mod marks;

use crate::api::{ApiError, Bot, Campaign, Client, Exchange, ExchangeStatus, Party};
use crate::clock::Zone;
use crate::glance::{Glance, MarkFacts};
use crate::inbox::{Category, Facts};
use crate::local::{ObservedState, Scope};
use crate::needs::{Inputs, Need, ReplyFacts, Thresholds};
use chains::Budget;
use chrono::{DateTime, Utc};

/// The lists a look is made from, as fetched.
pub struct Lists<'a> {
    /// The inbox: every reply of both groups, each once (`crate::inbox::fetch`).
    pub inbox: &'a [Exchange],
    pub campaigns: &'a [Campaign],
    pub bots: &'a [Bot],
}

/// What an organisation looks like at `now`, for one person.
pub struct Look<'a> {
    pub lists: Lists<'a>,
    /// The marks (new, handled, snoozed) with what the chains said.
    pub facts: MarkFacts,
    /// The contacts of opt-outs that are on the do-not-contact list, or why the contact
    /// list could not be read.
    pub on_dnc: Result<dnc::Listed, ApiError>,
    /// Replies whose chain was wanted and is not known: who waits there is unknown.
    pub unread_chains: usize,
    /// Chains asked of the server for this look (the rest were remembered).
    pub chains_asked: usize,
    pub now: DateTime<Utc>,
    pub zone: Zone,
    pub thresholds: Thresholds,
}

/// Where a look finds what is not in the lists.
pub struct Sources<'a> {
    pub client: &'a Client,
    /// What the chains said, remembered across looks and processes.
    pub memory: &'a ObservedState,
    pub scope: &'a Scope,
}

impl<'a> Look<'a> {
    /// Looks: reads the chains that are wanted and not remembered (within `budget`) and,
    /// when an opt-out is in the inbox, the contact list.
    pub async fn read(
        lists: Lists<'a>,
        mut facts: MarkFacts,
        sources: Sources<'_>,
        thresholds: Thresholds,
        budget: Budget,
    ) -> Look<'a> {
        let zone = Zone::Local;
        let wanted = chains_wanted(lists.inbox, &facts);
        let (reading, on_dnc) = tokio::join!(
            chains::read(sources.client, sources.memory, sources.scope, &wanted, &zone, budget),
            dnc::on_dnc(sources.client, sources.memory, sources.scope, lists.inbox, facts.now.0),
        );
        facts.snippets = reading.snippets;
        Look {
            lists,
            now: facts.now.0,
            facts,
            on_dnc,
            unread_chains: reading.unread,
            chains_asked: reading.asked,
            zone,
            thresholds,
        }
    }

    /// Whether every part was read: only then is a glance kept for the status line.
    pub fn is_whole(&self) -> bool {
        self.unread_chains == 0 && self.on_dnc.is_ok()
    }

    /// What the "Needs you" list is made from: this look's lists and facts.
    pub fn with_inputs<R>(&self, work: impl FnOnce(&Inputs<'_>) -> R) -> R {
        let on_dnc =
            |party: &Party| self.on_dnc.as_ref().ok().map(|l| l.contacts.contains(&party.id));
        let reply = |exchange: &Exchange| self.reply_facts(exchange);
        work(&Inputs {
            exchanges: self.lists.inbox,
            campaigns: self.lists.campaigns,
            bots: self.lists.bots,
            on_dnc: &on_dnc,
            reply: &reply,
            now: self.now,
            zone: self.zone,
            thresholds: self.thresholds,
        })
    }

    /// "Needs you", most pressing first.
    pub fn needs(&self) -> Vec<Need> {
        self.with_inputs(crate::needs::needs)
    }

    /// What the needs list asks of one reply.
    pub fn reply_facts(&self, exchange: &Exchange) -> ReplyFacts {
        ReplyFacts {
            handled: self.facts.is_handled(exchange),
            snoozed: self.facts.snoozed_until(exchange).is_some(),
            last: self.facts.last_writer(exchange),
            away: self.facts.away_until(exchange).is_some(),
        }
    }

    /// The glance of this look, for the status line.
    pub fn glance(&self, profile: &str, needs: &[Need]) -> Glance {
        let today = self.zone.date(self.now);
        Glance::of(profile, self.lists.inbox, &self.facts, needs, today, self.now)
    }
}

/// The replies whose chain a look reads: those not handled or snoozed that are hot (who
/// waits is in the chain) or new by the marks (an absence notice is not new until the
/// contact is back, and only the chain tells it is one); opt-outs are decided by the
/// contact list, not the chain.
fn chains_wanted<'e>(inbox: &'e [Exchange], facts: &MarkFacts) -> Vec<&'e Exchange> {
    let wanted = |e: &&Exchange| {
        let set_aside = facts.is_handled(e) || facts.snoozed_until(e).is_some();
        wants_chain(e, set_aside, facts.is_new(e))
    };
    inbox.iter().filter(wanted).collect()
}

/// Whether a look reads a reply's chain: not handled or snoozed (`set_aside`), not an
/// opt-out, and hot or new by the marks.
pub fn wants_chain(exchange: &Exchange, set_aside: bool, new: bool) -> bool {
    let opt_out =
        matches!(exchange.status, ExchangeStatus::UnsubRequest | ExchangeStatus::UnsubLink);
    !opt_out && !set_aside && (Category::of(&exchange.status).is_hot() || new)
}
