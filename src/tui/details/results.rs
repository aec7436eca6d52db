//! The results block of a campaign's or a bot's detail: replies by category, meetings
//! (booked, held, upcoming, cancelled), the reply → meeting rate, the last activity and a
//! chart of replies and meetings per day over the range, all from [`crate::results`].

use crate::present::Tone;
use crate::present::graph::{Graph, per_cell, sparkline_scaled};
use crate::results::{DayPoint, Tally, Who, buckets, series};
use crate::tui::command::Command;
use crate::tui::detail_line::{DetailLine, LABEL};
use crate::tui::state::AppState;

/// What `who` achieved in the range, with its heading; "loading" until both lists are in.
pub(super) fn result_lines(who: Who, state: &AppState) -> (Option<Tally>, Vec<DetailLine>) {
    let today = state.env.zone.date(state.env.now);
    let key = state.how(Command::CycleRange, "t");
    let title = format!(
        "Results · {} in {} ({key} changes)",
        state.range_window().describe(today),
        crate::clock::zone_label(state.env.zone.format(state.env.now, "%Z"))
    );
    let mut lines = vec![DetailLine::Blank, DetailLine::Heading(title)];
    let store = &state.org.store;
    let (Some(replies), Some(meetings)) = (&store.range_replies.data, &store.range_meetings.data)
    else {
        let failed = store.range_replies.error.is_some() || store.range_meetings.error.is_some();
        let text = if failed {
            format!("could not load ({} retries)", state.how(Command::Refresh, "r"))
        } else {
            "loading…".to_string()
        };
        lines.push(DetailLine::marked("  Replies", text, Tone::Dim));
        return (None, lines);
    };
    let basis = state.results_basis();
    let tally = Tally::of(&replies.items, &meetings.items, &basis, who);
    lines.extend(tally_lines(&tally, state));
    let days = series(&replies.items, &meetings.items, &basis, who);
    lines.extend(chart_lines(
        &days,
        usize::from(state.env.width.saturating_sub(2)).saturating_sub(LABEL),
        state.env.graph,
    ));
    (Some(tally), lines)
}

/// A count of none is secondary.
fn count(tone: Tone, n: usize) -> Tone {
    if n == 0 { Tone::Dim } else { tone }
}

fn tally_lines(tally: &Tally, state: &AppState) -> Vec<DetailLine> {
    let mut lines = vec![DetailLine::marked(
        "  Replies",
        tally.replies.to_string(),
        count(Tone::Plain, tally.replies),
    )];
    for (category, n) in tally.categories() {
        let label = format!("    {}", crate::text::sanitize(category.label()));
        lines.push(DetailLine::marked(&label, n.to_string(), category.tone()));
    }
    let m = &tally.meetings;
    let booked =
        DetailLine::marked("  Meetings booked", m.booked.to_string(), count(Tone::Good, m.booked))
            .then(
                format!(" · {} held · {} upcoming · {} cancelled", m.held, m.upcoming, m.cancelled),
                Tone::Plain,
            );
    lines.push(booked);
    lines.push(DetailLine::field("  Reply → meeting", tally.rate_text()));
    let last = tally
        .last_activity
        .map_or_else(|| "none in the range".into(), |t| state.env.zone.date_time(t.0));
    lines.push(DetailLine::field("  Last activity", last));
    lines
}

/// One mark per bucket of days (two a cell in braille), as high as its count against the
/// busiest bucket of either row, drawn in the `[ui] graph` style.
fn bar(values: impl Iterator<Item = usize>, largest: usize, graph: Graph) -> String {
    let days: Vec<Option<usize>> = values.map(Some).collect();
    sparkline_scaled(&days, largest, graph)
}

/// Replies and meetings per day (or per few days when the range is wider than the room),
/// on one scale, with the first and last day under them.
fn chart_lines(days: &[DayPoint], room: usize, graph: Graph) -> Vec<DetailLine> {
    let cells = room.clamp(1, 90);
    let buckets = buckets(days, cells * per_cell(graph));
    let (Some(first), Some(last)) = (buckets.first(), buckets.last()) else { return Vec::new() };
    let largest = buckets.iter().map(|b| b.replies.max(b.meetings)).max().unwrap_or(0);
    // A braille cell holds two buckets side by side.
    let per = match days.len().div_ceil(buckets.len()) * per_cell(graph) {
        1 => "a cell a day".to_string(),
        n => format!("a cell per {n} days"),
    };
    let replies = bar(buckets.iter().map(|b| b.replies), largest, graph);
    let meetings = bar(buckets.iter().map(|b| b.meetings), largest, graph);
    let from = first.first.format("%d %b").to_string();
    let to = last.last.format("%d %b").to_string();
    let drawn = replies.chars().count();
    let gap = drawn.saturating_sub(from.len() + to.len()).max(1);
    vec![
        DetailLine::Blank,
        DetailLine::Heading(format!("  Per day ({per}, tallest {largest})")),
        DetailLine::marked("  Replies", replies, Tone::Good),
        DetailLine::marked("  Meetings", meetings, Tone::Accent),
        DetailLine::field("", format!("{from}{}{to}", " ".repeat(gap))),
    ]
}
