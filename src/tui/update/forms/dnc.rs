//! The do-not-contact form (`d`, `D`): many addresses and domains at once, pasted as lines
//! or separated by commas or spaces. Addresses go to endpoint 6, then domains to endpoint 1,
//! each in requests of at most 10 000 with progress.

use crate::api::{ApiError, FieldError, MAX_DNC_BATCH};
use crate::text::sanitize;
use crate::tui::action::Effect;
use crate::tui::form::{DncFields, Fields, Form};
use crate::tui::model::Slot;
use crate::tui::resource::in_view;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::{Submission, Tone};
use crate::tui::submit::request::{WriteRequest, Written};
use crate::tui::update::forms::common::{Built, close, open_form, refresh, send, toast};
use crate::tui::update::forms::failure::show_failure;
use crate::tui::update::forms::values::{count, dnc_entries};
use chrono::TimeDelta;

/// How many invalid entries the form lists before "and N more".
const SHOWN_PROBLEMS: usize = 3;

/// When contacts are reloaded after domains were queued: the service applies them in the
/// background, a moment after its 202.
const DOMAINS_SETTLE_SECONDS: i64 = 2;

/// Opens the form; with a contact in view, its address (or with `domain`, its domain) is
/// filled in. `entries` (from the palette) wins over both.
pub(crate) fn open(state: &mut AppState, domain: bool, entries: Option<&str>) -> Vec<Effect> {
    let prefill = match entries {
        Some(entries) => entries.to_string(),
        None => in_view::contact_address(state)
            .map(|email| {
                crate::present::dnc::listed_as(&email, domain).unwrap_or(&email).to_string()
            })
            .unwrap_or_default(),
    };
    let mut fields = DncFields::new(&prefill);
    describe(&mut fields);
    let form = Form::new("Do not contact", Fields::Dnc(Box::new(fields)));
    state.transient.overlay = Some(Overlay::Form(form));
    Vec::new()
}

/// Says under the field what the list holds and how it will be sent.
pub(crate) fn describe(fields: &mut DncFields) {
    let field = &mut fields.entries;
    let entries = dnc_entries(field.value());
    let mut parts = Vec::new();
    if !entries.emails.is_empty() {
        parts.push(count(entries.emails.len(), "address", "addresses"));
    }
    if !entries.domains.is_empty() {
        parts.push(count(entries.domains.len(), "domain", "domains"));
    }
    if !entries.problems.is_empty() {
        parts.push(format!("{} not valid", entries.problems.len()));
    }
    let requests = entries.emails.len().div_ceil(MAX_DNC_BATCH)
        + entries.domains.len().div_ceil(MAX_DNC_BATCH);
    if requests > 2 {
        parts.push(format!("{requests} requests of at most {MAX_DNC_BATCH}"));
    }
    field.note = (!parts.is_empty()).then(|| sanitize(&parts.join(", ")));
}

/// Reads the list: addresses first, then domains. Any invalid entry stops it all (and is
/// named), so a list is never sent half.
pub(crate) fn build(fields: &mut DncFields) -> Built {
    let entries = dnc_entries(fields.entries.value());
    if !entries.problems.is_empty() {
        // Each problem ends without its full stop: they are joined with "; ".
        let mut listed: Vec<&str> = entries
            .problems
            .iter()
            .take(SHOWN_PROBLEMS)
            .map(|problem| problem.trim_end_matches('.'))
            .collect();
        let more = entries.problems.len().saturating_sub(SHOWN_PROBLEMS);
        let more_text = format!("and {more} more");
        if more > 0 {
            listed.push(&more_text);
        }
        let listed = listed.join("; ");
        let text = format!("{}. Nothing was sent.", listed.trim_end_matches('.'));
        fields.entries.add_error(&sanitize(&text));
        return Err(Vec::new());
    }
    let emails = (!entries.emails.is_empty()).then_some(WriteRequest::DncEmails(entries.emails));
    let domains =
        (!entries.domains.is_empty()).then_some(WriteRequest::DncDomains(entries.domains));
    match (emails, domains) {
        (Some(emails), domains) => Ok((emails, domains)),
        (None, Some(domains)) => Ok((domains, None)),
        (None, None) => {
            fields.entries.add_error("Type or paste at least one e-mail address or domain.");
            Err(Vec::new())
        }
    }
}

/// One step's answer: the domains follow the addresses; at the end a toast says what was
/// added (endpoint 6's message) and what was queued (endpoint 1's 202).
pub(crate) fn finished(
    state: &mut AppState,
    mut submission: Submission,
    result: Result<Written, ApiError>,
) -> Vec<Effect> {
    let replies = match result {
        Ok(Written::Dnc(replies)) => replies,
        Ok(_) => Vec::new(),
        Err(error) => return failed(state, &submission, &error),
    };
    let said: Vec<String> =
        replies.iter().filter_map(|reply| reply.message.as_deref()).map(sanitize).collect();
    let said = if said.is_empty() {
        String::new()
    } else {
        format!(" (the server said: \"{}\")", said.join("; "))
    };
    let step = match &submission.write {
        WriteRequest::DncEmails(list) => {
            format!("{} sent{said}", count(list.len(), "address", "addresses"))
        }
        WriteRequest::DncDomains(list) => format!(
            "{} queued to be applied in the background{said}",
            count(list.len(), "domain", "domains")
        ),
        _ => String::new(),
    };
    submission.done.push(match (&submission.org, submission.by_org()) {
        (Some(org), true) => format!("{}: {step}", sanitize(org.profile())),
        _ => step,
    });
    if let Some(next) = submission.then.take() {
        return send(state, submission, next);
    }
    if !submission.more.is_empty() {
        // The next organisation's, with its own key.
        let (org, next) = submission.more.remove(0);
        submission.org = Some(org);
        return send(state, submission, next);
    }
    close(state);
    toast(state, Tone::Success, format!("Do not contact: {}.", submission.done.join("; ")));
    if matches!(submission.write, WriteRequest::DncDomains(_)) {
        let at = state.env.now + TimeDelta::seconds(DOMAINS_SETTLE_SECONDS);
        state.server.followup = Some((at, vec![Slot::Contacts]));
    }
    refresh(state, &[Slot::Contacts])
}

fn failed(state: &mut AppState, submission: &Submission, error: &ApiError) -> Vec<Effect> {
    let (noun, list) = match &submission.write {
        WriteRequest::DncEmails(list) => ("addresses", list.as_slice()),
        WriteRequest::DncDomains(list) => ("domains", list.as_slice()),
        _ => ("entries", &[][..]),
    };
    let mut before = String::new();
    if !submission.done.is_empty() {
        before.push_str(&format!("Done: {}. ", submission.done.join("; ")));
    }
    if submission.sent > 0 {
        before.push_str(&format!(
            "{} of {} {noun} were sent before a request failed. ",
            submission.sent, submission.total
        ));
    } else {
        match (&submission.org, submission.by_org()) {
            (Some(org), true) => {
                before.push_str(&format!("{}'s {noun} were not added. ", org.profile()))
            }
            _ => before.push_str(&format!("The {noun} were not added. ")),
        }
    }
    if submission.by_org()
        && let Some(Overlay::Confirm(confirm)) = state.transient.overlay.as_mut()
    {
        // Trying again sends what is left, from the organisation that failed on.
        confirm.write = Some(submission.write.clone());
        confirm.org = submission.org.clone();
        confirm.more = submission.more.clone();
        confirm.done = submission.done.clone();
    }
    // A 422 names an item of the failed request: its place in the whole list follows the
    // items sent before it.
    let sent = submission.sent;
    let word = |error: &FieldError| {
        let index = error.field.split('.').nth(1).and_then(|i| i.parse::<usize>().ok());
        match index.and_then(|i| list.get(sent + i)) {
            Some(entry) => format!("'{entry}': {}", error.message),
            None => error.message.clone(),
        }
    };
    show_failure::<DncFields>(state, error, &sanitize(&before), word);
    if let Some(Fields::Dnc(fields)) = open_form(state).map(|form| &mut form.fields) {
        describe(fields);
    }
    if submission.sent > 0 || !submission.done.is_empty() {
        return refresh(state, &[Slot::Contacts]);
    }
    Vec::new()
}
