//! The conversion form (`c`, endpoint 2): the contact's address, a type and optional data.
//! "Logged" (202) closes it; "not a contact of this organisation" (200) keeps it open, since
//! nothing was logged and the address is the likely mistake.

use crate::api::{ApiError, ConversionOutcome, SubmitConversion, rules};
use crate::text::sanitize;
use crate::tui::action::Effect;
use crate::tui::form::{ConversionFields, Fields, Form};
use crate::tui::intent::Intent;
use crate::tui::keymap::intents::{Dialog, FormFocus};
use crate::tui::resource::in_view;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::{Submission, Tone};
use crate::tui::submit::request::{WriteRequest, Written};
use crate::tui::update::forms::common::{Built, close, open_form, toast};
use crate::tui::update::forms::failure::{place_errors, show_failure};
use crate::tui::update::forms::values;

/// What the palette may fill in besides the address.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Prefill {
    pub kind: String,
    /// `key = value` lines.
    pub data: String,
}

/// Opens the form with the address given, else the contact in view's.
pub(crate) fn open(
    state: &mut AppState,
    email: Option<&str>,
    prefill: Option<Prefill>,
) -> Vec<Effect> {
    let email =
        email.map(str::to_string).or_else(|| in_view::contact_address(state)).unwrap_or_default();
    let prefill = prefill.unwrap_or_default();
    let fields = ConversionFields::new(&email, &prefill.kind, &prefill.data);
    let mut form = Form::new("Log a conversion", Fields::Conversion(Box::new(fields)));
    form.focus = usize::from(!email.is_empty());
    state.transient.overlay = Some(Overlay::Form(form));
    Vec::new()
}

/// Reads the form into a conversion; problems that are certain are marked and nothing is sent.
pub(crate) fn build(fields: &mut ConversionFields) -> Built {
    let (conversion_data, data_problem) = match values::data(fields.conversion_data.value()) {
        Ok(data) => (data, None),
        Err(problem) => (None, Some(problem)),
    };
    let conversion = SubmitConversion {
        email: fields.email.trimmed(),
        conversion_type: fields.conversion_type.optional(),
        conversion_data,
    };
    let problems = rules::check_conversion(&conversion);
    let elsewhere = place_errors(fields, &problems, |e| e.message.clone());
    if let Some(problem) = data_problem {
        fields.conversion_data.add_error(&problem);
    }
    if !elsewhere.is_empty() || fields.fields().iter().any(|f| f.error.is_some()) {
        return Err(elsewhere);
    }
    Ok((WriteRequest::Conversion(conversion), None))
}

pub(crate) fn finished(
    state: &mut AppState,
    submission: Submission,
    result: Result<Written, ApiError>,
) -> Vec<Effect> {
    let email = sanitize(submission.write.contact_email().unwrap_or_default());
    let kind = match &submission.write {
        WriteRequest::Conversion(c) => {
            c.conversion_type.as_deref().map(|k| format!(" '{}'", sanitize(k)))
        }
        _ => None,
    }
    .unwrap_or_default();
    match result {
        Ok(Written::Conversion(ConversionOutcome::Logged)) => {
            close(state);
            let text = format!(
                "Conversion{kind} of {email} logged: the service records it in the background."
            );
            toast(state, Tone::Success, text);
        }
        Ok(_) => {
            let send = state.how_to_answer(Dialog::Form(FormFocus::default()), &Intent::Submit);
            let close = state.how_to_answer(Dialog::Form(FormFocus::default()), &Intent::Cancel);
            let text = format!(
                "{email} is not a contact of this organisation: nothing was logged. Check the address and send again ({send}), or {close}."
            );
            match open_form(state) {
                Some(form) => {
                    form.clear_errors();
                    form.note = Some(text);
                }
                None => toast(state, Tone::Warning, text),
            }
        }
        Err(error) => show_failure::<ConversionFields>(state, &error, "", |e| e.message.clone()),
    }
    Vec::new()
}
