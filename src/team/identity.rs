//! Which organisation a team's marks belong to.
//!
//! The API gives no organisation id: the key picks the organisation, and the key rotates (a
//! new one replaces the old for everyone). The host cannot tell either: one API serves many
//! organisations, and one organisation is reached under several spellings of a host (a
//! name, its address, a proxy) by several people and profiles. What every member of the
//! team sees alike is the name the API itself gives the organisation: the `organisation`
//! string every bot carries in the exchanges. That name, folded (white space collapsed,
//! lower case, controls removed), is the organisation's identity in the team store, so Ann's
//! `acme-prod` profile against `https://api.example.com` and Bob's `work` profile against
//! `https://API.example.com:443/` are one team inbox. Where the bots cannot say it (no reply
//! yet, or bots that disagree), `[profiles.NAME.team] organisation = "…"` names it, and
//! wins whenever it is given. Exchange ids are the server's own, so a name shared by
//! chance with another organisation could only mark ids that organisation never sees.

use crate::api::Exchange;
use std::collections::BTreeMap;
use std::fmt;

/// An organisation's name as the team store keys it (folded).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OrgName(String);

/// The longest name kept; a longer one is cut (it is a key, not a text to read).
const MAX_NAME: usize = 200;

impl OrgName {
    /// The folded name, or `None` when nothing is left of it.
    pub fn new(name: &str) -> Option<OrgName> {
        let clean = crate::text::sanitize(name);
        let words: Vec<&str> = clean.split_whitespace().collect();
        let folded: String = words.join(" ").to_lowercase().chars().take(MAX_NAME).collect();
        (!folded.is_empty()).then_some(OrgName(folded))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for OrgName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The organisation of a profile: the configured name when there is one, else the one the
/// bots of these exchanges carry. The error says what to write in the config.
pub fn resolve(configured: Option<&str>, exchanges: &[Exchange]) -> Result<OrgName, String> {
    if let Some(name) = configured {
        return OrgName::new(name).ok_or_else(|| {
            "[team] organisation is empty: write the organisation's name, as the bots carry it."
                .to_string()
        });
    }
    let mut seen: BTreeMap<OrgName, usize> = BTreeMap::new();
    for exchange in exchanges {
        if let Some(name) = OrgName::new(&exchange.bot.organisation) {
            *seen.entry(name).or_default() += 1;
        }
    }
    let mut names = seen.into_keys();
    match (names.next(), names.next()) {
        (Some(only), None) => Ok(only),
        (None, _) => Err(
            "The organisation's name could not be read: no reply in the inbox names it. Set `organisation = \"…\"` under [profiles.NAME.team] in the config file (the same for the whole team)."
                .into(),
        ),
        (Some(first), Some(second)) => Err(format!(
            "The bots of this organisation carry different organisation names ('{first}', '{second}' …), so the team inbox cannot be told by them. Set `organisation = \"…\"` under [profiles.NAME.team] in the config file (the same for the whole team)."
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exchange(organisation: &str) -> Exchange {
        let mut exchange = Exchange::default();
        exchange.bot.organisation = organisation.into();
        exchange
    }

    #[test]
    fn two_spellings_of_one_organisation_are_one_name() {
        assert_eq!(OrgName::new("  Acme \t  CORP "), OrgName::new("acme corp"));
        assert_eq!(OrgName::new(" \t"), None);
    }

    #[test]
    fn the_bots_name_the_organisation_unless_the_config_does() {
        let inbox = [exchange("Northwind"), exchange("northwind "), exchange("")];
        assert_eq!(resolve(None, &inbox).unwrap().as_str(), "northwind");
        assert_eq!(resolve(Some("Globex"), &inbox).unwrap().as_str(), "globex");
        let split = resolve(None, &[exchange("Northwind"), exchange("Globex")]).unwrap_err();
        assert!(split.contains("different organisation names"), "{split}");
        assert!(resolve(None, &[]).unwrap_err().contains("organisation = "));
    }
}
