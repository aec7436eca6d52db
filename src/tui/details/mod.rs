//! The text of an item opened from a list. Built from the state alone, so `update` can
//! count its lines for scrolling and the views can draw it.

pub mod bot;
pub mod campaign;
pub mod contact;
pub mod meeting;
mod results;

use crate::tui::model::Pane;
use crate::tui::state::AppState;
use ratatui::text::Line;

/// How many lines the open detail has (for scrolling).
pub fn detail_line_count(state: &AppState) -> usize {
    detail_lines(state).map_or(0, |lines| lines.len())
}

/// The lines of the current pane's open detail, wrapped at the pane's inner width (its
/// scrolling counts these lines).
pub fn detail_lines(state: &AppState) -> Option<Vec<Line<'static>>> {
    let inner = usize::from(state.env.width.saturating_sub(2));
    unwrapped_lines(state).map(|lines| crate::tui::widgets::detail_wrap::wrap(lines, inner))
}

fn unwrapped_lines(state: &AppState) -> Option<Vec<Line<'static>>> {
    let id = state.current_detail()?.id;
    match state.panes.pane {
        Pane::Campaigns => state
            .org
            .store
            .campaigns
            .items()
            .iter()
            .find(|c| c.id == id)
            .map(|c| campaign::detail_lines(c, state)),
        Pane::Meetings => state
            .org
            .store
            .meetings
            .items()
            .iter()
            .find(|m| m.id == id)
            .map(|m| meeting::detail_lines(m, state)),
        Pane::Bots => state
            .org
            .store
            .bots
            .items()
            .iter()
            .find(|b| b.id == id)
            .map(|b| bot::detail_lines(b, state)),
        Pane::Contacts => state
            .org
            .store
            .contacts
            .items()
            .iter()
            .find(|c| c.id == id)
            .map(|c| contact::detail_lines(c, state)),
        Pane::Overview | Pane::Exchanges => None,
    }
}
