//! What happens to the dashboard (`Action`: input, API results, timers) and what the loop
//! must do about it (`Effect`). `update` turns one into the other without any I/O.

use super::write::{Write, Written};
use crate::api::{
    ApiError, ApiKey, Bot, Campaign, Contact, EmailMessage, Exchange, ExchangeQuery, Listed,
    Meeting, MeetingQuery,
};
use crate::session::KeySource;
use chrono::{DateTime, Utc};
use crossterm::event::{KeyEvent, MouseEvent};

/// Identifies one request, so a late answer to an older request is recognised and dropped.
pub type ReqId = u64;

/// Where a loaded result goes in the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    Campaigns,
    Bots,
    Exchanges,
    Contacts,
    Meetings,
    /// The e-mail chain of the exchange open in the Exchanges pane.
    Chain,
    /// Replies of the last 7 days, for the Overview.
    RecentReplies,
    /// Meetings of today and the next 7 days, for the Overview.
    UpcomingMeetings,
}

/// A read the loop performs against the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    Campaigns,
    Bots,
    Exchanges(ExchangeQuery),
    Contacts,
    Meetings(MeetingQuery),
    Chain { exchange_id: i64 },
}

/// A successful answer to a [`Request`].
#[derive(Debug, Clone)]
pub enum Fetched {
    Campaigns(Listed<Campaign>),
    Bots(Listed<Bot>),
    Exchanges(Listed<Exchange>),
    Contacts(Listed<Contact>),
    Meetings(Listed<Meeting>),
    Chain(Listed<EmailMessage>),
}

/// Who the dashboard talks to, once connected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectionInfo {
    pub profile: String,
    /// The organisation's name when known (the demo knows it; the API does not say).
    pub organisation: Option<String>,
    pub base_url: String,
    /// Where the key came from.
    pub key_source: KeySource,
    pub read_only: bool,
    /// Things to tell the user that did not stop the session (config warnings …).
    pub warnings: Vec<String>,
}

/// Why the dashboard could not connect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectFailure {
    pub profile: String,
    pub message: String,
    /// No key is stored: the login screen is the way forward.
    pub needs_key: bool,
    /// The base URL the profile would use, to start the login form with.
    pub base_url: Option<String>,
}

/// A key typed into the login form, to be checked and stored for a profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoginAttempt {
    pub profile: String,
    pub base_url: String,
    pub key: ApiKey,
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
    Loaded {
        req_id: ReqId,
        slot: Slot,
        result: Result<Fetched, ApiError>,
    },
    /// A command from outside the keymap (the palette runs these too).
    Command(Command),
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
}

/// What the loop must do; the result of an effect comes back as an [`Action`].
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Resolve the session (or start the demo) and build the client; answers `Connected`.
    Connect,
    /// Perform a read; answers `Loaded` with the same `req_id` and `slot`.
    Fetch {
        req_id: ReqId,
        slot: Slot,
        request: Request,
    },
    /// Check a key against the API and keep it in the OS keyring; answers `LoggedIn`.
    Login(LoginAttempt),
    /// Send a write; answers `Written` with the same `req_id` (and `WriteProgress` on the way).
    Submit {
        req_id: ReqId,
        write: Write,
    },
    Quit,
}

/// A user intention, whichever key, click or palette entry expressed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    Up,
    Down,
    Left,
    Right,
    Top,
    Bottom,
    PageUp,
    PageDown,
    HalfPageUp,
    HalfPageDown,
    /// Open the selected item (detail, e-mail chain, or the Overview tile's pane).
    Open,
    /// Leave a detail, clear a filter, close an overlay.
    Back,
    /// Start typing a filter for the current list.
    Filter,
    Refresh,
    /// Enter a key for the profile (the login form).
    Login,
    Help,
    Palette,
    Quit,
    GoTo(super::state::Pane),
    NextPane,
    PrevPane,
    /// Edit the server-side filters of the Exchanges or Meetings pane.
    EditQuery,
    /// Show or fold the quoted history of the e-mail chain.
    ToggleQuotes,
    NextMessage,
    PrevMessage,
    /// Ask to start the selected campaign.
    StartCampaign,
    /// The contact form for the organisation.
    AddContact,
    /// The contact form for the selected campaign (upload, or upload and start).
    UploadContact,
    /// The DNC form, with the selected contact's address when there is one.
    AddDnc,
    /// The DNC form, with the selected contact's domain when there is one.
    AddDncDomain,
    /// The conversion form, with the selected contact's address when there is one.
    LogConversion,
}
