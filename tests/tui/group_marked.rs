//! What marked rows of the merged inbox do beyond the triage, when they are of several
//! organisations: `d` / `D` put every marked row's address (or domain) on its own
//! organisation's do-not-contact list, each sent with that organisation's key after one
//! question counting how many of each, with one toast naming each; a read-only profile
//! among them is refused by name before anything is asked.

use crate::common;
use crate::group_inbox::merged;

use common::*;
use outreach_tui::api::ServerMessage;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::submit::request::{WriteRequest, Written};
use outreach_tui::tui::update::update;

/// The writes among `effects`, each with the organisation whose key sends it.
pub(crate) fn sent_for(effects: &[Effect]) -> Vec<(String, WriteRequest)> {
    let sent = effects.iter().filter_map(|effect| match effect {
        Effect::SubmitFor { org, write, .. } => Some((org.profile().to_string(), write.clone())),
        Effect::Submit { .. } => panic!("sent with the connected key: {effects:?}"),
        _ => None,
    });
    sent.collect()
}

/// The write in flight answered as done.
fn written(state: &mut AppState) -> Vec<Effect> {
    let req_id = state.transient.submission.as_ref().map(|s| s.req_id).unwrap_or_default();
    let done = Written::Dnc(vec![ServerMessage { status: 200, message: None }]);
    update(state, Action::Written { req_id, result: Ok(done) })
}

fn toast(state: &AppState) -> String {
    state.transient.toast.as_ref().map(|toast| toast.text.clone()).unwrap_or_default()
}

/// Cy Ode (initech), Ann Lee and Bo Chan (acme) marked, as listed newest first: Cy, Ann,
/// Di, Bo.
fn three_marked(state: &mut AppState) {
    act(state, ch(' '));
    act(state, ch(' '));
    act(state, ch('j'));
    act(state, ch(' '));
}

#[test]
fn d_on_marked_rows_of_several_organisations_writes_each_with_its_own_key_after_one_question() {
    let mut state = merged(120, 24, false);
    three_marked(&mut state);
    act(&mut state, ch('d'));
    let asked = screen(&state);
    assert!(asked.contains("Add 3 addresses to do-not-contact? acme: 2, initech: 1"), "{asked}");
    assert!(asked.contains("acme: ann.lee@x.example, bo.chan@x.example; initech:"), "{asked}");

    let effects = update(&mut state, ch('y'));
    let acme = vec!["ann.lee@x.example".to_string(), "bo.chan@x.example".to_string()];
    assert_eq!(sent_for(&effects), [("acme".into(), WriteRequest::DncEmails(acme))]);
    let effects = written(&mut state);
    let initech = vec!["cy.ode@x.example".to_string()];
    assert_eq!(sent_for(&effects), [("initech".into(), WriteRequest::DncEmails(initech))]);
    let again = group_read(&effects).expect("acme read again once its write is done");
    assert_eq!(again.orgs.iter().map(|(org, _)| org.profile()).collect::<Vec<_>>(), ["acme"]);

    let effects = written(&mut state);
    assert!(sent_for(&effects).is_empty() && state.transient.submission.is_none());
    let said = toast(&state);
    assert_eq!(said, "Do not contact: acme: 2 addresses sent; initech: 1 address sent.");
    assert!(state.group.inbox.marked.is_empty(), "the marks went with the writes");

    // `D`: their domains, each once per organisation.
    let mut state = merged(120, 24, false);
    three_marked(&mut state);
    act(&mut state, ch('D'));
    let asked = screen(&state);
    assert!(asked.contains("Add every address at 2 domains to do-not-contact?"), "{asked}");
    let effects = update(&mut state, ch('y'));
    let domains = WriteRequest::DncDomains(vec!["x.example".into()]);
    assert_eq!(sent_for(&effects), [("acme".into(), domains)]);
}

#[test]
fn d_on_marked_rows_with_a_read_only_profile_among_them_is_refused_naming_it() {
    let mut state = merged(120, 24, true);
    three_marked(&mut state);
    let effects = update(&mut state, ch('d'));
    assert!(effects.is_empty() && state.transient.overlay.is_none(), "{effects:?}");
    let said = state.transient.notice.clone().unwrap_or_default();
    assert!(said.starts_with("Profile initech is read-only: nothing was sent."), "{said}");
    assert_eq!(state.group.inbox.marked.len(), 3, "the marks stay for another try");
}

#[test]
fn a_failure_on_the_second_organisation_says_what_was_done_and_trying_again_sends_the_rest() {
    let mut state = merged(120, 24, false);
    three_marked(&mut state);
    act(&mut state, ch('d'));
    act(&mut state, ch('y'));
    written(&mut state);
    let req_id = state.transient.submission.as_ref().map(|s| s.req_id).unwrap_or_default();
    let error = outreach_tui::api::ApiError::Network { url: String::new(), reason: "down".into() };
    act(&mut state, Action::Written { req_id, result: Err(error) });
    let said = toast(&state);
    assert!(said.contains("Done: acme: 2 addresses sent."), "{said}");
    assert!(said.contains("initech's addresses were not added."), "{said}");
    let effects = update(&mut state, ch('y'));
    let initech = vec!["cy.ode@x.example".to_string()];
    assert_eq!(sent_for(&effects), [("initech".into(), WriteRequest::DncEmails(initech))]);
}
