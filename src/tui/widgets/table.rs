//! The virtual table: ratatui rows are built for the visible window only, so a frame costs
//! the same with a thousand rows or a million. Columns that do not fit the
//! width are left out, least important first.

use crate::present::fit::{Content, Limits, fit};
use crate::present::{self, Align, Shown};
use crate::tui::lists::list::ListState;
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Row, Table, TableState};

/// One column: its header and width limits (from [`crate::present::columns`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    pub title: &'static str,
    /// The sort's arrow after the title (`▲`, `▼`) when the list is sorted by this column: a
    /// character, so it shows without colour.
    pub mark: Option<&'static str>,
    pub limits: Limits,
    /// Numbers are right-aligned, so their digits line up (as in the CLI's table).
    pub align: Align,
}

impl<T> From<&present::Column<T>> for Column {
    fn from(column: &present::Column<T>) -> Self {
        Column { title: column.header, mark: None, limits: column.limits, align: column.align }
    }
}

impl Column {
    /// The header as drawn: the title and the sort's arrow, if any.
    pub(crate) fn heading(&self) -> String {
        format!("{}{}", self.title, self.mark.unwrap_or_default())
    }
}

/// Ratatui's alignment of a column's header and cells.
fn alignment(column: &Column) -> Alignment {
    match column.align {
        Align::Left => Alignment::Left,
        Align::Right => Alignment::Right,
    }
}

/// Space between columns.
const GAP: u16 = 1;

/// Which columns fit in `width`, and how wide each is (0 for a left-out column). With the
/// rows in view (`shown`), extra width goes to the columns whose text is cut, up to their
/// longest cell, rather than to the last column: nothing is cut while another column has
/// room to spare.
pub fn fit_columns(columns: &[Column], width: u16, shown: Option<&[Vec<Shown>]>) -> Vec<u16> {
    let limits: Vec<Limits> = columns.iter().map(|c| c.limits).collect();
    // A column keeps at least its minimum: the rows in view are not the whole list, and a
    // cell still loading (a snippet) must not narrow its column to the header.
    let content: Option<Vec<Content>> = shown.map(|rows| {
        (columns.iter().enumerate())
            .map(|(i, column)| {
                let cells = rows.iter().filter_map(|r| r.get(i));
                let content = Shown::content(&column.heading(), cells);
                Content { widest: content.widest.max(column.limits.min), ..content }
            })
            .collect()
    });
    fit(&limits, usize::from(width), usize::from(GAP), content.as_deref())
        .into_iter()
        .map(|w| u16::try_from(w).unwrap_or(u16::MAX))
        .collect()
}

/// Draws the visible window of `list`. `cells(data_index, position)` builds one row's cells,
/// all columns, in order; left-out columns are skipped here, and cells that do not fit are
/// shown by their short label or cut with `…`.
pub fn render(
    frame: &mut Frame,
    area: Rect,
    block: Block<'_>,
    columns: &[Column],
    list: &ListState,
    theme: &Theme,
    mut cells: impl FnMut(usize, usize) -> Vec<Shown>,
) {
    let inner = block.inner(area);
    frame.render_widget(block, area);
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    let visible = usize::from(inner.height.saturating_sub(1));
    let start = list.offset().min(list.order().len());
    let end = (start + visible).min(list.order().len());
    // Only the rows in view are made, and they decide the widths.
    let in_view: Vec<Vec<Shown>> = (list.order()[start..end].iter().enumerate())
        .map(|(i, &index)| cells(index as usize, start + i))
        .collect();
    let widths = fit_columns(columns, inner.width, Some(&in_view));
    let shown: Vec<usize> = (0..columns.len()).filter(|&i| widths[i] > 0).collect();
    let header =
        Row::new(shown.iter().map(|&i| {
            Cell::from(Line::from(columns[i].heading()).alignment(alignment(&columns[i])))
        }))
        .style(theme.header);
    let rows: Vec<Row> = in_view
        .iter()
        .map(|all| {
            let row: Vec<Cell> = shown
                .iter()
                .map(|&c| {
                    all.get(c).map_or_else(Cell::default, |cell| {
                        draw(cell, widths[c], alignment(&columns[c]), theme)
                    })
                })
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

/// A cell fitted to `width` cells, each piece in its tone's style (bold when strong).
fn draw(cell: &Shown, width: u16, alignment: Alignment, theme: &Theme) -> Cell<'static> {
    let strong = |style: ratatui::style::Style| {
        if cell.strong { style.add_modifier(ratatui::style::Modifier::BOLD) } else { style }
    };
    let spans: Vec<Span> = cell
        .fitted(usize::from(width))
        .into_iter()
        .map(|(text, tone)| Span::styled(text, strong(theme.tone(tone))))
        .collect();
    Cell::from(Line::from(spans).alignment(alignment))
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn column(title: &'static str, min: usize, max: usize, drop: u8) -> Column {
        Column { title, mark: None, limits: Limits { min, max, drop }, align: Align::Left }
    }

    const COLUMNS: [Column; 3] =
        [column("Name", 10, 30, 0), column("Status", 8, 10, 1), column("Note", 10, 40, 2)];

    #[test]
    fn spare_width_goes_to_important_columns_up_to_their_max() {
        assert_eq!(fit_columns(&COLUMNS, 30, None), [10, 8, 10]);
        assert_eq!(fit_columns(&COLUMNS, 40, None), [20, 8, 10], "the most important grows first");
        assert_eq!(fit_columns(&COLUMNS, 60, None), [30, 10, 18]);
        assert_eq!(fit_columns(&COLUMNS, 200, None), [30, 10, 40]);
    }

    #[test]
    fn least_important_columns_go_first() {
        assert_eq!(fit_columns(&COLUMNS, 20, None), [11, 8, 0]);
        assert_eq!(fit_columns(&COLUMNS, 5, None), [10, 0, 0], "a column of drop 0 always stays");
    }

    #[test]
    fn bot_statuses_stay_distinct_in_the_bots_pane_at_80_and_50_columns() {
        use crate::api::{Bot, BotStatus, MailboxStatus};
        use crate::clock::Zone;
        use crate::present::Context;
        use crate::present::columns::{self, bots};
        let zone = Zone::named("Europe/London").unwrap();
        let context = Context::new(&zone, chrono::Utc::now());
        let screen = bots::screen();
        let headers: Vec<Column> = screen.iter().map(Column::from).collect();
        let bot = |status, mailbox_status| Bot { status, mailbox_status, ..Bot::default() };
        let pairs = [
            (BotStatus::Provisioning, BotStatus::ProvisioningFailed),
            (BotStatus::ConnectionPending, BotStatus::Configuring),
        ];
        // The inner widths of the pane at 80x24 and 50x16.
        for width in [78, 48] {
            let widths = fit_columns(&headers, width, None);
            let status = screen.iter().position(|c| c.header == "Status").unwrap();
            assert!(widths[status] > 0, "Status is shown at {width}");
            let text = |bot: &Bot| -> String {
                let cells = columns::shown(&screen, bot, &context);
                cells[status].fitted(usize::from(widths[status])).into_iter().map(|p| p.0).collect()
            };
            for (a, b) in &pairs {
                let (a, b) =
                    (bot(a.clone(), MailboxStatus::Active), bot(b.clone(), MailboxStatus::Active));
                assert_ne!(text(&a), text(&b), "at {width}");
                assert!(!text(&a).contains('…') && !text(&b).contains('…'), "labels, not cuts");
            }
            let marker = widths[0];
            assert_eq!(marker, 1, "the problem marker survives at {width}");
        }
    }

    #[test]
    fn numbers_are_right_aligned_under_their_header() {
        use crate::tui::lists::filter::{FilterEngine, SearchIndex};
        use ratatui::Terminal;
        use ratatui::backend::TestBackend;
        let columns =
            [column("Name", 6, 6, 0), Column { align: Align::Right, ..column("Replies", 7, 7, 0) }];
        let rows = [("Ann", "7"), ("Bob", "1234")];
        let mut list = ListState::default();
        let index = SearchIndex::new(["Ann", "Bob"]);
        let _ = list.set_rows(vec![1, 2], index, &mut FilterEngine::default());
        let mut terminal = Terminal::new(TestBackend::new(14, 3)).unwrap();
        terminal
            .draw(|frame| {
                let area = frame.area();
                render(
                    frame,
                    area,
                    Block::default(),
                    &columns,
                    &list,
                    &Theme::monochrome(),
                    |i, _| vec![Shown::plain(rows[i].0), Shown::plain(rows[i].1)],
                );
            })
            .unwrap();
        let buffer = terminal.backend().buffer();
        let line = |y: u16| -> String { (0..14).map(|x| buffer[(x, y)].symbol()).collect() };
        assert_eq!(line(0), "Name   Replies");
        assert_eq!(line(1), "Ann          7", "the digits end under the header's end");
        assert_eq!(line(2), "Bob       1234");
    }
}
