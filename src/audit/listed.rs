//! When addresses went on the do-not-contact list, as far as this machine knows: the API
//! keeps no such time, so an opt-out's "honoured in time or late" rests on these writes.

use super::Record;
use crate::api::endpoints::ADD_DNC_EMAILS;
use chrono::{DateTime, Utc};
use std::collections::HashMap;

/// The first time each address (trimmed, lower case) was added to do not contact by a write
/// that went through.
pub fn listed_at(records: &[Record]) -> HashMap<String, DateTime<Utc>> {
    let mut first: HashMap<String, DateTime<Utc>> = HashMap::new();
    let additions = records.iter().filter(|r| r.ok && r.operation == ADD_DNC_EMAILS.operation);
    for record in additions {
        for address in &record.addresses {
            let at = first.entry(address.trim().to_lowercase()).or_insert(record.time);
            *at = (*at).min(record.time);
        }
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::Source;

    fn record(operation: &str, ok: bool, at: &str, addresses: &[&str]) -> Record {
        Record {
            time: at.parse().unwrap(),
            profile: "p".into(),
            host: "h".into(),
            operation: operation.into(),
            campaign_id: None,
            bot_id: None,
            addresses: addresses.iter().map(|a| a.to_string()).collect(),
            domain_count: None,
            campaign_status: None,
            status: Some(200),
            ok,
            error: None,
            source: Source::Cli,
        }
    }

    #[test]
    fn an_address_is_listed_at_its_first_addition_that_went_through() {
        let records = [
            record("dnc.emails", false, "2026-11-01T10:00:00Z", &["ann@a.com"]),
            record("dnc.emails", true, "2026-11-03T10:00:00Z", &["Ann@A.com ", "bo@b.com"]),
            record("dnc.emails", true, "2026-11-02T10:00:00Z", &["ann@a.com"]),
            record("contacts.add", true, "2026-10-01T10:00:00Z", &["cy@c.com"]),
        ];
        let listed = listed_at(&records);
        assert_eq!(listed["ann@a.com"], "2026-11-02T10:00:00Z".parse::<DateTime<Utc>>().unwrap());
        assert_eq!(listed["bo@b.com"], "2026-11-03T10:00:00Z".parse::<DateTime<Utc>>().unwrap());
        assert!(!listed.contains_key("cy@c.com"), "only do-not-contact additions count");
    }
}
