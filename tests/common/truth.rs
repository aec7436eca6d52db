//! Results counted by hand from the simulator's own lists, without the crate's results
//! code, its categories or its groups: what `results`, the dashboard and the CLI must match.

use chrono::{DateTime, Days, NaiveDate, Utc};
use outreach_tui::api::{Client, Exchange, ExchangeGroup, ExchangeQuery, Meeting, MeetingQuery};
use std::collections::BTreeMap;

/// The statuses of a reply (the replied group: the contact answered), written out again.
const REPLIED: &[&str] = &[
    "UNSUB_REQUEST",
    "DECLINED",
    "FOLLOWUP_LATER",
    "FOLLOWUP_SENT",
    "PROVIDED_REFERRAL",
    "OUTREACH_REFERRAL",
    "SCHEDULING_MEETING",
    "INFO_INQUIRY",
    "AWAITING_REPLY",
    "NURTURING",
    "MEETING_BOOKED",
    "OTHER_CONVERSION",
];
const INTERESTED: &[&str] = &["INFO_INQUIRY", "SCHEDULING_MEETING"];

/// One campaign's or bot's counts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counts {
    pub replies: usize,
    pub interested: usize,
    pub booked: usize,
    pub held: usize,
    pub upcoming: usize,
    pub cancelled: usize,
}

/// Everything the organisation holds: replied exchanges of any day, all meetings.
pub async fn everything(client: &Client) -> (Vec<Exchange>, Vec<Meeting>) {
    let far = |days| Utc::now().date_naive().checked_add_days(Days::new(days));
    let query = ExchangeQuery {
        start_date: NaiveDate::from_ymd_opt(2000, 1, 1),
        end_date: far(400),
        group: Some(ExchangeGroup::Replied),
        campaign_id: None,
    };
    let replies = client.list_exchanges(&query).await.unwrap();
    let meetings = client.list_meetings(&MeetingQuery::default()).await.unwrap();
    (replies.items.to_vec(), meetings.items.to_vec())
}

/// Per campaign (`by_bot` false) or per bot, over UTC days `first..=last`, at `now`.
pub fn counts(
    replies: &[Exchange],
    meetings: &[Meeting],
    first: NaiveDate,
    last: NaiveDate,
    now: DateTime<Utc>,
    by_bot: bool,
) -> BTreeMap<i64, Counts> {
    let within = |day: NaiveDate| first <= day && day <= last;
    let mut counts: BTreeMap<i64, Counts> = BTreeMap::new();
    for exchange in replies {
        let status = exchange.status.as_str();
        let Some(updated) = exchange.updated_at else { continue };
        if !REPLIED.contains(&status) || !within(updated.0.date_naive()) {
            continue;
        }
        let key = if by_bot { exchange.bot.id } else { exchange.campaign_id };
        let entry = counts.entry(key).or_default();
        entry.replies += 1;
        entry.interested += usize::from(INTERESTED.contains(&status));
    }
    for meeting in meetings {
        let Some(booked) = meeting.created_at.or(meeting.start) else { continue };
        if !within(booked.0.date_naive()) {
            continue;
        }
        let key = if by_bot {
            meeting.bot.as_ref().map(|b| b.id)
        } else {
            meeting.campaign.as_ref().map(|c| c.id)
        };
        let Some(key) = key else { continue };
        let entry = counts.entry(key).or_default();
        entry.booked += 1;
        if meeting.cancelled {
            entry.cancelled += 1;
        } else if meeting.end.or(meeting.start).is_some_and(|over| over.0 < now) {
            // Held once it is over; one still going on is upcoming.
            entry.held += 1;
        } else {
            entry.upcoming += 1;
        }
    }
    counts
}
