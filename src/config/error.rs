//! What can be wrong with the config file, each with the file, the line and what to do.

use std::path::PathBuf;
use thiserror::Error;

/// A config file that cannot be used.
#[derive(Debug, Clone, Error)]
pub enum ConfigError {
    #[error("Cannot read the config file {}: {reason}.", path.display())]
    Read { path: PathBuf, reason: String },

    #[error(
        "The config file {}, line {line}, column {column}, is broken: {message}{}. Fix or remove that line; `outreach --demo` still runs meanwhile.",
        path.display(),
        quoted_line(.source_line)
    )]
    Invalid { path: PathBuf, line: usize, column: usize, message: String, source_line: String },

    #[error("Cannot write the config file {}: {reason}.", path.display())]
    Write { path: PathBuf, reason: String },

    #[error(
        "No config directory: set XDG_CONFIG_HOME (or HOME) so the profile's base URL can be saved."
    )]
    NoConfigDir,

    #[error("'{name}' is not a usable profile name: use 1 to 64 letters, digits, '-', '_' or '.'.")]
    ProfileName { name: String },
}

fn quoted_line(line: &str) -> String {
    if line.is_empty() { String::new() } else { format!(" (in `{line}`)") }
}

/// Line and column (both from 1) of a byte offset in `text`.
pub(crate) fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset.min(text.len())).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map(|tail| tail.chars().count()).unwrap_or(0) + 1;
    (line, column)
}

/// The text of line `line` (from 1), trimmed and sanitised for the terminal.
pub(crate) fn source_line(text: &str, line: usize) -> String {
    let raw = text.lines().nth(line.saturating_sub(1)).unwrap_or_default().trim();
    let shown: String = raw.chars().take(80).collect();
    crate::text::sanitize(&shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_columns() {
        let text = "a = 1\nbé = 2\n";
        assert_eq!(line_and_column(text, 0), (1, 1));
        assert_eq!(line_and_column(text, 6), (2, 1));
        assert_eq!(line_and_column(text, 9), (2, 3));
        assert_eq!(line_and_column(text, 999), (3, 1));
        assert_eq!(source_line(text, 2), "bé = 2");
    }
}
