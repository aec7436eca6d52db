//! One column of a list: its headers, width limits, drop priority, and how an item becomes
//! a cell with a tone. Each column is defined once (`super::columns`); the dashboard and
//! the CLI each list the columns they show, in their order.

use super::fit::Content;
use super::fit::Limits;
use super::tone::Tone;
use crate::api::Timestamp;
use crate::api::time::UNREAD_MARK;
use crate::clock::Zone;
use crate::inbox::Facts;
use crate::text::sanitize;
use chrono::{DateTime, Utc};

/// How a column's text sits in its width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A cell's value, shown per surface (a local time to the minute in tables and on screen,
/// RFC 3339 in CSV).
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// Text as the server sent it; sanitised wherever it is shown.
    Text(String),
    Int(i64),
    OptInt(Option<i64>),
    /// "yes"/"no" to read, true/false in CSV.
    Flag(bool),
    Time(Option<Timestamp>),
    /// A time the server sent that does not read as one: its text, shown marked
    /// ([`UNREAD_MARK`]) so it is neither lost nor taken for a time.
    Unread(String),
    /// Pieces with their own tones (a row of health checks).
    Parts(Vec<(String, Tone)>),
}

/// A cell ready to draw: sanitised toned pieces, and a short label for a narrow column.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Shown {
    pub parts: Vec<(String, Tone)>,
    pub short: Option<&'static str>,
    /// Drawn bold where the surface can (a reply not seen yet).
    pub strong: bool,
}

impl Shown {
    /// One piece of plain text (a table's header).
    pub(crate) fn plain(text: impl Into<String>) -> Self {
        Shown { parts: vec![(text.into(), Tone::Plain)], short: None, strong: false }
    }

    /// Its width in terminal cells.
    pub(crate) fn width(&self) -> usize {
        self.parts.iter().map(|(text, _)| super::width::display_width(text)).sum()
    }

    /// Its pieces fitted to `width` cells (short label, else cut with `…`).
    pub(crate) fn fitted(&self, width: usize) -> Vec<(String, Tone)> {
        super::width::fit_cell(&self.parts, self.short, width)
    }

    /// How wide a column with this header and these cells wants to be: its widest cell as
    /// a whole, and at its shortest readable form (a short label, where a cell has one).
    pub(crate) fn content<'a>(header: &str, cells: impl Iterator<Item = &'a Shown>) -> Content {
        let header = Content::plain(super::width::display_width(header));
        cells.fold(header, |widths, cell| {
            let whole = cell.width();
            let short = cell.short.map_or(whole, |s| super::width::display_width(s).min(whole));
            Content { widest: widths.widest.max(whole), readable: widths.readable.max(short) }
        })
    }
}

/// One cell: its value, its tone, and a shorter label for narrow columns.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    pub value: Value,
    pub tone: Tone,
    /// Shown instead of the full text when that does not fit, before any cutting: short
    /// labels stay distinct where cut ones would not (PROVISIONI… vs PROVISIONI…).
    pub short: Option<&'static str>,
}

impl Cell {
    pub(crate) fn new(value: Value) -> Self {
        Cell { value, tone: Tone::Plain, short: None }
    }

    pub(crate) fn text(text: impl Into<String>) -> Self {
        Cell::new(Value::Text(text.into()))
    }

    /// A time cell: the time, or the text sent for it when that is no time (marked, in the
    /// warning tone); empty when nothing was sent.
    pub(crate) fn time(at: Option<Timestamp>, sent: Option<&str>) -> Self {
        match (at, sent) {
            (None, Some(sent)) => Cell::new(Value::Unread(sent.to_string())).tone(Tone::Warn),
            _ => Cell::new(Value::Time(at)),
        }
    }

    /// The cell in `tone`; a time that could not be read keeps its warning tone.
    pub(crate) fn tone(mut self, tone: Tone) -> Self {
        if !matches!(self.value, Value::Unread(_)) {
            self.tone = tone;
        }
        self
    }

    pub(crate) fn short(mut self, short: &'static str) -> Self {
        self.short = Some(short);
        self
    }

    /// The cell ready to draw: sanitised pieces with their tones, and its short label.
    pub(crate) fn shown(&self, zone: &Zone) -> Shown {
        let parts = match &self.value {
            Value::Parts(parts) => {
                parts.iter().map(|(text, tone)| (sanitize(text), *tone)).collect()
            }
            _ => vec![(self.plain(zone), self.tone)],
        };
        Shown { parts, short: self.short, strong: false }
    }

    /// The text shown, sanitised, in one piece (the filter searches this).
    pub(crate) fn plain(&self, zone: &Zone) -> String {
        match &self.value {
            Value::Text(text) => sanitize(text),
            Value::Int(n) => n.to_string(),
            Value::OptInt(n) => n.map(|n| n.to_string()).unwrap_or_default(),
            Value::Flag(flag) => if *flag { "yes" } else { "no" }.to_string(),
            Value::Time(time) => time.map(|t| zone.date_time(t.0)).unwrap_or_default(),
            Value::Unread(text) => format!("{UNREAD_MARK}{}", sanitize(text)),
            Value::Parts(parts) => {
                sanitize(&parts.iter().map(|(text, _)| text.as_str()).collect::<String>())
            }
        }
    }

    /// The text shown, taking the cell: printable ASCII text (nearly every cell) is kept
    /// as it is, without a second copy — the filter's text of 100k rows is built this way.
    pub(crate) fn into_plain(self, zone: &Zone) -> String {
        match self.value {
            Value::Text(text) if text.bytes().all(|b| (b' '..=b'~').contains(&b)) => text,
            _ => self.plain(zone),
        }
    }

    /// The value for CSV, as the server sent it (the CSV writer decides about sanitising).
    pub(crate) fn csv(&self) -> String {
        match &self.value {
            Value::Text(text) => text.clone(),
            Value::Int(n) => n.to_string(),
            Value::OptInt(n) => n.map(|n| n.to_string()).unwrap_or_default(),
            Value::Flag(flag) => flag.to_string(),
            Value::Time(time) => time.map(|t| t.0.to_rfc3339()).unwrap_or_default(),
            Value::Unread(text) => text.clone(),
            Value::Parts(parts) => parts.iter().map(|(text, _)| text.as_str()).collect(),
        }
    }

    /// Whether the value is text from the server (which a spreadsheet might run).
    pub(crate) fn is_text(&self) -> bool {
        matches!(self.value, Value::Text(_) | Value::Unread(_) | Value::Parts(_))
    }
}

/// Campaign names by id, for lists that show a campaign by name.
pub trait CampaignNames {
    fn campaign_name(&self, id: i64) -> Option<&str>;
}

/// Knows no campaign names (the CLI shows campaign ids).
impl CampaignNames for () {
    fn campaign_name(&self, _: i64) -> Option<&str> {
        None
    }
}

/// What a cell may need beyond its item: the user's zone, the time now (the dashboard's
/// clock, so tests can fix it), campaign names, the results of the chosen range, the
/// fortnight's trends and how to draw them, and what the inbox knows of exchanges.
pub struct Context<'a> {
    pub zone: &'a Zone,
    pub now: DateTime<Utc>,
    pub campaigns: &'a dyn CampaignNames,
    /// `None` where results are not loaded (their cells are empty).
    pub results: Option<&'a crate::results::Results>,
    /// Replies per day over the last fortnight, where counted (an empty cell elsewhere).
    pub trends: Option<&'a crate::results::Trends>,
    /// How sparklines are drawn (`[ui] graph`).
    pub graph: super::graph::Graph,
    pub inbox: &'a dyn Facts,
}

impl<'a> Context<'a> {
    /// A context that knows no campaign names and nothing of the inbox.
    pub(crate) fn new(zone: &'a Zone, now: DateTime<Utc>) -> Self {
        Context {
            zone,
            now,
            campaigns: &(),
            results: None,
            trends: None,
            graph: super::graph::Graph::default(),
            inbox: &(),
        }
    }
}

/// One column of a list of `T`.
pub struct Column<T> {
    /// As on screen: "E-mail".
    pub header: &'static str,
    /// In the CLI's table and CSV header: "EMAIL".
    pub cli_header: &'static str,
    pub limits: Limits,
    pub align: Align,
    /// False for what adds nothing to a spreadsheet (a marker repeating another column).
    pub in_csv: bool,
    pub cell: fn(&T, &Context) -> Cell,
    /// What the column sorts by where its cell's value would sort wrongly (an age shown as
    /// `3d` sorts by its time); `None`: the cell's value ([`Cell::sort_key`]).
    pub sort: Option<fn(&T, &Context) -> super::sort_key::SortKey>,
    /// Whether the column is shown in this context (a team's column only with a team).
    pub shown: fn(&Context) -> bool,
}

impl<T> Column<T> {
    /// A column shown everywhere, never left out, at least `min` and at most `max` wide.
    pub(crate) fn new(
        header: &'static str,
        cli_header: &'static str,
        (min, max): (usize, usize),
        cell: fn(&T, &Context) -> Cell,
    ) -> Self {
        Column {
            header,
            cli_header,
            limits: Limits { min, max, drop: 0 },
            align: Align::Left,
            in_csv: true,
            cell,
            sort: None,
            shown: |_| true,
        }
    }

    /// Shown only where `shown` says so.
    pub(crate) fn only_when(mut self, shown: fn(&Context) -> bool) -> Self {
        self.shown = shown;
        self
    }

    /// Left out when narrow; higher `rank` goes first.
    pub(crate) fn drop(mut self, rank: u8) -> Self {
        self.limits.drop = rank;
        self
    }

    /// Sorted by `key` rather than by its cell's value.
    pub(crate) fn sort_by(mut self, key: fn(&T, &Context) -> super::sort_key::SortKey) -> Self {
        self.sort = Some(key);
        self
    }

    /// Left out of CSV.
    pub(crate) fn not_in_csv(mut self) -> Self {
        self.in_csv = false;
        self
    }

    pub(crate) fn right(mut self) -> Self {
        self.align = Align::Right;
        self
    }
}

/// Width that never limits a column: its content decides (ids, numbers, dates).
pub(crate) const ANY: usize = usize::MAX;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_reads_the_same_taken_or_borrowed_and_is_sanitised() {
        let zone = Zone::named("Europe/London").unwrap();
        for text in ["Ann Lee", "Ann\u{1b}[31m Lee\u{202e}", "Zoë 李", ""] {
            let cell = Cell::text(text);
            assert_eq!(cell.plain(&zone), sanitize(text));
            assert_eq!(cell.clone().into_plain(&zone), cell.plain(&zone));
        }
        let flag = Cell::new(Value::Flag(true));
        assert_eq!((flag.plain(&zone), flag.csv()), ("yes".to_string(), "true".to_string()));
        assert!(!Cell::new(Value::Int(-3)).is_text(), "numbers are never defused in CSV");
    }
}
