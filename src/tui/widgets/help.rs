//! The `?` overlay: every key of the current screen, from the keymap itself.

use crate::session::KeySource;
use crate::tui::command::Command;
use crate::tui::input::EDITING_KEYS;
use crate::tui::state::{AppState, Connection};
use crate::tui::widgets::centered;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

/// The help lines for the current screen: keys, then what they do.
pub fn lines(state: &AppState) -> Vec<Line<'static>> {
    let theme = &state.theme;
    let scopes = state.active_scopes();
    let demo =
        matches!(&state.connection, Connection::Ready(info) if info.key_source == KeySource::Demo);
    let line = |keys: String, help: String| {
        Line::from(vec![
            Span::styled(format!("{keys:>14}  "), theme.key),
            Span::styled(help, theme.text),
        ])
    };
    let mut lines = Vec::new();
    let mut panes: Vec<String> = Vec::new();
    for binding in state.keymap.active(&scopes) {
        let keys: Vec<String> = binding.keys.iter().map(|k| k.label()).collect();
        match binding.command {
            // The six pane keys read better as one line.
            Command::GoTo(_) => {
                if panes.is_empty() {
                    lines.push(Line::from(""));
                }
                panes.extend(keys);
                let last = lines.len() - 1;
                lines[last] =
                    line(panes.join(" "), "go to a pane (the numbers of the tabs)".into());
            }
            Command::Login if demo => {}
            _ => lines.push(line(keys.join(" "), binding.help.to_string())),
        }
    }
    // The filter, the palette and every form field share one line editor and its keys.
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        "Typing in the filter, the palette and forms (and paste):",
        theme.dim,
    )));
    for (keys, help) in EDITING_KEYS {
        lines.push(line(keys.to_string(), help.to_string()));
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
