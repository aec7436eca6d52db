//! "While you were away" in the dashboard, through `update` with a fixed clock: nothing on a
//! first run (no last look) or after a short absence, the brief once the lists are in after
//! a long one (its span, the new hot reply named, a bot's change), Enter opens the inbox and
//! Esc closes it, and no key typed at start is lost to it. The last look it starts from is
//! the one the previous session kept.

use crate::common;

use super::inbox::run;
use common::*;
use crossterm::event::KeyCode;
use outreach_tui::api::names::name_or_email;
use outreach_tui::inbox::Category;
use outreach_tui::local::{LocalState, Scope};
use outreach_tui::observe::Snapshot;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::brief::{BriefView, LastLookJob};
use outreach_tui::tui::model::Pane;
use outreach_tui::tui::state::{AppState, Overlay, UiSettings};
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::{frame_drawn, update};

/// A dashboard of profile `work` started with these settings, connected, its lists loaded
/// from the fixture, a frame drawn; and the effects its start asked for.
fn started(settings: UiSettings, local: &LocalState) -> (AppState, Vec<Effect>) {
    let mut state = AppState::new(settings, 120, 30, now());
    let effects = run(&mut state, local, Action::Connected(Ok(work())));
    frame_drawn(&mut state);
    (state, effects)
}

/// The last look a dashboard asked to keep, if any, as the runner's worker takes it.
fn kept(effects: &[Effect]) -> Option<Snapshot> {
    effects.iter().rev().find_map(|effect| match effect {
        Effect::LastLook(LastLookJob::Keep { org, .. }) => Some(org.snapshot()),
        _ => None,
    })
}

/// The observed state's answer for profile `work`.
fn last_look_read(found: Option<Box<Snapshot>>) -> Action {
    Action::LastLook { scope: Scope::new("work", &work().base_url), found }
}

fn shown(state: &AppState) -> Option<&BriefView> {
    match &state.transient.overlay {
        Some(Overlay::Brief(view)) => Some(view),
        _ => None,
    }
}

/// The fixture's newest hot reply: its id and its contact's name.
fn hot_reply(state: &AppState) -> (i64, String) {
    let items = state.org.store.exchanges.items();
    let hot = items.iter().find(|e| Category::of(&e.status).is_hot()).expect("a hot reply");
    let contact = &hot.contact;
    (hot.id, name_or_email(&contact.first_name, &contact.last_name, &contact.email))
}

/// What the previous session kept, `hours` before now, as if the newest hot reply had not
/// come yet and the first bot's mailbox had failed.
fn last_look(local: &LocalState, hours: i64) -> (Snapshot, i64, String) {
    let (mut state, effects) = started(settings(Theme::default()), local);
    let scope = Scope::new("work", &work().base_url);
    assert!(
        effects.contains(&Effect::LastLook(LastLookJob::Read(scope))),
        "a real profile's last look is read at start: {effects:?}"
    );
    let first = update(&mut state, last_look_read(None));
    assert!(shown(&state).is_none(), "a first run shows nothing");
    let mut snapshot = kept(&first).expect("the lists are in: the last look is kept");
    assert_eq!(snapshot.taken_at, now());
    let (id, contact) = hot_reply(&state);
    snapshot.exchanges.remove(&id);
    let bot = snapshot.bots.values_mut().next().expect("a bot");
    bot.mailbox = "CONNECTION_ERROR".into();
    snapshot.taken_at = now() - chrono::Duration::hours(hours);
    (snapshot, id, contact)
}

#[test]
fn after_a_long_absence_the_dashboard_opens_on_what_changed_and_enter_opens_the_inbox() {
    let local = LocalState::in_memory();
    let (old, _, contact) = last_look(&local, 14);
    let (mut state, _) = started(settings(Theme::default()), &local);
    assert!(shown(&state).is_none(), "not before the last look is read");
    let home = Scope::new("home", &work().base_url);
    update(&mut state, Action::LastLook { scope: home, found: Some(Box::new(old.clone())) });
    assert!(shown(&state).is_none(), "another profile's last look (before a switch) is dropped");
    let effects = update(&mut state, last_look_read(Some(Box::new(old))));
    let view = shown(&state).expect("14 hours away: the brief shows").clone();
    assert!(view.title.starts_with("While you were away · Since Tue 22:00, 14h ago"), "{view:?}");
    assert!(view.lines[0].contains("1 new reply"), "{view:?}");
    assert!(view.lines.iter().any(|line| line.contains(&contact)), "the hot reply named: {view:?}");
    assert!(view.lines.iter().any(|line| line.starts_with("Bots: ")), "{view:?}");
    assert!(kept(&effects).is_some_and(|now_seen| now_seen.taken_at == now()), "kept anew");

    let screen = screen(&state);
    assert!(screen.contains("Enter opens the inbox · Esc closes"), "{screen}");
    assert!(screen.contains(&contact), "{screen}");
    frame_drawn(&mut state);
    update(&mut state, key(KeyCode::Enter));
    assert!(state.transient.overlay.is_none());
    assert_eq!(state.panes.pane, Pane::Exchanges, "Enter opens the inbox");
}

#[test]
fn a_short_absence_or_the_brief_turned_off_shows_nothing_and_esc_closes_it() {
    let local = LocalState::in_memory();
    let (recent, _, _) = last_look(&local, 2);
    let (mut state, _) = started(settings(Theme::default()), &local);
    update(&mut state, last_look_read(Some(Box::new(recent))));
    assert!(shown(&state).is_none(), "2 hours away is under [brief] after_hours (8)");

    let (old, _, _) = last_look(&local, 14);
    let off = UiSettings { brief_after: None, ..settings(Theme::default()) };
    let (mut state, _) = started(off, &local);
    update(&mut state, last_look_read(Some(Box::new(old.clone()))));
    assert!(shown(&state).is_none(), "after_hours = 0 turns it off");

    let (mut state, _) = started(settings(Theme::default()), &local);
    update(&mut state, last_look_read(Some(Box::new(old))));
    frame_drawn(&mut state);
    update(&mut state, key(KeyCode::Esc));
    assert!(state.transient.overlay.is_none(), "Esc closes it");
    assert_eq!(state.panes.pane, Pane::Overview, "and does nothing else");
}

#[test]
fn no_key_typed_at_start_is_lost_to_the_brief() {
    let local = LocalState::in_memory();
    let (old, _, _) = last_look(&local, 14);

    // A key pressed before the last look was read: the brief does not show at all.
    let (mut state, _) = started(settings(Theme::default()), &local);
    update(&mut state, ch('3'));
    assert_eq!(state.panes.pane, Pane::Exchanges);
    update(&mut state, last_look_read(Some(Box::new(old.clone()))));
    assert!(shown(&state).is_none(), "the user is at work already");

    // A key that comes with the answer, before any frame showed the brief: it goes to the
    // screen beneath, and the brief with it.
    let (mut state, _) = started(settings(Theme::default()), &local);
    update(&mut state, last_look_read(Some(Box::new(old.clone()))));
    assert!(shown(&state).is_some());
    update(&mut state, ch('3'));
    assert!(state.transient.overlay.is_none());
    assert_eq!(state.panes.pane, Pane::Exchanges, "the key did what it does");

    // Once drawn, a key other than Enter only closes it.
    let (mut state, _) = started(settings(Theme::default()), &local);
    update(&mut state, last_look_read(Some(Box::new(old))));
    frame_drawn(&mut state);
    update(&mut state, ch('3'));
    assert!(state.transient.overlay.is_none());
    assert_eq!(state.panes.pane, Pane::Overview);
}

#[test]
fn the_last_look_of_a_reload_is_taken_by_the_worker_from_the_lists_as_held() {
    let local = LocalState::in_memory();
    let (mut state, _) = started(settings(Theme::default()), &local);
    let effects = update(&mut state, last_look_read(None));
    let org = effects
        .iter()
        .find_map(|effect| match effect {
            Effect::LastLook(LastLookJob::Keep { org, .. }) => Some(org),
            _ => None,
        })
        .expect("the lists are in: the last look is kept");
    // Handed over as held, for the worker to take the snapshot: no copy, no walk here.
    let held = state.org.store.exchanges.data.as_ref().unwrap();
    assert!(std::sync::Arc::ptr_eq(&org.exchanges, &held.items), "the inbox as held");
    let snapshot = org.snapshot();
    assert_eq!(snapshot.taken_at, now());
    assert_eq!(snapshot.exchanges.len(), held.items.len(), "every reply, taken by the worker");
}
