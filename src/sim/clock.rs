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
        Clock { anchor, started: Instant::now() }
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
