//! How lists reach stdout: the `--output` choice, its default picked by where stdout goes
//! ([`Term`]), the rows written by [`ListWriter`]; JSON documents; messages on stderr.
//!
//! Server text is untrusted: JSON is sanitised when it goes straight to a terminal (piped
//! output stays faithful), messages on stderr always.

use super::exit::{CliError, Exit};
use super::list_writer::ListWriter;
use super::table::Paint;
use super::term::Term;
use crate::api::Listed;
use crate::api::listed::left_out;
use crate::present::{Column, Tone};
use crate::text::{sanitize, sanitize_multiline};
use clap::{Args, ValueEnum};
use serde::Serialize;
use serde_json::Value;
use std::io::{self, Write};

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
}

/// The `--output` option of every list.
#[derive(Debug, Clone, Args)]
pub struct OutputArgs {
    /// Output format [default: table on a terminal, json when piped].
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
        self.output.unwrap_or(if term.stdout_tty {
            OutputFormat::Table
        } else {
            OutputFormat::Json
        })
    }
}

/// Prints a fetched list in the format asked for (the terminal decides by default), after
/// a warning when some of its `what` (e.g. "campaigns") could not be read.
pub fn print_listed<T: Serialize>(
    listed: &Listed<T>,
    what: &str,
    columns: &[Column<T>],
    output: &OutputArgs,
    term: &Term,
) -> Result<Exit, CliError> {
    warn_skipped(term, listed, what);
    print_list(&listed.items, columns, output, term)?;
    Ok(Exit::Ok)
}

/// Prints a list in the format asked for: the table and CSV from `columns`, JSON from the
/// items themselves.
pub fn print_list<T: Serialize>(
    items: &[T],
    columns: &[Column<T>],
    output: &OutputArgs,
    term: &Term,
) -> Result<(), CliError> {
    let mut writer = ListWriter::new(stdout(), columns, output, term)?;
    for item in items {
        writer.row(item)?;
        if !writer.is_open() {
            break;
        }
    }
    writer.finish()
}

/// Stdout for a list: written in large pieces, not line by line.
pub fn stdout() -> io::BufWriter<Box<dyn Write>> {
    io::BufWriter::with_capacity(64 * 1024, unbuffered_stdout())
}

/// Stdout without std's line buffering, which searches each large piece for its last line
/// break and splits it there (a 24 MB list searched through for nothing). Only
/// for output nothing else writes to meanwhile.
#[cfg(unix)]
fn unbuffered_stdout() -> Box<dyn Write> {
    use std::os::fd::AsFd;
    match io::stdout().as_fd().try_clone_to_owned() {
        Ok(fd) => Box::new(std::fs::File::from(fd)),
        Err(_) => Box::new(io::stdout()),
    }
}

#[cfg(not(unix))]
fn unbuffered_stdout() -> Box<dyn Write> {
    Box::new(io::stdout())
}

/// Warns on stderr when elements of a list could not be read and were left out.
pub fn warn_skipped<T>(term: &Term, listed: &Listed<T>, what: &str) {
    warn_left_out(term, listed.skipped, what);
}

/// Warns on stderr that `skipped` of `what` could not be read, if any.
pub fn warn_left_out(term: &Term, skipped: usize, what: &str) {
    if let Some(warning) = left_out(skipped, what) {
        warn(term, &warning);
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

/// Writes to stdout. A closed pipe (`| head`) is not an error: the reader has what it wanted.
pub fn write_stdout(text: &str) -> Result<(), CliError> {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(error) => Err(CliError::failure(format!("Could not write to stdout: {error}"))),
    }
}

/// A message for the user on stderr (never data). It may quote the server, so it is
/// sanitised, on a terminal and on a pipe alike.
pub fn note(message: &str) {
    let _ = writeln!(io::stderr().lock(), "{}", sanitize_multiline(message));
}

/// A warning on stderr, yellow when stderr takes colour; sanitised as [`note`] is.
pub fn warn(term: &Term, message: &str) {
    let label = Tone::Warn.paint("warning:", term.stderr_color);
    let _ = writeln!(io::stderr().lock(), "{label} {}", sanitize_multiline(message));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::term::piped;

    #[test]
    fn default_format_follows_stdout() {
        let args = OutputArgs { output: None, csv_raw: false };
        assert_eq!(args.format(&piped()), OutputFormat::Json);
        assert_eq!(args.format(&Term { stdout_tty: true, ..piped() }), OutputFormat::Table);
        let forced = OutputArgs { output: Some(OutputFormat::Csv), csv_raw: false };
        assert_eq!(forced.format(&piped()), OutputFormat::Csv);
    }
}
