//! Jumps between related things, and the way back: a meeting to its conversation, a
//! contact or a bot to their replies, a campaign to its replies in the inbox. Each jump keeps
//! where the user stood (pane, selection, filters, open item, scroll) and how the inbox was
//! before it, so going back unwinds several jumps in order. Plain data; `update::jumps` makes
//! and unwinds them. Generic over the e-mail chain view so this file stays below the state.

use crate::api::{Exchange, ExchangeQuery};
use crate::tui::model::{Detail, Pane, Shelves};

/// How many jumps are kept; past that the oldest gives way, its way back to the inbox as it
/// was before any jump handed to the next one.
pub const DEPTH: usize = 50;

/// What a jump narrowed the Exchanges pane to. Names are sanitised when it is made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Focus {
    /// One campaign's replies: the server filters them (endpoint 9's `campaign_id`).
    Campaign { id: i64, name: String },
    /// One contact's exchanges: filtered on this machine, as the API filters by campaign only.
    Contact { id: i64, name: String },
    /// One bot's replies: filtered on this machine, as for a contact.
    Bot { id: i64, name: String },
}

impl Focus {
    /// Whether `exchange` is one of the related replies.
    pub fn holds(&self, exchange: &Exchange) -> bool {
        match self {
            Focus::Campaign { id, .. } => exchange.campaign_id == *id,
            Focus::Contact { id, .. } => exchange.contact.id == *id,
            Focus::Bot { id, .. } => exchange.bot.id == *id,
        }
    }

    /// In a few words: `campaign Q3 Fintech`, `contact Ann Smith`.
    pub fn label(&self) -> String {
        match self {
            Focus::Campaign { name, .. } => format!("campaign {name}"),
            Focus::Contact { name, .. } => format!("contact {name}"),
            Focus::Bot { name, .. } => format!("bot {name}"),
        }
    }

    /// Filtered on this machine, over the loaded inbox (the API cannot narrow to it).
    pub fn is_local(&self) -> bool {
        !matches!(self, Focus::Campaign { .. })
    }
}

/// Where an item leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Related {
    /// A meeting's exchange, opened as its e-mail chain; `what` names the meeting.
    Conversation { exchange_id: i64, what: String },
    /// The inbox narrowed to a campaign's, a contact's or a bot's replies.
    Replies(Focus),
}

/// A list as the user left it: the selected item, the first row shown, the filter typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListSpot {
    pub selected: Option<i64>,
    pub offset: usize,
    pub filter: String,
}

/// The pane a jump left, as it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub pane: Pane,
    pub list: ListSpot,
    pub detail: Option<Detail>,
}

/// The Exchanges pane before a jump changed it: its server filters, what a jump narrowed
/// it to, the inbox's category and handled filters, its list and open chain.
#[derive(Debug, Clone)]
pub struct InboxSpot<C> {
    pub query: ExchangeQuery,
    pub focus: Option<Focus>,
    pub shelf: Shelves,
    pub hide_handled: bool,
    pub list: ListSpot,
    pub chain: Option<Box<C>>,
}

/// One jump: where it came from, and the inbox as it was.
#[derive(Debug, Clone)]
pub struct Jump<C> {
    pub from: Place,
    pub inbox: InboxSpot<C>,
}

/// What the user sees, as far as `Esc` is concerned: the pane, its open item (chain or
/// detail) and its filter. `Esc` goes back from where a jump (or a return) left the user;
/// anything opened or typed since is closed or cleared first, as without jumps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spot {
    pub pane: Pane,
    pub open: Option<i64>,
    pub filter: String,
    pub marked: usize,
}

/// What waits for the inbox to load before a jump lands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pending {
    /// Select this exchange and open its chain; `what` names the meeting for a note.
    Open { exchange_id: i64, what: String },
    /// Select the first related reply.
    Land,
}

/// The jumps made, most recent last, at most [`DEPTH`].
#[derive(Debug, Clone)]
pub struct BackStack<C> {
    jumps: Vec<Jump<C>>,
    /// Where the last jump or return left the user.
    pub here: Option<Spot>,
    pub pending: Option<Pending>,
}

impl<C> Default for BackStack<C> {
    fn default() -> Self {
        BackStack { jumps: Vec::new(), here: None, pending: None }
    }
}

impl<C> BackStack<C> {
    /// Keeps a jump; past [`DEPTH`] the oldest goes, and the next one takes its inbox, so
    /// unwinding to the bottom still leaves the inbox as it was before any jump.
    pub fn push(&mut self, jump: Jump<C>) {
        self.jumps.push(jump);
        if self.jumps.len() > DEPTH {
            let oldest = self.jumps.remove(0);
            if let Some(next) = self.jumps.first_mut() {
                next.inbox = oldest.inbox;
            }
        }
    }

    pub fn pop(&mut self) -> Option<Jump<C>> {
        self.pending = None;
        self.jumps.pop()
    }

    /// The oldest jump kept: its inbox is the inbox as it was before any.
    pub fn first(&self) -> Option<&Jump<C>> {
        self.jumps.first()
    }

    pub fn last(&self) -> Option<&Jump<C>> {
        self.jumps.last()
    }

    pub fn len(&self) -> usize {
        self.jumps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.jumps.is_empty()
    }

    /// Forgets every jump (another organisation's ids mean nothing here).
    pub fn clear(&mut self) {
        *self = BackStack::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jump(campaign: i64) -> Jump<()> {
        let place = Place { pane: Pane::Campaigns, list: ListSpot::default(), detail: None };
        let query = ExchangeQuery { campaign_id: Some(campaign), ..ExchangeQuery::default() };
        let inbox = InboxSpot {
            query,
            focus: None,
            shelf: Shelves::ALL,
            hide_handled: true,
            list: ListSpot::default(),
            chain: None,
        };
        Jump { from: place, inbox }
    }

    #[test]
    fn the_stack_is_bounded_and_keeps_the_inbox_from_before_the_first_jump() {
        let mut stack = BackStack::default();
        for campaign in 0..(DEPTH as i64 + 5) {
            stack.push(jump(campaign));
        }
        assert_eq!(stack.len(), DEPTH);
        let mut bottom = None;
        while let Some(jump) = stack.pop() {
            bottom = Some(jump);
        }
        let bottom = bottom.map(|jump| jump.inbox.query.campaign_id);
        assert_eq!(bottom, Some(Some(0)), "the inbox before the first jump is kept");
    }

    #[test]
    fn a_focus_holds_its_own_replies() {
        let mut exchange = Exchange { campaign_id: 4, ..Exchange::default() };
        exchange.contact.id = 11;
        exchange.bot.id = 1;
        let name = String::new();
        assert!(Focus::Campaign { id: 4, name: name.clone() }.holds(&exchange));
        assert!(!Focus::Campaign { id: 5, name: name.clone() }.holds(&exchange));
        assert!(Focus::Contact { id: 11, name: name.clone() }.holds(&exchange));
        assert!(!Focus::Bot { id: 11, name }.holds(&exchange));
    }
}
