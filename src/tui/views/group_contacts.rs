//! The merged Contacts of a group: every organisation's contacts, one organisation after
//! the other, drawn as every merged list is ([`super::merged`]) with the single pane's
//! columns (address, ORG, name, tags, zone, do-not-contact); only the rows in view are
//! looked up, however many the group holds.

use crate::present::Context;
use crate::present::columns::{self, contacts};
use crate::tui::group::contacts::ContactsListed;
use crate::tui::state::AppState;
use crate::tui::views::merged::{self, Merged};
use crate::tui::widgets::table::Column;
use ratatui::Frame;
use ratatui::layout::Rect;

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    let group = &state.group;
    let listed = ContactsListed::of(&group.contacts_found, &group.orgs);
    let screen = contacts::screen();
    let context = Context::new(&state.env.zone, state.env.now);
    let what = match (group.contacts_found.searching, group.contacts.filter.trim().is_empty()) {
        (false, _) => "Contacts",
        (true, true) => "Contacts (sorting…)",
        (true, false) => "Contacts (searching…)",
    };
    let merged = Merged {
        what,
        one: "contact",
        many: "contacts",
        list: &group.contacts,
        columns: screen.iter().map(Column::from).collect(),
        orgs: Vec::new(),
        none: "No organisation has a contact.",
        // Whose a row is goes last: a merged row means nothing without it.
        org_drop: 1,
    };
    let org = |at: usize| listed.get(at).map_or("", |row| row.org.org.profile());
    merged::render_many(
        frame,
        area,
        state,
        merged,
        listed.len(),
        &org,
        &|at| match listed.get(at) {
            Some(row) => columns::shown(&screen, row.item, &context),
            None => Vec::new(),
        },
    );
}
