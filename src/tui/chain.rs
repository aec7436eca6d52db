//! The chain pane's layout: the shared [`crate::chain`] layout, its folded quotes pointing
//! at how the front end shows them; the layout is made off the UI thread (`LayoutJob`).

use crate::api::{EmailMessage, Items};
use crate::chain::Quotes;
use crate::clock::Zone;
use crate::tui::model::ReqId;

pub use crate::chain::{ChainLayout, ChainLine, LineKind};

/// Lays out `messages` at `width` columns, quoted history folded unless `unfolded` (each
/// fold ending with `(hint)`: what shows them, as the front end gives it).
pub fn layout(
    messages: &[EmailMessage],
    width: u16,
    unfolded: bool,
    hint: &str,
    zone: &Zone,
) -> ChainLayout {
    let quotes = if unfolded { Quotes::Shown } else { Quotes::Folded { hint } };
    crate::chain::layout(messages, width, quotes, zone)
}

/// A layout to make off the UI thread (a long chain takes a while); its result comes back
/// as `Action::LaidOut` with the same `req_id`, and only the latest one is used.
#[derive(Debug, Clone)]
pub struct LayoutJob {
    pub req_id: ReqId,
    pub messages: Items<EmailMessage>,
    pub width: u16,
    pub unfolded: bool,
    /// What a fold says shows it: "T shows them".
    pub hint: String,
    pub zone: Zone,
}

impl LayoutJob {
    pub fn perform(&self) -> ChainLayout {
        layout(&self.messages, self.width, self.unfolded, &self.hint, &self.zone)
    }
}

impl PartialEq for LayoutJob {
    fn eq(&self, other: &LayoutJob) -> bool {
        self.req_id == other.req_id
    }
}
