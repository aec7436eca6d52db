//! Marking rows of the merged inbox for a bulk action, as the single inbox marks its own:
//! Space marks a row (or no longer), `V` starts a range and `V` again marks the rows
//! between, `Esc` clears the marks; the marks of rows of several organisations, each
//! organisation's apart, for the triage (`group_triage.rs`) and assigning
//! (`group_team.rs`).

use crate::text::count;
use crate::tui::command::Command;
use crate::tui::group::OrgId;
use crate::tui::state::AppState;
use crate::tui::update::group_rows::{org_name, selected};

/// Rows of several organisations: each organisation with the ids of its rows.
pub(crate) type ByOrg = Vec<(OrgId, Vec<i64>)>;

/// The key of a merged row: its organisation and its id.
pub(crate) fn key_of(state: &AppState) -> Option<(OrgId, i64)> {
    selected(state).map(|row| (row.org_id().clone(), row.reply.id()))
}

/// Space: the row under the cursor marked (or no longer), the cursor on the next.
pub(crate) fn mark_row(state: &mut AppState) {
    if let Some(row) = key_of(state) {
        state.group.inbox.marked.toggle(row);
    }
    crate::tui::update::group_lists::movement(state, Command::Down);
}

/// `V` starts a range at the row under the cursor; `V` again marks every row between.
pub(crate) fn mark_range(state: &mut AppState) {
    let Some(here) = key_of(state) else { return };
    let Some(from) = state.group.inbox.range_from.take() else {
        state.group.inbox.range_from = Some(here);
        return range_started(state);
    };
    let rows = state.group.inbox.rows(&state.group.orgs, &state.merged_context());
    let keys: Vec<(OrgId, i64)> =
        rows.iter().map(|row| (row.org_id().clone(), row.reply.id())).collect();
    state.group.inbox.marked.extend(between(&keys, &from, &here).iter().cloned());
    let counted = counted_by_org(&marked_by_org(state));
    let marked = state.group.inbox.marked.len();
    state.transient.notice = Some(format!("{} marked ({counted}).", count(marked, "row", "rows")));
}

/// Said when `V` started a range, in every inbox.
pub(crate) fn range_started(state: &mut AppState) {
    let key = state.how(Command::MarkRange, "V");
    state.transient.notice =
        Some(format!("Range starts here: move, then {key} marks the rows between."));
}

/// The rows of `keys` (in the order listed) from `from` to `here`, whichever comes first;
/// none when either is no longer listed.
pub(crate) fn between<'k, K: PartialEq>(keys: &'k [K], from: &K, here: &K) -> &'k [K] {
    let (Some(a), Some(b)) =
        (keys.iter().position(|key| key == from), keys.iter().position(|key| key == here))
    else {
        return &[];
    };
    &keys[a.min(b)..=a.max(b)]
}

/// `Esc` with rows marked (or a range started): the marks cleared first. Whether there were.
pub(crate) fn clear_marks(state: &mut AppState) -> bool {
    let inbox = &state.group.inbox;
    if inbox.marked.is_empty() && inbox.range_from.is_none() {
        return false;
    }
    let marks = count(inbox.marked.len(), "row", "rows");
    let inbox = &mut state.group.inbox;
    inbox.marked.clear();
    inbox.range_from = None;
    state.transient.notice = Some(format!("Marks cleared ({marks})."));
    true
}

/// The marked rows still listed, each organisation's in the group's order, its rows in
/// the list's.
pub(crate) fn marked_by_org(state: &AppState) -> ByOrg {
    let inbox = &state.group.inbox;
    if inbox.marked.is_empty() {
        return Vec::new();
    }
    let mut by_org: ByOrg =
        state.group.orgs.iter().map(|entry| (entry.org.clone(), Vec::new())).collect();
    for row in inbox.rows(&state.group.orgs, &state.merged_context()) {
        let key = (row.org_id().clone(), row.reply.id());
        if inbox.marked.contains(&key)
            && let Some((_, ids)) = by_org.iter_mut().find(|(org, _)| *org == key.0)
        {
            ids.push(key.1);
        }
    }
    by_org.retain(|(_, ids)| !ids.is_empty());
    by_org
}

/// "acme: 2 replies, initech: 1 reply": how many of each organisation.
pub(crate) fn counted_by_org(rows: &[(OrgId, Vec<i64>)]) -> String {
    let each = rows
        .iter()
        .map(|(org, ids)| format!("{}: {}", org_name(org), count(ids.len(), "reply", "replies")));
    each.collect::<Vec<_>>().join(", ")
}

/// The marked rows, else the one under the cursor.
pub(crate) fn targets(state: &AppState) -> ByOrg {
    let marked = marked_by_org(state);
    if !marked.is_empty() {
        return marked;
    }
    key_of(state).map(|(org, id)| vec![(org, vec![id])]).unwrap_or_default()
}
