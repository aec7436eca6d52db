//! The merged inbox of a group: a title saying whose replies these are and the filter, a
//! line for each organisation not in the list (could not be read, with its retry, or being
//! read), then every organisation's replies newest first with an ORG column — left out
//! after the e-mail and the campaign when the width is short — and the cursor's row marked
//! by `›` as by its colour.

use crate::api::Timestamp;
use crate::present::columns::{self, org_replies};
use crate::present::fit::Limits;
use crate::present::width::cut;
use crate::present::{Align, Context, Shown};
use crate::tui::command::Command;
use crate::tui::group::inbox::apart;
use crate::tui::state::AppState;
use crate::tui::views::group::{GUTTER, org_column, row_line};
use crate::tui::widgets::table::{Column, fit_columns};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// The organisation of the row: the first of the row's own columns left out when the width
/// is short, once the e-mail and the campaign are (at 80 columns it stays: whose a reply is
/// is what a merged inbox is for); the filter `org:NAME` still says whose they are.
const ORG: Column = Column {
    title: "Org",
    mark: None,
    limits: Limits { min: 4, max: 16, drop: 4 },
    align: Align::Left,
};

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    let theme = &state.env.theme;
    let group = &state.group;
    let width = usize::from(area.width);
    let rows = group.inbox.rows(&group.orgs, Timestamp(state.env.now));
    let key = |command, default| state.key_label(command, default);
    let mut title = format!(
        " Replies of {} · {}",
        group.title(),
        crate::text::count(rows.len(), "reply", "replies"),
    );
    if !group.inbox.filter.is_empty() {
        title.push_str(&format!(" · filter: {}", crate::text::sanitize(&group.inbox.filter)));
    }
    title.push_str(&format!(" · {} opens in its organisation", key(Command::Open, "Enter")));
    let mut lines = vec![Line::from(Span::styled(cut(&title, width).into_owned(), theme.title))];
    for said in apart(&group.orgs, &key(Command::Refresh, "r")) {
        let style = if said.contains("could not") { theme.error } else { theme.dim };
        lines.push(Line::from(Span::styled(format!(" {}", cut(&said, width - 1)), style)));
    }
    let screen = org_replies::screen();
    let context = Context::new(&state.env.zone, state.env.now);
    let org = org_column(ORG, rows.iter().map(|row| row.org.org.profile()));
    let mut headers: Vec<Column> = screen.iter().map(Column::from).collect();
    headers.insert(1, org);
    let room = u16::try_from(width.saturating_sub(GUTTER)).unwrap_or(u16::MAX);
    let height = usize::from(area.height).saturating_sub(lines.len() + 1);
    let offset = group.inbox.offset(height);
    let cells: Vec<Vec<Shown>> = (rows.iter().skip(offset).take(height))
        .map(|row| {
            let mut cells = columns::shown(&screen, row.reply, &context);
            cells.insert(1, Shown::plain(crate::text::sanitize(row.org.org.profile())));
            cells
        })
        .collect();
    let widths = fit_columns(&headers, room, Some(&cells));
    let heading: Vec<Shown> = headers.iter().map(|c| Shown::plain(c.title)).collect();
    lines.push(row_line(&heading, &headers, &widths, "  ", theme.header, theme));
    if rows.is_empty() {
        lines.push(Line::from(Span::styled(empty(state), theme.dim)));
    }
    let cursor = group.inbox.cursor.min(rows.len().saturating_sub(1));
    for (at, row) in cells.iter().enumerate() {
        let chosen = offset + at == cursor;
        let base = if chosen { theme.selected } else { Style::default() };
        let gutter = if chosen { "› " } else { "  " };
        lines.push(row_line(row, &headers, &widths, gutter, base, theme));
    }
    frame.render_widget(Paragraph::new(lines), area);
}

/// Why the list is empty, and what to do.
fn empty(state: &AppState) -> String {
    let inbox = &state.group.inbox;
    if !inbox.filter.is_empty() {
        let esc = state.key_label(Command::Back, "Esc");
        return format!("  No reply matches the filter ({esc} clears it).");
    }
    if state.group.orgs.iter().all(|entry| entry.line.is_none()) {
        return "  Reading the organisations…".into();
    }
    "  No reply waits in any organisation.".into()
}
