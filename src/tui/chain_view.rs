//! The e-mail chain of one exchange as a view of its own: which exchange, its messages as
//! fetched, the layout for the width it is drawn at, the scroll. The Exchanges pane opens
//! one over its list, the preview shows one beside it, a jump takes one along.

use crate::api::{Contact, EmailMessage, Exchange};
use crate::tui::chain::ChainLayout;
use crate::tui::lists::memo::ListMemo;
use crate::tui::model::ReqId;
use crate::tui::remote::Remote;
use chrono::{DateTime, Utc};

/// Where the chain is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChainPlace {
    /// Opened over the inbox's list (Enter): it takes the keys.
    Opened,
    /// In the preview beside the list, following its cursor; `since` it came into view
    /// there (a reply is seen once it stayed long enough), `seen` once that was told.
    Previewed { since: DateTime<Utc>, seen: bool },
}

/// The e-mail chain of one exchange, laid out for the width it is drawn at.
#[derive(Debug, Clone)]
pub struct ChainView {
    pub exchange: Exchange,
    pub remote: Remote<EmailMessage>,
    pub layout: ChainLayout,
    pub scroll: usize,
    /// The message jumped to (by opening at the reply, `n`, `p`), 0-based: the title names it
    /// even when the end of the chain keeps it from the top line. Scrolling clears it.
    pub at_message: Option<usize>,
    /// Quoted history shown (`T`); folded by default.
    pub unfolded: bool,
    /// The layout being made, whose result is awaited; `layout` is the last one until then.
    pub layout_pending: Option<ReqId>,
    /// The contact's time zone, found in the contacts once per list rather than each frame.
    pub contact_zone: ListMemo<Contact, i64, Option<crate::api::thin::Thin<str>>>,
    pub place: ChainPlace,
    /// The group's organisation whose reply this is, for a merged inbox's row (read with
    /// its key, kept apart from the connected organisation's chains); `None`: the
    /// organisation the panes are connected to.
    pub org: Option<crate::tui::group::OrgId>,
}

impl ChainView {
    /// The chain of `exchange`, nothing read yet.
    pub fn new(exchange: Exchange, place: ChainPlace) -> ChainView {
        ChainView {
            exchange,
            remote: Remote::default(),
            layout: ChainLayout::default(),
            scroll: 0,
            at_message: None,
            unfolded: false,
            layout_pending: None,
            contact_zone: ListMemo::default(),
            place,
            org: None,
        }
    }

    /// Opened over the list (not previewed).
    pub fn is_opened(&self) -> bool {
        self.place == ChainPlace::Opened
    }

    /// The message in view (0-based): the one jumped to, else the one at the top line. The
    /// title names it, `n` and `p` move from it, `y` and `o` take its links.
    pub fn current_message(&self) -> Option<usize> {
        self.at_message.or_else(|| self.layout.starts.iter().rposition(|&s| s <= self.scroll))
    }

    /// The links `y` and `o` pick from, numbered as listed, and whose they are (0-based): the
    /// message in view's; when it has none, those of the message whose list is on the `rows`
    /// shown (the reply opens under the list of the message before it) — the title then
    /// names that message, so the numbers on screen, the title and `y 2` agree.
    pub fn links_shown(&self, rows: usize) -> Option<(usize, &[String])> {
        let layout = &self.layout;
        if let Some(index) = self.current_message()
            && let Some(own) = layout.links.get(index).filter(|links| !links.is_empty())
        {
            return Some((index, own));
        }
        let shown = self.scroll..self.scroll + rows;
        let listed_on_screen = |index: usize| {
            let end = layout.starts.get(index + 1).copied().unwrap_or(layout.lines.len());
            let start = layout.starts.get(index).copied().unwrap_or(end);
            (start.max(shown.start)..end.min(shown.end))
                .any(|line| layout.lines[line].kind == crate::tui::chain::LineKind::Link)
        };
        let index = (0..layout.links.len()).rev().find(|&index| listed_on_screen(index))?;
        Some((index, layout.links.get(index)?))
    }
}
