//! The merged Meetings of a group: every organisation's meetings in the Meetings pane's
//! date range, soonest first, drawn as every merged list is ([`super::merged`]) with the
//! single agenda's columns and marks (the day on the first meeting of a day, the summary
//! saying first that a meeting is over or was called off).

use crate::present::columns::{self, meetings};
use crate::tui::state::AppState;
use crate::tui::views::meetings::{mark_row, range_text};
use crate::tui::views::merged::{self, Merged};
use crate::tui::widgets::table::Column;
use ratatui::Frame;
use ratatui::layout::Rect;
use std::cell::Cell;

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    let group = &state.group;
    let context = state.merged_context();
    let rows = group.meetings.meetings(&group.orgs, &context);
    let screen = meetings::screen();
    let key = state.key_label(crate::tui::command::Command::EditQuery, "f");
    let what = format!("Meetings {} [{key}]", range_text(&state.panes.meetings.query));
    let merged = Merged {
        what: &what,
        one: "meeting",
        many: "meetings",
        list: &group.meetings,
        columns: agenda_columns(&screen),
        orgs: rows.iter().map(|row| row.org.org.profile()).collect(),
        none: "No organisation has a meeting in this range.",
        // Whose a row is goes last: a merged row means nothing without it.
        org_drop: 1,
    };
    // The rows in view are made top down: the first made heads the view with its day.
    let top = Cell::new(None);
    merged::render(frame, area, state, merged, &|at| {
        let mut cells = columns::shown(&screen, rows[at].item, &context);
        let first = *top.get().get_or_insert(at);
        top.set(Some(first));
        let before = at.checked_sub(1).filter(|&before| before >= first);
        mark_row(state, rows[at].item, before.map(|before| rows[before].item), &mut cells);
        cells
    });
}

/// The agenda's columns for a merged list: its day kept as long as the organisation is
/// (a time without its day says nothing), the contact giving way before them.
fn agenda_columns(screen: &[crate::present::Column<crate::api::Meeting>]) -> Vec<Column> {
    let mut columns: Vec<Column> = screen.iter().map(Column::from).collect();
    if let Some(day) = columns.first_mut() {
        day.limits.drop = day.limits.drop.min(1);
    }
    columns
}
