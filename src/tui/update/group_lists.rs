//! What every merged list of a group does alike (its inbox, its campaigns): moving the
//! cursor among the rows, the filter, `S` sorting, `r` reading again the organisations
//! that could not be read, and saying that a key works in one organisation's pane only.

use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::input::TextInput;
use crate::tui::model::Pane;
use crate::tui::state::AppState;
use crate::tui::update::group_rows;
use ratatui::layout::Rect;

/// A command every merged list answers alike; `None` leaves it to the list's own keys.
pub(crate) fn command(state: &mut AppState, command: Command) -> Option<Vec<Effect>> {
    let pane = state.panes.pane;
    let filter = state.group.list(pane)?.filter.clone();
    match command {
        Command::Up
        | Command::Down
        | Command::Top
        | Command::Bottom
        | Command::PageUp
        | Command::PageDown
        | Command::HalfPageUp
        | Command::HalfPageDown => movement(state, command),
        Command::Filter => {
            state.transient.filter_input = TextInput::new(&filter);
            state.transient.filtering = true;
        }
        Command::Back if !filter.is_empty() => set_filter(state, ""),
        // Nothing open to close: the list stays as it is.
        Command::Back => {}
        Command::Refresh => return Some(retry(state)),
        Command::CycleSort => return Some(super::group_sort::cycle(state)),
        _ => return None,
    }
    Some(Vec::new())
}

/// How many rows the merged list of the current pane lists.
fn listed(state: &AppState) -> usize {
    let (group, context) = (&state.group, state.merged_context());
    match state.panes.pane {
        Pane::Exchanges => group.inbox.rows(&group.orgs, &context).len(),
        Pane::Campaigns => group.campaigns.campaigns(&group.orgs, &context).len(),
        Pane::Bots => group.bots.bots(&group.orgs, &context).len(),
        Pane::Meetings => group.meetings.meetings(&group.orgs, &context).len(),
        Pane::Contacts => {
            crate::tui::group::contacts::ContactsListed::of(&group.contacts_found, &group.orgs)
                .len()
        }
        _ => 0,
    }
}

/// Moves the cursor among the rows listed.
pub(crate) fn movement(state: &mut AppState, command: Command) {
    let last = listed(state).saturating_sub(1);
    let page = crate::tui::layout::list_rows(state);
    let Some(list) = state.group.list_mut(state.panes.pane) else { return };
    let cursor = list.cursor.min(last);
    list.cursor = match command {
        Command::Up => cursor.saturating_sub(1),
        Command::Down => (cursor + 1).min(last),
        Command::PageUp => cursor.saturating_sub(page),
        Command::PageDown => (cursor + page).min(last),
        Command::HalfPageUp => cursor.saturating_sub(page / 2),
        Command::HalfPageDown => (cursor + page / 2).min(last),
        Command::Top => 0,
        Command::Bottom => last,
        _ => cursor,
    };
}

/// The filter as typed: the list narrows with every edit, from its first row.
pub(crate) fn set_filter(state: &mut AppState, text: &str) {
    if let Some(list) = state.group.list_mut(state.panes.pane) {
        list.filter = text.to_string();
        list.cursor = 0;
    }
}

/// `r`: the organisations that could not be read, read again; when none failed, every one
/// not being read already (a refresh).
fn retry(state: &mut AppState) -> Vec<Effect> {
    let orgs = &state.group.orgs;
    let failed: Vec<usize> = (0..orgs.len())
        .filter(|&at| orgs[at].error.is_some() && orgs[at].reading.is_none())
        .collect();
    let again = if failed.is_empty() {
        (0..orgs.len()).filter(|&at| orgs[at].reading.is_none()).collect()
    } else {
        failed
    };
    group_rows::read_at(state, &again)
}

/// Whether `command` works in one organisation's pane only, whatever merged list shows:
/// jumps, ranges, the preview and what goes outside (copy, link, pager) act on one
/// organisation's pane.
pub(crate) fn works_in_one(command: Command) -> bool {
    matches!(
        command,
        Command::Jump
            | Command::CycleRange
            | Command::TogglePreview
            | Command::Copy
            | Command::OpenLink
            | Command::Pipe
    )
}

/// The wheel over a merged list: the cursor moves `delta` rows, the list following it.
pub(crate) fn scroll(state: &mut AppState, delta: isize) {
    let last = listed(state).saturating_sub(1);
    let Some(list) = state.group.list_mut(state.panes.pane) else { return };
    list.cursor = list.cursor.min(last).saturating_add_signed(delta).min(last);
}

/// A click on the merged list drawn in `area` (from its top: the title, a line per
/// organisation not read, the heading, then the rows): it chooses a row; whether it was on
/// the row chosen already (which then opens, as a click on a single list's row does).
pub(crate) fn click(state: &mut AppState, area: Rect, row: u16) -> bool {
    let above = 2 + state.group.apart(state.panes.pane, "").len();
    let height = usize::from(area.height).saturating_sub(above);
    let Some(at) = usize::from(row).checked_sub(usize::from(area.y) + above) else {
        return false;
    };
    let listed = listed(state);
    let Some(list) = state.group.list_mut(state.panes.pane) else { return false };
    let at = list.offset(height) + at;
    if at >= listed {
        return false;
    }
    let chosen = at == list.cursor;
    list.cursor = at;
    chosen
}

/// Said of a key that works in one organisation's pane only.
pub(crate) fn one_at_a_time(state: &mut AppState) {
    let enter = state.key_label(Command::Open, "Enter");
    state.transient.notice = Some(format!(
        "That works in one organisation's pane: {enter} opens this row in its organisation's."
    ));
}
