//! The typed client of the Outreach Automation Service API and the types it speaks.
//! Depends on nothing else of ours, so the simulator, TUI and CLI can all build on it.

pub mod as_sent;
pub mod body;
pub mod bounded;
pub mod client;
mod contact;
pub mod contact_check;
mod contact_scan;
mod contact_scanned;
pub mod custom_data;
pub mod email;
pub mod endpoints;
pub mod enums;
pub mod error;
pub mod intern;
pub mod key;
pub mod listed;
pub mod models;
pub mod names;
pub mod outcomes;
pub mod query;
pub mod retry;
pub mod rules;
mod status;
pub mod thin;
pub mod time;
pub mod url;
pub mod validation;
pub mod waits;
pub mod writes;

pub use as_sent::Sent;
pub use client::{Client, ClientOptions, DEFAULT_TIMEOUT, MAX_DNC_BATCH};
pub use contact_check::ContactCheck;
pub use custom_data::CustomData;
pub use enums::*;
pub use error::{ApiError, FieldError, TimeoutPhase, wait_words};
pub use key::ApiKey;
pub use listed::{Items, ListDecoder, Listed, decode_list};
pub use models::*;
pub use outcomes::{AddContactOutcome, ConversionOutcome, ServerMessage};
pub use query::{ExchangeQuery, MeetingQuery};
pub use retry::RetryPolicy;
pub use time::Timestamp;
pub use validation::{LocPart, ValidationDetail, ValidationErrorBody};
pub use writes::{WriteEvent, WriteObserver, WriteTarget};
