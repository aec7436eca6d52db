//! Keys by mode: what is open over the pane (a dialog, the help, the palette, the filter
//! being typed, a link's number) takes them first, as the intents `keymap::intents` gives
//! for them; then the keymap's commands. No key is read here: the keymap reads them.

use crate::tui::action::Effect;
use crate::tui::keymap::intents::{self, Dialog, intent};
use crate::tui::outside::Armed;
use crate::tui::state::{AppState, Overlay};
use crate::tui::update::navigate::apply_filter;
use crate::tui::update::{brief, commands, outside, overlay};
use crossterm::event::KeyEvent;

pub(crate) fn on_key(state: &mut AppState, key: KeyEvent) -> Vec<Effect> {
    if intents::interrupts(&key) {
        return vec![Effect::Quit];
    }
    // A remark goes with the next key (read first: a key that does nothing draws nothing).
    if state.transient.notice.is_some() {
        state.transient.notice = None;
    }
    if let Some(effects) = armed(state, &key) {
        return effects;
    }
    brief::close_unseen(state);
    if let Some(dialog) = open_dialog(state) {
        return match intent(dialog, &key, &state.env.keymap) {
            Some(intent) => overlay::on_intent(state, intent),
            None => Vec::new(),
        };
    }
    let scopes = state.active_scopes();
    match state.env.keymap.lookup(&key, &scopes) {
        Some(command) => commands::run(state, command),
        None => Vec::new(),
    }
}

/// What is open that takes intents rather than commands.
fn open_dialog(state: &AppState) -> Option<Dialog> {
    match &state.transient.overlay {
        Some(overlay) => Some(overlay::dialog(overlay)),
        None if state.transient.filtering => Some(Dialog::Filter),
        None => None,
    }
}

/// A key after one that waits for another: a link's number after copy or open in a chain,
/// Ctrl-e after Ctrl-x in a form (or Ctrl-x itself). Any other key ends the wait and goes
/// its usual way (`None`).
fn armed(state: &mut AppState, key: &KeyEvent) -> Option<Vec<Effect>> {
    let in_form = matches!(state.transient.overlay, Some(Overlay::Form(_)));
    match state.outside.armed.take() {
        Some(link @ (Armed::CopyLink { .. } | Armed::OpenLink { .. })) => {
            state.outside.armed = Some(link);
            let done = intent(Dialog::Link, key, &state.env.keymap)
                .and_then(|intent| outside::before_intent(state, &intent));
            if done.is_none() {
                state.outside.armed = None;
            }
            done
        }
        Some(Armed::Editor) if in_form => {
            intents::finishes_editor(key).map(|intent| overlay::on_intent(state, intent))
        }
        None if in_form && intents::starts_editor(key) => {
            state.outside.armed = Some(Armed::Editor);
            Some(Vec::new())
        }
        _ => None,
    }
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
