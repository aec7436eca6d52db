//! Contacts: a table (e-mail, name, tags, time zone, DNC) and a detail with custom data.

use crate::tui::resource::Contacts;
use crate::tui::state::AppState;
use crate::tui::views::pane::{render_detail, render_pane_list};
use ratatui::Frame;
use ratatui::layout::Rect;

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if state.panes.contacts.detail.is_some() {
        return render_detail(frame, area, state, "Contact");
    }
    render_pane_list::<Contacts>(frame, area, state, Vec::new());
}
