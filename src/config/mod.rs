//! The config file (`$XDG_CONFIG_HOME/outreach/config.toml`): profiles, UI settings, theme
//! and key bindings. Loading never prints: it returns the config with its warnings.

mod edit;
mod error;
mod groups;
mod hooks;
mod parse;
mod settings;
mod team;
mod views;

pub use edit::save_profile;
pub use error::ConfigError;
pub use groups::AT_ONCE;
pub use hooks::{DEFAULT_HOOK_TIMEOUT, HOOK_EVENTS, HooksConfig, ProfileHooks};
pub use parse::parse;
pub use settings::{
    BriefConfig, ClipboardConfig, Config, Graph, NeedsConfig, NetConfig, Osc52, Preview, Profile,
    ThemeConfig, ThemePreset, UiConfig, ViewerConfig, check_profile_name,
};
pub use team::{DatabaseUrl, TeamConfig, check_database_url, check_member_name};
pub use views::{Handled, SavedViews, VIEW_PANES, View, check_category, gone, names_item};

use std::path::{Path, PathBuf};

/// A loaded config, where it came from, and what in it was ignored.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    pub config: Config,
    /// The file read, or the file that would be read (it may not exist).
    pub path: Option<PathBuf>,
    /// One sentence per ignored key or value, with file and line, for the user to see.
    pub warnings: Vec<String>,
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

#[cfg(test)]
mod tests {
    use super::*;

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
