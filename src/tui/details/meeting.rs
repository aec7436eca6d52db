//! A meeting: when (in both zones), who, and its summary wrapped to the width.

use crate::api::Meeting;
use crate::present::columns::meetings::{day as meeting_day, their_time, their_zone, time};
use crate::present::names::person_with_address;
use crate::results::MeetingState;
use crate::text::{sanitize, wrap_line};
use crate::tui::state::AppState;
use crate::tui::widgets::detail::{field, styled_field};
use ratatui::text::Line;

pub fn detail_lines(meeting: &Meeting, state: &AppState) -> Vec<Line<'static>> {
    let theme = &state.env.theme;
    let zone = &state.env.zone;
    let when = format!("{} {}", meeting_day(meeting, zone), time(meeting, zone));
    let standing = MeetingState::of(meeting, state.env.now);
    let tone = match standing {
        MeetingState::Cancelled => theme.negative,
        MeetingState::Held => theme.text,
        MeetingState::Upcoming => theme.positive,
    };
    let status = styled_field("Status", standing.label(), tone, theme);
    let campaign = meeting
        .campaign
        .as_ref()
        .map(|c| format!("{} (#{})", sanitize(&c.name), c.id))
        .unwrap_or_default();
    let link = meeting.meeting_link.as_deref().map(sanitize).unwrap_or_else(|| "none".into());
    let mut lines = vec![
        styled_field("When (your time)", when, theme.title, theme),
        field("Their time", sanitize(&their_time(meeting, zone)), theme),
        field("Their zone", sanitize(&their_zone(meeting)), theme),
        status,
        field("Contact", sanitize(&person_with_address(meeting.contact.as_ref())), theme),
        field("Bot", sanitize(&person_with_address(meeting.bot.as_ref())), theme),
        field("User", sanitize(&person_with_address(meeting.user.as_ref())), theme),
        field("Campaign", campaign, theme),
        field("Exchange", format!("#{}", meeting.exchange_id), theme),
        field("Booked", meeting.created_at.map(|t| zone.date_time(t.0)).unwrap_or_default(), theme),
        styled_field("Meeting link", link, theme.link, theme),
        Line::from(""),
    ];
    let summary = meeting.summary.as_deref().map(sanitize).unwrap_or_default();
    let room = usize::from(state.env.width.saturating_sub(26)).max(20);
    for (index, piece) in wrap_line(&summary, room).into_iter().enumerate() {
        lines.push(field(if index == 0 { "Summary" } else { "" }, piece, theme));
    }
    lines
}
