//! Exchanges as a reply inbox: the category bar (each category's key, name and count; the
//! listed one highlighted), the server-side filters of endpoint 9 in the title (`f` edits
//! them), and the rows — new ones bold with a marker, marked ones flagged.

use crate::api::ExchangeQuery;
use crate::inbox::Facts;
use crate::present::Tone;
use crate::text::sanitize;
use crate::tui::command::Command;
use crate::tui::layout::split_bar;
use crate::tui::model::Shelf;
use crate::tui::resource::Exchanges;
use crate::tui::state::AppState;
use crate::tui::views::pane::render_pane_list_adjusted;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// The filters in words: `replied · all campaigns · 2024-05-01 → today`.
pub(crate) fn query_text(query: &ExchangeQuery, state: &AppState) -> String {
    let group = query.group.as_ref().map_or("replied", |g| g.as_str());
    let campaign = match query.campaign_id {
        Some(id) => {
            state.campaign_name(id).map(sanitize).unwrap_or_else(|| format!("campaign #{id}"))
        }
        None => "all campaigns".into(),
    };
    let start = query.start_date.map_or("2023-01-01".to_string(), |d| d.to_string());
    let end = query.end_date.map_or("today".to_string(), |d| d.to_string());
    format!("{group} · {campaign} · {start} → {end}")
}

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    let theme = &state.theme;
    let (bar, list) = split_bar(area, true);
    if let Some(bar) = bar {
        frame.render_widget(category_bar(state), bar);
    }
    let mut extra = vec![Span::styled(
        format!(" · {} [f]", query_text(&state.exchanges.query, state)),
        theme.accent,
    )];
    if !state.inbox.hide_handled {
        extra.push(Span::styled(" · handled shown", theme.dim));
    }
    let inbox = &state.inbox;
    render_pane_list_adjusted::<Exchanges>(frame, list, state, extra, |exchange, cells| {
        if inbox.is_new(exchange) {
            cells.iter_mut().for_each(|cell| cell.strong = true);
        }
        if inbox.marked.contains(&exchange.id)
            && let Some(marker) = cells.first_mut()
            && let Some(part) = marker.parts.get_mut(1)
        {
            *part = ("+".into(), Tone::Accent);
        }
    });
}

/// `A all 42  i Interested 5  m Meeting 3 …`: each category's key, name and count; the
/// listed one highlighted, empty ones left out (unless listed).
fn category_bar(state: &AppState) -> Line<'static> {
    let theme = &state.theme;
    let items = state.store.exchanges.items();
    let shelves = state.inbox.shelves(items);
    let all: usize = shelves.iter().map(|(_, _, count, _)| count).sum();
    let mut spans = Vec::new();
    let mut entry = |shelf: Shelf, label: &str, count: usize, tone: Tone| {
        let listed = state.inbox.shelf == shelf;
        if count == 0 && !listed {
            return;
        }
        let key = state.keymap.key_for(Command::ShowCategory(shelf)).unwrap_or_default();
        let style = if listed { theme.tab_active } else { theme.tone(tone) };
        spans.push(Span::styled(format!("{key} "), theme.key));
        spans.push(Span::styled(format!("{label} {count}"), style));
        spans.push(Span::raw("  "));
    };
    entry(Shelf::All, "all", all, Tone::Plain);
    for (shelf, label, count, tone) in shelves {
        entry(shelf, &label, count, tone);
    }
    Line::from(spans)
}
