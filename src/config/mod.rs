//! The config file (`$XDG_CONFIG_HOME/outreach/config.toml`): profiles, UI settings, theme
//! and key bindings. Loading never prints: it returns the config with its warnings.

mod edit;
mod error;
mod parse;

pub use edit::save_profile;
pub use error::ConfigError;
pub use parse::parse;

use ratatui::style::Color;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

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
    /// Colours by the role the TUI gives them (e.g. `accent = "cyan"`); names the TUI does
    /// not know are ignored there.
    pub theme: BTreeMap<String, Color>,
    /// Key bindings by action name, as written; the TUI's keymap interprets them.
    pub keys: BTreeMap<String, String>,
}

/// One organisation or environment.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Profile {
    pub base_url: Option<String>,
    /// Refuse every write (start campaign, add contact, DNC, conversion) in this profile.
    pub read_only: bool,
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
}

impl Default for UiConfig {
    fn default() -> Self {
        UiConfig { refresh_seconds: 60, hyperlinks: true, bell: true, notify: true }
    }
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

/// A loaded config, where it came from, and what in it was ignored.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    pub config: Config,
    /// The file read, or the file that would be read (it may not exist).
    pub path: Option<PathBuf>,
    /// One sentence per ignored key or value, with file and line, for the user to see.
    pub warnings: Vec<String>,
}

impl Config {
    /// The named profile's settings, or the defaults when the file does not mention it.
    pub fn profile(&self, name: &str) -> Profile {
        self.profiles.get(name).cloned().unwrap_or_default()
    }
}

/// `$XDG_CONFIG_HOME/outreach/config.toml`, or the platform's config directory.
pub fn path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|dir| dir.is_absolute())
        .or_else(dirs::config_dir)?;
    Some(base.join("outreach").join("config.toml"))
}

/// Loads the config file; a missing file is an empty config.
pub fn load() -> Result<Loaded, ConfigError> {
    match path() {
        Some(path) => load_from(&path),
        None => Ok(Loaded::default()),
    }
}

/// Loads a config file at `path`; a missing file is an empty config.
pub fn load_from(path: &Path) -> Result<Loaded, ConfigError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(error) => {
            return Err(ConfigError::Read { path: path.to_path_buf(), reason: error.to_string() });
        }
    };
    let (config, warnings) = parse(&text, path)?;
    Ok(Loaded { config, path: Some(path.to_path_buf()), warnings })
}

/// Loads the config, turning a broken file into a warning and the defaults, for modes that
/// need no profile (`--demo`): a typo in the file must not keep the demo from starting.
pub fn load_lenient() -> Loaded {
    lenient(load(), path())
}

fn lenient(loaded: Result<Loaded, ConfigError>, path: Option<PathBuf>) -> Loaded {
    loaded.unwrap_or_else(|error| Loaded {
        config: Config::default(),
        path,
        warnings: vec![format!("{error} Using the default settings.")],
    })
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
    fn profile_names_are_plain_words() {
        for good in ["default", "acme-prod", "acme_staging.eu", "A1"] {
            assert!(check_profile_name(good).is_ok(), "{good}");
        }
        for bad in ["", "a b", "acme/prod", "x\u{1b}[31m", &"p".repeat(65)] {
            assert!(check_profile_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_missing_file_is_an_empty_config() {
        let dir = tempfile::tempdir().unwrap();
        let loaded = load_from(&dir.path().join("config.toml")).unwrap();
        assert_eq!(loaded.config, Config::default());
        assert!(loaded.warnings.is_empty());
    }

    #[test]
    fn a_broken_file_still_lets_the_demo_start() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(&path, "[ui]\nrefresh_seconds = \"often\"\n").unwrap();
        let loaded = lenient(load_from(&path), Some(path.clone()));
        assert_eq!(loaded.config, Config::default());
        let [warning] = loaded.warnings.as_slice() else { panic!("{:?}", loaded.warnings) };
        assert!(
            warning.contains("line 2") && warning.contains("Using the default settings"),
            "{warning}"
        );
    }
}
