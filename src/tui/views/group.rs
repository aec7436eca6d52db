//! The group's Overview: a line per organisation — its name, then what `outreach status
//! --group` counts for it (new replies, hot ones waiting, what needs you, today's meetings,
//! bots needing attention, and more as the width allows) — or why it could not be read,
//! on its own line. The cursor's line is marked by `›` as well as by its colour, and a line
//! being read again by `↻`.

use crate::present::columns::{self, standing};
use crate::present::fit::Limits;
use crate::present::width::{cut, display_width};
use crate::present::{Align, Context, Shown};
use crate::tui::command::Command;
use crate::tui::group::OrgEntry;
use crate::tui::state::AppState;
use crate::tui::widgets::table::{Column, fit_columns};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// The organisation's name: kept whatever the width.
const ORG: Column = Column {
    title: "Organisation",
    mark: None,
    limits: Limits { min: 8, max: 24, drop: 0 },
    align: Align::Left,
};

/// The cursor's mark, then `↻` while the line is read again (a space in the merged inbox).
pub(crate) const GUTTER: usize = 2;

/// `base`, at least as wide as the longest of `names` within its limits: the
/// organisations' names read whole before anything else is added.
pub(crate) fn org_column<'a>(base: Column, names: impl Iterator<Item = &'a str>) -> Column {
    let longest = names.map(display_width).max().unwrap_or(0);
    let min = longest.clamp(base.limits.min, base.limits.max);
    Column { limits: Limits { min, ..base.limits }, ..base }
}

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    let theme = &state.env.theme;
    let group = &state.group;
    let width = usize::from(area.width);
    let key = |command, default| state.key_label(command, default);
    let title = format!(
        " {} · {} narrows to one · {} reads a line again",
        group.counted(),
        key(Command::Open, "Enter"),
        key(Command::Refresh, "r"),
    );
    let mut lines = vec![Line::from(Span::styled(cut(&title, width).into_owned(), theme.title))];
    let screen = standing::screen();
    let context = Context::new(&state.env.zone, state.env.now);
    let cells: Vec<Vec<Shown>> = group
        .orgs
        .iter()
        .map(|entry| {
            let mut row = vec![Shown::plain(name(entry))];
            match (&entry.line, &entry.error) {
                (Some(line), None) => row.extend(columns::shown(&screen, line, &context)),
                _ => row.extend(screen.iter().map(|_| Shown::default())),
            }
            row
        })
        .collect();
    // The names are read whole (up to the column's maximum) before any number is added.
    // Whether a profile is read-only is said as the width allows.
    let org = org_column(ORG, group.orgs.iter().map(|entry| entry.org.profile()));
    let headers: Vec<Column> =
        std::iter::once(org).chain(screen.iter().map(Column::from)).collect();
    let room = u16::try_from(width.saturating_sub(GUTTER)).unwrap_or(u16::MAX);
    let widths = fit_columns(&headers, room, None);
    let heading: Vec<Shown> = headers.iter().map(|c| Shown::plain(c.title)).collect();
    lines.push(row_line(&heading, &headers, &widths, "  ", theme.header, theme));
    for (index, (entry, row)) in group.orgs.iter().zip(&cells).enumerate() {
        let chosen = index == group.cursor;
        let base = if chosen { theme.selected } else { Style::default() };
        let mark = if chosen { '›' } else { ' ' };
        let reading = if entry.reading.is_some() { '↻' } else { ' ' };
        let gutter = &format!("{mark}{reading}");
        let line = match &entry.error {
            None if entry.line.is_some() => row_line(row, &headers, &widths, gutter, base, theme),
            _ => apart(entry, gutter, usize::from(widths[0]), width, theme, base),
        };
        lines.push(line);
    }
    frame.render_widget(Paragraph::new(lines), area);
}

/// A line of cells, each fitted and aligned to its column's width.
pub(crate) fn row_line(
    row: &[Shown],
    headers: &[Column],
    widths: &[u16],
    gutter: &str,
    base: Style,
    theme: &crate::tui::theme::Theme,
) -> Line<'static> {
    let mut spans = vec![Span::styled(gutter.to_string(), base)];
    let shown = (0..headers.len()).filter(|&i| widths[i] > 0);
    for (at, i) in shown.enumerate() {
        if at > 0 {
            spans.push(Span::styled(" ", base));
        }
        let width = usize::from(widths[i]);
        let parts = row.get(i).map(|cell| cell.fitted(width)).unwrap_or_default();
        let used: usize = parts.iter().map(|(text, _)| display_width(text)).sum();
        let pad = Span::styled(" ".repeat(width.saturating_sub(used)), base);
        let parts =
            parts.into_iter().map(|(text, tone)| Span::styled(text, base.patch(theme.tone(tone))));
        match headers[i].align {
            Align::Right => spans.extend(std::iter::once(pad).chain(parts)),
            Align::Left => spans.extend(parts.chain(std::iter::once(pad))),
        }
    }
    Line::from(spans)
}

/// The line of an organisation not read (yet): its name, then why, or that it is being read.
fn apart(
    entry: &OrgEntry,
    gutter: &str,
    org_width: usize,
    width: usize,
    theme: &crate::tui::theme::Theme,
    base: Style,
) -> Line<'static> {
    let shown = cut(&name(entry), org_width).into_owned();
    let pad = " ".repeat(org_width.saturating_sub(display_width(&shown)) + 1);
    let room = width.saturating_sub(GUTTER + org_width + 1);
    // The title says which key reads a line again; a line read again says so by its mark.
    let (said, style) = match &entry.error {
        Some(error) if entry.reading.is_some() => (format!("↻ {error}"), theme.dim),
        Some(error) => (format!("✗ {error}"), theme.error),
        None => ("reading…".to_string(), theme.dim),
    };
    Line::from(vec![
        Span::styled(format!("{gutter}{shown}{pad}"), base),
        Span::styled(cut(&said, room).into_owned(), base.patch(style)),
    ])
}

/// The organisation as its line names it: its profile, and whether that is read-only (its
/// writes are refused), as the status bar says of one.
fn name(entry: &OrgEntry) -> String {
    let profile = entry.org.profile();
    if entry.read_only { format!("{profile} (read-only)") } else { profile.to_string() }
}
