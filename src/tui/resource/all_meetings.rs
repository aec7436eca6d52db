//! Every meeting, with no date range, for the dashboard's observer: the list `outreach
//! watch` reads, so that a dashboard and a watch of one profile compare the same meetings.

use crate::api::{ApiError, Client, Listed, Meeting, MeetingQuery};
use crate::tui::model::Slot;
use crate::tui::remote::Remote;
use crate::tui::resource::shape::ListResource;
use crate::tui::state::AppState;

pub struct AllMeetings;

impl ListResource for AllMeetings {
    type Item = Meeting;
    type Query = MeetingQuery;
    const SLOT: Slot = Slot::AllMeetings;

    fn query(_state: &AppState) -> Option<MeetingQuery> {
        Some(MeetingQuery::default())
    }

    fn remote(state: &AppState) -> Option<&Remote<Meeting>> {
        Some(&state.org.store.all_meetings)
    }

    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<Meeting>> {
        Some(&mut state.org.store.all_meetings)
    }

    async fn fetch(client: &Client, query: &MeetingQuery) -> Result<Listed<Meeting>, ApiError> {
        client.list_meetings(query).await
    }
}
