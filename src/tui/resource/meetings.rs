//! Meetings (endpoint 12) in the pane's date range, soonest first.

use crate::api::{ApiError, Client, Items, Listed, Meeting, MeetingQuery};
use crate::present::{self, columns};
use crate::tui::action::Effect;
use crate::tui::model::{Pane, Slot};
use crate::tui::remote::{Remote, sorted};
use crate::tui::resource::shape::{ListResource, PaneList, pane_state};
use crate::tui::resource::rows::reindex_list;
use crate::text::{safe_url, sanitize};
use crate::tui::details;
use crate::tui::jumps::Related;
use crate::tui::form::{DayRange, Fields, Form};
use crate::tui::detail_line::DetailLine;
use crate::tui::state::AppState;

pub struct Meetings;

/// By start time; the Overview's upcoming meetings keep this order too.
pub(super) fn soonest_first(items: Items<Meeting>) -> Items<Meeting> {
    sorted(items, |a, b| a.start.cmp(&b.start).then(a.id.cmp(&b.id)))
}

impl ListResource for Meetings {
    type Item = Meeting;
    type Query = MeetingQuery;
    const SLOT: Slot = Slot::Meetings;

    fn query(state: &AppState) -> Option<MeetingQuery> {
        Some(state.panes.meetings.query.clone())
    }

    fn remote(state: &AppState) -> Option<&Remote<Meeting>> {
        Some(&state.org.store.meetings)
    }

    fn remote_mut(state: &mut AppState) -> Option<&mut Remote<Meeting>> {
        Some(&mut state.org.store.meetings)
    }

    async fn fetch(client: &Client, query: &MeetingQuery) -> Result<Listed<Meeting>, ApiError> {
        client.list_meetings(query).await
    }

    fn order(items: Items<Meeting>) -> Items<Meeting> {
        soonest_first(items)
    }

    fn reindex(state: &mut AppState) -> Vec<Effect> {
        let first_load = state.panes.meetings.list.total() == 0;
        let effects = reindex_list::<Self>(state);
        // The agenda opens at today, not at the oldest meeting of the range.
        let zone = state.env.zone;
        let today = zone.date(state.env.now);
        let upcoming = state
            .org.store
            .meetings
            .items()
            .iter()
            .find(|m| m.start.is_some_and(|s| zone.date(s.0) >= today))
            .map(|m| m.id);
        if let Some(id) = upcoming.filter(|_| first_load) {
            state.panes.meetings.list.select_id(id);
            let height = crate::tui::layout::list_rows(state);
            state.panes.meetings.list.scroll_into_view(height);
        }
        effects
    }
}

impl PaneList for Meetings {
    const PANE: Pane = Pane::Meetings;
    const LINKED: bool = true;
    fn columns() -> Vec<present::Column<Meeting>> {
        columns::meetings::screen()
    }

    fn id(meeting: &Meeting) -> i64 {
        meeting.id
    }

    pane_state!(meetings);

    fn detail_lines(meeting: &Meeting, state: &AppState) -> Option<Vec<DetailLine>> {
        Some(details::meeting::detail_lines(meeting, state))
    }

    /// The meeting's link when it is one a browser may open, else its id.
    fn copied(meeting: &Meeting) -> (&'static str, String) {
        match Self::link(meeting).and_then(|link| safe_url(&sanitize(&link)).map(String::from)) {
            Some(link) => ("meeting link", link),
            None => ("meeting id", meeting.id.to_string()),
        }
    }

    fn contact_address(meeting: &Meeting) -> Option<String> {
        meeting.contact.as_ref().map(|person| person.email.clone())
    }

    fn link(meeting: &Meeting) -> Option<String> {
        meeting.meeting_link.clone().filter(|link| !link.trim().is_empty())
    }

    /// The e-mail chain of the exchange that booked it.
    fn related(meeting: &Meeting) -> Option<Related> {
        let summary = meeting.summary.as_deref().map(str::trim).filter(|s| !s.is_empty());
        let what = match summary {
            Some(summary) => format!("meeting {}", sanitize(summary)),
            None => format!("meeting #{}", meeting.id),
        };
        Some(Related::Conversation { exchange_id: meeting.exchange_id, what })
    }
    const LEADS_TO: Option<&'static str> = Some("conversation");

    fn query_form(state: &AppState) -> Option<Form> {
        let query = &state.panes.meetings.query;
        let days = DayRange::new(query.start_date, query.end_date);
        Some(Form::new("Meeting dates", Fields::MeetingQuery(Box::new(days))))
    }
}
