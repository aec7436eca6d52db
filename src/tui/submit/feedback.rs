//! What the dashboard holds about writes: the one submission in flight, the confirmation
//! dialog that asks before a write, and the toast that reports how a write went.

use crate::api::{Contact, Items};
use crate::tui::form::Form;
use crate::tui::group::OrgId;
use crate::tui::model::ReqId;
use crate::tui::submit::request::WriteRequest;
use chrono::{DateTime, Utc};

/// The write in flight. There is at most one: a second submission is refused until it ends.
#[derive(Debug, Clone)]
pub struct Submission {
    pub req_id: ReqId,
    pub write: WriteRequest,
    /// Sent once `write` succeeds (a DNC list's domains after its addresses).
    pub then: Option<WriteRequest>,
    /// What earlier steps of this submission achieved, in words, for the final message.
    pub done: Vec<String>,
    /// The contacts known when it was sent: they tell a new contact from an existing one.
    pub known_contacts: Items<Contact>,
    /// Items of a chunked write acknowledged so far, and how many there are.
    pub sent: usize,
    pub total: usize,
    /// The replies (exchange ids) it acts on: marked handled once it succeeds.
    pub replies: Vec<i64>,
    /// The organisation of a group it is sent to, with that organisation's key (a row of
    /// the merged inbox); `None`: the organisation connected.
    pub org: Option<OrgId>,
    /// The writes of the other organisations of marked rows, each sent with its own key
    /// once the one before succeeded.
    pub more: Vec<(OrgId, WriteRequest)>,
    /// The marked rows it writes for, organisation by organisation (its steps and its
    /// toast name each organisation): each organisation's marked handled once its write
    /// succeeded.
    pub rows: Vec<(OrgId, Vec<i64>)>,
}

impl Submission {
    /// It writes marked rows of several organisations, one after another.
    pub(crate) fn by_org(&self) -> bool {
        !self.rows.is_empty()
    }

    /// The spinner at `frame`, and how far a chunked write got: `⠙ Sending… 10000 of 25000`.
    pub(crate) fn status(&self, frame: usize) -> String {
        let spinner = SPINNER[frame % SPINNER.len()];
        let what = match &self.write {
            WriteRequest::DncEmails(_) => " addresses",
            WriteRequest::DncDomains(_) => " domains",
            _ => "",
        };
        if self.write.requests() > 1 {
            format!("{spinner} Sending{what}… {} of {} done", self.sent, self.total)
        } else {
            format!("{spinner} Sending{what}…")
        }
    }
}

/// The one question before every write (a form's, a campaign start, a do-not-contact from
/// "Needs you") and before a bulk triage: what it does and to whom. `y` or Enter does it;
/// when a pre-flight check failed, only the deliberate `F` does, and Enter cancels.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Confirm {
    pub title: String,
    /// What the write is and what it will do, one line each.
    pub lines: Vec<String>,
    /// Why the server will probably refuse (the campaign is not pending).
    pub warning: Option<String>,
    /// The write to send; `None` when only `replies` are marked handled (nothing is sent).
    pub write: Option<WriteRequest>,
    /// The replies marked handled once it is done.
    pub replies: Vec<i64>,
    /// Why the last attempt failed, in words.
    pub error: Option<String>,
    /// Sent once `write` succeeds (a DNC list's domains after its addresses); boxed, as the
    /// overlay that holds the dialog is moved on every key.
    pub then: Option<Box<WriteRequest>>,
    /// The form the write was read from: shown again to send it (its answer lands there)
    /// and, with `back_to_form`, when the answer is no.
    pub form: Option<Box<Form>>,
    /// No goes back to the form (it was open and seen); otherwise no closes everything
    /// (the values came from a palette line).
    pub back_to_form: bool,
    /// A pre-flight check failed: only `F` passes it, Enter cancels.
    pub force: bool,
    /// The organisation of a group the write (or the triage) is for, by its own key and
    /// marks; `None`: the organisation connected.
    pub org: Option<OrgId>,
    /// Rows of a group's organisations marked handled once it is done, each organisation's
    /// in its own marks (a triage of the merged inbox's marked rows).
    pub rows: Vec<(OrgId, Vec<i64>)>,
    /// The writes of the other organisations of marked rows, sent after `write` (to `org`),
    /// each with its own key.
    pub more: Vec<(OrgId, WriteRequest)>,
    /// What the organisations before a failure achieved, in words: trying again goes on
    /// from there (its toast and what `z` undoes keep them).
    pub done: Vec<String>,
}

impl Confirm {
    /// The keys, as the dialog's last line says them.
    pub(crate) fn keys(&self) -> &'static str {
        match (self.force, self.error.is_some()) {
            (true, _) => "F (Shift-f) goes ahead anyway · Enter/n/Esc cancel",
            (false, true) => "y/Enter try again · n/Esc close",
            (false, false) => "y/Enter yes · n/Esc cancel",
        }
    }

    /// Everything the dialog says, one line each (for the tests and the log).
    pub fn text(&self) -> String {
        let mut lines = self.lines.clone();
        lines.extend(self.warning.clone());
        lines.extend(self.error.clone());
        lines.join("\n")
    }
}

/// How a toast reads: done, done with a remark, or refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Success,
    Warning,
    Failure,
}

/// A short message over the corner of the pane, gone after a few seconds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Toast {
    pub text: String,
    pub tone: Tone,
    pub until: DateTime<Utc>,
}

/// How long a toast stays.
pub(crate) const TOAST_SECONDS: i64 = 6;

/// The frames of the spinner shown while a write is in flight.
pub(crate) const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
