//! Where a bot's warm-up stands: the API gives only the starting volume, the daily increment,
//! the limit and the start; a person wants "day 12, sending 34 of 52 a day".

use crate::api::Bot;
use chrono::{DateTime, Utc};
use serde::Serialize;

/// A bot's warm-up as of one instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct Warmup {
    /// Whole days since `warmup_started_at` (0 on the day it started).
    pub day: i64,
    /// Today's sending volume: initial + increment × day, capped at the limit.
    pub volume: i64,
    /// The daily limit the warm-up climbs to.
    pub limit: i64,
}

impl Warmup {
    /// Whether the volume has reached the limit.
    pub(crate) fn complete(&self) -> bool {
        self.volume >= self.limit
    }

    /// The volume as a share of the limit, 0.0 to 1.0.
    pub(crate) fn ratio(&self) -> f64 {
        if self.limit <= 0 { 1.0 } else { (self.volume as f64 / self.limit as f64).clamp(0.0, 1.0) }
    }

    /// `day 12 · 34/52 a day`, or `warmed up · 52/52 a day (day 40)`.
    pub(crate) fn describe(&self) -> String {
        if self.complete() {
            format!("warmed up · {}/{} a day (day {})", self.volume, self.limit, self.day)
        } else {
            format!("day {} · {}/{} a day", self.day, self.volume, self.limit)
        }
    }

    /// Today's sending capacity against the limit: `34/52 today`.
    pub(crate) fn today(&self) -> String {
        format!("{}/{} today", self.volume, self.limit)
    }
}

/// How a bot's warm-up climbs: from its initial volume by its increment a day up to its
/// limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Ramp {
    pub initial: i64,
    /// A missing or negative increment counts as no increase.
    pub increment: i64,
    pub limit: i64,
}

impl Ramp {
    /// The bot's ramp; `None` when its volume or limit is not set.
    pub(crate) fn of(bot: &Bot) -> Option<Ramp> {
        Some(Ramp {
            initial: bot.initial_volume?,
            increment: bot.warmup_increment.unwrap_or(0).max(0),
            limit: bot.max_daily_limit?,
        })
    }

    /// The volume on `day` (0: the day it started).
    pub(crate) fn volume(&self, day: i64) -> i64 {
        self.initial.saturating_add(self.increment.saturating_mul(day.max(0))).min(self.limit)
    }

    /// The first day the volume reaches the limit; `None` when it never climbs there.
    pub(crate) fn full_on(&self) -> Option<i64> {
        let rest = self.limit.saturating_sub(self.initial);
        if rest <= 0 {
            Some(0)
        } else if self.increment > 0 {
            Some((rest + self.increment - 1) / self.increment)
        } else {
            None
        }
    }
}

/// Where `bot`'s warm-up stands at `now`; `None` when it has not started or its volume or
/// limit is not set (a missing increment counts as no increase).
pub(crate) fn warmup(bot: &Bot, now: DateTime<Utc>) -> Option<Warmup> {
    let started = bot.warmup_started_at?.0;
    let ramp = Ramp::of(bot)?;
    let day = (now - started).num_days().max(0);
    Some(Warmup { day, volume: ramp.volume(day), limit: ramp.limit })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Timestamp;

    fn bot(started: &str) -> Bot {
        Bot {
            initial_volume: Some(10),
            max_daily_limit: Some(52),
            warmup_increment: Some(2),
            warmup_started_at: Timestamp::parse(started),
            ..Bot::default()
        }
    }

    fn now() -> DateTime<Utc> {
        Timestamp::parse("2024-05-20T12:00:00").unwrap().0
    }

    #[test]
    fn volume_climbs_by_the_increment_each_day_since_the_start() {
        let at = warmup(&bot("2024-05-08T09:00:00"), now()).unwrap();
        assert_eq!(at, Warmup { day: 12, volume: 34, limit: 52 });
        assert_eq!(at.describe(), "day 12 · 34/52 a day");
        assert!((at.ratio() - 34.0 / 52.0).abs() < 1e-9);
        assert_eq!(at.today(), "34/52 today");
        // The day it started, and just short of a whole day later: still the initial volume.
        assert_eq!(warmup(&bot("2024-05-20T11:00:00"), now()).unwrap().volume, 10);
        assert_eq!(warmup(&bot("2024-05-19T12:00:01"), now()).unwrap().day, 0);
    }

    #[test]
    fn the_ramp_reaches_its_limit_on_a_known_day() {
        let ramp = Ramp::of(&bot("2024-05-08T09:00:00")).unwrap();
        // 10 + 2 a day reaches 52 on day 21.
        assert_eq!((ramp.full_on(), ramp.volume(20), ramp.volume(21)), (Some(21), 50, 52));
        let flat = Ramp { increment: 0, ..ramp };
        assert_eq!(flat.full_on(), None, "never climbs");
        assert_eq!(Ramp { initial: 60, ..ramp }.full_on(), Some(0));
    }

    #[test]
    fn volume_stops_at_the_limit() {
        let done = warmup(&bot("2024-03-01T00:00:00"), now()).unwrap();
        assert_eq!((done.volume, done.limit), (52, 52));
        assert!(done.complete());
        assert_eq!(done.describe(), "warmed up · 52/52 a day (day 80)");
        assert_eq!(done.ratio(), 1.0);
    }

    #[test]
    fn no_warmup_without_a_start_volume_or_limit() {
        assert_eq!(
            warmup(&Bot { warmup_started_at: None, ..bot("2024-05-01T00:00:00") }, now()),
            None
        );
        assert_eq!(
            warmup(&Bot { max_daily_limit: None, ..bot("2024-05-01T00:00:00") }, now()),
            None
        );
        let flat = Bot { warmup_increment: None, ..bot("2024-05-01T00:00:00") };
        assert_eq!(warmup(&flat, now()).unwrap().volume, 10);
        // A start in the future (clock skew) reads as day 0, not a negative volume.
        assert_eq!(warmup(&bot("2024-06-01T00:00:00"), now()).unwrap().day, 0);
    }
}
