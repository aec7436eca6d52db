//! Replies and meetings booked per calendar day of a window, and the same in fewer, wider
//! buckets for a chart too narrow for a bar a day. Counted with the same rules as
//! [`super::Tally`], so the days add up to its `replies` and `meetings.booked`.

use super::tally::{Basis, Who};
use crate::api::{Exchange, Meeting};
use chrono::NaiveDate;
use serde::Serialize;

/// One day of the series.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DayPoint {
    pub date: NaiveDate,
    pub replies: usize,
    pub meetings: usize,
}

/// Consecutive days summed (both ends included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Bucket {
    pub first: NaiveDate,
    pub last: NaiveDate,
    pub replies: usize,
    pub meetings: usize,
}

/// Every day of the window, oldest first, with `who`'s replies and meetings booked.
pub fn series(
    replies: &[Exchange],
    meetings: &[Meeting],
    basis: &Basis,
    who: Who,
) -> Vec<DayPoint> {
    let mut days: Vec<DayPoint> =
        basis.window.dates().map(|date| DayPoint { date, replies: 0, meetings: 0 }).collect();
    let first = basis.window.first;
    let slot = |date: NaiveDate| usize::try_from((date - first).num_days()).ok();
    for exchange in basis.replies(replies).filter(|e| who.has_reply(e)) {
        if let Some(day) = basis.reply_day(exchange).and_then(slot).and_then(|i| days.get_mut(i)) {
            day.replies += 1;
        }
    }
    for meeting in basis.meetings(meetings).filter(|m| who.has_meeting(m)) {
        if let Some(day) = basis.meeting_day(meeting).and_then(slot).and_then(|i| days.get_mut(i)) {
            day.meetings += 1;
        }
    }
    days
}

/// The days in at most `most` buckets of equal length (the oldest may be shorter), so the
/// newest day always ends the last bucket.
pub fn buckets(days: &[DayPoint], most: usize) -> Vec<Bucket> {
    let width = days.len().div_ceil(most.max(1)).max(1);
    let mut buckets: Vec<Bucket> = days
        .rchunks(width)
        .filter_map(|chunk| {
            let (first, last) = (chunk.first()?, chunk.last()?);
            Some(Bucket {
                first: first.date,
                last: last.date,
                replies: chunk.iter().map(|d| d.replies).sum(),
                meetings: chunk.iter().map(|d| d.meetings).sum(),
            })
        })
        .collect();
    buckets.reverse();
    buckets
}
