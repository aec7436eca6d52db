//! One line of the audit log.

use crate::api::writes::status_of;
use crate::api::{CampaignStatus, WriteEvent, WriteTarget};
use crate::text::sanitize;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// Which face made the write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    Tui,
    Cli,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Tui => "tui",
            Source::Cli => "cli",
        }
    }
}

/// What was written, by whom and with what answer. Fields may be missing from lines other
/// versions wrote, so all but the time default when read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub time: DateTime<Utc>,
    #[serde(default)]
    pub profile: String,
    /// The base URL's host (the path and any credentials in the URL are not kept).
    #[serde(default)]
    pub host: String,
    #[serde(default)]
    pub operation: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub addresses: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub domain_count: Option<usize>,
    /// What the write did to the campaign's status, when it started one: `PENDING → ACTIVE`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign_status: Option<String>,
    /// The HTTP status; `null` when no answer came.
    #[serde(default)]
    pub status: Option<u16>,
    #[serde(default)]
    pub ok: bool,
    /// Why it failed, sanitised (the server's words may be in it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub source: Source,
}

impl Record {
    pub fn of(
        event: &WriteEvent<'_>,
        profile: &str,
        host: &str,
        source: Source,
        time: DateTime<Utc>,
    ) -> Record {
        let WriteTarget { campaign_id, bot_id, addresses, domain_count, campaign_was } =
            event.target.clone();
        // Only a write that went through moved the campaign; only a not-yet-active one moves.
        let campaign_status = campaign_was
            .filter(|was| event.error.is_none() && *was == CampaignStatus::Pending)
            .map(|was| format!("{} → {}", was.as_str(), CampaignStatus::Active.as_str()));
        Record {
            time,
            profile: profile.to_string(),
            host: host.to_string(),
            operation: event.endpoint.operation.to_string(),
            campaign_id,
            bot_id,
            addresses: addresses.iter().map(|a| sanitize(a)).collect(),
            domain_count,
            campaign_status,
            status: event.status.or_else(|| event.error.and_then(status_of)),
            ok: event.error.is_none(),
            error: event.error.map(|error| sanitize(&error.to_string())),
            source,
        }
    }

    /// What the write named, in a few words: `campaign 7`, `a@b.com`, `12 domains`.
    pub fn target(&self) -> String {
        let mut parts = Vec::new();
        if let Some(id) = self.campaign_id {
            parts.push(format!("campaign {id}"));
        }
        if let Some(id) = self.bot_id {
            parts.push(format!("bot {id}"));
        }
        match self.addresses.as_slice() {
            [] => {}
            [one] => parts.push(one.clone()),
            [first, rest @ ..] => parts.push(format!("{first} and {} more", rest.len())),
        }
        if let Some(count) = self.domain_count {
            parts.push(crate::text::count(count, "domain", "domains"));
        }
        if let Some(change) = &self.campaign_status {
            parts.push(format!("campaign {change}"));
        }
        parts.join(", ")
    }
}

/// The host of a base URL, without user, password, port or path; the URL itself, sanitised,
/// if it does not parse.
pub fn host_of(base_url: &str) -> String {
    match reqwest::Url::parse(base_url) {
        Ok(url) => url.host_str().unwrap_or_default().to_string(),
        Err(_) => sanitize(base_url),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::ApiError;

    #[test]
    fn a_failed_write_keeps_its_status_and_reason() {
        let target = WriteTarget { campaign_id: Some(7), ..WriteTarget::default() };
        let error = ApiError::Forbidden { detail: Some("no\u{1b}[31m".into()) };
        let event = WriteEvent {
            endpoint: &crate::api::endpoints::START_CAMPAIGN,
            target: &target,
            status: None,
            error: Some(&error),
        };
        let record = Record::of(&event, "acme", "api.example.com", Source::Tui, Utc::now());
        assert_eq!((record.status, record.ok), (Some(403), false));
        assert!(!record.error.clone().unwrap_or_default().contains('\u{1b}'));
        assert_eq!(record.target(), "campaign 7");
    }

    #[test]
    fn an_upload_that_starts_a_pending_campaign_records_its_move_to_active() {
        let target = WriteTarget {
            campaign_id: Some(106),
            addresses: vec!["x@example.com".into()],
            campaign_was: Some(CampaignStatus::Pending),
            ..WriteTarget::default()
        };
        let event = |error| WriteEvent {
            endpoint: &crate::api::endpoints::UPLOAD_AND_START,
            target: &target,
            status: Some(200),
            error,
        };
        let record = Record::of(&event(None), "acme", "api", Source::Cli, Utc::now());
        assert_eq!(record.campaign_status.as_deref(), Some("PENDING → ACTIVE"));
        assert_eq!(record.target(), "campaign 106, x@example.com, campaign PENDING → ACTIVE");
        let refused = ApiError::Forbidden { detail: None };
        let failed = Record::of(&event(Some(&refused)), "acme", "api", Source::Cli, Utc::now());
        assert_eq!(failed.campaign_status, None, "a refused write moved nothing");
    }

    #[test]
    fn the_host_leaves_out_credentials_and_path() {
        assert_eq!(host_of("https://user:pw@api.example.com:8443/v1"), "api.example.com");
    }
}
