//! The writing half of a list, the same for every kind of item: rows arrive already
//! rendered ([`Row`]: a cell per column, or the item's JSON) and go out in the format
//! asked for. [`super::list_writer::ListWriter`] renders an item of its type and hands the
//! row over, so one copy of this code serves campaigns, contacts, exchanges and the rest
//! (a copy per item type was the CLI's largest piece of duplicated machine code).
//!
//! Server text is untrusted: tables always show it sanitised, and JSON and CSV are
//! sanitised too when they go straight to a terminal (piped output stays faithful).

use crate::api::Sent;
use crate::cli::exit::CliError;
use crate::cli::output::format::{OutputArgs, OutputFormat, sanitize_json};
use crate::cli::output::streams::warn;
use crate::cli::output::table::{Fitted, TableColumn};
use crate::cli::output::terminal::Term;
use crate::clock::Zone;
use crate::present::column::{Align, Cell};
use crate::present::fit::Limits;
use crate::present::{Context, Shown};
use crate::text::sanitize;
use std::borrow::Cow;
use std::io::{self, Write};

/// The width of a table off a terminal when `COLUMNS` does not say: no line is padded to
/// the widest cell of a long list.
const DEFAULT_WIDTH: usize = 80;

/// A table's widths are fitted to this many rows; later rows are laid out in those widths
/// (a wider cell is cut with `…`). A shorter list is fitted to all of its rows.
pub(super) const FITTED_ROWS: usize = 1000;

/// The leading column of a list that merges organisations: the profile's name.
const ORG_HEADER: &str = "ORG";
const ORG_LIMITS: Limits = Limits { min: 12, max: 32, drop: 0 };

/// One row as its format needs it.
pub enum Row {
    /// Table: a cell per column. CSV and `field: value` records: a cell per column a
    /// spreadsheet gets ([`Header::in_csv`]).
    Cells(Vec<Cell>),
    /// JSON or JSON lines: the item's compact JSON (read again for a terminal, to be
    /// sanitised and laid out: one serialiser per item type, not two).
    Json(String),
}

/// What the writer knows of a column apart from its cells.
pub struct Header {
    pub cli_header: &'static str,
    pub align: Align,
    pub limits: Limits,
    /// False for what adds nothing to a spreadsheet (a marker repeating another column).
    pub in_csv: bool,
}

/// How much of the output is gathered before it is written: a pipe's worth of rows per
/// write.
const BUFFER_BYTES: usize = 64 * 1024;

/// Where the rows go: through the writer's own buffer, or through the CSV encoder (which has
/// its own). The buffer is a concrete type in front of the output's pointer, so a row's
/// bytes are copied in without a call through it; only a full buffer makes one.
enum Out<'a> {
    Plain(io::BufWriter<Box<dyn Write + 'a>>),
    Csv(Box<csv::Writer<Box<dyn Write + 'a>>>),
}

/// A table waiting for enough rows to fit its widths, then streaming.
enum Table {
    Fitting(Vec<Vec<Shown>>),
    Fitted(Fitted),
}

/// Writes rendered rows of one list.
pub struct Lines<'a> {
    out: Out<'a>,
    pub(super) format: OutputFormat,
    headers: Vec<Header>,
    pub(super) term: &'a Term,
    csv_raw: bool,
    pub(super) context: Context<'a>,
    rows: usize,
    table: Table,
    /// CSV: the header row is written with the first row (or at the end of an empty list),
    /// so a list that fails before any row arrives leaves stdout empty.
    header_due: bool,
    /// The reader went away (`| head`): the rest is not written, and that is no error.
    closed: bool,
    /// Rows of several organisations: each starts with the profile it came from (an ORG
    /// column, an `org` field).
    pub(super) org: Option<String>,
}

impl<'a> Lines<'a> {
    /// Lines of `headers`' columns (for tables and CSV) in the format `output` asks for, or
    /// the default for where stdout goes.
    pub fn new(
        out: Box<dyn Write + 'a>,
        headers: Vec<Header>,
        output: &OutputArgs,
        term: &'a Term,
    ) -> Self {
        let format = output.format(term);
        let out = match format {
            OutputFormat::Csv => Out::Csv(Box::new(
                csv::WriterBuilder::new().buffer_capacity(BUFFER_BYTES).from_writer(out),
            )),
            _ => Out::Plain(io::BufWriter::with_capacity(BUFFER_BYTES, out)),
        };
        Lines {
            out,
            format,
            headers,
            term,
            csv_raw: output.csv_raw,
            // The CLI shows times in the machine's zone and knows campaigns by id only.
            context: Context::new(&Zone::Local, chrono::Utc::now()),
            rows: 0,
            table: Table::Fitting(Vec::new()),
            header_due: format == OutputFormat::Csv,
            closed: false,
            org: None,
        }
    }

    /// Counts the row about to be written; false once the reader has gone away.
    pub(super) fn begin(&mut self) -> bool {
        if self.closed {
            return false;
        }
        self.rows += 1;
        true
    }

    /// False once the reader has gone away: nothing more needs to be written.
    pub fn is_open(&self) -> bool {
        !self.closed
    }

    /// Whether an item's row is its columns' cells, and which columns: all of them for a
    /// table, those a spreadsheet gets for CSV and records; `None` for JSON.
    pub(super) fn cells_wanted(&self) -> Option<bool> {
        match self.format {
            OutputFormat::Table => Some(true),
            OutputFormat::Csv | OutputFormat::List => Some(false),
            OutputFormat::Json | OutputFormat::Jsonl => None,
        }
    }

    /// Writes one row counted by [`Lines::begin`].
    pub(super) fn row(&mut self, row: Row) -> Result<(), CliError> {
        match row {
            Row::Cells(cells) => match self.format {
                OutputFormat::Table => self.table_row(cells),
                OutputFormat::Csv => self.csv_row(cells),
                _ => self.record(&cells),
            },
            Row::Json(text) if self.term.stdout_tty => {
                let mut value: serde_json::Value =
                    serde_json::from_str(&text).map_err(encode_error)?;
                if let (Some(org), Some(object)) = (&self.org, value.as_object_mut()) {
                    object.insert("org".into(), org.as_str().into());
                }
                self.shown_json(value)
            }
            Row::Json(text) => {
                let text = self.with_org(text)?;
                if self.format == OutputFormat::Json {
                    self.array_separator()?;
                    self.write(text.as_bytes())
                } else {
                    self.write(text.as_bytes())?;
                    self.write(b"\n")
                }
            }
        }
    }

    /// Writes one row given as the server's JSON text (valid JSON, checked by the decoder):
    /// as that text when piped (JSON lines get it on one line), sanitised on a terminal.
    /// A format that needs the row's fields cannot take it.
    pub(super) fn sent_text(&mut self, json: &str) -> Result<(), CliError> {
        if self.cells_wanted().is_some() {
            return Err(CliError::failure(
                "A list as the server sent it cannot be written as a table or CSV.",
            )
            .with_hint("This is a bug in outreach; -o json lists it meanwhile."));
        }
        if !self.begin() {
            return Ok(());
        }
        match self.format {
            _ if self.term.stdout_tty => {
                let value = serde_json::from_str(json).map_err(encode_error)?;
                self.shown_json(value)
            }
            OutputFormat::Jsonl => {
                self.write(one_line(json).as_bytes())?;
                self.write(b"\n")
            }
            _ => {
                self.array_separator()?;
                self.write(json.as_bytes())
            }
        }
    }

    /// Writes the rows given as the server's JSON text, a batch at a time, as
    /// [`Lines::sent_text`] writes each. A piped JSON array, the usual case for a long
    /// list, is written a batch at a time: the texts come separated by commas already.
    pub(super) fn sent_all(&mut self, texts: Sent<'_>) -> Result<(), CliError> {
        let piped_array = self.format == OutputFormat::Json && !self.term.stdout_tty;
        let Out::Plain(out) = &mut self.out else { return self.sent_each(texts) };
        if !piped_array || self.closed {
            return self.sent_each(texts);
        }
        if texts.len() == 0 {
            return Ok(());
        }
        // The batch in one write: larger than the buffer, it goes out without a copy.
        let separator: &[u8] = if self.rows == 0 { b"[" } else { b"," };
        self.rows += texts.len();
        let written =
            out.write_all(separator).and_then(|()| out.write_all(texts.joined().as_bytes()));
        self.done(written)
    }

    /// Writes each row of a batch as [`Lines::sent_text`] does, until the reader goes away.
    fn sent_each(&mut self, texts: Sent<'_>) -> Result<(), CliError> {
        for json in texts {
            self.sent_text(json)?;
            if self.closed {
                break;
            }
        }
        Ok(())
    }

    /// A `field: value` block: a line per column a spreadsheet gets, the value as the
    /// table shows it, sanitised; then a blank line. Led by the organisation when the rows
    /// name theirs.
    fn record(&mut self, cells: &[Cell]) -> Result<(), CliError> {
        let fields = self.headers.iter().filter(|header| header.in_csv);
        let block =
            super::records::block(fields.map(|h| h.cli_header).zip(cells), self.context.zone);
        match &self.org {
            Some(org) => {
                let block = format!("org: {}\n{block}", sanitize(org));
                self.write(block.as_bytes())
            }
            None => self.write(block.as_bytes()),
        }
    }

    /// A row's compact JSON with the `org` field first, when the rows name their
    /// organisation; the rest as serde wrote it, in its order.
    fn with_org(&self, json: String) -> Result<String, CliError> {
        let Some(org) = &self.org else { return Ok(json) };
        let org = compact(org.as_str())?;
        Ok(match json.strip_prefix('{') {
            Some("}") => format!("{{\"org\":{org}}}"),
            Some(rest) => format!("{{\"org\":{org},{rest}"),
            None => json,
        })
    }

    /// A row of JSON for a terminal: sanitised, pretty in an array or compact on its line.
    fn shown_json(&mut self, value: serde_json::Value) -> Result<(), CliError> {
        let value = sanitize_json(value);
        if self.format == OutputFormat::Jsonl {
            let mut line = compact(&value)?;
            line.push('\n');
            return self.write(line.as_bytes());
        }
        let indented: Vec<String> =
            pretty(&value)?.lines().map(|line| format!("  {line}")).collect();
        let opening = if self.rows == 1 { "[\n" } else { ",\n" };
        self.write(format!("{opening}{}", indented.join("\n")).as_bytes())
    }

    /// The `[` before a piped array's first row, the `,` before each other.
    fn array_separator(&mut self) -> Result<(), CliError> {
        self.write(if self.rows == 1 { b"[" } else { b"," })
    }

    /// The CSV header row, once, before the first row.
    fn csv_header(&mut self) -> Result<(), CliError> {
        if !std::mem::take(&mut self.header_due) {
            return Ok(());
        }
        let result = match &mut self.out {
            Out::Csv(csv) => {
                let org = self.org.as_ref().map(|_| ORG_HEADER);
                let headers = self.headers.iter().filter(|c| c.in_csv).map(|c| c.cli_header);
                csv.write_record(org.into_iter().chain(headers))
            }
            Out::Plain(_) => Ok(()),
        };
        self.csv_done(result)
    }

    /// Ends a list whose reading failed: what was written goes out as it is (a JSON array
    /// stays open, so a list cut short never reads as whole) and, if any row was written,
    /// stderr says the output is incomplete and how many `what` (e.g. "contacts") it holds.
    pub fn abandon(mut self, what: &str) {
        let _ = match &mut self.out {
            Out::Plain(out) => out.flush(),
            Out::Csv(csv) => csv.flush(),
        };
        if self.rows > 0 {
            let noun = crate::text::count(self.rows, what.strip_suffix('s').unwrap_or(what), what);
            warn(
                self.term,
                &format!(
                    "the output is incomplete: {noun} {} written before the list failed",
                    crate::text::noun(self.rows, "was", "were")
                ),
            );
        }
    }

    /// Ends the list (the array's `]`, a table shorter than [`FITTED_ROWS`]) and flushes.
    pub fn finish(mut self) -> Result<(), CliError> {
        match self.format {
            OutputFormat::Json if self.rows == 0 => self.write(b"[]\n")?,
            OutputFormat::Json if self.term.stdout_tty => self.write(b"\n]\n")?,
            OutputFormat::Json => self.write(b"]\n")?,
            OutputFormat::Table => {
                if let Table::Fitting(rows) = &mut self.table {
                    let rows = std::mem::take(rows);
                    self.fit(&rows)?;
                }
            }
            OutputFormat::Csv => self.csv_header()?,
            OutputFormat::Jsonl | OutputFormat::List => {}
        }
        let flushed = match &mut self.out {
            Out::Plain(out) => out.flush(),
            Out::Csv(csv) => csv.flush(),
        };
        self.done(flushed)
    }

    fn table_row(&mut self, cells: Vec<Cell>) -> Result<(), CliError> {
        let zone = self.context.zone;
        let org = self.org.as_ref().map(|org| Shown::plain(sanitize(org)));
        let shown: Vec<Shown> =
            org.into_iter().chain(cells.iter().map(|c| c.shown(zone))).collect();
        match &mut self.table {
            Table::Fitting(rows) => {
                rows.push(shown);
                if rows.len() == FITTED_ROWS {
                    let rows = std::mem::take(rows);
                    self.fit(&rows)?;
                }
                Ok(())
            }
            Table::Fitted(table) => {
                let mut line = String::new();
                table.push_row(&mut line, &shown);
                self.write(line.as_bytes())
            }
        }
    }

    /// Fits the table's widths to `rows` and writes its header and those rows.
    fn fit(&mut self, rows: &[Vec<Shown>]) -> Result<(), CliError> {
        let org = self.org.as_ref().map(|_| TableColumn {
            header: ORG_HEADER.to_string(),
            align: Align::Left,
            limits: ORG_LIMITS,
        });
        let layout: Vec<TableColumn> = org
            .into_iter()
            .chain(self.headers.iter().map(|column| TableColumn {
                header: column.cli_header.to_string(),
                align: column.align,
                limits: column.limits,
            }))
            .collect();
        let width = self.term.width.unwrap_or(DEFAULT_WIDTH);
        let table = Fitted::new(layout, rows, width, self.term.color);
        let mut text = String::new();
        table.push_header(&mut text);
        for row in rows {
            table.push_row(&mut text, row);
        }
        self.table = Table::Fitted(table);
        self.write(text.as_bytes())
    }

    fn csv_row(&mut self, cells: Vec<Cell>) -> Result<(), CliError> {
        self.csv_header()?;
        let (tty, raw) = (self.term.stdout_tty, self.csv_raw);
        // A profile name is the user's own word, checked when it was read: no formula.
        let org = self.org.as_ref().map(|org| if tty { sanitize(org) } else { org.clone() });
        let cells = cells.iter().map(|cell| {
            let text = if tty { sanitize(&cell.csv()) } else { cell.csv() };
            if cell.is_text() && !raw { defuse_formula(text) } else { text }
        });
        let record: Vec<String> = org.into_iter().chain(cells).collect();
        let result = match &mut self.out {
            Out::Csv(csv) => csv.write_record(&record),
            Out::Plain(_) => Ok(()),
        };
        self.csv_done(result)
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), CliError> {
        let result = match &mut self.out {
            Out::Plain(out) => out.write_all(bytes),
            Out::Csv(_) => Ok(()),
        };
        self.done(result)
    }

    /// A closed pipe ends the output quietly: the reader has what it wanted.
    fn done(&mut self, result: io::Result<()>) -> Result<(), CliError> {
        match result {
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            Err(error) => Err(CliError::failure(format!("Could not write to stdout: {error}"))),
            Ok(()) => Ok(()),
        }
    }

    fn csv_done(&mut self, result: csv::Result<()>) -> Result<(), CliError> {
        match result {
            Ok(()) => Ok(()),
            Err(error) => match error.into_kind() {
                csv::ErrorKind::Io(error) => self.done(Err(error)),
                other => Err(CliError::failure(format!("Could not write CSV: {other:?}"))),
            },
        }
    }
}

fn encode_error(error: serde_json::Error) -> CliError {
    CliError::failure(format!("Could not encode the output as JSON: {error}"))
}

pub(super) fn compact<V: serde::Serialize + ?Sized>(value: &V) -> Result<String, CliError> {
    serde_json::to_string(value).map_err(encode_error)
}

fn pretty(value: &serde_json::Value) -> Result<String, CliError> {
    serde_json::to_string_pretty(value).map_err(encode_error)
}

/// `json` on one line, as JSON lines need it: the white space a server may put between
/// tokens is dropped, everything else (key order, number spelling, escapes) kept. Valid
/// JSON has no raw line break inside a string, so one anywhere is white space between tokens.
fn one_line(json: &str) -> Cow<'_, str> {
    if memchr::memchr2(b'\n', b'\r', json.as_bytes()).is_none() {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in json.chars() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
            out.push(c);
        } else if !matches!(c, ' ' | '\t' | '\n' | '\r') {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A text cell a spreadsheet would run as a formula gets a leading `'` (OWASP, "CSV
/// injection"); numbers the CLI wrote itself are left alone.
fn defuse_formula(text: String) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text }
}
