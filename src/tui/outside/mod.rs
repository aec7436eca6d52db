//! The dashboard reaching outside its own frame: copying (OSC 52), opening a link in the
//! local browser, handing text to the pager or a form field to the editor, switching
//! profile. `update` decides (`Job`), the runner does it (`perform`), and what came of it
//! returns as `Done`.

pub mod events;
pub mod history;
pub mod hyperlinks;
pub mod perform;

use crate::api::{EmailMessage, Items};
use crate::tui::model::ReqId;

/// What the user's environment allows, read once at start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutsideSettings {
    /// `y` copies through OSC 52 (`[clipboard] osc52` and `$TERM`).
    pub copy: bool,
    /// Links are OSC 8 hyperlinks (`[ui] hyperlinks`).
    pub hyperlinks: bool,
    /// Running over SSH: `o` copies a link instead of starting a browser on the server.
    pub over_ssh: bool,
    /// `[viewer] html`: a command turning an HTML part into text for the pager.
    pub html_viewer: Option<String>,
    /// The profiles of the config file, for `P`.
    pub profiles: Vec<String>,
    /// The config's `[groups]`, for `:group NAME`.
    pub groups: std::collections::BTreeMap<String, Vec<String>>,
    /// Palette lines of earlier runs, `(profile, line)`, oldest first.
    pub history: Vec<(String, String)>,
}

impl Default for OutsideSettings {
    fn default() -> Self {
        OutsideSettings {
            copy: true,
            hyperlinks: true,
            over_ssh: false,
            html_viewer: None,
            profiles: Vec::new(),
            groups: Default::default(),
            history: Vec::new(),
        }
    }
}

/// A key that waits for the next one: a link number after `y` or `o`, `Ctrl-e` after
/// `Ctrl-x` in a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Armed {
    /// `y`, then the link's number; `typed` holds the digits so far of a number that may go
    /// on (link 1 of 12 could still become 10, 11 or 12: Enter takes it as it stands).
    CopyLink {
        typed: usize,
    },
    OpenLink {
        typed: usize,
    },
    Editor,
}

/// The dashboard's side of outside work.
#[derive(Debug, Clone, Default)]
pub struct Outside {
    pub settings: OutsideSettings,
    pub armed: Option<Armed>,
    /// The editor is open on a field of the form: its request id.
    pub editing: Option<ReqId>,
    /// Palette lines run, oldest first, per profile (never one holding a key).
    pub history: Vec<(String, String)>,
    /// The toast saying a profile switch is under way, until the switch lands.
    pub switching: Option<String>,
}

/// Work for the runner.
#[derive(Debug, Clone, PartialEq)]
pub enum Job {
    /// Put this (sanitised) text on the clipboard.
    Copy(String),
    /// Start the local browser on this URL (checked: http, https or mailto).
    Open(String),
    /// Show text in the pager, the dashboard suspended meanwhile.
    Page(String),
    /// Show a chain in the pager with its HTML parts through `[viewer] html`.
    PageChain { messages: Items<EmailMessage>, converter: String },
    /// Edit a form field in the editor; answers `Done::Edited` with the same id.
    Edit { req_id: ReqId, text: String },
    /// Keep a palette line for next time.
    Remember { profile: String, line: String },
}

/// What came of a job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Done {
    /// Back from the pager (or why it failed).
    Paged(Result<(), String>),
    /// Back from the editor with the text, or why nothing changed.
    Edited { req_id: ReqId, result: Result<String, String> },
    /// The browser could not be started (why): the link is copied instead.
    OpenFailed { url: String, reason: String },
}
