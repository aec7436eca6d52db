//! Where a meeting stands — upcoming, held or cancelled — by one rule for every face: the
//! Meetings pane, a meeting's detail, `meetings list`, the results (`report`, the Campaigns
//! columns) and the Overview's upcoming meetings. Every meeting listed was booked:
//! booked = upcoming + held + cancelled.

use crate::api::Meeting;
use chrono::{DateTime, Utc};
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MeetingState {
    /// Not cancelled, and not over yet (or with no time yet).
    Upcoming,
    /// Not cancelled, and its end has passed (its start, when the server gave no end).
    Held,
    Cancelled,
}

impl MeetingState {
    /// Cancelled if cancelled; else held once its end is past; else upcoming.
    pub fn of(meeting: &Meeting, now: DateTime<Utc>) -> MeetingState {
        if meeting.cancelled {
            MeetingState::Cancelled
        } else if meeting.end.or(meeting.start).is_some_and(|over| over.0 < now) {
            MeetingState::Held
        } else {
            MeetingState::Upcoming
        }
    }

    /// The word shown for it.
    pub fn label(self) -> &'static str {
        match self {
            MeetingState::Upcoming => "upcoming",
            MeetingState::Held => "held",
            MeetingState::Cancelled => "cancelled",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Timestamp;

    #[test]
    fn held_once_its_end_is_past_cancelled_whatever_its_time() {
        let now = Timestamp::parse("2024-05-08T12:00:00Z").unwrap().0;
        let meeting = |start: &str, end: Option<&str>, cancelled| Meeting {
            start: Timestamp::parse(start),
            end: end.and_then(Timestamp::parse),
            cancelled,
            ..Meeting::default()
        };
        let state = |m: &Meeting| MeetingState::of(m, now);
        let ended = meeting("2024-05-08T09:00:00Z", Some("2024-05-08T10:00:00Z"), false);
        assert_eq!(state(&ended), MeetingState::Held, "ended two hours ago");
        let running = meeting("2024-05-08T11:30:00Z", Some("2024-05-08T12:30:00Z"), false);
        assert_eq!(state(&running), MeetingState::Upcoming, "not over yet");
        let later = meeting("2024-05-09T09:00:00Z", Some("2024-05-09T10:00:00Z"), false);
        assert_eq!(state(&later), MeetingState::Upcoming);
        let no_end = meeting("2024-05-08T11:00:00Z", None, false);
        assert_eq!(state(&no_end), MeetingState::Held, "started, and no end to wait for");
        assert_eq!(state(&Meeting::default()), MeetingState::Upcoming, "no time yet");
        let called_off = meeting("2024-05-08T09:00:00Z", Some("2024-05-08T10:00:00Z"), true);
        assert_eq!(state(&called_off), MeetingState::Cancelled);
        assert_eq!(MeetingState::Held.label(), "held");
    }
}
