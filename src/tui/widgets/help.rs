//! The `?` overlay: every key of the current screen, from the keymap itself.

use super::super::keymap::active_scopes;
use super::super::state::AppState;
use super::centered;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

/// The help lines for the current screen: keys, then what they do.
pub fn lines(state: &AppState) -> Vec<Line<'static>> {
    let theme = &state.theme;
    let scopes = active_scopes(state);
    let mut lines = Vec::new();
    for binding in state.keymap.active(&scopes) {
        let keys: Vec<String> = binding.keys.iter().map(|k| k.label()).collect();
        lines.push(Line::from(vec![
            Span::styled(format!("{:>14}  ", keys.join(" ")), theme.key),
            Span::styled(binding.help.to_string(), theme.text),
        ]));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        "Mouse: wheel scrolls, click selects, click again opens, click a tab to switch.",
        theme.dim,
    )));
    lines
}

pub fn render(frame: &mut Frame, body: Rect, state: &AppState, scroll: usize) {
    let lines = lines(state);
    let area = centered(body, 64, lines.len() as u16 + 2);
    let block = Block::bordered()
        .title(Span::styled(" Keys — j/k scroll, Esc closes ", state.theme.title))
        .border_style(state.theme.accent);
    let scroll = u16::try_from(scroll.min(lines.len().saturating_sub(1))).unwrap_or(0);
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(lines).block(block).scroll((scroll, 0)), area);
}
