//! Campaigns: a table (name, status, the results of the chosen range, created, tracking)
//! and a detail with every setting and the campaign's results.

use crate::tui::resource::Campaigns;
use crate::tui::state::AppState;
use crate::tui::views::pane::{render_detail, render_pane_list};
use crate::tui::views::range::range_spans;
use ratatui::Frame;
use ratatui::layout::Rect;

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if state.panes.campaigns.detail.is_some() {
        return render_detail(frame, area, state, "Campaign");
    }
    render_pane_list::<Campaigns>(frame, area, state, range_spans(state));
}
