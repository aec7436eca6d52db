//! Replies per day over the last fortnight, per campaign or per bot: the sparkline of the
//! Campaigns and Bots lists (`campaigns list`, `bots list` too). Counted as [`super::Tally`]
//! counts replies, so a trend's days add up to the replies of a 14-day range. A day before
//! the campaign or bot existed has no count at all (a gap), not a zero.

use super::tally::{Basis, Group};
use super::window::Window;
use crate::api::Exchange;
use chrono::NaiveDate;
use std::collections::BTreeMap;

/// How many days a trend shows, today included.
pub const TREND_DAYS: u32 = 14;

/// Replies per day, oldest first; `None` for a day with no data.
pub type Trend = Vec<Option<usize>>;

/// The trends of the campaigns and the bots, by id.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Trends {
    pub campaigns: BTreeMap<i64, Trend>,
    pub bots: BTreeMap<i64, Trend>,
}

impl Trends {
    /// The trend of `id` in `group`, when it was counted.
    pub fn of(&self, group: Group, id: i64) -> Option<&Trend> {
        match group {
            Group::Campaign => self.campaigns.get(&id),
            Group::Bot => self.bots.get(&id),
        }
    }

    /// Where the trends of `group` are kept.
    pub fn group_mut(&mut self, group: Group) -> &mut BTreeMap<i64, Trend> {
        match group {
            Group::Campaign => &mut self.campaigns,
            Group::Bot => &mut self.bots,
        }
    }
}

/// The fortnight ending `today`.
pub fn trend_window(today: NaiveDate) -> Window {
    Window::last_days(today, TREND_DAYS)
}

/// The replies per day of `basis`'s window for each id in `wanted` (campaigns or bots, as
/// `by` says), each with the first day it existed when known: days before it are gaps. A
/// reply on such a day still counts (the server knows best when things existed).
pub fn trends(
    replies: &[Exchange],
    basis: &Basis,
    by: Group,
    wanted: &BTreeMap<i64, Option<NaiveDate>>,
) -> BTreeMap<i64, Trend> {
    let dates: Vec<NaiveDate> = basis.window.dates().collect();
    let mut trends: BTreeMap<i64, Trend> =
        crate::sorting::map_of(wanted.iter().map(|(id, since)| {
            let known = |date: &NaiveDate| since.is_none_or(|since| *date >= since);
            (*id, dates.iter().map(|date| known(date).then_some(0)).collect())
        }));
    let first = basis.window.first;
    for exchange in basis.replies(replies) {
        let Some(trend) = by.of_reply(exchange).and_then(|id| trends.get_mut(&id)) else {
            continue;
        };
        let day = basis.reply_day(exchange).map(|day| (day - first).num_days());
        if let Some(slot) = day.and_then(|d| usize::try_from(d).ok()).and_then(|d| trend.get_mut(d))
        {
            *slot = Some(slot.unwrap_or(0) + 1);
        }
    }
    trends
}
