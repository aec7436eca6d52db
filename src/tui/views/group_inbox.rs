//! The merged inbox of a group: every organisation's replies newest first, drawn as every
//! merged list is ([`super::merged`]), with the single inbox's columns after the ORG one.

use crate::api::Timestamp;
use crate::present::Context;
use crate::present::columns::{self, org_replies};
use crate::tui::state::AppState;
use crate::tui::views::merged::{self, Merged};
use crate::tui::widgets::table::Column;
use ratatui::Frame;
use ratatui::layout::Rect;

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    let group = &state.group;
    let rows = group.inbox.rows(&group.orgs, Timestamp(state.env.now));
    let screen = org_replies::screen();
    let context = Context::new(&state.env.zone, state.env.now);
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
    merged::render(frame, area, state, merged, |at| {
        columns::shown(&screen, rows[at].reply, &context)
    });
}
