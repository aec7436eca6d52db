//! The login form: a base URL and a masked key for the profile, checked against the API
//! and kept in the OS keyring by the credentials module; then the dashboard connects again.

use crate::api::ApiKey;
use crate::session::{ENV_KEY_WINS, KeySource};
use crate::tui::action::Effect;
use crate::tui::form::{Fields, Form, LoginFields};
use crate::tui::intent::Intent;
use crate::tui::keymap::intents::{Dialog, FormFocus};
use crate::tui::model::LoginAttempt;
use crate::tui::state::{AppState, Connection, Overlay};

/// The profile a login is for, and the base URL to start with.
fn target(state: &AppState) -> Option<(String, String)> {
    match &state.server.connection {
        Connection::NeedsKey { profile, base_url, .. } => {
            Some((profile.clone(), base_url.clone().unwrap_or_default()))
        }
        Connection::Ready(info) if info.key_source != KeySource::Demo => {
            Some((info.profile.clone(), info.base_url.clone()))
        }
        _ => None,
    }
}

/// Opens the login form for the current profile (not in the demo, which needs no key).
pub(crate) fn open_login_form(state: &mut AppState) {
    let Some((profile, base_url)) = target(state) else {
        state.transient.notice =
            Some("The demo needs no key; run `outreach` without --demo to log in.".into());
        return;
    };
    let title = format!("Log in — profile '{}'", crate::text::sanitize(&profile));
    let mut form = Form::new(&title, Fields::Login(Box::new(LoginFields::new(&base_url))));
    form.focus = usize::from(!base_url.is_empty());
    let close = state.how_to_answer(Dialog::Form(FormFocus::default()), &Intent::Cancel);
    let mut note = format!(
        "The key is checked against the API, then kept in the OS keyring (never in a file). {close} shows other ways."
    );
    let from_env = matches!(&state.server.connection, Connection::Ready(info) if info.key_source == KeySource::Env);
    if from_env {
        // The key in use came from the environment: say which key the rest of the run uses.
        note.push_str(" This run then uses the key entered here. ");
        note.push_str(ENV_KEY_WINS);
    }
    form.note = Some(note);
    state.transient.overlay = Some(Overlay::Form(form));
}

/// Checks that both fields are filled, then asks the loop to log in.
pub(crate) fn submit_login(state: &mut AppState, mut form: Form) -> Vec<Effect> {
    let Fields::Login(fields) = &mut form.fields else { return Vec::new() };
    let (base_url, key) = (fields.base_url.trimmed(), ApiKey::new(fields.key.trimmed()));
    if base_url.is_empty() {
        fields.base_url.add_error("The base URL is needed, e.g. https://api.example.com");
    }
    if key.is_empty() {
        fields.key.add_error("Paste the API key (it is not shown).");
    }
    let Some((profile, _)) = target(state) else {
        return Vec::new();
    };
    if form.has_errors() {
        form.focus_first_error();
        state.transient.overlay = Some(Overlay::Form(form));
        return Vec::new();
    }
    form.note = Some(format!("Checking the key against {} …", crate::text::sanitize(&base_url)));
    state.transient.overlay = Some(Overlay::Form(form));
    vec![Effect::Login(LoginAttempt { profile, base_url, key })]
}

/// A login finished: on success connect again; on failure say why in the form.
pub(crate) fn on_logged_in(state: &mut AppState, result: Result<String, String>) -> Vec<Effect> {
    match result {
        Ok(message) => {
            if matches!(&state.transient.overlay, Some(Overlay::Form(f)) if f.is_login()) {
                state.transient.overlay = None;
            }
            state.transient.notice = Some(message);
            state.transient.last_error = None;
            state.server.connection = Connection::Connecting;
            vec![Effect::Connect]
        }
        Err(message) => {
            match &mut state.transient.overlay {
                Some(Overlay::Form(form)) if form.is_login() => {
                    form.note = None;
                    form.error = Some(message);
                }
                _ => state.transient.notice = Some(message),
            }
            Vec::new()
        }
    }
}
