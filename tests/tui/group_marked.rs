//! What marked rows of the merged inbox do beyond the triage, when they are of several
//! organisations: `d` / `D` put every marked row's address (or domain) on its own
//! organisation's do-not-contact list, each sent with that organisation's key after one
//! question counting how many of each (the first six addresses named), with one toast
//! naming each; a read-only profile among them is refused by name before anything is
//! asked. As in the single inbox, the replies a write covered are marked handled in their
//! organisation's marks once that organisation's write succeeded, and `z` undoes it.

use crate::common;
use crate::group_inbox::{contacts, local_jobs, merged, merged_replies, reply, scope};

use common::*;
use outreach_tui::api::{ExchangeStatus, ServerMessage, Timestamp};
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::group::OrgReply;
use outreach_tui::tui::inbox::jobs::LocalJob;
use outreach_tui::tui::state::{AppState, Overlay};
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
    assert!(said.starts_with("Do not contact: acme: 2 addresses sent; initech: 1 address sent."));
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
fn a_failure_on_the_second_organisation_says_what_was_done_leaves_its_replies_unhandled_and_trying_again_sends_the_rest()
 {
    let mut state = merged(120, 24, false);
    three_marked(&mut state);
    act(&mut state, ch('d'));
    act(&mut state, ch('y'));
    let marked = local_jobs(&written(&mut state));
    assert_eq!(marked, [LocalJob::SetHandled(scope("acme"), acme_two(), true)]);
    let effects = failed(&mut state);
    assert!(local_jobs(&effects).is_empty(), "initech's write failed: {effects:?}");
    let said = toast(&state);
    assert!(said.contains("Done: acme: 2 addresses sent."), "{said}");
    assert!(said.contains("initech's addresses were not added."), "{said}");
    assert_eq!(contacts(&state), ["Cy Ode", "Di Park"], "acme's handled, initech's not");
    let effects = update(&mut state, ch('y'));
    let initech = vec!["cy.ode@x.example".to_string()];
    assert_eq!(sent_for(&effects), [("initech".into(), WriteRequest::DncEmails(initech))]);
    assert_eq!(
        local_jobs(&written(&mut state)),
        [LocalJob::SetHandled(scope("initech"), initech_cy(), true)]
    );
    let said = toast(&state);
    assert_eq!(
        said,
        "Do not contact: acme: 2 addresses sent; initech: 1 address sent. 3 replies marked \
         handled (z undoes).",
        "the try again goes on from what was done"
    );
    let undone = local_jobs(&update(&mut state, ch('z')));
    let acme = LocalJob::SetHandled(scope("acme"), acme_two(), false);
    assert_eq!(undone, [acme, LocalJob::SetHandled(scope("initech"), initech_cy(), false)]);
}

/// Acme's replies 101 (Ann Lee) and 102 (Bo Chan), initech's 1 (Cy Ode), as they stand.
fn acme_two() -> Vec<(i64, Option<Timestamp>)> {
    vec![(101, at("2024-05-08T11:00:00Z")), (102, at("2024-05-06T09:00:00Z"))]
}

fn initech_cy() -> Vec<(i64, Option<Timestamp>)> {
    vec![(1, at("2024-05-08T11:30:00Z"))]
}

/// The write in flight answered as failed.
fn failed(state: &mut AppState) -> Vec<Effect> {
    let req_id = state.transient.submission.as_ref().map(|s| s.req_id).unwrap_or_default();
    let error = outreach_tui::api::ApiError::Network { url: String::new(), reason: "down".into() };
    update(state, Action::Written { req_id, result: Err(error) })
}

#[test]
fn d_on_marked_rows_marks_each_organisations_replies_handled_once_its_write_is_done_and_z_undoes() {
    let mut state = merged(120, 24, false);
    three_marked(&mut state);
    act(&mut state, ch('d'));
    let effects = update(&mut state, ch('y'));
    assert!(local_jobs(&effects).is_empty(), "nothing handled before a write: {effects:?}");
    let marked = local_jobs(&written(&mut state));
    assert_eq!(marked, [LocalJob::SetHandled(scope("acme"), acme_two(), true)]);
    let marked = local_jobs(&written(&mut state));
    assert_eq!(marked, [LocalJob::SetHandled(scope("initech"), initech_cy(), true)]);
    let said = toast(&state);
    assert_eq!(
        said,
        "Do not contact: acme: 2 addresses sent; initech: 1 address sent. 3 replies marked \
         handled (z undoes)."
    );
    assert_eq!(contacts(&state), ["Di Park"], "the handled rows leave the list");

    let undone = local_jobs(&update(&mut state, ch('z')));
    assert_eq!(
        undone,
        [
            LocalJob::SetHandled(scope("acme"), acme_two(), false),
            LocalJob::SetHandled(scope("initech"), initech_cy(), false),
        ]
    );
    assert_eq!(contacts(&state), ["Cy Ode", "Ann Lee", "Di Park", "Bo Chan"]);
}

#[test]
fn d_on_one_merged_row_marks_it_handled_in_its_organisation_once_listed() {
    let mut state = merged(120, 24, false);
    // Cy Ode, initech's reply 1, the newest; a failure marks nothing.
    act(&mut state, ch('d'));
    act(&mut state, ch('y'));
    assert!(local_jobs(&failed(&mut state)).is_empty());
    assert_eq!(contacts(&state), ["Cy Ode", "Ann Lee", "Di Park", "Bo Chan"]);

    let marked = local_jobs(&update(&mut state, ch('y')));
    assert!(marked.is_empty(), "{marked:?}");
    let marked = local_jobs(&written(&mut state));
    assert_eq!(marked, [LocalJob::SetHandled(scope("initech"), initech_cy(), true)]);
    let said = toast(&state);
    assert_eq!(said, "initech: Do not contact: 1 address sent. 1 reply marked handled (z undoes).");
    assert_eq!(contacts(&state), ["Ann Lee", "Di Park", "Bo Chan"]);
    let undone = local_jobs(&update(&mut state, ch('z')));
    assert_eq!(undone, [LocalJob::SetHandled(scope("initech"), initech_cy(), false)]);
}

/// Five replies of acme's and three of initech's, each organisation's newest first.
fn eight_replies(org: &str) -> Vec<OrgReply> {
    let names: &[&str] = match org {
        "acme" => &["Ann Lee", "Bo Chan", "Ed Moss", "Flo Ray", "Gus Tan"],
        _ => &["Cy Ode", "Di Park", "Hal Oak"],
    };
    let first = if org == "acme" { 101 } else { 1 };
    let each = names.iter().zip(first..).map(|(name, id)| {
        let day = 20 - (id % 100);
        reply(id, name, ExchangeStatus::FollowupLater, &format!("2024-05-{day:02}T09:00:00Z"))
    });
    each.collect()
}

#[test]
fn the_question_on_more_than_six_marked_rows_names_the_first_six_and_counts_the_rest() {
    let mut state = merged_replies(eight_replies);
    for _ in 0..8 {
        act(&mut state, ch(' '));
    }
    act(&mut state, ch('d'));
    let Some(Overlay::Confirm(confirm)) = state.transient.overlay.as_ref() else {
        panic!("no question: {}", screen(&state));
    };
    assert_eq!(confirm.lines[0], "Add 8 addresses to do-not-contact? acme: 5, initech: 3");
    assert_eq!(
        confirm.lines[1],
        "acme: ann.lee@x.example, bo.chan@x.example, ed.moss@x.example, flo.ray@x.example, \
         gus.tan@x.example; initech: cy.ode@x.example and 2 more"
    );
    let asked = screen(&state);
    assert!(asked.contains("and 2 more"), "the cap is on screen too: {asked}");
}
