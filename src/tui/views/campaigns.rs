//! Campaigns: a table (name, status, created, tracking) and a detail with every setting,
//! the ten auto-pilot flags read as "auto" or "review".

use crate::tui::resource::{Campaigns, PaneList, context};
use crate::tui::state::AppState;
use crate::tui::views::pane::{list_title, render_detail, render_list};
use ratatui::Frame;
use ratatui::layout::Rect;

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if state.campaigns.detail.is_some() {
        return render_detail(frame, area, state, "Campaign");
    }
    let remote = &state.store.campaigns;
    let list = &state.campaigns.list;
    let title = list_title(state, "Campaigns", remote, list, Vec::new());
    let columns = Campaigns::columns();
    let context = context(state);
    render_list(
        frame,
        area,
        state,
        "campaigns",
        remote,
        list,
        title,
        &columns,
        &context,
        |_, _, _| {},
    );
}
