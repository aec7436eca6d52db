//! What failed on the pane in view, and only there, as the status bar says it: the cause
//! first, then what to do, said once however many of the pane's requests failed the same
//! way. The whole text is one key away, in `?` help (`resource::help_view`).

use crate::api::ApiError;
use crate::present::cause::cause;
use crate::tui::command::Command;
use crate::tui::resource::{pane_errors, pane_slots};
use crate::tui::state::AppState;

/// The status bar's line for the current pane: its failures (the first one's slot named
/// when they differ), else a remark about one of its slots or about the connection.
pub(super) fn status_line(state: &AppState) -> Option<String> {
    let errors = pane_errors(state);
    let Some(&(slot, first)) = errors.first() else {
        // Items left out of a load, a failed connection: for this pane or for every pane.
        let slots = pane_slots(state);
        let problem = state.transient.last_error.as_ref()?;
        return match problem.slot {
            Some(slot) if !slots.contains(&slot) => None,
            _ => Some(problem.message.clone()),
        };
    };
    let cause_words = cause(first);
    let same = errors.iter().all(|(_, error)| cause(error) == cause_words);
    let what = match (errors.len(), same) {
        (1, _) => format!("{}: ", slot.label()),
        (_, true) => String::new(),
        (more, false) => format!("{} and {} more: ", slot.label(), more - 1),
    };
    let help = state.key_label(Command::Help, "?");
    Some(format!("{what}{cause_words} — {}; {help} tells all", next_step(state, first)))
}

/// What to do about `error`, in a few words naming the keys as bound.
fn next_step(state: &AppState, error: &ApiError) -> String {
    let refresh = state.key_label(Command::Refresh, "r");
    match error {
        ApiError::Unauthorized { .. } => {
            let login = state.key_label(Command::Login, "L");
            format!("press {login} to enter a new key")
        }
        ApiError::RateLimited { wait: Some(_), .. } => format!("press {refresh} to try now"),
        _ => format!("press {refresh} to retry"),
    }
}
