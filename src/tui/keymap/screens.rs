//! The scopes a binding applies in, and which work on which screen, most specific first:
//! what `AppState` asks for the screen in view, and what the keymap checks every screen for
//! when it looks for two actions on one key.

use crate::tui::model::Pane;

/// Where a binding applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Every screen.
    Global,
    /// Anything that scrolls or has a selection.
    Movement,
    /// A table of items.
    List,
    /// The Exchanges or Meetings table, which have server-side filters.
    QueryList,
    /// The Overview's tiles.
    Overview,
    /// The "Needs you" list, opened on the Overview.
    Needs,
    /// An e-mail chain.
    Chain,
    /// The reply inbox's table (the Exchanges pane's list): categories, triage.
    Inbox,
    /// A reply, listed or open: marking it handled, acting on a referral.
    Reply,
    /// The Campaigns pane (list or detail): starting one, adding contacts to it.
    Campaign,
    /// The Contacts pane (list or detail).
    Contact,
    /// Every pane once connected: writes that may use the contact in view.
    Write,
    /// Panes that show results over a range of days: Overview, Campaigns, Bots.
    Results,
    /// Panes whose item leads somewhere (list or detail): Campaigns, Meetings, Bots, Contacts.
    Related,
    /// An item of those panes open as a detail, where Enter has nothing else to open.
    Opened,
}

/// What decides the keys of a screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Screen {
    pub connected: bool,
    pub pane: Pane,
    /// An e-mail chain is open (Exchanges).
    pub chain_open: bool,
    /// The pane shows its list, not a detail or chain.
    pub list_shown: bool,
    /// The Overview shows the "Needs you" list.
    pub needs_open: bool,
}

impl Screen {
    /// The scopes whose keys work here, most specific first.
    pub(crate) fn scopes(self) -> Vec<Scope> {
        use Scope::*;
        if !self.connected {
            return vec![Global];
        }
        // The "Needs you" list has its own `d` and `D` (an opt-out's address, not the
        // contact in view), so the writes of the Write scope are not offered there; a
        // reply's keys (handle, snooze, assign) act on the item's reply, as in the inbox.
        if self.pane == Pane::Overview && self.needs_open {
            return vec![Needs, Reply, Movement, Global];
        }
        let mut scopes = match self.pane {
            Pane::Overview => vec![Overview, Movement],
            Pane::Exchanges if self.chain_open => vec![Chain, Reply, Movement],
            Pane::Exchanges if self.list_shown => vec![Inbox, Reply, QueryList, List, Movement],
            pane if self.list_shown && pane.has_server_filters() => {
                vec![QueryList, List, Movement]
            }
            _ if self.list_shown => vec![List, Movement],
            _ => vec![Movement],
        };
        match self.pane {
            Pane::Campaigns => scopes.insert(0, Campaign),
            Pane::Contacts => scopes.insert(0, Contact),
            _ => {}
        }
        // The Bots list shows no results; a bot's detail does.
        let bot_open = self.pane == Pane::Bots && !self.list_shown;
        if matches!(self.pane, Pane::Overview | Pane::Campaigns) || bot_open {
            scopes.insert(0, Results);
        }
        if matches!(self.pane, Pane::Campaigns | Pane::Meetings | Pane::Bots | Pane::Contacts) {
            scopes.insert(0, Related);
            if !self.list_shown {
                scopes.insert(0, Opened);
            }
        }
        scopes.extend([Write, Global]);
        scopes
    }

    /// Every screen there is.
    pub(crate) fn all() -> Vec<Screen> {
        let mut screens = vec![Screen {
            connected: false,
            pane: Pane::Overview,
            chain_open: false,
            list_shown: false,
            needs_open: false,
        }];
        for pane in Pane::ALL {
            for (chain_open, list_shown) in [(false, true), (false, false), (true, false)] {
                if chain_open && pane != Pane::Exchanges {
                    continue;
                }
                screens.push(Screen {
                    connected: true,
                    pane,
                    chain_open,
                    list_shown,
                    needs_open: false,
                });
            }
        }
        screens.push(Screen {
            connected: true,
            pane: Pane::Overview,
            chain_open: false,
            list_shown: false,
            needs_open: true,
        });
        screens
    }
}
