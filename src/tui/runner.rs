//! Runs the effects `update` asks for: connecting, and API reads and writes as spawned tasks
//! that send their result back as an action, tagged with the request's id. A fetch that a
//! newer fetch of the same slot supersedes is aborted, so `r` pressed five times on a large
//! list decodes it once.

use crate::api::{ApiError, Client, waits};
use crate::config::HooksConfig;
use crate::local::ObservedState;
use crate::session::EnteredKey;
use std::sync::LazyLock;

/// The local state, opened by the first job that needs it, on a blocking thread: opening the
/// file (WAL, migrations, a sync to disk) took about 5 ms and ran before the first frame.
pub type LazyLocal = LazyLock<MarksStore, Box<dyn FnOnce() -> MarksStore + Send>>;

/// The observed state (what watch and the dashboard saw), opened the same way: by the first
/// look or history read, on a blocking thread.
pub type LazyObserved =
    LazyLock<Arc<ObservedState>, Box<dyn FnOnce() -> Arc<ObservedState> + Send>>;
use crate::team::BlockingTeam;
use crate::tui::action::{Action, Effect, Fetch};
use crate::tui::connect::{Connected, Launch, connect, login};
use crate::tui::group::OrgId;
use crate::tui::group::lists::ListRead;
use crate::tui::group::read::{GroupRead, OrgLink, SharedLocal, Stores};
use crate::tui::inbox::jobs::{LocalJob, MarksStore};
use crate::tui::inbox::team::TeamJob;
use crate::tui::model::{ReqId, Slot};
use crate::tui::observe::Looker;
use crate::tui::outside::{self, events::InputSwitch};
use crate::tui::submit::request::{self, WriteRequest};
use chrono::{TimeDelta, Utc};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::mpsc::UnboundedSender;
use tokio::task::AbortHandle;

/// What a connection leaves behind for the fetches: the client, the profile's team store,
/// and whatever must live as long as the dashboard (the demo's simulator).
#[derive(Default)]
struct Link {
    client: Option<Client>,
    team: Option<Arc<BlockingTeam>>,
    /// The profile's `[hooks]`, run for the events this dashboard claims.
    hooks: HooksConfig,
    _keep_alive: Option<Box<dyn std::any::Any + Send>>,
}

pub struct Runner {
    tx: UnboundedSender<Action>,
    launch: Launch,
    link: Arc<Mutex<Link>>,
    /// The fetch in flight of each slot: the only one whose answer is still wanted.
    fetches: HashMap<Slot, AbortHandle>,
    /// Superseded fetches, aborted, kept until they have really stopped (for
    /// [`Runner::fetches_running`]).
    aborted: Vec<AbortHandle>,
    /// Pauses the terminal's events while another program has the terminal.
    input: Option<InputSwitch>,
    /// Seen and handled marks; in memory unless the dashboard hands it the user's file.
    local: Arc<LazyLocal>,
    /// The local-state jobs waiting, run one at a time in the order asked.
    local_jobs: Arc<Mutex<LocalQueue>>,
    /// The key the login form stored this run: connections use it for its profile.
    entered: Arc<Mutex<Option<EnteredKey>>>,
    /// What watch and the dashboard observed; in memory unless the dashboard hands it the
    /// user's file.
    observed: Arc<LazyObserved>,
    /// The dashboard's observer, kept between looks.
    looker: Arc<Looker>,
    /// The session of each organisation of the group, by profile, as its last read made it.
    orgs: Arc<Mutex<HashMap<OrgId, OrgLink>>>,
}

/// Work on the marks: this machine's file (through the team store for the shared marks,
/// once it knows the organisation), or the team store alone.
#[derive(Debug, PartialEq)]
enum MarkJob {
    Local(LocalJob),
    Team(TeamJob),
}

/// Mark jobs in the order `update` asked for them, done one at a time off the UI thread: a
/// re-read of the marks asked after a write sees that write (two blocking tasks would race,
/// and the re-read could undo a mark just set), and the team's organisation is bound before
/// its marks are read.
#[derive(Default)]
struct LocalQueue {
    jobs: VecDeque<MarkJob>,
    /// A blocking task is working through `jobs`.
    running: bool,
}

impl Runner {
    pub fn new(tx: UnboundedSender<Action>, launch: Launch) -> Runner {
        Runner {
            tx,
            launch,
            link: Arc::default(),
            fetches: HashMap::new(),
            aborted: Vec::new(),
            input: None,
            local: Arc::new(LazyLock::new(Box::new(MarksStore::in_memory))),
            local_jobs: Arc::default(),
            entered: Arc::default(),
            observed: Arc::new(LazyLock::new(Box::new(|| Arc::new(ObservedState::in_memory())))),
            looker: Arc::default(),
            orgs: Arc::default(),
        }
    }

    /// Keeps what the dashboard observes in `observed` (the user's file, shared with
    /// `outreach watch`) instead of in memory.
    pub fn with_observed_state(mut self, observed: Arc<LazyObserved>) -> Runner {
        self.observed = observed;
        self
    }

    /// The switch that pauses the terminal's events while the pager or editor runs.
    pub fn with_input(mut self, input: InputSwitch) -> Runner {
        self.input = Some(input);
        self
    }

    /// Keeps the inbox's marks in `local` (the user's state file) instead of in memory.
    pub fn with_local_state(mut self, local: Arc<LazyLocal>) -> Runner {
        self.local = local;
        self
    }

    /// Starts an effect; `true` when it is the end of the program.
    pub fn run(&mut self, effect: Effect) -> bool {
        match effect {
            Effect::Quit => return true,
            Effect::Connect => self.connect(),
            Effect::Fetch(fetch) => self.fetch(fetch),
            Effect::Cancel(slot) => self.cancel(slot),
            Effect::LayOut(job) => {
                let tx = self.tx.clone();
                // Off the UI thread: a long chain must not hold up the keys.
                crate::tasks::spawn_blocking(move || {
                    let layout = Arc::new(job.perform());
                    let _ = tx.send(Action::LaidOut { req_id: job.req_id, layout });
                });
            }
            Effect::Search(job) => {
                let tx = self.tx.clone();
                // Off the UI thread: a million rows must not hold up the keys.
                crate::tasks::spawn_blocking(move || {
                    job.perform(&mut |work| {
                        let _ = tx.send(Action::Searched(work));
                    });
                });
            }
            Effect::Count { job, loaded } => {
                let tx = self.tx.clone();
                // Off the UI thread: 200k exchanges counted take a tenth of a second.
                crate::tasks::spawn_blocking(move || {
                    if let Some(census) = crate::tui::census::perform(&job) {
                        let _ = tx.send(Action::Counted { census, loaded });
                    }
                });
            }
            Effect::CountResults(job) => {
                let tx = self.tx.clone();
                crate::tasks::spawn_blocking(move || {
                    let _ = tx.send(Action::ResultsCounted(Arc::new(job.perform())));
                });
            }
            Effect::Submit { req_id, write } => self.submit(req_id, write),
            Effect::SubmitFor { org, req_id, write } => self.submit_for(&org, req_id, write),
            Effect::Outside(job) => outside::perform::perform(job, self.input.as_ref(), &self.tx),
            Effect::SwitchProfile(profile) => {
                self.launch = self.launch.with_profile(profile);
                for (_, fetch) in self.fetches.drain() {
                    fetch.abort();
                }
                self.connect();
            }
            Effect::ReadGroup(read) => self.read_group(read),
            Effect::ReadGroupLists(read) => self.read_group_lists(read),
            Effect::SearchContacts(search) => {
                let tx = self.tx.clone();
                // Off the UI thread: a group's contacts may be millions.
                crate::tasks::spawn_blocking(move || {
                    if let Some(found) = search.perform() {
                        let _ = tx.send(Action::ContactsFound(found));
                    }
                });
            }
            Effect::ReadSnippet(job) => {
                let (client, tx) = (self.client(), self.tx.clone());
                crate::tasks::spawn(async move {
                    let result = match client {
                        Some(client) => job.clone().read(&client).await,
                        None => Err(not_connected()),
                    };
                    let result = result.map(|(snippet, chain)| {
                        let (exchange_id, updated_at) = (job.exchange_id, job.updated_at);
                        let _ = tx.send(Action::ChainRead { exchange_id, updated_at, chain });
                        snippet
                    });
                    let _ = tx.send(Action::SnippetRead { job, result });
                });
            }
            Effect::ReadSnippetFor { org, job } => {
                let link = self.orgs.lock().ok().and_then(|orgs| orgs.get(&org).cloned());
                let tx = self.tx.clone();
                crate::tasks::spawn(async move {
                    let result = match link {
                        Some(link) => job.clone().perform(&link.client).await,
                        None => Err(not_connected()),
                    };
                    let _ = tx.send(Action::GroupSnippetRead { org, job, result });
                });
            }
            Effect::Local(job) => self.marks(MarkJob::Local(job)),
            Effect::Team(job) => self.marks(MarkJob::Team(job)),
            Effect::Observe(job) => {
                let (observed, looker, tx) =
                    (Arc::clone(&self.observed), Arc::clone(&self.looker), self.tx.clone());
                let hooks = self.link.lock().map(|link| link.hooks.clone()).unwrap_or_default();
                let (client, runtime) = (self.client(), tokio::runtime::Handle::current());
                // The replies' words for hooks that ask for them, read from the blocking task.
                let read = move |ids: Vec<i64>| match &client {
                    Some(client) => runtime.block_on(crate::inbox::chains(client, ids.into_iter())),
                    None => Default::default(),
                };
                // SQLite, and hooks that may run to their timeout: never on the UI thread.
                crate::tasks::spawn_blocking(move || {
                    let observed = LazyLock::force(&*observed);
                    looker.look(&job, observed, &hooks, &read, &mut |answer| {
                        let _ = tx.send(Action::Observed(answer));
                    });
                });
            }
            Effect::ReadChains(job) => {
                let (client, tx) = (self.client(), self.tx.clone());
                crate::tasks::spawn(async move {
                    let scope = job.scope.clone();
                    let Some(client) = client else {
                        let read =
                            job.jobs.into_iter().map(|j| (j, Err(not_connected()))).collect();
                        let _ = tx.send(Action::ChainsRead { scope, read });
                        return;
                    };
                    job.perform(&client, &mut |read| {
                        let _ = tx.send(Action::ChainsRead { scope: scope.clone(), read });
                    })
                    .await;
                });
            }
            Effect::CheckDnc(job) => {
                let (client, observed, tx) =
                    (self.client(), Arc::clone(&self.observed), self.tx.clone());
                crate::tasks::spawn(async move {
                    let result = match client {
                        Some(client) => {
                            job.perform(&client, LazyLock::force(&*observed).as_ref()).await
                        }
                        None => Err(not_connected().to_string()),
                    };
                    let _ = tx.send(Action::DncChecked { scope: job.scope, result });
                });
            }
            Effect::Chains(job) => {
                let (observed, tx) = (Arc::clone(&self.observed), self.tx.clone());
                crate::tasks::spawn_blocking(move || {
                    if let Some((scope, facts)) = job.perform(LazyLock::force(&*observed).as_ref())
                    {
                        let _ = tx.send(Action::ChainsRecalled { scope, facts });
                    }
                });
            }
            Effect::ReadBotHistory(job) => {
                let (observed, tx) = (Arc::clone(&self.observed), self.tx.clone());
                crate::tasks::spawn_blocking(move || {
                    let answer = job.perform(LazyLock::force(&*observed).as_ref());
                    let _ = tx.send(Action::Observed(answer));
                });
            }
            Effect::CountTrends(job) => {
                let tx = self.tx.clone();
                crate::tasks::spawn_blocking(move || {
                    let _ = tx.send(Action::Trended(job.perform()));
                });
            }
            Effect::CountHours(job) => {
                let tx = self.tx.clone();
                crate::tasks::spawn_blocking(move || {
                    let _ = tx.send(Action::HoursCounted(Box::new(job.perform())));
                });
            }
            Effect::SaveGlance(glance) => {
                crate::tasks::spawn_blocking(move || {
                    if let Err(error) = crate::glance::save(&glance) {
                        tracing::warn!(%error, "could not save the glance for the status line");
                    }
                });
            }
            Effect::Sorts(job) => {
                let tx = self.tx.clone();
                crate::tasks::spawn_blocking(move || {
                    if let Some((profile, sorts)) = job.perform() {
                        let _ = tx.send(Action::SortsRead { profile, sorts });
                    }
                });
            }
            Effect::LastLook(job) => {
                let tx = self.tx.clone();
                crate::tasks::spawn_blocking(move || {
                    if let Some((scope, found)) = job.perform(&crate::tui::brief::open()) {
                        let _ = tx.send(Action::LastLook { scope, found });
                    }
                });
            }
            // The terminal's own: the event loop, which holds the terminal, does them.
            Effect::Announce(_) | Effect::Repaint => {}
            Effect::Login(attempt) => {
                let tx = self.tx.clone();
                let launch = self.launch.clone();
                let entered = Arc::clone(&self.entered);
                crate::tasks::spawn(async move {
                    let result = login(&launch, attempt).await.map(|(message, key)| {
                        // Before the answer goes: the connection it leads to uses this key.
                        if let Ok(mut entered) = entered.lock() {
                            *entered = Some(key);
                        }
                        message
                    });
                    let _ = tx.send(Action::LoggedIn(result));
                });
            }
        }
        false
    }

    /// Queues a mark job; starts the task that works through the queue if none is. A
    /// re-read already waiting is not asked twice (the check runs every second, and a busy
    /// file or a slow store could otherwise pile them up).
    fn marks(&self, job: MarkJob) {
        let mut queue = self.local_jobs.lock().unwrap_or_else(PoisonError::into_inner);
        let reread = matches!(
            job,
            MarkJob::Local(LocalJob::Reread { .. }) | MarkJob::Team(TeamJob::Read { .. })
        );
        if reread && queue.jobs.contains(&job) {
            return;
        }
        queue.jobs.push_back(job);
        if std::mem::replace(&mut queue.running, true) {
            return;
        }
        drop(queue);
        let (jobs, local, tx) =
            (Arc::clone(&self.local_jobs), Arc::clone(&self.local), self.tx.clone());
        let (link, orgs) = (Arc::clone(&self.link), Arc::clone(&self.orgs));
        // SQLite and the team store block: never on the UI thread.
        crate::tasks::spawn_blocking(move || {
            loop {
                let next = {
                    let mut queue = jobs.lock().unwrap_or_else(PoisonError::into_inner);
                    let next = queue.jobs.pop_front();
                    queue.running = next.is_some();
                    next
                };
                let Some(job) = next else { return };
                let team = link.lock().ok().and_then(|link| link.team.clone());
                // The team store of the organisation whose marks a job is on: the one
                // connected's, else another organisation of a group's own, if any.
                let team_of = |scope: &crate::local::Scope| {
                    team.clone().filter(|team| team.is_bound(scope)).or_else(|| {
                        let orgs = orgs.lock().unwrap_or_else(PoisonError::into_inner);
                        orgs.values().find_map(|org| org.team_for(scope))
                    })
                };
                let answer = match job {
                    // Binding is what makes the connected one's store bound.
                    MarkJob::Team(job @ TeamJob::Bind(..)) => {
                        team.and_then(|team| job.perform(&team)).map(Action::Team)
                    }
                    MarkJob::Team(job) => {
                        // Else the one connected's, not bound yet, unless the scope is
                        // another organisation's: never a store the job is not for.
                        let another = || {
                            let orgs = orgs.lock().unwrap_or_else(PoisonError::into_inner);
                            orgs.values().any(|org| org.serves(job.scope()))
                        };
                        let team = team_of(job.scope()).or_else(|| team.filter(|_| !another()));
                        team.and_then(|team| job.perform(&team)).map(Action::Team)
                    }
                    // The shared marks go to the team once it knows the organisation.
                    MarkJob::Local(job) => {
                        let team = team_of(job.scope());
                        job.perform(crate::look::marks::book(&local, team.as_deref()))
                            .map(Action::Local)
                    }
                };
                if let Some(answer) = answer {
                    let _ = tx.send(answer);
                }
            }
        });
    }

    /// Reads organisations of the group for their lines, off the UI thread: the marks and
    /// the observed state are SQLite, and each answer goes as it comes.
    fn read_group(&self, read: GroupRead) {
        let (local, observed, orgs) =
            (Arc::clone(&self.local), Arc::clone(&self.observed), Arc::clone(&self.orgs));
        let (tx, runtime) = (self.tx.clone(), tokio::runtime::Handle::current());
        crate::tasks::spawn_blocking(move || {
            let local: SharedLocal = local;
            let stores = Stores { local, observed: LazyLock::force(&*observed).as_ref() };
            let known = |org: &OrgId| orgs.lock().ok().and_then(|orgs| orgs.get(org).cloned());
            runtime.block_on(read.perform(&stores, &known, &mut |answer, link| {
                if let Ok(mut orgs) = orgs.lock() {
                    match link {
                        Some(link) => orgs.insert(answer.org.clone(), link),
                        None => orgs.remove(&answer.org),
                    };
                }
                let _ = tx.send(Action::GroupRead(answer));
            }));
        });
    }

    /// Reads a merged pane's list of each organisation, with the session its line's read
    /// keeps (or a new one, kept unless its line's read made one meanwhile).
    fn read_group_lists(&self, read: ListRead) {
        let (orgs, tx) = (Arc::clone(&self.orgs), self.tx.clone());
        let runtime = tokio::runtime::Handle::current();
        crate::tasks::spawn_blocking(move || {
            let known = |org: &OrgId| orgs.lock().ok().and_then(|orgs| orgs.get(org).cloned());
            runtime.block_on(read.perform(&known, &mut |answer, link| {
                if let Ok(mut orgs) = orgs.lock() {
                    match link {
                        Some(link) => {
                            orgs.entry(answer.org.clone()).or_insert(link);
                        }
                        None => {
                            orgs.remove(&answer.org);
                        }
                    }
                }
                let _ = tx.send(Action::GroupListRead(answer));
            }));
        });
    }

    fn connect(&self) {
        let tx = self.tx.clone();
        let launch = self.launch.clone();
        let link = Arc::clone(&self.link);
        let entered = self.entered.lock().ok().and_then(|entered| entered.clone());
        crate::tasks::spawn(async move {
            let result = connect(&launch, entered.as_ref()).await.map(
                |Connected { info, client, keep_alive, team, hooks }| {
                    if let Ok(mut link) = link.lock() {
                        *link = Link { client: Some(client), team, hooks, _keep_alive: keep_alive };
                    }
                    info
                },
            );
            let _ = tx.send(Action::Connected(result));
        });
    }

    fn client(&self) -> Option<Client> {
        self.link.lock().ok().and_then(|link| link.client.clone())
    }

    /// Sends a write; a chunked one reports its progress on the way.
    fn submit(&self, req_id: ReqId, write: WriteRequest) {
        self.send(self.client().ok_or_else(not_connected), req_id, write);
    }

    /// Sends a write to an organisation of the group with the session its read made: its
    /// key and base URL; never from a read-only profile.
    fn submit_for(&self, org: &OrgId, req_id: ReqId, write: WriteRequest) {
        let link = self.orgs.lock().ok().and_then(|orgs| orgs.get(org).cloned());
        let client = match link {
            // The dashboard refuses it before; this holds should a write slip past it.
            Some(link) if link.read_only => Err(ApiError::Forbidden {
                detail: Some(format!("profile {org} is read-only: nothing was sent")),
            }),
            Some(link) => Ok(link.client),
            None => Err(ApiError::Network {
                url: String::new(),
                reason: format!("{org} is not read yet (r reads it)"),
            }),
        };
        self.send(client, req_id, write);
    }

    fn send(&self, client: Result<Client, ApiError>, req_id: ReqId, write: WriteRequest) {
        let tx = self.tx.clone();
        crate::tasks::spawn(async move {
            let progress = |sent, total| {
                let _ = tx.send(Action::WriteProgress { req_id, sent, total });
            };
            let result = match client {
                Ok(client) => request::perform(&client, write, progress).await,
                Err(error) => Err(error),
            };
            let _ = tx.send(Action::Written { req_id, result });
        });
    }

    /// Starts a fetch, aborting the one it supersedes.
    fn fetch(&mut self, fetch: Fetch) {
        self.cancel(fetch.slot);
        let client = match &fetch.org {
            Some(org) => self.orgs.lock().ok().and_then(|orgs| Some(orgs.get(org)?.client.clone())),
            None => self.client(),
        };
        let tx = self.tx.clone();
        let slot = fetch.slot;
        let req_id = fetch.req_id;
        let waits = self.tx.clone();
        // The pane counts down a wait before a retry (the server's Retry-After included).
        let observer: waits::Observer = Arc::new(move |error, wait| {
            let until = Utc::now() + TimeDelta::from_std(wait).unwrap_or_default();
            let reason = retry_reason(error);
            let _ = waits.send(Action::Waiting { slot, req_id, reason, until });
        });
        let task = crate::tasks::spawn(async move {
            let action = match client {
                Some(client) => waits::observe(observer, fetch.perform(client)).await,
                None => fetch.failed(not_connected()),
            };
            let _ = tx.send(action);
        });
        self.fetches.insert(slot, task.abort_handle());
    }

    /// Aborts the fetch of a slot whose answer is no longer wanted.
    fn cancel(&mut self, slot: Slot) {
        if let Some(old) = self.fetches.remove(&slot) {
            old.abort();
            self.aborted.push(old);
        }
        self.aborted.retain(|task| !task.is_finished());
    }

    /// The fetch tasks still running: superseded ones stop at their next await.
    pub fn fetches_running(&self) -> usize {
        let live = |task: &&AbortHandle| !task.is_finished();
        self.fetches.values().filter(live).count() + self.aborted.iter().filter(live).count()
    }
}

/// Why a fetch is tried again, in the few words a pane's title has room for; a wait that
/// ran out says which and how long, so the second wait is not a silent repeat of the first.
fn retry_reason(error: &ApiError) -> String {
    match error {
        ApiError::RateLimited { .. } => "rate limited".into(),
        ApiError::Unavailable { .. } => "service unavailable".into(),
        ApiError::Timeout { .. } => crate::present::cause::cause(error),
        _ => "failed".into(),
    }
}

fn not_connected() -> ApiError {
    ApiError::Network { url: String::new(), reason: "not connected yet".into() }
}
