//! The merged inbox's rows triaged and assigned as the single inbox's: rows of several
//! organisations marked (Space, `V`), then handled or snoozed together, each organisation's
//! in its own marks, with one toast naming how many of each and `z` undoing the whole; and
//! the assign list of a row's organisation's team, the assignment going to that
//! organisation's team store and said naming it first.

use crate::common;
use crate::group_inbox::{contacts, local_jobs, merged, rows, scope};

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::local::Scope;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::inbox::jobs::LocalJob;
use outreach_tui::tui::inbox::team::{TeamAnswer, TeamJob};
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::update::update;

/// The team jobs among `effects`.
fn team_jobs(effects: &[Effect]) -> Vec<TeamJob> {
    let jobs = effects.iter().filter_map(|effect| match effect {
        Effect::Team(job) => Some(job.clone()),
        _ => None,
    });
    jobs.collect()
}

/// The toast's text (a long one wraps on screen).
fn toast(state: &AppState) -> String {
    state.transient.toast.as_ref().map(|toast| toast.text.clone()).unwrap_or_default()
}

/// The status bar's notice (a long one is cut on screen).
fn notice(state: &AppState) -> String {
    state.transient.notice.clone().unwrap_or_default()
}

fn row_with(state: &AppState, name: &str) -> String {
    rows(state).into_iter().find(|row| row.contains(name)).unwrap_or_default()
}

/// Acme's two replies as it stands: 101 and 102 at their moves.
fn acme_replies() -> Vec<(i64, Option<outreach_tui::api::Timestamp>)> {
    vec![(101, at("2024-05-08T11:00:00Z")), (102, at("2024-05-06T09:00:00Z"))]
}

fn initech_replies() -> Vec<(i64, Option<outreach_tui::api::Timestamp>)> {
    vec![(1, at("2024-05-08T11:30:00Z")), (7, at("2024-05-07T10:00:00Z"))]
}

#[test]
fn rows_of_several_organisations_marked_are_handled_together_each_in_its_marks_and_z_undoes_all() {
    let mut state = merged(100, 24, false);
    // Cy Ode (initech), Ann Lee (acme): marked one by one; Di Park to Bo Chan as a range.
    act(&mut state, ch(' '));
    act(&mut state, ch(' '));
    act(&mut state, ch('V'));
    act(&mut state, ch('j'));
    act(&mut state, ch('V'));
    let said = state.transient.notice.clone().unwrap_or_default();
    assert_eq!(said, "4 rows marked (acme: 2 replies, initech: 2 replies).");
    let said = screen(&state);
    for name in ["Cy Ode", "Ann Lee", "Di Park", "Bo Chan"] {
        assert!(row_with(&state, name).contains('+'), "{name} flagged: {said}");
    }

    act(&mut state, ch('e'));
    let asked = screen(&state);
    assert!(asked.contains("Mark the 4 marked replies handled?"), "{asked}");
    assert!(asked.contains("acme: 2 replies, initech: 2 replies."), "{asked}");
    let marked = local_jobs(&update(&mut state, ch('y')));
    assert_eq!(
        marked,
        [
            LocalJob::SetHandled(scope("acme"), acme_replies(), true),
            LocalJob::SetHandled(scope("initech"), initech_replies(), true),
        ],
        "each organisation's rows in its own marks"
    );
    let said = toast(&state);
    assert_eq!(said, "acme: 2 replies, initech: 2 replies marked handled (z undoes).");
    assert!(contacts(&state).is_empty(), "{said}");

    let undone = local_jobs(&update(&mut state, ch('z')));
    assert_eq!(
        undone,
        [
            LocalJob::SetHandled(scope("acme"), acme_replies(), false),
            LocalJob::SetHandled(scope("initech"), initech_replies(), false),
        ]
    );
    let said = toast(&state);
    assert_eq!(said, "Undone: acme: 2 replies marked handled; initech: 2 replies marked handled.");
    assert_eq!(contacts(&state), ["Cy Ode", "Ann Lee", "Di Park", "Bo Chan"]);
    assert!(!row_with(&state, "Cy Ode").contains('+'), "the marks went: {said}");
}

#[test]
fn marked_rows_snooze_together_each_in_its_marks_and_esc_clears_marks_first() {
    let mut state = merged(100, 24, false);
    act(&mut state, ch(' '));
    act(&mut state, key(KeyCode::Esc));
    assert!(screen(&state).contains("Marks cleared (1 row)."), "{}", screen(&state));
    act(&mut state, ch('g'));
    act(&mut state, ch(' '));
    act(&mut state, ch(' '));
    act(&mut state, ch('b'));
    let asked = screen(&state);
    assert!(asked.contains("Snooze 2 marked replies (acme 1, initech 1)"), "{asked}");
    let effects = update(&mut state, key(KeyCode::Enter));
    let snoozed: Vec<(Scope, Vec<i64>, bool)> = local_jobs(&effects)
        .into_iter()
        .filter_map(|job| match job {
            LocalJob::SetSnoozed(scope, ids, until) => Some((scope, ids, until.is_some())),
            _ => None,
        })
        .collect();
    assert_eq!(snoozed, [(scope("acme"), vec![101], true), (scope("initech"), vec![1], true)]);
    let said = toast(&state);
    assert!(said.starts_with("acme: 1 reply, initech: 1 reply snoozed until"), "{said}");
    assert_eq!(contacts(&state), ["Di Park", "Bo Chan"], "{said}");
    let woken = local_jobs(&update(&mut state, ch('z')));
    assert_eq!(
        woken,
        [
            LocalJob::SetSnoozed(scope("acme"), vec![101], None),
            LocalJob::SetSnoozed(scope("initech"), vec![1], None)
        ]
    );
    assert_eq!(contacts(&state).len(), 4);
}

#[test]
fn assign_on_a_merged_reply_opens_its_organisations_team_and_goes_to_its_team_store() {
    let mut state = merged(140, 24, false);
    // Ann Lee: acme's reply 101; acme has a team store.
    act(&mut state, ch('j'));
    act(&mut state, ch('@'));
    let asked = screen(&state);
    assert!(asked.contains("acme: assign Ann Lee's reply"), "{asked}");
    assert!(asked.contains("ann (me)") && asked.contains("bob"), "{asked}");
    let jobs = team_jobs(&update(&mut state, ch('2')));
    let to_bob = TeamJob::Assign {
        scope: scope("acme"),
        replies: vec![(101, None)],
        to: Some("bob".into()),
    };
    assert_eq!(jobs, [to_bob]);

    let assigned = TeamAnswer::Assigned {
        scope: scope("acme"),
        to: Some("bob".into()),
        taken: vec![101],
        queued: Vec::new(),
        refused: Vec::new(),
    };
    act(&mut state, Action::Team(assigned));
    let said = toast(&state);
    assert_eq!(said, "acme: 1 reply assigned to bob.", "named first");
    assert!(row_with(&state, "Ann Lee").contains("→ bob"), "{said}");

    // `M`: to me, seen assigned to Bob.
    let jobs = team_jobs(&update(&mut state, ch('M')));
    let to_me = TeamJob::Assign {
        scope: scope("acme"),
        replies: vec![(101, Some("bob".into()))],
        to: Some("ann".into()),
    };
    assert_eq!(jobs, [to_me]);

    // Initech has no team store: said, nothing sent.
    act(&mut state, ch('g'));
    let effects = update(&mut state, ch('@'));
    assert!(team_jobs(&effects).is_empty() && state.transient.overlay.is_none());
    let said = notice(&state);
    assert!(said.starts_with("initech has no team store: assigning needs one."), "{said}");

    // Marked rows of two organisations: assigned one organisation's at a time.
    act(&mut state, ch(' '));
    act(&mut state, ch(' '));
    let effects = update(&mut state, ch('M'));
    assert!(team_jobs(&effects).is_empty());
    let said = notice(&state);
    assert!(said.contains("of several organisations (acme: 1 reply, initech: 1 reply)"), "{said}");
}
