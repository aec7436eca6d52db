//! When replies come: each counted reply by weekday and hour in its contact's own zone (the
//! viewer's where the contact's is not known), for "when do they answer". Counted as
//! [`super::Tally`] counts replies, at the moment of the conversation's last update.

use super::tally::{Basis, Who};
use crate::api::Exchange;
use crate::clock::Zone;
use chrono::{Datelike, TimeDelta, Timelike};

/// Replies per weekday (Monday first) and hour of the day.
pub type HourWeek = [[usize; 24]; 7];

/// The replies by weekday and hour, and how many were placed in the viewer's zone for want
/// of the contact's.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReplyHours {
    pub heat: HourWeek,
    pub in_viewers_zone: usize,
}

impl ReplyHours {
    /// How many replies it holds.
    pub fn total(&self) -> usize {
        self.heat.iter().flatten().sum()
    }
}

/// `who`'s replies in the window by weekday and hour where each contact lives
/// (`zone_of`, by contact id).
pub fn reply_hours(
    replies: &[Exchange],
    basis: &Basis,
    who: Who,
    zone_of: impl Fn(i64) -> Option<Zone>,
) -> ReplyHours {
    let mut hours = ReplyHours::default();
    for exchange in basis.replies(replies).filter(|e| who.has_reply(e)) {
        let Some(at) = exchange.updated_at else { continue };
        let zone = zone_of(exchange.contact.id).unwrap_or_else(|| {
            hours.in_viewers_zone += 1;
            *basis.zone
        });
        let local = at.0.naive_utc() + TimeDelta::seconds(i64::from(zone.offset_seconds(at.0)));
        let day = local.weekday().num_days_from_monday() as usize;
        if let Some(slot) = hours.heat.get_mut(day).and_then(|d| d.get_mut(local.hour() as usize)) {
            *slot += 1;
        }
    }
    hours
}
