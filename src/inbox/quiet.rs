//! Quiet until a moment, then new: the one rule behind a snoozed reply ("remind me in 30
//! days") and an automatic absence notice ("away until 3 December"). Until the moment the
//! reply is not new and waits on nobody; from it, the reply counts as having moved then,
//! so it comes back as new although its `updated_at` did not move, and stays new until the
//! user looks at it after that moment.

use crate::api::Timestamp;
use crate::clock::Zone;
use chrono::{DateTime, NaiveDate, NaiveTime, TimeDelta, TimeZone, Utc};

/// Until when a reply is quiet: the later of its snooze and its writer's return (a reply
/// snoozed past the return stays asleep; a snooze that ended before it leaves it away).
pub fn quiet_until(snoozed: Option<Timestamp>, back: Option<Timestamp>) -> Option<Timestamp> {
    snoozed.max(back)
}

/// Whether a reply quiet until `until` is still quiet at `now`.
pub fn is_quiet(until: Option<Timestamp>, now: Timestamp) -> bool {
    until.is_some_and(|until| now < until)
}

/// The moment a reply counts as having last moved, for "new": `None` while it is quiet
/// (nothing is new about it yet), else its `updated_at`, or the moment it came back when that
/// is later. Seeing the reply records this moment, so one seen after it came back is not new
/// again until it moves.
pub fn moved_at(
    updated_at: Option<Timestamp>,
    until: Option<Timestamp>,
    now: Timestamp,
) -> Option<Timestamp> {
    if is_quiet(until, now) {
        return None;
    }
    updated_at.max(until)
}

/// The first moment of `day` in `zone`: a snooze "until 24 December" and an absence "back
/// on 4 December" both end as that day begins where the person is. Where the day begins
/// in a gap (a zone moving its clocks at midnight), the first moment after it.
pub fn day_start(day: NaiveDate, zone: &Zone) -> Timestamp {
    let found = match zone {
        Zone::Local => first_moment(day, &chrono::Local),
        Zone::Named(named) => first_moment(day, named),
    };
    Timestamp(found.unwrap_or_else(|| day.and_time(NaiveTime::MIN).and_utc()))
}

fn first_moment<Z: TimeZone>(day: NaiveDate, zone: &Z) -> Option<DateTime<Utc>> {
    let midnight = day.and_time(NaiveTime::MIN);
    (0..=3).find_map(|hours| {
        let local = midnight + TimeDelta::hours(hours);
        zone.from_local_datetime(&local).earliest().map(|at| at.with_timezone(&Utc))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Timestamp {
        Timestamp::parse(text).unwrap()
    }

    #[test]
    fn quiet_until_the_moment_then_moved_then() {
        let updated = Some(at("2026-11-20T09:00:00Z"));
        let until = Some(at("2026-12-04T00:00:00Z"));
        assert_eq!(moved_at(updated, until, at("2026-12-03T23:59:00Z")), None, "still quiet");
        assert_eq!(moved_at(updated, until, at("2026-12-04T00:00:00Z")), until, "came back");
        assert_eq!(moved_at(updated, None, at("2026-12-05T00:00:00Z")), updated, "never quiet");
        let later = Some(at("2026-12-10T00:00:00Z"));
        assert_eq!(moved_at(later, until, at("2026-12-11T00:00:00Z")), later, "moved since");
        assert_eq!(quiet_until(until, later), later, "the later of the two");
        assert_eq!(quiet_until(None, until), until);
        assert!(
            is_quiet(until, at("2026-12-01T00:00:00Z"))
                && !is_quiet(None, at("2026-12-01T00:00:00Z"))
        );
    }

    #[test]
    fn a_day_starts_at_midnight_where_the_person_is() {
        let day = NaiveDate::from_ymd_opt(2026, 12, 24).unwrap();
        let berlin = Zone::named("Europe/Berlin").unwrap();
        assert_eq!(day_start(day, &berlin), at("2026-12-23T23:00:00Z"));
        let new_york = Zone::named("America/New_York").unwrap();
        assert_eq!(day_start(day, &new_york), at("2026-12-24T05:00:00Z"));
        // Santiago moved its clocks at midnight: 2024-09-08 began at 01:00.
        let santiago = Zone::named("America/Santiago").unwrap();
        let gap = NaiveDate::from_ymd_opt(2024, 9, 8).unwrap();
        assert_eq!(day_start(gap, &santiago), at("2024-09-08T04:00:00Z"));
    }
}
