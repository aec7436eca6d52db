//! Results of work on a list's rows done off the UI thread: a search's answer (dropped
//! unless it is the latest), and the next chunk of a large list's index.

use crate::tui::action::Effect;
use crate::tui::layout::list_rows;
use crate::tui::lists::search::ListWork;
use crate::tui::state::AppState;

pub(super) fn on_searched(state: &mut AppState, work: ListWork) -> Option<Effect> {
    let height = list_rows(state);
    match work {
        ListWork::Filtered { pane, answer } => {
            // Read first: an answer no longer awaited writes nothing (and so draws nothing).
            if state.list(pane).is_some_and(|list| list.awaits(&answer))
                && let Some((list, _)) = state.list_and_engine(pane)
                && list.filtered(answer)
            {
                list.scroll_into_view(height);
            }
            None
        }
        ListWork::Indexed { pane, generation, chunk } => {
            let job = state.list_and_engine(pane).and_then(|(list, engine)| {
                let job = list.add_chunk(generation, chunk, engine);
                list.scroll_into_view(height);
                job
            });
            // The title says how much is searchable (and new rows may pass the filter).
            Effect::search(pane, job)
        }
        ListWork::Sorted { pane, ticket, order } => {
            crate::tui::resource::rows::set_sorted(state, pane, &ticket, Some(order)).pop()
        }
    }
}
