//! Plain-text tables that fit a terminal width: columns shrink to their minimum (cells cut
//! with `…`), and when even that is too wide the least important columns are left out.

use crate::text::truncate;
use unicode_width::UnicodeWidthStr;

/// Two spaces between columns.
const GAP: usize = 2;

/// How a column's text sits in its width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A colour class for a cell; rendered only when colour is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tone {
    #[default]
    Plain,
    Good,
    Warn,
    Bad,
    Dim,
}

impl Tone {
    fn sgr(self) -> Option<&'static str> {
        match self {
            Tone::Plain => None,
            Tone::Good => Some("32"),
            Tone::Warn => Some("33"),
            Tone::Bad => Some("31"),
            Tone::Dim => Some("2"),
        }
    }

    /// `text` wrapped in this tone's colour when `color` is on.
    pub fn paint(self, text: &str, color: bool) -> String {
        match self.sgr() {
            Some(code) if color && !text.is_empty() => format!("\x1b[{code}m{text}\x1b[0m"),
            _ => text.to_string(),
        }
    }
}

/// The layout rules of one column.
#[derive(Debug, Clone)]
pub struct TableColumn {
    pub header: String,
    pub align: Align,
    /// The narrowest this column may become; `None` keeps its natural width.
    pub min_width: Option<usize>,
    /// 0: always shown; otherwise columns with the highest rank are left out first.
    pub drop_rank: u8,
}

/// One cell: text already made safe for a terminal, and its tone.
#[derive(Debug, Clone, Default)]
pub struct TableCell {
    pub text: String,
    pub tone: Tone,
}

/// Renders the table, every line at most `width` columns wide when a width is given.
pub fn render(
    columns: &[TableColumn],
    rows: &[Vec<TableCell>],
    width: Option<usize>,
    color: bool,
) -> String {
    let natural: Vec<usize> = columns
        .iter()
        .enumerate()
        .map(|(index, column)| {
            rows.iter()
                .map(|row| row.get(index).map_or(0, |cell| display_width(&cell.text)))
                .fold(display_width(&column.header), usize::max)
        })
        .collect();
    let widths = fit(columns, &natural, width);
    let shown: Vec<usize> = (0..columns.len()).filter(|&i| widths[i].is_some()).collect();

    let layout = Layout { columns, shown: &shown, widths: &widths, limit: width, color };
    let mut out = String::new();
    let header: Vec<TableCell> = columns
        .iter()
        .map(|column| TableCell { text: column.header.clone(), tone: Tone::Plain })
        .collect();
    layout.push_line(&mut out, &header, true);
    for row in rows {
        layout.push_line(&mut out, row, false);
    }
    out
}

/// How a fitted table is laid out, line by line.
struct Layout<'a> {
    columns: &'a [TableColumn],
    shown: &'a [usize],
    widths: &'a [Option<usize>],
    /// The hard limit: a line still wider (columns that cannot shrink) is cut here.
    limit: Option<usize>,
    color: bool,
}

/// How a cell is painted.
#[derive(Clone, Copy)]
enum Paint {
    Bold,
    Tone(Tone),
}

impl Layout<'_> {
    fn push_line(&self, out: &mut String, cells: &[TableCell], is_header: bool) {
        let start = out.len();
        let empty = TableCell::default();
        let mut used = 0;
        for (position, &index) in self.shown.iter().enumerate() {
            let width = self.widths[index].unwrap_or(0);
            let cell = cells.get(index).unwrap_or(&empty);
            let fitted = fit_text(&cell.text, width);
            let text_width = display_width(&fitted);
            let pad = width.saturating_sub(text_width);
            let paint = if is_header { Paint::Bold } else { Paint::Tone(cell.tone) };
            let last = position + 1 == self.shown.len();
            let mut room = self.limit.map_or(usize::MAX, |limit| limit.saturating_sub(used));
            let right = self.columns[index].align == Align::Right;
            if right {
                push_spaces(out, pad.min(room));
                used += pad.min(room);
                room = room.saturating_sub(pad);
            }
            // The hard limit: a column that could not shrink is cut where the line must end.
            let cut = text_width > room;
            let shown_text =
                if cut { std::borrow::Cow::Owned(truncate(&fitted, room)) } else { fitted };
            used += display_width(&shown_text).min(room);
            self.paint(out, &shown_text, paint);
            if cut || used >= self.limit.unwrap_or(usize::MAX) {
                break;
            }
            if !last {
                let spacing = if right { GAP } else { pad + GAP };
                let spacing =
                    spacing.min(self.limit.map_or(usize::MAX, |l| l.saturating_sub(used)));
                push_spaces(out, spacing);
                used += spacing;
            }
        }
        let trimmed = out[start..].trim_end_matches(' ').len();
        out.truncate(start + trimmed);
        out.push('\n');
    }

    fn paint(&self, out: &mut String, text: &str, paint: Paint) {
        match paint {
            Paint::Bold if self.color && !text.is_empty() => {
                out.push_str("\x1b[1m");
                out.push_str(text);
                out.push_str("\x1b[0m");
            }
            Paint::Tone(tone) if self.color && tone != Tone::Plain => {
                out.push_str(&tone.paint(text, true))
            }
            _ => out.push_str(text),
        }
    }
}

fn push_spaces(out: &mut String, count: usize) {
    out.extend(std::iter::repeat_n(' ', count));
}

/// The text cut to `width`, borrowed when it already fits (the common case).
fn fit_text(text: &str, width: usize) -> std::borrow::Cow<'_, str> {
    if text.len() <= width || display_width(text) <= width {
        std::borrow::Cow::Borrowed(text)
    } else {
        std::borrow::Cow::Owned(truncate(text, width))
    }
}

/// The width of each column, `None` for columns left out.
pub fn fit(columns: &[TableColumn], natural: &[usize], width: Option<usize>) -> Vec<Option<usize>> {
    let mut widths: Vec<Option<usize>> = natural.iter().copied().map(Some).collect();
    let Some(limit) = width else {
        return widths;
    };
    let min_of =
        |index: usize| columns[index].min_width.map_or(natural[index], |m| m.min(natural[index]));
    let total = |widths: &[Option<usize>], measure: &dyn Fn(usize) -> usize| -> usize {
        let shown: Vec<usize> = (0..widths.len()).filter(|&i| widths[i].is_some()).collect();
        shown.iter().map(|&i| measure(i)).sum::<usize>() + GAP * shown.len().saturating_sub(1)
    };

    // Cutting every text to its minimum to keep a minor column is a bad trade: leave out
    // columns, least important first, until the others fit at a comfortable two thirds of
    // their natural width.
    let comfortable = |index: usize| min_of(index).max((natural[index] * 2).div_ceil(3));
    while total(&widths, &comfortable) > limit && drop_least_important(columns, &mut widths) {}
    // Then, should even the minimum widths be too wide, leave out more.
    while total(&widths, &min_of) > limit && drop_least_important(columns, &mut widths) {}

    // Then take a column at a time off the widest shrinkable column.
    let mut excess = total(&widths, &|i| natural[i]).saturating_sub(limit);
    while excess > 0 {
        let widest = (0..columns.len())
            .filter(|&i| matches!(widths[i], Some(w) if w > min_of(i)))
            .max_by_key(|&i| widths[i]);
        let Some(index) = widest else { break };
        if let Some(w) = widths[index].as_mut() {
            *w -= 1;
        }
        excess -= 1;
    }
    widths
}

/// Leaves out the shown column of highest drop rank; false when none may go.
fn drop_least_important(columns: &[TableColumn], widths: &mut [Option<usize>]) -> bool {
    let candidate = (0..columns.len())
        .filter(|&i| widths[i].is_some() && columns[i].drop_rank > 0)
        .max_by_key(|&i| (columns[i].drop_rank, i));
    match candidate {
        Some(index) => {
            widths[index] = None;
            true
        }
        None => false,
    }
}

/// Display columns of sanitised text; plain ASCII (most cells) needs no table lookup.
pub fn display_width(text: &str) -> usize {
    if text.is_ascii() { text.len() } else { text.width() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column(header: &str, min: Option<usize>, rank: u8) -> TableColumn {
        TableColumn { header: header.into(), align: Align::Left, min_width: min, drop_rank: rank }
    }

    fn cells(texts: &[&str]) -> Vec<TableCell> {
        texts.iter().map(|t| TableCell { text: t.to_string(), tone: Tone::Plain }).collect()
    }

    #[test]
    fn without_a_width_every_column_keeps_its_natural_width() {
        let columns = [column("ID", None, 0), column("NAME", Some(4), 0)];
        let rows = [cells(&["1", "Ann Lee"]), cells(&["22", "Bo"])];
        assert_eq!(render(&columns, &rows, None, false), "ID  NAME\n1   Ann Lee\n22  Bo\n");
    }

    #[test]
    fn shrinking_cuts_the_widest_shrinkable_column() {
        let columns = [column("ID", None, 0), column("NAME", Some(4), 0)];
        let rows = [cells(&["1", "Annabelle Leeward"])];
        let out = render(&columns, &rows, Some(12), false);
        for line in out.lines() {
            assert!(line.width() <= 12, "{line:?}");
        }
        assert!(out.contains("Annabel…"), "{out}");
    }

    #[test]
    fn least_important_columns_go_first_when_minimums_do_not_fit() {
        let columns = [
            column("ID", None, 0),
            column("EMAIL", Some(10), 0),
            column("TZ", None, 2),
            column("TAGS", Some(6), 1),
        ];
        let rows = [cells(&["1", "someone@example.com", "Europe/Berlin", "vip"])];
        let out = render(&columns, &rows, Some(30), false);
        assert!(!out.contains("TZ"), "{out}");
        assert!(out.contains("TAGS"), "{out}");
        for line in out.lines() {
            assert!(line.width() <= 30, "{line:?}");
        }
    }

    #[test]
    fn columns_that_cannot_shrink_are_cut_at_the_limit() {
        let columns = [column("ID", None, 0), column("STATUS", None, 0)];
        let rows = [cells(&["1", "SCHEDULED_FOR_CANCELLATION"])];
        let out = render(&columns, &rows, Some(12), true);
        assert!(out.lines().all(|line| strip(line).width() <= 12), "{out:?}");
        assert!(out.ends_with("\n1   SCHEDUL…\n"), "{out:?}");
    }

    fn strip(line: &str) -> String {
        let mut out = String::new();
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn wide_characters_count_double() {
        assert_eq!(truncate("李小龙李小龙", 5), "李小…");
        assert_eq!(truncate("abc", 3), "abc");
        assert_eq!(truncate("abcd", 1), "…");
        let columns = [column("NAME", Some(3), 0), column("X", None, 0)];
        let out = render(&columns, &[cells(&["李小龙李小龙", "x"])], Some(10), false);
        assert!(out.lines().all(|line| line.width() <= 10), "{out}");
    }

    #[test]
    fn right_aligned_numbers_and_colour_only_when_asked() {
        let mut id = column("ID", None, 0);
        id.align = Align::Right;
        let rows = [vec![TableCell { text: "7".into(), tone: Tone::Bad }]];
        assert_eq!(render(std::slice::from_ref(&id), &rows, None, false), "ID\n 7\n");
        let coloured = render(&[id], &rows, None, true);
        assert!(coloured.contains("\x1b[31m7\x1b[0m"), "{coloured:?}");
    }
}
