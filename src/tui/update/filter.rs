//! The filter being typed over a list, answered in intents: the list narrows with every
//! edit, movement still moves the selection, submit keeps the filter, cancel clears it.

use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::input::TextInput;
use crate::tui::intent::Intent;
use crate::tui::state::AppState;
use crate::tui::update::group_lists;
use crate::tui::update::navigate::{self, apply_filter};

pub(crate) fn on_intent(state: &mut AppState, intent: Intent) -> Vec<Effect> {
    match intent {
        Intent::Submit | Intent::Yes => {
            state.transient.filtering = false;
            return Vec::new();
        }
        Intent::Cancel | Intent::No => {
            state.transient.filter_input.clear();
            state.transient.filtering = false;
        }
        Intent::Move(step) => {
            movement(state, Command::from(step));
            return Vec::new();
        }
        Intent::Next | Intent::Previous => {
            let command = if intent == Intent::Next { Command::Down } else { Command::Up };
            movement(state, command);
            return Vec::new();
        }
        Intent::Pick(row) => {
            navigate::select_row(state, row);
            return Vec::new();
        }
        Intent::Type(text) => state.transient.filter_input = TextInput::new(&text),
        Intent::Insert(text) => state.transient.filter_input.insert(&text),
        Intent::Edit(key) if state.transient.filter_input.handle_key(&key) => {}
        Intent::Edit(_)
        | Intent::YesDespiteChecks
        | Intent::Cycle { .. }
        | Intent::Complete
        | Intent::OpenEditor => {
            return Vec::new();
        }
    }
    if state.group.merges(state.panes.pane) {
        let text = state.transient.filter_input.value().to_string();
        group_lists::set_filter(state, &text);
        return super::group_panes::filtered(state);
    }
    apply_filter(state).into_iter().collect()
}

/// Moves the selection of the list filtered: the merged inbox's, or the pane's.
fn movement(state: &mut AppState, command: Command) {
    if state.group.merges(state.panes.pane) {
        group_lists::movement(state, command);
    } else {
        navigate::movement(state, command);
    }
}
