//! When the inbox's replies are quiet — snoozed, or their writer away — and when they come
//! back: the one rule of [`crate::inbox::quiet`] applied to the marks and snippets held,
//! at the inbox's own clock, and where each contact is (their return day begins there).

use super::InboxState;
use crate::api::{Contact, Exchange, Items, Timestamp};
use crate::clock::ZonesById;
use crate::inbox::quiet;
use std::sync::Arc;

impl InboxState {
    /// Until when the reply is snoozed, while it is.
    pub(crate) fn asleep_until(&self, exchange: &Exchange) -> Option<Timestamp> {
        super::held::asleep_until(&self.marks, exchange, self.clock)
    }

    /// Until when the reply is quiet: snoozed, or its writer away (read from its chain as it
    /// stands: a later message may be a real answer).
    fn quiet_until(&self, exchange: &Exchange) -> Option<Timestamp> {
        let snoozed = self.marks.get(&exchange.id).and_then(|mark| mark.snoozed_until);
        let back = super::held::current(&self.snippets, exchange).and_then(|snippet| snippet.back);
        quiet::quiet_until(snoozed, back)
    }

    /// The moment the reply counts as having moved, for "new" and for the seen mark: its
    /// `updated_at`, or when it came back from a snooze or an absence; `None` while quiet.
    pub(crate) fn moved_at(&self, exchange: &Exchange) -> Option<Timestamp> {
        quiet::moved_at(exchange.updated_at, self.quiet_until(exchange), self.clock)
    }

    /// Whether a snooze or an absence ends after the inbox's clock and by `now`: the
    /// counts and the rows are then made again at `now`.
    pub(crate) fn wakes_by(&self, now: Timestamp) -> bool {
        let ends = |until: Option<Timestamp>| until.is_some_and(|u| self.clock < u && u <= now);
        self.marks.values().any(|mark| ends(mark.snoozed_until))
            || self
                .snippets
                .values()
                .any(|cached| ends(cached.snippet.as_ref().and_then(|snippet| snippet.back)))
    }

    /// Judges snoozes and absences at `now` from here on.
    pub(crate) fn set_clock(&mut self, now: Timestamp) {
        if self.clock != now {
            self.clock = now;
            self.revision += 1;
        }
    }

    /// Where each contact is, by contact id, from the contact list when it is loaded: an
    /// absence ends as its return day begins there. Made once per list.
    pub(crate) fn contact_zones(&self, contacts: Option<&Items<Contact>>) -> Arc<ZonesById> {
        self.zones
            .get(contacts, (), || Arc::new(zones_of(contacts.map_or(&[][..], |items| &items[..]))))
    }

    /// Keeps the zones made from `contacts` where they were read (a walk of every contact,
    /// kept off the UI thread).
    pub(crate) fn keep_contact_zones(&self, contacts: &Items<Contact>, zones: Arc<ZonesById>) {
        self.zones.put(Some(contacts), (), zones);
    }
}

/// Where each of `contacts` is, by id.
pub(crate) fn zones_of(contacts: &[Contact]) -> ZonesById {
    let named = contacts.iter().filter_map(|c| Some((c.id, c.timezone.as_deref()?)));
    ZonesById::of(named)
}
