//! The merged Bots of a group: every organisation's bots, those needing attention first,
//! drawn as every merged list is ([`super::merged`]): address, ORG, name, status, mailbox,
//! warm-up, pool, health.

use crate::present::columns::{self, bots};
use crate::tui::state::AppState;
use crate::tui::views::merged::{self, Merged};
use crate::tui::widgets::table::Column;
use ratatui::Frame;
use ratatui::layout::Rect;

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    let group = &state.group;
    let context = state.merged_context();
    let rows = group.bots.bots(&group.orgs, &context);
    let screen = bots::merged();
    let merged = Merged {
        what: "Bots",
        one: "bot",
        many: "bots",
        list: &group.bots,
        columns: screen.iter().map(Column::from).collect(),
        orgs: rows.iter().map(|row| row.org.org.profile()).collect(),
        none: "No organisation has a bot.",
        // Whose a row is goes last: a merged row means nothing without it.
        org_drop: 1,
    };
    merged::render(frame, area, state, merged, &|at| {
        columns::shown(&screen, rows[at].item, &context)
    });
}
