//! The organisation's contacts (endpoint 10), in the server's order.

use crate::api::{ApiError, Client, Contact, Listed};
use crate::present::{self, columns};
use crate::tui::action::Effect;
use crate::tui::model::{Pane, Slot};
use crate::tui::remote::Remote;
use crate::tui::resource::shape::{ListResource, PaneList, pane_state};
use crate::tui::resource::rows::reindex_list;
use crate::text::sanitize;
use crate::tui::details;
use crate::tui::jumps::{Focus, Related};
use crate::tui::detail_line::DetailLine;
use crate::tui::state::{AppState, Connection};

pub struct Contacts;

/// Above this many contacts, the list shown is let go when the user reads it again (`r`),
/// rather than held beside the new one while that is read: a million contacts and their
/// index are about 250 MB, and holding two lists took the dashboard past its memory
/// budget. The pane says it is reading them, and the new rows come back with the same
/// selection and filter. Smaller lists stay on screen while they reload.
pub const HELD_ONCE_ABOVE: usize = 200_000;

/// Before `r` reads the Contacts pane again: a list above [`HELD_ONCE_ABOVE`] is let go
/// (unless a contact's detail is open on it; the detail keeps its rows to show).
pub(crate) fn let_go_before_reading_again(state: &mut AppState) {
    let shown = state.panes.pane == Pane::Contacts && state.panes.contacts.detail.is_none();
    let large = state.org.store.contacts.items().len() > HELD_ONCE_ABOVE;
    if !shown || !large || !matches!(state.server.connection, Connection::Ready(_)) {
        return;
    }
    state.org.store.contacts.data = None;
    state.panes.contacts.list.let_go_of_index();
}

impl ListResource for Contacts {
    type Item = Contact;
    type Query = ();
    const SLOT: Slot = Slot::Contacts;

    fn query(_: &AppState) -> Option<()> {
        Some(())
    }

    fn remote(state: &AppState) -> Option<&Remote<Contact>> {
        Some(&state.org.store.contacts)
    }

    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<Contact>> {
        Some(&mut state.org.store.contacts)
    }

    async fn fetch(client: &Client, _: &()) -> Result<Listed<Contact>, ApiError> {
        client.list_contacts().await
    }

    fn reindex(state: &mut AppState) -> Vec<Effect> {
        reindex_list::<Self>(state)
    }
}

impl PaneList for Contacts {
    const PANE: Pane = Pane::Contacts;
    /// Address, name, tags, zone and the do-not-contact mark are all the contact's own.
    const CELLS_READ_ITEM_ONLY: bool = true;
    fn columns() -> Vec<present::Column<Contact>> {
        columns::contacts::screen()
    }

    fn id(contact: &Contact) -> i64 {
        contact.id
    }

    pane_state!(contacts);

    fn detail_lines(contact: &Contact, state: &AppState) -> Option<Vec<DetailLine>> {
        Some(details::contact::detail_lines(contact, state))
    }

    fn copied(contact: &Contact) -> (&'static str, String) {
        ("address", sanitize(contact.email()))
    }

    fn contact_address(contact: &Contact) -> Option<String> {
        Some(contact.email().to_string())
    }

    /// Their exchanges in the inbox.
    fn related(contact: &Contact) -> Option<Related> {
        let name = crate::present::names::name_or_email(
            contact.first_name(),
            contact.last_name(),
            contact.email(),
        );
        Some(Related::Replies(Focus::Contact { id: contact.id, name: sanitize(&name) }))
    }
    const LEADS_TO: Option<&'static str> = Some("exchanges");
}
