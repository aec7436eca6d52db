//! The counts of one campaign, one bot or the whole organisation over a [`Window`], and the
//! one place that says which reply and which meeting count (see the module above).

use super::meeting::MeetingState;
use super::window::Window;
use crate::api::{Exchange, ExchangeGroup, Meeting, Timestamp};
use crate::clock::Zone;
use crate::inbox::Category;
use chrono::{DateTime, Utc};
use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::collections::{BTreeMap, BTreeSet};

/// Meetings booked in the window: booked = held + upcoming + cancelled.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct MeetingTally {
    pub booked: usize,
    /// Not cancelled and over ([`MeetingState::Held`]).
    pub held: usize,
    /// Not cancelled and not over yet, or with no time yet.
    pub upcoming: usize,
    pub cancelled: usize,
}

/// What one campaign, one bot or the organisation achieved in a window.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    /// Replied conversations last updated in the window.
    pub replies: usize,
    /// `replies` by category; the values add up to `replies`.
    pub by_category: BTreeMap<Category, usize>,
    pub meetings: MeetingTally,
    /// The latest reply update or meeting booking in the window.
    pub last_activity: Option<Timestamp>,
    /// The campaigns these replies and meetings came from.
    pub campaigns: BTreeSet<i64>,
    /// The bots that held these conversations and booked these meetings.
    pub bots: BTreeSet<i64>,
}

impl Tally {
    /// Replies in the Interested category (as the inbox counts them).
    pub fn interested(&self) -> usize {
        self.count(&Category::Interested)
    }

    /// Replies in one category.
    pub fn count(&self, category: &Category) -> usize {
        self.by_category.get(category).copied().unwrap_or(0)
    }

    /// Meetings booked per reply; `None` without replies.
    pub fn rate(&self) -> Option<f64> {
        (self.replies > 0).then(|| self.meetings.booked as f64 / self.replies as f64)
    }

    /// The rate as a whole percentage ("38%"), "–" without replies.
    pub fn rate_text(&self) -> String {
        self.rate().map_or_else(|| "–".to_string(), |rate| format!("{:.0}%", rate * 100.0))
    }

    /// Categories with replies: the named ones in the inbox's order, then the others.
    pub fn categories(&self) -> Vec<(&Category, usize)> {
        self.by_category.iter().filter(|(_, count)| **count > 0).map(|(c, n)| (c, *n)).collect()
    }

    fn add_reply(&mut self, exchange: &Exchange) {
        self.replies += 1;
        *self.by_category.entry(Category::of(&exchange.status)).or_insert(0) += 1;
        self.seen(exchange.updated_at);
        self.campaigns.insert(exchange.campaign_id);
        self.bots.insert(exchange.bot.id);
    }

    fn add_meeting(&mut self, meeting: &Meeting, now: DateTime<Utc>) {
        let counts = &mut self.meetings;
        counts.booked += 1;
        match MeetingState::of(meeting, now) {
            MeetingState::Cancelled => counts.cancelled += 1,
            MeetingState::Held => counts.held += 1,
            MeetingState::Upcoming => counts.upcoming += 1,
        }
        self.seen(booked_at(meeting));
        self.campaigns.extend(meeting.campaign.as_ref().map(|c| c.id));
        self.bots.extend(meeting.bot.as_ref().map(|b| b.id));
    }

    fn seen(&mut self, at: Option<Timestamp>) {
        self.last_activity = self.last_activity.max(at);
    }
}

impl Serialize for Tally {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let by_category: BTreeMap<String, usize> = crate::sorting::map_of(
            self.categories().into_iter().map(|(category, n)| (category.slug(), n)),
        );
        let mut out = serializer.serialize_struct("Tally", 8)?;
        out.serialize_field("replies", &self.replies)?;
        out.serialize_field("interested", &self.interested())?;
        out.serialize_field("by_category", &by_category)?;
        out.serialize_field("meetings", &self.meetings)?;
        out.serialize_field("reply_to_meeting_rate", &self.rate())?;
        out.serialize_field("last_activity", &self.last_activity)?;
        out.serialize_field("campaigns", &self.campaigns)?;
        out.serialize_field("bots", &self.bots)?;
        out.end()
    }
}

/// When a meeting was booked: its creation, else its start.
fn booked_at(meeting: &Meeting) -> Option<Timestamp> {
    meeting.created_at.or(meeting.start)
}

/// Whose replies and meetings are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    All,
    Campaign(i64),
    Bot(i64),
}

impl Who {
    pub fn has_reply(self, exchange: &Exchange) -> bool {
        match self {
            Who::All => true,
            Who::Campaign(id) => exchange.campaign_id == id,
            Who::Bot(id) => exchange.bot.id == id,
        }
    }

    pub(super) fn has_meeting(self, meeting: &Meeting) -> bool {
        match self {
            Who::All => true,
            Who::Campaign(id) => meeting.campaign.as_ref().is_some_and(|c| c.id == id),
            Who::Bot(id) => meeting.bot.as_ref().is_some_and(|b| b.id == id),
        }
    }
}

/// What results are grouped by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Group {
    Campaign,
    Bot,
}

impl Group {
    pub(super) fn of_reply(self, exchange: &Exchange) -> Option<i64> {
        Some(match self {
            Group::Campaign => exchange.campaign_id,
            Group::Bot => exchange.bot.id,
        })
    }

    fn of_meeting(self, meeting: &Meeting) -> Option<i64> {
        match self {
            Group::Campaign => meeting.campaign.as_ref().map(|c| c.id),
            Group::Bot => meeting.bot.as_ref().map(|b| b.id),
        }
    }
}

/// The window, the zone its days are in, and now: what decides whether an item counts and
/// whether a meeting was held.
#[derive(Debug, Clone, Copy)]
pub struct Basis<'a> {
    pub window: Window,
    pub zone: &'a Zone,
    pub now: DateTime<Utc>,
}

impl Basis<'_> {
    fn in_window(&self, at: Option<Timestamp>) -> bool {
        at.is_some_and(|at| self.window.contains(self.zone.date(at.0)))
    }

    /// The replies that count: replied-group conversations last updated in the window.
    pub fn replies<'e>(&self, replies: &'e [Exchange]) -> impl Iterator<Item = &'e Exchange> {
        replies
            .iter()
            .filter(|e| e.status.in_group(&ExchangeGroup::Replied))
            .filter(move |e| self.in_window(e.updated_at))
    }

    /// The meetings that count: booked in the window.
    pub fn meetings<'m>(&self, meetings: &'m [Meeting]) -> impl Iterator<Item = &'m Meeting> {
        meetings.iter().filter(move |m| self.in_window(booked_at(m)))
    }

    /// The day a counted reply falls on.
    pub fn reply_day(&self, exchange: &Exchange) -> Option<chrono::NaiveDate> {
        exchange.updated_at.map(|at| self.zone.date(at.0))
    }

    /// The day a counted meeting was booked.
    pub fn meeting_day(&self, meeting: &Meeting) -> Option<chrono::NaiveDate> {
        booked_at(meeting).map(|at| self.zone.date(at.0))
    }
}

/// Everything the dashboard's lists show for one window: the organisation, each campaign and
/// each bot.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Results {
    pub window: Option<Window>,
    pub total: Tally,
    pub by_campaign: BTreeMap<i64, Tally>,
    pub by_bot: BTreeMap<i64, Tally>,
}

impl Results {
    pub fn compute(replies: &[Exchange], meetings: &[Meeting], basis: &Basis) -> Results {
        Results {
            window: Some(basis.window),
            total: Tally::of(replies, meetings, basis, Who::All),
            by_campaign: Tally::grouped(replies, meetings, basis, Who::All, Group::Campaign),
            by_bot: Tally::grouped(replies, meetings, basis, Who::All, Group::Bot),
        }
    }

    /// A campaign's tally (empty when it had no activity in the window).
    pub fn campaign(&self, id: i64) -> Option<&Tally> {
        self.by_campaign.get(&id)
    }

    pub fn bot(&self, id: i64) -> Option<&Tally> {
        self.by_bot.get(&id)
    }
}

impl Tally {
    /// What `who` achieved in the window.
    pub fn of(replies: &[Exchange], meetings: &[Meeting], basis: &Basis, who: Who) -> Tally {
        let mut tally = Tally::default();
        basis.replies(replies).filter(|e| who.has_reply(e)).for_each(|e| tally.add_reply(e));
        for meeting in basis.meetings(meetings).filter(|m| who.has_meeting(m)) {
            tally.add_meeting(meeting, basis.now);
        }
        tally
    }

    /// What `who` achieved in the window, per campaign or per bot (only those with
    /// activity; a meeting with no campaign or bot is in no group).
    pub fn grouped(
        replies: &[Exchange],
        meetings: &[Meeting],
        basis: &Basis,
        who: Who,
        by: Group,
    ) -> BTreeMap<i64, Tally> {
        let mut groups: BTreeMap<i64, Tally> = BTreeMap::new();
        for exchange in basis.replies(replies).filter(|e| who.has_reply(e)) {
            if let Some(key) = by.of_reply(exchange) {
                groups.entry(key).or_default().add_reply(exchange);
            }
        }
        for meeting in basis.meetings(meetings).filter(|m| who.has_meeting(m)) {
            if let Some(key) = by.of_meeting(meeting) {
                groups.entry(key).or_default().add_meeting(meeting, basis.now);
            }
        }
        groups
    }
}
