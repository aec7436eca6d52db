//! The one confirmation every write goes through, whichever key, form or palette line asked
//! for it: a dialog naming what the write does and to whom. `y` or Enter sends; `n` or Esc
//! cancels (back to the form it came from, when that form was seen); any other key does
//! nothing, so a stray key neither sends nor types into a form behind it. When a pre-flight
//! check failed, the default is to cancel: Enter and `y` do not pass it, only `F` does.

use crate::tui::action::Effect;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::{Confirm, Tone};
use crate::tui::update::forms::common::{begin, refusal, toast};
use crossterm::event::{KeyCode, KeyEvent};

/// What a key means in the dialog.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answer {
    Yes,
    No,
    /// `y` or Enter where only `F` passes a failed check: said, nothing else.
    NotDeliberate,
    Nothing,
}

fn answer(confirm: &Confirm, key: KeyEvent) -> Answer {
    match key.code {
        // The deliberate yes, which also works where nothing failed.
        KeyCode::Char('F') => Answer::Yes,
        KeyCode::Char('y' | 'Y') if confirm.force => Answer::NotDeliberate,
        KeyCode::Char('y' | 'Y') | KeyCode::Enter if !confirm.force => Answer::Yes,
        KeyCode::Char('n' | 'N' | 'q') | KeyCode::Esc | KeyCode::Enter => Answer::No,
        _ => Answer::Nothing,
    }
}

/// A key on the dialog. Keys wait while its write is in flight.
pub(crate) fn on_confirm_key(
    state: &mut AppState,
    mut confirm: Box<Confirm>,
    key: KeyEvent,
) -> Vec<Effect> {
    if state.transient.submission.is_some() {
        state.transient.overlay = Some(Overlay::Confirm(confirm));
        return Vec::new();
    }
    match answer(&confirm, key) {
        Answer::Nothing => {
            state.transient.overlay = Some(Overlay::Confirm(confirm));
            Vec::new()
        }
        Answer::NotDeliberate => {
            confirm.error = Some(
                "A pre-flight check failed, so y and Enter do not go ahead: F (Shift-f) does, knowingly."
                    .into(),
            );
            state.transient.overlay = Some(Overlay::Confirm(confirm));
            Vec::new()
        }
        Answer::No => {
            match confirm.form.take() {
                Some(form) if confirm.back_to_form => {
                    state.transient.overlay = Some(Overlay::Form(*form));
                }
                Some(_) => toast(state, Tone::Warning, "Nothing was sent."),
                None => {}
            }
            Vec::new()
        }
        Answer::Yes => send(state, confirm),
    }
}

/// Sends the confirmed write: from its form (which shows the answer), else from the dialog.
fn send(state: &mut AppState, mut confirm: Box<Confirm>) -> Vec<Effect> {
    let Some(write) = confirm.write.take() else {
        // Nothing to send: a bulk triage, kept on this machine.
        return crate::tui::update::triage::handled_confirmed(state, &confirm.replies);
    };
    if let Some(why) = refusal(state) {
        confirm.write = Some(write);
        confirm.error = Some(why);
        state.transient.overlay = Some(Overlay::Confirm(confirm));
        return Vec::new();
    }
    let (then, replies) = (confirm.then.take().map(|then| *then), confirm.replies.clone());
    state.transient.overlay = Some(match confirm.form.take() {
        Some(form) => Overlay::Form(*form),
        None => {
            // Kept for a retry after a failure ("y tries again").
            confirm.write = Some(write.clone());
            confirm.then = then.clone().map(Box::new);
            Overlay::Confirm(confirm)
        }
    });
    begin(state, write, then, replies)
}
