//! How lists reach stdout: a table fitted to the terminal, a JSON array, JSON lines or CSV,
//! the default picked by where stdout goes ([`Term`]); and messages on stderr.
//!
//! Server text is untrusted: tables always show it sanitised, and JSON and CSV are
//! sanitised too when they go straight to a terminal (piped output stays faithful).

use super::exit::{CliError, Exit};
use super::table::{self, Align, TableCell, TableColumn, Tone};
use super::term::Term;
use crate::api::{Listed, Timestamp};
use crate::clock::Zone;
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

/// A typed cell, rendered per format (local short time in tables, RFC 3339 in CSV).
#[derive(Debug, Clone)]
pub enum Cell {
    Text(String),
    Int(i64),
    OptInt(Option<i64>),
    Flag(bool),
    Time(Option<Timestamp>),
}

impl Cell {
    fn for_table(&self) -> String {
        match self {
            Cell::Text(text) => sanitize(text),
            Cell::Int(n) => n.to_string(),
            Cell::OptInt(n) => n.map(|n| n.to_string()).unwrap_or_default(),
            Cell::Flag(flag) => if *flag { "yes" } else { "no" }.to_string(),
            Cell::Time(time) => time.map(|t| local_short(&t)).unwrap_or_default(),
        }
    }

    fn for_csv(&self) -> String {
        match self {
            Cell::Text(text) => text.clone(),
            Cell::Int(n) => n.to_string(),
            Cell::OptInt(n) => n.map(|n| n.to_string()).unwrap_or_default(),
            Cell::Flag(flag) => flag.to_string(),
            Cell::Time(time) => time.map(|t| t.0.to_rfc3339()).unwrap_or_default(),
        }
    }

    fn align(&self) -> Align {
        match self {
            Cell::Int(_) | Cell::OptInt(_) => Align::Right,
            _ => Align::Left,
        }
    }
}

/// A timestamp in the user's zone, to the minute: `2024-05-01 11:30`.
pub fn local_short(time: &Timestamp) -> String {
    Zone::Local.date_time(time.0)
}

/// "First Last", trimmed, for tables.
pub fn full_name(first: &str, last: &str) -> String {
    format!("{first} {last}").trim().to_string()
}

/// One column of a list: its header, how to read the cell, and how it behaves in a table.
pub struct Column<T> {
    pub header: &'static str,
    pub cell: fn(&T) -> Cell,
    pub tone: fn(&T) -> Tone,
    /// The narrowest the column may be cut to in a table; `None` never cuts it.
    pub min_width: Option<usize>,
    /// 0: always in the table; higher ranks are left out first on a narrow terminal.
    pub drop_rank: u8,
}

impl<T> Column<T> {
    pub fn new(header: &'static str, cell: fn(&T) -> Cell) -> Self {
        Column { header, cell, tone: |_| Tone::Plain, min_width: None, drop_rank: 0 }
    }

    /// May be cut down to `min` columns.
    pub fn shrink(mut self, min: usize) -> Self {
        self.min_width = Some(min);
        self
    }

    /// May be left out of a narrow table; higher `rank` goes first.
    pub fn optional(mut self, rank: u8) -> Self {
        self.drop_rank = rank;
        self
    }

    pub fn tone(mut self, tone: fn(&T) -> Tone) -> Self {
        self.tone = tone;
        self
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
    print_list(&listed.items, columns, output.format(term), term)?;
    Ok(Exit::Ok)
}

/// Warns on stderr when elements of a list could not be read and were left out.
pub fn warn_skipped<T>(term: &Term, listed: &Listed<T>, what: &str) {
    if let Some(warning) = listed.warning(what) {
        warn(term, &warning);
    }
}

/// Prints a list in `format`: the table from `columns`, JSON from the items themselves.
fn print_list<T: Serialize>(
    items: &[T],
    columns: &[Column<T>],
    format: OutputFormat,
    term: &Term,
) -> Result<(), CliError> {
    let text = match format {
        OutputFormat::Table => table_text(items, columns, term),
        OutputFormat::Json => json_text(items, term)?,
        OutputFormat::Jsonl => jsonl_text(items, term)?,
        OutputFormat::Csv => csv_text(items, columns, term)?,
    };
    write_stdout(&text)
}

fn table_text<T>(items: &[T], columns: &[Column<T>], term: &Term) -> String {
    let sample: Option<&T> = items.first();
    let layout: Vec<TableColumn> = columns
        .iter()
        .map(|column| TableColumn {
            header: column.header.to_string(),
            align: sample.map_or(Align::Left, |item| (column.cell)(item).align()),
            min_width: column.min_width,
            drop_rank: column.drop_rank,
        })
        .collect();
    let rows: Vec<Vec<TableCell>> = items
        .iter()
        .map(|item| {
            columns
                .iter()
                .map(|column| TableCell {
                    text: (column.cell)(item).for_table(),
                    tone: (column.tone)(item),
                })
                .collect()
        })
        .collect();
    table::render(&layout, &rows, term.width, term.color)
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

fn json_text<T: Serialize>(items: &[T], term: &Term) -> Result<String, CliError> {
    json_document(items, term)
}

fn jsonl_text<T: Serialize>(items: &[T], term: &Term) -> Result<String, CliError> {
    let mut out = String::new();
    for item in items {
        let line = if term.stdout_tty {
            let value = sanitize_json(serde_json::to_value(item).map_err(encode_error)?);
            serde_json::to_string(&value)
        } else {
            serde_json::to_string(item)
        };
        out.push_str(&line.map_err(encode_error)?);
        out.push('\n');
    }
    Ok(out)
}

fn csv_text<T>(items: &[T], columns: &[Column<T>], term: &Term) -> Result<String, CliError> {
    let clean = |text: String| if term.stdout_tty { sanitize(&text) } else { text };
    let mut writer = csv::Writer::from_writer(Vec::new());
    let failed = |error: csv::Error| CliError::failure(format!("Could not write CSV: {error}"));
    writer.write_record(columns.iter().map(|column| column.header)).map_err(failed)?;
    for item in items {
        let record: Vec<String> =
            columns.iter().map(|column| clean((column.cell)(item).for_csv())).collect();
        writer.write_record(&record).map_err(failed)?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|error| CliError::failure(format!("Could not write CSV: {error}")))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
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

    #[derive(Serialize)]
    struct Row {
        id: i64,
        name: String,
    }

    fn columns() -> Vec<Column<Row>> {
        vec![
            Column::new("ID", |r: &Row| Cell::Int(r.id)),
            Column::new("NAME", |r: &Row| Cell::Text(r.name.clone())).shrink(4),
        ]
    }

    #[test]
    fn tables_sanitise_but_piped_json_and_csv_stay_faithful() {
        let rows = [Row { id: 1, name: "Ann\u{1b}[31m,\"x\"".into() }];
        let table = table_text(&rows, &columns(), &piped());
        assert!(!table.contains('\u{1b}'), "{table:?}");
        let json = json_text(&rows, &piped()).unwrap();
        assert_eq!(json, "[{\"id\":1,\"name\":\"Ann\\u001b[31m,\\\"x\\\"\"}]\n");
        let csv = csv_text(&rows, &columns(), &piped()).unwrap();
        assert_eq!(csv, "ID,NAME\n1,\"Ann\u{1b}[31m,\"\"x\"\"\"\n");
    }

    #[test]
    fn on_a_terminal_json_and_csv_are_sanitised_too() {
        let term = Term { stdout_tty: true, ..piped() };
        let rows = [Row { id: 1, name: "Ann\u{202e}Lee\u{9b}".into() }];
        assert!(json_text(&rows, &term).unwrap().contains("\"AnnLee\""));
        assert!(jsonl_text(&rows, &term).unwrap().contains("\"AnnLee\""));
        assert!(csv_text(&rows, &columns(), &term).unwrap().contains("1,AnnLee"));
    }

    #[test]
    fn json_lines_are_one_object_per_line() {
        let rows = [Row { id: 1, name: "a".into() }, Row { id: 2, name: "b".into() }];
        assert_eq!(
            jsonl_text(&rows, &piped()).unwrap(),
            "{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"name\":\"b\"}\n"
        );
    }

    #[test]
    fn default_format_follows_stdout() {
        let args = OutputArgs { output: None };
        assert_eq!(args.format(&piped()), OutputFormat::Json);
        assert_eq!(args.format(&Term { stdout_tty: true, ..piped() }), OutputFormat::Table);
        let forced = OutputArgs { output: Some(OutputFormat::Csv) };
        assert_eq!(forced.format(&piped()), OutputFormat::Csv);
    }
}
