//! How each campaign and each bot is doing over a range of days: replies by category,
//! Interested, meetings booked / held / upcoming / cancelled, the reply → meeting rate, the
//! last activity and a per-day series. Pure computation over the fetched replied exchanges
//! and meetings, a given "now" and a [`Window`], like [`crate::summary`], so the dashboard's
//! Campaigns and Bots panes, the Overview's chart, `campaigns show`, `bots show` and
//! `outreach report` all print the same numbers.
//!
//! One definition of each number, in calendar days of the viewer's zone:
//! - a **reply** is a conversation in the replied group (the contact answered at some
//!   point) whose last update falls in the window, counted once; its category is
//!   [`crate::inbox::Category`]'s;
//! - a **meeting booked** is a meeting created in the window (its start when the server
//!   gave no creation time), cancelled or not; each is cancelled, held or upcoming by
//!   [`MeetingState::of`] (cancelled if cancelled; else held once its end is past; else
//!   upcoming): booked = held + upcoming + cancelled;
//! - the **reply → meeting rate** is meetings booked per reply, both in the window;
//! - **last activity** is the latest reply update or meeting booking in the window.

mod hours;
mod meeting;
mod series;
mod tally;
mod trend;
mod window;

pub use hours::{HourWeek, ReplyHours, reply_hours};
pub use meeting::MeetingState;
pub use series::{Bucket, DayPoint, buckets, series};
pub use tally::{Basis, Group, MeetingTally, Results, Tally, Who};
pub use trend::{TREND_DAYS, Trend, Trends, trend_window, trends};
pub use window::{RANGES, Window, next_range};

#[cfg(test)]
mod tests;
