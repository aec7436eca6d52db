//! The simulator's in-memory state: several organisations, each with its keys, campaigns,
//! bots, contacts, exchanges, meetings, DNC lists and logged conversions. Reads that build
//! API models live here; the rules of writes live in `ops.rs`.

use super::chain::{Arrived, ChainContext, ChainParty};
use super::clock::Clock;
use super::rng::Rng;
use crate::api::{
    Bot, Campaign, Contact, ExchangeGroup, ExchangeStatus, JsonObject, Meeting, Party, Person,
    Timestamp,
};
use axum::body::Bytes;
use chrono::NaiveDate;
use serde::Serialize;
use std::collections::{HashMap, HashSet};

/// What a key may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Admin,
    ReadOnly,
}

/// How endpoint 5 answers a contact that already exists (the spec has it both ways).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum DuplicateContact {
    /// 400 `{"detail": "... already ..."}`.
    #[default]
    Reject400,
    /// 200 with the existing contact's id.
    ReturnExisting,
}

/// Which statuses endpoint 9's exchange groups hold: the spec leaves it open, and a client
/// must count the same replies either way.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Groups {
    /// The replied group holds the meeting-booked one (a meeting is booked after a reply).
    #[default]
    Nested,
    /// Each exchange in one group: the replied group leaves MEETING_BOOKED out.
    MeetingBookedApart,
}

impl Groups {
    /// Whether an exchange of `status` is listed under `group`.
    pub fn holds(self, group: &ExchangeGroup, status: &ExchangeStatus) -> bool {
        let apart = self == Groups::MeetingBookedApart
            && *group == ExchangeGroup::Replied
            && *status == ExchangeStatus::MeetingBooked;
        status.in_group(group) && !apart
    }
}

/// A contact with the upload fields the list endpoint does not show.
#[derive(Debug, Clone)]
pub struct StoredContact {
    pub contact: Contact,
    pub company: String,
    pub city: Option<String>,
    pub country: Option<String>,
}

/// A campaign with the membership the API does not show but start and upload depend on.
#[derive(Debug, Clone)]
pub struct SimCampaign {
    pub campaign: Campaign,
    pub bot_ids: Vec<i64>,
    pub contact_ids: Vec<i64>,
}

/// One conversation; parties are looked up when it is listed, so names stay consistent.
#[derive(Debug, Clone)]
pub struct SimExchange {
    pub id: i64,
    pub campaign_id: i64,
    pub bot_id: i64,
    pub contact_id: i64,
    pub status: ExchangeStatus,
    pub updated_at: Timestamp,
    /// Replies that arrived while the simulator ran (the live demo); `None` for nearly all.
    pub live: Option<Box<LiveChain>>,
}

/// An exchange's chain once live replies arrived: the chain generated as it was seeded, then
/// the contact's new messages. Keeping the seeded status and time keeps the generated part
/// the same e-mails it was before.
#[derive(Debug, Clone)]
pub struct LiveChain {
    pub seeded_status: ExchangeStatus,
    pub seeded_updated_at: Timestamp,
    /// Oldest first.
    pub replies: Vec<Arrived>,
}

/// A conversion the background task of endpoint 2 recorded (shown by `/_sim/conversions`).
#[derive(Debug, Clone, Serialize)]
pub struct LoggedConversion {
    pub email: String,
    pub contact_id: i64,
    pub conversion_type: Option<String>,
    pub conversion_data: Option<JsonObject>,
    pub logged_at: Timestamp,
}

/// One organisation and everything it owns.
#[derive(Debug, Default)]
pub struct Org {
    pub name: String,
    /// The organisation's own mail domain (its users and its signatures).
    pub domain: String,
    pub admin_key: String,
    pub read_only_key: String,
    /// Whether its e-mail chains carry hostile strings (the rich demo organisation only).
    pub hostile: bool,
    pub users: Vec<Person>,
    pub campaigns: Vec<SimCampaign>,
    pub bots: Vec<Bot>,
    contacts: Vec<StoredContact>,
    by_email: HashMap<String, usize>,
    by_id: HashMap<i64, usize>,
    pub exchanges: Vec<SimExchange>,
    pub meetings: Vec<Meeting>,
    pub dnc_emails: HashSet<String>,
    pub dnc_domains: HashSet<String>,
    pub conversions: Vec<LoggedConversion>,
    /// The serialised contact list: 100k contacts cost ~100 ms to serialise, so it is
    /// built once and dropped on any change.
    contacts_json: Option<Bytes>,
    /// How many live replies arrived (the live demo and `POST /_sim/replies`).
    pub live_replies: u64,
}

/// The lower-cased domain of an address, for DNC matching.
pub fn domain_of(email: &str) -> String {
    email.rsplit_once('@').map(|(_, domain)| domain).unwrap_or_default().to_lowercase()
}

impl Org {
    pub fn new(name: &str, domain: &str) -> Org {
        Org { name: name.into(), domain: domain.into(), ..Org::default() }
    }

    pub fn contacts(&self) -> &[StoredContact] {
        &self.contacts
    }

    pub fn contact_by_email(&self, email: &str) -> Option<&StoredContact> {
        self.by_email.get(&email.to_lowercase()).map(|&index| &self.contacts[index])
    }

    pub fn contact_by_id(&self, id: i64) -> Option<&StoredContact> {
        self.by_id.get(&id).map(|&index| &self.contacts[index])
    }

    /// Adds a contact, flagging it when its address or domain is already on a DNC list.
    pub fn push_contact(&mut self, mut stored: StoredContact) {
        stored.contact.dnc = self.is_dnc(stored.contact.email());
        let index = self.contacts.len();
        self.by_email.insert(stored.contact.email().to_lowercase(), index);
        self.by_id.insert(stored.contact.id, index);
        self.contacts.push(stored);
        self.contacts_json = None;
    }

    pub fn is_dnc(&self, email: &str) -> bool {
        self.dnc_emails.contains(&email.to_lowercase())
            || self.dnc_domains.contains(&domain_of(email))
    }

    /// Recomputes every contact's `dnc` flag after a DNC list changed.
    pub fn refresh_dnc(&mut self) {
        let flags: Vec<bool> =
            self.contacts.iter().map(|c| self.is_dnc(c.contact.email())).collect();
        for (stored, flag) in self.contacts.iter_mut().zip(flags) {
            stored.contact.dnc = flag;
        }
        self.contacts_json = None;
    }

    /// The body of endpoint 10.
    pub fn contacts_json(&mut self) -> Bytes {
        if let Some(cached) = &self.contacts_json {
            return cached.clone();
        }
        let list: Vec<&Contact> = self.contacts.iter().map(|stored| &stored.contact).collect();
        let json = Bytes::from(serde_json::to_vec(&list).unwrap_or_else(|_| b"[]".to_vec()));
        self.contacts_json = Some(json.clone());
        json
    }

    pub fn campaign(&self, id: i64) -> Option<&SimCampaign> {
        self.campaigns.iter().find(|c| c.campaign.id == id)
    }

    pub fn campaign_mut(&mut self, id: i64) -> Option<&mut SimCampaign> {
        self.campaigns.iter_mut().find(|c| c.campaign.id == id)
    }

    pub fn bot(&self, id: i64) -> Option<&Bot> {
        self.bots.iter().find(|b| b.id == id)
    }

    /// A bot or contact as an exchange shows it.
    fn party(&self, bot_id: Option<i64>, contact_id: Option<i64>) -> Party {
        if let Some(bot) = bot_id.and_then(|id| self.bot(id)) {
            return Party {
                id: bot.id,
                email: bot.email.clone(),
                first_name: bot.first_name.clone(),
                last_name: bot.last_name.clone(),
                organisation: self.name.clone(),
            };
        }
        match contact_id.and_then(|id| self.contact_by_id(id)) {
            Some(stored) => Party {
                id: stored.contact.id,
                email: stored.contact.email().to_string(),
                first_name: stored.contact.first_name().to_string(),
                last_name: stored.contact.last_name().to_string(),
                organisation: stored.company.clone(),
            },
            None => Party::default(),
        }
    }

    /// An exchange as endpoint 9 returns it.
    pub fn exchange_model(&self, exchange: &SimExchange) -> crate::api::Exchange {
        crate::api::Exchange {
            unread: Default::default(),
            id: exchange.id,
            campaign_id: exchange.campaign_id,
            status: exchange.status.clone(),
            updated_at: Some(exchange.updated_at),
            bot: self.party(Some(exchange.bot_id), None),
            contact: self.party(None, Some(exchange.contact_id)),
        }
    }

    /// Endpoint 9: exchanges of a group whose `updated_at` day lies in the range, newest first.
    pub fn exchanges_in(
        &self,
        (groups, group): (Groups, &ExchangeGroup),
        campaign_id: Option<i64>,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Vec<crate::api::Exchange> {
        let mut found: Vec<&SimExchange> = self
            .exchanges
            .iter()
            .filter(|e| groups.holds(group, &e.status))
            .filter(|e| campaign_id.is_none_or(|id| e.campaign_id == id))
            .filter(|e| (start..=end).contains(&e.updated_at.date()))
            .collect();
        crate::sorting::sort_by(&mut found, |a, b| {
            b.updated_at.cmp(&a.updated_at).then(b.id.cmp(&a.id))
        });
        found.into_iter().map(|e| self.exchange_model(e)).collect()
    }

    pub fn exchange(&self, id: i64) -> Option<&SimExchange> {
        self.exchanges.iter().find(|e| e.id == id)
    }

    /// Endpoint 12: meetings whose start day lies in the range (either end open), by start.
    pub fn meetings_in(&self, start: Option<NaiveDate>, end: Option<NaiveDate>) -> Vec<Meeting> {
        let mut found: Vec<Meeting> = self
            .meetings
            .iter()
            .filter(|m| {
                let day = m.start.map(|s| s.date());
                start.is_none_or(|from| day.is_some_and(|d| d >= from))
                    && end.is_none_or(|to| day.is_some_and(|d| d <= to))
            })
            .cloned()
            .collect();
        crate::sorting::sort_by_key(&mut found, |m| (m.start, m.id));
        found
    }
}

/// Identifiers are unique across organisations, so another organisation's id is a 404
/// and never a coincidental hit.
#[derive(Debug, Clone)]
pub struct NextIds {
    pub campaign: i64,
    pub bot: i64,
    pub contact: i64,
    pub exchange: i64,
    pub meeting: i64,
    pub record: i64,
}

impl Default for NextIds {
    fn default() -> Self {
        NextIds {
            campaign: 101,
            bot: 501,
            contact: 10_001,
            exchange: 200_001,
            meeting: 9_001,
            record: 70_001,
        }
    }
}

/// Takes the next value of a counter.
pub fn take(counter: &mut i64) -> i64 {
    let id = *counter;
    *counter += 1;
    id
}

/// Everything the simulator knows.
#[derive(Debug)]
pub struct World {
    pub orgs: Vec<Org>,
    pub ids: NextIds,
    pub duplicate_contact: DuplicateContact,
    pub groups: Groups,
    pub clock: Clock,
    pub seed: u64,
    /// Draws new keys on rotation; seeded, so a run is reproducible end to end.
    pub key_rng: Rng,
}

impl World {
    /// The organisation and role a key acts as.
    pub fn authenticate(&self, key: &str) -> Option<(usize, Role)> {
        self.orgs.iter().enumerate().find_map(|(index, org)| {
            if org.admin_key == key {
                Some((index, Role::Admin))
            } else if org.read_only_key == key {
                Some((index, Role::ReadOnly))
            } else {
                None
            }
        })
    }

    /// A fresh key for an organisation, in the form the seed gives them.
    pub fn new_key(&mut self, org: usize, kind: &str) -> String {
        let slug = self.orgs.get(org).map(|o| o.name.to_lowercase()).unwrap_or_default();
        format!("sim_{kind}_{slug}_{}", self.key_rng.hex(24))
    }

    /// What generating an exchange's e-mail chain needs: its parties, status and company.
    pub fn chain_context(&self, org_index: usize, exchange_id: i64) -> Option<ChainContext> {
        let org = self.orgs.get(org_index)?;
        let exchange = org.exchange(exchange_id)?;
        let bot = org.bot(exchange.bot_id)?;
        let contact = org.contact_by_id(exchange.contact_id)?;
        let title = bot
            .custom_data
            .get("signature_title")
            .and_then(serde_json::Value::as_str)
            .unwrap_or("Account Executive");
        let party = |first: &str, last: &str, email: &str| ChainParty {
            first: first.to_string(),
            last: last.to_string(),
            email: email.to_string(),
        };
        let person = &contact.contact;
        let (status, updated_at, arrived) = match exchange.live.as_deref() {
            Some(live) => {
                (live.seeded_status.clone(), live.seeded_updated_at, live.replies.clone())
            }
            None => (exchange.status.clone(), exchange.updated_at, Vec::new()),
        };
        Some(ChainContext {
            seed: self.seed,
            exchange_id,
            status,
            updated_at,
            arrived,
            bot: party(&bot.first_name, &bot.last_name, &bot.email),
            bot_title: title.to_string(),
            contact: party(person.first_name(), person.last_name(), person.email()),
            company: contact.company.clone(),
            org_name: org.name.clone(),
            org_domain: org.domain.clone(),
            hostile: org.hostile,
            anchor: Timestamp(self.clock.anchor()),
        })
    }
}
