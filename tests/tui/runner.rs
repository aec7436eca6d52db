//! The runner against the demo's simulator: a fetch superseded by a newer one of the same
//! slot is aborted, so `r` pressed five times on the contact list leaves one read running.

use crate::common;

use common::sim::eventually;
use common::{ch, settings};
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::connect::Launch;
use outreach_tui::tui::runner::Runner;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;
use tokio::sync::mpsc;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pressing_r_five_times_leaves_one_contacts_fetch_running() {
    // The contact list's body stalls after its headers: a read of it stays in its decode
    // until it is aborted, however fast the machine.
    let faults = Some("stall:60000@GET:/api/v1/contacts".to_string());
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut runner = Runner::new(tx, Launch::Demo { faults });
    let mut state = AppState::new(settings(Theme::default()), 100, 30, chrono::Utc::now());
    let act = |state: &mut AppState, runner: &mut Runner, action: Action| {
        for effect in update(state, action) {
            runner.run(effect);
        }
    };
    runner.run(Effect::Connect);
    let connected = rx.recv().await.expect("the demo connects");
    assert!(matches!(connected, Action::Connected(Ok(_))), "{connected:?}");
    act(&mut state, &mut runner, connected);
    act(&mut state, &mut runner, ch('6'));
    for _ in 0..5 {
        act(&mut state, &mut runner, ch('r'));
    }
    assert!(state.org.store.contacts.is_loading());
    // The Overview's reads end on their own; the five superseded contact reads are aborted.
    eventually("one fetch left running", || {
        let running = runner.fetches_running();
        async move { running == 1 }
    })
    .await;
    // Without the aborts, all six contact reads would still hang on the stalled body.
    assert_eq!(runner.fetches_running(), 1);
}
