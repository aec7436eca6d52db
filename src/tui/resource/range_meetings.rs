//! Meetings of the results range (by start, from the day before it on; the results keep
//! those booked in it): see [`super::RangeReplies`].

use crate::api::{ApiError, Client, Listed, Meeting, MeetingQuery};
use crate::tui::action::Effect;
use crate::tui::model::Slot;
use crate::tui::remote::Remote;
use crate::tui::resource::range_replies::recount;
use crate::tui::resource::shape::ListResource;
use crate::tui::state::AppState;

pub struct RangeMeetings;

impl ListResource for RangeMeetings {
    type Item = Meeting;
    type Query = MeetingQuery;
    const SLOT: Slot = Slot::RangeMeetings;

    fn query(state: &AppState) -> Option<MeetingQuery> {
        Some(state.range_window().queries().1)
    }

    fn remote(state: &AppState) -> Option<&Remote<Meeting>> {
        Some(&state.org.store.range_meetings)
    }

    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<Meeting>> {
        Some(&mut state.org.store.range_meetings)
    }

    async fn fetch(client: &Client, query: &MeetingQuery) -> Result<Listed<Meeting>, ApiError> {
        client.list_meetings(query).await
    }

    fn reindex(state: &mut AppState) -> Vec<Effect> {
        recount(state)
    }
}
