//! A pane's rows as the dashboard holds them: their searchable text and their order,
//! rebuilt when the data changes — indexed at once for a small list, by workers for a large
//! one — and sorted by the column the user chose (`S`, `:sort`): at once for a small list,
//! on a worker for a large one (sorting 100k contacts takes longer than a key may), from the
//! column definitions the CLI's `--sort` uses too.

use crate::api::Items;
use crate::present;
use crate::present::sort::order;
use crate::tui::action::Effect;
use crate::tui::layout::list_rows;
use crate::tui::lists::filter::{SearchChunk, SearchIndex, row_text};
use crate::tui::lists::list::{INLINE_ROWS, SortTicket};
use crate::tui::lists::search::{BuildRows, IndexJob, ListJob, SortJob, SortRows};
use crate::tui::model::Pane;
use crate::tui::resource::shape::{PaneList, context};
use crate::tui::state::AppState;
use std::collections::HashMap;
use std::sync::Arc;

/// Campaign names copied for a worker (the dashboard has a few dozen campaigns).
struct NameCopy(HashMap<i64, String>);

/// What the cells read besides the item, copied for a worker (an index build, a sort).
struct WorkerContext {
    zone: crate::clock::Zone,
    now: chrono::DateTime<chrono::Utc>,
    names: NameCopy,
    inbox: crate::tui::inbox::InboxState,
    results: Option<crate::results::Results>,
    trends: Option<crate::results::Trends>,
    graph: crate::config::Graph,
}

impl WorkerContext {
    /// What `R`'s cells read besides the item, copied for a worker: nothing more when they
    /// read the item alone (at 20k exchanges the inbox's copy is every mark and snippet).
    fn of<R: PaneList>(state: &AppState) -> WorkerContext {
        if R::CELLS_READ_ITEM_ONLY {
            return WorkerContext {
                zone: state.env.zone,
                now: state.env.now,
                names: NameCopy(Default::default()),
                inbox: Default::default(),
                results: None,
                trends: None,
                graph: state.env.graph,
            };
        }
        let names = NameCopy(
            state.org.store.campaigns.items().iter().map(|c| (c.id, c.name.clone())).collect(),
        );
        WorkerContext {
            zone: state.env.zone,
            now: state.env.now,
            names,
            inbox: state.org.inbox.clone(),
            results: state.org.results.window.is_some().then(|| state.org.results.clone()),
            trends: Some(state.org.trends.trends.clone()),
            graph: state.env.graph,
        }
    }

    fn context(&self) -> present::Context<'_> {
        present::Context {
            zone: &self.zone,
            now: self.now,
            campaigns: &self.names,
            results: self.results.as_ref(),
            trends: self.trends.as_ref(),
            graph: self.graph,
            inbox: &self.inbox,
        }
    }
}

/// The items of a pane's list as loaded (none before the first answer).
fn items<R: PaneList>(state: &AppState) -> Items<R::Item> {
    R::remote(state)
        .and_then(|remote| remote.data.as_ref())
        .map_or_else(Arc::default, |data| Arc::clone(&data.items))
}

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
    let items = items::<R>(state);
    let ids = items.iter().map(R::id).collect();
    let columns = R::columns();
    let (index, build) = if items.len() <= INLINE_ROWS {
        let context = context(state);
        let rows: Vec<String> =
            items.iter().map(|item| row_text(&columns, item, &context)).collect();
        (SearchIndex::new(&rows), None)
    } else {
        let worker = WorkerContext::of::<R>(state);
        let items = Arc::clone(&items);
        let build: Box<BuildRows> = Box::new(move |range| {
            let context = worker.context();
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
    // The new rows in the order the user chose.
    effects.extend(sort_list::<R>(state));
    effects
}

/// Orders the pane's rows by its chosen sort, or gives them back the server's order when
/// none is chosen (or its column is not in this pane).
pub(crate) fn sort_list<R: PaneList>(state: &mut AppState) -> Vec<Effect> {
    let columns = R::columns();
    let chosen = state.panes.sorts.get(R::PANE).cloned();
    let at = chosen.as_ref().and_then(|by| {
        columns.iter().position(|c| c.sort_name().as_deref() == Some(by.name.as_str()))
    });
    let Some(list) = state.list(R::PANE) else { return Vec::new() };
    let (Some(by), Some(at)) = (chosen, at) else {
        if !list.is_sorted() {
            return Vec::new();
        }
        let ticket = list.sort_ticket();
        return set_sorted(state, R::PANE, &ticket, None);
    };
    let ticket = list.sort_ticket();
    let items = items::<R>(state);
    if items.len() <= INLINE_ROWS {
        let sorted = order(&columns[at], &items, by.descending, &context(state));
        return set_sorted(state, R::PANE, &ticket, Some(sorted.into()));
    }
    let worker = WorkerContext::of::<R>(state);
    let sort: Box<SortRows> =
        Box::new(move || order(&columns[at], &items, by.descending, &worker.context()));
    vec![Effect::Search(ListJob::Sort(Arc::new(SortJob::new(R::PANE, ticket, sort))))]
}

/// Takes a sort's order into the pane's list, the selection kept in view.
pub(crate) fn set_sorted(
    state: &mut AppState,
    pane: Pane,
    ticket: &SortTicket,
    sorted: Option<Arc<[u32]>>,
) -> Vec<Effect> {
    // Read first: an answer no longer wanted writes nothing (and so draws nothing).
    if !state.list(pane).is_some_and(|list| list.wants(ticket)) {
        return Vec::new();
    }
    let height = list_rows(state);
    let Some((list, engine)) = state.list_and_engine(pane) else { return Vec::new() };
    let job = list.set_sorted(ticket, sorted, engine);
    list.scroll_into_view(height);
    Effect::search(pane, job).into_iter().collect()
}
