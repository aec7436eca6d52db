//! The contact form: for the organisation (`a` in Contacts, endpoint 5), or into a campaign
//! (`u` on a campaign) with a bot and what happens next (endpoint 4 with `notify`, or
//! endpoint 3 with `start_immediately`). A duplicate is said plainly, whichever way the
//! server answers it.

use crate::api::{
    AddContactOutcome, ApiError, Bot, ContactUpload, FieldError, outcomes::is_duplicate_contact,
    rules,
};
use crate::bots::{Standing, standing};
use crate::text::{count, sanitize};
use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::form::{ContactFields, Fields, Form, Outreach, UploadFields};
use crate::tui::group::OrgId;
use crate::tui::model::{Pane, Slot};
use crate::tui::resource::in_view;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::{Submission, Tone};
use crate::tui::submit::request::{WriteRequest, Written};
use crate::tui::update::fetch::fetch;
use crate::tui::update::forms::common::{Built, campaign_label, close, open_form, refresh, toast};
use crate::tui::update::forms::failure::{place_errors, show_failure};
use crate::tui::update::forms::values;

/// Loads the contacts when they never were: they tell a new contact from an existing one.
fn load_contacts(state: &mut AppState) -> Vec<Effect> {
    let contacts = &state.org.store.contacts;
    if contacts.data.is_none() && !contacts.is_loading() {
        return fetch(state, Slot::Contacts).into_iter().collect();
    }
    Vec::new()
}

fn show(state: &mut AppState, title: &str, fields: ContactFields) -> Vec<Effect> {
    // With the address given, typing goes on in the next field.
    let focus = usize::from(!fields.email.value().is_empty());
    let mut form = Form::new(title, Fields::Contact(Box::new(fields)));
    form.focus = focus;
    state.transient.overlay = Some(Overlay::Form(form));
    load_contacts(state)
}

/// Opens the form for a contact of the organisation.
pub(crate) fn open(state: &mut AppState, email: Option<&str>) -> Vec<Effect> {
    show(state, "Add a contact", ContactFields::new(email.unwrap_or_default(), None))
}

/// Opens the form for a contact of `org`, one of the group's organisations, with a field
/// that chooses among them (the title and the key follow it).
pub(crate) fn open_in_group(state: &mut AppState, org: &OrgId, email: Option<&str>) {
    let mut fields = ContactFields::new(email.unwrap_or_default(), None);
    let orgs = state.group.orgs.iter().map(|entry| (entry.org.clone(), sanitize(&entry.org.0)));
    fields.choose_org(orgs, org);
    let focus = usize::from(!fields.email.value().is_empty());
    let mut form = Form::new("", Fields::Contact(Box::new(fields)));
    form.focus = focus;
    follow_org(&mut form);
    state.transient.overlay = Some(Overlay::Form(form));
}

/// Opens the form for a contact of a campaign (the one given, else the one in view), with
/// the bot picker and the choice of what follows.
pub(crate) fn open_upload(
    state: &mut AppState,
    campaign_id: Option<i64>,
    email: Option<&str>,
    bot: Option<i64>,
    outreach: Outreach,
) -> Vec<Effect> {
    let Some(id) = campaign_id.or_else(|| in_view::campaign_id(state)) else {
        let text = format!(
            "Select a campaign first ({} shows Campaigns), then {}.",
            state.how(Command::GoTo(Pane::Campaigns), "2"),
            state.how(Command::UploadContact, "u")
        );
        toast(state, Tone::Warning, text);
        return Vec::new();
    };
    let upload = UploadFields::new(id, bot_choices(state), bot, outreach);
    let title = format!("Add a contact to {}", campaign_label(state, id));
    show(state, &title, ContactFields::new(email.unwrap_or_default(), Some(upload)))
}

/// Where a bot goes in the picker: the ones that send well first, retired ones last.
fn picker_rank(standing: Standing) -> u8 {
    match standing {
        Standing::Healthy => 0,
        Standing::Ending => 1,
        Standing::CoolingOff => 2,
        Standing::Attention => 3,
        Standing::Retired => 4,
    }
}

/// The bot picker's choices: each bot with its standing (the shared bot-health definition),
/// today's sending capacity and its replies and meetings of the results range (the Bots
/// list's numbers), live ones first; picking one that needs attention is asked about before
/// sending.
fn bot_choices(state: &AppState) -> Vec<(i64, String)> {
    let bots = state.org.store.bots.items();
    let results = state.org.results.window.is_some().then_some(&state.org.results);
    let mut ranked: Vec<(Standing, &Bot)> = bots.iter().map(|bot| (standing(bot), bot)).collect();
    crate::sorting::sort_by_key(&mut ranked, |(standing, bot)| (picker_rank(*standing), bot.id));
    let now = state.env.now;
    ranked
        .into_iter()
        .map(|(standing, bot)| {
            let name = format!("{} {}", bot.first_name, bot.last_name);
            let state = match standing {
                Standing::Retired => format!("retired, {}", bot.status),
                other => other.label().to_string(),
            };
            let capacity = crate::bots::warmup(bot, now).map(|w| format!(" · {}", w.today()));
            let achieved = results.map(|r| {
                let (replies, meetings) =
                    r.bot(bot.id).map_or((0, 0), |t| (t.replies, t.meetings.booked));
                format!(
                    " · {}, {}",
                    count(replies, "reply", "replies"),
                    count(meetings, "meeting", "meetings")
                )
            });
            // The standing before the address, so a narrow form cuts the address instead.
            let label = format!(
                "#{} {} · {state}{}{} <{}>",
                bot.id,
                name.trim(),
                capacity.unwrap_or_default(),
                achieved.unwrap_or_default(),
                bot.email
            );
            (bot.id, sanitize(&label))
        })
        .collect()
}

/// A problem with a contact in words at its field: `tags.3` is the fourth tag.
fn word(error: &FieldError, tags: &[String]) -> String {
    let index = error.field.split('.').nth(1).and_then(|i| i.parse::<usize>().ok());
    match index {
        Some(index) if error.top_field() == "tags" => {
            let tag = tags.get(index).map(|t| format!(" '{t}'")).unwrap_or_default();
            format!("tag {}{tag}: {}", index + 1, error.message)
        }
        _ => error.message.clone(),
    }
}

/// Reads the form into a write; problems that are certain are marked and nothing is sent.
pub(crate) fn build(fields: &mut ContactFields) -> Built {
    let (custom_data, data_problem) = match values::data(fields.custom_data.value()) {
        Ok(data) => (data, None),
        Err(problem) => (None, Some(problem)),
    };
    let contact = ContactUpload {
        email: fields.email.trimmed(),
        first_name: fields.first_name.optional(),
        last_name: fields.last_name.optional(),
        city: fields.city.optional(),
        country: fields.country.optional(),
        custom_data,
        tags: fields.tags.tag_list(),
    };
    let problems = rules::check_contact(&contact);
    let elsewhere = place_errors(fields, &problems, |e| word(e, &contact.tags));
    if let Some(problem) = data_problem {
        fields.custom_data.add_error(&problem);
    }
    if !elsewhere.is_empty() || fields.fields().iter().any(|f| f.error.is_some()) {
        return Err(elsewhere);
    }
    let Some(upload) = &fields.upload else { return Ok((WriteRequest::AddContact(contact), None)) };
    let (campaign_id, bot_id) = (upload.campaign, *upload.bot.value());
    let write = match *upload.outreach.value() {
        how @ (Outreach::Notify | Outreach::Silent) => WriteRequest::UploadContact {
            campaign_id,
            contact,
            bot_id,
            notify: how == Outreach::Notify,
        },
        how @ (Outreach::StartLater | Outreach::StartNow) => WriteRequest::UploadAndStart {
            campaign_id,
            contact,
            bot_id,
            start_immediately: how == Outreach::StartNow,
            campaign_was: None,
        },
    };
    Ok((write, None))
}

/// The contact write's answer: a toast and the new (or existing) contact selected, or the
/// failure in the form.
pub(crate) fn finished(
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
        state.panes.reveal = Some((Slot::Contacts, id));
    }
    let slots = match submission.write {
        WriteRequest::AddContact(_) => vec![Slot::Contacts],
        _ => vec![Slot::Contacts, Slot::Exchanges, Slot::Campaigns],
    };
    refresh(state, &slots)
}

fn uploaded_text(state: &AppState, write: &WriteRequest, id: i64, email: &str) -> String {
    let (campaign_id, then) = match write {
        WriteRequest::UploadContact { campaign_id, notify, .. } => {
            (*campaign_id, if *notify { "its users are notified" } else { "nobody was notified" })
        }
        WriteRequest::UploadAndStart { campaign_id, start_immediately, .. } => (
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
    let again = crate::tui::update::forms::failure::LogInAgain::from(
        state,
        crate::tui::keymap::intents::Dialog::Form(Default::default()),
    );
    // Endpoints 3 and 4 answer a duplicate with 400 only: said plainly, with its id if known.
    if is_duplicate_contact(error)
        && let Some(form) = open_form(state)
    {
        let raw = submission.write.contact_email().unwrap_or_default();
        let known = submission.known_contacts.iter().find(|c| c.email().eq_ignore_ascii_case(raw));
        let id = known.map(|c| format!(": #{}", c.id)).unwrap_or_default();
        form.clear_errors();
        form.error = Some(format!(
            "{email} is already a contact{id}, so it was not added. {}",
            crate::tui::update::forms::failure::failure_text(error, "", &again)
        ));
        if let Fields::Contact(fields) = &mut form.fields {
            fields.email.add_error("already a contact");
        }
        form.focus_first_error();
        return Vec::new();
    }
    let tags = match &submission.write {
        WriteRequest::AddContact(contact)
        | WriteRequest::UploadContact { contact, .. }
        | WriteRequest::UploadAndStart { contact, .. } => contact.tags.clone(),
        _ => Vec::new(),
    };
    show_failure::<ContactFields>(state, error, "", |e| word(e, &tags));
    Vec::new()
}

/// A contact form over a group goes to the organisation its field chooses: its title says
/// which.
pub(super) fn follow_org(form: &mut Form) {
    if let Fields::Contact(fields) = &form.fields
        && let Some(choice) = &fields.org
    {
        let org = choice.value().clone();
        form.title = super::common::titled(&org, "add a contact");
        form.org = Some(org);
    }
}
