//! The deterministic generator: from a seed, a scale and an anchor instant, the same
//! organisations with the same campaigns, bots, contacts, exchanges, meetings, DNC lists
//! and conversions on every run. Everything is dated relative to the anchor, so a demo
//! always shows replies of the last days and meetings today and in the days ahead.

use super::campaign_kind::CampaignKind;
use super::clock::Clock;
use super::hostile;
use super::rng::{Rng, salt};
use super::seed_activity::{conversions, dnc_lists, exchanges, meetings};
use super::seed_bots::{BotPlan, bots};
use super::store::{
    DuplicateContact, Groups, NextIds, Org, SimCampaign, StoredContact, World, take,
};
use super::words::words;
use crate::api::intern::{intern, intern_zone};
use crate::api::{
    AutoPilotSettings, Campaign, CampaignStatus, Contact, JsonObject, Person, Timestamp,
    UnsubscribeMode,
};
use crate::bots::{Standing, standing};
use chrono::{DateTime, TimeDelta, Utc};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::HashSet;

struct OrgPlan {
    name: Cow<'static, str>,
    domain: Cow<'static, str>,
    mail_domain: Cow<'static, str>,
    contacts: usize,
    exchanges: usize,
    campaigns: Vec<CampaignKind>,
    bots: BotPlan,
    hostile: bool,
    users: &'static [(&'static str, &'static str)],
}

fn plans(scale: usize) -> Vec<OrgPlan> {
    use CampaignKind::*;
    let pattern = [
        Active,
        Active,
        PendingReady,
        Completed,
        Active,
        PendingEmpty,
        Active,
        PendingNoBot,
        Completed,
        Active,
        PendingReady,
        Completed,
    ];
    // Campaigns grow slower than contacts: a big organisation runs bigger campaigns.
    let rounds = (scale as f64).sqrt().ceil() as usize;
    vec![
        OrgPlan {
            name: "Northwind".into(),
            domain: "northwind.example".into(),
            mail_domain: "northwind-mail.example".into(),
            contacts: 1000 * scale,
            exchanges: 200 * scale,
            campaigns: pattern.iter().copied().cycle().take(pattern.len() * rounds).collect(),
            bots: BotPlan::MostlyHealthy { extra: (scale - 1) / 5 },
            hostile: true,
            users: &[("Dana", "Whitfield"), ("Marcus", "Oyelaran"), ("Sofía", "Ibáñez")],
        },
        OrgPlan {
            name: "Globex".into(),
            domain: "globex.example".into(),
            mail_domain: "globex-outreach.example".into(),
            contacts: 40,
            exchanges: 16,
            campaigns: vec![Active, PendingReady, Completed],
            bots: BotPlan::Healthy { live: 3, retired: 1 },
            hostile: false,
            users: &[("Hank", "Scorpio")],
        },
        OrgPlan {
            name: "Initech".into(),
            domain: "initech.example".into(),
            mail_domain: "initech-mail.example".into(),
            contacts: 25,
            exchanges: 10,
            campaigns: vec![Active, PendingReady],
            bots: BotPlan::Troubled,
            hostile: false,
            users: &[("Bill", "Lumbergh"), ("Peter", "Gibbons")],
        },
        OrgPlan {
            name: "Vandelay".into(),
            domain: "vandelay.example".into(),
            mail_domain: "vandelay-mail.example".into(),
            contacts: 0,
            exchanges: 0,
            campaigns: vec![PendingEmpty],
            bots: BotPlan::None,
            hostile: false,
            users: &[("Art", "Vandelay")],
        },
    ]
}

/// The organisations beyond the four of the demo (`outreach sim --orgs N`): an agency's
/// clients, each as small and healthy as Globex, named `Client05` onwards.
fn clients(count: usize) -> impl Iterator<Item = OrgPlan> {
    (5..5 + count).map(|n| OrgPlan {
        name: format!("Client{n:02}").into(),
        domain: format!("client{n:02}.example").into(),
        mail_domain: format!("client{n:02}-mail.example").into(),
        contacts: 40,
        exchanges: 16,
        campaigns: vec![CampaignKind::Active, CampaignKind::PendingReady, CampaignKind::Completed],
        bots: BotPlan::Healthy { live: 3, retired: 1 },
        hostile: false,
        users: &[("Pat", "Client")],
    })
}

/// The organisations of the demo: Northwind, Globex, Initech and Vandelay.
pub const DEMO_ORGS: usize = 4;

/// Builds the whole simulated world with the demo's organisations.
pub fn generate(
    seed: u64,
    scale: u32,
    anchor: DateTime<Utc>,
    duplicate_contact: DuplicateContact,
) -> World {
    generate_orgs(seed, scale, DEMO_ORGS, anchor, duplicate_contact)
}

/// Builds the whole simulated world with `orgs` organisations: the demo's, then clients.
pub fn generate_orgs(
    seed: u64,
    scale: u32,
    orgs: usize,
    anchor: DateTime<Utc>,
    duplicate_contact: DuplicateContact,
) -> World {
    let extra = orgs.saturating_sub(DEMO_ORGS);
    let scale = scale.max(1) as usize;
    let mut ids = NextIds::default();
    let mut key_rng = Rng::for_item(seed, salt::KEYS, 0);
    let mut orgs = Vec::new();
    for (index, plan) in plans(scale).into_iter().chain(clients(extra)).enumerate() {
        let mut rng = Rng::for_item(seed, salt::ORG, index as i64);
        let mut org = Org::new(&plan.name, &plan.domain);
        let slug = plan.name.to_lowercase();
        org.admin_key = format!("sim_admin_{slug}_{}", key_rng.hex(24));
        org.read_only_key = format!("sim_ro_{slug}_{}", key_rng.hex(24));
        org.hostile = plan.hostile;
        org.users = plan
            .users
            .iter()
            .map(|(first, last)| Person {
                id: take(&mut ids.record),
                email: format!("{}.{}@{}", ascii(first), ascii(last), &plan.domain),
                first_name: first.to_string(),
                last_name: last.to_string(),
            })
            .collect();
        org.bots = bots(plan.bots, &mut rng, &mut ids, &plan.mail_domain, anchor);
        let mut taken = HashSet::new();
        for n in 0..plan.contacts {
            let mut contact_rng =
                Rng::for_item(seed, salt::CONTACT, (index * 10_000_000 + n) as i64);
            let id = take(&mut ids.contact);
            org.push_contact(contact(&mut contact_rng, id, plan.hostile, &mut taken));
        }
        org.campaigns = plan
            .campaigns
            .iter()
            .enumerate()
            .map(|(n, kind)| campaign(*kind, n, &org, &mut rng, &mut ids, anchor))
            .collect();
        let kinds = plan.campaigns.clone();
        exchanges(&mut org, &kinds, plan.exchanges, &mut rng, &mut ids, anchor);
        meetings(&mut org, &mut rng, &mut ids, anchor);
        dnc_lists(&mut org, &mut rng);
        conversions(&mut org, anchor);
        orgs.push(org);
    }
    let groups = Groups::default();
    World { orgs, ids, duplicate_contact, groups, clock: Clock::new(anchor), seed, key_rng }
}

fn ascii(name: &str) -> String {
    name.to_lowercase().replace('í', "i").replace('á', "a").replace('ñ', "n")
}

const TAGS: &[&str] = &[
    "vip",
    "q3-push",
    "webinar",
    "inbound",
    "partner",
    "enterprise",
    "smb",
    "champion",
    "renewal",
    "trial",
    "event-lead",
    "do-not-call",
];

/// One seeded contact; a few carry hostile names as real address books do.
fn contact(rng: &mut Rng, id: i64, hostile: bool, taken: &mut HashSet<String>) -> StoredContact {
    let w = words();
    let first = rng.pick(&w.first_names);
    let last = rng.pick(&w.last_names);
    let company = rng.pick(&w.companies);
    let city = rng.pick(&w.cities);
    let mut email = format!("{}.{}@{}", first.ascii, last.ascii, company.domain);
    if !taken.insert(email.clone()) {
        email = format!("{}.{}{}@{}", first.ascii, last.ascii, id, company.domain);
        taken.insert(email.clone());
    }
    let first_name = if hostile && id % 97 == 0 {
        rng.pick(hostile::NAMES).to_string()
    } else {
        first.display.clone()
    };
    let mut custom_data = JsonObject::new();
    custom_data.insert("company".into(), Value::from(company.name.clone()));
    custom_data.insert("title".into(), Value::from(rng.pick(&w.titles).clone()));
    let tags = (0..rng.below(4)).map(|_| rng.pick(TAGS).to_string()).collect::<Vec<_>>();
    let mut unique_tags = Vec::new();
    for tag in tags {
        if !unique_tags.contains(&tag) {
            unique_tags.push(tag);
        }
    }
    let mut contact =
        Contact::new(id, &email, &first_name, &last.display).with_custom_data(&custom_data);
    contact.tags = unique_tags.iter().map(|tag| intern(tag)).collect();
    contact.timezone = (!rng.percent(5)).then(|| intern_zone(&city.timezone));
    StoredContact {
        contact,
        company: company.name.clone(),
        city: Some(city.name.clone()),
        country: Some(city.country.clone()),
    }
}

const CAMPAIGN_NAMES: &[&str] = &[
    "Q3 Fintech Outbound",
    "EMEA Logistics Leaders",
    "Webinar follow-up — June",
    "Series B Founders",
    "Re-engagement 2024",
    "Healthcare CIOs",
    "製造業 DX キャンペーン",
    "RevOps Heads (US)",
    "Partner Referrals",
    "SaaStr Europa attendees",
    "Procurement Leads DACH",
    "Inbound Trial Nudges",
    "CFO Roundtable Invites",
    "Expansion — Existing Customers",
    "العملاء في الخليج",
    "Árvíztűrő Pilot Hungary",
];

fn campaign(
    kind: CampaignKind,
    n: usize,
    org: &Org,
    rng: &mut Rng,
    ids: &mut NextIds,
    anchor: DateTime<Utc>,
) -> SimCampaign {
    let base = CAMPAIGN_NAMES[n % CAMPAIGN_NAMES.len()];
    let name = match n / CAMPAIGN_NAMES.len() {
        0 => base.to_string(),
        round => format!("{base} #{}", round + 1),
    };
    let (status, age_days) = match kind {
        CampaignKind::Active => (CampaignStatus::Active, rng.between(20, 150)),
        CampaignKind::Completed => (CampaignStatus::Completed, rng.between(150, 330)),
        _ => (CampaignStatus::Pending, rng.between(0, 14)),
    };
    let created = anchor - TimeDelta::days(age_days) - TimeDelta::minutes(rng.between(0, 1439));
    // The healthy bots come first; ACTIVE campaigns draw from the first few bots.
    let usable: Vec<i64> = org.bots.iter().take(6).map(|b| b.id).collect();
    let bot_ids = match kind {
        CampaignKind::PendingNoBot => Vec::new(),
        _ if usable.is_empty() => Vec::new(),
        CampaignKind::Active => {
            let count = rng.between(1, 3) as usize;
            let start = rng.below(usable.len() as u64) as usize;
            let mut ids: Vec<i64> =
                (0..count.min(usable.len())).map(|k| usable[(start + k) % usable.len()]).collect();
            // The first live campaign also sends through a bot that needs attention, as
            // happens: "Needs you" has a live campaign on a troubled bot to show.
            let troubled = org.bots.iter().find(|b| standing(b) == Standing::Attention);
            if let Some(troubled) = troubled.filter(|_| n == 0) {
                ids.push(troubled.id);
            }
            ids
        }
        _ => vec![usable[n % usable.len().min(3)]],
    };
    let auto_pilot = AutoPilotSettings {
        cancel_meeting: rng.percent(50),
        create_meeting: rng.percent(80),
        do_not_contact: rng.percent(70),
        do_not_respond: rng.percent(30),
        move_meeting: rng.percent(50),
        put_on_hold: rng.percent(40),
        send_email: rng.percent(80),
        send_reconnect_email: rng.percent(50),
        send_referral_email: rng.percent(60),
        unsuccessful_delivery: rng.percent(50),
    };
    SimCampaign {
        campaign: Campaign {
            unread: Default::default(),
            id: take(&mut ids.campaign),
            name,
            status,
            created_at: Some(Timestamp(created)),
            auto_enrich: rng.percent(60),
            email_tracking: rng.percent(70),
            link_tracking: rng.percent(50),
            include_disclaimer: rng.percent(30),
            // Some ready campaigns are in test mode (the pre-flight fails), not all: one
            // passes, and "Needs you" says it is ready to start.
            test_mode: kind == CampaignKind::PendingReady && n % 16 == 2,
            meeting_duration: Some(*rng.pick(&[15, 30, 30, 45, 60])),
            unsubscribe_mode: rng
                .pick(&[UnsubscribeMode::OneClick, UnsubscribeMode::Text, UnsubscribeMode::Off])
                .clone(),
            auto_pilot_settings: auto_pilot,
        },
        bot_ids,
        contact_ids: Vec::new(),
    }
}
