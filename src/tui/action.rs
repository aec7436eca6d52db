//! What happens to the dashboard (`Action`: input, API results, timers) and what the loop
//! must do about it (`Effect`). `update` turns one into the other without any I/O.

use crate::api::{ApiError, Client};
use crate::tui::chain::{ChainLayout, LayoutJob};
use crate::tui::command::Command;
use crate::tui::inbox::jobs::{LocalAnswer, LocalJob, SnippetJob};
use crate::tui::lists::list::FilterJob;
use crate::tui::lists::search::{ListJob, ListWork};
use crate::tui::model::{ConnectFailure, ConnectionInfo, LoginAttempt, Pane, ReqId, Slot};
use crate::tui::observe::{HistoryJob, ObserveAnswer, ObserveJob};
use crate::tui::outside::{Done, Job};
use crate::tui::state::AppState;
use crate::tui::submit::request::{WriteRequest, Written};
use chrono::{DateTime, Utc};
use crossterm::event::{KeyEvent, MouseEvent};
use futures_util::future::BoxFuture;
use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

/// A read of one slot, typed by its resource (built by `resource::fetch`).
#[derive(Clone)]
pub struct Fetch {
    pub req_id: ReqId,
    pub slot: Slot,
    read: Arc<dyn Read>,
    /// Read with this organisation of the group's key (a merged row's chain); `None`: the
    /// connected one's.
    pub org: Option<crate::tui::group::OrgId>,
}

impl Fetch {
    pub(crate) fn new(req_id: ReqId, slot: Slot, read: Arc<dyn Read>) -> Fetch {
        Fetch { req_id, slot, read, org: None }
    }

    /// Performs the read with the client; the answer is the action to hand to `update`.
    pub fn perform(&self, client: Client) -> BoxFuture<'static, Action> {
        self.read.perform(client, self.req_id)
    }

    /// The answer when the read could not be made (no client yet).
    pub fn failed(&self, error: ApiError) -> Action {
        self.read.fail(self.req_id, error)
    }

    /// What the read asks for, when it is a `Q` (`()`, an `ExchangeQuery`, an exchange id).
    pub fn query<Q: 'static>(&self) -> Option<&Q> {
        self.read.query().downcast_ref()
    }
}

impl Debug for Fetch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Fetch #{} {:?}", self.req_id, self.read)?;
        match &self.org {
            Some(org) => write!(f, " for {org}"),
            None => Ok(()),
        }
    }
}

impl PartialEq for Fetch {
    fn eq(&self, other: &Fetch) -> bool {
        self.req_id == other.req_id
            && self.slot == other.slot
            && self.org == other.org
            && self.read.same(&*other.read)
    }
}

/// A read as the loop performs it, whatever the resource.
pub(crate) trait Read: Debug + Send + Sync {
    fn perform(&self, client: Client, req_id: ReqId) -> BoxFuture<'static, Action>;
    fn fail(&self, req_id: ReqId, error: ApiError) -> Action;
    fn query(&self) -> &dyn Any;
    /// Whether `other` reads the same resource with the same query.
    fn same(&self, other: &dyn Read) -> bool;
}

/// The answer to a fetch. It holds its resource's item type, so it can only be stored in
/// that resource's remote: there is no answer of the wrong kind.
pub trait Answer: Debug + Send + Sync {
    fn slot(&self) -> Slot;
    /// How many items could not be read, or why the fetch failed.
    fn result(&self) -> Result<usize, &ApiError>;
    /// Stores the answer if it is the awaited one, with the work it asks for (replaced rows
    /// to free); `None` (nothing changes) when stale.
    fn store(&self, state: &mut AppState) -> Option<Vec<Effect>>;
    /// Whether this is the answer awaited (a newer request makes it stale).
    fn awaited(&self, state: &AppState) -> bool;
    /// The items that loaded (`Items` of the slot's item), if it loaded.
    fn rows(&self) -> Option<&dyn std::any::Any>;
}

/// A list that loaded, held back while a worker counts it.
#[derive(Debug, Clone)]
pub struct HeldAnswer(pub Arc<dyn Answer>);

/// An answer is only itself.
impl PartialEq for HeldAnswer {
    fn eq(&self, other: &HeldAnswer) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// Everything that can change the dashboard's state.
#[derive(Debug, Clone)]
pub enum Action {
    Key(KeyEvent),
    Mouse(MouseEvent),
    Paste(String),
    Resize {
        width: u16,
        height: u16,
    },
    /// The clock moved on (once a second); redraws only when a shown age changes.
    Tick(DateTime<Utc>),
    /// The auto-refresh timer fired.
    AutoRefresh,
    Connected(Result<ConnectionInfo, ConnectFailure>),
    /// A login finished: what was done, or why it failed (nothing stored then).
    LoggedIn(Result<String, String>),
    /// A fetch finished; the answer knows its slot and its type.
    Loaded(Arc<dyn Answer>),
    /// A command from outside the keymap (the palette runs these too).
    Command(Command),
    /// An answer to what is open (a dialog, a prompt, a form), or a row picked.
    Intent(crate::tui::intent::Intent),
    /// A palette line, given whole (`start 12`, `snooze 3d`); why it could not run is the
    /// notice.
    Line(String),
    /// A write finished: what the server answered, or why it failed.
    Written {
        req_id: ReqId,
        result: Result<Written, ApiError>,
    },
    /// A chunked write sent `sent` of its `total` items so far.
    WriteProgress {
        req_id: ReqId,
        sent: usize,
        total: usize,
    },
    /// The spinner of a write in flight moves on (only sent while one is).
    Spin,
    /// A chain layout asked for by `Effect::LayOut` is ready.
    LaidOut {
        req_id: ReqId,
        layout: Arc<ChainLayout>,
    },
    /// A chain was read for a row's snippet (`None`: the chain has no messages).
    SnippetRead {
        job: SnippetJob,
        result: Result<Option<crate::inbox::Snippet>, ApiError>,
    },
    /// A merged inbox row's chain was read with its organisation's key for its line.
    GroupSnippetRead {
        org: crate::tui::group::OrgId,
        job: SnippetJob,
        result: Result<Option<crate::inbox::Snippet>, ApiError>,
    },
    /// A row's chain, read for its snippet, kept for the preview.
    ChainRead {
        exchange_id: i64,
        updated_at: Option<crate::api::Timestamp>,
        chain: crate::api::Listed<crate::api::EmailMessage>,
    },
    /// The inbox's opt-outs were checked against the do-not-contact list (or the contact
    /// list could not be read: why).
    DncChecked {
        scope: crate::local::Scope,
        result: Result<crate::look::dnc::Listed, String>,
    },
    /// A batch of the chains a bulk read asked for was read.
    ChainsRead {
        scope: crate::local::Scope,
        read: Vec<crate::tui::inbox::jobs::ChainAnswer>,
    },
    /// What the replies' chains said when this profile's processes last read them.
    ChainsRecalled {
        scope: crate::local::Scope,
        facts: std::collections::HashMap<i64, crate::local::ChainFact>,
    },
    /// An organisation of the group read for its Overview line.
    GroupRead(crate::tui::group::read::GroupAnswer),
    /// An organisation's list read for a merged pane (its meetings, its contacts).
    GroupListRead(crate::tui::group::lists::ListAnswer),
    /// The merged contacts a filter keeps were found (`Effect::SearchContacts`).
    ContactsFound(crate::tui::group::contacts::ContactsFound),
    /// The local state (seen and handled marks) answered.
    Local(LocalAnswer),
    /// A look at the organisation, a hook it ran, or a bot's history read came back.
    Observed(ObserveAnswer),
    /// The team store answered (who handled, assignments, the team, its health).
    Team(crate::tui::inbox::team::TeamAnswer),
    /// Work on a list's rows done off the UI thread (`Effect::Search`) has a result.
    Searched(ListWork),
    /// A worker counted a large inbox (`Effect::Count`), with the list it was counted for
    /// before it is shown.
    Counted {
        census: crate::tui::census::Census,
        loaded: Option<HeldAnswer>,
    },
    /// A worker counted the range's results (`Effect::CountResults`).
    ResultsCounted(Arc<crate::tui::results_count::CountedResults>),
    /// The fortnight's replies a day of some campaigns or bots were counted.
    Trended(crate::tui::trend::TrendAnswer),
    /// The open campaign's replies by weekday and hour were counted.
    HoursCounted(Box<crate::tui::hours::HoursAnswer>),
    /// A fetch failed for a passing reason (`reason`: "rate limited") and is tried again
    /// at `until`: the pane counts down to it.
    Waiting {
        slot: Slot,
        req_id: ReqId,
        reason: String,
        until: DateTime<Utc>,
    },
    /// Outside work (pager, editor, browser) came back.
    Outside(Done),
    /// The lists' sorts kept for `profile` were read.
    SortsRead {
        profile: String,
        sorts: crate::tui::sorts::Sorts,
    },
    /// The last look of `scope` was read (`found` is `None`: there was none, or it could
    /// not be read).
    LastLook {
        scope: crate::local::Scope,
        found: Option<Box<crate::observe::Snapshot>>,
    },
}

/// What the loop must do; the result of an effect comes back as an [`Action`].
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Resolve the session (or start the demo) and build the client; answers `Connected`.
    Connect,
    /// Perform a read; answers `Loaded` for the same `req_id` and slot. A newer fetch of
    /// the same slot supersedes it.
    Fetch(Fetch),
    /// Abort the fetch of a slot whose answer is no longer wanted (the chain was closed).
    Cancel(Slot),
    /// Lay out an e-mail chain off the UI thread; answers `LaidOut` with the same `req_id`.
    LayOut(LayoutJob),
    /// Index or search a list, or free replaced rows, off the UI thread; answers `Searched`.
    Search(ListJob),
    /// Count a large inbox off the UI thread (with a list that loaded, before it is shown);
    /// answers `Counted`.
    Count {
        job: Arc<crate::tui::census::CensusJob>,
        loaded: Option<HeldAnswer>,
    },
    /// Count the range's results off the UI thread; answers `ResultsCounted`.
    CountResults(Arc<crate::tui::results_count::ResultsJob>),
    /// Check a key against the API and keep it in the OS keyring; answers `LoggedIn`.
    Login(LoginAttempt),
    /// Send a write; answers `Written` with the same `req_id` (and `WriteProgress` on the way).
    Submit {
        req_id: ReqId,
        write: WriteRequest,
    },
    /// Sends a write to an organisation of the group with its own key (refused there when
    /// its profile is read-only, as here).
    SubmitFor {
        org: crate::tui::group::OrgId,
        req_id: ReqId,
        write: WriteRequest,
    },
    /// Copy, open a link, page or edit outside the dashboard's frame.
    Outside(Job),
    /// Leave this profile's session and connect with another; answers `Connected`.
    SwitchProfile(String),
    /// Read these organisations of the group for their Overview lines.
    ReadGroup(crate::tui::group::read::GroupRead),
    /// Read these organisations' list for a merged pane; answers `GroupListRead`.
    ReadGroupLists(crate::tui::group::lists::ListRead),
    /// Find the merged contacts a filter keeps off the UI thread; answers `ContactsFound`.
    SearchContacts(Arc<crate::tui::group::contacts::ContactSearch>),
    /// Read an exchange's chain for its row's snippet; answers `SnippetRead`.
    ReadSnippet(SnippetJob),
    /// Read a merged inbox row's chain with its organisation's key; answers
    /// `GroupSnippetRead`.
    ReadSnippetFor {
        org: crate::tui::group::OrgId,
        job: SnippetJob,
    },
    /// Read or write the local state off the UI thread; a read answers `Local`.
    Local(LocalJob),
    /// Check the inbox's opt-outs against the do-not-contact list off the UI thread;
    /// answers `DncChecked`.
    CheckDnc(crate::tui::dnc::DncJob),
    /// Read many replies' chains (the hot ones whose writer is not known); answers
    /// `ChainsRead`, a batch at a time.
    ReadChains(crate::tui::inbox::jobs::ChainsRead),
    /// Recall or keep what the replies' chains said, in the observed state off the UI
    /// thread; a recall answers `ChainsRecalled`.
    Chains(crate::tui::inbox::remembered::ChainsJob),
    /// Look at the organisation with the lists loaded, then run the hooks of what this
    /// dashboard claimed, off the UI thread; answers `Observed` (the look, then each hook).
    Observe(ObserveJob),
    /// Read a bot's health history off the UI thread; answers `Observed`.
    ReadBotHistory(HistoryJob),
    /// Count the fortnight's replies a day of the campaigns or bots in view, off the UI
    /// thread; answers `Trended`.
    CountTrends(crate::tui::trend::TrendJob),
    /// Count the open campaign's replies by weekday and hour, off the UI thread; answers
    /// `HoursCounted`.
    CountHours(crate::tui::hours::HoursJob),
    /// Keep the inbox's numbers for the status line (`outreach status --format tmux`), off
    /// the UI thread; no answer.
    SaveGlance(crate::glance::Glance),
    /// Read or keep the lists' sorts of a profile, off the UI thread; a read answers
    /// `SortsRead`.
    Sorts(crate::tui::sorts::SortsJob),
    /// Read or keep the last look in the observed state, off the UI thread; a read
    /// answers `LastLook`.
    LastLook(crate::tui::brief::LastLookJob),
    /// Read or write the team store off the UI thread, in line with the local jobs;
    /// answers `Team`.
    Team(crate::tui::inbox::team::TeamJob),
    /// Write these bytes to the terminal before the next frame (the bell, a desktop
    /// notification): whoever sees the frame has had them. The loop does it; no answer.
    Announce(String),
    /// Draw the next frame whole, over whatever another program left on the screen. The
    /// loop does it; no answer.
    Repaint,
    Quit,
}

impl Effect {
    /// A search of a pane's list off the UI thread, when the list asked for one.
    pub(crate) fn search(pane: Pane, job: Option<FilterJob>) -> Option<Effect> {
        job.map(|job| Effect::Search(ListJob::Filter { pane, job: Arc::new(job) }))
    }
}
