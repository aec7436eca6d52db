//! Every write request the client sends is reported, success or failure, to an observer the
//! caller sets in [`ClientOptions`](super::ClientOptions): the one place the audit log hears
//! about writes from, whichever face (dashboard or CLI) asked for them. The report names
//! what was written to and never carries the key (the client keeps it in its headers).

use super::endpoints::Endpoint;
use super::error::ApiError;
use serde::Serialize;
use std::sync::Arc;

/// What a write was about: the ids, the addresses, or only how many domains.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct WriteTarget {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub campaign_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot_id: Option<i64>,
    /// The e-mail addresses the write names (a contact, a conversion, a DNC batch).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub addresses: Vec<String>,
    /// How many domains a DNC batch carried (the domains themselves are not kept).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub domain_count: Option<usize>,
    /// The campaign's status before a write that starts it (an upload-and-start into a
    /// PENDING campaign makes it ACTIVE), as the caller knew it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub campaign_was: Option<super::enums::CampaignStatus>,
}

/// One write request, after its answer (or its failure).
#[derive(Debug)]
pub struct WriteEvent<'a> {
    /// The endpoint written to; its `operation` names the write (`campaign.start`).
    pub endpoint: &'static Endpoint,
    pub target: &'a WriteTarget,
    /// The HTTP status of the answer; `None` when none arrived (network, timeout).
    pub status: Option<u16>,
    /// The failure, when the write failed.
    pub error: Option<&'a ApiError>,
}

type Observe = dyn Fn(&WriteEvent<'_>) + Send + Sync;

/// Told about every write; cheap to clone.
#[derive(Clone)]
pub struct WriteObserver(Arc<Observe>);

impl WriteObserver {
    pub fn new(observe: impl Fn(&WriteEvent<'_>) + Send + Sync + 'static) -> Self {
        WriteObserver(Arc::new(observe))
    }

    pub(crate) fn tell(&self, event: &WriteEvent<'_>) {
        (self.0)(event)
    }
}

impl std::fmt::Debug for WriteObserver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WriteObserver")
    }
}

/// The HTTP status a failure came with, when the server answered at all.
pub fn status_of(error: &ApiError) -> Option<u16> {
    match error {
        ApiError::Unauthorized { .. } => Some(401),
        ApiError::Forbidden { .. } => Some(403),
        ApiError::NotFound { .. } => Some(404),
        ApiError::BadRequest { .. } => Some(400),
        ApiError::Validation(_) => Some(422),
        ApiError::RateLimited { .. } => Some(429),
        ApiError::Unavailable { status, .. }
        | ApiError::Server { status, .. }
        | ApiError::Unexpected { status, .. } => Some(*status),
        ApiError::Redirect { .. }
        | ApiError::Timeout { .. }
        | ApiError::Network { .. }
        | ApiError::BrokenOff { .. }
        | ApiError::Decode { .. }
        | ApiError::InvalidUrl { .. }
        | ApiError::InsecureUrl { .. } => None,
    }
}

/// A write about to be sent: its name and target, for the observer.
#[derive(Debug, Clone)]
pub(crate) struct Write {
    pub endpoint: &'static Endpoint,
    pub target: WriteTarget,
}

impl Write {
    pub fn new(endpoint: &'static Endpoint, target: WriteTarget) -> Self {
        Write { endpoint, target }
    }
}
