//! Campaigns: a table (name, status, created, tracking) and a detail with every setting,
//! the ten auto-pilot flags read as "auto" or "review".

use crate::tui::resource::Campaigns;
use crate::tui::state::AppState;
use crate::tui::views::pane::{render_detail, render_pane_list};
use ratatui::Frame;
use ratatui::layout::Rect;

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if state.campaigns.detail.is_some() {
        return render_detail(frame, area, state, "Campaign");
    }
    render_pane_list::<Campaigns>(frame, area, state, Vec::new());
}
