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
    let open: Box<dyn FnOnce() -> MarksStore + Send> = match &launch {
        Launch::Demo { .. } => Box::new(MarksStore::in_memory),
        Launch::Profile(_) => {
            let tx = tx.clone();
            Box::new(move || {
                let (local, warning) = MarksStore::open_default();
                if let Some(warning) = warning {
                    let _ = tx.send(Action::Local(LocalAnswer::Failed(warning)));
                }
                local
            })
        }
    };
    // What a front end observes goes to the file `outreach watch` keeps too: their claims
    // meet there, so one of them runs each hook. The demo observes nothing.
    let observed: Box<dyn FnOnce() -> Arc<ObservedState> + Send> = match &launch {
        Launch::Demo { .. } => Box::new(|| Arc::new(ObservedState::in_memory())),
        Launch::Profile(_) => {
            let tx = tx.clone();
            Box::new(move || {
                let (observed, warning) = ObservedState::open_default();
                if let Some(warning) = warning {
                    let _ = tx.send(Action::Observed(ObserveAnswer::Warning(warning)));
                }
                Arc::new(observed)
            })
        }
    };
    Runner::new(tx, launch)
        .with_local_state(Arc::new(LazyLock::new(open)))
        .with_observed_state(Arc::new(LazyLock::new(observed)))
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
