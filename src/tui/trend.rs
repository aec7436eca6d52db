//! The fortnight's replies per campaign and per bot as the dashboard holds them: counted
//! off the UI thread (`TrendJob`, from the range's replies, which are read at least 14 days
//! back) for the rows in view only, kept until the replies or the day change.

use crate::api::{Exchange, Items};
use crate::clock::Zone;
use crate::results::{Basis, Group, Trend, Trends, trend_window, trends};
use chrono::{DateTime, NaiveDate, Utc};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// The replies list the trends were counted from (its address: a reload is another list)
/// and the day they end on.
pub(crate) type TrendKey = (usize, NaiveDate);

/// What `Org` keeps: the trends counted, and which rows were asked for.
#[derive(Debug, Clone, Default)]
pub struct HeldTrends {
    key: Option<TrendKey>,
    pub trends: Trends,
    /// Campaigns and bots asked for with the current key (answered or not): not asked again.
    asked: [BTreeSet<i64>; 2],
}

fn place(group: Group) -> usize {
    match group {
        Group::Campaign => 0,
        Group::Bot => 1,
    }
}

impl HeldTrends {
    /// Of `rows` (each with the first day it existed, when known), those not asked for with
    /// `key` yet; they count as asked from here on. Another key forgets what was asked (the
    /// trends shown stay until their new counts arrive).
    pub(crate) fn ask(
        &mut self,
        key: TrendKey,
        group: Group,
        rows: impl IntoIterator<Item = (i64, Option<NaiveDate>)>,
    ) -> BTreeMap<i64, Option<NaiveDate>> {
        if self.key != Some(key) {
            self.key = Some(key);
            self.asked = Default::default();
        }
        let asked = &mut self.asked[place(group)];
        rows.into_iter().filter(|(id, _)| asked.insert(*id)).collect()
    }

    /// Keeps the counts of an answer to the current key; a stale one is dropped.
    pub(crate) fn accept(&mut self, answer: TrendAnswer) -> bool {
        if self.key != Some(answer.key) {
            return false;
        }
        self.trends.group_mut(answer.group).extend(answer.trends);
        true
    }
}

/// Count the fortnight's replies a day for these campaigns or bots.
#[derive(Debug, Clone)]
pub struct TrendJob {
    pub(crate) key: TrendKey,
    pub(crate) replies: Items<Exchange>,
    pub(crate) zone: Zone,
    pub(crate) now: DateTime<Utc>,
    pub(crate) group: Group,
    pub(crate) wanted: BTreeMap<i64, Option<NaiveDate>>,
}

impl PartialEq for TrendJob {
    fn eq(&self, other: &TrendJob) -> bool {
        Arc::ptr_eq(&self.replies, &other.replies)
            && (self.key, self.group, &self.wanted) == (other.key, other.group, &other.wanted)
    }
}

/// The counts of a [`TrendJob`].
#[derive(Debug, Clone, PartialEq)]
pub struct TrendAnswer {
    pub(crate) key: TrendKey,
    pub(crate) group: Group,
    pub(crate) trends: BTreeMap<i64, Trend>,
}

impl TrendJob {
    /// Counts (blocking; a pass over the replies).
    pub fn perform(&self) -> TrendAnswer {
        let basis = Basis { window: trend_window(self.key.1), zone: &self.zone, now: self.now };
        TrendAnswer {
            key: self.key,
            group: self.group,
            trends: trends(&self.replies, &basis, self.group, &self.wanted),
        }
    }
}
