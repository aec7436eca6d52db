//! The virtual table: ratatui rows are built for the visible window only, so a frame costs
//! the same with a thousand rows or a million (DESIGN §8). Columns that do not fit the
//! width are left out, least important first.

use crate::tui::list::ListState;
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Row, Table, TableState};

/// One column: its header, how wide it may be, and how dispensable it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    pub title: &'static str,
    pub min: u16,
    /// The widest it is useful; extra space goes to columns that can use it.
    pub max: u16,
    /// Lower is more important; the highest goes first when space is short.
    pub drop: u8,
}

impl Column {
    pub const fn new(title: &'static str, min: u16, max: u16, drop: u8) -> Self {
        Column { title, min, max, drop }
    }
}

/// Space between columns.
const GAP: u16 = 1;

/// Which columns fit in `width`, and how wide each is (0 for a left-out column).
pub fn fit_columns(columns: &[Column], width: u16) -> Vec<u16> {
    let mut kept: Vec<bool> = vec![true; columns.len()];
    let needed = |kept: &[bool]| -> u16 {
        let shown: Vec<&Column> =
            columns.iter().zip(kept).filter(|(_, k)| **k).map(|(c, _)| c).collect();
        let gaps = GAP * (shown.len().saturating_sub(1) as u16);
        shown.iter().map(|c| c.min).sum::<u16>() + gaps
    };
    while needed(&kept) > width && kept.iter().filter(|k| **k).count() > 1 {
        let victim = (0..columns.len()).filter(|&i| kept[i]).max_by_key(|&i| (columns[i].drop, i));
        match victim {
            Some(index) => kept[index] = false,
            None => break,
        }
    }
    let mut widths: Vec<u16> =
        columns.iter().zip(&kept).map(|(c, k)| if *k { c.min } else { 0 }).collect();
    let mut spare = width.saturating_sub(needed(&kept));
    // The most important columns grow first, each up to its max: the name of a thing
    // matters more than a wider date.
    let mut by_importance: Vec<usize> = (0..columns.len()).filter(|&i| kept[i]).collect();
    by_importance.sort_by_key(|&i| (columns[i].drop, i));
    for index in by_importance {
        let grow = columns[index].max.saturating_sub(widths[index]).min(spare);
        widths[index] += grow;
        spare -= grow;
    }
    widths
}

/// Draws the visible window of `list`. `cells(data_index, position)` builds one row's cells,
/// all columns, in order; left-out columns are skipped here.
pub fn render<'a>(
    frame: &mut Frame,
    area: Rect,
    block: Block<'a>,
    columns: &[Column],
    list: &ListState,
    theme: &Theme,
    mut cells: impl FnMut(usize, usize) -> Vec<Cell<'a>>,
) {
    let inner = block.inner(area);
    frame.render_widget(block, area);
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    let widths = fit_columns(columns, inner.width);
    let shown: Vec<usize> = (0..columns.len()).filter(|&i| widths[i] > 0).collect();
    let header = Row::new(shown.iter().map(|&i| Cell::from(columns[i].title))).style(theme.header);
    let visible = usize::from(inner.height.saturating_sub(1));
    let start = list.offset().min(list.order().len());
    let end = (start + visible).min(list.order().len());
    let rows: Vec<Row> = list.order()[start..end]
        .iter()
        .enumerate()
        .map(|(i, &index)| {
            let mut all = cells(index as usize, start + i);
            let row: Vec<Cell> = shown
                .iter()
                .map(|&c| if c < all.len() { std::mem::take(&mut all[c]) } else { Cell::default() })
                .collect();
            Row::new(row)
        })
        .collect();
    let constraints: Vec<Constraint> =
        shown.iter().map(|&i| Constraint::Length(widths[i])).collect();
    let table = Table::new(rows, constraints)
        .header(header)
        .column_spacing(GAP)
        .row_highlight_style(theme.selected);
    let selected = list.selected().checked_sub(start).filter(|_| end > start);
    let mut state = TableState::default().with_selected(selected);
    frame.render_stateful_widget(table, inner, &mut state);
}

/// A cell of plain text in a style.
pub fn cell<'a>(text: String, style: ratatui::style::Style) -> Cell<'a> {
    Cell::from(Line::from(Span::styled(text, style)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const COLUMNS: [Column; 3] = [
        Column::new("Name", 10, 30, 0),
        Column::new("Status", 8, 10, 1),
        Column::new("Note", 10, 40, 2),
    ];

    #[test]
    fn spare_width_goes_to_important_columns_up_to_their_max() {
        assert_eq!(fit_columns(&COLUMNS, 30), [10, 8, 10]);
        assert_eq!(fit_columns(&COLUMNS, 40), [20, 8, 10], "the most important grows first");
        assert_eq!(fit_columns(&COLUMNS, 60), [30, 10, 18]);
        assert_eq!(fit_columns(&COLUMNS, 200), [30, 10, 40]);
    }

    #[test]
    fn least_important_columns_go_first() {
        assert_eq!(fit_columns(&COLUMNS, 20), [11, 8, 0]);
        assert_eq!(fit_columns(&COLUMNS, 5), [10, 0, 0], "the first column always stays");
    }
}
