//! The dashboard's own defences, through `update`: a retry wait counted down in the pane,
//! the e-mail chain laid out off the UI thread (only the latest layout shown), and huge or
//! deeply nested messages shown cut with a note.

use crate::common;

use common::{ch, key, screen};
use crossterm::event::KeyCode;
use outreach_tui::api::{EmailBody, EmailMessage, Listed};
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::chain::LayoutJob;
use outreach_tui::tui::model::Slot;
use outreach_tui::tui::resource::{Chain, loaded};
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::{frame_drawn, needs_frame, update};
use std::sync::Arc;
use std::time::Instant;

#[test]
fn the_countdown_moves_with_the_clock() {
    let mut state = common::connected(120, 30, Theme::default());
    common::act(&mut state, ch('2'));
    let req_id = state.take_req_id();
    state.org.store.campaigns.pending = Some(req_id);
    let until = state.env.now + chrono::TimeDelta::seconds(7);
    let reason = "rate limited".to_string();
    update(&mut state, Action::Waiting { slot: Slot::Campaigns, req_id, reason, until });
    assert!(screen(&state).contains("rate limited; trying again in 7 s (r: now)"));
    frame_drawn(&mut state);
    let later = state.env.now + chrono::TimeDelta::seconds(2);
    update(&mut state, Action::Tick(later));
    assert!(needs_frame(&state), "a tick that changes the countdown redraws");
    assert!(screen(&state).contains("trying again in 5 s"), "{}", screen(&state));
}

/// The Exchanges pane with its first chain open and answered with `messages`; the layout
/// job it asks for, not yet done.
fn chain_answered(messages: Vec<EmailMessage>) -> (AppState, LayoutJob) {
    let mut state = common::connected(100, 30, Theme::default());
    common::act(&mut state, ch('3'));
    let effects = update(&mut state, key(KeyCode::Enter));
    // The chain's fetch (opening it also marks the reply seen in the local state).
    let Some(fetch) = effects.iter().find_map(|effect| match effect {
        Effect::Fetch(fetch) => Some(fetch.clone()),
        _ => None,
    }) else {
        panic!("{effects:?}")
    };
    let listed = Listed { items: Arc::from(messages), skipped: 0 };
    let effects = update(&mut state, loaded::<Chain>(fetch.req_id, Ok(listed)));
    let [Effect::LayOut(job)] = effects.as_slice() else { panic!("{effects:?}") };
    (state, job.clone())
}

#[test]
fn a_chain_is_laid_out_off_the_ui_thread_and_only_the_latest_layout_is_shown() {
    let (mut state, first) = chain_answered(common::fixtures::chain());
    assert!(screen(&state).contains("Laying out the e-mail chain…"), "{}", screen(&state));
    // A resize before the first layout is back asks for another; the first is then stale.
    let effects = update(&mut state, Action::Resize { width: 80, height: 30 });
    let [Effect::LayOut(second)] = effects.as_slice() else { panic!("{effects:?}") };
    update(&mut state, common::laid_out(&first));
    assert!(screen(&state).contains("Laying out"), "a stale layout is not shown");
    update(&mut state, common::laid_out(second));
    let shown = screen(&state);
    // At the contact's reply, the second of three.
    assert!(shown.contains("From:") && shown.contains("message 2/3"), "{shown}");
}

#[test]
fn a_huge_and_a_deeply_nested_message_are_shown_cut_with_a_note() {
    let deep = EmailMessage {
        subject: "deep".into(),
        body: EmailBody {
            html: Some(format!("{}deep text{}", "<div>".repeat(10_000), "</div>".repeat(10_000))),
            text: None,
        },
        ..EmailMessage::default()
    };
    let huge = EmailMessage {
        subject: "huge".into(),
        body: EmailBody { text: Some("word ".repeat(100_000)), html: None },
        ..EmailMessage::default()
    };
    let (mut state, job) = chain_answered(vec![deep, huge]);
    let started = Instant::now();
    let layout = job.perform();
    // Not a timing assertion: the limits make it quick; this only says how quick it was.
    eprintln!("hostile chain laid out in {:?}", started.elapsed());
    update(&mut state, Action::LaidOut { req_id: job.req_id, layout: Arc::new(layout) });
    let text: Vec<String> =
        state.panes.chain.as_ref().unwrap().layout.lines.iter().map(|l| l.text.clone()).collect();
    let text = text.join("\n");
    assert!(
        text.contains("deep text") && text.contains("nests deeper than 200 levels"),
        "{text:.2000}"
    );
    assert!(text.contains("Message cut: only its first 256 kB of 489 kB are shown."));
    assert!(screen(&state).contains("deep text"), "{}", screen(&state));
}

/// The title line of a pane (the line holding `┌ NAME`).
fn title_of(state: &AppState, name: &str) -> String {
    let screen = screen(state);
    screen.lines().find(|line| line.contains(&format!("┌ {name}"))).unwrap_or_default().to_string()
}

/// A request that goes unanswered: "loading" for the first seconds, then what is awaited,
/// from whom and for how long, counted each second — in the title over rows already shown,
/// and in the pane when there are none yet.
#[test]
fn a_silent_server_is_named_with_what_is_awaited_and_for_how_long() {
    let mut state = common::connected(100, 30, Theme::default());
    let start = state.env.now;
    common::act(&mut state, ch('5'));
    let effects = update(&mut state, ch('r'));
    assert!(
        effects.iter().any(|effect| matches!(effect, Effect::Fetch(f) if f.slot == Slot::Bots))
    );
    update(&mut state, Action::Tick(start + chrono::TimeDelta::seconds(2)));
    assert!(title_of(&state, "Bots").contains("⟳ loading"), "{}", screen(&state));
    frame_drawn(&mut state);
    update(&mut state, Action::Tick(start + chrono::TimeDelta::seconds(6)));
    assert!(needs_frame(&state), "each second of the wait redraws");
    let title = title_of(&state, "Bots");
    assert!(title.contains("⟳ waiting for bots from 127.0.0.1:8900 for 6 s"), "{title}");

    // Contacts never loaded: the pane itself says it.
    let effects = update(&mut state, ch('6'));
    assert!(!effects.is_empty());
    update(&mut state, Action::Tick(start + chrono::TimeDelta::seconds(8)));
    assert!(screen(&state).contains("Loading contacts…"), "{}", screen(&state));
    update(&mut state, Action::Tick(start + chrono::TimeDelta::seconds(10)));
    let shown = screen(&state);
    assert!(shown.contains("Waiting for contacts from 127.0.0.1:8900 for 4 s…"), "{shown}");
}

/// A stalled answer is asked again once: the pane says so and counts the second wait,
/// instead of a countdown stuck at 0 s.
#[test]
fn a_request_asked_again_says_so() {
    let mut state = common::connected(120, 30, Theme::default());
    common::act(&mut state, ch('5'));
    let effects = update(&mut state, ch('r'));
    let Some(req_id) = effects.iter().find_map(|effect| match effect {
        Effect::Fetch(fetch) if fetch.slot == Slot::Bots => Some(fetch.req_id),
        _ => None,
    }) else {
        panic!("{effects:?}")
    };
    let until = state.env.now + chrono::TimeDelta::seconds(20);
    let reason = "answer from 127.0.0.1:8900 stalled for 20 s".to_string();
    update(&mut state, Action::Waiting { slot: Slot::Bots, req_id, reason, until });
    update(&mut state, Action::Tick(until + chrono::TimeDelta::seconds(5)));
    let title = title_of(&state, "Bots");
    assert!(
        title.contains("stalled for 20 s — asked again, waiting 5 s"),
        "the second wait is told: {title}"
    );
}
