//! The merged Campaigns of a group: every organisation's campaigns newest first, drawn as
//! every merged list is ([`super::merged`]): name, ORG, status, when created, tracking.

use crate::present::columns::{self, campaigns};
use crate::tui::state::AppState;
use crate::tui::views::merged::{self, Merged};
use crate::tui::widgets::table::Column;
use ratatui::Frame;
use ratatui::layout::Rect;

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    let group = &state.group;
    let context = state.merged_context();
    let rows = group.campaigns.campaigns(&group.orgs, &context);
    let screen = campaigns::merged();
    let merged = Merged {
        what: "Campaigns",
        one: "campaign",
        many: "campaigns",
        list: &group.campaigns,
        columns: screen.iter().map(Column::from).collect(),
        orgs: rows.iter().map(|row| row.org.org.profile()).collect(),
        none: "No organisation has a campaign.",
        // Whose a row is goes last: a merged row means nothing without it.
        org_drop: 1,
    };
    merged::render(frame, area, state, merged, &|at| {
        columns::shown(&screen, rows[at].item, &context)
    });
}
