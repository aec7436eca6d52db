//! Meetings of the next days, for the Overview: the same range `outreach status` asks for
//! (wide enough for any zone), soonest first.

use crate::api::{ApiError, Client, Items, Listed, Meeting, MeetingQuery};
use crate::tui::model::Slot;
use crate::tui::remote::Remote;
use crate::tui::resource::meetings::soonest_first;
use crate::tui::resource::shape::ListResource;
use crate::tui::state::AppState;

pub struct UpcomingMeetings;

impl ListResource for UpcomingMeetings {
    type Item = Meeting;
    type Query = MeetingQuery;
    const SLOT: Slot = Slot::UpcomingMeetings;

    fn query(state: &AppState) -> Option<MeetingQuery> {
        Some(crate::summary::queries(state.env.now).1)
    }

    fn remote(state: &AppState) -> Option<&Remote<Meeting>> {
        Some(&state.org.store.upcoming_meetings)
    }

    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<Meeting>> {
        Some(&mut state.org.store.upcoming_meetings)
    }

    async fn fetch(client: &Client, query: &MeetingQuery) -> Result<Listed<Meeting>, ApiError> {
        client.list_meetings(query).await
    }

    fn order(items: Items<Meeting>) -> Items<Meeting> {
        soonest_first(items)
    }
}
