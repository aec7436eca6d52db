//! How a failed write reads: in words with what to do, a 422 field by field in its form,
//! the rest above the form (or in a toast when no form is left to show it).

use crate::api::{ApiError, FieldError};
use crate::text::sanitize;
use crate::tui::command::Command;
use crate::tui::form::WriteFields;
use crate::tui::intent::Intent;
use crate::tui::keymap::intents::{Dialog, FormFocus};
use crate::tui::state::AppState;
use crate::tui::submit::feedback::Tone;
use crate::tui::update::forms::common::{open_form, toast};

/// How a form says that a failed write can simply be sent again, naming the answer as the
/// front end gives it.
fn retry(state: &AppState) -> String {
    let send = state.how_to_answer(Dialog::Form(FormFocus::default()), &Intent::Submit);
    format!("Nothing typed was lost: {send} sends it again.")
}

/// How the user leaves what is open and logs in again, as the front end says it.
pub(crate) struct LogInAgain {
    close: String,
    login: String,
}

impl LogInAgain {
    pub(crate) fn from(state: &AppState, dialog: Dialog) -> LogInAgain {
        LogInAgain {
            close: state.how_to_answer(dialog, &Intent::Cancel),
            login: state.how(Command::Login, "L"),
        }
    }
}

/// A failure in words, with what to do; `retry` says how to send again, `again` how to
/// close what is open and enter the current key.
pub(crate) fn failure_text(error: &ApiError, retry: &str, again: &LogInAgain) -> String {
    let said = sentence(&error.to_string());
    let text = match error {
        ApiError::Timeout { .. } => format!(
            "No answer from the server in time: the write may or may not have been applied. {retry}"
        ),
        ApiError::Network { reason, .. } => {
            format!("Could not reach the server: {}. {retry}", reason.trim_end_matches('.'))
        }
        ApiError::Unauthorized { .. } => {
            let LogInAgain { close, login } = again;
            format!("{said} Close this ({close}), then {login} enters the current key.")
        }
        ApiError::Forbidden { .. } => {
            format!("{said} The key may be a read-only one: writes need a key with write rights.")
        }
        ApiError::RateLimited { .. } | ApiError::Unavailable { .. } | ApiError::Server { .. } => {
            format!("{said} {retry}")
        }
        _ => said,
    };
    sanitize(text.trim_end())
}

/// A text ending as a sentence does, so another can follow it.
fn sentence(text: &str) -> String {
    let text = text.trim_end();
    match text.chars().last() {
        Some('.' | '!' | '?' | '…') | None => text.to_string(),
        Some(_) => format!("{text}."),
    }
}

/// Puts each problem next to the field it names (`word` says it there); returns the
/// problems that belong to no field.
pub(super) fn place_errors<F: WriteFields>(
    fields: &mut F,
    errors: &[FieldError],
    word: impl Fn(&FieldError) -> String,
) -> Vec<String> {
    let mut elsewhere = Vec::new();
    for error in errors {
        match fields.named_by(error) {
            Some(field) => field.add_error(&sanitize(&word(error))),
            None => elsewhere.push(sanitize(&error.to_string())),
        }
    }
    elsewhere
}

/// Shows a failed write in its open form (a toast when the form is gone): a 422 field by
/// field (`word` says each problem at its field), anything else above the form. `before`
/// says what was already done.
pub(super) fn show_failure<F: WriteFields>(
    state: &mut AppState,
    error: &ApiError,
    before: &str,
    word: impl Fn(&FieldError) -> String,
) {
    let again = LogInAgain::from(state, Dialog::Form(FormFocus::default()));
    let retry = retry(state);
    let Some(form) = open_form(state) else {
        let text = format!("{before}{}", failure_text(error, "", &again));
        toast(state, Tone::Failure, text);
        return;
    };
    form.clear_errors();
    let message = match (error, F::of(&mut form.fields)) {
        (ApiError::Validation(errors), Some(fields)) => {
            let elsewhere = place_errors(fields, errors, word);
            let count = errors.len();
            let (fields, marked) = (
                crate::text::count(count, "field", "fields"),
                crate::text::noun(count, "field", "fields"),
            );
            if elsewhere.is_empty() {
                format!("The server rejected {fields} (422): see the marked {marked}. {retry}")
            } else {
                format!("The server rejected the request (422): {}. {retry}", elsewhere.join("; "))
            }
        }
        (other, _) => failure_text(other, &retry, &again),
    };
    form.error = Some(format!("{before}{message}"));
    form.focus_first_error();
}
