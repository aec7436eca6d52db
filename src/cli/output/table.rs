//! Plain-text tables that fit a width, from the shared column definitions
//! ([`crate::present`]): the least important columns are left out, the rest shrink to
//! their minimum, cells that do not fit are cut with `…` (or shown by their short label).

use crate::present::fit::{Content, Limits, fit};
use crate::present::width::{cut, display_width};
use crate::present::{Align, Shown, Tone};

/// Two spaces between columns.
const GAP: usize = 2;

/// How a tone is painted on a terminal.
pub trait Paint {
    /// `text` wrapped in this tone's colour when `color` is on.
    fn paint(self, text: &str, color: bool) -> String;
}

impl Paint for Tone {
    fn paint(self, text: &str, color: bool) -> String {
        match sgr(self) {
            Some(code) if color && !text.is_empty() => format!("\x1b[{code}m{text}\x1b[0m"),
            _ => text.to_string(),
        }
    }
}

/// The SGR colour of a tone; tones that only matter on screen stay plain.
fn sgr(tone: Tone) -> Option<&'static str> {
    match tone {
        Tone::Good => Some("32"),
        Tone::Warn => Some("33"),
        Tone::Bad | Tone::Alarm => Some("31"),
        Tone::Dim | Tone::Struck => Some("2"),
        Tone::Plain | Tone::Neutral | Tone::Accent | Tone::Heading => None,
    }
}

/// The layout rules of one column.
#[derive(Debug, Clone)]
pub struct TableColumn {
    pub header: String,
    pub align: Align,
    pub limits: Limits,
}

/// Renders the table, every line at most `width` cells wide.
pub fn render(columns: &[TableColumn], rows: &[Vec<Shown>], width: usize, color: bool) -> String {
    let table = Fitted::new(columns.to_vec(), rows, width, color);
    let mut out = String::new();
    table.push_header(&mut out);
    for row in rows {
        table.push_line(&mut out, row, false);
    }
    out
}

/// A table whose column widths were fitted to some rows (all of them, or the first ones of
/// a list still arriving): any further row is laid out in the same widths, its cells cut
/// with `…` where they are wider, so a long list streams line by line.
#[derive(Debug, Clone)]
pub struct Fitted {
    columns: Vec<TableColumn>,
    /// 0 for a column left out.
    widths: Vec<usize>,
    /// The hard limit: a line still wider (columns that may not be left out) is cut here.
    limit: usize,
    color: bool,
}

impl Fitted {
    /// Fits the columns to `width` for the cells of `rows`.
    pub fn new(columns: Vec<TableColumn>, rows: &[Vec<Shown>], width: usize, color: bool) -> Self {
        let content: Vec<Content> = columns
            .iter()
            .enumerate()
            .map(|(index, column)| {
                Shown::content(&column.header, rows.iter().filter_map(|row| row.get(index)))
            })
            .collect();
        let limits: Vec<Limits> = columns.iter().map(|column| column.limits).collect();
        let widths = fit(&limits, width, GAP, Some(&content));
        Fitted { columns, widths, limit: width, color }
    }

    /// Appends the header line.
    pub fn push_header(&self, out: &mut String) {
        let header: Vec<Shown> =
            self.columns.iter().map(|column| Shown::plain(&column.header)).collect();
        self.push_line(out, &header, true);
    }

    /// Appends one row's line.
    pub fn push_row(&self, out: &mut String, cells: &[Shown]) {
        self.push_line(out, cells, false);
    }

    fn push_line(&self, out: &mut String, cells: &[Shown], is_header: bool) {
        // The line as pieces first, then cut at the limit as a whole.
        let mut pieces: Vec<(String, Tone)> = Vec::new();
        let empty = Shown::default();
        let shown: Vec<usize> = (0..self.columns.len()).filter(|&i| self.widths[i] > 0).collect();
        for (position, &index) in shown.iter().enumerate() {
            let width = self.widths[index];
            let cell = cells.get(index).unwrap_or(&empty);
            let fitted = cell.fitted(width);
            let used: usize = fitted.iter().map(|(text, _)| display_width(text)).sum();
            let pad = " ".repeat(width.saturating_sub(used));
            let right = self.columns[index].align == Align::Right;
            if right {
                pieces.push((pad.clone(), Tone::Plain));
            }
            pieces.extend(fitted);
            if !right {
                pieces.push((pad, Tone::Plain));
            }
            if position + 1 < shown.len() {
                pieces.push((" ".repeat(GAP), Tone::Plain));
            }
        }
        let mut room = self.limit;
        let start = out.len();
        for (text, tone) in pieces {
            if room == 0 {
                break;
            }
            let piece = cut(&text, room);
            room -= display_width(&piece).min(room);
            self.paint(out, &piece, tone, is_header);
        }
        let trimmed = out[start..].trim_end_matches(' ').len();
        out.truncate(start + trimmed);
        out.push('\n');
    }

    fn paint(&self, out: &mut String, text: &str, tone: Tone, is_header: bool) {
        if text.trim().is_empty() || !self.color {
            out.push_str(text);
        } else if is_header {
            out.push_str("\x1b[1m");
            out.push_str(text);
            out.push_str("\x1b[0m");
        } else {
            out.push_str(&tone.paint(text, true));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_width::UnicodeWidthStr;

    fn column(header: &str, min: usize, max: usize, drop: u8) -> TableColumn {
        TableColumn { header: header.into(), align: Align::Left, limits: Limits { min, max, drop } }
    }

    fn cells(texts: &[&str]) -> Vec<Shown> {
        texts.iter().map(|t| Shown::plain(*t)).collect()
    }

    const ANY: usize = usize::MAX;

    #[test]
    fn with_room_every_column_keeps_its_natural_width() {
        let columns = [column("ID", ANY, ANY, 0), column("NAME", 4, 40, 0)];
        let rows = [cells(&["1", "Ann Lee"]), cells(&["22", "Bo"])];
        assert_eq!(render(&columns, &rows, 80, false), "ID  NAME\n1   Ann Lee\n22  Bo\n");
    }

    #[test]
    fn shrinking_cuts_cells_with_an_ellipsis() {
        let columns = [column("ID", ANY, ANY, 0), column("NAME", 4, 40, 0)];
        let rows = [cells(&["1", "Annabelle Leeward"])];
        let out = render(&columns, &rows, 12, false);
        for line in out.lines() {
            assert!(line.width() <= 12, "{line:?}");
        }
        assert!(out.contains("Annabel…"), "{out}");
    }

    #[test]
    fn least_important_columns_go_first_when_minimums_do_not_fit() {
        let columns = [
            column("ID", ANY, ANY, 0),
            column("EMAIL", 10, 40, 0),
            column("TZ", ANY, ANY, 2),
            column("TAGS", 6, 40, 1),
        ];
        let rows = [cells(&["1", "someone@example.com", "Europe/Berlin", "vip"])];
        let out = render(&columns, &rows, 30, false);
        assert!(!out.contains("TZ"), "{out}");
        assert!(out.contains("TAGS"), "{out}");
        for line in out.lines() {
            assert!(line.width() <= 30, "{line:?}");
        }
    }

    #[test]
    fn columns_that_cannot_shrink_are_cut_at_the_limit() {
        let columns = [column("ID", ANY, ANY, 0), column("STATUS", ANY, ANY, 0)];
        let rows = [cells(&["1", "SCHEDULED_FOR_CANCELLATION"])];
        let out = render(&columns, &rows, 12, true);
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
        let columns = [column("NAME", 3, 40, 0), column("X", ANY, ANY, 0)];
        let out = render(&columns, &[cells(&["李小龙李小龙", "x"])], 10, false);
        assert!(out.lines().all(|line| line.width() <= 10), "{out}");
        assert!(out.contains("李小龙…"), "{out}");
    }

    #[test]
    fn right_aligned_numbers_and_colour_only_when_asked() {
        let mut id = column("ID", ANY, ANY, 0);
        id.align = Align::Right;
        let rows =
            [vec![Shown { parts: vec![("7".into(), Tone::Bad)], short: None, strong: false }]];
        assert_eq!(render(std::slice::from_ref(&id), &rows, 80, false), "ID\n 7\n");
        let coloured = render(&[id], &rows, 80, true);
        assert!(coloured.contains("\x1b[31m7\x1b[0m"), "{coloured:?}");
    }
}
