//! Campaigns: a table (name, status, created, tracking) and a detail with every setting,
//! the ten auto-pilot flags read as "auto" or "review".

use crate::tui::details::campaign::status_style;
use crate::tui::resource::{Campaigns, PaneList};
use crate::tui::rows::campaign_cells;
use crate::tui::state::AppState;
use crate::tui::views::pane::{list_title, render_detail, render_list};
use crate::tui::widgets::table::{Column, cell};
use ratatui::Frame;
use ratatui::layout::Rect;

const COLUMNS: [Column; 4] = [
    Column::new(Campaigns::COLUMNS[0], 16, 48, 0),
    Column::new(Campaigns::COLUMNS[1], 9, 12, 1),
    Column::new(Campaigns::COLUMNS[2], 16, 16, 2),
    Column::new(Campaigns::COLUMNS[3], 10, 10, 3),
];

pub fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if state.campaigns.detail.is_some() {
        return render_detail(frame, area, state, "Campaign");
    }
    let theme = &state.theme;
    let remote = &state.store.campaigns;
    let list = &state.campaigns.list;
    let title = list_title(state, "Campaigns", remote, list, Vec::new());
    render_list(frame, area, state, "campaigns", remote, list, title, &COLUMNS, |campaign, _| {
        let [name, status, created, tracking] = campaign_cells(campaign, &state.zone);
        vec![
            cell(name, theme.text),
            cell(status, status_style(&campaign.status, theme)),
            cell(created, theme.dim),
            cell(tracking, theme.text),
        ]
    });
}
