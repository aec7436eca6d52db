//! The merged Meetings' and Contacts' keys (a group open, not narrowed, on either pane):
//! the keys every merged list has, `d`/`D` putting the row's contact (or every address at
//! its domain) on its own organisation's do-not-contact list after a question naming that
//! organisation first (a read-only profile refused before anything is asked), and `Enter`
//! narrowing the dashboard to the row's organisation and opening the row there once that
//! organisation's pane is loaded.

use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::model::Pane;
use crate::tui::state::AppState;
use crate::tui::update::group_rows::{self, PaneRow, pane_row};
use crate::tui::update::{group_forms, group_lists, group_panes, outside};

/// A command on the merged Meetings or Contacts; `None` leaves it to the dashboard.
pub(crate) fn command(state: &mut AppState, command: Command) -> Option<Vec<Effect>> {
    if command == Command::Refresh {
        return group_panes::retry(state);
    }
    if let Some(effects) = group_lists::command(state, command) {
        return Some(effects);
    }
    match command {
        Command::AddDnc => do_not_contact(state, false),
        Command::AddDncDomain => do_not_contact(state, true),
        Command::Open => return Some(open(state)),
        Command::AddContact => return Some(group_forms::add_contact(state)),
        Command::LogConversion => return Some(group_forms::log_conversion(state)),
        Command::StartCampaign | Command::UploadContact => group_lists::one_at_a_time(state),
        command if group_lists::works_in_one(command) => group_lists::one_at_a_time(state),
        _ => return None,
    }
    Some(Vec::new())
}

/// `d` (or `D` with `domain`): the question before the row's contact (or every address at
/// its domain) goes on its organisation's do-not-contact list, naming that organisation
/// first.
fn do_not_contact(state: &mut AppState, domain: bool) {
    let what = if state.panes.pane == Pane::Meetings { "meeting" } else { "contact" };
    let Some(PaneRow { org, person, dnc, .. }) = pane_row(state) else {
        state.transient.notice = Some(format!("No {what} is selected."));
        return;
    };
    let Some((email, name)) = person else {
        state.transient.notice = Some("This meeting names no contact.".into());
        return;
    };
    let whom = group_rows::Addressee { email: &email, name: Some(&name), listed: dnc };
    group_rows::ask_do_not_contact(state, org, whom, domain);
}

/// `Enter`: the dashboard narrowed to the row's organisation (its profile connected, as
/// `P` connects one), on the same pane, the row opened there once it is loaded.
fn open(state: &mut AppState) -> Vec<Effect> {
    let pane = state.panes.pane;
    let Some(PaneRow { org, id, .. }) = pane_row(state) else { return Vec::new() };
    state.group.narrowed = Some(org.clone());
    state.group.opening = Some((pane, id));
    let mut effects = crate::tui::update::navigate::go_to(state, pane);
    let connected = match &state.server.connection {
        crate::tui::state::Connection::Ready(info) => info.profile == org.profile(),
        _ => false,
    };
    if connected {
        // Its list is read again: the row opens when it comes.
        effects.extend(crate::tui::update::fetch::refresh_current(state));
        return effects;
    }
    effects.extend(outside::switch_profile(state, org.profile()));
    effects
}

/// The meeting or contact to open now that its organisation's pane is loaded (after
/// `Enter` on it in the merged pane): selected and opened, or said missing.
pub(crate) fn to_open(state: &mut AppState, slot: crate::tui::model::Slot) -> Vec<Effect> {
    let pane = match slot {
        crate::tui::model::Slot::Meetings if !state.org.store.meetings.is_loading() => {
            Pane::Meetings
        }
        crate::tui::model::Slot::Contacts if !state.org.store.contacts.is_loading() => {
            Pane::Contacts
        }
        _ => return Vec::new(),
    };
    if state.group.narrowed.is_none() || state.group.opening.is_none_or(|(p, _)| p != pane) {
        return Vec::new();
    }
    let Some((_, id)) = state.group.opening.take() else { return Vec::new() };
    let height = crate::tui::layout::list_rows(state);
    let list = match pane {
        Pane::Meetings => &mut state.panes.meetings.list,
        _ => &mut state.panes.contacts.list,
    };
    if !list.select_id(id) {
        let what = if pane == Pane::Meetings { "Meeting" } else { "Contact" };
        state.transient.notice = Some(format!("{what} {id} is not listed here now."));
        return Vec::new();
    }
    list.scroll_into_view(height);
    crate::tui::update::navigate::open(state)
}
