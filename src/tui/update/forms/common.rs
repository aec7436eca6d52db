//! What every write form and dialog does: refuse when writes are not allowed, start and
//! send the one submission in flight, report with a toast, reload what a write changed,
//! find the contact or campaign in view, and name the organisation a write is for.

use crate::present::organisation::{for_whom, organisation_name};
use crate::text::sanitize;
use crate::tui::action::Effect;
use crate::tui::form::Form;
use crate::tui::group::OrgId;
use crate::tui::model::Slot;
use crate::tui::resource;
use crate::tui::state::{AppState, Connection, Overlay};
use crate::tui::submit::feedback::{Submission, Tone};
use crate::tui::submit::request::WriteRequest;
use crate::tui::update::fetch::fetch;
use std::sync::Arc;

/// What a write form reads into: the write and the one to send after it; or, when it is
/// certainly wrong (each problem marked on its field), the problems that fit no field.
pub(super) type Built = Result<(WriteRequest, Option<WriteRequest>), Vec<String>>;

/// Why every write is refused on a read-only profile.
pub(crate) const READ_ONLY: &str = "This profile is read-only: nothing was sent. Writes need a profile \
whose key may write (read_only = false in the config file, or another --profile).";

/// Why no write may start now, if so.
pub(super) fn refusal(state: &AppState) -> Option<String> {
    match &state.server.connection {
        Connection::Ready(info) if info.read_only => Some(READ_ONLY.into()),
        Connection::Ready(_) => None,
        _ => Some("Not connected yet: nothing can be sent.".into()),
    }
}

/// Starts a submission, the one write in flight (nothing when one already is): to `org`
/// of the group with its own key, or to the organisation connected.
pub(super) fn begin_for(
    state: &mut AppState,
    org: Option<OrgId>,
    write: WriteRequest,
    then: Option<WriteRequest>,
    replies: Vec<i64>,
) -> Vec<Effect> {
    if state.transient.submission.is_some() {
        return Vec::new();
    }
    // An organisation of the group knows its own (as its merged Contacts last read them).
    let known_contacts = match &org {
        Some(org) => (state.group.entry(org))
            .map_or_else(Arc::default, |entry| Arc::new(entry.contacts.rows.to_vec())),
        None => {
            state.org.store.contacts.data.as_ref().map_or_else(Arc::default, |d| d.items.clone())
        }
    };
    let submission = Submission {
        req_id: 0,
        write: write.clone(),
        then,
        done: Vec::new(),
        known_contacts,
        sent: 0,
        total: 0,
        replies,
        org,
        more: Vec::new(),
        rows: Vec::new(),
    };
    send(state, submission, write)
}

/// Sends the next write of a submission under a fresh request id.
pub(super) fn send(
    state: &mut AppState,
    mut submission: Submission,
    write: WriteRequest,
) -> Vec<Effect> {
    let req_id = state.take_req_id();
    submission.req_id = req_id;
    submission.total = match &write {
        WriteRequest::DncEmails(items) | WriteRequest::DncDomains(items) => items.len(),
        _ => 0,
    };
    submission.sent = 0;
    submission.write = write.clone();
    let org = submission.org.clone();
    state.transient.submission = Some(submission);
    match org {
        Some(org) => vec![Effect::SubmitFor { org, req_id, write }],
        None => vec![Effect::Submit { req_id, write }],
    }
}

/// Shows how a write (or a triage) went for a few seconds.
pub(super) fn toast(state: &mut AppState, tone: Tone, text: impl Into<String>) {
    state.show_toast(tone, text);
}

/// Reloads the slots a write changed, where they were loaded before (the others load when
/// their pane is first shown).
pub(super) fn refresh(state: &mut AppState, slots: &[Slot]) -> Vec<Effect> {
    let loaded: Vec<Slot> = slots
        .iter()
        .copied()
        .filter(|&slot| resource::status(state, slot).loaded_at.is_some())
        .collect();
    loaded.into_iter().filter_map(|slot| fetch(state, slot)).collect()
}

/// Closes the write form or dialog the answer was for.
pub(super) fn close(state: &mut AppState) {
    if matches!(&state.transient.overlay, Some(Overlay::Form(f)) if f.is_write())
        || matches!(state.transient.overlay, Some(Overlay::Confirm(_)))
    {
        state.transient.overlay = None;
    }
}

/// The open write form, if the answer still has one to go to.
pub(super) fn open_form(state: &mut AppState) -> Option<&mut Form> {
    match state.transient.overlay.as_mut() {
        Some(Overlay::Form(form)) if form.is_write() => Some(form),
        _ => None,
    }
}

/// "for Northwind (profile demo)": the organisation's name (the demo's, the config's, else
/// the one the bots of the loaded replies carry) and the profile.
pub(crate) fn organisation(state: &AppState) -> String {
    match &state.server.connection {
        Connection::Ready(info) => {
            let configured = info
                .organisation
                .as_deref()
                .or_else(|| info.team.as_ref().and_then(|team| team.organisation.as_deref()));
            let name = organisation_name(configured, state.org.store.exchanges.items().iter());
            for_whom(name.as_deref(), &info.profile)
        }
        _ => "for this organisation".into(),
    }
}

/// `'Name'` of a campaign, or `campaign #ID` when it is not loaded.
pub(super) fn campaign_label(state: &AppState, id: i64) -> String {
    match state.campaign_name(id) {
        Some(name) => format!("'{}'", sanitize(name)),
        None => format!("campaign #{id}"),
    }
}

/// "acme: log a conversion": a form's title naming the organisation it writes to.
pub(super) fn titled(org: &crate::tui::group::OrgId, what: &str) -> String {
    format!("{}: {what}", crate::text::sanitize(org.profile()))
}
