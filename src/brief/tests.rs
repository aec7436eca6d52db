use super::*;
use crate::api::{
    Bot, BotStatus, Campaign, CampaignRef, CampaignStatus, Exchange, MailboxStatus, Meeting, Party,
    Person, Timestamp,
};
use crate::clock::Zone;
use crate::needs::{Inputs, ReplyFacts, Thresholds};

fn at(hour: i64, minute: i64) -> DateTime<Utc> {
    // Monday 2 March 2026, 00:00 UTC.
    DateTime::from_timestamp(1_772_409_600 + hour * 3600 + minute * 60, 0).unwrap()
}

fn reply(id: i64, status: ExchangeStatus, moved: DateTime<Utc>, first: &str) -> Exchange {
    Exchange {
        id,
        campaign_id: 10,
        status,
        updated_at: Some(Timestamp(moved)),
        contact: Party {
            id: id + 100,
            email: format!("c{id}@acme.tech"),
            first_name: first.into(),
            last_name: "Lee".into(),
            ..Party::default()
        },
        ..Exchange::default()
    }
}

fn campaign(id: i64, name: &str, status: CampaignStatus) -> Campaign {
    Campaign { id, name: name.into(), status, ..Campaign::default() }
}

fn bot(mailbox: MailboxStatus) -> Bot {
    Bot {
        id: 7,
        email: "sam@acme.io".into(),
        status: BotStatus::Active,
        mailbox_status: mailbox,
        ..Bot::default()
    }
}

fn meeting(id: i64, start: DateTime<Utc>, cancelled: bool) -> Meeting {
    Meeting {
        id,
        exchange_id: 1,
        start: Some(Timestamp(start)),
        cancelled,
        campaign: Some(CampaignRef { id: 10, name: "Q4 outreach".into() }),
        contact: Some(Person {
            first_name: "Ann".into(),
            last_name: "Lee".into(),
            ..Person::default()
        }),
        ..Meeting::default()
    }
}

/// A snapshot of these lists at `now`, and the brief from `old` to it.
fn look(
    old: Option<&Snapshot>,
    exchanges: &[Exchange],
    campaigns: &[Campaign],
    bots: &[Bot],
    meetings: &[Meeting],
    now: DateTime<Utc>,
) -> (Snapshot, Option<Brief>) {
    let on_dnc = |_: &Party| Some(false);
    let facts = |_: &Exchange| ReplyFacts::default();
    let inputs = Inputs {
        exchanges,
        campaigns,
        bots,
        on_dnc: &on_dnc,
        reply: &facts,
        now,
        zone: Zone::Local,
        thresholds: Thresholds::default(),
    };
    let lists = Lists { needs: &inputs, meetings };
    let new = Snapshot::take(&inputs, meetings);
    let brief = old.map(|old| Brief::of(old, &new, &lists));
    (new, brief)
}

#[test]
fn what_changed_while_away_by_kind_with_the_hot_replies_named() {
    use ExchangeStatus::*;
    let evening = at(-6, 0);
    let before = [
        reply(1, AwaitingReply, at(-30, 0), "Ann"),
        reply(3, AwaitingReply, at(-30, 0), "Carl"),
        reply(4, Declined, at(-30, 0), "Dora"),
    ];
    let campaigns_before = [
        campaign(10, "Q4 outreach", CampaignStatus::Active),
        campaign(11, "Spring", CampaignStatus::Pending),
    ];
    let meetings_before = [meeting(50, at(30, 0), false), meeting(51, at(-200, 0), false)];
    let (old, _) = look(
        None,
        &before,
        &campaigns_before,
        &[bot(MailboxStatus::ConnectionError)],
        &meetings_before,
        evening,
    );

    let morning = at(8, 0);
    let mut carl = reply(3, FollowupLater, at(-30, 0), "Carl");
    carl.updated_at = before[1].updated_at;
    let after = [
        reply(1, InfoInquiry, at(2, 0), "Ann"),
        reply(2, ProvidedReferral, at(5, 0), "Bea"),
        carl,
        reply(4, Declined, at(-30, 0), "Dora"),
        reply(5, Declined, at(3, 0), "Eve"),
    ];
    let campaigns_after = [
        campaign(10, "Q4 outreach", CampaignStatus::Completed),
        campaign(11, "Spring", CampaignStatus::Pending),
        campaign(12, "Summer\u{1b}[31m", CampaignStatus::Pending),
    ];
    let meetings_after = [
        meeting(50, at(30, 0), true),
        meeting(51, at(-200, 0), false),
        meeting(52, at(50, 0), false),
        // A meeting long past was not in the dashboard's lists: not booked now.
        meeting(53, at(-300, 0), false),
    ];
    let (_, brief) = look(
        Some(&old),
        &after,
        &campaigns_after,
        &[bot(MailboxStatus::Active)],
        &meetings_after,
        morning,
    );
    let brief = brief.unwrap();
    assert_eq!((brief.since, brief.until), (evening, morning));
    let counts: Vec<(&str, usize)> =
        brief.replies.iter().map(|c| (c.category.as_str(), c.count)).collect();
    assert_eq!(counts, [("Interested", 1), ("Referral", 1), ("Not interested", 1)]);
    assert_eq!(brief.new_replies(), 3);
    let hot: Vec<(i64, Option<&str>, Option<&str>)> = brief
        .hot
        .iter()
        .map(|r| (r.exchange_id, r.contact.as_deref(), r.campaign.as_deref()))
        .collect();
    assert_eq!(
        hot,
        [(2, Some("Bea Lee"), Some("Q4 outreach")), (1, Some("Ann Lee"), Some("Q4 outreach"))]
    );
    let changed: Vec<(i64, Option<&str>, &str)> = brief
        .recategorised
        .iter()
        .map(|r| (r.exchange_id, r.previous_category.as_deref(), r.category.as_str()))
        .collect();
    assert_eq!(
        changed,
        [(3, Some("Waiting"), "Not now")],
        "Ann's move is a new reply, not a change"
    );
    let ids = |changes: &[MeetingChange]| changes.iter().map(|m| m.meeting_id).collect::<Vec<_>>();
    assert_eq!(ids(&brief.meetings_booked), [52]);
    assert_eq!(ids(&brief.meetings_cancelled), [50]);
    assert_eq!(brief.bots.len(), 1);
    assert_eq!(
        (brief.bots[0].name.as_deref(), brief.bots[0].from.as_deref(), brief.bots[0].to.as_str()),
        (Some("sam@acme.io"), Some("CONNECTION_ERROR"), "ACTIVE")
    );
    let campaigns: Vec<(i64, Option<&str>, &str)> =
        brief.campaigns.iter().map(|c| (c.id, c.from.as_deref(), c.to.as_str())).collect();
    assert_eq!(campaigns, [(10, Some("ACTIVE"), "COMPLETED"), (12, None, "PENDING")]);

    let utc = Zone::named("UTC").unwrap();
    assert_eq!(title(&brief, &utc), "Since Sun 18:00, 14h ago");
    let lines = lines(&brief, &utc);
    assert_eq!(
        lines,
        [
            "3 new replies: 1 Interested, 1 Referral, 1 Not interested",
            "  Referral · Bea Lee · Q4 outreach",
            "  Interested · Ann Lee · Q4 outreach",
            "1 reply changed category: Carl Lee Waiting → Not now",
            "Meetings: 1 booked (Ann Lee Wed 02:00), 1 cancelled (Ann Lee Tue 06:00)",
            "Bots: sam@acme.io CONNECTION_ERROR → ACTIVE",
            "Campaigns: Q4 outreach ACTIVE → COMPLETED; Summer new (PENDING)",
        ]
    );
    assert!(lines.iter().all(|line| !line.contains('\u{1b}')), "names are sanitised");
}

#[test]
fn nothing_changed_says_so_and_the_same_snapshot_gives_an_empty_brief() {
    let inbox = [reply(1, ExchangeStatus::InfoInquiry, at(-30, 0), "Ann")];
    let (old, _) = look(None, &inbox, &[], &[], &[], at(0, 0));
    let (_, brief) = look(Some(&old), &inbox, &[], &[], &[], at(9, 0));
    let brief = brief.unwrap();
    assert!(brief.is_empty(), "{brief:?}");
    assert_eq!(lines(&brief, &Zone::Local), ["Nothing changed."]);
}

#[test]
fn many_hot_replies_name_five_and_count_the_rest() {
    let (old, _) = look(None, &[], &[], &[], &[], at(0, 0));
    let inbox: Vec<Exchange> =
        (1..=8).map(|id| reply(id, ExchangeStatus::InfoInquiry, at(1, id), "Ann")).collect();
    let (_, brief) = look(Some(&old), &inbox, &[], &[], &[], at(9, 0));
    let lines = lines(&brief.unwrap(), &Zone::Local);
    assert_eq!(lines.len(), 1 + 5 + 1, "{lines:?}");
    assert_eq!(lines[0], "8 new replies: 8 Interested");
    assert_eq!(lines[6], "  … and more: 8 hot replies in all");
}
