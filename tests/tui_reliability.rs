//! The dashboard's own defences, through `update`: a retry wait counted down in the pane,
//! the e-mail chain laid out off the UI thread (only the latest layout shown), and huge or
//! deeply nested messages shown cut with a note.

mod common;

use common::{ch, key, screen};
use crossterm::event::KeyCode;
use outreach_tui::api::{EmailBody, EmailMessage, Listed};
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::chain::LayoutJob;
use outreach_tui::tui::model::Slot;
use outreach_tui::tui::resource::{Chain, loaded};
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;
use std::sync::Arc;
use std::time::Instant;

#[test]
fn the_countdown_moves_with_the_clock() {
    let mut state = common::connected(120, 30, Theme::default());
    common::act(&mut state, ch('2'));
    let req_id = state.take_req_id();
    state.store.campaigns.pending = Some(req_id);
    let until = state.now + chrono::TimeDelta::seconds(7);
    let reason = "rate limited".to_string();
    update(&mut state, Action::Waiting { slot: Slot::Campaigns, req_id, reason, until });
    assert!(screen(&state).contains("rate limited; trying again in 7 s (r: now)"));
    state.dirty = false;
    let later = state.now + chrono::TimeDelta::seconds(2);
    update(&mut state, Action::Tick(later));
    assert!(state.dirty, "a tick that changes the countdown redraws");
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
    let text: Vec<String> = state
        .exchanges
        .chain
        .as_ref()
        .unwrap()
        .layout
        .lines
        .iter()
        .map(|l| l.text.clone())
        .collect();
    let text = text.join("\n");
    assert!(
        text.contains("deep text") && text.contains("nests deeper than 200 levels"),
        "{text:.2000}"
    );
    assert!(text.contains("Message cut: only its first 256 kB of 489 kB are shown."));
    assert!(screen(&state).contains("deep text"), "{}", screen(&state));
}
