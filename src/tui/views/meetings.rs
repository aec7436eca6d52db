//! Meetings: an agenda grouped by day (the day shown on its first meeting), times in the
//! user's zone and in the meeting's own zone when different, cancelled ones struck
//! through; the date range of endpoint 12 in the title (`f` edits it).

use crate::api::{Meeting, MeetingQuery};
use crate::present::columns::meetings::{day as meeting_day, state_prefix};
use crate::present::{Shown, tone};
use crate::results::MeetingState;
use crate::tui::resource::{Meetings, PaneList, context};
use crate::tui::state::AppState;
use crate::tui::views::pane::{list_title, render_detail, render_list};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Span;

/// The range in words: `2024-05-01 → 2024-06-01`.
pub(crate) fn range_text(query: &MeetingQuery) -> String {
    let start = query.start_date.map_or("any".to_string(), |d| d.to_string());
    let end = query.end_date.map_or("any".to_string(), |d| d.to_string());
    format!("{start} → {end}")
}

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if state.panes.meetings.detail.is_some() {
        return render_detail(frame, area, state, "Meeting");
    }
    let theme = &state.env.theme;
    let remote = &state.org.store.meetings;
    let list = &state.panes.meetings.list;
    let items = remote.items();
    let range =
        Span::styled(format!(" · {} [f]", range_text(&state.panes.meetings.query)), theme.accent);
    let title = list_title(state, "Meetings", remote, list, vec![range], area.width);
    let columns = Meetings::columns();
    let context = context(state);
    render_list(
        frame,
        area,
        state,
        "meetings",
        remote,
        list,
        title,
        &columns,
        &context,
        |meeting, position, cells: &mut Vec<Shown>| {
            let previous = position
                .checked_sub(1)
                .filter(|&p| p >= list.offset())
                .and_then(|p| list.order().get(p))
                .and_then(|&i| items.get(i as usize));
            mark_row(state, meeting, previous, cells);
        },
    );
}

/// The agenda's marks on a meeting's cells: the day heads its group (shown on the first
/// meeting of a day, `previous` the row above in view), and the summary, last, says first
/// that the meeting is over or was called off.
pub(crate) fn mark_row(
    state: &AppState,
    meeting: &Meeting,
    previous: Option<&Meeting>,
    cells: &mut [Shown],
) {
    let zone = &state.env.zone;
    let same_day =
        previous.is_some_and(|before| meeting_day(before, zone) == meeting_day(meeting, zone));
    if let (true, Some(day)) = (same_day, cells.first_mut()) {
        *day = Shown::default();
    }
    let standing = MeetingState::of(meeting, state.env.now);
    if let (Some(prefix), Some(summary)) = (state_prefix(standing), cells.last_mut()) {
        summary.parts.insert(0, (prefix, tone::meeting(standing)));
    }
}
