//! The organisation's contacts (endpoint 10), in the server's order.

use crate::api::{ApiError, Client, Contact, Items, Listed};
use crate::clock::ZonesById;
use crate::tui::inbox::zones_of;
use std::sync::Arc;
use crate::present::{self, columns};
use crate::tui::action::Effect;
use crate::tui::model::{Pane, Slot};
use crate::tui::remote::Remote;
use crate::tui::resource::shape::{ListResource, MadeOnArrival, PaneList, pane_state};
use crate::tui::resource::rows::reindex_list;
use crate::text::sanitize;
use crate::tui::details;
use crate::tui::jumps::{Focus, Related};
use crate::tui::detail_line::DetailLine;
use crate::tui::state::{AppState, Connection};

pub struct Contacts;

/// Above this many contacts, the list shown is let go when the user reads it again (`r`),
/// rather than held beside the new one while that is read: holding two lists took the
/// dashboard past its memory budgets (100k contacts and their index are about 25 MB: a
/// peak of 81 MiB against 60; a million, 650 MiB against 500). The pane says it is reading
/// them for the moment that takes, and the new rows come back with the same selection and
/// filter. Smaller lists stay on screen while they reload.
pub const HELD_ONCE_ABOVE: usize = 50_000;

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

    /// Where each contact is, for when an absence ends: a walk of every contact, made
    /// where the list is read rather than on the UI thread when a chain is first read.
    fn made_on_arrival(items: &Items<Contact>) -> Option<MadeOnArrival> {
        Some(Arc::new(zones_of(items)))
    }

    fn take_made(state: &mut AppState, items: &Items<Contact>, made: MadeOnArrival) {
        if let Ok(zones) = made.downcast::<ZonesById>() {
            state.org.inbox.keep_contact_zones(items, zones);
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::intern::intern_zone;
    use crate::tui::inbox::InboxState;

    #[test]
    fn where_contacts_are_is_made_where_the_list_is_read_and_kept_with_it() {
        let mut paris = Contact::new(7, "a@b.c", "Ann", "Bee");
        paris.timezone = Some(intern_zone("Europe/Paris"));
        let items: Items<Contact> = Arc::new(vec![paris, Contact::new(8, "c@d.e", "Cy", "Dee")]);
        let made = Contacts::made_on_arrival(&items).expect("made on arrival");
        let zones = made.downcast::<ZonesById>().expect("the zones by id");
        assert_eq!(zones.get(&7), crate::clock::Zone::named("Europe/Paris").as_ref());
        assert!(zones.get(&8).is_none());

        let inbox = InboxState::default();
        inbox.keep_contact_zones(&items, Arc::clone(&zones));
        let asked = inbox.contact_zones(Some(&items));
        assert!(Arc::ptr_eq(&asked, &zones), "kept, not made again on the UI thread");
        let other: Items<Contact> = Arc::new(items.to_vec());
        assert!(!Arc::ptr_eq(&inbox.contact_zones(Some(&other)), &zones), "another list");
    }
}
