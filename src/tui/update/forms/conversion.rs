//! The conversion form (`c`, endpoint 2): the contact's address, a type and optional data.
//! "Logged" (202) closes it; "not a contact of this organisation" (200) keeps it open, since
//! nothing was logged and the address is the likely mistake.

use super::super::super::action::Effect;
use super::super::super::form::{Field, Form, FormPurpose};
use super::super::super::state::{AppState, Overlay};
use super::super::super::write::{Write, Written};
use super::super::super::writing::{Submission, Tone};
use super::values;
use super::{close, contact_in_view, open_form, place_errors, show_failure, toast};
use crate::api::{ApiError, ConversionOutcome, FieldError, SubmitConversion, rules};
use crate::text::sanitize;

const FIELDS: [&str; 3] = ["email", "conversion_type", "conversion_data"];

/// What the palette may fill in besides the address.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Prefill {
    pub kind: String,
    /// `key = value` lines.
    pub data: String,
}

/// Opens the form with the address given, else the contact in view's.
pub fn open(state: &mut AppState, email: Option<&str>, prefill: Option<Prefill>) -> Vec<Effect> {
    let email = email.map(str::to_string).or_else(|| contact_in_view(state)).unwrap_or_default();
    let prefill = prefill.unwrap_or_default();
    let mut form = Form::new(
        FormPurpose::Conversion,
        "Log a conversion",
        vec![
            Field::text("email", "E-mail", &email, "the contact's address (required)"),
            Field::text(
                "conversion_type",
                "Type",
                &prefill.kind,
                "e.g. signup, purchase (at most 63)",
            ),
            Field::lines(
                "conversion_data",
                "Data",
                &prefill.data,
                "optional: key = value per line, or a JSON object",
            ),
        ],
    );
    form.focus = usize::from(!email.is_empty());
    state.overlay = Some(Overlay::Form(form));
    Vec::new()
}

fn place(error: &FieldError) -> Option<(&'static str, String)> {
    if matches!(error.source.as_str(), "query" | "path") {
        return None;
    }
    let field = FIELDS.into_iter().find(|name| *name == error.top_field())?;
    Some((field, error.message.clone()))
}

/// Reads the form into a conversion; problems that are certain are marked and nothing is sent.
pub fn build(form: &mut Form) -> Option<(Write, Option<Write>)> {
    let raw_data = form.field("conversion_data").map(Field::value).unwrap_or_default();
    let (conversion_data, data_problem) = match values::data(raw_data) {
        Ok(data) => (data, None),
        Err(problem) => (None, Some(problem)),
    };
    let kind = form.value("conversion_type");
    let conversion = SubmitConversion {
        email: form.value("email"),
        conversion_type: (!kind.is_empty()).then_some(kind),
        conversion_data,
    };
    let elsewhere = place_errors(form, &rules::check_conversion(&conversion), place);
    if let Some(problem) = data_problem {
        form.add_error("conversion_data", &problem);
    }
    if !elsewhere.is_empty() {
        form.error = Some(elsewhere.join("; "));
    }
    (!form.has_errors()).then_some((Write::Conversion(conversion), None))
}

pub fn finished(
    state: &mut AppState,
    submission: Submission,
    result: Result<Written, ApiError>,
) -> Vec<Effect> {
    let email = sanitize(submission.write.contact_email().unwrap_or_default());
    let kind = match &submission.write {
        Write::Conversion(c) => c.conversion_type.as_deref().map(|k| format!(" '{}'", sanitize(k))),
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
            let text = format!(
                "{email} is not a contact of this organisation: nothing was logged. Check the address and send again (Ctrl-S), or Esc."
            );
            match open_form(state) {
                Some(form) => {
                    form.clear_errors();
                    form.note = Some(text);
                }
                None => toast(state, Tone::Warning, text),
            }
        }
        Err(error) => show_failure(state, &error, "", place),
    }
    Vec::new()
}
