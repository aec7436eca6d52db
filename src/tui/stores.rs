//! Where a front end's runner keeps the inbox's marks and what it observed: the user's files
//! for a profile (opened by the first job that needs them, after the first frame or line),
//! memory for the demo, whose organisation is new every run. The dashboard and the line
//! mode start their runners here alike.

use crate::local::ObservedState;
use crate::tui::action::Action;
use crate::tui::brief::LastLookJob;
use crate::tui::connect::Launch;
use crate::tui::inbox::jobs::{LocalAnswer, MarksStore};
use crate::tui::observe::ObserveAnswer;
use crate::tui::runner::Runner;
use std::sync::{Arc, LazyLock};
use tokio::sync::mpsc::UnboundedSender;

/// A runner for `launch`, its answers sent on `tx`, with the marks and observed stores of
/// that launch. A file that could not be used is said as an answer (the status bar, a line).
pub fn runner(tx: UnboundedSender<Action>, launch: Launch) -> Runner {
    let demo = matches!(launch, Launch::Demo { .. });
    let open = opened(demo, &tx, MarksStore::in_memory, MarksStore::open_default, |warning| {
        Action::Local(LocalAnswer::Failed(warning))
    });
    // What a front end observes goes to the file `outreach watch` keeps too: their claims
    // meet there, so one of them runs each hook. The demo observes nothing.
    let observed = opened(
        demo,
        &tx,
        || Arc::new(ObservedState::in_memory()),
        || {
            let (observed, warning) = ObservedState::open_default();
            (Arc::new(observed), warning)
        },
        |warning| Action::Observed(ObserveAnswer::Warning(warning)),
    );
    Runner::new(tx, launch)
        .with_local_state(Arc::new(LazyLock::new(open)))
        .with_observed_state(Arc::new(LazyLock::new(observed)))
}

/// How a store is opened by the first job that needs it: in memory for the demo, whose
/// organisation is new every run; else the user's file, a warning about it sent as `said`.
fn opened<T: 'static>(
    demo: bool,
    tx: &UnboundedSender<Action>,
    memory: fn() -> T,
    file: fn() -> (T, Option<String>),
    said: fn(String) -> Action,
) -> Box<dyn FnOnce() -> T + Send> {
    if demo {
        return Box::new(memory);
    }
    let tx = tx.clone();
    Box::new(move || {
        let (store, warning) = file();
        if let Some(warning) = warning {
            let _ = tx.send(said(warning));
        }
        store
    })
}

/// Keeps the last look as a front end ends (its runner is gone by then): the next start's
/// brief begins here.
pub async fn keep_last_look(job: Option<LastLookJob>) {
    let Some(job) = job else { return };
    let kept = crate::tasks::spawn_blocking(move || job.perform(&crate::tui::brief::open())).await;
    if let Err(error) = kept {
        tracing::warn!(%error, "the last look could not be kept at quit");
    }
}
