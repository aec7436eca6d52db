//! The clocks a front end's loop waits on: a steady tick that skips what it missed (a busy
//! loop does not catch up in a burst), and the auto-refresh, which may be off.

use std::time::Duration;
use tokio::time::{Interval, MissedTickBehavior, interval, interval_at};

/// A tick every `every`, the first at once; missed ticks are skipped.
pub fn ticking(every: Duration) -> Interval {
    let mut timer = interval(every);
    timer.set_missed_tick_behavior(MissedTickBehavior::Skip);
    timer
}

/// The auto-refresh's timer, its first tick one period from now; `None` when it is off.
pub fn refreshing(every: Option<Duration>) -> Option<Interval> {
    every.filter(|every| !every.is_zero()).map(|every| {
        let mut timer = interval_at(tokio::time::Instant::now() + every, every);
        timer.set_missed_tick_behavior(MissedTickBehavior::Skip);
        timer
    })
}

/// Waits for the next auto-refresh, or forever when it is off.
pub async fn next_refresh(timer: &mut Option<Interval>) {
    match timer {
        Some(timer) => {
            timer.tick().await;
        }
        None => std::future::pending().await,
    }
}
