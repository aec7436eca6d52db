//! What is announced: one thing that happened between two snapshots, with a stable id (the
//! same change seen again, after a restart or by a dashboard beside a watch, has the same
//! id, so it is claimed and run once) and what a hook is handed about it.

use chrono::{DateTime, Utc};
use serde::Serialize;

/// The kinds of event, named as `[hooks]` names them (`crate::config::HOOK_EVENTS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// An inbox exchange moved: the contact wrote (or it entered the inbox).
    ReplyReceived,
    /// A reply's category changed without a new message (or with one: both are told).
    CategoryChanged,
    MeetingBooked,
    MeetingCancelled,
    /// A bot's state changed (account, mailbox, or what its checks say).
    BotChanged,
    /// A hot reply has waited on us past `[needs] hot_reply_hours`.
    SlaBreached,
    /// A contact asked to stop and is not on the do-not-contact list.
    OptOutPending,
}

impl EventKind {
    pub const ALL: [EventKind; 7] = [
        EventKind::ReplyReceived,
        EventKind::CategoryChanged,
        EventKind::MeetingBooked,
        EventKind::MeetingCancelled,
        EventKind::BotChanged,
        EventKind::SlaBreached,
        EventKind::OptOutPending,
    ];

    /// The name `[hooks]`, `OUTREACH_EVENT` and the JSON use (`reply_received`).
    pub fn name(self) -> &'static str {
        match self {
            EventKind::ReplyReceived => "reply_received",
            EventKind::CategoryChanged => "category_changed",
            EventKind::MeetingBooked => "meeting_booked",
            EventKind::MeetingCancelled => "meeting_cancelled",
            EventKind::BotChanged => "bot_changed",
            EventKind::SlaBreached => "sla_breached",
            EventKind::OptOutPending => "opt_out_pending",
        }
    }
}

/// One event. The ids and statuses come from the snapshots; names, addresses and the
/// campaign's name are filled from the lists they were taken from (sanitised), the text
/// only when the hooks ask for it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Event {
    /// Stable: the kind, the thing, and the data's own moment (`reply:812:1732600000000000`).
    pub id: String,
    #[serde(rename = "event")]
    pub kind: EventKind,
    pub profile: String,
    /// When it was seen.
    pub at: DateTime<Utc>,
    /// The data's own moment: the exchange's last move, the meeting's start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub since: Option<DateTime<Utc>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exchange_id: Option<i64>,
    /// The category's label ("Interested").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous_category: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contact_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contact_email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub campaign_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub campaign: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub meeting_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot_email: Option<String>,
    /// A bot's state before and after (`CONNECTION_ERROR` → `ACTIVE`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// The reply's first meaningful line: only with `[hooks] include_text = true`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl Event {
    /// A bare event of `kind` about nothing yet; `diff` fills what it knows.
    pub(crate) fn new(kind: EventKind, id: String, at: DateTime<Utc>) -> Event {
        Event {
            id,
            kind,
            profile: String::new(),
            at,
            since: None,
            exchange_id: None,
            category: None,
            previous_category: None,
            status: None,
            contact_name: None,
            contact_email: None,
            campaign_id: None,
            campaign: None,
            meeting_id: None,
            bot_id: None,
            bot_email: None,
            from: None,
            to: None,
            text: None,
        }
    }

    /// How long ago the data moved (a reply's wait), in whole seconds; 0 when unknown.
    pub fn age_seconds(&self) -> i64 {
        self.since.map_or(0, |since| (self.at - since).num_seconds().max(0))
    }

    /// The event as one JSON object, with `age_seconds`: what a hook reads on stdin and
    /// `watch -o json` prints.
    pub fn to_json(&self) -> serde_json::Value {
        let mut value = serde_json::to_value(self).unwrap_or(serde_json::Value::Null);
        if let Some(object) = value.as_object_mut() {
            object.insert("age_seconds".into(), self.age_seconds().into());
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kinds_are_named_as_the_config_names_hooks() {
        let names: Vec<&str> = EventKind::ALL.iter().map(|kind| kind.name()).collect();
        assert_eq!(names, crate::config::HOOK_EVENTS);
        for kind in EventKind::ALL {
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.name());
        }
    }
}
