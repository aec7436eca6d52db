//! What the write endpoints answered, in the terms a caller acts on: a server's message, a
//! conversion logged or not, a contact added or already there.

use super::error::{ApiError, body_start};
use super::models::Contact;
use reqwest::StatusCode;

/// A confirmation whose layout the spec does not fix: its `message` or `detail`, or its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerMessage {
    pub status: u16,
    pub message: Option<String>,
}

impl ServerMessage {
    pub(crate) fn from_body(status: StatusCode, body: &[u8]) -> Self {
        let message = match serde_json::from_slice::<serde_json::Value>(body) {
            Ok(serde_json::Value::String(text)) => Some(text),
            Ok(serde_json::Value::Object(map)) => ["message", "detail", "status"]
                .iter()
                .find_map(|key| map.get(*key).and_then(|v| v.as_str()).map(str::to_string)),
            Ok(_) => None,
            Err(_) => Some(body_start(body)).filter(|text| text != "(empty body)"),
        };
        ServerMessage { status: status.as_u16(), message }
    }
}

/// What endpoint 2 did with a conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConversionOutcome {
    /// 202: the contact belongs to the organisation; the conversion is being logged.
    Logged,
    /// 200: the address is not a contact of this organisation; nothing was logged.
    NotAContact,
}

/// What endpoint 5 did with a contact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AddContactOutcome {
    /// The server answered with an id. It may be a contact that already existed: the spec
    /// allows a server to answer a duplicate with its id ([`AddContactOutcome::reconcile`]).
    Added { id: i64 },
    /// The server answered 400 because the address is already a contact.
    AlreadyPresent { id: Option<i64>, detail: String },
}

impl AddContactOutcome {
    /// Uses contacts already known to say plainly when an "added" id was an existing one,
    /// and to find the id of a duplicate the server only described.
    pub fn reconcile(self, email: &str, known: &[Contact]) -> Self {
        match self {
            AddContactOutcome::Added { id } => match known.iter().find(|c| c.id == id) {
                Some(_) => AddContactOutcome::AlreadyPresent {
                    id: Some(id),
                    detail: "already a contact".into(),
                },
                None => AddContactOutcome::Added { id },
            },
            AddContactOutcome::AlreadyPresent { id: None, detail } => {
                let id = known.iter().find(|c| c.email().eq_ignore_ascii_case(email)).map(|c| c.id);
                AddContactOutcome::AlreadyPresent { id, detail }
            }
            other => other,
        }
    }
}

/// Whether a 400's detail says the contact already exists.
pub fn is_duplicate_contact(error: &ApiError) -> bool {
    matches!(error, ApiError::BadRequest { detail } if detail.to_lowercase().contains("already"))
}
