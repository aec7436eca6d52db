//! The results block of a campaign's or a bot's detail: replies by category, meetings
//! (booked, held, upcoming, cancelled), the reply → meeting rate, the last activity and a
//! chart of replies and meetings per day over the range, all from [`crate::results`].

use crate::present::Tone;
use crate::results::{DayPoint, Tally, Who, buckets, series};
use crate::tui::command::Command;
use crate::tui::state::AppState;
use crate::tui::theme::Theme;
use crate::tui::widgets::detail::{LABEL, field, heading, styled_field};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// Eight heights of a bar in one cell, and a dot for none.
const LEVELS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// What `who` achieved in the range, with its heading; "loading" until both lists are in.
pub(super) fn result_lines(who: Who, state: &AppState) -> (Option<Tally>, Vec<Line<'static>>) {
    let theme = &state.env.theme;
    let today = state.env.zone.date(state.env.now);
    let key = state.key_label(Command::CycleRange, "t");
    let title = format!(
        "Results · {} in {} ({key} changes)",
        state.range_window().describe(today),
        crate::clock::zone_label(state.env.zone.format(state.env.now, "%Z"))
    );
    let mut lines = vec![Line::from(""), heading(&title, theme)];
    let store = &state.org.store;
    let (Some(replies), Some(meetings)) = (&store.range_replies.data, &store.range_meetings.data)
    else {
        let failed = store.range_replies.error.is_some() || store.range_meetings.error.is_some();
        let text = if failed { "could not load (r retries)" } else { "loading…" };
        lines.push(styled_field("  Replies", text, theme.dim, theme));
        return (None, lines);
    };
    let basis = state.results_basis();
    let tally = Tally::of(&replies.items, &meetings.items, &basis, who);
    lines.extend(tally_lines(&tally, state));
    let days = series(&replies.items, &meetings.items, &basis, who);
    lines.extend(chart_lines(
        &days,
        usize::from(state.env.width.saturating_sub(2)).saturating_sub(LABEL),
        theme,
    ));
    (Some(tally), lines)
}

fn count(style: Style, n: usize, theme: &Theme) -> Style {
    if n == 0 { theme.dim } else { style }
}

fn tally_lines(tally: &Tally, state: &AppState) -> Vec<Line<'static>> {
    let theme = &state.env.theme;
    let mut lines = vec![styled_field(
        "  Replies",
        tally.replies.to_string(),
        count(theme.text, tally.replies, theme),
        theme,
    )];
    for (category, n) in tally.categories() {
        let label = format!("    {}", crate::text::sanitize(category.label()));
        lines.push(styled_field(&label, n.to_string(), theme.tone(category.tone()), theme));
    }
    let m = &tally.meetings;
    let mut booked = styled_field(
        "  Meetings booked",
        m.booked.to_string(),
        count(theme.tone(Tone::Good), m.booked, theme),
        theme,
    );
    booked.spans.push(Span::styled(
        format!(" · {} held · {} upcoming · {} cancelled", m.held, m.upcoming, m.cancelled),
        theme.text,
    ));
    lines.push(booked);
    lines.push(field("  Reply → meeting", tally.rate_text(), theme));
    let last = tally
        .last_activity
        .map_or_else(|| "none in the range".into(), |t| state.env.zone.date_time(t.0));
    lines.push(field("  Last activity", last, theme));
    lines
}

/// One cell per bucket of days, as high as its count against the busiest bucket.
fn bar(values: impl Iterator<Item = usize>, largest: usize) -> String {
    values
        .map(|n| match n {
            0 => '·',
            n => LEVELS[(n * LEVELS.len()).div_ceil(largest.max(1)).clamp(1, LEVELS.len()) - 1],
        })
        .collect()
}

/// Replies and meetings per day (or per few days when the range is wider than the room),
/// on one scale, with the first and last day under them.
fn chart_lines(days: &[DayPoint], room: usize, theme: &Theme) -> Vec<Line<'static>> {
    let buckets = buckets(days, room.clamp(1, 90));
    let (Some(first), Some(last)) = (buckets.first(), buckets.last()) else { return Vec::new() };
    let largest = buckets.iter().map(|b| b.replies.max(b.meetings)).max().unwrap_or(0);
    let per = match days.len().div_ceil(buckets.len()) {
        1 => "a cell a day".to_string(),
        n => format!("a cell per {n} days"),
    };
    let replies = bar(buckets.iter().map(|b| b.replies), largest);
    let meetings = bar(buckets.iter().map(|b| b.meetings), largest);
    let from = first.first.format("%d %b").to_string();
    let to = last.last.format("%d %b").to_string();
    let gap = buckets.len().saturating_sub(from.len() + to.len()).max(1);
    vec![
        Line::from(""),
        heading(&format!("  Per day ({per}, tallest {largest})"), theme),
        styled_field("  Replies", replies, theme.positive, theme),
        styled_field("  Meetings", meetings, theme.accent, theme),
        field("", format!("{from}{}{to}", " ".repeat(gap)), theme),
    ]
}
