//! The shape every list resource has (see the module above for how to add one).

use crate::api::{ApiError, Client, Items, Listed};
use crate::present;
use crate::tui::action::Effect;
use crate::tui::detail_line::{DetailLine, columns};
use crate::tui::form::Form;
use crate::tui::jumps::Related;
use crate::tui::lists::filter::FilterEngine;
use crate::tui::lists::list::ListState;
use crate::tui::model::{Detail, Pane, Slot};
use crate::tui::remote::Remote;
use crate::tui::state::{AppState, Panes};
use ratatui::text::Line;
use std::fmt::Debug;
use std::future::Future;
use std::sync::Arc;

/// A list the dashboard loads from the API into one slot.
/// What a resource makes from its items on arrival ([`ListResource::made_on_arrival`]).
pub type MadeOnArrival = Arc<dyn std::any::Any + Send + Sync>;

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
    /// What is made from the items on arrival, off the UI thread, for [`Self::take_made`]:
    /// a walk of every row (a million contacts) would otherwise freeze a frame.
    fn made_on_arrival(_items: &Items<Self::Item>) -> Option<MadeOnArrival> {
        None
    }
    /// Keeps what [`Self::made_on_arrival`] made from `items`, as they are stored.
    fn take_made(_state: &mut AppState, _items: &Items<Self::Item>, _made: MadeOnArrival) {}
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

/// A resource with a pane of its own, drawn as a table. What the dashboard does with the
/// pane's item in view — its detail, what `y` copies and `|` pages, the address and campaign
/// the forms start with, its link — is asked of the resource here, so a pane's behaviour
/// lives in its own file ([`super::in_view`] asks the current pane's).
pub(crate) trait PaneList: ListResource {
    const PANE: Pane;
    /// The items carry links (drawn as OSC 8 hyperlinks, `o` opens them).
    const LINKED: bool = false;
    /// The cells read the item alone (no campaign names, results or inbox): a large list's
    /// index is then built without copying the inbox for its worker, which at 20k
    /// exchanges costs the update that brings the list a copy of every mark and snippet.
    const CELLS_READ_ITEM_ONLY: bool = false;
    /// The table's columns, from the definitions the CLI shares
    /// ([`crate::present::columns`]): headers, widths, cell text and tone. The filter
    /// searches the same cells.
    fn columns() -> Vec<present::Column<Self::Item>>;
    fn id(item: &Self::Item) -> i64;

    /// The pane's list: rows in order, selection, scroll.
    fn list(panes: &Panes) -> &ListState;
    /// The pane's list with the filter engine every list shares, to change them together.
    fn list_and_engine(panes: &mut Panes) -> (&mut ListState, &mut FilterEngine);
    /// Where the pane keeps the item opened as a detail; `None` for a pane that opens none.
    fn detail(_panes: &Panes) -> Option<&Option<Detail>> {
        None
    }
    fn detail_mut(_panes: &mut Panes) -> Option<&mut Option<Detail>> {
        None
    }

    /// The item opened as a detail, when one is.
    fn open(state: &AppState) -> Option<&Self::Item> {
        let id = Self::detail(&state.panes)?.as_ref()?.id;
        Self::find(state, id)
    }
    /// The item in view: the one open, else the one selected.
    fn in_view(state: &AppState) -> Option<&Self::Item> {
        let open = Self::detail(&state.panes).copied().flatten().map(|detail| detail.id);
        let id = open.or_else(|| Self::list(&state.panes).selected_id())?;
        Self::find(state, id)
    }
    fn find(state: &AppState, id: i64) -> Option<&Self::Item> {
        Self::remote(state)?.items().iter().find(|item| Self::id(item) == id)
    }

    /// The lines of the item's detail (unwrapped); `None` for items with no detail view.
    fn detail_lines(_item: &Self::Item, _state: &AppState) -> Option<Vec<DetailLine>> {
        None
    }
    /// What `y` copies of the item: what it is ("address") and the text.
    fn copied(item: &Self::Item) -> (&'static str, String);
    /// What `|` pages for the item: its detail as plain text.
    fn paged(item: &Self::Item, state: &AppState) -> Option<String> {
        Self::detail_lines(item, state).map(|lines| columns(&lines).join("\n") + "\n")
    }
    /// The contact's address the do-not-contact and conversion forms start with.
    fn contact_address(_item: &Self::Item) -> Option<String> {
        None
    }
    /// The campaign the contact forms start with.
    fn campaign_id(_item: &Self::Item) -> Option<i64> {
        None
    }
    /// The item's link, when it has one.
    fn link(_item: &Self::Item) -> Option<String> {
        None
    }
    /// The form of the list's server-side filters, when it has them.
    fn query_form(_state: &AppState) -> Option<Form> {
        None
    }
    /// What the item leads to (`J`): its conversation, its replies. Names sanitised.
    fn related(_item: &Self::Item) -> Option<Related> {
        None
    }
    /// What a jump from this pane shows, in a word for the hints (`J conversation`).
    const LEADS_TO: Option<&'static str> = None;
}

/// Where a pane's list and open item live in `Panes`: the four `PaneList` methods for a pane
/// field with `list` (and `detail`, unless `list only`).
macro_rules! pane_state {
    ($field:ident) => {
        $crate::tui::resource::shape::pane_state!($field, list only);

        fn detail(panes: &$crate::tui::state::Panes) -> Option<&Option<$crate::tui::model::Detail>> {
            Some(&panes.$field.detail)
        }

        fn detail_mut(
            panes: &mut $crate::tui::state::Panes,
        ) -> Option<&mut Option<$crate::tui::model::Detail>> {
            Some(&mut panes.$field.detail)
        }
    };
    ($field:ident, list only) => {
        fn list(panes: &$crate::tui::state::Panes) -> &$crate::tui::lists::list::ListState {
            &panes.$field.list
        }

        fn list_and_engine(
            panes: &mut $crate::tui::state::Panes,
        ) -> (
            &mut $crate::tui::lists::list::ListState,
            &mut $crate::tui::lists::filter::FilterEngine,
        ) {
            (&mut panes.$field.list, &mut panes.engine)
        }
    };
}
pub(crate) use pane_state;

/// Lines as plain text, one per line, ending with a newline (for the pager).
pub(crate) fn plain_text(lines: &[Line<'_>]) -> String {
    let lines: Vec<String> = (lines.iter())
        .map(|line| line.spans.iter().map(|span| span.content.as_ref()).collect())
        .collect();
    lines.join("\n") + "\n"
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
        trends: state.org.store.range_replies.data.is_some().then_some(&state.org.trends.trends),
        graph: state.env.graph,
        inbox: &state.org.inbox,
    }
}
