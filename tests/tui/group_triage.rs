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
use outreach_tui::tui::group::TeamPeople;
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

    // Marked rows of two organisations, one without a team store: named, nothing sent.
    act(&mut state, ch(' '));
    act(&mut state, ch(' '));
    let effects = update(&mut state, ch('M'));
    assert!(team_jobs(&effects).is_empty());
    let said = notice(&state);
    assert!(said.starts_with("initech has no team store: assigning needs one."), "{said}");
    assert!(said.ends_with("Nothing was assigned: unmark its rows to assign the others."));
    assert_eq!(state.group.inbox.marked.len(), 2, "the marks stay");
}

/// Initech given a team store of its own, where I go by another name.
fn initech_team(state: &mut AppState, people: &[&str]) {
    let team = TeamPeople {
        me: "ann.i".into(),
        people: people.iter().map(|name| name.to_string()).collect(),
    };
    state.group.orgs[2].team = Some(team);
}

/// Cy Ode (initech's reply 1) and Ann Lee (acme's 101) marked.
fn two_marked(state: &mut AppState) {
    act(state, ch('g'));
    act(state, ch(' '));
    act(state, ch(' '));
}

fn assigned(scope: Scope, to: &str, taken: Vec<i64>) -> Action {
    let to = Some(to.to_string());
    Action::Team(TeamAnswer::Assigned { scope, to, taken, queued: Vec::new(), refused: Vec::new() })
}

#[test]
fn marked_replies_of_several_organisations_are_assigned_each_in_its_own_team_store() {
    let mut state = merged(140, 24, false);
    initech_team(&mut state, &["ann.i", "bob", "cleo"]);
    two_marked(&mut state);
    // `M`: me in each, as each team knows me.
    let jobs = team_jobs(&update(&mut state, ch('M')));
    let mine = |org: &str, id, me: &str| TeamJob::Assign {
        scope: scope(org),
        replies: vec![(id, None)],
        to: Some(me.into()),
    };
    assert_eq!(jobs, [mine("acme", 101, "ann"), mine("initech", 1, "ann.i")]);
    assert!(state.group.inbox.marked.is_empty(), "the marks went");
    act(&mut state, assigned(scope("acme"), "ann", vec![101]));
    act(&mut state, assigned(scope("initech"), "ann.i", vec![1]));
    let said = toast(&state);
    assert_eq!(said, "acme: 1 reply assigned to you; initech: 1 reply assigned to you.");

    // `@`: only who is in both teams, then each in its own store.
    two_marked(&mut state);
    act(&mut state, ch('@'));
    let asked = screen(&state);
    assert!(asked.contains("Assign 2 marked replies of 2 organisations"), "{asked}");
    assert!(asked.contains("acme 1, initech 1 · those in every team"), "{asked}");
    assert!(asked.contains("bob") && !asked.contains("cleo"), "{asked}");
    let jobs = team_jobs(&update(&mut state, ch('1')));
    let scopes: Vec<(Scope, Option<String>)> = (jobs.into_iter())
        .filter_map(|job| match job {
            TeamJob::Assign { scope, to, .. } => Some((scope, to)),
            _ => None,
        })
        .collect();
    let bob = Some("bob".to_string());
    assert_eq!(scopes, [(scope("acme"), bob.clone()), (scope("initech"), bob)]);

    // No one in both: said, naming them.
    initech_team(&mut state, &["ann.i", "cleo"]);
    two_marked(&mut state);
    let effects = update(&mut state, ch('@'));
    assert!(team_jobs(&effects).is_empty() && state.transient.overlay.is_none());
    let said = notice(&state);
    assert!(said.starts_with("No one is in the teams of all of acme, initech"), "{said}");

    // `:assign bob` names one not in initech's: nothing sent.
    act(&mut state, ch(':'));
    type_text(&mut state, "assign bob");
    let effects = update(&mut state, key(KeyCode::Enter));
    assert!(team_jobs(&effects).is_empty(), "{effects:?}");
    let said = screen(&state);
    assert!(said.contains("'bob' is not in initech's team"), "{said}");
}
