//! Meetings: an agenda by day in the user's zone, with the meeting's own time where it
//! reads differently; cancelled ones struck through.

use crate::api::{Meeting, Timestamp};
use crate::clock::{Zone, in_named_zone};
use crate::present::column::{ANY, Cell, Column, Value};
use crate::present::names::person_name;
use crate::present::tone::{self, Tone};
use crate::results::MeetingState;

use crate::present::sort::SortKey;

type Col = Column<Meeting>;

/// The meeting's day in the user's zone, `Mon 2024-05-06`.
pub(crate) fn day(meeting: &Meeting, zone: &Zone) -> String {
    meeting.start.map(|t| zone.format(t.0, "%a %Y-%m-%d")).unwrap_or_else(|| "no date".into())
}

/// Start–end in the user's zone.
pub(crate) fn time(meeting: &Meeting, zone: &Zone) -> String {
    let at = |t: Option<Timestamp>| t.map(|t| zone.format(t.0, "%H:%M"));
    match (at(meeting.start), at(meeting.end)) {
        (Some(start), Some(end)) => format!("{start}–{end}"),
        (Some(start), None) => start,
        _ => String::new(),
    }
}

/// What "Their time" says when the meeting's clock reads as the user's.
const SAME_TIME: &str = "same as yours";

/// Start–end in the meeting's own zone with its abbreviation (`11:00–11:45 EDT`), or "same as
/// yours" when it reads as in the user's zone (a blank would read as "unknown"). Not
/// sanitised: the zone name is the server's.
pub(crate) fn their_time(meeting: &Meeting, zone: &Zone) -> String {
    let (Some(name), Some(start)) = (meeting.iana_timezone.as_deref(), meeting.start) else {
        return String::new();
    };
    let theirs = |t: Timestamp, format| in_named_zone(t.0, name.trim(), format);
    let Some(their_start) = theirs(start, "%H:%M") else {
        return String::new();
    };
    if their_start == zone.format(start.0, "%H:%M") {
        return SAME_TIME.to_string();
    }
    let their_end = meeting
        .end
        .and_then(|end| theirs(end, "%H:%M"))
        .map(|e| format!("–{e}"))
        .unwrap_or_default();
    let abbreviation = theirs(start, "%Z").unwrap_or_default();
    format!("{their_start}{their_end} {abbreviation}")
}

/// The start in the meeting's own zone, always: `09:30 Europe/Paris` (the CLI's column).
pub(crate) fn their_start(meeting: &Meeting) -> String {
    let (Some(start), Some(zone)) = (meeting.start, meeting.iana_timezone.as_deref()) else {
        return String::new();
    };
    in_named_zone(start.0, zone, "%H:%M").map(|time| format!("{time} {zone}")).unwrap_or_default()
}

/// The meeting's own zone and its abbreviation: `America/New_York (EDT)`.
pub(crate) fn their_zone(meeting: &Meeting) -> String {
    let Some(name) = meeting.iana_timezone.as_deref().map(str::trim) else {
        return String::new();
    };
    match meeting.start.and_then(|start| in_named_zone(start.0, name, "%Z")) {
        Some(abbreviation) => format!("{name} ({abbreviation})"),
        None => name.to_string(),
    }
}

/// Struck through when cancelled, else as `tone`.
fn unless_cancelled(meeting: &Meeting, tone: Tone) -> Tone {
    if meeting.cancelled { Tone::Struck } else { tone }
}

fn id() -> Col {
    Col::new("Id", "ID", (ANY, ANY), |m, _| Cell::new(Value::Int(m.id))).right()
}

fn day_column() -> Col {
    Col::new("Day", "DAY", (14, 14), |m, c| Cell::text(day(m, c.zone)).tone(Tone::Heading))
        .sort_by(|m, _| SortKey::time(m.start))
        .drop(2)
}

fn time_column() -> Col {
    Col::new("Time", "TIME", (11, 11), |m, c| {
        Cell::text(time(m, c.zone)).tone(unless_cancelled(m, Tone::Plain))
    })
    .sort_by(|m, _| SortKey::time(m.start))
}

fn start() -> Col {
    Col::new("Start", "START", (ANY, ANY), |m, _| {
        Cell::time(m.start, m.unread.text("start")).tone(unless_cancelled(m, Tone::Plain))
    })
}

fn end() -> Col {
    Col::new("End", "END", (ANY, ANY), |m, _| Cell::time(m.end, m.unread.text("end"))).drop(7)
}

fn status() -> Col {
    Col::new("Status", "STATUS", (ANY, ANY), |m, c| {
        let state = MeetingState::of(m, c.now);
        Cell::text(state.label()).tone(tone::meeting(state))
    })
    .drop(2)
}

fn their_time_column() -> Col {
    Col::new("Their time", "THEIR TIME", (16, 18), |m, c| {
        Cell::text(their_time(m, c.zone)).tone(Tone::Dim)
    })
    .drop(4)
}

fn their_start_column() -> Col {
    Col::new("Their time", "THEIR TIME", (ANY, ANY), |m, _| Cell::text(their_start(m))).drop(4)
}

fn contact() -> Col {
    Col::new("Contact", "CONTACT", (12, 20), |m, _| {
        Cell::text(person_name(m.contact.as_ref())).tone(unless_cancelled(m, Tone::Plain))
    })
    .drop(1)
}

fn contact_email() -> Col {
    Col::new("E-mail", "EMAIL", (12, 32), |m, _| {
        Cell::text(m.contact.as_ref().map(|c| c.email.clone()).unwrap_or_default())
    })
    .drop(3)
}

fn bot() -> Col {
    Col::new("Bot", "BOT", (10, 22), |m, _| Cell::text(person_name(m.bot.as_ref())).tone(Tone::Dim))
        .drop(6)
}

fn campaign() -> Col {
    Col::new("Campaign", "CAMPAIGN", (12, 26), |m, _| {
        Cell::text(m.campaign.as_ref().map(|c| c.name.clone()).unwrap_or_default())
            .tone(unless_cancelled(m, Tone::Plain))
    })
    .drop(5)
}

fn summary() -> Col {
    Col::new("Summary", "SUMMARY", (10, 60), |m, _| {
        Cell::text(m.summary.clone().unwrap_or_default()).tone(unless_cancelled(m, Tone::Plain))
    })
    .drop(3)
}

/// Where the agenda shows the summary of a meeting that is over or called off, it says so
/// first ("held · ", "cancelled · "; not searched: the filter looks for what the meeting
/// is about). An upcoming one says nothing.
pub(crate) fn state_prefix(state: MeetingState) -> Option<String> {
    (state != MeetingState::Upcoming).then(|| format!("{} · ", state.label()))
}

fn link() -> Col {
    Col::new("Link", "LINK", (10, 60), |m, _| {
        Cell::text(m.meeting_link.clone().unwrap_or_default())
    })
    .drop(6)
}

pub(crate) fn screen() -> Vec<Col> {
    vec![day_column(), time_column(), their_time_column(), contact(), bot(), campaign(), summary()]
}

pub(crate) fn cli() -> Vec<Col> {
    vec![
        id(),
        start(),
        status(),
        contact(),
        contact_email(),
        campaign(),
        their_start_column(),
        end(),
        link(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meeting_time_in_their_zone_only_when_it_differs() {
        let zone = Zone::named("Europe/London").unwrap();
        let meeting = Meeting {
            id: 1,
            start: Timestamp::parse("2024-05-06T08:30:00"),
            end: Timestamp::parse("2024-05-06T09:00:00"),
            iana_timezone: Some("Europe/Berlin".into()),
            ..Meeting::default()
        };
        assert_eq!(time(&meeting, &zone), "09:30–10:00");
        assert_eq!(their_time(&meeting, &zone), "10:30–11:00 CEST");
        assert_eq!(their_zone(&meeting), "Europe/Berlin (CEST)");
        assert_eq!(day(&meeting, &zone), "Mon 2024-05-06");
        let same = Meeting { iana_timezone: Some("Europe/London".into()), ..meeting.clone() };
        assert_eq!(their_time(&same, &zone), "same as yours");
        let unknown = Meeting { iana_timezone: Some("Nowhere/Land".into()), ..meeting };
        assert_eq!(their_time(&unknown, &zone), "");
    }
}
