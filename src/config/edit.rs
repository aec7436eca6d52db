//! Saving a profile into the config file without disturbing the rest of it: comments,
//! order and unknown keys stay as the user wrote them.

use super::ConfigError;
use super::error::line_and_column;
use std::path::Path;
use toml_edit::{DocumentMut, Item, Table, value};

/// Sets `[profiles.NAME] base_url` (and `read_only` when given) in the file at `path`,
/// creating the file and its directory when needed.
pub fn save_profile(
    path: &Path,
    name: &str,
    base_url: &str,
    read_only: Option<bool>,
) -> Result<(), ConfigError> {
    super::check_profile_name(name)?;
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(error) => {
            return Err(ConfigError::Read { path: path.to_path_buf(), reason: error.to_string() });
        }
    };
    let mut document: DocumentMut = text.parse().map_err(|error: toml_edit::TomlError| {
        let (line, column) = line_and_column(&text, error.span().map(|s| s.start).unwrap_or(0));
        ConfigError::Invalid {
            path: path.to_path_buf(),
            line,
            column,
            message: error.message().trim().to_string(),
            source_line: super::error::source_line(&text, line),
        }
    })?;
    let not_a_table = |what: &str| ConfigError::Write {
        path: path.to_path_buf(),
        reason: format!("`{what}` is not a table; fix it by hand"),
    };
    let profiles = document.entry("profiles").or_insert_with(|| {
        let mut table = Table::new();
        // `[profiles.NAME]` headers alone, no empty `[profiles]` line.
        table.set_implicit(true);
        Item::Table(table)
    });
    let profiles = profiles.as_table_like_mut().ok_or_else(|| not_a_table("profiles"))?;
    if profiles.get(name).is_none() {
        profiles.insert(name, Item::Table(Table::new()));
    }
    let profile = profiles
        .get_mut(name)
        .and_then(Item::as_table_like_mut)
        .ok_or_else(|| not_a_table(&format!("profiles.{name}")))?;
    profile.insert("base_url", value(base_url));
    if let Some(read_only) = read_only {
        profile.insert("read_only", value(read_only));
    }
    write_atomically(path, &document.to_string())
}

/// Writes through a temporary file and a rename, so a crash never leaves half a config.
fn write_atomically(path: &Path, text: &str) -> Result<(), ConfigError> {
    let failed = |error: std::io::Error| ConfigError::Write {
        path: path.to_path_buf(),
        reason: error.to_string(),
    };
    let dir = path.parent().ok_or(ConfigError::NoConfigDir)?;
    std::fs::create_dir_all(dir).map_err(failed)?;
    let temporary = dir.join(format!(".config.toml.{}.tmp", std::process::id()));
    std::fs::write(&temporary, text).map_err(failed)?;
    std::fs::rename(&temporary, path).map_err(|error| {
        let _ = std::fs::remove_file(&temporary);
        failed(error)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saving_keeps_comments_and_other_profiles() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("outreach").join("config.toml");
        save_profile(&path, "acme", "https://api.acme.example", None).unwrap();
        let first = std::fs::read_to_string(&path).unwrap();
        assert_eq!(first, "[profiles.acme]\nbase_url = \"https://api.acme.example\"\n");

        let commented = format!("# my settings\ndefault_profile = \"acme\" # work\n\n{first}");
        std::fs::write(&path, commented).unwrap();
        save_profile(&path, "local", "http://127.0.0.1:8900", Some(true)).unwrap();
        save_profile(&path, "acme", "https://eu.acme.example", None).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# my settings\ndefault_profile = \"acme\" # work\n"), "{text}");
        let (config, warnings) = crate::config::parse(&text, &path).unwrap();
        assert!(warnings.is_empty());
        assert_eq!(config.profile("acme").base_url.as_deref(), Some("https://eu.acme.example"));
        assert_eq!(config.profile("local").base_url.as_deref(), Some("http://127.0.0.1:8900"));
        assert!(config.profile("local").read_only);
    }

    #[test]
    fn a_broken_file_is_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(&path, "[profiles.acme\n").unwrap();
        let error = save_profile(&path, "acme", "https://x.example", None).unwrap_err();
        assert!(matches!(error, ConfigError::Invalid { line: 1, .. }), "{error:?}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "[profiles.acme\n");
    }
}
