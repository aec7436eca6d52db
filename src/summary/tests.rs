use super::*;
use crate::api::{BotStatus, DnsValidation, ExchangeStatus, MailboxStatus, Person};
use crate::bots::health::healthy_bot;
use chrono::FixedOffset;

fn at(text: &str) -> Timestamp {
    Timestamp::parse(text).unwrap()
}

/// 2024-05-10 22:30 in UTC+2, i.e. 20:30 UTC.
fn now() -> DateTime<FixedOffset> {
    DateTime::parse_from_rfc3339("2024-05-10T22:30:00+02:00").unwrap()
}

fn date(text: &str) -> NaiveDate {
    text.parse().unwrap()
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
    assert_eq!(summary.campaigns.ordered(), vec![("PENDING", 1), ("ACTIVE", 2), ("ARCHIVED", 1)]);
}

#[test]
fn replies_fall_on_calendar_days_in_the_viewers_zone_and_the_total_adds_the_days() {
    // Local (UTC+2) days: today is Fri 10 May; the oldest day shown is Sat 4 May.
    let replies = [
        exchange(1, ExchangeStatus::Declined, "2024-05-10T10:00:00"), // today 12:00
        exchange(2, ExchangeStatus::MeetingBooked, "2024-05-09T22:01:00"), // today 00:01
        exchange(3, ExchangeStatus::InfoInquiry, "2024-05-09T21:59:00"), // yesterday 23:59
        exchange(4, ExchangeStatus::Nurturing, "2024-05-03T22:00:00"), // Sat 4 May 00:00
        exchange(5, ExchangeStatus::Nurturing, "2024-05-03T21:59:00"), // Fri 3 May: too old
        exchange(6, ExchangeStatus::NoResponse, "2024-05-10T10:00:00"), // not a reply
        exchange(7, ExchangeStatus::AwaitingReply, "2024-05-06T09:00:00"), // Mon 6 May
    ];
    let summary = compute(&[], &[], &replies, &[], &now());
    let counts: Vec<(NaiveDate, usize)> =
        summary.replies.days.iter().map(|day| (day.date, day.count)).collect();
    assert_eq!(
        counts,
        vec![
            (date("2024-05-04"), 1),
            (date("2024-05-05"), 0),
            (date("2024-05-06"), 1),
            (date("2024-05-07"), 0),
            (date("2024-05-08"), 0),
            (date("2024-05-09"), 1),
            (date("2024-05-10"), 2),
        ]
    );
    assert_eq!(summary.replies.today, 2);
    assert_eq!(summary.replies.last_7_days, 5);
    assert_eq!(summary.replies.last_7_days, counts.iter().map(|(_, count)| count).sum::<usize>());
    assert_eq!(summary.zone, "+02:00");
}

#[test]
fn meetings_in_the_next_7_days_are_the_ones_listed() {
    let meetings = [
        meeting(1, "2024-05-10T08:00:00", false), // today, already past
        meeting(2, "2024-05-10T21:00:00", false), // today 23:00 local, next
        meeting(3, "2024-05-10T22:30:00", false), // tomorrow 00:30 local
        meeting(4, "2024-05-10T20:45:00", true),  // cancelled
        meeting(5, "2024-05-16T21:59:00", false), // Thu 16 May 23:59 local: the 7th day
        meeting(6, "2024-05-16T22:00:00", false), // Fri 17 May 00:00 local: beyond
    ];
    let summary = compute(&[], &[], &[], &meetings, &now());
    let counts = &summary.meetings;
    assert_eq!(counts.today, 2);
    assert_eq!(counts.through, date("2024-05-16"));
    let listed: Vec<i64> = counts.upcoming.iter().map(|m| m.id).collect();
    assert_eq!(listed, vec![2, 3, 5]);
    assert_eq!(counts.next_7_days, listed.len());
    let next = counts.next.as_ref().unwrap();
    assert_eq!(next.id, 2);
    assert_eq!(next.contact_name, "Ann Lee");
    // Beyond the seven days, the next meeting is still named.
    let later = compute(&[], &[], &[], &meetings[5..], &now());
    assert_eq!(later.meetings.next_7_days, 0);
    assert_eq!(later.meetings.next.unwrap().id, 6);
}

#[test]
fn bots_with_problems_need_attention_and_retired_ones_are_apart() {
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

    let retired =
        |id, status| Bot { status, mailbox_status: MailboxStatus::Paused, ..healthy_bot(id) };
    let ending = Bot { status: BotStatus::ScheduledForCancellation, ..healthy_bot(6) };
    let bots = [
        healthy_bot(1),
        retired(3, BotStatus::Deleted),
        retired(4, BotStatus::Cancelled),
        retired(5, BotStatus::Inactive),
        ending,
    ];
    let summary = compute(&[], &bots, &[], &[], &now());
    assert!(!summary.needs_attention(), "retired bots are no one's worry");
    let ids = |list: &[BotEntry]| list.iter().map(|b| b.id).collect::<Vec<_>>();
    assert_eq!(ids(&summary.bots.retired), vec![3, 4, 5]);
    assert_eq!(summary.bots.retired[0].status, "DELETED");
    assert_eq!(ids(&summary.bots.ending), vec![6]);
    assert_eq!((summary.bots.total, summary.bots.healthy, summary.bots.live()), (5, 1, 2));
}

#[test]
fn no_bot_that_can_send_needs_attention_and_cooling_off_is_not_healthy() {
    let none = compute(&[], &[], &[], &[], &now());
    assert!(none.needs_attention(), "no bots at all: nothing uploaded would go out");
    let cooling = Bot { status: BotStatus::CoolingOff, ..healthy_bot(1) };
    let summary = compute(&[], std::slice::from_ref(&cooling), &[], &[], &now());
    assert_eq!(summary.bots.healthy, 0, "cooling off is not healthy");
    assert_eq!(summary.bots.cooling_off.len(), 1);
    assert!(summary.needs_attention(), "the only bot pauses: none can send");
    let with_a_sender = compute(&[], &[cooling, healthy_bot(2)], &[], &[], &now());
    assert!(!with_a_sender.needs_attention(), "a pause alongside a sending bot is no alarm");
    let only_retired = Bot { status: BotStatus::Deleted, ..healthy_bot(3) };
    assert!(compute(&[], &[only_retired], &[], &[], &now()).needs_attention());
}

#[test]
fn queries_cover_every_zone() {
    let (replies, meetings) = queries(now().with_timezone(&Utc));
    assert_eq!(replies.start_date.unwrap().to_string(), "2024-05-02");
    assert_eq!(replies.group, Some(ExchangeGroup::Replied));
    assert_eq!(meetings.start_date.unwrap().to_string(), "2024-05-09");
    assert_eq!(meetings.end_date.unwrap().to_string(), "2024-05-18");
}

#[test]
fn a_viewer_in_utc_reads_utc_not_an_offset() {
    // The local zone of a server or an SSH session in UTC is known by its offset only.
    let local_utc = now().with_timezone(&FixedOffset::east_opt(0).unwrap());
    let summary = compute(&[], &[], &[], &[], &local_utc);
    assert_eq!(summary.zone, "UTC");
    let summary = compute(&[], &[], &[], &[], &now());
    assert_eq!(summary.zone, "+02:00", "other zones keep their offset");
}
