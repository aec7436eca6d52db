//! The lists only a merged pane needs (the group's Meetings and Contacts): each
//! organisation's read the first time its pane shows for the group and on `r`, its answer
//! taken (a failure said on its own line above the rows, its rows gone: its key may be),
//! and the filter of the contacts searched off the UI thread when they are many.

use crate::tui::action::Effect;
use crate::tui::group::contacts::ContactsFound;
use crate::tui::group::lists::{ListAnswer, ListRead, OrgList, Rows, Wanted};
use crate::tui::group::{GroupState, OrgEntry};
use crate::tui::model::{Pane, ReqId, Slot};
use crate::tui::state::AppState;
use std::sync::Arc;

/// The list a merged pane reads per organisation, if it reads one of its own.
fn wanted(state: &AppState, pane: Pane) -> Option<Wanted> {
    match pane {
        Pane::Meetings => Some(Wanted::Meetings(state.panes.meetings.query.clone())),
        Pane::Contacts => Some(Wanted::Contacts),
        _ => None,
    }
}

/// Where the organisation's list for `pane` stands: never asked, idle (no read awaited),
/// failed; `None` when the pane reads no list of its own.
fn standing(entry: &OrgEntry, pane: Pane) -> Option<Standing> {
    fn of<T>(list: &OrgList<T>) -> Standing {
        let idle = list.reading.is_none();
        Standing { never: list.never_asked(), idle, failed: idle && list.error.is_some() }
    }
    match pane {
        Pane::Meetings => Some(of(&entry.meetings)),
        Pane::Contacts => Some(of(&entry.contacts)),
        _ => None,
    }
}

#[derive(Debug, Clone, Copy)]
struct Standing {
    never: bool,
    idle: bool,
    failed: bool,
}

/// Notes the read awaited of the organisation's list for `pane`. Whether it has one.
fn await_read(entry: &mut OrgEntry, pane: Pane, req_id: ReqId) -> bool {
    match pane {
        Pane::Meetings => entry.meetings.reading = Some(req_id),
        Pane::Contacts => entry.contacts.reading = Some(req_id),
        _ => return false,
    }
    true
}

/// When the current pane is a merged one with a list of its own: the reads of the
/// organisations never asked for it (none when all were). `None` for any other pane,
/// whose own loading goes on.
pub(crate) fn ensure_read(state: &mut AppState) -> Option<Vec<Effect>> {
    let pane = state.panes.pane;
    if !state.group.merges(pane) {
        return None;
    }
    wanted(state, pane)?;
    let orgs = &state.group.orgs;
    let never: Vec<usize> = (0..orgs.len())
        .filter(|&at| standing(&orgs[at], pane).is_some_and(|standing| standing.never))
        .collect();
    Some(read_at(state, pane, &never))
}

/// `r` on a merged pane with a list of its own: the organisations whose read failed read
/// again; when none failed, every one not being read (a refresh). `None` for another pane.
pub(crate) fn retry(state: &mut AppState) -> Option<Vec<Effect>> {
    let pane = state.panes.pane;
    wanted(state, pane)?;
    let states: Vec<Option<Standing>> =
        state.group.orgs.iter().map(|entry| standing(entry, pane)).collect();
    let places = |keep: fn(Standing) -> bool| -> Vec<usize> {
        (0..states.len()).filter(|&at| states[at].is_some_and(keep)).collect()
    };
    let failed = places(|standing| standing.failed);
    let again = if failed.is_empty() { places(|standing| standing.idle) } else { failed };
    Some(read_at(state, pane, &again))
}

/// The auto-refresh on the merged agenda: each organisation's meetings not being read
/// already. The merged contacts are not: hundreds of thousands change little, and `r`
/// reads them again.
pub(crate) fn refresh(state: &mut AppState) -> Vec<Effect> {
    if !state.group.merges(Pane::Meetings) || state.panes.pane != Pane::Meetings {
        return Vec::new();
    }
    let orgs = &state.group.orgs;
    let idle: Vec<usize> = (0..orgs.len())
        .filter(|&at| standing(&orgs[at], Pane::Meetings).is_some_and(|standing| standing.idle))
        .collect();
    read_at(state, Pane::Meetings, &idle)
}

/// The Meetings pane's range changed: the merged Meetings read again in it.
pub(crate) fn range_changed(state: &mut AppState, slot: Slot) -> Vec<Effect> {
    if slot != Slot::Meetings || !state.group.merges(Pane::Meetings) {
        return Vec::new();
    }
    let all: Vec<usize> = (0..state.group.orgs.len()).collect();
    read_at(state, Pane::Meetings, &all)
}

/// A write to `org` went through: its list of the merged pane shown read again (a contact
/// put on the do-not-contact list says so).
pub(crate) fn written(state: &mut AppState, org: &crate::tui::group::OrgId) -> Vec<Effect> {
    let pane = state.panes.pane;
    if !state.group.merges(pane) {
        return Vec::new();
    }
    match state.group.orgs.iter().position(|entry| &entry.org == org) {
        Some(at) => read_at(state, pane, &[at]),
        None => Vec::new(),
    }
}

/// Reads `pane`'s list of the organisations at these places; each keeps its rows meanwhile.
fn read_at(state: &mut AppState, pane: Pane, at: &[usize]) -> Vec<Effect> {
    let Some(wanted) = wanted(state, pane) else { return Vec::new() };
    let mut orgs = Vec::new();
    for &index in at {
        let req_id = state.take_req_id();
        if let Some(entry) = state.group.orgs.get_mut(index)
            && await_read(entry, pane, req_id)
        {
            orgs.push((entry.org.clone(), req_id));
        }
    }
    if orgs.is_empty() {
        return Vec::new();
    }
    let choice = &state.group.choice;
    let (base_url, allow_http) = (choice.base_url.clone(), choice.allow_http);
    vec![Effect::ReadGroupLists(ListRead { wanted, orgs, base_url, allow_http })]
}

/// An organisation's list came: kept when it is the read awaited.
pub(crate) fn answered(state: &mut AppState, answer: ListAnswer) -> Vec<Effect> {
    let group = &mut *state.group;
    let Some(entry) = group.orgs.iter_mut().find(|entry| entry.org == answer.org) else {
        return Vec::new();
    };
    let req_id = answer.req_id;
    let contacts = match answer.result {
        Ok(Rows::Meetings(items)) => {
            if take(&mut entry.meetings, req_id, Ok(items.iter().cloned().collect())) {
                at_today(state);
            }
            return Vec::new();
        }
        Ok(Rows::Contacts(rows)) => take(&mut entry.contacts, req_id, Ok(rows)),
        Err(error) => {
            let error = crate::text::sanitize(&error);
            take(&mut entry.meetings, req_id, Err(error.clone()));
            take(&mut entry.contacts, req_id, Err(error))
        }
    };
    if contacts { search_contacts(state, None) } else { Vec::new() }
}

/// The merged agenda opens at today, not at the oldest meeting of the range, as one
/// organisation's does: the cursor goes to the first meeting from today on as the
/// organisations' meetings come, until the user moves it.
fn at_today(state: &mut AppState) {
    let (zone, now) = (state.env.zone, state.env.now);
    let today = zone.date(now);
    let group = &mut *state.group;
    let list = &group.meetings;
    if !list.filter.is_empty() || list.cursor != group.meetings_placed.unwrap_or(0) {
        return;
    }
    let context = crate::present::Context::new(&zone, now);
    let rows = list.meetings(&group.orgs, &context);
    let first = rows.iter().position(|row| row.item.start.is_some_and(|s| zone.date(s.0) >= today));
    let at = first.unwrap_or(rows.len().saturating_sub(1));
    group.meetings.cursor = at;
    group.meetings_placed = Some(at);
}

/// `result` kept in `list` when it answers the read awaited (whether it did); its rows go
/// on a failure (its key may be gone, and a write would fail).
fn take<T>(list: &mut OrgList<T>, req_id: ReqId, result: Result<Arc<[T]>, String>) -> bool {
    if list.reading != Some(req_id) {
        return false;
    }
    list.reading = None;
    match result {
        Ok(rows) => (list.rows, list.read, list.error) = (rows, true, None),
        Err(error) => (list.rows, list.error) = (Arc::from([]), Some(error)),
    }
    true
}

/// The merged contacts' filter changed (or their rows did): the rows it keeps found again,
/// off the UI thread when many.
pub(crate) fn filtered(state: &mut AppState) -> Vec<Effect> {
    if state.panes.pane != Pane::Contacts {
        return Vec::new();
    }
    search_contacts(state, None)
}

/// The merged contacts a filter keeps, in the sort's order, found again: at once when few,
/// else off the UI thread. `keep`: the row under the cursor, which the cursor follows.
pub(crate) fn search_contacts(
    state: &mut AppState,
    keep: Option<crate::tui::group::contacts::ContactAt>,
) -> Vec<Effect> {
    let context = crate::present::Context::new(&state.env.zone, state.env.now);
    let GroupState { contacts, contacts_found, orgs, .. } = &mut *state.group;
    let Some(search) = contacts_found.search(contacts, orgs, keep, &context) else {
        return Vec::new();
    };
    if !search.is_small() {
        return vec![Effect::SearchContacts(Arc::new(search))];
    }
    if let Some(answer) = search.perform() {
        found(state, answer);
    }
    Vec::new()
}

/// The merged contacts a filter keeps (in a sort's order) were found: the cursor follows
/// its row when the search was asked to keep it.
pub(crate) fn found(state: &mut AppState, found: ContactsFound) {
    let group = &mut *state.group;
    let at = found.at;
    if group.contacts_found.accept(found) {
        let len = group.contacts_found.rows.len();
        let cursor = at.unwrap_or(group.contacts.cursor);
        group.contacts.cursor = cursor.min(len.saturating_sub(1));
    }
}
