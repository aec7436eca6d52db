//! How lists reach stdout: a table fitted to the terminal, a JSON array, JSON lines or CSV,
//! the default picked by where stdout goes ([`Term`]); and messages on stderr.
//!
//! Server text is untrusted: tables always show it sanitised, and JSON and CSV are
//! sanitised too when they go straight to a terminal (piped output stays faithful).

use super::exit::{CliError, Exit};
use super::table::{self, Paint, TableColumn};
use super::term::Term;
use crate::api::{Listed, Timestamp};
use crate::clock::Zone;
use crate::present::{Column, Context, Shown, Tone, columns};
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

/// The width of a table off a terminal when `COLUMNS` does not say: no line is padded to
/// the widest cell of a long list.
const DEFAULT_WIDTH: usize = 80;

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

/// A timestamp in the user's zone, to the minute: `2024-05-01 11:30`.
pub fn local_short(time: &Timestamp) -> String {
    Zone::Local.date_time(time.0)
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

/// Warns on stderr when elements of a list could not be read and were left out.
pub fn warn_skipped<T>(term: &Term, listed: &Listed<T>, what: &str) {
    if let Some(warning) = listed.warning(what) {
        warn(term, &warning);
    }
}

/// Prints a list in `format`: the table from `columns`, JSON from the items themselves.
pub fn print_list<T: Serialize>(
    items: &[T],
    columns: &[Column<T>],
    output: &OutputArgs,
    term: &Term,
) -> Result<(), CliError> {
    let text = match output.format(term) {
        OutputFormat::Table => table_text(items, columns, term),
        OutputFormat::Json => json_text(items, term)?,
        OutputFormat::Jsonl => jsonl_text(items, term)?,
        OutputFormat::Csv => csv_text(items, columns, term, output.csv_raw)?,
    };
    write_stdout(&text)
}

/// The CLI shows times in the machine's zone and knows campaigns by id only.
fn context() -> Context<'static> {
    Context::new(&Zone::Local, chrono::Utc::now())
}

fn table_text<T>(items: &[T], columns: &[Column<T>], term: &Term) -> String {
    let layout: Vec<TableColumn> = columns
        .iter()
        .map(|column| TableColumn {
            header: column.cli_header.to_string(),
            align: column.align,
            limits: column.limits,
        })
        .collect();
    let context = context();
    let rows: Vec<Vec<Shown>> =
        items.iter().map(|item| columns::shown(columns, item, &context)).collect();
    table::render(&layout, &rows, term.width.unwrap_or(DEFAULT_WIDTH), term.color)
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

/// A text cell a spreadsheet would run as a formula gets a leading `'` (OWASP, "CSV
/// injection"); numbers the CLI wrote itself are left alone.
fn defuse_formula(text: String) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text }
}

fn csv_text<T>(
    items: &[T],
    columns: &[Column<T>],
    term: &Term,
    raw: bool,
) -> Result<String, CliError> {
    let columns: Vec<&Column<T>> = columns.iter().filter(|column| column.in_csv).collect();
    let context = context();
    let mut writer = csv::Writer::from_writer(Vec::new());
    let failed = |error: csv::Error| CliError::failure(format!("Could not write CSV: {error}"));
    writer.write_record(columns.iter().map(|column| column.cli_header)).map_err(failed)?;
    for item in items {
        let record: Vec<String> = columns
            .iter()
            .map(|column| {
                let cell = (column.cell)(item, &context);
                let text = if term.stdout_tty { sanitize(&cell.csv()) } else { cell.csv() };
                if cell.is_text() && !raw { defuse_formula(text) } else { text }
            })
            .collect();
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
        use crate::present::column::{ANY, Cell, Value};
        vec![
            Column::new("Id", "ID", (ANY, ANY), |r: &Row, _| Cell::new(Value::Int(r.id))),
            Column::new("Name", "NAME", (4, 40), |r: &Row, _| Cell::text(&r.name)),
        ]
    }

    #[test]
    fn tables_sanitise_but_piped_json_and_csv_stay_faithful() {
        let rows = [Row { id: 1, name: "Ann\u{1b}[31m,\"x\"".into() }];
        let table = table_text(&rows, &columns(), &piped());
        assert!(!table.contains('\u{1b}'), "{table:?}");
        let json = json_text(&rows, &piped()).unwrap();
        assert_eq!(json, "[{\"id\":1,\"name\":\"Ann\\u001b[31m,\\\"x\\\"\"}]\n");
        let csv = csv_text(&rows, &columns(), &piped(), false).unwrap();
        assert_eq!(csv, "ID,NAME\n1,\"Ann\u{1b}[31m,\"\"x\"\"\"\n");
    }

    #[test]
    fn on_a_terminal_json_and_csv_are_sanitised_too() {
        let term = Term { stdout_tty: true, ..piped() };
        let rows = [Row { id: 1, name: "Ann\u{202e}Lee\u{9b}".into() }];
        assert!(json_text(&rows, &term).unwrap().contains("\"AnnLee\""));
        assert!(jsonl_text(&rows, &term).unwrap().contains("\"AnnLee\""));
        assert!(csv_text(&rows, &columns(), &term, false).unwrap().contains("1,AnnLee"));
    }

    #[test]
    fn csv_cells_a_spreadsheet_would_run_get_a_quote_unless_raw() {
        let rows: Vec<Row> = ["=1+1", "+49 30", "-x", "@SUM(A1)", "\tx", "\rx", "plain", "a=b"]
            .iter()
            .map(|name| Row { id: -3, name: name.to_string() })
            .collect();
        let csv = csv_text(&rows, &columns(), &piped(), false).unwrap();
        let names: Vec<String> = csv::Reader::from_reader(csv.as_bytes())
            .records()
            .map(|r| r.unwrap()[1].to_string())
            .collect();
        assert_eq!(names, ["'=1+1", "'+49 30", "'-x", "'@SUM(A1)", "'\tx", "'\rx", "plain", "a=b"]);
        assert!(csv.contains("\n-3,"), "numbers stay numbers: {csv}");
        let raw = csv_text(&rows, &columns(), &piped(), true).unwrap();
        assert!(raw.contains("\n-3,=1+1\n"), "{raw}");
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
        let args = OutputArgs { output: None, csv_raw: false };
        assert_eq!(args.format(&piped()), OutputFormat::Json);
        assert_eq!(args.format(&Term { stdout_tty: true, ..piped() }), OutputFormat::Table);
        let forced = OutputArgs { output: Some(OutputFormat::Csv), csv_raw: false };
        assert_eq!(forced.format(&piped()), OutputFormat::Csv);
    }
}
