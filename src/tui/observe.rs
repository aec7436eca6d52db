//! The dashboard as an observer, like `outreach watch`: after a refresh, the lists it loaded
//! are handed (as `Arc`s, never copied row by row on the UI thread) to a look that runs on a
//! blocking thread — `crate::observe::Observer` claims each event once in the observed
//! state, records bots' transitions and the time observed — and the hooks of the events this
//! dashboard claimed are run there too (a watch of the same profile claims in the same file,
//! so one of them runs each). A bot's history is read there for its detail. `update` asks
//! for these as effects; the runner performs them; the answers come back as actions.

use crate::clock::Zone;
use crate::config::HooksConfig;
use crate::hooks::HookOutcome;
use crate::local::{ObservedState, Scope};
use crate::observe::text::{self, Chains};
use crate::observe::{Lists, Observer, history};
use crate::tui::org_now::OrgNow;
use chrono::{DateTime, Utc};
use std::sync::{Arc, Mutex, PoisonError};

/// Who the dashboard's claims are kept as, beside watch's "watch".
pub const CLAIMED_BY: &str = "dashboard";

/// One look at the organisation, from what the dashboard loaded.
#[derive(Debug, Clone, PartialEq)]
pub struct ObserveJob {
    pub scope: Scope,
    /// The dashboard's refresh interval: three of these without a look end an observed span.
    pub every: std::time::Duration,
    /// The lists (every meeting, as watch reads them), the marks and the chains; `at`: when
    /// the lists were read (the oldest of them), the moment the look stands for.
    pub org: OrgNow,
}

/// What a look, a hook or a history read came to.
#[derive(Debug, Clone, PartialEq)]
pub enum ObserveAnswer {
    /// The look at `at` is done: how many events this dashboard claimed (its hooks follow,
    /// one [`ObserveAnswer::HookRan`] each), or why the observed state could not be used.
    Looked { scope: Scope, at: DateTime<Utc>, result: Result<usize, String> },
    /// A hook this dashboard ran.
    HookRan(HookOutcome),
    /// A bot's history, read for its detail.
    History { scope: Scope, bot: i64, history: BotHistory },
    /// The observed state's file could not be used: what that means, for the status bar.
    Warning(String),
}

/// A bot's health over time as its detail shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BotHistory {
    /// The timeline and uptime lines of `crate::observe::history`.
    Kept(Vec<String>),
    /// Nothing of the bot was kept yet (no watch or dashboard saw it in 30 days).
    NoneKept,
    /// The observed state could not be read.
    Failed(String),
}

/// Read a bot's history for its detail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryJob {
    pub scope: Scope,
    pub bot: i64,
    pub now: DateTime<Utc>,
    pub zone: Zone,
}

impl HistoryJob {
    /// Reads it (blocking: SQLite).
    pub fn perform(&self, state: &ObservedState) -> ObserveAnswer {
        let history =
            match history::kept_for_bot(state, &self.scope, self.bot, self.now, &self.zone) {
                Ok(Some(lines)) => BotHistory::Kept(lines),
                Ok(None) => BotHistory::NoneKept,
                Err(error) => BotHistory::Failed(error.to_string()),
            };
        ObserveAnswer::History { scope: self.scope.clone(), bot: self.bot, history }
    }
}

/// The dashboard's observer, kept from one look to the next (it knows when it last
/// pruned); made again for another profile.
#[derive(Default)]
pub struct Looker {
    observer: Mutex<Option<Observer>>,
}

impl Looker {
    /// Looks once with `job`'s lists, says how it went, then runs the hooks `hooks` sets for
    /// the events this dashboard claimed, one after another, telling each outcome (blocking:
    /// SQLite, and each hook up to its timeout). Looks are made one at a time. `read` reads
    /// the chains of the replies whose words the hooks ask for (`include_text`).
    pub fn look(
        &self,
        job: &ObserveJob,
        state: &Arc<ObservedState>,
        hooks: &HooksConfig,
        read: &dyn Fn(Vec<i64>) -> Chains,
        tell: &mut dyn FnMut(ObserveAnswer),
    ) {
        let observed = {
            let mut kept = self.observer.lock().unwrap_or_else(PoisonError::into_inner);
            let fits = kept.as_ref().is_some_and(|observer| observer.scope() == &job.scope);
            if !fits {
                let observer =
                    Observer::new(Arc::clone(state), job.scope.clone(), CLAIMED_BY, job.every);
                *kept = Some(observer);
            }
            kept.as_ref().map(|observer| job.observe(observer))
        };
        let Some(observed) = observed else { return };
        let (scope, at) = (job.scope.clone(), job.org.at);
        let mut events = match observed {
            Ok(observation) => {
                tell(ObserveAnswer::Looked { scope, at, result: Ok(observation.events.len()) });
                observation.events
            }
            Err(error) => {
                tracing::warn!(%error, "the dashboard could not keep what it observed");
                let result = Err(error.to_string());
                tell(ObserveAnswer::Looked { scope, at, result });
                return;
            }
        };
        let hooked = events.iter().any(|event| hooks.command(event.kind.name()).is_some());
        if hooks.include_text && hooked {
            let wanted = text::wanted(&events);
            if !wanted.is_empty() {
                text::fill(&mut events, &job.org.exchanges, &read(wanted), &job.org.zone);
            }
        }
        for event in events {
            if let Some(outcome) = crate::hooks::run(&event, hooks) {
                tell(ObserveAnswer::HookRan(outcome));
            }
        }
    }
}

impl ObserveJob {
    /// The look itself, with the needs' inputs made from what was handed over.
    fn observe(
        &self,
        observer: &Observer,
    ) -> Result<crate::observe::Observation, crate::local::StateError> {
        self.org
            .with_inputs(|inputs, meetings| observer.observe(&Lists { needs: inputs, meetings }))
    }
}

/// What the dashboard keeps of its observing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Observed {
    /// The moment of the lists the last look was given: the next waits until every list
    /// it needs was read again after it.
    pub looked: Option<DateTime<Utc>>,
    /// A look is running (its answer has not come back).
    pub looking: bool,
    /// The bot whose history was asked for its detail, and the history once read.
    pub history: Option<(i64, Option<BotHistory>)>,
}
