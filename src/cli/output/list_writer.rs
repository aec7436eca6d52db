//! A list written row by row in the format asked for: a table, a JSON array, JSON lines,
//! CSV or `field: value` records. Nothing waits for the whole list, so a list still arriving streams through and is
//! never held. Rows that come as the server's own JSON text ([`ListWriter::sent`],
//! from [`Client::stream_contacts_as_sent`]) are written as that text when the output is
//! piped: validated, not rebuilt.
//!
//! Only the rendering of an item (its cells, its JSON) is of its type; the writing is
//! [`Lines`]', one copy for every kind of item.
//!
//! A list already fetched is printed through it with [`print_list`] or [`print_listed`].
//!
//! [`Client::stream_contacts_as_sent`]: crate::api::Client::stream_contacts_as_sent

use crate::api::{Listed, Sent};
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::format::OutputArgs;
use crate::cli::output::lines::{Header, Lines, Row, compact};
use crate::cli::output::streams::{stdout, warn_skipped};
use crate::cli::output::terminal::Term;
use crate::config::Graph;
use crate::present::Column;
use crate::results::Trends;
use serde::Serialize;
use std::io::Write;

/// Writes one list of `T` row by row.
pub struct ListWriter<'a, T> {
    lines: Lines<'a>,
    columns: &'a [Column<T>],
}

impl<'a, T: Serialize> ListWriter<'a, T> {
    /// A writer of rows with `columns` (for tables and CSV) in the format `output` asks
    /// for, or the default for where stdout goes.
    pub fn new(
        out: impl Write + 'a,
        columns: &'a [Column<T>],
        output: &OutputArgs,
        term: &'a Term,
    ) -> Result<Self, CliError> {
        let headers = columns
            .iter()
            .map(|column| Header {
                cli_header: column.cli_header,
                align: column.align,
                limits: column.limits,
                in_csv: column.in_csv,
            })
            .collect();
        Ok(ListWriter { lines: Lines::new(Box::new(out), headers, output, term), columns })
    }

    /// Cells that draw trends draw these, in this style.
    pub fn with_trends(mut self, trends: Option<&'a Trends>, graph: Graph) -> Self {
        self.lines.context.trends = trends;
        self.lines.context.graph = graph;
        self
    }

    /// A writer whose rows each name their organisation ([`ListWriter::row_in`]).
    pub fn with_org_column(mut self) -> Self {
        self.lines.org = Some(String::new());
        self
    }

    /// Writes one row of the organisation of profile `org`, in a writer made
    /// [`ListWriter::with_org_column`].
    pub fn row_in(&mut self, org: &str, item: &T) -> Result<(), CliError> {
        if let Some(current) = &mut self.lines.org {
            current.clear();
            current.push_str(org);
        }
        self.row(item)
    }

    /// Ends a list whose reading failed: what was written goes out as it is (a JSON array
    /// stays open, so a list cut short never reads as whole) and, if any row was written,
    /// stderr says the output is incomplete and how many `what` (e.g. "contacts") it holds.
    pub fn abandon(self, what: &str) {
        self.lines.abandon(what);
    }

    /// False once the reader has gone away: nothing more needs to be written.
    pub fn is_open(&self) -> bool {
        self.lines.is_open()
    }

    /// Whether rows given as the server's JSON text ([`ListWriter::sent`]) are written as
    /// that text: true for JSON and JSON lines, whose cost then tracks the transfer.
    pub fn takes_text(&self) -> bool {
        self.lines.cells_wanted().is_none()
    }

    /// Writes one row: `item`.
    pub fn row(&mut self, item: &T) -> Result<(), CliError> {
        if !self.lines.begin() {
            return Ok(());
        }
        let row = match self.lines.cells_wanted() {
            Some(every) => Row::Cells(
                self.columns
                    .iter()
                    .filter(|column| every || column.in_csv)
                    .map(|column| (column.cell)(item, &self.lines.context))
                    .collect(),
            ),
            None => Row::Json(compact(item)?),
        };
        self.lines.row(row)
    }

    /// Writes one row given as the server's JSON text (valid JSON, checked by the decoder):
    /// as that text when piped (JSON lines get it on one line), sanitised on a terminal.
    /// Only for a writer that [`ListWriter::takes_text`]: a table or CSV is given typed
    /// rows ([`ListWriter::row`]), so no list's reading carries a decoder of its own here.
    pub fn sent(&mut self, json: &str) -> Result<(), CliError> {
        self.lines.sent_text(json)
    }

    /// Writes the rows of a batch given as the server's JSON text, as [`ListWriter::sent`]
    /// writes each; a piped JSON array in one loop.
    pub fn sent_all(&mut self, texts: Sent<'_>) -> Result<(), CliError> {
        self.lines.sent_all(texts)
    }

    /// Ends the list (the array's `]`, a table shorter than the rows its widths are fitted
    /// to) and flushes.
    pub fn finish(self) -> Result<(), CliError> {
        self.lines.finish()
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
    use crate::api::as_sent::SentTexts;
    use crate::cli::output::format::OutputFormat;
    use crate::cli::output::terminal::piped;
    use std::io;

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
        ListWriter::<Row>::new(&mut out, &columns, &output, &term).unwrap().abandon("rows");
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
    fn the_servers_text_goes_only_to_json_a_table_is_given_typed_rows() {
        let output = OutputArgs { output: Some(OutputFormat::Csv), csv_raw: false };
        let (columns, term) = (columns(), piped());
        let mut out = Vec::new();
        let mut writer = ListWriter::new(&mut out, &columns, &output, &term).unwrap();
        let refused = writer.sent("{\"id\":1,\"name\":\"a\"}").unwrap_err();
        assert!(refused.message.contains("cannot be written as a table or CSV"), "{refused:?}");
        writer.row(&Row { id: 1, name: "a".into() }).unwrap();
        writer.finish().unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "ID,NAME\n1,a\n");
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
            (0..crate::cli::output::lines::FITTED_ROWS as i64).map(|i| row(i, "Bo")).collect();
        rows.push(row(7, "Annabelle Leeward"));
        let table = written(&rows, OutputFormat::Table, &piped(), false);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), crate::cli::output::lines::FITTED_ROWS + 2);
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
        for format in [OutputFormat::Jsonl, OutputFormat::Json] {
            let output = OutputArgs { output: Some(format), csv_raw: false };
            let (columns, term) = (columns(), piped());
            let mut writer = ListWriter::new(Closed, &columns, &output, &term).unwrap();
            // Rows are gathered into a pipe's worth before a write finds the pipe closed.
            let written = (1..100_000)
                .take_while(|&id| {
                    let mut texts = SentTexts::default();
                    texts.push_text(&format!("{{\"id\":{id},\"name\":\"a\"}}"));
                    writer.sent_all(texts.drain()).unwrap();
                    writer.row(&Row { id, name: "a".into() }).unwrap();
                    writer.is_open()
                })
                .count();
            assert!(written < 5_000, "{format:?}: the writing stopped at {written}");
            writer.finish().unwrap();
        }
    }

    /// What the writer makes of `texts` given in batches of `size`, or each alone (0).
    fn written_in_batches(
        texts: &[&str],
        size: usize,
        format: OutputFormat,
        term: &Term,
    ) -> String {
        let output = OutputArgs { output: Some(format), csv_raw: false };
        let columns = columns();
        let mut out = Vec::new();
        let mut writer = ListWriter::new(&mut out, &columns, &output, term).unwrap();
        if size == 0 {
            texts.iter().for_each(|text| writer.sent(text).unwrap());
        }
        for batch in texts.chunks(size.max(1)).filter(|_| size > 0) {
            let mut kept = SentTexts::default();
            batch.iter().for_each(|text| kept.push_text(text));
            writer.sent_all(kept.drain()).unwrap();
        }
        writer.finish().unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn texts_in_batches_are_written_as_each_one_alone() {
        let texts = ["{\"id\":1}", "{\n \"id\": 2,\n \"name\": \"B\\u202eo\"}", "{\"id\":3}"];
        for term in [piped(), Term { stdout_tty: true, ..piped() }] {
            for format in [OutputFormat::Json, OutputFormat::Jsonl] {
                let one_by_one = written_in_batches(&texts, 0, format, &term);
                for size in 1..=texts.len() {
                    let batched = written_in_batches(&texts, size, format, &term);
                    assert_eq!(batched, one_by_one, "{format:?} in batches of {size}");
                }
            }
        }
        assert_eq!(
            written_in_batches(&texts, 3, OutputFormat::Json, &piped()),
            format!("[{}]\n", texts.join(","))
        );
        assert_eq!(written_in_batches(&[], 3, OutputFormat::Json, &piped()), "[]\n");
    }
}
