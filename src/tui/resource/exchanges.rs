//! Exchanges (endpoint 9) under the pane's server-side filters, most recently updated first:
//! the reply inbox, narrowed by its category and handled filters.

use crate::api::{ApiError, Client, Exchange, ExchangeQuery, Items, Listed};
use crate::present::{self, columns};
use crate::tui::action::Effect;
use crate::tui::layout::list_rows;
use crate::tui::model::{Pane, Shelf, Slot};
use crate::tui::remote::{Remote, sorted};
use crate::tui::resource::shape::{ListResource, PaneList, reindex_list};
use crate::tui::state::AppState;

pub struct Exchanges;

impl ListResource for Exchanges {
    type Item = Exchange;
    type Query = ExchangeQuery;
    const SLOT: Slot = Slot::Exchanges;

    fn query(state: &AppState) -> Option<ExchangeQuery> {
        Some(state.panes.exchanges.query.clone())
    }

    fn remote(state: &AppState) -> Option<&Remote<Exchange>> {
        Some(&state.org.store.exchanges)
    }

    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<Exchange>> {
        Some(&mut state.org.store.exchanges)
    }

    /// The inbox as `outreach replies` asks for it (both groups, [`crate::inbox::GROUPS`]),
    /// or the one group the pane's filters narrow it to.
    async fn fetch(client: &Client, query: &ExchangeQuery) -> Result<Listed<Exchange>, ApiError> {
        crate::inbox::fetch(client, query).await
    }

    fn order(items: Items<Exchange>) -> Items<Exchange> {
        sorted(items, |a, b| b.updated_at.cmp(&a.updated_at).then(a.id.cmp(&b.id)))
    }

    fn reindex(state: &mut AppState) -> Vec<Effect> {
        let mut effects = reindex_list::<Self>(state);
        effects.extend(keep_inbox_rows(state));
        effects
    }
}

/// Lists only the replies the inbox's category and handled filters let through, keeping
/// the selection on its reply when it stays (else on the next one); a large list is
/// searched off the UI thread (the effect).
pub(crate) fn keep_inbox_rows(state: &mut AppState) -> Option<Effect> {
    let inbox = &state.org.inbox;
    let narrowed = inbox.shelf != Shelf::All || inbox.hide_handled;
    let keep: Option<Vec<bool>> =
        narrowed.then(|| state.org.store.exchanges.items().iter().map(|e| inbox.shows(e)).collect());
    let height = list_rows(state);
    let panes = &mut *state.panes;
    let list = &mut panes.exchanges.list;
    let job = list.keep_only(keep.as_deref(), &mut panes.engine);
    list.scroll_into_view(height);
    Effect::search(Pane::Exchanges, job)
}

impl PaneList for Exchanges {
    const PANE: Pane = Pane::Exchanges;
    fn columns() -> Vec<present::Column<Exchange>> {
        columns::exchanges::screen()
    }

    fn id(exchange: &Exchange) -> i64 {
        exchange.id
    }
}
