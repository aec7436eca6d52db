//! "While you were away" in the dashboard: the last look (the dashboard's own slot in the
//! observed state, `crate::local::LAST_LOOK`) read at start and kept at each refresh and at
//! quit, and the brief shown over the panes after an absence. The brief itself is
//! `crate::brief`; when it shows is `update::brief`'s; this is what they share with the
//! runner: the state, the overlay's lines, and the jobs on the observed state (blocking, so
//! the runner runs them off the UI thread).

use crate::local::{LAST_LOOK, ObservedState, Scope};
use crate::observe::Snapshot;
use crate::tui::org_now::OrgNow;
use chrono::Duration;

/// The last look of this session's organisation, and whether the brief was weighed.
#[derive(Debug, Clone, Default)]
pub struct LastLook {
    /// Show the brief when the last look is at least this old (`[brief] after_hours`);
    /// `None`: never.
    pub after: Option<Duration>,
    /// Whose last look: the session's profile and server, once connected.
    pub scope: Option<Scope>,
    /// What the observed state held at start: `None` until it answered; `Some(None)` when
    /// there was no last look (a first run) or it could not be read.
    pub found: Option<Option<Box<Snapshot>>>,
    /// The brief was weighed this session (shown or not): it is weighed once.
    pub weighed: bool,
    /// The user pressed a key, clicked or pasted: a brief that would show now would take a
    /// key meant for the screen, so it does not show.
    pub touched: bool,
}

/// The brief over the panes: its title and lines, in words already (sanitised), and the
/// generation of the frame that was on screen when it opened: a key that comes before a
/// frame showed it was typed for the screen beneath.
#[derive(Debug, Clone, PartialEq)]
pub struct BriefView {
    pub title: String,
    pub lines: Vec<String>,
    pub opened_over: Option<u64>,
}

/// Work on the observed state, off the UI thread.
#[derive(Debug, Clone, PartialEq)]
pub enum LastLookJob {
    /// Read the last look; answers `Action::LastLook`.
    Read(Scope),
    /// Keep a snapshot of the organisation as held (taken here, off the UI thread: it asks
    /// every reply) as the last look (a newer one kept by another dashboard or by
    /// `outreach brief --mark-seen` is left be), and as the day's first if the day has none.
    Keep { scope: Scope, org: Box<OrgNow> },
}

impl LastLookJob {
    /// Does the work (blocking); a read's answer: whose, and the snapshot found. A file
    /// that cannot be used is logged: the dashboard goes on without a brief.
    pub fn perform(self, state: &ObservedState) -> Option<(Scope, Option<Box<Snapshot>>)> {
        match self {
            LastLookJob::Read(scope) => {
                let found = match state.snapshot(&scope, LAST_LOOK) {
                    Ok(found) => found,
                    Err(error) => {
                        tracing::warn!(%error, "the last look could not be read: no brief");
                        None
                    }
                };
                let snapshot = found.and_then(|(taken_at, body)| {
                    Snapshot::from_json(&body).map(|snapshot| Snapshot { taken_at, ..snapshot })
                });
                Some((scope, snapshot.map(Box::new)))
            }
            LastLookJob::Keep { scope, org } => {
                let snapshot = org.snapshot();
                if let Err(error) = keep(state, &scope, &snapshot) {
                    tracing::warn!(%error, "the last look could not be kept");
                }
                None
            }
        }
    }
}

fn keep(
    state: &ObservedState,
    scope: &Scope,
    snapshot: &Snapshot,
) -> Result<(), crate::local::StateError> {
    let newer = state.snapshot_taken_at(scope, LAST_LOOK)?.is_some_and(|at| at > snapshot.taken_at);
    // The text is made at most once, and only when it is written.
    let mut body = None;
    if !newer {
        let text = body.insert(snapshot.to_json());
        state.save_snapshot(scope, LAST_LOOK, snapshot.taken_at, Some(text))?;
    }
    state.keep_day(scope, snapshot.taken_at, || body.unwrap_or_else(|| snapshot.to_json()))
}

/// Opens the observed state for one job: the dashboard touches it once a refresh.
pub fn open() -> ObservedState {
    let (state, warning) = ObservedState::open_default();
    if let Some(warning) = warning {
        tracing::warn!("{warning}");
    }
    state
}
