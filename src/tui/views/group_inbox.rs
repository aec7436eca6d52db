//! The merged inbox of a group: every organisation's replies newest first, drawn as every
//! merged list is ([`super::merged`]) with the single inbox's own columns after the ORG one
//! (snippet, who wrote last, and with a team store who handled or holds the reply), each
//! row asking its own organisation's facts; new rows bold, as there.

use crate::api::Timestamp;
use crate::inbox::Facts;
use crate::present::Context;
use crate::present::columns::{self, exchanges};
use crate::tui::state::AppState;
use crate::tui::views::merged::{self, Merged};
use crate::tui::widgets::table::Column;
use ratatui::Frame;
use ratatui::layout::Rect;

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    let group = &state.group;
    let rows = group.inbox.rows(&group.orgs, Timestamp(state.env.now));
    let mut screen = exchanges::screen();
    // The team column shows when any organisation has a team store: a row of one says so.
    let shared = rows.iter().map(|row| row.reply).find(|reply| reply.team.is_some());
    let shared: &dyn Facts = shared.map_or(&(), |reply| reply as &dyn Facts);
    let listed = Context { inbox: shared, ..Context::new(&state.env.zone, state.env.now) };
    screen.retain(|column| (column.shown)(&listed));
    let merged = Merged {
        what: "Replies",
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
        let reply = rows[at].reply;
        let context = Context { inbox: reply, campaigns: reply, ..listed };
        let mut cells = columns::shown(&screen, &reply.exchange, &context);
        if reply.new {
            cells.iter_mut().for_each(|cell| cell.strong = true);
        }
        cells
    });
}
