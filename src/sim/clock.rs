//! The simulator's notion of now: the anchor its data was generated around, moving on
//! with real time. With a fixed anchor the data and "today" are the same on every run.

use crate::api::Timestamp;
use chrono::{DateTime, NaiveDate, TimeDelta, Utc};
use std::time::Instant;

#[derive(Debug, Clone)]
pub struct Clock {
    anchor: DateTime<Utc>,
    started: Instant,
}

impl Clock {
    pub fn new(anchor: DateTime<Utc>) -> Clock {
        Clock::started_at(anchor, Instant::now())
    }

    /// A clock whose `anchor` was read at `started`: when the anchor is the wall clock, the
    /// simulator's now stays the wall clock however long the seeding took after it (a clock
    /// started after seeding lagged by the seeding time, so a reply arriving right after a
    /// client's own "now" could carry an earlier time).
    pub fn started_at(anchor: DateTime<Utc>, started: Instant) -> Clock {
        Clock { anchor, started }
    }

    /// The instant the seeded data is relative to.
    pub fn anchor(&self) -> DateTime<Utc> {
        self.anchor
    }

    pub fn now(&self) -> Timestamp {
        let elapsed = TimeDelta::from_std(self.started.elapsed()).unwrap_or(TimeDelta::zero());
        Timestamp(self.anchor + elapsed)
    }

    /// Today in UTC: the default end of endpoint 9's range.
    pub fn today(&self) -> NaiveDate {
        self.now().date()
    }
}
