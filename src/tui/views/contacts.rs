//! Contacts: a table (e-mail, name, tags, time zone, DNC) and a detail with custom data.

use crate::tui::resource::{Contacts, PaneList};
use crate::tui::rows::contact_cells;
use crate::tui::state::AppState;
use crate::tui::views::pane::{list_title, render_detail, render_list};
use crate::tui::widgets::table::{Column, cell};
use ratatui::Frame;
use ratatui::layout::Rect;

const COLUMNS: [Column; 5] = [
    Column::new(Contacts::COLUMNS[0], 18, 32, 0),
    Column::new(Contacts::COLUMNS[1], 14, 28, 2),
    Column::new(Contacts::COLUMNS[2], 10, 48, 4),
    Column::new(Contacts::COLUMNS[3], 16, 24, 3),
    Column::new(Contacts::COLUMNS[4], 3, 3, 1),
];

pub fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if state.contacts.detail.is_some() {
        return render_detail(frame, area, state, "Contact");
    }
    let theme = &state.theme;
    let remote = &state.store.contacts;
    let list = &state.contacts.list;
    let title = list_title(state, "Contacts", remote, list, Vec::new());
    render_list(frame, area, state, "contacts", remote, list, title, &COLUMNS, |contact, _| {
        let [email, name, tags, zone, dnc] = contact_cells(contact);
        vec![
            cell(email, theme.text),
            cell(name, theme.text),
            cell(tags, theme.accent),
            cell(zone, theme.dim),
            cell(dnc, theme.negative),
        ]
    });
}
