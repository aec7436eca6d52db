//! What the dashboard starts with: the config file's `[ui]`, `[theme]` and `[keys]` (read
//! leniently: a broken file must not keep the dashboard from starting), and `NO_COLOR`.
//! `[theme] preset = "auto"` is settled once the terminal has said its background
//! ([`ThemeChoice`], in `tui::run`).

use crate::clock::Zone;
use crate::config::ThemePreset;
use crate::config::{self, Loaded};
use crate::term::background::Shade;
use crate::term::colors::Depth;
use crate::tui::inbox::Alerts;
use crate::tui::keymap::Keymap;
use crate::tui::outside::OutsideSettings;
use crate::tui::state::UiSettings;
use crate::tui::theme::{Theme, ThemeChoice};
use std::time::Duration;

impl UiSettings {
    /// The settings of this user: config file and environment, colours fitted to the
    /// terminal.
    pub fn from_env() -> UiSettings {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        // As many colours as the terminal shows (COLORTERM, TERM).
        UiSettings::from_config_on(&config::load_lenient(), no_color, Depth::detect())
    }

    /// The settings a loaded config gives; `no_color` keeps every colour out, the config's
    /// too. Entries that cannot be used become notices, the rest still applies.
    pub fn from_config(loaded: &Loaded, no_color: bool) -> UiSettings {
        UiSettings::from_config_on(loaded, no_color, Depth::TrueColor)
    }

    /// As [`UiSettings::from_config`], the colours fitted to a terminal of `depth`. Until
    /// the terminal is asked, `auto` is dark.
    fn from_config_on(loaded: &Loaded, no_color: bool, depth: Depth) -> UiSettings {
        let config = &loaded.config;
        let mut notices = loaded.warnings.clone();
        let choice = ThemeChoice::new(&config.theme, depth);
        let theme = if no_color {
            Theme::monochrome()
        } else {
            let (theme, unknown) = choice.theme(Shade::Dark);
            notices.extend(unknown);
            theme
        };
        let ask_background = (!no_color && choice.preset == ThemePreset::Auto).then_some(choice);
        let mut keymap = Keymap::default();
        notices.extend(keymap.apply(&config.keys));
        notices.extend(keymap.bind_views(&config.views.keyed()));
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
            ask_background,
            keymap,
            zone: Zone::Local,
            notices,
            log_line: Some(crate::logging::help_line()),
            outside: outside_settings(config),
            alerts,
            needs: config.needs,
            brief_after: config.brief.after(),
            graph: config.ui.graph,
            preview: config.ui.preview,
            seen_after_seconds: config.ui.seen_after_seconds,
            views: config.views.clone(),
            accessible: config.ui.accessible,
            group: None,
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
        groups: config.groups.clone(),
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
    fn a_preset_is_the_base_and_the_roles_recolour_it() {
        let light = UiSettings::from_config(
            &loaded("[theme]\npreset = \"light\"\naccent = \"#ff8800\"\n"),
            false,
        );
        assert_eq!(light.theme.accent.fg, Some(Color::Rgb(0xff, 0x88, 0)), "the role wins");
        assert_eq!(light.theme.header, Theme::preset(ThemePreset::Light, Shade::Dark).header);
        assert_ne!(light.theme.header, Theme::default().header);
        assert_eq!(light.ask_background, None, "only auto asks the terminal");
        let plain = UiSettings::from_config(&loaded(""), false);
        assert_eq!(plain.theme, Theme::default(), "dark by default, as it always was");
    }

    #[test]
    fn auto_is_dark_until_the_terminal_says_light_and_no_color_never_asks() {
        let auto =
            UiSettings::from_config(&loaded("[theme]\npreset = \"auto\"\nlink = \"red\"\n"), false);
        assert_eq!(auto.theme.header, Theme::default().header);
        let choice = auto.ask_background.unwrap();
        let (on_white, notices) = choice.theme(Shade::Light);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(on_white.header, Theme::preset(ThemePreset::Light, Shade::Light).header);
        assert_eq!(on_white.link.fg, Some(Color::Red), "the role still applies");
        let bare = UiSettings::from_config(&loaded("[theme]\npreset = \"auto\"\n"), true);
        assert_eq!(bare.ask_background, None);
        assert_eq!(bare.theme, Theme::monochrome(), "NO_COLOR wins over any preset");
    }

    #[test]
    fn an_unknown_preset_is_said_and_the_dashboard_starts_dark() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(&path, "[theme]\npreset = \"neon\"\n").unwrap();
        let error = config::load_from(&path).unwrap_err().to_string();
        assert!(error.contains("\"neon\" is no preset: use one of \"auto\""), "{error}");
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
