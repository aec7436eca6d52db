//! Exchanges: the server-side filters of endpoint 9 in the title (`f` edits them), and a
//! table whose status is coloured by kind (positive, neutral, negative).

use crate::api::ExchangeQuery;
use crate::text::sanitize;
use crate::tui::resource::Exchanges;
use crate::tui::state::AppState;
use crate::tui::views::pane::render_pane_list;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Span;

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
    let filters =
        Span::styled(format!(" · {} [f]", query_text(&state.exchanges.query, state)), theme.accent);
    render_pane_list::<Exchanges>(frame, area, state, vec![filters]);
}
