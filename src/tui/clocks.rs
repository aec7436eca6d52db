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

/// How long a keystroke that started a search of a large list waits for the answer before
/// its frame is drawn without it: under the 16 ms a key may take, with room for the frame.
pub const ECHO_WAIT: Duration = Duration::from_millis(10);

/// Holds the frame of a keystroke that started a search of the list shown, until the answer
/// comes or [`ECHO_WAIT`] is over. The typed letter and its matches are then drawn once,
/// and the search does not share the machine with a frame that only echoes the letter (on
/// two cores that frame took one from the search, as long as it was drawn).
#[derive(Debug, Default)]
pub struct FrameHold {
    until: Option<tokio::time::Instant>,
}

impl FrameHold {
    /// After a batch of actions: `before` and `after` are the searches awaited before and
    /// after it. A new one holds the frame; no search awaited lets it go.
    /// `keyed`: the batch held a key (another key's frame is drawn at once).
    pub fn after_batch(&mut self, before: Option<u64>, after: Option<u64>, keyed: bool) {
        self.until = match after {
            None => None,
            Some(search) if keyed => {
                (before != Some(search)).then(|| tokio::time::Instant::now() + ECHO_WAIT)
            }
            Some(_) => self.until,
        };
    }

    /// Whether the frame waits now.
    pub fn holds(&self) -> bool {
        self.until.is_some_and(|until| tokio::time::Instant::now() < until)
    }

    /// When the hold ends (now when there is none: the loop waits on it only while on).
    pub fn ends(&self) -> tokio::time::Instant {
        self.until.unwrap_or_else(tokio::time::Instant::now)
    }

    pub fn is_on(&self) -> bool {
        self.until.is_some()
    }

    /// The frame was drawn.
    pub fn release(&mut self) {
        self.until = None;
    }
}
