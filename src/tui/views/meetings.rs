//! Meetings: an agenda grouped by day (the day shown on its first meeting), times in the
//! user's zone and in the meeting's own zone when different, cancelled ones struck
//! through; the date range of endpoint 12 in the title (`f` edits it).

use crate::api::MeetingQuery;
use crate::tui::resource::{Meetings, PaneList};
use crate::tui::rows::{meeting_cells, meeting_day};
use crate::tui::state::AppState;
use crate::tui::views::pane::{list_title, render_detail, render_list};
use crate::tui::widgets::table::{Column, cell};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::Span;

const COLUMNS: [Column; 7] = [
    Column::new(Meetings::COLUMNS[0], 14, 14, 1),
    Column::new(Meetings::COLUMNS[1], 11, 11, 0),
    Column::new(Meetings::COLUMNS[2], 16, 18, 3),
    Column::new(Meetings::COLUMNS[3], 12, 20, 0),
    Column::new(Meetings::COLUMNS[4], 10, 22, 5),
    Column::new(Meetings::COLUMNS[5], 12, 26, 4),
    Column::new(Meetings::COLUMNS[6], 10, 60, 2),
];

/// The range in words: `2024-05-01 → 2024-06-01`.
pub fn range_text(query: &MeetingQuery) -> String {
    let start = query.start_date.map_or("any".to_string(), |d| d.to_string());
    let end = query.end_date.map_or("any".to_string(), |d| d.to_string());
    format!("{start} → {end}")
}

pub fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if state.meetings.detail.is_some() {
        return render_detail(frame, area, state, "Meeting");
    }
    let theme = &state.theme;
    let remote = &state.store.meetings;
    let list = &state.meetings.list;
    let items = remote.items();
    let range = Span::styled(format!(" · {} [f]", range_text(&state.meetings.query)), theme.accent);
    let title = list_title(state, "Meetings", remote, list, vec![range]);
    render_list(
        frame,
        area,
        state,
        "meetings",
        remote,
        list,
        title,
        &COLUMNS,
        |meeting, position| {
            let [day, time, theirs, contact, bot, campaign, summary] =
                meeting_cells(meeting, &state.zone);
            // The day heads its group: shown on the first meeting of a day and at the top.
            let previous = position
                .checked_sub(1)
                .filter(|&p| p >= list.offset())
                .and_then(|p| list.order().get(p))
                .and_then(|&i| items.get(i as usize));
            let day = match previous {
                Some(before) if meeting_day(before, &state.zone) == day => String::new(),
                _ => day,
            };
            let (base, summary) = if meeting.cancelled {
                (theme.dim.add_modifier(Modifier::CROSSED_OUT), format!("cancelled · {summary}"))
            } else {
                (theme.text, summary)
            };
            vec![
                cell(day, theme.header),
                cell(time, base),
                cell(theirs, theme.dim),
                cell(contact, base),
                cell(bot, theme.dim),
                cell(campaign, base),
                cell(summary, base),
            ]
        },
    );
}
