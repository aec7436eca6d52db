//! The range of calendar days results are counted over, and the two queries that fetch
//! what they need.

use crate::api::{ExchangeGroup, ExchangeQuery, MeetingQuery};
use chrono::{Days, NaiveDate};
use serde::Serialize;

/// The ranges the dashboard offers, in days (a key steps through them).
pub const RANGES: [u32; 3] = [7, 30, 90];

/// The range after `days` in [`RANGES`], wrapping around.
pub fn next_range(days: u32) -> u32 {
    let at = RANGES.iter().position(|&range| range == days).map_or(0, |at| at + 1);
    RANGES[at % RANGES.len()]
}

/// Calendar days in the viewer's zone, both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Window {
    pub first: NaiveDate,
    pub last: NaiveDate,
}

impl Window {
    /// "The last N days": N calendar days ending today, today included, in the viewer's
    /// zone — `days - 1` days before `today` up to `today` (at least one day). The one
    /// definition behind the Overview's chart (7 days: 7 bars), `outreach status`, the
    /// Campaigns columns, `report` and every `--since -Nd`.
    pub fn last_days(today: NaiveDate, days: u32) -> Window {
        let back = u64::from(days.max(1) - 1);
        Window { first: today.checked_sub_days(Days::new(back)).unwrap_or(today), last: today }
    }

    /// "The next N days": N calendar days starting today, today included (`+7d` is their
    /// last day, as `-7d` is the first of the last 7).
    pub fn next_days(today: NaiveDate, days: u32) -> Window {
        let ahead = u64::from(days.max(1) - 1);
        Window { first: today, last: today.checked_add_days(Days::new(ahead)).unwrap_or(today) }
    }

    /// From `first` to `last`; `None` when it would end before it starts.
    pub fn between(first: NaiveDate, last: NaiveDate) -> Option<Window> {
        (first <= last).then_some(Window { first, last })
    }

    /// How many days it spans.
    pub fn days(&self) -> usize {
        usize::try_from((self.last - self.first).num_days()).map_or(0, |days| days + 1)
    }

    pub fn contains(&self, date: NaiveDate) -> bool {
        (self.first..=self.last).contains(&date)
    }

    /// Every day of the window, oldest first.
    pub fn dates(&self) -> impl Iterator<Item = NaiveDate> + use<> {
        let first = self.first;
        (0..self.days() as u64).filter_map(move |n| first.checked_add_days(Days::new(n)))
    }

    /// What to fetch: the replied exchanges and the meetings, a day wider on each side than
    /// the window, since the server counts days in UTC and the viewer may not. Meetings are
    /// asked for by start with no end: one booked in the window may start any time after.
    pub fn queries(&self) -> (ExchangeQuery, MeetingQuery) {
        let before = self.first.checked_sub_days(Days::new(1));
        let replies = ExchangeQuery {
            campaign_id: None,
            start_date: before,
            end_date: self.last.checked_add_days(Days::new(1)),
            group: Some(ExchangeGroup::Replied),
        };
        (replies, MeetingQuery { start_date: before, end_date: None })
    }

    /// "last 30 days" or "2024-05-01 – 2024-05-10".
    pub fn describe(&self, today: NaiveDate) -> String {
        if self.last == today {
            match self.days() {
                1 => "today".to_string(),
                days => format!("last {days} days"),
            }
        } else {
            format!("{} – {}", self.first, self.last)
        }
    }
}
