//! Contacts: a table (e-mail, name, tags, time zone, DNC) and a detail with custom data.

use crate::tui::resource::{Contacts, PaneList, context};
use crate::tui::state::AppState;
use crate::tui::views::pane::{list_title, render_detail, render_list};
use ratatui::Frame;
use ratatui::layout::Rect;

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if state.contacts.detail.is_some() {
        return render_detail(frame, area, state, "Contact");
    }
    let remote = &state.store.contacts;
    let list = &state.contacts.list;
    let title = list_title(state, "Contacts", remote, list, Vec::new());
    let columns = Contacts::columns();
    let context = context(state);
    render_list(
        frame,
        area,
        state,
        "contacts",
        remote,
        list,
        title,
        &columns,
        &context,
        |_, _, _| {},
    );
}
