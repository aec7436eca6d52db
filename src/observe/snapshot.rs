//! What an organisation looked like at one moment, in ids and statuses only: each inbox
//! exchange's status, category and last move (and whether it waits on us, is an opt-out
//! not honoured, or is quiet: handled, snoozed or its writer away), each meeting's standing, each bot's state, each campaign's status. Never
//! a message's text, a name or an address: this is kept on disk, and what changed between
//! two of them is all `diff` and a "while you were away" brief need.

use super::word::Word;
use crate::api::{Bot, BotStatus, MailboxStatus, Meeting};
use crate::bots::{Standing, problems, standing};
use crate::inbox::{Category, waits_on_us};
use crate::needs::{Inputs, Kind, Subject, needs};
use crate::sorting::map_of;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};

/// One organisation as seen at `taken_at`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub taken_at: DateTime<Utc>,
    pub exchanges: BTreeMap<i64, ExchangeSeen>,
    pub meetings: BTreeMap<i64, MeetingSeen>,
    pub bots: BTreeMap<i64, BotSeen>,
    /// Campaign status (`ACTIVE`, `COMPLETED` …) by id.
    pub campaigns: BTreeMap<i64, String>,
}

/// An exchange of the reply inbox.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExchangeSeen {
    /// The API's status (`INFO_INQUIRY`).
    pub status: Word,
    /// Its category's slug (`interested`): `crate::inbox::Category`, the dashboard's one
    /// mapping.
    pub category: Word,
    pub updated_at: Option<DateTime<Utc>>,
    pub campaign_id: i64,
    pub bot_id: i64,
    /// Hot, not handled, and the contact spoke last (or the chain was not read): it waits on
    /// us (`crate::inbox::waits_on_us`), and breaches speed to lead once old enough.
    #[serde(default, skip_serializing_if = "is_false")]
    pub waits: bool,
    /// The contact asked to stop and is not on the do-not-contact list (`crate::needs`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub opt_out: bool,
    /// Handled, snoozed, or its writer away: the inbox counts it new to nobody, so its move
    /// is no reply received (told once it is no longer quiet).
    #[serde(default, skip_serializing_if = "is_false")]
    pub quiet: bool,
}

/// A meeting: booked or cancelled, and for which exchange.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeetingSeen {
    pub exchange_id: i64,
    pub cancelled: bool,
    pub start: Option<DateTime<Utc>>,
    pub campaign_id: Option<i64>,
}

/// A bot's state as its health reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotSeen {
    /// The account status (`ACTIVE`, `SUSPENDED` …).
    pub status: String,
    /// The mailbox status (`ACTIVE`, `CONNECTION_ERROR` …).
    pub mailbox: String,
    /// `crate::bots::Standing`, as its snake_case name (`needs_attention` is `attention`).
    pub standing: Standing,
    /// What keeps a live bot from sending well, in words from its checks ("DNS SPF missing").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub problem: String,
}

fn is_false(flag: &bool) -> bool {
    !*flag
}

impl BotSeen {
    pub fn of(bot: &Bot) -> BotSeen {
        BotSeen {
            status: bot.status.as_str().to_string(),
            mailbox: bot.mailbox_status.as_str().to_string(),
            standing: standing(bot),
            problem: problems(bot).join(", "),
        }
    }

    /// The state in one word for a timeline: the account status when it is not ACTIVE,
    /// else the mailbox's when that is not, else what else is wrong, else ACTIVE
    /// ("CONNECTION_ERROR 02:14 → ACTIVE 04:40").
    pub fn word(&self) -> String {
        let account_active = self.status == BotStatus::Active.as_str();
        let mailbox_active = self.mailbox == MailboxStatus::Active.as_str();
        if !account_active {
            self.status.clone()
        } else if !mailbox_active {
            self.mailbox.clone()
        } else if !self.problem.is_empty() {
            self.problem.clone()
        } else {
            BotStatus::Active.as_str().to_string()
        }
    }

    /// Whether the bot sends in this state: healthy, or ending (a bot scheduled for
    /// cancellation still sends). This is what uptime counts.
    pub fn sending(&self) -> bool {
        self.standing.sends()
    }
}

impl Snapshot {
    /// The organisation as `inputs` (the lists and marks "Needs you" is made from) and its
    /// meetings show it, at `inputs.now`.
    pub fn take(inputs: &Inputs<'_>, meetings: &[Meeting]) -> Snapshot {
        let opt_outs: HashSet<i64> = needs(inputs)
            .into_iter()
            // One not checked against the list is not known to be pending: no event says so.
            .filter(|need| need.kind == Kind::OptOut && !need.unchecked)
            .filter_map(|need| match need.subject {
                Subject::Exchange(id) => Some(id),
                _ => None,
            })
            .collect();
        let exchanges = map_of(inputs.exchanges.iter().map(|exchange| {
            let category = Category::of(&exchange.status);
            let facts = (inputs.reply)(exchange);
            let waits = !facts.snoozed && waits_on_us(&category, facts.handled, facts.last);
            let seen = ExchangeSeen {
                status: Word::new(exchange.status.as_str()),
                category: Word::new(&category.slug()),
                updated_at: exchange.updated_at.map(|at| at.0),
                campaign_id: exchange.campaign_id,
                bot_id: exchange.bot.id,
                waits,
                opt_out: opt_outs.contains(&exchange.id),
                quiet: facts.handled || facts.snoozed || facts.away,
            };
            (exchange.id, seen)
        }));
        let meetings = map_of(meetings.iter().map(|meeting| {
            let seen = MeetingSeen {
                exchange_id: meeting.exchange_id,
                cancelled: meeting.cancelled,
                start: meeting.start.map(|at| at.0),
                campaign_id: meeting.campaign.as_ref().map(|c| c.id),
            };
            (meeting.id, seen)
        }));
        Snapshot {
            taken_at: inputs.now,
            exchanges,
            meetings,
            bots: map_of(inputs.bots.iter().map(|bot| (bot.id, BotSeen::of(bot)))),
            campaigns: map_of(
                inputs.campaigns.iter().map(|c| (c.id, c.status.as_str().to_string())),
            ),
        }
    }

    /// The snapshot as it is kept on disk.
    pub fn to_json(&self) -> String {
        // A map of plain fields cannot fail to serialise; an empty text would read as "no
        // snapshot", the safe side (nothing is announced twice, at worst once less).
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A kept snapshot; `None` when it cannot be read (from a newer outreach, or damaged):
    /// the next one then starts afresh, as a first look does.
    pub fn from_json(text: &str) -> Option<Snapshot> {
        serde_json::from_str(text).ok()
    }

    /// Whether anything but the moment differs: a snapshot that did not change need not be
    /// written again.
    pub fn same_as(&self, other: &Snapshot) -> bool {
        self.exchanges == other.exchanges
            && self.meetings == other.meetings
            && self.bots == other.bots
            && self.campaigns == other.campaigns
    }
}
