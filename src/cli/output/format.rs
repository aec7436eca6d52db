//! The `--output` choice of every list, its default picked by where stdout goes ([`Term`]),
//! and JSON documents.
//!
//! Server text is untrusted: JSON is sanitised when it goes straight to a terminal (piped
//! output stays faithful).

use crate::cli::exit::CliError;
use crate::cli::output::terminal::Term;
use crate::text::sanitize;
use clap::{Args, ValueEnum};
use serde::Serialize;
use serde_json::Value;

/// `--output`: the format of a list on stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Aligned columns fitted to the terminal width (the default on a terminal).
    Table,
    /// One JSON array of the API's objects (the default when piped).
    Json,
    /// One JSON object per line.
    Jsonl,
    /// Comma-separated values with a header row.
    Csv,
    /// Each record as `field: value` lines, a blank line between records (the default on a
    /// terminal with --accessible): read in order by a screen reader, never cut to a width.
    List,
}

/// The `--output` option of every list.
#[derive(Debug, Clone, Args)]
pub struct OutputArgs {
    /// Output format [default: table on a terminal (list with --accessible), json when
    /// piped].
    #[arg(long, short = 'o', value_enum)]
    pub output: Option<OutputFormat>,
    /// In CSV, write cells starting with = + - @ as they are (by default they get a leading
    /// ' so a spreadsheet does not run them as formulas).
    #[arg(long)]
    pub csv_raw: bool,
}

impl OutputArgs {
    /// The chosen format, or the default for where stdout goes.
    pub fn format(&self, term: &Term) -> OutputFormat {
        self.output.unwrap_or(match (term.stdout_tty, term.accessible) {
            (true, true) => OutputFormat::List,
            (true, false) => OutputFormat::Table,
            (false, _) => OutputFormat::Json,
        })
    }
}

/// A JSON value whose strings are sanitised, for JSON shown on a terminal.
pub fn sanitize_json(value: Value) -> Value {
    match value {
        Value::String(text) => Value::String(sanitize(&text)),
        Value::Array(items) => Value::Array(items.into_iter().map(sanitize_json).collect()),
        Value::Object(map) => {
            Value::Object(map.into_iter().map(|(k, v)| (sanitize(&k), sanitize_json(v))).collect())
        }
        other => other,
    }
}

fn encode_error(error: serde_json::Error) -> CliError {
    CliError::failure(format!("Could not encode the output as JSON: {error}"))
}

/// One JSON document: pretty and sanitised on a terminal, compact and faithful when piped.
pub fn json_document<T: Serialize + ?Sized>(value: &T, term: &Term) -> Result<String, CliError> {
    let mut text = if term.stdout_tty {
        let value = sanitize_json(serde_json::to_value(value).map_err(encode_error)?);
        serde_json::to_string_pretty(&value).map_err(encode_error)?
    } else {
        serde_json::to_string(value).map_err(encode_error)?
    };
    text.push('\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::output::terminal::piped;

    #[test]
    fn default_format_follows_stdout() {
        let args = OutputArgs { output: None, csv_raw: false };
        assert_eq!(args.format(&piped()), OutputFormat::Json);
        assert_eq!(args.format(&Term { stdout_tty: true, ..piped() }), OutputFormat::Table);
        let forced = OutputArgs { output: Some(OutputFormat::Csv), csv_raw: false };
        assert_eq!(forced.format(&piped()), OutputFormat::Csv);
        let read_aloud = Term { stdout_tty: true, ..piped() }.accessible(true);
        assert_eq!(args.format(&read_aloud), OutputFormat::List);
        assert_eq!(args.format(&piped().accessible(true)), OutputFormat::Json, "scripts keep JSON");
    }
}
