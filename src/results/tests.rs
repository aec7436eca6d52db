use super::*;
use crate::api::{CampaignRef, Exchange, ExchangeStatus, Meeting, Party, Person, Timestamp};
use crate::clock::Zone;
use crate::inbox::Category;
use chrono::{DateTime, NaiveDate, Utc};
use std::collections::BTreeMap;

fn at(text: &str) -> Timestamp {
    Timestamp::parse(text).unwrap()
}

fn date(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

/// Berlin, summer: UTC+2.
fn zone() -> Zone {
    Zone::named("Europe/Berlin").unwrap()
}

/// Fri 10 May 2024, 22:30 in Berlin.
fn now() -> DateTime<Utc> {
    at("2024-05-10T20:30:00").0
}

fn reply(id: i64, campaign: i64, bot: i64, status: ExchangeStatus, updated: &str) -> Exchange {
    Exchange {
        id,
        campaign_id: campaign,
        status,
        updated_at: Some(at(updated)),
        bot: Party { id: bot, ..Party::default() },
        ..Exchange::default()
    }
}

fn meeting(
    id: i64,
    campaign: i64,
    bot: i64,
    created: &str,
    start: &str,
    cancelled: bool,
) -> Meeting {
    Meeting {
        id,
        created_at: Some(at(created)),
        start: Some(at(start)),
        cancelled,
        campaign: Some(CampaignRef { id: campaign, name: format!("C{campaign}") }),
        bot: Some(Person { id: bot, ..Person::default() }),
        ..Meeting::default()
    }
}

#[test]
fn windows_end_today_and_step_through_the_ranges() {
    // The last 7 days: seven calendar days ending today, today included (a 7-day chart
    // draws 7 bars), as `--since -7d` on the command line.
    let window = Window::last_days(date("2024-05-10"), 7);
    assert_eq!(
        (window.first, window.last, window.days()),
        (date("2024-05-04"), date("2024-05-10"), 7)
    );
    assert_eq!(window.describe(date("2024-05-10")), "last 7 days");
    assert_eq!(window.dates().count(), 7);
    assert_eq!(Window::last_days(date("2024-05-10"), 30).days(), 30);
    assert_eq!(Window::last_days(date("2024-05-10"), 1).describe(date("2024-05-10")), "today");
    let next = Window::next_days(date("2024-05-10"), 7);
    assert_eq!((next.first, next.last), (date("2024-05-10"), date("2024-05-16")));
    let (replies, meetings) = window.queries();
    assert_eq!(
        (replies.start_date, replies.end_date),
        (Some(date("2024-05-03")), Some(date("2024-05-11")))
    );
    assert_eq!((meetings.start_date, meetings.end_date), (Some(date("2024-05-03")), None));
    assert_eq!((next_range(7), next_range(30), next_range(90), next_range(12)), (30, 90, 7, 7));
    assert!(Window::between(date("2024-05-02"), date("2024-05-01")).is_none());
}

#[test]
fn replies_count_once_by_category_on_the_viewers_day_and_meetings_split_into_held_upcoming_cancelled()
 {
    let window = Window::between(date("2024-05-04"), date("2024-05-10")).unwrap();
    let zone = zone();
    let basis = Basis { window, zone: &zone, now: now() };
    let replies = [
        reply(1, 10, 100, ExchangeStatus::InfoInquiry, "2024-05-10T10:00:00"),
        reply(2, 10, 100, ExchangeStatus::SchedulingMeeting, "2024-05-03T22:30:00"), // 4 May 00:30 Berlin: in
        reply(3, 10, 101, ExchangeStatus::Declined, "2024-05-03T21:59:00"), // 3 May 23:59 Berlin: out
        reply(4, 11, 101, ExchangeStatus::MeetingBooked, "2024-05-09T08:00:00"),
        reply(5, 11, 101, ExchangeStatus::NoResponse, "2024-05-09T08:00:00"), // not a reply
    ];
    let meetings = [
        meeting(1, 10, 100, "2024-05-05T09:00:00", "2024-05-08T09:00:00", false), // held
        meeting(2, 10, 100, "2024-05-09T09:00:00", "2024-05-12T09:00:00", false), // upcoming
        meeting(3, 11, 101, "2024-05-09T09:00:00", "2024-05-07T09:00:00", true),  // cancelled
        meeting(4, 11, 101, "2024-04-20T09:00:00", "2024-05-08T09:00:00", false), // booked before
    ];
    let results = Results::compute(&replies, &meetings, &basis);
    let total = &results.total;
    assert_eq!(total.replies, 3);
    assert_eq!(total.interested(), 2);
    assert_eq!(total.count(&Category::Meeting), 1);
    assert_eq!(total.meetings, MeetingTally { booked: 3, held: 1, upcoming: 1, cancelled: 1 });
    assert_eq!(total.rate_text(), "100%");
    assert_eq!(total.last_activity, Some(at("2024-05-10T10:00:00")));
    let ten = results.campaign(10).unwrap();
    assert_eq!((ten.replies, ten.interested(), ten.meetings.booked), (2, 2, 2));
    assert_eq!(ten.bots.iter().copied().collect::<Vec<_>>(), vec![100]);
    let bot = results.bot(101).unwrap();
    assert_eq!((bot.replies, bot.meetings.cancelled), (1, 1));
    assert_eq!(bot.campaigns.iter().copied().collect::<Vec<_>>(), vec![11]);
    assert_eq!(results.campaign(12), None);
    assert_eq!(Tally::default().rate_text(), "–");

    // The series adds up to the tally, day by day in the viewer's zone.
    let days = series(&replies, &meetings, &basis, Who::Campaign(10));
    assert_eq!(days.len(), 7);
    assert_eq!(days.iter().map(|d| d.replies).sum::<usize>(), ten.replies);
    assert_eq!(days.iter().map(|d| d.meetings).sum::<usize>(), ten.meetings.booked);
    assert_eq!((days[0].date, days[0].replies), (date("2024-05-04"), 1));
    assert_eq!((days[1].date, days[1].meetings), (date("2024-05-05"), 1));
}

#[test]
fn buckets_keep_every_count_and_end_with_today() {
    let window = Window::last_days(date("2024-05-10"), 90);
    let days: Vec<DayPoint> = window
        .dates()
        .enumerate()
        .map(|(n, date)| DayPoint { date, replies: n % 3, meetings: n % 2 })
        .collect();
    let buckets = buckets(&days, 12);
    assert!(buckets.len() <= 12);
    assert_eq!(buckets.last().unwrap().last, date("2024-05-10"));
    assert_eq!(buckets.first().unwrap().first, window.first);
    assert_eq!(
        buckets.iter().map(|b| b.replies).sum::<usize>(),
        days.iter().map(|d| d.replies).sum::<usize>()
    );
    assert_eq!(
        buckets.iter().map(|b| b.meetings).sum::<usize>(),
        days.iter().map(|d| d.meetings).sum::<usize>()
    );
    assert_eq!(super::buckets(&days[..7], 12).len(), 7, "a bar a day when they fit");
}

#[test]
fn a_trend_counts_replies_a_day_and_leaves_days_before_a_start_as_gaps() {
    let basis = Basis { window: trend_window(date("2024-05-10")), zone: &zone(), now: now() };
    assert_eq!(basis.window.days(), 14);
    let replies = [
        reply(1, 10, 100, ExchangeStatus::InfoInquiry, "2024-05-10T10:00:00"),
        reply(2, 10, 100, ExchangeStatus::Declined, "2024-05-10T11:00:00"),
        reply(3, 10, 101, ExchangeStatus::SchedulingMeeting, "2024-04-27T08:00:00"), // first day
        reply(4, 11, 101, ExchangeStatus::SchedulingMeeting, "2024-05-09T08:00:00"),
        reply(5, 10, 101, ExchangeStatus::NoResponse, "2024-05-09T08:00:00"), // no reply
        reply(6, 10, 101, ExchangeStatus::SchedulingMeeting, "2024-04-26T08:00:00"), // before
    ];
    // Campaign 11 started on 8 May; 10's start is not known; 12 has nothing.
    let wanted = BTreeMap::from([(10, None), (11, Some(date("2024-05-08"))), (12, None)]);
    let trends = trends(&replies, &basis, Group::Campaign, &wanted);
    let ten = &trends[&10];
    assert_eq!(ten.len(), 14);
    assert_eq!((ten[0], ten[12], ten[13]), (Some(1), Some(0), Some(2)));
    assert_eq!(
        ten.iter().flatten().sum::<usize>(),
        Tally::of(&replies, &[], &basis, Who::Campaign(10)).replies
    );
    let eleven = &trends[&11];
    assert_eq!(eleven[..11], [None; 11], "before it started: gaps, not zeros");
    assert_eq!(eleven[11..], [Some(0), Some(1), Some(0)]);
    assert_eq!(trends[&12], vec![Some(0); 14]);
    let by_bot = super::trends(&replies, &basis, Group::Bot, &BTreeMap::from([(101, None)]));
    assert_eq!(by_bot[&101].iter().flatten().sum::<usize>(), 2);
}

#[test]
fn replies_fall_in_the_hour_and_weekday_of_the_contacts_own_zone() {
    let basis =
        Basis { window: Window::last_days(date("2024-05-10"), 7), zone: &zone(), now: now() };
    let mut tokyo = reply(1, 10, 100, ExchangeStatus::InfoInquiry, "2024-05-09T23:30:00");
    tokyo.contact.id = 7;
    let mut unknown = reply(2, 10, 100, ExchangeStatus::InfoInquiry, "2024-05-09T23:30:00");
    unknown.contact.id = 8;
    let other = reply(3, 11, 100, ExchangeStatus::InfoInquiry, "2024-05-09T23:30:00");
    let zone_of = |id| (id == 7).then(|| Zone::named("Asia/Tokyo").unwrap());
    let hours = reply_hours(&[tokyo, unknown, other], &basis, Who::Campaign(10), zone_of);
    // Thursday 23:30 UTC: Friday 08:30 in Tokyo, Friday 01:30 in Berlin (the viewer's).
    assert_eq!(hours.heat[4][8], 1);
    assert_eq!(hours.heat[4][1], 1);
    assert_eq!((hours.total(), hours.in_viewers_zone), (2, 1));
}
