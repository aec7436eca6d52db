//! `[groups]`: named lists of profiles that commands read together (`--group clients`).
//! Every member must be a profile the file defines, so a typo is told with its line rather
//! than found later as a missing key.

use super::error::ConfigError;
use super::settings::{Profile, check_profile_name};
use serde_spanned::Spanned;
use std::collections::BTreeMap;
use std::ops::Range;

/// How many organisations of a group are read at the same time, by the commands and the
/// dashboard alike: enough that 25 take a few round trips, few enough that a laptop's
/// connections and the server's rate limits are spared.
pub const AT_ONCE: usize = 8;

/// Checks each group: a usable name, at least one member, each member a defined profile and
/// listed once. The members keep the order they were written in.
pub(super) fn read(
    raw: BTreeMap<String, Spanned<Vec<Spanned<String>>>>,
    profiles: &BTreeMap<String, Profile>,
    at: &dyn Fn(Range<usize>, String) -> ConfigError,
) -> Result<BTreeMap<String, Vec<String>>, ConfigError> {
    let mut groups = BTreeMap::new();
    for (name, members) in raw {
        let span = members.span();
        let shown = crate::text::sanitize(&name);
        if check_profile_name(&name).is_err() {
            return Err(at(
                span,
                format!(
                    "groups.{shown}: not a usable group name: use 1 to 64 letters, digits, '-', '_' or '.'."
                ),
            ));
        }
        let members = members.into_inner();
        if members.is_empty() {
            return Err(at(
                span,
                format!(
                    "groups.{shown} is empty: list its profiles, as {shown} = [\"acme\", \"globex\"]."
                ),
            ));
        }
        let mut read: Vec<String> = Vec::with_capacity(members.len());
        for member in members {
            let profile = member.get_ref().trim();
            if !profiles.contains_key(profile) {
                return Err(at(
                    member.span(),
                    format!(
                        "groups.{shown}: no profile '{}' is defined; {}. Add a [profiles.{}] table (with its base_url) or fix the name.",
                        crate::text::sanitize(profile),
                        defined(profiles),
                        crate::text::sanitize(profile)
                    ),
                ));
            }
            if read.iter().any(|seen| seen == profile) {
                return Err(at(
                    member.span(),
                    format!("groups.{shown}: profile '{profile}' is listed twice: list it once."),
                ));
            }
            read.push(profile.to_string());
        }
        groups.insert(name, read);
    }
    Ok(groups)
}

/// "the profiles defined are acme, globex" (or that there are none).
pub(crate) fn defined(profiles: &BTreeMap<String, Profile>) -> String {
    if profiles.is_empty() {
        return "the file defines no profiles".to_string();
    }
    let names: Vec<&str> = profiles.keys().map(String::as_str).collect();
    format!("the profiles defined are {}", names.join(", "))
}

#[cfg(test)]
mod tests {
    use crate::config::parse;
    use std::path::Path;

    fn read(text: &str) -> Result<crate::config::Config, String> {
        parse(text, Path::new("/c.toml")).map(|(config, _)| config).map_err(|e| e.to_string())
    }

    const PROFILES: &str = "[profiles.acme]\nbase_url = \"https://a.example\"\n\
        [profiles.globex]\nbase_url = \"https://g.example\"\n";

    #[test]
    fn a_group_lists_its_profiles_in_the_order_written() {
        let config =
            read(&format!("{PROFILES}[groups]\nclients = [\"globex\", \"acme\"]\n")).unwrap();
        assert_eq!(config.groups["clients"], ["globex", "acme"]);
    }

    #[test]
    fn an_unknown_profile_is_named_with_its_line_and_the_defined_ones() {
        let error =
            read(&format!("{PROFILES}[groups]\nclients = [\"acme\", \"initech\"]\n")).unwrap_err();
        assert!(error.contains("line 6"), "{error}");
        assert!(error.contains("no profile 'initech' is defined"), "{error}");
        assert!(error.contains("the profiles defined are acme, globex"), "{error}");
    }

    #[test]
    fn empty_groups_repeated_members_and_bad_names_are_refused() {
        let empty = read(&format!("{PROFILES}[groups]\nclients = []\n")).unwrap_err();
        assert!(empty.contains("groups.clients is empty"), "{empty}");
        let twice = read(&format!("{PROFILES}[groups]\nc = [\"acme\", \"acme\"]\n")).unwrap_err();
        assert!(twice.contains("'acme' is listed twice"), "{twice}");
        let named = read(&format!("{PROFILES}[groups]\n\"a b\" = [\"acme\"]\n")).unwrap_err();
        assert!(named.contains("not a usable group name"), "{named}");
        let none = read("[groups]\nc = [\"acme\"]\n").unwrap_err();
        assert!(none.contains("the file defines no profiles"), "{none}");
    }
}
