//! The one confirmation every write goes through, whichever key, form or palette line asked
//! for it: a dialog naming what the write does and to whom. Yes (`y` or Enter) sends; no
//! (`n` or Esc) cancels (back to the form it came from, when that form was seen); anything
//! else does nothing, so a stray key neither sends nor types into a form behind it. When a
//! pre-flight check failed, the default is to cancel: a plain yes does not pass it, only the
//! deliberate one (`F`) does.

use crate::tui::action::Effect;
use crate::tui::intent::Intent;
use crate::tui::keymap::intents::Dialog;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::{Confirm, Tone};
use crate::tui::update::forms::common::{begin_for, refusal, toast};
use crate::tui::update::group_rows;

/// What an answer means in the dialog.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answer {
    Yes,
    No,
    /// A plain yes where only the deliberate one passes a failed check: said, nothing else.
    NotDeliberate,
    Nothing,
}

fn answer(confirm: &Confirm, intent: &Intent) -> Answer {
    match intent {
        Intent::YesDespiteChecks => Answer::Yes,
        Intent::Yes | Intent::Submit if confirm.force => Answer::NotDeliberate,
        Intent::Yes | Intent::Submit => Answer::Yes,
        Intent::No | Intent::Cancel => Answer::No,
        _ => Answer::Nothing,
    }
}

/// An answer to the dialog. Answers wait while its write is in flight.
pub(crate) fn on_confirm(
    state: &mut AppState,
    mut confirm: Box<Confirm>,
    intent: Intent,
) -> Vec<Effect> {
    if state.transient.submission.is_some() {
        state.transient.overlay = Some(Overlay::Confirm(confirm));
        return Vec::new();
    }
    match answer(&confirm, &intent) {
        Answer::Nothing => {
            state.transient.overlay = Some(Overlay::Confirm(confirm));
            Vec::new()
        }
        Answer::NotDeliberate => {
            let dialog = Dialog::Confirm { force: true };
            let yes = state.how_to_answer(dialog, &Intent::Yes);
            let force = state.how_to_answer(dialog, &Intent::YesDespiteChecks);
            confirm.error = Some(format!(
                "A pre-flight check failed, so {yes} does not go ahead: {force} does, knowingly."
            ));
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
        // Nothing to send: a triage of several rows, kept in the marks.
        if !confirm.rows.is_empty() {
            return crate::tui::update::group_triage::handled_confirmed(state, &confirm.rows);
        }
        return crate::tui::update::triage::handled_confirmed(state, &confirm.replies);
    };
    let refused = match &confirm.org {
        Some(org) => group_rows::refusals(state, confirm.more.iter().map(|(o, _)| o).chain([org])),
        None => refusal(state),
    };
    if let Some(why) = refused {
        confirm.write = Some(write);
        confirm.error = Some(why);
        state.transient.overlay = Some(Overlay::Confirm(confirm));
        return Vec::new();
    }
    let (then, replies) = (confirm.then.take().map(|then| *then), confirm.replies.clone());
    let (org, more, rows) = (confirm.org.clone(), confirm.more.clone(), confirm.rows.clone());
    let done = confirm.done.clone();
    state.transient.overlay = Some(match confirm.form.take() {
        Some(form) => Overlay::Form(*form),
        None => {
            // Kept for a retry after a failure ("y tries again").
            confirm.write = Some(write.clone());
            confirm.then = then.clone().map(Box::new);
            Overlay::Confirm(confirm)
        }
    });
    let effects = begin_for(state, org, write, then, replies);
    if let Some(submission) = state.transient.submission.as_mut() {
        (submission.more, submission.rows, submission.done) = (more, rows, done);
    }
    effects
}
