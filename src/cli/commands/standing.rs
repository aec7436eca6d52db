//! The inbox as it stands now for the session's profile, as `outreach todo` and `outreach
//! status` read it: the local marks, who spoke last in each hot reply (its chain), which
//! opt-outs' contacts are on the do-not-contact list, the "Needs you" list (`crate::needs`)
//! and the glance (`crate::glance`) both commands save for the status line. One reading, so
//! the two commands and the status line count the same replies.

use crate::api::{Bot, Campaign, Contact, Exchange, ExchangeStatus, Timestamp};
use crate::cli::context::Context;
use crate::cli::output::streams::warn;
use crate::clock::Zone;
use crate::glance::{Glance, MarkFacts};
use crate::inbox::snippet::summarise;
use crate::inbox::{Category, Facts, Snippet};
use crate::local::MarkBook;
use crate::needs::{Inputs, Need, ReplyFacts, needs};
use chrono::{DateTime, Utc};
use std::collections::{HashMap, HashSet};

/// What the inbox holds for a person now.
pub(crate) struct Standing {
    pub facts: MarkFacts,
    /// "Needs you", most pressing first.
    pub needs: Vec<Need>,
    pub now: DateTime<Utc>,
    pub zone: Zone,
}

impl Standing {
    /// Reads the marks, the chains of the hot replies and the do-not-contact flags of the
    /// opt-outs' contacts, and makes the list of what needs a person.
    pub async fn read(
        context: &Context,
        inbox: &[Exchange],
        campaigns: &[Campaign],
        bots: &[Bot],
    ) -> Standing {
        let now = Utc::now();
        let zone = Zone::Local;
        let mut facts = marks(context, now);
        facts.snippets = last_writers(context, inbox, &facts).await;
        let dnc = on_dnc(context, inbox).await;
        let on_dnc = |party: &crate::api::Party| dnc.as_ref().map(|dnc| dnc.contains(&party.id));
        let reply = |exchange: &Exchange| ReplyFacts {
            handled: facts.is_handled(exchange),
            snoozed: facts.snoozed_until(exchange).is_some(),
            last: facts.last_writer(exchange),
        };
        let needs = needs(&Inputs {
            exchanges: inbox,
            campaigns,
            bots,
            on_dnc: &on_dnc,
            reply: &reply,
            now,
            zone,
            thresholds: context.session.needs,
        });
        Standing { facts, needs, now, zone }
    }

    /// The glance of this reading, for the status line.
    pub fn glance(&self, context: &Context, inbox: &[Exchange]) -> Glance {
        let today = self.zone.date(self.now);
        Glance::of(&context.session.profile, inbox, &self.facts, &self.needs, today, self.now)
    }

    /// Saves the glance for `outreach status --format tmux`. A glance that cannot be kept
    /// only goes to the log: the command's own answer matters more.
    pub fn save_glance(&self, context: &Context, inbox: &[Exchange]) -> Glance {
        let glance = self.glance(context, inbox);
        if let Err(error) = crate::glance::save(&glance) {
            tracing::warn!(%error, "could not save the glance for the status line");
        }
        glance
    }
}

/// The marks of the session's scope as they stand at `now`; when they cannot be read, none
/// (with a warning): every reply then counts as seen and unhandled, so lists show more,
/// never less.
pub(crate) fn marks(context: &Context, now: DateTime<Utc>) -> MarkFacts {
    let (local, scope) = super::replies::marks::open(context);
    let book = MarkBook::local(&local);
    let now = Timestamp(now);
    let read = book.first_use(&scope).and_then(|first| Ok((first, book.marks(&scope)?)));
    let (first_use, marks) = read.unwrap_or_else(|error| {
        warn(&context.term, &format!("The handled marks could not be read ({error})."));
        (now, HashMap::new())
    });
    MarkFacts { marks, first_use, snippets: HashMap::new(), now }
}

/// Who wrote last in each hot reply that is not handled or snoozed, from its chain (an
/// absence notice reads as away), as the dashboard reads them. A chain that cannot be read
/// leaves it unknown: counted as waiting, as `replies --check` counts it.
async fn last_writers(
    context: &Context,
    inbox: &[Exchange],
    facts: &MarkFacts,
) -> HashMap<i64, Snippet> {
    let wanted: Vec<&Exchange> = inbox
        .iter()
        .filter(|e| Category::of(&e.status).is_hot())
        .filter(|e| !facts.is_handled(e) && facts.snoozed_until(e).is_none())
        .collect();
    latest_messages(context, &wanted).await
}

/// The latest message of each of these replies, from its chain (who wrote it, its first
/// line, an absence); a chain that cannot be read is left out.
pub(crate) async fn latest_messages(
    context: &Context,
    wanted: &[&Exchange],
) -> HashMap<i64, Snippet> {
    let contacts: HashMap<i64, &str> =
        wanted.iter().map(|e| (e.id, e.contact.email.as_str())).collect();
    let chains =
        super::replies::snippets::chains(&context.client, wanted.iter().map(|e| e.id)).await;
    chains
        .into_iter()
        .filter_map(|(id, chain)| {
            let contact = contacts.get(&id)?;
            Some((id, summarise(&chain.ok()?.items, contact, &Zone::Local)?))
        })
        .collect()
}

/// The contacts of opt-outs (handled or not: a handled one stays until its address is
/// listed) that are on the do-not-contact list. The contact list is read only when there is
/// an opt-out to check; `None` when it could not be read (the items then say so rather than
/// guess).
pub(crate) async fn on_dnc(context: &Context, replies: &[Exchange]) -> Option<HashSet<i64>> {
    let asked: HashSet<i64> = replies
        .iter()
        .filter(|e| matches!(e.status, ExchangeStatus::UnsubRequest | ExchangeStatus::UnsubLink))
        .map(|e| e.contact.id)
        .collect();
    if asked.is_empty() {
        return Some(HashSet::new());
    }
    let mut listed = HashSet::new();
    let read = context
        .client
        .stream_contacts(|contact: &Contact| {
            if contact.dnc && asked.contains(&contact.id) {
                listed.insert(contact.id);
            }
            true
        })
        .await;
    match read {
        Ok(_) => Some(listed),
        Err(error) => {
            warn(
                &context.term,
                &format!(
                    "The contact list could not be read ({error}): opt-outs are listed unchecked."
                ),
            );
            None
        }
    }
}
