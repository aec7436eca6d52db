//! The server-side filters of a list (Exchanges, Meetings), as a form the list's resource
//! builds.

use crate::tui::resource::in_view;
use crate::tui::state::{AppState, Overlay};

/// Opens the server-side filters of the current list, when it has them (Exchanges, Meetings).
pub(crate) fn open_query_form(state: &mut AppState) {
    if let Some(form) = in_view::query_form(state) {
        state.transient.overlay = Some(Overlay::Form(form));
    }
}
