//! The replies an action on the inbox acts on: the one in view (selected, or open as a
//! chain), or the marked rows.

use crate::api::Exchange;
use crate::needs::{Need, Subject};
use crate::tui::model::Pane;
use crate::tui::state::AppState;

/// The reply in view: the open chain's, else the selected row's.
pub(crate) fn reply_in_view(state: &AppState) -> Option<Exchange> {
    if needs_open(state) {
        let Subject::Exchange(id) = selected_need(state)?.subject else { return None };
        return state.org.store.exchanges.items().iter().find(|e| e.id == id).cloned();
    }
    if !state.on_inbox() {
        return None;
    }
    if let Some(chain) = state.opened_chain() {
        return Some(chain.exchange.clone());
    }
    let index = state.panes.exchanges.list.selected_index()?;
    state.org.store.exchanges.items().get(index).cloned()
}

/// The marked rows still in the list, in its order (none while a chain is open).
pub(crate) fn marked_replies(state: &AppState) -> Vec<Exchange> {
    if !state.inbox_list_shown() {
        return Vec::new();
    }
    let items = state.org.store.exchanges.items();
    state
        .panes
        .exchanges
        .list
        .order()
        .iter()
        .filter_map(|&index| items.get(index as usize))
        .filter(|exchange| state.org.inbox.marked.contains(&exchange.id))
        .cloned()
        .collect()
}

/// Whether the Overview shows the "Needs you" list (its keys then act on it, and a reply's
/// keys on the reply its selected item is about).
pub(crate) fn needs_open(state: &AppState) -> bool {
    state.panes.pane == Pane::Overview && state.org.inbox.speed_open
}

/// The item selected in the "Needs you" list, if the list has one.
pub(crate) fn selected_need(state: &AppState) -> Option<Need> {
    let needs = state.org.needs(state.env.now, state.env.zone);
    needs.get(state.panes.needs_row.min(needs.len().saturating_sub(1))).cloned()
}
