//! Serde types of every resource of the API, shared by the client and the simulator so the
//! two cannot drift apart. Decoding is tolerant, so a server that adds a status or a field
//! never breaks the client: unknown enum values are kept, extra fields ignored, null or
//! missing non-id fields read as absent.

pub use super::contact::Contact;
use super::enums::{
    BotSource, BotStatus, CampaignStatus, ExchangeStatus, MailboxStatus, UnsubscribeMode,
};
use super::time::{Timestamp, Unread, field, zulu};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

/// Free-form key/value data (`custom_data`, `conversion_data`).
pub type JsonObject = Map<String, Value>;

/// Reads null as the type's default, so `"first_name": null` is an empty name, not an error.
/// Every field of a model gets it through the model's one `serde_with::apply` line; the
/// fields marked `skip_apply` are required (`id`) or read their own way.
fn nn<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

/// Like [`nn`] for objects, but anything that is not an object (a list, a string) is empty.
fn object<'de, D: Deserializer<'de>>(deserializer: D) -> Result<JsonObject, D::Error> {
    Ok(match Value::deserialize(deserializer)? {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    })
}

/// Request body when adding or uploading a contact (endpoints 3, 4, 5).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ContactUpload {
    pub email: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_data: Option<JsonObject>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
}

/// Response of contact creation: the contact's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BaseItem {
    pub id: i64,
}

/// Whether the AI assistant handles an event itself (true) or flags it for review (false).
#[serde_with::apply(_ => #[serde(default, deserialize_with = "nn")])]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AutoPilotSettings {
    pub cancel_meeting: bool,
    pub create_meeting: bool,
    pub do_not_contact: bool,
    pub do_not_respond: bool,
    pub move_meeting: bool,
    pub put_on_hold: bool,
    pub send_email: bool,
    pub send_reconnect_email: bool,
    pub send_referral_email: bool,
    pub unsuccessful_delivery: bool,
}

impl AutoPilotSettings {
    /// The ten flags with their wire names, in the spec's order.
    pub fn flags(&self) -> [(&'static str, bool); 10] {
        [
            ("cancel_meeting", self.cancel_meeting),
            ("create_meeting", self.create_meeting),
            ("do_not_contact", self.do_not_contact),
            ("do_not_respond", self.do_not_respond),
            ("move_meeting", self.move_meeting),
            ("put_on_hold", self.put_on_hold),
            ("send_email", self.send_email),
            ("send_reconnect_email", self.send_reconnect_email),
            ("send_referral_email", self.send_referral_email),
            ("unsuccessful_delivery", self.unsuccessful_delivery),
        ]
    }
}

/// An outreach run (endpoint 7).
#[serde_with::apply(_ => #[serde(default, deserialize_with = "nn")])]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Campaign {
    #[serde_with(skip_apply)]
    pub id: i64,
    pub name: String,
    pub status: CampaignStatus,
    #[serde(default, deserialize_with = "field::created_at")]
    #[serde_with(skip_apply)]
    pub created_at: Option<Timestamp>,
    pub auto_enrich: bool,
    pub email_tracking: bool,
    pub link_tracking: bool,
    pub include_disclaimer: bool,
    pub test_mode: bool,
    pub meeting_duration: Option<i64>,
    pub unsubscribe_mode: UnsubscribeMode,
    pub auto_pilot_settings: AutoPilotSettings,
    /// Timestamps sent that could not be read, with their text (see [`Unread`]).
    #[serde(skip_deserializing, skip_serializing, default = "Unread::taken")]
    #[serde_with(skip_apply)]
    pub unread: Unread,
}

/// One authorisation of a bot's mailbox.
#[serde_with::apply(_ => #[serde(default, deserialize_with = "nn")])]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AuthData {
    pub auth_type: String,
    pub id: i64,
    pub is_valid: bool,
    pub provider: String,
}

/// A bot's tracking-domain alias.
#[serde_with::apply(_ => #[serde(default, deserialize_with = "nn")])]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CnameRecord {
    pub alias: String,
    pub id: i64,
    pub valid_record: bool,
    pub valid_ssl: bool,
}

/// Whether a bot's sending domain has MX and SPF records.
#[serde_with::apply(_ => #[serde(default, deserialize_with = "nn")])]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DnsValidation {
    pub mx: bool,
    pub spf: bool,
}

/// A sending mailbox (endpoint 8).
#[serde_with::apply(_ => #[serde(default, deserialize_with = "nn")])]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Bot {
    #[serde_with(skip_apply)]
    pub id: i64,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    #[serde(default, deserialize_with = "object")]
    #[serde_with(skip_apply)]
    pub custom_data: JsonObject,
    pub auth_data: Vec<AuthData>,
    pub cname_record: Option<CnameRecord>,
    pub dns_validation: Option<DnsValidation>,
    pub mailbox_status: MailboxStatus,
    pub status: BotStatus,
    pub source: BotSource,
    pub in_pool: bool,
    pub initial_volume: Option<i64>,
    pub max_daily_limit: Option<i64>,
    pub warmup_increment: Option<i64>,
    #[serde(default, deserialize_with = "field::warmup_started_at")]
    #[serde_with(skip_apply)]
    pub warmup_started_at: Option<Timestamp>,
    pub shown_onboarding: bool,
    /// Timestamps sent that could not be read, with their text (see [`Unread`]).
    #[serde(skip_deserializing, skip_serializing, default = "Unread::taken")]
    #[serde_with(skip_apply)]
    pub unread: Unread,
}

/// A bot or contact as seen from an exchange.
#[serde_with::apply(_ => #[serde(default, deserialize_with = "nn")])]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Party {
    pub id: i64,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub organisation: String,
}

/// One conversation between a bot and a contact (endpoint 9).
#[serde_with::apply(_ => #[serde(default, deserialize_with = "nn")])]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Exchange {
    #[serde_with(skip_apply)]
    pub id: i64,
    pub campaign_id: i64,
    pub status: ExchangeStatus,
    #[serde(default, deserialize_with = "field::updated_at")]
    #[serde_with(skip_apply)]
    pub updated_at: Option<Timestamp>,
    pub bot: Party,
    pub contact: Party,
    /// Timestamps sent that could not be read, with their text (see [`Unread`]).
    #[serde(skip_deserializing, skip_serializing, default = "Unread::taken")]
    #[serde_with(skip_apply)]
    pub unread: Unread,
}

/// The html and text parts of an e-mail.
#[serde_with::apply(_ => #[serde(default, deserialize_with = "nn")])]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EmailBody {
    pub html: Option<String>,
    pub text: Option<String>,
}

/// An e-mail address with its display name.
#[serde_with::apply(_ => #[serde(default, deserialize_with = "nn")])]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Mailbox {
    pub address: String,
    pub name: String,
}

/// One message of an exchange's e-mail chain (endpoint 11).
#[serde_with::apply(_ => #[serde(default, deserialize_with = "nn")])]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EmailMessage {
    pub subject: String,
    pub body: EmailBody,
    pub from_: Option<Mailbox>,
    pub to: Vec<Mailbox>,
    /// Element type not fixed by the spec: usually address objects, kept as sent.
    pub cc: Vec<Value>,
    pub bcc: Vec<Value>,
    pub attachments: Vec<Value>,
    pub labels: Vec<Value>,
    #[serde(rename = "messageId", default, deserialize_with = "nn")]
    #[serde_with(skip_apply)]
    pub message_id: String,
    #[serde(rename = "threadId", default, deserialize_with = "nn")]
    #[serde_with(skip_apply)]
    pub thread_id: String,
    #[serde(rename = "inReplyToMessageId", default, deserialize_with = "nn")]
    #[serde_with(skip_apply)]
    pub in_reply_to_message_id: Option<String>,
    pub references: Option<String>,
    #[serde(default, deserialize_with = "field::date", serialize_with = "zulu")]
    #[serde_with(skip_apply)]
    pub date: Option<Timestamp>,
    pub unsubscribe_url: Option<String>,
    pub starred: bool,
    /// Timestamps sent that could not be read, with their text (see [`Unread`]).
    #[serde(skip_deserializing, skip_serializing, default = "Unread::taken")]
    #[serde_with(skip_apply)]
    pub unread: Unread,
}

/// A short reference to a campaign from a meeting.
#[serde_with::apply(_ => #[serde(default, deserialize_with = "nn")])]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CampaignRef {
    pub id: i64,
    pub name: String,
}

/// A bot, contact or user as seen from a meeting.
#[serde_with::apply(_ => #[serde(default, deserialize_with = "nn")])]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Person {
    pub id: i64,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
}

/// A meeting booked from an exchange (endpoint 12).
#[serde_with::apply(_ => #[serde(default, deserialize_with = "nn")])]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Meeting {
    #[serde_with(skip_apply)]
    pub id: i64,
    pub exchange_id: i64,
    #[serde(default, deserialize_with = "field::start")]
    #[serde_with(skip_apply)]
    pub start: Option<Timestamp>,
    #[serde(default, deserialize_with = "field::end")]
    #[serde_with(skip_apply)]
    pub end: Option<Timestamp>,
    pub iana_timezone: Option<String>,
    #[serde(default, deserialize_with = "field::created_at")]
    #[serde_with(skip_apply)]
    pub created_at: Option<Timestamp>,
    pub cancelled: bool,
    pub meeting_link: Option<String>,
    pub summary: Option<String>,
    pub campaign: Option<CampaignRef>,
    pub bot: Option<Person>,
    pub contact: Option<Person>,
    pub user: Option<Person>,
    /// Timestamps sent that could not be read, with their text (see [`Unread`]).
    #[serde(skip_deserializing, skip_serializing, default = "Unread::taken")]
    #[serde_with(skip_apply)]
    pub unread: Unread,
}

/// Request body of a conversion (endpoint 2).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SubmitConversion {
    pub email: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion_data: Option<JsonObject>,
}

/// Request body of the domain DNC endpoint (endpoint 1).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DomainList {
    pub domains: Vec<String>,
}

/// Request body of the e-mail DNC endpoint (endpoint 6).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DncEmails {
    pub emails: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_message_uses_the_spec_field_names() {
        let message = EmailMessage {
            from_: Some(Mailbox { address: "a@b.c".into(), name: "A".into() }),
            message_id: "<m1>".into(),
            date: Timestamp::parse("2024-05-01T09:30:00Z"),
            ..EmailMessage::default()
        };
        let json = serde_json::to_value(&message).unwrap();
        assert_eq!(json["from_"]["address"], "a@b.c");
        assert_eq!(json["messageId"], "<m1>");
        assert_eq!(json["date"], "2024-05-01T09:30:00.000Z");
    }

    #[test]
    fn upload_omits_absent_fields() {
        let upload = ContactUpload { email: "a@b.c".into(), ..ContactUpload::default() };
        assert_eq!(serde_json::to_string(&upload).unwrap(), r#"{"email":"a@b.c"}"#);
    }
}
