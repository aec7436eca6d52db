//! The replies an action on the inbox acts on: the one in view (selected, or open as a
//! chain), or the marked rows.

use crate::api::Exchange;
use crate::tui::model::Pane;
use crate::tui::state::AppState;

/// The reply in view: the open chain's, else the selected row's.
pub(crate) fn reply_in_view(state: &AppState) -> Option<Exchange> {
    if state.panes.pane != Pane::Exchanges {
        return None;
    }
    if let Some(chain) = &state.panes.exchanges.chain {
        return Some(chain.exchange.clone());
    }
    let index = state.panes.exchanges.list.selected_index()?;
    state.org.store.exchanges.items().get(index).cloned()
}

/// The marked rows still in the list, in its order (none while a chain is open).
pub(crate) fn marked_replies(state: &AppState) -> Vec<Exchange> {
    if state.panes.pane != Pane::Exchanges || state.panes.exchanges.chain.is_some() {
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
