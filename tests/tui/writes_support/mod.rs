//! What the write tests share: keys, reading the open form or dialog, the writes an action
//! asks for, and answering them (fetches that follow are answered with fixture data).
#![expect(dead_code)]

use crate::common::{answer, connected, info};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use outreach_tui::api::ApiError;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::form::{ContactFields, ConversionFields, DncFields, Field, Fields, Form};
use outreach_tui::tui::model::{ReqId, Slot};
use outreach_tui::tui::state::{AppState, Connection, Overlay};
use outreach_tui::tui::submit::feedback::Confirm;
use outreach_tui::tui::submit::request::{WriteRequest, Written};
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;

pub fn state() -> AppState {
    connected(80, 24, Theme::default())
}

/// A dashboard on a read-only profile.
pub fn read_only() -> AppState {
    let mut state = state();
    let mut profile = info();
    profile.read_only = true;
    state.server.connection = Connection::Ready(profile);
    state
}

pub fn ctrl(c: char) -> Action {
    Action::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
}

pub fn alt_enter() -> Action {
    Action::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::ALT))
}

/// Runs an action, answers the fetches it causes, and gives back every effect it asked for.
pub fn press(state: &mut AppState, action: Action) -> Vec<Effect> {
    let effects = update(state, action);
    answer(state, effects.clone());
    effects
}

/// Types text key by key; the effects of the last key.
pub fn typed(state: &mut AppState, text: &str) {
    for c in text.chars() {
        press(state, crate::common::ch(c));
    }
}

/// The writes among effects.
pub fn submits(effects: &[Effect]) -> Vec<(ReqId, WriteRequest)> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Submit { req_id, write } => Some((*req_id, write.clone())),
            _ => None,
        })
        .collect()
}

/// The one write among effects.
pub fn submitted(effects: &[Effect]) -> (ReqId, WriteRequest) {
    let writes = submits(effects);
    assert_eq!(writes.len(), 1, "exactly one write: {effects:?}");
    writes[0].clone()
}

pub fn fetched(effects: &[Effect]) -> Vec<Slot> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Fetch(fetch) => Some(fetch.slot),
            _ => None,
        })
        .collect()
}

/// The answer to a write; fetches it causes are answered.
pub fn reply(
    state: &mut AppState,
    req_id: ReqId,
    result: Result<Written, ApiError>,
) -> Vec<Effect> {
    press(state, Action::Written { req_id, result })
}

pub fn form(state: &AppState) -> &Form {
    match &state.transient.overlay {
        Some(Overlay::Form(form)) => form,
        other => panic!("no form open: {other:?}"),
    }
}

pub fn confirm(state: &AppState) -> &Confirm {
    match &state.transient.overlay {
        Some(Overlay::Confirm(confirm)) => confirm,
        other => panic!("no dialog open: {other:?}"),
    }
}

/// Every field's value, exactly as typed.
pub fn values(state: &AppState) -> Vec<String> {
    form(state).field_list().iter().map(|field| field.value().to_string()).collect()
}

/// The problem shown under a field (empty when none).
pub fn error(field: &Field) -> String {
    field.error.clone().unwrap_or_default()
}

pub fn contact_fields(state: &AppState) -> &ContactFields {
    match &form(state).fields {
        Fields::Contact(fields) => fields,
        other => panic!("no contact form open: {other:?}"),
    }
}

pub fn dnc_fields(state: &AppState) -> &DncFields {
    match &form(state).fields {
        Fields::Dnc(fields) => fields,
        other => panic!("no do-not-contact form open: {other:?}"),
    }
}

pub fn conversion_fields(state: &AppState) -> &ConversionFields {
    match &form(state).fields {
        Fields::Conversion(fields) => fields,
        other => panic!("no conversion form open: {other:?}"),
    }
}

pub fn toast(state: &AppState) -> String {
    state.transient.toast.as_ref().map(|t| t.text.clone()).unwrap_or_default()
}

/// The key that submits a form, then `y` on the one confirmation every write gets: the
/// write it sends.
pub fn send_confirmed(state: &mut AppState, action: Action) -> (ReqId, WriteRequest) {
    assert!(submits(&press(state, action)).is_empty(), "every write asks first");
    assert!(confirm(state).form.is_some(), "the form waits behind the question");
    submitted(&press(state, crate::common::ch('y')))
}

/// What the open confirmation asks: its warning (a doubtful bot, a failed check) first,
/// then its first line.
pub fn asked(state: &AppState) -> String {
    let confirm = confirm(state);
    let first = confirm.lines.first().cloned().unwrap_or_default();
    match &confirm.warning {
        Some(warning) => format!("{warning} {first}"),
        None => first,
    }
}
