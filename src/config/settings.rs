//! What the config file can say, as typed settings with their defaults. Reading the text
//! into them is `parse`; finding and loading the file is the room's `mod.rs`.

use super::error::ConfigError;
use super::hooks::{HooksConfig, ProfileHooks};
use super::team::TeamConfig;
use ratatui::style::Color;
use std::collections::BTreeMap;

/// Longest profile name: it becomes the keyring user and a TOML table name.
const MAX_PROFILE_NAME: usize = 64;

/// Everything the config file can say. Absent keys take their defaults.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Config {
    /// The profile used when neither `--profile` nor `OUTREACH_PROFILE` names one.
    pub default_profile: Option<String>,
    /// Profiles by name: one per organisation or environment.
    pub profiles: BTreeMap<String, Profile>,
    pub ui: UiConfig,
    pub net: NetConfig,
    pub clipboard: ClipboardConfig,
    pub viewer: ViewerConfig,
    pub needs: NeedsConfig,
    pub brief: BriefConfig,
    /// `[hooks]`: commands run when watch or the dashboard announces an event.
    pub hooks: HooksConfig,
    /// `[theme]`: the dashboard's preset and its colours by role.
    pub theme: ThemeConfig,
    /// Key bindings by action name, as written; the TUI's keymap interprets them.
    pub keys: BTreeMap<String, String>,
    /// `[[views]]` and each profile's `[[profiles.NAME.views]]`.
    pub views: super::views::SavedViews,
    /// `[groups]`: named lists of profiles read together (`--group NAME`), each a defined
    /// profile, in the order written.
    pub groups: BTreeMap<String, Vec<String>>,
}

/// One organisation or environment.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Profile {
    pub base_url: Option<String>,
    /// Refuse every write (start campaign, add contact, DNC, conversion) in this profile.
    pub read_only: bool,
    /// `[profiles.NAME.team]`: the team store this profile shares its triage marks through.
    pub team: Option<TeamConfig>,
    /// `[profiles.NAME.hooks]`: this profile's own hook commands over `[hooks]`.
    pub hooks: ProfileHooks,
}

/// Settings of the dashboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UiConfig {
    /// Reload the visible pane (and the reply inbox) every this many seconds; 0 turns
    /// automatic refresh off.
    pub refresh_seconds: u64,
    /// Links in chains and meetings are OSC 8 hyperlinks (`[ui] hyperlinks`, on by default).
    pub hyperlinks: bool,
    /// Ring the terminal bell when new replies arrive.
    pub bell: bool,
    /// Raise a desktop notification (OSC 9 / OSC 777) when new replies arrive.
    pub notify: bool,
    /// How sparklines, heatmaps and curves are drawn (`[ui] graph`).
    pub graph: Graph,
    /// Where the selected item shows beside a list (`[ui] preview`).
    pub preview: Preview,
    /// A reply in the preview becomes seen after this many seconds there; 0 at once.
    pub seen_after_seconds: u32,
    /// Open the line mode instead of the dashboard (`[ui] accessible`): plain lines a
    /// screen reader follows.
    pub accessible: bool,
}

impl Default for UiConfig {
    fn default() -> Self {
        UiConfig {
            refresh_seconds: 60,
            hyperlinks: true,
            bell: true,
            notify: true,
            graph: Graph::default(),
            preview: Preview::Auto,
            seen_after_seconds: 3,
            accessible: false,
        }
    }
}

/// `[theme]`: a preset, and colours by the role the TUI gives them over it (e.g.
/// `accent = "cyan"`; names the TUI does not know are ignored there).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ThemeConfig {
    pub preset: ThemePreset,
    pub colours: BTreeMap<String, Color>,
}

/// `[theme] preset`: the dashboard's colours as a whole.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ThemePreset {
    /// Light or dark, as the background the terminal says it has (dark when it does not say).
    Auto,
    /// The 16 named colours and the terminal's own foreground and background only, so the
    /// user's colour scheme decides how everything looks.
    Ansi,
    /// White, black and yellow, bold; nothing dimmed.
    HighContrast,
    /// For a dark background: the look the dashboard has always had.
    #[default]
    Dark,
    /// For a light background: no white or yellow text.
    Light,
}

impl ThemePreset {
    /// Every preset by the name the config file gives it.
    pub const ALL: [(&'static str, ThemePreset); 5] = [
        ("auto", ThemePreset::Auto),
        ("ansi", ThemePreset::Ansi),
        ("high-contrast", ThemePreset::HighContrast),
        ("dark", ThemePreset::Dark),
        ("light", ThemePreset::Light),
    ];

    /// The preset a name gives, or a message naming the ones there are.
    pub fn named(name: &str) -> Result<ThemePreset, String> {
        let known = Self::ALL.iter().find(|(known, _)| known.eq_ignore_ascii_case(name.trim()));
        known.map(|(_, preset)| *preset).ok_or_else(|| {
            let names: Vec<String> =
                Self::ALL.iter().map(|(name, _)| format!("\"{name}\"")).collect();
            format!(
                "theme.preset = \"{}\" is no preset: use one of {}.",
                crate::text::sanitize(name),
                names.join(", ")
            )
        })
    }
}

/// The characters pictures are drawn with (`[ui] graph`): fonts differ in which they draw
/// well, and the plainest terminals show only ASCII.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Graph {
    /// Braille dots: two values a cell, the finest where the font has them.
    Braille,
    /// Block elements (`▁▂▃█`, `░▒▓`): one value a cell; most fonts draw them.
    #[default]
    Block,
    /// Printable ASCII only (`_.-=#`).
    Ascii,
}

/// Where the preview of the selected item goes (`[ui] preview`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Preview {
    /// Right of the list on a wide screen, under it on a tall one, else none.
    #[default]
    Auto,
    Right,
    Bottom,
    /// None until its key turns it on.
    Off,
}

/// When `y` copies through OSC 52 (`[clipboard] osc52`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Osc52 {
    /// Unless the terminal is known to lack it (`TERM` = linux, dumb or unset).
    #[default]
    Auto,
    Always,
    /// Never: `y` says copying is off.
    Never,
}

/// `[clipboard]`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClipboardConfig {
    pub osc52: Osc52,
}

/// `[viewer]`: programs the dashboard hands text to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ViewerConfig {
    /// A command that turns an HTML part (on stdin) into text (on stdout), such as
    /// `w3m -T text/html -dump`; never a browser fetching remote content.
    pub html: Option<String>,
}

/// `[needs]`: when something in the "Needs you" list is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NeedsConfig {
    /// Business days to honour an opt-out (US CAN-SPAM: 10).
    pub unsubscribe_days: u32,
    /// Hours an interested or referral reply may wait on us.
    pub hot_reply_hours: u32,
}

impl Default for NeedsConfig {
    fn default() -> Self {
        NeedsConfig { unsubscribe_days: 10, hot_reply_hours: 24 }
    }
}

/// `[brief]`: when the dashboard opens on what changed while the user was away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BriefConfig {
    /// Shown at start when the last look is at least this many hours old; 0 never shows it.
    pub after_hours: u32,
}

impl Default for BriefConfig {
    fn default() -> Self {
        BriefConfig { after_hours: 8 }
    }
}

impl BriefConfig {
    /// The absence after which the brief shows; `None` when it is turned off.
    pub fn after(&self) -> Option<chrono::Duration> {
        (self.after_hours > 0).then(|| chrono::Duration::hours(i64::from(self.after_hours)))
    }
}

/// How the client talks to the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NetConfig {
    /// How long the server may keep silent before a request fails: before its answer
    /// begins, and between two pieces of a large answer.
    pub timeout_seconds: u64,
}

impl Default for NetConfig {
    fn default() -> Self {
        NetConfig { timeout_seconds: crate::api::DEFAULT_TIMEOUT.as_secs() }
    }
}

impl NetConfig {
    pub fn timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.timeout_seconds)
    }
}

impl Config {
    /// The named profile's settings, or the defaults when the file does not mention it.
    pub fn profile(&self, name: &str) -> Profile {
        self.profiles.get(name).cloned().unwrap_or_default()
    }

    /// The hooks that apply to the named profile: `[hooks]` with its own table over it.
    pub fn hooks_for(&self, profile: &str) -> HooksConfig {
        self.profiles.get(profile).map_or_else(|| self.hooks.clone(), |p| self.hooks.with(&p.hooks))
    }
}

/// Checks a profile name: it becomes the keyring user and a table name in the config file.
pub fn check_profile_name(name: &str) -> Result<(), ConfigError> {
    let fine = !name.is_empty()
        && name.chars().count() <= MAX_PROFILE_NAME
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if fine { Ok(()) } else { Err(ConfigError::ProfileName { name: crate::text::sanitize(name) }) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_known_by_name_and_a_wrong_one_names_the_right_ones() {
        assert_eq!(ThemePreset::named("high-contrast"), Ok(ThemePreset::HighContrast));
        assert_eq!(ThemePreset::named("Light"), Ok(ThemePreset::Light));
        let wrong = ThemePreset::named("solarized").unwrap_err();
        assert_eq!(
            wrong,
            "theme.preset = \"solarized\" is no preset: use one of \"auto\", \"ansi\", \"high-contrast\", \"dark\", \"light\"."
        );
    }

    #[test]
    fn profile_names_are_plain_words() {
        for good in ["default", "acme-prod", "acme_staging.eu", "A1"] {
            assert!(check_profile_name(good).is_ok(), "{good}");
        }
        for bad in ["", "a b", "acme/prod", "x\u{1b}[31m", &"p".repeat(65)] {
            assert!(check_profile_name(bad).is_err(), "{bad:?}");
        }
    }
}
