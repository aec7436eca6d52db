//! What the user means, whichever key, click or palette entry said it.

use crate::tui::model::{Pane, Shelf};
use serde::{Deserialize, Serialize};

/// A user intention, whichever key, click or palette entry expressed it. The config file's
/// `[keys]` table names a command as serde does (`page_down`, `show_interested`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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
    /// The number keys: not rebindable by name.
    #[serde(skip)]
    GoTo(Pane),
    /// A saved view's own key (`key` of `[[views]]`): the view of this place among
    /// [`crate::config::SavedViews::keyed`].
    #[serde(skip)]
    ApplyView(u8),
    NextPane,
    PrevPane,
    /// Edit the server-side filters of the Exchanges or Meetings pane.
    #[serde(rename = "edit_filters")]
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
    /// Copy the selected item or the open chain (OSC 52); a number next copies that link.
    Copy,
    /// Open the meeting's link or a link of the chain in the local browser.
    OpenLink,
    /// Show the open chain or the selected item in `$PAGER`.
    Pipe,
    /// Switch to the next profile of the config file.
    SwitchProfile,
    /// Sort the list by the next column: ascending, then descending, then the next column;
    /// after the last, the server's order again.
    CycleSort,
    /// Show or hide the preview of the selected item beside the list.
    TogglePreview,
    /// The next results range (7 → 30 → 90 days) of the Campaigns, Bots and Overview.
    CycleRange,
    /// Mark the reply (or the marked replies) handled and move to the next unhandled one.
    Handle,
    /// Make the reply unhandled again.
    Unhandle,
    /// Jump to the next unhandled reply.
    NextUnhandled,
    /// Jump to the previous unhandled reply.
    PrevUnhandled,
    /// Hide or show handled replies.
    ToggleHandled,
    /// Mark or unmark the selected row for a bulk action.
    #[serde(rename = "mark")]
    MarkRow,
    /// Mark the rows from where the range started to the selection (press again there).
    MarkRange,
    /// Undo the last triage action.
    Undo,
    /// Open the "Needs you" list (the Overview's inbox line opened), from any pane.
    NeedsYou,
    /// Add the selected opt-out's address to do not contact (asks first).
    HonourOptOut,
    /// Add every opt-out's address listed in "Needs you" to do not contact (asks first).
    HonourOptOuts,
    /// Mark every reply with no news for two weeks handled (asks first).
    PutOldRepliesAway,
    /// Jump to what the item in view relates to: a meeting's conversation, a contact's
    /// exchanges, a campaign's or a bot's replies.
    Jump,
    /// Go back to where the last jump came from, whatever `Esc` would close first.
    JumpBack,
    /// Snooze the reply (or the marked replies): a prompt asks until when.
    Snooze,
    /// Assign the reply (or the marked replies) to someone of the team: a list asks whom.
    Assign,
    /// Assign the reply (or the marked replies) to me.
    AssignToMe,
    /// List everyone's replies, mine, or the unassigned ones (with a team store).
    CycleWhose,
    /// List only one category of replies, or all (named by its shelf: `show_meeting`).
    #[serde(untagged)]
    ShowCategory(Shelf),
}

impl From<crate::tui::intent::Move> for Command {
    /// The movement command that moves as the intent does.
    fn from(movement: crate::tui::intent::Move) -> Command {
        use crate::tui::intent::Move;
        match movement {
            Move::Down => Command::Down,
            Move::Up => Command::Up,
            Move::PageDown => Command::PageDown,
            Move::PageUp => Command::PageUp,
            Move::HalfPageDown => Command::HalfPageDown,
            Move::HalfPageUp => Command::HalfPageUp,
            Move::Top => Command::Top,
            Move::Bottom => Command::Bottom,
        }
    }
}
