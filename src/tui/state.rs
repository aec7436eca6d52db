//! The dashboard's state: one store of remote data, each resource a [`Remote`], and per
//! pane only what the user controls (selection, offset, filter, open item, form input).

use crate::api::{ApiError, Exchange, ExchangeGroup, ExchangeQuery, MeetingQuery};
use crate::clock::Zone;
use crate::present::advice::{Keys, Place, advice};
use crate::session::KeySource;
pub use crate::tui::chain_view::{ChainPlace, ChainView};
use crate::tui::command::Command;
use crate::tui::form::Form;
use crate::tui::inbox::{Alerts, InboxState};
use crate::tui::input::TextInput;
use crate::tui::intent::Intent;
use crate::tui::keymap::intents::{self, Dialog};
use crate::tui::keymap::{Front, Keymap, Scope, Screen, words};
use crate::tui::lists::filter::FilterEngine;
use crate::tui::lists::list::ListState;
use crate::tui::lists::memo::ListMemo;
pub use crate::tui::model::Connection;
use crate::tui::model::{Detail, Pane, ReqId, Slot, list_resources};
use crate::tui::outside::{Outside, OutsideSettings};
pub(crate) use crate::tui::palette::Palette;
pub use crate::tui::pane_layout::{PaneLayout, PreviewState, View};
pub(crate) use crate::tui::remote::Remote;
use crate::tui::submit::feedback::{Confirm, Submission, TOAST_SECONDS, Toast, Tone as ToastTone};
use crate::tui::theme::Theme;
use crate::tui::watched::Watched;
use crate::tui::widgets::help::HelpView;
use chrono::{DateTime, Days, Utc};

use std::sync::Arc;
use std::time::Duration;

/// The results range at start: a month tells a trend without burying this week.
pub const DEFAULT_RANGE_DAYS: u32 = 30;

/// Declares [`Store`] from the registry (`model::list_resources`).
macro_rules! declare_store {
    ($( $(#[doc = $doc:literal])* $slot:ident : $file:ident :: $resource:ident, $label:literal
        $(, $field:ident : $item:ty)? ;)*) => {
        /// Everything loaded from the API: a field per resource whose `Remote` it keeps.
        #[derive(Debug, Clone, Default)]
        pub struct Store {
            $($( pub $field: Remote<$item>, )?)*
        }
    };
}
list_resources!(declare_store);

/// A list pane with an optional open item.
#[derive(Debug, Clone, Default)]
pub struct ListPane {
    pub list: ListState,
    pub detail: Option<Detail>,
}

#[derive(Debug, Clone, Default)]
pub struct ExchangesPane {
    pub list: ListState,
    /// The server-side filters of endpoint 9.
    pub query: ExchangeQuery,
    /// The related replies a jump narrowed the list to (a campaign's, a contact's, a bot's).
    pub focus: Option<crate::tui::jumps::Focus>,
}

#[derive(Debug, Clone, Default)]
pub struct MeetingsPane {
    pub list: ListState,
    /// The date range of endpoint 12.
    pub query: MeetingQuery,
    pub detail: Option<Detail>,
}

/// What is drawn over the pane and takes the keys.
#[derive(Debug, Clone)]
pub enum Overlay {
    Help {
        scroll: usize,
    },
    Palette(Palette),
    Form(Form),
    /// A question before a write.
    Confirm(Box<Confirm>),
    /// Until when to snooze a reply.
    Snooze(crate::tui::snooze_prompt::SnoozePrompt),
    /// To whom to assign a reply.
    Assign(crate::tui::assign_picker::AssignPicker),
    /// What changed while the user was away, shown once at start after an absence.
    Brief(crate::tui::brief::BriefView),
}

/// A failure shown in the status bar until the same data loads successfully.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub slot: Option<Slot>,
    pub message: String,
}

/// A fetch waiting to be tried again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RetryWait {
    pub slot: Slot,
    pub req_id: ReqId,
    /// Why the last try failed, in a few words ("rate limited").
    pub reason: String,
    pub until: DateTime<Utc>,
}

/// Settings the dashboard starts with (from the config file, later).
#[derive(Debug, Clone)]
pub struct UiSettings {
    /// Reload the current pane this often; `None` leaves it to `r`.
    pub refresh_every: Option<Duration>,
    pub theme: Theme,
    /// `[theme] preset = "auto"`: the theme to make once the terminal has said its
    /// background (asked as the dashboard starts); `None` for every other preset.
    pub ask_background: Option<crate::tui::theme::ThemeChoice>,
    pub keymap: Keymap,
    pub zone: Zone,
    /// What the user should read at start (config entries that were not used).
    pub notices: Vec<String>,
    /// Where the log file is, said at the end of `?` help (as `--help` says it).
    pub log_line: Option<String>,
    /// Clipboard, links, viewers and profiles, as config and environment allow.
    pub outside: OutsideSettings,
    /// How new replies are announced (bell, desktop notification).
    pub alerts: Alerts,
    /// When an item of "Needs you" is due (`[needs]`).
    pub needs: crate::needs::Thresholds,
    /// After how long away the dashboard opens on a brief (`[brief] after_hours`); `None`:
    /// never.
    pub brief_after: Option<chrono::Duration>,
    /// How sparklines, heatmaps and curves are drawn (`[ui] graph`).
    pub graph: crate::config::Graph,
    /// Where the selected item is previewed (`[ui] preview`).
    pub preview: crate::config::Preview,
    /// A reply in the preview is seen after this many seconds there.
    pub seen_after_seconds: u32,
    /// `[[views]]`, for all profiles and each one's own.
    pub views: crate::config::SavedViews,
    /// `[ui] accessible`: the line mode rather than the dashboard.
    pub accessible: bool,
    /// The group of organisations to open on (`--group`, `--profiles`); `None`: one.
    pub group: Option<crate::tui::group::GroupChoice>,
}

/// Where the dashboard runs: the clock, the user's zone, the look and the keys, the
/// terminal's size, and what the config said.
pub struct Environment {
    pub now: DateTime<Utc>,
    pub zone: Zone,
    pub(crate) theme: Theme,
    pub keymap: Keymap,
    pub(crate) refresh_every: Option<Duration>,
    /// Terminal size in cells.
    pub width: u16,
    pub height: u16,
    /// Where the log file is, for `?` help.
    pub(crate) log_line: Option<String>,
    /// How pictures are drawn (`[ui] graph`).
    pub graph: crate::config::Graph,
    /// The saved views `:view` applies.
    pub views: crate::config::SavedViews,
    /// Whether the user is told keys or words.
    pub front: Front,
}

/// The server as this dashboard talks to it: the connection, fetches waiting to be tried
/// again, reloads planned for later, and the request ids.
pub struct Server {
    pub connection: Connection,
    /// Fetches waiting to be tried again (the server asked to wait, or a passing failure),
    /// by slot: the request, why, and when; a pane counts down to it.
    pub retries: Vec<RetryWait>,
    /// Slots to reload at a moment, when background work on the server should be done.
    pub(crate) followup: Option<(DateTime<Utc>, Vec<Slot>)>,
    pub(crate) next_req_id: ReqId,
}

/// One organisation as this profile sees it: everything loaded from its API and its reply
/// inbox (the seen and handled marks, snippets, triage). Every pane reaches the
/// organisation's data through this one handle, so several can later be held side by side
/// (one `Org` each) without touching the panes; the marks' store on disk is named once, in
/// [`crate::tui::inbox::jobs::MarksStore`].
#[derive(Default)]
pub struct Org {
    pub store: Store,
    /// The results of the chosen range (`Panes::range_days`), computed when its replies or
    /// meetings load.
    pub results: crate::results::Results,
    /// The fortnight's replies a day of the campaigns and bots in view.
    pub trends: crate::tui::trend::HeldTrends,
    /// The open campaign's replies by weekday and hour.
    pub hours: crate::tui::hours::HeldHours,
    pub inbox: InboxState,
    /// What needs a person, made again when a list, the marks or the hour change.
    pub(crate) needs: NeedsMemo,
    pub(crate) numbers: NumbersMemo,
    pub(crate) thresholds: crate::needs::Thresholds,
    /// Whether a first start's offer to mark old replies handled was weighed this session.
    pub(crate) old_replies_offered: bool,
    /// How many old replies the offer names, while it stands.
    pub(crate) old_replies_offer: Option<usize>,
    /// How many old replies a worker found the offer would name, counting a large inbox.
    pub(crate) old_replies_counted: Option<usize>,
    /// The last look at this organisation, and whether its brief was weighed.
    pub(crate) last_look: crate::tui::brief::LastLook,
    /// The dashboard's looks at the organisation (as `outreach watch` makes them) and the
    /// history of the bot whose detail is open.
    pub observed: crate::tui::observe::Observed,
    /// The inbox's opt-outs checked against the do-not-contact list, as the commands check
    /// them (used while the Contacts pane has not loaded the whole list).
    pub dnc: crate::tui::dnc::DncKnown,
    /// The e-mail chains read this session, shown at once when read again.
    pub(crate) read_chains: crate::tui::read_chains::ReadChains,
}

/// Where a list is in memory: a reload is another list, at another address.
fn list_address<T>(items: Option<&crate::api::Items<T>>) -> usize {
    items.map_or(0, |items| Arc::as_ptr(items) as usize)
}

/// The needs list by the lists it was made from (campaigns, bots, contacts by address in
/// memory), the inbox's revision and the hour.
type NeedsKey = (usize, usize, usize, u64, u64, i64);
pub(crate) type NeedsMemo = ListMemo<Exchange, NeedsKey, Arc<Vec<crate::needs::Need>>>;
/// The inbox's numbers, made from the same inputs as the needs list and the first use (before
/// it nothing is new).
pub(crate) type NumbersMemo =
    ListMemo<Exchange, (NeedsKey, Option<crate::api::Timestamp>), crate::glance::Inbox>;

/// The panes: which one is shown and, per pane, what the user controls (selection, filter,
/// open item, query).
pub struct Panes {
    pub pane: Pane,
    /// The Overview's selected tile.
    pub(crate) overview: usize,
    pub campaigns: ListPane,
    pub exchanges: ExchangesPane,
    pub meetings: MeetingsPane,
    pub bots: ListPane,
    pub contacts: ListPane,
    /// The results range in days (one of [`crate::results::RANGES`]), shared by the
    /// Campaigns and Bots panes and the Overview's chart.
    pub(crate) range_days: u32,
    pub(crate) engine: FilterEngine,
    /// The column each pane's list is sorted by (kept across restarts: [`crate::tui::sorts`]).
    pub sorts: crate::tui::sorts::Sorts,
    /// An item to select in its list once its slot loads again (a contact just added).
    pub(crate) reveal: Option<(Slot, i64)>,
    /// The selected row of the "Needs you" list.
    pub needs_row: usize,
    /// The jumps between related things made, to go back from in order.
    pub jumps: crate::tui::jumps::BackStack<ChainView>,
    /// The e-mail chain in view, opened over the inbox or in its preview.
    pub chain: Option<ChainView>,
    /// Where the selected item is previewed, and whether.
    pub preview: PreviewState,
}

/// What shows over or beside the panes for a while: an overlay, the filter being typed,
/// remarks, the write in flight, the last failure.
pub struct Transient {
    pub overlay: Option<Overlay>,
    /// The filter of the current list is being typed.
    pub filtering: bool,
    /// The filter being typed, with its cursor.
    pub(crate) filter_input: TextInput,
    /// How a write went, shown for a few seconds.
    pub toast: Option<Toast>,
    /// A passing remark for the status bar (skipped elements, a palette mistake).
    pub notice: Option<String>,
    /// The write in flight, if any (at most one at a time).
    pub submission: Option<Submission>,
    /// The frame of the spinner of a write in flight.
    pub spinner: usize,
    /// The last failure, for the status bar.
    pub last_error: Option<Problem>,
}

/// What the clock shows besides the generations: the age of the current pane's data,
/// today's date, the seconds left of each retry wait, and how long each unanswered request
/// has been silent. A tick redraws only when one of these changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockView {
    pub(crate) age: Option<String>,
    pub(crate) today: chrono::NaiveDate,
    pub(crate) waits: Vec<i64>,
    pub(crate) silences: Vec<i64>,
    /// The minute, while the Needs you panel is open: its ages ("oldest 12m", an assignment
    /// that was "now") move with the clock, not with the data.
    pub(crate) minute: Option<i64>,
}

/// What was on screen at a frame: the generation of every shown part, and the clock's view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameStamp {
    pub(crate) generation: u64,
    pub(crate) clock: ClockView,
}

/// The whole state of the dashboard. Every part the screen shows is [`Watched`]: a write to
/// it is what asks for a frame (see `update::needs_frame`). `outside` is not drawn.
pub struct AppState {
    pub env: Watched<Environment>,
    pub server: Watched<Server>,
    /// The organisation of the session.
    pub org: Watched<Org>,
    pub panes: Watched<Panes>,
    pub transient: Watched<Transient>,
    /// The group of organisations, when the dashboard was opened on one.
    pub group: Watched<crate::tui::group::GroupState>,
    /// Copying, links, pager, editor, profiles: what waits and what was asked.
    pub outside: Outside,
    /// What the last frame showed; `None` before the first.
    pub(crate) drawn: Option<FrameStamp>,
}

impl AppState {
    pub fn new(settings: UiSettings, width: u16, height: u16, now: DateTime<Utc>) -> Self {
        let today = settings.zone.date(now);
        let meetings = MeetingQuery {
            start_date: today.checked_sub_days(Days::new(7)),
            end_date: today.checked_add_days(Days::new(30)),
        };
        let exchanges =
            ExchangeQuery { group: Some(ExchangeGroup::Replied), ..ExchangeQuery::default() };
        AppState {
            env: Watched::new(Environment {
                now,
                zone: settings.zone,
                theme: settings.theme,
                keymap: settings.keymap,
                refresh_every: settings.refresh_every,
                width,
                height,
                log_line: settings.log_line,
                graph: settings.graph,
                views: settings.views,
                front: Front::Keys,
            }),
            server: Watched::new(Server {
                connection: Connection::Connecting,
                retries: Vec::new(),
                followup: None,
                next_req_id: 1,
            }),
            org: Watched::new(Org {
                store: Store::default(),
                results: crate::results::Results::default(),
                trends: Default::default(),
                hours: Default::default(),
                inbox: InboxState::with_alerts(settings.alerts),
                needs: NeedsMemo::default(),
                numbers: NumbersMemo::default(),
                thresholds: settings.needs,
                old_replies_offered: false,
                old_replies_offer: None,
                old_replies_counted: None,
                last_look: crate::tui::brief::LastLook {
                    after: settings.brief_after,
                    ..Default::default()
                },
                observed: Default::default(),
                dnc: Default::default(),
                read_chains: Default::default(),
            }),
            panes: Watched::new(Panes {
                pane: Pane::Overview,
                overview: 0,
                campaigns: ListPane::default(),
                exchanges: ExchangesPane { query: exchanges, ..ExchangesPane::default() },
                meetings: MeetingsPane { query: meetings, ..MeetingsPane::default() },
                bots: ListPane::default(),
                contacts: ListPane::default(),
                range_days: DEFAULT_RANGE_DAYS,
                engine: FilterEngine::default(),
                sorts: Default::default(),
                reveal: None,
                needs_row: 0,
                jumps: Default::default(),
                chain: None,
                preview: PreviewState::new(settings.preview, settings.seen_after_seconds),
            }),
            transient: Watched::new(Transient {
                overlay: None,
                filtering: false,
                filter_input: TextInput::default(),
                toast: None,
                notice: (!settings.notices.is_empty()).then(|| settings.notices.join(" ")),
                submission: None,
                spinner: 0,
                last_error: None,
            }),
            group: Watched::new(crate::tui::group::GroupState::of(settings.group)),
            outside: Outside {
                history: settings.outside.history.clone(),
                settings: settings.outside,
                ..Outside::default()
            },
            drawn: None,
        }
    }

    /// The generation of everything the screen shows: it moves with every write to a
    /// [`Watched`] part.
    pub(crate) fn generation(&self) -> u64 {
        [
            Watched::generation(&self.env),
            Watched::generation(&self.server),
            Watched::generation(&self.org),
            Watched::generation(&self.panes),
            Watched::generation(&self.transient),
            Watched::generation(&self.group),
        ]
        .into_iter()
        .fold(0, u64::wrapping_add)
    }

    /// The keys the `?` overlay shows on the current screen; `resource::help_view` adds the
    /// pane's failures, and is what the views draw and update scrolls.
    pub fn help_view(&self) -> HelpView<'_> {
        let demo = matches!(&self.server.connection, Connection::Ready(info) if info.key_source == KeySource::Demo);
        HelpView {
            keymap: &self.env.keymap,
            scopes: self.active_scopes(),
            demo,
            kept_where: self.org.inbox.kept_where(),
            theme: &self.env.theme,
            log_line: self.env.log_line.as_deref(),
            failures: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The scopes whose keys work on the current screen, most specific first.
    pub(crate) fn active_scopes(&self) -> Vec<Scope> {
        Screen {
            // The group's lines and merged lists take their keys whether or not the panes'
            // organisation is connected yet.
            connected: matches!(self.server.connection, Connection::Ready(_))
                || self.group_lines_shown()
                || self.group.merges(self.panes.pane),
            pane: self.panes.pane,
            chain_open: self.chain_open(),
            list_shown: self.showing_list(),
            needs_open: self.panes.pane == Pane::Overview && self.org.inbox.speed_open,
        }
        .scopes()
    }

    /// Whether the Overview shows a group's lines (a group, not narrowed to one).
    pub fn group_lines_shown(&self) -> bool {
        self.panes.pane == Pane::Overview && self.group.showing()
    }

    /// What a merged list's rows are drawn and sorted in: the zone and the time (each row
    /// asks its own organisation's facts).
    pub(crate) fn merged_context(&self) -> crate::present::Context<'_> {
        crate::present::Context::new(&self.env.zone, self.env.now)
    }

    /// Whether the current pane shows its list (not a detail or chain).
    pub(crate) fn showing_list(&self) -> bool {
        matches!(self.pane_layout().main, View::List(_))
    }

    /// The views of the current pane, and where they go.
    pub fn pane_layout(&self) -> PaneLayout {
        let pane = self.panes.pane;
        // A group's merged list has no detail of its own: its rows open in their own
        // organisation; the merged inbox previews its row's chain as the single one does.
        let merged = self.group.merges(pane);
        let main = match pane {
            Pane::Overview => View::Tiles,
            Pane::Exchanges
                if !merged && self.panes.chain.as_ref().is_some_and(ChainView::is_opened) =>
            {
                View::Chain
            }
            Pane::Exchanges => View::List(pane),
            _ if !merged && self.current_detail().is_some() => View::Detail(pane),
            _ => View::List(pane),
        };
        let shows = if pane == Pane::Exchanges { View::Chain } else { View::Detail(pane) };
        let place = self.panes.preview.place(self.env.width, self.env.height);
        let previews = !merged || pane == Pane::Exchanges;
        let preview =
            place.filter(|_| matches!(main, View::List(_)) && previews).map(|place| (place, shows));
        PaneLayout { main, preview }
    }

    /// Whether the reply inbox is the pane on screen (its list, or a chain opened over it).
    pub fn on_inbox(&self) -> bool {
        self.panes.pane.is_inbox()
    }

    /// Whether the reply inbox's list is on screen (not a chain opened over it).
    pub fn inbox_list_shown(&self) -> bool {
        self.pane_layout().main == View::List(Pane::Exchanges)
    }

    /// The chain opened over the inbox, when the pane shows it.
    pub fn opened_chain(&self) -> Option<&ChainView> {
        self.chain_open().then_some(self.panes.chain.as_ref()).flatten()
    }

    /// The chain opened over the inbox, when the pane shows it, to scroll it.
    pub(crate) fn opened_chain_mut(&mut self) -> Option<&mut ChainView> {
        if !self.chain_open() {
            return None;
        }
        self.panes.chain.as_mut()
    }

    /// Whether the pane shows an opened chain (it takes the keys).
    pub fn chain_open(&self) -> bool {
        self.pane_layout().main == View::Chain
    }

    /// The chain the preview shows beside the inbox, when it shows one.
    pub fn previewed_chain(&self) -> Option<&ChainView> {
        let previewing = matches!(self.pane_layout().preview, Some((_, View::Chain)));
        previewing.then_some(self.panes.chain.as_ref()).flatten().filter(|chain| !chain.is_opened())
    }

    /// A fresh request id.
    pub fn take_req_id(&mut self) -> ReqId {
        // Not shown: taking an id draws nothing.
        let server = Watched::quietly(&mut self.server);
        let id = server.next_req_id;
        server.next_req_id += 1;
        id
    }

    /// The key bound to `command`, as help writes it; `fallback` when none is (a key can be
    /// unbound in `[keys]`).
    pub(crate) fn key_label(&self, command: Command, fallback: &str) -> String {
        self.env.keymap.key_for(command).unwrap_or_else(|| fallback.to_string())
    }

    /// How to give `command`, as this front end says it: its key as bound (the dashboard)
    /// or its word (the line mode); `fallback` where it has none. The core's wording names
    /// commands only through this.
    pub(crate) fn how(&self, command: Command, fallback: &str) -> String {
        let said = match self.env.front {
            Front::Keys => self.env.keymap.key_for(command),
            Front::Words => words::word_for(command).map(str::to_string),
        };
        said.unwrap_or_else(|| fallback.to_string())
    }

    /// How to give `intent` to `dialog`, as this front end says it: the key that gives it
    /// there, or the answer's word.
    pub(crate) fn how_to_answer(&self, dialog: Dialog, intent: &Intent) -> String {
        match self.env.front {
            Front::Keys => intents::key_for(dialog, intent, &self.env.keymap)
                .unwrap_or_else(|| words::answer_word(intent).to_string()),
            Front::Words => words::answer_word(intent).to_string(),
        }
    }

    /// What the user can do about a failure, naming the keys as `[keys]` bound them: the
    /// dashboard's failure panes and help say it (the line mode says failures its own way).
    pub(crate) fn advice(&self, error: &ApiError) -> String {
        let refresh = self.key_label(Command::Refresh, Keys::DEFAULT.refresh);
        let login = self.key_label(Command::Login, Keys::DEFAULT.login);
        let keys = Keys { refresh: &refresh, login: &login };
        advice(error, Place::Screen(keys)).unwrap_or_default()
    }

    /// The window of the results range, ending today in the user's zone.
    pub fn range_window(&self) -> crate::results::Window {
        crate::results::Window::last_days(self.env.zone.date(self.env.now), self.panes.range_days)
    }

    /// How results are counted now: the range, the user's zone, the clock.
    pub(crate) fn results_basis(&self) -> crate::results::Basis<'_> {
        crate::results::Basis {
            window: self.range_window(),
            zone: &self.env.zone,
            now: self.env.now,
        }
    }

    /// Shows how a write or a triage went for a few seconds.
    pub(crate) fn show_toast(&mut self, tone: ToastTone, text: impl Into<String>) {
        let until = self.env.now + chrono::TimeDelta::seconds(TOAST_SECONDS);
        self.transient.toast = Some(Toast { text: text.into(), tone, until });
    }

    /// Replies new since the last look (the Exchanges tab and the Overview count them).
    pub fn new_replies(&self) -> usize {
        self.org.new_replies()
    }

    /// The name of a campaign by id, when the campaigns are loaded.
    pub(crate) fn campaign_name(&self, id: i64) -> Option<&str> {
        self.org.campaign_name(id)
    }
}

impl Org {
    /// Replies new since the last look.
    pub fn new_replies(&self) -> usize {
        self.inbox.counts(self.store.exchanges.data.as_ref().map(|data| &data.items)).new
    }

    /// The name of a campaign by id, when the campaigns are loaded.
    pub(crate) fn campaign_name(&self, id: i64) -> Option<&str> {
        self.store.campaigns.items().iter().find(|c| c.id == id).map(|c| c.name.as_str())
    }

    /// What needs a person (`crate::needs`, as `outreach todo` lists it), from what is
    /// loaded: an opt-out's contact is checked against the contact list once it is loaded.
    pub fn needs(&self, now: DateTime<Utc>, zone: Zone) -> Arc<Vec<crate::needs::Need>> {
        let exchanges = self.store.exchanges.data.as_ref().map(|data| &data.items);
        self.needs.get(exchanges, self.needs_key(now), || {
            Arc::new(self.with_needs_inputs(now, zone, crate::needs::needs))
        })
    }

    /// The organisation at a glance as seen at `now` in `zone`: the Overview's tiles, as
    /// `outreach status` counts them.
    pub fn summary(&self, now: DateTime<Utc>, zone: Zone) -> crate::summary::OrgSummary {
        let (campaigns, bots) = (self.store.campaigns.items(), self.store.bots.items());
        let (replies, meetings) =
            (self.store.recent_replies.items(), self.store.upcoming_meetings.items());
        use crate::summary::compute;
        match zone {
            Zone::Local => {
                compute(campaigns, bots, replies, meetings, &now.with_timezone(&chrono::Local))
            }
            Zone::Named(tz) => compute(campaigns, bots, replies, meetings, &now.with_timezone(&tz)),
        }
    }

    /// The inbox's numbers as `outreach status` and the status line count them (new, hot
    /// replies waiting, what needs you, and what is not read yet), made once per change.
    pub fn numbers(&self, now: DateTime<Utc>, zone: Zone) -> crate::glance::Inbox {
        let exchanges = self.store.exchanges.data.as_ref().map(|data| &data.items);
        self.numbers.get(exchanges, (self.needs_key(now), self.inbox.first_use), || {
            let needs = self.needs(now, zone);
            let items = self.store.exchanges.items();
            crate::glance::Inbox::of(items, &self.inbox, &needs, zone.date(now))
        })
    }

    /// What the needs list is made from besides the exchanges: the lists by address, the
    /// inbox's marks and snippets by revision, and the hour (a reply passes its target).
    fn needs_key(&self, now: DateTime<Utc>) -> NeedsKey {
        let store = &self.store;
        (
            list_address(store.campaigns.data.as_ref().map(|d| &d.items)),
            list_address(store.bots.data.as_ref().map(|d| &d.items)),
            // The contact list counts only while the opt-outs were not checked apart: once
            // they are, 100k contacts arriving do not make the list again.
            match self.dnc.listed {
                Some(_) => 0,
                None => list_address(store.contacts.data.as_ref().map(|d| &d.items)),
            },
            self.inbox.revision(),
            self.dnc.version,
            now.timestamp() / 3600,
        )
    }

    /// The organisation as held now, for a worker, with `meetings`: `None` until the inbox,
    /// the campaigns and the bots are loaded. Nothing is copied row by row.
    pub(crate) fn now(
        &self,
        meetings: crate::api::Items<crate::api::Meeting>,
        at: DateTime<Utc>,
        zone: Zone,
    ) -> Option<crate::tui::org_now::OrgNow> {
        let store = &self.store;
        Some(crate::tui::org_now::OrgNow {
            exchanges: Arc::clone(&store.exchanges.data.as_ref()?.items),
            campaigns: Arc::clone(&store.campaigns.data.as_ref()?.items),
            bots: Arc::clone(&store.bots.data.as_ref()?.items),
            meetings,
            dnc: self.dnc.clone(),
            contacts: store.contacts.data.as_ref().map(|data| Arc::clone(&data.items)),
            replies: self.inbox.held(),
            at,
            zone,
            thresholds: self.thresholds,
        })
    }

    /// Hands `work` the lists and marks "Needs you" is made from, as loaded (what a
    /// snapshot of the organisation is taken from too).
    pub(crate) fn with_needs_inputs<T>(
        &self,
        now: DateTime<Utc>,
        zone: Zone,
        work: impl FnOnce(&crate::needs::Inputs<'_>) -> T,
    ) -> T {
        use crate::inbox::Facts;
        let store = &self.store;
        // What the commands' look knows of the opt-outs' contacts, else the whole contact
        // list when the Contacts pane loaded it.
        let contacts = store.contacts.data.as_ref().map(|data| &data.items[..]);
        let on_dnc = self.dnc.check(store.exchanges.items(), contacts);
        let reply = |exchange: &Exchange| crate::needs::ReplyFacts {
            handled: self.inbox.is_handled(exchange),
            snoozed: self.inbox.snoozed_until(exchange).is_some(),
            last: self.inbox.last_writer(exchange),
            away: false,
        };
        work(&crate::needs::Inputs {
            exchanges: store.exchanges.items(),
            campaigns: store.campaigns.items(),
            bots: store.bots.items(),
            on_dnc: &on_dnc,
            reply: &reply,
            now,
            zone,
            thresholds: self.thresholds,
        })
    }
}
