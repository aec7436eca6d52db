//! Write operations by keyboard: opening their forms and dialogs (refused up front on a
//! read-only profile), submitting (one write in flight at a time), and what comes back —
//! on success a toast and refreshed panes; on failure the form stays open with everything
//! typed, each problem next to its field and the rest above the form.

mod contact;
mod conversion;
mod dnc;
mod failure;
mod palette;
mod start;
pub mod values;

pub use failure::failure_text;
use failure::{place_errors, show_failure};
pub use palette::from_palette;
pub use start::on_confirm_key;

use super::super::action::{Command, Effect, ReqId, Slot};
use super::super::form::{Fields, Form, FormOutcome, Outreach};
use super::super::state::{AppState, Connection, Overlay, Pane};
use super::super::write::{Write, Written};
use super::super::writing::{Submission, TOAST_SECONDS, Toast, Tone};
use super::fetch::{fetch, slot_status};
use crate::api::ApiError;
use crate::text::sanitize;
use chrono::TimeDelta;
use crossterm::event::{KeyCode, KeyEvent};
use std::sync::Arc;

/// Why every write is refused on a read-only profile.
pub const READ_ONLY: &str = "This profile is read-only: nothing was sent. Writes need a profile \
whose key may write (read_only = false in the config file, or another --profile).";

/// Why no write may start now, if so.
fn refusal(state: &AppState) -> Option<String> {
    match &state.connection {
        Connection::Ready(info) if info.read_only => Some(READ_ONLY.into()),
        Connection::Ready(_) => None,
        _ => Some("Not connected yet: nothing can be sent.".into()),
    }
}

/// Opens the form or dialog of a write command, unless writes are refused here.
pub fn open(state: &mut AppState, command: Command) -> Vec<Effect> {
    if let Some(why) = refusal(state) {
        toast(state, Tone::Failure, why);
        return Vec::new();
    }
    match command {
        Command::StartCampaign => start::ask(state, None),
        Command::AddContact => contact::open(state, None),
        Command::UploadContact => contact::open_upload(state, None, None, Outreach::Notify),
        Command::AddDnc => dnc::open(state, false, None),
        Command::AddDncDomain => dnc::open(state, true, None),
        Command::LogConversion => conversion::open(state, None, None),
        _ => Vec::new(),
    }
}

/// A key on a write form: locked while its write is in flight; Esc with typed input asks
/// first (`y` discards, any other key goes back to editing).
pub fn on_form_key(state: &mut AppState, mut form: Form, key: KeyEvent) -> Vec<Effect> {
    if state.submission.is_some() {
        state.overlay = Some(Overlay::Form(form));
        return Vec::new();
    }
    if form.discarding {
        form.discarding = false;
        if !matches!(key.code, KeyCode::Char('y' | 'Y')) {
            state.overlay = Some(Overlay::Form(form));
        }
        return Vec::new();
    }
    match form.handle_key(key) {
        FormOutcome::Cancel if !form.is_modified() => return Vec::new(),
        FormOutcome::Cancel => form.discarding = true,
        FormOutcome::Submit => return submit(state, form),
        FormOutcome::Edited => after_edit(&mut form),
        FormOutcome::Ignored => {}
    }
    state.overlay = Some(Overlay::Form(form));
    Vec::new()
}

/// Pasted text goes into the focused field (not while the form's write is in flight).
pub fn on_paste(state: &mut AppState, text: &str) {
    if state.submission.is_some() {
        return;
    }
    if let Some(Overlay::Form(form)) = state.overlay.as_mut() {
        form.discarding = false;
        form.paste(text);
        after_edit(form);
    }
}

fn after_edit(form: &mut Form) {
    if let Fields::Dnc(fields) = &mut form.fields {
        dnc::describe(fields);
    }
}

/// Checks a write form and sends it; whatever is wrong stays marked in the open form.
pub fn submit(state: &mut AppState, mut form: Form) -> Vec<Effect> {
    form.clear_errors();
    form.discarding = false;
    form.note = None;
    if let Some(why) = refusal(state) {
        form.error = Some(why);
        state.overlay = Some(Overlay::Form(form));
        return Vec::new();
    }
    let built = match &mut form.fields {
        Fields::Contact(fields) => contact::build(fields),
        Fields::Dnc(fields) => dnc::build(fields),
        Fields::Conversion(fields) => conversion::build(fields),
        Fields::ExchangeQuery(_) | Fields::MeetingQuery(_) | Fields::Login(_) => Err(Vec::new()),
    };
    let built = built.map_err(|elsewhere| {
        form.error = (!elsewhere.is_empty()).then(|| elsewhere.join("; "));
        form.focus_first_error();
    });
    state.overlay = Some(Overlay::Form(form));
    match built {
        Ok((write, then)) => begin(state, write, then),
        Err(()) => Vec::new(),
    }
}

/// What a write form reads into: the write and the one to send after it; or, when it is
/// certainly wrong (each problem marked on its field), the problems that fit no field.
type Built = Result<(Write, Option<Write>), Vec<String>>;

/// Submits the form just opened (a palette line that said everything).
fn submit_open_form(state: &mut AppState) -> Vec<Effect> {
    match state.overlay.take() {
        Some(Overlay::Form(form)) => submit(state, form),
        other => {
            state.overlay = other;
            Vec::new()
        }
    }
}

/// Starts a submission, the one write in flight; nothing when one already is.
pub fn begin(state: &mut AppState, write: Write, then: Option<Write>) -> Vec<Effect> {
    if state.submission.is_some() {
        return Vec::new();
    }
    let known_contacts = state
        .store
        .contacts
        .data
        .as_ref()
        .map_or_else(|| Arc::from(Vec::new()), |d| d.items.clone());
    let submission = Submission {
        req_id: 0,
        write: write.clone(),
        then,
        done: Vec::new(),
        known_contacts,
        sent: 0,
        total: 0,
    };
    send(state, submission, write)
}

/// Sends the next write of a submission under a fresh request id.
fn send(state: &mut AppState, mut submission: Submission, write: Write) -> Vec<Effect> {
    let req_id = state.take_req_id();
    submission.req_id = req_id;
    submission.total = match &write {
        Write::DncEmails(items) | Write::DncDomains(items) => items.len(),
        _ => 0,
    };
    submission.sent = 0;
    submission.write = write.clone();
    state.submission = Some(submission);
    vec![Effect::Submit { req_id, write }]
}

/// A chunked write moved on.
pub fn on_progress(state: &mut AppState, req_id: ReqId, sent: usize, total: usize) {
    if let Some(submission) = state.submission.as_mut().filter(|s| s.req_id == req_id) {
        submission.sent = sent;
        submission.total = total;
        state.dirty = true;
    }
}

/// A write finished. An answer to anything but the write in flight is dropped.
pub fn on_written(
    state: &mut AppState,
    req_id: ReqId,
    result: Result<Written, ApiError>,
) -> Vec<Effect> {
    let Some(submission) = state.submission.take_if(|s| s.req_id == req_id) else {
        return Vec::new();
    };
    state.dirty = true;
    if let Err(error) = &result {
        // The log keeps the whole story; an ApiError never holds the key.
        tracing::warn!(%error, "write failed");
    }
    match &submission.write {
        Write::StartCampaign { .. } => start::finished(state, submission, result),
        Write::AddContact(_) | Write::UploadContact { .. } | Write::UploadAndStart { .. } => {
            contact::finished(state, submission, result)
        }
        Write::DncEmails(_) | Write::DncDomains(_) => dnc::finished(state, submission, result),
        Write::Conversion(_) => conversion::finished(state, submission, result),
    }
}

/// The spinner moves on while a write is in flight.
pub fn on_spin(state: &mut AppState) {
    if state.submission.is_some() {
        state.spinner = state.spinner.wrapping_add(1);
        state.dirty = true;
    }
}

/// The clock moved on: an old toast goes, a reload that was due happens.
pub fn on_tick(state: &mut AppState) -> Vec<Effect> {
    if state.toast.as_ref().is_some_and(|toast| state.now >= toast.until) {
        state.toast = None;
        state.dirty = true;
    }
    match state.followup.take() {
        Some((at, slots)) if state.now >= at => {
            state.dirty = true;
            refresh(state, &slots)
        }
        other => {
            state.followup = other;
            Vec::new()
        }
    }
}

/// Shows how a write went for a few seconds.
pub fn toast(state: &mut AppState, tone: Tone, text: impl Into<String>) {
    let until = state.now + TimeDelta::seconds(TOAST_SECONDS);
    state.toast = Some(Toast { text: text.into(), tone, until });
    state.dirty = true;
}

/// Reloads the slots a write changed, where they were loaded before (the others load when
/// their pane is first shown).
pub fn refresh(state: &mut AppState, slots: &[Slot]) -> Vec<Effect> {
    let loaded: Vec<Slot> =
        slots.iter().copied().filter(|&slot| slot_status(state, slot).0.is_some()).collect();
    loaded.into_iter().filter_map(|slot| fetch(state, slot)).collect()
}

/// Closes the write form or dialog the answer was for.
fn close(state: &mut AppState) {
    if matches!(&state.overlay, Some(Overlay::Form(f)) if f.is_write())
        || matches!(state.overlay, Some(Overlay::Confirm(_)))
    {
        state.overlay = None;
    }
}

/// The open write form, if the answer still has one to go to.
fn open_form(state: &mut AppState) -> Option<&mut Form> {
    match state.overlay.as_mut() {
        Some(Overlay::Form(form)) if form.is_write() => Some(form),
        _ => None,
    }
}

/// The e-mail address of the contact in view: the selected or open contact, the contact of
/// the selected exchange or open e-mail chain, or of the selected or open meeting.
fn contact_in_view(state: &AppState) -> Option<String> {
    match state.pane {
        Pane::Contacts => {
            let id = state.contacts.detail.map(|d| d.id).or(state.contacts.list.selected_id())?;
            let contact = state.store.contacts.items().iter().find(|c| c.id == id)?;
            Some(contact.email.clone())
        }
        Pane::Exchanges => match &state.exchanges.chain {
            Some(chain) => Some(chain.exchange.contact.email.clone()),
            None => {
                let index = state.exchanges.list.selected_index()?;
                Some(state.store.exchanges.items().get(index)?.contact.email.clone())
            }
        },
        Pane::Meetings => {
            let id = state.meetings.detail.map(|d| d.id).or(state.meetings.list.selected_id())?;
            let meeting = state.store.meetings.items().iter().find(|m| m.id == id)?;
            meeting.contact.as_ref().map(|person| person.email.clone())
        }
        _ => None,
    }
    .filter(|email| !email.trim().is_empty())
}

/// The campaign in view: the open one, else the selected one (Campaigns pane only).
fn campaign_in_view(state: &AppState) -> Option<i64> {
    if state.pane != Pane::Campaigns {
        return None;
    }
    state.campaigns.detail.map(|d| d.id).or_else(|| state.campaigns.list.selected_id())
}

/// `'Name'` of a campaign, or `campaign #ID` when it is not loaded.
fn campaign_label(state: &AppState, id: i64) -> String {
    match state.campaign_name(id) {
        Some(name) => format!("'{}'", sanitize(name)),
        None => format!("campaign #{id}"),
    }
}
