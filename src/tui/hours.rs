//! "When do they answer" as the dashboard holds it: the open campaign's replies of the range
//! by weekday and hour in each contact's zone, counted off the UI thread (`HoursJob`) when
//! the detail opens and again when the replies, the contact list or the range change.

use crate::api::{Exchange, Items};
use crate::clock::{Zone, ZonesById};
use crate::results::{Basis, ReplyHours, Who, Window, reply_hours};
use chrono::{DateTime, Utc};
use std::sync::Arc;

/// The campaign, the range, and the replies and contact lists counted from (their
/// addresses: a reload is another list).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HoursKey {
    pub(crate) campaign: i64,
    pub(crate) window: Window,
    pub(crate) replies: usize,
    pub(crate) contacts: usize,
}

/// What `Org` keeps: the key last asked for, and the last count with its key.
#[derive(Debug, Clone, Default)]
pub struct HeldHours {
    asked: Option<HoursKey>,
    counted: Option<(HoursKey, ReplyHours)>,
}

impl HeldHours {
    /// Whether `key` is still to be asked for (it counts as asked from here on).
    pub(crate) fn ask(&mut self, key: HoursKey) -> bool {
        let new = self.asked != Some(key);
        self.asked = Some(key);
        new
    }

    /// Keeps the answer to the key last asked for; an older one is dropped.
    pub(crate) fn accept(&mut self, answer: HoursAnswer) {
        if self.asked == Some(answer.key) {
            self.counted = Some((answer.key, answer.hours));
        }
    }

    /// The last count for `campaign` (of an earlier reload until the new one is counted).
    pub(crate) fn of(&self, campaign: i64) -> Option<&ReplyHours> {
        self.counted.as_ref().filter(|(key, _)| key.campaign == campaign).map(|(_, hours)| hours)
    }
}

/// Count one campaign's replies by weekday and hour.
#[derive(Debug, Clone)]
pub struct HoursJob {
    pub(crate) key: HoursKey,
    pub(crate) replies: Items<Exchange>,
    pub(crate) zones: Arc<ZonesById>,
    pub(crate) zone: Zone,
    pub(crate) now: DateTime<Utc>,
}

impl PartialEq for HoursJob {
    fn eq(&self, other: &HoursJob) -> bool {
        self.key == other.key
    }
}

/// The count of an [`HoursJob`].
#[derive(Debug, Clone, PartialEq)]
pub struct HoursAnswer {
    pub(crate) key: HoursKey,
    pub(crate) hours: ReplyHours,
}

impl HoursJob {
    /// Counts (blocking; a pass over the replies).
    pub fn perform(&self) -> HoursAnswer {
        let basis = Basis { window: self.key.window, zone: &self.zone, now: self.now };
        let who = Who::Campaign(self.key.campaign);
        let hours = reply_hours(&self.replies, &basis, who, |id| self.zones.get(&id).copied());
        HoursAnswer { key: self.key, hours }
    }
}
