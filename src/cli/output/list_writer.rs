//! A list written row by row in the format asked for: a table, a JSON array, JSON lines,
//! CSV or `field: value` records. Nothing waits for the whole list, so a list still arriving streams through and is
//! never held. Rows that come as the server's own JSON text ([`ListWriter::sent`],
//! from [`Client::stream_contacts_as_sent`]) are written as that text when the output is
//! piped: validated, not rebuilt.
//!
//! Server text is untrusted: tables always show it sanitised, and JSON and CSV are
//! sanitised too when they go straight to a terminal (piped output stays faithful).
//!
//! A list already fetched is printed through it with [`print_list`] or [`print_listed`].
//!
//! [`Client::stream_contacts_as_sent`]: crate::api::Client::stream_contacts_as_sent

use crate::api::Listed;
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::format::{OutputArgs, OutputFormat, sanitize_json};
use crate::cli::output::records;
use crate::cli::output::streams::{stdout, warn, warn_skipped};
use crate::cli::output::table::{Fitted, TableColumn};
use crate::cli::output::terminal::Term;
use crate::clock::Zone;
use crate::config::Graph;
use crate::present::column::Align;
use crate::present::fit::Limits;
use crate::present::{Column, Context, Shown, columns};
use crate::results::Trends;
use crate::text::sanitize;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::borrow::Cow;
use std::io::{self, Write};

/// The width of a table off a terminal when `COLUMNS` does not say: no line is padded to
/// the widest cell of a long list.
const DEFAULT_WIDTH: usize = 80;

/// A table's widths are fitted to this many rows; later rows are laid out in those widths
/// (a wider cell is cut with `…`). A shorter list is fitted to all of its rows.
const FITTED_ROWS: usize = 1000;

/// Where the rows go: straight to the output, or through the CSV encoder.
enum Out<W: Write> {
    Plain(W),
    Csv(Box<csv::Writer<W>>),
}

/// A table waiting for enough rows to fit its widths, then streaming.
enum Table {
    Fitting(Vec<Vec<Shown>>),
    Fitted(Fitted),
}

/// Writes one list to `W` row by row.
pub struct ListWriter<'a, T, W: Write> {
    out: Out<W>,
    format: OutputFormat,
    columns: &'a [Column<T>],
    term: &'a Term,
    csv_raw: bool,
    context: Context<'a>,
    rows: usize,
    table: Table,
    /// CSV: the header row is written with the first row (or at the end of an empty list),
    /// so a list that fails before any row arrives leaves stdout empty.
    header_due: bool,
    /// The reader went away (`| head`): the rest is not written, and that is no error.
    closed: bool,
    /// Rows of several organisations: each starts with the profile it came from (an ORG
    /// column, an `org` field), given with [`ListWriter::row_in`].
    org: Option<String>,
}

/// The leading column of a list that merges organisations: the profile's name.
const ORG_HEADER: &str = "ORG";
const ORG_LIMITS: Limits = Limits { min: 12, max: 32, drop: 0 };

impl<'a, T: Serialize, W: Write> ListWriter<'a, T, W> {
    /// A writer of rows with `columns` (for tables and CSV) in the format `output` asks
    /// for, or the default for where stdout goes.
    pub fn new(
        out: W,
        columns: &'a [Column<T>],
        output: &OutputArgs,
        term: &'a Term,
    ) -> Result<Self, CliError> {
        let format = output.format(term);
        let out = match format {
            OutputFormat::Csv => Out::Csv(Box::new(csv::Writer::from_writer(out))),
            _ => Out::Plain(out),
        };
        Ok(ListWriter {
            out,
            format,
            columns,
            term,
            csv_raw: output.csv_raw,
            // The CLI shows times in the machine's zone and knows campaigns by id only.
            context: Context::new(&Zone::Local, chrono::Utc::now()),
            rows: 0,
            table: Table::Fitting(Vec::new()),
            header_due: format == OutputFormat::Csv,
            closed: false,
            org: None,
        })
    }

    /// Cells that draw trends draw these, in this style.
    pub fn with_trends(mut self, trends: Option<&'a Trends>, graph: Graph) -> Self {
        self.context.trends = trends;
        self.context.graph = graph;
        self
    }

    /// A writer whose rows each name their organisation ([`ListWriter::row_in`]).
    pub fn with_org_column(mut self) -> Self {
        self.org = Some(String::new());
        self
    }

    /// Writes one row of the organisation of profile `org`, in a writer made
    /// [`ListWriter::with_org_column`].
    pub fn row_in(&mut self, org: &str, item: &T) -> Result<(), CliError> {
        if let Some(current) = &mut self.org {
            current.clear();
            current.push_str(org);
        }
        self.row(item)
    }

    /// The CSV header row, once, before the first row.
    fn csv_header(&mut self) -> Result<(), CliError> {
        if !std::mem::take(&mut self.header_due) {
            return Ok(());
        }
        let result = match &mut self.out {
            Out::Csv(csv) => {
                let org = self.org.as_ref().map(|_| ORG_HEADER);
                let headers = self.columns.iter().filter(|c| c.in_csv).map(|c| c.cli_header);
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

    /// False once the reader has gone away: nothing more needs to be written.
    pub fn is_open(&self) -> bool {
        !self.closed
    }

    /// Whether rows given as the server's JSON text ([`ListWriter::sent`]) are written as
    /// that text: true for JSON and JSON lines, whose cost then tracks the transfer.
    pub fn takes_text(&self) -> bool {
        matches!(self.format, OutputFormat::Json | OutputFormat::Jsonl)
    }

    /// Writes one row: `item`.
    pub fn row(&mut self, item: &T) -> Result<(), CliError> {
        if self.closed {
            return Ok(());
        }
        self.rows += 1;
        match self.format {
            OutputFormat::Table => self.table_row(item),
            OutputFormat::Csv => self.csv_row(item),
            OutputFormat::List => {
                let block = records::block(self.columns, item, &self.context);
                match &self.org {
                    Some(org) => {
                        let block = format!("org: {}\n{block}", sanitize(org));
                        self.write(block.as_bytes())
                    }
                    None => self.write(block.as_bytes()),
                }
            }
            OutputFormat::Json | OutputFormat::Jsonl if self.term.stdout_tty => {
                let mut value = serde_json::to_value(item).map_err(encode_error)?;
                if let (Some(org), Some(object)) = (&self.org, value.as_object_mut()) {
                    object.insert("org".into(), org.as_str().into());
                }
                self.shown_json(value)
            }
            OutputFormat::Json => {
                self.array_separator()?;
                let text = self.with_org(compact(item)?)?;
                self.write(text.as_bytes())
            }
            OutputFormat::Jsonl => {
                let text = self.with_org(compact(item)?)?;
                self.write(text.as_bytes())?;
                self.write(b"\n")
            }
        }
    }

    /// Writes one row given as the server's JSON text (valid JSON, checked by the decoder):
    /// as that text when piped (JSON lines get it on one line), sanitised on a terminal. A
    /// table or CSV reads it as a `T`.
    pub fn sent(&mut self, json: &str) -> Result<(), CliError>
    where
        T: DeserializeOwned,
    {
        if self.closed {
            return Ok(());
        }
        match self.format {
            OutputFormat::Table | OutputFormat::Csv | OutputFormat::List => {
                let item: T = serde_json::from_str(json).map_err(encode_error)?;
                return self.row(&item);
            }
            _ => self.rows += 1,
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

    fn table_row(&mut self, item: &T) -> Result<(), CliError> {
        let mut shown = columns::shown(self.columns, item, &self.context);
        if let Some(org) = &self.org {
            shown.insert(0, Shown::plain(sanitize(org)));
        }
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
            .chain(self.columns.iter().map(|column| TableColumn {
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

    fn csv_row(&mut self, item: &T) -> Result<(), CliError> {
        self.csv_header()?;
        let (tty, raw) = (self.term.stdout_tty, self.csv_raw);
        // A profile name is the user's own word, checked when it was read: no formula.
        let org = self.org.as_ref().map(|org| if tty { sanitize(org) } else { org.clone() });
        let cells = self.columns.iter().filter(|column| column.in_csv).map(|column| {
            let cell = (column.cell)(item, &self.context);
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

fn compact<V: Serialize + ?Sized>(value: &V) -> Result<String, CliError> {
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
    print_rows(items, columns, output, term)
}

/// Prints rows in the order given (a sorted list), as [`print_list`] does.
pub fn print_rows<'a, T: Serialize + 'a>(
    items: impl IntoIterator<Item = &'a T>,
    columns: &[Column<T>],
    output: &OutputArgs,
    term: &Term,
) -> Result<(), CliError> {
    print_trended_rows(items, columns, output, term, None)
}

/// Prints rows as [`print_rows`] does, with the trends their trend cells draw.
pub fn print_trended_rows<'a, T: Serialize + 'a>(
    items: impl IntoIterator<Item = &'a T>,
    columns: &[Column<T>],
    output: &OutputArgs,
    term: &Term,
    trends: Option<&Trends>,
) -> Result<(), CliError> {
    let graph =
        trends.map_or_else(Graph::default, |_| crate::config::load_lenient().config.ui.graph);
    let mut writer = ListWriter::new(stdout(), columns, output, term)?.with_trends(trends, graph);
    for item in items {
        writer.row(item)?;
        if !writer.is_open() {
            break;
        }
    }
    writer.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::output::terminal::piped;

    #[derive(Serialize, serde::Deserialize)]
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

    /// What the writer makes of `rows` (each with its JSON as sent, if given).
    fn written(
        rows: &[(Row, Option<&str>)],
        format: OutputFormat,
        term: &Term,
        raw: bool,
    ) -> String {
        let output = OutputArgs { output: Some(format), csv_raw: raw };
        let columns = columns();
        let mut out = Vec::new();
        let mut writer = ListWriter::new(&mut out, &columns, &output, term).unwrap();
        for (row, sent) in rows {
            match sent {
                Some(json) => writer.sent(json).unwrap(),
                None => writer.row(row).unwrap(),
            }
        }
        writer.finish().unwrap();
        String::from_utf8(out).unwrap()
    }

    fn row(id: i64, name: &str) -> (Row, Option<&'static str>) {
        (Row { id, name: name.into() }, None)
    }

    #[test]
    fn a_list_is_field_value_lines_with_a_blank_line_after_each_record() {
        let rows = [row(1, "Ann Lee"), row(22, "Bo\u{1b}[31m Berg")];
        assert_eq!(
            written(&rows, OutputFormat::List, &piped(), false),
            "id: 1\nname: Ann Lee\n\nid: 22\nname: Bo Berg\n\n"
        );
        assert_eq!(written(&[], OutputFormat::List, &piped(), false), "");
    }

    #[test]
    fn tables_sanitise_but_piped_json_and_csv_stay_faithful() {
        let rows = [row(1, "Ann\u{1b}[31m,\"x\"")];
        let table = written(&rows, OutputFormat::Table, &piped(), false);
        assert!(!table.contains('\u{1b}'), "{table:?}");
        let json = written(&rows, OutputFormat::Json, &piped(), false);
        assert_eq!(json, "[{\"id\":1,\"name\":\"Ann\\u001b[31m,\\\"x\\\"\"}]\n");
        let csv = written(&rows, OutputFormat::Csv, &piped(), false);
        assert_eq!(csv, "ID,NAME\n1,\"Ann\u{1b}[31m,\"\"x\"\"\"\n");
    }

    #[test]
    fn on_a_terminal_json_and_csv_are_sanitised_too() {
        let term = Term { stdout_tty: true, ..piped() };
        let rows = [row(1, "Ann\u{202e}Lee\u{9b}")];
        assert!(written(&rows, OutputFormat::Json, &term, false).contains("\"AnnLee\""));
        assert!(written(&rows, OutputFormat::Jsonl, &term, false).contains("\"AnnLee\""));
        assert!(written(&rows, OutputFormat::Csv, &term, false).contains("1,AnnLee"));
        let sent =
            [(Row { id: 1, name: "x".into() }, Some("{\"id\":1,\"name\":\"Ann\\u202eLee\"}"))];
        assert!(written(&sent, OutputFormat::Json, &term, false).contains("\"AnnLee\""));
    }

    #[test]
    fn on_a_terminal_json_is_one_pretty_array() {
        let term = Term { stdout_tty: true, ..piped() };
        let rows = [row(1, "a"), row(2, "b")];
        let expected = serde_json::to_string_pretty(&serde_json::json!([
            {"id": 1, "name": "a"}, {"id": 2, "name": "b"}
        ]))
        .unwrap();
        assert_eq!(written(&rows, OutputFormat::Json, &term, false), format!("{expected}\n"));
        assert_eq!(written(&[], OutputFormat::Json, &term, false), "[]\n");
        assert_eq!(written(&[], OutputFormat::Json, &piped(), false), "[]\n");
    }

    #[test]
    fn csv_cells_a_spreadsheet_would_run_get_a_quote_unless_raw() {
        let rows: Vec<(Row, Option<&str>)> =
            ["=1+1", "+49 30", "-x", "@SUM(A1)", "\tx", "\rx", "plain", "a=b"]
                .iter()
                .map(|name| row(-3, name))
                .collect();
        let csv = written(&rows, OutputFormat::Csv, &piped(), false);
        let names: Vec<String> = csv::Reader::from_reader(csv.as_bytes())
            .records()
            .map(|r| r.unwrap()[1].to_string())
            .collect();
        assert_eq!(names, ["'=1+1", "'+49 30", "'-x", "'@SUM(A1)", "'\tx", "'\rx", "plain", "a=b"]);
        assert!(csv.contains("\n-3,"), "numbers stay numbers: {csv}");
        let raw = written(&rows, OutputFormat::Csv, &piped(), true);
        assert!(raw.contains("\n-3,=1+1\n"), "{raw}");
    }

    #[test]
    fn csv_writes_its_header_with_the_first_row_or_at_the_end() {
        assert_eq!(written(&[], OutputFormat::Csv, &piped(), false), "ID,NAME\n");
        let output = OutputArgs { output: Some(OutputFormat::Csv), csv_raw: false };
        let (columns, term) = (columns(), piped());
        let mut out = Vec::new();
        ListWriter::<Row, _>::new(&mut out, &columns, &output, &term).unwrap().abandon("rows");
        assert!(out.is_empty(), "a list that failed before any row writes nothing");
    }

    /// What the writer makes of rows of two organisations.
    fn written_in(format: OutputFormat, term: &Term) -> String {
        let output = OutputArgs { output: Some(format), csv_raw: false };
        let columns = columns();
        let mut out = Vec::new();
        let mut writer =
            ListWriter::new(&mut out, &columns, &output, term).unwrap().with_org_column();
        writer.row_in("acme", &Row { id: 1, name: "a".into() }).unwrap();
        writer.row_in("globex", &Row { id: 2, name: "=b".into() }).unwrap();
        writer.finish().unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn rows_of_several_organisations_lead_with_their_profile_in_every_format() {
        let term = piped();
        assert_eq!(
            written_in(OutputFormat::Json, &term),
            "[{\"org\":\"acme\",\"id\":1,\"name\":\"a\"},{\"org\":\"globex\",\"id\":2,\"name\":\"=b\"}]\n"
        );
        assert_eq!(
            written_in(OutputFormat::Jsonl, &term),
            "{\"org\":\"acme\",\"id\":1,\"name\":\"a\"}\n{\"org\":\"globex\",\"id\":2,\"name\":\"=b\"}\n"
        );
        assert_eq!(written_in(OutputFormat::Csv, &term), "ORG,ID,NAME\nacme,1,a\nglobex,2,'=b\n");
        assert_eq!(
            written_in(OutputFormat::List, &term),
            "org: acme\nid: 1\nname: a\n\norg: globex\nid: 2\nname: =b\n\n"
        );
        let table = written_in(OutputFormat::Table, &term);
        let lines: Vec<&str> = table.lines().map(str::trim_end).collect();
        assert_eq!(lines, ["ORG     ID  NAME", "acme    1   a", "globex  2   =b"]);
        let shown = written_in(OutputFormat::Json, &Term { stdout_tty: true, ..piped() });
        let value: serde_json::Value = serde_json::from_str(&shown).unwrap();
        assert_eq!(value[1]["org"], "globex");
    }

    #[test]
    fn json_lines_are_one_object_per_line() {
        let rows = [row(1, "a"), row(2, "b")];
        assert_eq!(
            written(&rows, OutputFormat::Jsonl, &piped(), false),
            "{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"name\":\"b\"}\n"
        );
    }

    #[test]
    fn piped_json_passes_the_servers_text_through_and_lines_stay_lines() {
        let sent = "{\n  \"name\": \"a \\\" b\\n\",\n  \"id\": 1, \"x\": 1.50\n}";
        let rows = [(Row { id: 1, name: "ignored".into() }, Some(sent))];
        assert_eq!(written(&rows, OutputFormat::Json, &piped(), false), format!("[{sent}]\n"));
        assert_eq!(
            written(&rows, OutputFormat::Jsonl, &piped(), false),
            "{\"name\":\"a \\\" b\\n\",\"id\":1,\"x\":1.50}\n"
        );
    }

    #[test]
    fn a_long_table_keeps_the_widths_of_its_first_rows_and_cuts_later_cells() {
        let mut rows: Vec<(Row, Option<&str>)> =
            (0..FITTED_ROWS as i64).map(|i| row(i, "Bo")).collect();
        rows.push(row(7, "Annabelle Leeward"));
        let table = written(&rows, OutputFormat::Table, &piped(), false);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), FITTED_ROWS + 2);
        assert_eq!(lines[0], "ID   NAME");
        assert_eq!(*lines.last().unwrap(), "7    Ann…");
    }

    #[test]
    fn a_closed_pipe_ends_the_output_quietly() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let output = OutputArgs { output: Some(OutputFormat::Jsonl), csv_raw: false };
        let (columns, term) = (columns(), piped());
        let mut writer = ListWriter::new(Closed, &columns, &output, &term).unwrap();
        writer.row(&Row { id: 1, name: "a".into() }).unwrap();
        assert!(!writer.is_open());
        writer.finish().unwrap();
    }
}
