//! The shape every list resource has (see the module above for how to add one).

use crate::api::{ApiError, Client, Items, Listed};
use crate::present;
use crate::tui::action::Effect;
use crate::tui::layout::list_rows;
use crate::tui::lists::filter::{SearchChunk, SearchIndex, row_text};
use crate::tui::lists::list::INLINE_ROWS;
use crate::tui::lists::search::{BuildRows, IndexJob, ListJob};
use crate::tui::model::{Pane, Slot};
use crate::tui::remote::Remote;
use crate::tui::state::AppState;
use std::collections::HashMap;
use std::fmt::Debug;
use std::future::Future;
use std::sync::Arc;

/// A list the dashboard loads from the API into one slot.
pub trait ListResource: Send + Sync + 'static {
    type Item: Clone + Send + Sync + Debug + 'static;
    /// What a fetch asks for (a date range, an exchange id; `()` when nothing).
    type Query: Clone + PartialEq + Debug + Send + Sync + 'static;
    const SLOT: Slot;

    /// The query of the next fetch; `None` when there is nothing to fetch (no chain open).
    fn query(state: &AppState) -> Option<Self::Query>;
    fn remote(state: &AppState) -> Option<&Remote<Self::Item>>;
    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<Self::Item>>;
    fn fetch(
        client: &Client,
        query: &Self::Query,
    ) -> impl Future<Output = Result<Listed<Self::Item>, ApiError>> + Send;
    /// Orders the items once, on arrival (see [`crate::tui::remote::sorted`]).
    fn order(items: Items<Self::Item>) -> Items<Self::Item> {
        items
    }
    /// Rebuilds what depends on the data (a list's rows, the chain's layout); the effects
    /// are the work that goes off the UI thread.
    fn reindex(_state: &mut AppState) -> Vec<Effect> {
        Vec::new()
    }
}

/// A resource with a pane of its own, drawn as a table.
pub(crate) trait PaneList: ListResource {
    const PANE: Pane;
    /// The table's columns, from the definitions the CLI shares
    /// ([`crate::present::columns`]): headers, widths, cell text and tone. The filter
    /// searches the same cells.
    fn columns() -> Vec<present::Column<Self::Item>>;
    fn id(item: &Self::Item) -> i64;
}

impl present::CampaignNames for AppState {
    fn campaign_name(&self, id: i64) -> Option<&str> {
        AppState::campaign_name(self, id)
    }
}

/// What the cells of the dashboard's lists are drawn with: its zone, its clock, the loaded
/// campaigns' names, the results of the chosen range once loaded, and the inbox's marks and
/// snippets.
pub(crate) fn context(state: &AppState) -> present::Context<'_> {
    let results = state.org.results.window.is_some().then_some(&state.org.results);
    present::Context {
        zone: &state.env.zone,
        now: state.env.now,
        campaigns: state,
        results,
        inbox: &state.org.inbox,
    }
}

/// Campaign names copied for a worker (the dashboard has a few dozen campaigns).
struct NameCopy(HashMap<i64, String>);

impl present::CampaignNames for NameCopy {
    fn campaign_name(&self, id: i64) -> Option<&str> {
        self.0.get(&id).map(String::as_str)
    }
}

/// Rebuilds a pane's list (order and searchable text) from its data, keeping the selection
/// in view. A small list is indexed at once; a large one is shown at once (the rows are
/// drawn from the data) and becomes searchable chunk by chunk as a worker folds its text:
/// the effects send the index and a search to workers.
pub(crate) fn reindex_list<R: PaneList>(state: &mut AppState) -> Vec<Effect> {
    let height = list_rows(state);
    let items: Items<R::Item> = R::remote(state)
        .and_then(|remote| remote.data.as_ref())
        .map_or_else(Arc::default, |data| Arc::clone(&data.items));
    let ids = items.iter().map(R::id).collect();
    let columns = R::columns();
    let (index, build) = if items.len() <= INLINE_ROWS {
        let context = context(state);
        let rows: Vec<String> =
            items.iter().map(|item| row_text(&columns, item, &context)).collect();
        (SearchIndex::new(&rows), None)
    } else {
        let (zone, now) = (state.env.zone, state.env.now);
        let names = NameCopy(
            state.org.store.campaigns.items().iter().map(|c| (c.id, c.name.clone())).collect(),
        );
        // What the cells read besides the item, copied for the worker.
        let inbox = state.org.inbox.clone();
        let results = state.org.results.window.is_some().then(|| state.org.results.clone());
        let items = Arc::clone(&items);
        let build: Box<BuildRows> = Box::new(move |range| {
            let context = present::Context {
                zone: &zone,
                now,
                campaigns: &names,
                results: results.as_ref(),
                inbox: &inbox,
            };
            SearchChunk::new(items[range].iter().map(|item| row_text(&columns, item, &context)))
        });
        (SearchIndex::default(), Some(build))
    };
    let Some((list, engine)) = state.list_and_engine(R::PANE) else { return Vec::new() };
    let (ticket, job) = list.set_rows(ids, index, engine);
    list.scroll_into_view(height);
    let mut effects: Vec<Effect> = Effect::search(R::PANE, job).into_iter().collect();
    if let Some(build) = build {
        let job = IndexJob::new(R::PANE, ticket, items.len(), build);
        effects.push(Effect::Search(ListJob::Index(Arc::new(job))));
    }
    effects
}
