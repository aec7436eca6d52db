//! The API's string enumerations. Every one keeps values it does not know as
//! `Unknown(String)`, so a new server-side status never breaks decoding.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Defines a string enum with its wire values and an `Unknown(String)` catch-all.
macro_rules! string_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $wire:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($variant,)+
            /// A value this version does not know, kept as sent.
            Unknown(String),
        }

        impl $name {
            /// Every known value, in the spec's order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value as it travels on the wire.
            pub fn as_str(&self) -> &str {
                match self {
                    $($name::$variant => $wire,)+
                    $name::Unknown(other) => other,
                }
            }

            /// Parses a wire value; never fails.
            pub fn from_wire(value: &str) -> Self {
                match value {
                    $($wire => $name::$variant,)+
                    other => $name::Unknown(other.to_string()),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let value = String::deserialize(deserializer)?;
                Ok($name::from_wire(&value))
            }
        }

        impl Default for $name {
            fn default() -> Self {
                $name::Unknown(String::new())
            }
        }
    };
}

string_enum!(
    /// Lifecycle of a campaign; starting moves PENDING to ACTIVE.
    CampaignStatus {
        Pending => "PENDING",
        Active => "ACTIVE",
        Completed => "COMPLETED",
    }
);

string_enum!(
    /// How unsubscribing is offered in a campaign's e-mails.
    UnsubscribeMode {
        Off => "off",
        OneClick => "one-click",
        Text => "text",
    }
);

string_enum!(
    /// Connection state of a bot's mailbox.
    MailboxStatus {
        PendingConnection => "PENDING_CONNECTION",
        Paused => "PAUSED",
        Active => "ACTIVE",
        ConnectionError => "CONNECTION_ERROR",
    }
);

string_enum!(
    /// Account state of a bot (sending mailbox).
    BotStatus {
        Active => "ACTIVE",
        Cancelled => "CANCELLED",
        Configuring => "CONFIGURING",
        ConnectionPending => "CONNECTION_PENDING",
        CoolingOff => "COOLING_OFF",
        Inactive => "INACTIVE",
        Deleted => "DELETED",
        Provisioning => "PROVISIONING",
        ProvisioningFailed => "PROVISIONING_FAILED",
        ScheduledForCancellation => "SCHEDULED_FOR_CANCELLATION",
        Suspended => "SUSPENDED",
        PaymentFailed => "PAYMENT_FAILED",
    }
);

string_enum!(
    /// Who provides a bot's mailbox (the vendor's name is neutralised in the spec).
    BotSource {
        Vendor => "VENDOR",
        Customer => "CUSTOMER",
    }
);

string_enum!(
    /// State of one bot ↔ contact conversation.
    ExchangeStatus {
        OutreachPending => "OUTREACH_PENDING",
        OutreachQueued => "OUTREACH_QUEUED",
        OutreachActive => "OUTREACH_ACTIVE",
        NoResponse => "NO_RESPONSE",
        InvalidAddress => "INVALID_ADDRESS",
        FailedDelivery => "FAILED_DELIVERY",
        UnsubLink => "UNSUB_LINK",
        UnsubRequest => "UNSUB_REQUEST",
        Declined => "DECLINED",
        FollowupLater => "FOLLOWUP_LATER",
        FollowupSent => "FOLLOWUP_SENT",
        ProvidedReferral => "PROVIDED_REFERRAL",
        OutreachReferral => "OUTREACH_REFERRAL",
        SchedulingMeeting => "SCHEDULING_MEETING",
        InfoInquiry => "INFO_INQUIRY",
        AwaitingReply => "AWAITING_REPLY",
        Nurturing => "NURTURING",
        MeetingBooked => "MEETING_BOOKED",
        OtherConversion => "OTHER_CONVERSION",
    }
);

string_enum!(
    /// The server-side filter of endpoint 9.
    ExchangeGroup {
        Replied => "replied",
        MeetingBooked => "meeting-booked",
    }
);

/// How an exchange status reads to a manager: good news, waiting, or lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusKind {
    Positive,
    Neutral,
    Negative,
}

impl ExchangeStatus {
    /// Whether this status belongs to a group (replied = the contact answered at some point).
    pub fn in_group(&self, group: &ExchangeGroup) -> bool {
        use ExchangeStatus::*;
        match group {
            ExchangeGroup::MeetingBooked => matches!(self, MeetingBooked),
            ExchangeGroup::Replied => matches!(
                self,
                UnsubRequest
                    | Declined
                    | FollowupLater
                    | FollowupSent
                    | ProvidedReferral
                    | OutreachReferral
                    | SchedulingMeeting
                    | InfoInquiry
                    | AwaitingReply
                    | Nurturing
                    | MeetingBooked
                    | OtherConversion
            ),
            ExchangeGroup::Unknown(_) => false,
        }
    }

    /// Colour class of the status in tables.
    pub fn kind(&self) -> StatusKind {
        use ExchangeStatus::*;
        match self {
            MeetingBooked | OtherConversion | SchedulingMeeting | ProvidedReferral
            | OutreachReferral | InfoInquiry => StatusKind::Positive,
            InvalidAddress | FailedDelivery | UnsubLink | UnsubRequest | Declined => {
                StatusKind::Negative
            }
            _ => StatusKind::Neutral,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_values_survive_a_round_trip() {
        let status: ExchangeStatus = serde_json::from_str("\"SOMETHING_NEW\"").unwrap();
        assert_eq!(status, ExchangeStatus::Unknown("SOMETHING_NEW".into()));
        assert_eq!(serde_json::to_string(&status).unwrap(), "\"SOMETHING_NEW\"");
    }

    #[test]
    fn wire_values_are_exact() {
        assert_eq!(UnsubscribeMode::OneClick.as_str(), "one-click");
        assert_eq!(ExchangeGroup::MeetingBooked.as_str(), "meeting-booked");
        assert_eq!(BotStatus::ALL.len(), 12);
        assert_eq!(ExchangeStatus::ALL.len(), 19);
    }

    #[test]
    fn meeting_booked_is_also_a_reply() {
        assert!(ExchangeStatus::MeetingBooked.in_group(&ExchangeGroup::Replied));
        assert!(!ExchangeStatus::NoResponse.in_group(&ExchangeGroup::Replied));
        assert!(!ExchangeStatus::Declined.in_group(&ExchangeGroup::MeetingBooked));
    }
}
