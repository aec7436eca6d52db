//! The server-side filters of the Exchanges and Meetings lists, as a form.

use crate::api::ExchangeGroup;
use crate::text::sanitize;
use crate::tui::form::{DayRange, ExchangeQueryFields, Fields, Form};
use crate::tui::model::Pane;
use crate::tui::state::{AppState, Overlay};

/// Opens the server-side filters of the Exchanges or Meetings list.
pub(crate) fn open_query_form(state: &mut AppState) {
    let form = match state.panes.pane {
        Pane::Exchanges => {
            let query = &state.panes.exchanges.query;
            let campaigns =
                state.org.store.campaigns.items().iter().map(|c| (c.id, sanitize(&c.name)));
            let fields = ExchangeQueryFields::new(
                query.group.as_ref().unwrap_or(&ExchangeGroup::Replied),
                query.campaign_id,
                campaigns.collect::<Vec<_>>(),
                DayRange::new(query.start_date, query.end_date),
            );
            Form::new("Exchange filters", Fields::ExchangeQuery(Box::new(fields)))
        }
        Pane::Meetings => {
            let query = &state.panes.meetings.query;
            let days = DayRange::new(query.start_date, query.end_date);
            Form::new("Meeting dates", Fields::MeetingQuery(Box::new(days)))
        }
        _ => return,
    };
    state.transient.overlay = Some(Overlay::Form(form));
}
