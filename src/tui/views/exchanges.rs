//! Exchanges: the server-side filters of endpoint 9 in the title (`f` edits them), and a
//! table whose status is coloured by kind (positive, neutral, negative).

use crate::api::ExchangeQuery;
use crate::text::sanitize;
use crate::tui::resource::{Exchanges, PaneList};
use crate::tui::rows::exchange_cells;
use crate::tui::state::AppState;
use crate::tui::views::pane::{list_title, render_list};
use crate::tui::widgets::table::{Column, cell};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Span;

const COLUMNS: [Column; 6] = [
    Column::new(Exchanges::COLUMNS[0], 14, 28, 0),
    Column::new(Exchanges::COLUMNS[1], 12, 26, 5),
    Column::new(Exchanges::COLUMNS[2], 14, 26, 4),
    Column::new(Exchanges::COLUMNS[3], 14, 28, 3),
    Column::new(Exchanges::COLUMNS[4], 18, 18, 1),
    Column::new(Exchanges::COLUMNS[5], 16, 16, 2),
];

/// The filters in words: `replied · all campaigns · 2024-05-01 → today`.
pub fn query_text(query: &ExchangeQuery, state: &AppState) -> String {
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

pub fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    let theme = &state.theme;
    let remote = &state.store.exchanges;
    let list = &state.exchanges.list;
    let filters =
        Span::styled(format!(" · {} [f]", query_text(&state.exchanges.query, state)), theme.accent);
    let title = list_title(state, "Exchanges", remote, list, vec![filters]);
    render_list(frame, area, state, "exchanges", remote, list, title, &COLUMNS, |exchange, _| {
        let campaign = state.campaign_name(exchange.campaign_id);
        let [contact, organisation, bot, campaign, status, updated] =
            exchange_cells(exchange, &state.zone, campaign);
        vec![
            cell(contact, theme.text),
            cell(organisation, theme.text),
            cell(bot, theme.dim),
            cell(campaign, theme.text),
            cell(status, theme.status_kind(exchange.status.kind())),
            cell(updated, theme.dim),
        ]
    });
}
