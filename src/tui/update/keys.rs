//! Keys by mode: an overlay takes them first, then the filter being typed, then the keymap.

use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::state::AppState;
use crate::tui::update::navigate::apply_filter;
use crate::tui::update::{brief, commands, navigate, outside, overlay};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

pub(crate) fn on_key(state: &mut AppState, key: KeyEvent) -> Vec<Effect> {
    if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
        return vec![Effect::Quit];
    }
    // A remark goes with the next key (read first: a key that does nothing draws nothing).
    if state.transient.notice.is_some() {
        state.transient.notice = None;
    }
    if let Some(effects) = outside::before_key(state, &key) {
        return effects;
    }
    brief::close_unseen(state);
    if state.transient.overlay.is_some() {
        return overlay::on_key(state, key);
    }
    if state.transient.filtering {
        return on_filter_key(state, key).into_iter().collect();
    }
    let scopes = state.active_scopes();
    match state.env.keymap.lookup(&key, &scopes) {
        Some(command) => commands::run(state, command),
        None => Vec::new(),
    }
}

/// Typing a filter: the list narrows with every key; arrows still move the selection.
fn on_filter_key(state: &mut AppState, key: KeyEvent) -> Option<Effect> {
    match key.code {
        KeyCode::Enter => {
            state.transient.filtering = false;
            return None;
        }
        KeyCode::Esc => {
            state.transient.filter_input.clear();
            state.transient.filtering = false;
        }
        KeyCode::Up | KeyCode::Down | KeyCode::PageUp | KeyCode::PageDown => {
            let command = match key.code {
                KeyCode::Up => Command::Up,
                KeyCode::Down => Command::Down,
                KeyCode::PageUp => Command::PageUp,
                _ => Command::PageDown,
            };
            navigate::movement(state, command);
            return None;
        }
        _ if state.transient.filter_input.handle_key(&key) => {}
        _ => return None,
    }
    apply_filter(state)
}

pub(crate) fn on_paste(state: &mut AppState, text: &str) -> Option<Effect> {
    if state.transient.filtering {
        state.transient.filter_input.insert(text);
        apply_filter(state)
    } else {
        overlay::on_paste(state, text);
        None
    }
}
