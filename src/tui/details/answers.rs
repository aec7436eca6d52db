//! "When do they answer" and the funnel of a campaign's detail: its replies of the range by
//! weekday and hour in each contact's own zone, and replied → interested → meeting booked
//! → held as bars, from the same [`crate::results`] counts as the lines above them.

use crate::present::Tone;
use crate::present::graph::{bar, heatmap};
use crate::results::Tally;
use crate::tui::detail_line::{DetailLine, piece};
use crate::tui::state::AppState;

/// The heatmap of the campaign's replies in the range (counted off the UI thread when the
/// detail opened), with the zones it is drawn in.
pub(super) fn heat_lines(campaign: i64, state: &AppState) -> Vec<DetailLine> {
    let contacts = state.org.store.contacts.data.as_ref();
    let mut lines = vec![
        DetailLine::Blank,
        DetailLine::Heading(
            "  When do they answer (replies by the hour of their latest update)".into(),
        ),
    ];
    let Some(hours) = state.org.hours.of(campaign) else {
        lines.push(DetailLine::text("  counting…", Tone::Dim));
        return lines;
    };
    if hours.total() == 0 {
        lines.push(DetailLine::text("  no replies in the range", Tone::Dim));
        return lines;
    }
    let room = usize::from(state.env.width.saturating_sub(4));
    let cell = if room >= 2 + 4 + 48 { 2 } else { 1 };
    lines.extend(
        heatmap(&hours.heat, cell, state.env.graph, "replies in that hour")
            .into_iter()
            .map(|line| DetailLine::text(format!("  {line}"), Tone::Accent)),
    );
    let unread = if contacts.is_none() { " (the contact list is not loaded yet)" } else { "" };
    let whose = match hours.in_viewers_zone {
        0 => "in each contact's own time zone".to_string(),
        n => format!(
            "in each contact's own time zone; {} not known{unread}, placed in yours",
            crate::text::count(n, "contact's zone", "contacts' zones")
        ),
    };
    lines.push(DetailLine::text(format!("  {whose}"), Tone::Dim));
    lines
}

/// Replied → interested → meeting booked → held, each a bar against the replies with its
/// number and its share of them.
pub(super) fn funnel_lines(tally: &Tally, state: &AppState) -> Vec<DetailLine> {
    let steps = [
        ("Replied", tally.replies, Tone::Plain),
        ("Interested", tally.interested(), Tone::Good),
        ("Meeting booked", tally.meetings.booked, Tone::Accent),
        ("Held", tally.meetings.held, Tone::Accent),
    ];
    let largest = steps.iter().map(|(_, n, _)| *n).max().unwrap_or(0);
    let width =
        usize::from(state.env.width.saturating_sub(4)).saturating_sub(2 + 16 + 14).clamp(4, 40);
    let mut lines = vec![DetailLine::Blank, DetailLine::Heading("  Funnel".into())];
    for (label, n, tone) in steps {
        let share = match tally.replies {
            0 => String::new(),
            replies => format!("  {:.0}%", n as f64 * 100.0 / replies as f64),
        };
        lines.push(DetailLine::Text(vec![
            piece(format!("  {label:<16}"), Tone::Dim),
            piece(format!("{:<width$}", bar(n, largest, width, state.env.graph)), tone),
            piece(format!(" {n:>5}{share}"), Tone::Plain),
        ]));
    }
    lines
}
