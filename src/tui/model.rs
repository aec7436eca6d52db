//! The types every part of the dashboard names: panes, slots of remote data, request ids,
//! the open item, and who the dashboard is connected to. The bottom of `tui`: it imports
//! nothing from the rest of it.

use crate::api::ApiKey;
use crate::inbox::Category;
use crate::session::KeySource;
use serde::{Deserialize, Serialize};

/// The six panes, in tab order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pane {
    Overview,
    Campaigns,
    Exchanges,
    Meetings,
    Bots,
    Contacts,
}

impl Pane {
    pub(crate) const ALL: [Pane; 6] = [
        Pane::Overview,
        Pane::Campaigns,
        Pane::Exchanges,
        Pane::Meetings,
        Pane::Bots,
        Pane::Contacts,
    ];

    pub(crate) fn title(self) -> &'static str {
        match self {
            Pane::Overview => "Overview",
            Pane::Campaigns => "Campaigns",
            Pane::Exchanges => "Exchanges",
            Pane::Meetings => "Meetings",
            Pane::Bots => "Bots",
            Pane::Contacts => "Contacts",
        }
    }

    /// What its number key does, as help says it.
    pub(crate) fn go_to_help(self) -> &'static str {
        match self {
            Pane::Overview => "go to Overview",
            Pane::Campaigns => "go to Campaigns",
            Pane::Exchanges => "go to Exchanges",
            Pane::Meetings => "go to Meetings",
            Pane::Bots => "go to Bots",
            Pane::Contacts => "go to Contacts",
        }
    }

    /// Its list is fetched under filters the user edits (`f`): dates, a campaign, a group.
    pub(crate) fn has_server_filters(self) -> bool {
        matches!(self, Pane::Exchanges | Pane::Meetings)
    }

    /// The reply inbox: its tab counts the new replies, an e-mail chain opens over its list.
    pub(crate) fn is_inbox(self) -> bool {
        self == Pane::Exchanges
    }

    /// The slots the pane's list shows, with those its columns name (the inbox names
    /// campaigns; results need both range lists; a campaign's per-bot table and a bot's
    /// campaigns name the other side).
    pub(crate) fn slots(self) -> Vec<Slot> {
        match self {
            Pane::Overview => vec![
                Slot::Campaigns,
                Slot::Bots,
                Slot::RecentReplies,
                Slot::UpcomingMeetings,
                Slot::RangeReplies,
                Slot::RangeMeetings,
                Slot::Exchanges,
            ],
            Pane::Campaigns | Pane::Bots => {
                vec![Slot::Campaigns, Slot::Bots, Slot::RangeReplies, Slot::RangeMeetings]
            }
            Pane::Exchanges => vec![Slot::Exchanges, Slot::Campaigns],
            Pane::Meetings => vec![Slot::Meetings],
            Pane::Contacts => vec![Slot::Contacts],
        }
    }

    pub fn index(self) -> usize {
        Pane::ALL.iter().position(|&pane| pane == self).unwrap_or(0)
    }

    /// The pane `steps` tabs away, wrapping around.
    pub(crate) fn cycle(self, steps: isize) -> Pane {
        let count = Pane::ALL.len() as isize;
        Pane::ALL[(self.index() as isize + steps).rem_euclid(count) as usize]
    }

    /// A pane by its name or its number (1–6), as typed in the palette.
    pub(crate) fn parse(text: &str) -> Option<Pane> {
        let text = text.trim().to_lowercase();
        Pane::ALL.into_iter().enumerate().find_map(|(index, pane)| {
            let name = pane.title().to_lowercase();
            (text == (index + 1).to_string() || (!text.is_empty() && name.starts_with(&text)))
                .then_some(pane)
        })
    }
}

/// The Overview's tiles, each a shortcut into its pane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tile {
    Campaigns,
    Replies,
    Meetings,
    Bots,
}

impl Tile {
    pub(crate) const ALL: [Tile; 4] = [Tile::Campaigns, Tile::Replies, Tile::Meetings, Tile::Bots];
    /// The Overview's selection on the inbox line above the tiles (speed to lead).
    pub(crate) const INBOX_LINE: usize = Tile::ALL.len();

    pub(crate) fn pane(self) -> Pane {
        match self {
            Tile::Campaigns => Pane::Campaigns,
            Tile::Replies => Pane::Exchanges,
            Tile::Meetings => Pane::Meetings,
            Tile::Bots => Pane::Bots,
        }
    }
}

/// Which replies the inbox lists, by category (`inbox::Category`). The config file names
/// each as a command (`show_interested`), hence the names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Shelf {
    #[default]
    #[serde(rename = "show_all")]
    All,
    #[serde(rename = "show_interested")]
    Interested,
    #[serde(rename = "show_meeting")]
    Meeting,
    #[serde(rename = "show_referral")]
    Referral,
    #[serde(rename = "show_converted")]
    Converted,
    #[serde(rename = "show_not_now")]
    NotNow,
    #[serde(rename = "show_waiting")]
    Waiting,
    #[serde(rename = "show_not_interested")]
    NotInterested,
    #[serde(rename = "show_unsubscribe")]
    Unsubscribe,
    /// Every status outside the named categories.
    #[serde(rename = "show_other")]
    Other,
}

impl Shelf {
    /// The shelf that lists replies of `category`.
    pub(crate) fn of(category: &Category) -> Shelf {
        match category {
            Category::Interested => Shelf::Interested,
            Category::Meeting => Shelf::Meeting,
            Category::Referral => Shelf::Referral,
            Category::Converted => Shelf::Converted,
            Category::NotNow => Shelf::NotNow,
            Category::Waiting => Shelf::Waiting,
            Category::NotInterested => Shelf::NotInterested,
            Category::Unsubscribe => Shelf::Unsubscribe,
            Category::Other(_) => Shelf::Other,
        }
    }
}

/// The shelves the inbox lists: all of them, one (a category's key), or several (a saved
/// view's categories). One bit a shelf; none set is all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Shelves(u16);

impl Shelves {
    pub const ALL: Shelves = Shelves(0);

    /// These shelves; all when `All` is among them or there are none.
    pub fn only(shelves: impl IntoIterator<Item = Shelf>) -> Shelves {
        let mut bits = 0;
        for shelf in shelves {
            if shelf == Shelf::All {
                return Shelves::ALL;
            }
            bits |= 1 << shelf as u16;
        }
        Shelves(bits)
    }

    pub fn is_all(self) -> bool {
        self == Shelves::ALL
    }

    /// Whether `shelf` is one listed (`All` only when all are).
    pub fn lists(self, shelf: Shelf) -> bool {
        if shelf == Shelf::All { self.is_all() } else { self.0 & (1 << shelf as u16) != 0 }
    }

    /// Whether a reply of `category` is listed.
    pub(crate) fn holds(self, category: &Category) -> bool {
        self.is_all() || self.lists(Shelf::of(category))
    }
}

impl From<Shelf> for Shelves {
    fn from(shelf: Shelf) -> Shelves {
        Shelves::only([shelf])
    }
}

/// An item opened from a list, and how far its view is scrolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Detail {
    pub id: i64,
    pub scroll: usize,
}

/// Identifies one request, so a late answer to an older request is recognised and dropped.
pub type ReqId = u64;

/// The registry of list resources: one line each, and the only place that lists them.
///
/// Adding a list resource:
/// 1. write `src/tui/resource/<file>.rs` with its marker type and its `ListResource` impl
///    (`const SLOT: Slot = Slot::<Variant>;`; add a `PaneList` impl when it has a pane);
/// 2. add its line here: `Variant: file::Type, "label"` and, when its `Remote` lives in the
///    store, `, field: item type`; end with `;`.
///
/// From that line come the [`Slot`] variant, its label and place in `Slot::ALL`, the
/// `Store` field (`state.rs`), the `mod` line and the `visit` arm (`resource/mod.rs`). The
/// `file::Type` path is read inside `resource/`; the other readers skip it, so this module
/// stays the bottom of `tui`.
macro_rules! list_resources {
    ($then:ident) => {
        $then! {
            Campaigns: campaigns::Campaigns, "campaigns", campaigns: crate::api::Campaign;
            Bots: bots::Bots, "bots", bots: crate::api::Bot;
            Exchanges: exchanges::Exchanges, "exchanges", exchanges: crate::api::Exchange;
            Contacts: contacts::Contacts, "contacts", contacts: crate::api::Contact;
            Meetings: meetings::Meetings, "meetings", meetings: crate::api::Meeting;
            /// The e-mail chain of the exchange open in the Exchanges pane.
            Chain: chain::Chain, "e-mail chain";
            /// Replies of the last 7 days, for the Overview.
            RecentReplies: recent_replies::RecentReplies, "recent replies",
                recent_replies: crate::api::Exchange;
            /// Meetings of today and the next 7 days, for the Overview.
            UpcomingMeetings: upcoming_meetings::UpcomingMeetings, "upcoming meetings",
                upcoming_meetings: crate::api::Meeting;
            /// Replies of the results range (Campaigns, Bots, the Overview's chart).
            RangeReplies: range_replies::RangeReplies, "replies of the range",
                range_replies: crate::api::Exchange;
            /// Meetings booked in the results range.
            RangeMeetings: range_meetings::RangeMeetings, "meetings of the range",
                range_meetings: crate::api::Meeting;
            /// Every meeting, with no range: what the observer compares, as `outreach watch`
            /// does (a range would make meetings leave and come back as "booked").
            AllMeetings: all_meetings::AllMeetings, "every meeting",
                all_meetings: crate::api::Meeting;
        }
    };
}
pub(crate) use list_resources;

/// Declares [`Slot`] from the registry.
macro_rules! declare_slots {
    ($( $(#[doc = $doc:literal])* $slot:ident : $file:ident :: $resource:ident, $label:literal
        $(, $field:ident : $item:ty)? ;)*) => {
        /// Where a loaded result goes in the store: one per list resource.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Slot {
            $( $(#[doc = $doc])* $slot, )*
        }

        impl Slot {
            pub(crate) const ALL: &[Slot] = &[$(Slot::$slot),*];

            /// What a slot is called in messages.
            pub(crate) fn label(self) -> &'static str {
                match self {
                    $(Slot::$slot => $label,)*
                }
            }
        }
    };
}
list_resources!(declare_slots);

impl Slot {
    /// Whether the minute's refresh reads the slot again while it is shown. Not the
    /// contacts: they change only when someone uploads, and the list is the organisation's
    /// largest — a million contacts are 240 MB to read again each minute, and held twice
    /// while the new copy is decoded and indexed. They are read when their pane is opened
    /// (again once older than the refresh period) and on `r`.
    pub(crate) fn on_the_timer(self) -> bool {
        self != Slot::Contacts
    }
}

/// Where the dashboard stands with the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Connection {
    Connecting,
    Ready(ConnectionInfo),
    /// No key (or it was refused): the login screen shows this message.
    NeedsKey {
        /// The base URL the profile would use, to start the login form with.
        base_url: Option<String>,
        profile: String,
        message: String,
    },
    /// The session could not be set up for another reason (bad base URL, keyring error).
    Failed {
        message: String,
    },
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
    /// The team store the profile shares its triage marks through, if it names one.
    pub team: Option<TeamLink>,
}

/// A profile's team store, as the dashboard needs to know it (no password: it never
/// leaves the store's own thread).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamLink {
    /// Who I am in the team.
    pub me: String,
    /// The organisation's name when the config gives it; else the bots' name decides.
    pub organisation: Option<String>,
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
