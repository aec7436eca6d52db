//! Replies of the last days, for the Overview: the same range `outreach status` asks for
//! (wide enough for any zone), read as the inbox reads them (both groups, each once).

use crate::api::{ApiError, Client, Exchange, ExchangeQuery, Listed};
use crate::tui::model::Slot;
use crate::tui::remote::Remote;
use crate::tui::resource::shape::ListResource;
use crate::tui::state::AppState;

pub struct RecentReplies;

impl ListResource for RecentReplies {
    type Item = Exchange;
    type Query = ExchangeQuery;
    const SLOT: Slot = Slot::RecentReplies;

    fn query(state: &AppState) -> Option<ExchangeQuery> {
        Some(crate::summary::queries(state.env.now).0)
    }

    fn remote(state: &AppState) -> Option<&Remote<Exchange>> {
        Some(&state.org.store.recent_replies)
    }

    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<Exchange>> {
        Some(&mut state.org.store.recent_replies)
    }

    async fn fetch(client: &Client, query: &ExchangeQuery) -> Result<Listed<Exchange>, ApiError> {
        crate::inbox::fetch(client, query).await
    }
}
