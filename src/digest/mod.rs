//! What happened over a window of days, for a person who was not watching: the replies that
//! came in by category with the hot ones' first lines, meetings booked and held, bots not
//! healthy now and the changes of their health (when a history was kept), the opt-outs not
//! honoured, and the writes made from this machine — for the organisation and per campaign.
//! `outreach digest` prints it as text, Markdown or an HTML e-mail body.
//!
//! Every count is another room's: replies in a window and meetings booked as `results`
//! counts them, where a meeting stands by [`MeetingState`], bot health by
//! [`crate::bots::standing`], opt-outs by [`crate::needs`], writes from [`crate::audit`].
//! Every text in a [`Digest`] is sanitised; a renderer escapes it for its format.

mod changes;

pub use changes::{BotChange, BotChanges};

use crate::api::{Bot, Campaign, Exchange, Meeting};
use crate::audit::Record;
use crate::bots::{Standing, problems, standing};
use crate::inbox::Category;
use crate::needs::honoured::{Deadline, OptOutTally};
use crate::needs::{Kind, Need, Subject, who};
use crate::results::{Basis, MeetingState, Window};
use crate::text::sanitize;
use chrono::{DateTime, NaiveDate, Utc};
use std::collections::{BTreeMap, HashMap};

/// A hot reply that came in, with the first meaningful line of the contact's latest message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HotReply {
    pub exchange_id: i64,
    pub category: String,
    /// The contact's name, else address.
    pub who: String,
    pub email: String,
    /// Empty when the chain could not be read or says nothing but a greeting.
    pub snippet: String,
    pub at: Option<DateTime<Utc>>,
}

/// An opt-out not honoured: who asked, whom to add to do not contact, and by when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptOut {
    pub exchange_id: i64,
    /// The contact's name, else address.
    pub who: String,
    pub task: String,
    pub due: Option<NaiveDate>,
    /// Its do-not-contact state could not be read: not known to be pending.
    pub unchecked: bool,
    /// Its deadline is behind us.
    pub overdue: bool,
}

/// A write made from this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Write {
    pub time: DateTime<Utc>,
    pub operation: String,
    /// What it named: `campaign 7`, `a@b.com and 2 more`.
    pub target: String,
    pub ok: bool,
    /// `tui` or `cli`.
    pub source: &'static str,
}

/// What one campaign (or the whole organisation) had over the window.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Section {
    pub replies: usize,
    /// Replies by category, in the inbox's order; only categories with replies.
    pub by_category: Vec<(String, usize)>,
    pub hot: Vec<HotReply>,
    /// Meetings booked in the window (`results`' booked).
    pub booked: usize,
    /// Meetings held in the window: not cancelled, over, and ended on a day of the window.
    pub held: usize,
    /// Every opt-out not honoured, whenever it was asked.
    pub opt_outs: Vec<OptOut>,
    /// The opt-outs asked over the window, by how they stand against their deadline.
    pub opt_out_deadlines: OptOutTally,
    pub writes: Vec<Write>,
}

impl Section {
    /// Nothing happened and nothing waits.
    pub fn is_empty(&self) -> bool {
        *self == Section::default()
    }
}

/// A bot that is not healthy now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotLine {
    pub id: i64,
    pub email: String,
    /// `needs attention: mailbox PAUSED, SSL invalid`, `ending`, `cooling off`.
    pub state: String,
}

/// A campaign's part: its id, its name (sanitised; `#id` when the campaign is not listed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignPart {
    pub id: i64,
    pub name: String,
    pub section: Section,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Digest {
    pub window: Window,
    pub all: Section,
    /// Campaigns with something to tell, the most replies first.
    pub campaigns: Vec<CampaignPart>,
    pub bots: Vec<BotLine>,
    pub bot_changes: BotChanges,
}

/// What a digest is made from.
pub struct Inputs<'a> {
    pub basis: Basis<'a>,
    /// The inbox (every day: opt-outs pending may be older than the window).
    pub exchanges: &'a [Exchange],
    pub meetings: &'a [Meeting],
    pub campaigns: &'a [Campaign],
    pub bots: &'a [Bot],
    /// "Needs you", as `crate::needs` made it from the same lists.
    pub needs: &'a [Need],
    /// The contact's latest line per hot reply whose chain was read.
    pub snippets: &'a HashMap<i64, String>,
    /// The audit log's records of this profile and server (any time: filtered here).
    pub writes: &'a [Record],
    /// Business days to honour an opt-out (`[needs] unsubscribe_days`).
    pub unsubscribe_days: u32,
    pub bot_changes: BotChanges,
}

/// Whose section an item goes to: the organisation's, and its campaign's when it has one.
struct Sections {
    all: Section,
    by_campaign: BTreeMap<i64, Section>,
}

impl Sections {
    fn add(&mut self, campaign: Option<i64>, change: impl Fn(&mut Section)) {
        change(&mut self.all);
        if let Some(id) = campaign {
            change(self.by_campaign.entry(id).or_default());
        }
    }
}

impl Digest {
    pub fn of(inputs: Inputs<'_>) -> Digest {
        let basis = inputs.basis;
        let mut sections = Sections { all: Section::default(), by_campaign: BTreeMap::new() };
        let mut categories: BTreeMap<Option<i64>, BTreeMap<Category, usize>> = BTreeMap::new();
        for exchange in basis.replies(inputs.exchanges) {
            let category = Category::of(&exchange.status);
            for key in [None, Some(exchange.campaign_id)] {
                *categories.entry(key).or_default().entry(category.clone()).or_default() += 1;
            }
            let hot = category.is_hot().then(|| hot_reply(exchange, &category, inputs.snippets));
            sections.add(Some(exchange.campaign_id), |section| {
                section.replies += 1;
                section.hot.extend(hot.clone());
            });
        }
        for meeting in basis.meetings(inputs.meetings) {
            sections.add(meeting.campaign.as_ref().map(|c| c.id), |s| s.booked += 1);
        }
        for meeting in inputs.meetings.iter().filter(|m| held_in(m, &basis)) {
            sections.add(meeting.campaign.as_ref().map(|c| c.id), |s| s.held += 1);
        }
        let by_id: HashMap<i64, &Exchange> = inputs.exchanges.iter().map(|e| (e.id, e)).collect();
        let today = basis.zone.date(basis.now);
        // Whether each opt-out's contact is on the list, as "Needs you" found it: one still
        // there waits (or was not checked); one gone from it is on the list.
        let mut waiting: HashMap<i64, bool> = HashMap::new();
        for need in inputs.needs.iter().filter(|need| need.kind == Kind::OptOut) {
            let Subject::Exchange(id) = need.subject else { continue };
            waiting.insert(id, need.unchecked);
            let exchange = by_id.get(&id);
            let opt_out = OptOut {
                exchange_id: id,
                who: exchange.map(|e| who(e)).unwrap_or_default(),
                task: sanitize(&need.task),
                due: need.due,
                unchecked: need.unchecked,
                overdue: need.due.is_some_and(|due| due < today),
            };
            let campaign = exchange.map(|e| e.campaign_id);
            sections.add(campaign, |s| s.opt_outs.push(opt_out.clone()));
        }
        let listed_at = crate::audit::listed_at(inputs.writes);
        let deadline = Deadline {
            zone: basis.zone,
            today,
            days: inputs.unsubscribe_days,
            listed_at: &listed_at,
        };
        for exchange in inputs.exchanges {
            let on_list = match waiting.get(&exchange.id) {
                Some(true) => None,
                Some(false) => Some(false),
                None => Some(true),
            };
            let Some(opt_out) = deadline.of(exchange, on_list) else { continue };
            if basis.window.contains(opt_out.asked) {
                sections
                    .add(Some(exchange.campaign_id), |s| s.opt_out_deadlines.add(&opt_out, today));
            }
        }
        for record in
            inputs.writes.iter().filter(|r| basis.window.contains(basis.zone.date(r.time)))
        {
            let write = Write {
                time: record.time,
                operation: sanitize(&record.operation),
                target: sanitize(&record.target()),
                ok: record.ok,
                source: record.source.as_str(),
            };
            sections.add(record.campaign_id, |s| s.writes.push(write.clone()));
        }
        let names: HashMap<i64, &str> =
            inputs.campaigns.iter().map(|c| (c.id, c.name.as_str())).collect();
        let mut all = sections.all;
        all.by_category = ordered(categories.remove(&None).unwrap_or_default());
        let mut campaigns: Vec<CampaignPart> = sections
            .by_campaign
            .into_iter()
            .map(|(id, mut section)| {
                section.by_category = ordered(categories.remove(&Some(id)).unwrap_or_default());
                let name = names.get(&id).map_or_else(|| format!("#{id}"), |name| sanitize(name));
                CampaignPart { id, name, section }
            })
            .collect();
        crate::sorting::sort_by(&mut campaigns, |a, b| {
            b.section.replies.cmp(&a.section.replies).then(a.id.cmp(&b.id))
        });
        Digest {
            window: basis.window,
            all,
            campaigns,
            bots: unhealthy(inputs.bots),
            bot_changes: inputs.bot_changes,
        }
    }
}

fn hot_reply(
    exchange: &Exchange,
    category: &Category,
    snippets: &HashMap<i64, String>,
) -> HotReply {
    let contact = &exchange.contact;
    HotReply {
        exchange_id: exchange.id,
        category: category.label().to_string(),
        who: who(exchange),
        email: sanitize(&contact.email),
        snippet: snippets.get(&exchange.id).map(|line| sanitize(line)).unwrap_or_default(),
        at: exchange.updated_at.map(|at| at.0),
    }
}

/// Categories in the inbox's order (the named ones, then the others by name).
fn ordered(counts: BTreeMap<Category, usize>) -> Vec<(String, usize)> {
    counts.into_iter().map(|(category, n)| (sanitize(category.label()), n)).collect()
}

/// Held ([`MeetingState::Held`]) and over on a day of the window.
fn held_in(meeting: &Meeting, basis: &Basis<'_>) -> bool {
    let over = meeting.end.or(meeting.start);
    MeetingState::of(meeting, basis.now) == MeetingState::Held
        && over.is_some_and(|at| basis.window.contains(basis.zone.date(at.0)))
}

/// The bots that are not healthy now (retired ones are gone on purpose, not unhealthy).
fn unhealthy(bots: &[Bot]) -> Vec<BotLine> {
    bots.iter()
        .filter_map(|bot| {
            let state = match standing(bot) {
                Standing::Attention => format!("needs attention: {}", problems(bot).join(", ")),
                Standing::Ending => "ending (scheduled for cancellation)".to_string(),
                Standing::CoolingOff => "cooling off (not sending)".to_string(),
                Standing::Healthy | Standing::Retired => return None,
            };
            Some(BotLine { id: bot.id, email: sanitize(&bot.email), state: sanitize(&state) })
        })
        .collect()
}

#[cfg(test)]
mod tests;
