//! Drawing: a pure function of the state. One file per pane; the frame around them (tabs,
//! status bar, overlays) is put together here.

mod bots;
mod campaigns;
mod chain;
mod contacts;
mod exchanges;
mod login;
mod meetings;
mod overview;

use super::layout::areas;
use super::list::ListState;
use super::state::{AppState, Connection, Overlay, Pane, Remote};
use super::widgets::table::{self, Column};
use super::widgets::{confirm, form, help, palette, problem, status_bar, tabs, toast};
use crate::text::sanitize;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell};

pub use overview::tile_at as overview_tile_at;
pub use tabs::tab_at;

/// Draws the whole screen.
pub fn render(frame: &mut Frame, state: &AppState) {
    let regions = areas(frame.area(), state.filtering);
    tabs::render(frame, regions.tabs, state);
    let login_form_open = matches!(&state.overlay, Some(Overlay::Form(f)) if f.is_login());
    match &state.connection {
        Connection::Ready(_) => render_pane(frame, regions.body, state),
        // The login form says it all; the advice beneath shows when it is closed.
        _ if login_form_open => {}
        other => login::render(frame, regions.body, state, other),
    }
    if let Some(area) = regions.input {
        render_filter_input(frame, area, state);
    }
    status_bar::render(frame, regions.status, state);
    match &state.overlay {
        Some(Overlay::Help { scroll }) => help::render(frame, regions.body, state, *scroll),
        Some(Overlay::Palette(p)) => palette::render(frame, regions.body, state, p),
        Some(Overlay::Form(f)) => {
            form::render(frame, regions.body, f, &state.theme, sending(state).as_deref())
        }
        Some(Overlay::Confirm(c)) => {
            confirm::render(frame, regions.body, c, &state.theme, sending(state).as_deref())
        }
        None => {}
    }
    if let Some(note) = &state.toast {
        toast::render(frame, regions.body, note, &state.theme);
    }
}

/// The spinner and progress of the write in flight, if any.
fn sending(state: &AppState) -> Option<String> {
    state.submission.as_ref().map(|submission| submission.status(state.spinner))
}

fn render_pane(frame: &mut Frame, area: Rect, state: &AppState) {
    if area.height == 0 || area.width == 0 {
        return;
    }
    match state.pane {
        Pane::Overview => overview::render(frame, area, state),
        Pane::Campaigns => campaigns::render(frame, area, state),
        Pane::Exchanges => match &state.exchanges.chain {
            Some(view) => chain::render(frame, area, state, view),
            None => exchanges::render(frame, area, state),
        },
        Pane::Meetings => meetings::render(frame, area, state),
        Pane::Bots => bots::render(frame, area, state),
        Pane::Contacts => contacts::render(frame, area, state),
    }
}

fn render_filter_input(frame: &mut Frame, area: Rect, state: &AppState) {
    let theme = &state.theme;
    let line = Line::from(vec![
        Span::styled("/", theme.key),
        Span::raw(state.filter_input.value().to_string()),
    ]);
    frame.render_widget(line, area);
    let x = area.x + 1 + state.filter_input.cursor_chars() as u16;
    frame.set_cursor_position(Position { x: x.min(area.right().saturating_sub(1)), y: area.y });
}

/// How many lines the open detail has (for scrolling).
pub fn detail_line_count(state: &AppState) -> usize {
    detail_lines(state).map_or(0, |lines| lines.len())
}

/// The lines of the current pane's open detail.
pub fn detail_lines(state: &AppState) -> Option<Vec<Line<'static>>> {
    let id = state.current_detail()?.id;
    match state.pane {
        Pane::Campaigns => state
            .store
            .campaigns
            .items()
            .iter()
            .find(|c| c.id == id)
            .map(|c| campaigns::detail_lines(c, state)),
        Pane::Meetings => state
            .store
            .meetings
            .items()
            .iter()
            .find(|m| m.id == id)
            .map(|m| meetings::detail_lines(m, state)),
        Pane::Bots => state
            .store
            .bots
            .items()
            .iter()
            .find(|b| b.id == id)
            .map(|b| bots::detail_lines(b, state)),
        Pane::Contacts => state
            .store
            .contacts
            .items()
            .iter()
            .find(|c| c.id == id)
            .map(|c| contacts::detail_lines(c, state)),
        Pane::Overview | Pane::Exchanges => None,
    }
}

/// The bordered block of a pane with its title spans.
fn pane_block<'a>(state: &AppState, title: Vec<Span<'a>>) -> Block<'a> {
    let mut spans = vec![Span::raw(" ")];
    spans.extend(title);
    spans.push(Span::raw(" "));
    Block::bordered().title(Line::from(spans)).border_style(state.theme.border)
}

/// Title spans of a list: name, counts, filter, and the loading or failed mark.
fn list_title<T>(
    state: &AppState,
    name: &str,
    remote: &Remote<T>,
    list: &ListState,
    extra: Vec<Span<'static>>,
) -> Vec<Span<'static>> {
    let theme = &state.theme;
    let mut spans = vec![Span::styled(name.to_string(), theme.title)];
    if remote.data.is_some() {
        let count = if list.filter().is_empty() {
            format!(" {}", list.total())
        } else {
            format!(" {} of {}", list.order().len(), list.total())
        };
        spans.push(Span::styled(count, theme.dim));
    }
    if !list.filter().is_empty() {
        spans.push(Span::styled(format!(" /{}", sanitize(list.filter())), theme.accent));
    }
    spans.extend(extra);
    if remote.is_loading() {
        spans.push(Span::styled(" ⟳ loading", theme.warning));
    } else if remote.error.is_some() && remote.data.is_some() {
        spans.push(Span::styled(" ⚠ refresh failed (r retries)", theme.error));
    }
    spans
}

/// A list pane: its table, or why there is none yet (loading, failed, empty, no match).
#[allow(clippy::too_many_arguments)]
fn render_list<T>(
    frame: &mut Frame,
    area: Rect,
    state: &AppState,
    what: &str,
    remote: &Remote<T>,
    list: &ListState,
    title: Vec<Span<'static>>,
    columns: &[Column],
    mut cells: impl FnMut(&T, usize) -> Vec<Cell<'static>>,
) {
    let theme = &state.theme;
    let block = pane_block(state, title);
    match (&remote.data, &remote.error) {
        (None, Some(error)) => problem::render(frame, area, block, what, error, theme),
        (None, None) => {
            problem::message(frame, area, block, &format!("Loading {what}…"), theme.dim)
        }
        (Some(_), _) if list.order().is_empty() => {
            let text = if !list.filter().is_empty() {
                format!("No {what} match '{}'. Esc clears the filter.", sanitize(list.filter()))
            } else if matches!(state.pane, Pane::Exchanges | Pane::Meetings) {
                format!("No {what} for these filters; f changes them.")
            } else {
                format!("No {what}.")
            };
            problem::message(frame, area, block, &text, theme.dim);
        }
        (Some(data), _) => {
            let items = &data.items;
            table::render(frame, area, block, columns, list, theme, |index, position| match items
                .get(index)
            {
                Some(item) => cells(item, position),
                None => Vec::new(),
            });
        }
    }
}

/// The block of an open detail, or a note that the item is gone.
fn render_detail(frame: &mut Frame, area: Rect, state: &AppState, title: &str) {
    let detail = state.current_detail();
    let block = pane_block(
        state,
        vec![
            Span::styled(title.to_string(), state.theme.title),
            Span::styled(" · Esc back", state.theme.dim),
        ],
    );
    match (detail_lines(state), detail) {
        (Some(lines), Some(detail)) => {
            super::widgets::detail::render(frame, area, block, lines, detail.scroll)
        }
        _ => problem::message(
            frame,
            area,
            block,
            "This item is no longer in the list (it changed on refresh). Esc goes back.",
            state.theme.dim,
        ),
    }
}
