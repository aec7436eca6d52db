//! The login form: a base URL and a masked key for the profile, checked against the API
//! and kept in the OS keyring by the credentials module; then the dashboard connects again.

use super::super::action::{Effect, LoginAttempt};
use super::super::form::{Field, Form, FormPurpose};
use super::super::state::{AppState, Connection, Overlay};
use crate::api::ApiKey;
use crate::session::KeySource;

/// The profile a login is for, and the base URL to start with.
fn target(state: &AppState) -> Option<(String, String)> {
    match &state.connection {
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
pub fn open_login_form(state: &mut AppState) {
    let Some((profile, base_url)) = target(state) else {
        state.notice =
            Some("The demo needs no key; run `outreach` without --demo to log in.".into());
        return;
    };
    let form = Form::new(
        FormPurpose::Login,
        &format!("Log in — profile '{}'", crate::text::sanitize(&profile)),
        vec![
            Field::text(
                "base_url",
                "Base URL",
                &base_url,
                "https://… (http only for this machine)",
            ),
            Field::secret("key", "API key", "paste the key from the dashboard's API settings"),
        ],
    );
    let mut form = form;
    form.focus = usize::from(!base_url.is_empty());
    form.note = Some(
        "The key is checked against the API, then kept in the OS keyring (never in a file). Esc shows other ways."
            .into(),
    );
    state.overlay = Some(Overlay::Form(form));
}

/// Checks that both fields are filled, then asks the loop to log in.
pub fn submit_login(state: &mut AppState, mut form: Form) -> Vec<Effect> {
    let value =
        |name: &str| form.field(name).map(|f| f.value().trim().to_string()).unwrap_or_default();
    let (base_url, key) = (value("base_url"), ApiKey::new(value("key")));
    if base_url.is_empty() {
        form.set_error("base_url", "The base URL is needed, e.g. https://api.example.com");
    }
    if key.is_empty() {
        form.set_error("key", "Paste the API key (it is not shown).");
    }
    let Some((profile, _)) = target(state) else {
        return Vec::new();
    };
    if form.fields.iter().any(|f| f.error.is_some()) {
        state.overlay = Some(Overlay::Form(form));
        return Vec::new();
    }
    form.note = Some(format!("Checking the key against {} …", crate::text::sanitize(&base_url)));
    state.overlay = Some(Overlay::Form(form));
    vec![Effect::Login(LoginAttempt { profile, base_url, key })]
}

/// A login finished: on success connect again; on failure say why in the form.
pub fn on_logged_in(state: &mut AppState, result: Result<String, String>) -> Vec<Effect> {
    match result {
        Ok(message) => {
            if matches!(&state.overlay, Some(Overlay::Form(f)) if f.purpose == FormPurpose::Login) {
                state.overlay = None;
            }
            state.notice = Some(message);
            state.last_error = None;
            state.connection = Connection::Connecting;
            vec![Effect::Connect]
        }
        Err(message) => {
            match &mut state.overlay {
                Some(Overlay::Form(form)) if form.purpose == FormPurpose::Login => {
                    form.note = None;
                    form.error = Some(message);
                }
                _ => state.notice = Some(message),
            }
            Vec::new()
        }
    }
}
