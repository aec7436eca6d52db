//! Replied conversations of the results range: with [`super::RangeMeetings`], what the
//! Campaigns and Bots panes and the Overview's chart count (one fetch, shared). Read as the
//! inbox reads them (both groups, each once), so a server that keeps meeting-booked apart
//! counts its booked replies too.

use crate::api::{ApiError, Client, Exchange, ExchangeQuery, Items, Listed};
use crate::tui::results_count::{CountedResults, ResultsJob};
use std::sync::Arc;
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
/// the Campaigns list, whose cells and filter show them; long lists are counted by a worker
/// (a million contacts' replies took tens of milliseconds).
pub(crate) fn recount(state: &mut AppState) -> Vec<Effect> {
    let store = &state.org.store;
    let (Some(replies), Some(meetings)) = (&store.range_replies.data, &store.range_meetings.data)
    else {
        return Vec::new();
    };
    if replies.items.len() + meetings.items.len() >= crate::tui::census::CENSUS_ROWS {
        let basis = state.results_basis();
        return vec![Effect::CountResults(Arc::new(ResultsJob {
            replies: Arc::clone(&replies.items),
            meetings: Arc::clone(&meetings.items),
            window: basis.window,
            zone: *basis.zone,
            now: basis.now,
        }))];
    }
    let (replies, meetings) = (store.range_replies.items(), store.range_meetings.items());
    state.org.results = Results::compute(replies, meetings, &state.results_basis());
    reindex_list::<Campaigns>(state)
}

/// Takes results a worker counted, unless either list was loaded again meanwhile (its own
/// count is on its way).
pub(crate) fn take_results(state: &mut AppState, counted: &CountedResults) -> Vec<Effect> {
    let store = &state.org.store;
    let stands = |items: Option<&Items<Exchange>>| items.is_some_and(|i| Arc::ptr_eq(i, &counted.job.replies));
    let meetings_stand = (store.range_meetings.data.as_ref())
        .is_some_and(|data| Arc::ptr_eq(&data.items, &counted.job.meetings));
    if !stands(store.range_replies.data.as_ref().map(|data| &data.items)) || !meetings_stand {
        return Vec::new();
    }
    state.org.results = counted.results.clone();
    reindex_list::<Campaigns>(state)
}
