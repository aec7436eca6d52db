//! The organisation at a glance: campaigns by status, replied conversations per day,
//! upcoming meetings and the bots' health. Pure computation over fetched lists and a given
//! "now", so the CLI's `status` and the TUI's Overview show the same numbers and tests can
//! fix the clock.
//!
//! Every number has one definition, in calendar days of the viewer's zone (named in
//! [`OrgSummary::zone`]): a total is the sum of what is listed or drawn under it.

use crate::api::{
    Bot, Campaign, CampaignStatus, Exchange, ExchangeGroup, ExchangeQuery, Meeting, MeetingQuery,
    Timestamp,
};
use crate::bots::{Standing, problems, standing};
use crate::results::{MeetingState, Window};
use chrono::{DateTime, Days, NaiveDate, TimeZone, Utc};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Display;

/// Days counted by the replies line and the meetings list: "the last 7 days" and "the next
/// 7 days", today included in both ([`Window::last_days`], [`Window::next_days`]).
pub(crate) const WEEK_DAYS: u32 = 7;

/// The summary `outreach status` prints and the Overview draws.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OrgSummary {
    /// The instant the summary describes (UTC).
    pub now: DateTime<Utc>,
    /// The zone whose calendar days are counted, as its abbreviation or offset (`CEST`,
    /// `+02:00`).
    pub zone: String,
    pub campaigns: CampaignCounts,
    pub replies: ReplyCounts,
    pub meetings: MeetingCounts,
    pub bots: BotCounts,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CampaignCounts {
    pub total: usize,
    /// Count per status as sent by the server (unknown statuses included).
    pub by_status: BTreeMap<String, usize>,
}

/// Replied conversations: exchanges in the replied group (the contact answered at some
/// point, whoever spoke last), each counted once, on the calendar day of its last update.
/// The API has no per-message reply count, so a conversation is the unit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReplyCounts {
    /// The last seven days, oldest first, today last.
    pub days: Vec<DayCount>,
    /// The last of `days`.
    pub today: usize,
    /// The sum of `days`.
    pub last_7_days: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DayCount {
    pub date: NaiveDate,
    pub count: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeetingCounts {
    /// Not cancelled, starting today (earlier today included).
    pub today: usize,
    /// Not cancelled and not over ([`MeetingState::Upcoming`]: one going on now too),
    /// starting by the end of `through`: the length of `upcoming`.
    pub next_7_days: usize,
    /// The last day counted in `next_7_days`: today and the six days after it.
    pub through: NaiveDate,
    /// The meetings `next_7_days` counts, by start.
    pub upcoming: Vec<NextMeeting>,
    /// The next meeting that is not cancelled, even beyond `through`.
    pub next: Option<NextMeeting>,
}

/// A meeting that is not cancelled.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NextMeeting {
    pub id: i64,
    pub start: Timestamp,
    pub end: Option<Timestamp>,
    pub contact_name: String,
    pub contact_email: String,
    pub campaign: Option<String>,
    pub iana_timezone: Option<String>,
}

/// Bots by [`Standing`]: `total` is `healthy` plus the length of each list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BotCounts {
    pub total: usize,
    pub healthy: usize,
    /// Live bots that cannot send well.
    pub needing_attention: Vec<BotEntry>,
    /// Scheduled for cancellation, still sending.
    pub ending: Vec<BotEntry>,
    /// In a warm-down pause (COOLING_OFF): not sending now, no alarm by itself.
    pub cooling_off: Vec<BotEntry>,
    /// Deleted, cancelled or inactive: listed apart, never "attention".
    pub retired: Vec<BotEntry>,
}

/// A bot with its status and what is wrong with it ([`crate::bots::problems`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BotEntry {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub status: String,
    pub problems: Vec<String>,
}

impl BotCounts {
    /// Bots that still send: all but the retired.
    pub(crate) fn live(&self) -> usize {
        self.total - self.retired.len()
    }

    /// Bots that can send now: the healthy and the ending.
    pub(crate) fn sending(&self) -> usize {
        self.healthy + self.ending.len()
    }
}

impl OrgSummary {
    /// Whether anything needs a person's attention (`status --check` exits 1): a live bot
    /// that cannot send well, or no bot that can send at all (no bots, or only retired,
    /// cooling-off or broken ones: nothing the organisation uploads would go out). Retired
    /// bots alone do not: they are gone on purpose.
    pub(crate) fn needs_attention(&self) -> bool {
        !self.bots.needing_attention.is_empty() || self.bots.sending() == 0
    }
}

impl CampaignCounts {
    /// Counts in the spec's status order, unknown statuses last; zero counts left out.
    pub(crate) fn ordered(&self) -> Vec<(&str, usize)> {
        let known: Vec<&str> = CampaignStatus::ALL.iter().map(CampaignStatus::as_str).collect();
        let mut ordered: Vec<(&str, usize)> = known
            .iter()
            .filter_map(|status| self.by_status.get(*status).map(|count| (*status, *count)))
            .collect();
        ordered.extend(
            self.by_status
                .iter()
                .filter(|(status, _)| !known.contains(&status.as_str()))
                .map(|(status, count)| (status.as_str(), *count)),
        );
        ordered
    }
}

/// The two date-bounded queries the summary needs, wide enough for any viewer's zone.
pub(crate) fn queries(now: DateTime<Utc>) -> (ExchangeQuery, MeetingQuery) {
    let today = now.date_naive();
    let replies = ExchangeQuery {
        campaign_id: None,
        start_date: today.checked_sub_days(Days::new(u64::from(WEEK_DAYS) + 1)),
        end_date: today.checked_add_days(Days::new(1)),
        group: Some(ExchangeGroup::Replied),
    };
    let meetings = MeetingQuery {
        start_date: today.checked_sub_days(Days::new(1)),
        end_date: today.checked_add_days(Days::new(u64::from(WEEK_DAYS) + 1)),
    };
    (replies, meetings)
}

/// Computes the summary as seen at `now`, in calendar days of `now`'s zone.
pub fn compute<Tz>(
    campaigns: &[Campaign],
    bots: &[Bot],
    replies: &[Exchange],
    meetings: &[Meeting],
    now: &DateTime<Tz>,
) -> OrgSummary
where
    Tz: TimeZone,
    Tz::Offset: Display,
{
    let mut by_status = BTreeMap::new();
    for campaign in campaigns {
        *by_status.entry(campaign.status.as_str().to_string()).or_insert(0) += 1;
    }
    OrgSummary {
        now: now.with_timezone(&Utc),
        zone: crate::clock::zone_label(now.format("%Z").to_string()),
        campaigns: CampaignCounts { total: campaigns.len(), by_status },
        replies: reply_counts(replies, now),
        meetings: meeting_counts(meetings, now),
        bots: bot_counts(bots),
    }
}

fn reply_counts<Tz: TimeZone>(replies: &[Exchange], now: &DateTime<Tz>) -> ReplyCounts {
    let zone = now.timezone();
    let day_of =
        |exchange: &Exchange| exchange.updated_at.map(|at| at.0.with_timezone(&zone).date_naive());
    let days: Vec<DayCount> = Window::last_days(now.date_naive(), WEEK_DAYS)
        .dates()
        .map(|date| DayCount {
            date,
            count: replies
                .iter()
                .filter(|exchange| exchange.status.in_group(&ExchangeGroup::Replied))
                .filter(|exchange| day_of(exchange) == Some(date))
                .count(),
        })
        .collect();
    ReplyCounts {
        today: days.last().map_or(0, |day| day.count),
        last_7_days: days.iter().map(|day| day.count).sum(),
        days,
    }
}

fn meeting_counts<Tz: TimeZone>(meetings: &[Meeting], now: &DateTime<Tz>) -> MeetingCounts {
    let zone = now.timezone();
    let now_utc = now.with_timezone(&Utc);
    let today = now.date_naive();
    let through = Window::next_days(today, WEEK_DAYS).last;
    let mut live: Vec<(&Meeting, Timestamp, NaiveDate)> = meetings
        .iter()
        .filter(|meeting| !meeting.cancelled)
        .filter_map(|meeting| meeting.start.map(|start| (meeting, start)))
        .map(|(meeting, start)| (meeting, start, start.0.with_timezone(&zone).date_naive()))
        .collect();
    crate::sorting::sort_by_key(&mut live, |(meeting, start, _)| (*start, meeting.id));
    // Upcoming as every face says it: not over yet (one going on now included).
    let upcoming = |meeting: &Meeting| MeetingState::of(meeting, now_utc) == MeetingState::Upcoming;
    let listed: Vec<NextMeeting> = live
        .iter()
        .filter(|(meeting, _, day)| upcoming(meeting) && *day <= through)
        .map(|(meeting, start, _)| next_meeting(meeting, *start))
        .collect();
    MeetingCounts {
        today: live.iter().filter(|(_, _, day)| *day == today).count(),
        next_7_days: listed.len(),
        through,
        next: live
            .iter()
            .find(|(meeting, _, _)| upcoming(meeting))
            .map(|(meeting, start, _)| next_meeting(meeting, *start)),
        upcoming: listed,
    }
}

fn next_meeting(meeting: &Meeting, start: Timestamp) -> NextMeeting {
    let contact = meeting.contact.clone().unwrap_or_default();
    NextMeeting {
        id: meeting.id,
        start,
        end: meeting.end,
        contact_name: format!("{} {}", contact.first_name, contact.last_name).trim().to_string(),
        contact_email: contact.email,
        campaign: meeting.campaign.as_ref().map(|c| c.name.clone()),
        iana_timezone: meeting.iana_timezone.clone(),
    }
}

fn bot_counts(bots: &[Bot]) -> BotCounts {
    let mut counts = BotCounts {
        total: bots.len(),
        healthy: 0,
        needing_attention: Vec::new(),
        ending: Vec::new(),
        cooling_off: Vec::new(),
        retired: Vec::new(),
    };
    for bot in bots {
        let list = match standing(bot) {
            Standing::Healthy => {
                counts.healthy += 1;
                continue;
            }
            Standing::Attention => &mut counts.needing_attention,
            Standing::Ending => &mut counts.ending,
            Standing::CoolingOff => &mut counts.cooling_off,
            Standing::Retired => &mut counts.retired,
        };
        list.push(BotEntry {
            id: bot.id,
            email: bot.email.clone(),
            name: format!("{} {}", bot.first_name, bot.last_name).trim().to_string(),
            status: bot.status.to_string(),
            problems: problems(bot),
        });
    }
    counts
}

#[cfg(test)]
mod tests;
