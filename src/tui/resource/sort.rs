//! Choosing a pane's sort: the names of the columns it may be sorted by, and the choice
//! applied to its rows ([`super::rows`]).

use crate::present::sort::SortBy;
use crate::tui::action::Effect;
use crate::tui::model::Pane;
use crate::tui::resource::in_view::{PaneVisit, visit_pane};
use crate::tui::resource::rows::sort_list;
use crate::tui::resource::shape::{PaneList, context};
use crate::tui::state::AppState;

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
