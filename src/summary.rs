//! The organisation at a glance: campaigns by status, recent replies, upcoming meetings and
//! bots needing attention. Pure computation over fetched lists and a given "now", so the
//! CLI's `status` and the TUI's overview show the same numbers and tests can fix the clock.

use crate::api::{
    Bot, Campaign, CampaignStatus, Exchange, ExchangeGroup, ExchangeQuery, Meeting, MeetingQuery,
    Timestamp,
};
use chrono::{DateTime, Duration, TimeZone, Utc};
use serde::Serialize;
use std::collections::BTreeMap;

/// The summary `outreach status` prints.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OrgSummary {
    /// The instant the summary describes (UTC).
    pub now: DateTime<Utc>,
    pub campaigns: CampaignCounts,
    pub replies: ReplyCounts,
    pub meetings: MeetingCounts,
    pub bots: BotHealth,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CampaignCounts {
    pub total: usize,
    /// Count per status as sent by the server (unknown statuses included).
    pub by_status: BTreeMap<String, usize>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReplyCounts {
    pub last_24h: usize,
    pub last_7d: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeetingCounts {
    /// Not cancelled, starting on today's date in the viewer's zone.
    pub today: usize,
    /// Not cancelled, starting from now to seven days from now.
    pub next_7d: usize,
    pub next: Option<NextMeeting>,
}

/// The next meeting that is not cancelled.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NextMeeting {
    pub id: i64,
    pub start: Timestamp,
    pub contact_name: String,
    pub contact_email: String,
    pub campaign: Option<String>,
    pub iana_timezone: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BotHealth {
    pub total: usize,
    pub needing_attention: Vec<BotAttention>,
}

/// A bot with what is wrong with it ([`Bot::problems`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BotAttention {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub problems: Vec<String>,
}

impl OrgSummary {
    /// Whether anything needs a person's attention (`status --check` exits 1).
    pub fn needs_attention(&self) -> bool {
        !self.bots.needing_attention.is_empty()
    }
}

impl CampaignCounts {
    /// Counts in the spec's status order, unknown statuses last; zero counts left out.
    pub fn ordered(&self) -> Vec<(&str, usize)> {
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
pub fn queries(now: DateTime<Utc>) -> (ExchangeQuery, MeetingQuery) {
    let today = now.date_naive();
    let replies = ExchangeQuery {
        campaign_id: None,
        start_date: today.checked_sub_days(chrono::Days::new(8)),
        end_date: today.checked_add_days(chrono::Days::new(1)),
        group: Some(ExchangeGroup::Replied),
    };
    let meetings = MeetingQuery {
        start_date: today.checked_sub_days(chrono::Days::new(1)),
        end_date: today.checked_add_days(chrono::Days::new(8)),
    };
    (replies, meetings)
}

/// Computes the summary as seen at `now` in `now`'s zone.
pub fn compute<Tz: TimeZone>(
    campaigns: &[Campaign],
    bots: &[Bot],
    replies: &[Exchange],
    meetings: &[Meeting],
    now: &DateTime<Tz>,
) -> OrgSummary {
    let now_utc = now.with_timezone(&Utc);
    let mut by_status = BTreeMap::new();
    for campaign in campaigns {
        *by_status.entry(campaign.status.as_str().to_string()).or_insert(0) += 1;
    }

    let replied_since = |window: Duration| {
        replies
            .iter()
            .filter(|exchange| exchange.status.in_group(&ExchangeGroup::Replied))
            .filter(|exchange| exchange.updated_at.is_some_and(|at| at.0 >= now_utc - window))
            .count()
    };

    let live: Vec<(&Meeting, Timestamp)> = meetings
        .iter()
        .filter(|meeting| !meeting.cancelled)
        .filter_map(|meeting| meeting.start.map(|start| (meeting, start)))
        .collect();
    let today = now.date_naive();
    let week_end = now_utc + Duration::days(7);
    let upcoming = || live.iter().filter(|(_, start)| start.0 >= now_utc);
    let next =
        upcoming().min_by_key(|(meeting, start)| (*start, meeting.id)).map(|(meeting, start)| {
            let contact = meeting.contact.clone().unwrap_or_default();
            NextMeeting {
                id: meeting.id,
                start: *start,
                contact_name: format!("{} {}", contact.first_name, contact.last_name)
                    .trim()
                    .to_string(),
                contact_email: contact.email,
                campaign: meeting.campaign.as_ref().map(|c| c.name.clone()),
                iana_timezone: meeting.iana_timezone.clone(),
            }
        });

    let needing_attention = bots
        .iter()
        .filter_map(|bot| {
            let problems = bot.problems();
            (!problems.is_empty()).then(|| BotAttention {
                id: bot.id,
                email: bot.email.clone(),
                name: format!("{} {}", bot.first_name, bot.last_name).trim().to_string(),
                problems,
            })
        })
        .collect();

    OrgSummary {
        now: now_utc,
        campaigns: CampaignCounts { total: campaigns.len(), by_status },
        replies: ReplyCounts {
            last_24h: replied_since(Duration::hours(24)),
            last_7d: replied_since(Duration::days(7)),
        },
        meetings: MeetingCounts {
            today: live
                .iter()
                .filter(|(_, start)| start.0.with_timezone(&now.timezone()).date_naive() == today)
                .count(),
            next_7d: upcoming().filter(|(_, start)| start.0 < week_end).count(),
            next,
        },
        bots: BotHealth { total: bots.len(), needing_attention },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{CnameRecord, DnsValidation, ExchangeStatus, MailboxStatus, Person};
    use chrono::FixedOffset;

    fn at(text: &str) -> Timestamp {
        Timestamp::parse(text).unwrap()
    }

    /// 2024-05-10 22:30 in UTC+2, i.e. 20:30 UTC.
    fn now() -> DateTime<FixedOffset> {
        DateTime::parse_from_rfc3339("2024-05-10T22:30:00+02:00").unwrap()
    }

    fn campaign(id: i64, status: &str) -> Campaign {
        Campaign { id, status: CampaignStatus::from_wire(status), ..Campaign::default() }
    }

    fn exchange(id: i64, status: ExchangeStatus, updated: &str) -> Exchange {
        Exchange { id, status, updated_at: Some(at(updated)), ..Exchange::default() }
    }

    fn meeting(id: i64, start: &str, cancelled: bool) -> Meeting {
        Meeting {
            id,
            start: Some(at(start)),
            cancelled,
            contact: Some(Person {
                first_name: "Ann".into(),
                last_name: "Lee".into(),
                email: "ann@example.com".into(),
                ..Person::default()
            }),
            ..Meeting::default()
        }
    }

    fn healthy_bot(id: i64) -> Bot {
        Bot {
            id,
            email: format!("bot{id}@example.com"),
            mailbox_status: MailboxStatus::Active,
            status: crate::api::BotStatus::Active,
            dns_validation: Some(DnsValidation { mx: true, spf: true }),
            cname_record: Some(CnameRecord {
                valid_record: true,
                valid_ssl: true,
                ..CnameRecord::default()
            }),
            ..Bot::default()
        }
    }

    #[test]
    fn campaigns_are_counted_by_status_in_spec_order() {
        let campaigns = [
            campaign(1, "ACTIVE"),
            campaign(2, "PENDING"),
            campaign(3, "ACTIVE"),
            campaign(4, "ARCHIVED"),
        ];
        let summary = compute(&campaigns, &[], &[], &[], &now());
        assert_eq!(summary.campaigns.total, 4);
        assert_eq!(
            summary.campaigns.ordered(),
            vec![("PENDING", 1), ("ACTIVE", 2), ("ARCHIVED", 1)]
        );
    }

    #[test]
    fn replies_fall_in_their_windows() {
        let replies = [
            exchange(1, ExchangeStatus::Declined, "2024-05-10T10:00:00"), // 10.5 h ago
            exchange(2, ExchangeStatus::MeetingBooked, "2024-05-09T20:31:00"), // just inside 24 h
            exchange(3, ExchangeStatus::InfoInquiry, "2024-05-09T20:29:00"), // just outside 24 h
            exchange(4, ExchangeStatus::Nurturing, "2024-05-03T20:31:00"), // inside 7 days
            exchange(5, ExchangeStatus::Nurturing, "2024-05-03T20:29:00"), // outside 7 days
            exchange(6, ExchangeStatus::NoResponse, "2024-05-10T10:00:00"), // not a reply
        ];
        let summary = compute(&[], &[], &replies, &[], &now());
        assert_eq!(summary.replies, ReplyCounts { last_24h: 2, last_7d: 4 });
    }

    #[test]
    fn meetings_today_in_the_viewers_zone_and_the_next_one() {
        let meetings = [
            meeting(1, "2024-05-10T08:00:00", false), // today, already past
            meeting(2, "2024-05-10T21:00:00", false), // today 23:00 local, next
            meeting(3, "2024-05-10T22:30:00", false), // tomorrow 00:30 local
            meeting(4, "2024-05-10T20:45:00", true),  // cancelled
            meeting(5, "2024-05-17T20:29:00", false), // inside 7 days
            meeting(6, "2024-05-17T20:31:00", false), // beyond 7 days
        ];
        let summary = compute(&[], &[], &[], &meetings, &now());
        assert_eq!(summary.meetings.today, 2);
        assert_eq!(summary.meetings.next_7d, 3);
        let next = summary.meetings.next.unwrap();
        assert_eq!(next.id, 2);
        assert_eq!(next.contact_name, "Ann Lee");
    }

    #[test]
    fn bots_with_problems_need_attention() {
        let mut broken = healthy_bot(2);
        broken.mailbox_status = MailboxStatus::ConnectionError;
        broken.dns_validation = Some(DnsValidation { mx: true, spf: false });
        let healthy = compute(&[], &[healthy_bot(1)], &[], &[], &now());
        assert!(!healthy.needs_attention());
        let summary = compute(&[], &[healthy_bot(1), broken], &[], &[], &now());
        assert!(summary.needs_attention());
        assert_eq!(summary.bots.total, 2);
        assert_eq!(summary.bots.needing_attention[0].id, 2);
        assert_eq!(
            summary.bots.needing_attention[0].problems,
            vec!["mailbox CONNECTION_ERROR".to_string(), "DNS SPF missing".to_string()]
        );
    }

    #[test]
    fn queries_cover_every_zone() {
        let (replies, meetings) = queries(now().with_timezone(&Utc));
        assert_eq!(replies.start_date.unwrap().to_string(), "2024-05-02");
        assert_eq!(replies.group, Some(ExchangeGroup::Replied));
        assert_eq!(meetings.start_date.unwrap().to_string(), "2024-05-09");
        assert_eq!(meetings.end_date.unwrap().to_string(), "2024-05-18");
    }
}
