//! A small organisation built in code, with Unicode (wide, combining, right-to-left) and
//! hostile strings, as real inboxes have.

use super::at;
use outreach_tui::api::*;
use serde_json::json;

/// Strings that try to escape, retitle, recolour or reorder the terminal.
pub const HOSTILE: [&str; 6] = [
    "Mallory\u{1b}]0;pwned\u{7}",
    "\u{1b}[2J\u{1b}[31mRed Alert",
    "evil\u{202e}gnp.exe",
    "C1\u{9b}31mcsi",
    "zero\u{200b}width\u{feff}",
    "osc8\u{1b}]8;;https://evil.example\u{1b}\\link\u{1b}]8;;\u{1b}\\",
];

pub fn campaigns() -> Vec<Campaign> {
    let campaign = |id, name: &str, status, created: &str, email, link| Campaign {
        id,
        name: name.into(),
        status,
        created_at: at(created),
        email_tracking: email,
        link_tracking: link,
        meeting_duration: Some(30),
        unsubscribe_mode: UnsubscribeMode::OneClick,
        auto_pilot_settings: AutoPilotSettings {
            create_meeting: true,
            send_email: true,
            ..Default::default()
        },
        ..Campaign::default()
    };
    vec![
        campaign(1, "Spring launch", CampaignStatus::Active, "2024-04-01T09:00:00", true, true),
        campaign(2, "Q2 enterprise", CampaignStatus::Pending, "2024-05-02T10:30:00", true, false),
        campaign(3, "Winter promo", CampaignStatus::Completed, "2023-12-01T08:00:00", false, false),
        campaign(
            4,
            "Zoë's Ångström 李小龙",
            CampaignStatus::Active,
            "2024-03-15T12:00:00",
            false,
            true,
        ),
        campaign(
            5,
            HOSTILE[0],
            CampaignStatus::Unknown("PAUSED".into()),
            "2024-02-01T00:00:00",
            true,
            true,
        ),
    ]
}

pub fn bots() -> Vec<Bot> {
    let bot = |id, email: &str, first: &str| Bot {
        id,
        email: email.into(),
        first_name: first.into(),
        last_name: "Bot".into(),
        status: BotStatus::Active,
        mailbox_status: MailboxStatus::Active,
        source: BotSource::Customer,
        in_pool: true,
        initial_volume: Some(20),
        max_daily_limit: Some(50),
        warmup_increment: Some(5),
        dns_validation: Some(DnsValidation { mx: true, spf: true }),
        cname_record: Some(CnameRecord {
            alias: "track.northwind.test".into(),
            id: id * 10,
            valid_record: true,
            valid_ssl: true,
        }),
        auth_data: vec![AuthData {
            auth_type: "oauth".into(),
            id: id * 100,
            is_valid: true,
            provider: "google".into(),
        }],
        ..Bot::default()
    };
    let mut paused = bot(2, "sam@northwind.test", "Sam");
    paused.mailbox_status = MailboxStatus::Paused;
    let mut no_spf = bot(3, "kim@northwind.test", "Kim");
    no_spf.dns_validation = Some(DnsValidation { mx: true, spf: false });
    let mut broken = bot(4, "lee@northwind.test", HOSTILE[1]);
    broken.status = BotStatus::Suspended;
    broken.cname_record =
        Some(CnameRecord { alias: "t.x".into(), id: 1, valid_record: true, valid_ssl: false });
    broken.auth_data[0].is_valid = false;
    broken.custom_data = json!({"region": "eu", "note": HOSTILE[2]}).as_object().cloned().unwrap();
    // Four days into its warm-up: 20 + 4 × 5 = 40 of 50 a day.
    broken.warmup_started_at = Timestamp::parse("2024-05-04T09:00:00");
    // A deleted bot with a paused mailbox is retired, not in need of attention.
    let mut retired = bot(5, "old@northwind.test", "Old");
    retired.status = BotStatus::Deleted;
    retired.mailbox_status = MailboxStatus::Paused;
    vec![bot(1, "ada@northwind.test", "Ada"), paused, no_spf, retired, broken]
}

fn party(id: i64, email: &str, first: &str, last: &str, organisation: &str) -> Party {
    Party {
        id,
        email: email.into(),
        first_name: first.into(),
        last_name: last.into(),
        organisation: organisation.into(),
    }
}

pub fn exchanges() -> Vec<Exchange> {
    let ada = party(1, "ada@northwind.test", "Ada", "Bot", "Northwind");
    let exchange = |id, campaign_id, status, updated: &str, contact: Party| Exchange {
        unread: Default::default(),
        id,
        campaign_id,
        status,
        updated_at: at(updated),
        bot: ada.clone(),
        contact,
    };
    vec![
        exchange(
            101,
            1,
            ExchangeStatus::MeetingBooked,
            "2024-05-08T09:15:00",
            party(11, "ann@acme.tech", "Ann", "Smith", "Acme"),
        ),
        exchange(
            102,
            1,
            ExchangeStatus::Declined,
            "2024-05-07T16:40:00",
            party(12, "bob@globex.tech", "Bob", "Jones", "Globex"),
        ),
        exchange(
            103,
            4,
            ExchangeStatus::InfoInquiry,
            "2024-05-06T11:00:00",
            party(13, "li@shop.tech", "小龙", "李", "李氏商店"),
        ),
        exchange(
            104,
            2,
            ExchangeStatus::AwaitingReply,
            "2024-05-05T08:05:00",
            party(14, "dana@initech.tech", "Dana", "Lee", "Initech"),
        ),
        exchange(
            105,
            1,
            ExchangeStatus::UnsubRequest,
            "2024-05-03T13:30:00",
            party(15, "m@evil.tech", HOSTILE[0], HOSTILE[3], HOSTILE[4]),
        ),
        exchange(
            106,
            99,
            ExchangeStatus::FollowupLater,
            "2024-05-02T10:00:00",
            party(16, "noa@shalom.tech", "נועה", "כהן", "שלום בע״מ"),
        ),
        exchange(
            107,
            3,
            ExchangeStatus::Nurturing,
            "2024-04-20T10:00:00",
            party(17, "zoe@x.tech", "Zoë", "Ångström", "Ångström AB"),
        ),
    ]
}

pub fn contacts() -> Vec<Contact> {
    let contact = |id, email: &str, first: &str, last: &str, tags: &[&str], tz: &str, dnc| {
        let data = json!({"company": "Acme", "seats": 42, "vip": true});
        let mut contact =
            Contact::new(id, email, first, last).with_custom_data(data.as_object().unwrap());
        contact.tags = tags.iter().map(|&t| t.into()).collect();
        contact.timezone = Some(tz.into());
        contact.dnc = dnc;
        contact
    };
    vec![
        contact(11, "ann@acme.tech", "Ann", "Smith", &["lead", "eu"], "Europe/Berlin", false),
        contact(12, "bob@globex.tech", "Bob", "Jones", &["churned"], "America/New_York", true),
        contact(13, "li@shop.tech", "小龙", "李", &["apac"], "Asia/Shanghai", false),
        contact(14, "dana@initech.tech", "Dana", "Lee", &[], "Europe/London", false),
        contact(15, "m@evil.tech", HOSTILE[5], HOSTILE[1], &[HOSTILE[2]], HOSTILE[3], false),
        contact(16, "noa@shalom.tech", "נועה", "כהן", &["il"], "Asia/Jerusalem", false),
    ]
}

pub fn meetings() -> Vec<Meeting> {
    let person = |id, email: &str, first: &str, last: &str| {
        Some(Person { id, email: email.into(), first_name: first.into(), last_name: last.into() })
    };
    let meeting =
        |id, start: &str, end: &str, zone: &str, cancelled, contact, summary: &str| Meeting {
            unread: Default::default(),
            id,
            exchange_id: 100 + id,
            start: at(start),
            end: at(end),
            iana_timezone: Some(zone.into()),
            created_at: at("2024-05-01T10:00:00"),
            cancelled,
            meeting_link: Some(format!("https://meet.example/{id}")),
            summary: Some(summary.into()),
            campaign: Some(CampaignRef { id: 1, name: "Spring launch".into() }),
            bot: person(1, "ada@northwind.test", "Ada", "Bot"),
            contact,
            user: person(7, "sdr@northwind.test", "Sam", "Manager"),
        };
    vec![
        meeting(
            6,
            "2024-05-06T13:00:00",
            "2024-05-06T13:30:00",
            "Europe/London",
            false,
            person(17, "zoe@x.tech", "Zoë", "Ångström"),
            "Kick-off",
        ),
        meeting(
            1,
            "2024-05-08T09:00:00",
            "2024-05-08T09:30:00",
            "UTC",
            false,
            person(11, "ann@acme.tech", "Ann", "Smith"),
            "Intro call",
        ),
        meeting(
            2,
            "2024-05-08T15:00:00",
            "2024-05-08T15:45:00",
            "America/New_York",
            false,
            person(14, "dana@initech.tech", "Dana", "Lee"),
            "Pricing questions",
        ),
        meeting(
            3,
            "2024-05-09T10:00:00",
            "2024-05-09T10:30:00",
            "Europe/Berlin",
            true,
            person(12, "bob@globex.tech", "Bob", "Jones"),
            "Cancelled by contact",
        ),
        meeting(
            4,
            "2024-05-11T14:00:00",
            "2024-05-11T15:00:00",
            "Asia/Shanghai",
            false,
            person(13, "li@shop.tech", "小龙", "李"),
            HOSTILE[1],
        ),
        meeting(
            5,
            "2024-05-20T08:00:00",
            "2024-05-20T08:30:00",
            "UTC",
            false,
            person(16, "noa@shalom.tech", "נועה", "כהן"),
            "Follow-up demo",
        ),
    ]
}

pub fn chain() -> Vec<EmailMessage> {
    let mailbox =
        |address: &str, name: &str| Mailbox { address: address.into(), name: name.into() };
    let ada = mailbox("ada@northwind.test", "Ada Bot");
    let ann = mailbox("ann@acme.tech", "Ann Smith");
    vec![
        EmailMessage {
            subject: "Re: Spring launch".into(),
            from_: Some(ann.clone()),
            to: vec![ada.clone()],
            date: at("2024-05-07T14:05:00Z"),
            body: EmailBody {
                text: Some("Hi Ada,\n\nTuesday works. See https://acme.test/calendar for my slots.\n\nOn Mon, 6 May 2024 at 10:00, Ada Bot <ada@northwind.test> wrote:\n> Would a short call next week work?\n> We could walk you through the launch.\n>\n> Ada".into()),
                html: None,
            },
            labels: vec![json!("INBOX")],
            ..EmailMessage::default()
        },
        EmailMessage {
            subject: "Spring launch".into(),
            from_: Some(ada.clone()),
            to: vec![ann.clone()],
            cc: vec![json!({"address": "sdr@northwind.test", "name": "Sam Manager"})],
            date: at("2024-05-06T10:00:00Z"),
            body: EmailBody {
                html: Some("<p>Hello Ann,</p><p>Would a short call next week work? We could walk you through <a href=\"https://northwind.test/launch\">the launch</a>.</p><p>Ada</p>".into()),
                text: None,
            },
            ..EmailMessage::default()
        },
        EmailMessage {
            subject: format!("Re: Spring launch {}", HOSTILE[0]),
            from_: Some(ada),
            to: vec![ann],
            date: at("2024-05-08T08:00:00Z"),
            starred: true,
            attachments: vec![json!({"filename": "agenda.pdf", "size": 48213})],
            labels: vec![json!("SENT"), json!({"name": "Booked"})],
            body: EmailBody { text: Some(format!("Booked for Tuesday 10:00.\n{}\n{}", HOSTILE[1], HOSTILE[5])), html: None },
            ..EmailMessage::default()
        },
    ]
}
