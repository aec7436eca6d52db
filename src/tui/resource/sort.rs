//! A pane's list in the order of the column the user chose (`S`, `:sort`): made at once
//! for a small list, on a worker for a large one (sorting 100k contacts takes longer than a
//! key may), from the column definitions the CLI's `--sort` uses too.

use crate::present::sort::{SortBy, order};
use crate::tui::action::Effect;
use crate::tui::layout::list_rows;
use crate::tui::lists::list::{INLINE_ROWS, SortTicket};
use crate::tui::lists::search::{ListJob, SortJob, SortRows};
use crate::tui::model::Pane;
use crate::tui::resource::in_view::{PaneVisit, visit_pane};
use crate::tui::resource::shape::{PaneList, WorkerContext, context, items};
use crate::tui::state::AppState;
use std::sync::Arc;

/// Orders the pane's rows by its chosen sort, or gives them back the server's order when
/// none is chosen (or its column is not in this pane).
pub(super) fn sort_list<R: PaneList>(state: &mut AppState) -> Vec<Effect> {
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
    let worker = WorkerContext::of(state);
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

/// The sort names of the columns a pane shows here (a team's column only with a team), in
/// their order; empty for a pane without a list.
pub(crate) fn names(state: &AppState, pane: Pane) -> Vec<String> {
    struct Names<'a>(&'a AppState);
    impl PaneVisit for Names<'_> {
        type Output = Vec<String>;
        fn visit<R: PaneList>(self) -> Vec<String> {
            let context = context(self.0);
            let columns = R::columns();
            columns.iter().filter(|c| (c.shown)(&context)).filter_map(|c| c.sort_name()).collect()
        }
    }
    visit_pane(pane, Names(state)).unwrap_or_default()
}

/// Chooses the pane's sort (`None`: the server's order) and orders its list by it.
pub(crate) fn choose(state: &mut AppState, pane: Pane, sort: Option<SortBy>) -> Vec<Effect> {
    state.panes.sorts.set(pane, sort);
    struct Sort<'a>(&'a mut AppState);
    impl PaneVisit for Sort<'_> {
        type Output = Vec<Effect>;
        fn visit<R: PaneList>(self) -> Vec<Effect> {
            sort_list::<R>(self.0)
        }
    }
    visit_pane(pane, Sort(state)).unwrap_or_default()
}
