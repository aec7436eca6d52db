//! Bots of a seeded organisation, with the DNS, CNAME, authorisation and warm-up details a
//! deliverability check looks at. Across the organisations every account and mailbox status
//! appears; the rich one looks like a real organisation, mostly healthy.

use super::rng::Rng;
use super::store::{NextIds, take};
use super::words::words;
use crate::api::{
    AuthData, Bot, BotSource, BotStatus, CnameRecord, DnsValidation, JsonObject, MailboxStatus,
    Timestamp,
};
use chrono::{DateTime, TimeDelta, Utc};
use serde_json::Value;

/// What is wrong with a bot's set-up, beside its statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Issue {
    None,
    NoSpf,
    NoMx,
    AuthInvalid,
    CnameInvalid,
    SslInvalid,
    NoDns,
}

type Spec = (BotStatus, MailboxStatus, Issue);

/// The rich organisation's bots, as a real one looks: healthy ones first (they carry most
/// exchanges), then a few that need attention, one ending and two retired.
fn mostly_healthy() -> Vec<Spec> {
    use BotStatus as S;
    use MailboxStatus as M;
    let mut specs = vec![(S::Active, M::Active, Issue::None); 10];
    // No bot here misses MX or SPF (that fails every campaign's pre-flight, and one pending
    // campaign is meant to be ready); the other organisations show those.
    specs.extend([
        (S::CoolingOff, M::Active, Issue::None),
        (S::Active, M::Active, Issue::SslInvalid),
        (S::Active, M::ConnectionError, Issue::AuthInvalid),
        (S::PaymentFailed, M::Paused, Issue::None),
        (S::ScheduledForCancellation, M::Active, Issue::None),
        (S::Deleted, M::Paused, Issue::None),
        (S::Cancelled, M::Paused, Issue::None),
    ]);
    specs
}

/// The statuses the rich organisation does not show, so that every account and mailbox
/// status is somewhere: bots on their way to sending and bots in trouble, after two healthy
/// ones for the campaigns.
fn troubled() -> Vec<Spec> {
    use BotStatus as S;
    use MailboxStatus as M;
    vec![
        (S::Active, M::Active, Issue::None),
        (S::Active, M::Active, Issue::None),
        (S::Configuring, M::PendingConnection, Issue::NoDns),
        (S::ConnectionPending, M::PendingConnection, Issue::None),
        (S::Provisioning, M::PendingConnection, Issue::NoDns),
        (S::ProvisioningFailed, M::ConnectionError, Issue::NoMx),
        (S::Suspended, M::Paused, Issue::None),
        (S::Active, M::Active, Issue::CnameInvalid),
        (S::ScheduledForCancellation, M::Active, Issue::SslInvalid),
    ]
}

/// Which bots an organisation gets.
#[derive(Debug, Clone, Copy)]
pub enum BotPlan {
    /// Mostly healthy with a few problems, plus `extra` healthy bots for larger scales.
    MostlyHealthy { extra: usize },
    /// `live` healthy bots and `retired` INACTIVE ones, which need no attention.
    Healthy { live: usize, retired: usize },
    /// Every status the mostly healthy plan lacks.
    Troubled,
    /// No bots at all (uploads answer 400).
    None,
}

const PERSONAS: &[&str] = &["consultative", "friendly", "concise", "technical", "formal"];
const BOT_TITLES: &[&str] =
    &["Account Executive", "Business Development Rep", "Partnerships Manager", "Solutions Advisor"];

/// Builds the bots of one organisation; `mail_domain` is where they send from.
pub fn bots(
    plan: BotPlan,
    rng: &mut Rng,
    ids: &mut NextIds,
    mail_domain: &str,
    anchor: DateTime<Utc>,
) -> Vec<Bot> {
    let healthy = (BotStatus::Active, MailboxStatus::Active, Issue::None);
    let specs: Vec<Spec> = match plan {
        BotPlan::MostlyHealthy { extra } => {
            let mut specs = mostly_healthy();
            specs.extend(std::iter::repeat_n(healthy, extra));
            specs
        }
        BotPlan::Healthy { live, retired } => {
            let gone = (BotStatus::Inactive, MailboxStatus::Paused, Issue::None);
            let mut specs = vec![healthy; live];
            specs.extend(std::iter::repeat_n(gone, retired));
            specs
        }
        BotPlan::Troubled => troubled(),
        BotPlan::None => Vec::new(),
    };
    let mut used = std::collections::HashSet::new();
    specs.into_iter().map(|spec| bot(spec, rng, ids, mail_domain, anchor, &mut used)).collect()
}

fn bot(
    (status, mailbox_status, issue): Spec,
    rng: &mut Rng,
    ids: &mut NextIds,
    mail_domain: &str,
    anchor: DateTime<Utc>,
    used: &mut std::collections::HashSet<String>,
) -> Bot {
    let w = words();
    let (first, last) = loop {
        // Personas an organisation names: its plain Latin names (the lists start with them).
        let first = rng.pick(&w.first_names[..w.first_names.len().min(80)]);
        let last = rng.pick(&w.last_names[..w.last_names.len().min(70)]);
        if used.insert(format!("{}.{}", first.ascii, last.ascii)) {
            break (first, last);
        }
    };
    let id = take(&mut ids.bot);
    let connected = mailbox_status != MailboxStatus::PendingConnection;
    let customer = rng.percent(25);
    let auth_data = if connected {
        let (auth_type, provider) = if customer {
            ("smtp", "custom")
        } else {
            ("oauth2", *rng.pick(&["google", "microsoft"]))
        };
        vec![AuthData {
            auth_type: auth_type.into(),
            id: take(&mut ids.record),
            is_valid: issue != Issue::AuthInvalid,
            provider: provider.into(),
        }]
    } else {
        Vec::new()
    };
    let cname_record = (issue != Issue::NoDns).then(|| CnameRecord {
        alias: format!("track.{mail_domain}"),
        id: take(&mut ids.record),
        valid_record: issue != Issue::CnameInvalid,
        valid_ssl: !matches!(issue, Issue::CnameInvalid | Issue::SslInvalid),
    });
    let dns_validation = (issue != Issue::NoDns)
        .then_some(DnsValidation { mx: issue != Issue::NoMx, spf: issue != Issue::NoSpf });
    let warming = !matches!(status, BotStatus::Provisioning | BotStatus::Configuring);
    let mut custom_data = JsonObject::new();
    custom_data.insert("persona".into(), Value::from(*rng.pick(PERSONAS)));
    custom_data.insert("signature_title".into(), Value::from(*rng.pick(BOT_TITLES)));
    Bot {
        unread: Default::default(),
        id,
        email: format!("{}.{}@{mail_domain}", first.ascii, last.ascii),
        first_name: first.display.clone(),
        last_name: last.display.clone(),
        custom_data,
        auth_data,
        cname_record,
        dns_validation,
        mailbox_status,
        status,
        source: if customer { BotSource::Customer } else { BotSource::Vendor },
        in_pool: rng.percent(30),
        initial_volume: Some(*rng.pick(&[5, 10, 20])),
        max_daily_limit: Some(rng.between(30, 80)),
        warmup_increment: Some(rng.between(2, 5)),
        warmup_started_at: warming.then(|| {
            let age = TimeDelta::minutes(rng.between(3 * 1440, 200 * 1440));
            Timestamp(anchor - age)
        }),
        shown_onboarding: rng.percent(85),
    }
}
