//! "While you were away": what changed between the snapshot kept at the user's last look
//! and one taken now — new replies by category (the hot ones named), replies whose category
//! changed, meetings booked and cancelled, bots that changed state, campaigns whose status
//! changed — and the span it covers. Pure: the snapshots hold ids and statuses only
//! (`crate::observe::Snapshot`), and the names come from the lists the new one was taken
//! from, sanitised. The dashboard shows it as an overlay after an absence (`[brief]
//! after_hours`); `outreach brief` prints it. `words` lays it out for both; `since` finds
//! the kept snapshot to start from for `--since`.

pub mod since;
mod words;

#[cfg(test)]
mod tests;

pub use words::{lines, title};

use crate::api::ExchangeStatus;
use crate::inbox::Category;
use crate::observe::{Event, EventKind, Lists, Names, Snapshot, diff};
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use std::collections::HashSet;

/// Meetings are compared only from this many days before now on. The dashboard sees the
/// meetings of its results range (7 days back at the least, and every later one) and the
/// command sees them all: a meeting older than that was never in the dashboard's lists, so
/// it would read as booked. A meeting with no start is left out for the same reason.
const MEETINGS_BACK_DAYS: i64 = 6;

/// What changed while the user was away.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Brief {
    /// When the snapshot it starts from was taken (the last look).
    pub since: DateTime<Utc>,
    /// When the one it ends at was taken (now).
    pub until: DateTime<Utc>,
    /// New replies by category, in the category bar's order; only categories with some.
    pub replies: Vec<CategoryCount>,
    /// The new hot replies (interested, referral), newest first.
    pub hot: Vec<Reply>,
    /// Replies whose category changed with no new message.
    pub recategorised: Vec<Reply>,
    pub meetings_booked: Vec<MeetingChange>,
    pub meetings_cancelled: Vec<MeetingChange>,
    pub bots: Vec<StateChange>,
    /// Campaigns whose status changed (started, paused, finished), and new ones.
    pub campaigns: Vec<StateChange>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CategoryCount {
    /// The category's label ("Interested").
    pub category: String,
    pub count: usize,
}

/// A reply named: who and in which campaign.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reply {
    pub exchange_id: i64,
    pub contact: Option<String>,
    pub campaign: Option<String>,
    /// Its category's label now.
    pub category: String,
    /// Its category before, for a change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous_category: Option<String>,
    /// When it last moved.
    pub at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeetingChange {
    pub meeting_id: i64,
    pub contact: Option<String>,
    pub campaign: Option<String>,
    pub start: Option<DateTime<Utc>>,
}

/// A bot or a campaign going from one state to another (`from` is `None` for one new to
/// the list).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StateChange {
    pub id: i64,
    /// The bot's address or the campaign's name.
    pub name: Option<String>,
    pub from: Option<String>,
    pub to: String,
}

impl Brief {
    /// What changed from `old` to `new`, named from `lists` (what `new` was taken from).
    pub fn of(old: &Snapshot, new: &Snapshot, lists: &Lists<'_>) -> Brief {
        let mut events = diff(old, new, new.taken_at, &lists.needs.thresholds);
        let names = Names::of(lists);
        for event in &mut events {
            names.fill(event);
        }
        let moved: HashSet<i64> = events
            .iter()
            .filter(|event| event.kind == EventKind::ReplyReceived)
            .filter_map(|event| event.exchange_id)
            .collect();
        let comparable = new.taken_at - Duration::days(MEETINGS_BACK_DAYS);
        let meeting = |event: &Event| {
            event.since.filter(|start| *start >= comparable).map(|start| MeetingChange {
                meeting_id: event.meeting_id.unwrap_or_default(),
                contact: event.contact_name.clone(),
                campaign: event.campaign.clone(),
                start: Some(start),
            })
        };
        let mut brief = Brief {
            since: old.taken_at,
            until: new.taken_at,
            replies: Vec::new(),
            hot: Vec::new(),
            recategorised: Vec::new(),
            meetings_booked: Vec::new(),
            meetings_cancelled: Vec::new(),
            bots: Vec::new(),
            campaigns: campaign_changes(old, new, &names),
        };
        let mut counts: Vec<(Category, usize)> = Vec::new();
        for event in &events {
            match event.kind {
                EventKind::ReplyReceived => {
                    let category = category_of(event);
                    match counts.iter_mut().find(|(seen, _)| *seen == category) {
                        Some((_, count)) => *count += 1,
                        None => counts.push((category.clone(), 1)),
                    }
                    if category.is_hot() {
                        brief.hot.push(reply(event));
                    }
                }
                EventKind::CategoryChanged
                    if !event.exchange_id.is_some_and(|id| moved.contains(&id)) =>
                {
                    brief.recategorised.push(reply(event));
                }
                EventKind::MeetingBooked => brief.meetings_booked.extend(meeting(event)),
                EventKind::MeetingCancelled => brief.meetings_cancelled.extend(meeting(event)),
                EventKind::BotChanged => brief.bots.push(StateChange {
                    id: event.bot_id.unwrap_or_default(),
                    name: event.bot_email.clone(),
                    from: event.from.clone(),
                    to: event.to.clone().unwrap_or_default(),
                }),
                _ => {}
            }
        }
        crate::sorting::sort_by(&mut counts, |a, b| {
            order(&a.0).cmp(&order(&b.0)).then(a.0.cmp(&b.0))
        });
        brief.replies = counts
            .into_iter()
            .map(|(category, count)| CategoryCount {
                category: category.label().to_string(),
                count,
            })
            .collect();
        crate::sorting::sort_by(&mut brief.hot, |a, b| {
            b.at.cmp(&a.at).then(a.exchange_id.cmp(&b.exchange_id))
        });
        brief
    }

    /// How many new replies in all.
    pub fn new_replies(&self) -> usize {
        self.replies.iter().map(|count| count.count).sum()
    }

    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        self.replies.is_empty()
            && self.recategorised.is_empty()
            && self.meetings_booked.is_empty()
            && self.meetings_cancelled.is_empty()
            && self.bots.is_empty()
            && self.campaigns.is_empty()
    }
}

fn category_of(event: &Event) -> Category {
    Category::of(&ExchangeStatus::from_wire(event.status.as_deref().unwrap_or_default()))
}

/// A category's place in the category bar (another status after the named ones).
fn order(category: &Category) -> usize {
    Category::NAMED.iter().position(|named| named == category).unwrap_or(Category::NAMED.len())
}

fn reply(event: &Event) -> Reply {
    Reply {
        exchange_id: event.exchange_id.unwrap_or_default(),
        contact: event.contact_name.clone(),
        campaign: event.campaign.clone(),
        category: category_of(event).label().to_string(),
        previous_category: event.previous_category.clone(),
        at: event.since,
    }
}

/// Campaigns new to the list or whose status changed, by id.
fn campaign_changes(old: &Snapshot, new: &Snapshot, names: &Names<'_>) -> Vec<StateChange> {
    new.campaigns
        .iter()
        .filter(|(id, status)| old.campaigns.get(id) != Some(status))
        .map(|(&id, status)| StateChange {
            id,
            name: names.campaign(id),
            from: old.campaigns.get(&id).cloned(),
            to: status.clone(),
        })
        .collect()
}
