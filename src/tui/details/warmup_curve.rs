//! A bot's warm-up as a curve: its volume a day from the day it started to the day it
//! reaches its limit (or today, when later), today marked under it and written out.

use crate::api::Bot;
use crate::bots::Ramp;
use crate::present::Tone;
use crate::present::graph::{Graph, area, per_cell};
use crate::tui::detail_line::{DetailLine, piece};
use crate::tui::state::AppState;
use chrono::Days;

/// Lines of the curve's height, and cells of its width at most.
const HEIGHT: usize = 4;
const WIDTH: usize = 48;

/// The curve, with its heading; nothing for a bot whose warm-up has not started or whose
/// volume or limit is not set (the fields above say so).
pub(super) fn curve_lines(bot: &Bot, state: &AppState) -> Vec<DetailLine> {
    let (Some(ramp), Some(started), Some(at)) =
        (Ramp::of(bot), bot.warmup_started_at, crate::bots::warmup(bot, state.env.now))
    else {
        return Vec::new();
    };
    let graph = state.env.graph;
    let today = at.day;
    let last = ramp.full_on().unwrap_or(today).max(today).max(1);
    let label = format!("{} a day", ramp.limit);
    let margin = label.len() + 2;
    // As wide as the room allows up to a readable size, however few the days: a short
    // ramp is drawn in wide steps rather than squeezed into a corner.
    let cells =
        usize::from(state.env.width.saturating_sub(4)).saturating_sub(margin).clamp(1, WIDTH);
    let columns = cells * per_cell(graph);
    // Each day from 0 to `last` gets an equal share of the columns.
    let days = last + 1;
    let day_of = |column: usize| (column as i64 * days) / columns as i64;
    let values: Vec<f64> =
        (0..columns).map(|c| ramp.volume(day_of(c)) as f64 / ramp.limit.max(1) as f64).collect();
    let (tick, bottom, side, line, mark) = match graph {
        Graph::Ascii => ('+', '+', '|', '-', '^'),
        Graph::Block | Graph::Braille => ('┤', '└', '│', '─', '▲'),
    };
    // The first column of today's share.
    let today_cell =
        usize::try_from((today * columns as i64 + days - 1) / days).unwrap_or(0) / per_cell(graph);
    let mut lines = vec![
        DetailLine::Blank,
        DetailLine::Heading(format!("Warm-up curve (volume a day, {mark} today)")),
    ];
    for (row, drawn) in area(&values, HEIGHT, graph).into_iter().enumerate() {
        let left = if row == 0 { format!("{label} {tick}") } else { format!("{:>margin$}", side) };
        lines.push(DetailLine::Text(vec![
            piece(format!("  {left:>margin$}"), Tone::Dim),
            piece(drawn, Tone::Accent),
        ]));
    }
    let axis: String =
        (0..cells).map(|c| if c == today_cell.min(cells - 1) { mark } else { line }).collect();
    lines.push(DetailLine::Text(vec![
        piece(format!("  {:>margin$}", format!("0 {bottom}")), Tone::Dim),
        piece(axis, Tone::Warn),
    ]));
    let end = format!("day {last}");
    let gap = cells.saturating_sub(5 + end.len()).max(1);
    lines.push(DetailLine::text(
        format!("  {:margin$}day 0{}{end}", "", " ".repeat(gap)),
        Tone::Dim,
    ));
    let zone = &state.env.zone;
    let full = match ramp.full_on() {
        Some(day) => {
            let on = zone.date(started.0).checked_add_days(Days::new(day.max(0) as u64));
            format!(
                " · at its limit from day {day}{}",
                on.map(|d| format!(" ({d})")).unwrap_or_default()
            )
        }
        None => " · does not climb (no increment)".to_string(),
    };
    lines.push(DetailLine::text(
        format!(
            "  {:margin$}{mark} today: day {today}, {}/{} a day{full}",
            "", at.volume, at.limit
        ),
        Tone::Plain,
    ));
    lines
}
