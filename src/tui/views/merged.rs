//! A merged list of a group, drawn alike for each pane that merges (the inbox, the
//! campaigns): a title saying whose rows these are, how many, the filter and what `Enter`
//! does; a line for each organisation not in the list (could not be read, with its retry,
//! or being read); then the rows with an ORG column after the first, and the cursor's row
//! marked by `›` as by its colour. Only the rows in view are made.

use crate::present::fit::Limits;
use crate::present::sort::SortBy;
use crate::present::width::cut;
use crate::present::{Align, Shown};
use crate::tui::command::Command;
use crate::tui::group::MergedList;
use crate::tui::state::AppState;
use crate::tui::views::group::{GUTTER, org_column, row_line};
use crate::tui::widgets::table::{Column, fit_columns};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// The organisation of the row, left out when the width is short after the row's columns
/// whose `drop` is above the list's `org_drop` (at 80 columns it stays: whose a row is is
/// what a merged list is for); the filter `org:NAME` still says whose they are.
const ORG: Column = Column {
    title: "Org",
    mark: None,
    limits: Limits { min: 4, max: 16, drop: 4 },
    align: Align::Left,
};

/// What a pane's merged list draws.
pub(crate) struct Merged<'a> {
    /// "Replies", "Campaigns": what the rows are, for the title.
    pub what: &'a str,
    /// "reply", "replies": a row and rows, counted in the title.
    pub one: &'a str,
    pub many: &'a str,
    pub list: &'a MergedList,
    /// The row's columns, the organisation's inserted after the first.
    pub columns: Vec<Column>,
    /// Each row's organisation (its profile), in order.
    pub orgs: Vec<&'a str>,
    /// Said when no row is listed and no filter narrows them.
    pub none: &'a str,
    /// When the ORG column goes as the width shrinks (see [`Limits::drop`]).
    pub org_drop: u8,
}

/// Draws `merged`; `cells(at)` makes the cells of the row at `at`, without the ORG cell.
pub(crate) fn render(
    frame: &mut Frame,
    area: Rect,
    state: &AppState,
    mut merged: Merged,
    cells: &dyn Fn(usize) -> Vec<Shown>,
) {
    let orgs = std::mem::take(&mut merged.orgs);
    let rows = Rows { count: orgs.len(), org: &|at| orgs[at], names: &orgs };
    render_rows(frame, area, state, merged, rows, cells);
}

/// The rows of a merged list too long to name each row's organisation beforehand (a
/// group's contacts): how many, and whose the row at a place is, asked of the rows in view
/// only; the ORG column as wide as the group's longest name.
pub(crate) fn render_many<'a>(
    frame: &mut Frame,
    area: Rect,
    state: &'a AppState,
    merged: Merged,
    count: usize,
    org: &dyn Fn(usize) -> &'a str,
    cells: &dyn Fn(usize) -> Vec<Shown>,
) {
    let names: Vec<&str> = state.group.orgs.iter().map(|entry| entry.org.profile()).collect();
    render_rows(frame, area, state, merged, Rows { count, org, names: &names }, cells);
}

/// How many rows, whose each is, and the names the ORG column is made as wide as.
struct Rows<'a, 'b> {
    count: usize,
    org: &'b dyn Fn(usize) -> &'a str,
    names: &'b [&'a str],
}

fn render_rows(
    frame: &mut Frame,
    area: Rect,
    state: &AppState,
    merged: Merged,
    rows: Rows,
    cells: &dyn Fn(usize) -> Vec<Shown>,
) {
    let theme = &state.env.theme;
    let group = &state.group;
    let width = usize::from(area.width);
    let count = rows.count;
    let key = |command, default| state.key_label(command, default);
    let mut title = format!(
        " {} of {} · {}",
        merged.what,
        group.title(),
        crate::text::count(count, merged.one, merged.many),
    );
    if !merged.list.filter.is_empty() {
        title.push_str(&format!(" · filter: {}", crate::text::sanitize(&merged.list.filter)));
    }
    let sort = merged.list.sort.as_ref();
    if let Some(sort) = sort {
        title.push_str(&format!(" · sorted by {} {}", sort.name, sort.arrow()));
    }
    title.push_str(&format!(" · {} opens in its organisation", key(Command::Open, "Enter")));
    let mut lines = vec![Line::from(Span::styled(cut(&title, width).into_owned(), theme.title))];
    for said in group.apart(state.panes.pane, &key(Command::Refresh, "r")) {
        let style = if said.contains("could not") { theme.error } else { theme.dim };
        let said = cut(&said, width.saturating_sub(1));
        lines.push(Line::from(Span::styled(format!(" {said}"), style)));
    }
    let mut headers = merged.columns;
    let org = org_column(ORG, rows.names.iter().copied());
    let org = Column { limits: Limits { drop: merged.org_drop, ..org.limits }, ..org };
    headers.insert(1.min(headers.len()), org);
    // The sorted column's arrow after its title, as a single pane's header shows it.
    for header in &mut headers {
        let name = crate::present::sort::sort_name(header.title);
        header.mark =
            sort.filter(|sort| name.as_deref() == Some(sort.name.as_str())).map(SortBy::arrow);
    }
    let room = u16::try_from(width.saturating_sub(GUTTER)).unwrap_or(u16::MAX);
    let height = usize::from(area.height).saturating_sub(lines.len() + 1);
    let offset = merged.list.offset(height);
    let shown: Vec<Vec<Shown>> = (offset..count.min(offset + height))
        .map(|at| {
            let mut row = cells(at);
            let org = Shown::plain(crate::text::sanitize((rows.org)(at)));
            row.insert(1.min(row.len()), org);
            row
        })
        .collect();
    let widths = fit_columns(&headers, room, Some(&shown));
    let heading: Vec<Shown> = headers.iter().map(|c| Shown::plain(c.heading())).collect();
    lines.push(row_line(&heading, &headers, &widths, "  ", theme.header, theme));
    if count == 0 {
        lines.push(Line::from(Span::styled(
            empty(state, &merged.list.filter, merged.none),
            theme.dim,
        )));
    }
    let cursor = merged.list.cursor.min(count.saturating_sub(1));
    for (at, row) in shown.iter().enumerate() {
        let chosen = offset + at == cursor;
        let base = if chosen { theme.selected } else { Style::default() };
        let gutter = if chosen { "› " } else { "  " };
        lines.push(row_line(row, &headers, &widths, gutter, base, theme));
    }
    frame.render_widget(Paragraph::new(lines), area);
}

/// Why the list is empty, and what to do.
fn empty(state: &AppState, filter: &str, none: &str) -> String {
    if !filter.is_empty() {
        let esc = state.key_label(Command::Back, "Esc");
        return format!("  Nothing matches the filter ({esc} clears it).");
    }
    if state.group.orgs.iter().all(|entry| entry.line.is_none()) {
        return "  Reading the organisations…".into();
    }
    format!("  {none}")
}
