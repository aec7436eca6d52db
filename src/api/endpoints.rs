//! The API's 13 endpoints in one table: method, path and operation name, in the spec's
//! order. The client builds its requests from it, the simulator mounts its routes from it
//! and the audit log names a write by its operation, so the three cannot drift apart.

use reqwest::Method;

/// The HTTP methods the API uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    Get,
    Post,
    Put,
}

/// One endpoint of the API.
#[derive(Debug, PartialEq, Eq)]
pub struct Endpoint {
    /// Its number in the spec (1 to 13).
    pub number: u8,
    pub verb: Verb,
    /// The path as the spec writes it, its parameter in braces (`{campaign_id}`): also the
    /// simulator's route syntax.
    pub path: &'static str,
    /// A stable name: the audit log records a write under it (`campaign.start`).
    pub operation: &'static str,
}

const fn endpoint(number: u8, verb: Verb, path: &'static str, operation: &'static str) -> Endpoint {
    Endpoint { number, verb, path, operation }
}

use Verb::{Get, Post, Put};

pub const ADD_DNC_DOMAINS: Endpoint = endpoint(1, Post, "/api/v1/dnc-domains/json", "dnc.domains");
pub const LOG_CONVERSION: Endpoint = endpoint(2, Post, "/api/v2/conversions", "conversion.log");
pub const UPLOAD_AND_START: Endpoint = endpoint(
    3,
    Post,
    "/api/v1/campaigns/{campaign_id}/contacts/upload-and-start",
    "contact.upload_and_start",
);
pub const UPLOAD_CONTACT: Endpoint =
    endpoint(4, Post, "/api/v1/campaigns/{campaign_id}/contacts/upload", "contact.upload");
pub const ADD_CONTACT: Endpoint = endpoint(5, Post, "/api/v1/contacts/add", "contact.add");
pub const ADD_DNC_EMAILS: Endpoint = endpoint(6, Post, "/api/v1/contacts/dnc/add", "dnc.emails");
pub const LIST_CAMPAIGNS: Endpoint = endpoint(7, Get, "/api/v1/campaigns", "campaigns.list");
pub const LIST_BOTS: Endpoint = endpoint(8, Get, "/api/v1/bots", "bots.list");
pub const LIST_EXCHANGES: Endpoint =
    endpoint(9, Get, "/api/v1/campaigns/data/replies", "exchanges.list");
pub const LIST_CONTACTS: Endpoint = endpoint(10, Get, "/api/v1/contacts", "contacts.list");
pub const EMAIL_CHAIN: Endpoint =
    endpoint(11, Get, "/api/v1/exchanges/{exchange_id}/emails", "exchange.emails");
pub const LIST_MEETINGS: Endpoint = endpoint(12, Get, "/api/v1/meetings", "meetings.list");
pub const START_CAMPAIGN: Endpoint =
    endpoint(13, Put, "/api/v1/campaigns/{campaign_id}/start", "campaign.start");

/// Every endpoint, in the spec's order.
pub const ALL: [&Endpoint; 13] = [
    &ADD_DNC_DOMAINS,
    &LOG_CONVERSION,
    &UPLOAD_AND_START,
    &UPLOAD_CONTACT,
    &ADD_CONTACT,
    &ADD_DNC_EMAILS,
    &LIST_CAMPAIGNS,
    &LIST_BOTS,
    &LIST_EXCHANGES,
    &LIST_CONTACTS,
    &EMAIL_CHAIN,
    &LIST_MEETINGS,
    &START_CAMPAIGN,
];

impl Endpoint {
    pub fn method(&self) -> Method {
        match self.verb {
            Get => Method::GET,
            Post => Method::POST,
            Put => Method::PUT,
        }
    }

    /// Whether it changes the organisation's data (and so is asked for and audited).
    pub fn writes(&self) -> bool {
        self.verb != Get
    }

    /// The path with its parameter (the one `{…}` segment) filled in with `id`; a path
    /// without one is returned as it is.
    pub fn path_with(&self, id: i64) -> String {
        match (self.path.find('{'), self.path.find('}')) {
            (Some(open), Some(close)) if open < close => {
                format!("{}{id}{}", &self.path[..open], &self.path[close + 1..])
            }
            _ => self.path.to_string(),
        }
    }

    /// The endpoint an operation name stands for.
    pub fn by_operation(operation: &str) -> Option<&'static Endpoint> {
        ALL.into_iter().find(|endpoint| endpoint.operation == operation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_in_order_with_distinct_paths_and_names() {
        for (at, endpoint) in ALL.iter().enumerate() {
            assert_eq!(usize::from(endpoint.number), at + 1, "{endpoint:?}");
            let same_route = ALL.iter().filter(|other| {
                (other.verb, other.path) == (endpoint.verb, endpoint.path)
                    || other.operation == endpoint.operation
            });
            assert_eq!(same_route.count(), 1, "{endpoint:?}");
        }
    }

    #[test]
    fn a_parameter_is_filled_in_and_a_plain_path_kept() {
        assert_eq!(START_CAMPAIGN.path_with(101), "/api/v1/campaigns/101/start");
        assert_eq!(EMAIL_CHAIN.path_with(7), "/api/v1/exchanges/7/emails");
        assert_eq!(LIST_BOTS.path_with(7), "/api/v1/bots");
        assert_eq!(Endpoint::by_operation("dnc.emails"), Some(&ADD_DNC_EMAILS));
        assert!(START_CAMPAIGN.writes() && !LIST_BOTS.writes());
    }
}
