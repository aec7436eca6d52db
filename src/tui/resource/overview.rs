//! The Overview's own reads: replies of the last days and meetings of the next, over the
//! same ranges `outreach status` asks for (wide enough for any zone).

use crate::api::{ApiError, Client, Exchange, ExchangeQuery, Listed, Meeting, MeetingQuery};
use crate::tui::model::Slot;
use crate::tui::remote::Remote;
use crate::tui::resource::meetings::soonest_first;
use crate::tui::resource::shape::ListResource;
use crate::tui::state::AppState;
use std::sync::Arc;

pub struct RecentReplies;

impl ListResource for RecentReplies {
    type Item = Exchange;
    type Query = ExchangeQuery;
    const SLOT: Slot = Slot::RecentReplies;

    fn query(state: &AppState) -> Option<ExchangeQuery> {
        Some(crate::summary::queries(state.now).0)
    }

    fn remote(state: &AppState) -> Option<&Remote<Exchange>> {
        Some(&state.store.recent_replies)
    }

    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<Exchange>> {
        Some(&mut state.store.recent_replies)
    }

    async fn fetch(client: &Client, query: &ExchangeQuery) -> Result<Listed<Exchange>, ApiError> {
        client.list_exchanges(query).await
    }
}

pub struct UpcomingMeetings;

impl ListResource for UpcomingMeetings {
    type Item = Meeting;
    type Query = MeetingQuery;
    const SLOT: Slot = Slot::UpcomingMeetings;

    fn query(state: &AppState) -> Option<MeetingQuery> {
        Some(crate::summary::queries(state.now).1)
    }

    fn remote(state: &AppState) -> Option<&Remote<Meeting>> {
        Some(&state.store.upcoming_meetings)
    }

    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<Meeting>> {
        Some(&mut state.store.upcoming_meetings)
    }

    async fn fetch(client: &Client, query: &MeetingQuery) -> Result<Listed<Meeting>, ApiError> {
        client.list_meetings(query).await
    }

    fn order(items: Arc<[Meeting]>) -> Arc<[Meeting]> {
        soonest_first(items)
    }
}
