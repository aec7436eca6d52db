//! What the dashboard starts with: the config file's `[ui]`, `[theme]` and `[keys]` (read
//! leniently: a broken file must not keep the dashboard from starting), and `NO_COLOR`.

use crate::clock::Zone;
use crate::config::{self, Loaded};
use crate::term::colors::Depth;
use crate::tui::inbox::Alerts;
use crate::tui::keymap::Keymap;
use crate::tui::outside::OutsideSettings;
use crate::tui::state::UiSettings;
use crate::tui::theme::Theme;
use std::time::Duration;

impl UiSettings {
    /// The settings of this user: config file and environment, colours fitted to the
    /// terminal.
    pub fn from_env() -> UiSettings {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let mut settings = UiSettings::from_config(&config::load_lenient(), no_color);
        // As many colours as the terminal shows (COLORTERM, TERM).
        settings.theme = settings.theme.fit(Depth::detect());
        settings
    }

    /// The settings a loaded config gives; `no_color` keeps every colour out, the config's
    /// too. Entries that cannot be used become notices, the rest still applies.
    pub fn from_config(loaded: &Loaded, no_color: bool) -> UiSettings {
        let config = &loaded.config;
        let mut notices = loaded.warnings.clone();
        let theme = if no_color {
            Theme::monochrome()
        } else {
            let mut theme = Theme::default();
            notices.extend(theme.apply(&config.theme));
            theme
        };
        let mut keymap = Keymap::default();
        notices.extend(keymap.apply(&config.keys));
        for collision in keymap.collisions() {
            tracing::warn!("{collision}");
            notices.push(collision);
        }
        let seconds = config.ui.refresh_seconds;
        let alerts = Alerts {
            bell: config.ui.bell,
            desktop: config.ui.notify,
            wrap: crate::text::Wrap::detect(),
        };
        UiSettings {
            refresh_every: (seconds > 0).then(|| Duration::from_secs(seconds)),
            theme,
            keymap,
            zone: Zone::Local,
            notices,
            log_line: Some(crate::logging::help_line()),
            outside: outside_settings(config),
            alerts,
            needs: config.needs,
            brief_after: config.brief.after(),
            preview: config.ui.preview,
            seen_after_seconds: config.ui.seen_after_seconds,
        }
    }
}

/// Clipboard, links and viewers from the config and the environment; the profiles `P`
/// cycles through (the default one first).
fn outside_settings(config: &config::Config) -> OutsideSettings {
    let term = std::env::var("TERM").ok();
    let mut profiles: Vec<String> = config.default_profile.iter().cloned().collect();
    let default = config.default_profile.as_ref();
    profiles.extend(config.profiles.keys().filter(|name| Some(*name) != default).cloned());
    OutsideSettings {
        copy: crate::term::clipboard::enabled(config.clipboard.osc52, term.as_deref()),
        hyperlinks: config.ui.hyperlinks,
        over_ssh: crate::term::programs::over_ssh(),
        html_viewer: config.viewer.html.clone(),
        profiles,
        history: crate::tui::outside::history::path()
            .map(|path| crate::tui::outside::history::load(&path))
            .unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::Color;

    fn loaded(text: &str) -> Loaded {
        let (config, warnings) = config::parse(text, std::path::Path::new("config.toml")).unwrap();
        Loaded { config, path: None, warnings }
    }

    #[test]
    fn the_config_sets_refresh_colours_and_keys() {
        let settings = UiSettings::from_config(
            &loaded(
                "[ui]\nrefresh_seconds = 30\n[theme]\naccent = \"#ff8800\"\n[keys]\nquit = \"Q\"\n",
            ),
            false,
        );
        assert_eq!(settings.refresh_every, Some(Duration::from_secs(30)));
        assert_eq!(settings.theme.accent.fg, Some(Color::Rgb(0xff, 0x88, 0)));
        assert_eq!(
            settings.keymap.key_for(crate::tui::command::Command::Quit).as_deref(),
            Some("Q")
        );
        assert!(settings.notices.is_empty(), "{:?}", settings.notices);
    }

    #[test]
    fn the_inbox_refreshes_every_minute_and_announces_replies_unless_told_not_to() {
        let settings = UiSettings::from_config(&loaded(""), false);
        assert_eq!(settings.refresh_every, Some(Duration::from_secs(60)));
        assert!(settings.alerts.bell && settings.alerts.desktop);
        let quiet = UiSettings::from_config(&loaded("[ui]\nbell = false\nnotify = false\n"), false);
        assert!(!quiet.alerts.bell && !quiet.alerts.desktop, "{:?}", quiet.notices);
        assert!(quiet.notices.is_empty(), "{:?}", quiet.notices);
    }

    #[test]
    fn zero_means_no_auto_refresh_and_no_color_wins() {
        let settings = UiSettings::from_config(
            &loaded("[ui]\nrefresh_seconds = 0\n[theme]\naccent = \"red\"\n"),
            true,
        );
        assert_eq!(settings.refresh_every, None);
        assert_eq!(settings.theme, Theme::monochrome());
    }

    #[test]
    fn a_key_given_to_two_actions_is_a_notice_naming_both_and_the_winner() {
        let settings = UiSettings::from_config(&loaded("[keys]\nadd_dnc = \"ctrl-d\"\n"), false);
        let all = settings.notices.join(" ");
        assert!(all.contains("keys: Ctrl-d does half_page_down, not add_dnc (see ?)"), "{all}");
        // Short enough for the status bar at 80 columns, beside the rest of the bar.
        let note = settings.notices.iter().find(|n| n.contains("Ctrl-d")).unwrap();
        assert!(note.chars().count() <= 64, "{note}");
    }

    #[test]
    fn unusable_entries_become_notices() {
        let settings = UiSettings::from_config(
            &loaded("[theme]\nsparkle = \"red\"\n[keys]\nlaunch = \"l\"\n"),
            false,
        );
        let all = settings.notices.join(" ");
        assert!(all.contains("sparkle") && all.contains("'launch' is no action"), "{all}");
    }
}
