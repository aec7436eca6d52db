//! Saved views (`[[views]]`, `[[profiles.NAME.views]]`): a named way of looking at a list —
//! its pane, categories, campaign or bot, first day, filter text, sort and whether handled
//! replies show — that the dashboard applies with `:view NAME` and the CLI with `--view NAME`.
//! Read here with the line of any bad value; applied by the dashboard and the CLI.

use crate::inbox::Category;

/// The panes a view may name, as the palette names them.
pub const VIEW_PANES: [&str; 6] =
    ["overview", "campaigns", "exchanges", "meetings", "bots", "contacts"];

/// What a view does with handled replies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handled {
    Shown,
    Hidden,
}

/// One saved view, as the config file says it. Names of campaigns and bots are looked up
/// when the view is applied: they may have gone since the file was written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct View {
    pub name: String,
    /// A key of the dashboard bound to the view, as `[keys]` writes one.
    pub key: Option<String>,
    /// One of [`VIEW_PANES`]; the Exchanges pane when unsaid.
    pub pane: Option<String>,
    /// Category slugs (`interested`, `not-now`, `other`) or API statuses, checked.
    pub categories: Vec<String>,
    /// A campaign's name or id (`12`, `#12`).
    pub campaign: Option<String>,
    /// A bot's name or id.
    pub bot: Option<String>,
    /// The first day listed, as `--since` takes it (`-7d`, `2026-01-05`).
    pub since: Option<String>,
    /// Text the list is filtered by, as `/` types it.
    pub filter: Option<String>,
    /// A column and direction, as `:sort` and `--sort` take them (`age:desc`).
    pub sort: Option<String>,
    pub handled: Option<Handled>,
}

/// The views of the file: those for every profile, and each profile's own.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SavedViews {
    pub all: Vec<View>,
    pub by_profile: std::collections::BTreeMap<String, Vec<View>>,
}

impl SavedViews {
    /// The views a profile sees: its own, then those for all that it does not redefine.
    pub fn for_profile(&self, profile: Option<&str>) -> Vec<&View> {
        let own: &[View] = profile.and_then(|p| self.by_profile.get(p)).map_or(&[], Vec::as_slice);
        let shared = self.all.iter().filter(|view| !own.iter().any(|o| o.name == view.name));
        own.iter().chain(shared).collect()
    }

    /// The views with a `key`, by name then key: every profile's, each name once, in the
    /// file's order (the dashboard binds them once, whichever profile is connected).
    pub fn keyed(&self) -> Vec<(&str, &str)> {
        let mut out: Vec<(&str, &str)> = Vec::new();
        for view in self.all.iter().chain(self.by_profile.values().flatten()) {
            if let Some(key) = &view.key
                && !out.iter().any(|(name, _)| *name == view.name)
            {
                out.push((view.name.as_str(), key.as_str()));
            }
        }
        out
    }

    /// The view of that name (any case), or a message listing the views there are.
    pub fn find(&self, profile: Option<&str>, name: &str) -> Result<&View, String> {
        let views = self.for_profile(profile);
        if let Some(view) = views.iter().find(|view| view.name.eq_ignore_ascii_case(name.trim())) {
            return Ok(view);
        }
        let name = crate::text::sanitize(name.trim());
        if views.is_empty() {
            return Err(format!(
                "No view '{name}': none is defined. Add a [[views]] table to the config file (see docs/CONFIG.md)."
            ));
        }
        let names: Vec<&str> = views.iter().map(|view| view.name.as_str()).collect();
        Err(format!("No view '{name}'; the views are: {}.", names.join(", ")))
    }
}

/// Whether a view's `campaign` or `bot` (`wanted`) names the item of this id and these
/// names: by id (`12`, `#12`) or by a name in any case.
pub fn names_item(wanted: &str, id: i64, names: &[&str]) -> bool {
    let wanted = wanted.trim();
    wanted.trim_start_matches('#').parse::<i64>().ok() == Some(id)
        || names.iter().any(|name| name.trim().eq_ignore_ascii_case(wanted))
}

/// What is said of a view whose campaign or bot (`what`) is no longer there.
pub fn gone(what: &str, wanted: &str) -> String {
    format!("{what} '{}' no longer exists", crate::text::sanitize(wanted))
}

/// Checks a category word of a view: a named category, `other`, or a known API status.
pub fn check_category(word: &str) -> Result<(), String> {
    let named = Category::NAMED.iter().map(Category::slug).collect::<Vec<_>>().join(", ");
    let known = match Category::parse(word) {
        Some(Category::Other(status)) => {
            word.trim().eq_ignore_ascii_case("other")
                || !matches!(
                    crate::api::ExchangeStatus::from_wire(&status),
                    crate::api::ExchangeStatus::Unknown(_)
                )
        }
        Some(_) => true,
        None => false,
    };
    if known {
        Ok(())
    } else {
        Err(format!(
            "'{}' is no category: use {named}, other (or an API status)",
            crate::text::sanitize(word.trim())
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(name: &str, filter: &str) -> View {
        View { name: name.into(), filter: Some(filter.into()), ..View::default() }
    }

    #[test]
    fn a_profile_sees_its_own_views_over_the_shared_ones() {
        let views = SavedViews {
            all: vec![view("hot", "shared"), view("week", "w")],
            by_profile: [("acme".to_string(), vec![view("hot", "acme")])].into(),
        };
        assert_eq!(views.find(Some("acme"), "HOT").unwrap().filter.as_deref(), Some("acme"));
        assert_eq!(views.find(Some("other"), "hot").unwrap().filter.as_deref(), Some("shared"));
        assert_eq!(views.find(None, "week").unwrap().name, "week");
        let missing = views.find(Some("acme"), "cold").unwrap_err();
        assert_eq!(missing, "No view 'cold'; the views are: hot, week.");
        let none = SavedViews::default().find(None, "hot").unwrap_err();
        assert!(none.contains("none is defined"), "{none}");
    }

    #[test]
    fn categories_are_named_other_or_a_status() {
        for good in ["interested", "Not-Now", "other", "INFO_INQUIRY"] {
            assert_eq!(check_category(good), Ok(()), "{good}");
        }
        let wrong = check_category("intrested").unwrap_err();
        assert!(wrong.contains("'intrested' is no category: use interested, meeting"), "{wrong}");
    }
}
