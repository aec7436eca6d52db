//! Which of a campaign's `auto_pilot_settings` governs what happens after an exchange reaches
//! a status. The spec says each flag tells whether the assistant handles "the named event"
//! itself (true) or flags it for manual human review (false); it does not say which status is
//! which event. The table below is our reading of the flags' names, one line per status, and
//! docs/CLI.md shows it as it stands here.

use crate::api::{AutoPilotSettings, ExchangeStatus};

/// One flag of `auto_pilot_settings`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Flag {
    CancelMeeting,
    CreateMeeting,
    DoNotContact,
    DoNotRespond,
    MoveMeeting,
    PutOnHold,
    SendEmail,
    SendReconnectEmail,
    SendReferralEmail,
    UnsuccessfulDelivery,
}

impl Flag {
    /// The flag's name on the wire (`create_meeting`).
    pub fn name(self) -> &'static str {
        match self {
            Flag::CancelMeeting => "cancel_meeting",
            Flag::CreateMeeting => "create_meeting",
            Flag::DoNotContact => "do_not_contact",
            Flag::DoNotRespond => "do_not_respond",
            Flag::MoveMeeting => "move_meeting",
            Flag::PutOnHold => "put_on_hold",
            Flag::SendEmail => "send_email",
            Flag::SendReconnectEmail => "send_reconnect_email",
            Flag::SendReferralEmail => "send_referral_email",
            Flag::UnsuccessfulDelivery => "unsuccessful_delivery",
        }
    }

    /// Whether the assistant handles the event itself in a campaign with these settings.
    pub fn is_on(self, settings: &AutoPilotSettings) -> bool {
        match self {
            Flag::CancelMeeting => settings.cancel_meeting,
            Flag::CreateMeeting => settings.create_meeting,
            Flag::DoNotContact => settings.do_not_contact,
            Flag::DoNotRespond => settings.do_not_respond,
            Flag::MoveMeeting => settings.move_meeting,
            Flag::PutOnHold => settings.put_on_hold,
            Flag::SendEmail => settings.send_email,
            Flag::SendReconnectEmail => settings.send_reconnect_email,
            Flag::SendReferralEmail => settings.send_referral_email,
            Flag::UnsuccessfulDelivery => settings.unsuccessful_delivery,
        }
    }
}

/// One line of the table: an exchange status, the flag that governs what follows it, and
/// what a person does when the flag is off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// The status as the API writes it.
    pub status: &'static str,
    pub flag: Flag,
    /// What is left to a person, as an instruction.
    pub task: &'static str,
}

/// Status → flag. Statuses not listed (outreach under way, awaiting a reply, a follow-up
/// sent, a booked meeting, a conversion) leave nothing to decide by status alone: whether a
/// booked meeting is moved or cancelled is an event the list of exchanges does not show.
pub const TABLE: &[Rule] = &[
    Rule { status: "SCHEDULING_MEETING", flag: Flag::CreateMeeting, task: "book the meeting" },
    Rule {
        status: "PROVIDED_REFERRAL",
        flag: Flag::SendReferralEmail,
        task: "write to the colleague they named",
    },
    Rule {
        status: "OUTREACH_REFERRAL",
        flag: Flag::SendReferralEmail,
        task: "write to the colleague they named",
    },
    Rule { status: "INFO_INQUIRY", flag: Flag::SendEmail, task: "answer their question" },
    Rule { status: "UNSUB_REQUEST", flag: Flag::DoNotContact, task: "add them to do not contact" },
    Rule { status: "UNSUB_LINK", flag: Flag::DoNotContact, task: "add them to do not contact" },
    Rule { status: "FOLLOWUP_LATER", flag: Flag::PutOnHold, task: "put the conversation on hold" },
    Rule { status: "NURTURING", flag: Flag::PutOnHold, task: "put the conversation on hold" },
    Rule { status: "DECLINED", flag: Flag::DoNotRespond, task: "close the conversation" },
    Rule {
        status: "NO_RESPONSE",
        flag: Flag::SendReconnectEmail,
        task: "decide on a reconnect e-mail",
    },
    Rule {
        status: "FAILED_DELIVERY",
        flag: Flag::UnsuccessfulDelivery,
        task: "find another address",
    },
    Rule {
        status: "INVALID_ADDRESS",
        flag: Flag::UnsuccessfulDelivery,
        task: "find another address",
    },
];

/// The rule for a status, if one governs it.
pub fn rule_for(status: &ExchangeStatus) -> Option<&'static Rule> {
    TABLE.iter().find(|rule| rule.status == status.as_str())
}

/// The rule that leaves an exchange of this status to a person in a campaign with these
/// settings: its flag is off.
pub fn left_to_a_person(
    status: &ExchangeStatus,
    settings: &AutoPilotSettings,
) -> Option<&'static Rule> {
    rule_for(status).filter(|rule| !rule.flag.is_on(settings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_in_the_table_is_one_the_api_names_and_every_flag_is_used() {
        for rule in TABLE {
            let status: ExchangeStatus =
                serde_json::from_value(serde_json::json!(rule.status)).unwrap();
            assert!(!matches!(status, ExchangeStatus::Unknown(_)), "{}", rule.status);
            assert_eq!(rule_for(&status), Some(rule));
        }
        let names: Vec<&str> = AutoPilotSettings::default().flags().map(|(name, _)| name).into();
        for rule in TABLE {
            assert!(names.contains(&rule.flag.name()), "{}", rule.flag.name());
        }
    }

    #[test]
    fn a_flag_that_is_off_leaves_the_status_to_a_person() {
        let mut settings = AutoPilotSettings { create_meeting: true, ..Default::default() };
        assert_eq!(left_to_a_person(&ExchangeStatus::SchedulingMeeting, &settings), None);
        settings.create_meeting = false;
        let rule = left_to_a_person(&ExchangeStatus::SchedulingMeeting, &settings).unwrap();
        assert_eq!((rule.flag.name(), rule.task), ("create_meeting", "book the meeting"));
        assert_eq!(left_to_a_person(&ExchangeStatus::MeetingBooked, &settings), None);
    }

    #[test]
    fn each_flag_reads_its_own_field() {
        for (name, _) in AutoPilotSettings::default().flags() {
            let flag = TABLE.iter().map(|rule| rule.flag).find(|flag| flag.name() == name);
            let Some(flag) = flag else { continue };
            let mut settings = serde_json::Map::new();
            settings.insert(name.into(), true.into());
            let settings: AutoPilotSettings =
                serde_json::from_value(serde_json::Value::Object(settings)).unwrap();
            assert!(flag.is_on(&settings), "{name}");
        }
    }
}
