//! Replied conversations of the results range: with [`super::RangeMeetings`], what the
//! Campaigns and Bots panes and the Overview's chart count (one fetch, shared). Read as the
//! inbox reads them (both groups, each once), so a server that keeps meeting-booked apart
//! counts its booked replies too.

use crate::api::{ApiError, Client, Exchange, ExchangeQuery, Listed};
use crate::results::Results;
use crate::tui::action::Effect;
use crate::tui::model::Slot;
use crate::tui::remote::Remote;
use crate::tui::resource::campaigns::Campaigns;
use crate::tui::resource::shape::{ListResource};
use crate::tui::resource::rows::reindex_list;
use crate::tui::state::AppState;

pub struct RangeReplies;

impl ListResource for RangeReplies {
    type Item = Exchange;
    type Query = ExchangeQuery;
    const SLOT: Slot = Slot::RangeReplies;

    /// The range's days, and at least the fortnight the trends show.
    fn query(state: &AppState) -> Option<ExchangeQuery> {
        let range = state.range_window();
        let fortnight = crate::results::trend_window(range.last);
        Some(if fortnight.first < range.first { fortnight } else { range }.queries().0)
    }

    fn remote(state: &AppState) -> Option<&Remote<Exchange>> {
        Some(&state.org.store.range_replies)
    }

    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<Exchange>> {
        Some(&mut state.org.store.range_replies)
    }

    async fn fetch(client: &Client, query: &ExchangeQuery) -> Result<Listed<Exchange>, ApiError> {
        crate::inbox::fetch(client, query).await
    }

    fn reindex(state: &mut AppState) -> Vec<Effect> {
        recount(state)
    }
}

/// Counts the range's results again from both lists, once both are loaded, and rebuilds
/// the Campaigns list, whose cells and filter show them.
pub(crate) fn recount(state: &mut AppState) -> Vec<Effect> {
    let store = &state.org.store;
    if store.range_replies.data.is_none() || store.range_meetings.data.is_none() {
        return Vec::new();
    }
    let (replies, meetings) = (store.range_replies.items(), store.range_meetings.items());
    state.org.results = Results::compute(replies, meetings, &state.results_basis());
    reindex_list::<Campaigns>(state)
}
