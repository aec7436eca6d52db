//! Whom a write is for, as every confirmation and pre-flight says it: "for Northwind
//! (profile demo)". A profile name alone does not stop a write to the wrong organisation
//! when several profiles exist; the organisation's own name does. The API has no
//! organisation endpoint, so the name is the config's (`[profiles.NAME.team] organisation`)
//! or the `organisation` string the bots carry in the exchanges, as the team identity
//! reads it.

use crate::api::Exchange;
use crate::text::sanitize;

/// The organisation's name as people read it (sanitised, case kept): the configured one,
/// else the first the bots of `exchanges` carry.
pub(crate) fn organisation_name<'a>(
    configured: Option<&str>,
    exchanges: impl IntoIterator<Item = &'a Exchange>,
) -> Option<String> {
    let readable = |name: &str| {
        let clean = sanitize(name);
        let words: Vec<&str> = clean.split_whitespace().collect();
        (!words.is_empty()).then(|| words.join(" "))
    };
    configured
        .and_then(readable)
        .or_else(|| exchanges.into_iter().find_map(|e| readable(&e.bot.organisation)))
}

/// "for Northwind (profile demo)", or, when no name is known, says so with the profile.
pub(crate) fn for_whom(name: Option<&str>, profile: &str) -> String {
    let profile = sanitize(profile);
    match name {
        Some(name) => format!("for {} (profile {profile})", sanitize(name)),
        None => format!("for profile {profile}'s organisation (its name is not known yet)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Party;

    #[test]
    fn the_config_wins_then_the_bots_name_it_and_the_profile_is_always_said() {
        let named = |organisation: &str| Exchange {
            bot: Party { organisation: organisation.into(), ..Party::default() },
            ..Exchange::default()
        };
        let exchanges = [named("  "), named("North\u{7}wind  Ltd")];
        assert_eq!(organisation_name(None, &exchanges).as_deref(), Some("Northwind Ltd"));
        assert_eq!(organisation_name(Some("Acme"), &exchanges).as_deref(), Some("Acme"));
        assert_eq!(organisation_name(Some(" "), &[]), None);
        assert_eq!(for_whom(Some("Northwind"), "demo"), "for Northwind (profile demo)");
        assert!(for_whom(None, "work").contains("profile work"), "{}", for_whom(None, "work"));
    }
}
