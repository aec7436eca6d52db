//! WriteRequest operations by keyboard: opening their forms and dialogs (refused up front on a
//! read-only profile), submitting (one write in flight at a time), and what comes back —
//! on success a toast and refreshed panes; on failure the form stays open with everything
//! typed, each problem next to its field and the rest above the form.

mod common;
mod confirm;
pub(crate) mod contact;
pub(crate) mod conversion;
mod dnc;
mod failure;
pub(crate) mod palette;
mod preflight;
mod question;
mod replies;
mod start;
pub(crate) mod values;

use crate::tui::command::Command;
use crate::tui::model::ReqId;
pub(crate) use common::organisation;
pub(crate) use confirm::on_confirm;

use crate::api::ApiError;
use crate::tui::action::Effect;
use crate::tui::form::{Fields, Form, FormOutcome, Outreach};
use crate::tui::intent::Intent;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::Tone;
use crate::tui::submit::request::{WriteRequest, Written};
use common::{refresh, refusal, toast};

/// Opens the form or dialog of a write command, unless writes are refused here.
pub(crate) fn open(state: &mut AppState, command: Command) -> Vec<Effect> {
    if let Some(why) = refusal(state) {
        toast(state, Tone::Failure, why);
        return Vec::new();
    }
    if state.on_inbox() {
        return replies::open(state, command);
    }
    match command {
        Command::StartCampaign => start::ask(state, None),
        Command::AddContact => contact::open(state, None),
        Command::UploadContact => contact::open_upload(state, None, None, None, Outreach::Notify),
        Command::AddDnc => dnc::open(state, false, None),
        Command::AddDncDomain => dnc::open(state, true, None),
        Command::LogConversion => conversion::open(state, None, None),
        _ => Vec::new(),
    }
}

/// An answer to a write form: locked while its write is in flight; a cancel with typed
/// input asks first (yes discards, anything else goes back to editing), and closes at once
/// when nothing was typed (values a palette line filled in are not typed input).
pub(crate) fn on_form_intent(state: &mut AppState, mut form: Form, intent: Intent) -> Vec<Effect> {
    if state.transient.submission.is_some() {
        state.transient.overlay = Some(Overlay::Form(form));
        return Vec::new();
    }
    if form.discarding {
        form.discarding = false;
        if !matches!(intent, Intent::Yes | Intent::YesDespiteChecks) {
            state.transient.overlay = Some(Overlay::Form(form));
        }
        return Vec::new();
    }
    let outcome = form.answer(intent);
    match outcome {
        FormOutcome::Cancel if !form.is_modified() => return Vec::new(),
        FormOutcome::Cancel => form.discarding = true,
        FormOutcome::Submit => return submit(state, form),
        FormOutcome::Edited => after_edit(&mut form),
        FormOutcome::Ignored => {}
    }
    state.transient.overlay = Some(Overlay::Form(form));
    Vec::new()
}

/// Pasted text goes into the focused field (not while the form's write is in flight).
pub(crate) fn on_paste(state: &mut AppState, text: &str) {
    if state.transient.submission.is_some() {
        return;
    }
    if let Some(Overlay::Form(form)) = state.transient.overlay.as_mut() {
        form.discarding = false;
        form.paste(text);
        after_edit(form);
    }
}

/// What follows any change of a form's text, typed, pasted or back from $EDITOR: the DNC
/// form's count line is recounted.
pub(crate) fn after_edit(form: &mut Form) {
    if let Fields::Dnc(fields) = &mut form.fields {
        dnc::describe(fields);
    }
    contact::follow_org(form);
}

/// The conversion form for `email`, a contact of `org` (a merged row's): its title names
/// the organisation, its write goes with that organisation's key.
pub(crate) fn conversion_for(
    state: &mut AppState,
    org: crate::tui::group::OrgId,
    email: &str,
    prefill: Option<conversion::Prefill>,
) -> Vec<Effect> {
    let effects = conversion::open(state, Some(email), prefill);
    if let Some(Overlay::Form(form)) = state.transient.overlay.as_mut() {
        form.title = common::titled(&org, "log a conversion");
        form.org = Some(org);
    }
    effects
}

/// Checks a write form and asks before sending it (the one confirmation); whatever is
/// wrong stays marked in the open form.
pub(crate) fn submit(state: &mut AppState, form: Form) -> Vec<Effect> {
    check_and_ask(state, form, true)
}

/// Checks a write form; when nothing is certainly wrong, the confirmation takes its place.
/// `seen`: the form was on screen, so a no goes back to it (a palette line's closes).
fn check_and_ask(state: &mut AppState, mut form: Form, seen: bool) -> Vec<Effect> {
    form.clear_errors();
    form.discarding = false;
    form.note = None;
    let refused = match &form.org {
        Some(org) => crate::tui::update::group_rows::refusal(state, org),
        None => refusal(state),
    };
    if let Some(why) = refused {
        form.error = Some(why);
        state.transient.overlay = Some(Overlay::Form(form));
        return Vec::new();
    }
    let built = match &mut form.fields {
        Fields::Contact(fields) => contact::build(fields),
        Fields::Dnc(fields) => dnc::build(fields),
        Fields::Conversion(fields) => conversion::build(fields),
        Fields::ExchangeQuery(_) | Fields::MeetingQuery(_) | Fields::Login(_) => Err(Vec::new()),
    };
    match built {
        Ok((write, then)) => {
            let confirm = question::before_sending(state, form, write, then, seen);
            state.transient.overlay = Some(Overlay::Confirm(Box::new(confirm)));
        }
        Err(elsewhere) => {
            form.error = (!elsewhere.is_empty()).then(|| elsewhere.join("; "));
            form.focus_first_error();
            state.transient.overlay = Some(Overlay::Form(form));
        }
    }
    Vec::new()
}

/// Asks before sending the form just opened (a palette line that said everything); a no
/// closes it, as the form was never on screen.
pub(crate) fn submit_open_form(state: &mut AppState) -> Vec<Effect> {
    match state.transient.overlay.take() {
        Some(Overlay::Form(form)) => check_and_ask(state, form, false),
        other => {
            state.transient.overlay = other;
            Vec::new()
        }
    }
}

/// A chunked write moved on.
pub(crate) fn on_progress(state: &mut AppState, req_id: ReqId, sent: usize, total: usize) {
    // Read first: progress of another write writes nothing (and so draws nothing).
    if state.transient.submission.as_ref().is_some_and(|s| s.req_id == req_id)
        && let Some(submission) = state.transient.submission.as_mut()
    {
        submission.sent = sent;
        submission.total = total;
    }
}

/// A write finished. An answer to anything but the write in flight is dropped.
pub(crate) fn on_written(
    state: &mut AppState,
    req_id: ReqId,
    result: Result<Written, ApiError>,
) -> Vec<Effect> {
    // Read first: an answer to another write writes nothing (and so draws nothing).
    if state.transient.submission.as_ref().is_none_or(|s| s.req_id != req_id) {
        return Vec::new();
    }
    let Some(submission) = state.transient.submission.take() else { return Vec::new() };
    if let Some(org) = submission.org.clone() {
        return for_org(state, &org, submission, result);
    }
    let replies = submission.replies.clone();
    let succeeded = result.is_ok();
    let mut effects = finished(state, submission, result);
    // The replies it acted on are handled once the whole write went through.
    if succeeded && state.transient.submission.is_none() && !replies.is_empty() {
        effects.extend(crate::tui::update::inbox::set_handled(state, &replies, true));
    }
    effects
}

/// A write to an organisation of the group came back: told as for one, its toast naming
/// the organisation first, and the organisation read again (its rows and line moved).
fn for_org(
    state: &mut AppState,
    org: &crate::tui::group::OrgId,
    submission: crate::tui::submit::feedback::Submission,
    result: Result<Written, ApiError>,
) -> Vec<Effect> {
    let (succeeded, by_org) = (result.is_ok(), submission.by_org());
    // The replies it covered in this organisation: its marked rows, else the one row asked of.
    let replies = match submission.rows.iter().find(|(of, _)| of == org) {
        Some((_, ids)) => ids.clone(),
        None => submission.replies.clone(),
    };
    let first = submission.done.is_empty();
    let before = state.transient.toast.as_ref().map(|toast| toast.text.clone());
    let mut effects = finished(state, submission, result);
    if let Some(toast) = state.transient.toast.as_mut()
        && Some(&toast.text) != before.as_ref()
        && !by_org
    {
        toast.text = format!("{}: {}", crate::tui::update::group_rows::org_name(org), toast.text);
    }
    // Done with this organisation once nothing more goes to it (the next one's write may
    // be in flight).
    let next = state.transient.submission.as_ref().map(|next| next.org.as_ref());
    let last = next.is_none();
    if succeeded && next != Some(Some(org)) {
        if by_org {
            state.group.inbox.marked.retain(|(marked, _)| marked != org);
        }
        let triage = crate::tui::update::group_triage::handled_after_write;
        let (marked, handled) = triage(state, org, &replies, first);
        effects.extend(handled);
        effects.extend(crate::tui::update::group_rows::read_org(state, org));
        effects.extend(crate::tui::update::group_panes::written(state, org));
        if marked > 0 && last {
            crate::tui::update::group_triage::said_handled(state);
        }
    }
    effects
}

/// Hands a finished write to its form's module.
fn finished(
    state: &mut AppState,
    submission: crate::tui::submit::feedback::Submission,
    result: Result<Written, ApiError>,
) -> Vec<Effect> {
    if let Err(error) = &result {
        // The log keeps the whole story; an ApiError never holds the key.
        tracing::warn!(%error, "write failed");
    }
    match &submission.write {
        WriteRequest::StartCampaign { .. } => start::finished(state, submission, result),
        WriteRequest::AddContact(_)
        | WriteRequest::UploadContact { .. }
        | WriteRequest::UploadAndStart { .. } => contact::finished(state, submission, result),
        WriteRequest::DncEmails(_) | WriteRequest::DncDomains(_) => {
            let written = result.is_ok();
            let mut effects = dnc::finished(state, submission, result);
            // "Needs you" checks its opt-outs again: the ones just listed leave it.
            if written {
                effects.extend(crate::tui::update::inbox::check_dnc(state));
            }
            effects
        }
        WriteRequest::Conversion(_) => conversion::finished(state, submission, result),
    }
}

/// The spinner moves on while a write is in flight.
pub(crate) fn on_spin(state: &mut AppState) {
    if state.transient.submission.is_some() {
        state.transient.spinner = state.transient.spinner.wrapping_add(1);
    }
}

/// The clock moved on: an old toast goes, a reload that was due happens.
pub(crate) fn on_tick(state: &mut AppState) -> Vec<Effect> {
    if state.transient.toast.as_ref().is_some_and(|toast| state.env.now >= toast.until) {
        state.transient.toast = None;
    }
    // Read first: a tick before the follow-up is due writes nothing.
    if state.server.followup.as_ref().is_none_or(|(at, _)| state.env.now < *at) {
        return Vec::new();
    }
    let slots = state.server.followup.take().map(|(_, slots)| slots).unwrap_or_default();
    refresh(state, &slots)
}
