//! What the inbox knows about an exchange beyond the API's fields — new since the last
//! look, handled, snoozed, its snippet — as the columns ask for it. Whether a snoozed or
//! away reply is new follows the one rule of [`super::quiet`].

use super::snippet::{Snippet, Writer};
use crate::api::{Exchange, Timestamp};

/// The inbox's knowledge of exchanges, for cells that show it. `()` knows nothing (every
/// exchange is old, unhandled, without a snippet).
pub trait Facts {
    /// Whether the exchange moved since the user last looked at it.
    fn is_new(&self, exchange: &Exchange) -> bool;
    /// Marked handled on this machine (the API has no such field), and not moved since.
    fn is_handled(&self, exchange: &Exchange) -> bool;
    fn snippet(&self, id: i64) -> Option<&Snippet>;
    /// Until when the reply is snoozed, while it is: hidden, and counted nowhere.
    fn snoozed_until(&self, _exchange: &Exchange) -> Option<Timestamp> {
        None
    }
    /// Whether a team shares the marks (a team store): who handled and to whom a reply is
    /// assigned are then shown.
    fn shared(&self) -> bool {
        false
    }
    /// With a team store: who handled the reply (`None` for me) and when, while it is
    /// handled as it stands.
    fn handled_by(&self, _exchange: &Exchange) -> Option<(Option<&str>, Timestamp)> {
        None
    }
    /// With a team store: to whom the reply is assigned (`Some(None)`: to me).
    fn assigned_to(&self, _id: i64) -> Option<Option<&str>> {
        None
    }
    /// Who wrote the latest message of the exchange as it stands (its chain read since it
    /// last moved); `None` when not known.
    fn last_writer(&self, exchange: &Exchange) -> Option<Writer> {
        self.snippet(exchange.id).map(|snippet| snippet.last)
    }
}

impl Facts for () {
    fn is_new(&self, _: &Exchange) -> bool {
        false
    }

    fn is_handled(&self, _: &Exchange) -> bool {
        false
    }

    fn snippet(&self, _: i64) -> Option<&Snippet> {
        None
    }
}
