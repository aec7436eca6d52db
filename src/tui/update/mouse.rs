//! The mouse: the wheel scrolls, a click selects (a second click on the selection opens it),
//! a click on a tab switches pane. Pointer motion is not even reported (see `terminal`).

use crate::tui::action::Effect;
use crate::tui::layout::tile_at;
use crate::tui::layout::{inner, list_body, list_rows, pane_areas, state_areas};
use crate::tui::model::Pane;
use crate::tui::state::AppState;
use crate::tui::update::navigate;
use crate::tui::update::preview;
use crate::tui::widgets::tabs::tab_at;
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Position;

/// Rows one wheel notch scrolls.
const WHEEL_ROWS: isize = 3;

pub(crate) fn on_mouse(state: &mut AppState, event: MouseEvent) -> Vec<Effect> {
    match event.kind {
        MouseEventKind::ScrollDown => wheel(state, event.column, event.row, WHEEL_ROWS),
        MouseEventKind::ScrollUp => wheel(state, event.column, event.row, -WHEEL_ROWS),
        MouseEventKind::Down(MouseButton::Left) => {
            return click(state, event.column, event.row);
        }
        _ => {}
    }
    Vec::new()
}

fn wheel(state: &mut AppState, column: u16, row: u16, delta: isize) {
    if state.transient.overlay.is_some() || state.panes.pane == Pane::Overview {
        return;
    }
    // Over the preview, the wheel reads on in what it shows.
    if let (_, Some(preview)) = pane_areas(state)
        && preview.contains(Position { x: column, y: row })
    {
        preview::scroll(state, delta);
        return;
    }
    if state.group.merges(state.panes.pane) {
        super::group_lists::scroll(state, delta);
        return;
    }
    if state.showing_list() {
        let page = list_rows(state);
        if let Some(list) = state.current_list_mut() {
            list.scroll_by(delta, page);
        }
    } else {
        navigate::scroll_text(state, delta);
    }
}

fn click(state: &mut AppState, column: u16, row: u16) -> Vec<Effect> {
    if state.transient.overlay.is_some() {
        return Vec::new();
    }
    let areas = state_areas(state);
    if areas.tabs.height > 0 && row == areas.tabs.y {
        return match tab_at(column, state.env.width, state.new_replies()) {
            // As its key does: leaving a group's lines narrows to the organisation shown.
            Some(pane) => super::commands::run(state, crate::tui::command::Command::GoTo(pane)),
            None => Vec::new(),
        };
    }
    if let Some(effects) = super::group::click(state, areas.body, (column, row)) {
        return effects;
    }
    if state.panes.pane == Pane::Overview {
        return match tile_at(areas.body, column, row) {
            Some(tile) if tile == state.panes.overview => navigate::open(state),
            Some(tile) => {
                state.panes.overview = tile;
                Vec::new()
            }
            None => Vec::new(),
        };
    }
    if !state.showing_list() {
        return Vec::new();
    }
    let table = inner(list_body(state));
    let first_row = table.y + 1;
    if row < first_row || row >= table.bottom() || column < table.x || column >= table.right() {
        return Vec::new();
    }
    let page = list_rows(state);
    let Some(list) = state.current_list_mut() else { return Vec::new() };
    let position = list.offset() + usize::from(row - first_row);
    if position == list.selected() && list.selected_index().is_some() {
        return navigate::open(state);
    }
    if list.select_position(position) {
        list.scroll_into_view(page);
    }
    Vec::new()
}
