//! What needs a person: the manager's to-do list that the API's data already holds. Each
//! item says what to do, why, since when, by when where there is a deadline, and which thing
//! it is about, so the dashboard can offer the one key that does it and `outreach todo` can
//! print it for cron. Computed from the lists of the 13 endpoints and the inbox's own marks;
//! nothing is invented where the API has no data.

pub mod autopilot;
mod dnc;
pub mod honoured;
pub mod preflight;

pub use dnc::{on_list, opt_outs_on_list};

use crate::api::names::name_or_email;
use crate::api::{Bot, Campaign, CampaignStatus, Exchange, ExchangeStatus, Party};
use crate::bots::{Standing, standing};
use crate::clock::{Zone, add_business_days, business_days_between};
use crate::inbox::{Category, Writer, waits_on_us};
use crate::text::{count, sanitize};
use autopilot::left_to_a_person;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::Serialize;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

/// The thresholds of the list: `[needs]` in the config file, as it reads them.
pub use crate::config::NeedsConfig as Thresholds;

/// What an item is about: the key that acts on it depends on this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Subject {
    Exchange(i64),
    Campaign(i64),
    Bot(i64),
}

/// The kinds of item, in the order the list groups them. Named by [`Kind::slug`] alone, in
/// tables and JSON alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// A contact asked to stop and is not on the do-not-contact list.
    OptOut,
    /// The campaign's autopilot leaves this status to a person.
    Autopilot,
    /// An interested or referral reply has waited on us past the target.
    HotReply,
    /// A live campaign sends through a bot that needs attention.
    BotTrouble,
    /// A pending campaign passes its pre-flight.
    ReadyToStart,
}

impl Kind {
    pub const ALL: [Kind; 5] =
        [Kind::OptOut, Kind::Autopilot, Kind::HotReply, Kind::BotTrouble, Kind::ReadyToStart];

    /// The one name of the kind, for tables and JSON (`opt-out`).
    pub fn slug(self) -> &'static str {
        match self {
            Kind::OptOut => "opt-out",
            Kind::Autopilot => "autopilot",
            Kind::HotReply => "hot-reply",
            Kind::BotTrouble => "bot-trouble",
            Kind::ReadyToStart => "ready-to-start",
        }
    }
}

impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.slug())
    }
}

/// One thing that needs a person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Need {
    pub kind: Kind,
    pub subject: Subject,
    /// What to do, as an instruction naming whom ("Add ann@acme.tech to do not contact").
    pub task: String,
    /// Why, in words from the data ("They asked to stop (UNSUB_REQUEST)"). Shared by the
    /// items that give the same reason: a large inbox has tens of thousands of hot replies
    /// and autopilot items with a handful of reasons between them.
    pub why: Arc<str>,
    /// Since when it waits, when the data says.
    pub since: Option<DateTime<Utc>>,
    /// The day it is due, when there is a deadline.
    pub due: Option<NaiveDate>,
    /// The address a do-not-contact write would add (opt-outs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    /// Not known to hold: an opt-out whose do-not-contact state could not be read (the
    /// contact list failed), or a hot reply whose e-mails are not read yet (whether it
    /// waits on a person is in them). Never due and never told as a fact.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unchecked: bool,
}

impl Need {
    /// Business days left before the deadline (negative: overdue), counted from `today`.
    pub fn days_left(&self, today: NaiveDate) -> Option<i64> {
        self.due.map(|due| business_days_between(today, due))
    }

    /// Due today or overdue: what `todo --check` fails on.
    pub fn is_due(&self, today: NaiveDate) -> bool {
        self.due.is_some_and(|due| due <= today)
    }
}

/// What the inbox knows of a reply beyond the API's fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReplyFacts {
    pub handled: bool,
    /// Snoozed, and its day has not come: set aside like a handled one, but for an opt-out
    /// (the law's deadline does not sleep).
    pub snoozed: bool,
    /// Who wrote last, once the chain was read (an absence notice: `Writer::Away`).
    pub last: Option<Writer>,
    /// Its writer is away: an absence notice whose return has not come yet, quiet as a
    /// snoozed reply is (`crate::inbox::quiet`). Known only once the chain was read.
    pub away: bool,
}

/// Everything the list is made from.
pub struct Inputs<'a> {
    /// The inbox's exchanges (the replied ones).
    pub exchanges: &'a [Exchange],
    pub campaigns: &'a [Campaign],
    pub bots: &'a [Bot],
    /// Whether a contact is on the do-not-contact list; `None` when the contacts are not
    /// known (the item then says so rather than guess).
    pub on_dnc: &'a dyn Fn(&Party) -> Option<bool>,
    pub reply: &'a dyn Fn(&Exchange) -> ReplyFacts,
    pub now: DateTime<Utc>,
    pub zone: Zone,
    pub thresholds: Thresholds,
}

/// How many items of a list [`needs`] made are due on `today`: they come first (the list is
/// ordered by due day), so this is a search, not a count over the list.
pub fn due_count(list: &[Need], today: NaiveDate) -> usize {
    list.partition_point(|need| need.is_due(today))
}

/// Everything that needs a person, the most pressing first: overdue and due items by their
/// day, then the rest oldest first.
pub fn needs(inputs: &Inputs<'_>) -> Vec<Need> {
    let campaigns: HashMap<i64, &Campaign> = inputs.campaigns.iter().map(|c| (c.id, c)).collect();
    let mut reasons = Reasons::default();
    let mut out = Vec::new();
    for exchange in inputs.exchanges {
        // An opt-out stays until the address is on the list, handled or not: a mark on
        // this machine does not stop the next e-mail; only the do-not-contact entry does.
        if let Some(need) = opt_out(exchange, inputs) {
            out.push(need);
            continue;
        }
        let facts = (inputs.reply)(exchange);
        if facts.handled || facts.snoozed {
            continue;
        }
        let campaign = campaigns.get(&exchange.campaign_id);
        if let Some(need) = campaign.and_then(|c| autopilot_item(exchange, c, &mut reasons)) {
            out.push(need);
            continue;
        }
        if let Some(need) = hot_reply(exchange, facts, inputs, &mut reasons) {
            out.push(need);
        }
    }
    out.extend(bot_trouble(inputs));
    out.extend(ready_to_start(inputs));
    crate::sorting::sort_by(&mut out, |a, b| {
        let due = |need: &Need| need.due.unwrap_or(NaiveDate::MAX);
        due(a)
            .cmp(&due(b))
            .then(a.kind.cmp(&b.kind))
            .then(a.since.cmp(&b.since))
            .then(a.subject.cmp(&b.subject))
    });
    out
}

/// The reasons given so far, each kept once and shared by every item that gives it.
#[derive(Default)]
struct Reasons(HashMap<String, Arc<str>>);

impl Reasons {
    fn shared(&mut self, why: String) -> Arc<str> {
        if let Some(known) = self.0.get(&why) {
            return Arc::clone(known);
        }
        let shared: Arc<str> = Arc::from(why.as_str());
        self.0.insert(why, Arc::clone(&shared));
        shared
    }
}

/// A text kept as long as it is, without the room `format!` leaves: a large inbox's list
/// holds tens of thousands of them.
fn exact(mut text: String) -> String {
    text.shrink_to_fit();
    text
}

/// The contact of an exchange by name, else address, sanitised.
pub fn who(exchange: &Exchange) -> String {
    let contact = &exchange.contact;
    sanitize(&name_or_email(&contact.first_name, &contact.last_name, &contact.email))
}

fn since(exchange: &Exchange) -> Option<DateTime<Utc>> {
    exchange.updated_at.map(|at| at.0)
}

/// An opt-out not honoured: the contact asked to stop and is not on the DNC list. The
/// deadline runs from the exchange's last move (the API gives no time of the request itself).
fn opt_out(exchange: &Exchange, inputs: &Inputs<'_>) -> Option<Need> {
    if !matches!(exchange.status, ExchangeStatus::UnsubRequest | ExchangeStatus::UnsubLink) {
        return None;
    }
    let listed = (inputs.on_dnc)(&exchange.contact);
    if listed == Some(true) {
        return None;
    }
    let address = sanitize(exchange.contact.email.trim());
    let asked = match exchange.status {
        ExchangeStatus::UnsubLink => "used the unsubscribe link",
        _ => "asked to stop",
    };
    let unchecked = listed.is_none();
    let (task, why, due) = if unchecked {
        (
            format!("Check that {address} is on do not contact"),
            format!(
                "{} {asked}; not checked against the do-not-contact list (the contact list could not be read)",
                who(exchange)
            ),
            None,
        )
    } else {
        let due = since(exchange)
            .map(|at| add_business_days(inputs.zone.date(at), inputs.thresholds.unsubscribe_days));
        (
            format!("Add {address} to do not contact"),
            format!("{} {asked} and is not on the do-not-contact list", who(exchange)),
            due,
        )
    };
    Some(Need {
        kind: Kind::OptOut,
        subject: Subject::Exchange(exchange.id),
        task: exact(task),
        why: Arc::from(why),
        since: since(exchange),
        due,
        address: Some(address),
        unchecked,
    })
}

fn autopilot_item(exchange: &Exchange, campaign: &Campaign, reasons: &mut Reasons) -> Option<Need> {
    let rule = left_to_a_person(&exchange.status, &campaign.auto_pilot_settings)?;
    // An opt-out is its own item with a deadline; a delivery failure or a silent contact is
    // not a reply waiting in the inbox; after a "no", leaving the conversation be is what a
    // person would do too, so a review of it is not a task.
    if matches!(
        exchange.status,
        ExchangeStatus::UnsubRequest
            | ExchangeStatus::UnsubLink
            | ExchangeStatus::NoResponse
            | ExchangeStatus::FailedDelivery
            | ExchangeStatus::InvalidAddress
            | ExchangeStatus::Declined
    ) {
        return None;
    }
    let mut task = rule.task.to_string();
    if let Some(first) = task.get(..1) {
        task = first.to_uppercase() + &task[1..];
    }
    Some(Need {
        kind: Kind::Autopilot,
        subject: Subject::Exchange(exchange.id),
        task: exact(format!("{task} for {}", who(exchange))),
        why: reasons.shared(format!(
            "{} is off in '{}' ({})",
            rule.flag.name(),
            sanitize(&campaign.name),
            exchange.status.as_str()
        )),
        since: since(exchange),
        due: None,
        address: None,
        unchecked: false,
    })
}

fn hot_reply(
    exchange: &Exchange,
    facts: ReplyFacts,
    inputs: &Inputs<'_>,
    reasons: &mut Reasons,
) -> Option<Need> {
    let category = Category::of(&exchange.status);
    if !waits_on_us(&category, facts.handled, facts.last) {
        return None;
    }
    let at = since(exchange)?;
    let target = Duration::hours(i64::from(inputs.thresholds.hot_reply_hours));
    if inputs.now - at < target {
        return None;
    }
    let past = count(inputs.thresholds.hot_reply_hours as usize, "hour", "hours");
    let unchecked = facts.last.is_none();
    let (why, due) = if unchecked {
        (
            format!(
                "{} reply past {past}; its e-mails are not read yet (whether it waits on you is not known)",
                category.label()
            ),
            None,
        )
    } else {
        (
            format!("{} reply waiting past {past}", category.label()),
            Some(inputs.zone.date(at + target)),
        )
    };
    Some(Need {
        kind: Kind::HotReply,
        subject: Subject::Exchange(exchange.id),
        task: exact(format!("Answer {}", who(exchange))),
        why: reasons.shared(why),
        since: Some(at),
        due,
        address: None,
        unchecked,
    })
}

/// Live campaigns sending through a bot that needs attention (a bot's campaigns are read from
/// the exchanges: the API does not list them).
fn bot_trouble(inputs: &Inputs<'_>) -> Vec<Need> {
    let troubled: HashMap<i64, &Bot> = inputs
        .bots
        .iter()
        .filter(|bot| standing(bot) == Standing::Attention)
        .map(|bot| (bot.id, bot))
        .collect();
    let live: HashMap<i64, &Campaign> = inputs
        .campaigns
        .iter()
        .filter(|c| c.status == CampaignStatus::Active)
        .map(|c| (c.id, c))
        .collect();
    let pairs: BTreeSet<(i64, i64)> = crate::sorting::set_of(
        (inputs.exchanges.iter())
            .filter(|e| troubled.contains_key(&e.bot.id) && live.contains_key(&e.campaign_id))
            .map(|e| (e.bot.id, e.campaign_id)),
    );
    let mut by_bot: Vec<(i64, Vec<i64>)> = Vec::new();
    for (bot, campaign) in pairs {
        match by_bot.last_mut() {
            Some((last, campaigns)) if *last == bot => campaigns.push(campaign),
            _ => by_bot.push((bot, vec![campaign])),
        }
    }
    by_bot
        .into_iter()
        .filter_map(|(bot_id, campaign_ids)| {
            let bot = troubled.get(&bot_id)?;
            let names: Vec<String> = campaign_ids
                .iter()
                .filter_map(|id| live.get(id))
                .map(|c| format!("'{}'", sanitize(&c.name)))
                .collect();
            Some(Need {
                kind: Kind::BotTrouble,
                subject: Subject::Bot(bot_id),
                task: exact(format!("Fix bot {} ({})", bot_id, sanitize(&bot.email))),
                why: Arc::from(format!(
                    "{} — live in {}",
                    crate::bots::problems(bot).join(", "),
                    names.join(", ")
                )),
                since: None,
                due: None,
                address: None,
                unchecked: false,
            })
        })
        .collect()
}

fn ready_to_start(inputs: &Inputs<'_>) -> Vec<Need> {
    inputs
        .campaigns
        .iter()
        .filter(|c| c.status == CampaignStatus::Pending)
        .filter(|c| preflight::passes(&preflight::preflight(c, inputs.bots)))
        .map(|campaign| Need {
            kind: Kind::ReadyToStart,
            subject: Subject::Campaign(campaign.id),
            task: exact(format!("Start '{}'", sanitize(&campaign.name))),
            why: Arc::from("Pending, and every pre-flight check passes"),
            since: campaign.created_at.map(|at| at.0),
            due: None,
            address: None,
            unchecked: false,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_has_one_name_in_tables_and_json() {
        let names: Vec<&str> = Kind::ALL.iter().map(|kind| kind.slug()).collect();
        assert_eq!(names, ["opt-out", "autopilot", "hot-reply", "bot-trouble", "ready-to-start"]);
        for kind in Kind::ALL {
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.slug(), "{kind:?}");
        }
    }
    use crate::api::{AutoPilotSettings, DnsValidation, Timestamp, UnsubscribeMode};
    use crate::bots::health::healthy_bot;

    fn at(text: &str) -> DateTime<Utc> {
        Timestamp::parse(text).unwrap().0
    }

    fn exchange(
        id: i64,
        status: ExchangeStatus,
        campaign_id: i64,
        bot: i64,
        when: &str,
    ) -> Exchange {
        let mut exchange = Exchange { id, campaign_id, status, ..Exchange::default() };
        exchange.updated_at = Some(Timestamp(at(when)));
        exchange.bot.id = bot;
        exchange.contact = Party {
            id: id + 1000,
            email: format!("c{id}@acme.tech"),
            first_name: format!("C{id}"),
            ..Party::default()
        };
        exchange
    }

    fn campaign(
        id: i64,
        name: &str,
        status: CampaignStatus,
        autopilot: AutoPilotSettings,
    ) -> Campaign {
        Campaign {
            id,
            name: name.into(),
            status,
            unsubscribe_mode: UnsubscribeMode::OneClick,
            include_disclaimer: true,
            auto_pilot_settings: autopilot,
            ..Campaign::default()
        }
    }

    struct World {
        exchanges: Vec<Exchange>,
        campaigns: Vec<Campaign>,
        bots: Vec<Bot>,
    }

    fn world() -> World {
        let all_on = AutoPilotSettings {
            create_meeting: true,
            send_email: true,
            send_referral_email: true,
            do_not_contact: true,
            put_on_hold: true,
            do_not_respond: true,
            ..AutoPilotSettings::default()
        };
        let no_meetings = AutoPilotSettings { create_meeting: false, ..all_on.clone() };
        let mut troubled = healthy_bot(7);
        troubled.dns_validation = Some(DnsValidation { mx: true, spf: false });
        World {
            exchanges: vec![
                // Friday 20 Nov: ten business days end on Friday 4 Dec.
                exchange(1, ExchangeStatus::UnsubRequest, 101, 5, "2026-11-20T10:00:00Z"),
                exchange(2, ExchangeStatus::UnsubLink, 101, 5, "2026-11-21T10:00:00Z"),
                exchange(3, ExchangeStatus::SchedulingMeeting, 102, 5, "2026-11-24T10:00:00Z"),
                exchange(4, ExchangeStatus::InfoInquiry, 101, 7, "2026-11-23T09:00:00Z"),
                exchange(5, ExchangeStatus::InfoInquiry, 101, 5, "2026-11-25T11:00:00Z"),
                exchange(6, ExchangeStatus::Declined, 101, 5, "2026-11-01T10:00:00Z"),
            ],
            campaigns: vec![
                campaign(101, "Q3 Fintech Outbound", CampaignStatus::Active, all_on.clone()),
                campaign(102, "Spring launch", CampaignStatus::Active, no_meetings),
                campaign(103, "Ready one", CampaignStatus::Pending, all_on),
            ],
            bots: vec![healthy_bot(5), troubled],
        }
    }

    fn list(world: &World, handled: &[i64], dnc: &[i64]) -> Vec<Need> {
        list_with(world, dnc, &|exchange: &Exchange| ReplyFacts {
            handled: handled.contains(&exchange.id),
            last: Some(Writer::Them),
            ..ReplyFacts::default()
        })
    }

    fn list_with(world: &World, dnc: &[i64], reply: &dyn Fn(&Exchange) -> ReplyFacts) -> Vec<Need> {
        let on_dnc = |party: &Party| Some(dnc.contains(&(party.id - 1000)));
        needs(&Inputs {
            exchanges: &world.exchanges,
            campaigns: &world.campaigns,
            bots: &world.bots,
            on_dnc: &on_dnc,
            reply,
            now: at("2026-11-25T12:00:00Z"),
            zone: Zone::named("UTC").unwrap(),
            thresholds: Thresholds::default(),
        })
    }

    #[test]
    fn a_snoozed_reply_is_set_aside_but_an_opt_out_is_not() {
        let world = world();
        let snoozed = |_: &Exchange| ReplyFacts {
            snoozed: true,
            last: Some(Writer::Them),
            ..ReplyFacts::default()
        };
        let found: Vec<(Kind, Subject)> =
            list_with(&world, &[2], &snoozed).iter().map(|n| (n.kind, n.subject)).collect();
        assert_eq!(
            found,
            [(Kind::OptOut, Subject::Exchange(1)), (Kind::BotTrouble, Subject::Bot(7))],
            "the hot reply and the autopilot's hand-off sleep; the opt-out's deadline does not"
        );
    }

    #[test]
    fn each_kind_is_found_with_its_reason_and_the_due_ones_come_first() {
        let world = world();
        let found: Vec<(Kind, Subject)> =
            list(&world, &[], &[2]).iter().map(|n| (n.kind, n.subject)).collect();
        assert_eq!(
            found,
            [
                (Kind::HotReply, Subject::Exchange(4)),
                (Kind::OptOut, Subject::Exchange(1)),
                (Kind::Autopilot, Subject::Exchange(3)),
                (Kind::BotTrouble, Subject::Bot(7)),
            ],
            "opt-out 2 is on the DNC list; reply 5 is an hour old; the decline's flag is on; \
             bot 7's missing SPF fails every pending campaign's pre-flight"
        );
        let healthy = World { bots: vec![healthy_bot(5)], ..self::world() };
        let ready: Vec<Subject> = list(&healthy, &[], &[2])
            .iter()
            .filter(|n| n.kind == Kind::ReadyToStart)
            .map(|n| n.subject)
            .collect();
        assert_eq!(ready, [Subject::Campaign(103)]);
        let items = list(&world, &[], &[2]);
        let opt_out = &items[1];
        assert_eq!(opt_out.task, "Add c1@acme.tech to do not contact");
        assert_eq!(opt_out.due, NaiveDate::from_ymd_opt(2026, 12, 4));
        assert_eq!(opt_out.days_left(NaiveDate::from_ymd_opt(2026, 11, 25).unwrap()), Some(7));
        assert_eq!(&*items[2].why, "create_meeting is off in 'Spring launch' (SCHEDULING_MEETING)");
        assert_eq!(items[2].task, "Book the meeting for C3");
        assert!(
            items[3].why.contains("DNS SPF missing — live in 'Q3 Fintech Outbound'"),
            "{}",
            items[3].why
        );
    }

    #[test]
    fn handled_replies_and_replies_the_bot_answered_need_nobody_but_an_opt_out_stays() {
        let world = world();
        let items = list(&world, &[1, 3, 4], &[2]);
        let replies: Vec<(Kind, Subject)> = items
            .iter()
            .filter(|n| matches!(n.subject, Subject::Exchange(_)))
            .map(|n| (n.kind, n.subject))
            .collect();
        // Handled on this machine, yet not on the list: the next e-mail still goes out.
        assert_eq!(replies, [(Kind::OptOut, Subject::Exchange(1))], "{items:?}");
        let on_dnc = |_: &Party| Some(false);
        let bot_spoke =
            |_: &Exchange| ReplyFacts { last: Some(Writer::Bot), ..ReplyFacts::default() };
        let items = needs(&Inputs {
            exchanges: &world.exchanges[3..4],
            campaigns: &world.campaigns,
            bots: &[],
            on_dnc: &on_dnc,
            reply: &bot_spoke,
            now: at("2026-11-25T12:00:00Z"),
            zone: Zone::named("UTC").unwrap(),
            thresholds: Thresholds::default(),
        });
        assert_eq!(items, Vec::new(), "the bot spoke last: nothing waits on us");
    }

    #[test]
    fn items_that_give_the_same_reason_share_its_text_and_keep_no_spare_room() {
        let mut world = world();
        world.exchanges.push(exchange(
            7,
            ExchangeStatus::InfoInquiry,
            101,
            5,
            "2026-11-22T09:00:00Z",
        ));
        let items = list(&world, &[], &[1, 2]);
        let hot: Vec<&Need> = items.iter().filter(|n| n.kind == Kind::HotReply).collect();
        assert_eq!(hot.len(), 2, "{items:?}");
        assert_eq!(hot[0].why, hot[1].why);
        assert!(Arc::ptr_eq(&hot[0].why, &hot[1].why), "one text for one reason");
        assert!(items.iter().all(|n| n.task.capacity() == n.task.len()), "{items:?}");
    }

    #[test]
    fn a_hot_reply_whose_emails_are_not_read_is_not_known_to_wait_and_is_never_due() {
        let world = world();
        let unread = |_: &Exchange| ReplyFacts::default();
        let items = list_with(&world, &[1, 2], &unread);
        let reply = items.iter().find(|n| n.subject == Subject::Exchange(4)).unwrap();
        assert!(reply.unchecked, "{reply:?}");
        assert_eq!(reply.due, None, "not due: not known to wait");
        assert!(reply.why.contains("not read yet"), "{}", reply.why);
        let today = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
        assert_eq!(due_count(&items, today), 0, "{items:?}");
        let read = list(&world, &[], &[1, 2]);
        let reply = read.iter().find(|n| n.subject == Subject::Exchange(4)).unwrap();
        assert!(!reply.unchecked && reply.due.is_some(), "once read, it waits and is due");
    }
}
