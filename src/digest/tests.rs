use super::*;
use crate::api::{ExchangeStatus, Party, Timestamp};
use crate::audit::Source;
use crate::clock::Zone;

fn at(text: &str) -> DateTime<Utc> {
    Timestamp::parse(text).unwrap().0
}

fn reply(id: i64, status: ExchangeStatus, campaign: i64, when: &str) -> Exchange {
    Exchange {
        id,
        campaign_id: campaign,
        status,
        updated_at: Timestamp::parse(when),
        contact: Party {
            id: id + 100,
            first_name: "Ann\u{1b}[2J".into(),
            email: format!("c{id}@acme.tech"),
            ..Party::default()
        },
        ..Exchange::default()
    }
}

fn meeting(campaign: i64, created: &str, end: &str, cancelled: bool) -> Meeting {
    Meeting {
        created_at: Timestamp::parse(created),
        start: Timestamp::parse(end),
        end: Timestamp::parse(end),
        cancelled,
        campaign: Some(crate::api::CampaignRef { id: campaign, ..Default::default() }),
        ..Meeting::default()
    }
}

fn record(time: &str, campaign: Option<i64>) -> Record {
    Record {
        time: at(time),
        profile: "acme".into(),
        host: "api.example".into(),
        operation: "start_campaign".into(),
        campaign_id: campaign,
        bot_id: None,
        addresses: Vec::new(),
        domain_count: None,
        campaign_status: None,
        status: Some(200),
        ok: true,
        error: None,
        source: Source::Cli,
    }
}

#[test]
fn the_window_counts_replies_meetings_and_writes_per_campaign_and_in_all() {
    use ExchangeStatus::*;
    let zone = Zone::named("UTC").unwrap();
    let today = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
    let window = Window::last_days(today, 2);
    let basis = Basis { window, zone: &zone, now: at("2026-11-25T12:00:00Z") };
    let exchanges = [
        reply(1, InfoInquiry, 10, "2026-11-25T09:00:00Z"),
        reply(2, Declined, 10, "2026-11-24T09:00:00Z"),
        reply(3, ProvidedReferral, 20, "2026-11-24T10:00:00Z"),
        reply(4, InfoInquiry, 20, "2026-11-20T10:00:00Z"), // before the window
    ];
    let meetings = [
        meeting(10, "2026-11-24T08:00:00Z", "2026-11-24T11:00:00Z", false), // booked and held
        meeting(10, "2026-11-01T08:00:00Z", "2026-11-25T10:00:00Z", false), // held only
        meeting(20, "2026-11-25T08:00:00Z", "2026-11-30T10:00:00Z", true),  // booked, cancelled
    ];
    let snippets = HashMap::from([(1, "Can we talk <b>Tuesday</b>?".to_string())]);
    let writes =
        [record("2026-11-24T12:00:00Z", Some(10)), record("2026-11-01T12:00:00Z", Some(10))];
    let digest = Digest::of(Inputs {
        basis,
        exchanges: &exchanges,
        meetings: &meetings,
        campaigns: &[Campaign { id: 10, name: "Q3\u{7}".into(), ..Campaign::default() }],
        bots: &[],
        needs: &[],
        snippets: &snippets,
        writes: &writes,
        unsubscribe_days: 10,
        bot_changes: BotChanges::NotObserved,
    });
    assert_eq!(digest.all.replies, 3);
    assert_eq!(
        digest.all.by_category,
        [
            ("Interested".to_string(), 1),
            ("Referral".to_string(), 1),
            ("Not interested".to_string(), 1)
        ]
    );
    assert_eq!((digest.all.booked, digest.all.held), (2, 2));
    assert_eq!(digest.all.writes.len(), 1, "the write of 1 November is before the window");
    let hot: Vec<(i64, &str)> =
        digest.all.hot.iter().map(|h| (h.exchange_id, h.snippet.as_str())).collect();
    assert_eq!(hot, [(1, "Can we talk <b>Tuesday</b>?"), (3, "")]);
    assert!(!digest.all.hot[0].who.contains('\u{1b}'), "names are sanitised");
    let parts: Vec<(i64, &str, usize)> =
        digest.campaigns.iter().map(|p| (p.id, p.name.as_str(), p.section.replies)).collect();
    assert_eq!(parts, [(10, "Q3", 2), (20, "#20", 1)]);
    assert_eq!((digest.campaigns[0].section.booked, digest.campaigns[0].section.held), (1, 2));
    assert_eq!(digest.bot_changes, BotChanges::NotObserved);
}
