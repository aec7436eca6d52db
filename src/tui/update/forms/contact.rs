//! The contact form: for the organisation (`a` in Contacts, endpoint 5), or into a campaign
//! (`u` on a campaign) with a bot and what happens next (endpoint 4 with `notify`, or
//! endpoint 3 with `start_immediately`). A duplicate is said plainly, whichever way the
//! server answers it.

use super::super::super::action::{Effect, Slot};
use super::super::super::form::{Field, Form, FormPurpose};
use super::super::super::state::{AppState, Overlay};
use super::super::super::write::{Write, Written};
use super::super::super::writing::{Submission, Tone};
use super::super::fetch::fetch;
use super::values::{self, option_id};
use super::{
    campaign_in_view, campaign_label, close, open_form, place_errors, refresh, show_failure, toast,
};
use crate::api::{
    AddContactOutcome, ApiError, ContactUpload, FieldError, outcomes::is_duplicate_contact, rules,
};
use crate::text::sanitize;

/// What follows an upload into a campaign, in the order of the form's choice.
pub const OUTREACH: [&str; 4] = [
    "upload, notify the campaign's users",
    "upload without notifying",
    "upload and start at a suitable time",
    "upload and start right away",
];

/// The fields of a contact, named as the API names them.
const CONTACT_FIELDS: [&str; 7] =
    ["email", "first_name", "last_name", "city", "country", "tags", "custom_data"];

fn contact_fields(email: &str) -> Vec<Field> {
    let optional = "optional, 1 to 63 characters";
    vec![
        Field::text("email", "E-mail", email, "required, e.g. ann@example.com"),
        Field::text("first_name", "First name", "", optional),
        Field::text("last_name", "Last name", "", optional),
        Field::text("city", "City", "", optional),
        Field::text("country", "Country", "", optional),
        Field::tags("tags", "Tags", "", "comma-separated, e.g. vip, q3 (at most 16)"),
        Field::lines("custom_data", "Custom data", "", "key = value per line, or a JSON object"),
    ]
}

/// Loads the contacts when they never were: they tell a new contact from an existing one.
fn load_contacts(state: &mut AppState) -> Vec<Effect> {
    let contacts = &state.store.contacts;
    if contacts.data.is_none() && !contacts.is_loading() {
        return fetch(state, Slot::Contacts).into_iter().collect();
    }
    Vec::new()
}

fn show(state: &mut AppState, mut form: Form, email: Option<&str>) -> Vec<Effect> {
    form.focus = usize::from(email.is_some_and(|e| !e.is_empty()));
    state.overlay = Some(Overlay::Form(form));
    load_contacts(state)
}

/// Opens the form for a contact of the organisation.
pub fn open(state: &mut AppState, email: Option<&str>) -> Vec<Effect> {
    let form = Form::new(
        FormPurpose::Contact { campaign: None },
        "Add a contact",
        contact_fields(email.unwrap_or_default()),
    );
    show(state, form, email)
}

/// Opens the form for a contact of a campaign (the one given, else the one in view), with
/// the bot picker and the choice of what follows (`outreach`: a position in [`OUTREACH`]).
pub fn open_upload(
    state: &mut AppState,
    campaign_id: Option<i64>,
    email: Option<&str>,
    outreach: usize,
) -> Vec<Effect> {
    let Some(id) = campaign_id.or_else(|| campaign_in_view(state)) else {
        toast(state, Tone::Warning, "Select a campaign first (2 shows Campaigns), then press u.");
        return Vec::new();
    };
    let mut bots = vec!["let the system choose".to_string()];
    bots.extend(state.store.bots.items().iter().map(|bot| {
        let name = format!("{} {}", bot.first_name, bot.last_name);
        sanitize(&format!("#{} {} <{}>", bot.id, name.trim(), bot.email))
    }));
    let mut fields = contact_fields(email.unwrap_or_default());
    fields.push(Field::choice("bot_id", "Bot", bots, 0));
    let outreach_options = OUTREACH.iter().map(|o| o.to_string()).collect();
    fields.push(Field::choice("outreach", "Then", outreach_options, outreach));
    let title = format!("Add a contact to {}", campaign_label(state, id));
    let form = Form::new(FormPurpose::Contact { campaign: Some(id) }, &title, fields);
    show(state, form, email)
}

/// Where a problem with a contact belongs, in words: `tags.3` is the fourth tag, a query
/// parameter is the bot or the choice of what follows.
fn place(error: &FieldError, tags: &[String]) -> Option<(&'static str, String)> {
    let field = match (error.source.as_str(), error.top_field()) {
        ("query", "bot_id") => "bot_id",
        ("query", "notify" | "start_immediately") => "outreach",
        ("query" | "path", _) => return None,
        (_, top) => CONTACT_FIELDS.into_iter().find(|name| *name == top)?,
    };
    let index = error.field.split('.').nth(1).and_then(|i| i.parse::<usize>().ok());
    let message = match index {
        Some(index) if field == "tags" => {
            let tag = tags.get(index).map(|t| format!(" '{t}'")).unwrap_or_default();
            format!("tag {}{tag}: {}", index + 1, error.message)
        }
        _ => error.message.clone(),
    };
    Some((field, message))
}

/// Reads the form into a write; problems that are certain are marked and nothing is sent.
pub fn build(form: &mut Form, campaign: Option<i64>) -> Option<(Write, Option<Write>)> {
    let optional = |name: &str| Some(form.value(name)).filter(|value| !value.is_empty());
    let raw_data = form.field("custom_data").map(|f| f.value().to_string()).unwrap_or_default();
    let (custom_data, data_problem) = match values::data(&raw_data) {
        Ok(data) => (data, None),
        Err(problem) => (None, Some(problem)),
    };
    let contact = ContactUpload {
        email: form.value("email"),
        first_name: optional("first_name"),
        last_name: optional("last_name"),
        city: optional("city"),
        country: optional("country"),
        custom_data,
        tags: values::tags(&form.value("tags")),
    };
    let problems = rules::check_contact(&contact);
    let elsewhere = place_errors(form, &problems, |e| place(e, &contact.tags));
    if let Some(problem) = data_problem {
        form.add_error("custom_data", &problem);
    }
    if !elsewhere.is_empty() {
        form.error = Some(elsewhere.join("; "));
    }
    if form.has_errors() {
        return None;
    }
    let Some(campaign_id) = campaign else { return Some((Write::AddContact(contact), None)) };
    let bot_id = form.field("bot_id").and_then(|f| option_id(f.value()));
    let write = match form.field("outreach").and_then(Field::chosen).unwrap_or(0) {
        choice @ (0 | 1) => {
            Write::UploadContact { campaign_id, contact, bot_id, notify: choice == 0 }
        }
        choice => {
            Write::UploadAndStart { campaign_id, contact, bot_id, start_immediately: choice == 3 }
        }
    };
    Some((write, None))
}

/// The contact write's answer: a toast and the new (or existing) contact selected, or the
/// failure in the form.
pub fn finished(
    state: &mut AppState,
    submission: Submission,
    result: Result<Written, ApiError>,
) -> Vec<Effect> {
    let raw_email = submission.write.contact_email().unwrap_or_default().to_string();
    let email = sanitize(&raw_email);
    let written = match result {
        Ok(written) => written,
        Err(error) => return failed(state, &submission, &error, &email),
    };
    let id = match (written, &submission.write) {
        (Written::ContactAdded(outcome), _) => {
            match outcome.reconcile(&raw_email, &submission.known_contacts) {
                AddContactOutcome::Added { id } => {
                    toast(state, Tone::Success, format!("Added contact #{id} <{email}>."));
                    Some(id)
                }
                AddContactOutcome::AlreadyPresent { id: Some(id), .. } => {
                    let text = format!("{email} is already a contact: #{id}. Nothing was changed.");
                    toast(state, Tone::Warning, text);
                    Some(id)
                }
                AddContactOutcome::AlreadyPresent { id: None, detail } => {
                    let text = format!(
                        "{email} is already a contact; nothing was changed. The server said: {}",
                        sanitize(&detail)
                    );
                    toast(state, Tone::Warning, text);
                    None
                }
            }
        }
        (Written::Uploaded { id }, write) => {
            let text = uploaded_text(state, write, id, &email);
            toast(state, Tone::Success, text);
            Some(id)
        }
        _ => None,
    };
    close(state);
    if let Some(id) = id {
        state.reveal = Some((Slot::Contacts, id));
    }
    let slots = match submission.write {
        Write::AddContact(_) => vec![Slot::Contacts],
        _ => vec![Slot::Contacts, Slot::Exchanges, Slot::Campaigns],
    };
    refresh(state, &slots)
}

fn uploaded_text(state: &AppState, write: &Write, id: i64, email: &str) -> String {
    let (campaign_id, then) = match write {
        Write::UploadContact { campaign_id, notify, .. } => {
            (*campaign_id, if *notify { "its users are notified" } else { "nobody was notified" })
        }
        Write::UploadAndStart { campaign_id, start_immediately, .. } => (
            *campaign_id,
            if *start_immediately {
                "outreach starts right away"
            } else {
                "outreach starts at a suitable time"
            },
        ),
        _ => (0, ""),
    };
    format!("Added {email} (#{id}) to {}: {then}.", campaign_label(state, campaign_id))
}

fn failed(
    state: &mut AppState,
    submission: &Submission,
    error: &ApiError,
    email: &str,
) -> Vec<Effect> {
    // Endpoints 3 and 4 answer a duplicate with 400 only: said plainly, with its id if known.
    if is_duplicate_contact(error)
        && let Some(form) = open_form(state)
    {
        let raw = submission.write.contact_email().unwrap_or_default();
        let known = submission.known_contacts.iter().find(|c| c.email.eq_ignore_ascii_case(raw));
        let id = known.map(|c| format!(": #{}", c.id)).unwrap_or_default();
        form.clear_errors();
        form.error = Some(format!(
            "{email} is already a contact{id}, so it was not added. {}",
            super::failure_text(error, "")
        ));
        form.set_error("email", "already a contact");
        return Vec::new();
    }
    let tags = match &submission.write {
        Write::AddContact(contact)
        | Write::UploadContact { contact, .. }
        | Write::UploadAndStart { contact, .. } => contact.tags.clone(),
        _ => Vec::new(),
    };
    show_failure(state, error, "", |e| place(e, &tags));
    Vec::new()
}
