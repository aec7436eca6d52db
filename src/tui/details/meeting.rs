//! A meeting: when (in both zones), who, and its summary wrapped to the width.

use crate::api::Meeting;
use crate::present::Tone;
use crate::present::columns::meetings::{day as meeting_day, their_time, their_zone, time};
use crate::present::names::person_with_address;
use crate::results::MeetingState;
use crate::text::{sanitize, wrap_line};
use crate::tui::detail_line::{DetailLine, Mark};
use crate::tui::state::AppState;

pub fn detail_lines(meeting: &Meeting, state: &AppState) -> Vec<DetailLine> {
    let zone = &state.env.zone;
    let when = format!("{} {}", meeting_day(meeting, zone), time(meeting, zone));
    let standing = MeetingState::of(meeting, state.env.now);
    let tone = match standing {
        MeetingState::Cancelled => Tone::Bad,
        MeetingState::Held => Tone::Plain,
        MeetingState::Upcoming => Tone::Good,
    };
    let status = DetailLine::marked("Status", standing.label(), tone);
    let campaign = meeting
        .campaign
        .as_ref()
        .map(|c| format!("{} (#{})", sanitize(&c.name), c.id))
        .unwrap_or_default();
    let link = meeting.meeting_link.as_deref().map(sanitize).unwrap_or_else(|| "none".into());
    let mut lines = vec![
        DetailLine::marked("When (your time)", when, Mark::Name),
        DetailLine::field("Their time", sanitize(&their_time(meeting, zone))),
        DetailLine::field("Their zone", sanitize(&their_zone(meeting))),
        status,
        DetailLine::field("Contact", sanitize(&person_with_address(meeting.contact.as_ref()))),
        DetailLine::field("Bot", sanitize(&person_with_address(meeting.bot.as_ref()))),
        DetailLine::field("User", sanitize(&person_with_address(meeting.user.as_ref()))),
        DetailLine::field("Campaign", campaign),
        DetailLine::field("Exchange", format!("#{}", meeting.exchange_id)),
        DetailLine::field(
            "Booked",
            meeting.created_at.map(|t| zone.date_time(t.0)).unwrap_or_default(),
        ),
        DetailLine::marked("Meeting link", link, Mark::Link),
        DetailLine::Blank,
    ];
    let summary = meeting.summary.as_deref().map(sanitize).unwrap_or_default();
    let room = usize::from(state.env.width.saturating_sub(26)).max(20);
    for (index, piece) in wrap_line(&summary, room).into_iter().enumerate() {
        lines.push(DetailLine::field(if index == 0 { "Summary" } else { "" }, piece));
    }
    lines
}
