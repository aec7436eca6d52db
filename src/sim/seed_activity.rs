//! What a seeded organisation has done: exchanges in every status spread over its
//! campaigns, meetings booked from them, DNC lists and logged conversions.

use super::campaign_kind::CampaignKind;
use super::rng::Rng;
use super::store::{LoggedConversion, NextIds, Org, SimExchange, domain_of, take};
use crate::api::{
    CampaignRef, ExchangeGroup, ExchangeStatus, JsonObject, Meeting, Person, Timestamp,
};
use chrono::{DateTime, Duration, DurationRound, NaiveTime, TimeDelta, Utc};
use serde_json::Value;

/// How often each status occurs in running campaigns (roughly a real team's funnel).
const STATUS_WEIGHTS: &[(ExchangeStatus, u64)] = &[
    (ExchangeStatus::OutreachPending, 3),
    (ExchangeStatus::OutreachQueued, 4),
    (ExchangeStatus::OutreachActive, 14),
    (ExchangeStatus::NoResponse, 14),
    (ExchangeStatus::InvalidAddress, 3),
    (ExchangeStatus::FailedDelivery, 2),
    (ExchangeStatus::UnsubLink, 2),
    (ExchangeStatus::UnsubRequest, 3),
    (ExchangeStatus::Declined, 7),
    (ExchangeStatus::FollowupLater, 6),
    (ExchangeStatus::FollowupSent, 5),
    (ExchangeStatus::ProvidedReferral, 3),
    (ExchangeStatus::OutreachReferral, 2),
    (ExchangeStatus::SchedulingMeeting, 6),
    (ExchangeStatus::InfoInquiry, 6),
    (ExchangeStatus::AwaitingReply, 6),
    (ExchangeStatus::Nurturing, 4),
    (ExchangeStatus::MeetingBooked, 8),
    (ExchangeStatus::OtherConversion, 2),
];

fn weighted_status(rng: &mut Rng) -> ExchangeStatus {
    let total: u64 = STATUS_WEIGHTS.iter().map(|(_, w)| w).sum();
    let mut roll = rng.below(total);
    for (status, weight) in STATUS_WEIGHTS {
        if roll < *weight {
            return status.clone();
        }
        roll -= weight;
    }
    ExchangeStatus::NoResponse
}

/// Creates `count` exchanges (one contact each) over the organisation's campaigns and
/// fills the campaigns' memberships.
pub fn exchanges(
    org: &mut Org,
    kinds: &[CampaignKind],
    count: usize,
    rng: &mut Rng,
    ids: &mut NextIds,
    anchor: DateTime<Utc>,
) {
    let contact_ids: Vec<i64> = org.contacts().iter().map(|c| c.contact.id).collect();
    let count = count.min(contact_ids.len());
    let mut pool = contact_ids.iter().copied();
    let mut planned: Vec<(usize, ExchangeStatus)> = Vec::with_capacity(count);
    // A handful of waiting exchanges in each startable campaign.
    for (index, _) in kinds.iter().enumerate().filter(|(_, k)| **k == CampaignKind::PendingReady) {
        for _ in 0..5 {
            if planned.len() < count {
                planned.push((index, ExchangeStatus::OutreachPending));
            }
        }
    }
    let running: Vec<usize> = (0..kinds.len())
        .filter(|&i| matches!(kinds[i], CampaignKind::Active | CampaignKind::Completed))
        .filter(|&i| !org.campaigns[i].bot_ids.is_empty())
        .collect();
    let first_active = running.iter().copied().find(|&i| kinds[i] == CampaignKind::Active);
    let mut every_status = ExchangeStatus::ALL.iter();
    while planned.len() < count && !running.is_empty() {
        // The first exchanges show every status once, so no status is missing from a demo.
        if let (Some(active), Some(status)) = (first_active, every_status.next()) {
            planned.push((active, status.clone()));
            continue;
        }
        // Active campaigns hold three times the exchanges of completed ones.
        let weighted: Vec<usize> = running
            .iter()
            .flat_map(|&i| {
                std::iter::repeat_n(i, if kinds[i] == CampaignKind::Active { 3 } else { 1 })
            })
            .collect();
        let campaign = *rng.pick(&weighted);
        let mut status = weighted_status(rng);
        if kinds[campaign] == CampaignKind::Completed
            && matches!(
                status,
                ExchangeStatus::OutreachPending
                    | ExchangeStatus::OutreachQueued
                    | ExchangeStatus::OutreachActive
            )
        {
            status = ExchangeStatus::NoResponse;
        }
        planned.push((campaign, status));
    }
    for (campaign_index, status) in planned {
        let Some(contact_id) = pool.next() else { break };
        let campaign = &mut org.campaigns[campaign_index];
        let Some(&bot_id) = campaign.bot_ids.get(rng.below(campaign.bot_ids.len() as u64) as usize)
        else {
            continue;
        };
        let created = campaign.campaign.created_at.map(|t| t.0).unwrap_or(anchor);
        let campaign_minutes = (anchor - created).num_minutes().max(60);
        let minutes = match (kinds[campaign_index], &status) {
            (CampaignKind::Completed, _) => rng.between(campaign_minutes / 3, campaign_minutes),
            (_, ExchangeStatus::OutreachPending | ExchangeStatus::OutreachQueued) => {
                rng.between(5, 3 * 1440)
            }
            // Nearly half the replies are recent, so "replies of the last 7 days" is full.
            (_, s) if s.in_group(&ExchangeGroup::Replied) && rng.percent(45) => {
                rng.between(10, 7 * 1440)
            }
            _ => rng.between(10, campaign_minutes),
        };
        let updated_at =
            anchor - TimeDelta::minutes(minutes) - TimeDelta::microseconds(rng.between(0, 999_999));
        campaign.contact_ids.push(contact_id);
        let id = take(&mut ids.exchange);
        org.exchanges.push(SimExchange {
            id,
            campaign_id: campaign.campaign.id,
            bot_id,
            contact_id,
            status,
            updated_at: Timestamp(updated_at),
            live: None,
        });
    }
    // Campaigns without a bot still hold contacts: they wait for one before they start.
    for (index, kind) in kinds.iter().enumerate() {
        if *kind == CampaignKind::PendingNoBot {
            org.campaigns[index].contact_ids.extend(pool.by_ref().take(10));
        }
    }
}

/// Day offsets from the anchor of successive meetings: today, the next days, a few past.
const DAY_OFFSETS: [i64; 12] = [0, 1, -3, 2, 0, 5, -9, 3, 1, -20, 8, 13];
const ZONES: &[&str] =
    &["America/New_York", "Europe/Berlin", "Asia/Tokyo", "Asia/Kolkata", "Australia/Adelaide"];

/// One meeting per booked exchange, some cancelled, some rescheduled.
pub fn meetings(org: &mut Org, rng: &mut Rng, ids: &mut NextIds, anchor: DateTime<Utc>) {
    let booked: Vec<usize> = (0..org.exchanges.len())
        .filter(|&i| org.exchanges[i].status == ExchangeStatus::MeetingBooked)
        .collect();
    let quarter = anchor.duration_trunc(Duration::minutes(15)).unwrap_or(anchor);
    for (n, index) in booked.into_iter().enumerate() {
        let exchange = org.exchanges[index].clone();
        let day = DAY_OFFSETS[n % DAY_OFFSETS.len()] + (n / DAY_OFFSETS.len()) as i64 % 3;
        let start = if day == 0 {
            quarter + TimeDelta::minutes(15 * rng.between(-8, 24))
        } else {
            let hour = rng.between(8, 17) as u32;
            let minute = *rng.pick(&[0, 15, 30, 45]);
            let time = NaiveTime::from_hms_opt(hour, minute, 0).unwrap_or_default();
            (anchor.date_naive() + TimeDelta::days(day)).and_time(time).and_utc()
        };
        let booked_at =
            (start - TimeDelta::minutes(rng.between(1440, 5 * 1440))).min(exchange.updated_at.0);
        org.exchanges[index].updated_at = Timestamp(booked_at);
        let meeting = meeting(org, &exchange, start, Timestamp(booked_at), rng, ids);
        if n % 6 == 5 {
            // Rescheduled: the first slot was cancelled.
            let mut first = meeting.clone();
            first.id = take(&mut ids.meeting);
            first.start = Some(Timestamp(start - TimeDelta::days(2)));
            first.end = first.start.map(|s| Timestamp(s.0 + TimeDelta::minutes(30)));
            first.cancelled = true;
            org.meetings.push(first);
        }
        org.meetings.push(meeting);
    }
}

fn meeting(
    org: &Org,
    exchange: &SimExchange,
    start: DateTime<Utc>,
    created: Timestamp,
    rng: &mut Rng,
    ids: &mut NextIds,
) -> Meeting {
    let campaign = org.campaign(exchange.campaign_id);
    let minutes = campaign.and_then(|c| c.campaign.meeting_duration).unwrap_or(30);
    let contact = org.contact_by_id(exchange.contact_id);
    let bot = org.bot(exchange.bot_id);
    let company = contact.map(|c| c.company.clone()).unwrap_or_default();
    let person = |id, email: &str, first: &str, last: &str| Person {
        id,
        email: email.into(),
        first_name: first.into(),
        last_name: last.into(),
    };
    let id = take(&mut ids.meeting);
    Meeting {
        unread: Default::default(),
        id,
        exchange_id: exchange.id,
        start: Some(Timestamp(start)),
        end: Some(Timestamp(start + TimeDelta::minutes(minutes))),
        iana_timezone: Some(
            contact
                .and_then(|c| c.contact.timezone.as_deref().map(String::from))
                .unwrap_or_else(|| rng.pick(ZONES).to_string()),
        ),
        created_at: Some(created),
        cancelled: id % 9 == 4,
        meeting_link: Some(format!(
            "https://meet.example.com/{}-{}-{}",
            letters(rng, 3),
            letters(rng, 4),
            letters(rng, 3)
        )),
        summary: Some(if rng.percent(50) {
            format!("{} × {company}: intro call", org.name)
        } else {
            format!("Product demo for {company}")
        }),
        campaign: campaign
            .map(|c| CampaignRef { id: c.campaign.id, name: c.campaign.name.clone() }),
        bot: bot.map(|b| person(b.id, &b.email, &b.first_name, &b.last_name)),
        contact: contact.map(|c| {
            let c = &c.contact;
            person(c.id, c.email(), c.first_name(), c.last_name())
        }),
        user: (!org.users.is_empty()).then(|| rng.pick(&org.users).clone()),
    }
}

fn letters(rng: &mut Rng, n: usize) -> String {
    (0..n).map(|_| (b'a' + rng.below(26) as u8) as char).collect()
}

/// Seeded DNC lists: a share of contacts by address and a couple of domains.
pub fn dnc_lists(org: &mut Org, rng: &mut Rng) {
    if org.contacts().is_empty() {
        return;
    }
    let picked: Vec<String> = org
        .contacts()
        .iter()
        .filter(|c| c.contact.id % 53 == 0)
        .map(|c| c.contact.email().to_lowercase())
        .collect();
    org.dnc_emails.extend(picked);
    org.dnc_emails.insert("press@competitor.example".into());
    org.dnc_domains.insert("competitor.example".into());
    let company_domain = domain_of(rng.pick(org.contacts()).contact.email());
    org.dnc_domains.insert(company_domain);
    org.refresh_dnc();
}

/// A few conversions already logged for contacts whose exchanges converted.
pub fn conversions(org: &mut Org, anchor: DateTime<Utc>) {
    let converted: Vec<(i64, Timestamp)> = org
        .exchanges
        .iter()
        .filter(|e| e.status == ExchangeStatus::OtherConversion)
        .take(5)
        .map(|e| (e.contact_id, e.updated_at))
        .collect();
    for (n, (contact_id, at)) in converted.into_iter().enumerate() {
        let Some(contact) = org.contact_by_id(contact_id) else { continue };
        let mut data = JsonObject::new();
        data.insert("plan".into(), Value::from(if n % 2 == 0 { "growth" } else { "starter" }));
        data.insert("value".into(), Value::from(1200 + 300 * n as i64));
        org.conversions.push(LoggedConversion {
            email: contact.contact.email().to_string(),
            contact_id,
            conversion_type: Some(if n % 2 == 0 { "signup" } else { "purchase" }.into()),
            conversion_data: Some(data),
            logged_at: Timestamp(at.0.min(anchor)),
        });
    }
}
