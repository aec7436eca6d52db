//! The team store for callers that block — the dashboard's mark jobs run on blocking
//! threads and reach the marks through `crate::local::TriageStore`. `BlockingTeam` keeps a
//! small runtime of its own (one worker) that holds the connection, listens for teammates'
//! changes, and sends the outbox when the store comes back; each call waits for its answer
//! at most [`CALL_LIMIT`]. When the store is away, reads give the last marks known (with the
//! marks waiting in the outbox laid over them) and writes wait in the outbox: the dashboard
//! keeps working.

use super::TeamError;
use super::identity::OrgName;
use super::listen::listen;
use super::marks::{Action, Handled, MarkChange, Outcome, TeamMark};
use super::outbox::{self, Outbox};
use super::store::TeamStore;
use super::target::Target;
use crate::api::Timestamp;
use crate::credentials::Keyring;
use crate::local::{Scope, StateError, TriageStore};
use std::any::Any;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// Runs one call on the connection, opening it first if needed; a store found away is
/// dropped, to be opened again next time. A macro, not a function taking a closure: the
/// call borrows the store for as long as its future runs. The opening and the bookkeeping
/// after the call are functions of their own, one copy for every call.
macro_rules! with_store {
    ($shared:expr, |$store:ident| $call:expr) => {{
        let shared: &Shared = $shared;
        let mut slot = shared.store.lock().await;
        match open(shared, &mut slot).await {
            Err(error) => Err(error),
            Ok(None) => Err(unreachable(shared)),
            Ok(Some($store)) => {
                let result = $call.await;
                let away = match &result {
                    Err(error) => Some(error).filter(|error| error.is_away()),
                    Ok(_) => None,
                };
                settle(shared, &mut slot, away, result.is_ok());
                result
            }
        }
    }};
}

/// The connection, opened first if there is none; the refusal when it cannot be.
fn open<'a>(shared: &'a Shared, slot: &'a mut Option<TeamStore>) -> Opening<'a> {
    Box::pin(async move {
        if slot.is_none() {
            match TeamStore::connect(&shared.target, &shared.keyring).await {
                Ok(store) => {
                    *slot = Some(store);
                    *lock(&shared.unusable) = None;
                    *lock(&shared.refused_at) = None;
                }
                // A store that answers but cannot be used yet (no schema, an older or newer
                // one) is not away: the call says why, and the status bar does not say
                // "offline".
                Err(error) => {
                    if error.is_away() {
                        *lock(&shared.away) = Some(error.to_string());
                        *lock(&shared.refused_at) = Some(std::time::Instant::now());
                    } else {
                        *lock(&shared.away) = None;
                        *lock(&shared.unusable) = Some(error.to_string());
                    }
                    return Err(error);
                }
            }
        }
        Ok(slot.as_ref())
    })
}

/// The connection being opened: the store, or why it cannot be used.
type Opening<'a> =
    Pin<Box<dyn Future<Output = Result<Option<&'a TeamStore>, TeamError>> + Send + 'a>>;

/// The store is not there and no refusal says why.
fn unreachable(shared: &Shared) -> TeamError {
    TeamError::Unreachable {
        url: shared.target.shown(),
        reason: lock(&shared.away).clone().unwrap_or_default(),
    }
}

/// After a call: a store found away is dropped (`away`, why), one that answered clears
/// the last "away".
fn settle(shared: &Shared, slot: &mut Option<TeamStore>, away: Option<&TeamError>, ok: bool) {
    match away {
        Some(error) => {
            *lock(&shared.away) = Some(error.to_string());
            *slot = None;
        }
        None if ok => *lock(&shared.away) = None,
        None => {}
    }
}

/// How long a blocking call waits for the store before it counts as away.
pub const CALL_LIMIT: Duration = Duration::from_secs(3);

/// How long the listener waits before it tries the store again.
const RETRY: Duration = Duration::from_secs(2);

/// Where the team store stands, for a status bar: "team store offline · 3 marks waiting".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Health {
    /// Why the store is away; `None` when it answers.
    pub away: Option<String>,
    /// Why a store that answers cannot be used yet (no schema: `outreach team init`; an
    /// older or newer schema).
    pub unusable: Option<String>,
    /// Marks in the outbox for it.
    pub waiting: usize,
}

/// A call on the team's runtime, its answer's kind erased.
type Erased = Pin<Box<dyn Future<Output = Box<dyn Any + Send>> + Send>>;

/// Marks as read at one version of the store.
type ReadAt = (i64, HashMap<i64, TeamMark>);

struct Shared {
    target: Target,
    keyring: Keyring,
    outbox: Outbox,
    store: tokio::sync::Mutex<Option<TeamStore>>,
    /// The last marks read of each organisation, with the version they were read at: a
    /// reader asking again before anything moved gets them without a round trip (a
    /// dashboard asks every second).
    cache: Mutex<HashMap<OrgName, ReadAt>>,
    members: Mutex<HashMap<OrgName, Vec<String>>>,
    bindings: Mutex<HashMap<Scope, OrgName>>,
    version: AtomicI64,
    away: Mutex<Option<String>>,
    /// When a connection was last refused for the store being away: marks made just after
    /// it queue at once instead of each waiting for another refusal (a host that drops
    /// packets takes the whole connect timeout to refuse).
    refused_at: Mutex<Option<std::time::Instant>>,
    unusable: Mutex<Option<String>>,
    /// Marks that waited and were not taken, in words, until someone is told.
    untold: Mutex<Vec<String>>,
    /// How many marks that waited were taken, until someone is told.
    sent_untold: Mutex<usize>,
}

/// A team store behind blocking calls; implements [`TriageStore`].
pub struct BlockingTeam {
    runtime: Option<tokio::runtime::Runtime>,
    shared: Arc<Shared>,
}

impl BlockingTeam {
    /// Starts the runtime and the listener; does not wait for the store (it may be away).
    pub fn start(target: Target, keyring: Keyring, outbox: Outbox) -> Result<BlockingTeam, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("outreach-team")
            .enable_all()
            .build()
            .map_err(|error| format!("cannot start the team store's thread: {error}"))?;
        let shared = Arc::new(Shared {
            target,
            keyring,
            outbox,
            store: tokio::sync::Mutex::new(None),
            cache: Mutex::new(HashMap::new()),
            members: Mutex::new(HashMap::new()),
            bindings: Mutex::new(HashMap::new()),
            version: AtomicI64::new(0),
            away: Mutex::new(None),
            refused_at: Mutex::new(None),
            unusable: Mutex::new(None),
            untold: Mutex::new(Vec::new()),
            sent_untold: Mutex::new(0),
        });
        runtime.spawn(crate::tasks::boxed(keep_listening(Arc::clone(&shared))));
        Ok(BlockingTeam { runtime: Some(runtime), shared })
    }

    /// Says which organisation a scope's marks belong to (see `identity`).
    pub fn bind(&self, scope: Scope, org: OrgName) {
        lock(&self.shared.bindings).insert(scope, org);
    }

    /// Whether the scope's organisation is known (its marks can be read).
    pub fn is_bound(&self, scope: &Scope) -> bool {
        lock(&self.shared.bindings).contains_key(scope)
    }

    /// Whether the store answers, and what waits for it.
    pub fn health(&self) -> Health {
        Health {
            away: lock(&self.shared.away).clone(),
            unusable: lock(&self.shared.unusable).clone(),
            waiting: self.shared.outbox.count(self.shared.target.url.as_str()),
        }
    }

    /// Marks that waited in the outbox and were not taken when sent (someone was first),
    /// each said once: whoever asks shows them to the person who made them.
    pub fn take_not_taken(&self) -> Vec<String> {
        std::mem::take(&mut *lock(&self.shared.untold))
    }

    /// How many marks that waited in the outbox the store took since the last ask.
    pub fn take_sent(&self) -> usize {
        std::mem::take(&mut *lock(&self.shared.sent_untold))
    }

    /// Every team mark of the scope's organisation: from the store, or the last known ones
    /// when it is away; the marks waiting in the outbox laid over them.
    pub fn marks(&self, scope: &Scope) -> Result<HashMap<i64, TeamMark>, StateError> {
        let org = self.org(scope)?;
        let version = self.shared.version.load(Ordering::Relaxed);
        let answers = lock(&self.shared.away).is_none();
        let cached = lock(&self.shared.cache)
            .get(&org)
            .filter(|(at, _)| answers && *at == version)
            .map(|(_, marks)| marks.clone());
        let mut marks = match cached {
            Some(marks) => marks,
            None => {
                let shared = Arc::clone(&self.shared);
                let asked = org.clone();
                let read =
                    self.run(async move { with_store!(&shared, |store| store.marks(&asked)) });
                let mut cache = lock(&self.shared.cache);
                match read {
                    Some(Ok(marks)) => {
                        cache.insert(org.clone(), (version, marks.clone()));
                        marks
                    }
                    _ => cache.get(&org).map(|(_, marks)| marks.clone()).unwrap_or_default(),
                }
            }
        };
        let url = self.shared.target.url.as_str();
        for queued in self.shared.outbox.waiting(url).unwrap_or_default() {
            if queued.organisation != org {
                continue;
            }
            let change = queued.change;
            let mark = marks.entry(change.exchange).or_default();
            match change.action {
                Action::Handle { updated_at } => {
                    mark.handled = Some(Handled { by: change.who, at: change.made_at, updated_at });
                }
                Action::Unhandle => mark.handled = None,
                // Shown once the store has taken them: they may yet be refused.
                Action::Assign { .. } | Action::Snooze { .. } => {}
            }
        }
        Ok(marks)
    }

    /// The team of the scope's organisation, by name: from the store, or the last known
    /// while it is away.
    pub fn members(&self, scope: &Scope) -> Result<Vec<String>, StateError> {
        let org = self.org(scope)?;
        let shared = Arc::clone(&self.shared);
        let asked = org.clone();
        let read = self.run(async move { with_store!(&shared, |store| store.members(&asked)) });
        let mut known = lock(&self.shared.members);
        match read {
            Some(Ok(members)) => {
                known.insert(org, members.clone());
                Ok(members)
            }
            _ => Ok(known.get(&org).cloned().unwrap_or_default()),
        }
    }

    /// Who I am in the team.
    pub fn me(&self) -> &str {
        &self.shared.target.me
    }

    /// Makes one change: what waits in the outbox goes first, then this one, whenever the
    /// store answers; queued only while it does not. `None` when it was queued.
    pub fn change(&self, scope: &Scope, change: MarkChange) -> Result<Option<Outcome>, StateError> {
        let org = self.org(scope)?;
        let url = self.shared.target.url.as_str().to_string();
        // A short-lived process (cron marking one reply) may be the only one to run once the
        // store is back: it must not wait for a listener that never gets the chance.
        let just_refused = lock(&self.shared.refused_at).is_some_and(|at| at.elapsed() < RETRY);
        if just_refused {
            return self.queue(&url, &org, &change);
        }
        if self.shared.outbox.count(&url) > 0 {
            let shared = Arc::clone(&self.shared);
            self.run(async move { send_waiting(&shared).await });
        }
        if self.shared.outbox.count(&url) == 0 {
            match self.apply_now(&org, &change) {
                Some(Ok(outcome)) => {
                    self.shared.version.fetch_add(1, Ordering::Relaxed);
                    return Ok(Some(outcome));
                }
                Some(Err(error)) if !error.is_away() => {
                    return Err(StateError::Sqlite(error.to_string()));
                }
                _ => {}
            }
        }
        self.queue(&url, &org, &change)
    }

    fn queue(
        &self,
        url: &str,
        org: &OrgName,
        change: &MarkChange,
    ) -> Result<Option<Outcome>, StateError> {
        self.shared.outbox.push(url, org, change).map_err(StateError::Sqlite)?;
        self.shared.version.fetch_add(1, Ordering::Relaxed);
        Ok(None)
    }

    /// Sends one change to the store. A connection held from before an outage fails on its
    /// first use after it, though the store is back: one fresh connection is tried then,
    /// so a mark queues only when the store itself does not answer.
    fn apply_now(&self, org: &OrgName, change: &MarkChange) -> Option<Result<Outcome, TeamError>> {
        let attempt = || {
            let shared = Arc::clone(&self.shared);
            let (asked, sent) = (org.clone(), change.clone());
            self.run(async move { with_store!(&shared, |store| store.apply(&asked, &sent)) })
        };
        let held = self.shared.store.try_lock().map_or(true, |slot| slot.is_some());
        match attempt() {
            Some(Err(error)) if error.is_away() && held => attempt(),
            answer => answer,
        }
    }

    fn org(&self, scope: &Scope) -> Result<OrgName, StateError> {
        lock(&self.shared.bindings).get(scope).cloned().ok_or(StateError::Unavailable)
    }

    /// Runs `work` on the team's runtime and waits for it at most [`CALL_LIMIT`]; `None`
    /// when it did not answer in time. Works from any thread, async workers included.
    fn run<T: Send + 'static>(&self, work: impl Future<Output = T> + Send + 'static) -> Option<T> {
        let erased: Erased = Box::pin(async move { Box::new(work.await) as Box<dyn Any + Send> });
        self.run_erased(erased)?.downcast::<T>().ok().map(|answer| *answer)
    }

    /// [`BlockingTeam::run`] with the answer's kind erased: one channel and one task type
    /// for every call.
    fn run_erased(&self, work: Erased) -> Option<Box<dyn Any + Send>> {
        let runtime = self.runtime.as_ref()?;
        let (sender, receiver) = std::sync::mpsc::channel();
        runtime.spawn(crate::tasks::boxed(async move {
            let _ = sender.send(work.await);
        }));
        receiver.recv_timeout(CALL_LIMIT).ok()
    }
}

impl Drop for BlockingTeam {
    fn drop(&mut self) {
        // Never waits: a store that hangs must not hold up the dashboard's exit.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl TriageStore for BlockingTeam {
    fn handled(&self, scope: &Scope) -> Result<HashMap<i64, Option<Timestamp>>, StateError> {
        Ok(self
            .marks(scope)?
            .into_iter()
            .filter_map(|(id, mark)| Some((id, mark.handled?.updated_at.map(Timestamp))))
            .collect())
    }

    /// A reply someone else handled first stays theirs: the refusal says who ("Bob
    /// handled this a moment ago"), and the marks read next show it.
    fn set_handled(
        &self,
        scope: &Scope,
        flags: &[(i64, Option<Timestamp>)],
        handled: bool,
    ) -> Result<Vec<(i64, String)>, StateError> {
        let me = self.shared.target.me.clone();
        let mut refused = Vec::new();
        for (id, updated_at) in flags {
            let action = if handled {
                Action::Handle { updated_at: updated_at.map(|at| at.0) }
            } else {
                Action::Unhandle
            };
            if let Some(Outcome::Refused(conflict)) =
                self.change(scope, MarkChange::new(*id, &me, action))?
            {
                refused.push((*id, conflict.sentence(chrono::Utc::now())));
            }
        }
        Ok(refused)
    }

    fn snoozed(&self, scope: &Scope) -> Result<HashMap<i64, Timestamp>, StateError> {
        Ok(self
            .marks(scope)?
            .into_iter()
            .filter_map(|(id, mark)| Some((id, Timestamp(mark.snoozed?.until))))
            .collect())
    }

    /// The last snooze stands, whoever made it.
    fn set_snoozed(
        &self,
        scope: &Scope,
        ids: &[i64],
        until: Option<Timestamp>,
    ) -> Result<(), StateError> {
        let me = self.shared.target.me.clone();
        for id in ids {
            let action = Action::Snooze { until: until.map(|at| at.0) };
            self.change(scope, MarkChange::new(*id, &me, action))?;
        }
        Ok(())
    }

    /// Moves on every change heard from the store, every own change, and every reconnect.
    fn version(&self) -> Result<i64, StateError> {
        Ok(self.shared.version.load(Ordering::Relaxed))
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Listens for changes for as long as the runtime lives; on each (re)connection sends what
/// waits in the outbox, and moves the version so readers read again.
async fn keep_listening(shared: Arc<Shared>) {
    loop {
        match listen(&shared.target, &shared.keyring).await {
            Ok(mut changes) => {
                // The store answered: an "away" said by an earlier attempt no longer holds,
                // whether or not anything waits to be sent (which would clear it too).
                *lock(&shared.away) = None;
                shared.version.fetch_add(1, Ordering::Relaxed);
                send_waiting(&shared).await;
                while changes.next().await.is_some() {
                    shared.version.fetch_add(1, Ordering::Relaxed);
                }
            }
            Err(error) => *lock(&shared.away) = Some(error.to_string()),
        }
        tokio::time::sleep(RETRY).await;
        // Marks queued while the listener still held on wait no longer than one retry.
        send_waiting(&shared).await;
    }
}

async fn send_waiting(shared: &Shared) {
    let url = shared.target.url.as_str();
    if shared.outbox.count(url) == 0 {
        return;
    }
    let sent = with_store!(shared, |store| outbox::flush(store, &shared.outbox, url));
    match sent {
        Ok(flushed) => {
            shared.version.fetch_add(1, Ordering::Relaxed);
            *lock(&shared.sent_untold) += flushed.sent;
            let said = flushed.not_taken(chrono::Utc::now());
            for sentence in &said {
                tracing::info!("from the team's outbox: {sentence}");
            }
            lock(&shared.untold).extend(said);
        }
        Err(error) => tracing::debug!("the team's outbox waits on: {error}"),
    }
}
