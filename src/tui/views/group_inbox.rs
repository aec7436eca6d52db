//! The merged inbox of a group: every organisation's replies newest first (or as sorted),
//! drawn as every merged list is ([`super::merged`]) with the single inbox's own columns
//! after the ORG one (snippet, who wrote last, and with a team store who handled or holds
//! the reply), each row asking its own organisation's facts; new rows bold and marked rows
//! flagged, as there.

use crate::present::columns;
use crate::tui::group::inbox::{columns as inbox_columns, row_context};
use crate::tui::state::AppState;
use crate::tui::views::exchanges::flag_marked;
use crate::tui::views::merged::{self, Merged};
use crate::tui::widgets::table::Column;
use ratatui::Frame;
use ratatui::layout::Rect;

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    let group = &state.group;
    let context = state.merged_context();
    let rows = group.inbox.rows(&group.orgs, &context);
    let screen = inbox_columns(&group.orgs, &context);
    let what = crate::tui::group::inbox::listed(group.inbox.shelf);
    let merged = Merged {
        what: &what,
        one: "reply",
        many: "replies",
        list: &group.inbox.list,
        columns: screen.iter().map(Column::from).collect(),
        orgs: rows.iter().map(|row| row.org.org.profile()).collect(),
        none: "No reply waits in any organisation.",
        // Whose a row is goes last: a merged row means nothing without it.
        org_drop: 1,
    };
    merged::render(frame, area, state, merged, &|at| {
        let (org, reply) = (rows[at].org_id(), rows[at].reply);
        let mut cells = columns::shown(&screen, &reply.exchange, &row_context(reply, &context));
        if reply.new {
            cells.iter_mut().for_each(|cell| cell.strong = true);
        }
        if group.inbox.marked.contains(&(org.clone(), reply.id())) {
            flag_marked(&mut cells);
        }
        cells
    });
}
