//! The merged inbox's keys (a group open, not narrowed, on the Exchanges pane): beside what
//! every merged list does (`super::group_lists`: moving, the filter, `r`), `H` handled shown
//! or not, and each write on a row acting with that row's organisation — its marks for
//! handled and snoozes, its key for a do-not-contact — after a question naming it first.
//! Rows are marked (Space, `V`) and triaged together, each organisation's in its own marks
//! (`group_triage.rs`), and assigned in their organisation's team store (`group_team.rs`).
//! A category's key (`m`, `i`, … `A` all) lists that category of every organisation. The
//! forms of `c` and `a` open for the row's organisation (`group_forms.rs`). `Enter` narrows
//! the dashboard to the row's organisation and opens the row there; what works in one
//! organisation's inbox only (whose replies, the query) says so.

use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::snooze_prompt::SnoozePrompt;
use crate::tui::state::{AppState, Connection, Overlay};
use crate::tui::update::group_rows::{self, org_name, selected};
use crate::tui::update::outside;
use crate::tui::update::{
    group_dnc, group_forms, group_lists, group_marks, group_team, group_triage,
};

/// A command on the merged inbox; `None` leaves it to the dashboard (help, quit, panes).
pub(crate) fn command(state: &mut AppState, command: Command) -> Option<Vec<Effect>> {
    if command == Command::Back && group_marks::clear_marks(state) {
        return Some(Vec::new());
    }
    if let Some(effects) = group_lists::command(state, command) {
        return Some(effects);
    }
    match command {
        Command::ToggleHandled => {
            let inbox = &mut state.group.inbox;
            inbox.show_handled = !inbox.show_handled;
            state.transient.notice = Some(if inbox.show_handled {
                "Handled replies shown (✓).".into()
            } else {
                "Handled replies hidden.".into()
            });
        }
        Command::Handle => return Some(group_triage::handle(state)),
        Command::ShowCategory(shelf) => show_category(state, shelf),
        Command::AddDnc => ask(state, false),
        Command::AddDncDomain => ask(state, true),
        Command::Snooze => snooze_prompt(state),
        Command::Undo => return Some(group_triage::undo(state)),
        Command::MarkRow => group_marks::mark_row(state),
        Command::MarkRange => group_marks::mark_range(state),
        Command::Assign => group_team::open_picker(state),
        Command::AssignToMe => return Some(group_team::assign_to_me(state)),
        Command::Open => return Some(open(state)),
        Command::LogConversion => return Some(group_forms::log_conversion(state)),
        Command::AddContact => return Some(group_forms::add_contact(state)),
        Command::Unhandle
        | Command::NextUnhandled
        | Command::PrevUnhandled
        | Command::CycleWhose
        | Command::EditQuery
        | Command::UploadContact
        | Command::Jump
        | Command::Copy
        | Command::OpenLink
        | Command::Pipe => group_lists::one_at_a_time(state),
        _ => return None,
    }
    Some(Vec::new())
}

/// The do-not-contact question for the marked rows (`group_dnc.rs`), else the row under
/// the cursor, in its organisation; the replies it covers marked handled once it is done.
fn ask(state: &mut AppState, domain: bool) {
    if group_dnc::ask_marked(state, domain) {
        return;
    }
    let Some(row) = selected(state) else {
        state.transient.notice = Some("No reply is selected.".into());
        return;
    };
    let (org, id, email) = (row.org_id().clone(), row.reply.id(), row.reply.email().to_string());
    let whom = group_rows::Addressee { email: &email, name: None, listed: false };
    group_rows::ask_do_not_contact(state, org, whom, domain);
    // The reply is handled once its address is listed, as in the single inbox.
    if let Some(Overlay::Confirm(confirm)) = state.transient.overlay.as_mut() {
        confirm.replies = vec![id];
    }
}

/// A category's key: only its replies listed, of every organisation (`A`: all again), the
/// cursor on the first.
fn show_category(state: &mut AppState, shelf: crate::tui::model::Shelf) {
    let inbox = &mut state.group.inbox;
    (inbox.shelf, inbox.list.cursor) = (shelf.into(), 0);
    let all = crate::tui::model::Shelf::All;
    state.transient.notice = (shelf != all).then(|| {
        let listed = crate::tui::group::inbox::listed(state.group.inbox.shelf);
        let key = state.key_label(Command::ShowCategory(all), "A");
        format!("{listed} of every organisation: {key} lists all.")
    });
}

/// The snooze key's prompt, for the marked rows (else the one under the cursor), each in
/// its organisation's marks.
fn snooze_prompt(state: &mut AppState) {
    let rows = group_marks::targets(state);
    let title = match rows.as_slice() {
        [] => {
            state.transient.notice = Some("No reply is selected.".into());
            return;
        }
        [(org, ids)] if ids.len() == 1 && state.group.inbox.marked.is_empty() => {
            let email = selected(state).map(|row| crate::text::sanitize(row.reply.email()));
            let email = email.unwrap_or_default();
            format!("{}: snooze the reply from {email}", org_name(org))
        }
        marked => {
            let total: usize = marked.iter().map(|(_, ids)| ids.len()).sum();
            let each = marked.iter().map(|(org, ids)| format!("{} {}", org_name(org), ids.len()));
            format!("Snooze {total} marked replies ({})", each.collect::<Vec<_>>().join(", "))
        }
    };
    let mut prompt = SnoozePrompt::new(Vec::new(), title, None);
    prompt.rows = rows;
    state.transient.overlay = Some(Overlay::Snooze(prompt));
}

/// `Enter`: the dashboard narrowed to the row's organisation (its profile connected, as `P`
/// connects one), the row opened in its inbox once that is loaded.
fn open(state: &mut AppState) -> Vec<Effect> {
    let Some(row) = selected(state) else { return Vec::new() };
    let (org, id) = (row.org_id().clone(), row.reply.id());
    state.group.narrowed = Some(org.clone());
    state.group.inbox.opening = Some(id);
    let connected = match &state.server.connection {
        Connection::Ready(info) => info.profile == org.profile(),
        _ => false,
    };
    if connected {
        // Its inbox is read again: the row opens when it comes.
        return crate::tui::update::fetch::refresh_current(state);
    }
    outside::switch_profile(state, org.profile())
}

/// The reply to open now that its organisation's inbox is loaded (after `Enter` on it).
pub(crate) fn to_open(state: &mut AppState, slot: crate::tui::model::Slot) -> Option<i64> {
    if slot != crate::tui::model::Slot::Exchanges || state.org.store.exchanges.is_loading() {
        return None;
    }
    state.group.narrowed.as_ref()?;
    state.group.inbox.opening.take()
}
