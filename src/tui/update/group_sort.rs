//! Choosing the order of a group's merged list, as a single pane's is chosen: `S` cycles
//! through its columns (each ascending, then descending, then the list's own order after
//! the last) and `:sort NAME [asc|desc]` names one — the single pane's columns as the
//! merged list draws them, and `org`. The cursor stays on the row it was on. The merged
//! contacts are sorted with their filter, off the UI thread when many. A group named in
//! the config keeps its sorts as a profile keeps its own, read when the group opens.

use crate::present::sort::SortBy;
use crate::tui::action::Effect;
use crate::tui::group::OrgId;
use crate::tui::group::contacts::ContactsListed;
use crate::tui::group::sort::names as merged_names;
use crate::tui::model::Pane;
use crate::tui::sorts::{Sorts, SortsJob, next, parse, said};
use crate::tui::state::AppState;
use crate::tui::update::group_panes;

/// The sort names of `pane`'s merged list, in the order its columns are drawn.
fn names(state: &AppState, pane: Pane) -> Vec<String> {
    use crate::present::columns::{bots, campaigns, contacts, meetings};
    let (group, context) = (&state.group, state.merged_context());
    match pane {
        Pane::Exchanges => merged_names(&crate::tui::group::inbox::columns(&group.orgs, &context)),
        Pane::Campaigns => merged_names(&campaigns::merged()),
        Pane::Bots => merged_names(&bots::merged()),
        Pane::Meetings => merged_names(&meetings::screen()),
        Pane::Contacts => merged_names(&contacts::screen()),
        Pane::Overview => Vec::new(),
    }
}

/// `S`: the next sort of the merged list on screen.
pub(crate) fn cycle(state: &mut AppState) -> Vec<Effect> {
    let names = names(state, state.panes.pane);
    let current = state.group.list(state.panes.pane).and_then(|list| list.sort.as_ref());
    let sort = next(&names, current);
    choose(state, sort)
}

/// `:sort NAME [asc|desc]`, `:sort off` on a merged list; an unknown name is answered with
/// the names there are.
pub(crate) fn from_palette(state: &mut AppState, words: &str) -> Result<Vec<Effect>, String> {
    let sort = parse(words, &names(state, state.panes.pane))?;
    Ok(choose(state, sort))
}

/// Sorts the merged list on screen by `sort` (`None`: its own order), said on the status
/// bar; the cursor follows its row.
fn choose(state: &mut AppState, sort: Option<SortBy>) -> Vec<Effect> {
    state.transient.notice = Some(said(sort.as_ref(), "In the merged list's own order"));
    let mut effects = sort_pane(state, state.panes.pane, sort);
    effects.extend(keep(state));
    effects
}

/// `pane`'s merged list sorted by `sort`, the cursor following its row (the pane on
/// screen; another's has no row in view to follow).
fn sort_pane(state: &mut AppState, pane: Pane, sort: Option<SortBy>) -> Vec<Effect> {
    let shown = pane == state.panes.pane;
    if pane == Pane::Contacts {
        let group = &state.group;
        let listed = ContactsListed::of(&group.contacts_found, &group.orgs);
        let keep = listed.place(group.contacts.cursor.min(listed.len().saturating_sub(1)));
        state.group.contacts.sort = sort;
        return group_panes::search_contacts(state, keep.filter(|_| shown));
    }
    let rows = if shown { listed(state) } else { Vec::new() };
    let cursor = state.group.list(pane).map_or(0, |list| list.cursor);
    let was = rows.get(cursor.min(rows.len().saturating_sub(1))).cloned();
    let Some(list) = state.group.list_mut(pane) else { return Vec::new() };
    list.sort = sort;
    let Some(was) = was else { return Vec::new() };
    if let Some(at) = listed(state).iter().position(|row| *row == was)
        && let Some(list) = state.group.list_mut(pane)
    {
        list.cursor = at;
    }
    Vec::new()
}

/// What a group's sorts are kept as, beside the profiles' (`sorts-group-clients.json`):
/// none for a group named by `--profiles` only.
fn kept_as(state: &AppState) -> Option<String> {
    state.group.choice.name.as_ref().map(|name| format!("group-{name}"))
}

/// Once a group opens: read the sorts kept for it.
pub(crate) fn read(state: &AppState) -> Option<Effect> {
    kept_as(state).map(|profile| Effect::Sorts(SortsJob::Read { profile }))
}

/// Keeps the group's sorts, at each change.
fn keep(state: &AppState) -> Option<Effect> {
    let profile = kept_as(state)?;
    let mut sorts = Sorts::default();
    for pane in Pane::ALL {
        sorts.set(pane, state.group.list(pane).and_then(|list| list.sort.clone()));
    }
    Some(Effect::Sorts(SortsJob::Keep { profile, sorts }))
}

/// The sorts kept for a group were read: each merged list not sorted in this session yet
/// takes its kept one, when its columns still have it. `None`: they are not the group's.
pub(crate) fn on_read(state: &mut AppState, profile: &str, kept: &Sorts) -> Option<Vec<Effect>> {
    if kept_as(state).as_deref() != Some(profile) {
        return None;
    }
    let mut effects = Vec::new();
    for (pane, sort) in kept.iter() {
        let unsorted = state.group.list(pane).is_some_and(|list| list.sort.is_none());
        if unsorted && names(state, pane).contains(&sort.name) {
            effects.extend(sort_pane(state, pane, Some(sort.clone())));
        }
    }
    Some(effects)
}

/// The rows of the merged list on screen (not the contacts), each as its organisation and
/// id, in the order listed.
fn listed(state: &AppState) -> Vec<(OrgId, i64)> {
    let (group, context) = (&state.group, state.merged_context());
    let orgs = &group.orgs;
    let row = |org: &OrgId, id: i64| (org.clone(), id);
    match state.panes.pane {
        Pane::Exchanges => {
            let rows = group.inbox.rows(orgs, &context);
            rows.iter().map(|r| row(r.org_id(), r.reply.id())).collect()
        }
        Pane::Campaigns => {
            let rows = group.campaigns.campaigns(orgs, &context);
            rows.iter().map(|r| row(&r.org.org, r.item.id)).collect()
        }
        Pane::Bots => {
            let rows = group.bots.bots(orgs, &context);
            rows.iter().map(|r| row(&r.org.org, r.item.id)).collect()
        }
        Pane::Meetings => {
            let rows = group.meetings.meetings(orgs, &context);
            rows.iter().map(|r| row(&r.org.org, r.item.id)).collect()
        }
        Pane::Contacts | Pane::Overview => Vec::new(),
    }
}
